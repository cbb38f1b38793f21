//! Bidirectional searches: forward from the start and backward from the goals until the two
//! frontiers meet, for problems that list their predecessors
//! ([`Reversible`](crate::Reversible)).
//!
//! Breadth-first: [`bidirectional_bfs`] (also at the crate root) towards one goal state,
//! [`bidirectional_bfs_to_goals`] towards a set of them, [`bidirectional_bfs_between`] from a
//! set of starts to a set of goals. Cheapest paths: [`bidirectional_dijkstra`] and
//! [`bidirectional_dijkstra_to_goals`]. Each has a `_with` form that takes
//! [`Limits`](crate::Limits) and an [`Observer`](crate::observer::Observer).

mod bfs;
mod dijkstra;
mod to_goals;

pub use bfs::{bidirectional_bfs, bidirectional_bfs_with};
pub use dijkstra::{
    bidirectional_dijkstra, bidirectional_dijkstra_to_goals, bidirectional_dijkstra_to_goals_with,
    bidirectional_dijkstra_with,
};
pub use to_goals::{
    bidirectional_bfs_between, bidirectional_bfs_between_with, bidirectional_bfs_to_goals,
    bidirectional_bfs_to_goals_with,
};
