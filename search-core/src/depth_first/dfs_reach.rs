//! The states reachable from a start, lazily, in depth-first order: each state handed out
//! before the states first reached through it.

use crate::limits::{DEFAULT_LIMITS, Guard, Limits};
use crate::observer::{NoObserver, Observer};
use crate::outcome::Limit;
use crate::problem::{Problem, Successors};
use crate::statistics::Statistics;
use crate::visited::{HashVisited, VisitedSet};

/// The iterator of [`dfs_reach`](fn@crate::depth_first::dfs_reach): each reachable state once, in depth-first order.
pub struct DfsReach<'search, P: Problem, V = HashVisited<<P as Problem>::State>, O = NoObserver> {
    problem: &'search P,
    visited: V,
    guard: Guard<'search>,
    observer: O,
    statistics: Statistics,
    /// The states still to look at, the next on top. A state is marked seen when it is popped,
    /// not when it is pushed, so it may be on the stack several times: that is what makes the
    /// order depth-first (pathfinding's issue 511). Marking on push hands a state out at the
    /// place of its first discoverer instead of below its latest one.
    stack: Vec<P::State>,
    /// The state handed out last, expanded when the next one is asked for.
    pending: Option<P::State>,
    limit: Option<Limit>,
    successors: Successors<P>,
}

impl<P: Problem, V, O> std::fmt::Debug for DfsReach<'_, P, V, O> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DfsReach")
            .field("limit", &self.limit)
            .finish_non_exhaustive()
    }
}

/// Iterates over the states reachable from `start`, each once, in depth-first order, under
/// [`Limits::default`]: pathfinding's `dfs_reach`.
///
/// # Returns
/// A [`DfsReach`] iterator, `start` first. It ends when every reachable state was handed out,
/// or when a limit stops it: then [`limit`](DfsReach::limit) says which.
///
/// # Guarantees
/// Each reachable state is handed out once, in the preorder of a depth-first walk: after a
/// state come the states not yet handed out that are reached through it, the first successor
/// listed first, each followed by everything it leads to before the next. Costs and the goal
/// test are not used.
///
/// # Complexity
/// `O(V + E)` time over the states handed out and their moves; memory is the visited set and
/// a stack of at most one entry per generated edge.
///
/// # Parameters
/// - `problem`: the state space.
/// - `start`: the state to walk from.
///
/// # Example
/// ```
/// use search_core::{depth_first::dfs_reach, from_fn};
///
/// // A binary tree of the numbers 1 to 7: n leads to 2n and 2n + 1.
/// let tree = from_fn(|&n: &u32| [2 * n, 2 * n + 1].into_iter().filter(|&m| m <= 7).map(|m| (m, 1u32)), |_| false);
/// let order: Vec<u32> = dfs_reach(&tree, 1).collect();
/// assert_eq!(order, [1, 2, 4, 5, 3, 6, 7]);
///
/// // Depth first where paths meet: 0 leads to 1 and 5, but 5 comes after 4, below 1.
/// let skips = from_fn(|&n: &u32| [n + 1, n + 5].into_iter().filter(|&m| m <= 10).map(|m| (m, 1u32)), |_| false);
/// let order: Vec<u32> = dfs_reach(&skips, 0).collect();
/// assert_eq!(order, (0..=10).collect::<Vec<u32>>());
/// ```
pub fn dfs_reach<P: Problem>(problem: &P, start: P::State) -> DfsReach<'_, P> {
    dfs_reach_with(
        problem,
        start,
        HashVisited::default(),
        &DEFAULT_LIMITS,
        NoObserver,
    )
}

/// [`dfs_reach`](fn@crate::depth_first::dfs_reach) with a chosen visited set, limits and observer.
///
/// # Parameters
/// - `problem`: the state space.
/// - `start`: the state to walk from.
/// - `visited`: the empty visited set to fill.
/// - `limits`: when to stop handing out states; the stored-node count is the visited set's size.
/// - `observer`: told of each expansion (at cost zero: the walk keeps no costs) and generated
///   edge.
///
/// # Example
/// ```
/// use search_core::{depth_first::dfs_reach_with, from_fn, visited::HashVisited, Limit, Limits, observer::NoObserver};
///
/// let line = from_fn(|&n: &u32| [(n + 1, 1u32)], |_| false);
/// let limits = Limits::none().with_max_expanded(4);
/// let mut reach = dfs_reach_with(&line, 0, HashVisited::default(), &limits, NoObserver);
/// assert_eq!(reach.by_ref().count(), 5);
/// assert_eq!(reach.limit(), Some(Limit::Expanded));
/// ```
pub fn dfs_reach_with<'search, P, V, O>(
    problem: &'search P,
    start: P::State,
    visited: V,
    limits: &'search Limits,
    observer: O,
) -> DfsReach<'search, P, V, O>
where
    P: Problem,
    V: VisitedSet<P>,
    O: Observer<P>,
{
    let guard = Guard::new(limits);
    // A walk that starts past its deadline or already cancelled hands out nothing.
    let limit = guard.check_clock().err();
    DfsReach {
        problem,
        visited,
        guard,
        observer,
        statistics: Statistics {
            largest_frontier: 1,
            ..Statistics::default()
        },
        stack: vec![start],
        pending: None,
        limit,
        successors: Successors::<P>::new(),
    }
}

impl<P: Problem, V: VisitedSet<P>, O: Observer<P>> DfsReach<'_, P, V, O> {
    /// The limit that ended the iteration early, if one did.
    pub fn limit(&self) -> Option<Limit> {
        self.limit
    }

    /// What the walk has done so far; `stored` is the visited set's size and `elapsed` is left
    /// at zero, since the time between calls is the consumer's.
    pub fn statistics(&self) -> Statistics {
        let mut statistics = self.statistics.clone();
        statistics.stored = self.visited.len();
        statistics
    }

    /// Pushes the successors of `state` not yet handed out, the first listed on top.
    fn expand(&mut self, state: &P::State) -> Result<(), Limit> {
        self.guard
            .check(self.statistics.expanded, self.visited.len())?;
        self.statistics.expanded += 1;
        self.observer.expanded(state, crate::cost::Cost::ZERO);
        self.successors.clear();
        self.problem.successors(state, &mut self.successors);
        let pushed = self.stack.len();
        for successor in self.successors.drain(..) {
            self.statistics.generated += 1;
            if O::ENABLED {
                self.observer
                    .generated(state, &successor.action, &successor.state, successor.cost);
            }
            if self.visited.contains(self.problem, &successor.state) {
                self.statistics.duplicates += 1;
            } else {
                self.stack.push(successor.state);
            }
        }
        self.stack[pushed..].reverse();
        self.statistics.largest_frontier = self.statistics.largest_frontier.max(self.stack.len());
        Ok(())
    }
}

impl<P: Problem, V: VisitedSet<P>, O: Observer<P>> Iterator for DfsReach<'_, P, V, O> {
    type Item = P::State;

    fn next(&mut self) -> Option<P::State> {
        if self.limit.is_some() {
            return None;
        }
        if let Some(state) = self.pending.take() {
            if let Err(limit) = self.expand(&state) {
                self.limit = Some(limit);
                return None;
            }
        }
        loop {
            let state = self.stack.pop()?;
            // Pushed again by a later discoverer, and handed out below it already.
            if self.visited.insert(self.problem, &state) {
                self.pending = Some(state.clone());
                return Some(state);
            }
            self.statistics.duplicates += 1;
        }
    }
}
