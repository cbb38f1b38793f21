//! IDA*: iterative-deepening A*, depth-first and in place, in memory linear in the solution depth.
//!
//! Korf, "Depth-first iterative-deepening: An optimal admissible tree search", Artificial
//! Intelligence 27(1), 1985 (<https://doi.org/10.1016/0004-3702(85)90084-0>).

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use crate::cost::Cost;
use crate::hash::FastHashSet;
use crate::heuristic::IncrementalHeuristic;
use crate::limits::{Guard, Limits};
use crate::observer::{NoObserver, Observer, PROGRESS_INTERVAL, Progress};
use crate::outcome::{Limit, Outcome, OutcomeOf, ResultOf, Solution, timed};
use crate::problem::{Actions, InPlace, Problem};
use crate::statistics::{Iteration, Statistics};

/// Finds a cheapest path from `start` to a goal with IDA*, under [`Limits::default`].
///
/// Returns a [`SearchResult`](crate::SearchResult) whose outcome is [`Outcome::Solved`] with a cheapest solution,
/// [`Outcome::Unreachable`] when an iteration prunes nothing (every path from `start` has been
/// followed to its end without meeting a goal), or [`Outcome::LimitReached`].
/// [`Statistics::iterations`] lists each iteration's threshold and node counts.
///
/// # Guarantees
/// The solution is optimal whenever `heuristic` is *admissible* (never overestimates, zero at
/// goals); consistency is not needed. IDA* searches the tree of paths, not the graph of states:
/// it stores nothing but the current path, so it re-expands states reached along several paths.
/// On a finite space with no reachable goal it ends [`Outcome::Unreachable`], cycles or not:
/// once no path cut by an iteration's threshold is free of cycles, a larger threshold could only
/// go round cycles (the path is replayed with [`undo`](InPlace::undo) to tell, at pruned
/// children only, and only until one passes: mostly once per iteration). An iteration in
/// which pathmax cuts a node (below) counts as open, since the children it skipped are not
/// looked at, so with an inconsistent heuristic across reversible moves it may still run on;
/// so does an infinite space with no reachable goal, until a limit stops it. Parent pruning skips the move that
/// undoes the previous one: through [`Problem::inverse`] when the problem gives it, and
/// otherwise, for every state type, by comparing each child with the node's parent (a copy of
/// the parent's state per expanded node, a comparison per child), so that the plainest problem
/// searches the same tree as one with an inverse. Actions of cost zero are
/// allowed: a child that repeats a state of the path reached from it by zero-cost moves alone
/// (a cycle that would keep the walk within the threshold forever) is skipped, at the price of
/// replaying that stretch of the path with [`undo`](InPlace::undo) on a copy of the state.
/// Thresholds stay below [`Cost::MAX`], the searches' infinity: when the next
/// one would reach it, the search stops with [`Limit::CostOverflow`].
///
/// Unless the heuristic says it is [consistent](crate::Heuristic::is_consistent), IDA* also uses
/// *bidirectional pathmax* (BPMX; Felner et al.,
/// "Dual lookups in pattern databases", IJCAI 2005) across every move that has an
/// [`inverse`](Problem::inverse): a child estimated `h'` from a goal is at most `cost` from its
/// parent, so the parent is at least `h' - cost` from a goal, and when that puts the parent
/// beyond the threshold its remaining children are not generated. The bound also travels up
/// the path, and becomes a candidate for the next threshold. A consistent heuristic never
/// triggers it. A heuristic that stops early once a child is surely pruned
/// ([`estimate_child_ahead`](IncrementalHeuristic::estimate_child_ahead)) gives
/// pathmax the value it stopped at.
///
/// Node counts follow Korf's: children are tried in the order [`InPlace::actions`] lists them;
/// each child except the parent-pruned one (and a zero-cost repeat, skipped alike) counts as
/// generated, including children then pruned by the threshold, in every iteration, and the root counts once in total (it is not in any
/// [`Iteration::generated`]); a node counts as expanded each time its children are generated,
/// the root once per iteration. Iterations use thresholds h(start), then each time the smallest
/// f that exceeded the previous threshold, and the search stops as soon as it generates a goal
/// within the threshold.
///
/// # Complexity
/// Memory O(d) for solution depth d: one state, the action stack, one reusable action buffer
/// and the heuristic's memo ([`IncrementalHeuristic::Memo`], `()` for a plain heuristic) per
/// depth; nothing is allocated per node. A search that needs none of what only that general
/// walk handles (no observer, a plain heuristic that says it is
/// [consistent](crate::Heuristic::is_consistent), [action slots](InPlace::ACTION_SLOTS) and
/// states of at most 32 bytes without a destructor) does each iteration whose threshold is at
/// most 512 as a recursive walk instead, which copies the state from parent to child and keeps
/// the current path on the thread's stack (about a hundred bytes a level, at most 512 levels,
/// since every step of a positive cost raises g by at least one); it searches the same tree,
/// node for node, in about two thirds of the time on the 15-puzzle with Manhattan distance,
/// and hands an iteration that meets an action of cost zero back to the general walk.
///
/// # What the optional parts are worth
/// On the 15-puzzle with Manhattan distance through [`heuristic_fn`](crate::heuristic_fn), with
/// 16-byte boards, the plainest problem ([`Problem`] and [`InPlace`] with
/// [`apply`](InPlace::apply) and [`undo`](InPlace::undo) only) searches the same tree as the
/// tuned one and runs faster than `pathfinding::idastar` with the same successors and
/// heuristic; each optional part then adds speed, not pruning:
/// [`inverse`](Problem::inverse) a little (an action comparison instead of a state
/// comparison per child), [action slots](InPlace::ACTION_SLOTS) more (no action buffer in the
/// hot loop), and [declaring the heuristic consistent](crate::heuristic::FnHeuristic::declare_consistent)
/// little alone but, with slots, the recursive walk described above, which is where most of the
/// last step comes from. `examples/plain_idastar.rs` measures each part
/// (`cargo run --release -p search-core --example plain_idastar`); the figures are in the
/// repository's `BENCHMARKS.md` ("IDA*'s optional parts, one at a time"), and only there.
///
/// Before parent pruning without an inverse, the plain problem expanded hundreds of times the
/// nodes of the tuned one.
///
/// Time is the number of paths within the final threshold, summed over the iterations; that is
/// within a constant factor of A*'s expansions when thresholds grow geometrically in node
/// count, as they do on sliding-tile puzzles.
///
/// # Parameters
/// - `problem`: the state space, with in-place [`apply`](InPlace::apply) and
///   [`undo`](InPlace::undo).
/// - `heuristic`: the estimate of the remaining cost; must be admissible for optimality. Its
///   [`estimate_after`](crate::Heuristic::estimate_after) is called after each move (or, for an
///   [`IncrementalHeuristic`], [`estimate_child`](IncrementalHeuristic::estimate_child), with the
///   parent's memo).
/// - `start`: the state to search from.
///
/// # Example
/// ```
/// use search_core::{idastar, heuristic_fn, InPlace, Outcome, Problem, Successor, Successors};
///
/// /// Climb from 0 to `top` by steps of one (cost 1) or five (cost 3).
/// struct Stairs { top: u32 }
///
/// impl Problem for Stairs {
///     type State = u32;
///     type Action = u32;
///     type Cost = u32;
///
///     fn is_goal(&self, state: &u32) -> bool {
///         *state == self.top
///     }
///
///     fn successors(&self, state: &u32, out: &mut Successors<Self>) {
///         for (step, cost) in [(1, 1), (5, 3)] {
///             if state + step <= self.top {
///                 out.push(Successor::new(state + step, step, cost));
///             }
///         }
///     }
/// }
///
/// impl InPlace for Stairs {
///     fn apply(&self, state: &mut u32, step: &u32) {
///         *state += step;
///     }
///
///     fn undo(&self, state: &mut u32, step: &u32) {
///         *state -= step;
///     }
/// }
///
/// let problem = Stairs { top: 12 };
/// let estimate = heuristic_fn(|state: &u32| (problem.top - state) * 3 / 5);
/// let result = idastar(&problem, &estimate, 0);
/// let Outcome::Solved(solution) = result.outcome else { panic!("the top is reachable") };
/// assert_eq!(solution.cost, 8);
/// assert_eq!(solution.actions, [1, 1, 5, 5]); // the first optimal path in action order
/// let thresholds: Vec<u64> = result.statistics.iterations.iter().map(|i| i.threshold).collect();
/// assert_eq!(thresholds.first(), Some(&7)); // h(0) = 12 * 3 / 5
/// assert_eq!(thresholds.last(), Some(&8));
/// ```
pub fn idastar<P, H>(problem: &P, heuristic: &H, start: P::State) -> ResultOf<P>
where
    P: InPlace,
    H: IncrementalHeuristic<P>,
{
    idastar_with(problem, heuristic, start, &Limits::default(), NoObserver)
}

