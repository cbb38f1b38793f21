//! The number of misplaced tiles.

use search_core::Heuristic;

use super::{moved_tile, tile_to_move};
use crate::tiles::board::Board;
use crate::tiles::moves::Move;
use crate::tiles::packing::PackedWord;
use crate::tiles::puzzle::{SlidingPuzzle, TileCost, TileState};
use crate::tiles::shape::MAX_CELLS;

/// The number of tiles (the blank excluded) not on their goal cell: admissible, since each needs
/// at least one move, and consistent, since a move changes it by at most one. Weak: use
/// [`Manhattan`](crate::Manhattan) or better for real searches.
///
/// ```
/// use puzzles::{Board, Misplaced, SlidingPuzzle};
/// use search_core::Heuristic;
///
/// let goal = Board::parse("123456780").unwrap();
/// let puzzle = SlidingPuzzle::<u64>::new(&goal).unwrap();
/// let state = puzzle.state(&Board::parse("123456078").unwrap()).unwrap();
/// assert_eq!(Misplaced::new(&goal).estimate(&puzzle, &state), 2);
/// ```
#[derive(Clone, Debug)]
pub struct Misplaced {
    /// The goal cell of each tile.
    home: [u8; MAX_CELLS],
}

impl Misplaced {
    /// The heuristic towards `goal`.
    pub fn new(goal: &Board) -> Self {
        let mut home = [0; MAX_CELLS];
        for (position, &tile) in goal.tiles().iter().enumerate() {
            home[usize::from(tile)] = position as u8;
        }
        Misplaced { home }
    }

    #[inline]
    fn misplaced(&self, tile: usize, position: usize) -> TileCost {
        TileCost::from(tile != 0 && usize::from(self.home[tile]) != position)
    }
}

impl<Word: PackedWord> Heuristic<SlidingPuzzle<Word>> for Misplaced {
    #[inline]
    fn is_consistent(&self) -> bool {
        true
    }

    fn estimate(&self, puzzle: &SlidingPuzzle<Word>, state: &TileState<Word>) -> TileCost {
        (0..puzzle.shape().cells())
            .map(|position| self.misplaced(usize::from(state.tile(position)), position))
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
        before + self.misplaced(tile, to) - self.misplaced(tile, from)
    }

    #[inline(always)]
    fn estimate_move(
        &self,
        puzzle: &SlidingPuzzle<Word>,
        state: &TileState<Word>,
        action: &Move,
        before: TileCost,
    ) -> Option<TileCost> {
        let (tile, from, to) = tile_to_move(puzzle, state, *action);
        Some(before + self.misplaced(tile, to) - self.misplaced(tile, from))
    }
}
