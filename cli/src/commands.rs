//! The subcommands that handle one puzzle at a time: solve, check, random, graph, completions.

use std::io::{self, BufRead, IsTerminal, Read, Write};
use std::num::NonZeroUsize;
use std::time::{SystemTime, UNIX_EPOCH};

use anyhow::{anyhow, bail, Context, Result};
use clap::CommandFactory;
use search_core::{Limit, Limits};

use crate::args::{
    CheckArgs, Cli, Command, CompletionsArgs, GoalArg, GoalOptions, GraphArgs, KlotskiArgs,
    MetricArg, RandomArgs, SearchOptions, SolveArgs, SolveFormat, TextOrJson,
};
use crate::engine::{self, Board, Ending, GraphDot};
use crate::report;
use crate::status::{self, Status};
use crate::svg::{self, Placed, Scene};
use crate::{any_puzzle, batch, blocks, classic, progress};
use puzzles::front_end::Registry;

/// Runs what the command line asks for, with the puzzles of `registry` for `--puzzle`.
pub fn run(cli: Cli, registry: &Registry) -> Result<Status> {
    match cli.command {
        None if io::stdin().is_terminal() => {
            // Waiting silently for a board nobody is going to type helps no one. If standard
            // error is gone there is nobody to tell, and the exit code says it anyway.
            let _ = Cli::command().write_long_help(&mut io::stderr());
            Ok(Status::BadInput)
        }
        None => classic::run(),
        Some(Command::Solve(args)) if !args.puzzle.is_tiles() => {
            any_puzzle::solve(registry.get(&args.puzzle.name)?, &args)
        }
        Some(Command::Solve(args)) => solve(&args),
        Some(Command::Batch(args)) => batch::run(&args, registry),
        Some(Command::Check(args)) if !args.puzzle.is_tiles() => {
            any_puzzle::check(registry.get(&args.puzzle.name)?, &args)
        }
        Some(Command::Check(args)) => check(&args),
        Some(Command::Random(args)) => random(&args),
        Some(Command::Graph(args)) if !args.puzzle.is_tiles() => {
            any_puzzle::graph(registry.get(&args.puzzle.name)?, &args)
        }
        Some(Command::Graph(args)) => graph(&args),
        Some(Command::Puzzles(args)) => any_puzzle::list(registry, &args),
        Some(Command::Klotski(args)) => klotski(&args),
        Some(Command::Blocks(args)) => blocks::run(&args),
        Some(Command::Pdb(command)) => crate::pdb::run(&command),
        Some(Command::Completions(args)) => completions(&args),
    }
}

/// The limits the search options ask for, the memory guard always among them.
pub fn limits(options: &SearchOptions) -> Limits {
    let mut limits = Limits::default().with_max_stored(options.max_stored);
    if let Some(max_nodes) = options.max_nodes {
        limits = limits.with_max_expanded(max_nodes);
    }
    if let Some(timeout) = options.timeout {
        limits = limits.with_timeout(timeout);
    }
    limits
}

/// The solving choices of `options` for sliding tiles, on `threads` threads, or why the options
/// name something tiles do not offer.
pub fn choices(options: &SearchOptions, threads: NonZeroUsize) -> Result<engine::Choices> {
    if options.metric.is_some() {
        bail!("sliding tiles have one kind of move: --metric is for klotski, blocks and rush-hour");
    }
    Ok(engine::Choices {
        algorithm: options.tile_algorithm()?,
        heuristic: options.tile_heuristic()?,
        threads,
        prune: options.prune,
        direct_tables: options
            .direct_tables
            .map(|mebibytes| mebibytes.saturating_mul(1 << 20)),
        partitions: options.partition.clone(),
        notation: options.notation,
    })
}

/// How a goal was chosen, for the output: nothing for an explicit board.
fn goal_note(goal: &GoalArg) -> &'static str {
    match goal {
        GoalArg::Board(_) => "",
        GoalArg::BlankLast => " (blank-last)",
        GoalArg::BlankFirst => " (blank-first)",
        GoalArg::Spiral => " (spiral)",
    }
}

