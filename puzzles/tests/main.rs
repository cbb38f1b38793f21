//! The puzzles crate's integration tests: one binary, one module a theme, so that they link once
//! and share the two cores, and a fixture kept in a `OnceLock` is built once for all of them.
//!
//! Two files stay binaries of their own: `pdb_cache.rs` sets `HOME` for its process, and
//! `pdb_file_sizes.rs` installs a counting global allocator.

mod blocks;
mod cold_cache;
mod front_end;
mod fuzz_seeds;
mod incremental_pdb;
mod input;
mod klotski;
mod pdb;
mod pruning;
mod shared_databases;
mod tiles;
