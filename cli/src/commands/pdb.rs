//! `slide pdb`: build pattern databases into the cache with a progress bar, describe them,
//! list and clean the cache.

use std::fs;
use std::io::Write;
use std::path::Path;

use anyhow::{Context, Result, anyhow, bail};
use indicatif::{ProgressBar, ProgressStyle};
use puzzles::pdb::{
    BuildOptions, BuildProgress, CacheWarning, CachedFile, PatternDatabase, PdbCache, partitions,
};

use crate::args::{PdbBuildArgs, PdbCleanArgs, PdbCommand, PdbInfoArgs, PdbListArgs};
use crate::output::status::{self, FileFailure, Status};

/// Runs a `slide pdb` subcommand.
pub fn run(command: &PdbCommand) -> Result<Status> {
    match command {
        PdbCommand::Build(args) => build(args),
        PdbCommand::Info(args) => info(args),
        PdbCommand::List(args) => list(args),
        PdbCommand::Clean(args) => clean(args),
    }
}

/// The cache in `directory`, or the user's.
fn cache_at(directory: Option<&Path>) -> Result<PdbCache> {
    match directory {
        Some(directory) => Ok(PdbCache::new(directory)),
        None => PdbCache::default_location()
            .context("this platform has no cache directory; give one with --dir"),
    }
}

fn list(args: &PdbListArgs) -> Result<Status> {
    let cache = cache_at(args.dir.as_deref())?;
    let files = cache.list()?;
    let mut out = status::stdout();
    if !files.is_empty() {
        writeln!(
            out,
            "{:<6} {:<12} {:<22} {:>10}  {:<28} FILE",
            "BOARD", "GOAL", "PATTERN", "SIZE", "USED BY"
        )?;
    }
    for file in &files {
        let name = file.path.file_name().unwrap_or_default().to_string_lossy();
        match &file.database {
            Ok(database) => {
                // Another goal is spelled out by `pdb info FILE`.
                let goal = if database.is_blank_first() {
                    "blank-first"
                } else {
                    "other"
                };
                let used_by = if database.partitions.is_empty() {
                    "(own pattern)".to_owned()
                } else {
                    database.partitions.join(",")
                };
                writeln!(
                    out,
                    "{:<6} {:<12} {:<22} {:>10}  {:<28} {name}",
                    format!("{}x{}", database.width, database.height),
                    goal,
                    tiles_list(&database.pattern),
                    size_text(file.bytes),
                    used_by
                )?;
            }
            Err(why) => writeln!(
                out,
                "{:<6} {:<12} {:<22} {:>10}  {:<28} {name}",
                "?",
                "?",
                "unusable",
                size_text(file.bytes),
                format!("(rebuilt when needed: {why})")
            )?,
        }
    }
    let total: u64 = files.iter().map(|file| file.bytes).sum();
    writeln!(
        out,
        "{} in {}",
        count_text(files.len(), total),
        cache.directory().display()
    )?;
    out.flush()?;
    Ok(Status::Success)
}

fn clean(args: &PdbCleanArgs) -> Result<Status> {
    let cache = cache_at(args.dir.as_deref())?;
    let asked: Vec<&str> = args.partitions().iter().map(|p| p.0.name()).collect();
    let chosen: Vec<CachedFile> = (cache.list()?.into_iter())
        .filter(|file| {
            asked.is_empty()
                || file.database.as_ref().is_ok_and(|database| {
                    (database.partitions.iter()).any(|used| asked.contains(used))
                })
        })
        .collect();
    let mut out = status::stdout();
    let verb = if args.dry_run {
        "would remove"
    } else {
        "removed"
    };
    for file in &chosen {
        if !args.dry_run {
            cache.remove(file).map_err(|error| {
                FileFailure(format!(
                    "cannot remove {}: {}",
                    file.path.display(),
                    puzzles::pdb::causes(&error)
                ))
            })?;
        }
        writeln!(
            out,
            "{verb} {} ({})",
            file.path.display(),
            size_text(file.bytes)
        )?;
    }
    let total: u64 = chosen.iter().map(|file| file.bytes).sum();
    writeln!(out, "{verb} {}", count_text(chosen.len(), total))?;
    out.flush()?;
    Ok(Status::Success)
}

