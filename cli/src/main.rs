//! `slide`: the command-line front end of the sliding-puzzle toolkit. It parses, calls the
//! `puzzles` library (through [`engine`], the one module that does) and prints.

mod args;
mod batch;
mod classic;
mod commands;
mod engine;
mod pdb;
mod report;
mod status;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let cli = args::Cli::parse();
    match commands::run(cli) {
        Ok(status) => status.into(),
        Err(error) => status::fail(&error),
    }
}
