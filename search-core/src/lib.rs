//! Generic state-space search over a small [`Problem`] trait: breadth-first ([`bfs`](fn@crate::bfs), from many
//! starts [`multi_source_bfs`](fn@crate::multi_source_bfs), lazily [`bfs_reach`](fn@crate::bfs_reach) (from many starts: the distance map [`multi_source_bfs_reach`]), back to the start [`bfs_loop`](fn@crate::bfs_loop)),
//! bidirectional breadth-first
//! ([`bidirectional_bfs`], towards a goal set [`bidirectional_bfs_to_goals`]), Dijkstra
//! ([`dijkstra`](fn@crate::dijkstra), from many starts [`multi_source_dijkstra`](fn@crate::multi_source_dijkstra), [`dijkstra_all`](fn@crate::dijkstra_all),
//! [`dijkstra_partial`], [`dijkstra_within`], [`dijkstra_reach`](fn@crate::dijkstra_reach)), bidirectional Dijkstra ([`bidirectional_dijkstra`](fn@crate::bidirectional_dijkstra), towards a goal set
//! [`bidirectional_dijkstra_to_goals`]), A* ([`astar`](fn@crate::astar), every optimal solution
//! [`astar_bag`](fn@crate::astar_bag)), Yen's k shortest paths ([`yen`](fn@crate::yen)), depth-first ([`dfs`](fn@crate::dfs), lazily
//! [`dfs_reach`](fn@crate::dfs_reach), iterative deepening [`iddfs`](fn@crate::iddfs)),
//! [`fringe`](fn@crate::fringe) search, IDA* and parallel IDA* ([`idastar`](fn@crate::idastar), [`idastar_parallel`], and helped by
//! the idle threads of a [`Crew`], [`idastar_crew`]).
//!
//! # What each algorithm assumes of costs
//! Costs are unsigned integers ([`Cost`]), or signed integers and floats checked on entry
//! ([`Signed`], [`FloatCost`], whose constructors refuse a negative value with a
//! [`CostError`]), so no action is negative and zero-cost actions are allowed everywhere. The breadth-first and depth-first searches ([`bfs`](fn@crate::bfs),
//! [`multi_source_bfs`](fn@crate::multi_source_bfs), [`bidirectional_bfs`], [`bidirectional_bfs_to_goals`], [`iddfs`](fn@crate::iddfs),
//! [`dfs`](fn@crate::dfs)) ignore costs while they search: on a weighted problem they return a path of the
//! fewest actions ([`dfs`](fn@crate::dfs): any path), reported with the true sum of its costs. The others
//! return cheapest paths: [`dijkstra`](fn@crate::dijkstra) and [`bidirectional_dijkstra`](fn@crate::bidirectional_dijkstra) with no heuristic,
//! [`astar`](fn@crate::astar), [`astar_bag`](fn@crate::astar_bag), [`fringe`](fn@crate::fringe) and [`idastar`](fn@crate::idastar) given an admissible one.
//!
//! # Example: a problem in a dozen lines
//! A problem names its states, its actions and their cost type, and answers two questions: is
//! this state a goal, and which moves leave it. Every algorithm then runs on it.
//! ```
//! use search_core::{bfs, Outcome, Problem, Successor, Successors};
//!
//! /// Reach `target` from a start by adding one or doubling.
//! struct Doubling { target: u32 }
//!
//! impl Problem for Doubling {
//!     type State = u32;
//!     type Action = char;
//!     type Cost = u32;
//!
//!     fn is_goal(&self, state: &u32) -> bool {
//!         *state == self.target
//!     }
//!
//!     fn successors(&self, state: &u32, out: &mut Successors<Self>) {
//!         if *state < self.target {
//!             out.push(Successor::unit(state + 1, '+'));
//!             out.push(Successor::unit(state * 2, '*'));
//!         }
//!     }
//! }
//!
//! let result = bfs(&Doubling { target: 10 }, 1);
//! let Outcome::Solved(solution) = result.outcome else { panic!("10 is reachable") };
//! assert_eq!(solution.cost, 4); // 1 +> 2 *> 4 +> 5 *> 10
//! assert_eq!(solution.actions, ['+', '*', '+', '*']);
//! ```
//! For a one-off search, [`from_fn`] makes a problem out of two closures instead, for every
//! algorithm but IDA*; [`from_fn_in_place`] makes one that IDA* accepts too, and
//! [`from_fn_reversible`] one for the bidirectional searches (goals as an argument, one state
//! or a set).
//!
//! # Implementing a problem
//! A domain plugs in through small capability traits, and every algorithm asks for the fewest it
//! needs, so a problem implements only what it can offer:
//!
//! | trait | required methods | needed by |
//! |---|---|---|
//! | [`Problem`] | [`is_goal`](Problem::is_goal), [`successors`](Problem::successors) | every algorithm |
//! | [`InPlace`] | [`apply`](InPlace::apply), [`undo`](InPlace::undo) (optional: action slots) | [`idastar`](fn@crate::idastar), [`idastar_parallel`] |
//! | [`Reversible`] | [`predecessors`](Reversible::predecessors) | [`bidirectional_bfs`], [`bidirectional_bfs_to_goals`], [`bidirectional_dijkstra`](fn@crate::bidirectional_dijkstra) |
//! | [`PerfectRank`] | [`rank_count`](PerfectRank::rank_count), [`rank`](PerfectRank::rank) | [`DenseVisited`] |
//! | [`Heuristic`] | [`estimate`](Heuristic::estimate) | [`astar`](fn@crate::astar), [`astar_bag`](fn@crate::astar_bag), [`fringe`](fn@crate::fringe), [`idastar`](fn@crate::idastar), [`idastar_parallel`] |
//!
//! Everything else is defaulted. Heuristics are a separate trait, so one problem pairs with many
//! of them; an estimate made of parts can carry them from node to node through an
//! [`IncrementalHeuristic`]: two required methods, one from scratch and one after a move, and
//! one optional, [`estimate_child_ahead`](IncrementalHeuristic::estimate_child_ahead), the same
//! estimate before the move, which lets IDA* prune a child unmade and a costly estimate stop
//! once it is large enough. Implement [`Problem`] first and test it with [`bfs`](fn@crate::bfs); add the other
//! traits when an algorithm needs them.
//!
//! The engine is generic over these traits and monomorphised: no trait objects and no
//! allocation per expanded node in the search loops. Successors are written into a
//! caller-owned [`Successors`] buffer that the engine clears and reuses, so a problem with at
//! most [`INLINE_SUCCESSORS`] successors per state never touches the allocator while expanding.
//!
//! ## Why actions, and not only states
//! Users want the moves, not just the states along the way, and in-place search (IDA*) needs a
//! name for "what changed" to undo it. An action is whatever names a move in the domain: a
//! direction for sliding tiles, an edge index for a graph ([`GraphProblem`]), the next state
//! itself for the closure adapter.
//!
//! ## Paths, not states: pruning depth-first search
//! Depth-first searches follow paths, not states, so they meet a state once per path to it; a
//! [`PruningAutomaton`] over a problem's action slots, applied through [`Pruned`], skips the
//! paths that another, no worse, path replaces (duplicate pruning; parent pruning, through
//! [`Problem::inverse`], is its smallest case).
//!
//! # Results, limits and observers
//! Every algorithm returns a [`SearchResult`]: an [`Outcome`] that tells a solution apart from a
//! proof that the goal is unreachable and from a [`Limit`] that stopped the search, together with
//! the same [`Statistics`] for all algorithms. Searches obey the same [`Limits`], and report to an
//! [`Observer`] that costs nothing when unused.
//!
//! # Dependencies in the interface
//! [`GraphProblem`] and [`ExploredGraph`] take and give `petgraph` graphs, and the [`Successors`]
//! and [`Actions`] buffers are `smallvec` `SmallVec`s. A type from another version of either
//! crate is a different type, so both are re-exported, as `search_core::petgraph` and
//! `search_core::smallvec`: name their types through these paths, rather than through a
//! dependency of your own, and the versions always match.
#![deny(missing_docs)]

