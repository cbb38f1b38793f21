//! How results look: JSON objects for programs, text for people.

use std::io::{self, Write};

use search_core::{Limit, Statistics};
use serde_json::{Value, json};

use puzzles::front_end::{Answer, Ending as AnswerEnding, Instance};

use crate::output::status::Status;

/// The statistics as a JSON object, the time in seconds.
pub fn statistics_json(statistics: &Statistics) -> Value {
    json!({
        "expanded": statistics.expanded,
        "generated": statistics.generated,
        "duplicates": statistics.duplicates,
        "reopened": statistics.reopened,
        "largest_frontier": statistics.largest_frontier,
        "stored": statistics.stored,
        "iterations": statistics.iterations.len(),
        "seconds": statistics.elapsed.as_secs_f64(),
    })
}

/// One solve as a JSON object, the same fields for every puzzle: `result` (`solved`,
/// `unsolvable`, `gave up`), `start`, `goal`, `solvable`, `length`, `moves` (the solution on
/// one line, as text prints it), `move_list` (each move's name), `algorithm`, `heuristic`,
/// `statistics`, `metric` (null for puzzles with one kind of move); `cost` when it differs from the length,
/// `databases` (the partitions maxed) when pattern databases were used, `limit` and
/// `lower_bound` when a limit stopped the search, and `reaches` (the standard goals the start
/// can reach) when it cannot reach its goal.
pub fn answer_json(start: &str, goal: &str, answer: &Answer) -> Value {
    let (solvable, length, moves, move_list) = match &answer.ending {
        AnswerEnding::Solved(solution) => (
            json!(true),
            json!(solution.moves.len()),
            json!(solution.line),
            json!(solution.moves),
        ),
        AnswerEnding::Unreachable { .. } => (json!(false), Value::Null, Value::Null, Value::Null),
        AnswerEnding::LimitReached { .. } => (Value::Null, Value::Null, Value::Null, Value::Null),
    };
    let mut object = json!({
        "result": answer_word(&answer.ending),
        "start": start,
        "goal": goal,
        "solvable": solvable,
        "length": length,
        "moves": moves,
        "move_list": move_list,
        "algorithm": answer.algorithm,
        "heuristic": answer.heuristic,
        "statistics": statistics_json(&answer.statistics),
    });
    // Present for every puzzle, null for those with one kind of move: one shape for all.
    object["metric"] = json!(answer.metric);
    if !answer.databases.is_empty() {
        object["databases"] = json!(answer.databases);
    }
    match &answer.ending {
        AnswerEnding::Solved(solution) if solution.cost != solution.moves.len() as u64 => {
            object["cost"] = json!(solution.cost);
        }
        AnswerEnding::Unreachable { reaches, .. } => object["reaches"] = json!(reaches),
        AnswerEnding::LimitReached { limit, lower_bound } => {
            object["limit"] = json!(crate::output::memory::limit_words(limit));
            if let Some(bound) = lower_bound {
                object["lower_bound"] = json!(bound);
            }
        }
        AnswerEnding::Solved(_) => {}
    }
    object
}

/// The goal as text prints it: its text, and its name when it was given by one
/// (`123456780 (blank-last)`).
pub fn goal_text(instance: &dyn Instance) -> String {
    match instance.goal_name() {
        Some(name) => format!("{} ({name})", instance.goal()),
        None => instance.goal(),
    }
}

