//! `slide blocks`: any sliding-block puzzle, from a layout file, a Rush Hour board or the
//! shipped classics, solved optimally and printed.

use std::io::Write;

use anyhow::{Context, Result, anyhow, bail};
use puzzles::blocks::{Blocks, Metric, Placement, SHIPPED, ShippedLayout};
use puzzles::front_end::Registry;
use serde_json::json;

use crate::args::{BlocksArgs, SolveFormat};
use crate::commands::solve::{self, Solving};
use crate::input::{input_files, read_layout};
use crate::output::status::{self, Status};

/// Runs `slide blocks`: `slide solve --puzzle blocks` (or `rush-hour`) with the layout from a
/// file, a shipped layout or a Rush Hour board; and the listing and `--farthest`, which are
/// blocks' own.
pub fn run(args: &BlocksArgs, registry: &Registry) -> Result<Status> {
    if args.list {
        return list(args.output.format);
    }
    if args.farthest {
        let (name, problem, start) = puzzle(args)?;
        let metric = match args.search.metric.as_deref() {
            None | Some("piece") => Metric::Piece,
            Some("step") => Metric::Step,
            Some(other) => bail!("unknown metric `{other}`: blocks offer piece, step"),
        };
        return farthest(args, &name, &problem.with_metric(metric), &start);
    }
    let (kind, text, inputs) = match (&args.rush_hour, &args.shipped, &args.file) {
        (Some(board), _, _) => ("rush-hour", board.clone(), Vec::new()),
        (None, Some(name), _) => ("blocks", shipped(name)?.name.to_owned(), Vec::new()),
        (None, None, Some(path)) => {
            let text = read_layout(path, args.search.limits.timeout)?;
            ("blocks", text, input_files(path))
        }
        (None, None, None) => bail!("give a layout file, --rush-hour, --shipped or --list"),
    };
    let solving = Solving {
        text,
        goal: None,
        search: &args.search,
        threads: None,
        output: &args.output,
        inputs,
    };
    solve::solve(registry.get(kind)?, &solving)
}

/// `slide blocks --farthest`: the hardest starts of the layout's cluster.
fn farthest(args: &BlocksArgs, name: &str, problem: &Blocks, start: &Placement) -> Result<Status> {
    let metric_name = problem.metric().to_string();
    let limits = args.search.limits.limits();
    let found = match problem.farthest(start, &limits) {
        Ok(found) => found,
        Err(limit) => {
            let limit = crate::output::memory::limit_words(&crate::output::memory::as_told(limit));
            let mut out = status::stdout();
            match args.output.format {
                SolveFormat::Json => writeln!(
                    out,
                    "{}",
                    json!({"result": "gave up", "layout": name, "metric": metric_name, "limit": limit})
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
            if crate::output::memory::exceeded() {
                status::warn(format_args!("{}", crate::output::memory::OVER_BUDGET));
            }
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
    let text = read_layout(path, args.search.limits.timeout)?;
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
fn list(format: SolveFormat) -> Result<Status> {
    let mut out = status::stdout();
    for layout in SHIPPED {
        match format {
            SolveFormat::Json => writeln!(
                out,
                "{}",
                json!({
                    "name": layout.name,
                    "piece_moves": layout.piece_moves,
                    "steps": layout.steps,
                    "source": layout.source,
                })
            )?,
            SolveFormat::Text | SolveFormat::Moves => writeln!(
                out,
                "{}: {} piece moves, {} steps; {}",
                layout.name, layout.piece_moves, layout.steps, layout.source
            )?,
        }
    }
    out.flush()?;
    Ok(Status::Success)
}
