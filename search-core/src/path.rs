//! Turning a chain of stored states back into a [`Solution`].
//!
//! The node stores keep each state once with a 32-bit parent index and no action, which keeps
//! stored nodes small; the actions are recovered here, once per solution, by replaying
//! [`Problem::successors`] along the path.

use crate::cost::Cost;
use crate::outcome::{Limit, Outcome, Solution};
use crate::problem::{Problem, Successors};

/// The solution that visits `states` in order (`states[0]` is the start), or
/// [`Limit::CostOverflow`] when its cost reaches [`Cost::MAX`], which the searches treat as
/// infinity (so that a reported cost is always the true sum of the actions' costs).
///
/// Where several actions lead from one state to the next, the cheapest is taken, which is the one
/// a cost-optimal search relaxed the edge through.
///
/// # Panics
/// If some `states[i + 1]` is not a successor of `states[i]`: the searches only store states they
/// generated, so that would be a bug in the engine or a problem whose successors are not
/// deterministic.
pub(crate) fn solution_through<P>(
    problem: &P,
    mut states: Vec<P::State>,
) -> Outcome<P::State, P::Action, P::Cost>
where
    P: Problem + ?Sized,
{
    let mut actions = Vec::with_capacity(states.len().saturating_sub(1));
    let mut cost = P::Cost::ZERO;
    let mut buffer = Successors::<P>::new();
    for pair in states.windows(2) {
        buffer.clear();
        problem.successors(&pair[0], &mut buffer);
        let step = buffer
            .drain(..)
            .filter(|successor| successor.state == pair[1])
            .min_by_key(|successor| successor.cost)
            .expect("consecutive states on a stored path are linked by a successor");
        cost = cost.saturating_add(step.cost);
        actions.push(step.action);
    }
    if cost == P::Cost::MAX {
        return Outcome::LimitReached(Limit::CostOverflow);
    }
    states.truncate(1);
    let start = states.pop().expect("a path holds at least its start state");
    Outcome::Solved(Solution {
        start,
        actions,
        cost,
    })
}
