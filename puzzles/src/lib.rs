//! Puzzles for [`search_core`]: sliding-tile puzzles of any width and height, and Klotski.
#![deny(missing_docs)]

pub mod pdb;
mod tiles;

pub use tiles::{
    factorial, format_moves, is_solution, parse_moves, permutation_rank, permutation_unrank,
    random_solvable, random_walk, solvability, solve, Algorithm, Board, BoardError, HeuristicKind,
    LinearConflict, Manhattan, Misplaced, Move, MoveError, PackedWord, Parity, Shape, ShapeError,
    SlidingPuzzle, Solvability, SplitMix64, TileCost, TileOutcome, TileReport, TileState,
    MAX_CELLS, MAX_RANKED,
};
