//! The number of misplaced tiles.

use crate::tiles::board::Board;
use crate::tiles::puzzle::TileCost;
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

impl_per_tile_heuristic!(Misplaced, misplaced);