/// IDA* under the given `limits`, reporting to `observer`; see [`idastar`](fn@crate::idastar).
///
/// Returns what [`idastar`](fn@crate::idastar) returns, with [`Outcome::LimitReached`] naming the first limit hit.
/// The limits are checked once per expansion, with zero nodes stored.
///
/// # Guarantees
/// As [`idastar`](fn@crate::idastar): optimal with an admissible heuristic.
///
/// # Complexity
/// As [`idastar`](fn@crate::idastar). With an enabled observer, the parent state is cloned once per generated
/// child so that [`Observer::generated`] can be told both ends of the edge.
///
/// # Parameters
/// - `problem`: the state space, with in-place apply and undo.
/// - `heuristic`: the estimate of the remaining cost; must be admissible for optimality.
/// - `start`: the state to search from.
/// - `limits`: when to give up; on an infinite space with no reachable goal, only a limit ends
///   the search.
/// - `observer`: told of each iteration's threshold ([`Observer::iteration`]), each expansion
///   (with the node's g) and each generated edge (with the edge's cost).
///
/// # Example
/// ```
/// use search_core::{idastar::idastar_with, InPlace, Limit, Limits, heuristic::NoHeuristic, observer::NoObserver, Outcome};
/// use search_core::{Problem, Successor, Successors};
/// struct Walk;
/// impl Problem for Walk {
///     type State = i64;
///     type Action = i64;
///     type Cost = u64;
///     fn is_goal(&self, s: &i64) -> bool { *s == 1_000 }
///     fn successors(&self, s: &i64, out: &mut Successors<Self>) {
///         out.push(Successor::unit(s - 1, -1)); out.push(Successor::unit(s + 1, 1));
///     }
///     fn inverse(&self, step: &i64) -> Option<i64> { Some(-step) }
/// }
/// impl InPlace for Walk {
///     fn apply(&self, s: &mut i64, step: &i64) { *s += step }
///     fn undo(&self, s: &mut i64, step: &i64) { *s -= step }
/// }
/// // A walk on the integer line is infinite: without a heuristic the goal at 1000 is far away.
/// let limits = Limits::default().with_max_expanded(5_000);
/// let result = idastar_with(&Walk, &NoHeuristic, 0, &limits, NoObserver);
/// assert_eq!(result.outcome, Outcome::LimitReached(Limit::Expanded));
/// assert_eq!(result.statistics.expanded, 5_000);
/// ```
pub fn idastar_with<P, H, O>(
    problem: &P,
    heuristic: &H,
    start: P::State,
    limits: &Limits,
    mut observer: O,
) -> ResultOf<P>
where
    P: InPlace,
    H: IncrementalHeuristic<P>,
    O: Observer<P>,
{
    timed::<P>(|statistics| search(problem, heuristic, start, limits, &mut observer, statistics))
}

