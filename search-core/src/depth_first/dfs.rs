//! Depth-first search over the graph of states, with a visited set:
//! <https://en.wikipedia.org/wiki/Depth-first_search>.

use crate::cost::Cost;
use crate::limits::{Guard, Limits};
use crate::observer::{NoObserver, Observer};
use crate::outcome::{Limit, Outcome, ResultOf, timed};
use crate::problem::{Problem, Successors};
use crate::tree::Tree;
use crate::visited::{HashVisited, VisitedSet};

/// Finds a path from `start` to a goal by depth-first search, under [`Limits::default`] with a
/// hashed visited set: pathfinding's `dfs`.
///
/// # Returns
/// A [`SearchResult`](crate::SearchResult) whose outcome is [`Outcome::Solved`] with a path to a
/// goal, [`Outcome::Unreachable`] once every state reachable from `start` has been seen, or
/// [`Outcome::LimitReached`] ([`Limit::CostOverflow`] when the path found costs
/// [`Cost::MAX`] or more).
///
/// # Guarantees
/// The path is the one depth-first order reaches first, neither the cheapest nor the shortest:
/// use [`bfs`](fn@crate::bfs) for the fewest actions and [`dijkstra`](fn@crate::dijkstra) for the
/// cheapest. Costs are ignored while searching; the solution reports the sum of its actions'
/// costs. Each state is expanded at most once, the first successor listed is searched first,
/// and a goal is recognised when it is generated.
///
/// # Complexity
/// `O(V + E)` time and `O(V)` memory over the states and moves reachable from `start`.
///
/// # Parameters
/// - `problem`: the state space and its goal test.
/// - `start`: the state to search from.
///
/// # Example
/// ```
/// use search_core::{dfs, from_fn};
///
/// // Depth first tries +1 before *2, deepest first: a path of 7 actions where bfs finds 4.
/// let problem = from_fn(
///     |&n: &u32| [(n + 1, 1u32), (n * 2, 1)].into_iter().filter(|&(m, _)| m <= 10),
///     |&n| n == 10,
/// );
/// let solution = dfs(&problem, 1).into_solution().expect("10 is reachable");
/// assert_eq!(solution.actions, [2, 3, 6, 7, 8, 9, 10]);
/// ```
pub fn dfs<P: Problem>(problem: &P, start: P::State) -> ResultOf<P> {
    dfs_with(
        problem,
        start,
        HashVisited::default(),
        &Limits::default(),
        NoObserver,
    )
}

/// Depth-first search with a chosen visited set, limits and observer; see [`dfs`](fn@crate::dfs).
///
/// The states reached are stored once, with a 32-bit parent index, and a stack of node
/// indices holds the ones still to expand.
///
/// # Parameters
/// - `problem`: the state space and its goal test.
/// - `start`: the state to search from.
/// - `visited`: the empty visited set to fill.
/// - `limits`: when to give up; the stored-node count is the number of states reached.
/// - `observer`: told of each expansion (with the cost of the tree path) and generated edge.
///
/// # Example
/// ```
/// use search_core::{depth_first::dfs_with, from_fn, visited::HashVisited, Limit, Limits, observer::NoObserver, Outcome};
///
/// let line = from_fn(|&n: &u32| [(n + 1, 1u32)], |&n| n == 1_000);
/// let limits = Limits::none().with_max_expanded(10);
/// let result = dfs_with(&line, 0, HashVisited::default(), &limits, NoObserver);
/// assert_eq!(result.outcome, Outcome::LimitReached(Limit::Expanded));
/// ```
pub fn dfs_with<P, V, O>(
    problem: &P,
    start: P::State,
    mut visited: V,
    limits: &Limits,
    mut observer: O,
) -> ResultOf<P>
where
    P: Problem,
    V: VisitedSet<P>,
    O: Observer<P>,
{
    timed::<P>(|statistics| {
        let mut tree = Tree::empty::<P>();
        let mut costs: Vec<P::Cost> = Vec::new();
        let mut guard = Guard::new(limits);
        let mut buffer = Successors::<P>::new();
        visited.insert(problem, &start);
        let outcome = 'search: {
            let Some(root) = tree.push_root(start) else {
                break 'search Outcome::LimitReached(Limit::Stored);
            };
            if O::ENABLED {
                costs.push(P::Cost::ZERO);
            }
            if problem.is_goal(tree.state(root)) {
                break 'search tree.solution_to(problem, root);
            }
            if let Err(limit) = guard.check_clock() {
                break 'search Outcome::LimitReached(limit);
            }
            let mut stack = vec![root];
            while let Some(parent) = stack.pop() {
                if let Err(limit) = guard.check(statistics.expanded, tree.len()) {
                    break 'search Outcome::LimitReached(limit);
                }
                statistics.expanded += 1;
                if O::ENABLED {
                    observer.expanded(tree.state(parent), costs[parent]);
                }
                buffer.clear();
                problem.successors(tree.state(parent), &mut buffer);
                let pushed = stack.len();
                for successor in buffer.drain(..) {
                    statistics.generated += 1;
                    if O::ENABLED {
                        let from = tree.state(parent);
                        observer.generated(
                            from,
                            &successor.action,
                            &successor.state,
                            successor.cost,
                        );
                    }
                    if !visited.insert(problem, &successor.state) {
                        statistics.duplicates += 1;
                        continue;
                    }
                    let is_goal = problem.is_goal(&successor.state);
                    let Some(child) =
                        tree.push(successor.state, parent, successor.action, successor.cost)
                    else {
                        break 'search Outcome::LimitReached(Limit::Stored);
                    };
                    if O::ENABLED {
                        costs.push(costs[parent].saturating_add(successor.cost));
                    }
                    if is_goal {
                        break 'search tree.solution_to(problem, child);
                    }
                    stack.push(child);
                }
                // The first successor listed is searched first: on top of the stack.
                stack[pushed..].reverse();
                statistics.largest_frontier = statistics.largest_frontier.max(stack.len());
            }
            Outcome::Unreachable
        };
        statistics.stored = tree.len();
        outcome
    })
}
