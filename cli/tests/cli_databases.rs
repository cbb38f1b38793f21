//! `slide`'s choice of pattern databases, end to end: the defaults by board size, what is said
//! on standard error, `--partition`, `pdb build --goal`, and corner-blank goals sharing the
//! blank-first goal's files.

use std::path::Path;

use crate::common::Command;
use crate::common::slide_path;
use puzzles::{Board, parse_moves};
use serde_json::Value;

/// `slide` with its cache under `cache_home`.
fn slide(cache_home: &Path) -> Command {
    let mut command = Command::new(slide_path());
    command.env("XDG_CACHE_HOME", cache_home);
    command
}

/// The files of the cache under `cache_home`, sorted.
fn cached(cache_home: &Path) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(cache_home.join("slide/pdb")) else {
        return Vec::new();
    };
    let mut names: Vec<String> = entries
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

fn assert_reaches(start: &str, goal: &str, moves: &str) {
    let start = Board::parse(start).unwrap();
    let goal = Board::parse(goal).unwrap();
    assert_eq!(start.apply_moves(&parse_moves(moves).unwrap()), Ok(goal));
}

/// Korf's instance 1 (57 moves), its goal blank-first.
const KORF_1: &str = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3";
const BLANK_FIRST_4X4: &str = "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15";

/// Korf's instance 1 turned a half turn and renamed for the blank-last goal: the same puzzle.
fn korf_1_blank_last() -> String {
    let tiles: Vec<u8> = KORF_1.split(' ').map(|t| t.parse().unwrap()).collect();
    let mut turned = [0u8; 16];
    for (cell, &tile) in tiles.iter().enumerate() {
        turned[15 - cell] = if tile == 0 { 0 } else { 16 - tile };
    }
    let text: Vec<String> = turned.iter().map(u8::to_string).collect();
    text.join(" ")
}

/// A 4x4 solve with no option on an empty cache uses pattern databases: it builds the quick
/// 6-6-3 partition, says so in one line (what, where, how big), and later solves load them
/// silently; a blank-last goal then uses the same files.
#[test]
fn the_fifteen_puzzle_uses_pattern_databases_by_default() {
    let home = tempfile::tempdir().unwrap();
    let output = slide(home.path())
        .args(["solve", KORF_1, BLANK_FIRST_4X4, "--format", "json"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let stderr = String::from_utf8(output.stderr).unwrap();
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 1, "one line about the build: {stderr:?}");
    assert!(
        lines[0]
            .starts_with("slide: building the 4x4 pattern databases 15-6-6-3 (about 6 MB, about "),
        "{stderr}"
    );
    assert!(lines[0].contains(&home.path().join("slide/pdb").display().to_string()));
    let report: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(report["length"], 57);
    assert_eq!(report["heuristic"], "pattern-database");
    assert_eq!(report["databases"], serde_json::json!(["15-6-6-3"]));
    let files = cached(home.path());
    assert_eq!(files.len(), 3, "{files:?}");

    let blank_last = korf_1_blank_last();
    let output = slide(home.path())
        .args(["solve", &blank_last, "--stats"])
        .output()
        .unwrap();
    assert!(output.status.success());
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "",
        "nothing built, nothing said"
    );
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(
        text.contains("search: idastar (pattern-database 15-6-6-3)\n"),
        "{text}"
    );
    assert!(text.contains("length: 57\n"), "{text}");
    let moves = text
        .lines()
        .find_map(|line| line.strip_prefix("moves:  "))
        .unwrap();
    assert_reaches(&blank_last, "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0", moves);
    assert_eq!(
        cached(home.path()),
        files,
        "blank-last shares the blank-first files"
    );
}