/// How many expansions a worker of a parallel search makes between two looks at the others.
const WORKER_CHECK_INTERVAL: u64 = 1024;

/// One node on the current path, saved while the walk searches below it.
///
/// Frames are kept after the walk backs out of them, so their action buffers are allocated once
/// per depth for the whole search, never per node.
struct Frame<P: Problem> {
    /// The node's actions, listed by [`InPlace::actions`]; unused (and never allocated) when the
    /// problem has [action slots](InPlace::ACTION_SLOTS).
    actions: Actions<P>,
    /// The next action slot, or position in `actions`, to try.
    next: usize,
    g: P::Cost,
    h: P::Cost,
    /// The action back to the node's parent, which is not tried.
    inverse: Option<P::Action>,
    /// The node's parent's state, when the move from it has no inverse: a child equal to it is
    /// not tried. Why that is sound: a child equal to its grandparent starts the same subtree
    /// as the grandparent, at a greater or equal g, and the grandparent's subtree is being
    /// searched already, so skipping the child loses no path that could be cheaper. It is the
    /// two-step cycle check that pathfinding's `idastar` makes along the whole path, kept to the
    /// step that matters most, for every state type (a copy of the parent per expanded node).
    parent_state: Option<P::State>,
    /// The action to the child being searched below this node.
    taken: Option<P::Action>,
}

impl<P: Problem> Frame<P> {
    fn new() -> Self {
        Frame {
            actions: Actions::<P>::new(),
            next: 0,
            g: P::Cost::ZERO,
            h: P::Cost::ZERO,
            inverse: None,
            parent_state: None,
            taken: None,
        }
    }
}

/// Bidirectional pathmax (BPMX; Felner, Zahavi, Schaeffer & Holte, "Dual lookups in pattern
/// databases", IJCAI 2005): a child whose paths cost at least `f`, reached from its parent by a
/// move of `cost` that can be undone at the same cost, proves that every path through the
/// parent costs at least `f - 2 * cost`. Returns that bound when it exceeds `threshold`, which
/// cuts the parent's remaining children.
///
/// Why: with `g` the parent's cost from the root and `h'` the child's estimate,
/// `f = g + cost + h'`. The child reaches a goal no cheaper than `h'`, and one way for it is
/// back through the parent, so the parent is at least `h' - cost` from a goal, and paths through
/// it cost at least `g + h' - cost = f - 2 * cost`. With a consistent heuristic
/// (`h' <= h + cost`) the bound never exceeds the parent's own `f`, so it never cuts.
#[inline(always)]
fn pathmax<C: Cost>(f: C, cost: C, threshold: C) -> Option<C> {
    let bound = f.saturating_sub(cost.saturating_add(cost));
    (bound > threshold).then_some(bound)
}

/// How one iteration ended.
pub(super) enum End<C, A> {
    /// A goal was generated at this cost by this action, below the frame at this depth:
    /// `frames[..depth]` hold the path above it.
    Solved(C, A, usize),
    /// Every path within the threshold was tried; the smallest f beyond it, if any.
    Exhausted(Option<C>),
    Stopped(Limit),
    /// Another worker of a parallel search found a goal in an earlier subtree, or was stopped.
    Halted,
}

