//! Every optimal solution at once: A* that keeps, for each state, every parent through which it
//! is reached at its cheapest cost, then counts and enumerates the paths of that graph.
//!
//! The "bag" of pathfinding's `astar_bag`
//! (<https://docs.rs/pathfinding/latest/pathfinding/directed/astar/fn.astar_bag.html>), with
//! actions on the links, so that parallel moves of equal cost are distinct solutions.

use smallvec::SmallVec;

use crate::cost::Cost;
use crate::heuristic::Heuristic;
use crate::limits::{Guard, Limits};
use crate::node_store::{NO_PARENT, NodeStore, Slot};
use crate::observer::{NoObserver, Observer, progress_every_interval};
use crate::open_list::OpenList;
use crate::outcome::{Limit, Solution};
use crate::problem::{Problem, Successors};
use crate::statistics::Statistics;

/// A link of the graph of optimal paths: the parent's index and the action from it.
type Link<Action> = (u32, Action);

/// What [`astar_bag`](fn@crate::informed::astar_bag) found: every optimal solution, to be counted or enumerated.
///
/// It holds the states reached at their cheapest cost with every cheapest link into each, so
/// counting costs time linear in that graph, and enumeration builds one solution at a time.
#[derive(Debug)]
pub struct OptimalSolutions<State, Action, C> {
    store: NodeStore<State, C>,
    /// For each stored node, every link into it at its cheapest cost.
    links: Vec<SmallVec<[Link<Action>; 1]>>,
    /// The goal nodes reached at the optimal cost.
    goals: Vec<u32>,
    /// The cost of every solution.
    cost: C,
}

/// How [`astar_bag`](fn@crate::informed::astar_bag) ended.
#[derive(Debug)]
#[expect(
    clippy::large_enum_variant,
    reason = "one outcome a search, moved once: boxing the bag would cost an allocation for nothing"
)]
pub enum BagOutcome<State, Action, C> {
    /// At least one goal is reachable; every optimal solution is in the bag.
    Solved(OptimalSolutions<State, Action, C>),
    /// No goal is reachable from the start.
    Unreachable,
    /// A limit stopped the search before it could prove either answer.
    LimitReached(Limit),
}

/// The result of [`astar_bag`](fn@crate::informed::astar_bag): how it ended, and the statistics every algorithm reports.
#[derive(Debug)]
pub struct BagResult<State, Action, C> {
    /// How the search ended.
    pub outcome: BagOutcome<State, Action, C>,
    /// What the search did on the way.
    pub statistics: Statistics,
}

/// The [`BagResult`] of problem `P`.
pub type BagResultOf<P> =
    BagResult<<P as Problem>::State, <P as Problem>::Action, <P as Problem>::Cost>;

