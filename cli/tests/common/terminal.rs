//! Running `slide` on a pseudo-terminal, as on a user's terminal: what it draws is read back as
//! it comes, and keys are sent to it.

use std::fs::File;
use std::io::{Read, Write};
use std::os::fd::{AsRawFd, FromRawFd};
use std::os::unix::process::CommandExt;
use std::process::{Child, ExitStatus, Stdio};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

/// How long an expected text may take to appear.
const PATIENCE: Duration = Duration::from_secs(30);

/// What the terminal has shown so far, and whether the program's side has closed.
#[derive(Debug, Default)]
struct Screen {
    bytes: Vec<u8>,
    closed: bool,
}

/// A program running with a pseudo-terminal as its standard input, output and error.
#[derive(Debug)]
pub struct Terminal {
    master: File,
    child: Child,
    screen: Arc<(Mutex<Screen>, Condvar)>,
    /// How much of the screen's bytes the expectations have passed.
    read: usize,
}

/// `result` as an I/O result: a C call's -1 is the last OS error.
fn checked(result: libc::c_int) -> std::io::Result<libc::c_int> {
    if result == -1 {
        Err(std::io::Error::last_os_error())
    } else {
        Ok(result)
    }
}

impl Terminal {
    /// Starts `command` in a session of its own whose controlling terminal is a new
    /// pseudo-terminal, echo off (keys sent are not shown back).
    pub fn spawn(mut command: std::process::Command) -> std::io::Result<Self> {
        // SAFETY: posix_openpt, grantpt and unlockpt take flags or the descriptor posix_openpt
        // returned and touch no memory of ours; ptsname_r writes at most `name.len()` bytes,
        // NUL included, into `name`; the descriptor is owned by `master` from here on.
        let (master, slave_name) = unsafe {
            let descriptor = checked(libc::posix_openpt(libc::O_RDWR | libc::O_NOCTTY))?;
            let master = File::from_raw_fd(descriptor);
            checked(libc::grantpt(descriptor))?;
            checked(libc::unlockpt(descriptor))?;
            let mut name = [0 as libc::c_char; 128];
            let failed = libc::ptsname_r(descriptor, name.as_mut_ptr(), name.len());
            if failed != 0 {
                return Err(std::io::Error::from_raw_os_error(failed));
            }
            let name = std::ffi::CStr::from_ptr(name.as_ptr());
            (master, name.to_string_lossy().into_owned())
        };
        let slave = File::options().read(true).write(true).open(slave_name)?;
        // SAFETY: termios is plain data that tcgetattr fills whole before it is read; both
        // calls take the slave's open descriptor and a pointer to our `settings`.
        unsafe {
            let mut settings = std::mem::zeroed::<libc::termios>();
            checked(libc::tcgetattr(slave.as_raw_fd(), &mut settings))?;
            settings.c_lflag &= !libc::ECHO;
            checked(libc::tcsetattr(slave.as_raw_fd(), libc::TCSANOW, &settings))?;
        }
        command
            .stdin(Stdio::from(slave.try_clone()?))
            .stdout(Stdio::from(slave.try_clone()?))
            .stderr(Stdio::from(slave));
        // SAFETY: runs in the child between fork and exec, calling only setsid and ioctl,
        // which are async-signal-safe, on its own standard input (the slave).
        unsafe {
            command.pre_exec(|| {
                checked(libc::setsid())?;
                checked(libc::ioctl(0, libc::TIOCSCTTY, 0))?;
                Ok(())
            });
        }
        let child = command.spawn()?;
        // The slave's copies held by `command` close with it: the master then reads the end
        // of output once the program exits.
        drop(command);
        let screen = Arc::new((Mutex::new(Screen::default()), Condvar::new()));
        let mut reader = master.try_clone()?;
        let shown = Arc::clone(&screen);
        std::thread::spawn(move || {
            let mut buffer = [0; 4096];
            loop {
                // Linux reports EIO once the last slave descriptor is closed.
                let read = reader.read(&mut buffer).unwrap_or(0);
                let (screen, changed) = &*shown;
                let mut screen = screen.lock().unwrap();
                if read == 0 {
                    screen.closed = true;
                } else {
                    screen.bytes.extend_from_slice(&buffer[..read]);
                }
                changed.notify_all();
                if read == 0 {
                    return;
                }
            }
        });
        Ok(Self {
            master,
            child,
            screen,
            read: 0,
        })
    }

    /// Waits until `done` finds what it looks for in the text shown since the last
    /// expectation, which it returns as the length of text it passes; panics after
    /// [`PATIENCE`] or at the end of output, showing what came.
    fn wait_for(&mut self, what: &str, done: impl Fn(&str) -> Option<usize>) -> String {
        let deadline = Instant::now() + PATIENCE;
        let (screen, changed) = &*self.screen;
        let mut screen = screen.lock().unwrap();
        loop {
            let text = String::from_utf8_lossy(&screen.bytes[self.read..]).into_owned();
            if let Some(end) = done(&text) {
                let passed = text[..end].to_owned();
                self.read += passed.len();
                return passed;
            }
            let now = Instant::now();
            assert!(
                !screen.closed && now < deadline,
                "waited for {what}; the terminal showed: {text:?}"
            );
            screen = changed.wait_timeout(screen, deadline - now).unwrap().0;
        }
    }

    /// Waits for `needle`; returns the text shown up to and including it.
    pub fn expect(&mut self, needle: &str) -> String {
        self.wait_for(needle, |text| text.find(needle).map(|at| at + needle.len()))
    }

    /// Waits for `needle` followed by text up to the next space or line end; returns that
    /// whole word run (from `needle` on, without what came before it).
    pub fn expect_word_after(&mut self, needle: &str) -> String {
        let passed = self.wait_for(needle, |text| {
            let at = text.find(needle)? + needle.len();
            let rest = &text[at..];
            // Only once the word has ended, so that it is whole.
            let end = rest.find([' ', '\r', '\n'])?;
            Some(at + end)
        });
        let at = passed
            .rfind(needle)
            .expect("the text passed holds the needle");
        passed[at..].to_owned()
    }

    /// Types `bytes`.
    pub fn send(&mut self, bytes: &[u8]) {
        self.master.write_all(bytes).unwrap();
    }

    /// Waits for the end of output and of the program; its exit status.
    pub fn wait(mut self) -> ExitStatus {
        let deadline = Instant::now() + PATIENCE;
        {
            let (screen, changed) = &*self.screen;
            let mut screen = screen.lock().unwrap();
            while !screen.closed {
                let now = Instant::now();
                assert!(now < deadline, "the program did not end: {:?}", {
                    String::from_utf8_lossy(&screen.bytes[self.read..])
                });
                screen = changed.wait_timeout(screen, deadline - now).unwrap().0;
            }
        }
        self.child.wait().unwrap()
    }
}
