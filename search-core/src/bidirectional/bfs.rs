//! Bidirectional breadth-first search, <https://en.wikipedia.org/wiki/Bidirectional_search>.

use std::time::Instant;

use hashbrown::hash_table::{Entry, HashTable};

use crate::cost::Cost;
use crate::hash::hash_one;
use crate::limits::{Guard, Limits};
use crate::observer::{NoObserver, Observer, progress_every_interval};
use crate::outcome::{Limit, Outcome, ResultOf, SearchResult};
use crate::path::solution;
use crate::problem::{Problem, Reversible, Successors};
use crate::statistics::Statistics;
use crate::tree::Tree;

/// Finds a path with the fewest actions from `start` to `goal`, searching forward from `start`
/// and backward from `goal` until the two searches meet.
///
/// Uses [`Limits::default`] and no observer; see [`bidirectional_bfs_with`].
///
/// # Returns
/// A [`SearchResult`] whose outcome is [`Outcome::Solved`] with a solution of the fewest actions
/// from `start` to `goal`, [`Outcome::Unreachable`] once either search has run out of states
/// (all states reachable from `start`, or all states that reach `goal`, have been seen), or
/// [`Outcome::LimitReached`] with:
/// - [`Limit::Stored`] once the two sides together store
///   [`Limits::DEFAULT_MAX_STORED`](crate::Limits::DEFAULT_MAX_STORED) states;
/// - [`Limit::CostOverflow`] when the path found costs [`Cost::MAX`] or more, such as a path of
///   255 unit actions with `u8` costs. The search ignores costs while it runs, so it learns this
///   only once it has the path, and reports the limit rather than a saturated, wrong cost; a
///   wider [`Problem::Cost`] type lifts it.
///
/// # Guarantees
/// Costs are ignored while searching: the solution has the fewest actions of all paths from
/// `start` to `goal`, so it is cost-optimal when every action costs the same; on a weighted
/// problem it is a fewest-action path reported at the true sum of its actions' costs (use
/// [`bidirectional_dijkstra`](fn@crate::bidirectional::bidirectional_dijkstra) for a cheapest one). The goal
/// is the state `goal`: the problem's [`is_goal`](Problem::is_goal) is not consulted. If `start`
/// equals `goal`, the solution is empty and costs zero. The problem's
/// [`predecessors`](Reversible::predecessors) must list exactly the moves that
/// [`successors`](Problem::successors) lists, read backwards.
///
/// # Complexity
/// With branching factor `b` and solution length `d`, about `O(b^(d/2))` time and memory instead
/// of breadth-first search's `O(b^d)`: each side searches half the depth.
///
/// # Parameters
/// - `problem`: the state space, able to enumerate moves backwards.
/// - `start`: the state to search from.
/// - `goal`: the state to reach.
///
/// # Example
/// ```
/// use search_core::{bidirectional_bfs, closure::from_fn_reversible};
///
/// // Steps of 3 and 5 on the integers, in both directions, from 0 to 19 (= 3 * 3 + 2 * 5).
/// let steps = |&n: &i64| [(n + 3, 1u32), (n - 3, 1), (n + 5, 1), (n - 5, 1)];
/// let problem = from_fn_reversible(steps, steps, |&n| n == 19);
/// let solution = bidirectional_bfs(&problem, 0, 19).into_solution().expect("reachable");
/// assert_eq!(solution.cost, 5);
/// assert_eq!(solution.states(&problem).expect("a valid path").last(), Some(&19));
/// ```
///
/// `u8::MAX` is 255: a path of 254 unit actions fits a `u8` cost, one of 255 does not.
/// ```
/// use search_core::{bidirectional_bfs, closure::from_fn_reversible, Limit, Outcome};
///
/// let forward = |&n: &u16| [(n + 1, 1u8)];
/// let backward = |&n: &u16| n.checked_sub(1).map(|previous| (previous, 1u8));
/// let line = from_fn_reversible(forward, backward, |_| false); // the goal is an argument here
/// let fits = bidirectional_bfs(&line, 0, 254).into_solution();
/// assert_eq!(fits.map(|solution| solution.cost), Some(254));
/// let too_long = bidirectional_bfs(&line, 0, 255).outcome;
/// assert_eq!(too_long, Outcome::LimitReached(Limit::CostOverflow));
/// ```
pub fn bidirectional_bfs<P: Reversible>(
    problem: &P,
    start: P::State,
    goal: P::State,
) -> ResultOf<P> {
    bidirectional_bfs_with(problem, start, goal, &Limits::default(), NoObserver)
}

