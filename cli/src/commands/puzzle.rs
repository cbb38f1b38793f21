//! `solve`, `check` and `graph` for any puzzle of the registry, through the front-end contract
//! ([`puzzles::front_end`]), the choices and JSON records `batch` shares with them, and `slide
//! puzzles`, which lists the registry.
//!
//! Sliding tiles keep their own paths (pattern-database cache, notation, pictures, pruning);
//! every other puzzle, this crate's or one a program registers, comes here and gets the same
//! flags, output shapes, limits, exit codes and status line.

use std::io::Write;
use std::num::NonZeroUsize;
use std::path::PathBuf;

use anyhow::{anyhow, bail, Context, Result};
use puzzles::front_end::{
    Answer, Choice, Choices, Ending, Grid, Instance, InstanceError, PuzzleKind, Reachability,
    Registry, Request,
};
use search_core::{observer::Progress, Limit, Limits};
use serde_json::{json, Value};

use crate::app;
use crate::args::{
    CheckArgs, GraphArgs, GraphFormat, PuzzlesArgs, SearchOptions, SolutionOutput, SolveFormat,
    TextOrJson,
};
use crate::input;
use crate::output::status::{self, Status};
use crate::output::svg;
use crate::output::{progress, report};

/// The instance of `kind` that `text` (one argument, a batch line, or standard input's text)
/// and `goal` (given apart from it) name: the front end splits `start;goal` (or a tab) for
/// every puzzle, and the puzzle reads each part, goal names included.
pub fn parse_instance(
    kind: &dyn PuzzleKind,
    text: &str,
    goal: Option<&str>,
) -> Result<Box<dyn Instance>> {
    // A layout on several lines is one instance, whatever its lines hold.
    let (start, line_goal) = if text.trim().contains('\n') {
        (text, None)
    } else {
        puzzles::input::split_instance(text)
            .map_err(|error| anyhow!("bad {} instance: {error}", kind.name()))?
    };
    let goal = match (line_goal, goal) {
        (Some(_), Some(_)) => {
            bail!("the goal is given twice: after the start's `;` and as GOAL")
        }
        (line_goal, goal) => line_goal.or(goal),
    };
    kind.parse(start, goal).map_err(|error| {
        anyhow::Error::from(error).context(format!("bad {} instance", kind.name()))
    })
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

/// One solve as the command line asks for it, whichever subcommand asked: `solve --puzzle`,
/// or `klotski` and `blocks`, which are spellings of it.
#[derive(Debug)]
pub struct Solving<'a> {
    /// The instance's text: a start, or `start;goal`.
    pub text: String,
    /// The goal, given apart from the start.
    pub goal: Option<&'a str>,
    /// The search options.
    pub search: &'a SearchOptions,
    /// `--threads`, which only sliding tiles take.
    pub threads: Option<NonZeroUsize>,
    /// What to print and draw.
    pub output: &'a SolutionOutput,
    /// The files the instance was read from, which `--svg` must not overwrite.
    pub inputs: Vec<PathBuf>,
}

