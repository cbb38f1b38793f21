//! IDA* on several threads: each iteration's tree is split into subtrees near the root, and the
//! threads search the subtrees in place, taking them from a shared queue.
//!
//! This is the simple form of parallel IDA* that suits trees as uniform as sliding-tile
//! puzzles': no work stealing inside a subtree, so each thread's loop is exactly the serial one.
//! The subtrees are searched largest first, as the previous iteration measured them, then in
//! increasing order of their roots' f (see [`order_subtrees`]). A thread that finds a goal halts
//! only the threads searching *later* subtrees, and the goal of the earliest subtree wins, so the
//! answer does not depend on timing.

use std::num::NonZeroUsize;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::thread;

use super::crew::Crew;
use super::serial::{End, Root, Shared, Walk, idastar_with, start_or_goal};
use super::split::{
    MAX_SPLIT_DEPTH, MAX_SUBTREES_PER_THREAD, MIN_SUBTREES_PER_THREAD, PREVIOUS_NODES_PER_SUBTREE,
};
use crate::cost::Cost;
use crate::hash::FastHashMap;
use crate::heuristic::IncrementalHeuristic;
use crate::limits::{Guard, Limits};
use crate::observer::NoObserver;
use crate::outcome::{Limit, Outcome, OutcomeOf, ResultOf, Solution, timed};
use crate::problem::{Actions, InPlace, Problem};
use crate::statistics::{Iteration, Statistics};

/// The most threads [`idastar_parallel`] starts, whatever it is asked for.
///
/// Why a bound: the split near the root makes at least 1024 subtrees a thread, so a request for
/// a hundred thousand threads would first build a hundred million subtrees; and no machine this
/// search suits has more cores than this.
pub const MAX_PARALLEL_THREADS: usize = 256;

/// IDA* with `threads` threads; see [`idastar`](fn@crate::idastar) for the algorithm and its
/// guarantees.
///
/// Returns an optimal solution, like [`idastar`](fn@crate::idastar), when `heuristic` is
/// admissible: every iteration's threshold is at most the optimal cost, so any goal found within
/// it is optimal. Among the goals of the last iteration, the one in the earliest subtree is
/// returned whatever the timing; the subtrees are ordered by the nodes their part of the tree
/// generated in the previous iteration, most first, then by increasing f of their roots, then
/// in the order of the problem's actions. Those counts do not depend on timing either, so for a
/// given number of threads the solution is reproducible. It may differ from the serial
/// search's when several solutions are optimal: the split sees a shallow goal before the serial
/// search would, and orders the subtrees differently.
///
/// # Guarantees and differences from the serial search
/// - Node counts: the split near the root and the subtrees are counted as the serial search
///   counts them, but in the last iteration threads stop at different points, so the totals
///   vary from run to run; they are not Korf's serial counts, and the order of the subtrees
///   puts a goal of the last iteration well before where the serial search meets one.
/// - Limits: the deadline and the cancellation flag are seen within 1024 expansions of each
///   thread and of the split. [`Limits::max_expanded`] is checked by the split before each of
///   its expansions, and by each thread against the expansions finished before its current
///   subtree started plus its own, so the search may overshoot it by what the other threads
///   expand meanwhile. IDA* stores no nodes, so `max_stored` does not apply.
/// - No [`Observer`](crate::observer::Observer): the threads would have to share it.
///
/// # Complexity
/// As [`idastar`](fn@crate::idastar), divided by up to `threads` on the iterations whose trees are
/// large; memory O(`threads` * depth) plus the split's subtrees (1024 to 65,536 a thread are
/// wanted, one for every thousand nodes of the previous iteration; the level that first has
/// enough can hold up to the branching factor times that many; each with its state, the
/// heuristic's memo and its path from the start) and the previous iteration's (each with its path and a
/// count). Ordering them replays each path from the start once per iteration and hashes the
/// states it reaches.
///
/// # Parameters
/// - `problem`, `heuristic`: shared by the threads, hence `Sync`.
/// - `start`: the state to search from.
/// - `limits`: when to give up.
/// - `threads`: how many threads search at once (the calling thread waits), at most
///   [`MAX_PARALLEL_THREADS`] (more are not started). Threads the system refuses to start are
///   not an error: the ones that did start search their subtrees too, and if none could, the
///   calling thread searches them all.
///
/// # Example
/// ```
/// use std::num::NonZeroUsize;
/// use search_core::{idastar, idastar::idastar_parallel, heuristic_fn, InPlace, Limits, Outcome, Problem};
/// use search_core::{Successor, Successors};
/// struct Grid;
/// impl Problem for Grid {
///     type State = (i32, i32);
///     type Action = (i32, i32);
///     type Cost = u32;
///     fn is_goal(&self, s: &(i32, i32)) -> bool { *s == (7, 5) }
///     fn successors(&self, s: &(i32, i32), out: &mut Successors<Self>) {
///         for step in [(0, -1), (-1, 0), (1, 0), (0, 1)] {
///             out.push(Successor::unit((s.0 + step.0, s.1 + step.1), step));
///         }
///     }
///     fn inverse(&self, step: &(i32, i32)) -> Option<(i32, i32)> { Some((-step.0, -step.1)) }
/// }
/// impl InPlace for Grid {
///     fn apply(&self, s: &mut (i32, i32), step: &(i32, i32)) { s.0 += step.0; s.1 += step.1 }
///     fn undo(&self, s: &mut (i32, i32), step: &(i32, i32)) { s.0 -= step.0; s.1 -= step.1 }
/// }
/// // An open grid, from (0, 0) to (7, 5), with a heuristic that knows only the rows.
/// let rows = heuristic_fn(|s: &(i32, i32)| (5 - s.1).unsigned_abs());
/// let threads = NonZeroUsize::new(2).unwrap();
/// let parallel = idastar_parallel(&Grid, &rows, (0, 0), &Limits::default(), threads);
/// let serial = idastar(&Grid, &rows, (0, 0));
/// let (Outcome::Solved(a), Outcome::Solved(b)) = (parallel.outcome, serial.outcome) else {
///     panic!("the goal is reachable")
/// };
/// assert_eq!((a.cost, b.cost), (12, 12));
/// let end = a.actions.iter().fold((0, 0), |(x, y), (dx, dy)| (x + dx, y + dy));
/// assert_eq!(end, (7, 5));
/// ```
pub fn idastar_parallel<P, H>(
    problem: &P,
    heuristic: &H,
    start: P::State,
    limits: &Limits,
    threads: NonZeroUsize,
) -> ResultOf<P>
where
    P: InPlace + Sync,
    P::State: Send + Sync,
    P::Action: Send + Sync,
    H: IncrementalHeuristic<P> + Sync,
    H::Memo: Send + Sync,
{
    let helpers = Helpers::Threads(threads);
    timed::<P>(|statistics| search(problem, heuristic, start, limits, helpers, statistics))
}

