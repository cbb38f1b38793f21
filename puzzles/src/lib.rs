//! Puzzles for [`search_core`]: sliding-tile puzzles of any width and height, and Klotski.
#![deny(missing_docs)]

pub mod klotski;
pub mod pdb;
