//! Iterative deepening depth-first search: depth-first searches to depth 0, 1, 2 ... along
//! paths that repeat no state, in memory linear in the depth.
//!
//! Korf, "Depth-first iterative-deepening: An optimal admissible tree search", Artificial
//! Intelligence 27(1), 1985 (<https://doi.org/10.1016/0004-3702(85)90084-0>).

use crate::cost::Cost;
use crate::limits::{Guard, Limits};
use crate::observer::{NoObserver, Observer};
use crate::outcome::{Limit, Outcome, ResultOf, timed};
use crate::path::solution;
use crate::problem::{Problem, Successors};
use crate::statistics::{Iteration, Statistics};

/// Finds a path with the fewest actions from `start` to a goal by iterative deepening, under
/// [`Limits::default`]: pathfinding's `iddfs`.
///
/// # Returns
/// A [`SearchResult`](crate::SearchResult) whose outcome is [`Outcome::Solved`] with a path of
/// the fewest actions, [`Outcome::Unreachable`] when an iteration reaches no state at its depth
/// (every path that repeats no state is shorter), or [`Outcome::LimitReached`].
/// [`Statistics::iterations`] has one entry per depth, its `threshold` the depth.
///
/// # Guarantees
/// Costs are ignored while searching, as in [`bfs`](fn@crate::bfs): the solution has the fewest
/// actions, so it is the cheapest only when every action costs the same, and it reports the sum
/// of its actions' costs. A child that repeats a state of the current path is skipped, so the
/// search ends on every finite space; it stores only the current path, and pays for that by
/// searching each path once per iteration and each state once per path to it.
///
/// # Complexity
/// `O(b^d)` time for branching factor `b` and solution depth `d`, `O(d)` memory (the path and one
/// successor buffer per depth); checking the path costs `O(d)` per child.
///
/// # Parameters
/// - `problem`: the state space and its goal test.
/// - `start`: the state to search from.
///
/// # Example
/// ```
/// use search_core::{from_fn, depth_first::iddfs};
///
/// let problem = from_fn(|&n: &u32| [(n + 1, 1u32), (n * 2, 1)], |&n| n == 10);
/// let result = iddfs(&problem, 1);
/// assert_eq!(result.statistics.iterations.len(), 5); // depths 0 to 4
/// assert_eq!(result.into_solution().expect("reachable").actions, [2, 4, 5, 10]);
/// ```
pub fn iddfs<P: Problem>(problem: &P, start: P::State) -> ResultOf<P> {
    iddfs_with(problem, start, &Limits::default(), NoObserver)
}

/// Iterative deepening depth-first search under the given `limits`, reporting to `observer`;
/// see [`iddfs`](fn@crate::depth_first::iddfs).
///
/// # Parameters
/// - `problem`: the state space and its goal test.
/// - `start`: the state to search from.
/// - `limits`: when to give up; nothing is stored, so the stored-node limit never applies.
/// - `observer`: told of each iteration (its depth), expansion and generated edge.
///
/// # Example
/// ```
/// use search_core::{from_fn, depth_first::iddfs_with, Limits, observer::NoObserver, Outcome};
///
/// // A ring of five states with no goal: every path that repeats no state has four moves.
/// let ring = from_fn(|&n: &u8| [((n + 1) % 5, 1u32), ((n + 4) % 5, 1)], |_| false);
/// let result = iddfs_with(&ring, 0, &Limits::default(), NoObserver);
/// assert_eq!(result.outcome, Outcome::Unreachable);
/// assert_eq!(result.statistics.iterations.len(), 6); // depths 0 to 5; depth 5 reaches nothing
/// ```
pub fn iddfs_with<P, O>(
    problem: &P,
    start: P::State,
    limits: &Limits,
    mut observer: O,
) -> ResultOf<P>
where
    P: Problem,
    O: Observer<P>,
{
    timed::<P>(|statistics| {
        if problem.is_goal(&start) {
            return solution(start, Vec::new(), P::Cost::ZERO);
        }
        let mut walk = Walk {
            problem,
            guard: Guard::new(limits),
            observer: &mut observer,
            path: vec![start],
            actions: Vec::new(),
            costs: vec![P::Cost::ZERO],
            levels: Vec::new(),
        };
        if let Err(limit) = walk.guard.check_clock() {
            return Outcome::LimitReached(limit);
        }
        let mut depth = 0;
        loop {
            let before = (statistics.expanded, statistics.generated);
            walk.observer.iteration(depth as u64);
            let end = walk.descend(depth, statistics);
            statistics.iterations.push(Iteration {
                threshold: depth as u64,
                expanded: statistics.expanded - before.0,
                generated: statistics.generated - before.1,
            });
            match end {
                Err(limit) => return Outcome::LimitReached(limit),
                Ok(Descent::Found) => {
                    let cost = *walk.costs.last().expect("a path holds its start");
                    let start = walk.path.swap_remove(0);
                    return solution(start, std::mem::take(&mut walk.actions), cost);
                }
                Ok(Descent::Exhausted) => return Outcome::Unreachable,
                Ok(Descent::Cut) => depth += 1,
            }
        }
    })
}

