//! `slide solve`, and `slide klotski` and `slide blocks`, which are spellings of it: one
//! instance of any puzzle of the registry, read by the puzzle, solved through the front-end
//! contract ([`puzzles::front_end`]) and written by the one text and JSON writer.

use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;

use anyhow::{Result, anyhow, bail};
use puzzles::front_end::{
    Answer, Ending, Grid, Instance, InstanceError, Options, PuzzleKind, Request,
};
use search_core::observer::Progress;
use search_core::{Limit, Limits};
use serde_json::json;

use crate::app;
use crate::args::{SearchOptions, SolutionOutput, SolveArgs, SolveFormat};
use crate::input;
use crate::output::progress::{self, StandardError};
use crate::output::status::{self, Status};
use crate::output::{report, svg};
use puzzles::front_end::Registry;

/// The instance of `kind` that `text` (one argument, a batch line, or standard input's text)
/// and `goal` (given apart from it) name: the front end splits `start;goal` (or a tab) for
/// every puzzle, and the puzzle reads each part, goal names included.
pub fn parse_instance(
    kind: &dyn PuzzleKind,
    text: &str,
    goal: Option<&str>,
) -> Result<Box<dyn Instance>> {
    // Comment lines (`# ` and what follows) and blank lines are no part of an instance; what
    // is left on several lines is one instance, whatever its lines hold (a layout), and on one
    // line may hold a goal after a `;` or a tab.
    let meaningful: Vec<&str> = (text.lines())
        .filter(|line| !line.trim().is_empty() && !line.trim_start().starts_with("# "))
        .collect();
    let joined;
    let (start, line_goal) = match meaningful.as_slice() {
        [line] => puzzles::input::split_instance(line)
            .map_err(|error| anyhow!("bad {} instance: {error}", kind.name()))?,
        lines => {
            joined = lines.join("\n");
            (joined.as_str(), None)
        }
    };
    let goal = match (line_goal, goal) {
        (Some(_), Some(_)) => {
            bail!("the goal is given twice: after the `;` of the start and as GOAL")
        }
        (line_goal, goal) => line_goal.or(goal),
    };
    kind.parse(start, goal).map_err(|error| {
        anyhow::Error::from(error).context(format!("bad {} instance", kind.name()))
    })
}

/// The choices and options `search` (and `threads`) make for `kind`, checked against what it
/// offers.
pub fn request_of(
    kind: &dyn PuzzleKind,
    search: &SearchOptions,
    threads: Option<std::num::NonZeroUsize>,
) -> Result<(puzzles::front_end::Choices, Options)> {
    let (choices, options) = (search.choices(), search.options(threads));
    kind.check_request(&choices, &options)?;
    Ok((choices, options))
}

/// One solve as the command line asks for it, whichever subcommand asked: `solve`, or
/// `klotski` and `blocks`, which are spellings of it.
#[derive(Debug)]
pub struct Solving<'a> {
    /// The instance's text: a start, or `start;goal`.
    pub text: String,
    /// The goal, given apart from the start.
    pub goal: Option<&'a str>,
    /// The search options.
    pub search: &'a SearchOptions,
    /// `--threads`, which `solve` alone takes.
    pub threads: Option<std::num::NonZeroUsize>,
    /// What to print and draw.
    pub output: &'a SolutionOutput,
    /// The files the instance was read from, which `--svg` must not overwrite.
    pub inputs: Vec<PathBuf>,
}

/// `slide solve`.
pub fn run(args: &SolveArgs, registry: &Registry) -> Result<Status> {
    let solving = Solving {
        text: input::instance_text(&args.start, args.search.limits.timeout)?,
        goal: args.goal.text(),
        search: &args.search,
        threads: args.threads,
        output: &args.output,
        inputs: Vec::new(),
    };
    solve(registry.get(&args.puzzle.name)?, &solving)
}

