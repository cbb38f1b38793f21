//! Admissible estimates of the number of moves left, built from the goal.

/// Implements [`Heuristic`](search_core::Heuristic) for a heuristic that is a sum over the
/// board's cells of a cost of the tile on each cell, given by its method `$cost(tile, cell)`
/// (zero for the blank), and that a move changes by at most one, so is consistent. A move
/// changes only the moved tile's term, so both updates are two lookups. `Manhattan` and
/// `Misplaced` are such sums; one macro keeps their hot paths the same.
macro_rules! impl_per_tile_heuristic {
    ($heuristic:ty, $cost:ident) => {
        // A block of its own, so that the imports stay out of the module that invokes it.
        const _: () = {
            use search_core::Heuristic;

            use $crate::tiles::heuristics::{moved_tile, tile_to_move};
            use $crate::tiles::moves::Move;
            use $crate::tiles::packing::PackedWord;
            use $crate::tiles::puzzle::{SlidingPuzzle, TileCost, TileState};

            impl<Word: PackedWord> Heuristic<SlidingPuzzle<Word>> for $heuristic {
                #[inline]
                fn is_consistent(&self) -> bool {
                    true
                }

                fn estimate(
                    &self,
                    puzzle: &SlidingPuzzle<Word>,
                    state: &TileState<Word>,
                ) -> TileCost {
                    (0..puzzle.shape().cells())
                        .map(|cell| self.$cost(usize::from(state.tile_at(cell)), cell))
                        .sum()
                }

                #[inline]
                fn estimate_after(
                    &self,
                    puzzle: &SlidingPuzzle<Word>,
                    after: &TileState<Word>,
                    action: &Move,
                    before: TileCost,
                ) -> TileCost {
                    let (tile, from, to) = moved_tile(puzzle, after, *action);
                    // Adding first keeps the unsigned arithmetic from dipping below zero.
                    before + self.$cost(tile, to) - self.$cost(tile, from)
                }

                // Always inlined: it is most of the work per child in IDA*, and a call would
                // cost as much.
                #[inline(always)]
                fn estimate_move(
                    &self,
                    puzzle: &SlidingPuzzle<Word>,
                    state: &TileState<Word>,
                    action: &Move,
                    before: TileCost,
                ) -> Option<TileCost> {
                    let (tile, from, to) = tile_to_move(puzzle, state, *action);
                    Some(before + self.$cost(tile, to) - self.$cost(tile, from))
                }
            }
        };
    };
}

mod incremental_pdb;
mod linear_conflict;
mod manhattan;
mod misplaced;
mod pattern_database;

pub use incremental_pdb::{IncrementalPdb, PdbMemo};
pub use linear_conflict::LinearConflict;
pub use manhattan::Manhattan;
pub use misplaced::Misplaced;
pub use pattern_database::{ChosenPartition, DEFAULT_DIRECT_TABLES, PdbHeuristic, PdbSource};

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
    (usize::from(after.tile_at(to)), from, to)
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
    (usize::from(before.tile_at(from)), from, to)
}
