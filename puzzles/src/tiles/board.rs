//! Boards: a shape and the tile in each cell.

use std::fmt;

use super::error::{BoardError, MoveError};
use super::moves::Move;
use super::shape::Shape;

/// A sliding-tile board: the tile in each cell, row-major from the top-left, `0` for the blank.
///
/// Any arrangement of the tiles is a board, so any board can serve as a goal. A board is always
/// valid: every constructor checks that the tiles are exactly `0..cells`, once each.
///
/// ```
/// use puzzles::{Board, Shape};
///
/// let board = Board::parse("1 2 3/4 0 5/6 7 8").unwrap();
/// assert_eq!(board.shape(), Shape::new(3, 3).unwrap());
/// assert_eq!(board.blank(), 4);
/// assert_eq!(board.to_compact(), "123405678");
/// assert_eq!(board.to_string(), "1 2 3\n4 . 5\n6 7 8");
/// assert_eq!(Board::spiral(board.shape()).to_compact(), "123804765");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    shape: Shape,
    tiles: Vec<u8>,
}

impl Board {
    /// The board of `shape` holding `tiles` (row-major, `0` for the blank), if they are exactly
    /// the numbers `0..cells`, once each.
    pub fn new(shape: Shape, tiles: Vec<u8>) -> Result<Board, BoardError> {
        let cells = shape.cells();
        if tiles.is_empty() {
            return Err(BoardError::Empty);
        }
        if tiles.len() != cells {
            return Err(BoardError::WrongCellCount {
                found: tiles.len(),
                shape,
            });
        }
        match tiles.iter().filter(|&&tile| tile == 0).count() {
            0 => return Err(BoardError::NoBlank),
            1 => {}
            count => return Err(BoardError::SeveralBlanks { count }),
        }
        let mut seen = [false; 256];
        for &tile in &tiles {
            if usize::from(tile) >= cells {
                return Err(BoardError::TileOutOfRange {
                    tile: tile.to_string(),
                    largest: cells - 1,
                });
            }
            if std::mem::replace(&mut seen[usize::from(tile)], true) {
                return Err(BoardError::DuplicateTile { tile });
            }
        }
        // With `cells` tiles, all distinct and below `cells`, none can be missing; the check
        // stays as a guard for the invariant the rest of the crate relies on.
        if let Some(tile) = (0..cells).find(|&tile| !seen[tile]) {
            return Err(BoardError::MissingTile { tile: tile as u8 });
        }
        Ok(Board { shape, tiles })
    }