/// `slide solve --puzzle NAME`, `slide klotski`, `slide blocks`.
pub fn solve(kind: &dyn PuzzleKind, solving: &Solving<'_>) -> Result<Status> {
    let (choices, options) = request_of(kind, solving.search, solving.threads)?;
    let instance = parse_instance(kind, &solving.text, solving.goal)?;
    let output = solving.output;
    if let Some(path) = &output.picture.svg {
        let inputs: Vec<&std::path::Path> = solving.inputs.iter().map(PathBuf::as_path).collect();
        svg::check_destination(path, &inputs)?;
    }
    let limits = solving.search.limits.limits();
    let answer = {
        let status = progress::StatusLine::start("starting");
        let algorithm = (choices.algorithm.as_deref())
            .or_else(|| kind.algorithms().first().map(|choice| choice.name))
            .unwrap_or("search")
            .to_owned();
        let watch = |progress: &Progress| status.search(&algorithm, progress);
        let request = Request::new(&choices, &limits)
            .with_options(&options)
            .with_progress(&watch)
            .with_listener(Arc::new(StandardError))
            .with_program(app::name());
        let mut answer = instance.solve(&request).map_err(solve_error)?;
        over_budget(&mut answer);
        answer
    };
    let mut out = status::stdout();
    // `--quiet` leaves the text's answer alone: the moves.
    let format = match output.format {
        SolveFormat::Text if progress::is_quiet() => SolveFormat::Moves,
        format => format,
    };
    match format {
        SolveFormat::Json => {
            let mut object = report::answer_json(&instance.start(), &instance.goal(), &answer);
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
            report::write_answer(&mut out, &*instance, &answer, output.stats)?;
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
        let grids = match &answer.ending {
            Ending::Solved(solution) => Some(grids(kind, &*instance, &solution.states)?),
            Ending::Unreachable { .. } | Ending::LimitReached { .. } => None,
        };
        let title = format!(
            "{} solve --puzzle {}: {} to {} in {} moves",
            app::name(),
            kind.name(),
            instance.start(),
            instance.goal(),
            answer.length().unwrap_or(0)
        );
        svg::save(path, grids, &title)?;
    }
    if let Some(hint) = give_up_hint(&answer) {
        status::note(format_args!("{hint}"));
    }
    Ok(report::answer_status(&answer.ending))
}

/// A solution's states drawn by the puzzle ([`Instance::draw`]), for its `--svg` picture.
fn grids(kind: &dyn PuzzleKind, instance: &dyn Instance, states: &[String]) -> Result<Vec<Grid>> {
    (states.iter())
        .map(|state| instance.draw(state))
        .collect::<Option<Vec<Grid>>>()
        .ok_or_else(|| {
            anyhow!(
                "{} cannot draw its states, so there is no picture (its states are not rows separated by `/`)",
                kind.name()
            )
        })
}

/// A failure of the puzzle's own (a file it needs) is exit code 5; a choice it does not
/// offer is bad input.
pub fn solve_error(error: InstanceError) -> anyhow::Error {
    match error {
        InstanceError::Failed(reason) => status::FileFailure(reason).into(),
        other => other.into(),
    }
}

/// What to try when a limit stopped the search of `answer`: the puzzle's own advice, else a
/// larger limit.
pub fn give_up_hint(answer: &Answer) -> Option<String> {
    let Ending::LimitReached { limit, .. } = &answer.ending else {
        return None;
    };
    if answer.hint.is_some() {
        return answer.hint.clone();
    }
    let option = match limit {
        Limit::Deadline => "--timeout",
        Limit::Expanded => "--max-nodes",
        Limit::Stored => "--max-stored",
        _ => return None,
    };
    Some(format!("try a larger {option}"))
}

/// A search the memory budget stopped ended at the memory guard, not at Ctrl-C: said so, with
/// what to try.
pub fn over_budget(answer: &mut Answer) {
    if let Ending::LimitReached { limit, .. } = &mut answer.ending {
        let told = crate::output::memory::as_told(*limit);
        if told != *limit {
            *limit = told;
            answer.hint = Some(format!(
                "{}, or use --algorithm idastar, which stores no nodes",
                crate::output::memory::OVER_BUDGET
            ));
        }
    }
}

/// Solves `instance` with the puzzle's defaults within `limits`, as `graph` and classic mode
/// do, saying nothing.
pub fn solve_quietly(instance: &dyn Instance, limits: &Limits) -> Result<Answer> {
    let choices = puzzles::front_end::Choices::default();
    let request = Request::new(&choices, limits).with_program(app::name());
    instance.solve(&request).map_err(solve_error)
}