/// How a depth-limited search below a node ended.
enum Descent {
    /// A goal is the last state of the path.
    Found,
    /// Some path reached the depth limit: a deeper iteration may find more.
    Cut,
    /// Every path ended before the depth limit.
    Exhausted,
}

/// The current path and the reusable buffers of the walk, kept on the heap (not the thread's
/// stack) so that a deep path cannot overflow it.
struct Walk<'search, P: Problem, O> {
    problem: &'search P,
    guard: Guard<'search>,
    observer: &'search mut O,
    path: Vec<P::State>,
    /// The actions along the path: `actions[i]` leads from `path[i]` to `path[i + 1]`.
    actions: Vec<P::Action>,
    /// The cost of the path up to each state.
    costs: Vec<P::Cost>,
    /// For each depth of the path, the successors not yet tried (the next on top), and whether
    /// some path below reached the depth limit. Kept across iterations.
    levels: Vec<(Successors<P>, bool)>,
}

impl<P: Problem, O: Observer<P>> Walk<'_, P, O> {
    /// One depth-first pass over the paths of at most `limit` actions from the start.
    fn descend(&mut self, limit: usize, statistics: &mut Statistics) -> Result<Descent, Limit> {
        if limit == 0 {
            return Ok(Descent::Cut);
        }
        self.path.truncate(1);
        self.actions.clear();
        self.costs.truncate(1);
        self.expand(statistics)?;
        loop {
            let depth = self.path.len() - 1;
            let Some(successor) = self.levels[depth].0.pop() else {
                // Every child of this node is done: back up to its parent.
                let cut = self.levels[depth].1;
                let Some(parent) = depth.checked_sub(1) else {
                    return Ok(if cut {
                        Descent::Cut
                    } else {
                        Descent::Exhausted
                    });
                };
                self.path.pop();
                self.actions.pop();
                self.costs.pop();
                self.levels[parent].1 |= cut;
                continue;
            };
            statistics.generated += 1;
            if O::ENABLED {
                let from = &self.path[depth];
                self.observer
                    .generated(from, &successor.action, &successor.state, successor.cost);
            }
            if self.path.contains(&successor.state) {
                statistics.duplicates += 1;
                continue;
            }
            let cost = self.costs[depth].saturating_add(successor.cost);
            let is_goal = self.problem.is_goal(&successor.state);
            self.path.push(successor.state);
            self.actions.push(successor.action);
            self.costs.push(cost);
            if is_goal {
                return Ok(Descent::Found);
            }
            if depth + 1 == limit {
                // At the depth limit: a deeper iteration will expand it.
                self.levels[depth].1 = true;
                self.path.pop();
                self.actions.pop();
                self.costs.pop();
                continue;
            }
            self.expand(statistics)?;
        }
    }

    /// Lists the successors of the path's last state, after checking the limits.
    fn expand(&mut self, statistics: &mut Statistics) -> Result<(), Limit> {
        self.guard.check(statistics.expanded, 0)?;
        statistics.expanded += 1;
        let depth = self.path.len() - 1;
        let state = &self.path[depth];
        self.observer.expanded(state, self.costs[depth]);
        if self.levels.len() <= depth {
            self.levels.push((Successors::<P>::new(), false));
        }
        let (buffer, cut) = &mut self.levels[depth];
        buffer.clear();
        *cut = false;
        self.problem.successors(state, buffer);
        // Popped from the end, so the first listed is tried first.
        buffer.reverse();
        Ok(())
    }
}
