//! Klotski (Huarong Dao, 华容道): slide ten wooden pieces on a 4x5 board until the 2x2 block
//! reaches the exit at the bottom centre.
//!
//! The [`Klotski`] problem plugs into every algorithm of [`search_core`] with no change to the
//! engine: its states are canonical [`Board`]s (a packed `u64`, identical pieces
//! interchangeable), its actions [`Move`]s, and the [`Metric`] chooses what one move is.
//! [`BlockDistance`] is an admissible heuristic for [`astar`](search_core::astar) and
//! [`idastar`](search_core::idastar).
//!
//! # The layout format
//! Five lines of four characters: one ASCII letter per piece (all cells of a piece share the
//! letter, and a letter names one piece) and `.` for an empty cell. A board has one 2x2 block,
//! any number of 1x2, 2x1 and 1x1 pieces, and exactly two empty cells. The classic layout
//! 横刀立马 is [`CLASSIC_LAYOUT`]:
//! ```text
//! ABBC
//! ABBC
//! DEEF
//! DGHF
//! I..J
//! ```

mod board;
mod heuristic;
mod moves;
mod parse;

pub use board::{Board, Letters, Position, Shape, CLASSIC_LAYOUT, GOAL, HEIGHT, WIDTH};
pub use heuristic::BlockDistance;
pub use moves::{IllegalMove, Klotski, Metric, Move};
pub use parse::{ParseError, EMPTY_CELLS};
