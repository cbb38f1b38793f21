//! The `slide` binary's end-to-end tests, run as users run it (by `env!("CARGO_BIN_EXE_slide")`).
//!
//! One test binary, one module a theme: a single link instead of one per file, and the tests of
//! every theme share the two cores instead of waiting for each other's binary to finish.

mod common;

mod cli;
mod cli_batch;
mod cli_blocks;
mod cli_databases;
mod cli_graph_pdb;
mod cli_one_road;
mod cli_progress;
mod cli_puzzles;
mod cli_reliability;
mod cli_svg;
mod cli_talks;
mod pdb_cache;
