//! A problem given a perfect rank by a closure, for dense visited sets.

use std::fmt;
use std::ops::ControlFlow;

use super::fn_problem::FnProblem;
use crate::problem::{PerfectRank, Problem, Reversible, Successor, Successors};

/// A problem with a [`PerfectRank`] from a closure; see [`FnProblem::with_rank`].
///
/// It searches as the problem it wraps, and lends [`DenseVisited`](crate::visited::DenseVisited) the
/// rank, a bitset instead of a hash set: several times faster where the states are dense.
pub struct Ranked<P, FR> {
    problem: P,
    rank_count: u64,
    rank: FR,
}

impl<P, FR> Ranked<P, FR> {
    /// The problem `problem` with states ranked by `rank` in `0..rank_count`, distinct states
    /// by distinct ranks.
    pub fn new(problem: P, rank_count: u64, rank: FR) -> Self {
        Ranked {
            problem,
            rank_count,
            rank,
        }
    }
}

impl<State, C, FS, FG> FnProblem<State, C, FS, FG> {
    /// This problem with states ranked by `rank` in `0..rank_count` (distinct states by
    /// distinct ranks), so that it takes a [`DenseVisited`](crate::visited::DenseVisited), where a hand
    /// written [`PerfectRank`] was needed.
    ///
    /// ```
    /// use search_core::{breadth_first::bfs_with, from_fn, visited::DenseVisited, Limits, observer::NoObserver};
    ///
    /// // Numbers below 1000, by +1 and *2: each number is its own rank.
    /// let numbers = from_fn(
    ///     |&n: &u32| [n + 1, n * 2].into_iter().filter(|&m| m < 1000).map(|m| (m, 1u32)),
    ///     |&n| n == 999,
    /// )
    /// .with_rank(1000, |&n: &u32| u64::from(n));
    /// let visited = DenseVisited::for_problem(&numbers)?;
    /// let result = bfs_with(&numbers, 1, visited, &Limits::default(), NoObserver);
    /// assert_eq!(result.solution().map(|solution| solution.cost), Some(16));
    /// # Ok::<(), search_core::visited::DenseVisitedError>(())
    /// ```
    pub fn with_rank<FR>(self, rank_count: u64, rank: FR) -> Ranked<Self, FR>
    where
        FR: Fn(&State) -> u64,
    {
        Ranked::new(self, rank_count, rank)
    }
}

impl<P: Clone, FR: Clone> Clone for Ranked<P, FR> {
    fn clone(&self) -> Self {
        Ranked::new(self.problem.clone(), self.rank_count, self.rank.clone())
    }
}

impl<P, FR> fmt::Debug for Ranked<P, FR> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Ranked")
            .field("rank_count", &self.rank_count)
            .finish_non_exhaustive()
    }
}

impl<P, FR> Problem for Ranked<P, FR>
where
    P: Problem,
{
    type State = P::State;
    type Action = P::Action;
    type Cost = P::Cost;

    #[inline]
    fn is_goal(&self, state: &P::State) -> bool {
        self.problem.is_goal(state)
    }

    #[inline]
    fn successors(&self, state: &P::State, out: &mut Successors<Self>) {
        self.problem.successors(state, out);
    }

    const VISITS_SUCCESSORS: bool = P::VISITS_SUCCESSORS;

    #[inline]
    fn visit_successors<B>(
        &self,
        state: &P::State,
        visit: impl FnMut(Successor<P::State, P::Action, P::Cost>) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        self.problem.visit_successors(state, visit)
    }

    #[inline]
    fn inverse(&self, action: &P::Action) -> Option<P::Action> {
        self.problem.inverse(action)
    }

    const ACTIONS_FROM_STATES: bool = P::ACTIONS_FROM_STATES;

    #[inline]
    fn action_between(&self, from: &P::State, to: &P::State) -> Option<P::Action> {
        self.problem.action_between(from, to)
    }
}

impl<P, FR> Reversible for Ranked<P, FR>
where
    P: Reversible,
{
    #[inline]
    fn predecessors(&self, state: &P::State, out: &mut Successors<Self>) {
        self.problem.predecessors(state, out);
    }
}

impl<P, FR> PerfectRank for Ranked<P, FR>
where
    P: Problem,
    FR: Fn(&P::State) -> u64,
{
    #[inline]
    fn rank_count(&self) -> u64 {
        self.rank_count
    }

    #[inline]
    fn rank(&self, state: &P::State) -> u64 {
        (self.rank)(state)
    }
}