/// IDA* helped by the members of `crew` that have run out of work: the same optimal cost as
/// [`idastar`](fn@crate::idastar), sooner when members are free; see [`Crew`] for how a thread helps.
///
/// Returns what [`idastar_parallel`] returns. The search runs on the calling thread. An
/// iteration that follows one of fewer than [`Crew::with_split_from`] generated nodes (about a
/// million a thread unless set) is searched as
/// [`idastar`](fn@crate::idastar) searches it (too small to be worth splitting); a larger one is split into
/// subtrees as [`idastar_parallel`] splits it for [`Crew::threads`] threads, and the calling
/// thread takes them in order from a queue, as does every helper that joins meanwhile.
///
/// # Guarantees
/// - Optimal with an admissible heuristic, as [`idastar`](fn@crate::idastar).
/// - Reproducible: the goal of the earliest subtree wins, and the split and its order depend on
///   the crew's size and on node counts, never on timing, so for a given crew size the solution
///   is the same whether help came or not. It may differ from [`idastar`](fn@crate::idastar)'s (and from other crew
///   sizes') when several solutions are optimal, as [`idastar_parallel`]'s does.
/// - Statistics are summed over the calling thread and its helpers; in an iteration that meets a
///   goal, how far the helpers got varies, as in [`idastar_parallel`].
/// - Limits stop the helpers too: each sees the deadline and the cancellation flag within 1024
///   expansions, and [`Limits::max_expanded`] as [`idastar_parallel`] does.
/// - No [`Observer`](crate::observer::Observer), as [`idastar_parallel`].
/// - A crew of one thread runs [`idastar`](fn@crate::idastar) itself, node for node.
///
/// # Complexity
/// As [`idastar`](fn@crate::idastar) for the small iterations; as [`idastar_parallel`] for the split ones, divided
/// by the threads that help.
///
/// # Parameters
/// - `problem`, `heuristic`: shared with the helper threads, hence `Sync`.
/// - `start`: the state to search from.
/// - `limits`: when to give up.
/// - `crew`: whose free members help.
///
/// # Example
/// See [`Crew`] for a crew at work; alone, a search of the crew is an ordinary search.
/// ```
/// use std::num::NonZeroUsize;
/// use search_core::{idastar::idastar_crew, heuristic_fn, idastar::Crew, Limits, Outcome};
/// use search_core::{InPlace, Problem, Successor, Successors};
/// struct Line;
/// impl Problem for Line {
///     type State = i32;
///     type Action = i32;
///     type Cost = u32;
///     fn is_goal(&self, s: &i32) -> bool { *s == 12 }
///     fn successors(&self, s: &i32, out: &mut Successors<Self>) {
///         out.push(Successor::unit(s - 1, -1)); out.push(Successor::unit(s + 1, 1));
///     }
///     fn inverse(&self, step: &i32) -> Option<i32> { Some(-step) }
/// }
/// impl InPlace for Line {
///     fn apply(&self, s: &mut i32, step: &i32) { *s += step }
///     fn undo(&self, s: &mut i32, step: &i32) { *s -= step }
/// }
/// let crew = Crew::new(NonZeroUsize::new(4).unwrap());
/// let none = heuristic_fn(|_: &i32| 0);
/// let result = idastar_crew(&Line, &none, 0, &Limits::default(), &crew);
/// let Outcome::Solved(solution) = result.outcome else { panic!("12 is reachable") };
/// assert_eq!(solution.cost, 12);
/// ```
pub fn idastar_crew<P, H>(
    problem: &P,
    heuristic: &H,
    start: P::State,
    limits: &Limits,
    crew: &Crew,
) -> ResultOf<P>
where
    P: InPlace + Sync,
    P::State: Send + Sync,
    P::Action: Send + Sync,
    H: IncrementalHeuristic<P> + Sync,
    H::Memo: Send + Sync,
{
    if crew.threads().get() == 1 {
        return idastar_with(problem, heuristic, start, limits, NoObserver);
    }
    timed::<P>(|statistics| {
        search(
            problem,
            heuristic,
            start,
            limits,
            Helpers::Crew(crew),
            statistics,
        )
    })
}