/// Bidirectional breadth-first search with chosen limits and observer.
///
/// Returns and guarantees as [`bidirectional_bfs`]. Each side keeps every state it reached once,
/// with a 32-bit parent index, in a store that is also its visited set. Each round expands one
/// whole layer of the side whose frontier is smaller, and a meeting is recognised as soon as a
/// new state of one side is known to the other.
///
/// The search stops at that first meeting, which is safe because whole layers are expanded.
/// When a side starts on its layer of states `a` actions from its root, it holds every state
/// within `a` actions of that root and the other side every state within `b` actions of its
/// own, with none in common, so every path between the roots has more than `a + b` actions. A
/// meeting at a new state, `a + 1` actions from this root and `k <= b` from the other, closes a
/// path of `a + 1 + k` actions: so `k = b`, and the path has `a + b + 1` actions, the fewest
/// possible.
///
/// A side that would store more than `u32::MAX` nodes ends the search with
/// [`Outcome::LimitReached`]`(`[`Limit::Stored`]`)`.
///
/// # Complexity
/// As [`bidirectional_bfs`].
///
/// # Parameters
/// - `problem`: the state space, able to enumerate moves backwards.
/// - `start`: the state to search from.
/// - `goal`: the state to reach.
/// - `limits`: when to give up; the stored-node count is the sum of both sides.
/// - `observer`: receives each expansion and each generated edge, in the direction of the move
///   (from the predecessor to the state, for backward expansions). A forward node reports its
///   path cost from `start`, a backward node its path cost to `goal`.
///
/// # Example
/// ```
/// use search_core::{bidirectional::bidirectional_bfs_with, closure::from_fn_reversible, Limits, observer::NoObserver, Outcome};
///
/// // Two separate rings of 10 numbers each: 0..10 and 10..20.
/// let ring = |&n: &u32| [(n / 10 * 10 + (n + 1) % 10, 1u32), (n / 10 * 10 + (n + 9) % 10, 1)];
/// let problem = from_fn_reversible(ring, ring, |&n| n == 15);
/// let result = bidirectional_bfs_with(&problem, 3, 15, &Limits::default(), NoObserver);
/// assert_eq!(result.outcome, Outcome::Unreachable);
/// ```
pub fn bidirectional_bfs_with<P, O>(
    problem: &P,
    start: P::State,
    goal: P::State,
    limits: &Limits,
    observer: O,
) -> ResultOf<P>
where
    P: Reversible,
    O: Observer<P>,
{
    search_towards(
        problem,
        std::iter::once(start),
        std::iter::once(goal),
        limits,
        observer,
    )
}

