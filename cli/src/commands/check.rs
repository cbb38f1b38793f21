//! `slide check`: what the puzzle can tell about reaching its goal without a search.

use std::io::Write;

use anyhow::Result;
use puzzles::front_end::{Reachability, Registry};
use serde_json::json;

use crate::app;
use crate::args::{CheckArgs, TextOrJson};
use crate::commands::solve::parse_instance;
use crate::input;
use crate::output::status::{self, Status};

/// `slide check`.
pub fn run(args: &CheckArgs, registry: &Registry) -> Result<Status> {
    let kind = registry.get(&args.puzzle.name)?;
    let text = input::instance_text(&args.start, None)?;
    let instance = parse_instance(kind, &text, args.goal.text())?;
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
            writeln!(out, "start: {}", instance.start())?;
            writeln!(
                out,
                "goal:  {}",
                crate::output::report::goal_text(&*instance)
            )?;
            if !reaches.is_empty() {
                writeln!(out, "reaches: {}", reaches.join(", "))?;
            }
        }
    }
    out.flush()?;
    Ok(status)
}
