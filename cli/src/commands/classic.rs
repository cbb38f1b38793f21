//! Classic mode: a drop-in for the 8-puzzle judge programs. Standard input holds one or two
//! boards; standard output gets only the least number of moves, or `-1`.
//!
//! How the input is read is the library's [`puzzles::input::read_classic`]: one board a line or
//! boards written row by row, the goal defaulting to the spiral of the start's shape.

use std::io::{self, Read, Write};

use anyhow::{Context, Result};
use puzzles::front_end::{Ending, PuzzleKind, Registry, TilesKind};
use puzzles::input::{MAX_CLASSIC_INPUT, read_classic};
use search_core::Limits;

use crate::commands::solve::solve_quietly;
use crate::output::status::Status;

/// Reads standard input, solves with the registry's sliding tiles and prints the answer.
pub fn run(registry: &Registry) -> Result<Status> {
    let mut input = Vec::new();
    // One byte more than the reader accepts, so that it can tell the input is too long.
    io::stdin()
        .lock()
        .take(MAX_CLASSIC_INPUT as u64 + 1)
        .read_to_end(&mut input)
        .context("reading standard input")?;
    let (start, goal) = read_classic(&input)?;
    // Rows separated by `/` are every board's text that the tiles read back.
    let kind: &dyn PuzzleKind = registry.get("tiles").unwrap_or(&TilesKind);
    let instance = kind.parse(&start.to_rows(), Some(&goal.to_rows()))?;
    let answer = match solve_quietly(&*instance, &Limits::default())?.ending {
        Ending::Solved(solution) => solution.moves.len().to_string(),
        Ending::Unreachable { .. } => "-1".to_owned(),
        Ending::LimitReached { limit, .. } => {
            crate::output::status::warn(format_args!("no answer: {limit}"));
            return Ok(Status::LimitReached);
        }
    };
    let mut out = crate::output::status::stdout();
    writeln!(out, "{answer}")?;
    out.flush()?;
    Ok(Status::Success)
}
