//! Manhattan distance plus linear conflicts.

use std::sync::OnceLock;

use search_core::Heuristic;

use super::{Manhattan, moved_tile, tile_to_move};
use crate::tiles::board::Board;
use crate::tiles::moves::Move;
use crate::tiles::packing::PackedWord;
use crate::tiles::puzzle::{SlidingPuzzle, TileCost, TileState};
use crate::tiles::shape::MAX_CELLS;

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
    /// The board's rows, then its columns.
    lines: Vec<LineCells>,
    /// The number of rows: the first column's index in `lines`.
    height: usize,
    /// Goal row of each tile.
    goal_row: [u8; MAX_CELLS],
    /// Goal column of each tile.
    goal_column: [u8; MAX_CELLS],
    /// Row and column of each cell, looked up rather than divided out on every move.
    cell_row: [u8; MAX_CELLS],
    cell_column: [u8; MAX_CELLS],
    /// `codes[line][tile]`: the tile's goal position along `line` plus one when its goal is on
    /// that line, zero otherwise (and for the blank). 256 entries, so that any tile indexes
    /// them without a bounds check.
    codes: Vec<[u8; 256]>,
    /// The conflicts of every sequence of codes of the board's longest line of at most
    /// [`TABLE_CELLS`] cells, indexed by the codes packed three bits each, the line's first cell
    /// lowest (a shorter line's missing cells read as zeros). A line's conflicts are then one
    /// lookup instead of a longest increasing subsequence. Shared (see [`conflict_table`]).
    table: &'static [u8],
}

/// The cells of a row or a column.
#[derive(Clone, Copy, Debug)]
struct LineCells {
    first: usize,
    /// From one cell of the line to the next: 1 along a row, the width down a column.
    step: usize,
    length: usize,
    /// Whether the line's conflicts are in the table.
    tabled: bool,
}

/// The longest line whose conflicts are looked up in a table: 8^5 = 32,768 one-byte entries
/// for the 24-puzzle's lines; the 15-puzzle's take 8^4 = 4,096. Longer lines (rows of a 2x12
/// board) are counted each time.
const TABLE_CELLS: usize = 5;

/// Bits a cell's code takes in a table index: codes run up to a line's length, at most
/// [`TABLE_CELLS`], plus one.
const CODE_BITS: usize = 3;

/// The most cells a line has: a 2x12 board's rows.
const MAX_LINE: usize = MAX_CELLS / 2;

impl LinearConflict {
    /// The heuristic towards `goal`.
    pub fn new(goal: &Board) -> Self {
        let shape = goal.shape();
        let (width, height) = (shape.width(), shape.height());
        // The table covers the longest line of at most five cells: a 2x12 board's columns, the
        // 15-puzzle's rows and columns.
        let table_cells = [width, height]
            .into_iter()
            .filter(|&length| length <= TABLE_CELLS)
            .max()
            .unwrap_or(0);
        let rows = (0..height).map(|row| (row * width, 1, width));
        let columns = (0..width).map(|column| (column, width, height));
        let lines: Vec<LineCells> = rows
            .chain(columns)
            .map(|(first, step, length)| LineCells {
                first,
                step,
                length,
                tabled: length <= table_cells,
            })
            .collect();
        let mut goal_row = [0; MAX_CELLS];
        let mut goal_column = [0; MAX_CELLS];
        let mut cell_row = [0; MAX_CELLS];
        let mut cell_column = [0; MAX_CELLS];
        let mut codes = vec![[0; 256]; height + width];
        for (cell, &tile) in goal.tiles().iter().enumerate() {
            let (row, column) = (shape.row(cell), shape.column(cell));
            (cell_row[cell], cell_column[cell]) = (row as u8, column as u8);
            (goal_row[usize::from(tile)], goal_column[usize::from(tile)]) =
                (row as u8, column as u8);
            if tile != 0 {
                codes[row][usize::from(tile)] = column as u8 + 1;
                codes[height + column][usize::from(tile)] = row as u8 + 1;
            }
        }
        let table = conflict_table(table_cells);
        LinearConflict {
            manhattan: Manhattan::new(goal),
            lines,
            height,
            goal_row,
            goal_column,
            cell_row,
            cell_column,
            codes,
            table,
        }
    }

    /// The tiles that must leave their goal lines, summed over rows and columns.
    fn conflicts<Word: PackedWord>(&self, state: &TileState<Word>) -> TileCost {
        (0..self.lines.len())
            .map(|line| {
                if self.lines[line].tabled {
                    usize::from(self.table[self.line_index(state, line)])
                } else {
                    let (codes, length) = self.line_codes(state, line);
                    conflicts_among(&codes[..length])
                }
            })
            .sum::<usize>() as TileCost
    }

