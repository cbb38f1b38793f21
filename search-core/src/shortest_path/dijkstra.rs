//! Dijkstra's algorithm (uniform-cost search): states settled in order of their cheapest path
//! cost from the start.
//!
//! Dijkstra, "A note on two problems in connexion with graphs", Numerische Mathematik 1, 1959
//! (<https://doi.org/10.1007/BF01386390>); the lazy form, which queues a state again when its
//! cost improves and skips stale entries, is what Felner calls uniform-cost search ("Position
//! Paper: Dijkstra's Algorithm versus Uniform Cost Search or a Case Against Dijkstra's
//! Algorithm", SoCS 2011).
//!
//! The [`Settler`] below is the one engine behind [`dijkstra`](fn@crate::dijkstra), the all-distances and partial
//! forms ([`dijkstra_all`](fn@crate::shortest_path::dijkstra_all), [`dijkstra_partial`](crate::shortest_path::dijkstra_partial))
//! and the [`dijkstra_reach`](fn@crate::shortest_path::dijkstra_reach) iterator: each asks it for the next settled
//! state and decides what to do with it.

use std::ops::ControlFlow;

use crate::cost::Cost;
use crate::limits::{Guard, Limits};
use crate::node_store::{NO_PARENT, NodeStore, Slot};
use crate::observer::{NoObserver, Observer, progress_every_interval};
use crate::open_list::CostQueue;
use crate::outcome::{Limit, Outcome, ResultOf, timed};
use crate::problem::{Problem, Successor, Successors};
use crate::statistics::Statistics;
use crate::successor_walk::SuccessorWalk;

/// Finds a cheapest path from `start` to a goal with Dijkstra's algorithm, under
/// [`Limits::default`].
///
/// # Returns
/// A [`SearchResult`](crate::SearchResult) whose outcome is [`Outcome::Solved`] with a cheapest
/// solution, [`Outcome::Unreachable`] once every state reachable from `start` has been settled
/// without meeting a goal, or [`Outcome::LimitReached`] with:
/// - [`Limit::Stored`] when a state is due for expansion and
///   [`Limits::DEFAULT_MAX_STORED`](crate::Limits::DEFAULT_MAX_STORED) states or more are stored;
/// - [`Limit::CostOverflow`] when every path left costs [`Cost::MAX`] or more.
///
/// # Guarantees
/// Costs are unsigned ([`Cost`]), so never negative, which is all Dijkstra's algorithm assumes;
/// zero-cost actions are allowed. The solution is a cheapest path to the nearest goal (by cost,
/// not by number of actions). Goals are recognised when they are settled, not when generated, so
/// that no cheaper path is left open. Each state is expanded at most once. It finds what
/// [`astar`](fn@crate::astar) finds with [`NoHeuristic`](crate::heuristic::NoHeuristic), by the same open list
/// (a bucket queue for costs below 1024, a four-ary heap above).
///
/// # Complexity
/// `O(m)` time when path costs stay below 1024, `O(m log m)` otherwise, and `O(n + m)` memory,
/// over the `n` states settled or queued and the `m` moves generated.
///
/// # Parameters
/// - `problem`: the state space and its goal test.
/// - `start`: the state to search from.
///
/// # Example
/// ```
/// use search_core::{dijkstra, from_fn};
///
/// // Adding one costs 1 and doubling costs 5: from 1 to 16 the cheapest way walks to 8 (7) and
/// // doubles once (5), where breadth-first search would double four times (20).
/// let problem = from_fn(|&n: &u32| [(n + 1, 1u32), (n * 2, 5)], |&n| n == 16);
/// let solution = dijkstra(&problem, 1).into_solution().expect("16 is reachable");
/// assert_eq!(solution.cost, 12);
/// assert_eq!(solution.actions, [2, 3, 4, 5, 6, 7, 8, 16]);
/// ```
pub fn dijkstra<P: Problem>(problem: &P, start: P::State) -> ResultOf<P> {
    dijkstra_with(problem, start, &Limits::default(), NoObserver)
}