/// Who searches the subtrees of an iteration.
#[derive(Clone, Copy, Debug)]
pub(super) enum Helpers<'crew> {
    /// This many threads, started for the iteration; the calling thread waits for them.
    Threads(NonZeroUsize),
    /// The calling thread, and a helper thread for each member of the crew it finds free
    /// between two subtrees ([`idastar_crew`]).
    Crew(&'crew Crew),
}

impl Helpers<'_> {
    /// The threads the split is sized for.
    fn threads(self) -> NonZeroUsize {
        match self {
            Helpers::Threads(threads) => threads,
            Helpers::Crew(crew) => crew.threads(),
        }
    }
}

/// A subtree root found by the split, with the actions that reach it from the start.
struct Subtree<P: Problem, M> {
    root: Root<P, M>,
    path: Vec<P::Action>,
}

/// How the threads' search of an iteration's subtrees ended, with the path to a goal found.
type SubtreesEnd<P> = End<<P as Problem>::Cost, Vec<<P as Problem>::Action>>;

/// A subtree of a finished iteration: the actions to its root and the nodes it generated.
struct Measured<A> {
    path: Vec<A>,
    generated: u64,
}

/// Counts of one iteration, summed over the split and the threads.
#[derive(Default)]
struct Counts {
    expanded: u64,
    generated: u64,
}

/// The goal of the earliest subtree found so far in an iteration.
struct Found<P: Problem> {
    subtree: usize,
    cost: P::Cost,
    actions: Vec<P::Action>,
}

/// How the split of one iteration ended.
enum Split<P: Problem, M> {
    /// A goal within the threshold, reached by these actions at this cost.
    Solved(Vec<P::Action>, P::Cost),
    /// The subtrees to search, all at one depth, in the order of the actions that reach them.
    Subtrees(Vec<Subtree<P, M>>),
    /// A limit stopped the split.
    Stopped(Limit),
}