/// The bidirectional search of [`bidirectional_bfs_with`] and
/// [`bidirectional_bfs_to_goals_with`](crate::bidirectional::bidirectional_bfs_to_goals_with): the backward side
/// starts from every goal at once, at depth zero, so it measures the distance to the nearest.
pub(crate) fn search_towards<P, O>(
    problem: &P,
    starts: impl IntoIterator<Item = P::State>,
    goals: impl IntoIterator<Item = P::State>,
    limits: &Limits,
    mut observer: O,
) -> ResultOf<P>
where
    P: Reversible,
    O: Observer<P>,
{
    let began = Instant::now();
    let mut statistics = Statistics::default();
    let mut forward = Side::<P, O>::empty(Direction::Forward);
    let mut backward = Side::<P, O>::empty(Direction::Backward);
    let mut guard = Guard::new(limits);

    let outcome = 'search: {
        for start in starts {
            if let Insertion::Full = forward.insert_root(start) {
                break 'search Outcome::LimitReached(Limit::Stored);
            }
        }
        for goal in goals {
            if let Insertion::Full = backward.insert_root(goal) {
                break 'search Outcome::LimitReached(Limit::Stored);
            }
        }
        // A start that is a goal: the empty solution from the first such start.
        for root in 0..forward.tree.len() {
            let state = forward.tree.state(root);
            if backward.find(hash_one(state), state).is_some() {
                break 'search forward.tree.solution_to(problem, root);
            }
        }
        // The guard reads the clock only every so many expansions; a search that starts past its
        // deadline or already cancelled should not do that work first.
        if let Err(limit) = guard.check_clock() {
            break 'search Outcome::LimitReached(limit);
        }
        loop {
            let (forward_frontier, backward_frontier) =
                (forward.frontier_len(), backward.frontier_len());
            if forward_frontier == 0 || backward_frontier == 0 {
                break 'search Outcome::Unreachable;
            }
            statistics.largest_frontier = statistics
                .largest_frontier
                .max(forward_frontier + backward_frontier);
            let mut round = Round {
                problem,
                guard: &mut guard,
                observer: &mut observer,
                statistics: &mut statistics,
            };
            let meeting = if forward_frontier <= backward_frontier {
                round.expand_layer(&mut forward, &backward)
            } else {
                round
                    .expand_layer(&mut backward, &forward)
                    .map(|meeting| meeting.map(|(here, there)| (there, here)))
            };
            match meeting {
                Err(limit) => break 'search Outcome::LimitReached(limit),
                Ok(None) => {}
                Ok(Some((in_forward, in_backward))) => {
                    // The backward tree's steps lead from each node towards its root, a goal.
                    let (start, mut actions, to_meeting) =
                        forward.tree.steps_down(problem, in_forward);
                    let (to_goal, from_meeting) = backward.tree.steps_up(problem, in_backward);
                    actions.extend(to_goal);
                    let cost = to_meeting.saturating_add(from_meeting);
                    break 'search solution(start, actions, cost);
                }
            }
        }
    };

    statistics.stored = forward.tree.len() + backward.tree.len();
    statistics.elapsed = began.elapsed();
    SearchResult {
        outcome,
        statistics,
    }
}

/// Which way a side searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Direction {
    /// From the start, through successors.
    Forward,
    /// From the goal, through predecessors.
    Backward,
}

/// One side of the search: a search tree whose nodes are also indexed by state.
struct Side<P: Problem, O> {
    tree: Tree<P::State, P::Action, P::Cost>,
    /// Node indices hashed by their state: the visited set and the lookup for meetings, without
    /// a second copy of each state.
    index: HashTable<u32>,
    /// Where the layer being expanded next (the frontier) starts in `tree`.
    frontier_start: usize,
    direction: Direction,
    /// Path costs from this side's root, kept only when the observer listens.
    costs: Vec<P::Cost>,
    observer: std::marker::PhantomData<fn(&mut O)>,
}

/// What an insertion into a side found.
enum Insertion {
    /// A new node, at this index.
    New(usize),
    /// The state was already on this side.
    Duplicate,
    /// The side is full.
    Full,
}

impl<P: Problem, O: Observer<P>> Side<P, O> {
    /// A side with no root yet; [`insert_root`](Side::insert_root) adds them.
    fn empty(direction: Direction) -> Self {
        Side {
            tree: Tree::empty::<P>(),
            index: HashTable::new(),
            frontier_start: 0,
            direction,
            costs: Vec::new(),
            observer: std::marker::PhantomData,
        }
    }

    /// Adds `root` at depth zero unless the side has it already; only before the first
    /// expansion, while every node is a root of the first layer.
    fn insert_root(&mut self, root: P::State) -> Insertion {
        debug_assert_eq!(self.frontier_start, 0, "roots come before any expansion");
        let hash = hash_one(&root);
        let tree = &mut self.tree;
        match self.index.entry(
            hash,
            |&node| tree.state(node as usize) == &root,
            |&node| hash_one(tree.state(node as usize)),
        ) {
            Entry::Occupied(_) => Insertion::Duplicate,
            Entry::Vacant(vacant) => match tree.push_root(root) {
                Some(node) => {
                    // The tree only hands out indices that fit its 32-bit parents.
                    vacant.insert(node as u32);
                    if O::ENABLED {
                        self.costs.push(P::Cost::ZERO);
                    }
                    Insertion::New(node)
                }
                None => Insertion::Full,
            },
        }
    }

    fn frontier_len(&self) -> usize {
        self.tree.len() - self.frontier_start
    }

