//! Puzzles for [`search_core`]: sliding-tile puzzles of any width and height, and
//! sliding-block puzzles as data ([`blocks`]: any board, shapes and goal, Klotski and Rush
//! Hour included).
//!
//! # Sliding tiles
//! - [`Board`]: any arrangement of tiles on a [`Shape`] from 2x2 to 25 cells (5x5, 4x6, ...),
//!   parsed from compact (`283104765`, `12345678.`), spaced (`2 6 4 1 3 7 0 5 8`) or row
//!   (`1 2 3/4 0 5/6 7 8`) text with errors that name the problem ([`BoardError`]); goals
//!   [`Board::blank_last`], [`Board::blank_first`] and [`Board::spiral`], or any board.
//! - [`Move`]s named by the direction the blank travels (`U L R D`), [`parse_moves`],
//!   [`Board::apply_moves`] and [`is_solution`].
//! - [`solvability`]: whether a start reaches a goal, decided from parities without search.
//! - [`SlidingPuzzle`]: the search problem over boards packed into a `u64` (up to 16 cells) or a
//!   `u128` (up to 25), implementing every capability trait of the engine: [`Problem`],
//!   [`InPlace`], [`Reversible`] and (for `u64`) [`PerfectRank`].
//! - Heuristics [`Misplaced`], [`Manhattan`] (updated incrementally per move) and
//!   [`LinearConflict`]; additive pattern databases in [`pdb`], as a heuristic in
//!   [`PdbHeuristic`].
//! - Duplicate pruning for IDA*: [`redundant_move_sequences`] finds the blank-move sequences
//!   that a no longer, earlier sequence replaces (Taylor & Korf 1993), and
//!   [`tile_pruning_automaton`] turns them into a [`PruningAutomaton`] for [`Pruned`]; up to 14
//!   moves it saves a third to a half of the 24-puzzle's nodes.
//! - Reproducible random boards: [`random_solvable`] and [`random_walk`].
//! - [`solve`]: the one call a front end needs, with the algorithm and heuristic picked by name;
//!   [`solve_with`] when pattern databases should come from a chosen [`PdbSource`].
//! - [`input`]: the readers of whole inputs (classic mode) and batch lines, bytes in, boards or
//!   typed errors out, with bounded memory.
//!
//! # Front ends
//! [`front_end`]: the contract a puzzle implements to get a whole command line
//! ([`PuzzleKind`](front_end::PuzzleKind) and [`Instance`](front_end::Instance)), implemented
//! by sliding tiles, Klotski, sliding blocks and Rush Hour, and the
//! [`Registry`](front_end::Registry) a front end finds them in by name.
//!
//! [`Problem`]: search_core::Problem
//! [`InPlace`]: search_core::InPlace
//! [`Reversible`]: search_core::Reversible
//! [`PerfectRank`]: search_core::problem::PerfectRank
//! [`PruningAutomaton`]: search_core::pruning::PruningAutomaton
//! [`Pruned`]: search_core::pruning::Pruned
//!
//! # Example: solving an 8-puzzle
//! ```
//! use puzzles::{format_moves, solve, Algorithm, Board, HeuristicKind};
//! use search_core::Limits;
//!
//! let start = Board::parse("2 6 4 1 3 7 0 5 8").unwrap();
//! let goal = Board::parse("8 1 5 7 3 6 4 0 2").unwrap();
//! let report = solve(
//!     &start,
//!     &goal,
//!     Algorithm::default_for(start.shape()),
//!     HeuristicKind::LinearConflict,
//!     &Limits::default(),
//! )
//! .unwrap();
//! let moves = report.moves().expect("solvable");
//! assert_eq!(moves.len(), 31);
//! assert_eq!(start.apply_moves(moves), Ok(goal));
//! println!("{}", format_moves(moves));
//! ```
//!
//! Or drive the engine directly, with any algorithm and heuristic:
//! ```
//! use puzzles::{Board, Manhattan, SlidingPuzzle};
//! use search_core::idastar;
//!
//! let goal = Board::parse("123804765").unwrap();
//! let puzzle = SlidingPuzzle::<u64>::new(&goal).unwrap();
//! let start = puzzle.state(&Board::parse("283104765").unwrap()).unwrap();
//! let result = idastar(&puzzle, &Manhattan::new(&goal), start);
//! assert_eq!(result.solution().unwrap().len(), 4);
//! ```
#![deny(missing_docs)]

pub mod blocks;
pub mod front_end;
pub mod input;
pub mod pdb;
mod tiles;

pub use tiles::{
    Algorithm, Board, BoardError, ChosenPartition, CornerRelabelling, DEFAULT_DIRECT_TABLES,
    HeuristicKind, IncrementalPdb, LinearConflict, MAX_CELLS, MAX_RANKED, MAX_REDUNDANT_LENGTH,
    Manhattan, Misplaced, Move, MoveError, PackedWord, Parity, PdbHeuristic, PdbMemo, PdbSource,
    RedundantSearchError, Shape, ShapeError, SlidingPuzzle, Solvability, SolveError, SolveRequest,
    SplitMix64, TileCost, TileOutcome, TileReport, TileState, WithBlank, default_pruning_length,
    factorial, format_moves, is_solution, parse_moves, permutation_rank, permutation_unrank,
    random_solvable, random_walk, redundant_move_sequences, solvability, solve, solve_pruned,
    solve_request, solve_with, tile_pruning_automaton,
};
