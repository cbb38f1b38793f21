//! Sliding tiles' own road for `solve`, `check`, `graph` and `random`, until tiles take the
//! front-end contract's road as every other puzzle does (`puzzle`).

use std::io::{self, Write};
use std::num::NonZeroUsize;
use std::time::{SystemTime, UNIX_EPOCH};

use anyhow::{anyhow, bail, Context, Result};
use search_core::Limit;

use crate::app;
use crate::args::{CheckArgs, GoalArg, GraphArgs, RandomArgs, SolveArgs, SolveFormat, TextOrJson};
use crate::engine::{self, Board, Ending, GraphDot};
use crate::input;
use crate::output::progress;
use crate::output::report;
use crate::output::status::{self, Status};
use crate::output::svg;
use puzzles::front_end::Grid;

/// How a goal was chosen, for the output: nothing for an explicit board.
fn goal_note(goal: &GoalArg) -> String {
    match goal {
        GoalArg::Board(_) => String::new(),
        GoalArg::Named(name) => format!(" ({name})"),
    }
}

/// A sliding-tile goal as typed: a board or a standard goal's name, blank-last when none is.
fn tile_goal(text: Option<&str>) -> Result<GoalArg> {
    text.map_or(Ok(GoalArg::BLANK_LAST), |text| {
        text.parse().map_err(|error: String| anyhow!(error))
    })
}

/// The start and goal of `solve` and `check` for sliding tiles: START is a board, a
/// `start;goal` line as `random` and `batch` write them, or `-` for one such line on standard
/// input; GOAL the goal, if the line gives none.
fn instance(
    start: &str,
    goal: Option<&str>,
    timeout: Option<std::time::Duration>,
) -> Result<(Board, Board, GoalArg)> {
    let text = if start == "-" {
        input::one_line_of(&input::read_layout(std::path::Path::new("-"), timeout)?)?
    } else {
        start.to_owned()
    };
    let (start, line_goal) = puzzles::input::split_instance(&text).context("the start")?;
    let goal = match (line_goal, goal) {
        (Some(_), Some(_)) => {
            bail!("the goal is given twice: after the `;` of the start and as GOAL")
        }
        (line_goal, goal) => tile_goal(line_goal.or(goal)).context("the goal")?,
    };
    let start = engine::parse_board(start).context("the start")?;
    let goal_board = engine::goal_board(&goal, &start)?;
    Ok((start, goal_board, goal))
}

