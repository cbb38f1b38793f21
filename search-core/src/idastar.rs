//! IDA*: iterative-deepening A*, depth-first and in place, in memory linear in the solution depth.
//!
//! Korf, "Depth-first iterative-deepening: An optimal admissible tree search", Artificial
//! Intelligence 27(1), 1985 (<https://doi.org/10.1016/0004-3702(85)90084-0>).

use crate::cost::Cost;
use crate::heuristic::Heuristic;
use crate::limits::{Guard, Limits};
use crate::observer::{NoObserver, Observer};
use crate::outcome::{timed, Limit, Outcome, OutcomeOf, ResultOf, Solution};
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
/// it stores nothing but the current path, so it re-expands states reached along several paths,
/// and on a space with cycles and no reachable goal it runs until a limit stops it (the default
/// limits only bound stored nodes, of which IDA* has none). Parent pruning through
/// [`Problem::inverse`] skips the move that undoes the previous one.
///
/// Node counts follow Korf's: children are tried in the order [`InPlace::actions`] lists them;
/// each child except the parent-pruned one counts as generated, including children then pruned
/// by the threshold, in every iteration, and the root counts once in total (it is not in any
/// [`Iteration::generated`]); a node counts as expanded each time its children are generated,
/// the root once per iteration. Iterations use thresholds h(start), then each time the smallest
/// f that exceeded the previous threshold, and the search stops as soon as it generates a goal
/// within the threshold.
///
/// # Complexity
/// Memory O(d) for solution depth d: one state, the action stack and one reusable action buffer
/// per depth; nothing is allocated per node. Time is the number of paths within the final
/// threshold, summed over the iterations; that is within a constant factor of A*'s expansions
/// when thresholds grow geometrically in node count, as they do on sliding-tile puzzles.
///
/// # Parameters
/// - `problem`: the state space, with in-place [`apply`](InPlace::apply) and
///   [`undo`](InPlace::undo).
/// - `heuristic`: the estimate of the remaining cost; must be admissible for optimality. Its
///   [`estimate_after`](Heuristic::estimate_after) is called after each move.
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
    H: Heuristic<P>,
{
    idastar_with(problem, heuristic, start, &Limits::default(), NoObserver)
}

/// IDA* under the given `limits`, reporting to `observer`; see [`idastar`].
///
/// Returns what [`idastar`] returns, with [`Outcome::LimitReached`] naming the first limit hit.
/// The limits are checked once per expansion, with zero nodes stored.
///
/// # Guarantees
/// As [`idastar`]: optimal with an admissible heuristic.
///
/// # Complexity
/// As [`idastar`]. With an enabled observer, the parent state is cloned once per generated
/// child so that [`Observer::generated`] can be told both ends of the edge.
///
/// # Parameters
/// - `problem`: the state space, with in-place apply and undo.
/// - `heuristic`: the estimate of the remaining cost; must be admissible for optimality.
/// - `start`: the state to search from.
/// - `limits`: when to give up; with cycles and no reachable goal, only a limit ends the search.
/// - `observer`: told of each iteration's threshold ([`Observer::iteration`]), each expansion
///   (with the node's g) and each generated edge (with the edge's cost).
///
/// # Example
/// ```
/// use search_core::{idastar_with, InPlace, Limit, Limits, NoHeuristic, NoObserver, Outcome};
/// # use search_core::{Problem, Successor, Successors};
/// # struct Walk;
/// # impl Problem for Walk {
/// #     type State = i64; type Action = i64; type Cost = u64;
/// #     fn is_goal(&self, s: &i64) -> bool { *s == 1_000 }
/// #     fn successors(&self, s: &i64, out: &mut Successors<Self>) {
/// #         out.push(Successor::unit(s - 1, -1)); out.push(Successor::unit(s + 1, 1));
/// #     }
/// #     fn inverse(&self, step: &i64) -> Option<i64> { Some(-step) }
/// # }
/// # impl InPlace for Walk {
/// #     fn apply(&self, s: &mut i64, step: &i64) { *s += step }
/// #     fn undo(&self, s: &mut i64, step: &i64) { *s -= step }
/// # }
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
    H: Heuristic<P>,
    O: Observer<P>,
{
    timed::<P>(|statistics| search(problem, heuristic, start, limits, &mut observer, statistics))
}

/// One node on the current path: its applicable actions and which of them to try next.
///
/// Frames are kept after the walk backs out of them, so their action buffers are allocated once
/// per depth for the whole search, never per node.
struct Frame<P: Problem> {
    actions: Actions<P>,
    /// The position in `actions` of the next child to try; the child being searched below this
    /// frame is the one just before it.
    next: usize,
    g: P::Cost,
    h: P::Cost,
    /// The action that would return to this node's parent, pruned among its children.
    inverse: Option<P::Action>,
}

impl<P: Problem> Frame<P> {
    fn new() -> Self {
        Frame {
            actions: Actions::<P>::new(),
            next: 0,
            g: P::Cost::ZERO,
            h: P::Cost::ZERO,
            inverse: None,
        }
    }

    /// The action that leads to the child currently searched below this frame.
    fn taken(&self) -> &P::Action {
        &self.actions[self.next - 1].0
    }
}

/// How one iteration ended.
enum End<C> {
    /// A goal was generated at this cost, below the frame at this depth; `frames[..=depth]` hold
    /// the path.
    Solved(C, usize),
    /// Every path within the threshold was tried; the smallest f beyond it, if any.
    Exhausted(Option<C>),
    Stopped(Limit),
}

