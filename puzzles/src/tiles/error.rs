//! Why a board or a move sequence is rejected.

use std::fmt;

use super::moves::Move;
use super::shape::{MAX_CELLS, Shape, ShapeError};

/// Why a board cannot be built, parsed or paired with another.
///
/// Every message names the problem so that a user can fix the input; nothing is ever guessed or
/// silently corrected.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum BoardError {
    /// The input holds no tiles at all.
    Empty,
    /// The number of cells does not match the shape.
    WrongCellCount {
        /// Cells found in the input.
        found: usize,
        /// The shape the cells should fill.
        shape: Shape,
    },
    /// The number of cells is not a square (4, 9, 16, 25) and no shape was given.
    NotSquare {
        /// Cells found in the input.
        cells: usize,
    },
    /// The shape itself is not supported.
    Shape(ShapeError),
    /// A number written with a leading zero (`007`, `00`): refused rather than read as the
    /// number it might mean.
    LeadingZero {
        /// The number as written.
        text: String,
    },
    /// A tile appears more than once.
    DuplicateTile {
        /// The repeated tile.
        tile: u8,
    },
    /// A tile between 1 and `cells - 1` does not appear.
    MissingTile {
        /// The absent tile.
        tile: u8,
    },
    /// A number is larger than the largest tile of the board.
    TileOutOfRange {
        /// The number as written.
        tile: String,
        /// The largest tile of the board (`cells - 1`).
        largest: usize,
    },
    /// No cell is the blank.
    NoBlank,
    /// More than one cell is the blank.
    SeveralBlanks {
        /// How many blanks were found.
        count: usize,
    },
    /// A character that is neither a tile, a blank nor a separator.
    InvalidCharacter {
        /// The character.
        character: char,
        /// Its position in the input, counting characters from 1.
        position: usize,
    },
    /// A row has a different number of cells from the first row.
    RaggedRows {
        /// The offending row, counting from 1.
        row: usize,
        /// Cells in that row.
        found: usize,
        /// Cells in the first row.
        expected: usize,
    },
    /// The compact form (one character per cell) was used for a board with more than 9 cells,
    /// whose tiles take two digits.
    CompactTooLarge {
        /// Cells found in the input.
        cells: usize,
    },
    /// The rows make a board of another shape than the one asked for.
    RowsDisagreeWithShape {
        /// The shape the rows make.
        rows: Shape,
        /// The shape asked for.
        shape: Shape,
    },
    /// Start and goal have different shapes.
    ShapeMismatch {
        /// The start's shape.
        start: Shape,
        /// The goal's shape.
        goal: Shape,
    },
    /// The board has more cells than the chosen packing word holds.
    TooLargeForPacking {
        /// The board's shape.
        shape: Shape,
        /// The most cells the packing word holds.
        max_cells: usize,
    },
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::Empty => f.write_str("empty input: no tiles given"),
            BoardError::WrongCellCount { found, shape } => write!(
                f,
                "wrong number of cells: found {found}, but a {shape} board has {}",
                shape.cells()
            ),
            BoardError::NotSquare { cells } if *cells > MAX_CELLS => write!(
                f,
                "{cells} cells is too many: at most {MAX_CELLS} are supported"
            ),
            BoardError::NotSquare { cells } => {
                // The square boards on either side, so that a tile missing or one too many is
                // seen at once, before the advice for boards of other shapes.
                let side = (1..).find(|side| side * side >= *cells).unwrap_or(1);
                let smaller = side - 1;
                let around = if smaller >= 2 {
                    format!(
                        "{smaller}x{smaller} has {}, {side}x{side} has {}",
                        smaller * smaller,
                        side * side
                    )
                } else {
                    format!("{side}x{side} has {}", side * side)
                };
                write!(
                    f,
                    "{cells} cells do not make a square board ({around}): check for a missing or extra tile, or write the rows of another shape separated by '/' (`1 2 3/4 0 5`)"
                )
            }
            BoardError::Shape(error) => write!(f, "unsupported shape: {error}"),
            BoardError::LeadingZero { text } => write!(
                f,
                "`{text}` has a leading zero: write tiles as plain numbers, and the blank as 0 or '.'"
            ),
            BoardError::DuplicateTile { tile } => write!(f, "tile {tile} appears twice"),
            BoardError::MissingTile { tile } => write!(f, "tile {tile} is missing"),
            BoardError::TileOutOfRange { tile, largest } => write!(
                f,
                "tile {tile} is out of range: tiles are 1 to {largest}, and 0 or '.' is the blank"
            ),
            BoardError::NoBlank => f.write_str("no blank: mark the empty cell with 0 or '.'"),
            BoardError::SeveralBlanks { count } => {
                write!(f, "{count} blanks: a board has exactly one empty cell")
            }
            BoardError::InvalidCharacter {
                character,
                position,
            } => write!(
                f,
                "character {character:?} at position {position} is not a tile"
            ),
            BoardError::RaggedRows {
                row,
                found,
                expected,
            } => write!(
                f,
                "ragged rows: row {row} has {found} cells but row 1 has {expected}"
            ),
            BoardError::CompactTooLarge { cells } => write!(
                f,
                "a board of {cells} cells needs its tiles separated by spaces: the compact form only suits boards up to 9 cells"
            ),
            BoardError::RowsDisagreeWithShape { rows, shape } => write!(
                f,
                "the rows make a {rows} board but the shape asked for is {shape}"
            ),
            BoardError::ShapeMismatch { start, goal } => write!(
                f,
                "start and goal have different shapes: start is {start}, goal is {goal}"
            ),
            BoardError::TooLargeForPacking { shape, max_cells } => write!(
                f,
                "a {shape} board has {} cells, more than the {max_cells} this packing holds",
                shape.cells()
            ),
        }
    }
}

/// No source: the one error a `BoardError` wraps, a [`ShapeError`], is written out in its
/// message already, and a source would have error reports say it twice.
impl std::error::Error for BoardError {}

impl From<ShapeError> for BoardError {
    fn from(error: ShapeError) -> Self {
        BoardError::Shape(error)
    }
}

/// Why a move sequence is rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum MoveError {
    /// A character that is not one of `U`, `D`, `L`, `R`.
    InvalidCharacter {
        /// The character.
        character: char,
        /// Its position in the input, counting characters from 1.
        position: usize,
    },
    /// A move would take the blank off the board.
    OffBoard {
        /// The index of the move in the sequence, counting from 0.
        index: usize,
        /// The move.
        direction: Move,
    },
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::InvalidCharacter {
                character,
                position,
            } => write!(
                f,
                "character {character:?} at position {position} is not a move: use U, D, L or R"
            ),
            MoveError::OffBoard { index, direction } => write!(
                f,
                "move {index} ({direction}) takes the blank off the board"
            ),
        }
    }
}

impl std::error::Error for MoveError {}