mod astar;
mod astar_bag;
mod bfs;
mod bfs_loop;
mod bfs_reach;
mod bidirectional;
mod bidirectional_dijkstra;
mod bidirectional_to_goals;
mod checked_cost;
mod closure;
mod closure_in_place;
mod closure_unit;
mod cost;
mod count_paths;
mod crew;
mod dfs;
mod dfs_reach;
mod dijkstra;
mod dijkstra_all;
mod dijkstra_reach;
mod export;
mod fringe;
mod graph;
mod hash;
mod heuristic;
mod idastar;
mod iddfs;
mod incremental_heuristic;
mod limits;
mod multi_source_bfs;
mod multi_source_dijkstra;
mod node_store;
mod observer;
mod open_list;
mod outcome;
mod parallel_idastar;
mod path;
mod problem;
mod pruned;
mod pruning_automaton;
mod ranked;
mod recursive_walk;
mod statistics;
mod tree;
mod visited;
mod yen;

pub use astar::{astar, astar_with};
pub use astar_bag::{
    astar_bag, astar_bag_with, BagOutcome, BagResult, BagResultOf, Enumerate, OptimalSolutions,
};
pub use bfs::{bfs, bfs_layers, bfs_with, Layers};
pub use bfs_loop::{bfs_loop, bfs_loop_with};
pub use bfs_reach::{
    bfs_reach, bfs_reach_with, multi_source_bfs_reach, multi_source_bfs_reach_with, BfsReach,
};
pub use bidirectional::{bidirectional_bfs, bidirectional_bfs_with};
pub use bidirectional_dijkstra::{
    bidirectional_dijkstra, bidirectional_dijkstra_to_goals, bidirectional_dijkstra_to_goals_with,
    bidirectional_dijkstra_with,
};
pub use bidirectional_to_goals::{
    bidirectional_bfs_between, bidirectional_bfs_between_with, bidirectional_bfs_to_goals,
    bidirectional_bfs_to_goals_with,
};
pub use checked_cost::{CostError, FloatCost, Signed, SignedInteger};
pub use closure::{
    from_fn, from_fn_bidirectional, from_fn_reversible, FnProblem, FnReversible, NoGoal,
};
pub use closure_in_place::{from_fn_in_place, FnInPlace, Step};
pub use closure_unit::{from_fn_unit, FnUnit};
pub use cost::Cost;
pub use count_paths::count_paths;
pub use crew::{idastar_crew, Crew, SPLIT_NODES_PER_THREAD};
pub use dfs::{dfs, dfs_with};
pub use dfs_reach::{dfs_reach, dfs_reach_with, DfsReach};
pub use dijkstra::{dijkstra, dijkstra_with};
pub use dijkstra_all::{
    dijkstra_all, dijkstra_all_with, dijkstra_partial, dijkstra_partial_with, dijkstra_within,
    Distances,
};
pub use dijkstra_reach::{dijkstra_reach, dijkstra_reach_with, DijkstraReach};
pub use export::{explore, ExploredGraph};
pub use fringe::{fringe, fringe_with};
pub use graph::GraphProblem;
pub use hash::{FastHashMap, FastHashSet, FastHasher, FoldedFxHasher};
pub use heuristic::{heuristic_fn, FnHeuristic, Heuristic, NoHeuristic};
pub use idastar::{idastar, idastar_with};
pub use iddfs::{iddfs, iddfs_with};
pub use incremental_heuristic::IncrementalHeuristic;
pub use limits::{Limits, DEFAULT_MAX_STORED};
pub use multi_source_bfs::{multi_source_bfs, multi_source_bfs_with};
pub use multi_source_dijkstra::{multi_source_dijkstra, multi_source_dijkstra_with};
pub use observer::{NoObserver, Observer, OnProgress, Progress, PROGRESS_INTERVAL};
pub use outcome::{Limit, Outcome, ResultOf, SearchResult, Solution};
pub use parallel_idastar::{idastar_parallel, MAX_PARALLEL_THREADS};
pub use problem::{
    Actions, InPlace, PerfectRank, Problem, Reversible, Successor, Successors, INLINE_SUCCESSORS,
};
pub use pruned::{Pruned, PrunedAction, PrunedError, PrunedHeuristic, PrunedState};
pub use pruning_automaton::{PruningAutomaton, PruningAutomatonError};
pub use ranked::Ranked;
pub use statistics::{Iteration, Statistics};
pub use visited::{DenseVisited, DenseVisitedError, HashVisited, OrderedVisited, VisitedSet};
pub use yen::{yen, yen_with, KShortest, KShortestOf};

/// The petgraph version of the graphs [`GraphProblem`] takes and [`ExploredGraph`] gives, so
/// that users name those exact types (see the crate documentation).
pub use petgraph;
/// The smallvec version of the [`Successors`] and [`Actions`] buffers, so that users name those
/// exact types (see the crate documentation).
pub use smallvec;
