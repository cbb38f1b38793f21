//! IDA*: iterative-deepening A*, depth-first and in place, in memory linear in the solution depth.
//!
//! Korf, "Depth-first iterative-deepening: An optimal admissible tree search", Artificial
//! Intelligence 27(1), 1985 (<https://doi.org/10.1016/0004-3702(85)90084-0>).

use std::time::Instant;

use crate::cost::Cost;
use crate::heuristic::Heuristic;
use crate::limits::{Guard, Limits};
use crate::observer::{NoObserver, Observer};
use crate::outcome::{Limit, Outcome, ResultOf, SearchResult, Solution};
use crate::problem::{Actions, InPlace, Problem};
use crate::statistics::{Iteration, Statistics};

/// Finds a cheapest path from `start` to a goal with IDA*, under [`Limits::default`].
///
/// Returns a [`SearchResult`] whose outcome is [`Outcome::Solved`] with a cheapest solution,
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
    let began = Instant::now();
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
    SearchResult {
        outcome,
        statistics,
    }
}

type OutcomeOf<P> = Outcome<<P as Problem>::State, <P as Problem>::Action, <P as Problem>::Cost>;

/// One node on the current path whose children are being tried.
struct Frame<Action, C> {
    /// The position, in this depth's action buffer, of the next child to try.
    next: usize,
    g: C,
    h: C,
    /// The action that would return to this node's parent, pruned among its children.
    inverse: Option<Action>,
}

/// How one iteration ended.
enum End<C> {
    /// A goal was generated at this cost; the action stack holds the path.
    Solved(C),
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
    statistics: &'search mut Statistics,
    state: P::State,
    frames: Vec<Frame<P::Action, P::Cost>>,
    /// Indexed by depth; each buffer is allocated once and reused by every node at its depth.
    buffers: Vec<Actions<P>>,
    /// The actions from the start to the node on top of `frames`.
    path: Vec<P::Action>,
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
        statistics,
        state: start.clone(),
        frames: Vec::new(),
        buffers: Vec::new(),
        path: Vec::new(),
    };
    let mut threshold = root_h;
    loop {
        match walk.iteration(threshold, root_h) {
            End::Solved(cost) => {
                return Outcome::Solved(Solution {
                    start,
                    actions: walk.path,
                    cost,
                })
            }
            End::Exhausted(Some(next)) => threshold = next,
            End::Exhausted(None) => return Outcome::Unreachable,
            End::Stopped(limit) => return Outcome::LimitReached(limit),
        }
    }
}

impl<P, H, O> Walk<'_, P, H, O>
where
    P: InPlace,
    H: Heuristic<P>,
    O: Observer<P>,
{
    /// One depth-first pass over the paths with f within `threshold`, with an explicit stack so
    /// that deep solutions cannot overflow the thread's stack.
    fn iteration(&mut self, threshold: P::Cost, root_h: P::Cost) -> End<P::Cost> {
        self.observer.iteration(threshold.to_u64());
        self.statistics.iterations.push(Iteration {
            threshold: threshold.to_u64(),
            ..Iteration::default()
        });
        let mut next_threshold: Option<P::Cost> = None;
        if let Err(limit) = self.expand(P::Cost::ZERO, root_h, None) {
            return End::Stopped(limit);
        }
        while let Some(depth) = self.frames.len().checked_sub(1) {
            let frame = &mut self.frames[depth];
            let Some((action, cost)) = self.buffers[depth].get(frame.next).cloned() else {
                self.frames.pop();
                if let Some(action) = self.path.pop() {
                    self.problem.undo(&mut self.state, &action);
                }
                continue;
            };
            frame.next += 1;
            if frame.inverse.as_ref() == Some(&action) {
                continue;
            }
            let (parent_g, parent_h) = (frame.g, frame.h);
            self.count_generated();
            let parent = O::ENABLED.then(|| self.state.clone());
            self.problem.apply(&mut self.state, &action);
            if let Some(parent) = parent {
                self.observer.generated(&parent, &action, &self.state, cost);
            }
            let g = parent_g.saturating_add(cost);
            let h = self
                .heuristic
                .estimate_after(self.problem, &self.state, &action, parent_h);
            let f = g.saturating_add(h);
            if f > threshold {
                next_threshold = Some(next_threshold.map_or(f, |next| next.min(f)));
                self.problem.undo(&mut self.state, &action);
                continue;
            }
            let inverse = self.problem.inverse(&action);
            self.path.push(action);
            if self.problem.is_goal(&self.state) {
                return End::Solved(g);
            }
            if let Err(limit) = self.expand(g, h, inverse) {
                return End::Stopped(limit);
            }
        }
        End::Exhausted(next_threshold)
    }

    /// Lists the children of the current state into its depth's buffer and pushes its frame.
    fn expand(&mut self, g: P::Cost, h: P::Cost, inverse: Option<P::Action>) -> Result<(), Limit> {
        self.guard.check(self.statistics.expanded, 0)?;
        self.statistics.expanded += 1;
        if let Some(iteration) = self.statistics.iterations.last_mut() {
            iteration.expanded += 1;
        }
        self.observer.expanded(&self.state, g);
        let depth = self.frames.len();
        if self.buffers.len() == depth {
            self.buffers.push(Actions::<P>::new());
        }
        let buffer = &mut self.buffers[depth];
        buffer.clear();
        self.problem.actions(&self.state, buffer);
        self.frames.push(Frame {
            next: 0,
            g,
            h,
            inverse,
        });
        Ok(())
    }

    #[inline]
    fn count_generated(&mut self) {
        self.statistics.generated += 1;
        if let Some(iteration) = self.statistics.iterations.last_mut() {
            iteration.generated += 1;
        }
    }
}
