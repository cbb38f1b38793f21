//! `solve`, `check` and `graph` for any puzzle of the registry, through the front-end contract
//! ([`puzzles::front_end`]), the choices and JSON records `batch` shares with them, and `slide
//! puzzles`, which lists the registry.
//!
//! Sliding tiles keep their own paths (pattern-database cache, notation, pictures, pruning);
//! every other puzzle, this crate's or one a program registers, comes here and gets the same
//! flags, output shapes, limits, exit codes and status line.

use std::io::Write;

use anyhow::{bail, Context, Result};
use puzzles::front_end::{
    Answer, Choice, Choices, Ending, Instance, InstanceError, PuzzleKind, Reachability, Registry,
    Request,
};
use search_core::{Limit, Limits, Progress};
use serde_json::{json, Value};

use crate::args::{
    CheckArgs, GoalArg, GoalOptions, GraphArgs, GraphFormat, PuzzlesArgs, SearchOptions, SolveArgs,
    SolveFormat, TextOrJson,
};
use crate::commands::{limits, read_layout};
use crate::status::{self, Status};
use crate::{progress, report};

/// The instance the command line names: START (or standard input for `-`), with GOAL if given.
fn instance(kind: &dyn PuzzleKind, start: &str, goal: &GoalOptions) -> Result<Box<dyn Instance>> {
    let text = if start == "-" {
        read_layout(std::path::Path::new("-"))?
    } else {
        start.to_owned()
    };
    let goal = goal.given().then(|| goal_text(&goal.goal()));
    kind.parse(&text, goal.as_deref()).map_err(|error| {
        anyhow::Error::from(error).context(format!("bad {} instance", kind.name()))
    })
}

/// The goal as the puzzle reads it: the board given, or the name.
pub fn goal_text(goal: &GoalArg) -> String {
    match goal {
        GoalArg::Board(text) => text.clone(),
        GoalArg::BlankLast => "blank-last".to_owned(),
        GoalArg::BlankFirst => "blank-first".to_owned(),
        GoalArg::Spiral => "spiral".to_owned(),
    }
}

/// Refuses the options that only sliding tiles take.
fn refuse_tiles_only(kind: &dyn PuzzleKind, flags: &[&str]) -> Result<()> {
    match flags {
        [] => Ok(()),
        flags => bail!(
            "{} {} to sliding tiles only, not to --puzzle {}",
            flags.join(" and "),
            if flags.len() == 1 { "applies" } else { "apply" },
            kind.name()
        ),
    }
}

/// The choices `options` make for `kind`, or why it does not offer them; `given` names the
/// options of the subcommand beyond these that only sliding tiles take and were given.
pub fn choices(kind: &dyn PuzzleKind, options: &SearchOptions, given: &[&str]) -> Result<Choices> {
    let mut tiles_only = options.tiles_only_given();
    tiles_only.extend_from_slice(given);
    refuse_tiles_only(kind, &tiles_only)?;
    let choices = Choices {
        algorithm: options.algorithm.clone(),
        heuristic: options.heuristic.clone(),
        metric: options.metric.clone(),
    };
    choices.check(kind)?;
    Ok(choices)
}