/// The search of [`idastar_parallel`] and [`idastar_crew`], with its
/// subtrees searched by `helpers`.
pub(super) fn search<P, H>(
    problem: &P,
    heuristic: &H,
    start: P::State,
    limits: &Limits,
    helpers: Helpers<'_>,
    statistics: &mut Statistics,
) -> OutcomeOf<P>
where
    P: InPlace + Sync,
    P::State: Send + Sync,
    P::Action: Send + Sync,
    H: IncrementalHeuristic<P> + Sync,
    H::Memo: Send + Sync,
{
    statistics.generated = 1;
    let start = match start_or_goal(problem, start) {
        Ok(start) => start,
        Err(solved) => return solved,
    };
    let most = NonZeroUsize::new(MAX_PARALLEL_THREADS).expect("the bound is not zero");
    let helpers = match helpers {
        Helpers::Threads(threads) => Helpers::Threads(threads.min(most)),
        crew => crew,
    };
    let threads = helpers.threads().min(most);
    let root = heuristic.estimate_root(problem, &start);
    let mut threshold = root.0;
    // The subtrees of the last iteration searched to its end, with their sizes.
    let mut measured: Vec<Measured<P::Action>> = Vec::new();
    // A crew's search walks its small iterations from the start, as the serial search does.
    let mut observer = NoObserver;
    let mut serial = Walk::new(problem, heuristic, &mut observer, limits, None);
    loop {
        // Between iterations no walk runs: look at the expansion limit and the clock here.
        if let Err(limit) = Guard::new(limits).check_quota(statistics.expanded) {
            return Outcome::LimitReached(limit);
        }
        // As in the serial search: a threshold of `MAX` would prune nothing.
        if threshold == P::Cost::MAX {
            return Outcome::LimitReached(Limit::CostOverflow);
        }
        let mut counts = Counts::default();
        let mut next_threshold = None;
        let previous = statistics.iterations.last();
        if let Helpers::Crew(crew) = helpers {
            if !crew.splits_after(previous.map(|iteration| iteration.generated)) {
                let root = Root {
                    state: start.clone(),
                    g: P::Cost::ZERO,
                    h: root.0,
                    memo: root.1.clone(),
                    inverse: None,
                    parent_state: None,
                };
                // The walk checks `max_expanded` against every iteration's expansions.
                serial.expanded = statistics.expanded;
                let (end, iteration) = serial.iteration(&root, threshold);
                statistics.expanded += iteration.expanded;
                statistics.generated += iteration.generated;
                statistics.iterations.push(iteration);
                // Nothing measured: the next split orders its subtrees by f alone.
                measured.clear();
                match end {
                    End::Solved(cost, last, depth) => {
                        return Outcome::Solved(Solution {
                            actions: serial.path(depth, last),
                            start,
                            cost,
                        });
                    }
                    End::Exhausted(Some(next)) => threshold = next,
                    End::Exhausted(None) => return Outcome::Unreachable,
                    End::Stopped(limit) => return Outcome::LimitReached(limit),
                    End::Halted => unreachable!("only workers of a parallel search are halted"),
                }
                continue;
            }
        }
        let split = split(
            problem,
            heuristic,
            &start,
            &root,
            threshold,
            subtrees_wanted(threads, previous),
            (limits, statistics.expanded),
            &mut counts,
            &mut next_threshold,
        );
        let end = match split {
            Split::Solved(actions, cost) => End::Solved(cost, actions, 0),
            Split::Stopped(limit) => End::Stopped(limit),
            Split::Subtrees(mut subtrees) => {
                order_subtrees(problem, &start, &mut subtrees, &measured);
                let (end, sizes) = search_subtrees(
                    problem,
                    heuristic,
                    &subtrees,
                    threshold,
                    limits,
                    statistics.expanded + counts.expanded,
                    helpers,
                    &mut counts,
                    &mut next_threshold,
                );
                // Only an iteration searched to its end goes on to the next; its sizes are
                // then complete.
                measured = subtrees
                    .into_iter()
                    .zip(sizes)
                    .map(|(subtree, generated)| Measured {
                        path: subtree.path,
                        generated,
                    })
                    .collect();
                end
            }
        };
        statistics.expanded += counts.expanded;
        statistics.generated += counts.generated;
        statistics.iterations.push(Iteration {
            threshold: threshold.to_u64(),
            expanded: counts.expanded,
            generated: counts.generated,
        });
        match end {
            End::Solved(cost, actions, _) => {
                return Outcome::Solved(Solution {
                    start,
                    actions,
                    cost,
                });
            }
            End::Stopped(limit) => return Outcome::LimitReached(limit),
            End::Exhausted(_) | End::Halted => match next_threshold {
                Some(next) => threshold = next,
                None => return Outcome::Unreachable,
            },
        }
    }
}

