//! Admissible estimates of the number of moves left, built from the goal.

mod incremental_pdb;
mod linear_conflict;
mod manhattan;
mod misplaced;
mod pattern_database;

pub use incremental_pdb::{IncrementalPdb, PdbMemo};
pub use linear_conflict::LinearConflict;
pub use manhattan::Manhattan;
pub use misplaced::Misplaced;
pub use pattern_database::{PdbHeuristic, PdbSource, DEFAULT_DIRECT_TABLES};

use super::moves::Move;
use super::packing::PackedWord;
use super::puzzle::{SlidingPuzzle, TileState};

/// The tile that moved to reach `after` by `action`, and the cells it moved from and to.
///
/// The blank travelled by `action` into the tile's old cell, so the tile now sits where the
/// blank was: one step from the blank's cell against `action`.
#[inline]
fn moved_tile<Word: PackedWord>(
    puzzle: &SlidingPuzzle<Word>,
    after: &TileState<Word>,
    action: Move,
) -> (usize, usize, usize) {
    let from = after.blank();
    let to = puzzle
        .step(from, action.inverse())
        .expect("the blank came from a cell on the board");
    (usize::from(after.tile(to)), from, to)
}

/// The tile that `action` will move from `before`, and the cells it moves from and to: the
/// tile next to the blank in the direction of `action` slides into the blank's cell.
#[inline(always)]
fn tile_to_move<Word: PackedWord>(
    puzzle: &SlidingPuzzle<Word>,
    before: &TileState<Word>,
    action: Move,
) -> (usize, usize, usize) {
    let to = before.blank();
    let from = puzzle
        .step(to, action)
        .expect("searches only ask about moves that stay on the board");
    (usize::from(before.tile(from)), from, to)
}
