//! The pattern databases as a user meets them: whole `slide` processes with the default
//! heuristic, against the targets.
//!
//! Needs the 15-puzzle's 7-8 databases in the user's cache (`slide pdb build 15-7-8`), and
//! for its last table the 24-puzzle's (`slide pdb build 24-6-6-6-6,24-6-6-6-6-pinwheel`);
//! it says so and skips what is missing.

use std::fmt::Write as _;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use puzzles::pdb::partitions::Standard;
use puzzles::{Board, PdbSource, Shape};

use super::{median, milliseconds, slide_binary, table_head};
use tests::summary::Summary;

/// Korf's 100 15-puzzles, `id optimal tiles...`, blank-first goal.
const KORF_100: &str = include_str!("../../puzzles/tests/data/korf100.txt");

/// Issue 46's target for Korf's 100 through `slide batch`, whole process (25 times slidy's).
const KORF_100_TARGET: Duration = Duration::from_millis(450);

/// Korf & Felner's 50 24-puzzles, `id optimal tiles...`, blank-first goal.
const KORF_24: &str = include_str!("../../puzzles/tests/data/korf24_50.txt");

/// A whole `slide` process that must succeed: standard output, standard error and the wall
/// time from spawn to exit; `cache_home` replaces the user's cache when given.
fn run(
    slide: &Path,
    arguments: &[&str],
    input: &str,
    cache_home: Option<&Path>,
) -> (String, String, Duration) {
    let (code, out, err, elapsed) = run_to_exit(slide, arguments, input, cache_home);
    assert_eq!(code, Some(0), "slide {arguments:?}: {out}{err}");
    (out, err, elapsed)
}

/// A whole `slide` process: its exit code, standard output, standard error and the wall time
/// from spawn to exit; `cache_home` replaces the user's cache when given.
fn run_to_exit(
    slide: &Path,
    arguments: &[&str],
    input: &str,
    cache_home: Option<&Path>,
) -> (Option<i32>, String, String, Duration) {
    use std::io::Write as _;
    let mut command = Command::new(slide);
    command
        .args(arguments)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if let Some(home) = cache_home {
        command.env("XDG_CACHE_HOME", home);
    }
    let began = Instant::now();
    let mut child = command.spawn().expect("slide starts");
    let mut stdin = child.stdin.take().expect("stdin is piped");
    stdin.write_all(input.as_bytes()).expect("slide reads");
    drop(stdin);
    let output = child.wait_with_output().expect("slide finishes");
    let elapsed = began.elapsed();
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
        elapsed,
    )
}

/// `(optimal length, tiles)` of each instance of a data file.
fn instances(data: &str) -> Vec<(usize, Vec<u8>)> {
    data.lines()
        .filter(|line| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|line| {
            let numbers: Vec<usize> = line
                .split_whitespace()
                .map(|n| n.parse().unwrap())
                .collect();
            (numbers[1], numbers[2..].iter().map(|&t| t as u8).collect())
        })
        .collect()
}

/// `tiles` (blank-first goal) turned a half turn and renamed for the blank-last goal: the same
/// puzzle, whose optimal solutions are as long.
fn blank_last_twin(tiles: &[u8]) -> Vec<u8> {
    let cells = tiles.len();
    let mut turned = vec![0u8; cells];
    for (cell, &tile) in tiles.iter().enumerate() {
        turned[cells - 1 - cell] = if tile == 0 { 0 } else { cells as u8 - tile };
    }
    turned
}

fn spaced(tiles: &[u8]) -> String {
    let text: Vec<String> = tiles.iter().map(u8::to_string).collect();
    text.join(" ")
}

/// Whether the user's cache holds the databases `slide` would choose for the blank-first goal
/// of `width` x `height`, and their names.
fn cached(width: usize, height: usize) -> Option<Vec<String>> {
    let source = PdbSource::default_location();
    let goal = Board::blank_first(Shape::new(width, height).unwrap());
    source
        .is_cached(&goal)
        .then(|| {
            let chosen = source.partitions_for(&goal).ok()?;
            Some(chosen.into_iter().map(|partition| partition.name).collect())
        })
        .flatten()
}

