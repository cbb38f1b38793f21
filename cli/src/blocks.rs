//! `slide blocks`: any sliding-block puzzle, from a layout file, a Rush Hour board or the
//! shipped classics, solved optimally and printed.

use std::io::Write;

use anyhow::{anyhow, bail, Context, Result};
use puzzles::blocks::{Blocks, GoalDistance, Metric, Placement, ShippedLayout, SHIPPED};
use search_core::{
    astar_with, bfs_with, bidirectional_bfs_to_goals_with, HashVisited, NoObserver, Outcome,
    SearchResult,
};
use serde_json::json;

use crate::args::{BlocksAlgorithm, BlocksArgs, MetricArg, SolveFormat};
use crate::commands::read_layout;
use crate::report;
use crate::status::{self, Status};

/// Runs `slide blocks`.
pub fn run(args: &BlocksArgs) -> Result<Status> {
    if args.list {
        return list();
    }
    let (name, problem, start) = puzzle(args)?;
    let metric = match args.metric {
        MetricArg::Piece => Metric::Piece,
        MetricArg::Step => Metric::Step,
    };
    let problem = problem.with_metric(metric);
    let limits = args.limits.limits();
    let result: SearchResult<Placement, puzzles::blocks::Move, u32> = match args.algorithm {
        BlocksAlgorithm::Bfs => {
            bfs_with(&problem, start, HashVisited::default(), &limits, NoObserver)
        }
        BlocksAlgorithm::Bidirectional => {
            let goals = problem.goal_states(&start);
            bidirectional_bfs_to_goals_with(&problem, start, goals, &limits, NoObserver)
        }
        BlocksAlgorithm::Astar => astar_with(&problem, &GoalDistance, start, &limits, NoObserver),
    };
    let metric_name = match args.metric {
        MetricArg::Piece => "piece",
        MetricArg::Step => "step",
    };
    let algorithm = match args.algorithm {
        BlocksAlgorithm::Bfs => "bfs",
        BlocksAlgorithm::Bidirectional => "bidirectional",
        BlocksAlgorithm::Astar => "astar",
    };
    let (status, result_word) = match &result.outcome {
        Outcome::Solved(_) => (Status::Success, "solved"),
        Outcome::Unreachable => (Status::Unsolvable, "unsolvable"),
        Outcome::LimitReached(_) => (Status::LimitReached, "gave up"),
    };
    let solution = result.solution();
    let boards = match solution {
        Some(solution) => problem
            .replay(&start, &solution.actions)
            .map_err(|error| anyhow!("the solution does not replay: {error}"))?,
        None => Vec::new(),
    };
    let mut out = status::stdout();
    match args.output.format {
        SolveFormat::Json => {
            let mut object = json!({
                "result": result_word,
                "layout": name,
                "start": problem.render(&start),
                "metric": metric_name,
                "algorithm": algorithm,
                "length": solution.map(|solution| solution.actions.len()),
                "moves": solution.map(|solution| {
                    solution.actions.iter().map(|step| problem.describe(step)).collect::<Vec<_>>()
                }),
                "statistics": report::statistics_json(&result.statistics),
            });
            if let Outcome::LimitReached(limit) = &result.outcome {
                object["limit"] = json!(limit.to_string());
            }
            if args.output.boards && solution.is_some() {
                object["boards"] = boards.iter().map(|board| problem.render(board)).collect();
            }
            writeln!(out, "{object}")?;
        }
        SolveFormat::Moves => {
            if let Some(solution) = solution {
                let moves: Vec<String> = solution
                    .actions
                    .iter()
                    .map(|step| problem.describe(step))
                    .collect();
                writeln!(out, "{}", moves.join(", "))?;
            }
        }
        SolveFormat::Text => {
            writeln!(out, "layout: {name}")?;
            writeln!(out, "metric: {metric_name}")?;
            writeln!(out, "search: {algorithm}")?;
            match &result.outcome {
                Outcome::Solved(solution) => {
                    writeln!(out, "length: {}", solution.actions.len())?;
                    for (index, step) in solution.actions.iter().enumerate() {
                        writeln!(out, "{:>4}. {}", index + 1, problem.describe(step))?;
                    }
                }
                Outcome::Unreachable => {
                    writeln!(
                        out,
                        "result: unsolvable, no sequence of moves reaches the goal"
                    )?;
                }
                Outcome::LimitReached(limit) => writeln!(out, "result: gave up, {limit}")?,
            }
            if args.output.stats {
                write!(out, "{}", report::statistics_text(&result.statistics))?;
            }
            if args.output.boards && solution.is_some() {
                for (step, board) in boards.iter().enumerate() {
                    writeln!(
                        out,
                        "\nafter {step} moves:\n{}",
                        problem.render(board).trim_end()
                    )?;
                }
            }
        }
    }
    out.flush()?;
    Ok(status)
}

/// The puzzle asked for: its name (for the output), the problem and the start.
fn puzzle(args: &BlocksArgs) -> Result<(String, Blocks, Placement)> {
    if let Some(board) = &args.rush_hour {
        let (problem, start) = Blocks::parse_rush_hour(board.trim())
            .map_err(|error| anyhow!("bad Rush Hour board: {error}"))?;
        return Ok((format!("Rush Hour {}", board.trim()), problem, start));
    }
    if let Some(name) = &args.shipped {
        let layout = shipped(name)?;
        let (problem, start) = layout
            .load()
            .with_context(|| format!("the shipped layout {}", layout.name))?;
        return Ok((layout.name.to_owned(), problem, start));
    }
    let path = args
        .file
        .as_deref()
        .context("give a layout file, --rush-hour, --shipped or --list")?;
    let text = read_layout(path)?;
    let (problem, start) =
        Blocks::parse(&text).map_err(|error| anyhow!("bad layout {}: {error}", path.display()))?;
    Ok((path.display().to_string(), problem, start))
}

/// The shipped layout whose name contains `name` (ignoring case): exactly one must.
fn shipped(name: &str) -> Result<&'static ShippedLayout> {
    let wanted = name.to_lowercase();
    let matching: Vec<&ShippedLayout> = (SHIPPED.iter())
        .filter(|layout| layout.name.to_lowercase().contains(&wanted))
        .collect();
    match matching.as_slice() {
        [layout] => Ok(layout),
        [] => bail!("no shipped layout is named like `{name}`: `slide blocks --list` shows them"),
        several => {
            let names: Vec<&str> = several.iter().map(|layout| layout.name).collect();
            bail!(
                "`{name}` names several shipped layouts: {}",
                names.join("; ")
            )
        }
    }
}

/// Prints the shipped layouts: name, optimal lengths in both metrics, source.
fn list() -> Result<Status> {
    let mut out = status::stdout();
    for layout in SHIPPED {
        writeln!(
            out,
            "{}: {} piece moves, {} steps; {}",
            layout.name, layout.piece_moves, layout.steps, layout.source
        )?;
    }
    out.flush()?;
    Ok(Status::Success)
}