pub fn solve(args: &SolveArgs) -> Result<Status> {
    let timeout = args.search.limits.timeout;
    let (start, goal, goal_arg) = instance(&args.start, args.goal.text(), timeout)?;
    if let Some(path) = &args.output.picture.svg {
        svg::check_destination(path, &[])?;
    }
    let threads = args.threads.unwrap_or(NonZeroUsize::MIN);
    let choices = engine::Choices::from_options(&args.search, threads)?;
    let mut solver = engine::Solver::new(choices)?.watched();
    let report = solver.solve(&start, &goal, &args.search.limits.limits())?;
    let mut out = status::stdout();
    let (start_text, goal_text) = (engine::compact(&start), engine::compact(&goal));
    // `--quiet` leaves the text's answer alone: the moves.
    let format = match args.output.format {
        SolveFormat::Text if progress::is_quiet() => SolveFormat::Moves,
        format => format,
    };
    match format {
        SolveFormat::Json => {
            let mut object = report.json(&start_text, &goal_text);
            if args.output.boards {
                if let Ending::Solved(moves) = &report.ending {
                    let boards = engine::boards_along(&start, moves)?;
                    object["boards"] = boards.iter().map(engine::compact).collect();
                }
            }
            writeln!(out, "{object}")?;
        }
        SolveFormat::Moves => {
            if let Some(moves) = &report.shown_moves {
                writeln!(out, "{moves}")?;
            }
        }
        SolveFormat::Text => {
            writeln!(out, "start:  {start_text}")?;
            writeln!(out, "goal:   {goal_text}{}", goal_note(&goal_arg))?;
            writeln!(out, "search: {}", report.search_text())?;
            match &report.ending {
                Ending::Solved(moves) => {
                    writeln!(out, "length: {}", moves.len())?;
                    let shown = report.shown_moves.as_deref().unwrap_or(moves);
                    writeln!(out, "moves:  {shown}")?;
                }
                Ending::Unsolvable => {
                    let (_, reason) = engine::check(&start, &goal)?;
                    writeln!(out, "result: {reason}")?;
                    if !report.reaches.is_empty() {
                        writeln!(out, "reaches: {}", report.reaches.join(", "))?;
                    }
                }
                Ending::LimitReached(limit) => {
                    writeln!(out, "{}", report::gave_up_line(limit, report.lower_bound))?;
                }
            }
            if args.output.stats {
                write!(out, "{}", report::statistics_text(&report.statistics))?;
            }
            if let (true, Ending::Solved(moves)) = (args.output.boards, &report.ending) {
                let boards = engine::boards_along(&start, moves)?;
                let directions: Vec<char> = moves.chars().collect();
                report::write_steps(&mut out, &directions, boards.iter().map(engine::grid))?;
            }
        }
    }
    out.flush()?;
    // After the solution is printed: a picture that cannot be written loses no answer.
    if let Some(path) = &args.output.picture.svg {
        let picture = match &report.ending {
            Ending::Solved(moves) => {
                let grids: Vec<Grid> = (engine::boards_along(&start, moves)?.iter())
                    .map(Grid::from)
                    .collect();
                let title = format!(
                    "{} solve: {} to {goal_text} in {} moves",
                    app::name(),
                    engine::compact(&start),
                    moves.len()
                );
                Some(svg::from_grids(&grids, title)?)
            }
            Ending::Unsolvable | Ending::LimitReached(_) => None,
        };
        svg::save(path, picture)?;
    }
    if let Ending::LimitReached(limit @ (Limit::Deadline | Limit::Expanded)) = &report.ending {
        let cells = start.shape().cells();
        if let Some(hint) = report::limit_hint(limit, report.heuristic.as_deref(), cells) {
            status::note(format_args!("{hint}"));
        }
    }
    if let Ending::LimitReached(Limit::Stored) = report.ending {
        // The limit as given: the count the search ends with may pass it (a search can store
        // a layer's last successors before it looks again), and is in --stats anyway.
        match args.search.prune {
            // IDA* stores no nodes: the sequences duplicate pruning remembers reached it.
            Some(length) => status::warn(format_args!(
                "the search for redundant move sequences of up to {length} moves (--prune) reached the --max-stored limit of {} remembered sequences; raise it if memory allows, or prune shorter sequences",
                args.search.limits.max_stored
            )),
            None => status::warn(format_args!(
                "the search reached the --max-stored limit of {} stored nodes; raise it if memory allows, or use --algorithm idastar, which stores none",
                args.search.limits.max_stored
            )),
        }
    }
    Ok(report.ending.status())
}

pub fn check(args: &CheckArgs) -> Result<Status> {
    let (start, goal, goal_arg) = instance(&args.start, args.goal.text(), None)?;
    let (solvable, reason) = engine::check(&start, &goal)?;
    let mut out = status::stdout();
    let status = if solvable {
        Status::Success
    } else {
        Status::Unsolvable
    };
    if args.format == TextOrJson::Json {
        let mut object = serde_json::json!({
            "result": if solvable { "solvable" } else { "unsolvable" },
            "solvable": solvable,
            "reason": reason,
            "start": engine::compact(&start),
            "goal": engine::compact(&goal),
        });
        if !solvable {
            object["reaches"] = serde_json::json!(engine::reachable_goals(&start));
        }
        writeln!(out, "{object}")?;
        out.flush()?;
        return Ok(status);
    }
    writeln!(out, "{reason}")?;
    writeln!(
        out,
        "start: {}\ngoal:  {}{}",
        engine::compact(&start),
        engine::compact(&goal),
        goal_note(&goal_arg)
    )?;
    if !solvable {
        let reaches = engine::reachable_goals(&start);
        if !reaches.is_empty() {
            writeln!(out, "reaches: {}", reaches.join(", "))?;
        }
    }
    out.flush()?;
    Ok(status)
}