/// `N databases, SIZE`.
fn count_text(count: usize, bytes: u64) -> String {
    let noun = if count == 1 { "database" } else { "databases" };
    format!("{count} {noun}, {}", size_text(bytes))
}

/// A size in bytes, KiB, MiB or GiB, with one decimal beyond bytes.
fn size_text(bytes: u64) -> String {
    const UNITS: [&str; 3] = ["KiB", "MiB", "GiB"];
    if bytes < 1024 {
        return format!("{bytes} B");
    }
    let mut size = bytes as f64 / 1024.0;
    let mut unit = 0;
    while size >= 1024.0 && unit + 1 < UNITS.len() {
        size /= 1024.0;
        unit += 1;
    }
    format!("{size:.1} {}", UNITS[unit])
}

fn build(args: &PdbBuildArgs) -> Result<Status> {
    let Request {
        width,
        height,
        goal,
        patterns,
    } = partition(args)?;
    let cache = match &args.dir {
        Some(directory) => PdbCache::new(directory),
        None => PdbCache::default_location()
            .context("this platform has no cache directory; give one with --dir")?,
    };
    let mut options = BuildOptions::new();
    if let Some(directory) = &args.temp_dir {
        options = options.temp_dir(directory);
    }
    if let Some(mib) = args.memory {
        // More than the address space is the same as no limit.
        let bytes = mib.saturating_mul(1 << 20);
        options = options.memory_budget(usize::try_from(bytes).unwrap_or(usize::MAX));
    }
    let cache = cache.with_build_options(options);
    // Every pattern checked (by naming its file) before anything is built, and the directory
    // before a build that could take hours only to find it cannot save. A cache that already
    // holds every file is only read, and may be read-only.
    let paths = patterns
        .iter()
        .map(|pattern| cache.path_for(width, height, &goal, pattern))
        .collect::<Result<Vec<_>, _>>()?;
    if paths.iter().any(|path| !path.is_file()) {
        check_writable(cache.directory())?;
    }
    let mut out = status::stdout();
    for (index, (pattern, path)) in patterns.iter().zip(&paths).enumerate() {
        let bar = progress_bar(index, patterns.len());
        let mut not_saved = None;
        let database = cache.get_or_build(
            width,
            height,
            &goal,
            pattern,
            |progress: BuildProgress| {
                bar.set_length(progress.total as u64);
                bar.set_position(progress.done as u64);
            },
            |warning| match warning {
                // The database is of no use to anyone if it is not in the cache: an error below.
                CacheWarning::NotSaved { path, error } => {
                    // The warning is lent, so its error is kept as text, causes and all.
                    not_saved = Some(format!(
                        "could not save {}: {}",
                        path.display(),
                        puzzles::pdb::causes(error)
                    ));
                }
                warning => bar.suspend(|| {
                    status::warn(format_args!("{}", puzzles::pdb::describe_warning(warning)))
                }),
            },
        )?;
        bar.finish_and_clear();
        if let Some(message) = not_saved {
            // Exit code 5, as for a directory found unwritable before the build.
            return Err(FileFailure(message).into());
        }
        writeln!(
            out,
            "{}: {} entries, largest value {}, {}",
            tiles_text(database.pattern()),
            database.entries(),
            database.max_value(),
            path.display()
        )?;
    }
    out.flush()?;
    Ok(Status::Success)
}

/// What `pdb build` builds: the board size, the goal and the patterns.
struct Request {
    width: usize,
    height: usize,
    goal: Vec<u8>,
    patterns: Vec<Vec<u8>>,
}