/// Dijkstra's algorithm under the given `limits`, reporting to `observer`; see [`dijkstra`](fn@crate::dijkstra).
///
/// Returns and guarantees as [`dijkstra`](fn@crate::dijkstra), with [`Outcome::LimitReached`] naming the first limit
/// hit: the counting limits are checked before every expansion, the deadline and the
/// cancellation flag before the first and then every 1024 expansions.
///
/// # Parameters
/// - `problem`: the state space and its goal test.
/// - `start`: the state to search from.
/// - `limits`: when to give up.
/// - `observer`: told of each expansion (with the state's cost from `start`) and each generated
///   edge (with the action's cost).
///
/// # Example
/// ```
/// use search_core::{shortest_path::dijkstra_with, from_fn, Limit, Limits, observer::NoObserver, Outcome};
///
/// let far = from_fn(|&n: &u64| [(n + 1, 1u64)], |&n| n == 1_000_000);
/// let limits = Limits::default().with_max_expanded(100);
/// let result = dijkstra_with(&far, 0, &limits, NoObserver);
/// assert_eq!(result.outcome, Outcome::LimitReached(Limit::Expanded));
/// assert_eq!(result.statistics.expanded, 100);
/// ```
pub fn dijkstra_with<P, O>(
    problem: &P,
    start: P::State,
    limits: &Limits,
    mut observer: O,
) -> ResultOf<P>
where
    P: Problem,
    O: Observer<P>,
{
    search_from(problem, std::iter::once(start), limits, &mut observer)
}

/// The search of [`dijkstra_with`] and
/// [`multi_source_dijkstra_with`](crate::shortest_path::multi_source_dijkstra_with): every start a root at
/// cost zero, so the first goal settled is the cheapest to reach from any of them.
pub(crate) fn search_from<P, O>(
    problem: &P,
    starts: impl IntoIterator<Item = P::State>,
    limits: &Limits,
    observer: O,
) -> ResultOf<P>
where
    P: Problem,
    O: Observer<P>,
{
    timed::<P>(|statistics| {
        let mut settler = Settler::with_roots(problem, starts, limits, observer);
        let outcome = loop {
            match settler.settle_next() {
                Err(limit) => break Outcome::LimitReached(limit),
                Ok(None) => break Outcome::Unreachable,
                Ok(Some(index)) => {
                    if problem.is_goal(settler.store.state(index)) {
                        break settler.store.solution_to(problem, index);
                    }
                    if let Err(limit) = settler.expand(index) {
                        break Outcome::LimitReached(limit);
                    }
                }
            }
        };
        *statistics = settler.statistics();
        outcome
    })
}

/// The memory of a [`Settler`]: its node store and its open list.
pub(crate) type SettlerParts<P> = (
    NodeStore<<P as Problem>::State, <P as Problem>::Cost, <P as Problem>::Action>,
    CostQueue<<P as Problem>::Cost>,
);

/// The engine of every Dijkstra form: a node store, an open list ordered by path cost, and the
/// limits, counts and observer of one search.
///
/// A caller alternates [`settle_next`](Settler::settle_next), which hands out the cheapest open
/// state (its cost is then final), and [`expand`](Settler::expand), which queues that state's
/// successors; keeping the two apart lets a goal, a stop condition or an iterator's consumer
/// decide before the work of expanding is done.
pub(crate) struct Settler<'search, P: Problem, O> {
    problem: &'search P,
    pub(crate) store: NodeStore<P::State, P::Cost, P::Action>,
    open: CostQueue<P::Cost>,
    guard: Guard<'search>,
    observer: O,
    statistics: Statistics,
    /// Open nodes, not queue entries: superseded entries are not part of the frontier.
    frontier: usize,
    /// Open nodes whose cost saturated at [`Cost::MAX`], which end the search with
    /// [`Limit::CostOverflow`] rather than be settled.
    saturated: usize,
    /// The first limit met, so that every later call reports it again.
    stopped: Option<Limit>,
    /// Expansions made by the same search before this settler began (Yen's earlier
    /// deviations), counted into the progress reports.
    pub(crate) expanded_before: u64,
    successors: Successors<P>,
}

