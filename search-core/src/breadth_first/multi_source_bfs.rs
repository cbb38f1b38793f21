//! Multi-source breadth-first search: one breadth-first search whose first layer is every start,
//! <https://en.wikipedia.org/wiki/Breadth-first_search>.
//!
//! The loop is [`bfs_with`](crate::breadth_first::bfs_with)'s, which is the one-start case of it; this module
//! holds the public entry points and their contract.

use crate::breadth_first::bfs::search_from;
use crate::limits::Limits;
use crate::observer::{NoObserver, Observer};
use crate::outcome::ResultOf;
use crate::problem::Problem;
use crate::visited::{HashVisited, VisitedSet};

/// Finds a path with the fewest actions from any of `starts` to a goal, by one breadth-first
/// search that begins with every start at depth zero.
///
/// Uses a hashed visited set, [`Limits::default`] and no observer; see
/// [`multi_source_bfs_with`] to choose them.
///
/// # Returns
/// A [`SearchResult`](crate::SearchResult) whose outcome is [`Outcome::Solved`](crate::Outcome::Solved)
/// with a solution whose [`start`](crate::outcome::Solution::start) is the start it leaves from,
/// [`Outcome::Unreachable`](crate::Outcome::Unreachable) once every state reachable from the starts has been
/// seen without finding a goal (at once when `starts` is empty), or
/// [`Outcome::LimitReached`](crate::Outcome::LimitReached) with the limits of [`bfs`](fn@crate::bfs).
///
/// # Guarantees
/// Costs are ignored while searching, as in [`bfs`](fn@crate::bfs): the solution has the fewest
/// actions of all paths from any start to any goal, so it is cost-optimal only when every action
/// costs the same. On a weighted problem it is still a fewest-action path, reported with the true
/// sum of its actions' costs; use [`dijkstra`](fn@crate::dijkstra) for a cheapest one. If a start is
/// a goal, the solution is empty and starts there; of several starts that are goals, the first
/// given. A start given twice counts once.
///
/// # Complexity
/// `O(V + E)` time and `O(V)` memory over the states and moves reachable from the starts within
/// the solution's depth: the same as one search, not one per start.
///
/// # Parameters
/// - `problem`: the state space and its goal test.
/// - `starts`: the states to search from, tried in the order given within the first layer.
///
/// # Example
/// ```
/// use search_core::{from_fn, breadth_first::multi_source_bfs};
///
/// // On the integer line, 17 is 3 steps from 20 and 7 steps from 10: the walk leaves from 20.
/// let line = from_fn(|&n: &i32| [(n - 1, 1u32), (n + 1, 1)], |&n| n == 17);
/// let solution = multi_source_bfs(&line, [10, 20]).into_solution().expect("reachable");
/// assert_eq!(solution.start, 20);
/// assert_eq!(solution.actions, [19, 18, 17]);
/// ```
pub fn multi_source_bfs<P, I>(problem: &P, starts: I) -> ResultOf<P>
where
    P: Problem,
    I: IntoIterator<Item = P::State>,
{
    multi_source_bfs_with(
        problem,
        starts,
        HashVisited::default(),
        &Limits::default(),
        NoObserver,
    )
}

/// Multi-source breadth-first search with a chosen visited set, limits and observer.
///
/// Returns and guarantees as [`multi_source_bfs`](fn@crate::breadth_first::multi_source_bfs); stores and reports as
/// [`bfs_with`](crate::breadth_first::bfs_with), with one root per distinct start.
///
/// # Parameters
/// - `problem`: the state space and its goal test.
/// - `starts`: the states to search from.
/// - `visited`: the empty visited set to fill, such as [`HashVisited`].
/// - `limits`: when to give up; the stored-node count is the size of the node store.
/// - `observer`: receives each expansion (with the cost of the tree path from its start) and each
///   generated edge.
///
/// # Example
/// ```
/// use search_core::{from_fn, breadth_first::multi_source_bfs_with, visited::HashVisited, Limits, observer::NoObserver, Outcome};
///
/// // No start at all reaches nothing.
/// let line = from_fn(|&n: &i32| [(n + 1, 1u32)], |&n| n == 3);
/// let none: [i32; 0] = [];
/// let result = multi_source_bfs_with(&line, none, HashVisited::default(), &Limits::default(), NoObserver);
/// assert_eq!(result.outcome, Outcome::Unreachable);
/// ```
pub fn multi_source_bfs_with<P, I, V, O>(
    problem: &P,
    starts: I,
    visited: V,
    limits: &Limits,
    observer: O,
) -> ResultOf<P>
where
    P: Problem,
    I: IntoIterator<Item = P::State>,
    V: VisitedSet<P>,
    O: Observer<P>,
{
    search_from(problem, starts, visited, limits, observer)
}
