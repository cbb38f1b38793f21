//! Reading boards from text.
//!
//! Accepted forms, all with optional surrounding whitespace:
//! - compact, one character per cell, `0` or `.` for the blank: `283104765`, `12345678.`
//!   (boards of at most 9 cells only, since larger tiles take two digits);
//! - numbers separated by whitespace: `2 6 4 1 3 7 0 5 8`;
//! - rows separated by `/` or newlines, each row in either form: `1 2 3/4 0 5/6 7 8`.
//!
//! Rows fix the shape; otherwise the cells must make a square (4, 9, 16 or 25), or the shape is
//! given with [`Board::parse_with_shape`].

use std::str::FromStr;

use super::board::Board;
use super::error::BoardError;
use super::shape::Shape;

/// One cell as read: its value (saturated if absurdly large) and the text it came from.
struct RawCell<'text> {
    value: u64,
    text: &'text str,
}

impl Board {
    /// Parses a board, taking the shape from the rows or, without rows, from the square of the
    /// number of cells (4, 9, 16 or 25).
    ///
    /// Accepted forms, all with optional surrounding whitespace:
    /// - compact, one character per cell, `0` or `.` for the blank: `283104765`, `12345678.`
    ///   (boards of at most 9 cells only, since larger tiles take two digits);
    /// - numbers separated by whitespace, `0` or `.` for the blank: `2 6 4 1 3 7 0 5 8`;
    /// - rows separated by `/` or newlines, each row in either form: `1 2 3/4 0 5/6 7 8`.
    ///
    /// Anything else is an error that names the problem; nothing is guessed.
    ///
    /// ```
    /// use puzzles::Board;
    ///
    /// for text in ["12345678.", "123456780", "1 2 3 4 5 6 7 8 0", "1 2 3/4 5 6/7 8 0", "123\n456\n780\r\n"] {
    ///     assert_eq!(Board::parse(text).unwrap().to_compact(), "123456780");
    /// }
    /// assert_eq!(Board::parse("1 2 3 4 5 6 7 8 5").unwrap_err().to_string(), "no blank: mark the empty cell with 0 or '.'");
    /// assert_eq!(Board::parse("12345675.").unwrap_err().to_string(), "tile 5 appears twice");
    /// // `007` might mean 7, `00` the blank: neither is guessed.
    /// assert!(Board::parse("1 2 3 4 5 6 007 8 0").unwrap_err().to_string().starts_with("`007` has a leading zero"));
    /// assert!(Board::parse("1 2 3 4 5 6 7 8 00").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<Board, BoardError> {
        parse(text, None)
    }

    /// Parses a board of the given shape; rows, if present, must agree with it.
    ///
    /// ```
    /// use puzzles::{Board, Shape};
    ///
    /// let shape: Shape = "3x2".parse().unwrap();
    /// let board = Board::parse_with_shape("1 2 3 4 5 0", shape).unwrap();
    /// assert_eq!(board.to_rows(), "1 2 3/4 5 0");
    /// ```
    pub fn parse_with_shape(text: &str, shape: Shape) -> Result<Board, BoardError> {
        parse(text, Some(shape))
    }
}

impl FromStr for Board {
    type Err = BoardError;

    /// The same as [`Board::parse`].
    fn from_str(text: &str) -> Result<Board, BoardError> {
        Board::parse(text)
    }
}

