//! Bidirectional Dijkstra: Dijkstra's algorithm forward from the start and backward from the
//! goal at once, until no path through the unsettled states can beat the best meeting.
//!
//! Pohl, "Bi-directional search", Machine Intelligence 6, 1971; the stopping rule (the two
//! smallest open costs add up to at least the best path seen) as in Goldberg & Harrelson,
//! "Computing the shortest path: A* search meets graph theory", SODA 2005.

use std::cell::RefCell;

use crate::cost::Cost;
use crate::limits::{Guard, Limits};
use crate::observer::{NoObserver, Observer, progress_every_interval};
use crate::outcome::{Limit, Outcome, ResultOf, timed};
use crate::path::solution;
use crate::problem::{Problem, Reversible, Successors};
use crate::shortest_path::dijkstra::Settler;

/// Finds a cheapest path from `start` to `goal` by bidirectional Dijkstra, under
/// [`Limits::default`].
///
/// # Returns
/// A [`SearchResult`](crate::SearchResult) whose outcome is [`Outcome::Solved`] with a cheapest
/// solution, [`Outcome::Unreachable`] once either side has settled every state it reaches
/// without a meeting, or [`Outcome::LimitReached`] ([`Limit::CostOverflow`] when paths cost
/// [`Cost::MAX`] or more).
///
/// # Guarantees
/// Unlike [`bidirectional_bfs`](crate::bidirectional_bfs), which returns fewest-action paths,
/// the solution is a cheapest path: costs are weights here. They are unsigned, so never
/// negative, which is all Dijkstra's algorithm assumes; zero-cost actions are allowed. The goal
/// is the state `goal`; the problem's [`is_goal`](Problem::is_goal) is not consulted. Each side
/// settles states in order of cost from its root, and the search stops when the smallest costs
/// the two sides have left add up to at least the cheapest path through a state both have
/// reached. [`predecessors`](Reversible::predecessors) must list exactly the moves
/// [`successors`](Problem::successors) lists, read backwards, at the same costs.
///
/// # Complexity
/// As [`dijkstra`](fn@crate::dijkstra) for each side, which on spaces that grow with the radius
/// settles about the states within half the solution's cost of either end instead of all of
/// those within its whole cost of the start.
///
/// # Parameters
/// - `problem`: the state space, able to enumerate moves backwards.
/// - `start`: the state to search from.
/// - `goal`: the state to reach.
///
/// # Example
/// ```
/// use search_core::{bidirectional::bidirectional_dijkstra, closure::from_fn_reversible};
///
/// // Steps of +1 (cost 1) and +10 (cost 4) on the integers, both ways.
/// let forward = |&n: &i32| [(n + 1, 1u32), (n - 1, 1), (n + 10, 4), (n - 10, 4)];
/// let problem = from_fn_reversible(forward, forward, |_| false);
/// let solution = bidirectional_dijkstra(&problem, 0, 32).into_solution().expect("reachable");
/// assert_eq!(solution.cost, 14); // three tens and two ones; bidirectional_bfs would cost more
/// ```
pub fn bidirectional_dijkstra<P: Reversible>(
    problem: &P,
    start: P::State,
    goal: P::State,
) -> ResultOf<P> {
    bidirectional_dijkstra_with(problem, start, goal, &Limits::default(), NoObserver)
}