/// `--partition` picks the databases (and implies `-H pdb`); a partition of another board or
/// with another heuristic is refused, exit 2, naming the problem.
#[test]
fn partition_picks_the_databases() {
    let home = tempfile::tempdir().unwrap();
    let output = slide(home.path())
        .args([
            "solve",
            KORF_1,
            BLANK_FIRST_4X4,
            "--partition",
            "15-5-5-5",
            "-f",
            "json",
        ])
        .output()
        .unwrap();
    assert!(output.status.success());
    let report: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(report["databases"], serde_json::json!(["15-5-5-5"]));
    assert_eq!(report["length"], 57);

    let refused = |args: &[&str], message: &str| {
        let output = slide(home.path()).args(args).output().unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(stderr.contains(message), "{args:?}: {stderr}");
    };
    refused(
        &[
            "solve",
            KORF_1,
            BLANK_FIRST_4X4,
            "--partition",
            "15-5-5-5",
            "-H",
            "manhattan",
        ],
        "--partition chooses pattern databases: it goes with --heuristic pdb, not manhattan",
    );
    refused(
        &[
            "solve",
            KORF_1,
            BLANK_FIRST_4X4,
            "--partition",
            "24-6-6-6-6",
        ],
        "partition 24-6-6-6-6 is not for 4x4 boards",
    );
    refused(
        &["solve", KORF_1, "--partition", "15-9-6"],
        "invalid value '15-9-6'",
    );
    refused(
        &["batch", "--partition", "15-5-5-5", "-a", "bfs"],
        "--partition chooses the pattern databases of astar and idastar, not bfs",
    );
}

/// On 5x5 with nothing cached the default is linear conflict, with one line naming the exact
/// command that builds the databases; nothing is built.
#[test]
fn the_twenty_four_puzzle_says_how_to_build_its_databases() {
    let home = tempfile::tempdir().unwrap();
    let start = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 0 24";
    let output = slide(home.path()).args(["solve", start]).output().unwrap();
    assert!(output.status.success());
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains("`slide pdb build 24-6-6-6-6,24-6-6-6-6-pinwheel` builds them once"),
        "{stderr}"
    );
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(
        stdout.contains("search: idastar (linear-conflict)\n"),
        "{stdout}"
    );
    assert!(cached(home.path()).is_empty());

    // A goal with its blank elsewhere needs databases of its own: the command says --goal.
    let spiral = slide(home.path())
        .args([
            "solve",
            "--goal",
            "spiral",
            "1 2 3 4 5 16 17 18 19 6 15 0 24 20 7 14 23 22 21 8 13 12 11 10 9",
        ])
        .output()
        .unwrap();
    assert!(spiral.status.success(), "{spiral:?}");
    let stderr = String::from_utf8(spiral.stderr).unwrap();
    assert!(stderr.contains(" --goal "), "{stderr}");
}

/// `pdb build --goal` builds the blank-first files for any corner-blank goal, and files of
/// their own for another goal.
#[test]
fn pdb_build_goal() {
    let home = tempfile::tempdir().unwrap();
    let dir = home.path().join("slide/pdb");
    let dir = dir.to_str().unwrap();
    let build = |goal: &str| {
        let output = slide(home.path())
            .args(["pdb", "build", "15-5-5-5", "--dir", dir, "--goal", goal])
            .output()
            .unwrap();
        assert!(output.status.success(), "{output:?}");
    };
    build("blank-last");
    let files = cached(home.path());
    assert_eq!(files.len(), 3);
    build("blank-first");
    assert_eq!(cached(home.path()), files, "the same files");
    build("spiral");
    assert_eq!(cached(home.path()).len(), 6, "the spiral has its own");
}

/// A board that needs no search (unsolvable, or its own goal) builds no databases and says
/// nothing about them.
#[test]
fn no_search_builds_no_databases() {
    let home = tempfile::tempdir().unwrap();
    for (start, code) in [
        ("2 1 3 4 5 6 7 8 9 10 11 12 13 14 15 0", 1),
        ("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0", 0),
    ] {
        let output = slide(home.path())
            .args(["solve", start, "-f", "json"])
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(code), "{output:?}");
        assert_eq!(String::from_utf8_lossy(&output.stderr), "");
        let report: Value = serde_json::from_slice(&output.stdout).unwrap();
        assert!(report.get("databases").is_none(), "{report}");
    }
    assert!(cached(home.path()).is_empty());
}

