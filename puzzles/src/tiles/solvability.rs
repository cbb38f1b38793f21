//! Whether a start can reach a goal, decided without search.
//!
//! Every move swaps the blank with a neighbour. A horizontal move leaves the row-major order of
//! the tiles (blank ignored) unchanged; a vertical move carries one tile past `width - 1` others,
//! which changes the parity of the number of inversions exactly when the width is even, and moves
//! the blank one row. So the inversion parity, plus the blank's row when the width is even, is
//! invariant, and for every rectangle of at least 2x2 it is the only invariant (Johnson & Story,
//! 1879): boards with equal invariants reach each other.

use std::fmt;

use super::board::Board;
use super::error::BoardError;

/// Even or odd.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Parity {
    /// Divisible by two.
    Even,
    /// Not divisible by two.
    Odd,
}

impl Parity {
    /// The parity of `number`.
    pub fn of(number: usize) -> Parity {
        if number % 2 == 0 {
            Parity::Even
        } else {
            Parity::Odd
        }
    }
}

impl fmt::Display for Parity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Parity::Even => "even",
            Parity::Odd => "odd",
        })
    }
}

/// Whether a start reaches a goal, with the reason: see [`solvability`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Solvability {
    /// Parity of the number of inversions among the start's tiles, blank ignored, row-major.
    pub start_parity: Parity,
    /// Parity of the number of inversions among the goal's tiles.
    pub goal_parity: Parity,
    /// How many rows apart the blank is in start and goal.
    pub blank_row_distance: usize,
    /// Whether the width is even, which makes the blank's row count.
    pub width_is_even: bool,
}

impl Solvability {
    /// Whether the start can reach the goal.
    pub fn is_solvable(&self) -> bool {
        let parities_differ = self.start_parity != self.goal_parity;
        let blank_shift = self.width_is_even && self.blank_row_distance % 2 == 1;
        parities_differ == blank_shift
    }
}

impl fmt::Display for Solvability {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.is_solvable() {
            "solvable"
        } else {
            "unsolvable"
        })?;
        write!(
            f,
            ": the start's tile inversions are {}, the goal's are {}",
            self.start_parity, self.goal_parity
        )?;
        if self.width_is_even {
            write!(
                f,
                ", and with an even width the blank's row distance ({}, {}) must match that difference",
                self.blank_row_distance,
                Parity::of(self.blank_row_distance)
            )
        } else {
            f.write_str(", and with an odd width they must be equal")
        }
    }
}

/// Decides whether `start` can reach `goal`, without searching.
///
/// ```
/// use puzzles::{solvability, Board};
///
/// let goal = Board::parse("123456780").unwrap();
/// assert!(solvability(&Board::parse("123456708").unwrap(), &goal).unwrap().is_solvable());
/// let swapped = solvability(&Board::parse("213456780").unwrap(), &goal).unwrap();
/// assert!(!swapped.is_solvable());
/// assert_eq!(
///     swapped.to_string(),
///     "unsolvable: the start's tile inversions are odd, the goal's are even, and with an odd width they must be equal"
/// );
/// ```
pub fn solvability(start: &Board, goal: &Board) -> Result<Solvability, BoardError> {
    if start.shape() != goal.shape() {
        return Err(BoardError::ShapeMismatch {
            start: start.shape(),
            goal: goal.shape(),
        });
    }
    let shape = start.shape();
    Ok(Solvability {
        start_parity: inversion_parity(start.tiles()),
        goal_parity: inversion_parity(goal.tiles()),
        blank_row_distance: shape.row(start.blank()).abs_diff(shape.row(goal.blank())),
        width_is_even: shape.width() % 2 == 0,
    })
}

/// The parity of the number of pairs out of order among the tiles, blank ignored.
fn inversion_parity(tiles: &[u8]) -> Parity {
    let mut inversions = 0;
    for (index, &first) in tiles.iter().enumerate() {
        if first != 0 {
            inversions += tiles[index + 1..]
                .iter()
                .filter(|&&later| later != 0 && later < first)
                .count();
        }
    }
    Parity::of(inversions)
}
