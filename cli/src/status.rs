//! Exit codes, and how an error becomes one.

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
            Status::Interrupted => 130,
        }
    }
}

impl From<Status> for ExitCode {
    fn from(status: Status) -> Self {
        ExitCode::from(status.code())
    }
}

/// Reports an error on standard error and returns exit code 2, except for a broken pipe: a
/// reader that stops reading (`slide random | head`) is not a failure.
pub fn fail(error: &anyhow::Error) -> ExitCode {
    if is_broken_pipe(error) {
        return ExitCode::SUCCESS;
    }
    // If standard error is gone too there is nobody left to tell.
    let _ = writeln!(io::stderr(), "slide: {error:#}");
    Status::BadInput.into()
}

/// Whether the error, or any of its causes, is a write to a closed pipe.
pub fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|io| io.kind() == io::ErrorKind::BrokenPipe)
    })
}

/// Prints a warning on standard error, ignoring a closed standard error.
pub fn warn(message: std::fmt::Arguments<'_>) {
    let _ = writeln!(io::stderr(), "slide: {message}");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_broken_pipe_is_recognised_through_context() {
        let error = anyhow::Error::from(io::Error::from(io::ErrorKind::BrokenPipe))
            .context("writing the results");
        assert!(is_broken_pipe(&error));
        assert!(!is_broken_pipe(&anyhow::anyhow!("bad board")));
    }
}