/// Finds every cheapest path from `start` to a goal with A*, under [`Limits::default`].
///
/// # Returns
/// A [`BagResult`] whose outcome is [`BagOutcome::Solved`] with the [`OptimalSolutions`] (their
/// cost, their [`count`](OptimalSolutions::count), and a lazy
/// [`iter`](OptimalSolutions::iter)ation over them), [`BagOutcome::Unreachable`], or
/// [`BagOutcome::LimitReached`] with the limits of [`astar`](fn@crate::astar).
///
/// # Guarantees
/// With an admissible heuristic, every path from `start` to a goal that costs the optimum and
/// visits no state twice is in the bag, once for each sequence of actions (parallel moves of
/// equal cost are distinct solutions). A solution ends at its first goal: paths that go on
/// through a goal are not counted. Costs are unsigned; with zero-cost cycles the cheapest paths
/// that repeat a state are infinitely many, and the bag holds only those that do not. The search
/// goes on after the first goal until every open path is estimated beyond the optimum, so it
/// expands a little more than [`astar`](fn@crate::astar).
///
/// # Complexity
/// As [`astar`](fn@crate::astar), plus one stored link per cheapest edge into each state.
/// [`count`](OptimalSolutions::count) is linear in the stored links when no zero-cost cycle is
/// among them, and otherwise enumerates.
///
/// # Parameters
/// - `problem`: the state space.
/// - `heuristic`: the estimate of the remaining cost; must be admissible.
/// - `start`: the state to search from.
///
/// # Example
/// ```
/// use search_core::{informed::astar_bag, from_fn, informed::BagOutcome, heuristic::NoHeuristic};
///
/// // On a 3 x 3 grid, moving right or down from the top-left to the bottom-right corner: the
/// // C(4, 2) = 6 orders of two rights and two downs.
/// let grid = from_fn(
///     |&(x, y): &(u8, u8)| [(x + 1, y), (x, y + 1)].into_iter().filter(|&(x, y)| x < 3 && y < 3).map(|next| (next, 1u32)),
///     |&corner| corner == (2, 2),
/// );
/// let BagOutcome::Solved(bag) = astar_bag(&grid, &NoHeuristic, (0, 0)).outcome else {
///     panic!("the corner is reachable")
/// };
/// assert_eq!(bag.cost(), 4);
/// assert_eq!(bag.count(), 6);
/// assert!(bag.iter().all(|solution| solution.cost == 4 && solution.len() == 4));
/// ```
pub fn astar_bag<P, H>(problem: &P, heuristic: &H, start: P::State) -> BagResultOf<P>
where
    P: Problem,
    H: Heuristic<P>,
{
    astar_bag_with(problem, heuristic, start, &Limits::default(), NoObserver)
}

/// [`astar_bag`](fn@crate::informed::astar_bag) under the given `limits`, reporting to `observer`.
///
/// # Parameters
/// - `problem`: the state space.
/// - `heuristic`: the estimate of the remaining cost; must be admissible.
/// - `start`: the state to search from.
/// - `limits`: when to give up.
/// - `observer`: told of each expansion and each generated edge.
///
/// # Example
/// ```
/// use search_core::{informed::astar_bag_with, from_fn, informed::BagOutcome, Limit, Limits, heuristic::NoHeuristic, observer::NoObserver};
///
/// let line = from_fn(|&n: &u32| [(n + 1, 1u32)], |&n| n == 1_000);
/// let limits = Limits::none().with_max_expanded(10);
/// let result = astar_bag_with(&line, &NoHeuristic, 0, &limits, NoObserver);
/// assert!(matches!(result.outcome, BagOutcome::LimitReached(Limit::Expanded)));
/// ```
pub fn astar_bag_with<P, H, O>(
    problem: &P,
    heuristic: &H,
    start: P::State,
    limits: &Limits,
    mut observer: O,
) -> BagResultOf<P>
where
    P: Problem,
    H: Heuristic<P>,
    O: Observer<P>,
{
    let began = std::time::Instant::now();
    let mut statistics = Statistics::default();
    let outcome = search(
        problem,
        heuristic,
        start,
        limits,
        &mut observer,
        &mut statistics,
    );
    statistics.elapsed = began.elapsed();
    BagResult {
        outcome,
        statistics,
    }
}

