//! Depth-first searches over the graph of states.
//!
//! [`dfs`](fn@dfs) (also at the crate root) for any path, [`dfs_reach`](fn@dfs_reach) lazily in
//! depth-first order, [`iddfs`](fn@iddfs) for the fewest actions in memory linear in the depth,
//! and [`count_paths()`] for the number of paths in an acyclic space. Each search has a `_with`
//! form that takes [`Limits`](crate::Limits) and an [`Observer`](crate::observer::Observer).

mod count_paths;
mod dfs;
mod dfs_reach;
mod iddfs;

pub use count_paths::count_paths;
pub use dfs::{dfs, dfs_with};
pub use dfs_reach::{DfsReach, dfs_reach, dfs_reach_with};
pub use iddfs::{iddfs, iddfs_with};