/// Bidirectional Dijkstra under the given `limits`, reporting to `observer`; see
/// [`bidirectional_dijkstra`](fn@crate::bidirectional::bidirectional_dijkstra).
///
/// # Parameters
/// - `problem`: the state space, able to enumerate moves backwards.
/// - `start`: the state to search from.
/// - `goal`: the state to reach.
/// - `limits`: when to give up; the counts are those of both sides together.
/// - `observer`: told of each expansion (a backward state with its cost to `goal`) and each
///   generated edge, in the direction of the move.
///
/// # Example
/// ```
/// use search_core::{bidirectional::bidirectional_dijkstra_with, closure::from_fn_reversible, Limits, observer::NoObserver, Outcome};
///
/// // Two separate rings: 0..10 and 10..20.
/// let ring = |&n: &u32| [(n / 10 * 10 + (n + 1) % 10, 1u32), (n / 10 * 10 + (n + 9) % 10, 1)];
/// let problem = from_fn_reversible(ring, ring, |_| false);
/// let result = bidirectional_dijkstra_with(&problem, 3, 15, &Limits::default(), NoObserver);
/// assert_eq!(result.outcome, Outcome::Unreachable);
/// ```
pub fn bidirectional_dijkstra_with<P, O>(
    problem: &P,
    start: P::State,
    goal: P::State,
    limits: &Limits,
    observer: O,
) -> ResultOf<P>
where
    P: Reversible,
    O: Observer<P>,
{
    search(problem, start, std::iter::once(goal), limits, observer)
}

/// Finds a cheapest path from `start` to the nearest of `goals` by bidirectional Dijkstra, the
/// backward side starting from every goal at cost zero, under [`Limits::default`].
///
/// Returns and guarantees as [`bidirectional_dijkstra`](fn@crate::bidirectional::bidirectional_dijkstra), towards a set of goals: the goals are
/// the states given (the problem's [`is_goal`](Problem::is_goal) is not consulted, since a
/// backward search starts from the goal states themselves), goals given twice count once, and
/// with no goal at all the outcome is [`Outcome::Unreachable`].
///
/// # Parameters
/// - `problem`: the state space, able to enumerate moves backwards.
/// - `start`: the state to search from.
/// - `goals`: the states any of which ends the search.
///
/// # Example
/// ```
/// use search_core::{bidirectional::bidirectional_dijkstra_to_goals, closure::from_fn_reversible};
///
/// // Steps of +1 (cost 1) and +10 (cost 4) both ways: of 32 (cost 14) and -9 (cost 5), -9.
/// let steps = |&n: &i32| [(n + 1, 1u32), (n - 1, 1), (n + 10, 4), (n - 10, 4)];
/// let problem = from_fn_reversible(steps, steps, |_| false);
/// let solution = bidirectional_dijkstra_to_goals(&problem, 0, [32, -9]).into_solution();
/// assert_eq!(solution.map(|solution| solution.cost), Some(5));
/// ```
pub fn bidirectional_dijkstra_to_goals<P, I>(problem: &P, start: P::State, goals: I) -> ResultOf<P>
where
    P: Reversible,
    I: IntoIterator<Item = P::State>,
{
    bidirectional_dijkstra_to_goals_with(problem, start, goals, &Limits::default(), NoObserver)
}

/// [`bidirectional_dijkstra_to_goals`] under the given `limits`, reporting to `observer`.
///
/// # Parameters
/// - `problem`: the state space, able to enumerate moves backwards.
/// - `start`: the state to search from.
/// - `goals`: the states any of which ends the search.
/// - `limits`: when to give up; the counts are those of both sides together.
/// - `observer`: told of each expansion and each generated edge, in the direction of the move.
///
/// # Example
/// ```
/// use search_core::{bidirectional::bidirectional_dijkstra_to_goals_with, closure::from_fn_reversible, Limits, observer::NoObserver, Outcome};
///
/// let steps = |&n: &i32| [(n + 1, 1u32), (n - 1, 1)];
/// let line = from_fn_reversible(steps, steps, |_| false);
/// let none: [i32; 0] = [];
/// let result = bidirectional_dijkstra_to_goals_with(&line, 0, none, &Limits::default(), NoObserver);
/// assert_eq!(result.outcome, Outcome::Unreachable);
/// ```
pub fn bidirectional_dijkstra_to_goals_with<P, I, O>(
    problem: &P,
    start: P::State,
    goals: I,
    limits: &Limits,
    observer: O,
) -> ResultOf<P>
where
    P: Reversible,
    I: IntoIterator<Item = P::State>,
    O: Observer<P>,
{
    search(problem, start, goals, limits, observer)
}

