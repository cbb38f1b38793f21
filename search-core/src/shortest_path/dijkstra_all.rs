//! Dijkstra's algorithm without a goal: the cheapest cost of every reachable state, or of every
//! state settled before a stop condition holds.
//!
//! The engine is [`dijkstra`](fn@crate::dijkstra)'s; this module keeps what it settled as a
//! shortest-path tree, [`Distances`], with parents as 32-bit indices.

use std::time::Instant;

use crate::cost::Cost;
use crate::limits::Limits;
use crate::node_store::{NO_PARENT, NodeStore};
use crate::observer::{NoObserver, Observer};
use crate::outcome::{Limit, Outcome, Solution};
use crate::problem::Problem;
use crate::shortest_path::dijkstra::Settler;
use crate::statistics::Statistics;

/// The shortest-path tree of a goal-less Dijkstra search: every settled state with its cheapest
/// cost from the start and its parent on a cheapest path.
///
/// Only settled states are in it, so every cost it reports is final; states the search had
/// queued but not settled when it stopped are left out.
#[derive(Debug)]
pub struct Distances<State, Action, C> {
    store: NodeStore<State, C, Action>,
    /// Store indices of the settled states, in the order they were settled (by cost).
    settled: Vec<u32>,
    /// The state whose settling ended a [`dijkstra_partial`] search, if one did.
    pub stopped_at: Option<State>,
    /// The limit that stopped the search, or `None` if it ran to its end (every reachable state
    /// settled, or the stop condition met).
    pub limit: Option<Limit>,
    /// What the search did; `stored` counts settled and queued states.
    pub statistics: Statistics,
}

impl<State, Action, C> Distances<State, Action, C>
where
    State: Clone + Eq + std::hash::Hash,
    Action: Clone,
    C: Cost,
{
    /// The settled node holding `state`.
    fn settled_index(&self, state: &State) -> Option<u32> {
        self.store
            .find(state)
            .filter(|&index| self.store.is_closed(index))
    }

    /// The cheapest cost from the start to `state`, if it was settled.
    pub fn cost(&self, state: &State) -> Option<C> {
        self.settled_index(state).map(|index| self.store.g(index))
    }

    /// The state before `state` on a cheapest path to it; `None` for the start and for states
    /// not settled.
    pub fn parent(&self, state: &State) -> Option<&State> {
        let index = self.settled_index(state)?;
        let parent = self.store.parent(index);
        (parent != NO_PARENT).then(|| self.store.state(parent))
    }

    /// The states of a cheapest path from the start to `state`, both included, if `state` was
    /// settled.
    pub fn path_to(&self, state: &State) -> Option<Vec<State>> {
        self.settled_index(state)
            .map(|index| self.store.path_to(index).0)
    }

    /// A cheapest solution from the start to `state`, with its actions, if `state` was settled.
    ///
    /// `problem` must be the problem searched. The actions were recorded as the search stored
    /// each state; its successors are not asked again (a problem that names its actions from
    /// states, as the closure adapters do, is asked [`action_between`](Problem::action_between)).
    pub fn solution_to<P>(&self, problem: &P, state: &State) -> Option<Solution<State, Action, C>>
    where
        P: Problem<State = State, Action = Action, Cost = C>,
    {
        let index = self.settled_index(state)?;
        match self.store.solution_to(problem, index) {
            Outcome::Solved(solution) => Some(solution),
            Outcome::Unreachable | Outcome::LimitReached(_) => None,
        }
    }

    /// The number of settled states, the start included.
    pub fn len(&self) -> usize {
        self.settled.len()
    }

    /// Whether no state was settled (a search stopped before settling its start).
    pub fn is_empty(&self) -> bool {
        self.settled.is_empty()
    }

    /// The settled states with their costs, in the order they were settled: by increasing cost.
    pub fn iter(&self) -> impl Iterator<Item = (&State, C)> + '_ {
        self.settled
            .iter()
            .map(|&index| (self.store.state(index), self.store.g(index)))
    }
}

/// What a stop condition decides about the state being settled.
pub(crate) enum Stop {
    /// Settle it, expand it, carry on.
    Continue,
    /// Settle it and end the search without expanding it.
    Here,
    /// End the search without settling it.
    Before,
}