/// The board size, the goal and the patterns asked for.
fn partition(args: &PdbBuildArgs) -> Result<Request> {
    if !args.short_p.is_empty() {
        bail!(
            "`-p` names the puzzle in slide's other commands; name the partitions alone: `{} pdb build {}`",
            crate::app::name(),
            args.short_p.join(",")
        );
    }
    let asked = args.partitions();
    if let Some(first) = asked.first() {
        let (width, height) = (first.0.width(), first.0.height());
        if let Some(other) = (asked.iter()).find(|p| (p.0.width(), p.0.height()) != (width, height))
        {
            bail!(
                "partitions {} and {} are for different boards",
                first.0.name(),
                other.0.name()
            );
        }
        let shape = puzzles::Shape::new(width, height)?;
        let goal = match &args.goal {
            Some(goal) => goal.board(shape, "the partition's board")?,
            None => puzzles::Board::blank_first(shape),
        };
        // Corner-blank goals share the blank-first goal's databases: build those.
        let goal = puzzles::CornerRelabelling::database_goal(&goal);
        let mut patterns = Vec::new();
        for standard in &asked {
            patterns.extend(puzzles::PdbHeuristic::standard_onto(&goal, standard.0));
        }
        return Ok(Request {
            width,
            height,
            goal: goal.tiles().to_vec(),
            patterns,
        });
    }
    let Some(size) = &args.size else {
        bail!("give partitions (`pdb build 15-7-8`), or --size with --pattern");
    };
    let shape: puzzles::Shape = size
        .parse()
        .map_err(|error| anyhow!("bad size `{size}`: {error}"))?;
    // One parser and one disjointness check for `pdb build --pattern` and `solve --pattern`.
    let patterns: Vec<Vec<u8>> = args
        .patterns
        .iter()
        .map(|pattern| partitions::OwnPartition::parse_pattern(pattern))
        .collect::<Result<_, _>>()?;
    let patterns = partitions::OwnPartition::new(patterns)?.patterns().to_vec();
    let goal = partitions::blank_first_goal(shape.width(), shape.height());
    Ok(Request {
        width: shape.width(),
        height: shape.height(),
        goal,
        patterns,
    })
}

fn tiles_text(tiles: &[u8]) -> String {
    format!("pattern {}", tiles_list(tiles))
}

fn tiles_list(tiles: &[u8]) -> String {
    let tiles: Vec<String> = tiles.iter().map(u8::to_string).collect();
    tiles.join(",")
}

/// A bar per pattern on standard error when a person is watching it.
fn progress_bar(index: usize, count: usize) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(Some(0), crate::output::progress::draw_target());
    if bar.is_hidden() {
        return bar;
    }
    let template = format!(
        "pattern {}/{count} {{bar:40}} {{percent}}% {{elapsed}}",
        index + 1
    );
    if let Ok(style) = ProgressStyle::with_template(&template) {
        bar.set_style(style);
    }
    bar
}

/// Fails, naming the directory and why, if the cache cannot hold new files: created if
/// missing, and tried with an empty file that is removed at once.
fn check_writable(directory: &Path) -> Result<()> {
    let failure = |message: String| anyhow::Error::from(FileFailure(message));
    if directory.exists() && !directory.is_dir() {
        return Err(failure(format!(
            "the cache directory {} is not a directory",
            directory.display()
        )));
    }
    fs::create_dir_all(directory).map_err(|error| {
        failure(format!(
            "cannot create the cache directory {}: {error}",
            directory.display()
        ))
    })?;
    let probe = directory.join(format!(".slide-write-test-{}", std::process::id()));
    fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&probe)
        .map_err(|error| {
            failure(format!(
                "cannot write in the cache directory {}: {error}",
                directory.display()
            ))
        })?;
    // Best effort: a leftover empty file is harmless, only untidy.
    let _ = fs::remove_file(&probe);
    Ok(())
}

fn info(args: &PdbInfoArgs) -> Result<Status> {
    let database = PatternDatabase::load(&args.file)?;
    let mut out = status::stdout();
    writeln!(out, "board:   {}x{}", database.width(), database.height())?;
    writeln!(out, "goal:    {}", goal_text(database.goal()))?;
    writeln!(out, "pattern: {}", tiles_list(database.pattern()))?;
    writeln!(out, "entries: {}", database.entries())?;
    writeln!(out, "bits:    {} per entry", database.entry_bits())?;
    writeln!(out, "largest: {}", database.max_value())?;
    out.flush()?;
    Ok(Status::Success)
}

fn goal_text(goal: &[u8]) -> String {
    let tiles: Vec<String> = goal.iter().map(u8::to_string).collect();
    tiles.join(" ")
}