impl<'search, P: Problem, O: Observer<P>> Settler<'search, P, O> {
    pub(crate) fn new(
        problem: &'search P,
        start: P::State,
        limits: &'search Limits,
        observer: O,
    ) -> Self {
        Self::with_roots(problem, std::iter::once(start), limits, observer)
    }

    /// A settler whose every root starts at cost zero: a search from the nearest of them.
    pub(crate) fn with_roots(
        problem: &'search P,
        roots: impl IntoIterator<Item = P::State>,
        limits: &'search Limits,
        observer: O,
    ) -> Self {
        Self::with_parts(
            problem,
            roots,
            (NodeStore::for_problem::<P>(), CostQueue::new()),
            limits,
            observer,
        )
    }

    /// A settler with roots at cost zero that fills `parts`, an empty store and open list
    /// sized or kept by the caller: one that runs many small searches (Yen's deviations)
    /// passes the parts of the previous one, cleared, so that their memory is reused.
    pub(crate) fn with_parts(
        problem: &'search P,
        roots: impl IntoIterator<Item = P::State>,
        (store, open): SettlerParts<P>,
        limits: &'search Limits,
        observer: O,
    ) -> Self {
        debug_assert!(store.len() == 0, "a settler starts from an empty store");
        let mut settler = Settler {
            problem,
            store,
            open,
            guard: Guard::new(limits),
            observer,
            statistics: Statistics::default(),
            frontier: 0,
            saturated: 0,
            stopped: None,
            expanded_before: 0,
            successors: Successors::<P>::new(),
        };
        for root in roots {
            match settler.store.insert(root, NO_PARENT, P::Cost::ZERO) {
                Ok(Slot::New(root)) => {
                    if settler.open.push(root, P::Cost::ZERO).is_err() {
                        settler.stopped = Some(Limit::Stored);
                    }
                    settler.frontier += 1;
                }
                Ok(Slot::Known(_)) => {} // A root given twice is one root.
                Err(_full) => settler.stopped = Some(Limit::Stored),
            }
        }
        settler.statistics.largest_frontier = settler.frontier;
        // The guard reads the clock only every so many expansions; a search that starts past
        // its deadline or already cancelled should not settle anything first.
        if let Err(limit) = settler.guard.check_clock() {
            settler.stopped = Some(limit);
        }
        settler
    }

    /// The next state to settle: the open state of least cost, closed now that no cheaper path
    /// to it can be found. `Ok(None)` when no state is open.
    pub(crate) fn settle_next(&mut self) -> Result<Option<u32>, Limit> {
        if let Some(limit) = self.stopped {
            return Err(limit);
        }
        loop {
            let Some((index, g)) = self.open.pop() else {
                return Ok(None);
            };
            if g != self.store.g(index) {
                continue; // Superseded by a cheaper path, which has its own entry.
            }
            // No closed bit to test: a state is queued again only at a strictly lower cost, so
            // each entry holds its own cost and the one whose cost is the state's comes out once.
            debug_assert!(!self.store.is_closed(index), "each cost is queued once");
            // Entries leave in order of cost, so every path left costs `MAX` or more: beyond
            // what the saturating sums can compare.
            if g == P::Cost::MAX {
                self.stopped = Some(Limit::CostOverflow);
                return Err(Limit::CostOverflow);
            }
            self.store.set_closed(index, true);
            self.frontier -= 1;
            return Ok(Some(index));
        }
    }

    /// Queues the successors of the settled node `index`, after checking the limits.
    pub(crate) fn expand(&mut self, index: u32) -> Result<(), Limit> {
        self.expand_reporting(index, |_, _| {})
    }