/// The search of every bidirectional Dijkstra form: forward from `start`, backward from every
/// goal at once.
fn search<P, O>(
    problem: &P,
    start: P::State,
    goals: impl IntoIterator<Item = P::State>,
    limits: &Limits,
    observer: O,
) -> ResultOf<P>
where
    P: Reversible,
    O: Observer<P>,
{
    timed::<P>(|statistics| {
        let observer = RefCell::new(observer);
        // The sides run unlimited; one guard checks both sides' counts together.
        let unlimited = Limits::none();
        let mut guard = Guard::new(limits);
        if let Err(limit) = guard.check_clock() {
            return Outcome::LimitReached(limit);
        }
        let backward_problem = Backward(problem);
        let mut backward =
            Settler::with_roots(&backward_problem, goals, &unlimited, Reversed(&observer));
        if backward.store.find(&start).is_some() {
            return solution(start, Vec::new(), P::Cost::ZERO);
        }
        let mut forward = Settler::new(problem, start, &unlimited, Shared(&observer));
        // The cheapest path through a state both sides reached, and that state.
        let mut best: Option<(P::Cost, P::State)> = None;
        // The cost of the state each side settled last: its open costs are no smaller.
        let (mut forward_radius, mut backward_radius) = (P::Cost::ZERO, P::Cost::ZERO);
        let outcome = loop {
            let forward_turn = forward_radius <= backward_radius;
            let settled = if forward_turn {
                forward.settle_next()
            } else {
                backward.settle_next()
            };
            let index = match settled {
                Err(limit) => break Outcome::LimitReached(limit),
                // One side has run out: every path between the roots went through a state
                // both reached, and the best of those was recorded.
                Ok(None) => break finish(problem, &forward, &backward, best),
                Ok(Some(index)) => index,
            };
            let radius = if forward_turn {
                forward.store.g(index)
            } else {
                backward.store.g(index)
            };
            let other_radius = if forward_turn {
                backward_radius
            } else {
                forward_radius
            };
            // Every path not yet seen runs through an open state of each side, so it costs at
            // least the two radii together.
            if best
                .as_ref()
                .is_some_and(|(cost, _)| radius.saturating_add(other_radius) >= *cost)
            {
                break finish(problem, &forward, &backward, best);
            }
            let stored = forward.store.len() + backward.store.len();
            let expanded = forward.statistics().expanded + backward.statistics().expanded;
            if let Err(limit) = guard.check(expanded, stored) {
                break Outcome::LimitReached(limit);
            }
            // The sides' observers hear no progress; the search reports both sides' counts,
            // with the radii's sum as its bound: no path left costs less.
            progress_every_interval::<P, O>(
                &mut *observer.borrow_mut(),
                expanded + 1,
                stored,
                || Some(forward_radius.saturating_add(backward_radius).to_u64()),
            );
            let expansion = if forward_turn {
                forward_radius = radius;
                let other = &backward.store;
                forward.expand_reporting(index, |state, cost| {
                    meet(
                        &mut best,
                        state,
                        cost,
                        other.find(state).map(|at| other.g(at)),
                    );
                })
            } else {
                backward_radius = radius;
                let other = &forward.store;
                backward.expand_reporting(index, |state, cost| {
                    meet(
                        &mut best,
                        state,
                        cost,
                        other.find(state).map(|at| other.g(at)),
                    );
                })
            };
            if let Err(limit) = expansion {
                break Outcome::LimitReached(limit);
            }
        };
        let (ahead, behind) = (forward.statistics(), backward.statistics());
        statistics.expanded = ahead.expanded + behind.expanded;
        statistics.generated = ahead.generated + behind.generated;
        statistics.duplicates = ahead.duplicates + behind.duplicates;
        statistics.stored = ahead.stored + behind.stored;
        statistics.largest_frontier = ahead.largest_frontier + behind.largest_frontier;
        outcome
    })
}