/// Runs the settler until nothing is open, a limit stops it, or `stop` says so.
fn run<P, O>(
    problem: &P,
    start: P::State,
    limits: &Limits,
    observer: O,
    mut stop: impl FnMut(&P::State, P::Cost) -> Stop,
) -> Distances<P::State, P::Action, P::Cost>
where
    P: Problem,
    O: Observer<P>,
{
    let began = Instant::now();
    let mut settler = Settler::new(problem, start, limits, observer);
    let mut settled = Vec::new();
    let mut stopped_at = None;
    let limit = loop {
        let index = match settler.settle_next() {
            Err(limit) => break Some(limit),
            Ok(None) => break None,
            Ok(Some(index)) => index,
        };
        let state = settler.store.state(index);
        match stop(state, settler.store.g(index)) {
            Stop::Continue => {}
            Stop::Here => {
                stopped_at = Some(state.clone());
                settled.push(index);
                break None;
            }
            Stop::Before => {
                // Reported as unsettled: the caller's bound leaves it out.
                settler.store.set_closed(index, false);
                break None;
            }
        }
        settled.push(index);
        if let Err(limit) = settler.expand(index) {
            break Some(limit);
        }
    };
    let mut statistics = settler.statistics();
    statistics.elapsed = began.elapsed();
    Distances {
        store: settler.into_store(),
        settled,
        stopped_at,
        limit,
        statistics,
    }
}

/// The cheapest cost from `start` to every state reachable from it, by Dijkstra's algorithm,
/// under [`Limits::default`]; the goal test is not used.
///
/// # Returns
/// [`Distances`]: each reachable state with its cost and its parent on a cheapest path, and
/// `limit` set if a limit stopped the search first (the states settled until then are exact).
///
/// # Guarantees
/// Costs are unsigned, so never negative, which is all Dijkstra's algorithm assumes; zero-cost
/// actions are allowed. Every cost reported is the cheapest from `start`. The search stops with
/// [`Limit::CostOverflow`] if a path costs [`Cost::MAX`] or more.
///
/// # Complexity
/// As [`dijkstra`](fn@crate::dijkstra), over the whole reachable space.
///
/// # Parameters
/// - `problem`: the state space.
/// - `start`: the state to measure from.
///
/// # Example
/// ```
/// use search_core::{shortest_path::dijkstra_all, from_fn};
///
/// // Four towns on a road, with a dear short cut from 0 to 3.
/// let roads = from_fn(
///     |&town: &u8| match town { 0 => vec![(1, 2u32), (3, 9)], 1 => vec![(2, 2)], 2 => vec![(3, 2)], _ => vec![] },
///     |_| false,
/// );
/// let distances = dijkstra_all(&roads, 0);
/// assert_eq!(distances.cost(&3), Some(6));
/// assert_eq!(distances.path_to(&3), Some(vec![0, 1, 2, 3]));
/// assert_eq!(distances.parent(&0), None);
/// assert_eq!(distances.iter().map(|(&town, _)| town).collect::<Vec<_>>(), [0, 1, 2, 3]);
/// ```
pub fn dijkstra_all<P: Problem>(
    problem: &P,
    start: P::State,
) -> Distances<P::State, P::Action, P::Cost> {
    dijkstra_all_with(problem, start, &Limits::default(), NoObserver)
}

/// [`dijkstra_all`](fn@crate::shortest_path::dijkstra_all) under the given `limits`, reporting to `observer`.
///
/// # Parameters
/// - `problem`: the state space.
/// - `start`: the state to measure from.
/// - `limits`: when to give up; the stored-node count is settled and queued states.
/// - `observer`: told of each expansion and each generated edge.
///
/// # Example
/// ```
/// use search_core::{shortest_path::dijkstra_all_with, from_fn, Limit, Limits, observer::NoObserver};
///
/// let line = from_fn(|&n: &u32| [(n + 1, 1u32)], |_| false);
/// let distances = dijkstra_all_with(&line, 0, &Limits::none().with_max_expanded(5), NoObserver);
/// assert_eq!(distances.limit, Some(Limit::Expanded));
/// assert_eq!(distances.cost(&5), Some(5)); // settled, then the limit stopped its expansion
/// assert_eq!(distances.cost(&6), None); // never reached
/// ```
pub fn dijkstra_all_with<P, O>(
    problem: &P,
    start: P::State,
    limits: &Limits,
    observer: O,
) -> Distances<P::State, P::Action, P::Cost>
where
    P: Problem,
    O: Observer<P>,
{
    run(problem, start, limits, observer, |_, _| Stop::Continue)
}