/// The reusable memory of the depth-first walk, shared by all iterations.
struct Walk<'search, P: InPlace, H, O> {
    problem: &'search P,
    heuristic: &'search H,
    observer: &'search mut O,
    guard: Guard<'search>,
    state: P::State,
    /// `frames[..=depth]` is the current path; deeper frames are kept for reuse.
    frames: Vec<Frame<P>>,
    /// Nodes expanded and generated by all finished iterations, and by the root.
    expanded: u64,
    generated: u64,
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
    H: Heuristic<P>,
    O: Observer<P>,
{
    statistics.generated = 1;
    if problem.is_goal(&start) {
        return Outcome::Solved(Solution {
            start,
            actions: Vec::new(),
            cost: P::Cost::ZERO,
        });
    }
    let root_h = heuristic.estimate(problem, &start);
    let mut walk = Walk {
        problem,
        heuristic,
        observer,
        guard: Guard::new(limits),
        state: start.clone(),
        frames: Vec::new(),
        expanded: 0,
        generated: 1,
    };
    let mut threshold = root_h;
    let outcome = loop {
        let (end, iteration) = walk.iteration(threshold, root_h);
        statistics.iterations.push(iteration);
        match end {
            End::Solved(cost, depth) => {
                break Outcome::Solved(Solution {
                    start,
                    actions: walk.path(depth),
                    cost,
                })
            }
            End::Exhausted(Some(next)) => threshold = next,
            End::Exhausted(None) => break Outcome::Unreachable,
            End::Stopped(limit) => break Outcome::LimitReached(limit),
        }
    };
    statistics.expanded = walk.expanded;
    statistics.generated = walk.generated;
    outcome
}

impl<P, H, O> Walk<'_, P, H, O>
where
    P: InPlace,
    H: Heuristic<P>,
    O: Observer<P>,
{
    /// One depth-first pass over the paths with f within `threshold`, with an explicit stack so
    /// that deep solutions cannot overflow the thread's stack.
    ///
    /// The counters live in locals for the whole pass: kept in registers, they cost the hot loop
    /// nothing, where counters behind a reference are a load and a store per node.
    fn iteration(&mut self, threshold: P::Cost, root_h: P::Cost) -> (End<P::Cost>, Iteration) {
        self.observer.iteration(threshold.to_u64());
        let mut expanded: u64 = 0;
        let mut generated: u64 = 0;
        let mut next_threshold: Option<P::Cost> = None;
        let end = 'walk: {
            if let Err(limit) = self.guard.check(self.expanded, 0) {
                break 'walk End::Stopped(limit);
            }
            expanded += 1;
            self.open(0, P::Cost::ZERO, root_h, None);
            // The current frame's fields live in locals while its children are tried, and go
            // back to the frame only when the walk descends below it.
            let mut depth = 0;
            let mut next = 0;
            let (mut g, mut h) = (P::Cost::ZERO, root_h);
            loop {
                // Try the children of the current node until one is within the threshold. The
                // action list is borrowed as a plain slice for the whole scan.
                let frame = &self.frames[depth];
                let mut within = None;
                for (action, cost) in &frame.actions[next..] {
                    next += 1;
                    if frame.inverse.as_ref() == Some(action) {
                        continue;
                    }
                    generated += 1;
                    let parent = O::ENABLED.then(|| self.state.clone());
                    self.problem.apply(&mut self.state, action);
                    if let Some(parent) = parent {
                        self.observer.generated(&parent, action, &self.state, *cost);
                    }
                    let child_g = g.saturating_add(*cost);
                    let child_h =
                        self.heuristic
                            .estimate_after(self.problem, &self.state, action, h);
                    let f = child_g.saturating_add(child_h);
                    if f > threshold {
                        next_threshold = Some(next_threshold.map_or(f, |known| known.min(f)));
                        self.problem.undo(&mut self.state, action);
                        continue;
                    }
                    within = Some((action.clone(), child_g, child_h));
                    break;
                }
                let Some((action, child_g, child_h)) = within else {
                    // Every child of this node is done: back out to its parent.
                    let Some(parent) = depth.checked_sub(1) else {
                        break 'walk End::Exhausted(next_threshold);
                    };
                    depth = parent;
                    let frame = &self.frames[depth];
                    (next, g, h) = (frame.next, frame.g, frame.h);
                    self.problem.undo(&mut self.state, frame.taken());
                    continue;
                };
                self.frames[depth].next = next;
                if self.problem.is_goal(&self.state) {
                    break 'walk End::Solved(child_g, depth);
                }
                if let Err(limit) = self.guard.check(self.expanded + expanded, 0) {
                    break 'walk End::Stopped(limit);
                }
                expanded += 1;
                depth += 1;
                let inverse = self.problem.inverse(&action);
                self.open(depth, child_g, child_h, inverse);
                (next, g, h) = (0, child_g, child_h);
            }
        };
        self.expanded += expanded;
        self.generated += generated;
        let iteration = Iteration {
            threshold: threshold.to_u64(),
            expanded,
            generated,
        };
        (end, iteration)
    }

    /// Makes `frames[depth]` the frame of the current state, listing its actions.
    #[inline(always)]
    fn open(&mut self, depth: usize, g: P::Cost, h: P::Cost, inverse: Option<P::Action>) {
        self.observer.expanded(&self.state, g);
        if self.frames.len() == depth {
            self.frames.push(Frame::new());
        }
        let frame = &mut self.frames[depth];
        frame.actions.clear();
        self.problem.actions(&self.state, &mut frame.actions);
        frame.next = 0;
        frame.g = g;
        frame.h = h;
        frame.inverse = inverse;
    }

    /// The actions from the start to the goal generated below `frames[depth]`: each frame on the
    /// path holds the action taken out of it.
    fn path(&self, depth: usize) -> Vec<P::Action> {
        self.frames[..=depth]
            .iter()
            .map(|frame| frame.taken().clone())
            .collect()
    }
}
