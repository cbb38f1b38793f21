//! Starting from the C library's `main`, so that a closed standard output can be seen.
//!
//! Before an ordinary Rust `main`, the runtime reopens a closed descriptor 0, 1 or 2 on
//! `/dev/null` (so that a later `open` cannot take its number), and `slide solve ... >&-` would
//! then print every answer into nothing and end in success. Afterwards the runtime's `/dev/null`
//! can't be told from one the caller opened on purpose, write-only (`> /dev/null`) or read-write
//! (Python's `subprocess.DEVNULL`, Go's `exec` with no output). So the `slide` binary is
//! `#![no_main]`: the C library calls its `main`, which calls [`run_from_c_main`], which looks at
//! descriptor 1 first and then does the part of the runtime's start that matters here.
//!
//! Only where the standard library reads the command line without its runtime's start: on
//! Linux with glibc, which hands `argc` and `argv` to the library's own initialiser.

use std::ffi::c_int;
use std::io::{self, Write};
use std::panic::{self, AssertUnwindSafe};

use crate::{App, Registry};

/// The exit code of a Rust program whose `main` panicked, as the runtime would give it.
const PANICKED: c_int = 101;

/// The whole of a `#![no_main]` program's C `main`: [`run_as`](crate::run_as), with a closed
/// standard output seen and refused (exit 4, "standard output is closed") instead of written
/// into `/dev/null`.
///
/// Does what Rust's runtime does before an ordinary `main` and that `slide` relies on: closed
/// descriptors 0-2 are reopened on `/dev/null` (after descriptor 1 was looked at), `SIGPIPE`
/// is ignored so that a reader that stops reading gives a write error rather than a signal, a
/// panic ends the process with 101, and standard output is flushed at the end. What it leaves
/// out: the main thread's stack-overflow message (an overflow is a plain `SIGSEGV`) and its
/// name in panic messages.
///
/// ```no_run
/// #![no_main]
///
/// #[unsafe(no_mangle)]
/// extern "C" fn main(_argc: std::ffi::c_int, _argv: *const *const std::ffi::c_char) -> std::ffi::c_int {
///     slide::run_from_c_main(slide::App::slide(), &slide::Registry::standard())
/// }
/// ```
pub fn run_from_c_main(app: App, registry: &Registry) -> c_int {
    let stdout_closed = !is_open(libc::STDOUT_FILENO);
    reopen_closed_standard_descriptors();
    ignore_sigpipe();
    crate::output::status::record_stdout_closed_at_start(stdout_closed);
    // The registry's puzzles are not looked at again after a panic: the process ends.
    let run = panic::catch_unwind(AssertUnwindSafe(|| crate::run_to_code(app, registry)));
    // What the runtime does after `main`; a failure here was the commands' to report.
    let _ = io::stdout().flush();
    run.map_or(PANICKED, c_int::from)
}

/// Whether `fd` is an open descriptor.
fn is_open(fd: c_int) -> bool {
    // SAFETY: fcntl with F_GETFD takes no third argument and only reads the descriptor table;
    // a closed descriptor gives -1 (EBADF), nothing else changes.
    unsafe { libc::fcntl(fd, libc::F_GETFD) != -1 }
}

/// Opens `/dev/null` on each of descriptors 0-2 that is closed, lowest first, so that each
/// `open` takes the number that is missing, as the runtime would; aborts as the runtime does
/// if `/dev/null` can't be opened, since a later file would take the number and a write meant
/// for standard output would land in it.
fn reopen_closed_standard_descriptors() {
    for fd in [libc::STDIN_FILENO, libc::STDOUT_FILENO, libc::STDERR_FILENO] {
        if is_open(fd) {
            continue;
        }
        // SAFETY: the path is a NUL-terminated C string literal and open only reads it; the
        // new descriptor is deliberately never closed (it becomes the standard descriptor).
        let opened = unsafe { libc::open(c"/dev/null".as_ptr(), libc::O_RDWR) };
        if opened != fd {
            std::process::abort();
        }
    }
}

/// Ignores `SIGPIPE`, as the runtime does: a write to a closed pipe then fails with
/// `BrokenPipe`, which `slide` treats as the reader having had enough (`slide random | head`).
fn ignore_sigpipe() {
    // SAFETY: setting a signal's disposition to SIG_IGN installs no handler code, and no other
    // thread exists yet to race with the change.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_IGN);
    }
}