/// `slide solve --puzzle NAME`, `slide klotski`, `slide blocks`.
pub fn solve(kind: &dyn PuzzleKind, solving: &Solving<'_>) -> Result<Status> {
    let given: &[&str] = if solving.threads.is_some() {
        &["--threads"]
    } else {
        &[]
    };
    let choices = choices(kind, solving.search, given)?;
    let instance = parse_instance(kind, &solving.text, solving.goal)?;
    let output = solving.output;
    if let Some(path) = &output.picture.svg {
        let inputs: Vec<&std::path::Path> = solving.inputs.iter().map(PathBuf::as_path).collect();
        svg::check_destination(path, &inputs)?;
    }
    let limits = solving.search.limits.limits();
    let answer = solve_watched(kind, &*instance, &choices, &limits)?;
    let mut out = status::stdout();
    let format = match output.format {
        SolveFormat::Text if progress::is_quiet() => SolveFormat::Moves,
        format => format,
    };
    match format {
        SolveFormat::Json => {
            let mut object = report::answer_json(&instance.start(), &instance.goal(), &answer, &[]);
            if let (true, Ending::Solved(solution)) = (output.boards, &answer.ending) {
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
            writeln!(out, "search: {}", report::answer_search_text(&answer, &[]))?;
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
            if output.stats {
                write!(out, "{}", report::statistics_text(&answer.statistics))?;
            }
            if let (true, Ending::Solved(solution)) = (output.boards, &answer.ending) {
                let boards = (solution.states.iter()).map(|state| match instance.draw(state) {
                    Some(grid) => grid.to_string(),
                    None => state.replace('/', "\n"),
                });
                report::write_steps(&mut out, &solution.moves, boards)?;
            }
        }
    }
    out.flush()?;
    // After the solution is printed: a picture that cannot be written loses no answer.
    if let Some(path) = &output.picture.svg {
        let picture = match &answer.ending {
            Ending::Solved(solution) => Some(picture(kind, &*instance, &solution.states)?),
            Ending::Unreachable { .. } | Ending::LimitReached { .. } => None,
        };
        svg::save(path, picture)?;
    }
    if let Ending::LimitReached { limit, .. } = &answer.ending {
        if let Some(hint) = limit_hint(limit) {
            status::note(format_args!("{hint}"));
        }
    }
    Ok(report::answer_status(&answer.ending))
}

/// The `--svg` picture of a solution: its states drawn by the puzzle ([`Instance::draw`]).
fn picture(
    kind: &dyn PuzzleKind,
    instance: &dyn Instance,
    states: &[String],
) -> Result<(svg::Scene, Vec<Vec<svg::Placed>>)> {
    let grids = (states.iter())
        .map(|state| instance.draw(state))
        .collect::<Option<Vec<Grid>>>()
        .ok_or_else(|| {
            anyhow!(
                "{} cannot draw its states, so there is no picture (its states are not rows separated by `/`)",
                kind.name()
            )
        })?;
    let moves = states.len().saturating_sub(1);
    let title = format!(
        "{} solve --puzzle {}: {} in {moves} moves",
        app::name(),
        kind.name(),
        instance.start()
    );
    svg::from_grids(&grids, title)
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

/// `slide check --puzzle NAME`: what the puzzle can tell without a search.
pub fn check(kind: &dyn PuzzleKind, args: &CheckArgs) -> Result<Status> {
    let instance = parse_instance(
        kind,
        &input::instance_text(&args.start, None)?,
        args.goal.text(),
    )?;
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
                "{} cannot tell without searching: `{} solve --puzzle {}` finds out",
                kind.name(),
                app::name(),
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

/// `slide graph --puzzle NAME`: the states within `--depth` moves of the start, the start and
/// the goals marked, and with `--goal` or `--path` an optimal path drawn in red, as for
/// sliding tiles.
pub fn graph(kind: &dyn PuzzleKind, args: &GraphArgs) -> Result<Status> {
    let instance = parse_instance(kind, &args.start, args.goal.as_deref())?;
    let limits = Limits::default().with_max_expanded(args.max_nodes);
    let explored = instance.explore(
        args.depth as usize,
        &crate::args::exploring_limits(args.max_nodes),
    );
    if explored.limit.is_some() {
        status::warn(format_args!(
            "the graph within {} moves has more than {} nodes; lower --depth or raise --max-nodes",
            args.depth, args.max_nodes
        ));
        return Ok(Status::LimitReached);
    }
    // The path's states, keyed as the graph's nodes are ([`Instance::state_key`]).
    let path = if args.goal.is_some() || args.path {
        let choices = Choices::default();
        let request = Request::new(&choices, &limits);
        Some(instance.solve(&request).map_err(solve_error)?)
    } else {
        None
    };
    let states: Vec<String> = match path.as_ref().map(|answer| &answer.ending) {
        Some(Ending::Solved(solution)) => (solution.states.iter())
            .map(|state| instance.state_key(state))
            .collect(),
        _ => Vec::new(),
    };
    let keys: Vec<String> = (explored.nodes.iter())
        .map(|node| instance.state_key(node))
        .collect();
    let on_path = |node: usize| states.contains(&keys[node]);
    let step_of_path = |from: usize, to: usize| {
        (states.windows(2)).any(|pair| pair[0] == keys[from] && pair[1] == keys[to])
    };
    // Goals: the nodes the puzzle says are goals, and the path's end (a goal given).
    let is_goal = |node: usize| {
        explored.goals.contains(&node) || states.last().is_some_and(|last| *last == keys[node])
    };
    let mut out = status::stdout();
    match args.format {
        GraphFormat::Json => {
            let edges: Vec<Value> = (explored.edges.iter())
                .map(|(from, to, name)| json!({"from": from, "to": to, "move": name}))
                .collect();
            let goals: Vec<usize> = (0..explored.nodes.len())
                .filter(|&node| is_goal(node))
                .collect();
            let mut object = json!({
                "puzzle": kind.name(),
                "start": instance.start(),
                "depth": args.depth,
                "nodes": explored.nodes,
                "edges": edges,
                "start_node": 0,
                "goal_nodes": goals,
            });
            if let Some(answer) = &path {
                object["goal"] = json!(instance.goal());
                object["result"] = json!(report::answer_word(&answer.ending));
                if let Ending::Solved(solution) = &answer.ending {
                    object["length"] = json!(solution.moves.len());
                    object["moves"] = json!(solution.line);
                    object["move_list"] = json!(solution.moves);
                }
            }
            writeln!(out, "{object}")?;
        }
        GraphFormat::Dot => {
            writeln!(out, "digraph {{")?;
            writeln!(out, "    node [ shape = box fontname = \"monospace\" ]")?;
            for (index, node) in explored.nodes.iter().enumerate() {
                let mut attributes = String::new();
                if on_path(index) {
                    attributes.push_str(" color = red penwidth = 2");
                }
                // As search-core's DOT export marks them for sliding tiles.
                match (index == 0, is_goal(index)) {
                    (true, true) => attributes
                        .push_str(" xlabel = \"start, goal\" style = filled fillcolor = palegreen"),
                    (true, false) => {
                        attributes
                            .push_str(" xlabel = \"start\" style = filled fillcolor = lightblue");
                    }
                    (false, true) => {
                        attributes
                            .push_str(" xlabel = \"goal\" style = filled fillcolor = palegreen");
                    }
                    (false, false) => {}
                }
                writeln!(
                    out,
                    "    {index} [ label = {}{attributes} ]",
                    dot_string(node)
                )?;
            }
            for (from, to, name) in &explored.edges {
                let red = if step_of_path(*from, *to) {
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
    Ok(report::answer_status(&answer.ending))
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
