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
        Some(Command::Completions(args)) => completions(&args),
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
fn completions(args: &CompletionsArgs) -> Result<Status> {
    // clap_complete panics when its writer fails, so it writes to memory and we to the pipe.
    let mut script = Vec::new();
    let mut command = crate::args::command(&app::current());
    clap_complete::generate(args.shell, &mut command, app::name(), &mut script);
    let mut out = status::stdout();
    out.write_all(&script)?;
    out.flush()?;
    Ok(Status::Success)
}