/// The field `name` of a JSON line of `slide`'s output.
fn field(line: &str, name: &str) -> serde_json::Value {
    let value: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
    value[name].clone()
}

pub fn databases_section(report: &mut String, summary: &mut Summary, repetitions: usize) {
    let _ = writeln!(
        report,
        "## Pattern databases by default: whole `slide` processes (medians of {repetitions})\n"
    );
    let slide = slide_binary();
    let Some(fifteen) = cached(4, 4).filter(|names| names.iter().any(|n| n.starts_with("15-7-8")))
    else {
        let _ = writeln!(
            report,
            "Skipped: the 15-puzzle's 7-8 databases are not in the cache (`slide pdb build 15-7-8`).\n"
        );
        return;
    };
    table_head(report, &["what", "command", "median", "min", "against"]);
    let korf = instances(KORF_100);
    let goal = spaced(&(0..16).collect::<Vec<u8>>());
    let batch_input: String = (korf.iter())
        .map(|(_, tiles)| format!("{};{goal}\n", spaced(tiles)))
        .collect();

    // Korf's 100 through `slide batch`, against slidy's solver on the same boards in-process.
    let mut times = Vec::new();
    for _ in 0..repetitions {
        let (out, _, elapsed) = run(&slide, &["batch"], &batch_input, None);
        for (line, (optimal, _)) in out.lines().zip(&korf) {
            assert_eq!(field(line, "length"), *optimal, "{line}");
            assert_eq!(field(line, "heuristic"), "pattern-database");
        }
        times.push(elapsed);
    }
    let batch = median(times.clone());
    let batch_min = times.iter().min().copied().unwrap();
    // slidy 0.7's 4x4 solver, the anchor the issue names, does not build with this machine's
    // only toolchain (Rust 1.95: slidy 0.6 and 0.7 call `isolate_lowest_one`, unstable there),
    // so the row states the target alone.
    let _ = writeln!(
        report,
        "| Korf's 100, `start;goal` lines, databases {} | `slide batch korf100.txt` (2 jobs) | {} s | {} s | target at most 0.45 s, issue 46 (slidy 0.7, the named anchor, needs a newer Rust than 1.95) |",
        fifteen.join(","),
        secs(batch),
        secs(batch_min),
    );
    summary.add(
        "databases",
        "`slide batch` on Korf's 100, default heuristic, 7-8 cached (whole process, 2 jobs)"
            .to_owned(),
        format!("{} s", secs(batch)),
        format!("target at most {} s", secs(KORF_100_TARGET)),
        format!(
            "{:.2} of the target",
            batch.as_secs_f64() / KORF_100_TARGET.as_secs_f64()
        ),
    );

    // Korf's #88, the hardest (65 moves), one solve.
    let (_, ref hardest) = korf[87];
    let mut times = Vec::new();
    for _ in 0..repetitions {
        let (out, _, elapsed) = run(
            &slide,
            &["solve", &spaced(hardest), "blank-first"],
            "",
            None,
        );
        assert!(out.contains("length: 65\n"), "{out}");
        times.push(elapsed);
    }
    let solve = median(times.clone());
    let _ = writeln!(
        report,
        "| Korf's #88 (65 moves), default heuristic | `slide solve '{}' blank-first` | {} ms | {} ms | target under 200 ms |",
        spaced(hardest),
        milliseconds(solve),
        milliseconds(times.iter().min().copied().unwrap()),
    );
    summary.add(
        "databases",
        "`slide solve` Korf's #88, default heuristic, 7-8 cached (whole process)".to_owned(),
        format!("{} ms", milliseconds(solve)),
        "target under 200 ms".to_owned(),
        format!("{:.2} of the target", solve.as_secs_f64() / 0.2),
    );

    // The first 4x4 solve on an empty cache, building 6-6-3.
    let mut times = Vec::new();
    for _ in 0..repetitions.min(3) {
        let home = tempfile::tempdir().expect("a temporary directory");
        let (out, err, elapsed) = run(
            &slide,
            &["solve", &spaced(hardest), "blank-first"],
            "",
            Some(home.path()),
        );
        assert!(out.contains("length: 65\n"), "{out}");
        assert!(
            err.contains("building the 4x4 pattern databases 15-6-6-3"),
            "{err}"
        );
        times.push(elapsed);
    }
    let first = median(times.clone());
    let _ = writeln!(
        report,
        "| the same, on an empty cache: builds 15-6-6-3 first | `XDG_CACHE_HOME=$(mktemp -d) slide solve ...` | {} s | {} s | target under 5 s |",
        secs(first),
        secs(times.iter().min().copied().unwrap()),
    );
    summary.add(
        "databases",
        "first ever 4x4 solve (Korf's #88) on an empty cache, build included".to_owned(),
        format!("{} s", secs(first)),
        "target under 5 s".to_owned(),
        format!("{:.2} of the target", first.as_secs_f64() / 5.0),
    );

    cold_cache_row(report, summary, &slide, repetitions.min(3));
    twenty_four_rows(report, summary, &slide, repetitions);
    let _ = writeln!(report);
}

