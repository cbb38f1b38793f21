//! A* search: best-first search on f = g + h, optimal with any admissible heuristic.
//!
//! Hart, Nilsson and Raphael, "A Formal Basis for the Heuristic Determination of Minimum Cost
//! Paths", 1968 (<https://doi.org/10.1109/TSSC.1968.300136>); reopening closed nodes for
//! inconsistent heuristics follows Martelli, "On the complexity of admissible search
//! algorithms", 1977 (<https://doi.org/10.1016/0004-3702(77)90019-4>).

use std::ops::ControlFlow;

use crate::cost::Cost;
use crate::heuristic::Heuristic;
use crate::limits::{Guard, Limits};
use crate::node_store::{NO_PARENT, NodeStore, Slot};
use crate::observer::{NoObserver, Observer, progress_every_interval};
use crate::open_list::OpenList;
use crate::outcome::{Limit, Outcome, OutcomeOf, ResultOf, timed};
use crate::problem::{Problem, Successor, Successors};
use crate::statistics::Statistics;
use crate::successor_walk::SuccessorWalk;

/// Finds a cheapest path from `start` to a goal with A*, under [`Limits::default`].
///
/// Returns a [`SearchResult`](crate::SearchResult) whose outcome is [`Outcome::Solved`] with a
/// cheapest solution, [`Outcome::Unreachable`] once every state reachable from `start` has been
/// expanded without meeting a goal, or [`Outcome::LimitReached`] with:
/// - [`Limit::Stored`] when a node is due for expansion and
///   [`Limits::DEFAULT_MAX_STORED`](crate::Limits::DEFAULT_MAX_STORED) states or more are stored (the last
///   expansion's successors can take the count a little past it);
/// - [`Limit::CostOverflow`] when every path left is estimated (f = g + h) at [`Cost::MAX`] or
///   more, so that a goal could only be reported at a saturated cost.
///
/// # Guarantees
/// The solution is optimal whenever `heuristic` is *admissible*: it never overestimates the
/// cheapest remaining cost, and estimates zero at goals. Consistency is not required: when an
/// inconsistent heuristic leads to a closed node that is later reached more cheaply, the node is
/// reopened (counted in [`Statistics::reopened`]). With a consistent heuristic each state is
/// expanded at most once. [`NoHeuristic`](crate::heuristic::NoHeuristic) turns A* into Dijkstra's
/// uniform-cost search. Ties on f go to the node with the larger g.
///
/// # Complexity
/// O(m) time when every f value is below 1024 (a bucket queue: unit-cost puzzles), O(m log m)
/// otherwise, and O(n + m) memory for the n states stored and the m successors generated (the
/// open list keeps superseded entries until they surface). With a consistent heuristic each
/// state is expanded at most once; an inconsistent one can expand a state many times. Each stored
/// node holds the state, a 32-bit parent index and its cost, and one hash is computed per
/// generated successor.
///
/// # Parameters
/// - `problem`: the state space.
/// - `heuristic`: the estimate of the remaining cost; must be admissible for optimality.
/// - `start`: the state to search from.
///
/// # Example
/// ```
/// use search_core::{astar, heuristic_fn, Outcome, Problem, Successor, Successors};
///
/// /// Climb from 0 to `top` by steps of one (cost 1) or five (cost 3).
/// struct Stairs { top: u32 }
///
/// impl Problem for Stairs {
///     type State = u32;
///     type Action = u32;
///     type Cost = u32;
///
///     fn is_goal(&self, state: &u32) -> bool {
///         *state == self.top
///     }
///
///     fn successors(&self, state: &u32, out: &mut Successors<Self>) {
///         for (step, cost) in [(1, 1), (5, 3)] {
///             if state + step <= self.top {
///                 out.push(Successor::new(state + step, step, cost));
///             }
///         }
///     }
/// }
///
/// // No step costs less than 3/5 per stair, so this never overestimates.
/// let problem = Stairs { top: 12 };
/// let estimate = heuristic_fn(|state: &u32| (problem.top - state) * 3 / 5);
/// let result = astar(&problem, &estimate, 0);
/// let Outcome::Solved(solution) = result.outcome else { panic!("the top is reachable") };
/// assert_eq!(solution.cost, 8);
/// let mut steps = solution.actions.clone();
/// steps.sort_unstable();
/// assert_eq!(steps, [1, 1, 5, 5]);
/// ```
pub fn astar<P, H>(problem: &P, heuristic: &H, start: P::State) -> ResultOf<P>
where
    P: Problem,
    H: Heuristic<P>,
{
    astar_with(problem, heuristic, start, &Limits::default(), NoObserver)
}