fn search<P, H, O>(
    problem: &P,
    heuristic: &H,
    start: P::State,
    limits: &Limits,
    observer: &mut O,
    statistics: &mut Statistics,
) -> BagOutcome<P::State, P::Action, P::Cost>
where
    P: Problem,
    H: Heuristic<P>,
    O: Observer<P>,
{
    let mut guard = Guard::new(limits);
    if let Err(limit) = guard.check_clock() {
        return BagOutcome::LimitReached(limit);
    }
    let mut store = NodeStore::<P::State, P::Cost>::new();
    let mut links: Vec<SmallVec<[Link<P::Action>; 1]>> = Vec::new();
    let mut open = OpenList::new();
    let start_h = heuristic.estimate(problem, &start);
    let Ok(Slot::New(root)) = store.insert(start, NO_PARENT, P::Cost::ZERO) else {
        return BagOutcome::LimitReached(Limit::Stored);
    };
    links.push(SmallVec::new());
    if open.push(root, P::Cost::ZERO, start_h).is_err() {
        return BagOutcome::LimitReached(Limit::Stored);
    }
    let mut goals = Vec::new();
    // The optimal cost, once the first goal is selected.
    let mut optimum: Option<P::Cost> = None;
    let mut successors = Successors::<P>::new();

    let end = 'search: loop {
        let Some(entry) = open.pop() else {
            break None;
        };
        if entry.g != store.g(entry.index) || store.is_closed(entry.index) {
            continue; // Superseded, or already expanded at this cost.
        }
        let f = entry.g.saturating_add(entry.h);
        if optimum.is_some_and(|optimum| f > optimum) {
            break None; // Every path left costs more than the optimum.
        }
        if f == P::Cost::MAX {
            break Some(Limit::CostOverflow);
        }
        store.set_closed(entry.index, true);
        if problem.is_goal(store.state(entry.index)) {
            // Solutions end at their first goal: a goal is not expanded.
            optimum = Some(entry.g);
            goals.push(entry.index);
            continue;
        }
        if let Err(limit) = guard.check(statistics.expanded, store.len()) {
            break Some(limit);
        }
        statistics.expanded += 1;
        progress_every_interval::<P, O>(observer, statistics.expanded, store.len(), || {
            Some(f.to_u64())
        });
        let parent_g = entry.g;
        observer.expanded(store.state(entry.index), parent_g);
        successors.clear();
        problem.successors(store.state(entry.index), &mut successors);
        for successor in successors.drain(..) {
            statistics.generated += 1;
            if O::ENABLED {
                let from = store.state(entry.index);
                observer.generated(from, &successor.action, &successor.state, successor.cost);
            }
            let g = parent_g.saturating_add(successor.cost);
            let link = (entry.index, successor.action);
            match store.insert(successor.state, NO_PARENT, g) {
                Err(_full) => break 'search Some(Limit::Stored),
                Ok(Slot::New(child)) => {
                    links.push(SmallVec::from_buf([link]));
                    let h = heuristic.estimate(problem, store.state(child));
                    if open.push(child, g, h).is_err() {
                        break 'search Some(Limit::Stored);
                    }
                }
                Ok(Slot::Known(child)) => {
                    let known = store.g(child);
                    // No simple path leads back into the start, and the start alone has no
                    // links, which is how the enumeration recognises it.
                    if g > known || child == root {
                        statistics.duplicates += 1;
                    } else if g == known {
                        // Another cheapest way in: kept, whether or not the child was expanded.
                        links[child as usize].push(link);
                    } else {
                        store.improve(child, NO_PARENT, g);
                        links[child as usize].clear();
                        links[child as usize].push(link);
                        if store.is_closed(child) {
                            store.set_closed(child, false);
                            statistics.reopened += 1;
                        }
                        let h = heuristic.estimate(problem, store.state(child));
                        if open.push(child, g, h).is_err() {
                            break 'search Some(Limit::Stored);
                        }
                    }
                }
            }
        }
    };
    statistics.stored = store.len();
    match (end, optimum) {
        (Some(limit), _) => BagOutcome::LimitReached(limit),
        (None, None) => BagOutcome::Unreachable,
        (None, Some(cost)) => BagOutcome::Solved(OptimalSolutions {
            store,
            links,
            goals,
            cost,
        }),
    }
}

