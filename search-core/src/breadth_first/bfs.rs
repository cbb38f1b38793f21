//! Breadth-first search, <https://en.wikipedia.org/wiki/Breadth-first_search>.

use std::ops::ControlFlow;
use std::time::Instant;

use crate::cost::Cost;
use crate::limits::{Guard, Limits};
use crate::node_store::{NO_PARENT, NodeStore, Slot};
use crate::observer::{NoObserver, Observer, progress_every_interval};
use crate::outcome::{Limit, Outcome, OutcomeOf, ResultOf, SearchResult};
use crate::problem::{Problem, Successor, Successors};
use crate::statistics::Statistics;
use crate::successor_walk::SuccessorWalk;
use crate::tree::Tree;
use crate::visited::{HashVisited, VisitedSet};

/// Finds a path with the fewest actions from `start` to a goal, by breadth-first search.
///
/// Uses a hashed visited set, [`Limits::default`] and no observer; see [`bfs_with`] to choose
/// them.
///
/// # Returns
/// A [`SearchResult`] whose outcome is [`Outcome::Solved`] with a solution of the fewest actions,
/// [`Outcome::Unreachable`] once every state reachable from `start` has been seen without
/// finding a goal, or [`Outcome::LimitReached`] with:
/// - [`Limit::Stored`] once [`Limits::DEFAULT_MAX_STORED`](crate::Limits::DEFAULT_MAX_STORED) states are stored;
/// - [`Limit::CostOverflow`] when the path found costs [`Cost::MAX`] or more, such as a path of
///   255 unit actions with `u8` costs. The search ignores costs while it runs, so it learns this
///   only once it has the path, and reports the limit rather than a saturated, wrong cost; a
///   wider [`Problem::Cost`] type lifts it.
///
/// # Guarantees
/// Costs are ignored while searching: the solution has the fewest actions of all paths to a
/// goal, so it is cost-optimal when every action costs the same. On a weighted problem it is
/// still a fewest-action path, not a cheapest one, and says so only through its cost, which is
/// the true sum of its actions' costs; use [`dijkstra`](fn@crate::dijkstra) (or
/// [`astar`](fn@crate::astar) with a heuristic) for a cheapest path. If `start` is a goal, the
/// solution is empty and costs zero.
///
/// # Complexity
/// `O(V + E)` time and `O(V)` memory over the `V` states and `E` moves reachable within the
/// solution's depth.
///
/// # Parameters
/// - `problem`: the state space and its goal test.
/// - `start`: the state to search from.
///
/// # Example
/// ```
/// use search_core::{bfs, from_fn};
///
/// // From 1, reach 10 by adding one or doubling.
/// let problem = from_fn(|&n: &u32| [(n + 1, 1u32), (n * 2, 1)], |&n| n == 10);
/// let solution = bfs(&problem, 1).into_solution().expect("10 is reachable");
/// assert_eq!(solution.actions, [2, 4, 5, 10]); // with the closure adapter, actions are states
/// assert_eq!(solution.cost, 4);
/// ```
///
/// `u8::MAX` is 255: a path of 254 unit actions fits a `u8` cost, one of 255 does not.
/// ```
/// use search_core::{bfs, from_fn, Limit, Outcome};
///
/// let walk_to = |goal: u16| from_fn(|&n: &u16| [(n + 1, 1u8)], move |&n| n == goal);
/// assert_eq!(bfs(&walk_to(254), 0).into_solution().map(|solution| solution.cost), Some(254));
/// assert_eq!(bfs(&walk_to(255), 0).outcome, Outcome::LimitReached(Limit::CostOverflow));
/// ```
pub fn bfs<P: Problem>(problem: &P, start: P::State) -> ResultOf<P> {
    bfs_with(
        problem,
        start,
        HashVisited::default(),
        &Limits::default(),
        NoObserver,
    )
}

