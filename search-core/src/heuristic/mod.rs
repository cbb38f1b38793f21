//! Heuristics: estimates of the remaining cost, kept apart from problems so that one problem
//! pairs with many of them.
//!
//! [`Heuristic`] estimates a state from scratch; [`heuristic_fn`] makes one of a closure and
//! [`NoHeuristic`] is the zero estimate. An [`IncrementalHeuristic`] carries a memo from node
//! to node along a depth-first path, for IDA*.

mod estimate;
mod incremental;

pub use estimate::{FnHeuristic, Heuristic, NoHeuristic, heuristic_fn};
pub use incremental::IncrementalHeuristic;
