//! Fringe search: IDA*'s thresholds over A*'s memory, with the frontier kept as one list that
//! each iteration walks from front to back.
//!
//! Björnsson, Enzenberger, Holte and Schaeffer, "Fringe Search: Beating A* at Pathfinding on
//! Game Maps", IEEE Symposium on Computational Intelligence and Games, 2005.

use crate::cost::Cost;
use crate::heuristic::Heuristic;
use crate::limits::{Guard, Limits};
use crate::node_store::{NO_PARENT, NodeStore, Slot};
use crate::observer::{NoObserver, Observer};
use crate::outcome::{Limit, Outcome, OutcomeOf, ResultOf, timed};
use crate::problem::{Problem, Successors};
use crate::statistics::{Iteration, Statistics};

/// The end of the fringe list, and "no neighbour" in it.
const NIL: u32 = u32::MAX;

/// Finds a cheapest path from `start` to a goal by fringe search, under [`Limits::default`].
///
/// # Returns
/// A [`SearchResult`](crate::SearchResult) whose outcome is [`Outcome::Solved`] with a cheapest
/// solution, [`Outcome::Unreachable`] once the fringe is empty, or [`Outcome::LimitReached`]
/// ([`Limit::CostOverflow`] when the next threshold would reach [`Cost::MAX`]).
/// [`Statistics::iterations`] lists each threshold.
///
/// # Guarantees
/// Optimal with an admissible heuristic. Like IDA*, each iteration searches depth first the
/// states whose f is within the threshold, which then rises to the smallest f beyond it; unlike
/// IDA*, every state reached is stored once with its cheapest known cost, so a state reached
/// again at no smaller cost is not searched again, and the states left beyond the threshold
/// wait in the fringe for the next iteration instead of being regenerated. Costs are unsigned;
/// zero-cost actions are allowed. A goal is recognised when the walk reaches it within the
/// threshold.
///
/// # Complexity
/// Memory as A* (every state reached, with a parent index, a cost, an estimate and two list
/// links); no priority queue, so each visit costs `O(1)` besides the successors, and a state is
/// visited once per iteration while it waits in the fringe.
///
/// # Parameters
/// - `problem`: the state space.
/// - `heuristic`: the estimate of the remaining cost; must be admissible for optimality.
/// - `start`: the state to search from.
///
/// # Example
/// ```
/// use search_core::{informed::fringe, from_fn, heuristic_fn};
///
/// // On the integer line, steps of one (cost 1) or five (cost 3) from 0 to 12.
/// let stairs = from_fn(|&n: &u32| [(n + 1, 1u32), (n + 5, 3)].into_iter().filter(|&(m, _)| m <= 12), |&n| n == 12);
/// let estimate = heuristic_fn(|&n: &u32| (12 - n) * 3 / 5);
/// let result = fringe(&stairs, &estimate, 0);
/// assert_eq!(result.into_solution().map(|solution| solution.cost), Some(8));
/// ```
pub fn fringe<P, H>(problem: &P, heuristic: &H, start: P::State) -> ResultOf<P>
where
    P: Problem,
    H: Heuristic<P>,
{
    fringe_with(problem, heuristic, start, &Limits::default(), NoObserver)
}

/// Fringe search under the given `limits`, reporting to `observer`; see [`fringe`](fn@crate::informed::fringe).
///
/// # Parameters
/// - `problem`: the state space.
/// - `heuristic`: the estimate of the remaining cost; must be admissible for optimality.
/// - `start`: the state to search from.
/// - `limits`: when to give up; the stored-node count is every state reached.
/// - `observer`: told of each iteration's threshold, each expansion and each generated edge.
///
/// # Example
/// ```
/// use search_core::{informed::fringe_with, from_fn, Limit, Limits, heuristic::NoHeuristic, observer::NoObserver, Outcome};
///
/// let line = from_fn(|&n: &u64| [(n + 1, 1u64)], |&n| n == 1_000_000);
/// let result = fringe_with(&line, &NoHeuristic, 0, &Limits::none().with_max_expanded(50), NoObserver);
/// assert_eq!(result.outcome, Outcome::LimitReached(Limit::Expanded));
/// ```
pub fn fringe_with<P, H, O>(
    problem: &P,
    heuristic: &H,
    start: P::State,
    limits: &Limits,
    mut observer: O,
) -> ResultOf<P>
where
    P: Problem,
    H: Heuristic<P>,
    O: Observer<P>,
{
    timed::<P>(|statistics| search(problem, heuristic, start, limits, &mut observer, statistics))
}

/// The fringe: a doubly linked list over node indices, walked front to back each iteration.
struct Fringe {
    head: u32,
    next: Vec<u32>,
    previous: Vec<u32>,
    listed: Vec<bool>,
    len: usize,
}

