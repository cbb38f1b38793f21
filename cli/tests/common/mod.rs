//! What the test files that run the `slide` binary share.

use std::path::Path;

mod command;
#[cfg(unix)]
pub mod terminal;

pub use command::{Command, predicate};

/// The `slide` binary Cargo built for these tests.
pub fn slide_path() -> &'static Path {
    Path::new(env!("CARGO_BIN_EXE_slide"))
}