/// A* under the given `limits`, reporting to `observer`; see [`astar`](fn@crate::astar).
///
/// Returns what [`astar`](fn@crate::astar) returns, with [`Outcome::LimitReached`] naming the first limit hit. The
/// counting limits are checked before every expansion, the deadline and the cancellation flag
/// before the first and then every 1024 expansions. A search that would store more nodes than
/// 32-bit indices address (about four billion) stops with [`Limit::Stored`].
///
/// # Guarantees
/// As [`astar`](fn@crate::astar): optimal with an admissible heuristic, consistent or not.
///
/// # Complexity
/// As [`astar`](fn@crate::astar).
///
/// # Parameters
/// - `problem`: the state space.
/// - `heuristic`: the estimate of the remaining cost; must be admissible for optimality.
/// - `start`: the state to search from.
/// - `limits`: when to give up.
/// - `observer`: told of each expansion ([`Observer::expanded`] with the node's g) and each
///   generated edge ([`Observer::generated`] with the edge's cost).
///
/// # Example
/// ```
/// use search_core::{informed::astar_with, Limit, Limits, heuristic::NoHeuristic, observer::NoObserver, Outcome};
/// use search_core::{Problem, Successor, Successors};
/// struct Count;
/// impl Problem for Count {
///     type State = u64;
///     type Action = ();
///     type Cost = u64;
///     fn is_goal(&self, s: &u64) -> bool { *s == 1_000_000 }
///     fn successors(&self, s: &u64, out: &mut Successors<Self>) { out.push(Successor::unit(s + 1, ())); }
/// }
/// let limits = Limits::default().with_max_expanded(100);
/// let result = astar_with(&Count, &NoHeuristic, 0, &limits, NoObserver);
/// assert_eq!(result.outcome, Outcome::LimitReached(Limit::Expanded));
/// assert_eq!(result.statistics.expanded, 100);
/// ```
pub fn astar_with<P, H, O>(
    problem: &P,
    heuristic: &H,
    start: P::State,
    limits: &Limits,
    mut observer: O,
) -> ResultOf<P>
where
    P: Problem,
    H: Heuristic<P>,
    O: Observer<P>,
{
    timed::<P>(|statistics| search(problem, heuristic, start, limits, &mut observer, statistics))
}

fn search<P, H, O>(
    problem: &P,
    heuristic: &H,
    start: P::State,
    limits: &Limits,
    observer: &mut O,
    statistics: &mut Statistics,
) -> OutcomeOf<P>
where
    P: Problem,
    H: Heuristic<P>,
    O: Observer<P>,
{
    let mut guard = Guard::new(limits);
    let mut store = NodeStore::for_problem::<P>();
    let mut open = OpenList::new();
    // Open nodes, not heap entries: stale entries are not part of the frontier.
    let mut frontier = 1usize;
    let start_estimate = heuristic.estimate(problem, &start);
    let root = match store.insert(start, NO_PARENT, P::Cost::ZERO) {
        Ok(Slot::New(index) | Slot::Known(index)) => index,
        Err(_full) => return Outcome::LimitReached(Limit::Stored),
    };
    if open.push(root, P::Cost::ZERO, start_estimate).is_err() {
        return Outcome::LimitReached(Limit::Stored);
    }
    statistics.largest_frontier = 1;
    let mut successors = Successors::<P>::new();

    let outcome = 'search: loop {
        let Some(entry) = open.pop() else {
            break Outcome::Unreachable;
        };
        if entry.g != store.g(entry.index) {
            continue; // Superseded by a cheaper path, which has its own entry.
        }
        debug_assert!(
            !store.is_closed(entry.index),
            "only improvements are queued"
        );
        // Entries leave in order of f, so every path left costs `MAX` or more: beyond what the
        // saturating sums can compare, so a goal found now could be reported at a wrong cost.
        if entry.g.saturating_add(entry.h) == P::Cost::MAX {
            break Outcome::LimitReached(Limit::CostOverflow);
        }
        // Goal test on selection, not on generation: only then is no cheaper path left open.
        if problem.is_goal(store.state(entry.index)) {
            break store.solution_to(problem, entry.index);
        }
        if let Err(limit) = guard.check(statistics.expanded, store.len()) {
            break Outcome::LimitReached(limit);
        }
        let parent_g = entry.g;
        store.set_closed(entry.index, true);
        frontier -= 1;
        statistics.expanded += 1;
        progress_every_interval::<P, O>(observer, statistics.expanded, store.len(), || {
            Some(entry.g.saturating_add(entry.h).to_u64())
        });
        observer.expanded(store.state(entry.index), parent_g);
        let back = store.parent_of(entry.index);
        let walk = SuccessorWalk::begin(problem, store.state(entry.index), &mut successors);
        let handle = |successor: Successor<P::State, P::Action, P::Cost>| {
            statistics.generated += 1;
            if O::ENABLED {
                let from = store.state(entry.index);
                observer.generated(from, &successor.action, &successor.state, successor.cost);
            }
            // The way back to the parent costs at least what reaching this node from it
            // saved (costs are not negative): a duplicate, known without a lookup.
            if back.is_some_and(|parent| *store.state(parent) == successor.state) {
                statistics.duplicates += 1;
                return ControlFlow::Continue(());
            }
            let g = parent_g.saturating_add(successor.cost);
            match store.insert(successor.state, entry.index, g) {
                Err(_full) => return ControlFlow::Break(Limit::Stored),
                Ok(Slot::New(index)) => {
                    // The queued h of the parent makes the child's estimate an update, not a
                    // recomputation, for heuristics that support it.
                    let h = heuristic.estimate_after(
                        problem,
                        store.state(index),
                        &successor.action,
                        entry.h,
                    );
                    store.push_step(successor.action);
                    if open.push(index, g, h).is_err() {
                        return ControlFlow::Break(Limit::Stored);
                    }
                    frontier += 1;
                }
                Ok(Slot::Known(index)) => {
                    if g >= store.g(index) {
                        statistics.duplicates += 1;
                        return ControlFlow::Continue(());
                    }
                    let h = heuristic.estimate_after(
                        problem,
                        store.state(index),
                        &successor.action,
                        entry.h,
                    );
                    store.improve_child(index, entry.index, g, successor.action);
                    if open.push(index, g, h).is_err() {
                        return ControlFlow::Break(Limit::Stored);
                    }
                    if store.is_closed(index) {
                        store.set_closed(index, false);
                        statistics.reopened += 1;
                        frontier += 1;
                    }
                }
            }
            ControlFlow::Continue(())
        };
        if let ControlFlow::Break(limit) = walk.run(problem, &mut successors, handle) {
            break 'search Outcome::LimitReached(limit);
        }
        statistics.largest_frontier = statistics.largest_frontier.max(frontier);
    };
    statistics.stored = store.len();
    outcome
}
