//! `slide`: the command-line front end of the sliding-puzzle toolkit, with this workspace's
//! puzzles. The front end itself is the `slide` library ([`slide::run`]).

use std::process::ExitCode;

fn main() -> ExitCode {
    slide::run(&slide::Registry::standard())
}