    /// [`expand`](Settler::expand), telling `reached` of every successor stored or made cheaper,
    /// with its new cost: how a bidirectional search sees the other side's states.
    pub(crate) fn expand_reporting(
        &mut self,
        index: u32,
        mut reached: impl FnMut(&P::State, P::Cost),
    ) -> Result<(), Limit> {
        if let Some(limit) = self.stopped {
            return Err(limit);
        }
        if let Err(limit) = self.guard.check(self.statistics.expanded, self.store.len()) {
            self.stopped = Some(limit);
            return Err(limit);
        }
        self.statistics.expanded += 1;
        let parent_g = self.store.g(index);
        progress_every_interval::<P, O>(
            &mut self.observer,
            self.expanded_before + self.statistics.expanded,
            self.store.len(),
            || Some(parent_g.to_u64()),
        );
        self.observer.expanded(self.store.state(index), parent_g);
        let problem = self.problem;
        let back = self.store.parent_of(index);
        let walk = SuccessorWalk::begin(problem, self.store.state(index), &mut self.successors);
        let (store, open, statistics) = (&mut self.store, &mut self.open, &mut self.statistics);
        let (frontier, saturated, observer) =
            (&mut self.frontier, &mut self.saturated, &mut self.observer);
        let handle = |successor: Successor<P::State, P::Action, P::Cost>| {
            statistics.generated += 1;
            if O::ENABLED {
                let from = store.state(index);
                observer.generated(from, &successor.action, &successor.state, successor.cost);
            }
            // The way back costs at least what the parent's settled cost saved: a duplicate,
            // known without a lookup.
            if back.is_some_and(|parent| *store.state(parent) == successor.state) {
                statistics.duplicates += 1;
                return ControlFlow::Continue(());
            }
            let g = parent_g.saturating_add(successor.cost);
            match store.insert(successor.state, index, g) {
                Err(_full) => return ControlFlow::Break(Limit::Stored),
                Ok(Slot::New(child)) => {
                    store.push_step(successor.action);
                    if open.push(child, g).is_err() {
                        return ControlFlow::Break(Limit::Stored);
                    }
                    *frontier += 1;
                    if g == P::Cost::MAX {
                        *saturated += 1;
                    }
                    reached(store.state(child), g);
                }
                Ok(Slot::Known(child)) => {
                    // A settled state has its final cost: with no negative action, nothing found
                    // later is cheaper.
                    let known = store.g(child);
                    if g >= known {
                        statistics.duplicates += 1;
                        return ControlFlow::Continue(());
                    }
                    if known == P::Cost::MAX {
                        *saturated -= 1;
                    }
                    store.improve_child(child, index, g, successor.action);
                    if open.push(child, g).is_err() {
                        return ControlFlow::Break(Limit::Stored);
                    }
                    reached(store.state(child), g);
                }
            }
            ControlFlow::Continue(())
        };
        if let ControlFlow::Break(limit) = walk.run(problem, &mut self.successors, handle) {
            self.stopped = Some(limit);
            return Err(limit);
        }
        self.statistics.largest_frontier = self.statistics.largest_frontier.max(self.frontier);
        Ok(())
    }

    /// The open states of finite cost: each is settled by a later
    /// [`settle_next`](Settler::settle_next) unless a limit stops the search first.
    pub(crate) fn settleable(&self) -> usize {
        self.frontier - self.saturated
    }

    /// Whether a limit has stopped the search, so that nothing more is settled.
    pub(crate) fn is_stopped(&self) -> bool {
        self.stopped.is_some()
    }

    /// The statistics so far, `stored` filled in (the caller times the search).
    pub(crate) fn statistics(&self) -> Statistics {
        let mut statistics = self.statistics.clone();
        statistics.stored = self.store.len();
        statistics
    }

    /// The node store, for a caller that keeps the settled states once the search is over.
    pub(crate) fn into_store(self) -> NodeStore<P::State, P::Cost, P::Action> {
        self.store
    }

    /// The node store and the open list, for a caller that clears them for its next search.
    pub(crate) fn into_parts(self) -> SettlerParts<P> {
        (self.store, self.open)
    }
}
