//! Breadth-first searches: the fewest actions to a goal, whatever the costs.
//!
//! [`bfs`](fn@bfs) (also at the crate root) from one start, [`multi_source_bfs()`] from many,
//! [`bfs_layers`] layer by layer, [`bfs_reach`](fn@bfs_reach) lazily (from many starts:
//! [`multi_source_bfs_reach`], a distance map), and [`bfs_loop()`] back to the start. Each search
//! has a `_with` form that takes a visited set, [`Limits`](crate::Limits) and an
//! [`Observer`](crate::observer::Observer).

mod bfs;
mod bfs_loop;
mod bfs_reach;
mod multi_source_bfs;

pub use bfs::{Layers, bfs, bfs_layers, bfs_with};
pub use bfs_loop::{bfs_loop, bfs_loop_with};
pub use bfs_reach::{
    BfsReach, bfs_reach, bfs_reach_with, multi_source_bfs_reach, multi_source_bfs_reach_with,
};
pub use multi_source_bfs::{multi_source_bfs, multi_source_bfs_with};