/// `slide solve --puzzle NAME`.
pub fn solve(kind: &dyn PuzzleKind, args: &SolveArgs) -> Result<Status> {
    let mut tiles_only = Vec::new();
    if args.threads.is_some() {
        tiles_only.push("--threads");
    }
    if args.output.picture.svg.is_some() {
        tiles_only.push("--svg (slide klotski and slide blocks draw theirs)");
    }
    let choices = choices(kind, &args.search, &tiles_only)?;
    let instance = instance(kind, &args.start, &args.goal)?;
    let limits = limits(&args.search);
    let answer = solve_watched(kind, &*instance, &choices, &limits)?;
    let mut out = status::stdout();
    let format = match args.output.format {
        SolveFormat::Text if progress::is_quiet() => SolveFormat::Moves,
        format => format,
    };
    match format {
        SolveFormat::Json => {
            let mut object = answer_json(&instance.start(), &instance.goal(), &answer);
            if let (true, Ending::Solved(solution)) = (args.output.boards, &answer.ending) {
                object["boards"] = json!(solution.states);
            }
            writeln!(out, "{object}")?;
        }
        SolveFormat::Moves => {
            if let Ending::Solved(solution) = &answer.ending {
                writeln!(out, "{}", solution.line)?;
            }
        }
        SolveFormat::Text => {
            writeln!(out, "start:  {}", instance.start())?;
            writeln!(out, "goal:   {}", instance.goal())?;
            writeln!(out, "search: {}", search_text(&answer))?;
            match &answer.ending {
                Ending::Solved(solution) => {
                    writeln!(out, "length: {}", solution.moves.len())?;
                    writeln!(out, "moves:  {}", solution.line)?;
                }
                Ending::Unreachable { reason, reaches } => {
                    writeln!(out, "result: unsolvable: {reason}")?;
                    if !reaches.is_empty() {
                        writeln!(out, "reaches: {}", reaches.join(", "))?;
                    }
                }
                Ending::LimitReached { limit, lower_bound } => {
                    writeln!(out, "{}", report::gave_up_line(limit, *lower_bound))?;
                }
            }
            if args.output.stats {
                write!(out, "{}", report::statistics_text(&answer.statistics))?;
            }
            if let (true, Ending::Solved(solution)) = (args.output.boards, &answer.ending) {
                let boards = solution.states.iter().map(|state| state.replace('/', "\n"));
                report::write_steps(&mut out, &solution.moves, boards)?;
            }
        }
    }
    out.flush()?;
    if let Ending::LimitReached { limit, .. } = &answer.ending {
        if let Some(hint) = limit_hint(limit) {
            status::note(format_args!("{hint}"));
        }
    }
    Ok(status_of(&answer.ending))
}

/// Solves `instance`, with a status line on a terminal.
fn solve_watched(
    kind: &dyn PuzzleKind,
    instance: &dyn Instance,
    choices: &Choices,
    limits: &Limits,
) -> Result<Answer> {
    let status = progress::StatusLine::start("starting");
    let algorithm = (choices.algorithm.as_deref())
        .or_else(|| kind.algorithms().first().map(|choice| choice.name))
        .unwrap_or("search")
        .to_owned();
    status.phase(&format!("search {algorithm}"));
    let watch = |progress: &Progress| status.search(&algorithm, progress);
    let request = Request::new(choices, limits).with_progress(&watch);
    let answer = instance.solve(&request).map_err(solve_error);
    drop(status);
    answer
}

/// A failure of the puzzle's own (a file it needs) is exit code 5; a choice it does not
/// offer is bad input.
fn solve_error(error: InstanceError) -> anyhow::Error {
    match error {
        InstanceError::Failed(reason) => status::FileFailure(reason).into(),
        other => other.into(),
    }
}

/// What to try when `limit` stopped a search.
fn limit_hint(limit: &Limit) -> Option<&'static str> {
    match limit {
        Limit::Deadline => Some("try a larger --timeout"),
        Limit::Expanded => Some("try a larger --max-nodes"),
        Limit::Stored => Some("try a larger --max-stored"),
        _ => None,
    }
}

/// The exit status of a solve.
fn status_of(ending: &Ending) -> Status {
    match ending {
        Ending::Solved(_) => Status::Success,
        Ending::Unreachable { .. } => Status::Unsolvable,
        Ending::LimitReached { .. } => Status::LimitReached,
    }
}

/// `idastar (manhattan)`, `bfs, piece metric`.
fn search_text(answer: &Answer) -> String {
    let mut text = answer.algorithm.clone();
    if let Some(heuristic) = &answer.heuristic {
        text += &format!(" ({heuristic})");
    }
    if let Some(metric) = &answer.metric {
        text += &format!(", {metric} metric");
    }
    text
}

/// The `result` word of JSON and tables.
fn result_word(ending: &Ending) -> &'static str {
    match ending {
        Ending::Solved(_) => "solved",
        Ending::Unreachable { .. } => "unsolvable",
        Ending::LimitReached { .. } => "gave up",
    }
}

