//! The states reachable from a start, lazily, in breadth-first order: by increasing number of
//! actions.
//!
//! Unlike [`bfs`](fn@crate::bfs) it keeps no parents, only the visited set and the queue, and a
//! state is expanded only when the next one is asked for.

use std::collections::VecDeque;

use crate::cost::Cost;
use crate::limits::{DEFAULT_LIMITS, Guard, Limits};
use crate::observer::{NoObserver, Observer};
use crate::outcome::Limit;
use crate::problem::{Problem, Successors};
use crate::statistics::Statistics;
use crate::visited::{HashVisited, VisitedSet};

/// The iterator of [`bfs_reach`](fn@crate::bfs_reach): each reachable state with its fewest number of actions from the
/// start, in breadth-first order.
///
/// Its [`size_hint`](Iterator::size_hint) gives a lower bound of the states left: with no limit
/// set ([`Limits::none`]), every state found and not yet handed out; with limits, which may end
/// the walk at its next expansion, only the next state when it needs no expansion (before the
/// first call). The upper bound is unknown until the walk has ended.
pub struct BfsReach<'search, P: Problem, V = HashVisited<<P as Problem>::State>, O = NoObserver> {
    problem: &'search P,
    visited: V,
    guard: Guard<'search>,
    observer: O,
    statistics: Statistics,
    /// The states handed out, or due to be, with their depths: a state is queued when first
    /// generated, so the queue holds at most two consecutive layers.
    queue: VecDeque<(P::State, usize)>,
    /// The state handed out last, expanded when the next one is asked for.
    pending: Option<(P::State, usize)>,
    limit: Option<Limit>,
    /// Whether no limit is set, so that every queued state will be handed out.
    unbounded: bool,
    successors: Successors<P>,
    /// The depth last reported to the observer, with its cost in units of [`Cost::ONE`].
    depth_cost: (usize, P::Cost),
}

impl<P: Problem, V, O> std::fmt::Debug for BfsReach<'_, P, V, O> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BfsReach")
            .field("limit", &self.limit)
            .finish_non_exhaustive()
    }
}

/// Iterates over the states reachable from `start`, each once with its fewest number of actions,
/// in breadth-first order, under [`Limits::default`]: pathfinding's `bfs_reach`.
///
/// # Returns
/// A [`BfsReach`] iterator of `(state, depth)` pairs, `start` first at depth zero. It ends when
/// every reachable state was handed out, or when a limit stops it: then
/// [`limit`](BfsReach::limit) says which.
///
/// # Guarantees
/// Costs are ignored: the depth is a number of actions, the cost only when every action costs
/// one; use [`dijkstra_reach`](fn@crate::shortest_path::dijkstra_reach) for cheapest costs. The goal test is not
/// used.
///
/// # Complexity
/// `O(V + E)` time over the states handed out and their moves; memory is the visited set and
/// two layers of the queue.
///
/// # Parameters
/// - `problem`: the state space.
/// - `start`: the state to walk from.
///
/// # Example
/// ```
/// use search_core::{bfs_reach, from_fn};
///
/// // Subsets of {0, 1, 2} as bitmasks, a move toggles one element.
/// let problem = from_fn(|&set: &u8| (0..3).map(move |bit| (set ^ 1 << bit, 1u32)), |_| false);
/// let depths: Vec<usize> = bfs_reach(&problem, 0).map(|(_, depth)| depth).collect();
/// assert_eq!(depths, [0, 1, 1, 1, 2, 2, 2, 3]);
/// ```
pub fn bfs_reach<P: Problem>(problem: &P, start: P::State) -> BfsReach<'_, P> {
    bfs_reach_with(
        problem,
        start,
        HashVisited::default(),
        &DEFAULT_LIMITS,
        NoObserver,
    )
}

/// [`bfs_reach`](fn@crate::bfs_reach) with a chosen visited set, limits and observer.
///
/// # Parameters
/// - `problem`: the state space.
/// - `start`: the state to walk from.
/// - `visited`: the empty visited set to fill, such as [`HashVisited`] or
///   [`DenseVisited`](crate::visited::DenseVisited).
/// - `limits`: when to stop handing out states; the stored-node count is the visited set's size.
/// - `observer`: told of each expansion (with the depth as its cost, in units of
///   [`Cost::ONE`] saturated to the cost type) and each generated edge.
///
/// # Example
/// ```
/// use search_core::{breadth_first::bfs_reach_with, from_fn, visited::HashVisited, Limit, Limits, observer::NoObserver};
///
/// let line = from_fn(|&n: &u32| [(n + 1, 1u32)], |_| false);
/// let limits = Limits::none().with_max_stored(10);
/// let mut reach = bfs_reach_with(&line, 0, HashVisited::default(), &limits, NoObserver);
/// assert_eq!(reach.by_ref().count(), 10);
/// assert_eq!(reach.limit(), Some(Limit::Stored));
/// ```
pub fn bfs_reach_with<'search, P, V, O>(
    problem: &'search P,
    start: P::State,
    visited: V,
    limits: &'search Limits,
    observer: O,
) -> BfsReach<'search, P, V, O>
where
    P: Problem,
    V: VisitedSet<P>,
    O: Observer<P>,
{
    multi_source_bfs_reach_with(problem, [start], visited, limits, observer)
}