pub fn random(args: &RandomArgs) -> Result<Status> {
    let seed = args.seed.unwrap_or_else(clock_seed);
    let goal = engine::goal_of_size(&args.size, &args.goal)?;
    // `batch` solves towards blank-last by default, so other goals go on every line.
    let goal_suffix = match &args.goal {
        goal if *goal == GoalArg::BLANK_LAST => String::new(),
        _ => format!(";{}", engine::compact(&goal)),
    };
    let mut out = io::BufWriter::new(status::stdout());
    // Each board from its own seed, drawn from a generator seeded with --seed: seeds S + index
    // would make --seed 2 the lines of --seed 1 shifted by one.
    let mut seeds = puzzles::SplitMix64::new(seed);
    let goal_text = engine::compact(&goal);
    // A reader on a pipe (`slide random | slide batch`) gets each line soon after it is made,
    // even when long walks make lines slowly; fast lines still go out a buffer at a time.
    let mut flushed = std::time::Instant::now();
    for _ in 0..args.count {
        if flushed.elapsed() >= std::time::Duration::from_millis(50) {
            out.flush()?;
            flushed = std::time::Instant::now();
        }
        let board = engine::random_board(&goal, seeds.next_u64(), args.walk);
        match args.format {
            TextOrJson::Text => writeln!(out, "{}{goal_suffix}", engine::compact(&board))?,
            TextOrJson::Json => writeln!(
                out,
                "{}",
                serde_json::json!({"start": engine::compact(&board), "goal": goal_text})
            )?,
        }
    }
    out.flush()?;
    Ok(Status::Success)
}

/// A seed that differs from run to run.
fn clock_seed() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.as_nanos() as u64)
}

/// Prints the graph around the start, and with `--goal` an optimal path to the goal in it.
///
/// The exit code is the one `solve` would end with for the path's search, since a script that
/// asked for the path should learn whether it got one, while the graph, the main output, is
/// printed in every case but the first:
/// - more than `--max-nodes` nodes within `--depth`: nothing printed, exit 3;
/// - the path's search stopped at `--max-nodes` (expanded nodes): the graph without a path, a
///   warning, exit 3;
/// - the goal unreachable (parity): the graph without a path, a warning, exit 1;
/// - otherwise the graph, the path highlighted if a goal was given, exit 0 (with a warning when
///   the path goes beyond `--depth`, out of the picture).
pub fn graph(args: &GraphArgs) -> Result<Status> {
    let start = engine::parse_board(&args.start).context("the start")?;
    let goal: Option<Board> = if args.goal.is_some() || args.path {
        let goal = tile_goal(args.goal.as_deref()).context("the goal")?;
        Some(engine::goal_board(&goal, &start)?)
    } else {
        None
    };
    let limits = (args.depth, args.max_nodes);
    let drawn = engine::graph_dot(&start, goal.as_ref(), limits, args.format)?;
    let GraphDot::Drawn { dot, path } = drawn else {
        status::warn(format_args!(
            "the graph within {} moves has more than {} nodes; lower --depth or raise --max-nodes",
            args.depth, args.max_nodes
        ));
        return Ok(Status::LimitReached);
    };
    let mut out = status::stdout();
    writeln!(out, "{}", dot.trim_end())?;
    out.flush()?;
    let (Some(path), Some(goal)) = (path, goal) else {
        return Ok(Status::Success);
    };
    match &path {
        // The drawing stops at --depth: a longer path leaves the picture, goal and all.
        Ending::Solved(moves) if moves.len() as u64 > u64::from(args.depth) => status::warn(format_args!(
            "the goal is {} moves away, beyond --depth {}: its path is highlighted only as far as the graph reaches, and the goal is not drawn; --depth {} draws it all",
            moves.len(),
            args.depth,
            moves.len()
        )),
        Ending::Solved(_) => {}
        Ending::Unsolvable => {
            let (_, reason) = engine::check(&start, &goal)?;
            status::warn(format_args!(
                "no path is highlighted: the goal {} is unreachable from the start ({reason})",
                engine::compact(&goal)
            ));
        }
        Ending::LimitReached(Limit::Expanded) => status::warn(format_args!(
            "no path is highlighted: the search for a path to the goal stopped at the --max-nodes limit of {} expanded nodes; raise --max-nodes, or leave out --goal",
            args.max_nodes
        )),
        Ending::LimitReached(limit) => status::warn(format_args!(
            "no path is highlighted: the search for a path to the goal gave up, {limit}"
        )),
    }
    Ok(path.status())
}