    /// The node holding `state`, whose hash is `hash`.
    fn find(&self, hash: u64, state: &P::State) -> Option<usize> {
        self.index
            .find(hash, |&node| self.tree.state(node as usize) == state)
            .map(|&node| node as usize)
    }

    /// Stores `state` as a child of `parent`, linked to it by `action` at `cost`, unless this
    /// side already has it.
    fn insert(
        &mut self,
        hash: u64,
        state: P::State,
        parent: usize,
        action: P::Action,
        cost: P::Cost,
    ) -> Insertion {
        let tree = &mut self.tree;
        match self.index.entry(
            hash,
            |&node| tree.state(node as usize) == &state,
            |&node| hash_one(tree.state(node as usize)),
        ) {
            Entry::Occupied(_) => Insertion::Duplicate,
            Entry::Vacant(vacant) => match tree.push(state, parent, action, cost) {
                Some(node) => {
                    // The tree only hands out indices that fit its 32-bit parents.
                    vacant.insert(node as u32);
                    Insertion::New(node)
                }
                None => Insertion::Full,
            },
        }
    }
}

/// The shared state a layer expansion works with.
struct Round<'a, 'limits, P: Problem, O> {
    problem: &'a P,
    guard: &'a mut Guard<'limits>,
    observer: &'a mut O,
    statistics: &'a mut Statistics,
}

impl<P: Reversible, O: Observer<P>> Round<'_, '_, P, O> {
    /// Expands the whole frontier of `side`; returns the first meeting as `(node on side, node
    /// on other)`.
    ///
    /// Stopping at the first meeting is safe because whole layers are expanded and meetings are
    /// checked on generation. Before this layer, `side` held every state within `a` actions of
    /// its root and `other` every state within `b` actions of its own, with no state in common, so
    /// every path between the roots is longer than `a + b`. A meeting at a new state (`a + 1`
    /// actions from this root, `k <= b` from the other) yields a path of `a + 1 + k` actions,
    /// hence `k = b` and the path is a shortest one: every meeting of the layer is equally short.
    fn expand_layer(
        &mut self,
        side: &mut Side<P, O>,
        other: &Side<P, O>,
    ) -> Result<Option<(usize, usize)>, Limit> {
        let layer = side.frontier_start..side.tree.len();
        side.frontier_start = layer.end;
        let mut buffer = Successors::<P>::new();
        for parent in layer {
            self.guard
                .check(self.statistics.expanded, side.tree.len() + other.tree.len())?;
            self.statistics.expanded += 1;
            let stored = side.tree.len() + other.tree.len();
            progress_every_interval::<P, O>(
                self.observer,
                self.statistics.expanded,
                stored,
                || None,
            );
            let state = side.tree.state(parent);
            if O::ENABLED {
                self.observer.expanded(state, side.costs[parent]);
            }
            buffer.clear();
            match side.direction {
                Direction::Forward => self.problem.successors(state, &mut buffer),
                Direction::Backward => self.problem.predecessors(state, &mut buffer),
            }
            for neighbour in buffer.drain(..) {
                // Counted one by one: a meeting ends the loop early, and the count should match
                // what the observer saw.
                self.statistics.generated += 1;
                if O::ENABLED {
                    let state = side.tree.state(parent);
                    match side.direction {
                        Direction::Forward => self.observer.generated(
                            state,
                            &neighbour.action,
                            &neighbour.state,
                            neighbour.cost,
                        ),
                        Direction::Backward => self.observer.generated(
                            &neighbour.state,
                            &neighbour.action,
                            state,
                            neighbour.cost,
                        ),
                    }
                }
                let hash = hash_one(&neighbour.state);
                match side.insert(
                    hash,
                    neighbour.state,
                    parent,
                    neighbour.action,
                    neighbour.cost,
                ) {
                    Insertion::Duplicate => self.statistics.duplicates += 1,
                    Insertion::Full => return Err(Limit::Stored),
                    Insertion::New(node) => {
                        if O::ENABLED {
                            let cost = side.costs[parent].saturating_add(neighbour.cost);
                            side.costs.push(cost);
                        }
                        // Only a state new to this side can be a new meeting: an old one was
                        // checked against the other side when it was stored.
                        if let Some(there) = other.find(hash, side.tree.state(node)) {
                            return Ok(Some((node, there)));
                        }
                    }
                }
            }
        }
        Ok(None)
    }
}
