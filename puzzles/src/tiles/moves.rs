//! Moves, named by the direction the blank travels.

use std::fmt;

use super::board::Board;
use super::error::MoveError;

/// One move: the direction in which the blank travels (the tile it swaps with travels the other
/// way). Shown as `U`, `D`, `L`, `R`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// The blank moves one row up.
    Up,
    /// The blank moves one column left.
    Left,
    /// The blank moves one column right.
    Right,
    /// The blank moves one row down.
    Down,
}

impl Move {
    /// Every move, in the order searches try them: up, left, right, down.
    ///
    /// The order is Korf's (1985), so that IDA* node counts are comparable with published ones;
    /// it also makes the inverse of the move at index `i` the move at index `3 - i`.
    pub const ALL: [Move; 4] = [Move::Up, Move::Left, Move::Right, Move::Down];

    /// The move's index in [`Move::ALL`].
    pub const fn index(self) -> usize {
        match self {
            Move::Up => 0,
            Move::Left => 1,
            Move::Right => 2,
            Move::Down => 3,
        }
    }

    /// The move whose [`index`](Move::index) is `index`, if any.
    #[inline(always)]
    pub const fn from_index(index: usize) -> Option<Move> {
        // A match rather than an index into `ALL`, so that the compiler sees the move of a
        // known index as a constant.
        match index {
            0 => Some(Move::Up),
            1 => Some(Move::Left),
            2 => Some(Move::Right),
            3 => Some(Move::Down),
            _ => None,
        }
    }

    /// The move that undoes this one.
    pub const fn inverse(self) -> Move {
        Move::ALL[3 - self.index()]
    }

    /// The letter naming the move: `U`, `L`, `R` or `D`.
    pub const fn letter(self) -> char {
        match self {
            Move::Up => 'U',
            Move::Left => 'L',
            Move::Right => 'R',
            Move::Down => 'D',
        }
    }

    /// The move named by `letter` (either case).
    pub fn from_letter(letter: char) -> Option<Move> {
        match letter.to_ascii_uppercase() {
            'U' => Some(Move::Up),
            'L' => Some(Move::Left),
            'R' => Some(Move::Right),
            'D' => Some(Move::Down),
            _ => None,
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// Parses a move sequence such as `"UDLR"`; letters may be lower case and separated by
/// whitespace.
///
/// ```
/// use puzzles::{parse_moves, Move};
///
/// assert_eq!(parse_moves("ulD").unwrap(), [Move::Up, Move::Left, Move::Down]);
/// assert_eq!(
///     parse_moves("UX").unwrap_err().to_string(),
///     "character 'X' at position 2 is not a move: use U, D, L or R"
/// );
/// ```
pub fn parse_moves(text: &str) -> Result<Vec<Move>, MoveError> {
    text.chars()
        .enumerate()
        .filter(|(_, character)| !character.is_whitespace())
        .map(|(index, character)| {
            Move::from_letter(character).ok_or(MoveError::InvalidCharacter {
                character,
                position: index + 1,
            })
        })
        .collect()
}

/// Writes a move sequence as letters, such as `"ULDR"`.
pub fn format_moves(moves: &[Move]) -> String {
    moves.iter().map(|direction| direction.letter()).collect()
}

/// Whether `moves`, applied to `start`, reach exactly `goal`.
///
/// ```
/// use puzzles::{is_solution, parse_moves, Board};
///
/// let start = Board::parse("12345678.").unwrap();
/// let goal = Board::parse("123.46758").unwrap();
/// assert!(is_solution(&start, &goal, &parse_moves("LUL").unwrap()));
/// assert!(!is_solution(&start, &goal, &parse_moves("ULL").unwrap()));
/// ```
pub fn is_solution(start: &Board, goal: &Board, moves: &[Move]) -> bool {
    start.shape() == goal.shape() && start.apply_moves(moves).is_ok_and(|end| end == *goal)
}
