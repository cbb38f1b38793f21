//! Classic mode: a drop-in for the 8-puzzle judge programs. Standard input holds one or two
//! boards; standard output gets only the least number of moves, or `-1`.
//!
//! How the input is read, in order:
//! 1. Every non-blank line is one board, if there are one or two lines and each parses on its own
//!    (`12345678.`, `123.46758`, `2 6 4 1 3 7 0 5 8`).
//! 2. Otherwise every paragraph (lines between blank lines) is one board written row by row
//!    (`1 2 3` / `4 5 6` / `7 8 0`), if there are one or two paragraphs.
//!
//! The first board is the start, the second the goal; a lone board is solved towards the spiral
//! `123804765` (for any size, the spiral goal of that size).

use std::io::{self, Read, Write};

use anyhow::{anyhow, bail, Context, Result};
use search_core::Limits;

use crate::args::GoalArg;
use crate::engine::{self, Board, Ending};
use crate::status::Status;

/// The largest input classic mode reads: far more than any board, small enough to refuse junk.
const MAX_INPUT: u64 = 1 << 20;

/// Reads standard input, solves and prints the answer.
pub fn run() -> Result<Status> {
    let mut input = Vec::new();
    io::stdin()
        .lock()
        .take(MAX_INPUT + 1)
        .read_to_end(&mut input)
        .context("reading standard input")?;
    if input.len() as u64 > MAX_INPUT {
        bail!(
            "standard input is longer than {MAX_INPUT} bytes; classic mode reads one or two boards"
        );
    }
    let text = std::str::from_utf8(&input).map_err(|error| {
        anyhow!(
            "standard input is not UTF-8 text (bad byte at offset {})",
            error.valid_up_to()
        )
    })?;
    let (start, goal) = read_boards(text)?;
    let goal = match goal {
        Some(goal) => goal,
        None => engine::goal_board(&GoalArg::Spiral, &start)?,
    };
    let report = engine::solve(&start, &goal, None, None, &Limits::default())?;
    let answer = match report.ending {
        Ending::Solved(moves) => moves.len().to_string(),
        Ending::Unsolvable => "-1".to_owned(),
        Ending::LimitReached(limit) => {
            crate::status::warn(format_args!("no answer: {limit}"));
            return Ok(Status::LimitReached);
        }
    };
    let mut out = io::stdout().lock();
    writeln!(out, "{answer}")?;
    out.flush()?;
    Ok(Status::Success)
}

/// The start and, if given, the goal in `text`.
fn read_boards(text: &str) -> Result<(Board, Option<Board>)> {
    let lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .map(|(index, line)| (index + 1, line.trim()))
        .filter(|(_, line)| !line.is_empty())
        .collect();
    if lines.is_empty() {
        bail!("standard input holds no board; give a start board, and optionally a goal board on the next line");
    }
    let one_per_line: Result<Vec<Board>> = lines
        .iter()
        .map(|(number, line)| engine::parse_board(line).with_context(|| format!("line {number}")))
        .collect();
    let boards = match one_per_line {
        Ok(boards) if boards.len() <= 2 => boards,
        other => match (paragraphs(text), other) {
            (Some(boards), _) => boards,
            (None, Err(line_error)) => return Err(line_error),
            (None, Ok(boards)) => bail!(
                "standard input holds {} boards; classic mode reads a start and at most a goal",
                boards.len()
            ),
        },
    };
    let mut boards = boards.into_iter();
    let start = boards.next().context("standard input holds no board")?;
    Ok((start, boards.next()))
}

/// One or two boards written row by row, separated by a blank line; `None` if the input is not
/// that.
fn paragraphs(text: &str) -> Option<Vec<Board>> {
    let mut paragraphs: Vec<Vec<&str>> = vec![Vec::new()];
    for line in text.lines().map(str::trim) {
        match (line.is_empty(), paragraphs.last_mut()) {
            (false, Some(paragraph)) => paragraph.push(line),
            (true, Some(paragraph)) if !paragraph.is_empty() => paragraphs.push(Vec::new()),
            _ => {}
        }
    }
    paragraphs.retain(|paragraph| !paragraph.is_empty());
    if paragraphs.len() > 2 {
        return None;
    }
    paragraphs
        .iter()
        .map(|rows| engine::parse_board(&rows.join("\n")).ok())
        .collect()
}