/// The start and goal of `solve` and `check`: START is a board, a `start;goal` line as `random`
/// and `batch` write them, or `-` for one such line on standard input.
fn instance(start: &str, goal: &GoalOptions) -> Result<(Board, Board, GoalArg)> {
    let text = if start == "-" {
        read_one_line()?
    } else {
        start.to_owned()
    };
    if !text.contains([';', '\t']) {
        let start = engine::parse_board(&text).context("the start")?;
        let goal_arg = goal.goal();
        let goal = engine::goal_board(&goal_arg, &start)?;
        return Ok((start, goal, goal_arg));
    }
    if goal.given() {
        bail!("the goal is given twice: after the `;` of the start and as GOAL");
    }
    let line = puzzles::input::parse_batch_line(text.as_bytes())
        .map_err(anyhow::Error::from)
        .context("the start")?
        .ok_or_else(|| anyhow!("the start is empty"))?;
    let goal = line.goal.expect("a line with a `;` or a tab has a goal");
    Ok((
        line.start,
        goal.clone(),
        GoalArg::Board(engine::compact(&goal)),
    ))
}

/// The one instance line on standard input (blank and `#` lines skipped): `solve -` solves one
/// board, and more are for `slide batch`.
fn read_one_line() -> Result<String> {
    let mut lines = Vec::new();
    for line in io::stdin().lock().lines() {
        let line = line.context("reading standard input")?;
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        if !lines.is_empty() {
            bail!("standard input holds more than one board: `slide batch -` solves one a line");
        }
        lines.push(trimmed.to_owned());
    }
    lines
        .pop()
        .ok_or_else(|| anyhow!("standard input holds no board"))
}

fn solve(args: &SolveArgs) -> Result<Status> {
    let (start, goal, goal_arg) = instance(&args.start, &args.goal)?;
    if let Some(path) = &args.output.picture.svg {
        svg::check_destination(path)?;
    }
    let threads = args.threads.unwrap_or(NonZeroUsize::MIN);
    let mut solver = engine::Solver::new(choices(&args.search, threads)?)?.watched();
    let report = solver.solve(&start, &goal, &limits(&args.search))?;
    let mut out = status::stdout();
    let (start_text, goal_text) = (engine::compact(&start), engine::compact(&goal));
    // `--quiet` leaves the text's answer alone: the moves.
    let format = match args.output.format {
        SolveFormat::Text if progress::is_quiet() => SolveFormat::Moves,
        format => format,
    };
    match format {
        SolveFormat::Json => {
            let mut object = report::report_json(&start_text, &goal_text, &report);
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
            writeln!(out, "search: {}", report::search_text(&report))?;
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
            Ending::Solved(moves) => Some(tile_picture(&start, &goal_text, moves)?),
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
                args.search.max_stored
            )),
            None => status::warn(format_args!(
                "the search reached the --max-stored limit of {} stored nodes; raise it if memory allows, or use --algorithm idastar, which stores none",
                args.search.max_stored
            )),
        }
    }
    Ok(report::status_of(&report.ending))
}

/// The `--svg` picture of a sliding-tile solution, from the boards `--boards` prints: every tile
/// a one-cell piece named by its number (tiles are unique, so the number follows the tile), the
/// blank not drawn.
fn tile_picture(start: &Board, goal_text: &str, moves: &str) -> Result<(Scene, Vec<Vec<Placed>>)> {
    let shape = start.shape();
    let frames = (engine::boards_along(start, moves)?.iter())
        .map(|board| {
            (board.tiles().iter().enumerate())
                .filter(|&(_, &tile)| tile != 0)
                .map(|(cell, tile)| Placed {
                    name: tile.to_string(),
                    cells: vec![(shape.row(cell), shape.column(cell))],
                })
                .collect()
        })
        .collect();
    let scene = Scene {
        width: shape.width(),
        height: shape.height(),
        title: format!(
            "slide solve: {} to {goal_text} in {} moves",
            engine::compact(start),
            moves.len()
        ),
        ..Scene::default()
    };
    Ok((scene, frames))
}

