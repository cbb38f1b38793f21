//! The text layout format: one letter per piece, `.` for an empty cell, five lines of four.

use std::error::Error;
use std::fmt;
use std::str::FromStr;

use super::board::{Board, Letters, Shape, CELLS, HEIGHT, WIDTH};

/// The number of empty cells on a Klotski board.
pub const EMPTY_CELLS: usize = 2;

/// Why a layout is not a valid Klotski board.
///
/// Rows and columns in the variants are 1-based, as a reader counts them.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParseError {
    /// The layout does not have five rows.
    Rows {
        /// Rows found.
        found: usize,
    },
    /// A row does not have four cells.
    Columns {
        /// The row, 1-based.
        row: usize,
        /// Cells found in it.
        found: usize,
    },
    /// A cell is neither an ASCII letter nor `.`.
    InvalidCharacter {
        /// The character.
        character: char,
        /// Its row, 1-based.
        row: usize,
        /// Its column, 1-based.
        column: usize,
    },
    /// A letter appears in two or more separate places.
    Disconnected {
        /// The letter.
        letter: char,
    },
    /// The cells of a letter do not fill a rectangle.
    NotRectangle {
        /// The letter.
        letter: char,
    },
    /// A piece is a rectangle of a size pieces cannot have.
    Size {
        /// The letter.
        letter: char,
        /// Its width in cells.
        width: usize,
        /// Its height in cells.
        height: usize,
    },
    /// The layout does not have exactly one 2x2 block.
    Blocks {
        /// 2x2 pieces found.
        found: usize,
    },
    /// The layout does not have exactly [`EMPTY_CELLS`] empty cells.
    EmptyCells {
        /// Empty cells found.
        found: usize,
    },
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::Rows { found } => write!(f, "expected {HEIGHT} rows, found {found}"),
            ParseError::Columns { row, found } => {
                write!(f, "row {row} has {found} cells, expected {WIDTH}")
            }
            ParseError::InvalidCharacter {
                character,
                row,
                column,
            } => write!(
                f,
                "invalid character {character:?} at row {row}, column {column} \
                 (use one letter per piece and '.' for an empty cell)"
            ),
            ParseError::Disconnected { letter } => {
                write!(f, "letter '{letter}' is used in separate places")
            }
            ParseError::NotRectangle { letter } => {
                write!(f, "piece '{letter}' is not a rectangle")
            }
            ParseError::Size {
                letter,
                width,
                height,
            } => write!(
                f,
                "piece '{letter}' is {width} wide and {height} tall \
                 (pieces are 2x2, 1 wide and 2 tall, 2 wide and 1 tall, or single cells)"
            ),
            ParseError::Blocks { found } => {
                write!(f, "expected exactly one 2x2 block, found {found}")
            }
            ParseError::EmptyCells { found } => {
                write!(
                    f,
                    "expected exactly {EMPTY_CELLS} empty cells, found {found}"
                )
            }
        }
    }
}

impl Error for ParseError {}

impl FromStr for Board {
    type Err = ParseError;

    /// Parses the layout format: five lines of four cells, each an ASCII letter naming a piece
    /// or `.` for an empty cell. Line breaks may be `\n` or `\r\n`; blank lines around the
    /// layout are ignored.
    fn from_str(text: &str) -> Result<Board, ParseError> {
        Board::parse_lettered(text).map(|(board, _)| board)
    }
}

