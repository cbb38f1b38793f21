//! One module a subcommand; this one only dispatches. Each subcommand parses what it was
//! given, calls the libraries and prints through `output`: no module here imports another's
//! internals but `solve`'s, the road every puzzle takes (`batch`, `check`, `graph`, `klotski`
//! and `blocks` read instances and make requests as it does).

pub mod batch;
pub mod blocks;
pub mod check;
pub mod classic;
pub mod graph;
pub mod list;
pub mod pdb;
pub mod random;
pub mod solve;

use std::io::{self, IsTerminal, Write};

use anyhow::Result;
use puzzles::front_end::Registry;

use crate::app;
use crate::args::{Cli, Command, CompletionsArgs, KlotskiArgs};
use crate::input;
use crate::output::status::{self, Status};
use solve::Solving;

/// Runs what the command line asks for, with the puzzles of `registry` for `--puzzle`.
pub fn run(cli: Cli, registry: &Registry) -> Result<Status> {
    match cli.command {
        None if io::stdin().is_terminal() => {
            // Waiting silently for a board nobody is going to type helps no one. If standard
            // error is gone there is nobody to tell, and the exit code says it anyway.
            let _ = crate::args::command(&app::current()).write_long_help(&mut io::stderr());
            Ok(Status::BadInput)
        }
        None => classic::run(registry),
        Some(Command::Solve(args)) => solve::run(&args, registry),
        Some(Command::Batch(args)) => batch::run(&args, registry),
        Some(Command::Check(args)) => check::run(&args, registry),
        Some(Command::Random(args)) => random::run(&args),
        Some(Command::Graph(args)) => graph::run(&args, registry),
        Some(Command::Puzzles(args)) => list::run(&args, registry),
        Some(Command::Klotski(args)) => klotski(&args, registry),
        Some(Command::Blocks(args)) => blocks::run(&args, registry),
        Some(Command::Pdb(command)) => pdb::run(&command),
        Some(Command::Completions(args)) => completions(&args, registry),
    }
}

/// `slide klotski`: `slide solve --puzzle klotski` with the layout from a file or `--classic`.
fn klotski(args: &KlotskiArgs, registry: &Registry) -> Result<Status> {
    let (text, inputs) = match args.file.as_deref() {
        None => ("classic".to_owned(), Vec::new()),
        Some(path) => (
            input::read_layout(path, args.search.limits.timeout)?,
            input::input_files(path),
        ),
    };
    let solving = Solving {
        text,
        goal: None,
        search: &args.search,
        threads: None,
        output: &args.output,
        inputs,
    };
    solve::solve(registry.get("klotski")?, &solving)
}

/// `slide completions SHELL`.
fn completions(args: &CompletionsArgs, registry: &Registry) -> Result<Status> {
    // clap_complete panics when its writer fails, so it writes to memory and we to the pipe.
    let mut script = Vec::new();
    let mut command = offering_choices(crate::args::command(&app::current()), registry);
    clap_complete::generate(args.shell, &mut command, app::name(), &mut script);
    let mut out = status::stdout();
    out.write_all(&script)?;
    out.flush()?;
    Ok(Status::Success)
}

/// `command` with the names of every registered puzzle's algorithms, heuristics and metrics as
/// the values of `--algorithm`, `--heuristic` and `--metric`, for completion scripts to offer.
/// Parsing takes any name and lets the puzzle judge it (a plugin brings names of its own), so
/// the values are given to this copy of the command only.
fn offering_choices(command: clap::Command, registry: &Registry) -> clap::Command {
    let names =
        |choices: fn(&dyn puzzles::front_end::PuzzleKind) -> &[puzzles::front_end::Choice]| {
            let mut names: Vec<&'static str> = (registry.kinds())
                .flat_map(|kind| choices(kind).iter().map(|choice| choice.name))
                .collect();
            names.sort_unstable();
            names.dedup();
            names
        };
    let offered = [
        ("algorithm", names(|kind| kind.algorithms())),
        ("heuristic", names(|kind| kind.heuristics())),
        ("metric", names(|kind| kind.metrics())),
    ];
    with_values(command, &offered)
}

/// `command` and its subcommands, each argument named in `offered` given its values.
fn with_values(mut command: clap::Command, offered: &[(&str, Vec<&'static str>)]) -> clap::Command {
    for (id, values) in offered {
        if command
            .get_arguments()
            .any(|argument| argument.get_id() == *id)
        {
            let values = values.clone();
            command = command.mut_arg(*id, |argument| {
                argument.value_parser(clap::builder::PossibleValuesParser::new(values))
            });
        }
    }
    let names: Vec<String> = (command.get_subcommands())
        .map(|subcommand| subcommand.get_name().to_owned())
        .collect();
    for name in names {
        command = command.mut_subcommand(name, |subcommand| with_values(subcommand, offered));
    }
    command
}
