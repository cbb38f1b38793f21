//! `slide random`: random solvable sliding-tile instances, one a line, as `batch` reads them.

use std::io::{self, Write};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use anyhow::{Result, anyhow};
use puzzles::{Board, Shape};

use crate::args::{GoalArg, RandomArgs, TextOrJson};
use crate::output::status::{self, Status};

/// `slide random`.
pub fn run(args: &RandomArgs) -> Result<Status> {
    let seed = args.seed.unwrap_or_else(clock_seed);
    let goal = goal_of_size(&args.size, &args.goal)?;
    let goal_text = Board::to_line(&goal);
    // `batch` solves towards blank-last by default, so other goals go on every line.
    let goal_suffix = match &args.goal {
        goal if *goal == GoalArg::BLANK_LAST => String::new(),
        _ => format!(";{goal_text}"),
    };
    let mut out = io::BufWriter::new(status::stdout());
    // Each board from its own seed, drawn from a generator seeded with --seed: seeds S + index
    // would make --seed 2 the lines of --seed 1 shifted by one.
    let mut seeds = puzzles::SplitMix64::new(seed);
    // A reader on a pipe (`slide random | slide batch`) gets each line soon after it is made,
    // even when long walks make lines slowly; fast lines still go out a buffer at a time.
    let mut flushed = Instant::now();
    for _ in 0..args.count {
        if flushed.elapsed() >= Duration::from_millis(50) {
            out.flush()?;
            flushed = Instant::now();
        }
        let board = match args.walk {
            Some(steps) => puzzles::random_walk(&goal, steps, seeds.next_u64()),
            None => puzzles::random_solvable(&goal, seeds.next_u64()),
        };
        match args.format {
            TextOrJson::Text => writeln!(out, "{}{goal_suffix}", Board::to_line(&board))?,
            TextOrJson::Json => writeln!(
                out,
                "{}",
                serde_json::json!({"start": Board::to_line(&board), "goal": goal_text})
            )?,
        }
    }
    out.flush()?;
    Ok(Status::Success)
}

/// The goal named by `goal` for boards of `size` (`4x4`).
fn goal_of_size(size: &str, goal: &GoalArg) -> Result<Board> {
    let shape: Shape = size
        .parse()
        .map_err(|error| anyhow!("bad size `{size}`: {error}"))?;
    // There is no start yet: the size is what the goal must agree with.
    goal.board(shape, "--size")
}

/// A seed that differs from run to run.
fn clock_seed() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.as_nanos() as u64)
}
