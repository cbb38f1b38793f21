//! What a search returns: how it ended, and what it cost to find out.

use std::fmt;

use crate::problem::{Problem, Successors};
pub use crate::statistics::{Iteration, Statistics};

/// The result of every algorithm: its [`Outcome`] and its [`Statistics`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult<State, Action, C> {
    /// How the search ended.
    pub outcome: Outcome<State, Action, C>,
    /// What the search did on the way.
    pub statistics: Statistics,
}

/// The [`SearchResult`] type of problem `P`.
pub type ResultOf<P> =
    SearchResult<<P as Problem>::State, <P as Problem>::Action, <P as Problem>::Cost>;

/// The [`Outcome`] type of problem `P`.
pub(crate) type OutcomeOf<P> =
    Outcome<<P as Problem>::State, <P as Problem>::Action, <P as Problem>::Cost>;

/// Runs `search` with fresh statistics and returns its outcome with them, its wall-clock time
/// filled in: the frame every algorithm's entry point shares.
pub(crate) fn timed<P: Problem + ?Sized>(
    search: impl FnOnce(&mut Statistics) -> OutcomeOf<P>,
) -> ResultOf<P> {
    let began = std::time::Instant::now();
    let mut statistics = Statistics::default();
    let outcome = search(&mut statistics);
    statistics.elapsed = began.elapsed();
    SearchResult {
        outcome,
        statistics,
    }
}

impl<State, Action, C> SearchResult<State, Action, C> {
    /// The solution, if the search found one.
    pub fn solution(&self) -> Option<&Solution<State, Action, C>> {
        match &self.outcome {
            Outcome::Solved(solution) => Some(solution),
            Outcome::Unreachable | Outcome::LimitReached(_) => None,
        }
    }

    /// Consumes the result and returns the solution, if the search found one.
    pub fn into_solution(self) -> Option<Solution<State, Action, C>> {
        match self.outcome {
            Outcome::Solved(solution) => Some(solution),
            Outcome::Unreachable | Outcome::LimitReached(_) => None,
        }
    }
}

/// How a search ended. "No solution" and "gave up" are outcomes, not errors.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome<State, Action, C> {
    /// A goal was reached; the solution is optimal for the algorithm's guarantee.
    Solved(Solution<State, Action, C>),
    /// The whole reachable space was searched and no goal is in it.
    Unreachable,
    /// The search stopped at a limit before it could prove either answer.
    LimitReached(Limit),
}

/// A path from the start to a goal.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Solution<State, Action, C> {
    /// The state the search started from.
    pub start: State,
    /// The actions, in order, that lead from `start` to a goal.
    pub actions: Vec<Action>,
    /// The total cost of `actions`.
    pub cost: C,
}

impl<State: Clone + Eq, Action: Clone + Eq, C> Solution<State, Action, C> {
    /// The states along the solution, `start` first and the goal last (`actions.len() + 1`
    /// states), rebuilt on demand by replaying the actions through
    /// [`Problem::successors`].
    ///
    /// Returns `None` if an action is not among the successors of the state it is applied to,
    /// which means the solution does not belong to `problem`.
    pub fn states<P>(&self, problem: &P) -> Option<Vec<State>>
    where
        P: Problem<State = State, Action = Action> + ?Sized,
    {
        let mut states = Vec::with_capacity(self.actions.len() + 1);
        states.push(self.start.clone());
        let mut buffer = Successors::<P>::new();
        for action in &self.actions {
            buffer.clear();
            let current = states.last()?;
            problem.successors(current, &mut buffer);
            let next = buffer
                .drain(..)
                .find(|successor| successor.action == *action)?;
            states.push(next.state);
        }
        Some(states)
    }

    /// The number of actions.
    pub fn len(&self) -> usize {
        self.actions.len()
    }

    /// Whether the start already is a goal.
    pub fn is_empty(&self) -> bool {
        self.actions.is_empty()
    }
}

/// Which limit stopped a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Limit {
    /// The number of expanded nodes reached [`Limits::max_expanded`](crate::Limits).
    Expanded,
    /// The number of stored nodes reached [`Limits::max_stored`](crate::Limits), the guard that
    /// keeps memory bounded, or the memory to store more could not be had (the allocator
    /// refused a node store's growth).
    Stored,
    /// The deadline passed.
    Deadline,
    /// Another thread raised the cancellation flag.
    Cancelled,
    /// Every path left to try costs at least [`Cost::MAX`](crate::Cost::MAX), the largest value
    /// of the problem's cost type, which the searches' saturating sums cannot tell apart (and
    /// use as infinity): a solution, if there is one, costs more than the type holds. A wider
    /// cost type lifts this limit. A heuristic that returns `MAX` for dead ends also ends a
    /// search this way once nothing cheaper is left.
    CostOverflow,
}

impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Limit::Expanded => "expanded-node limit reached",
            Limit::Stored => "stored-node limit reached",
            Limit::Deadline => "deadline passed",
            Limit::Cancelled => "search cancelled",
            Limit::CostOverflow => "path costs reached the largest value of the cost type",
        })
    }
}
