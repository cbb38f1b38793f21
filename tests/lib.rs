//! Cross-crate integration tests and benchmarks for the workspace; the tests live in `tests/`.