/// How many subtrees to split an iteration into, after `previous` (see
/// [`PREVIOUS_NODES_PER_SUBTREE`]).
fn subtrees_wanted(threads: NonZeroUsize, previous: Option<&Iteration>) -> usize {
    let threads = threads.get();
    let wanted = previous.map_or(0, |previous| {
        previous.generated / PREVIOUS_NODES_PER_SUBTREE
    });
    usize::try_from(wanted).unwrap_or(usize::MAX).clamp(
        threads.saturating_mul(MIN_SUBTREES_PER_THREAD),
        threads.saturating_mul(MAX_SUBTREES_PER_THREAD),
    )
}

/// Expands the tree level by level from the start, in the serial search's child order, until a
/// level has `wanted` nodes within the threshold (or the tree ends), and returns that level's
/// nodes in that order. `limits` are checked before every expansion, with `expanded_before`
/// the iterations' expansions so far: on a wide tree a level is many nodes.
#[allow(clippy::too_many_arguments)]
fn split<P, H>(
    problem: &P,
    heuristic: &H,
    start: &P::State,
    (root_h, root_memo): &(P::Cost, H::Memo),
    threshold: P::Cost,
    wanted: usize,
    (limits, expanded_before): (&Limits, u64),
    counts: &mut Counts,
    next_threshold: &mut Option<P::Cost>,
) -> Split<P, H::Memo>
where
    P: InPlace,
    H: IncrementalHeuristic<P>,
{
    let guard = Guard::new(limits);
    let mut level: Vec<Subtree<P, H::Memo>> = vec![Subtree {
        root: Root {
            state: start.clone(),
            g: P::Cost::ZERO,
            h: *root_h,
            memo: root_memo.clone(),
            inverse: None,
            parent_state: None,
        },
        path: Vec::new(),
    }];
    let mut buffer = Actions::<P>::new();
    for _ in 0..MAX_SPLIT_DEPTH {
        if level.len() >= wanted || level.is_empty() {
            break;
        }
        let mut deeper: Vec<Subtree<P, H::Memo>> = Vec::with_capacity(level.len() * 3);
        for parent in &level {
            // As between a walk's quotas: the expansion count and the clock, not the stored
            // nodes, which IDA* has none of.
            if let Err(limit) = guard.check_quota(expanded_before + counts.expanded) {
                return Split::Stopped(limit);
            }
            counts.expanded += 1;
            buffer.clear();
            list_actions(problem, &parent.root.state, &mut buffer);
            for (action, cost) in buffer.drain(..) {
                if parent.root.inverse.as_ref() == Some(&action) {
                    continue;
                }
                let mut state = parent.root.state.clone();
                problem.apply(&mut state, &action);
                // As the serial walk: without an inverse, the move back by where it leads.
                if parent.root.parent_state.as_ref() == Some(&state) {
                    continue;
                }
                counts.generated += 1;
                let g = parent.root.g.saturating_add(cost);
                let (h, memo) = heuristic.estimate_child(
                    problem,
                    &state,
                    &action,
                    parent.root.h,
                    &parent.root.memo,
                );
                let f = g.saturating_add(h);
                if f > threshold {
                    *next_threshold = Some(next_threshold.map_or(f, |known| known.min(f)));
                    continue;
                }
                let mut path = parent.path.clone();
                let inverse = problem.inverse(&action);
                let parent_state = inverse.is_none().then(|| parent.root.state.clone());
                path.push(action);
                if problem.is_goal(&state) {
                    return Split::Solved(path, g);
                }
                deeper.push(Subtree {
                    root: Root {
                        state,
                        g,
                        h,
                        memo,
                        inverse,
                        parent_state,
                    },
                    path,
                });
            }
        }
        level = deeper;
    }
    // The last level's nodes are expanded by the threads (each counts its subtree's root).
    Split::Subtrees(level)
}

