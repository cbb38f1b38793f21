//! `slide blocks`: any sliding-block puzzle, from a layout file, a Rush Hour board or the
//! shipped classics, solved optimally and printed.

use std::io::Write;

use anyhow::{anyhow, bail, Context, Result};
use puzzles::blocks::{
    Blocks, GoalDistance, Metric, Move, Placement, Position, ShippedLayout, SHIPPED,
};
use search_core::{
    astar_with, bfs_with, bidirectional_bfs_to_goals_with, HashVisited, NoObserver, Outcome,
    SearchResult,
};
use serde_json::json;

use crate::args::{BlocksAlgorithm, BlocksArgs, MetricArg, SolveFormat};
use crate::commands::read_layout;
use crate::report;
use crate::status::{self, Status};
use crate::svg::{self, Cell, Placed, Scene};

/// Runs `slide blocks`.
pub fn run(args: &BlocksArgs) -> Result<Status> {
    if args.list {
        return list();
    }
    let (name, problem, start) = puzzle(args)?;
    if let Some(path) = &args.output.picture.svg {
        svg::check_destination(path)?;
    }
    let metric = match args.metric {
        MetricArg::Piece => Metric::Piece,
        MetricArg::Step => Metric::Step,
    };
    let problem = problem.with_metric(metric);
    let limits = args.limits.limits();
    if args.farthest {
        return farthest(args, &name, &problem, &start, &limits);
    }
    let result: SearchResult<Placement, Move, u32> = match args.algorithm {
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
    // After the solution is printed: a picture that cannot be written loses no answer.
    if let Some(path) = &args.output.picture.svg {
        let picture = solution
            .map(|solution| picture(&name, &problem, &start, &solution.actions))
            .transpose()?;
        svg::save(path, picture)?;
    }
    Ok(status)
}

/// `slide blocks --farthest`: the hardest starts of the layout's cluster.
fn farthest(
    args: &BlocksArgs,
    name: &str,
    problem: &Blocks,
    start: &Placement,
    limits: &search_core::Limits,
) -> Result<Status> {
    let metric_name = match args.metric {
        MetricArg::Piece => "piece",
        MetricArg::Step => "step",
    };
    let found = match problem.farthest(start, limits) {
        Ok(found) => found,
        Err(limit) => {
            let mut out = status::stdout();
            match args.output.format {
                SolveFormat::Json => writeln!(
                    out,
                    "{}",
                    json!({"result": "gave up", "layout": name, "metric": metric_name, "limit": limit.to_string()})
                )?,
                SolveFormat::Text | SolveFormat::Moves => {
                    writeln!(
                        out,
                        "layout: {name}
result: gave up, {limit}"
                    )?;
                }
            }
            out.flush()?;
            return Ok(Status::LimitReached);
        }
    };
    // Rush Hour boards in their notation, other layouts in the layout format.
    let write = |state: &Placement| {
        problem
            .rush_hour_notation(state)
            .unwrap_or_else(|| problem.render(state).trim_end().to_owned())
    };
    let mut out = status::stdout();
    match args.output.format {
        SolveFormat::Json => {
            let placements: Vec<String> = found.placements.iter().map(write).collect();
            let object = json!({
                "result": if found.moves.is_some() { "farthest" } else { "unsolvable" },
                "layout": name,
                "metric": metric_name,
                "moves": found.moves,
                "cluster": found.cluster,
                "goals": found.goals,
                "placements": placements,
            });
            writeln!(out, "{object}")?;
        }
        SolveFormat::Text | SolveFormat::Moves => {
            writeln!(out, "layout:   {name}")?;
            writeln!(out, "metric:   {metric_name}")?;
            writeln!(
                out,
                "cluster:  {} placements, {} solved",
                found.cluster, found.goals
            )?;
            match found.moves {
                Some(moves) => {
                    let count = found.placements.len();
                    let plural = if count == 1 { "" } else { "s" };
                    writeln!(out, "farthest: {moves} moves, {count} placement{plural}")?;
                    for placement in &found.placements {
                        writeln!(
                            out,
                            "
{}",
                            write(placement)
                        )?;
                    }
                }
                None => writeln!(
                    out,
                    "result:   unsolvable, no placement of the cluster is solved"
                )?,
            }
        }
    }
    out.flush()?;
    Ok(if found.moves.is_some() {
        Status::Success
    } else {
        Status::Unsolvable
    })
}

/// A piece followed through a solution: its letter at the start and the cells it covers.
type Piece = (char, Vec<Cell>);

/// The top-left cell of a piece's bounding box (its anchor, as moves name it) and its cells
/// relative to that, sorted.
fn anchor_and_shape(cells: &[Cell]) -> (Cell, Vec<Cell>) {
    let top = cells.iter().map(|&(row, _)| row).min().unwrap_or(0);
    let left = cells.iter().map(|&(_, column)| column).min().unwrap_or(0);
    let mut shape: Vec<Cell> = (cells.iter())
        .map(|&(row, column)| (row - top, column - left))
        .collect();
    shape.sort_unstable();
    ((top, left), shape)
}

/// The `--svg` picture of a solution: the walls, and every piece under its start letter, moved
/// by the moves themselves.
///
/// The boards `--boards` prints cannot be followed piece by piece: identical pieces are one
/// class that the state keeps sorted, so they trade letters as they move. A move names its
/// class and the anchor it leaves, which no two pieces of one shape share, so the piece that
/// moves is the one at that anchor with its class's shape.
fn picture(
    name: &str,
    problem: &Blocks,
    start: &Placement,
    actions: &[Move],
) -> Result<(Scene, Vec<Vec<Placed>>)> {
    let (width, height) = (problem.width(), problem.height());
    // The board is the last `height` lines of the layout format, each piece drawn with its own
    // letter (at the start no two pieces share one).
    let rendered = problem.render(start);
    let lines: Vec<&str> = rendered.lines().collect();
    let board = lines
        .get(lines.len().saturating_sub(height)..)
        .unwrap_or_default();
    let mut walls = Vec::new();
    let mut pieces: std::collections::BTreeMap<char, Vec<Cell>> = Default::default();
    for (row, line) in board.iter().enumerate() {
        for (column, letter) in line.chars().enumerate() {
            let at = Position::new(row as u8, column as u8);
            if problem.is_wall(at) {
                walls.push((row, column));
            } else if letter != '.' {
                pieces.entry(letter).or_default().push((row, column));
            }
        }
    }
    let mut pieces: Vec<Piece> = pieces.into_iter().collect();
    let frame = |pieces: &[Piece]| -> Vec<Placed> {
        (pieces.iter())
            .map(|(letter, cells)| Placed {
                name: letter.to_string(),
                cells: cells.clone(),
            })
            .collect()
    };
    let mut frames = Vec::with_capacity(actions.len() + 1);
    frames.push(frame(&pieces));
    for (index, action) in actions.iter().enumerate() {
        let (from, to) = (problem.position(action.from), problem.position(action.to));
        let from = (usize::from(from.row), usize::from(from.column));
        let to = (usize::from(to.row), usize::from(to.column));
        // `describe` begins with the letter of the class's first piece at the start.
        let representative = problem.describe(action).chars().next();
        let class_shape = (pieces.iter())
            .find(|(letter, _)| Some(*letter) == representative)
            .map(|(_, cells)| anchor_and_shape(cells).1);
        let moving = (pieces.iter_mut()).find(|(_, cells)| {
            let (anchor, shape) = anchor_and_shape(cells);
            anchor == from && Some(&shape) == class_shape.as_ref()
        });
        let Some((_, cells)) = moving else {
            bail!(
                "move {} ({}) moves no piece of the picture",
                index + 1,
                problem.describe(action)
            );
        };
        // Moving the anchor from `from` to `to` moves every cell as far; the move is legal, so
        // the cells stay on the board.
        for (row, column) in cells.iter_mut() {
            *row = (*row + to.0)
                .checked_sub(from.0)
                .context("a move leaves the board")?;
            *column = (*column + to.1)
                .checked_sub(from.1)
                .context("a move leaves the board")?;
        }
        frames.push(frame(&pieces));
    }
    let scene = Scene {
        width,
        height,
        walls,
        highlighted: (problem.goals().iter())
            .map(|goal| goal.piece().to_string())
            .collect(),
        title: format!("slide blocks {name}: {} moves", actions.len()),
    };
    Ok((scene, frames))
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
    match ShippedLayout::named(name).as_slice() {
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
