//! The Manhattan distance, updated incrementally move by move.

use crate::tiles::board::Board;
use crate::tiles::puzzle::TileCost;

/// The sum over tiles (the blank excluded) of the rows plus columns between each tile and its
/// goal cell: admissible, since a move shifts one tile by one cell, and consistent, since it
/// changes by exactly one per move.
///
/// Distances come from a table indexed by tile and cell, so a full estimate is one lookup per
/// cell and [`estimate_after`](search_core::Heuristic::estimate_after) is two lookups for the
/// moved tile.
///
/// ```
/// use puzzles::{Board, Manhattan, SlidingPuzzle};
/// use search_core::Heuristic;
///
/// let goal = Board::parse("123456780").unwrap();
/// let puzzle = SlidingPuzzle::<u64>::new(&goal).unwrap();
/// // Tiles 1 and 8 swapped: each is 2 rows and 1 column from home.
/// let state = puzzle.state(&Board::parse("823456710").unwrap()).unwrap();
/// assert_eq!(Manhattan::new(&goal).estimate(&puzzle, &state), 6);
/// ```
#[derive(Clone, Debug)]
pub struct Manhattan {
    /// `distance[tile][cell]`: moves from `cell` to the tile's goal cell; zero for the blank
    /// and off the board. Sized for every tile a packed cell can hold (5 bits) and every `u8`
    /// cell, so that lookups with packed tiles and stored cells need no bounds check.
    distance: [[u8; 256]; 32],
}

impl Manhattan {
    /// The heuristic towards `goal`.
    pub fn new(goal: &Board) -> Self {
        let shape = goal.shape();
        let mut distance = [[0; 256]; 32];
        for (home, &tile) in goal.tiles().iter().enumerate() {
            if tile == 0 {
                continue;
            }
            for (cell, entry) in distance[usize::from(tile)]
                .iter_mut()
                .enumerate()
                .take(shape.cells())
            {
                let rows = shape.row(cell).abs_diff(shape.row(home));
                let columns = shape.column(cell).abs_diff(shape.column(home));
                *entry = (rows + columns) as u8;
            }
        }
        Manhattan { distance }
    }

    /// The distance of `tile` at `cell` from its goal cell (zero for the blank, and for cells
    /// off the board).
    ///
    /// # Panics
    /// If `tile >= 32` or `cell >= 256`, which no board has.
    #[inline]
    pub fn tile_distance(&self, tile: usize, cell: usize) -> TileCost {
        TileCost::from(self.distance[tile][cell])
    }
}

impl_per_tile_heuristic!(Manhattan, tile_distance);
