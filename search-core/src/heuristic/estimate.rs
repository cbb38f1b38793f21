//! Heuristics: estimates of the remaining cost, kept apart from problems so that one problem
//! pairs with many heuristics.

use crate::cost::Cost;
use crate::problem::Problem;

/// An estimate of the cost from a state to the nearest goal.
///
/// [`astar`](fn@crate::astar) and [`idastar`](fn@crate::idastar) return optimal solutions when the
/// estimate is *admissible*: never larger than the true remaining cost. A* also handles heuristics
/// that are admissible but not *consistent* (`h(s) <= cost(s, t) + h(t)` on every move) by
/// reopening nodes; a consistent heuristic never reopens.
pub trait Heuristic<P: Problem + ?Sized> {
    /// The estimated remaining cost from `state`.
    fn estimate(&self, problem: &P, state: &P::State) -> P::Cost;

    /// The estimate for `after`, reached by `action` from a state whose estimate was `before`.
    ///
    /// Depth-first search calls this after every move, so a heuristic that can update its value
    /// from the move alone (Manhattan distance changes by exactly one per tile move) saves a full
    /// recomputation. The default recomputes with [`estimate`](Heuristic::estimate).
    #[inline]
    fn estimate_after(
        &self,
        problem: &P,
        after: &P::State,
        action: &P::Action,
        before: P::Cost,
    ) -> P::Cost {
        let _ = (action, before);
        self.estimate(problem, after)
    }

    /// The estimate of the state that `action` leads to from `state`, whose estimate is `before`,
    /// computed *before* the move is made; `None` when the heuristic needs to see that state.
    ///
    /// Depth-first search asks this first for every child: a child whose estimate puts it beyond
    /// the threshold is then pruned without being applied and undone, which on sliding-tile
    /// puzzles is about half of all children. When it returns `Some`, the value must be the one
    /// [`estimate_after`](Heuristic::estimate_after) would give for the same move. The default
    /// returns `None`, and searches apply the move and call
    /// [`estimate_after`](Heuristic::estimate_after).
    #[inline]
    fn estimate_move(
        &self,
        problem: &P,
        state: &P::State,
        action: &P::Action,
        before: P::Cost,
    ) -> Option<P::Cost> {
        let _ = (problem, state, action, before);
        None
    }

    /// Whether the estimate is known to be *consistent*: `h(s) <= cost + h(t)` for every move
    /// from `s` to `t` at `cost`.
    ///
    /// Searches may then leave out work that only inconsistent estimates need: IDA* skips its
    /// bidirectional pathmax check on pruned children. The answer affects speed only, never
    /// optimality: `true` for an inconsistent heuristic gives up the pruning pathmax would have
    /// done, `false` for a consistent one costs a comparison per pruned child. The default is
    /// `false`.
    #[inline]
    fn is_consistent(&self) -> bool {
        false
    }
}

/// The heuristic that always estimates zero: A* becomes uniform-cost search (Dijkstra).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NoHeuristic;

impl<P: Problem + ?Sized> Heuristic<P> for NoHeuristic {
    #[inline]
    fn estimate(&self, _problem: &P, _state: &P::State) -> P::Cost {
        P::Cost::ZERO
    }

    #[inline]
    fn estimate_after(&self, _: &P, _: &P::State, _: &P::Action, _: P::Cost) -> P::Cost {
        P::Cost::ZERO
    }

    #[inline]
    fn is_consistent(&self) -> bool {
        true
    }
}

/// A heuristic made from a closure over states; see [`heuristic_fn`].
#[derive(Clone, Copy, Debug)]
pub struct FnHeuristic<F> {
    estimate: F,
    /// Whether the closure's author declared it consistent.
    consistent: bool,
}

