//! Yen's k shortest loopless paths: each next path deviates from one already found at some
//! state, by a cheapest path that avoids what the earlier ones did from there.
//!
//! Yen, "Finding the k shortest loopless paths in a network", Management Science 17(11), 1971
//! (<https://doi.org/10.1287/mnsc.17.11.712>).

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::ops::ControlFlow;

use crate::cost::Cost;
use crate::hash::FastHashSet;
use crate::limits::Limits;
use crate::node_store::NodeStore;
use crate::observer::{NoObserver, Observer, Progress};
use crate::open_list::CostQueue;
use crate::outcome::{Limit, Outcome, Solution};
use crate::path::solution;
use crate::problem::{Problem, Successor, Successors};
use crate::shortest_path::dijkstra::{Settler, SettlerParts};
use crate::statistics::Statistics;

/// What [`yen`](fn@crate::yen) found: up to `k` loopless solutions, cheapest first.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct KShortest<State, Action, C> {
    /// The solutions, by non-decreasing cost; fewer than `k` when there are no more loopless
    /// paths to a goal (none when no goal is reachable) or when a limit stopped the search.
    pub solutions: Vec<Solution<State, Action, C>>,
    /// The limit that stopped the search, or `None` if it found `k` solutions or all there are.
    pub limit: Option<Limit>,
    /// What the shortest-path searches did, summed; `stored` and `largest_frontier` are the
    /// largest of one search.
    pub statistics: Statistics,
}

/// The [`KShortest`] of problem `P`.
pub type KShortestOf<P> =
    KShortest<<P as Problem>::State, <P as Problem>::Action, <P as Problem>::Cost>;

/// Finds the `k` cheapest loopless paths from `start` to a goal with Yen's algorithm, under
/// [`Limits::default`].
///
/// # Returns
/// [`KShortest`]: the solutions, cheapest first, and the limit that stopped the search, if any.
///
/// # Guarantees
/// Paths are sequences of states that visit no state twice and end at their first goal; two
/// paths through the same states are one path, taken through the cheapest action of each step
/// (so parallel moves do not make more paths). The `i`-th solution is a cheapest of the loopless
/// paths that are not among the first `i - 1`; among equally cheap paths the order is
/// unspecified. Costs are unsigned, as Dijkstra's algorithm, which finds each deviation,
/// assumes; zero-cost actions are allowed.
///
/// # Complexity
/// `O(k n)` Dijkstra searches for paths of up to `n` states, each over the whole space at worst.
///
/// # Parameters
/// - `problem`: the state space and its goal test.
/// - `start`: the state to search from.
/// - `k`: how many paths to find.
///
/// # Example
/// ```
/// use search_core::{from_fn, yen};
///
/// // a -> b -> d costs 2, a -> c -> d costs 3, a -> d costs 5.
/// let roads = from_fn(
///     |&town: &char| match town {
///         'a' => vec![('b', 1u32), ('c', 1), ('d', 5)],
///         'b' => vec![('d', 1)],
///         'c' => vec![('d', 2)],
///         _ => vec![],
///     },
///     |&town| town == 'd',
/// );
/// let found = yen(&roads, 'a', 5);
/// let costs: Vec<u32> = found.solutions.iter().map(|solution| solution.cost).collect();
/// assert_eq!(costs, [2, 3, 5]); // only three loopless paths exist
/// assert_eq!(found.solutions[1].actions, ['c', 'd']);
/// ```
pub fn yen<P: Problem>(problem: &P, start: P::State, k: usize) -> KShortestOf<P> {
    yen_with(problem, start, k, &Limits::default(), NoObserver)
}