    /// The codes (see `codes`) of the tiles on `line` in `state`, in order along the line, and
    /// the line's length.
    fn line_codes<Word: PackedWord>(
        &self,
        state: &TileState<Word>,
        line: usize,
    ) -> ([u8; MAX_LINE], usize) {
        let LineCells {
            first,
            step,
            length,
            ..
        } = self.lines[line];
        let mut codes = [0; MAX_LINE];
        for (position, code) in codes[..length].iter_mut().enumerate() {
            *code = self.codes[line][usize::from(state.tile_at(first + position * step))];
        }
        (codes, length)
    }

    /// The codes of the tiles on `line`, a tabled line, in `state`, packed into a table index.
    #[inline(always)]
    fn line_index<Word: PackedWord>(&self, state: &TileState<Word>, line: usize) -> usize {
        debug_assert!(self.lines[line].tabled, "line {line} is not in the table");
        let LineCells {
            first,
            step,
            length,
            ..
        } = self.lines[line];
        let codes = &self.codes[line];
        // Tabled lines have two to five cells; a loop of constant length is unrolled.
        match length {
            2 => packed_codes::<2, Word>(state, codes, first, step),
            3 => packed_codes::<3, Word>(state, codes, first, step),
            4 => packed_codes::<4, Word>(state, codes, first, step),
            _ => packed_codes::<5, Word>(state, codes, first, step),
        }
    }

    /// The conflicts after and before `tile` moves between cells `from` and `to` (by a vertical
    /// move when `vertical`), of the one line whose conflicts the move can change, read from
    /// `state`: the board on either side of the move.
    ///
    /// A tile is in conflict only with tiles of its own goal line, and only while it stands on
    /// that line. A vertical move keeps the tile's column, and its place among the column's
    /// tiles (the blank is not a tile), and takes it from one row to the next: only its goal
    /// row can change, and only if it is one of the two. Likewise sideways, with columns. The
    /// two sides of the move show that line with and without the tile at one position, so one
    /// reading of the line gives both.
    #[inline(always)]
    fn conflicts_moved<Word: PackedWord>(
        &self,
        state: &TileState<Word>,
        tile: usize,
        (from, to): (usize, usize),
        vertical: bool,
    ) -> (TileCost, TileCost) {
        let (goal_line, from_line, to_line, position, line) = if vertical {
            let row = self.goal_row[tile];
            let position = self.cell_column[from];
            (
                row,
                self.cell_row[from],
                self.cell_row[to],
                position,
                usize::from(row),
            )
        } else {
            let column = self.goal_column[tile];
            let position = self.cell_row[from];
            let line = self.height + usize::from(column);
            (
                column,
                self.cell_column[from],
                self.cell_column[to],
                position,
                line,
            )
        };
        if goal_line != from_line && goal_line != to_line {
            return (0, 0);
        }
        let (position, code) = (usize::from(position), self.codes[line][tile]);
        // The tile's cell shows the tile on one side of the move and the blank on the other.
        let (with_tile, without_tile) = if self.lines[line].tabled {
            let shift = CODE_BITS * position;
            let without = self.line_index(state, line) & !(0b111 << shift);
            let with = without | usize::from(code) << shift;
            (
                usize::from(self.table[with]),
                usize::from(self.table[without]),
            )
        } else {
            let (mut codes, length) = self.line_codes(state, line);
            codes[position] = code;
            let with = conflicts_among(&codes[..length]);
            codes[position] = 0;
            (with, conflicts_among(&codes[..length]))
        };
        let (with_tile, without_tile) = (with_tile as TileCost, without_tile as TileCost);
        if goal_line == to_line {
            (with_tile, without_tile)
        } else {
            (without_tile, with_tile)
        }
    }

    /// The estimate `before` updated for `tile`'s move from `from` to `to` by `action`, with the
    /// board on either side of the move in `state`.
    #[inline(always)]
    fn updated<Word: PackedWord>(
        &self,
        before: TileCost,
        tile: usize,
        (from, to): (usize, usize),
        action: Move,
        state: &TileState<Word>,
    ) -> TileCost {
        let vertical = matches!(action, Move::Up | Move::Down);
        let (conflicts_after, conflicts_before) =
            self.conflicts_moved(state, tile, (from, to), vertical);
        // Adding first keeps the unsigned arithmetic from dipping below zero.
        before + self.manhattan.tile_distance(tile, to) + 2 * conflicts_after
            - self.manhattan.tile_distance(tile, from)
            - 2 * conflicts_before
    }
}

/// The conflict table for lines of `cells` cells (at most [`TABLE_CELLS`]), made on first use
/// and shared by every heuristic of the process.
///
/// Why shared: a table depends on the line's length alone (the codes carry the goal), and
/// making the 15-puzzle's took 0.7 M instructions, which `slide batch` paid for every line, 3%
/// of a batch of easy instances.
fn conflict_table(cells: usize) -> &'static [u8] {
    static TABLES: [OnceLock<Box<[u8]>>; TABLE_CELLS + 1] =
        [const { OnceLock::new() }; TABLE_CELLS + 1];
    TABLES[cells].get_or_init(|| {
        (0..1usize << (CODE_BITS * cells))
            .map(|index| {
                let mut codes = [0; TABLE_CELLS];
                for (position, code) in codes.iter_mut().enumerate() {
                    *code = (index >> (CODE_BITS * position)) as u8 & 0b111;
                }
                conflicts_among(&codes[..cells]) as u8
            })
            .collect()
    })
}

