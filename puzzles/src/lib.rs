//! Puzzles for [`search_core`]: sliding-tile puzzles of any width and height, and Klotski.
#![deny(missing_docs)]

mod tiles;

pub use tiles::{
    factorial, format_moves, is_solution, parse_moves, permutation_rank, permutation_unrank,
    random_solvable, random_walk, solvability, Board, BoardError, LinearConflict, Manhattan,
    Misplaced, Move, MoveError, PackedWord, Parity, Shape, ShapeError, SlidingPuzzle, Solvability,
    SplitMix64, TileCost, TileState, MAX_CELLS, MAX_RANKED,
};