fn check(args: &CheckArgs) -> Result<Status> {
    let (start, goal, goal_arg) = instance(&args.start, &args.goal)?;
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

fn random(args: &RandomArgs) -> Result<Status> {
    let seed = args.seed.unwrap_or_else(clock_seed);
    let goal = engine::goal_of_size(&args.size, &args.goal)?;
    // `batch` solves towards blank-last by default, so other goals go on every line.
    let goal_suffix = match &args.goal {
        GoalArg::BlankLast => String::new(),
        _ => format!(";{}", engine::compact(&goal)),
    };
    let mut out = io::BufWriter::new(status::stdout());
    // Each board from its own seed, drawn from a generator seeded with --seed: seeds S + index
    // would make --seed 2 the lines of --seed 1 shifted by one.
    let mut seeds = puzzles::SplitMix64::new(seed);
    let goal_text = engine::compact(&goal);
    for _ in 0..args.count {
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
fn graph(args: &GraphArgs) -> Result<Status> {
    let start = engine::parse_board(&args.start).context("the start")?;
    let goal: Option<Board> = args
        .goal
        .as_ref()
        .map(|goal| engine::goal_board(goal, &start))
        .transpose()?;
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
    Ok(report::status_of(&path))
}

/// The largest layout file read: a layout is 24 bytes, comments and all fit well within this.
const MAX_LAYOUT: u64 = 1 << 16;

fn klotski(args: &KlotskiArgs) -> Result<Status> {
    let layout = match args.file.as_deref() {
        None => None,
        Some(path) => Some(read_layout(path)?),
    };
    if let Some(path) = &args.picture.svg {
        svg::check_destination(path)?;
    }
    let limits = args.limits.limits();
    let report = engine::solve_klotski(layout.as_deref(), args.metric, &limits)?;
    // After the solution is printed, as for `solve`: a picture that cannot be written loses
    // no answer.
    let save_picture = || match &args.picture.svg {
        Some(path) => svg::save(
            path,
            match (&report.ending, &report.rendered) {
                (Ok(moves), Some(rendered)) => Some(klotski_picture(rendered, moves.len())?),
                _ => None,
            },
        ),
        None => Ok(()),
    };
    let mut out = status::stdout();
    let metric = match args.metric {
        MetricArg::Step => "step",
        MetricArg::Piece => "piece",
    };
    if args.format == TextOrJson::Json {
        let (result, length, moves, status) = match &report.ending {
            Ok(moves) => ("solved", Some(moves.len()), Some(moves), Status::Success),
            Err(None) => ("unsolvable", None, None, Status::Unsolvable),
            Err(Some(_)) => ("gave up", None, None, Status::LimitReached),
        };
        let mut object = serde_json::json!({
            "result": result,
            "metric": metric,
            "algorithm": "bfs",
            "length": length,
            "moves": moves,
            "statistics": report::statistics_json(&report.statistics),
        });
        if let Err(Some(limit)) = &report.ending {
            object["limit"] = serde_json::json!(limit.to_string());
        }
        writeln!(out, "{object}")?;
        out.flush()?;
        save_picture()?;
        return Ok(status);
    }
    writeln!(out, "metric: {metric}")?;
    let status = match &report.ending {
        Ok(moves) => {
            writeln!(out, "length: {}", moves.len())?;
            for (index, action) in moves.iter().enumerate() {
                writeln!(out, "{:>4}. {action}", index + 1)?;
            }
            if let (true, Some(rendered)) = (args.boards, &report.rendered) {
                writeln!(out, "\n{}", rendered.trim_end())?;
            }
            Status::Success
        }
        Err(None) => {
            writeln!(out, "result: unsolvable, the block cannot reach the exit")?;
            Status::Unsolvable
        }
        Err(Some(limit)) => {
            writeln!(out, "result: gave up, {limit}")?;
            Status::LimitReached
        }
    };
    if args.stats {
        write!(out, "{}", report::statistics_text(&report.statistics))?;
    }
    out.flush()?;
    save_picture()?;
    Ok(status)
}

/// The `--svg` picture of a Klotski solution, read from the boards `--boards` prints: there each
/// piece keeps the letter the layout gave it as it moves (the library carries letters along the
/// moves, which the canonical placements do not tell apart), so a letter follows one piece. Read
/// from the text, because the report holds the boards only as text.
fn klotski_picture(rendered: &str, moves: usize) -> Result<(Scene, Vec<Vec<Placed>>)> {
    use puzzles::blocks::{KLOTSKI_HEIGHT as HEIGHT, KLOTSKI_WIDTH as WIDTH};
    let mut frames: Vec<Vec<Placed>> = Vec::with_capacity(moves + 1);
    // Frames are separated by blank lines; each is its move's line, then the board's rows.
    for frame in rendered.trim_end().split("\n\n") {
        let rows: Vec<&str> = frame.lines().skip(1).collect();
        if rows.len() != HEIGHT || rows.iter().any(|row| row.chars().count() != WIDTH) {
            bail!("a Klotski board of the solution is not {WIDTH}x{HEIGHT}: {frame:?}");
        }
        let mut pieces: std::collections::BTreeMap<char, Vec<svg::Cell>> = Default::default();
        for (row, line) in rows.iter().enumerate() {
            for (column, letter) in line.chars().enumerate().filter(|&(_, c)| c != '.') {
                pieces.entry(letter).or_default().push((row, column));
            }
        }
        frames.push(
            (pieces.into_iter())
                .map(|(letter, cells)| Placed {
                    name: letter.to_string(),
                    cells,
                })
                .collect(),
        );
    }
    if frames.len() != moves + 1 {
        bail!(
            "the solution's {moves} moves came with {} boards",
            frames.len()
        );
    }
    // The block is the only piece of four cells, and every layout has exactly one.
    let highlighted = (frames[0].iter())
        .filter(|piece| piece.cells.len() == 4)
        .map(|piece| piece.name.clone())
        .collect();
    let scene = Scene {
        width: WIDTH,
        height: HEIGHT,
        highlighted,
        title: format!("slide klotski: the block to the exit in {moves} moves"),
        ..Scene::default()
    };
    Ok((scene, frames))
}

/// The text of a layout file, or of standard input for `-`: at most [`MAX_LAYOUT`] bytes of
/// UTF-8.
pub fn read_layout(path: &std::path::Path) -> Result<String> {
    let mut bytes = Vec::new();
    let from_stdin = path.as_os_str() == "-";
    // One byte more than allowed, to tell a long file from one that just fits.
    let read = if from_stdin {
        io::stdin()
            .lock()
            .take(MAX_LAYOUT + 1)
            .read_to_end(&mut bytes)
    } else {
        std::fs::File::open(path).and_then(|file| file.take(MAX_LAYOUT + 1).read_to_end(&mut bytes))
    };
    read.with_context(|| format!("cannot read {}", path.display()))?;
    if bytes.len() as u64 > MAX_LAYOUT {
        bail!(
            "{} is longer than {MAX_LAYOUT} bytes, more than any layout of at most 64 cells",
            path.display()
        );
    }
    String::from_utf8(bytes).map_err(|_| anyhow!("{} is not UTF-8 text", path.display()))
}

fn completions(args: &CompletionsArgs) -> Result<Status> {
    // clap_complete panics when its writer fails, so it writes to memory and we to the pipe.
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut Cli::command(), "slide", &mut script);
    let mut out = status::stdout();
    out.write_all(&script)?;
    out.flush()?;
    Ok(Status::Success)
}