/// A search that gives up with weaker databases than the board's strongest names the command
/// that builds them, with their size: the cure, not only a larger limit.
#[test]
fn a_give_up_names_the_build_of_the_strong_databases() {
    let home = tempfile::tempdir().unwrap();
    // 80 moves from blank-first, beyond what the quick 6-6-3 databases solve in 100,000 nodes.
    let output = slide(home.path())
        .args([
            "solve",
            "15 14 8 12 10 11 9 13 2 6 5 1 3 7 4 0",
            "blank-first",
        ])
        .args(["--max-nodes", "100000"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(3), "{output:?}");
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.contains("`slide pdb build 15-7-8` builds stronger pattern databases once (about 289 MB, minutes)"),
        "{stderr}"
    );
    assert!(stderr.contains("or try a larger --max-nodes"), "{stderr}");
    // On 5x5, where nothing is cached, the search runs with linear conflict and names the
    // build of the 24-puzzle's databases.
    let output = slide(home.path())
        .args([
            "solve",
            "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 0 24",
        ])
        .args(["-H", "linear-conflict", "--max-nodes", "0"])
        .output()
        .unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.contains(
            "`slide pdb build 24-6-6-6-6,24-6-6-6-6-pinwheel` builds pattern databases once"
        ),
        "{stderr}"
    );
}

/// Asked for by name (`-H pdb`), the databases are built even when the `--timeout` is shorter
/// than the build's estimate, as asked, but slide says the build will likely stop unfinished
/// and how to build them without a deadline; it ends at the deadline (exit code 3).
#[test]
fn asked_databases_warn_when_the_timeout_is_shorter_than_their_build() {
    let home = tempfile::tempdir().unwrap();
    let hard = "15 14 8 12 10 11 9 13 2 6 5 1 3 7 4 0";
    let output = slide(home.path())
        .args([
            "solve",
            hard,
            "blank-first",
            "-H",
            "pdb",
            "--timeout",
            "0.2",
        ])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(3), "{output:?}");
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.contains("the build will likely stop unfinished")
            && stderr.contains("`slide pdb build 15-6-6-3` builds them once without a deadline"),
        "{stderr}"
    );
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(stdout.contains("(pattern-database"), "as asked: {stdout}");
}

/// A cold cache: a `--timeout` shorter than the databases' build searches with what needs no
/// building and says so, naming the build command; a build that finishes is announced with
/// its size and time and kept in the cache even when the search then gives up.
#[test]
fn a_cold_cache_announces_builds_keeps_them_and_never_wastes_the_timeout() {
    let home = tempfile::tempdir().unwrap();
    let hard = "15 14 8 12 10 11 9 13 2 6 5 1 3 7 4 0";
    let output = slide(home.path())
        .args(["solve", hard, "blank-first", "--timeout", "0.3"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(3), "{output:?}");
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(
        stdout.contains("search: idastar (linear-conflict)"),
        "{stdout}"
    );
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.contains("less than the about")
            && stderr.contains(
                "so this searches with linear-conflict; `slide pdb build 15-6-6-3` builds them once"
            ),
        "{stderr}"
    );
    let cached = || {
        std::fs::read_dir(home.path().join("slide/pdb"))
            .map(|entries| entries.count())
            .unwrap_or(0)
    };
    assert_eq!(cached(), 0, "nothing was built");
    let output = slide(home.path())
        .args(["solve", hard, "blank-first", "--max-nodes", "1000"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(3), "{output:?}");
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.contains("building the 4x4 pattern databases 15-6-6-3 (about 6 MB, about"),
        "{stderr}"
    );
    assert_eq!(cached(), 3, "the three 6-6-3 databases are kept");
}

/// 8-puzzles a few to twenty-odd moves from the blank-last goal, and the spiral goal's board
/// one move from it.
const EIGHT_PUZZLES: [&str; 4] = ["123456708", "413726580", "867254301", "647850321"];
const NEXT_TO_SPIRAL: &str = "123084765";

/// The JSON result of `slide solve START GOAL ARGS.. --format json`, which must succeed.
fn solved(cache_home: &Path, start: &str, goal: &str, args: &[&str]) -> Value {
    let output = slide(cache_home)
        .args(["solve", start, goal, "--format", "json"])
        .args(args)
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    serde_json::from_slice(&output.stdout).unwrap()
}