fn parse(original: &str, given: Option<Shape>) -> Result<Board, BoardError> {
    let text = original.trim();
    if text.is_empty() {
        return Err(BoardError::Empty);
    }
    let has_rows = text.contains(['/', '\n']);
    let mut cells = Vec::new();
    let mut compact = false;
    let mut row_lengths = Vec::new();
    for row in text.split(['/', '\n']) {
        let before = cells.len();
        compact |= read_row(original, row.trim(), &mut cells)?;
        row_lengths.push(cells.len() - before);
    }
    // Ragged rows first: a short last row (`1 2 3/4 5 6/7 8 0/9`) is what is wrong, not the
    // count of cells its compact-looking single tile makes.
    if has_rows {
        let expected = row_lengths[0];
        if let Some((index, &found)) = row_lengths
            .iter()
            .enumerate()
            .find(|&(_, &length)| length != expected)
        {
            return Err(BoardError::RaggedRows {
                row: index + 1,
                found,
                expected,
            });
        }
    }
    if compact && cells.len() > 9 {
        return Err(BoardError::CompactTooLarge { cells: cells.len() });
    }
    let shape = if has_rows {
        let expected = row_lengths[0];
        let rows = Shape::new(expected, row_lengths.len())?;
        match given {
            Some(shape) if shape != rows => {
                return Err(BoardError::RowsDisagreeWithShape { rows, shape });
            }
            _ => rows,
        }
    } else {
        match given {
            Some(shape) => shape,
            None => square(cells.len())?,
        }
    };
    if cells.len() != shape.cells() {
        return Err(BoardError::WrongCellCount {
            found: cells.len(),
            shape,
        });
    }
    // The blank count first: "no blank" explains `1 2 3 4 5 6 7 8 9` better than "9 is out of
    // range" does.
    match cells.iter().filter(|cell| cell.value == 0).count() {
        0 => return Err(BoardError::NoBlank),
        1 => {}
        count => return Err(BoardError::SeveralBlanks { count }),
    }
    let largest = shape.cells() - 1;
    let mut tiles = Vec::with_capacity(cells.len());
    for cell in &cells {
        match u8::try_from(cell.value) {
            Ok(tile) if usize::from(tile) <= largest => tiles.push(tile),
            _ => {
                return Err(BoardError::TileOutOfRange {
                    tile: cell.text.to_owned(),
                    largest,
                });
            }
        }
    }
    Board::new(shape, tiles)
}

/// Reads the cells of one row (or of the whole board) into `cells`; returns whether the row was
/// written in the compact form.
fn read_row<'text>(
    original: &'text str,
    row: &'text str,
    cells: &mut Vec<RawCell<'text>>,
) -> Result<bool, BoardError> {
    let compact = !row.contains(char::is_whitespace);
    if compact {
        for (index, character) in row.char_indices() {
            let text = &row[index..index + character.len_utf8()];
            let value = match character {
                '.' => 0,
                '0'..='9' => u64::from(character as u8 - b'0'),
                _ => return Err(invalid(original, text, character)),
            };
            cells.push(RawCell { value, text });
        }
    } else {
        for token in row.split_whitespace() {
            let value = if token == "." {
                0
            } else {
                let mut value: u64 = 0;
                for (index, character) in token.char_indices() {
                    let Some(digit) = character.to_digit(10) else {
                        let text = &token[index..index + character.len_utf8()];
                        return Err(invalid(original, text, character));
                    };
                    value = value.saturating_mul(10).saturating_add(u64::from(digit));
                }
                // `007` for 7 or `00` for the blank would be a guess at what was meant.
                if token.len() > 1 && token.starts_with('0') {
                    return Err(BoardError::LeadingZero {
                        text: token.to_owned(),
                    });
                }
                value
            };
            cells.push(RawCell { value, text: token });
        }
    }
    Ok(compact)
}

/// The error for `character`, found where `piece` (a slice of `original`) starts.
fn invalid(original: &str, piece: &str, character: char) -> BoardError {
    // Every piece is a slice of `original`, so the pointer difference is its byte offset.
    let offset = piece.as_ptr() as usize - original.as_ptr() as usize;
    BoardError::InvalidCharacter {
        character,
        position: original[..offset].chars().count() + 1,
    }
}

/// The square shape with `cells` cells; a square too large to support says so, rather than
/// that it is not a square.
fn square(cells: usize) -> Result<Shape, BoardError> {
    let side = (1..=cells).find(|side| side * side >= cells).unwrap_or(0);
    if side * side == cells {
        Ok(Shape::new(side, side)?)
    } else {
        Err(BoardError::NotSquare { cells })
    }
}
