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
    ChosenPartition, DEFAULT_DIRECT_TABLES, IncrementalPdb, LinearConflict, Manhattan, Misplaced,
    PdbHeuristic, PdbMemo, PdbSource,
};
pub use moves::{Move, format_moves, is_solution, parse_moves};
pub use packing::{PackedWord, WithBlank};
pub use puzzle::{SlidingPuzzle, TileCost, TileState};
pub use random::{SplitMix64, random_solvable, random_walk};
pub use rank::{MAX_RANKED, factorial, permutation_rank, permutation_unrank};
pub use redundant::{
    MAX_REDUNDANT_LENGTH, RedundantSearchError, redundant_move_sequences, tile_pruning_automaton,
};
pub use relabel::CornerRelabelling;
pub use shape::{MAX_CELLS, Shape, ShapeError};
pub use solvability::{Parity, Solvability, solvability};
pub use solve::{
    Algorithm, HeuristicKind, SolveError, SolveRequest, TileOutcome, TileReport,
    default_pruning_length, solve, solve_pruned, solve_request, solve_with,
};
