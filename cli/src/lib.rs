//! `slide`'s front end as a library: the whole command line (`solve`, `batch`, `check`, `graph`,
//! `random`, `klotski`, `blocks`, `pdb`, classic mode) behind one call, [`run`], with the
//! puzzles of a [`Registry`] selectable by `--puzzle NAME` on `solve`, `batch`, `check` and
//! `graph`.
//!
//! The `slide` binary is `run(&Registry::standard())`. A program with a puzzle of its own
//! implements [`PuzzleKind`](puzzles::front_end::PuzzleKind) and
//! [`Instance`](puzzles::front_end::Instance) for it, registers it, and gets the same command
//! line, with the same flags, output formats (text and JSON), limits, exit codes and status
//! line:
//!
//! ```no_run
//! use puzzles::front_end::Registry;
//! # use puzzles::front_end::TilesKind as MyPuzzle;
//!
//! fn main() -> std::process::ExitCode {
//!     let mut registry = Registry::standard();
//! #   let mut registry = Registry::new();
//!     registry.register(Box::new(MyPuzzle)).expect("a name of its own");
//!     slide::run(&registry)
//! }
//! ```
//!
//! `tests/examples/torus_cli.rs` in the repository is a complete one. The library parses,
//! calls every puzzle, sliding tiles included, through the front-end contract, and prints.

mod app;
mod args;
mod commands;
mod input;
mod output;
#[cfg(all(target_os = "linux", target_env = "gnu"))]
mod start;

pub use app::App;
pub use puzzles::front_end::Registry;
#[cfg(all(target_os = "linux", target_env = "gnu"))]
pub use start::run_from_c_main;

use std::io::{self, Write};
use std::process::ExitCode;

use clap::FromArgMatches;

/// Runs the command line of this process (`std::env::args_os`) with the puzzles of `registry`
/// and returns the exit code to end it with: the whole of `slide`'s `main`.
pub fn run(registry: &Registry) -> ExitCode {
    run_as(App::slide(), registry)
}

/// [`run`], as the program `app`: its name, version and description in `--help` and
/// `--version`, its name before every message and in every hint.
///
/// ```no_run
/// use puzzles::front_end::Registry;
///
/// fn main() -> std::process::ExitCode {
///     let app = slide::App::new("lunar", env!("CARGO_PKG_VERSION")).about("Lunar Lockout");
///     slide::run_as(app, &Registry::standard())
/// }
/// ```
pub fn run_as(app: App, registry: &Registry) -> ExitCode {
    ExitCode::from(run_to_code(app, registry))
}

/// [`run_as`], with the exit code as a number.
fn run_to_code(app: App, registry: &Registry) -> u8 {
    app::set(app.clone());
    // Every answer would be lost (and an endless `slide random` would run until killed).
    if output::status::stdout_was_closed() {
        let _ = writeln!(
            io::stderr(),
            "{}: standard output is closed: nowhere to write the results",
            app.name()
        );
        return output::status::Status::OutputFailed.code();
    }
    // Without arguments (classic mode, as judges run it) there is nothing to parse, and building
    // clap's parser for the whole command line is a sixteenth of a classic 8-puzzle run's
    // instructions: the answer is known.
    let cli = if std::env::args_os().len() <= 1 {
        args::Cli {
            command: None,
            progress: false,
            quiet: false,
        }
    } else {
        let matched = args::command(&app)
            .try_get_matches()
            .and_then(|matches| args::Cli::from_arg_matches(&matches));
        match matched {
            Ok(cli) => cli,
            Err(error) => return clap_exit(&error),
        }
    };
    output::progress::set_talk(if cli.quiet {
        output::progress::Talk::Quiet
    } else if cli.progress {
        output::progress::Talk::Always
    } else {
        output::progress::Talk::Auto
    });
    match commands::run(cli, registry) {
        Ok(status) => status.code(),
        Err(error) => output::status::fail(&error).code(),
    }
}

/// Prints what clap has to say (help, version, a usage error) and returns its exit code.
/// `clap::Error::exit` would do the same but ignore a failed write, so that help sent to a
/// full disk would end in success.
fn clap_exit(error: &clap::Error) -> u8 {
    if error.use_stderr() {
        // Every error of slide's starts `slide:`, clap's usage errors too (clap writes
        // `error:`), so that a script or a person scanning standard error finds them alike.
        let rendered = error.render().to_string();
        let text = rendered
            .strip_prefix("error:")
            .map_or(rendered.clone(), |rest| format!("{}:{rest}", app::name()));
        // Nobody is left to tell if standard error is gone too.
        let _ = io::stderr().write_all(text.as_bytes());
    } else {
        let printed = error.print().and_then(|()| io::stdout().flush());
        if let Err(failure) = printed {
            return output::status::fail(&output::status::output_error(failure).into()).code();
        }
    }
    // clap's codes are 0 for help and version, 2 for usage: ours too.
    u8::try_from(error.exit_code()).unwrap_or(output::status::Status::BadInput.code())
}
