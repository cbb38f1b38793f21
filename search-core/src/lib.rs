//! Generic state-space search over a small [`Problem`] trait, with the algorithms grouped by
//! family, each family a module and its most used entry point also at the root:
//!
//! | module | algorithms | at the root |
//! |---|---|---|
//! | [`breadth_first`] | breadth-first search from one or many starts, layer by layer, lazily, back to the start | [`bfs`](fn@bfs), [`bfs_reach`](fn@bfs_reach) |
//! | [`bidirectional`] | bidirectional breadth-first search and Dijkstra, towards one goal or a set | [`bidirectional_bfs`] |
//! | [`shortest_path`] | Dijkstra from one or many starts, to a goal, to every state, lazily; Yen's k shortest paths | [`dijkstra`](fn@dijkstra), [`yen`](fn@yen) |
//! | [`informed`] | A*, every optimal solution (A* bag), fringe search | [`astar`](fn@astar) |
//! | [`depth_first`] | depth-first search, lazily, iterative deepening, counting paths | [`dfs`](fn@dfs) |
//! | [`mod@idastar`] | IDA* on one thread, on several, helped by a [`Crew`](idastar::Crew) | [`idastar`](fn@idastar) |
//! | [`pruning`] | duplicate pruning of action sequences for the depth-first searches | |
//!
//! Each search has a plain form and a `_with` form (in its module) that takes a visited set,
//! [`Limits`] and an [`Observer`]. The building blocks have modules of their
//! own: [`problem`] (the contract a domain implements), [`cost`], [`heuristic`], [`closure`]
//! (problems made of closures), [`graph`] (explicit `petgraph` graphs), [`outcome`] (results and
//! statistics), [`observer`], [`visited`] (visited sets) and [`hash`] (the hasher every search
//! uses).
//!
//! # What each algorithm assumes of costs
//! Costs are unsigned integers ([`Cost`]), or signed integers and floats checked on entry
//! ([`Signed`], [`FloatCost`], whose constructors refuse a negative value with a
//! [`CostError`]), so no action is negative and zero-cost actions are allowed everywhere. The breadth-first and depth-first searches ([`bfs`](fn@crate::bfs),
//! [`multi_source_bfs`](fn@crate::breadth_first::multi_source_bfs), [`bidirectional_bfs`], [`bidirectional_bfs_to_goals`], [`iddfs`](fn@crate::depth_first::iddfs),
//! [`dfs`](fn@crate::dfs)) ignore costs while they search: on a weighted problem they return a path of the
//! fewest actions ([`dfs`](fn@crate::dfs): any path), reported with the true sum of its costs. The others
//! return cheapest paths: [`dijkstra`](fn@crate::dijkstra) and [`bidirectional_dijkstra`](fn@crate::bidirectional::bidirectional_dijkstra) with no heuristic,
//! [`astar`](fn@crate::astar), [`astar_bag`](fn@crate::informed::astar_bag), [`fringe`](fn@crate::informed::fringe) and [`idastar`](fn@crate::idastar) given an admissible one.
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
//! | [`Reversible`] | [`predecessors`](Reversible::predecessors) | [`bidirectional_bfs`], [`bidirectional_bfs_to_goals`], [`bidirectional_dijkstra`](fn@crate::bidirectional::bidirectional_dijkstra) |
//! | [`PerfectRank`] | [`rank_count`](PerfectRank::rank_count), [`rank`](PerfectRank::rank) | [`DenseVisited`] |
//! | [`Heuristic`] | [`estimate`](Heuristic::estimate) | [`astar`](fn@crate::astar), [`astar_bag`](fn@crate::informed::astar_bag), [`fringe`](fn@crate::informed::fringe), [`idastar`](fn@crate::idastar), [`idastar_parallel`] |
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
//! A problem that can make its successors one at a time (from an iterator, a loop over
//! directions) may also override [`visit_successors`](Problem::visit_successors) and say so with
//! [`VISITS_SUCCESSORS`](Problem::VISITS_SUCCESSORS): breadth-first search, Dijkstra and A* then
//! handle each successor as it is made, with no buffer, which on explicit graphs is what brings
//! them level with `pathfinding`'s closures.
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

pub mod bidirectional;
pub mod breadth_first;
pub mod closure;
pub mod cost;
pub mod depth_first;
pub mod graph;
pub mod hash;
pub mod heuristic;
pub mod idastar;
pub mod informed;
pub mod observer;
pub mod outcome;
pub mod problem;
pub mod pruning;
pub mod shortest_path;
pub mod visited;

#[cfg(doc)]
use crate::{
    bidirectional::bidirectional_bfs_to_goals,
    closure::from_fn_reversible,
    cost::{CostError, Signed},
    graph::ExploredGraph,
    heuristic::IncrementalHeuristic,
    idastar::idastar_parallel,
    observer::Observer,
    problem::{Actions, INLINE_SUCCESSORS, PerfectRank},
    pruning::{Pruned, PruningAutomaton},
    visited::DenseVisited,
};

mod limits;
mod node_store;
mod open_list;
mod path;
mod quaternary_heap;
mod statistics;
mod successor_walk;
mod tree;

pub use bidirectional::bidirectional_bfs;
pub use breadth_first::{bfs, bfs_reach};
pub use closure::{from_fn, from_fn_f64, from_fn_in_place, from_fn_unit};
pub use cost::{Cost, FloatCost};
pub use depth_first::dfs;
pub use graph::GraphProblem;
pub use heuristic::{Heuristic, heuristic_fn};
pub use idastar::idastar;
pub use informed::astar;
pub use limits::Limits;
pub use outcome::{Limit, Outcome, SearchResult, Statistics};
pub use problem::{InPlace, Problem, Reversible, Successor, Successors};
pub use shortest_path::{dijkstra, yen};

/// The petgraph version of the graphs [`GraphProblem`] takes and
/// [`ExploredGraph`] gives, so that users name those exact types (see the
/// crate documentation).
pub use petgraph;
/// The smallvec version of the [`Successors`] and [`Actions`] buffers, so that
/// users name those exact types (see the crate documentation).
pub use smallvec;
