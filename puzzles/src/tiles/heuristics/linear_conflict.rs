//! Manhattan distance plus linear conflicts.

use search_core::{Heuristic, InPlace};

use super::{moved_tile, Manhattan};
use crate::tiles::board::Board;
use crate::tiles::moves::Move;
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
        let rows = (0..self.shape.height()).map(|row| self.line_conflicts(state, Line::Row(row)));
        let columns =
            (0..self.shape.width()).map(|column| self.line_conflicts(state, Line::Column(column)));
        rows.chain(columns).sum::<usize>() as TileCost
    }

    /// The tiles of `line` that must leave it to let the others of their goal line pass.
    fn line_conflicts<Word: PackedWord>(&self, state: &TileState<Word>, line: Line) -> usize {
        let (width, height) = (self.shape.width(), self.shape.height());
        let (first, step, cells, index) = match line {
            Line::Row(row) => (row * width, 1, width, row),
            Line::Column(column) => (column, width, height, column),
        };
        // The goal positions, along the line, of the tiles whose goal is on this line.
        let mut goal_positions = [0u8; MAX_CELLS];
        let mut length = 0;
        for cell in (0..cells).map(|offset| first + offset * step) {
            let tile = usize::from(state.tile_at(cell));
            let (goal_line, goal_position) = match line {
                Line::Row(_) => (self.goal_row[tile], self.goal_column[tile]),
                Line::Column(_) => (self.goal_column[tile], self.goal_row[tile]),
            };
            if tile != 0 && usize::from(goal_line) == index {
                goal_positions[length] = goal_position;
                length += 1;
            }
        }
        length - longest_increasing(&goal_positions[..length])
    }
}

/// A row or a column of the board.
#[derive(Clone, Copy, Debug)]
enum Line {
    Row(usize),
    Column(usize),
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
    #[inline]
    fn is_consistent(&self) -> bool {
        true
    }

    fn estimate(&self, puzzle: &SlidingPuzzle<Word>, state: &TileState<Word>) -> TileCost {
        self.manhattan.estimate(puzzle, state) + 2 * self.conflicts(state)
    }

    /// Only the two lines the moved tile leaves and enters can change their conflicts: a tile
    /// moving up or down changes rows and keeps its place among the tiles of its column (the
    /// blank is not a tile), and likewise sideways. So the update recounts those two lines
    /// before and after the move instead of the whole board.
    fn estimate_after(
        &self,
        puzzle: &SlidingPuzzle<Word>,
        after: &TileState<Word>,
        action: &Move,
        before: TileCost,
    ) -> TileCost {
        let (tile, from, to) = moved_tile(puzzle, after, *action);
        let mut previous = *after;
        puzzle.undo(&mut previous, action);
        let width = self.shape.width();
        let lines = match action {
            Move::Up | Move::Down => [Line::Row(from / width), Line::Row(to / width)],
            Move::Left | Move::Right => [Line::Column(from % width), Line::Column(to % width)],
        };
        let (conflicts_after, conflicts_before) =
            lines.iter().fold((0, 0), |(now, then), &line| {
                (
                    now + self.line_conflicts(after, line),
                    then + self.line_conflicts(&previous, line),
                )
            });
        let manhattan_after = self.manhattan.tile_distance(tile, to);
        let manhattan_before = self.manhattan.tile_distance(tile, from);
        // Adding first keeps the unsigned arithmetic from dipping below zero.
        before + manhattan_after + 2 * conflicts_after as TileCost
            - manhattan_before
            - 2 * conflicts_before as TileCost
    }
}