/// How a depth-first pass over one threshold ended, and its counts.
pub(super) type PassEnd<P> = (End<<P as Problem>::Cost, <P as Problem>::Action>, Iteration);

/// What the walk does next at the current node, as [`Walk::next_child`] decides it.
enum Step<A, C> {
    /// Descend to this child, already applied to the state, its memo written to the next
    /// depth's: its action, g and h.
    Child(A, C, C),
    /// Every child is done: back out to the parent.
    Done,
    /// A child's estimate proves that no path through the current node fits the threshold
    /// (bidirectional pathmax): back out, with this lower bound on the cost of those paths.
    Cut(C),
}

/// The current node's g and h, and the iteration's threshold.
#[derive(Clone, Copy)]
struct Bounds<C> {
    g: C,
    h: C,
    threshold: C,
}

/// Where a depth-first pass starts: the start of the search, or a subtree of a parallel one.
pub(super) struct Root<P: Problem, M> {
    pub(super) state: P::State,
    pub(super) g: P::Cost,
    pub(super) h: P::Cost,
    /// The heuristic's memo of the root.
    pub(super) memo: M,
    /// The action back to the root's parent, which is not tried.
    pub(super) inverse: Option<P::Action>,
    /// The root's parent's state, when the move from it has no inverse: a child equal to it is
    /// not tried.
    pub(super) parent_state: Option<P::State>,
}

/// What the workers of a parallel search share: which subtree holds the first goal found so far,
/// and whether a limit stopped one of them.
#[derive(Debug)]
pub(super) struct Shared {
    pub(super) first_goal: AtomicUsize,
    pub(super) stopped: AtomicBool,
}

/// The reusable memory of the depth-first walk, shared by all iterations.
pub(super) struct Walk<'search, P: InPlace, H: IncrementalHeuristic<P>, O> {
    pub(super) problem: &'search P,
    pub(super) heuristic: &'search H,
    observer: &'search mut O,
    pub(super) guard: Guard<'search>,
    /// `frames[..depth]` are the nodes above the current one; deeper frames are kept for reuse.
    frames: Vec<Frame<P>>,
    /// `memos[depth]` is the heuristic's memo of the node at that depth on the current path,
    /// the current node's included; deeper entries are kept for reuse.
    ///
    /// Apart from the frames, and never moved: each child's memo is written in place into the
    /// next depth's entry when the child is estimated
    /// ([`estimate_child_ahead`](IncrementalHeuristic::estimate_child_ahead)), and
    /// the walk descends to it there. Carried in the frames and returned by value, a pattern
    /// database's memo (about a hundred bytes) was copied several times per node, each copy
    /// waiting for the narrow stores that had just made it; the 24-puzzle searches ran about a
    /// tenth faster without them.
    memos: Vec<H::Memo>,
    /// Nodes expanded and generated by all finished iterations, and by the root.
    pub(super) expanded: u64,
    pub(super) generated: u64,
    /// For a worker of a parallel search: what to watch, and the index of its subtree.
    shared: Option<(&'search Shared, usize)>,
    /// Whether the recursive walk met something it does not handle, so that the explicit walk
    /// does every iteration from then on.
    pub(super) recursion_failed: bool,
    /// How many passes the recursive walk finished.
    pub(super) recursive_passes: usize,
    /// The threshold of the current iteration, for [`Observer::progress`].
    bound: u64,
}