impl Fringe {
    /// Makes room for node `index`, new to the store.
    fn grow_to(&mut self, index: u32) {
        let wanted = index as usize + 1;
        if self.next.len() < wanted {
            self.next.resize(wanted, NIL);
            self.previous.resize(wanted, NIL);
            self.listed.resize(wanted, false);
        }
    }

    fn insert_after(&mut self, at: u32, node: u32) {
        let after = self.next[at as usize];
        self.next[node as usize] = after;
        self.previous[node as usize] = at;
        self.next[at as usize] = node;
        if after != NIL {
            self.previous[after as usize] = node;
        }
        self.listed[node as usize] = true;
        self.len += 1;
    }

    fn remove(&mut self, node: u32) {
        let (before, after) = (self.previous[node as usize], self.next[node as usize]);
        if before == NIL {
            self.head = after;
        } else {
            self.next[before as usize] = after;
        }
        if after != NIL {
            self.previous[after as usize] = before;
        }
        self.listed[node as usize] = false;
        self.len -= 1;
    }
}

fn search<P, H, O>(
    problem: &P,
    heuristic: &H,
    start: P::State,
    limits: &Limits,
    observer: &mut O,
    statistics: &mut Statistics,
) -> OutcomeOf<P>
where
    P: Problem,
    H: Heuristic<P>,
    O: Observer<P>,
{
    let mut guard = Guard::new(limits);
    if let Err(limit) = guard.check_clock() {
        return Outcome::LimitReached(limit);
    }
    let mut store = NodeStore::for_problem::<P>();
    let mut estimates: Vec<P::Cost> = vec![heuristic.estimate(problem, &start)];
    let Ok(Slot::New(root)) = store.insert(start, NO_PARENT, P::Cost::ZERO) else {
        return Outcome::LimitReached(Limit::Stored);
    };
    let mut fringe = Fringe {
        head: root,
        next: vec![NIL],
        previous: vec![NIL],
        listed: vec![true],
        len: 1,
    };
    let mut threshold = estimates[root as usize];
    let mut successors = Successors::<P>::new();
    let mut children: Vec<u32> = Vec::new();

    let outcome = 'search: loop {
        if threshold == P::Cost::MAX {
            break Outcome::LimitReached(Limit::CostOverflow);
        }
        observer.iteration(threshold.to_u64());
        let before = (statistics.expanded, statistics.generated);
        let mut next_threshold = P::Cost::MAX;
        let mut node = fringe.head;
        let end = loop {
            if node == NIL {
                break None;
            }
            let g = store.g(node);
            let f = g.saturating_add(estimates[node as usize]);
            if f > threshold {
                next_threshold = next_threshold.min(f);
                node = fringe.next[node as usize];
                continue;
            }
            if problem.is_goal(store.state(node)) {
                break Some(store.solution_to(problem, node));
            }
            if let Err(limit) = guard.check(statistics.expanded, store.len()) {
                break Some(Outcome::LimitReached(limit));
            }
            statistics.expanded += 1;
            observer.expanded(store.state(node), g);
            successors.clear();
            problem.successors(store.state(node), &mut successors);
            children.clear();
            for successor in successors.drain(..) {
                statistics.generated += 1;
                if O::ENABLED {
                    let from = store.state(node);
                    observer.generated(from, &successor.action, &successor.state, successor.cost);
                }
                let child_g = g.saturating_add(successor.cost);
                let child = match store.insert(successor.state, node, child_g) {
                    Err(_full) => break 'search Outcome::LimitReached(Limit::Stored),
                    Ok(Slot::New(child)) => {
                        store.push_step(successor.action);
                        estimates.push(heuristic.estimate(problem, store.state(child)));
                        fringe.grow_to(child);
                        child
                    }
                    Ok(Slot::Known(child)) => {
                        if child_g >= store.g(child) {
                            statistics.duplicates += 1;
                            continue;
                        }
                        store.improve_child(child, node, child_g, successor.action);
                        if fringe.listed[child as usize] {
                            fringe.remove(child);
                        }
                        child
                    }
                };
                // A state reached twice from one node (parallel moves) is listed once.
                if !children.contains(&child) {
                    children.push(child);
                }
            }
            // Right after the node, in the order listed, so that the walk goes on with them.
            for &child in children.iter().rev() {
                fringe.insert_after(node, child);
            }
            statistics.largest_frontier = statistics.largest_frontier.max(fringe.len);
            let after = fringe.next[node as usize];
            fringe.remove(node);
            node = after;
        };
        statistics.iterations.push(Iteration {
            threshold: threshold.to_u64(),
            expanded: statistics.expanded - before.0,
            generated: statistics.generated - before.1,
        });
        if let Some(outcome) = end {
            break outcome;
        }
        if fringe.len == 0 {
            break Outcome::Unreachable;
        }
        threshold = next_threshold;
    };
    statistics.stored = store.len();
    outcome
}