impl Board {
    /// Parses the layout format, as [`str::parse`] does, and also returns the letters the
    /// layout gives its pieces, for [`Klotski::render_lettered`](crate::klotski::Klotski::render_lettered).
    ///
    /// ```
    /// use puzzles::klotski::{Board, Position, CLASSIC_LAYOUT};
    ///
    /// let (board, letters) = Board::parse_lettered("ZYYX\nZYYX\nWVVU\nWTSU\nR..Q").unwrap();
    /// assert_eq!(board, CLASSIC_LAYOUT.parse().unwrap());
    /// assert_eq!(letters.at(Position { row: 0, column: 1 }), Some('Y'));
    /// assert_eq!(letters.at(Position { row: 1, column: 1 }), None); // not a top-left cell
    /// ```
    ///
    /// # Errors
    /// A [`ParseError`] naming what is wrong, as for [`str::parse`].
    pub fn parse_lettered(text: &str) -> Result<(Board, Letters), ParseError> {
        let grid = read_grid(text)?;
        let mut seen = [[false; WIDTH]; HEIGHT];
        let mut letters = [b'.'; CELLS];
        let mut board = Board::EMPTY;
        let mut empty = 0;
        let mut blocks = 0;
        for row in 0..HEIGHT {
            for column in 0..WIDTH {
                let letter = grid[row][column];
                if letter == b'.' {
                    empty += 1;
                    continue;
                }
                if seen[row][column] {
                    continue;
                }
                // The first cell met in reading order is the top-left of the piece's bounding
                // box's first row; the flood fill finds the rest of the connected cells.
                let piece = flood(&grid, &mut seen, row, column);
                let letter = char::from(letter);
                if piece.cells != count(&grid, grid[row][column]) {
                    return Err(ParseError::Disconnected { letter });
                }
                let width = piece.right - piece.left + 1;
                let height = piece.bottom - piece.top + 1;
                if piece.cells != width * height {
                    return Err(ParseError::NotRectangle { letter });
                }
                let shape = Shape::from_size(width, height).ok_or(ParseError::Size {
                    letter,
                    width,
                    height,
                })?;
                blocks += usize::from(shape == Shape::Block);
                board = board.with(shape, piece.top * WIDTH + piece.left);
                letters[piece.top * WIDTH + piece.left] = grid[row][column];
            }
        }
        if blocks != 1 {
            return Err(ParseError::Blocks { found: blocks });
        }
        if empty != EMPTY_CELLS {
            return Err(ParseError::EmptyCells { found: empty });
        }
        Ok((board, Letters(letters)))
    }
}

type Grid = [[u8; WIDTH]; HEIGHT];

/// Checks the dimensions and the characters, and returns the cells.
fn read_grid(text: &str) -> Result<Grid, ParseError> {
    let rows: Vec<&str> = text
        .trim_matches(['\n', '\r'])
        .lines()
        .map(|line| line.strip_suffix('\r').unwrap_or(line))
        .collect();
    if rows.len() != HEIGHT {
        return Err(ParseError::Rows { found: rows.len() });
    }
    let mut grid = [[b'.'; WIDTH]; HEIGHT];
    for (row, line) in rows.iter().enumerate() {
        let found = line.chars().count();
        if found != WIDTH {
            return Err(ParseError::Columns {
                row: row + 1,
                found,
            });
        }
        for (column, character) in line.chars().enumerate() {
            if !(character == '.' || character.is_ascii_alphabetic()) {
                return Err(ParseError::InvalidCharacter {
                    character,
                    row: row + 1,
                    column: column + 1,
                });
            }
            // Checked ASCII just above.
            grid[row][column] = character as u8;
        }
    }
    Ok(grid)
}

/// The bounding box and size of one connected group of equal letters.
struct Piece {
    top: usize,
    bottom: usize,
    left: usize,
    right: usize,
    cells: usize,
}

/// Marks the connected cells holding the letter at (`row`, `column`) as seen and measures them.
fn flood(grid: &Grid, seen: &mut [[bool; WIDTH]; HEIGHT], row: usize, column: usize) -> Piece {
    let letter = grid[row][column];
    let mut piece = Piece {
        top: row,
        bottom: row,
        left: column,
        right: column,
        cells: 0,
    };
    let mut stack = [(0, 0); WIDTH * HEIGHT];
    let mut depth = 1;
    stack[0] = (row, column);
    seen[row][column] = true;
    while depth > 0 {
        depth -= 1;
        let (row, column) = stack[depth];
        piece.cells += 1;
        piece.top = piece.top.min(row);
        piece.bottom = piece.bottom.max(row);
        piece.left = piece.left.min(column);
        piece.right = piece.right.max(column);
        let neighbours = [
            (row.wrapping_sub(1), column),
            (row + 1, column),
            (row, column.wrapping_sub(1)),
            (row, column + 1),
        ];
        for (next_row, next_column) in neighbours {
            if next_row < HEIGHT
                && next_column < WIDTH
                && grid[next_row][next_column] == letter
                && !seen[next_row][next_column]
            {
                seen[next_row][next_column] = true;
                stack[depth] = (next_row, next_column);
                depth += 1;
            }
        }
    }
    piece
}

fn count(grid: &Grid, letter: u8) -> usize {
    grid.iter()
        .flatten()
        .filter(|&&cell| cell == letter)
        .count()
}