/// The 80-move 4x4 the issue names, towards blank-first: far beyond a second even with 6-6-3.
const EIGHTY_MOVES: &str = "15 14 8 12 10 11 9 13 2 6 5 1 3 7 4 0";

/// A cold cache under `--timeout 1`: slide builds what fits, keeps each database it finishes,
/// and gives up at the deadline (exit code 3), not seconds after it.
fn cold_cache_row(report: &mut String, summary: &mut Summary, slide: &Path, repetitions: usize) {
    let mut times = Vec::new();
    let mut kept = Vec::new();
    for _ in 0..repetitions {
        let home = tempfile::tempdir().expect("a temporary directory");
        let arguments = ["solve", EIGHTY_MOVES, "blank-first", "--timeout", "1"];
        let (code, out, err, elapsed) = run_to_exit(slide, &arguments, "", Some(home.path()));
        assert_eq!(code, Some(3), "{out}{err}");
        assert!(out.contains("gave up, deadline passed"), "{out}");
        assert!(err.contains("building the 4x4 pattern databases"), "{err}");
        let databases = std::fs::read_dir(home.path().join("slide/pdb"))
            .map_or(0, |entries| entries.flatten().count());
        kept.push(databases);
        times.push(elapsed);
    }
    let exit = median(times.clone());
    let _ = writeln!(
        report,
        "| an 80-move 4x4 on an empty cache, `--timeout 1` | `XDG_CACHE_HOME=$(mktemp -d) slide solve '{EIGHTY_MOVES}' blank-first --timeout 1` | {} s | {} s | exit code 3; databases kept: {kept:?} of 3 |",
        secs(exit),
        secs(times.iter().min().copied().unwrap()),
    );
    summary.add(
        "databases",
        "cold cache, `--timeout 1`: exit at the deadline, finished builds kept".to_owned(),
        format!("{} s, {kept:?} of 3 kept", secs(exit)),
        "target: the deadline plus at most a second".to_owned(),
        format!("{:.2} s past the deadline", exit.as_secs_f64() - 1.0),
    );
}

/// Korf & Felner's #38 towards the blank-first goal, and its blank-last twin (turned a half
/// turn, renamed): the same databases, the same nodes, no new file.
fn twenty_four_rows(report: &mut String, summary: &mut Summary, slide: &Path, repetitions: usize) {
    let Some(names) = cached(5, 5) else {
        let _ = writeln!(
            report,
            "\n24-puzzle rows skipped: its databases are not in the cache (`slide pdb build {},{}`).",
            Standard::TwentyFour6666,
            Standard::TwentyFour6666Pinwheel
        );
        return;
    };
    let (optimal, tiles) = instances(KORF_24).swap_remove(37);
    let directory = PdbSource::default_location()
        .cache()
        .map(|cache| cache.directory().to_path_buf())
        .expect("a cache directory");
    let files = || std::fs::read_dir(&directory).map_or(0, Iterator::count);
    let before = files();
    let mut rows = Vec::new();
    for (goal_name, start) in [
        ("blank-first", tiles.clone()),
        ("blank-last", blank_last_twin(&tiles)),
    ] {
        let start = spaced(&start);
        let arguments = [
            "solve",
            &start,
            goal_name,
            "--prune",
            "14",
            "--threads",
            "2",
            "-f",
            "json",
        ];
        let (out, _, elapsed) = run(slide, &arguments, "", None);
        assert_eq!(field(&out, "length"), optimal);
        rows.push((
            goal_name,
            elapsed,
            field(&out, "statistics")["generated"].clone(),
        ));
    }
    let created = files() - before;
    short_twenty_four_row(report, summary, slide, repetitions);
    korf_felner_first_row(report, summary, slide);
    for (goal_name, elapsed, generated) in &rows {
        let _ = writeln!(
            report,
            "| Korf & Felner's #38 ({optimal} moves) towards {goal_name}, databases {} | `slide solve START {goal_name} --prune 14 --threads 2` | {} s | | {generated} nodes generated; files created by both runs: {created} |",
            names.join(","),
            secs(*elapsed),
        );
    }
    let ratio = rows[1].1.as_secs_f64() / rows[0].1.as_secs_f64();
    summary.add(
        "databases",
        "24-puzzle #38 turned for the blank-last goal, against #38 itself".to_owned(),
        format!("{ratio:.2}x the time, {created} files created"),
        "target: the same time, no file".to_owned(),
        format!("{ratio:.2}"),
    );
}

