//! `slide`: the command-line front end of the sliding-puzzle toolkit. It parses, calls the
//! `puzzles` library (through [`engine`], the one module that does) and prints.

mod args;
mod batch;
mod blocks;
mod classic;
mod commands;
mod engine;
mod pdb;
mod progress;
mod report;
mod status;
mod svg;

use std::io::{self, Write};
use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    // Every answer would be lost (and an endless `slide random` would run until killed).
    if status::stdout_was_closed() {
        let _ = writeln!(
            io::stderr(),
            "slide: standard output is closed: nowhere to write the results"
        );
        return status::Status::OutputFailed.into();
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
        match args::Cli::try_parse() {
            Ok(cli) => cli,
            Err(error) => return clap_exit(&error),
        }
    };
    progress::set_talk(if cli.quiet {
        progress::Talk::Quiet
    } else if cli.progress {
        progress::Talk::Always
    } else {
        progress::Talk::Auto
    });
    match commands::run(cli) {
        Ok(status) => status.into(),
        Err(error) => status::fail(&error),
    }
}

/// Prints what clap has to say (help, version, a usage error) and returns its exit code.
/// `clap::Error::exit` would do the same but ignore a failed write, so that help sent to a
/// full disk would end in success.
fn clap_exit(error: &clap::Error) -> ExitCode {
    if error.use_stderr() {
        // Every error of slide's starts `slide:`, clap's usage errors too (clap writes
        // `error:`), so that a script or a person scanning standard error finds them alike.
        let rendered = error.render().to_string();
        let text = rendered.strip_prefix("error:").map_or(rendered.clone(), |rest| {
            format!("slide:{rest}")
        });
        // Nobody is left to tell if standard error is gone too.
        let _ = io::stderr().write_all(text.as_bytes());
    } else {
        let printed = error.print().and_then(|()| io::stdout().flush());
        if let Err(failure) = printed {
            return status::fail(&status::output_error(failure).into());
        }
    }
    // clap's codes are 0 for help and version, 2 for usage: ours too.
    ExitCode::from(u8::try_from(error.exit_code()).unwrap_or(status::Status::BadInput.code()))
}