/// Breadth-first search with a chosen visited set, limits and observer.
///
/// Returns and guarantees as [`bfs`](fn@crate::bfs). Goals are recognised when they are generated, which saves
/// expanding the whole last layer. The node store keeps each reached state once with a 32-bit
/// parent index and doubles as the FIFO queue; the visited set decides which successors are new.
/// A search that would store more than `u32::MAX` nodes ends with
/// [`Outcome::LimitReached`]`(`[`Limit::Stored`]`)`.
///
/// # Complexity
/// As [`bfs`](fn@crate::bfs), with the visited set's cost per lookup.
///
/// # Parameters
/// - `problem`: the state space and its goal test.
/// - `start`: the state to search from.
/// - `visited`: the empty visited set to fill, such as [`HashVisited`],
///   [`DenseVisited`](crate::visited::DenseVisited) or [`OrderedVisited`](crate::visited::OrderedVisited); a
///   `&mut` set works too, to inspect it afterwards.
/// - `limits`: when to give up; the stored-node count is the size of the node store.
/// - `observer`: receives each expansion (with the cost of the tree path to the node) and each
///   generated edge (with the action's cost).
///
/// # Example
/// ```
/// use search_core::{breadth_first::bfs_with, from_fn, Limit, Limits, observer::NoObserver, visited::OrderedVisited, Outcome};
///
/// // Every number is reachable, but 1000 is too far for ten expansions.
/// let problem = from_fn(|&n: &u32| [(n + 1, 1u32)], |&n| n == 1000);
/// let limits = Limits::none().with_max_expanded(10);
/// let result = bfs_with(&problem, 0, OrderedVisited::default(), &limits, NoObserver);
/// assert_eq!(result.outcome, Outcome::LimitReached(Limit::Expanded));
/// assert_eq!(result.statistics.expanded, 10);
/// ```
pub fn bfs_with<P, V, O>(
    problem: &P,
    start: P::State,
    visited: V,
    limits: &Limits,
    observer: O,
) -> ResultOf<P>
where
    P: Problem,
    V: VisitedSet<P>,
    O: Observer<P>,
{
    search_from(problem, std::iter::once(start), visited, limits, observer)
}

/// The breadth-first search of [`bfs_with`] and
/// [`multi_source_bfs_with`](crate::breadth_first::multi_source_bfs_with): every start is a root of the one
/// search tree, at depth zero, so the first goal generated is the nearest to any of them.
///
/// A visited set that says so ([`VisitedSet::TREE_INDEX`], as [`HashVisited`] does) is replaced
/// by an index over the tree, so that each state is stored once, as A*'s node store and
/// bidirectional search store it, where a hash set beside the tree stored it twice (the
/// `memory` section of the repository's `BENCHMARKS.md` compares the bytes a state with
/// pathfinding's); one hash per successor either way.
pub(crate) fn search_from<P, V, O>(
    problem: &P,
    starts: impl IntoIterator<Item = P::State>,
    visited: V,
    limits: &Limits,
    observer: O,
) -> ResultOf<P>
where
    P: Problem,
    V: VisitedSet<P>,
    O: Observer<P>,
{
    if V::TREE_INDEX {
        let store = Indexed {
            nodes: NodeStore::for_problem::<P>(),
        };
        search_in(problem, starts, store, limits, observer)
    } else {
        let store = BesideVisited {
            tree: Tree::empty::<P>(),
            visited,
        };
        search_in(problem, starts, store, limits, observer)
    }
}

/// Where a breadth-first search keeps its nodes: the search tree, which is also its queue
/// (nodes are numbered in the order they are stored), and what tells a new state from one seen
/// before.
trait Store<P: Problem> {
    /// The number of nodes stored.
    fn len(&self) -> usize;

    /// The state of node `index`.
    fn state(&self, index: usize) -> &P::State;

    /// The parent of node `index`, for a store that can tell it cheaply: a successor equal to
    /// the parent's state is known to be stored without a lookup.
    fn parent_of(&self, _index: usize) -> Option<usize> {
        None
    }

    /// The cost of node `index`'s path from its root, for a store that keeps path costs (zero
    /// for one that doesn't): read once an expansion, and passed back with each child.
    fn path_cost(&self, _index: usize) -> P::Cost {
        P::Cost::ZERO
    }

