//! Why a layout is refused: one typed error for the text format, the Rush Hour notation, the
//! Klotski format and the constructor, each variant naming the place or piece at fault.

use std::error::Error;
use std::fmt;

use super::geometry::{MAX_CELLS, Position};
use super::state::MAX_PIECES;

/// Why a layout is not a valid sliding-block puzzle.
///
/// Positions are shown 1-based (`r2c3`), as a reader counts rows and columns; the fields hold
/// [`Position`]s, which count from zero.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum LayoutError {
    /// The text has no board rows.
    NoBoard,
    /// A board row is not as long as the first one.
    RaggedRow {
        /// The row, from zero.
        row: usize,
        /// Cells in it.
        found: usize,
        /// Cells in the first row.
        expected: usize,
    },
    /// The board has more than [`MAX_CELLS`] cells, or a side of zero or more than 255 cells.
    TooLarge {
        /// Its width in cells.
        width: usize,
        /// Its height in cells.
        height: usize,
    },
    /// A cell holds a character that is neither a piece letter, an empty cell nor a wall.
    UnknownCharacter {
        /// The character.
        character: char,
        /// Where it is.
        at: Position,
    },
    /// A header line is not one of `goal: P at R,C`, `exit: P SIDE`, `horizontal: PQ`,
    /// `vertical: PQ` or `alike: PQ RS`.
    BadHeader {
        /// The line, from zero, counting every line of the text.
        line: usize,
        /// The line's text.
        text: String,
    },
    /// Two pieces cover the same cell.
    Overlap {
        /// The first piece's letter.
        first: char,
        /// The second piece's letter.
        second: char,
        /// A cell both cover.
        at: Position,
    },
    /// A piece covers a wall.
    OnWall {
        /// The piece's letter.
        piece: char,
        /// The wall cell.
        at: Position,
    },
    /// A piece has a cell outside the board.
    OffBoard {
        /// The piece's letter.
        piece: char,
        /// The cell.
        at: Position,
    },
    /// A piece has no cells.
    EmptyPiece {
        /// The piece's letter.
        piece: char,
    },
    /// The cells of a piece are not edge-connected (in the text, its letter appears in two
    /// separate places).
    Disconnected {
        /// The piece's letter.
        piece: char,
        /// A cell cut off from the piece's first cell.
        at: Position,
    },
    /// Two pieces share a letter.
    DuplicateLetter {
        /// The letter.
        piece: char,
    },
    /// The layout has more than [`MAX_PIECES`] pieces.
    TooManyPieces {
        /// Pieces found.
        found: usize,
    },
    /// A header line names a letter that no piece has.
    UnknownPiece {
        /// The letter.
        piece: char,
    },
    /// A piece is listed as both horizontal and vertical.
    ConflictingAxis {
        /// The piece's letter.
        piece: char,
    },
    /// Two pieces tagged alike differ in shape or axis.
    UnlikeAlike {
        /// The first piece's letter.
        first: char,
        /// The second piece's letter.
        second: char,
    },
    /// A piece is listed in two `alike:` groups.
    AlikeTwice {
        /// The piece's letter.
        piece: char,
    },
    /// A goal puts a piece where its shape does not fit on the board or covers a wall.
    GoalOffBoard {
        /// The piece's letter.
        piece: char,
        /// The goal position of its bounding box's top-left cell.
        at: Position,
    },
    /// The layout has no goal or exit line.
    NoGoal,
    /// A Rush Hour board is not 36 characters long.
    RushHourLength {
        /// Characters found, leaving out surrounding white space.
        found: usize,
    },
    /// A Rush Hour vehicle covers one cell only.
    VehicleTooShort {
        /// The vehicle's letter.
        piece: char,
        /// Its cell.
        at: Position,
    },
    /// A Rush Hour vehicle is not a straight line of cells.
    VehicleNotStraight {
        /// The vehicle's letter.
        piece: char,
        /// A cell out of line with its first cell.
        at: Position,
    },
    /// A Rush Hour board has no red car `A`.
    NoRedCar,
    /// The red car `A` does not lie across the third row, where the exit is.
    RedCarOffRow {
        /// The red car's first cell in reading order.
        at: Position,
    },
    /// A Klotski layout does not have five rows.
    KlotskiRows {
        /// Rows found.
        found: usize,
    },
    /// A row of a Klotski layout does not have four cells.
    KlotskiColumns {
        /// The row, from zero.
        row: usize,
        /// Cells found in it.
        found: usize,
    },
    /// A cell of a Klotski layout is neither an ASCII letter nor `.`.
    KlotskiCharacter {
        /// The character.
        character: char,
        /// Where it is.
        at: Position,
    },
    /// The cells of a piece do not fill a rectangle (Klotski's pieces are rectangles).
    NotRectangle {
        /// The piece's letter.
        piece: char,
    },
    /// A Klotski piece is a rectangle of a size Klotski's pieces cannot have.
    KlotskiPieceSize {
        /// The piece's letter.
        piece: char,
        /// Its width in cells.
        width: usize,
        /// Its height in cells.
        height: usize,
    },
    /// A Klotski layout does not have exactly one 2x2 block.
    KlotskiBlocks {
        /// 2x2 pieces found.
        found: usize,
    },
    /// A Klotski layout does not have exactly two empty cells.
    KlotskiEmptyCells {
        /// Empty cells found.
        found: usize,
    },
}