/// [`yen`](fn@crate::yen) under the given `limits`, reporting to `observer`.
///
/// The expansion limit counts the expansions of every search together; the stored-node limit
/// bounds each search, whose store is freed when it ends.
///
/// # Parameters
/// - `problem`: the state space and its goal test.
/// - `start`: the state to search from.
/// - `k`: how many paths to find.
/// - `limits`: when to give up.
/// - `observer`: told of each search's expansions and generated edges.
///
/// # Example
/// ```
/// use search_core::{from_fn, shortest_path::yen_with, Limit, Limits, observer::NoObserver};
///
/// let line = from_fn(|&n: &u32| [(n + 1, 1u32)], |&n| n == 1_000);
/// let found = yen_with(&line, 0, 2, &Limits::none().with_max_expanded(10), NoObserver);
/// assert_eq!(found.limit, Some(Limit::Expanded));
/// assert!(found.solutions.is_empty());
/// ```
pub fn yen_with<P, O>(
    problem: &P,
    start: P::State,
    k: usize,
    limits: &Limits,
    mut observer: O,
) -> KShortestOf<P>
where
    P: Problem,
    O: Observer<P>,
{
    let began = std::time::Instant::now();
    let mut search = Search {
        problem,
        limits,
        observer: &mut observer,
        statistics: Statistics::default(),
        parts: None,
    };
    let mut found: Vec<Path<P>> = Vec::new();
    let limit = search.run(start, k, &mut found);
    let mut statistics = search.statistics;
    statistics.elapsed = began.elapsed();
    let solutions = found
        .into_iter()
        .filter_map(|mut path| {
            let cost = path.cost();
            let start = path.states.swap_remove(0);
            match solution(start, path.actions, cost) {
                Outcome::Solved(solution) => Some(solution),
                Outcome::Unreachable | Outcome::LimitReached(_) => None,
            }
        })
        .collect();
    KShortest {
        solutions,
        limit,
        statistics,
    }
}

/// A loopless path as its states, with the actions between them and the cost of reaching each.
struct Path<P: Problem> {
    /// Where the path left the one it deviates from: its first `deviation + 1` states are that
    /// path's. Zero for the first path.
    deviation: usize,
    states: Vec<P::State>,
    /// `actions[i]` leads from `states[i]` to `states[i + 1]`, as recorded by the search.
    actions: Vec<P::Action>,
    /// `costs[i]` is the cost from the first state to `states[i]`.
    costs: Vec<P::Cost>,
}

impl<P: Problem> Path<P> {
    fn cost(&self) -> P::Cost {
        *self.costs.last().expect("a path has a state")
    }
}

/// The limits, observer and counts that every shortest-path search of one [`yen`](fn@crate::yen) shares.
struct Search<'search, P: Problem, O> {
    problem: &'search P,
    limits: &'search Limits,
    observer: &'search mut O,
    statistics: Statistics,
    /// The store and open list of the latest deviation search, for the next one to clear and
    /// fill.
    parts: Option<SettlerParts<P>>,
}

