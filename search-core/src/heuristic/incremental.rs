//! Heuristics that leave a memo on each node of a depth-first path, so that a child's estimate
//! starts from its parent's work instead of from scratch.

use super::estimate::Heuristic;
use crate::problem::Problem;

/// A heuristic that keeps a memo for each node on the current path of a depth-first search.
///
/// [`Heuristic::estimate_after`] hears only the parent's estimate, one number; that suffices
/// for Manhattan distance, which changes by one tile's term per move. An estimate made of parts
/// (the entries of several pattern databases, each in several views of the state) needs more
/// than the total to update: the memo is where it keeps them. [`idastar`](fn@crate::idastar),
/// [`idastar_with`](crate::idastar::idastar_with) and [`idastar_parallel`](crate::idastar::idastar_parallel)
/// accept any `IncrementalHeuristic`: they keep one memo per depth of the current path and hand
/// each child the memo of its parent.
///
/// Every [`Heuristic`] is an `IncrementalHeuristic` whose memo is `()`, so a heuristic only
/// implements this trait directly when it has something to remember; it then does not implement
/// [`Heuristic`] itself (the blanket implementation would conflict), and is used with the
/// depth-first searches only.
///
/// The rules are those of [`Heuristic`]: the estimate must be admissible for the searches to be
/// optimal, and the value must not depend on the path that reached the state (given the same
/// state, every method returns the same estimate).
///
/// # Writing one
///
/// 1. [`estimate_root`](IncrementalHeuristic::estimate_root) estimates a state from scratch
///    and makes its memo; [`estimate_child`](IncrementalHeuristic::estimate_child) estimates a
///    child from its parent's estimate and memo, once the move is made. These two are required,
///    and suffice.
/// 2. For speed, [`estimate_child_ahead`](IncrementalHeuristic::estimate_child_ahead) makes the
///    same estimate before the move, writing the child's memo in place, so that a child beyond
///    the threshold is pruned without being applied, undone or copied; an estimate made of
///    costly parts may also stop as soon as it reaches what the search says is `enough`.
/// 3. [`consistent`](IncrementalHeuristic::consistent) says whether the estimate is
///    consistent, which lets IDA* skip pathmax.
///
/// ```
/// use search_core::{idastar, heuristic::IncrementalHeuristic, InPlace, Problem, Successor, Successors};
///
/// /// Points on a line, moved one step either way; the goal is 0.
/// struct Line;
/// impl Problem for Line {
///     type State = i32;
///     type Action = i32;
///     type Cost = u32;
///     fn is_goal(&self, s: &i32) -> bool { *s == 0 }
///     fn successors(&self, s: &i32, out: &mut Successors<Self>) {
///         out.push(Successor::unit(s - 1, -1));
///         out.push(Successor::unit(s + 1, 1));
///     }
///     fn inverse(&self, step: &i32) -> Option<i32> { Some(-step) }
/// }
/// impl InPlace for Line {
///     fn apply(&self, s: &mut i32, step: &i32) { *s += step }
///     fn undo(&self, s: &mut i32, step: &i32) { *s -= step }
/// }
///
/// /// The distance to 0, remembering the side of 0 the state is on.
/// struct Distance;
/// impl IncrementalHeuristic<Line> for Distance {
///     type Memo = i32; // the state's sign
///     fn estimate_root(&self, _: &Line, s: &i32) -> (u32, i32) {
///         (s.unsigned_abs(), s.signum())
///     }
///     fn estimate_child(&self, _: &Line, after: &i32, step: &i32, before: u32, sign: &i32)
///         -> (u32, i32)
///     {
///         // A step against the sign heads for zero; every other step leaves it.
///         let h = if *step == -sign { before - 1 } else { before + 1 };
///         (h, after.signum())
///     }
/// }
///
/// let result = idastar(&Line, &Distance, 5);
/// assert_eq!(result.solution().unwrap().actions, [-1, -1, -1, -1, -1]);
/// // The estimate is exact, so the only iteration expands the path and nothing else.
/// assert_eq!(result.statistics.expanded, 5);
/// ```
pub trait IncrementalHeuristic<P: Problem + ?Sized> {
    /// What the heuristic remembers of a node for its children.
    type Memo: Clone;