/// Databases built with `pdb build --size --pattern` are what `solve --pattern` and `batch
/// --pattern` use, named by their patterns in the result, towards the blank-first goal and a
/// corner goal that shares its databases; every length is the optimal one (Manhattan distance
/// alone, admissible, gives it too).
#[test]
fn solve_and_batch_use_databases_of_ones_own_patterns() {
    let home = tempfile::tempdir().unwrap();
    slide(home.path())
        .args(["pdb", "build", "--size", "3x3", "--pattern", "1,2,3,4"])
        .args(["--pattern", "5 6 7 8"])
        .assert()
        .success();
    let own = ["--pattern", "1,2,3,4", "--pattern", "8,7,6,5"];
    for start in EIGHT_PUZZLES {
        for goal in ["blank-last", "blank-first"] {
            let optimal = solved(home.path(), start, goal, &["-H", "manhattan"]);
            let with_own = solved(home.path(), start, goal, &own);
            assert_eq!(
                with_own["length"], optimal["length"],
                "{start} towards {goal}"
            );
            assert_eq!(with_own["heuristic"], "pattern-database");
            assert_eq!(
                with_own["databases"],
                serde_json::json!(["1,2,3,4/5,6,7,8"])
            );
            let moves = with_own["moves"].as_str().unwrap();
            let goal_board = if goal == "blank-last" {
                "123456780"
            } else {
                "012345678"
            };
            assert_reaches(start, goal_board, moves);
        }
    }
    // The batch: the same lengths, line by line.
    let input: String = EIGHT_PUZZLES
        .iter()
        .map(|start| format!("{start}\n"))
        .collect();
    let output = slide(home.path())
        .args(["batch", "--goal", "blank-last"])
        .args(own)
        .write_stdin(input)
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let lines: Vec<Value> = (String::from_utf8(output.stdout).unwrap().lines())
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(lines.len(), EIGHT_PUZZLES.len());
    for (line, start) in lines.iter().zip(EIGHT_PUZZLES) {
        let optimal = solved(home.path(), start, "blank-last", &["-H", "manhattan"]);
        assert_eq!(line["length"], optimal["length"], "{line}");
        assert_eq!(line["databases"], serde_json::json!(["1,2,3,4/5,6,7,8"]));
    }
    // Nothing was built beyond the two files of `pdb build`.
    assert_eq!(cached(home.path()).len(), 2, "{:?}", cached(home.path()));
}

/// `solve --pattern` never builds: with the databases not cached, or made for another board
/// size or goal, it fails (exit code 2) with a message that says which and, when they are
/// missing, the command that builds them; a malformed or overlapping pattern is refused too.
#[test]
fn ones_own_patterns_not_cached_or_not_fitting_are_clear_errors() {
    let home = tempfile::tempdir().unwrap();
    let own = ["--pattern", "1,2,3,4", "--pattern", "5,6,7,8"];
    let failure = |start: &str, goal: &str, args: &[&str]| {
        let output = slide(home.path())
            .args(["solve", start, goal])
            .args(args)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{output:?}");
        String::from_utf8(output.stderr).unwrap()
    };
    let missing = failure(EIGHT_PUZZLES[1], "blank-last", &own);
    assert!(
        missing.contains("patterns 1,2,3,4/5,6,7,8 for 3x3 boards are not in the cache")
            && missing.contains(
                "`slide pdb build --size 3x3 --pattern 1,2,3,4 --pattern 5,6,7,8` builds them"
            ),
        "{missing}"
    );
    assert!(cached(home.path()).is_empty(), "{:?}", cached(home.path()));
    // The same through batch: the line is bad, for the same reason.
    let output = slide(home.path())
        .args(["batch", "--goal", "blank-last"])
        .args(own)
        .write_stdin(format!("{}\n", EIGHT_PUZZLES[1]))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    let line: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert!(line.to_string().contains("are not in the cache"), "{line}");

    slide(home.path())
        .args(["pdb", "build", "--size", "3x3"])
        .args(own)
        .assert()
        .success();
    let other_size = failure("1 2 3 4/5 6 7 8/9 10 11 0/13 14 15 12", "blank-last", &own);
    assert!(
        other_size.contains("the patterns 1,2,3,4/5,6,7,8 do not cover the tiles of 4x4 boards"),
        "{other_size}"
    );
    let other_goal = failure(NEXT_TO_SPIRAL, "spiral", &own);
    assert!(
        other_goal.contains(
            "made for the blank-first goal and the other goals with the blank in a corner"
        ),
        "{other_goal}"
    );
    let typo = failure(EIGHT_PUZZLES[1], "blank-last", &["--pattern", "1,2,x"]);
    assert!(typo.contains("`x` is not a tile number"), "{typo}");
    let overlap = failure(
        EIGHT_PUZZLES[1],
        "blank-last",
        &["--pattern", "1,2,3,4,5", "--pattern", "5,6,7,8"],
    );
    assert!(overlap.contains("tile 5 is in two patterns"), "{overlap}");
}
