//! What both of a build's searches (in memory and through temporary files) share: the plan of
//! one pattern's search, the progress it reports, and when it stops early.

use search_core::Limits;

use super::error::PdbError;
use super::index::PlacementIndex;
use super::layout::Layout;
use super::symmetry::Symmetry;

/// How far a build has come; passed to the progress callback of [`PatternDatabase::build`](super::PatternDatabase::build).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BuildProgress {
    /// Placements whose value is known.
    pub done: usize,
    /// All placements: the table's entry count.
    pub total: usize,
    /// The breadth-first layer just completed (values up to `depth + 1` are assigned).
    pub depth: u8,
}

/// What both searches need about one pattern, computed before either starts.
pub(super) struct Plan<'a> {
    /// When to stop early (see [`Plan::interruption`]).
    pub(super) limits: &'a Limits,
    /// A mirror that fixes the goal, for the search through files to visit one state of each
    /// mirrored pair.
    pub(super) symmetry: Option<&'a Symmetry>,
    pub(super) index: &'a PlacementIndex,
    pub(super) layout: &'a Layout,
    /// Manhattan distance of pattern tile `i` in cell `c`: `manhattan[i * cells + c]`.
    pub(super) manhattan: &'a [u8],
    /// For patterns of up to 8 tiles, the positions of every arrangement, a byte each: unranking
    /// by division was half of the search's time.
    pub(super) arrangement_table: &'a [u64],
    /// For patterns of up to 8 tiles, the arrangement after a move: entry
    /// `(from * k + to) * k! + arrangement` for the tile at position `from` moving to position
    /// `to`. The renumbering does not depend on the subset, and a lookup in this table (5 MB for
    /// 8 tiles, read in arrangement order) is several times cheaper than ranking.
    pub(super) moved_table: &'a [u16],
    pub(super) cells: usize,
    pub(super) tiles: usize,
    /// The goal state's slot, and its placement's rank.
    pub(super) start_slot: usize,
    pub(super) start_rank: usize,
}

impl Plan<'_> {
    /// The error to stop with, if the build's cancellation flag is raised or its deadline
    /// has passed. Workers ask between slices of work (a chunk of subsets in memory, a bucket
    /// through files) of a few milliseconds each.
    pub(super) fn interruption(&self) -> Result<(), PdbError> {
        stop_if_interrupted(self.limits)
    }

    /// How many threads a search over `slots` states is worth.
    pub(super) fn workers(&self) -> usize {
        std::thread::available_parallelism()
            .map_or(1, usize::from)
            .min(1 + self.layout.slots() / (1 << 20))
    }
}

/// [`PdbError::Stopped`] if the cancellation flag of `limits` is raised or their deadline has
/// passed.
pub(super) fn stop_if_interrupted(limits: &Limits) -> Result<(), PdbError> {
    match limits.interruption() {
        Some(limit) => Err(PdbError::Stopped(limit)),
        None => Ok(()),
    }
}