/// Orders the subtrees for the threads: most nodes generated below them in the previous
/// iteration (`previous`) first, then increasing f of their roots, then the order of the
/// actions (a stable sort).
///
/// Why: the last iteration is the one that meets a goal, and the sooner its goal's subtree
/// comes, the fewer nodes it searches; a subtree's size in the previous iteration foretells its
/// size in this one, and goals gather where the tree is bushy (the subtrees with the most room under the threshold held the most goals per node,
/// measured on 2026-12-01 when this order was chosen). In the last iteration of five of Korf &
/// Felner's 24-puzzles (#25, #32, #38, #40, #44, split at depth 11), this order searched 0.07
/// to 0.71 of the nodes that the order by f searched before the goal's subtree (0.30 in the
/// geometric mean; 0.54 over 81 of Korf's 15-puzzles with Manhattan distance, 60 of them
/// better and 19 worse). The root's f, with the most room
/// under the threshold first, is the weaker sign of the same thing, and orders what the sizes
/// leave tied: subtrees new to this iteration (beyond the last threshold, so of size 0) and
/// the first iteration's. Taking the largest first is also the classic way to make parallel
/// workers finish together.
///
/// The split may stop at another depth than the previous iteration's: a subtree's count is
/// then the sum over the previous subtrees that share its ancestor at the shallower of the two
/// depths (replayed from the start along the paths), so the subtrees below one previous
/// subtree share its count.
fn order_subtrees<P: InPlace, M>(
    problem: &P,
    start: &P::State,
    subtrees: &mut Vec<Subtree<P, M>>,
    previous: &[Measured<P::Action>],
) {
    let f = |subtree: &Subtree<P, M>| subtree.root.g.saturating_add(subtree.root.h);
    let (Some(first), Some(earlier)) = (subtrees.first(), previous.first()) else {
        subtrees.sort_by_key(f);
        return;
    };
    let depth = first.path.len().min(earlier.path.len());
    let ancestor = |path: &[P::Action]| {
        let mut state = start.clone();
        for action in &path[..depth] {
            problem.apply(&mut state, action);
        }
        state
    };
    let mut sizes: FastHashMap<P::State, u64> = FastHashMap::default();
    for subtree in previous {
        *sizes.entry(ancestor(&subtree.path)).or_default() += subtree.generated;
    }
    let mut keyed: Vec<(u64, Subtree<P, M>)> = subtrees
        .drain(..)
        .map(|subtree| {
            let size = if subtree.path.len() == depth {
                sizes.get(&subtree.root.state)
            } else {
                sizes.get(&ancestor(&subtree.path))
            };
            (size.copied().unwrap_or(0), subtree)
        })
        .collect();
    keyed.sort_by_key(|(size, subtree)| (std::cmp::Reverse(*size), f(subtree)));
    subtrees.extend(keyed.into_iter().map(|(_, subtree)| subtree));
}

/// Every action of `state`, from its slots or its list, in the order searches try them.
fn list_actions<P: InPlace>(problem: &P, state: &P::State, out: &mut Actions<P>) {
    let slots = problem.action_slots();
    if slots == 0 {
        problem.actions(state, out);
    } else {
        out.extend((0..slots).filter_map(|slot| problem.action_in_slot(state, slot)));
    }
}