    /// The solution from node `index`'s root down to it.
    fn solution_to(&self, problem: &P, index: usize) -> OutcomeOf<P>;

    /// Stores `state` as a child of node `parent` reached by its action and cost, or as a root
    /// when `parent` is `None`, unless it was seen before: its index, or `Ok(None)` when seen,
    /// or `Err(Full)` when the tree is full.
    fn add(
        &mut self,
        problem: &P,
        state: P::State,
        parent: Option<Step<P>>,
    ) -> Result<Option<usize>, Full>;
}

/// The tree could take no more nodes.
struct Full;

/// A parent node's index and [path cost](Store::path_cost), and the action and cost of the step
/// from it.
type Step<P> = (
    usize,
    <P as Problem>::Cost,
    <P as Problem>::Action,
    <P as Problem>::Cost,
);

/// The tree, and a visited set of the caller's beside it.
struct BesideVisited<P: Problem, V> {
    tree: Tree<P::State, P::Action, P::Cost>,
    visited: V,
}

impl<P: Problem, V: VisitedSet<P>> Store<P> for BesideVisited<P, V> {
    #[inline]
    fn len(&self) -> usize {
        self.tree.len()
    }

    #[inline]
    fn state(&self, index: usize) -> &P::State {
        self.tree.state(index)
    }

    fn solution_to(&self, problem: &P, index: usize) -> OutcomeOf<P> {
        self.tree.solution_to(problem, index)
    }

    #[inline]
    fn add(
        &mut self,
        problem: &P,
        state: P::State,
        parent: Option<Step<P>>,
    ) -> Result<Option<usize>, Full> {
        if !self.visited.insert(problem, &state) {
            return Ok(None);
        }
        let pushed = match parent {
            Some((parent, _, action, cost)) => self.tree.push(state, parent, action, cost),
            None => self.tree.push_root(state),
        };
        pushed.map(Some).ok_or(Full)
    }
}

/// The tree in best-first search's node store, which indexes it by state: each state stored
/// once, looked up with one hash, and the path cost kept per node rather than per step.
///
/// The store's table rather than a `hashbrown` table of node numbers: it keeps hash bits in
/// its slots, so passing a slot rarely reads a stored state, starts with room for a few
/// thousand nodes, and grows without hashing through a closure. Searches to the nearest of
/// many goals on a 1000x1000 grid (the `explicit` benchmark) took 1.5 times
/// `pathfinding::bfs`'s time with a `hashbrown` table, which profiles showed comparing states
/// and rehashing, and 1.3 times with this one.
struct Indexed<P: Problem> {
    nodes: NodeStore<P::State, P::Cost, P::Action>,
}

impl<P: Problem> Store<P> for Indexed<P> {
    #[inline]
    fn len(&self) -> usize {
        self.nodes.len()
    }

    #[inline]
    fn state(&self, index: usize) -> &P::State {
        // Cannot truncate: node numbers are `u32`.
        self.nodes.state(index as u32)
    }

    #[inline]
    fn parent_of(&self, index: usize) -> Option<usize> {
        // Cannot truncate: node numbers are `u32`.
        self.nodes
            .parent_of(index as u32)
            .map(|parent| parent as usize)
    }

    #[inline]
    fn path_cost(&self, index: usize) -> P::Cost {
        // Cannot truncate: node numbers are `u32`.
        self.nodes.g(index as u32)
    }

    fn solution_to(&self, problem: &P, index: usize) -> OutcomeOf<P> {
        self.nodes.solution_to(problem, index as u32)
    }