impl<P: Problem, O: Observer<P>> Search<'_, P, O> {
    /// Fills `found` with up to `k` paths; the limit that stopped it, if one did.
    fn run(&mut self, start: P::State, k: usize, found: &mut Vec<Path<P>>) -> Option<Limit> {
        if k == 0 {
            return None;
        }
        let no_states = FastHashSet::default();
        let first = match self.cheapest_restricted(None, &start, &no_states, &no_states) {
            Ok(Some(path)) => path,
            Ok(None) => return None,
            Err(limit) => return Some(limit),
        };
        found.push(first);
        // Candidates by cost, then by the order they were found; `known` holds every path found
        // or queued, so that none is queued twice.
        let mut candidates: BinaryHeap<Reverse<(P::Cost, usize)>> = BinaryHeap::new();
        let mut queued: Vec<Option<Path<P>>> = Vec::new();
        let mut known: FastHashSet<Vec<P::State>> = FastHashSet::default();
        known.insert(found[0].states.clone());
        let mut taken: FastHashSet<P::State> = FastHashSet::default();
        let mut avoided: FastHashSet<P::State> = FastHashSet::default();
        while found.len() < k {
            let previous = found.last().expect("the first path is found");
            // Lawler's refinement ("A procedure for computing the k best solutions to discrete
            // optimization problems and its application to the shortest path problem",
            // Management Science 18(7), 1972, <https://doi.org/10.1287/mnsc.18.7.401>): before
            // the state where this path left its parent, it shares the parent's roots, and the
            // deviations from those roots were searched with the parent's (and are searched
            // again with every later path that leaves there), so they would queue nothing the
            // enumeration needs. Skipping them saved a quarter of Yen's instructions on random
            // digraphs of 30 nodes (k = 50), with the same costs as a brute-force enumeration
            // of the simple paths of 50,000 random small digraphs.
            for spur_at in previous.deviation..previous.states.len() - 1 {
                let root = &previous.states[..=spur_at];
                let spur = &previous.states[spur_at];
                // The moves earlier paths with this root took from the spur state, and the
                // root's other states: the deviation avoids both, so it is new and loopless.
                // Filled anew for each spur but allocated once: two sets a spur were a tenth of
                // the allocations of Yen on small graphs.
                taken.clear();
                taken.extend(
                    found
                        .iter()
                        .filter(|path| {
                            path.states.len() > spur_at + 1 && path.states[..=spur_at] == *root
                        })
                        .map(|path| path.states[spur_at + 1].clone()),
                );
                avoided.clear();
                avoided.extend(root[..spur_at].iter().cloned());
                let prefix = Some((previous, spur_at));
                let path = match self.cheapest_restricted(prefix, spur, &avoided, &taken) {
                    Ok(Some(path)) => path,
                    Ok(None) => continue,
                    Err(limit) => return Some(limit),
                };
                if known.insert(path.states.clone()) {
                    candidates.push(Reverse((path.cost(), queued.len())));
                    queued.push(Some(path));
                }
            }
            let Some(Reverse((_, next))) = candidates.pop() else {
                break;
            };
            let path = queued[next].take().expect("each candidate is taken once");
            if path.cost() == P::Cost::MAX {
                return Some(Limit::CostOverflow);
            }
            found.push(path);
        }
        None
    }

    /// A cheapest path from `from` to a goal that enters no state of `avoided` and whose first
    /// move enters no state of `taken`, by Dijkstra's algorithm; with a `prefix`, a path and
    /// the position of `from` on it, that path's steps up to `from` come first.
    fn cheapest_restricted(
        &mut self,
        prefix: Option<(&Path<P>, usize)>,
        from: &P::State,
        avoided: &FastHashSet<P::State>,
        taken: &FastHashSet<P::State>,
    ) -> Result<Option<Path<P>>, Limit> {
        let restricted = Restricted {
            inner: self.problem,
            from,
            avoided,
            taken,
        };
        let mut limits = self.limits.clone();
        if let Some(max) = limits.max_expanded {
            limits.max_expanded = Some(max.saturating_sub(self.statistics.expanded));
        }
        let observer = Forward(&mut *self.observer);
        // Every deviation reuses the memory of the one before: on a graph of 30 nodes, allocating
        // a store and an open list for each took more time than searching them.
        let parts = match self.parts.take() {
            Some((mut store, mut open)) => {
                store.clear();
                open.clear();
                (store, open)
            }
            None => (
                NodeStore::for_problem::<Restricted<'_, P>>(),
                CostQueue::new(),
            ),
        };
        let from = std::iter::once(from.clone());
        let mut settler = Settler::with_parts(&restricted, from, parts, &limits, observer);
        settler.expanded_before = self.statistics.expanded;
        let found = loop {
            match settler.settle_next() {
                Err(limit) => break Err(limit),
                Ok(None) => break Ok(None),
                Ok(Some(index)) => {
                    if self.problem.is_goal(settler.store.state(index)) {
                        let store = &settler.store;
                        let (steps, base) = prefix.map_or((0, P::Cost::ZERO), |(path, spur_at)| {
                            (spur_at, path.costs[spur_at])
                        });
                        let length = steps + store.path_length(index);
                        let mut path = Path {
                            deviation: steps,
                            states: Vec::with_capacity(length),
                            actions: Vec::with_capacity(length - 1),
                            costs: Vec::with_capacity(length),
                        };
                        if let Some((root, spur_at)) = prefix {
                            path.states.extend_from_slice(&root.states[..spur_at]);
                            path.actions.extend_from_slice(&root.actions[..spur_at]);
                            path.costs.extend_from_slice(&root.costs[..spur_at]);
                        }
                        store.append_path(
                            &restricted,
                            index,
                            base,
                            &mut path.states,
                            &mut path.actions,
                            &mut path.costs,
                        );
                        break Ok(Some(path));
                    }
                    if let Err(limit) = settler.expand(index) {
                        break Err(limit);
                    }
                }
            }
        };
        let searched = settler.statistics();
        self.parts = Some(settler.into_parts());
        let statistics = &mut self.statistics;
        statistics.expanded += searched.expanded;
        statistics.generated += searched.generated;
        statistics.duplicates += searched.duplicates;
        statistics.stored = statistics.stored.max(searched.stored);
        statistics.largest_frontier = statistics.largest_frontier.max(searched.largest_frontier);
        found
    }
}

