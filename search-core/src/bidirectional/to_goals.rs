//! Bidirectional breadth-first search towards a set of goal states: the backward search starts
//! from all of them at once, <https://en.wikipedia.org/wiki/Bidirectional_search>.
//!
//! The loop is [`bidirectional_bfs_with`](crate::bidirectional::bidirectional_bfs_with)'s, which is the
//! one-goal case of it; this module holds the public entry points and their contract.

use crate::bidirectional::bfs::search_towards;
use crate::limits::Limits;
use crate::observer::{NoObserver, Observer};
use crate::outcome::ResultOf;
use crate::problem::Reversible;

/// Finds a path with the fewest actions from `start` to the nearest of `goals`, searching forward
/// from `start` and backward from every goal at once until the two searches meet.
///
/// Uses [`Limits::default`] and no observer; see [`bidirectional_bfs_to_goals_with`].
///
/// # Returns
/// A [`SearchResult`](crate::SearchResult) whose outcome is
/// [`Outcome::Solved`](crate::Outcome::Solved) with a solution of the fewest actions from `start`
/// to one of `goals`, [`Outcome::Unreachable`](crate::Outcome::Unreachable) once either side has
/// run out of states (at once when `goals` is empty), or
/// [`Outcome::LimitReached`](crate::Outcome::LimitReached) with the limits of
/// [`bidirectional_bfs`](crate::bidirectional_bfs).
///
/// # Guarantees
/// The goals are the states given: the problem's [`is_goal`](crate::Problem::is_goal) is not
/// consulted, since a backward search must start from the goal states themselves (with only a
/// goal test, use [`bfs`](fn@crate::bfs)). Costs are ignored while searching: the solution has the
/// fewest actions of all paths from `start` to any goal, so it is cost-optimal only when every
/// action costs the same; on a weighted problem it is a fewest-action path reported with the true
/// sum of its costs. If `start` is one of the goals, the solution is empty. Goals given twice
/// count once. [`predecessors`](Reversible::predecessors) must list exactly the moves
/// [`successors`](crate::Problem::successors) lists, read backwards.
///
/// # Complexity
/// With branching factor `b` and solution length `d`, about `O(k * b^(d/2))` time and memory for
/// `k` goals: the backward side's first layer holds every goal.
///
/// # Parameters
/// - `problem`: the state space, able to enumerate moves backwards.
/// - `start`: the state to search from.
/// - `goals`: the states any of which ends the search.
///
/// # Example
/// ```
/// use search_core::{bidirectional::bidirectional_bfs_to_goals, closure::from_fn_reversible};
///
/// // Steps of 3 and 5 on the integers: of 40 and -4, -4 (= 2 * 3 - 2 * 5) is nearer to 0.
/// let steps = |&n: &i64| [(n + 3, 1u32), (n - 3, 1), (n + 5, 1), (n - 5, 1)];
/// let problem = from_fn_reversible(steps, steps, |_| false); // the goals are an argument here
/// let solution = bidirectional_bfs_to_goals(&problem, 0, [40, -4]).into_solution().expect("reachable");
/// assert_eq!(solution.cost, 4);
/// assert_eq!(solution.actions.last(), Some(&-4)); // with closures, actions are states
/// ```
pub fn bidirectional_bfs_to_goals<P, I>(problem: &P, start: P::State, goals: I) -> ResultOf<P>
where
    P: Reversible,
    I: IntoIterator<Item = P::State>,
{
    bidirectional_bfs_to_goals_with(problem, start, goals, &Limits::default(), NoObserver)
}

/// Bidirectional breadth-first search towards a set of goals, with chosen limits and observer.
///
/// Returns and guarantees as [`bidirectional_bfs_to_goals`]; stores, expands and reports as
/// [`bidirectional_bfs_with`](crate::bidirectional::bidirectional_bfs_with), whose proof that the first meeting
/// is a shortest path holds unchanged when the backward side's first layer holds several goals
/// (distances are then to the nearest goal).
///
/// # Parameters
/// - `problem`: the state space, able to enumerate moves backwards.
/// - `start`: the state to search from.
/// - `goals`: the states any of which ends the search.
/// - `limits`: when to give up; the stored-node count is the sum of both sides.
/// - `observer`: receives each expansion and each generated edge, in the direction of the move.
///
/// # Example
/// ```
/// use search_core::{bidirectional::bidirectional_bfs_to_goals_with, closure::from_fn_reversible, Limits, observer::NoObserver, Outcome};
///
/// let ring = |&n: &u32| [((n + 1) % 10, 1u32), ((n + 9) % 10, 1)];
/// let problem = from_fn_reversible(ring, ring, |_| false);
/// let none: [u32; 0] = [];
/// let result = bidirectional_bfs_to_goals_with(&problem, 3, none, &Limits::default(), NoObserver);
/// assert_eq!(result.outcome, Outcome::Unreachable);
/// ```
pub fn bidirectional_bfs_to_goals_with<P, I, O>(
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
    search_towards(problem, std::iter::once(start), goals, limits, observer)
}

/// Finds a path with the fewest actions from any of `starts` to any of `goals`, searching
/// forwards from all the starts and backwards from all the goals at once, under
/// [`Limits::default`]: pathfinding's `bfs_bidirectional` with sets at both ends.
///
/// # Returns
/// As [`bidirectional_bfs_to_goals`], with the solution's [`start`](crate::outcome::Solution::start)
/// the start it leaves from; [`Outcome::Unreachable`](crate::Outcome::Unreachable) at once when
/// either set is empty.
///
/// # Guarantees
/// As [`bidirectional_bfs_to_goals`]: a path of the fewest actions between the two sets. If a
/// start is a goal, the solution is empty and starts at the first such start given.
///
/// # Parameters
/// - `problem`: the state space, with predecessors for the backward search.
/// - `starts`: the states to search from.
/// - `goals`: the states to reach; the problem's own goal test is not used.
///
/// # Example
/// ```
/// use search_core::{bidirectional::bidirectional_bfs_between, closure::from_fn_bidirectional};
///
/// // The integer line: of the starts 0 and 7 and the goals 4 and 30, 7 and 4 are nearest.
/// let step = |&n: &i32| [(n - 1, 1u32), (n + 1, 1)];
/// let line = from_fn_bidirectional(step, step);
/// let solution = bidirectional_bfs_between(&line, [0, 7], [4, 30]).into_solution().expect("reachable");
/// assert_eq!((solution.start, solution.len()), (7, 3));
/// ```
pub fn bidirectional_bfs_between<P, I, J>(problem: &P, starts: I, goals: J) -> ResultOf<P>
where
    P: Reversible,
    I: IntoIterator<Item = P::State>,
    J: IntoIterator<Item = P::State>,
{
    bidirectional_bfs_between_with(problem, starts, goals, &Limits::default(), NoObserver)
}

/// [`bidirectional_bfs_between`] under the given `limits`, reporting to `observer`.
///
/// # Parameters
/// - `problem`: the state space, with predecessors for the backward search.
/// - `starts`: the states to search from.
/// - `goals`: the states to reach.
/// - `limits`: when to give up; the stored-node count is both sides' together.
/// - `observer`: told of each expansion and generated edge, backward edges in the direction of
///   the move.
pub fn bidirectional_bfs_between_with<P, I, J, O>(
    problem: &P,
    starts: I,
    goals: J,
    limits: &Limits,
    observer: O,
) -> ResultOf<P>
where
    P: Reversible,
    I: IntoIterator<Item = P::State>,
    J: IntoIterator<Item = P::State>,
    O: Observer<P>,
{
    search_towards(problem, starts, goals, limits, observer)
}
