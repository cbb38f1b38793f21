//! Dijkstra's family: cheapest paths without a heuristic, and Yen's k cheapest loopless paths.
//!
//! [`dijkstra`](fn@dijkstra) (also at the crate root) to the nearest goal,
//! [`multi_source_dijkstra()`] from many starts, [`dijkstra_all()`] the cheapest cost of every
//! reachable state ([`dijkstra_partial`] until a goal, [`dijkstra_within`] up to a cost),
//! [`dijkstra_reach`](fn@dijkstra_reach) lazily, and [`yen`](fn@yen) (also at the crate root)
//! the k cheapest paths. Each has a `_with` form that takes [`Limits`](crate::Limits) and an
//! [`Observer`](crate::observer::Observer).

pub(crate) mod dijkstra;
mod dijkstra_all;
mod dijkstra_reach;
mod multi_source_dijkstra;
mod yen;

pub use dijkstra::{dijkstra, dijkstra_with};
pub use dijkstra_all::{
    Distances, dijkstra_all, dijkstra_all_with, dijkstra_partial, dijkstra_partial_with,
    dijkstra_within,
};
pub use dijkstra_reach::{DijkstraReach, Reached, dijkstra_reach, dijkstra_reach_with};
pub use multi_source_dijkstra::{multi_source_dijkstra, multi_source_dijkstra_with};
pub use yen::{KShortest, KShortestOf, yen, yen_with};
