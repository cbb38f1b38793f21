//! Cells, positions, directions, axes and exits: the vocabulary the rest of the module speaks.

use std::fmt;

/// The most cells a board may have: one bit per cell in a `u64` occupancy word.
pub const MAX_CELLS: usize = 64;

/// A cell of the board, counted from the top-left corner starting at zero.
///
/// [`Display`](fmt::Display) shows it 1-based, as `r<row>c<column>`, the way the layout format's
/// goal lines and error messages count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Position {
    /// Row, from zero at the top.
    pub row: u8,
    /// Column, from zero at the left.
    pub column: u8,
}

impl Position {
    /// The position at `row` and `column`, both counted from zero.
    pub const fn new(row: u8, column: u8) -> Position {
        Position { row, column }
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "r{}c{}",
            u32::from(self.row) + 1,
            u32::from(self.column) + 1
        )
    }
}

/// The four directions a piece can step in, in the order successors are generated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Direction {
    Up,
    Down,
    Left,
    Right,
}

impl Direction {
    pub(crate) const ALL: [Direction; 4] = [
        Direction::Up,
        Direction::Down,
        Direction::Left,
        Direction::Right,
    ];

    const fn is_horizontal(self) -> bool {
        matches!(self, Direction::Left | Direction::Right)
    }
}

/// Which way a piece may slide.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Axis {
    /// Up, down, left and right (Klotski's pieces).
    #[default]
    Free,
    /// Left and right only (a Rush Hour car lying across its row).
    Horizontal,
    /// Up and down only.
    Vertical,
}

impl Axis {
    pub(crate) const fn allows(self, direction: Direction) -> bool {
        match self {
            Axis::Free => true,
            Axis::Horizontal => direction.is_horizontal(),
            Axis::Vertical => !direction.is_horizontal(),
        }
    }
}

impl fmt::Display for Axis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Axis::Free => "free",
            Axis::Horizontal => "horizontal",
            Axis::Vertical => "vertical",
        })
    }
}

/// A side of the board, through which a piece may leave.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// The top edge.
    Up,
    /// The bottom edge.
    Down,
    /// The left edge.
    Left,
    /// The right edge (Rush Hour's exit).
    Right,
}

impl Side {
    /// The word the layout format uses for the side.
    pub const fn word(self) -> &'static str {
        match self {
            Side::Up => "up",
            Side::Down => "down",
            Side::Left => "left",
            Side::Right => "right",
        }
    }

    pub(crate) fn from_word(word: &str) -> Option<Side> {
        [Side::Up, Side::Down, Side::Left, Side::Right]
            .into_iter()
            .find(|side| side.word() == word)
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// What solves a layout.
///
/// A layout's goal is a list of these, all of which must hold at once. A piece is named by its
/// letter in the layout; pieces that a goal names are told apart from every other piece, while
/// unnamed pieces of the same shape and axis are interchangeable. A named piece tagged
/// [`alike`](PieceSpec::alike) stands for its class: some piece of the class must be there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Goal {
    /// The piece's bounding box has its top-left cell at `at` (Klotski's block at the exit).
    At {
        /// The piece's letter.
        piece: char,
        /// Where the top-left cell of its bounding box must be.
        at: Position,
    },
    /// The piece touches the given side of the board: it is in front of the exit there and its
    /// last move out is not counted (Rush Hour's red car reaching the right edge).
    Exit {
        /// The piece's letter.
        piece: char,
        /// The side it leaves through.
        side: Side,
    },
}

impl Goal {
    /// The letter of the piece the goal is about.
    pub const fn piece(&self) -> char {
        match *self {
            Goal::At { piece, .. } | Goal::Exit { piece, .. } => piece,
        }
    }
}

impl fmt::Display for Goal {
    /// The goal as a header line of the layout format, `goal: A at 4,2` or `exit: A right`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Goal::At { piece, at } => write!(
                f,
                "goal: {piece} at {},{}",
                u32::from(at.row) + 1,
                u32::from(at.column) + 1
            ),
            Goal::Exit { piece, side } => write!(f, "exit: {piece} {side}"),
        }
    }
}

/// One piece as a layout gives it: a letter, the cells it covers, and how it may slide.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PieceSpec {
    /// The letter that names the piece in the layout.
    pub letter: char,
    /// The cells the piece covers at the start, in any order; they must be edge-connected.
    pub cells: Vec<Position>,
    /// Which way the piece may slide.
    pub axis: Axis,
    /// Pieces with the same tag are one class of interchangeable pieces, even when goals name
    /// them (a goal then asks for *some* piece of the class at its place); they must share
    /// shape and axis. `None` (the usual case): interchangeable with the untagged pieces of the
    /// same shape and axis that no goal names.
    pub alike: Option<char>,
}
