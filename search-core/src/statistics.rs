//! One statistics vocabulary for every algorithm.

use std::time::Duration;

/// What a search did. Every algorithm fills the fields that apply to it and leaves the others at
/// zero.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Statistics {
    /// Nodes whose successors were generated.
    pub expanded: u64,
    /// Successors generated, including those then discarded as duplicates or pruned.
    pub generated: u64,
    /// Generated successors discarded because their state was already known at no greater cost.
    pub duplicates: u64,
    /// Closed nodes reopened because a cheaper path to them was found (A* with an inconsistent
    /// heuristic).
    pub reopened: u64,
    /// The largest number of nodes waiting in the frontier (open list or queue) at once.
    pub largest_frontier: usize,
    /// Nodes held in memory when the search ended (visited set or node store); zero for IDA*.
    pub stored: usize,
    /// Wall-clock time of the search.
    pub elapsed: Duration,
    /// For iterative deepening: one entry per iteration, in order.
    pub iterations: Vec<Iteration>,
    /// For [`idastar`](fn@crate::idastar): how many of the [`iterations`](Statistics::iterations)
    /// ran on the recursive walk, its fast path (see its complexity notes for when it is
    /// taken); the others ran on the general, explicit-stack walk. Zero for other algorithms.
    pub recursive_iterations: usize,
}

/// One iteration of an iterative-deepening search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Iteration {
    /// The cost bound of the iteration.
    pub threshold: u64,
    /// Nodes expanded during the iteration.
    pub expanded: u64,
    /// Nodes generated during the iteration.
    pub generated: u64,
}

impl Statistics {
    /// Expanded nodes per second of [`elapsed`](Statistics::elapsed) time, or zero if no time
    /// was measured.
    pub fn expanded_per_second(&self) -> f64 {
        let seconds = self.elapsed.as_secs_f64();
        if seconds > 0.0 {
            self.expanded as f64 / seconds
        } else {
            0.0
        }
    }
}