/// The codes of the `LENGTH` tiles from cell `first` on, `step` cells apart, packed into a
/// table index (see `LinearConflict::line_index`).
#[inline(always)]
fn packed_codes<const LENGTH: usize, Word: PackedWord>(
    state: &TileState<Word>,
    codes: &[u8; 256],
    first: usize,
    step: usize,
) -> usize {
    let mut index = 0;
    for position in 0..LENGTH {
        let tile = state.tile_at(first + position * step);
        index |= usize::from(codes[usize::from(tile)]) << (CODE_BITS * position);
    }
    index
}

/// The tiles of a line that must leave it, given their codes along the line (zero for the
/// cells whose tile has its goal elsewhere): those not in the longest strictly increasing run
/// of goal positions.
fn conflicts_among(codes: &[u8]) -> usize {
    let mut positions = [0u8; MAX_LINE];
    let mut length = 0;
    for &code in codes.iter().filter(|&&code| code != 0) {
        positions[length] = code;
        length += 1;
    }
    length - longest_increasing(&positions[..length])
}

/// The length of the longest strictly increasing subsequence; lines are at most 12 cells long,
/// so the quadratic method beats anything cleverer.
fn longest_increasing(values: &[u8]) -> usize {
    let mut ending_at = [0usize; MAX_LINE];
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

    /// Only the moved tile's Manhattan distance and the conflicts of its goal line can change
    /// (see `conflicts_moved`), so the update looks at one line, and at none when the tile
    /// neither enters nor leaves its goal line.
    #[inline]
    fn estimate_after(
        &self,
        puzzle: &SlidingPuzzle<Word>,
        after: &TileState<Word>,
        action: &Move,
        before: TileCost,
    ) -> TileCost {
        let (tile, from, to) = moved_tile(puzzle, after, *action);
        self.updated(before, tile, (from, to), *action, after)
    }

    /// As [`estimate_after`](Heuristic::estimate_after), read from the board before the move:
    /// the two differ only in the moved tile's and the blank's cells.
    #[inline(always)]
    fn estimate_move(
        &self,
        puzzle: &SlidingPuzzle<Word>,
        state: &TileState<Word>,
        action: &Move,
        before: TileCost,
    ) -> Option<TileCost> {
        let (tile, from, to) = tile_to_move(puzzle, state, *action);
        Some(self.updated(before, tile, (from, to), *action, state))
    }
}

#[cfg(test)]
mod tests {
    use super::{LinearConflict, conflicts_among};
    use crate::tiles::puzzle::SlidingPuzzle;
    use crate::tiles::random::random_walk;
    use crate::{Board, Shape};

    /// The table holds, for every line it covers, what counting the line's longest increasing
    /// run gives: checked line by line on boards scattered over every shape with tabled lines.
    #[test]
    fn table_lookups_agree_with_counting_every_line() {
        for (width, height) in [(2, 2), (3, 3), (4, 4), (5, 5), (3, 5), (5, 2), (2, 12)] {
            let goal = Board::blank_first(Shape::new(width, height).unwrap());
            let conflict = LinearConflict::new(&goal);
            let puzzle = SlidingPuzzle::<u128>::new(&goal).unwrap();
            let mut tabled = 0;
            for seed in 0..200 {
                let state = puzzle.state(&random_walk(&goal, 200, seed)).unwrap();
                for line in 0..conflict.lines.len() {
                    let (codes, length) = conflict.line_codes(&state, line);
                    let counted = conflicts_among(&codes[..length]);
                    if conflict.lines[line].tabled {
                        let looked_up = conflict.table[conflict.line_index(&state, line)];
                        assert_eq!(usize::from(looked_up), counted, "{width}x{height}");
                        tabled += 1;
                    }
                }
            }
            assert!(tabled > 0, "{width}x{height} has tabled lines");
        }
    }

    #[test]
    fn conflicts_are_the_tiles_outside_the_longest_increasing_run() {
        // Codes are goal positions plus one; zero is a tile of another line (or the blank).
        assert_eq!(conflicts_among(&[]), 0);
        assert_eq!(conflicts_among(&[1, 2, 3, 4]), 0);
        assert_eq!(conflicts_among(&[2, 1]), 1);
        assert_eq!(conflicts_among(&[3, 2, 1]), 2);
        assert_eq!(conflicts_among(&[4, 0, 1, 2]), 1);
        assert_eq!(conflicts_among(&[0, 0, 0, 0, 0]), 0);
        assert_eq!(conflicts_among(&[2, 4, 1, 3]), 2);
    }
}
