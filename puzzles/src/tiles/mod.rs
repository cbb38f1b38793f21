//! Sliding-tile puzzles of any width and height: boards, parsing, moves, solvability, the search
//! problem, heuristics, random instances and the solver dispatcher.

mod board;
mod error;
mod heuristics;
mod moves;
mod packing;
mod parse;
mod puzzle;
mod random;
mod rank;
mod redundant;
mod relabel;
mod shape;
mod solvability;
mod solve;
mod staged;

pub use board::Board;
pub use error::{BoardError, MoveError};
pub use heuristics::{
    ChosenPartition, IncrementalPdb, LinearConflict, Manhattan, Misplaced, PdbHeuristic, PdbMemo,
    PdbSource, DEFAULT_DIRECT_TABLES,
};
pub use moves::{format_moves, is_solution, parse_moves, Move};
pub use packing::{PackedWord, WithBlank};
pub use puzzle::{SlidingPuzzle, TileCost, TileState};
pub use random::{random_solvable, random_walk, SplitMix64};
pub use rank::{factorial, permutation_rank, permutation_unrank, MAX_RANKED};
pub use redundant::{
    redundant_move_sequences, tile_pruning_automaton, RedundantSearchError, MAX_REDUNDANT_LENGTH,
};
pub use relabel::CornerRelabelling;
pub use shape::{Shape, ShapeError, MAX_CELLS};
pub use solvability::{solvability, Parity, Solvability};
pub use solve::{
    default_pruning_length, solve, solve_pruned, solve_request, solve_with, Algorithm,
    HeuristicKind, SolveError, SolveRequest, TileOutcome, TileReport,
};
