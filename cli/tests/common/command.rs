//! Running `slide` and checking what it did: a process builder with standard input and a
//! patience limit, and assertions on the exit code and the output that print both streams when
//! they fail.
//!
//! The few lines of `assert_cmd` and `predicates` these tests used, without the regular
//! expression engines those crates compile (a fifth of the dependencies' build time).

use std::ffi::OsStr;
use std::io::{Read, Write};
use std::path::Path;
use std::process::{Child, ExitStatus, Output, Stdio};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// A process to run: its arguments, environment, standard input and patience.
#[derive(Debug)]
pub struct Command {
    inner: std::process::Command,
    stdin: Vec<u8>,
    timeout: Option<Duration>,
}

impl Command {
    /// `program`, with no arguments yet and empty standard input.
    pub fn new(program: impl AsRef<OsStr>) -> Self {
        Self {
            inner: std::process::Command::new(program),
            stdin: Vec::new(),
            timeout: None,
        }
    }

    pub fn arg(&mut self, argument: impl AsRef<OsStr>) -> &mut Self {
        self.inner.arg(argument);
        self
    }

    pub fn args(&mut self, arguments: impl IntoIterator<Item = impl AsRef<OsStr>>) -> &mut Self {
        self.inner.args(arguments);
        self
    }

    pub fn env(&mut self, key: impl AsRef<OsStr>, value: impl AsRef<OsStr>) -> &mut Self {
        self.inner.env(key, value);
        self
    }

    pub fn current_dir(&mut self, directory: impl AsRef<Path>) -> &mut Self {
        self.inner.current_dir(directory);
        self
    }

    /// What the process reads on standard input (then end of file).
    pub fn write_stdin(&mut self, input: impl Into<Vec<u8>>) -> &mut Self {
        self.stdin = input.into();
        self
    }

    /// Kills the process if it has not ended after `timeout`.
    pub fn timeout(&mut self, timeout: Duration) -> &mut Self {
        self.timeout = Some(timeout);
        self
    }

    /// Runs the process to its end (or its timeout); its exit status and both outputs.
    pub fn output(&mut self) -> std::io::Result<Output> {
        let mut child = (self.inner)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()?;
        let input = std::mem::take(&mut self.stdin);
        let mut pipe = child.stdin.take().expect("standard input is piped");
        // A thread of its own, so that a process that writes before it reads cannot deadlock
        // with us; a process that exits without reading breaks the pipe, which is no error here.
        let writer = std::thread::spawn(move || {
            let _ = pipe.write_all(&input);
        });
        let stdout = drain(child.stdout.take());
        let stderr = drain(child.stderr.take());
        let status = wait(&mut child, self.timeout)?;
        let _ = writer.join();
        Ok(Output {
            status,
            stdout: stdout.join().expect("the reader does not panic"),
            stderr: stderr.join().expect("the reader does not panic"),
        })
    }

    /// Runs the process, for assertions on its end.
    pub fn assert(&mut self) -> Assert {
        let program = format!("{:?}", self.inner);
        let output = self
            .output()
            .unwrap_or_else(|error| panic!("{program}: {error}"));
        Assert { program, output }
    }
}

/// Everything `stream` gives, read on a thread of its own.
fn drain(stream: Option<impl Read + Send + 'static>) -> JoinHandle<Vec<u8>> {
    std::thread::spawn(move || {
        let mut bytes = Vec::new();
        if let Some(mut stream) = stream {
            let _ = stream.read_to_end(&mut bytes);
        }
        bytes
    })
}

