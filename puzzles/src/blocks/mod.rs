//! Sliding-block puzzles as data: any board up to 64 cells (8x8, 16x4, ...), walls, up to
//! sixteen pieces of any polyomino shape, pieces held to one axis (Rush Hour's vehicles),
//! identical pieces interchangeable in the state, and a goal of given pieces at given places
//! or leaving through a side.
//!
//! [`Blocks`] is the search problem (the rules: board, walls, pieces, goal and [`Metric`]); its
//! states are [`Placement`]s, sixteen bytes of sorted anchor cells, and its actions [`Move`]s.
//! It implements [`Problem`](search_core::Problem), [`InPlace`](search_core::InPlace) and
//! [`Reversible`](search_core::Reversible), and [`GoalDistance`] is an admissible, consistent
//! heuristic for [`astar`](search_core::astar) and [`idastar`](fn@search_core::idastar). The
//! goal is a set of states; [`Blocks::goal_states`] enumerates the ones a start can reach, for
//! searches from the goal side. [`SHIPPED`] holds classic layouts with their optimal lengths
//! and sources.
//!
//! # The layout format
//! Header lines of the form `key: value`, then the board, one line per row; blank lines and
//! the white space around lines are ignored.
//!
//! - On the board, `.` is an empty cell, `x` or `#` a wall, and any other ASCII letter or digit
//!   a piece: all cells with the same letter are one piece, which must be edge-connected (an
//!   L, a T, any polyomino). Every row has the same length; a board has at most 64 cells.
//! - `goal: A at 4,2`: piece `A`'s bounding box has its top-left cell at row 4, column 2
//!   (1-based, from the top-left corner).
//! - `exit: A right`: piece `A` leaves through the right side (`up`, `down`, `left`, `right`):
//!   the layout is solved when `A` touches that side, and the move out is not counted.
//! - `horizontal: ABC` and `vertical: DE`: these pieces slide only along that axis. Other
//!   pieces slide in all four directions.
//! - `alike: ABC DEF`: each word is a group of interchangeable pieces (same shape and axis),
//!   kept apart from every other piece even when goal lines name them; a goal line naming a
//!   piece of a group then asks for *some* piece of the group at that place. This is how a
//!   goal fixes a whole configuration of identical pieces (Dudeney's Motor-Car Problem).
//!
//! There must be at least one `goal` or `exit` line; with several, all must hold. Pieces with
//! the same shape and axis are interchangeable (the state does not tell them apart, as in
//! Klotski), except pieces that a goal line names, which are each told apart from all others,
//! and the groups of `alike` lines.
//! Klotski's classic layout 横刀立马:
//! ```text
//! goal: B at 4,2
//! ABBC
//! ABBC
//! DEEF
//! DGHF
//! I..J
//! ```
//!
//! Rush Hour boards are read from the standard 36-character notation by
//! [`Blocks::parse_rush_hour`]: reading order, `o` or `.` empty, `x` a wall, `A` the red car on
//! the third row, exit on the right, e.g. `IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM`.
//!
//! Klotski (Huarong Dao) layouts are read from Klotski's own format by
//! [`Blocks::parse_klotski`]: five rows of four cells, a letter per piece and `.` for the two
//! empty cells, rows on lines or separated by `/` (`ABBC/ABBC/DEEF/DGHF/I..J`, which is
//! [`KLOTSKI_CLASSIC`] and [`Blocks::klotski_classic`]); the goal, the 2x2 block at the
//! bottom exit, follows from the board.
//!
//! # Moves
//! Under [`Metric::Piece`] (the default) a move takes one piece to any place it can reach by
//! single steps while the others stay put, turning corners included: Klotski's usual count,
//! and for Rush Hour's vehicles one slide of any length. Under [`Metric::Step`] a move is one step of one piece.
//!
//! ```
//! use puzzles::blocks::{Blocks, GoalDistance};
//! use search_core::{astar, bfs};
//!
//! let (problem, start) = Blocks::parse_rush_hour("IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM")?;
//! let solution = astar(&problem, &GoalDistance, start).into_solution().expect("solvable");
//! assert_eq!(solution.cost, 60);
//! assert_eq!(bfs(&problem, start).into_solution().map(|s| s.cost), Some(60));
//! let states = problem.replay(&start, &solution.actions)?;
//! assert!(problem.is_solved(states.last().unwrap()));
//! println!("{}", problem.describe(&solution.actions[0]));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod catalogue;
mod cluster;
mod error;
mod follow;
mod geometry;
mod heuristic;
mod klotski;
mod layout;
mod moves;
mod rush_hour;
mod state;
mod text;

pub use catalogue::{Notation, SHIPPED, ShippedLayout};
pub use cluster::Farthest;
pub use error::LayoutError;
pub use follow::Followed;
pub use geometry::{Axis, Goal, MAX_CELLS, PieceSpec, Position, Side};
pub use heuristic::GoalDistance;
pub use klotski::{
    KLOTSKI_CLASSIC, KLOTSKI_EMPTY_CELLS, KLOTSKI_EXIT, KLOTSKI_HEIGHT, KLOTSKI_WIDTH,
};
pub use layout::Blocks;
pub use moves::{IllegalMove, Metric, Move};
pub use state::{MAX_PIECES, Placement};