/// The start, or, when it already is a goal, the empty solution: IDA* counts the start as
/// generated and nothing as expanded.
pub(super) fn start_or_goal<P: Problem>(
    problem: &P,
    start: P::State,
) -> Result<P::State, OutcomeOf<P>> {
    if problem.is_goal(&start) {
        return Err(Outcome::Solved(Solution {
            start,
            actions: Vec::new(),
            cost: P::Cost::ZERO,
        }));
    }
    Ok(start)
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
    P: InPlace,
    H: IncrementalHeuristic<P>,
    O: Observer<P>,
{
    statistics.generated = 1;
    let start = match start_or_goal(problem, start) {
        Ok(start) => start,
        Err(solved) => return solved,
    };
    let (h, memo) = heuristic.estimate_root(problem, &start);
    let root = Root {
        h,
        memo,
        state: start,
        g: P::Cost::ZERO,
        inverse: None,
        parent_state: None,
    };
    let mut walk = Walk::new(problem, heuristic, observer, limits, None);
    walk.generated = 1;
    let mut threshold = root.h;
    let outcome = loop {
        // A threshold of `MAX` would prune nothing, not even paths whose sums saturated.
        if threshold == P::Cost::MAX {
            break Outcome::LimitReached(Limit::CostOverflow);
        }
        let (end, iteration) = walk.iteration(&root, threshold);
        statistics.iterations.push(iteration);
        match end {
            End::Solved(cost, last, depth) => {
                break Outcome::Solved(Solution {
                    actions: walk.path(depth, last),
                    start: root.state,
                    cost,
                });
            }
            End::Exhausted(Some(next)) => threshold = next,
            End::Exhausted(None) => break Outcome::Unreachable,
            End::Stopped(limit) => break Outcome::LimitReached(limit),
            End::Halted => unreachable!("only workers of a parallel search are halted"),
        }
    };
    statistics.expanded = walk.expanded;
    statistics.generated = walk.generated;
    statistics.recursive_iterations = walk.recursive_passes;
    outcome
}

impl<'search, P, H, O> Walk<'search, P, H, O>
where
    P: InPlace,
    H: IncrementalHeuristic<P>,
    O: Observer<P>,
{
    pub(super) fn new(
        problem: &'search P,
        heuristic: &'search H,
        observer: &'search mut O,
        limits: &'search Limits,
        shared: Option<&'search Shared>,
    ) -> Self {
        Walk {
            problem,
            heuristic,
            observer,
            guard: Guard::new(limits),
            frames: Vec::new(),
            memos: Vec::new(),
            expanded: 0,
            generated: 0,
            shared: shared.map(|shared| (shared, 0)),
            recursion_failed: false,
            recursive_passes: 0,
            bound: 0,
        }
    }

    /// Makes this worker's walk watch for goals in subtrees before `subtree`.
    pub(super) fn set_subtree(&mut self, subtree: usize) {
        if let Some((_, index)) = &mut self.shared {
            *index = subtree;
        }
    }

    /// The actions from the root of the pass that ended in `End::Solved(_, last, depth)` to its
    /// goal.
    pub(super) fn path(&self, depth: usize, last: P::Action) -> Vec<P::Action> {
        let mut actions: Vec<P::Action> = self.frames[..depth]
            .iter()
            .filter_map(|frame| frame.taken.clone())
            .collect();
        actions.push(last);
        actions
    }

    /// Makes `frames[..path.len()]` hold `path`, as the explicit walk leaves them when it finds a
    /// goal below that path, so that [`path`](Walk::path) reads either walk's solution.
    pub(super) fn record_path(&mut self, path: Vec<P::Action>) {
        while self.frames.len() < path.len() {
            self.frames.push(Frame::new());
        }
        for (frame, action) in self.frames.iter_mut().zip(path) {
            frame.taken = Some(action);
        }
    }

    /// Adds a finished pass's counts to the search's and reports them with how it ended.
    pub(super) fn finish_pass(
        &mut self,
        end: End<P::Cost, P::Action>,
        threshold: P::Cost,
        expanded: u64,
        generated: u64,
    ) -> PassEnd<P> {
        self.expanded += expanded;
        self.generated += generated;
        let iteration = Iteration {
            threshold: threshold.to_u64(),
            expanded,
            generated,
        };
        (end, iteration)
    }

    /// Expansions the walk may make before it looks at the limits (and, as a worker, at the
    /// other workers) again.
    #[inline]
    pub(super) fn quota(&self, expanded: u64) -> u64 {
        let mut quota = self.guard.quota(expanded);
        if O::PROGRESS {
            quota = quota.min(PROGRESS_INTERVAL);
        }
        if self.shared.is_some() {
            quota.min(WORKER_CHECK_INTERVAL)
        } else {
            quota
        }
    }

    /// Tells the observer how far the search has come: `expanded` nodes in all, at the
    /// current threshold. Called between quotas, so the hot loop never sees it.
    #[cold]
    pub(super) fn report_progress(&mut self, expanded: u64) {
        self.observer.progress(&Progress {
            expanded,
            stored: 0,
            bound: Some(self.bound),
        });
    }

    /// Whether another worker has made this one's subtree irrelevant.
    #[cold]
    pub(super) fn halted(&self) -> bool {
        self.shared.is_some_and(|(shared, subtree)| {
            shared.stopped.load(Ordering::Relaxed)
                || shared.first_goal.load(Ordering::Relaxed) < subtree
        })
    }

    /// One depth-first pass over the paths with f within `threshold`; with pathmax unless the
    /// heuristic is [consistent](crate::Heuristic::is_consistent), where it could never cut.
    pub(super) fn iteration(&mut self, root: &Root<P, H::Memo>, threshold: P::Cost) -> PassEnd<P> {
        self.observer.iteration(threshold.to_u64());
        if O::PROGRESS {
            self.bound = threshold.to_u64();
            self.report_progress(self.expanded);
        }
        if self.recursion_fits(threshold) {
            if let Some(done) = self.recursive_pass(root, threshold) {
                return done;
            }
        }
        if self.heuristic.consistent() {
            self.pass::<false>(root, threshold)
        } else {
            self.pass::<true>(root, threshold)
        }
    }

    /// One depth-first pass over the paths with f within `threshold`, with an explicit stack so
    /// that deep solutions cannot overflow the thread's stack; `PATHMAX` says whether pruned
    /// children may cut their parents.
    ///
    /// The current node lives in locals (its next action, g, h and the action back to its
    /// parent) and goes to its frame only when the walk descends below it; the counters live in
    /// locals for the whole pass. Kept in registers, they cost the hot loop nothing, where fields
    /// behind a reference are a load and a store per node. Never inlined, so that the hot loop
    /// compiles the same whoever calls it.
    #[inline(never)]
    fn pass<const PATHMAX: bool>(
        &mut self,
        root: &Root<P, H::Memo>,
        threshold: P::Cost,
    ) -> PassEnd<P> {
        let mut expanded: u64 = 0;
        let mut generated: u64 = 0;
        // The smallest f beyond the threshold; `MAX` until a child is pruned. Whether any child
        // was pruned at all follows from the counts (see below), so no flag rides along.
        let mut next_threshold = P::Cost::MAX;
        // Whether some child pruned by the threshold (or cut by pathmax) ends a path free of
        // cycles: only then can a larger threshold find more (see `escapes_path`).
        let mut open_ended = false;
        // Out of `self` for the pass, so that the current memo can be borrowed while the walk
        // calls its own methods.
        let mut memos = std::mem::take(&mut self.memos);
        let end = 'walk: {
            // Expansions left before the guard must look at the limits again: one countdown per
            // expansion instead of a look at every limit.
            if let Err(limit) = self.guard.check_quota(self.expanded) {
                break 'walk End::Stopped(limit);
            }
            if self.halted() {
                break 'walk End::Halted;
            }
            let mut quota = self.quota(self.expanded) - 1;
            expanded += 1;
            // The walk's state is a local, not a field, so that it can live in registers.
            let mut state = root.state.clone();
            // From here on, `memos` holds at least the current depth's memo and the next, unless
            // memos are zero-sized (a plain heuristic's `()`): those carry nothing, so two
            // stand-ins serve every depth, and the walk keeps no more live values than it would
            // without memos (with the vector's length among them, the child loop spilled its
            // counters: 5% more instructions on Korf's 15-puzzle #19 with Manhattan distance).
            let zero_sized = std::mem::size_of::<H::Memo>() == 0;
            let mut stand_ins = (root.memo.clone(), root.memo.clone());
            if !zero_sized {
                memos.resize(memos.len().max(2), root.memo.clone());
                memos[0].clone_from(&root.memo);
            }
            self.open(&state, 0, root.g);
            let mut depth = 0;
            let mut next = 0;
            let (mut g, mut h) = (root.g, root.h);
            let mut inverse: Option<P::Action> = root.inverse.clone();
            let mut parent_state: Option<P::State> = root.parent_state.clone();
            loop {
                let bounds = Bounds { g, h, threshold };
                let (memo, child_memo) = if zero_sized {
                    (&stand_ins.0, &mut stand_ins.1)
                } else {
                    let [memo, child_memo, ..] = &mut memos[depth..] else {
                        unreachable!("the walk keeps a memo for the depth below the current one")
                    };
                    (&*memo, child_memo)
                };
                let child = self.next_child::<PATHMAX>(
                    &mut state,
                    (memo, child_memo),
                    depth,
                    &mut next,
                    (inverse.as_ref(), parent_state.as_ref()),
                    bounds,
                    (&mut next_threshold, &mut open_ended),
                    &mut generated,
                );
                let (action, child_g, child_h) = match child {
                    Step::Child(action, child_g, child_h) => (action, child_g, child_h),
                    Step::Done | Step::Cut(_) => {
                        // Back out to the parent; while the node left behind was cut, see
                        // whether its bound cuts the parent too.
                        let mut cut = match child {
                            Step::Cut(bound) if PATHMAX => Some(bound),
                            _ => None,
                        };
                        loop {
                            let Some(parent) = depth.checked_sub(1) else {
                                // Every child within the threshold was expanded (or was a
                                // goal, which ends the iteration early); a larger threshold
                                // finds more only past a child that closes no cycle.
                                break 'walk End::Exhausted(open_ended.then_some(next_threshold));
                            };
                            let (below_g, reversible) = (g, inverse.is_some());
                            depth = parent;
                            let frame = &mut self.frames[depth];
                            (next, g, h) = (frame.next, frame.g, frame.h);
                            inverse = frame.inverse.take();
                            parent_state = frame.parent_state.take();
                            if let Some(taken) = frame.taken.take() {
                                self.problem.undo(&mut state, &taken);
                            }
                            let Some(bound) = cut.filter(|_| reversible) else {
                                break;
                            };
                            let Some(bound) = pathmax(bound, below_g.saturating_sub(g), threshold)
                            else {
                                break;
                            };
                            next_threshold = next_threshold.min(bound);
                            cut = Some(bound);
                        }
                        continue;
                    }
                };
                if child_g == g && self.repeats_ancestor(&state, &action, depth, g) {
                    self.problem.undo(&mut state, &action);
                    // Skipped like a parent-pruned child, and so not counted: were it, the
                    // iteration's end would take it for a child pruned by the threshold, and
                    // a space with no goal would end in a cost overflow, not unreachable.
                    generated -= 1;
                    continue;
                }
                if self.problem.is_goal(&state) {
                    break 'walk End::Solved(child_g, action, depth);
                }
                if quota == 0 {
                    let total = self.expanded + expanded;
                    if let Err(limit) = self.guard.check_quota(total) {
                        break 'walk End::Stopped(limit);
                    }
                    if self.halted() {
                        break 'walk End::Halted;
                    }
                    if O::PROGRESS {
                        self.report_progress(total);
                    }
                    quota = self.quota(total);
                }
                quota -= 1;
                expanded += 1;
                let child_inverse = self.problem.inverse(&action);
                let child_parent_state = child_inverse.is_none().then(|| {
                    let mut parent = state.clone();
                    self.problem.undo(&mut parent, &action);
                    parent
                });
                let frame = &mut self.frames[depth];
                (frame.next, frame.g, frame.h) = (next, g, h);
                frame.inverse = std::mem::replace(&mut inverse, child_inverse);
                frame.parent_state = std::mem::replace(&mut parent_state, child_parent_state);
                frame.taken = Some(action);
                depth += 1;
                if !zero_sized && memos.len() == depth + 1 {
                    memos.push(memos[depth].clone());
                }
                self.open(&state, depth, child_g);
                (next, g, h) = (0, child_g, child_h);
            }
        };
        self.memos = memos;
        self.finish_pass(end, threshold, expanded, generated)
    }

    /// Tries the current node's children from position `next` on, and applies to `state` the
    /// first one within the threshold: its action, g and h; `None` when every child is done.
    ///
    /// A function of its own for reading's sake, but always inlined into the walk: out of line,
    /// its `&mut` counters went through memory (callgrind on Korf #19: 209 M instructions
    /// against 125 M).
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn next_child<const PATHMAX: bool>(
        &mut self,
        state: &mut P::State,
        (memo, child_memo): (&H::Memo, &mut H::Memo),
        depth: usize,
        next: &mut usize,
        (inverse, parent_state): (Option<&P::Action>, Option<&P::State>),
        bounds: Bounds<P::Cost>,
        (next_threshold, open_ended): (&mut P::Cost, &mut bool),
        generated: &mut u64,
    ) -> Step<P::Action, P::Cost> {
        let Bounds { g, h, threshold } = bounds;
        while let Some((action, cost)) = self.next_action(state, depth, next) {
            if inverse == Some(&action) {
                continue;
            }
            // Without an inverse, the move back is recognised by where it leads; the child is
            // then left applied, for the estimate below.
            let mut applied = false;
            if let Some(grandparent) = parent_state {
                self.problem.apply(state, &action);
                if state == grandparent {
                    self.problem.undo(state, &action);
                    continue;
                }
                applied = true;
            }
            *generated += 1;
            let child_g = g.saturating_add(cost);
            // With an observer every child is applied, so that it can be reported.
            let early = if O::ENABLED || applied {
                None
            } else {
                // An estimate this large prunes the child and leaves the next threshold where
                // it is, so a lazy heuristic may stop there (and pathmax then bounds the parent
                // with what it returned).
                let beyond = threshold
                    .saturating_sub(child_g)
                    .saturating_add(P::Cost::ONE);
                let enough = beyond.max((*next_threshold).saturating_sub(child_g));
                (self.heuristic).estimate_child_ahead(
                    self.problem,
                    state,
                    &action,
                    h,
                    memo,
                    child_memo,
                    enough,
                )
            };
            if let Some(child_h) = early {
                let f = child_g.saturating_add(child_h);
                if f > threshold {
                    *next_threshold = (*next_threshold).min(f);
                    if !*open_ended {
                        *open_ended = self.escapes_path(state, &action, false, depth);
                    }
                    if let Some(bound) = self.cuts_parent::<PATHMAX>(&action, f, cost, threshold) {
                        *next_threshold = (*next_threshold).min(bound);
                        // The node's other children go untried: any of them may escape.
                        *open_ended = true;
                        return Step::Cut(bound);
                    }
                    continue;
                }
                self.problem.apply(state, &action);
                return Step::Child(action, child_g, child_h);
            }
            let parent = O::ENABLED.then(|| {
                let mut parent = state.clone();
                if applied {
                    self.problem.undo(&mut parent, &action);
                }
                parent
            });
            if !applied {
                self.problem.apply(state, &action);
            }
            if let Some(parent) = parent {
                self.observer.generated(&parent, &action, state, cost);
            }
            let child_h;
            (child_h, *child_memo) =
                (self.heuristic).estimate_child(self.problem, state, &action, h, memo);
            let f = child_g.saturating_add(child_h);
            if f > threshold {
                *next_threshold = (*next_threshold).min(f);
                if !*open_ended {
                    *open_ended = self.escapes_path(state, &action, true, depth);
                }
                self.problem.undo(state, &action);
                if let Some(bound) = self.cuts_parent::<PATHMAX>(&action, f, cost, threshold) {
                    *next_threshold = (*next_threshold).min(bound);
                    *open_ended = true;
                    return Step::Cut(bound);
                }
                continue;
            }
            return Step::Child(action, child_g, child_h);
        }
        Step::Done
    }

    /// Whether the path to the child of the current node (at `depth`) by `action`, pruned by
    /// the threshold, visits no state twice, so that a larger threshold could extend it. `state`
    /// is the child when `applied`, else the current node.
    ///
    /// Why: a goal reachable at all is reachable by a path without a cycle, and an iteration
    /// follows every such path as far as the threshold lets it (parent pruning and the
    /// zero-cost repeats skip only children already on their path). So when no path the
    /// threshold cut is free of cycles, no larger threshold can reach a goal this one missed,
    /// and the search ends [`Outcome::Unreachable`]: on a finite space with cycles, IDA* ends,
    /// as pathfinding's does by checking the whole path at every child. Here the path is
    /// checked only at pruned children, and only until one passes, which in a search that has
    /// a goal is mostly the first one of the iteration: one replay of the path with
    /// [`undo`](InPlace::undo) per iteration. A worker of a parallel search sees only the path
    /// below its subtree's root, so it may take a path for free of cycles when it is not, which
    /// keeps it searching, never stops it early.
    #[cold]
    #[inline(never)]
    fn escapes_path(
        &self,
        state: &P::State,
        action: &P::Action,
        applied: bool,
        depth: usize,
    ) -> bool {
        let mut node = state.clone();
        if !applied {
            self.problem.apply(&mut node, action);
        }
        let mut seen = FastHashSet::default();
        seen.insert(node.clone());
        self.problem.undo(&mut node, action);
        if !seen.insert(node.clone()) {
            return false;
        }
        for frame in self.frames[..depth].iter().rev() {
            let Some(taken) = frame.taken.as_ref() else {
                return true;
            };
            self.problem.undo(&mut node, taken);
            if !seen.insert(node.clone()) {
                return false;
            }
        }
        true
    }

    /// Whether `child`, reached from the current node (at `depth`, with path cost `g`) by the
    /// zero-cost `action`, repeats a state of the path reached from it by zero-cost moves alone.
    ///
    /// Such a cycle leaves f unchanged, so without this test the walk would go round it forever
    /// within the threshold. Skipping the child loses nothing: its subtree is that of the
    /// ancestor it repeats, at the same g, which the walk is searching already. Positive-cost
    /// cycles need no test, since every turn raises f until the threshold prunes them. Out of
    /// line and cold: problems without zero-cost actions never call it.
    #[cold]
    #[inline(never)]
    fn repeats_ancestor(
        &self,
        child: &P::State,
        action: &P::Action,
        depth: usize,
        g: P::Cost,
    ) -> bool {
        let mut ancestor = child.clone();
        self.problem.undo(&mut ancestor, action);
        if ancestor == *child {
            return true;
        }
        // Up the path while the move into the ancestor cost nothing, that is, while its
        // parent's g is the same.
        for frame in self.frames[..depth].iter().rev() {
            let Some(taken) = frame.taken.as_ref().filter(|_| frame.g == g) else {
                break;
            };
            self.problem.undo(&mut ancestor, taken);
            if ancestor == *child {
                return true;
            }
        }
        false
    }

    /// The bound that a child pruned with this `f`, reached at this `cost`, puts on every path
    /// through the current node, when that bound is beyond the threshold; see [`pathmax`].
    ///
    /// Only for a move the problem can undo at the same cost ([`Problem::inverse`]): the
    /// child's estimate bounds the parent's distance through that reverse move.
    #[inline(always)]
    fn cuts_parent<const PATHMAX: bool>(
        &self,
        action: &P::Action,
        f: P::Cost,
        cost: P::Cost,
        threshold: P::Cost,
    ) -> Option<P::Cost> {
        if !PATHMAX {
            return None;
        }
        let bound = pathmax(f, cost, threshold)?;
        self.problem.inverse(action).map(|_| bound)
    }

    /// Makes `frames[depth]` ready for the current state, listing its actions unless the problem
    /// has action slots.
    #[inline(always)]
    fn open(&mut self, state: &P::State, depth: usize, g: P::Cost) {
        self.observer.expanded(state, g);
        if self.frames.len() == depth {
            self.frames.push(Frame::new());
        }
        if self.problem.action_slots() == 0 {
            let actions = &mut self.frames[depth].actions;
            actions.clear();
            self.problem.actions(state, actions);
        }
    }

    /// The current node's next action after position `next`, which it advances.
    #[inline(always)]
    fn next_action(
        &self,
        state: &P::State,
        depth: usize,
        next: &mut usize,
    ) -> Option<(P::Action, P::Cost)> {
        let slots = self.problem.action_slots();
        if slots == 0 {
            let found = self.frames[depth].actions.get(*next).cloned();
            *next += 1;
            return found;
        }
        while *next < slots {
            let slot = *next;
            *next += 1;
            if let Some(found) = self.problem.action_in_slot(state, slot) {
                return Some(found);
            }
        }
        None
    }
}