    // Always: as a call, passing the state and saving registers cost more than the lookup.
    #[inline(always)]
    fn add(
        &mut self,
        _: &P,
        state: P::State,
        parent: Option<Step<P>>,
    ) -> Result<Option<usize>, Full> {
        let (parent, g, action) = match parent {
            Some((parent, parent_g, action, cost)) => {
                // Cannot truncate: node numbers are `u32`.
                (parent as u32, parent_g.saturating_add(cost), Some(action))
            }
            None => (NO_PARENT, P::Cost::ZERO, None),
        };
        match self.nodes.insert(state, parent, g) {
            Ok(Slot::Known(_)) => Ok(None),
            Ok(Slot::New(node)) => {
                if let Some(action) = action {
                    self.nodes.push_step(action);
                }
                Ok(Some(node as usize))
            }
            Err(_full) => Err(Full),
        }
    }
}

fn search_in<P, S, O>(
    problem: &P,
    starts: impl IntoIterator<Item = P::State>,
    mut store: S,
    limits: &Limits,
    mut observer: O,
) -> ResultOf<P>
where
    P: Problem,
    S: Store<P>,
    O: Observer<P>,
{
    let began = Instant::now();
    let mut statistics = Statistics::default();
    // Path costs only feed the observer, so they are kept only for an observer that listens.
    let mut costs: Vec<P::Cost> = Vec::new();
    let mut guard = Guard::new(limits);
    let mut buffer = Successors::<P>::new();

    let outcome = 'search: {
        for start in starts {
            // A start given twice is one root: the second adds no path.
            let root = match store.add(problem, start, None) {
                Ok(Some(root)) => root,
                Ok(None) => continue,
                Err(Full) => break 'search Outcome::LimitReached(Limit::Stored),
            };
            if O::ENABLED {
                costs.push(P::Cost::ZERO);
            }
            if problem.is_goal(store.state(root)) {
                break 'search store.solution_to(problem, root);
            }
        }
        // The guard reads the clock only every so many expansions; a search that starts past its
        // deadline or already cancelled should not do that work first.
        if let Err(limit) = guard.check_clock() {
            break 'search Outcome::LimitReached(limit);
        }
        let mut cursor = 0;
        while cursor < store.len() {
            let stored = store.len();
            if let Err(limit) = guard.check(statistics.expanded, stored) {
                break 'search Outcome::LimitReached(limit);
            }
            statistics.largest_frontier = statistics.largest_frontier.max(stored - cursor);
            let parent = cursor;
            cursor += 1;
            statistics.expanded += 1;
            progress_every_interval::<P, O>(&mut observer, statistics.expanded, stored, || None);
            if O::ENABLED {
                observer.expanded(store.state(parent), costs[parent]);
            }
            let back = store.parent_of(parent);
            // Once an expansion: read inside the loop, it was a load and a bounds test per child.
            let parent_g = store.path_cost(parent);
            let walk = SuccessorWalk::begin(problem, store.state(parent), &mut buffer);
            let handle = |successor: Successor<P::State, P::Action, P::Cost>| {
                // Counted one by one, not per node: a goal ends the loop early, and the count
                // should match what the observer saw.
                statistics.generated += 1;
                if O::ENABLED {
                    observer.generated(
                        store.state(parent),
                        &successor.action,
                        &successor.state,
                        successor.cost,
                    );
                }
                // The way back to the parent's state, stored before this one: a duplicate
                // known without a lookup (a third of the lookups on open grids).
                if back.is_some_and(|above| *store.state(above) == successor.state) {
                    statistics.duplicates += 1;
                    return ControlFlow::Continue(());
                }
                let step = (parent, parent_g, successor.action, successor.cost);
                let child = match store.add(problem, successor.state, Some(step)) {
                    Ok(Some(child)) => child,
                    Ok(None) => {
                        statistics.duplicates += 1;
                        return ControlFlow::Continue(());
                    }
                    Err(Full) => return ControlFlow::Break(Outcome::LimitReached(Limit::Stored)),
                };
                if O::ENABLED {
                    costs.push(costs[parent].saturating_add(successor.cost));
                }
                if problem.is_goal(store.state(child)) {
                    return ControlFlow::Break(store.solution_to(problem, child));
                }
                ControlFlow::Continue(())
            };
            if let ControlFlow::Break(outcome) = walk.run(problem, &mut buffer, handle) {
                break 'search outcome;
            }
        }
        Outcome::Unreachable
    };

    statistics.stored = store.len();
    statistics.elapsed = began.elapsed();
    SearchResult {
        outcome,
        statistics,
    }
}