/// Waits for `child` to end, killing it after `timeout` if there is one.
fn wait(child: &mut Child, timeout: Option<Duration>) -> std::io::Result<ExitStatus> {
    let Some(timeout) = timeout else {
        return child.wait();
    };
    let deadline = Instant::now() + timeout;
    loop {
        if let Some(status) = child.try_wait()? {
            return Ok(status);
        }
        if Instant::now() >= deadline {
            child.kill()?;
            return child.wait();
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// A finished process, checked link by link; each failed check panics with both outputs.
#[derive(Debug)]
pub struct Assert {
    program: String,
    output: Output,
}

impl Assert {
    /// The process's exit status and outputs.
    pub fn get_output(&self) -> &Output {
        &self.output
    }

    /// Exit code 0.
    #[track_caller]
    pub fn success(self) -> Self {
        let holds = self.output.status.success();
        self.check(holds, "exit code 0")
    }

    /// Exit code `code`.
    #[track_caller]
    pub fn code(self, code: i32) -> Self {
        let wanted = format!("exit code {code}");
        let holds = self.output.status.code() == Some(code);
        self.check(holds, &wanted)
    }

    /// Standard output as `expected` says.
    #[track_caller]
    pub fn stdout(self, expected: impl Expectation) -> Self {
        let text = String::from_utf8_lossy(&self.output.stdout).into_owned();
        let wanted = format!("standard output {}", expected.describe());
        let holds = expected.holds(&text);
        self.check(holds, &wanted)
    }

    /// Standard error as `expected` says.
    #[track_caller]
    pub fn stderr(self, expected: impl Expectation) -> Self {
        let text = String::from_utf8_lossy(&self.output.stderr).into_owned();
        let wanted = format!("standard error {}", expected.describe());
        let holds = expected.holds(&text);
        self.check(holds, &wanted)
    }

    #[track_caller]
    fn check(self, holds: bool, wanted: &str) -> Self {
        assert!(
            holds,
            "{}: wanted {wanted}, got {}\n--- stdout ---\n{}\n--- stderr ---\n{}",
            self.program,
            self.output.status,
            String::from_utf8_lossy(&self.output.stdout),
            String::from_utf8_lossy(&self.output.stderr),
        );
        self
    }
}

/// What an output must be.
pub trait Expectation {
    fn holds(&self, text: &str) -> bool;
    fn describe(&self) -> String;
}

/// Exactly this text.
impl Expectation for &str {
    fn holds(&self, text: &str) -> bool {
        text == *self
    }

    fn describe(&self) -> String {
        format!("= {self:?}")
    }
}

/// Exactly this text.
impl Expectation for String {
    fn holds(&self, text: &str) -> bool {
        text == self
    }

    fn describe(&self) -> String {
        format!("= {self:?}")
    }
}

/// The expectations on text, named as `predicates` names them.
pub mod predicate {
    pub mod str {
        use super::super::Expectation;

        /// Text holding, starting or ending with a part.
        #[derive(Debug)]
        pub struct Part {
            part: String,
            how: How,
            negated: bool,
        }

        #[derive(Debug, Clone, Copy)]
        enum How {
            Contains,
            StartsWith,
            EndsWith,
        }

        fn part(part: impl Into<String>, how: How) -> Part {
            Part {
                part: part.into(),
                how,
                negated: false,
            }
        }

        pub fn contains(text: impl Into<String>) -> Part {
            part(text, How::Contains)
        }

        pub fn starts_with(text: impl Into<String>) -> Part {
            part(text, How::StartsWith)
        }

        pub fn ends_with(text: impl Into<String>) -> Part {
            part(text, How::EndsWith)
        }

        impl Part {
            /// The opposite expectation.
            pub fn not(mut self) -> Self {
                self.negated = !self.negated;
                self
            }
        }

        impl Expectation for Part {
            fn holds(&self, text: &str) -> bool {
                let found = match self.how {
                    How::Contains => text.contains(&self.part),
                    How::StartsWith => text.starts_with(&self.part),
                    How::EndsWith => text.ends_with(&self.part),
                };
                found != self.negated
            }

            fn describe(&self) -> String {
                let how = match self.how {
                    How::Contains => "containing",
                    How::StartsWith => "starting with",
                    How::EndsWith => "ending with",
                };
                let not = if self.negated { "not " } else { "" };
                format!("{not}{how} {:?}", self.part)
            }
        }
    }
}
