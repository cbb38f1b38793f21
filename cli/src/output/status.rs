//! Exit codes, how an error becomes one, and standard output as the commands write to it.

use std::fmt;
use std::io::{self, Write};
use std::process::ExitCode;

/// How `slide` ends; the numbers are documented in `--help` and the README.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// Solved, or printed what was asked.
    Success,
    /// The goal is unreachable (outside classic mode).
    Unsolvable,
    /// Bad input or usage.
    BadInput,
    /// A limit stopped the search.
    LimitReached,
    /// Standard output could not be written (closed, or the disk full), so the answer is lost.
    OutputFailed,
    /// A file other than standard output could not be read or written: a pattern database, the
    /// cache directory or an `--svg` picture (the disk full, a read-only mount, permissions).
    FileFailed,
    /// Ctrl-C stopped a batch.
    Interrupted,
}

impl Status {
    /// The process exit code.
    pub fn code(self) -> u8 {
        match self {
            Status::Success => 0,
            Status::Unsolvable => 1,
            Status::BadInput => 2,
            Status::LimitReached => 3,
            // Not 2: the command and its input were fine, and running it again where its output
            // can go may well succeed, which a script can only decide if the codes differ.
            Status::OutputFailed => 4,
            // Not 2 either: the input was fine; the machine's files were not.
            Status::FileFailed => 5,
            Status::Interrupted => 130,
        }
    }
}

impl From<Status> for ExitCode {
    fn from(status: Status) -> Self {
        ExitCode::from(status.code())
    }
}

/// Reports an error on standard error and returns its exit code: 4 for a failed write to
/// standard output, 5 for a pattern-database file or the cache that could not be read or
/// written, 2 for everything else, except for a broken pipe: a reader that stops reading
/// (`slide random | head`) is not a failure.
pub fn fail(error: &anyhow::Error) -> Status {
    if is_broken_pipe(error) {
        return Status::Success;
    }
    let status = if is_marked_output_error(error) {
        Status::OutputFailed
    } else if is_file_error(error) {
        Status::FileFailed
    } else if error.chain().any(|cause| cause.is::<GaveUp>()) {
        Status::LimitReached
    } else {
        Status::BadInput
    };
    // If standard error is gone too there is nobody left to tell. Control characters of input
    // quoted in the message are shown, not acted on by the terminal.
    let message = format!("{error:#}");
    let _ = writeln!(
        io::stderr(),
        "{} {}",
        prefix(Mark::Error),
        printable(&message)
    );
    status
}

/// What a line on standard error is: its prefix's colour on a terminal.
#[derive(Clone, Copy, Debug)]
enum Mark {
    /// Red: slide stops.
    Error,
    /// Yellow: slide goes on, but something is not as asked.
    Warning,
    /// Cyan: what slide is doing, or a hint.
    Note,
}

/// `slide:` (the program's name), coloured by `mark` when standard error is a terminal that
/// takes colour: not when `NO_COLOR` is set (<https://no-color.org>) or `TERM` is `dumb`.
fn prefix(mark: Mark) -> String {
    static COLOUR: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    let name = crate::app::name();
    let colour = *COLOUR.get_or_init(|| {
        use std::io::IsTerminal;
        io::stderr().is_terminal()
            && std::env::var_os("NO_COLOR").is_none_or(|value| value.is_empty())
            && std::env::var_os("TERM").is_none_or(|term| term != "dumb")
    });
    if !colour {
        return format!("{name}:");
    }
    let code = match mark {
        Mark::Error => "1;31",
        Mark::Warning => "1;33",
        Mark::Note => "1;36",
    };
    format!("\x1b[{code}m{name}:\x1b[0m")
}

/// Whether the error, or any of its causes, is a write to a closed pipe.
pub fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|io| io.kind() == io::ErrorKind::BrokenPipe)
    })
}

/// A pattern-database file, the cache directory or an `--svg` picture that could not be read or
/// written, as the message to report: exit code 5, not 2, since the input was fine.
#[derive(Debug)]
pub struct FileFailure(pub String);

impl fmt::Display for FileFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for FileFailure {}

/// A limit (`--timeout`) that ran out before the search began, waiting for input, as the
/// message to report: exit code 3, as for a search a limit stopped.
#[derive(Debug)]
pub struct GaveUp(pub String);

impl fmt::Display for GaveUp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for GaveUp {}

/// Whether the error, or any of its causes, is a pattern-database file or the cache directory
/// that could not be read or written.
fn is_file_error(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause.is::<FileFailure>()
            || matches!(
                cause.downcast_ref::<puzzles::pdb::PdbError>(),
                Some(puzzles::pdb::PdbError::Io { .. })
            )
    })
}

/// Whether descriptor 1 was closed when the process started, as [`crate::run_from_c_main`]
/// saw it before anything reopened it.
static STDOUT_CLOSED_AT_START: std::sync::atomic::AtomicBool =
    std::sync::atomic::AtomicBool::new(false);