/// Records a path through `state`, reached at `cost` on one side and at `there` (if at all) on
/// the other, when it is the cheapest yet.
fn meet<State: Clone, C: Cost>(
    best: &mut Option<(C, State)>,
    state: &State,
    cost: C,
    there: Option<C>,
) {
    let Some(there) = there else {
        return;
    };
    let total = cost.saturating_add(there);
    // `map_or`, not `is_none_or`: the crate supports Rust 1.80.
    if best.as_ref().is_none_or(|(known, _)| total < *known) {
        *best = Some((total, state.clone()));
    }
}

/// The solution through the best meeting, joining the two sides' paths to it.
fn finish<'p, P: Reversible, F, B>(
    problem: &'p P,
    forward: &Settler<'_, P, F>,
    backward: &Settler<'_, Backward<'p, P>, B>,
    best: Option<(P::Cost, P::State)>,
) -> Outcome<P::State, P::Action, P::Cost>
where
    F: Observer<P>,
    B: Observer<Backward<'p, P>>,
{
    let Some((cost, meeting)) = best else {
        return Outcome::Unreachable;
    };
    if cost == P::Cost::MAX {
        return Outcome::LimitReached(Limit::CostOverflow);
    }
    let (Some(ahead), Some(behind)) = (forward.store.find(&meeting), backward.store.find(&meeting))
    else {
        unreachable!("a meeting state is stored on both sides");
    };
    // The backward side's steps lead from each node towards its root, a goal.
    let (start, mut actions) = forward.store.steps_down(problem, ahead);
    actions.extend(backward.store.steps_up(problem, behind));
    solution(start, actions, cost)
}

/// The problem read backwards: the moves out of a state are the moves into it.
pub(crate) struct Backward<'a, P>(pub(crate) &'a P);

impl<P: Reversible> Problem for Backward<'_, P> {
    type State = P::State;
    type Action = P::Action;
    type Cost = P::Cost;

    fn is_goal(&self, _: &P::State) -> bool {
        false
    }

    fn successors(&self, state: &P::State, out: &mut Successors<Self>) {
        self.0.predecessors(state, out);
    }

    // A move into a state, read backwards, is still the problem's move, which leads to the
    // state the backward side came from.
    const ACTIONS_FROM_STATES: bool = P::ACTIONS_FROM_STATES;

    fn action_between(&self, from: &P::State, to: &P::State) -> Option<P::Action> {
        self.0.action_between(from, to)
    }
}

/// The observer, shared by the forward side.
struct Shared<'o, O>(&'o RefCell<O>);

impl<P: Problem, O: Observer<P>> Observer<P> for Shared<'_, O> {
    const ENABLED: bool = O::ENABLED;

    fn expanded(&mut self, state: &P::State, cost: P::Cost) {
        self.0.borrow_mut().expanded(state, cost);
    }

    fn generated(&mut self, from: &P::State, action: &P::Action, to: &P::State, cost: P::Cost) {
        self.0.borrow_mut().generated(from, action, to, cost);
    }
}

/// The observer, shared by the backward side, which reports each edge in the direction of the
/// move.
struct Reversed<'o, O>(&'o RefCell<O>);

impl<'p, P: Reversible, O: Observer<P>> Observer<Backward<'p, P>> for Reversed<'_, O> {
    const ENABLED: bool = O::ENABLED;

    fn expanded(&mut self, state: &P::State, cost: P::Cost) {
        self.0.borrow_mut().expanded(state, cost);
    }

    fn generated(&mut self, from: &P::State, action: &P::Action, to: &P::State, cost: P::Cost) {
        self.0.borrow_mut().generated(to, action, from, cost);
    }
}