/// The number of states at each depth from `start`: an exhaustive breadth-first search that
/// reaches everything and ignores the goal.
///
/// Unlike [`bfs_with`] it keeps no parents, only the visited set and two frontiers (the layer
/// being expanded and the next one), so it reaches further in the same memory. It is how a
/// state space's diameter and layer sizes are measured.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Layers {
    /// `counts[d]` is the number of states whose fewest-action distance from the start is `d`;
    /// `counts[0]` is 1 (the start). Every entry is exact: a layer interrupted by a limit is
    /// left out, so the counts then stop short of the deepest layer.
    pub counts: Vec<u64>,
    /// The limit that stopped the search, or `None` if every reachable state was counted.
    pub limit: Option<Limit>,
    /// What the search did; `stored` is the size of the visited set.
    pub statistics: Statistics,
}

/// Counts the states reachable from `start` at each number of actions, layer by layer.
///
/// # Returns
/// [`Layers`]: the count of each layer, which limit (if any) stopped the count, and statistics.
///
/// # Guarantees
/// Each state is counted once, in the layer of its fewest-action distance from `start`; the sum
/// of complete counts is the number of reachable states. The problem's goal test is not used.
///
/// # Complexity
/// `O(V + E)` time over the reachable states and moves; memory is the visited set plus the two
/// largest consecutive layers.
///
/// # Parameters
/// - `problem`: the state space.
/// - `start`: the state to count from.
/// - `visited`: the empty visited set to fill; [`DenseVisited`](crate::visited::DenseVisited) is the
///   lightest for a space with a [`PerfectRank`](crate::problem::PerfectRank).
/// - `limits`: when to give up; the stored-node count is the size of the visited set.
///
/// # Example
/// ```
/// use search_core::{breadth_first::bfs_layers, from_fn, visited::HashVisited, Limits};
///
/// // Subsets of {0, 1, 2, 3} as bitmasks, a move toggles one element: layer d holds the
/// // C(4, d) subsets of size d.
/// let problem = from_fn(|&set: &u8| (0..4).map(move |bit| (set ^ 1 << bit, 1u32)), |_| false);
/// let layers = bfs_layers(&problem, 0, HashVisited::default(), &Limits::default());
/// assert_eq!(layers.counts, [1, 4, 6, 4, 1]);
/// assert_eq!(layers.limit, None);
/// ```
pub fn bfs_layers<P, V>(problem: &P, start: P::State, mut visited: V, limits: &Limits) -> Layers
where
    P: Problem,
    V: VisitedSet<P>,
{
    let began = Instant::now();
    let mut statistics = Statistics::default();
    visited.insert(problem, &start);
    let mut counts = vec![1];
    let mut current = vec![start];
    let mut next = Vec::new();
    let mut guard = Guard::new(limits);
    let mut buffer = Successors::<P>::new();

    let limit = 'search: {
        if let Err(limit) = guard.check_clock() {
            break 'search Some(limit);
        }
        while !current.is_empty() {
            statistics.largest_frontier = statistics.largest_frontier.max(current.len());
            for state in current.drain(..) {
                if let Err(limit) = guard.check(statistics.expanded, visited.len()) {
                    break 'search Some(limit);
                }
                statistics.expanded += 1;
                buffer.clear();
                problem.successors(&state, &mut buffer);
                statistics.generated += buffer.len() as u64;
                for successor in buffer.drain(..) {
                    if visited.insert(problem, &successor.state) {
                        next.push(successor.state);
                    } else {
                        statistics.duplicates += 1;
                    }
                }
            }
            if !next.is_empty() {
                counts.push(next.len() as u64);
            }
            std::mem::swap(&mut current, &mut next);
        }
        None
    };

    statistics.stored = visited.len();
    statistics.elapsed = began.elapsed();
    Layers {
        counts,
        limit,
        statistics,
    }
}
