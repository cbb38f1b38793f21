//! Every goal with its blank in a corner is the blank-first goal in disguise: flip the board so
//! that the blank's corner is the top-left one, rename each tile after its goal cell, and the
//! goal reads `0 1 2 ..`. Searches towards such a goal run towards the blank-first goal instead,
//! so that one set of pattern databases serves every corner-blank goal of a size.

use super::board::Board;
use super::moves::Move;
use super::shape::Shape;

/// The renaming of a corner-blank goal's puzzle onto the blank-first goal's: a flip of the rows
/// and/or the columns (the board symmetry taking the goal's blank to the top-left cell) and a
/// renaming of the tiles (each after its goal cell, flipped).
///
/// It is an isomorphism of the two puzzles' state graphs: a board `b` is `n` moves from the
/// goal exactly when [`board(b)`](Self::board) is `n` moves from the blank-first goal, and a
/// solution of the renamed board, each move [mapped back](Self::move_back), solves `b`.
///
/// ```
/// use puzzles::{Board, CornerRelabelling, Move, Shape};
///
/// let shape = Shape::new(3, 3).unwrap();
/// let goal = Board::blank_last(shape); // 1 2 3 / 4 5 6 / 7 8 .
/// let relabel = CornerRelabelling::onto_blank_first(&goal).unwrap();
/// assert_eq!(relabel.board(&goal), Board::blank_first(shape));
///
/// // One move from the goal: the blank went up. Renamed, it went down from the top-left.
/// let start = goal.apply(Move::Up).unwrap();
/// let renamed = relabel.board(&start);
/// assert_eq!(Board::blank_first(shape).apply(Move::Down), Some(renamed));
/// assert_eq!(relabel.move_back(Move::Down), Move::Up);
///
/// // A goal whose blank is not in a corner has no such renaming.
/// assert!(CornerRelabelling::onto_blank_first(&Board::spiral(shape)).is_none());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CornerRelabelling {
    shape: Shape,
    flip_rows: bool,
    flip_columns: bool,
    /// `label[t]`: the blank-first goal's name for tile `t` (the flipped goal cell of `t`).
    label: Vec<u8>,
}

impl CornerRelabelling {
    /// The renaming of `goal` onto the blank-first goal of its shape, if `goal`'s blank is in a
    /// corner. For the blank-first goal itself it is the identity.
    pub fn onto_blank_first(goal: &Board) -> Option<Self> {
        let shape = goal.shape();
        let blank = goal.blank();
        let (row, column) = (shape.row(blank), shape.column(blank));
        let corner_row = row == 0 || row == shape.height() - 1;
        let corner_column = column == 0 || column == shape.width() - 1;
        if !(corner_row && corner_column) {
            return None;
        }
        let mut relabelling = CornerRelabelling {
            shape,
            flip_rows: row != 0,
            flip_columns: column != 0,
            label: vec![0; shape.cells()],
        };
        for (cell, &tile) in goal.tiles().iter().enumerate() {
            relabelling.label[usize::from(tile)] = relabelling.flip(cell) as u8;
        }
        Some(relabelling)
    }

    /// The goal whose pattern databases a search towards `goal` uses: the blank-first goal of
    /// its shape when `goal`'s blank is in a corner, else `goal` itself.
    ///
    /// ```
    /// use puzzles::{Board, CornerRelabelling, Shape};
    ///
    /// let shape = Shape::new(4, 4).unwrap();
    /// assert_eq!(CornerRelabelling::database_goal(&Board::blank_last(shape)), Board::blank_first(shape));
    /// assert_eq!(CornerRelabelling::database_goal(&Board::spiral(shape)), Board::spiral(shape));
    /// ```
    pub fn database_goal(goal: &Board) -> Board {
        match Self::onto_blank_first(goal) {
            Some(_) => Board::blank_first(goal.shape()),
            None => goal.clone(),
        }
    }

    /// Whether the renaming changes nothing: the goal was the blank-first goal.
    pub fn is_identity(&self) -> bool {
        !self.flip_rows
            && !self.flip_columns
            && (self.label.iter().enumerate()).all(|(tile, &label)| usize::from(label) == tile)
    }

    /// The blank-first goal's name for tile `tile` of the original puzzle (the blank stays 0).
    ///
    /// # Panics
    /// If `tile` is not a tile of the board.
    pub fn tile(&self, tile: u8) -> u8 {
        self.label[usize::from(tile)]
    }

    /// The cell that `cell` is flipped to (the flips are their own inverses).
    fn flip(&self, cell: usize) -> usize {
        let (width, height) = (self.shape.width(), self.shape.height());
        let (row, column) = (cell / width, cell % width);
        let row = if self.flip_rows {
            height - 1 - row
        } else {
            row
        };
        let column = if self.flip_columns {
            width - 1 - column
        } else {
            column
        };
        row * width + column
    }

    /// `board`, flipped and renamed: the board of the blank-first goal's puzzle it corresponds
    /// to. `board` must have the goal's shape.
    ///
    /// # Panics
    /// If `board` has another shape than the goal.
    pub fn board(&self, board: &Board) -> Board {
        assert_eq!(board.shape(), self.shape, "a board of the goal's shape");
        let mut tiles = vec![0u8; self.shape.cells()];
        for (cell, &tile) in board.tiles().iter().enumerate() {
            tiles[self.flip(cell)] = self.label[usize::from(tile)];
        }
        Board::new(self.shape, tiles).expect("a renaming of a board is a board")
    }

    /// The move of the original puzzle that `renamed`, a move of the renamed one, stands for.
    pub fn move_back(&self, renamed: Move) -> Move {
        match renamed {
            Move::Up | Move::Down if self.flip_rows => renamed.inverse(),
            Move::Left | Move::Right if self.flip_columns => renamed.inverse(),
            _ => renamed,
        }
    }

    /// [`move_back`](Self::move_back) for every move of a solution.
    pub fn moves_back(&self, renamed: &[Move]) -> Vec<Move> {
        renamed.iter().map(|&step| self.move_back(step)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every corner-blank goal of a few shapes, reached from random boards: the renamed board's
    /// moves, mapped back, are legal and lead to the same place.
    #[test]
    fn renaming_commutes_with_moves() {
        for (width, height) in [(3, 3), (4, 4), (5, 5), (3, 4), (5, 2)] {
            let shape = Shape::new(width, height).unwrap();
            let cells = shape.cells();
            for corner in [0, width - 1, cells - width, cells - 1] {
                let mut tiles: Vec<u8> = (1..cells as u8).collect();
                tiles.reverse();
                tiles.insert(corner, 0);
                let goal = Board::new(shape, tiles).unwrap();
                let relabel = CornerRelabelling::onto_blank_first(&goal).unwrap();
                assert_eq!(relabel.board(&goal), Board::blank_first(shape));
                let mut board = goal.clone();
                for step in (0..40).map(|i| Move::ALL[(i * 7 + corner) % 4]) {
                    let Some(next) = board.apply(step) else {
                        continue;
                    };
                    let renamed = relabel.board(&board);
                    let renamed_step = Move::ALL
                        .into_iter()
                        .find(|&m| relabel.move_back(m) == step)
                        .unwrap();
                    assert_eq!(renamed.apply(renamed_step), Some(relabel.board(&next)));
                    board = next;
                }
            }
        }
    }
}
