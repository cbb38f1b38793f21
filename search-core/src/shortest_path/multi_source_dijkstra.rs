//! Dijkstra's algorithm from a set of starts at once: the cheapest path from any of them to a
//! goal. Dijkstra, "A note on two problems in connexion with graphs", Numerische Mathematik 1,
//! 1959 (<https://doi.org/10.1007/BF01386390>).

use crate::limits::Limits;
use crate::observer::{NoObserver, Observer};
use crate::outcome::ResultOf;
use crate::problem::Problem;
use crate::shortest_path::dijkstra::search_from;

/// Finds a cheapest path from any of `starts` to a goal, by one Dijkstra search that begins
/// with every start at cost zero, under [`Limits::default`].
///
/// # Returns
/// A [`SearchResult`](crate::SearchResult) whose outcome is [`Outcome::Solved`](crate::Outcome::Solved)
/// with a solution whose [`start`](crate::outcome::Solution::start) is the start it leaves from,
/// [`Outcome::Unreachable`](crate::Outcome::Unreachable) once every state reachable from the
/// starts has been settled without meeting a goal (at once when `starts` is empty), or
/// [`Outcome::LimitReached`](crate::Outcome::LimitReached) with the limits of
/// [`dijkstra`](fn@crate::dijkstra).
///
/// # Guarantees
/// As [`dijkstra`](fn@crate::dijkstra): the solution is a cheapest path of all paths from any
/// start to any goal. If a start is a goal, the solution is empty and starts there. A start
/// given twice counts once.
///
/// # Complexity
/// As one [`dijkstra`](fn@crate::dijkstra) over the states reachable from the starts, not one
/// search per start.
///
/// # Parameters
/// - `problem`: the state space and its goal test.
/// - `starts`: the states to search from.
///
/// # Example
/// ```
/// use search_core::{from_fn, shortest_path::multi_source_dijkstra};
///
/// // Steps of +1 cost 1, steps of +10 cost 4: 25 costs 5 from 20 (five steps of one) and 13
/// // from 0 (two steps of ten, five of one), so the search leaves from 20.
/// let line = from_fn(|&n: &u32| [(n + 1, 1u32), (n + 10, 4)], |&n| n == 25);
/// let solution = multi_source_dijkstra(&line, [0, 20]).into_solution().expect("reachable");
/// assert_eq!((solution.start, solution.cost), (20, 5));
/// ```
pub fn multi_source_dijkstra<P, I>(problem: &P, starts: I) -> ResultOf<P>
where
    P: Problem,
    I: IntoIterator<Item = P::State>,
{
    multi_source_dijkstra_with(problem, starts, &Limits::default(), NoObserver)
}

/// [`multi_source_dijkstra`](fn@crate::shortest_path::multi_source_dijkstra) under the given `limits`, reporting to `observer`.
///
/// # Parameters
/// - `problem`: the state space and its goal test.
/// - `starts`: the states to search from.
/// - `limits`: when to give up.
/// - `observer`: told of each expansion (with the state's cost from its nearest start) and
///   each generated edge.
///
/// # Example
/// ```
/// use search_core::{from_fn, shortest_path::multi_source_dijkstra_with, Limits, observer::NoObserver, Outcome};
///
/// let line = from_fn(|&n: &u32| [(n + 1, 1u32)], |&n| n == 3);
/// let result = multi_source_dijkstra_with(&line, [], &Limits::default(), NoObserver);
/// assert_eq!(result.outcome, Outcome::Unreachable);
/// ```
pub fn multi_source_dijkstra_with<P, I, O>(
    problem: &P,
    starts: I,
    limits: &Limits,
    observer: O,
) -> ResultOf<P>
where
    P: Problem,
    I: IntoIterator<Item = P::State>,
    O: Observer<P>,
{
    search_from(problem, starts, limits, observer)
}
