//! The packed Klotski board: shapes, positions and the canonical state.

use std::fmt;

/// Board width in cells.
pub const WIDTH: usize = 4;
/// Board height in cells.
pub const HEIGHT: usize = 5;
/// Number of cells on the board.
pub(crate) const CELLS: usize = WIDTH * HEIGHT;
/// Bits per cell in the packed board: enough for the five shape codes.
const BITS: u32 = 3;
const CODE_MASK: u64 = (1 << BITS) - 1;

// Twenty cells of three bits must fit one word, with room to spare.
const _: () = assert!(CELLS as u32 * BITS <= u64::BITS);

/// The text of the classic layout 横刀立马 ("general on horseback"), in the layout format.
pub const CLASSIC_LAYOUT: &str = "ABBC\nABBC\nDEEF\nDGHF\nI..J";

/// The shape of a piece. Pieces of the same shape are interchangeable.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Shape {
    /// The 2x2 block that must reach the exit.
    Block,
    /// A piece one cell wide and two tall.
    Vertical,
    /// A piece two cells wide and one tall.
    Horizontal,
    /// A single cell.
    Single,
}

impl Shape {
    /// Every shape, in code order.
    pub const ALL: [Shape; 4] = [
        Shape::Block,
        Shape::Vertical,
        Shape::Horizontal,
        Shape::Single,
    ];

    /// Width in cells.
    pub const fn width(self) -> usize {
        match self {
            Shape::Block | Shape::Horizontal => 2,
            Shape::Vertical | Shape::Single => 1,
        }
    }

    /// Height in cells.
    pub const fn height(self) -> usize {
        match self {
            Shape::Block | Shape::Vertical => 2,
            Shape::Horizontal | Shape::Single => 1,
        }
    }

    /// The shape of a `width` x `height` rectangle, if pieces may have that size.
    pub const fn from_size(width: usize, height: usize) -> Option<Shape> {
        match (width, height) {
            (2, 2) => Some(Shape::Block),
            (1, 2) => Some(Shape::Vertical),
            (2, 1) => Some(Shape::Horizontal),
            (1, 1) => Some(Shape::Single),
            _ => None,
        }
    }

    /// The nonzero 3-bit code stored at a piece's top-left cell.
    const fn code(self) -> u64 {
        match self {
            Shape::Block => 1,
            Shape::Vertical => 2,
            Shape::Horizontal => 3,
            Shape::Single => 4,
        }
    }

    const fn from_code(code: u64) -> Option<Shape> {
        match code {
            1 => Some(Shape::Block),
            2 => Some(Shape::Vertical),
            3 => Some(Shape::Horizontal),
            4 => Some(Shape::Single),
            _ => None,
        }
    }

    /// Whether a piece of this shape with its top-left at `cell` lies inside the board.
    pub(crate) const fn fits(self, cell: usize) -> bool {
        cell < CELLS
            && cell % WIDTH + self.width() <= WIDTH
            && cell / WIDTH + self.height() <= HEIGHT
    }

    /// The occupancy bits covered by a piece of this shape with its top-left at `cell`, which
    /// must [`fit`](Shape::fits).
    pub(crate) const fn footprint(self, cell: usize) -> u32 {
        let row = 1 << cell
            | if self.width() == 2 {
                1 << (cell + 1)
            } else {
                0
            };
        if self.height() == 2 {
            row | row << WIDTH
        } else {
            row
        }
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Shape::Block => "2x2 block",
            Shape::Vertical => "vertical piece",
            Shape::Horizontal => "horizontal piece",
            Shape::Single => "single cell",
        })
    }
}

/// A cell of the board, counted from the top-left corner starting at zero.
///
/// [`Display`](fmt::Display) shows it 1-based, as `r<row>c<column>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Position {
    /// Row, `0..5` from the top.
    pub row: u8,
    /// Column, `0..4` from the left.
    pub column: u8,
}

impl Position {
    pub(crate) const fn from_cell(cell: usize) -> Position {
        Position {
            row: (cell / WIDTH) as u8,
            column: (cell % WIDTH) as u8,
        }
    }

    pub(crate) const fn cell(self) -> usize {
        self.row as usize * WIDTH + self.column as usize
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row + 1, self.column + 1)
    }
}

/// Where the block's top-left cell is in a solved board: rows 4-5, columns 2-3 (1-based).
pub const GOAL: Position = Position { row: 3, column: 1 };

/// A Klotski board, packed and canonical.
///
/// Each of the 20 cells holds a 3-bit shape code of the piece whose top-left corner is there
/// (zero elsewhere), packed into one `u64`. Pieces of the same shape are therefore
/// indistinguishable: two layouts that differ only by swapping identical pieces are the same
/// board, which keeps visited sets small.
///
/// Build one by parsing the layout format (see [`ParseError`](crate::klotski::ParseError)) or
/// with [`Board::classic`]; [`Display`](fmt::Display) writes the layout format back, with
/// canonical letters: `A`, `B`, ... given to the pieces in the reading order of their top-left
/// cells.
///
/// ```
/// use puzzles::klotski::{Board, CLASSIC_LAYOUT};
///
/// let board: Board = CLASSIC_LAYOUT.parse()?;
/// assert_eq!(board, Board::classic());
/// // The classic layout already uses canonical letters, so it prints back unchanged.
/// assert_eq!(board.to_string(), CLASSIC_LAYOUT);
/// # Ok::<(), puzzles::klotski::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board(u64);

impl Board {
    /// The board without pieces, which only the parser and constructors start from.
    pub(crate) const EMPTY: Board = Board(0);