/// One solve as JSON, with the fields and meanings of tiles' (`report::report_json`), plus
/// `puzzle` and `metric`; `moves` is the list of the moves' names.
pub fn answer_json(start: &str, goal: &str, answer: &Answer) -> Value {
    let (solvable, length, moves) = match &answer.ending {
        Ending::Solved(solution) => (
            json!(true),
            json!(solution.moves.len()),
            json!(solution.moves),
        ),
        Ending::Unreachable { .. } => (json!(false), Value::Null, Value::Null),
        Ending::LimitReached { .. } => (Value::Null, Value::Null, Value::Null),
    };
    let mut object = json!({
        "result": result_word(&answer.ending),
        "start": start,
        "goal": goal,
        "solvable": solvable,
        "length": length,
        "moves": moves,
        "algorithm": answer.algorithm,
        "heuristic": answer.heuristic,
        "statistics": report::statistics_json(&answer.statistics),
    });
    if let Some(metric) = &answer.metric {
        object["metric"] = json!(metric);
    }
    match &answer.ending {
        Ending::Solved(solution) if solution.cost != solution.moves.len() as u64 => {
            object["cost"] = json!(solution.cost);
        }
        Ending::Unreachable { reaches, .. } => object["reaches"] = json!(reaches),
        Ending::LimitReached { limit, lower_bound } => {
            object["limit"] = json!(limit.to_string());
            if let Some(bound) = lower_bound {
                object["lower_bound"] = json!(bound);
            }
        }
        Ending::Solved(_) => {}
    }
    object
}

/// `slide check --puzzle NAME`: what the puzzle can tell without a search.
pub fn check(kind: &dyn PuzzleKind, args: &CheckArgs) -> Result<Status> {
    let instance = instance(kind, &args.start, &args.goal)?;
    let (word, solvable, reason, reaches, status) = match instance.check() {
        Reachability::Reachable { reason } => {
            ("solvable", Some(true), reason, Vec::new(), Status::Success)
        }
        Reachability::Unreachable { reason, reaches } => (
            "unsolvable",
            Some(false),
            reason,
            reaches,
            Status::Unsolvable,
        ),
        Reachability::Unknown => (
            "unknown",
            None,
            format!(
                "{} cannot tell without searching: `slide solve --puzzle {}` finds out",
                kind.name(),
                kind.name()
            ),
            Vec::new(),
            Status::Success,
        ),
    };
    let mut out = status::stdout();
    match args.format {
        TextOrJson::Json => {
            let mut object = json!({
                "result": word,
                "solvable": solvable,
                "reason": reason,
                "start": instance.start(),
                "goal": instance.goal(),
            });
            if solvable == Some(false) {
                object["reaches"] = json!(reaches);
            }
            writeln!(out, "{object}")?;
        }
        TextOrJson::Text => {
            writeln!(out, "{word}: {reason}")?;
            writeln!(
                out,
                "start: {}\ngoal:  {}",
                instance.start(),
                instance.goal()
            )?;
            if !reaches.is_empty() {
                writeln!(out, "reaches: {}", reaches.join(", "))?;
            }
        }
    }
    out.flush()?;
    Ok(status)
}

