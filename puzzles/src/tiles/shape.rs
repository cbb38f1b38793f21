//! Board dimensions.

use std::fmt;
use std::str::FromStr;

use super::moves::Move;

/// The most cells a board may have: 25 tiles values need 5 bits each, and 25 x 5 = 125 bits fit
/// the widest packing word, `u128`.
pub const MAX_CELLS: usize = 25;

/// The width and height of a board, in cells: from 2x2 up to any rectangle of at most
/// [`MAX_CELLS`] cells (5x5, 4x6, 3x8, ...).
///
/// ```
/// use puzzles::Shape;
///
/// let shape: Shape = "4x3".parse().unwrap();
/// assert_eq!((shape.width(), shape.height(), shape.cells()), (4, 3, 12));
/// assert!("6x6".parse::<Shape>().is_err()); // 36 cells: too many
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Shape {
    width: u8,
    height: u8,
}

impl Shape {
    /// The shape `width` x `height`, if it is supported.
    pub fn new(width: usize, height: usize) -> Result<Shape, ShapeError> {
        if width < 2 || height < 2 {
            return Err(ShapeError::TooSmall { width, height });
        }
        match width.checked_mul(height) {
            Some(cells) if cells <= MAX_CELLS => Ok(Shape {
                width: width as u8,
                height: height as u8,
            }),
            _ => Err(ShapeError::TooLarge { width, height }),
        }
    }

    /// The square shape with `cells` cells (4, 9, 16 or 25), if there is one.
    pub fn square_with_cells(cells: usize) -> Option<Shape> {
        (2..=5)
            .find(|side| side * side == cells)
            .and_then(|side| Shape::new(side, side).ok())
    }

    /// The number of columns.
    pub fn width(self) -> usize {
        usize::from(self.width)
    }

    /// The number of rows.
    pub fn height(self) -> usize {
        usize::from(self.height)
    }

    /// The number of cells, `width * height`.
    pub fn cells(self) -> usize {
        self.width() * self.height()
    }

    /// The row of cell `position` (row-major from the top-left).
    pub fn row(self, position: usize) -> usize {
        position / self.width()
    }

    /// The column of cell `position`.
    pub fn column(self, position: usize) -> usize {
        position % self.width()
    }

    /// The cell the blank reaches from `position` by `direction`, or `None` off the board.
    pub fn step(self, position: usize, direction: Move) -> Option<usize> {
        let (row, column) = (self.row(position), self.column(position));
        match direction {
            Move::Up => (row > 0).then(|| position - self.width()),
            Move::Left => (column > 0).then(|| position - 1),
            Move::Right => (column + 1 < self.width()).then(|| position + 1),
            Move::Down => (row + 1 < self.height()).then(|| position + self.width()),
        }
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.width, self.height)
    }
}

impl FromStr for Shape {
    type Err = ShapeError;

    /// Parses `WIDTHxHEIGHT`, such as `4x4` or `3X2`.
    fn from_str(text: &str) -> Result<Shape, ShapeError> {
        let malformed = || ShapeError::Malformed {
            text: text.to_owned(),
        };
        let (width, height) = text.trim().split_once(['x', 'X']).ok_or_else(malformed)?;
        let dimension = |part: &str| {
            let part = part.trim();
            if part.is_empty() || !part.bytes().all(|byte| byte.is_ascii_digit()) {
                return Err(malformed());
            }
            // A dimension too long for usize is certainly too large, not malformed; said with
            // the text as given, since no usize holds it.
            part.parse::<usize>().map_err(|_| ShapeError::SideTooLong {
                text: text.trim().to_owned(),
            })
        };
        Shape::new(dimension(width)?, dimension(height)?)
    }
}

/// Why a shape is not supported.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ShapeError {
    /// The text is not of the form `WIDTHxHEIGHT`.
    Malformed {
        /// The text given.
        text: String,
    },
    /// A side is shorter than 2.
    TooSmall {
        /// The width asked for.
        width: usize,
        /// The height asked for.
        height: usize,
    },
    /// The board has more than [`MAX_CELLS`] cells.
    TooLarge {
        /// The width asked for.
        width: usize,
        /// The height asked for.
        height: usize,
    },
    /// A side in the text is too long a number for a `usize`, so far too large.
    SideTooLong {
        /// The text given, trimmed.
        text: String,
    },
}

impl fmt::Display for ShapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShapeError::Malformed { text } => write!(
                f,
                "invalid shape {text:?}: expected WIDTHxHEIGHT, such as 4x4"
            ),
            ShapeError::TooSmall { width, height } => write!(
                f,
                "a {width}x{height} board is too small: width and height must be at least 2"
            ),
            ShapeError::TooLarge { width, height } => write!(
                f,
                "a {width}x{height} board is too large: at most {MAX_CELLS} cells are supported"
            ),
            ShapeError::SideTooLong { text } => write!(
                f,
                "a {text} board is too large: at most {MAX_CELLS} cells are supported"
            ),
        }
    }
}

impl std::error::Error for ShapeError {}