/// One solve as text: the start, the goal, the search that ran, the result, and with `stats`
/// the search's statistics.
pub fn write_answer(
    out: &mut impl Write,
    instance: &dyn Instance,
    answer: &Answer,
    stats: bool,
) -> io::Result<()> {
    writeln!(out, "start:  {}", instance.start())?;
    writeln!(out, "goal:   {}", goal_text(instance))?;
    writeln!(out, "search: {}", answer_search_text(answer))?;
    match &answer.ending {
        AnswerEnding::Solved(solution) => {
            writeln!(out, "length: {}", solution.moves.len())?;
            writeln!(out, "moves:  {}", solution.line)?;
        }
        AnswerEnding::Unreachable { reason, reaches } => {
            writeln!(out, "result: unsolvable: {reason}")?;
            if !reaches.is_empty() {
                writeln!(out, "reaches: {}", reaches.join(", "))?;
            }
        }
        AnswerEnding::LimitReached { limit, lower_bound } => {
            writeln!(out, "{}", gave_up_line(limit, *lower_bound))?;
        }
    }
    if stats {
        write!(out, "{}", statistics_text(&answer.statistics))?;
    }
    Ok(())
}

/// The exit status a solve through the front-end contract ends with.
pub fn answer_status(ending: &AnswerEnding) -> Status {
    match ending {
        AnswerEnding::Solved(_) => Status::Success,
        AnswerEnding::Unreachable { .. } => Status::Unsolvable,
        AnswerEnding::LimitReached { .. } => Status::LimitReached,
    }
}

/// The `result` word of JSON and tables.
pub fn answer_word(ending: &AnswerEnding) -> &'static str {
    match ending {
        AnswerEnding::Solved(_) => "solved",
        AnswerEnding::Unreachable { .. } => "unsolvable",
        AnswerEnding::LimitReached {
            limit: Limit::Cancelled,
            ..
        } => "interrupted",
        AnswerEnding::LimitReached { .. } => "gave up",
    }
}

/// The search that ran: `idastar (manhattan)`, `bfs, piece metric`, or with pattern databases
/// `idastar (pdb 15-7-8,15-7-8-diagonal)`.
pub fn answer_search_text(answer: &Answer) -> String {
    let mut text = answer.algorithm.clone();
    match (&answer.heuristic, answer.databases.as_slice()) {
        (Some(heuristic), []) => text += &format!(" ({heuristic})"),
        (Some(heuristic), databases) => text += &format!(" ({heuristic} {})", databases.join(",")),
        (None, _) => {}
    }
    if let Some(metric) = &answer.metric {
        text += &format!(", {metric} metric");
    }
    text
}

/// The statistics as `name: value` lines.
pub fn statistics_text(statistics: &Statistics) -> String {
    let mut text = format!(
        "expanded: {}\ngenerated: {}\nstored: {}\nlargest frontier: {}\n",
        statistics.expanded, statistics.generated, statistics.stored, statistics.largest_frontier
    );
    if !statistics.iterations.is_empty() {
        text += &format!("iterations: {}\n", statistics.iterations.len());
    }
    text += &format!(
        "time: {:.3} s ({:.0} expanded/s)\n",
        statistics.elapsed.as_secs_f64(),
        statistics.expanded_per_second()
    );
    text
}

/// `--boards`' text: every board along a solution, each headed by its step and the move that
/// reached it (`moves[step - 1]`).
pub fn write_steps<Move: std::fmt::Display>(
    out: &mut impl Write,
    moves: &[Move],
    boards: impl IntoIterator<Item = String>,
) -> io::Result<()> {
    for (step, board) in boards.into_iter().enumerate() {
        match step.checked_sub(1).and_then(|index| moves.get(index)) {
            Some(name) => writeln!(out, "\nstep {step} ({name}):")?,
            None => writeln!(out, "\nstep 0 (start):")?,
        }
        writeln!(out, "{}", board.trim_end())?;
    }
    Ok(())
}

/// The `result:` line of a search a limit stopped, with the length it proved no solution is
/// shorter than, if it proved one.
pub fn gave_up_line(limit: &Limit, lower_bound: Option<u64>) -> String {
    let limit = crate::output::memory::limit_words(limit);
    match lower_bound {
        Some(bound) => {
            format!("result: gave up, {limit}; no solution is shorter than {bound} moves")
        }
        None => format!("result: gave up, {limit}"),
    }
}
