//! The states reachable from a start, lazily, in Dijkstra order: by increasing cheapest cost.
//!
//! The engine is [`dijkstra`](fn@crate::dijkstra)'s. A state is expanded only when the next one is
//! asked for, so a consumer that stops after the state it wanted pays for nothing beyond it.

use crate::limits::{DEFAULT_LIMITS, Limits};
use crate::node_store::NO_PARENT;
use crate::observer::{NoObserver, Observer};
use crate::outcome::Limit;
use crate::problem::Problem;
use crate::shortest_path::dijkstra::Settler;
use crate::statistics::Statistics;

/// A state handed out by [`DijkstraReach`], as pathfinding's `DijkstraReachableItem`: its
/// cheapest cost from the start, and the state before it on a cheapest path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reached<State, C> {
    /// The state.
    pub state: State,
    /// The state before it on a cheapest path; `None` for the start.
    pub parent: Option<State>,
    /// Its cheapest cost from the start, final when handed out.
    pub cost: C,
}

/// The iterator of [`dijkstra_reach`](fn@crate::shortest_path::dijkstra_reach): each reachable
/// state with its cheapest cost from the start and its parent on a cheapest path
/// ([`Reached`]), by increasing cost.
///
/// Its [`size_hint`](Iterator::size_hint) gives a lower bound of the states left: with no limit
/// set ([`Limits::none`]), every state queued at a finite cost and not yet handed out; with
/// limits, which may end the walk at its next expansion, only the next state when it needs no
/// expansion (before the first call).
pub struct DijkstraReach<'search, P: Problem, O = NoObserver> {
    settler: Settler<'search, P, O>,
    /// The state handed out last, expanded when the next one is asked for.
    pending: Option<u32>,
    limit: Option<Limit>,
    /// Whether no limit is set, so that every state queued at a finite cost is handed out.
    unbounded: bool,
}

impl<P: Problem, O> std::fmt::Debug for DijkstraReach<'_, P, O> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DijkstraReach")
            .field("limit", &self.limit)
            .finish_non_exhaustive()
    }
}

/// Iterates over the states reachable from `start`, each once with its cheapest cost, in order
/// of increasing cost, under [`Limits::default`]: pathfinding's `dijkstra_reach`.
///
/// # Returns
/// A [`DijkstraReach`] iterator of [`Reached`] states, `start` first at cost zero with no
/// parent. It ends
/// when every reachable state was handed out, or when a limit stops it: then
/// [`limit`](DijkstraReach::limit) says which.
///
/// # Guarantees
/// Costs are unsigned, so never negative, which is all Dijkstra's algorithm assumes. Each cost is
/// final when handed out. Costs of [`Cost::MAX`](crate::Cost::MAX) or more end the iteration with
/// [`Limit::CostOverflow`]. The goal test is not used.
///
/// # Complexity
/// As [`dijkstra`](fn@crate::dijkstra), over the states handed out and the ones queued meanwhile.
///
/// # Parameters
/// - `problem`: the state space.
/// - `start`: the state to measure from.
///
/// # Example
/// ```
/// use search_core::{shortest_path::dijkstra_reach, from_fn};
///
/// // Adding one costs 1, doubling costs 5: the first five states by cost from 1.
/// let problem = from_fn(|&n: &u32| [(n + 1, 1u32), (n * 2, 5)], |_| false);
/// let first: Vec<(u32, u32)> = dijkstra_reach(&problem, 1)
///     .take(5)
///     .map(|reached| (reached.state, reached.cost))
///     .collect();
/// assert_eq!(first, [(1, 0), (2, 1), (3, 2), (4, 3), (5, 4)]);
/// // 8 is cheapest from 7 (cost 7), not by doubling 4 (cost 3 + 5 = 8).
/// let eight = dijkstra_reach(&problem, 1).find(|reached| reached.state == 8).unwrap();
/// assert_eq!((eight.parent, eight.cost), (Some(7), 7));
/// ```
pub fn dijkstra_reach<P: Problem>(problem: &P, start: P::State) -> DijkstraReach<'_, P> {
    dijkstra_reach_with(problem, start, &DEFAULT_LIMITS, NoObserver)
}

/// [`dijkstra_reach`](fn@crate::shortest_path::dijkstra_reach) under the given `limits`, reporting to `observer`.
///
/// # Parameters
/// - `problem`: the state space.
/// - `start`: the state to measure from.
/// - `limits`: when to stop handing out states.
/// - `observer`: told of each expansion and each generated edge.
///
/// # Example
/// ```
/// use search_core::{shortest_path::dijkstra_reach_with, from_fn, Limit, Limits, observer::NoObserver};
///
/// let line = from_fn(|&n: &u32| [(n + 1, 1u32)], |_| false);
/// let limits = Limits::none().with_max_expanded(3);
/// let mut reach = dijkstra_reach_with(&line, 0, &limits, NoObserver);
/// assert_eq!(reach.by_ref().count(), 4); // 0, 1 and 2 expanded, 3 handed out
/// assert_eq!(reach.limit(), Some(Limit::Expanded));
/// ```
pub fn dijkstra_reach_with<'search, P, O>(
    problem: &'search P,
    start: P::State,
    limits: &'search Limits,
    observer: O,
) -> DijkstraReach<'search, P, O>
where
    P: Problem,
    O: Observer<P>,
{
    DijkstraReach {
        settler: Settler::new(problem, start, limits, observer),
        pending: None,
        limit: None,
        unbounded: limits.is_unbounded(),
    }
}

impl<P: Problem, O: Observer<P>> DijkstraReach<'_, P, O> {
    /// The limit that ended the iteration early, if one did.
    pub fn limit(&self) -> Option<Limit> {
        self.limit
    }

    /// What the search has done so far; `elapsed` is left at zero, since the time between
    /// calls is the consumer's.
    pub fn statistics(&self) -> Statistics {
        self.settler.statistics()
    }
}

impl<P: Problem, O: Observer<P>> Iterator for DijkstraReach<'_, P, O> {
    type Item = Reached<P::State, P::Cost>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.limit.is_some() {
            return None;
        }
        if let Some(index) = self.pending.take() {
            if let Err(limit) = self.settler.expand(index) {
                self.limit = Some(limit);
                return None;
            }
        }
        match self.settler.settle_next() {
            Err(limit) => {
                self.limit = Some(limit);
                None
            }
            Ok(None) => None,
            Ok(Some(index)) => {
                self.pending = Some(index);
                let store = &self.settler.store;
                let parent = store.parent(index);
                Some(Reached {
                    state: store.state(index).clone(),
                    parent: (parent != NO_PARENT).then(|| store.state(parent).clone()),
                    cost: store.g(index),
                })
            }
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let settleable = self.settler.settleable();
        let ended = self.limit.is_some() || self.settler.is_stopped();
        if ended || (self.pending.is_none() && settleable == 0) {
            return (0, Some(0));
        }
        if self.unbounded {
            (settleable, None)
        } else if self.pending.is_none() {
            // The next state is settled without expanding anything, so no limit stops it.
            (settleable.min(1), None)
        } else {
            (0, None)
        }
    }
}