/// A 10-move 5x5 with the 24-puzzle's databases cached, by default: the direct tables and
/// the pruning automaton must cost a short solve nothing (issue 46: under 0.3 s).
fn short_twenty_four_row(
    report: &mut String,
    summary: &mut Summary,
    slide: &Path,
    repetitions: usize,
) {
    let (walked, _, _) = run(
        slide,
        &["random", "--size", "5x5", "--walk", "10", "--seed", "3"],
        "",
        None,
    );
    let start = walked.trim();
    let mut times = Vec::new();
    for _ in 0..repetitions {
        let (out, _, elapsed) = run(slide, &["solve", start], "", None);
        assert!(out.contains("length: "), "{out}");
        times.push(elapsed);
    }
    let time = median(times.clone());
    let _ = writeln!(
        report,
        "| a 10-move 5x5, default | `slide solve \"$(slide random --size 5x5 --walk 10 --seed 3)\"` | {} s | {} s | target under 0.3 s |",
        secs(time),
        secs(times.iter().min().copied().unwrap()),
    );
    summary.add(
        "databases",
        "a 10-move 5x5 with the 24-puzzle databases cached (whole process)".to_owned(),
        format!("{} s", secs(time)),
        "target under 0.3 s".to_owned(),
        format!("{:.2} of the target", time.as_secs_f64() / 0.3),
    );
}

/// Korf & Felner's #1 by default against `--prune 14`: the default chooses its pruning
/// depth itself, and must be no slower (issue 46 item 2). One run each: over a minute apiece.
fn korf_felner_first_row(report: &mut String, summary: &mut Summary, slide: &Path) {
    let (optimal, tiles) = instances(KORF_24).swap_remove(0);
    let start = spaced(&tiles);
    let mut timed = Vec::new();
    for extra in [&[][..], &["--prune", "14"][..]] {
        let mut arguments = vec!["solve", &start, "blank-first", "-f", "json"];
        arguments.extend_from_slice(extra);
        let (out, _, elapsed) = run(slide, &arguments, "", None);
        assert_eq!(field(&out, "length"), optimal);
        let generated = field(&out, "statistics")["generated"].clone();
        let _ = writeln!(
            report,
            "| Korf & Felner's #1 ({optimal} moves){} | `slide solve START blank-first{}` | {} s | | {generated} nodes generated |",
            if extra.is_empty() { ", default" } else { "" },
            extra
                .iter()
                .map(|word| format!(" {word}"))
                .collect::<String>(),
            secs(elapsed),
        );
        timed.push(elapsed);
    }
    let ratio = timed[0].as_secs_f64() / timed[1].as_secs_f64();
    summary.add(
        "databases",
        "Korf & Felner's #1 by default, against `--prune 14`".to_owned(),
        format!("{} s against {} s", secs(timed[0]), secs(timed[1])),
        "target: at most the `--prune 14` time".to_owned(),
        format!("{ratio:.2}"),
    );
}

fn secs(duration: Duration) -> String {
    format!("{:.2}", duration.as_secs_f64())
}