/// Iterates over the states reachable from any of `starts`, each once with its fewest number of
/// actions from the nearest start, in breadth-first order, under [`Limits::default`]: the
/// distance map of a set of states (every goal state of a puzzle, to find the starts farthest
/// from all of them).
///
/// The starts come first, at depth zero, in the order given (a start given twice counts once);
/// otherwise as [`bfs_reach`](fn@crate::bfs_reach).
///
/// # Example
/// ```
/// use search_core::{breadth_first::multi_source_bfs_reach, from_fn};
///
/// // A line of 0..=10 with both ends as sources: 5 is the farthest, 5 actions from each.
/// let line = from_fn(|&n: &u8| [(n.saturating_sub(1), 1u32), ((n + 1).min(10), 1)], |_| false);
/// let (farthest, depth) = multi_source_bfs_reach(&line, [0, 10]).last().unwrap();
/// assert_eq!((farthest, depth), (5, 5));
/// ```
pub fn multi_source_bfs_reach<P, I>(problem: &P, starts: I) -> BfsReach<'_, P>
where
    P: Problem,
    I: IntoIterator<Item = P::State>,
{
    multi_source_bfs_reach_with(
        problem,
        starts,
        HashVisited::default(),
        &DEFAULT_LIMITS,
        NoObserver,
    )
}

/// [`multi_source_bfs_reach`] with a chosen visited set, limits and observer, as
/// [`bfs_reach_with`].
pub fn multi_source_bfs_reach_with<'search, P, I, V, O>(
    problem: &'search P,
    starts: I,
    mut visited: V,
    limits: &'search Limits,
    observer: O,
) -> BfsReach<'search, P, V, O>
where
    P: Problem,
    I: IntoIterator<Item = P::State>,
    V: VisitedSet<P>,
    O: Observer<P>,
{
    let queue: VecDeque<(P::State, usize)> = (starts.into_iter())
        .filter(|start| visited.insert(problem, start))
        .map(|start| (start, 0))
        .collect();
    let guard = Guard::new(limits);
    // The guard reads the clock only every so many expansions; a walk that starts past its
    // deadline or already cancelled should hand out nothing.
    let limit = guard.check_clock().err();
    let statistics = Statistics {
        largest_frontier: queue.len(),
        ..Statistics::default()
    };
    BfsReach {
        problem,
        visited,
        guard,
        observer,
        statistics,
        queue,
        pending: None,
        limit,
        unbounded: limits.is_unbounded(),
        successors: Successors::<P>::new(),
        depth_cost: (0, P::Cost::ZERO),
    }
}

impl<P: Problem, V: VisitedSet<P>, O: Observer<P>> BfsReach<'_, P, V, O> {
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

    /// Queues the new successors of `state`, at `depth + 1`.
    fn expand(&mut self, state: &P::State, depth: usize) -> Result<(), Limit> {
        self.guard
            .check(self.statistics.expanded, self.visited.len())?;
        self.statistics.expanded += 1;
        if O::ENABLED {
            // States leave the queue by non-decreasing depth, so the depth's cost grows one
            // unit at a time.
            while self.depth_cost.0 < depth {
                self.depth_cost = (
                    self.depth_cost.0 + 1,
                    self.depth_cost.1.saturating_add(P::Cost::ONE),
                );
            }
            self.observer.expanded(state, self.depth_cost.1);
        }
        self.successors.clear();
        self.problem.successors(state, &mut self.successors);
        for successor in self.successors.drain(..) {
            self.statistics.generated += 1;
            if O::ENABLED {
                self.observer
                    .generated(state, &successor.action, &successor.state, successor.cost);
            }
            if self.visited.insert(self.problem, &successor.state) {
                self.queue.push_back((successor.state, depth + 1));
            } else {
                self.statistics.duplicates += 1;
            }
        }
        self.statistics.largest_frontier = self.statistics.largest_frontier.max(self.queue.len());
        Ok(())
    }
}

impl<P: Problem, V: VisitedSet<P>, O: Observer<P>> Iterator for BfsReach<'_, P, V, O> {
    type Item = (P::State, usize);

    fn next(&mut self) -> Option<Self::Item> {
        if self.limit.is_some() {
            return None;
        }
        if let Some((state, depth)) = self.pending.take() {
            if let Err(limit) = self.expand(&state, depth) {
                self.limit = Some(limit);
                return None;
            }
        }
        let (state, depth) = self.queue.pop_front()?;
        self.pending = Some((state.clone(), depth));
        Some((state, depth))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        if self.limit.is_some() || (self.pending.is_none() && self.queue.is_empty()) {
            return (0, Some(0));
        }
        let queued = self.queue.len();
        if self.unbounded {
            (queued, None)
        } else if self.pending.is_none() {
            // The next state is handed out without expanding anything, so no limit stops it.
            (queued.min(1), None)
        } else {
            (0, None)
        }
    }
}
