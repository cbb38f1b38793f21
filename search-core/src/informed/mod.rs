//! Heuristic searches that store what they generate: A* and its relatives (IDA*, which stores
//! only the current path, has its own module, [`idastar`](mod@crate::idastar)).
//!
//! [`astar`](fn@astar) (also at the crate root) for one optimal solution,
//! [`astar_bag`](fn@astar_bag) for every optimal solution, and [`fringe`](fn@fringe), IDA*'s
//! thresholds over A*'s memory. Each has a `_with` form that takes [`Limits`](crate::Limits)
//! and an [`Observer`](crate::observer::Observer).

mod astar;
mod astar_bag;
mod fringe;

pub use astar::{astar, astar_with};
pub use astar_bag::{
    BagOutcome, BagResult, BagResultOf, Enumerate, OptimalSolutions, astar_bag, astar_bag_with,
};
pub use fringe::{fringe, fringe_with};