/// Dijkstra's algorithm from `start` until it settles a state for which `stop` holds, under
/// [`Limits::default`]: pathfinding's `dijkstra_partial`.
///
/// # Returns
/// [`Distances`] of every state settled, the stopping one included (as
/// [`stopped_at`](Distances::stopped_at), not expanded), or of every reachable state when
/// `stop` never held.
///
/// # Guarantees
/// As [`dijkstra_all`](fn@crate::shortest_path::dijkstra_all); `stop` is called once per settled state, in order of cost, with the
/// state and its final cost, so `|_, cost| cost > bound` stops past a cost bound (see
/// [`dijkstra_within`] to leave that state out).
///
/// # Parameters
/// - `problem`: the state space.
/// - `start`: the state to measure from.
/// - `stop`: whether a settled state ends the search.
///
/// # Example
/// ```
/// use search_core::{shortest_path::dijkstra_partial, from_fn};
///
/// let line = from_fn(|&n: &u32| [(n + 1, 2u32)], |_| false);
/// let distances = dijkstra_partial(&line, 0, |&n, _| n == 3);
/// assert_eq!(distances.stopped_at, Some(3));
/// assert_eq!(distances.cost(&3), Some(6));
/// assert_eq!(distances.len(), 4); // 0, 1, 2 and 3
/// ```
pub fn dijkstra_partial<P, F>(
    problem: &P,
    start: P::State,
    stop: F,
) -> Distances<P::State, P::Action, P::Cost>
where
    P: Problem,
    F: FnMut(&P::State, P::Cost) -> bool,
{
    dijkstra_partial_with(problem, start, stop, &Limits::default(), NoObserver)
}

/// [`dijkstra_partial`] under the given `limits`, reporting to `observer`.
///
/// # Parameters
/// - `problem`: the state space.
/// - `start`: the state to measure from.
/// - `stop`: whether a settled state ends the search.
/// - `limits`: when to give up.
/// - `observer`: told of each expansion and each generated edge.
///
/// # Example
/// ```
/// use search_core::{shortest_path::dijkstra_partial_with, from_fn, Limits, observer::NoObserver};
///
/// let line = from_fn(|&n: &u32| [(n + 1, 1u32)], |_| false);
/// let distances = dijkstra_partial_with(&line, 0, |_, cost| cost == 2, &Limits::default(), NoObserver);
/// assert_eq!(distances.stopped_at, Some(2));
/// assert_eq!(distances.statistics.expanded, 2);
/// ```
pub fn dijkstra_partial_with<P, F, O>(
    problem: &P,
    start: P::State,
    mut stop: F,
    limits: &Limits,
    observer: O,
) -> Distances<P::State, P::Action, P::Cost>
where
    P: Problem,
    F: FnMut(&P::State, P::Cost) -> bool,
    O: Observer<P>,
{
    run(problem, start, limits, observer, |state, cost| {
        if stop(state, cost) {
            Stop::Here
        } else {
            Stop::Continue
        }
    })
}

/// Every state within `max_cost` of `start` with its cheapest cost, by Dijkstra's algorithm
/// stopped at the first state beyond the bound, under [`Limits::default`].
///
/// # Returns
/// [`Distances`] holding exactly the states whose cheapest cost is at most `max_cost`
/// ([`stopped_at`](Distances::stopped_at) is `None`), unless a limit stopped the search first.
///
/// # Guarantees
/// As [`dijkstra_all`](fn@crate::shortest_path::dijkstra_all). States beyond the bound are not expanded, so the search costs what the
/// ball of radius `max_cost` costs.
///
/// # Parameters
/// - `problem`: the state space.
/// - `start`: the state to measure from.
/// - `max_cost`: the largest cost kept.
///
/// # Example
/// ```
/// use search_core::{shortest_path::dijkstra_within, from_fn};
///
/// let line = from_fn(|&n: &i32| [(n - 1, 1u32), (n + 1, 1)], |_| false);
/// let ball = dijkstra_within(&line, 0, 2);
/// let mut states: Vec<i32> = ball.iter().map(|(&n, _)| n).collect();
/// states.sort_unstable();
/// assert_eq!(states, [-2, -1, 0, 1, 2]);
/// ```
pub fn dijkstra_within<P: Problem>(
    problem: &P,
    start: P::State,
    max_cost: P::Cost,
) -> Distances<P::State, P::Action, P::Cost> {
    run(problem, start, &Limits::default(), NoObserver, |_, cost| {
        if cost > max_cost {
            Stop::Before
        } else {
            Stop::Continue
        }
    })
}
