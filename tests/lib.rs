//! Cross-crate integration tests and benchmarks for the workspace; the tests live in `tests/`.
//!
//! The library holds the benchmark's pieces that have tests of their own, so that those tests
//! run here instead of making `cargo test` build the whole benchmark a second time.

#[path = "bench/contention.rs"]
pub mod contention;
#[path = "korf/projection.rs"]
pub mod projection;
#[path = "bench/summary.rs"]
pub mod summary;