    /// The estimate of the search's start, and its memo.
    fn estimate_root(&self, problem: &P, state: &P::State) -> (P::Cost, Self::Memo);

    /// The estimate of `after`, reached by `action` from a node whose estimate was `before` and
    /// whose memo is `memo`, and the memo of `after`.
    fn estimate_child(
        &self,
        problem: &P,
        after: &P::State,
        action: &P::Action,
        before: P::Cost,
        memo: &Self::Memo,
    ) -> (P::Cost, Self::Memo);

    /// The estimate of the child that `action` leads to from `state` (whose estimate is
    /// `before` and memo `memo`), computed *before* the move is made, with the child's memo
    /// written into `child`; `None` when the heuristic needs to see the child. The default
    /// returns `None`.
    ///
    /// Depth-first search asks this first for every child: a child whose estimate puts it
    /// beyond the threshold is then pruned without being applied and undone (see
    /// [`Heuristic::estimate_move`], this method's plain form). On `None` the search applies the
    /// move and calls [`estimate_child`](IncrementalHeuristic::estimate_child) instead.
    ///
    /// - `child` is the slot the search keeps for the child's depth, and holds the memo of
    ///   whichever node was there last (not necessarily `memo`): write every part of it that
    ///   the child's estimate depends on. Made in place, a memo is never copied; a returned one
    ///   was copied at least once, and a copy right after the narrow stores that made it waits
    ///   for them (a wide load cannot be served from several pending smaller stores), which on
    ///   the 24-puzzle's pattern databases cost about a tenth of the search's time.
    /// - `enough` says what the caller needs to know: whether the estimate reaches `enough`.
    ///   Once the heuristic knows that it does, it may stop and return any admissible value
    ///   from `enough` up to the full estimate, leaving `child` unspecified. A value below
    ///   `enough` must be the full estimate, with `child` its memo; with `enough` at
    ///   [`Cost::MAX`](crate::Cost::MAX) the value is always the full one. A heuristic whose
    ///   estimate is one quick computation ignores `enough`; one that is a maximum or sum of
    ///   parts that cost something each (pattern databases looked up in several partitions or
    ///   views, whose entries miss the cache) stops at the part that reaches it, and the parts
    ///   after it are never looked up.
    ///
    /// When a value is returned, it (below `enough`), and the memo with it, must be what
    /// [`estimate_child`](IncrementalHeuristic::estimate_child) would give for the same move.
    ///
    /// [`idastar`](fn@crate::idastar) passes as `enough` the least estimate that puts the child
    /// beyond the threshold and no nearer to it than the nearest child already pruned: such a
    /// child is pruned either way and leaves the next threshold where it was, so a
    /// [consistent](IncrementalHeuristic::consistent) heuristic searches the same nodes lazily
    /// or not. Otherwise pathmax bounds the parent with the value returned, which may cut fewer
    /// paths than the full estimate would: still optimal, with a few more nodes (on Korf &
    /// Felner's 24-puzzles with pattern-database sums, a small share more, for a faster search
    /// overall; the measurements are in the commit that made the estimate lazy).
    ///
    /// ```
    /// use search_core::{heuristic_fn, idastar, heuristic::IncrementalHeuristic, InPlace, Problem};
    /// use search_core::{Successor, Successors};
    ///
    /// /// Walk a line from `start` to 0 by steps of one.
    /// struct Line;
    /// impl Problem for Line {
    ///     type State = i32;
    ///     type Action = i32;
    ///     type Cost = u32;
    ///     fn is_goal(&self, s: &i32) -> bool { *s == 0 }
    ///     fn successors(&self, s: &i32, out: &mut Successors<Self>) {
    ///         out.push(Successor::unit(s - 1, -1));
    ///         out.push(Successor::unit(s + 1, 1));
    ///     }
    ///     fn inverse(&self, step: &i32) -> Option<i32> { Some(-step) }
    /// }
    /// impl InPlace for Line {
    ///     fn apply(&self, s: &mut i32, step: &i32) { *s += step }
    ///     fn undo(&self, s: &mut i32, step: &i32) { *s -= step }
    /// }
    ///
    /// /// The distance to 0, told in two parts that each cost a look: the part up to 3, then
    /// /// the rest. A lazy caller that learns the first part is enough skips the second.
    /// struct Distance;
    /// impl IncrementalHeuristic<Line> for Distance {
    ///     type Memo = ();
    ///     fn estimate_root(&self, _: &Line, s: &i32) -> (u32, ()) { (s.unsigned_abs(), ()) }
    ///     fn estimate_child(&self, _: &Line, after: &i32, _: &i32, _: u32, _: &()) -> (u32, ()) {
    ///         (after.unsigned_abs(), ())
    ///     }
    ///     fn estimate_child_ahead(
    ///         &self, _: &Line, s: &i32, step: &i32, _: u32, _: &(), _: &mut (), enough: u32,
    ///     ) -> Option<u32> {
    ///         let distance = (s + step).unsigned_abs();
    ///         let first = distance.min(3);
    ///         if first >= enough {
    ///             return Some(first); // enough to prune: the rest is never looked at
    ///         }
    ///         Some(distance)
    ///     }
    ///     fn consistent(&self) -> bool { true }
    /// }
    ///
    /// // Asked for the full estimate, it gives it.
    /// assert_eq!(Distance.estimate_child_ahead(&Line, &7, &1, 7, &(), &mut (), u32::MAX), Some(8));
    /// let lazy = idastar(&Line, &Distance, 5);
    /// assert_eq!(lazy.solution().unwrap().actions, [-1, -1, -1, -1, -1]);
    /// // The same nodes as with the full estimate every time.
    /// let full = idastar(&Line, &heuristic_fn(|s: &i32| s.unsigned_abs()), 5);
    /// assert_eq!(lazy.statistics.generated, full.statistics.generated);
    /// assert_eq!(lazy.statistics.iterations, full.statistics.iterations);
    /// ```
    #[inline(always)]
    #[expect(
        clippy::too_many_arguments,
        reason = "the search's seven facts about the child; a struct of them would be one more \
                  type for every implementor to learn, for no speed"
    )]
    fn estimate_child_ahead(
        &self,
        problem: &P,
        state: &P::State,
        action: &P::Action,
        before: P::Cost,
        memo: &Self::Memo,
        child: &mut Self::Memo,
        enough: P::Cost,
    ) -> Option<P::Cost> {
        let _ = (problem, state, action, before, memo, child, enough);
        None
    }

    /// Whether the estimate is known to be consistent; see [`Heuristic::is_consistent`], whose
    /// rules (speed only, never optimality) apply. The default is `false`.
    #[inline]
    fn consistent(&self) -> bool {
        false
    }
}

/// A plain heuristic remembers nothing: its incremental form is
/// [`estimate_after`](Heuristic::estimate_after) and [`estimate_move`](Heuristic::estimate_move).
impl<P: Problem + ?Sized, H: Heuristic<P> + ?Sized> IncrementalHeuristic<P> for H {
    type Memo = ();

    #[inline(always)]
    fn estimate_root(&self, problem: &P, state: &P::State) -> (P::Cost, ()) {
        (self.estimate(problem, state), ())
    }

    #[inline(always)]
    fn estimate_child(
        &self,
        problem: &P,
        after: &P::State,
        action: &P::Action,
        before: P::Cost,
        _: &(),
    ) -> (P::Cost, ()) {
        (self.estimate_after(problem, after, action, before), ())
    }

    #[inline(always)]
    fn estimate_child_ahead(
        &self,
        problem: &P,
        state: &P::State,
        action: &P::Action,
        before: P::Cost,
        _: &(),
        _: &mut (),
        _enough: P::Cost,
    ) -> Option<P::Cost> {
        // One computation: nothing to gain by stopping at `enough`.
        self.estimate_move(problem, state, action, before)
    }

    #[inline(always)]
    fn consistent(&self) -> bool {
        self.is_consistent()
    }
}