impl fmt::Display for LayoutError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LayoutError::NoBoard => f.write_str("the layout has no board rows"),
            LayoutError::RaggedRow {
                row,
                found,
                expected,
            } => write!(
                f,
                "row {} has {found} cells, but the first row has {expected}",
                row + 1
            ),
            LayoutError::TooLarge { width, height } => write!(
                f,
                "a {width}x{height} board is not supported (at most {MAX_CELLS} cells)"
            ),
            LayoutError::UnknownCharacter { character, at } => write!(
                f,
                "unknown character {character:?} at {at} (use letters or digits for pieces, \
                 '.' for an empty cell, 'x' or '#' for a wall)"
            ),
            LayoutError::BadHeader { line, text } => write!(
                f,
                "line {} is not a header this format knows: {text:?} (expected \
                 'goal: A at ROW,COLUMN', 'exit: A right', 'horizontal: AB', 'vertical: AB' \
                 or 'alike: AB CD')",
                line + 1
            ),
            LayoutError::Overlap { first, second, at } => {
                write!(f, "pieces '{first}' and '{second}' overlap at {at}")
            }
            LayoutError::OnWall { piece, at } => {
                write!(f, "piece '{piece}' covers the wall at {at}")
            }
            LayoutError::OffBoard { piece, at } => {
                write!(f, "piece '{piece}' has cell {at} outside the board")
            }
            LayoutError::EmptyPiece { piece } => write!(f, "piece '{piece}' has no cells"),
            LayoutError::Disconnected { piece, at } => write!(
                f,
                "piece '{piece}' is not in one piece: {at} is cut off from the rest"
            ),
            LayoutError::DuplicateLetter { piece } => {
                write!(f, "two pieces are both named '{piece}'")
            }
            LayoutError::TooManyPieces { found } => write!(
                f,
                "the layout has {found} pieces, more than the {MAX_PIECES} supported"
            ),
            LayoutError::UnknownPiece { piece } => {
                write!(f, "no piece is named '{piece}'")
            }
            LayoutError::ConflictingAxis { piece } => {
                write!(
                    f,
                    "piece '{piece}' is listed as both horizontal and vertical"
                )
            }
            LayoutError::UnlikeAlike { first, second } => write!(
                f,
                "pieces '{first}' and '{second}' are listed as alike but differ in shape or axis"
            ),
            LayoutError::AlikeTwice { piece } => {
                write!(f, "piece '{piece}' is listed in two alike groups")
            }
            LayoutError::GoalOffBoard { piece, at } => write!(
                f,
                "piece '{piece}' does not fit on the board with its top-left cell at {at}"
            ),
            LayoutError::NoGoal => f.write_str(
                "the layout has no goal (add 'goal: A at ROW,COLUMN' or 'exit: A right')",
            ),
            LayoutError::RushHourLength { found } => write!(
                f,
                "a Rush Hour board has 36 cells, found {found} characters"
            ),
            LayoutError::VehicleTooShort { piece, at } => write!(
                f,
                "vehicle '{piece}' at {at} is one cell long (vehicles are 2 or more)"
            ),
            LayoutError::VehicleNotStraight { piece, at } => write!(
                f,
                "vehicle '{piece}' is not a straight line: {at} is out of line"
            ),
            LayoutError::NoRedCar => f.write_str("the board has no red car 'A'"),
            LayoutError::RedCarOffRow { at } => write!(
                f,
                "the red car 'A' must lie across row 3, the exit's row, but starts at {at}"
            ),
            LayoutError::KlotskiRows { found } => {
                write!(f, "expected 5 rows, found {found}")
            }
            LayoutError::KlotskiColumns { row, found } => {
                write!(f, "row {} has {found} cells, expected 4", row + 1)
            }
            LayoutError::KlotskiCharacter { character, at } => write!(
                f,
                "invalid character {character:?} at row {}, column {} \
                 (use one letter per piece and '.' for an empty cell)",
                u32::from(at.row) + 1,
                u32::from(at.column) + 1
            ),
            LayoutError::NotRectangle { piece } => {
                write!(f, "piece '{piece}' is not a rectangle")
            }
            LayoutError::KlotskiPieceSize {
                piece,
                width,
                height,
            } => write!(
                f,
                "piece '{piece}' is {width} wide and {height} tall (pieces are 2x2, 1 wide \
                 and 2 tall, 2 wide and 1 tall, or single cells)"
            ),
            LayoutError::KlotskiBlocks { found } => {
                write!(f, "expected exactly one 2x2 block, found {found}")
            }
            LayoutError::KlotskiEmptyCells { found } => {
                write!(f, "expected exactly 2 empty cells, found {found}")
            }
        }
    }
}

impl Error for LayoutError {}
