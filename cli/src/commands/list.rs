//! `slide puzzles`: every puzzle of the registry and what it offers.

use std::io::Write;

use anyhow::{Context, Result};
use puzzles::front_end::{Choice, PuzzleKind, Registry};
use serde_json::json;

use crate::args::{PuzzlesArgs, TextOrJson};
use crate::output::status::{self, Status};

/// `slide puzzles`: every registered puzzle and what it offers.
pub fn run(args: &PuzzlesArgs, registry: &Registry) -> Result<Status> {
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
                    "options": flags(kind),
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
                if !kind.options().is_empty() {
                    writeln!(out, "  {:<11} {}", "options", flags(kind).join(", "))?;
                }
            }
        }
    }
    out.flush().context("writing the list of puzzles")?;
    Ok(Status::Success)
}

/// The flags of the options `kind` offers beyond its choices.
fn flags(kind: &dyn PuzzleKind) -> Vec<&'static str> {
    kind.options().iter().map(|option| option.flag()).collect()
}
