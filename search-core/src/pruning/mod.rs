//! Duplicate pruning for the depth-first searches: a [`PruningAutomaton`] over a problem's
//! action slots recognises the action sequences that another, no worse, sequence replaces, and
//! [`Pruned`] wraps a problem so that its searches never take them.
//!
//! Depth-first searches ([`idastar`](fn@crate::idastar), [`iddfs`](fn@crate::depth_first::iddfs))
//! follow paths, not states, so they meet a state once per path to it; parent pruning, through
//! [`Problem::inverse`](crate::Problem::inverse), is the smallest case of what an automaton
//! prunes.

mod automaton;
mod pruned;

pub use automaton::{PruningAutomaton, PruningAutomatonError};
pub use pruned::{Pruned, PrunedAction, PrunedError, PrunedHeuristic, PrunedState};
