//! Manhattan distance plus linear conflicts.

use search_core::Heuristic;

use super::Manhattan;
use crate::tiles::board::Board;
use crate::tiles::packing::PackedWord;
use crate::tiles::puzzle::{SlidingPuzzle, TileCost, TileState};
use crate::tiles::shape::{Shape, MAX_CELLS};

/// The Manhattan distance plus two moves for every tile that must leave its goal line (row or
/// column) to let others pass (Hansson, Mayer & Yung, 1992).
///
/// Two tiles in their goal row, in the wrong order, cannot pass each other inside the row: one of
/// them must step out and back, two moves the Manhattan distance does not count. In a line with
/// several such tiles, the fewest that must step out are those not in the longest increasing run
/// of goal positions, so the line adds `2 * (tiles - longest increasing subsequence)`. Counting
/// every conflicting pair instead would overestimate (three reversed tiles form three pairs, but
/// two tiles stepping out suffice), so this is the admissible version. It is also consistent:
/// a move changes one tile's Manhattan distance by one and the conflicts of the one line it
/// enters or leaves by at most one, in the opposite direction.
///
/// ```
/// use puzzles::{Board, LinearConflict, Manhattan, SlidingPuzzle};
/// use search_core::Heuristic;
///
/// let goal = Board::parse("123456780").unwrap();
/// let puzzle = SlidingPuzzle::<u64>::new(&goal).unwrap();
/// // 2 and 1 are in their goal row but swapped: Manhattan 2, plus one conflict.
/// let state = puzzle.state(&Board::parse("213456780").unwrap()).unwrap();
/// assert_eq!(Manhattan::new(&goal).estimate(&puzzle, &state), 2);
/// assert_eq!(LinearConflict::new(&goal).estimate(&puzzle, &state), 4);
/// ```
#[derive(Clone, Debug)]
pub struct LinearConflict {
    manhattan: Manhattan,
    shape: Shape,
    /// Goal row of each tile.
    goal_row: [u8; MAX_CELLS],
    /// Goal column of each tile.
    goal_column: [u8; MAX_CELLS],
}

impl LinearConflict {
    /// The heuristic towards `goal`.
    pub fn new(goal: &Board) -> Self {
        let shape = goal.shape();
        let mut goal_row = [0; MAX_CELLS];
        let mut goal_column = [0; MAX_CELLS];
        for (cell, &tile) in goal.tiles().iter().enumerate() {
            goal_row[usize::from(tile)] = shape.row(cell) as u8;
            goal_column[usize::from(tile)] = shape.column(cell) as u8;
        }
        LinearConflict {
            manhattan: Manhattan::new(goal),
            shape,
            goal_row,
            goal_column,
        }
    }

    /// The tiles that must leave their goal lines, summed over rows and columns.
    fn conflicts<Word: PackedWord>(&self, state: &TileState<Word>) -> TileCost {
        let (width, height) = (self.shape.width(), self.shape.height());
        let mut line = [0u8; MAX_CELLS];
        let mut total = 0;
        for row in 0..height {
            let mut length = 0;
            for column in 0..width {
                let tile = usize::from(state.tile(row * width + column));
                if tile != 0 && usize::from(self.goal_row[tile]) == row {
                    line[length] = self.goal_column[tile];
                    length += 1;
                }
            }
            total += length - longest_increasing(&line[..length]);
        }
        for column in 0..width {
            let mut length = 0;
            for row in 0..height {
                let tile = usize::from(state.tile(row * width + column));
                if tile != 0 && usize::from(self.goal_column[tile]) == column {
                    line[length] = self.goal_row[tile];
                    length += 1;
                }
            }
            total += length - longest_increasing(&line[..length]);
        }
        total as TileCost
    }
}

/// The length of the longest strictly increasing subsequence; lines are at most 12 cells long,
/// so the quadratic method beats anything cleverer.
fn longest_increasing(values: &[u8]) -> usize {
    let mut ending_at = [0usize; MAX_CELLS];
    let mut longest = 0;
    for index in 0..values.len() {
        let best = (0..index)
            .filter(|&earlier| values[earlier] < values[index])
            .map(|earlier| ending_at[earlier])
            .max()
            .unwrap_or(0)
            + 1;
        ending_at[index] = best;
        longest = longest.max(best);
    }
    longest
}

impl<Word: PackedWord> Heuristic<SlidingPuzzle<Word>> for LinearConflict {
    fn estimate(&self, puzzle: &SlidingPuzzle<Word>, state: &TileState<Word>) -> TileCost {
        self.manhattan.estimate(puzzle, state) + 2 * self.conflicts(state)
    }
}