impl<State, Action, C> OptimalSolutions<State, Action, C>
where
    State: Clone + Eq + std::hash::Hash,
    Action: Clone,
    C: Cost,
{
    /// The cost of every solution.
    pub fn cost(&self) -> C {
        self.cost
    }

    /// The number of optimal solutions, saturating at `u128::MAX`.
    ///
    /// Linear in the stored links when they form no cycle (always, when every action costs more
    /// than zero); otherwise it counts by enumerating, which takes as long as
    /// [`iter`](OptimalSolutions::iter) does.
    pub fn count(&self) -> u128 {
        match self.count_acyclic() {
            Some(count) => count,
            None => self.iter().fold(0u128, |count, _| count.saturating_add(1)),
        }
    }

    /// The number of paths from the start into each node, by links, for the goals' sum; `None`
    /// when the links have a cycle.
    fn count_acyclic(&self) -> Option<u128> {
        // Depth-first over the links from the goals towards the start, with three colours.
        const UNSEEN: u8 = 0;
        const OPEN: u8 = 1;
        const DONE: u8 = 2;
        let mut colour = vec![UNSEEN; self.links.len()];
        let mut paths = vec![0u128; self.links.len()];
        let mut total = 0u128;
        for &goal in &self.goals {
            let mut stack = vec![(goal, 0usize)];
            colour[goal as usize] = OPEN;
            while let Some(&mut (node, ref mut next)) = stack.last_mut() {
                let links = &self.links[node as usize];
                if let Some(&(parent, _)) = links.get(*next) {
                    *next += 1;
                    match colour[parent as usize] {
                        UNSEEN => {
                            colour[parent as usize] = OPEN;
                            stack.push((parent, 0));
                        }
                        OPEN => return None,
                        _ => {}
                    }
                    continue;
                }
                // The root alone has no links, and one path: the empty one.
                paths[node as usize] = if links.is_empty() {
                    1
                } else {
                    links.iter().fold(0u128, |sum, &(parent, _)| {
                        sum.saturating_add(paths[parent as usize])
                    })
                };
                colour[node as usize] = DONE;
                stack.pop();
            }
            total = total.saturating_add(paths[goal as usize]);
        }
        Some(total)
    }

    /// Every optimal solution, built one at a time as the iterator is advanced.
    pub fn iter(&self) -> Enumerate<'_, State, Action, C> {
        Enumerate {
            bag: self,
            next_goal: 0,
            stack: Vec::new(),
        }
    }
}

impl<'bag, State, Action, C> IntoIterator for &'bag OptimalSolutions<State, Action, C>
where
    State: Clone + Eq + std::hash::Hash,
    Action: Clone,
    C: Cost,
{
    type Item = Solution<State, Action, C>;
    type IntoIter = Enumerate<'bag, State, Action, C>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

/// The lazy enumeration of [`OptimalSolutions::iter`]: a depth-first walk over the links from
/// each goal back to the start, one solution per path.
#[derive(Debug)]
pub struct Enumerate<'bag, State, Action, C> {
    bag: &'bag OptimalSolutions<State, Action, C>,
    /// The goal the next walk starts from, once `stack` is empty.
    next_goal: usize,
    /// The walk back: each node with the position of the next link to try into it.
    stack: Vec<(u32, usize)>,
}

impl<State, Action, C> Iterator for Enumerate<'_, State, Action, C>
where
    State: Clone + Eq + std::hash::Hash,
    Action: Clone,
    C: Cost,
{
    type Item = Solution<State, Action, C>;

    fn next(&mut self) -> Option<Self::Item> {
        let bag = self.bag;
        loop {
            if self.stack.is_empty() {
                let &goal = bag.goals.get(self.next_goal)?;
                self.next_goal += 1;
                self.stack.push((goal, 0));
            }
            let Some(&mut (node, ref mut next)) = self.stack.last_mut() else {
                continue;
            };
            let links = &bag.links[node as usize];
            if links.is_empty() {
                // The start: the stack, read from the top down, is a solution.
                let actions = self
                    .stack
                    .iter()
                    .rev()
                    .skip(1)
                    .map(|&(child, taken)| bag.links[child as usize][taken - 1].1.clone())
                    .collect();
                let solution = Solution {
                    start: bag.store.state(node).clone(),
                    actions,
                    cost: bag.cost,
                };
                self.stack.pop();
                return Some(solution);
            }
            let Some(&(parent, _)) = links.get(*next) else {
                self.stack.pop();
                continue;
            };
            *next += 1;
            // Simple paths only: a zero-cost cycle would otherwise go round forever.
            if self.stack.iter().any(|&(on_path, _)| on_path == parent) {
                continue;
            }
            self.stack.push((parent, 0));
        }
    }
}