/// The problem with some states and some first moves taken away, for one deviation.
struct Restricted<'a, P: Problem> {
    inner: &'a P,
    /// The spur state, whose moves into `taken` are removed.
    from: &'a P::State,
    avoided: &'a FastHashSet<P::State>,
    taken: &'a FastHashSet<P::State>,
}

impl<P: Problem> Problem for Restricted<'_, P> {
    type State = P::State;
    type Action = P::Action;
    type Cost = P::Cost;

    fn is_goal(&self, state: &P::State) -> bool {
        self.inner.is_goal(state)
    }

    fn successors(&self, state: &P::State, out: &mut Successors<Self>) {
        self.inner.successors(state, out);
        let from_spur = state == self.from;
        out.retain(|successor| !self.removes(from_spur, &successor.state));
    }

    const VISITS_SUCCESSORS: bool = P::VISITS_SUCCESSORS;

    // The inner problem's successors one at a time, where it makes them so: the deviations'
    // searches then skip the buffer and its `retain`.
    #[inline]
    fn visit_successors<B>(
        &self,
        state: &P::State,
        mut visit: impl FnMut(Successor<P::State, P::Action, P::Cost>) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        let from_spur = state == self.from;
        self.inner.visit_successors(state, |successor| {
            if self.removes(from_spur, &successor.state) {
                ControlFlow::Continue(())
            } else {
                visit(successor)
            }
        })
    }

    const ACTIONS_FROM_STATES: bool = P::ACTIONS_FROM_STATES;

    fn action_between(&self, from: &P::State, to: &P::State) -> Option<P::Action> {
        self.inner.action_between(from, to)
    }
}

impl<P: Problem> Restricted<'_, P> {
    /// Whether this deviation removes the move into `to`, made from the spur state when
    /// `from_spur`.
    #[inline]
    fn removes(&self, from_spur: bool, to: &P::State) -> bool {
        self.avoided.contains(to) || (from_spur && self.taken.contains(to))
    }
}

/// An observer of the problem, observing its restrictions: same states, actions and costs.
struct Forward<'o, O>(&'o mut O);

impl<P: Problem, O: Observer<P>> Observer<Restricted<'_, P>> for Forward<'_, O> {
    const ENABLED: bool = O::ENABLED;
    const PROGRESS: bool = O::PROGRESS;

    /// The counts of the whole enumeration; no bound, since each deviation's costs start
    /// from its spur state, not from the start.
    fn progress(&mut self, progress: &Progress) {
        self.0.progress(&Progress {
            bound: None,
            ..*progress
        });
    }

    fn expanded(&mut self, state: &P::State, cost: P::Cost) {
        self.0.expanded(state, cost);
    }

    fn generated(&mut self, from: &P::State, action: &P::Action, to: &P::State, cost: P::Cost) {
        self.0.generated(from, action, to, cost);
    }
}