    /// The classic layout 横刀立马, [`CLASSIC_LAYOUT`].
    pub fn classic() -> Board {
        // Four vertical pieces, the block, one horizontal piece and four single cells.
        let pieces = [
            (Shape::Vertical, 0),
            (Shape::Block, 1),
            (Shape::Vertical, 3),
            (Shape::Vertical, 8),
            (Shape::Horizontal, 9),
            (Shape::Vertical, 11),
            (Shape::Single, 13),
            (Shape::Single, 14),
            (Shape::Single, 16),
            (Shape::Single, 19),
        ];
        pieces
            .into_iter()
            .fold(Board::EMPTY, |board, (shape, cell)| board.with(shape, cell))
    }

    /// The packed form: 3 bits per cell, cell `row * 4 + column` at bits `3 * cell ..`.
    pub const fn packed(self) -> u64 {
        self.0
    }

    /// The shape of the piece whose top-left cell is `position`, if any.
    pub fn piece_at(self, position: Position) -> Option<Shape> {
        if usize::from(position.row) >= HEIGHT || usize::from(position.column) >= WIDTH {
            return None;
        }
        self.shape_at(position.cell())
    }

    /// Every piece with its top-left cell, in reading order.
    pub fn pieces(self) -> impl Iterator<Item = (Shape, Position)> {
        (0..CELLS).filter_map(move |cell| Some((self.shape_at(cell)?, Position::from_cell(cell))))
    }

    /// Whether the block sits at the exit: rows 4-5, columns 2-3 (1-based).
    #[inline]
    pub const fn is_solved(self) -> bool {
        (self.0 >> (BITS as usize * GOAL.cell())) & CODE_MASK == Shape::Block.code()
    }

    /// The top-left cell of the block, if the board has one.
    pub fn block(self) -> Option<Position> {
        self.pieces()
            .find(|(shape, _)| *shape == Shape::Block)
            .map(|(_, position)| position)
    }

    #[inline]
    pub(crate) const fn shape_at(self, cell: usize) -> Option<Shape> {
        Shape::from_code((self.0 >> (BITS as usize * cell)) & CODE_MASK)
    }

    /// The board with a piece of `shape` added at `cell`, whose code must be zero.
    #[inline]
    pub(crate) const fn with(self, shape: Shape, cell: usize) -> Board {
        Board(self.0 | shape.code() << (BITS as usize * cell))
    }

    /// The board with the piece whose top-left is `cell` removed.
    #[inline]
    pub(crate) const fn without(self, cell: usize) -> Board {
        Board(self.0 & !(CODE_MASK << (BITS as usize * cell)))
    }

    /// The board with the piece of `shape` at `from` moved to `to`.
    #[inline]
    pub(crate) const fn moved(self, shape: Shape, from: usize, to: usize) -> Board {
        self.without(from).with(shape, to)
    }

    /// One bit per occupied cell.
    #[inline]
    pub(crate) fn occupancy(self) -> u32 {
        let mut occupied = 0;
        let mut rest = self.0;
        let mut cell = 0;
        while rest != 0 {
            if let Some(shape) = Shape::from_code(rest & CODE_MASK) {
                occupied |= shape.footprint(cell);
            }
            rest >>= BITS;
            cell += 1;
        }
        occupied
    }
}

/// The letters a layout gives its pieces, by their top-left cells: a [`Board`] keeps none
/// (identical pieces are interchangeable), so [`Klotski::render_lettered`](crate::klotski::Klotski::render_lettered)
/// takes them beside it to draw the pieces as the user wrote them.
///
/// From [`Board::parse_lettered`], or [`Board::letters`] for `A`, `B`, ... in reading order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Letters(pub(crate) [u8; CELLS]);

impl Letters {
    /// The letter of the piece whose top-left cell is `position`, if a piece is lettered there.
    pub fn at(&self, position: Position) -> Option<char> {
        let letter = *self.0.get(position.cell())?;
        (letter != b'.').then_some(char::from(letter))
    }

    /// Moves the letter of the piece at `from` to `to`, as the piece moves.
    pub(crate) fn carry(&mut self, from: Position, to: Position) {
        let letter = std::mem::replace(&mut self.0[from.cell()], b'.');
        self.0[to.cell()] = letter;
    }
}

impl Board {
    /// The board as text, each piece drawn with the letter at its top-left cell (`'.'` for
    /// empty cells).
    pub(crate) fn draw(self, letters: &Letters) -> String {
        let mut grid = [[b'.'; WIDTH]; HEIGHT];
        for (shape, position) in self.pieces() {
            let cell = position.cell();
            for (row, line) in grid.iter_mut().enumerate() {
                for (column, slot) in line.iter_mut().enumerate() {
                    if shape.footprint(cell) & 1 << (row * WIDTH + column) != 0 {
                        *slot = letters.0[cell];
                    }
                }
            }
        }
        let rows: Vec<String> = grid
            .iter()
            .map(|line| line.iter().map(|&byte| char::from(byte)).collect())
            .collect();
        rows.join("\n")
    }

    /// Letters for the pieces, `A`, `B`, ... in reading order of their top-left cells: those
    /// of [`Display`](fmt::Display).
    pub fn letters(self) -> Letters {
        let mut letters = [b'.'; CELLS];
        for (letter, (_, position)) in (b'A'..).zip(self.pieces()) {
            letters[position.cell()] = letter;
        }
        Letters(letters)
    }
}

impl fmt::Display for Board {
    /// Rows of four characters, each piece a letter (`A`, `B`, ... in reading order of their
    /// top-left cells) and `.` for empty cells, the layout form [`str::parse`] reads.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.draw(&self.letters()))
    }
}
