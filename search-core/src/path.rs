//! Turning a stored path back into a [`Solution`], from the moves recorded as the nodes were
//! stored.
//!
//! A search that stores nodes records, with each node but a root, the action that reached it
//! ([`Steps`]); a solution reads those back, so that [`Problem::successors`] is never asked again
//! along it (a successor function that counts its calls, or that is not deterministic, sees
//! the search and nothing more). A problem that names its actions from the states they join
//! ([`Problem::ACTIONS_FROM_STATES`], the closure adapters) records no action, and each is asked
//! of [`Problem::action_between`] along the solution, so that no state is stored twice.

use crate::cost::Cost;
use crate::outcome::{Limit, Outcome, Solution};
use crate::problem::Problem;

/// The step that reached each stored node but the roots: its action and, for the stores that
/// keep no path cost, its cost. Roots are stored before any other node, so node `i`'s step is
/// entry `i - roots`.
#[derive(Debug)]
pub(crate) struct Steps<A, C> {
    /// The number of roots, stored first.
    roots: usize,
    /// Whether actions are recorded (not for a problem that names them from states).
    record_actions: bool,
    /// Whether step costs are recorded (not for a store that keeps path costs).
    record_costs: bool,
    actions: Vec<A>,
    costs: Vec<C>,
}

impl<A, C: Copy> Steps<A, C> {
    /// No steps yet, for nodes of `P`'s; `record_costs` for a store that keeps no path costs.
    pub(crate) fn new<P>(record_costs: bool) -> Self
    where
        P: Problem<Action = A, Cost = C> + ?Sized,
    {
        Steps {
            roots: 0,
            record_actions: !P::ACTIONS_FROM_STATES,
            record_costs,
            actions: Vec::new(),
            costs: Vec::new(),
        }
    }

    /// Steps that record nothing, for a store whose user never reads them back.
    pub(crate) fn none() -> Self {
        Steps {
            roots: 0,
            record_actions: false,
            record_costs: false,
            actions: Vec::new(),
            costs: Vec::new(),
        }
    }

    /// Forgets every step, keeping the memory.
    pub(crate) fn clear(&mut self) {
        self.roots = 0;
        self.actions.clear();
        self.costs.clear();
    }

    /// Makes room for `additional` more steps, or says the memory cannot be had.
    pub(crate) fn try_reserve(
        &mut self,
        additional: usize,
    ) -> Result<(), std::collections::TryReserveError> {
        if self.record_actions {
            self.actions.try_reserve_exact(additional)?;
        }
        if self.record_costs {
            self.costs.try_reserve_exact(additional)?;
        }
        Ok(())
    }

    /// Counts another root, stored before every other node.
    #[inline]
    pub(crate) fn push_root(&mut self) {
        debug_assert!(
            self.actions.is_empty() && self.costs.is_empty(),
            "roots are stored before any other node"
        );
        self.roots += 1;
    }

    /// Records the step into the node stored next.
    #[inline]
    pub(crate) fn push(&mut self, action: A, cost: C) {
        if self.record_actions {
            self.actions.push(action);
        }
        if self.record_costs {
            self.costs.push(cost);
        }
    }

    /// Replaces the step into node `node`, reached by a cheaper path.
    #[inline]
    pub(crate) fn replace(&mut self, node: usize, action: A) {
        if self.record_actions {
            self.actions[node - self.roots] = action;
        }
    }

    /// Whether node `node` is a root.
    #[inline]
    pub(crate) fn is_root(&self, node: usize) -> bool {
        node < self.roots
    }

    /// The step recorded with node `node`, not a root, which leads from `from` to `to` (into
    /// the node, or out of it in a store grown backwards): its action, and its cost when costs
    /// are recorded.
    pub(crate) fn step<P>(
        &self,
        problem: &P,
        node: usize,
        from: &P::State,
        to: &P::State,
    ) -> (A, Option<C>)
    where
        P: Problem<Action = A, Cost = C> + ?Sized,
        A: Clone,
    {
        let index = node - self.roots;
        let action = if self.record_actions {
            self.actions[index].clone()
        } else {
            problem
                .action_between(from, to)
                .expect("a problem that names its actions from states names every move it made")
        };
        (action, self.record_costs.then(|| self.costs[index]))
    }
}

/// The solution from `start` through `actions`, costing `cost`, or [`Limit::CostOverflow`]
/// when that reaches [`Cost::MAX`], which the searches treat as infinity (so that a reported
/// cost is always the true sum of the actions' costs).
pub(crate) fn solution<State, Action, C: Cost>(
    start: State,
    actions: Vec<Action>,
    cost: C,
) -> Outcome<State, Action, C> {
    if cost == C::MAX {
        return Outcome::LimitReached(Limit::CostOverflow);
    }
    Outcome::Solved(Solution {
        start,
        actions,
        cost,
    })
}
