//! Problems made of closures, for a one-off search without a trait implementation.
//!
//! [`from_fn`] (goal test and weighted successors) for every algorithm but IDA*,
//! [`from_fn_unit`] (next states only, each move costing one), [`from_fn_f64`] (plain `f64`
//! weights, each checked as it becomes a [`FloatCost`](crate::FloatCost)), [`from_fn_in_place`] (moves
//! applied and undone in place) for IDA* too, and [`from_fn_reversible`] or
//! [`from_fn_bidirectional`] (successors and predecessors) for the bidirectional searches.
//! [`FnProblem::with_rank`] gives a closure problem the perfect rank that a
//! [`DenseVisited`](crate::visited::DenseVisited) set needs.

mod float;
mod fn_problem;
mod in_place;
mod ranked;
mod unit;

pub use float::{FnFloat, from_fn_f64};
pub use fn_problem::{
    FnProblem, FnReversible, NoGoal, from_fn, from_fn_bidirectional, from_fn_reversible,
};
pub use in_place::{FnInPlace, Step, from_fn_in_place};
pub use ranked::Ranked;
pub use unit::{FnUnit, from_fn_unit};