impl<F> FnHeuristic<F> {
    /// The same heuristic, declared [consistent](Heuristic::is_consistent): `h(s) <= cost +
    /// h(t)` on every move from `s` to `t` at `cost`, as Manhattan distance is for sliding tiles.
    ///
    /// A closure cannot say so itself, and the declaration makes IDA* faster: it skips the
    /// pathmax check on pruned children and, for a problem with action slots, can walk an
    /// iteration recursively. It affects speed only: a wrong declaration never costs
    /// optimality, only the pruning pathmax would have done. Measured on the 15-puzzle of
    /// `examples/plain_idastar.rs`: alone it changes next to nothing; with an inverse and action
    /// slots it takes about a third off the search with slots alone (the figures are in the
    /// repository's `BENCHMARKS.md`).
    ///
    /// ```
    /// use search_core::{heuristic_fn, Heuristic};
    /// use search_core::{Problem, Successors};
    /// struct Line;
    /// impl Problem for Line {
    ///     type State = i32;
    ///     type Action = ();
    ///     type Cost = u32;
    ///     fn is_goal(&self, s: &i32) -> bool { *s == 0 }
    ///     fn successors(&self, _: &i32, _: &mut Successors<Self>) {}
    /// }
    /// let distance = heuristic_fn(|state: &i32| state.unsigned_abs());
    /// assert!(!Heuristic::<Line>::is_consistent(&distance));
    /// let declared = distance.declare_consistent();
    /// assert!(Heuristic::<Line>::is_consistent(&declared));
    /// assert_eq!(declared.estimate(&Line, &-7), 7);
    /// ```
    #[must_use]
    pub fn declare_consistent(self) -> Self {
        FnHeuristic {
            consistent: true,
            ..self
        }
    }
}

/// Wraps `estimate` as a [`Heuristic`] for every problem whose state and cost types fit it.
///
/// The heuristic is not known to be consistent; [`FnHeuristic::declare_consistent`] says it is.
///
/// ```
/// use search_core::{heuristic_fn, Heuristic, heuristic::NoHeuristic};
/// use search_core::{Problem, Successors};
/// struct Line;
/// impl Problem for Line {
///     type State = i32;
///     type Action = ();
///     type Cost = u32;
///     fn is_goal(&self, s: &i32) -> bool { *s == 0 }
///     fn successors(&self, _: &i32, _: &mut Successors<Self>) {}
/// }
/// let distance_to_zero = heuristic_fn(|state: &i32| state.unsigned_abs());
/// assert_eq!(distance_to_zero.estimate(&Line, &-7), 7);
/// assert_eq!(NoHeuristic.estimate(&Line, &-7), 0);
/// ```
pub fn heuristic_fn<State, C, F>(estimate: F) -> FnHeuristic<F>
where
    F: Fn(&State) -> C,
{
    FnHeuristic {
        estimate,
        consistent: false,
    }
}

impl<P, F> Heuristic<P> for FnHeuristic<F>
where
    P: Problem + ?Sized,
    F: Fn(&P::State) -> P::Cost,
{
    #[inline]
    fn estimate(&self, _problem: &P, state: &P::State) -> P::Cost {
        (self.estimate)(state)
    }

    #[inline]
    fn is_consistent(&self) -> bool {
        self.consistent
    }
}

impl<P: Problem + ?Sized, H: Heuristic<P> + ?Sized> Heuristic<P> for &H {
    #[inline]
    fn estimate(&self, problem: &P, state: &P::State) -> P::Cost {
        (**self).estimate(problem, state)
    }

    #[inline]
    fn estimate_after(
        &self,
        problem: &P,
        after: &P::State,
        action: &P::Action,
        before: P::Cost,
    ) -> P::Cost {
        (**self).estimate_after(problem, after, action, before)
    }

    #[inline]
    fn estimate_move(
        &self,
        problem: &P,
        state: &P::State,
        action: &P::Action,
        before: P::Cost,
    ) -> Option<P::Cost> {
        (**self).estimate_move(problem, state, action, before)
    }

    #[inline]
    fn is_consistent(&self) -> bool {
        (**self).is_consistent()
    }
}