/// Records what [`crate::run_from_c_main`] saw of descriptor 1 at the start.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
pub(crate) fn record_stdout_closed_at_start(closed: bool) {
    STDOUT_CLOSED_AT_START.store(closed, std::sync::atomic::Ordering::Relaxed);
}

/// Whether standard output was closed when `slide` started (`slide ... >&-`).
///
/// Only a program that starts from [`crate::run_from_c_main`] can know: before an ordinary
/// `main`, Rust's runtime reopens a closed descriptor 1 on `/dev/null`, which can't be told
/// afterwards from a `/dev/null` the caller opened on purpose. Elsewhere this is `false`.
pub fn stdout_was_closed() -> bool {
    STDOUT_CLOSED_AT_START.load(std::sync::atomic::Ordering::Relaxed)
}

/// Prints a warning on standard error (not with `--quiet`), ignoring a closed standard error.
pub fn warn(message: std::fmt::Arguments<'_>) {
    say(Mark::Warning, message);
}

/// Prints a note (what slide is doing, or a hint) on standard error (not with `--quiet`), out of
/// the status line's way, ignoring a closed standard error.
pub fn note(message: std::fmt::Arguments<'_>) {
    say(Mark::Note, message);
}

/// A warning or a note.
fn say(mark: Mark, message: std::fmt::Arguments<'_>) {
    if crate::output::progress::notes_wanted() {
        let message = message.to_string();
        crate::output::progress::suspend(|| {
            writeln!(io::stderr(), "{} {}", prefix(mark), printable(&message))
        })
        .ok();
    }
}

/// What a failed write to standard output was doing, in the error message.
const WRITING_STDOUT: &str = "writing standard output";

/// Standard output, locked, whose write errors say that they are write errors of standard
/// output (and keep their kind, so that a broken pipe is still recognised as one).
pub fn stdout() -> Stdout {
    Stdout(io::stdout().lock())
}

/// See [`stdout`].
#[derive(Debug)]
pub struct Stdout(io::StdoutLock<'static>);

impl Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.write(buf).map_err(output_error)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.flush().map_err(output_error)
    }
}

/// `cause`, marked as a failed write to standard output.
pub fn output_error(cause: io::Error) -> io::Error {
    io::Error::new(cause.kind(), OutputError(cause))
}

/// A write to standard output that failed, and why.
#[derive(Debug)]
struct OutputError(io::Error);

impl fmt::Display for OutputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{WRITING_STDOUT}: {}", self.0)
    }
}

// No `source`: the message already ends with the cause, which `{:#}` would print twice.
impl std::error::Error for OutputError {}

/// Whether the error went through [`Stdout`] or [`output_error`].
fn is_marked_output_error(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .and_then(|io| io.get_ref())
            .is_some_and(|inner| inner.is::<OutputError>())
    })
}

/// `text` with its control characters escaped as in Rust (`\0`, `\u{1b}`): a message quotes
/// input as it was read, and its bytes must be shown, not acted on by the terminal (or lost,
/// as a NUL is). Line breaks are kept: messages span lines.
pub fn printable(text: &str) -> std::borrow::Cow<'_, str> {
    let escaped = |character: char| character.is_control() && character != '\n';
    if !text.chars().any(escaped) {
        return text.into();
    }
    let mut shown = String::with_capacity(text.len() + 8);
    for character in text.chars() {
        if escaped(character) {
            shown.extend(character.escape_debug());
        } else {
            shown.push(character);
        }
    }
    shown.into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_shown_escaped() {
        assert_eq!(printable("bad board `12345678.`"), "bad board `12345678.`");
        assert_eq!(printable("`12345\u{0}678`: '\\0'"), "`12345\\0678`: '\\0'");
        assert_eq!(printable("a\u{1b}[2Jb\tc"), "a\\u{1b}[2Jb\\tc");
        assert_eq!(printable("Ünïcödé\nnext"), "Ünïcödé\nnext");
    }

    #[test]
    fn a_broken_pipe_is_recognised_through_context() {
        let error = anyhow::Error::from(io::Error::from(io::ErrorKind::BrokenPipe))
            .context("writing the results");
        assert!(is_broken_pipe(&error));
        assert!(!is_broken_pipe(&anyhow::anyhow!("bad board")));
        let marked = anyhow::Error::from(output_error(io::ErrorKind::BrokenPipe.into()));
        assert!(is_broken_pipe(&marked));
    }

    #[test]
    fn output_errors_say_what_was_written() {
        let full = || io::Error::from_raw_os_error(28);
        let marked = anyhow::Error::from(output_error(full()));
        assert!(is_marked_output_error(&marked));
        assert_eq!(
            format!("{marked:#}"),
            format!("writing standard output: {}", full())
        );
        let read = anyhow::Error::from(full()).context("reading standard input");
        assert!(!is_marked_output_error(&read));
    }
}