    /// The names standard goals are given by: `blank-last`, `blank-first` and `spiral`
    /// ([`Board::named_goal`]).
    pub const GOAL_NAMES: [&'static str; 3] = ["blank-last", "blank-first", "spiral"];

    /// The standard goal named `name` ([`GOAL_NAMES`](Board::GOAL_NAMES)) for boards of
    /// `shape`, or `None` if `name` names none.
    ///
    /// ```
    /// use puzzles::{Board, Shape};
    ///
    /// let shape = Shape::new(3, 3).unwrap();
    /// assert_eq!(Board::named_goal("spiral", shape), Some(Board::spiral(shape)));
    /// assert_eq!(Board::named_goal("centre", shape), None);
    /// ```
    pub fn named_goal(name: &str, shape: Shape) -> Option<Board> {
        match name {
            "blank-last" => Some(Board::blank_last(shape)),
            "blank-first" => Some(Board::blank_first(shape)),
            "spiral" => Some(Board::spiral(shape)),
            _ => None,
        }
    }

    /// The goal `1 2 .. N-1` with the blank last (bottom-right).
    pub fn blank_last(shape: Shape) -> Board {
        let cells = shape.cells() as u8;
        Board {
            shape,
            tiles: (1..cells).chain([0]).collect(),
        }
    }

    /// The goal `0 1 2 ..` with the blank first (top-left), as in Korf's papers.
    pub fn blank_first(shape: Shape) -> Board {
        Board {
            shape,
            tiles: (0..shape.cells() as u8).collect(),
        }
    }

    /// The goal with tiles `1, 2, ..` along a clockwise spiral from the top-left corner and the
    /// blank where the spiral ends (`1 2 3 / 8 0 4 / 7 6 5` on 3x3).
    pub fn spiral(shape: Shape) -> Board {
        let (width, height) = (shape.width() as isize, shape.height() as isize);
        let mut tiles = vec![0u8; shape.cells()];
        let (mut top, mut bottom, mut left, mut right) = (0, height - 1, 0, width - 1);
        let mut order = Vec::with_capacity(shape.cells());
        while top <= bottom && left <= right {
            order.extend((left..=right).map(|column| (top, column)));
            order.extend((top + 1..=bottom).map(|row| (row, right)));
            if top < bottom {
                order.extend((left..right).rev().map(|column| (bottom, column)));
            }
            if left < right {
                order.extend((top + 1..bottom).rev().map(|row| (row, left)));
            }
            (top, bottom, left, right) = (top + 1, bottom - 1, left + 1, right - 1);
        }
        let last = order.len() - 1;
        for (tile, &(row, column)) in order.iter().enumerate() {
            let value = if tile == last { 0 } else { tile as u8 + 1 };
            tiles[(row * width + column) as usize] = value;
        }
        Board { shape, tiles }
    }

    /// The shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The tile in each cell, row-major, `0` for the blank.
    pub fn tiles(&self) -> &[u8] {
        &self.tiles
    }

    /// The tile in cell `position`.
    ///
    /// # Panics
    /// If `position` is not below [`Shape::cells`].
    pub fn tile(&self, position: usize) -> u8 {
        self.tiles[position]
    }

    /// The cell of the blank.
    pub fn blank(&self) -> usize {
        self.position_of(0)
    }

    /// The cell holding `tile`.
    ///
    /// # Panics
    /// If `tile` is not on the board (not below [`Shape::cells`]).
    pub fn position_of(&self, tile: u8) -> usize {
        self.tiles
            .iter()
            .position(|&cell| cell == tile)
            .expect("a board holds every tile below its cell count")
    }

    /// One character per cell with `0` for the blank (`"123804765"`), for boards of at most 9
    /// cells; larger boards get the spaced form, whose tiles take two digits.
    pub fn to_compact(&self) -> String {
        self.compact_with(false)
    }

    /// Like [`to_compact`](Board::to_compact), with `.` for the blank (`"1238.4765"`).
    pub fn to_compact_dotted(&self) -> String {
        self.compact_with(true)
    }

    fn compact_with(&self, dot: bool) -> String {
        if self.tiles.len() > 9 {
            return self.to_spaced();
        }
        self.tiles
            .iter()
            .map(|&tile| match tile {
                0 if dot => '.',
                _ => char::from(b'0' + tile),
            })
            .collect()
    }

    /// The tiles separated by single spaces, `0` for the blank (`"1 2 3 8 0 4 7 6 5"`).
    pub fn to_spaced(&self) -> String {
        let numbers: Vec<String> = self.tiles.iter().map(u8::to_string).collect();
        numbers.join(" ")
    }

    /// The shortest one-line form that [`parse`](Board::parse) reads back as this board:
    /// [compact](Board::to_compact) for square boards, [rows](Board::to_rows) for the others,
    /// whose shape the cells do not tell.
    ///
    /// ```
    /// use puzzles::Board;
    ///
    /// assert_eq!(Board::parse("1 2 3/4 5 6/7 8 0").unwrap().to_line(), "123456780");
    /// assert_eq!(Board::parse("1 2 3/4 0 5").unwrap().to_line(), "1 2 3/4 0 5");
    /// ```
    pub fn to_line(&self) -> String {
        if self.shape.width() == self.shape.height() {
            self.to_compact()
        } else {
            self.to_rows()
        }
    }

    /// The rows separated by `/`, tiles by spaces (`"1 2 3/8 0 4/7 6 5"`): the one-line form
    /// that keeps the shape.
    pub fn to_rows(&self) -> String {
        let rows: Vec<String> = self
            .tiles
            .chunks(self.shape.width())
            .map(|row| {
                let numbers: Vec<String> = row.iter().map(u8::to_string).collect();
                numbers.join(" ")
            })
            .collect();
        rows.join("/")
    }

    /// The board after moving the blank by `direction`, or `None` if that leaves the board.
    pub fn apply(&self, direction: Move) -> Option<Board> {
        let blank = self.blank();
        let target = self.shape.step(blank, direction)?;
        let mut tiles = self.tiles.clone();
        tiles.swap(blank, target);
        Some(Board {
            shape: self.shape,
            tiles,
        })
    }

    /// The board after applying `moves` in order.
    ///
    /// A move that would take the blank off the board is an error naming its index.
    pub fn apply_moves(&self, moves: &[Move]) -> Result<Board, MoveError> {
        let mut tiles = self.tiles.clone();
        let mut blank = self.blank();
        for (index, &direction) in moves.iter().enumerate() {
            let target = self
                .shape
                .step(blank, direction)
                .ok_or(MoveError::OffBoard { index, direction })?;
            tiles.swap(blank, target);
            blank = target;
        }
        Ok(Board {
            shape: self.shape,
            tiles,
        })
    }
}

impl fmt::Display for Board {
    /// The rows on separate lines, tiles right-aligned in columns and `.` for the blank.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let width = (self.tiles.len() - 1).to_string().len();
        for (index, row) in self.tiles.chunks(self.shape.width()).enumerate() {
            if index > 0 {
                f.write_str("\n")?;
            }
            for (column, &tile) in row.iter().enumerate() {
                if column > 0 {
                    f.write_str(" ")?;
                }
                if tile == 0 {
                    write!(f, "{:>width$}", ".")?;
                } else {
                    write!(f, "{tile:>width$}")?;
                }
            }
        }
        Ok(())
    }
}