/// `slide graph --puzzle NAME`: the states within `--depth` moves of the start, and with
/// `--goal` an optimal path to it drawn in red, as for sliding tiles.
pub fn graph(kind: &dyn PuzzleKind, args: &GraphArgs) -> Result<Status> {
    let goal = args.goal.as_ref().map(|goal| GoalOptions {
        goal: None,
        goal_option: Some(goal.clone()),
    });
    let instance = instance(
        kind,
        &args.start,
        goal.as_ref().unwrap_or(&GoalOptions::none()),
    )?;
    let limits = Limits::default().with_max_expanded(args.max_nodes);
    let explored = instance.explore(args.depth as usize, &limits);
    if explored.limit.is_some() {
        status::warn(format_args!(
            "the graph within {} moves has more than {} nodes; lower --depth or raise --max-nodes",
            args.depth, args.max_nodes
        ));
        return Ok(Status::LimitReached);
    }
    // The path's states, as the graph's nodes write them, and its moves between them.
    let path = match goal {
        Some(_) => Some(
            instance
                .solve(&Request::new(&Choices::default(), &limits))
                .map_err(solve_error)?,
        ),
        None => None,
    };
    let states: &[String] = match path.as_ref().map(|answer| &answer.ending) {
        Some(Ending::Solved(solution)) => &solution.states,
        _ => &[],
    };
    let on_path = |node: &str| states.iter().any(|state| state == node);
    let step_of_path =
        |from: &str, to: &str| (states.windows(2)).any(|pair| pair[0] == from && pair[1] == to);
    let mut out = status::stdout();
    match args.format {
        GraphFormat::Json => {
            let edges: Vec<Value> = (explored.edges.iter())
                .map(|(from, to, name)| json!({"from": from, "to": to, "move": name}))
                .collect();
            let mut object = json!({
                "puzzle": kind.name(),
                "start": instance.start(),
                "depth": args.depth,
                "nodes": explored.nodes,
                "edges": edges,
            });
            if let Some(answer) = &path {
                object["goal"] = json!(instance.goal());
                object["result"] = json!(result_word(&answer.ending));
                if let Ending::Solved(solution) = &answer.ending {
                    object["length"] = json!(solution.moves.len());
                    object["moves"] = json!(solution.moves);
                }
            }
            writeln!(out, "{object}")?;
        }
        GraphFormat::Dot => {
            writeln!(out, "digraph {{")?;
            writeln!(out, "    node [ shape = box fontname = \"monospace\" ]")?;
            for (index, node) in explored.nodes.iter().enumerate() {
                let red = if on_path(node) {
                    " color = red penwidth = 2"
                } else {
                    ""
                };
                writeln!(out, "    {index} [ label = {}{red} ]", dot_string(node))?;
            }
            for (from, to, name) in &explored.edges {
                let red = if step_of_path(&explored.nodes[*from], &explored.nodes[*to]) {
                    " color = red penwidth = 2"
                } else {
                    ""
                };
                writeln!(
                    out,
                    "    {from} -> {to} [ label = {}{red} ]",
                    dot_string(name)
                )?;
            }
            writeln!(out, "}}")?;
        }
    }
    out.flush()?;
    let Some(answer) = path else {
        return Ok(Status::Success);
    };
    match &answer.ending {
        Ending::Solved(solution) if solution.moves.len() as u64 > u64::from(args.depth) => {
            status::warn(format_args!(
                "the goal is {} moves away, beyond --depth {}: its path is highlighted only as far as the graph reaches; --depth {} draws it all",
                solution.moves.len(),
                args.depth,
                solution.moves.len()
            ))
        }
        Ending::Solved(_) => {}
        Ending::Unreachable { reason, .. } => status::warn(format_args!(
            "no path is highlighted: the goal is unreachable from the start ({reason})"
        )),
        Ending::LimitReached { limit, .. } => status::warn(format_args!(
            "no path is highlighted: the search for a path to the goal gave up, {limit}; raise --max-nodes, or leave out --goal"
        )),
    }
    Ok(status_of(&answer.ending))
}

/// `text` as a DOT string, quoted and escaped, rows (`/`) on lines of their own.
fn dot_string(text: &str) -> String {
    let escaped = text.replace('\\', "\\\\").replace('"', "\\\"");
    format!("\"{}\"", escaped.replace('/', "\\n"))
}

/// `slide puzzles`: every registered puzzle and what it offers.
pub fn list(registry: &Registry, args: &PuzzlesArgs) -> Result<Status> {
    let mut out = status::stdout();
    let names = |list: &[Choice]| list.iter().map(|choice| choice.name).collect::<Vec<_>>();
    for kind in registry.kinds() {
        match args.format {
            TextOrJson::Json => {
                let object = json!({
                    "name": kind.name(),
                    "summary": kind.summary(),
                    "syntax": kind.syntax(),
                    "algorithms": names(kind.algorithms()),
                    "heuristics": names(kind.heuristics()),
                    "metrics": names(kind.metrics()),
                });
                writeln!(out, "{object}")?;
            }
            TextOrJson::Text => {
                writeln!(out, "{}: {}", kind.name(), kind.summary())?;
                writeln!(out, "  instance:   {}", kind.syntax())?;
                for (what, list) in [
                    ("algorithms", kind.algorithms()),
                    ("heuristics", kind.heuristics()),
                    ("metrics", kind.metrics()),
                ] {
                    if !list.is_empty() {
                        writeln!(out, "  {what:<11} {}", names(list).join(", "))?;
                    }
                }
            }
        }
    }
    out.flush().context("writing the list of puzzles")?;
    Ok(Status::Success)
}
