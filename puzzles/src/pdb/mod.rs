//! Additive disjoint pattern databases for sliding-tile puzzles (Korf & Felner, "Disjoint
//! pattern database heuristics", Artificial Intelligence 134, 2002).
//!
//! The module works on plain arrays so that it does not depend on any board type: a board is a
//! `&[u8]` of the tile at each cell (row-major, 0 = blank), and lookups take the cell of each
//! tile (`positions[tile] = cell`), which is what an incremental search keeps anyway.
//!
//! - [`PatternDatabase`]: one pattern's exact table, [built](PatternDatabase::build) by a
//!   breadth-first search that counts only moves of pattern tiles, under either
//!   [`Abstraction`] (the stronger blank regions, or the consistent free blank), and
//!   [saved](PatternDatabase::save)/[loaded](PatternDatabase::load) with a checked header.
//! - [`AdditivePdb`]: disjoint databases covering all tiles; the sum of their values, and the
//!   maximum with the reflected sum on symmetric boards, and with the dual sums if asked
//!   ([`Lookups`]).
//! - [`PdbCache`]: a directory of saved databases that rebuilds whatever is missing or invalid.
//! - [Direct tables](PatternDatabase::with_direct_table): a second copy of a database's entries,
//!   indexed by its tiles' cells instead of the placement's rank, for searches that look up
//!   hundreds of millions of entries (the 24-puzzle's IDA* runs 1.6 to 1.9 times as fast).
//! - [`partitions`]: the standard 15- and 24-puzzle partitions, and two more 7-8 ones to max
//!   with the standard one ([`PdbHeuristic::max_with`](crate::PdbHeuristic::max_with)).
//! - [`PdbHeuristic`](crate::PdbHeuristic) turns an [`AdditivePdb`] into a heuristic for
//!   [`SlidingPuzzle`](crate::SlidingPuzzle), and [`solve`](crate::solve) offers it as
//!   [`HeuristicKind::PatternDatabase`](crate::HeuristicKind::PatternDatabase).
//!
//! # The module's layers
//! Each file uses only those of the layers below it (and its own layer's earlier files):
//!
//! 1. **Geometry and indexing**: `error` (the one error type), `abstraction`, `geometry` (the
//!    board's cells and neighbours), `index` (ranking placements),
//!    `memory` (allocations that fail softly), `table` (a table's bytes, owned or mapped).
//! 2. **The table and its file**: `direct` (a second copy of a table, indexed by cells),
//!    `database` ([`PatternDatabase`] and its lookups), `check` (a spot-check that a table's
//!    entries behave like distances), `file` (its on-disk format, load and save).
//! 3. **Building**: `layout` (a pattern's subsets, regions and moves), `symmetry` (mirror
//!    images that halve a build), `plan` (what both searches share), `slot_cursor` (walking a
//!    layer's states), `spill` and `external` (the search through temporary files), `build`
//!    (the breadth-first search, in memory or through files).
//! 4. **Lookup and combination**: `dual`, `additive` ([`AdditivePdb`]), `partitions` (the
//!    standard ones), `cache` ([`PdbCache`]).
//!
//! ```
//! use puzzles::pdb::{partitions, AdditivePdb};
//!
//! // The 8-puzzle split in two, goal `0 1 2 / 3 4 5 / 6 7 8`.
//! let goal = partitions::blank_first_goal(3, 3);
//! let pdb = AdditivePdb::build(3, 3, &goal, &[&[1, 2, 3, 4], &[5, 6, 7, 8]], |_, _| {}).unwrap();
//! // Tiles 1 and 2 swapped: Manhattan distance says 2; the pattern database knows the pair is
//! // in a linear conflict and the true distance of the pair's abstraction is larger.
//! let board = [0, 2, 1, 3, 4, 5, 6, 7, 8];
//! assert!(pdb.estimate_board(&board) > 2);
//! ```

mod abstraction;
mod additive;
mod build;
mod cache;
mod check;
mod database;
mod direct;
mod dual;
mod error;
mod external;
mod file;
mod geometry;
mod index;
mod layout;
mod memory;
pub mod partitions;
mod plan;
mod slot_cursor;
mod spill;
mod symmetry;
mod table;
mod warning;

pub use abstraction::Abstraction;
pub use additive::{AdditivePdb, Lookups, validate_partition};
pub use build::BuildOptions;
pub use cache::{BuildEstimate, CacheWarning, CachedDatabase, CachedFile, PdbCache};
pub use database::PatternDatabase;
pub use error::PdbError;
pub use file::FORMAT_VERSION;
pub use plan::BuildProgress;
pub(crate) use table::packed_entry;
pub use warning::{causes, describe_warning};
