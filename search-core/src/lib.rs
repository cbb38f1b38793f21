//! Generic state-space search: breadth-first, bidirectional breadth-first, A*, IDA* and parallel
//! IDA* ([`idastar_parallel`]) over a small [`Problem`] trait.
//!
//! # Why the interface looks like this
//! A domain plugs in through capability traits (see [`problem`](crate::Problem) for the plugin
//! author's manual): [`Problem`] is two required methods, and the traits a faster algorithm needs
//! ([`InPlace`] for in-place depth-first search, [`Reversible`] for backward search,
//! [`PerfectRank`] for dense visited sets) are separate, so a problem implements only what it can
//! offer and each algorithm asks for the least it needs. Heuristics are a separate trait, so one
//! problem pairs with many of them; an estimate made of parts can carry them from node to node
//! through an [`IncrementalHeuristic`]. Everything is generic and monomorphised: there is no boxing
//! and no allocation per node in the search loops.
//!
//! Depth-first searches follow paths, not states, so they meet a state once per path to it; a
//! [`PruningAutomaton`] over a problem's action slots, applied through [`Pruned`], skips the
//! paths that another, no worse, path replaces (duplicate pruning; parent pruning is its
//! smallest case).
//!
//! Every algorithm returns a [`SearchResult`]: an [`Outcome`] that tells a solution apart from a
//! proof that the goal is unreachable and from a [`Limit`] that stopped the search, together with
//! the same [`Statistics`] for all algorithms. Searches obey the same [`Limits`], and report to an
//! [`Observer`] that costs nothing when unused.
#![deny(missing_docs)]

mod astar;
mod bfs;
mod bidirectional;
mod closure;
mod cost;
mod export;
mod graph;
mod hash;
mod heuristic;
mod idastar;
mod incremental_heuristic;
mod limits;
mod node_store;
mod observer;
mod open_list;
mod outcome;
mod parallel_idastar;
mod path;
mod problem;
mod pruned;
mod pruning_automaton;
mod recursive_walk;
mod statistics;
mod tree;
mod visited;

pub use astar::{astar, astar_with};
pub use bfs::{bfs, bfs_layers, bfs_with, Layers};
pub use bidirectional::{bidirectional_bfs, bidirectional_bfs_with};
pub use closure::{from_fn, from_fn_reversible, FnProblem, FnReversible};
pub use cost::Cost;
pub use export::{explore, ExploredGraph};
pub use graph::GraphProblem;
pub use hash::{FastHashMap, FastHashSet, FastHasher};
pub use heuristic::{heuristic_fn, FnHeuristic, Heuristic, NoHeuristic};
pub use idastar::{idastar, idastar_with};
pub use incremental_heuristic::IncrementalHeuristic;
pub use limits::{Limits, DEFAULT_MAX_STORED};
pub use observer::{NoObserver, Observer};
pub use outcome::{Limit, Outcome, ResultOf, SearchResult, Solution};
pub use parallel_idastar::{idastar_parallel, MAX_PARALLEL_THREADS};
pub use problem::{
    Actions, InPlace, PerfectRank, Problem, Reversible, Successor, Successors, INLINE_SUCCESSORS,
};
pub use pruned::{Pruned, PrunedAction, PrunedError, PrunedHeuristic, PrunedState};
pub use pruning_automaton::{PruningAutomaton, PruningAutomatonError};
pub use statistics::{Iteration, Statistics};
pub use visited::{DenseVisited, DenseVisitedError, HashVisited, OrderedVisited, VisitedSet};