/// Searches the subtrees on `threads` threads with one threshold; the earliest subtree's goal
/// wins. Returns how the search ended and the nodes each subtree generated (complete when the
/// iteration was searched to its end).
#[allow(clippy::too_many_arguments)]
fn search_subtrees<P, H>(
    problem: &P,
    heuristic: &H,
    subtrees: &[Subtree<P, H::Memo>],
    threshold: P::Cost,
    limits: &Limits,
    expanded_before: u64,
    helpers: Helpers<'_>,
    counts: &mut Counts,
    next_threshold: &mut Option<P::Cost>,
) -> (SubtreesEnd<P>, Vec<u64>)
where
    P: InPlace + Sync,
    P::State: Send + Sync,
    P::Action: Send + Sync,
    H: IncrementalHeuristic<P> + Sync,
    H::Memo: Send + Sync,
{
    let shared = Shared {
        first_goal: AtomicUsize::new(usize::MAX),
        stopped: AtomicBool::new(false),
    };
    let queue = AtomicUsize::new(0);
    let finished_expansions = std::sync::atomic::AtomicU64::new(expanded_before);
    let best: Mutex<Option<Found<P>>> = Mutex::new(None);
    let stop: Mutex<Option<Limit>> = Mutex::new(None);
    // `between` runs before each subtree the worker takes: the searching thread of a crew
    // recruits free members there (once a subtree, never inside the walk).
    let worker = |between: &mut dyn FnMut()| {
        let mut observer = NoObserver;
        let mut walk = Walk::new(problem, heuristic, &mut observer, limits, Some(&shared));
        let mut beyond: Option<P::Cost> = None;
        let mut mine = Counts::default();
        let mut sizes: Vec<(usize, u64)> = Vec::new();
        loop {
            between();
            let index = queue.fetch_add(1, Ordering::Relaxed);
            if index >= subtrees.len() || shared.first_goal.load(Ordering::Relaxed) < index {
                break;
            }
            let subtree = &subtrees[index];
            walk.set_subtree(index);
            // The walk checks `max_expanded` against what every thread had finished when this
            // subtree started, plus its own expansions in it.
            walk.expanded = finished_expansions.load(Ordering::Relaxed);
            let (end, iteration) = walk.iteration(&subtree.root, threshold);
            finished_expansions.fetch_add(iteration.expanded, Ordering::Relaxed);
            mine.expanded += iteration.expanded;
            mine.generated += iteration.generated;
            sizes.push((index, iteration.generated));
            match end {
                End::Solved(cost, last, depth) => {
                    let mut actions = subtree.path.clone();
                    actions.extend(walk.path(depth, last));
                    shared.first_goal.fetch_min(index, Ordering::Relaxed);
                    let mut best = best.lock().unwrap_or_else(|poison| poison.into_inner());
                    if best.as_ref().is_none_or(|found| index < found.subtree) {
                        *best = Some(Found {
                            subtree: index,
                            cost,
                            actions,
                        });
                    }
                }
                End::Exhausted(Some(f)) => beyond = Some(beyond.map_or(f, |known| known.min(f))),
                End::Exhausted(None) | End::Halted => {}
                End::Stopped(limit) => {
                    shared.stopped.store(true, Ordering::Relaxed);
                    stop.lock()
                        .unwrap_or_else(|poison| poison.into_inner())
                        .get_or_insert(limit);
                    break;
                }
            }
        }
        (mine, beyond, sizes)
    };
    let mut sizes = vec![0; subtrees.len()];
    thread::scope(|scope| {
        // Workers take subtrees from one queue, so a thread the system refuses to start (out
        // of memory or of threads) only leaves more for the others; with none, this thread
        // works alone rather than fail the search.
        let (handles, alone) = match helpers {
            Helpers::Threads(threads) => {
                let handles: Vec<_> = (0..threads.get())
                    .map_while(|_| {
                        let work = move || worker(&mut || {});
                        thread::Builder::new().spawn_scoped(scope, work).ok()
                    })
                    .collect();
                let alone = handles.is_empty().then(|| worker(&mut || {}));
                (handles, alone)
            }
            Helpers::Crew(crew) => {
                let mut handles = Vec::new();
                let mut recruit = || {
                    // The calling thread is one of the threads.
                    while handles.len() + 1 < MAX_PARALLEL_THREADS {
                        let Some(permit) = crew.take() else { break };
                        let work = move || {
                            let _member = permit;
                            worker(&mut || {})
                        };
                        // Refused, the closure and its permit are dropped: the member is free
                        // again, and this thread goes on without it.
                        match thread::Builder::new().spawn_scoped(scope, work) {
                            Ok(handle) => handles.push(handle),
                            Err(_) => break,
                        }
                    }
                };
                let mine = worker(&mut recruit);
                (handles, Some(mine))
            }
        };
        let results = handles.into_iter().map(|handle| {
            // A worker only panics if the problem or the heuristic does; pass that on.
            handle
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
        });
        for (mine, beyond, measured) in results.chain(alone) {
            for (index, generated) in measured {
                sizes[index] = generated;
            }
            counts.expanded += mine.expanded;
            counts.generated += mine.generated;
            if let Some(f) = beyond {
                *next_threshold = Some(next_threshold.map_or(f, |known| known.min(f)));
            }
        }
    });
    let best = best
        .into_inner()
        .unwrap_or_else(|poison| poison.into_inner());
    let stop = stop
        .into_inner()
        .unwrap_or_else(|poison| poison.into_inner());
    let end = match (best, stop) {
        (Some(found), _) => End::Solved(found.cost, found.actions, 0),
        (None, Some(limit)) => End::Stopped(limit),
        (None, None) => End::Exhausted(*next_threshold),
    };
    (end, sizes)
}
