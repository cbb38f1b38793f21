//! Everything `slide` writes: text and JSON reports, pictures, the status line and notes on
//! standard error, and the exit codes. One writer for each shape, whatever the puzzle.

pub mod memory;
pub mod memory_ceiling;
pub mod progress;
pub mod report;
pub mod status;
pub mod svg;
