//! The `slide` binary, run for real: classic mode, every subcommand, exit codes and bad input.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command as Process, Stdio};

use crate::common::Command;
use crate::common::predicate;
use crate::common::slide_path;
use puzzles::{Board, parse_moves};
use serde_json::Value;

/// The hardest 8-puzzles: 31 moves from `1 2 3 4 5 6 7 8 0` (OEIS A089473).
const HARDEST: &str = "8 6 7 2 5 4 3 0 1";

/// The `slide` binary, ready to run.
fn slide() -> Command {
    Command::new(slide_path())
}

/// Runs classic mode on `input` and returns standard output.
fn classic(input: &str) -> String {
    let output = slide().write_stdin(input).output().unwrap();
    assert!(output.status.success(), "classic mode failed on {input:?}");
    String::from_utf8(output.stdout).unwrap()
}

/// Runs `slide solve --format json` with `args` and returns the parsed object.
fn solve_json(args: &[&str]) -> Value {
    let output = slide()
        .args(["solve", "--format", "json"])
        .args(args)
        .output()
        .unwrap();
    serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|error| panic!("solve {args:?} printed no JSON: {error}"))
}

/// Asserts that `moves` lead from `start` to `goal`, replayed by the library.
fn assert_reaches(start: &str, goal: &str, moves: &str) {
    let start = Board::parse(start).unwrap();
    let goal = Board::parse(goal).unwrap();
    let moves = parse_moves(moves).unwrap();
    assert_eq!(start.apply_moves(&moves).unwrap(), goal);
}

// Classic mode.

#[test]
fn classic_mode_answers_the_judge_samples_byte_for_byte() {
    // The samples of the classic 8-puzzle judge programs, as given in the CLI specification.
    assert_eq!(classic("12345678.\n123.46758\n"), "3\n");
    assert_eq!(classic("13524678.\n46758123.\n"), "22\n");
    assert_eq!(classic("2 6 4 1 3 7 0 5 8\n8 1 5 7 3 6 4 0 2\n"), "31\n");
    assert_eq!(classic("283104765\n"), "4\n");
}

#[test]
fn classic_mode_tolerates_blank_lines_crlf_and_row_form() {
    assert_eq!(classic("\n12345678.\r\n\r\n\n123.46758"), "3\n");
    // The same boards written row by row, a blank line between them.
    assert_eq!(
        classic("1 2 3\n4 5 6\n7 8 0\n\n1 2 3\n0 4 6\n7 5 8\n"),
        "3\n"
    );
    // One board in rows: solved towards the spiral goal.
    assert_eq!(classic("2 8 3\n1 0 4\n7 6 5\n"), "4\n");
    // The judges' own form: both boards' rows back to back, with or without CRLF, and a start
    // on one line followed by the goal's rows.
    assert_eq!(
        classic("8 6 7\n2 5 4\n3 0 1\n1 2 3\n4 5 6\n7 8 0\n"),
        "31\n"
    );
    assert_eq!(
        classic("8 6 7\r\n2 5 4\r\n3 0 1\r\n1 2 3\r\n4 5 6\r\n7 8 0\r\n"),
        "31\n"
    );
    assert_eq!(classic("867254301\n1 2 3\n4 5 6\n7 8 0\n"), "31\n");
    // A 15-puzzle pair in eight rows (Korf's #79, 42 moves, towards his blank-first goal).
    let korf_79 = "0 1 9 7\n11 13 5 3\n14 12 4 2\n8 6 10 15\n";
    let blank_first = "0 1 2 3\n4 5 6 7\n8 9 10 11\n12 13 14 15\n";
    assert_eq!(classic(&format!("{korf_79}{blank_first}")), "42\n");
}

#[test]
fn classic_mode_answers_zero_when_the_start_is_the_goal() {
    // One of the original judge programs answered 2 here.
    assert_eq!(classic("123804765\n123804765\n"), "0\n");
    assert_eq!(classic("123804765\n"), "0\n");
    assert_eq!(classic("1 2 3 4 5 6 7 8 0\n12345678.\n"), "0\n");
}

#[test]
fn classic_mode_answers_the_hardest_pairs_with_their_published_depth() {
    // The only two boards 31 moves from 123456780 (OEIS A089473; shared/data/README.md).
    assert_eq!(classic("867254301\n123456780\n"), "31\n");
    assert_eq!(classic("647850321\n123456780\n"), "31\n");
}

#[test]
fn classic_mode_prints_minus_one_when_the_goal_is_unreachable() {
    // Swapping two tiles flips the permutation parity, which no sequence of moves can do.
    assert_eq!(classic("12345678.\n21345678.\n"), "-1\n");
    assert_eq!(classic("213804765\n"), "-1\n");
}

#[test]
fn classic_mode_rejects_malformed_input_with_exit_code_2_and_nothing_on_stdout() {
    let inputs: [&[u8]; 8] = [
        b"",
        b"\n\n",
        b"hello\n",
        b"12345678\n",
        b"123456788\n",
        b"12345678.\n123.46758\n12345678.\n",
        b"12345678.\n1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0\n",
        b"1234\xff678.\n",
    ];
    for input in inputs {
        slide()
            .write_stdin(input)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::starts_with("slide: "));
    }
}

// solve

#[test]
fn solve_prints_length_and_moves_that_reach_the_goal() {
    let assert = slide()
        .args(["solve", "13524678.", "46758123."])
        .assert()
        .success();
    let stdout = String::from_utf8(assert.get_output().stdout.clone()).unwrap();
    assert!(stdout.contains("length: 22\n"), "{stdout}");
    let moves = stdout
        .lines()
        .find_map(|line| line.strip_prefix("moves:"))
        .unwrap()
        .trim();
    assert_eq!(moves.len(), 22);
    assert_reaches("13524678.", "46758123.", moves);
}

#[test]
fn solve_states_the_default_goal() {
    slide()
        .args(["solve", "1234567.8"])
        .assert()
        .success()
        .stdout(predicate::str::contains("goal:   123456780 (blank-last)"))
        .stdout(predicate::str::contains("length: 1\nmoves:  R\n"));
}

#[test]
fn solve_with_pattern_databases_builds_them_once_into_the_cache() {
    // Korf's instance 1 (57 moves, Korf 1985), towards his blank-first goal. The databases are
    // built on the first run into the cache directory (here a temporary one) and loaded after.
    let cache = tempfile::tempdir().unwrap();
    let korf_1 = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3";
    let goal = "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15";
    for _ in 0..2 {
        let output = slide()
            .env("XDG_CACHE_HOME", cache.path())
            .args([
                "solve",
                "--format",
                "json",
                "--heuristic",
                "pdb",
                korf_1,
                goal,
            ])
            .output()
            .unwrap();
        assert!(output.status.success());
        let report: Value = serde_json::from_slice(&output.stdout).unwrap();
        assert_eq!(report["length"], 57);
        assert_eq!(report["heuristic"], "pattern-database");
        assert_reaches(korf_1, goal, report["moves"].as_str().unwrap());
    }
    let cached = std::fs::read_dir(cache.path().join("slide/pdb"))
        .unwrap()
        .count();
    assert_eq!(cached, 3, "one file per database of the 6-6-3 partition");
}

#[test]
fn a_cache_that_cannot_hold_the_databases_is_reported() {
    // The cache directory's place holds a file: the databases are built and used, but cannot
    // be saved, so every run would build them again. That is said, once a database.
    let place = tempfile::tempdir().unwrap();
    let file = place.path().join("not-a-directory");
    std::fs::write(&file, "").unwrap();
    let output = slide()
        .env("XDG_CACHE_HOME", &file)
        .args([
            "solve",
            "-H",
            "pdb",
            "5 1 2 3/9 6 7 4/13 10 11 8/0 14 15 12",
        ])
        .output()
        .unwrap();
    assert!(output.status.success());
    assert!(String::from_utf8_lossy(&output.stdout).contains("length: 9"));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(
        stderr.matches("could not save").count(),
        3,
        "one warning per database of the 6-6-3 partition: {stderr}"
    );
    assert!(stderr.contains("built again every run"), "{stderr}");
    // A missing directory is no reason to speak of rebuilding a file.
    assert!(!stderr.contains("rebuilding"), "{stderr}");
}

#[test]
fn timeout_covers_building_pattern_databases() {
    // An empty cache: the 6-6-3 databases take seconds to build, far past the deadline.
    let cache = tempfile::tempdir().unwrap();
    let korf_1 = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3";
    slide()
        .env("XDG_CACHE_HOME", cache.path())
        .args([
            "solve",
            "--heuristic",
            "pdb",
            "--timeout",
            "0.2",
            "--goal",
            "blank-first",
        ])
        .arg(korf_1)
        .assert()
        .code(3)
        .stdout(predicate::str::contains("deadline passed"));
}

#[test]
fn every_algorithm_finds_the_same_optimal_length_and_a_valid_path() {
    let mut lengths = Vec::new();
    for algorithm in ["bfs", "bidirectional", "astar", "idastar"] {
        let report = solve_json(&["2 6 4 1 3 7 0 5 8", "8 1 5 7 3 6 4 0 2", "-a", algorithm]);
        assert_eq!(report["algorithm"], algorithm);
        assert_eq!(report["solvable"], true);
        let moves = report["moves"].as_str().unwrap();
        assert_eq!(report["length"].as_u64(), Some(moves.len() as u64));
        assert_reaches("264137058", "815736402", moves);
        lengths.push(report["length"].as_u64().unwrap());
    }
    assert!(lengths.iter().all(|&length| length == 31), "{lengths:?}");
}

/// A 15-puzzle of 44 moves, about 400,000 expansions: several IDA* iterations, to split
/// between threads or to prune.
fn fifteen_puzzle() -> String {
    let output = slide()
        .args(["random", "--size", "4x4", "--walk", "60", "--seed", "2"])
        .output()
        .unwrap();
    String::from_utf8(output.stdout).unwrap().trim().to_owned()
}

#[test]
fn threads_run_idastar_in_parallel_to_the_same_length() {
    let start = &fifteen_puzzle();
    let solve = |threads: &str| solve_json(&[start, "--threads", threads]);
    let (serial, parallel) = (solve("1"), solve("2"));
    assert_eq!(serial["algorithm"], "idastar");
    assert_eq!(parallel["algorithm"], "parallel-idastar");
    assert!(serial["length"].as_u64() > Some(40), "{serial}");
    assert_eq!(parallel["length"], serial["length"]);
    let goal = parallel["goal"].as_str().unwrap();
    assert_reaches(start, goal, parallel["moves"].as_str().unwrap());
    // Only IDA* has a parallel form; the others refuse rather than ignore the option.
    slide()
        .args(["solve", "12345678.", "-a", "astar", "--threads", "2"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("--threads"));
}

#[test]
fn prune_finds_the_same_length_with_fewer_nodes() {
    let start = &fifteen_puzzle();
    // Linear conflict, whose search is long enough for pruning to show (the default pattern
    // databases leave a few hundred nodes, where the parallel split's own nodes dominate).
    let plain = solve_json(&[start, "-H", "linear-conflict"]);
    for threads in ["1", "2"] {
        let pruned = solve_json(&[
            start,
            "-H",
            "linear-conflict",
            "--prune",
            "12",
            "--threads",
            threads,
        ]);
        assert_eq!(pruned["length"], plain["length"], "{threads} threads");
        assert_reaches(
            start,
            pruned["goal"].as_str().unwrap(),
            pruned["moves"].as_str().unwrap(),
        );
        let generated = |report: &Value| report["statistics"]["generated"].as_u64().unwrap();
        assert!(
            generated(&pruned) < generated(&plain),
            "{pruned} against {plain}"
        );
    }
    // Pruning is for IDA*'s paths; the others refuse rather than ignore it, and lengths beyond
    // what the sequence search supports are refused by name.
    slide()
        .args(["solve", "12345678.", "-a", "bfs", "--prune", "8"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(
            "--prune applies to idastar, not bfs",
        ));
    slide()
        .args(["solve", "12345678.", "--prune", "29"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("'--prune <MOVES>'"));
}

#[test]
fn the_search_for_redundant_sequences_obeys_the_limits() {
    // Sequences of 20 moves on a 4x4 board take minutes and gigabytes to find: the deadline
    // and the memory guard stop the search for them as they stop a search.
    let one_move = "1 2 3 4/5 6 7 8/9 10 11 12/13 14 0 15";
    slide()
        .args(["solve", one_move, "--prune", "20", "--timeout", "0.2"])
        .timeout(std::time::Duration::from_secs(60))
        .assert()
        .code(3)
        .stdout(predicate::str::contains("result: gave up, deadline passed"));
    slide()
        .args(["solve", one_move, "--prune", "20", "--max-stored", "100000"])
        .timeout(std::time::Duration::from_secs(60))
        .assert()
        .code(3)
        .stdout(predicate::str::contains(
            "result: gave up, stored-node limit reached",
        ))
        .stderr(predicate::str::contains(
            "redundant move sequences of up to 20 moves (--prune) reached the --max-stored limit of 100000",
        ));
    // A board that is its goal, or cannot reach it, needs no search and no sequences.
    slide()
        .args(["solve", "12345678.", "--prune", "28", "--max-stored", "1"])
        .assert()
        .success()
        .stdout(predicate::str::contains("length: 0"));
    slide()
        .args(["solve", "12345687.", "--prune", "28", "--max-stored", "1"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("unsolvable"));
}

#[test]
fn solve_json_holds_what_it_claims() {
    let report = solve_json(&[
        "283104765",
        "--goal",
        "spiral",
        "-a",
        "astar",
        "-H",
        "manhattan",
    ]);
    assert_eq!(report["start"], "283104765");
    assert_eq!(report["goal"], "123804765");
    assert_eq!(report["algorithm"], "astar");
    assert_eq!(report["heuristic"], "manhattan");
    assert_eq!(report["length"], 4);
    assert_reaches("283104765", "123804765", report["moves"].as_str().unwrap());
    let statistics = &report["statistics"];
    assert!(statistics["expanded"].as_u64().unwrap() >= 4);
    assert!(statistics["generated"].as_u64().unwrap() >= statistics["expanded"].as_u64().unwrap());
    assert!(statistics["seconds"].as_f64().unwrap() >= 0.0);
    // Breadth-first searches use no heuristic, and say so.
    assert_eq!(
        solve_json(&["283104765", "-a", "bfs"])["heuristic"],
        Value::Null
    );
}

#[test]
fn solve_boards_lists_every_board_along_the_way() {
    let report = solve_json(&["283104765", "spiral", "--boards"]);
    let boards: Vec<&str> = report["boards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|board| board.as_str().unwrap())
        .collect();
    assert_eq!(boards.len(), 5);
    assert_eq!(boards.first(), Some(&"283104765"));
    assert_eq!(boards.last(), Some(&"123804765"));
    let text = slide()
        .args(["solve", "283104765", "spiral", "--boards", "--stats"])
        .assert()
        .success();
    let stdout = String::from_utf8(text.get_output().stdout.clone()).unwrap();
    assert_eq!(stdout.matches("\nstep ").count(), 5);
    assert!(stdout.contains("expanded: "));
}

#[test]
fn solve_handles_fifteen_puzzles_and_non_square_boards() {
    let report = solve_json(&["1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15"]);
    assert_eq!(report["length"], 1);
    let report = solve_json(&["1 2 3/4 0 5", "1 2 3/4 5 0"]);
    assert_eq!(report["length"], 1);
    assert_eq!(report["start"], "1 2 3/4 0 5");
}

#[test]
fn solve_exits_1_when_unsolvable_and_3_at_a_limit() {
    slide()
        .args(["solve", "21345678."])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("unsolvable"));
    assert_eq!(solve_json(&["21345678."])["solvable"], false);
    slide()
        .args(["solve", HARDEST, "-a", "idastar", "--max-nodes", "10"])
        .assert()
        .code(3)
        .stdout(predicate::str::contains("gave up"));
    slide()
        .args(["solve", HARDEST, "-a", "astar", "--timeout", "0.000001"])
        .assert()
        .code(3);
}

#[test]
fn solve_rejects_bad_input_with_exit_code_2() {
    let bad: [&[&str]; 8] = [
        &["solve", "12345678"],
        &["solve", "123456789"],
        &[
            "solve",
            "12345678.",
            "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0",
        ],
        &["solve", "12345678.", "-a", "bfs", "-H", "manhattan"],
        &["solve", "12345678.", "--max-nodes", "many"],
        &["solve", "12345678.", "--timeout", "-1"],
        &["solve", "12345678.", "--algorithm", "dijkstra"],
        &["solve"],
    ];
    for args in bad {
        slide().args(args).assert().code(2).stdout("");
    }
}

#[test]
fn boards_over_the_supported_size_are_refused_clearly() {
    let cells: Vec<String> = (1..100).chain([0]).map(|tile| tile.to_string()).collect();
    slide()
        .args(["solve", &cells.join(" ")])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("10x10"));
}

// check

#[test]
fn check_tells_solvable_from_unsolvable_with_exit_codes() {
    slide()
        .args(["check", "13524678.", "46758123."])
        .assert()
        .code(0)
        .stdout(predicate::str::starts_with("solvable"));
    slide()
        .args(["check", "21345678."])
        .assert()
        .code(1)
        .stdout(predicate::str::starts_with("unsolvable"));
    slide()
        .args(["check", "2134567"])
        .assert()
        .code(2)
        .stdout("");
}

// random, and batch reading what it writes

#[test]
fn random_is_repeatable_with_a_seed_and_always_solvable() {
    let run = |args: &[&str]| {
        let output = slide().arg("random").args(args).output().unwrap();
        assert!(output.status.success());
        String::from_utf8(output.stdout).unwrap()
    };
    let first = run(&["--size", "3x3", "--count", "20", "--seed", "7"]);
    assert_eq!(
        first,
        run(&["--size", "3x3", "--count", "20", "--seed", "7"])
    );
    // The next seed gives other boards, not the same ones shifted by a line.
    let next = run(&["--size", "3x3", "--count", "20", "--seed", "8"]);
    let shared = next.lines().filter(|line| first.contains(line)).count();
    assert!(shared <= 1, "seeds 7 and 8 share {shared} of 20 boards");
    assert_eq!(first.lines().count(), 20);
    for line in first.lines() {
        slide().args(["check", line]).assert().code(0);
    }
    let walked = run(&[
        "--size", "4x4", "--count", "3", "--seed", "1", "--walk", "10",
    ]);
    assert_eq!(walked.lines().count(), 3);
    slide()
        .args(["random", "--size", "3"])
        .assert()
        .code(2)
        .stdout("");
    // There is no start: a goal of another shape disagrees with --size.
    slide()
        .args(["random", "--size", "3x3", "--goal", "1 2 3/4 5 0"])
        .assert()
        .code(2)
        .stdout("")
        .stderr("slide: the goal is 3x2 but --size is 3x3\n");
}

#[test]
fn random_output_round_trips_through_batch() {
    for args in [
        &["--size", "3x3", "--count", "12", "--seed", "3"][..],
        &[
            "--size", "3x2", "--count", "5", "--seed", "3", "--goal", "spiral",
        ][..],
        &[
            "--size", "4x4", "--count", "4", "--seed", "3", "--walk", "25",
        ][..],
    ] {
        let instances = slide().arg("random").args(args).output().unwrap().stdout;
        let output = slide()
            .arg("batch")
            .write_stdin(instances.clone())
            .output()
            .unwrap();
        assert!(output.status.success(), "{args:?}");
        let stdout = String::from_utf8(output.stdout).unwrap();
        let lines: Vec<&str> = std::str::from_utf8(&instances).unwrap().lines().collect();
        assert_eq!(stdout.lines().count(), lines.len());
        for (record, line) in stdout.lines().zip(&lines) {
            let record: Value = serde_json::from_str(record).unwrap();
            assert_eq!(record["solvable"], true);
            let start = line.split(';').next().unwrap();
            assert_eq!(record["start"], start);
            assert_reaches(
                start,
                record["goal"].as_str().unwrap(),
                record["moves"].as_str().unwrap(),
            );
        }
    }
}

// batch

#[test]
fn batch_keeps_input_order_and_reports_bad_lines_by_number() {
    let mut input = Vec::new();
    input.extend_from_slice(b"# a comment, then a blank line\n\n");
    input.extend_from_slice(b"13524678.;46758123.\n"); // line 3
    input.extend_from_slice(b"12345678.\t123.46758\n"); // line 4
    input.extend_from_slice(b"not a board\n"); // line 5
    input.extend_from_slice(b"1234\xff678.\n"); // line 6
    input.extend_from_slice(&[b'1'; 20_000]); // line 7
    input.extend_from_slice(b"\n21345678.\n"); // line 8
    input.extend_from_slice(b"12345678.;1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0\n"); // line 9
    input.extend_from_slice(b"283104765;123804765"); // line 10, no final newline
    let output = slide()
        .args(["batch", "-", "--jobs", "2"])
        .write_stdin(input)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let records: Vec<Value> = String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    let line_numbers: Vec<u64> = records
        .iter()
        .map(|r| r["line"].as_u64().unwrap())
        .collect();
    assert_eq!(line_numbers, [3, 4, 5, 6, 7, 8, 9, 10]);
    assert_eq!(records[0]["length"], 22);
    assert_eq!(records[1]["length"], 3);
    for bad in [&records[2], &records[3], &records[4], &records[6]] {
        assert!(bad["error"].is_string(), "{bad}");
    }
    assert_eq!(records[5]["solvable"], false);
    assert_eq!(records[7]["length"], 4);
    let stderr = String::from_utf8(output.stderr).unwrap();
    for line in [5, 6, 7, 9] {
        assert!(stderr.contains(&format!("line {line}: ")), "{stderr}");
    }
    assert!(
        stderr.contains("solved 3, unsolvable 1, gave up 0, bad lines 4"),
        "{stderr}"
    );
}

#[test]
fn batch_output_does_not_depend_on_the_number_of_jobs() {
    let instances = slide()
        .args(["random", "--size", "3x3", "--count", "30", "--seed", "11"])
        .output()
        .unwrap()
        .stdout;
    let run = |jobs: &str| {
        let output = slide()
            .args(["batch", "--format", "table", "--jobs", jobs, "-a", "bfs"])
            .write_stdin(instances.clone())
            .output()
            .unwrap();
        assert!(output.status.success());
        // The expanded-node column is deterministic for one algorithm; times are not printed.
        String::from_utf8(output.stdout).unwrap()
    };
    let one = run("1");
    assert_eq!(one, run("2"));
    // The goal the lines share, the header, a row a line.
    assert!(
        one.starts_with(
            "goal: blank-last, unless a line gives its own after a `;`\n  line  result"
        )
    );
    assert_eq!(one.lines().count(), 32);
}

/// `--prune` and `--direct-tables` work in a batch as in `solve`: each worker makes the
/// automaton and fills the tables once, the lengths stay optimal, and a choice that cannot
/// apply is refused before any line is read.
#[test]
fn batch_prunes_and_fills_direct_tables() {
    let instances = slide()
        .args([
            "random", "--size", "4x4", "--count", "4", "--walk", "60", "--seed", "3",
        ])
        .output()
        .unwrap()
        .stdout;
    let cache = tempfile::tempdir().unwrap();
    let run = |options: &[&str]| -> Vec<Value> {
        let output = slide()
            .env("XDG_CACHE_HOME", cache.path())
            .args(["batch", "--jobs", "2"])
            .args(options)
            .write_stdin(instances.clone())
            .output()
            .unwrap();
        assert!(output.status.success(), "{output:?}");
        String::from_utf8(output.stdout)
            .unwrap()
            .lines()
            .map(|line| serde_json::from_str(line).unwrap())
            .collect()
    };
    let generated = |records: &[Value]| -> u64 {
        (records.iter())
            .map(|record| record["statistics"]["generated"].as_u64().unwrap())
            .sum()
    };
    let lengths = |records: &[Value]| -> Vec<u64> {
        (records.iter())
            .map(|record| record["length"].as_u64().unwrap())
            .collect()
    };
    let plain = run(&[]);
    let pruned = run(&["--prune", "12"]);
    assert_eq!(lengths(&pruned), lengths(&plain));
    assert!(generated(&pruned) < generated(&plain));
    for record in &pruned {
        assert_reaches(
            record["start"].as_str().unwrap(),
            record["goal"].as_str().unwrap(),
            record["moves"].as_str().unwrap(),
        );
    }
    // Direct tables change the time only: the same moves and the same nodes.
    let without = run(&["-H", "pdb", "--direct-tables", "0"]);
    let with = run(&["-H", "pdb", "--direct-tables", "64"]);
    assert_eq!(lengths(&without), lengths(&plain));
    for (without, with) in without.iter().zip(&with) {
        assert_eq!(without["moves"], with["moves"]);
        assert_eq!(
            without["statistics"]["generated"],
            with["statistics"]["generated"]
        );
    }
    slide()
        .args(["batch", "-a", "astar", "--prune", "8"])
        .write_stdin(instances.clone())
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(
            "--prune applies to idastar, not astar",
        ));
    // Direct tables belong to the pattern databases: without them the option would be ignored.
    slide()
        .args(["batch", "-H", "manhattan", "--direct-tables", "64"])
        .write_stdin(instances.clone())
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(
            "--direct-tables applies to the pattern databases of --heuristic pdb",
        ));
}

#[test]
fn batch_reads_files_and_reports_limits_with_exit_code_3() {
    let directory = tempfile::tempdir().unwrap();
    let path = directory.path().join("instances.txt");
    std::fs::write(&path, format!("{HARDEST}\n12345678.\n")).unwrap();
    let output = slide()
        .args([
            "batch",
            path.to_str().unwrap(),
            "-a",
            "idastar",
            "--max-nodes",
            "10",
        ])
        .output()
        .unwrap();
    // Every line was answered, but one search gave up: the exit code says so.
    assert_eq!(output.status.code(), Some(3));
    let records: Vec<Value> = String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(records[0]["limit"], "expanded-node limit reached");
    assert_eq!(records[1]["length"], 0);
    slide()
        .args(["batch", directory.path().join("missing").to_str().unwrap()])
        .assert()
        .code(2)
        .stdout("");
    // A directory opens but cannot be read: an error naming it, not an empty batch.
    slide()
        .args(["batch", directory.path().to_str().unwrap()])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("reading "));
}

/// Each line is answered before the next is even written: the batch reads as it solves.
#[cfg(unix)]
#[test]
fn batch_answers_each_line_before_its_input_ends() {
    use std::io::Write;

    let mut child = Process::new(slide_path())
        .args(["batch", "--jobs", "1"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    // Should the batch wait for the end of its input, this kills it, and the read below
    // fails instead of hanging.
    let pid = child.id().to_string();
    let (done, finished) = std::sync::mpsc::channel::<()>();
    let watchdog = std::thread::spawn(move || {
        if finished
            .recv_timeout(std::time::Duration::from_secs(30))
            .is_err()
        {
            let _ = Process::new("kill").args(["-KILL", &pid]).status();
        }
    });
    for (number, board) in [(1, "1 2 3 4 5 6 7 0 8"), (2, "1 2 3 4 5 6 0 7 8")] {
        writeln!(stdin, "{board}").unwrap();
        stdin.flush().unwrap();
        let mut line = String::new();
        stdout.read_line(&mut line).unwrap();
        let record: Value = serde_json::from_str(&line).unwrap();
        assert_eq!(record["line"], number, "{line}");
    }
    drop(stdin);
    let status = child.wait().unwrap();
    done.send(()).unwrap();
    watchdog.join().unwrap();
    assert!(status.success());
}

// graph, completions, help

#[test]
fn graph_prints_dot_and_respects_its_node_guard() {
    let output = slide()
        .args(["graph", "12345678.", "--depth", "2", "--goal", "1234.6758"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let dot = String::from_utf8(output.stdout).unwrap();
    assert!(dot.trim_start().starts_with("digraph") || dot.trim_start().starts_with("graph"));
    assert!(dot.trim_end().ends_with('}'));
    slide()
        .args(["graph", "12345678.", "--depth", "30", "--max-nodes", "50"])
        .assert()
        .code(3)
        .stdout("");
    slide()
        .args(["graph", "12345678."])
        .assert()
        .code(2)
        .stdout("");
    // A goal beyond --depth is out of the picture: said, with the depth that shows it.
    slide()
        .args(["graph", "12345678.", "--depth", "1", "--goal", "123456.78"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("digraph"))
        .stderr(predicate::str::contains(
            "the goal is 2 moves away, beyond --depth 1",
        ));
    slide()
        .args(["graph", "12345678.", "--depth", "2", "--goal", "123456.78"])
        .assert()
        .success()
        .stderr("");
}

#[test]
fn completions_are_generated_for_each_shell() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        slide()
            .args(["completions", shell])
            .assert()
            .success()
            .stdout(predicate::str::contains("slide"));
    }
    slide().args(["completions", "tcsh"]).assert().code(2);
}

/// The completion scripts offer every registered puzzle's algorithm, heuristic and metric names
/// after `-a`, `-H` and `--metric` (they completed file names), while parsing still takes any
/// name for the puzzle to judge.
#[test]
fn completions_offer_the_puzzles_choices() {
    let output = slide().args(["completions", "bash"]).output().unwrap();
    let script = String::from_utf8(output.stdout).unwrap();
    for offered in [
        "compgen -W \"astar bfs bidirectional idastar\"",
        "linear-conflict manhattan misplaced pdb",
        "compgen -W \"piece step\"",
    ] {
        assert!(script.contains(offered), "{offered} missing");
    }
    slide()
        .args(["solve", "123456780", "-H", "manhatan"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("did you mean `manhattan`?"));
}

#[test]
fn help_states_the_exit_codes() {
    slide()
        .arg("--help")
        .assert()
        .success()
        .stdout(predicate::str::contains("Exit codes:"))
        .stdout(predicate::str::contains("3  a limit"));
}

/// The README points to `slide --help` for the guarantees, so the long help must state them;
/// the short help (`-h`) stays the exit codes alone.
#[test]
fn long_help_states_the_guarantees() {
    slide()
        .arg("--help")
        .assert()
        .success()
        .stdout(predicate::str::contains("Guarantees:"))
        .stdout(predicate::str::contains("--max-stored"));
    slide()
        .arg("-h")
        .assert()
        .success()
        .stdout(predicate::str::contains("Exit codes:"))
        .stdout(predicate::str::contains("Guarantees:").not());
}

#[test]
fn a_closed_pipe_is_not_an_error() {
    let mut child = Process::new(slide_path())
        .args([
            "random", "--size", "4x4", "--count", "1000000", "--seed", "1",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert!(!first.is_empty());
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success());
    assert_eq!(String::from_utf8(output.stderr).unwrap(), "");
}

/// Starts `batch`, prepared by `configure`, on `instances`, and waits for its first line of
/// output, which proves it is running with its Ctrl-C handler installed.
#[cfg(unix)]
fn start_batch(
    configure: impl FnOnce(&mut Process) -> &mut Process,
    instances: &[u8],
) -> (
    std::process::Child,
    BufReader<std::process::ChildStdout>,
    String,
) {
    use std::io::Write;

    let mut command = Process::new(slide_path());
    let mut child = configure(&mut command)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(instances).unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    stdout.read_line(&mut first).unwrap();
    (child, stdout, first)
}

/// Sends Ctrl-C (SIGINT) to `child`; whether `kill` found it.
#[cfg(unix)]
fn interrupt(child: &std::process::Child) -> bool {
    Process::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap()
        .success()
}

/// A pattern database being built stops at Ctrl-C as a search does: the batch ends within
/// seconds with its summary, not after the minutes the build would take.
#[cfg(unix)]
#[test]
fn ctrl_c_stops_a_batch_that_is_building_databases() {
    use std::time::Duration;

    let cache = tempfile::tempdir().unwrap();
    // An 8-puzzle, solved at once, whose line on standard output proves the batch is running
    // with its Ctrl-C handler installed; then a 24-puzzle, whose first 6-tile database takes
    // far longer to build than this test waits.
    let instances = "1 2 3 4 5 6 7 0 8\n\
        1 0 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24\n";
    let (child, _stdout, first) = start_batch(
        |command| {
            (command.env("XDG_CACHE_HOME", cache.path()))
                .args(["batch", "--jobs", "1", "-a", "idastar", "-H", "pdb"])
        },
        instances.as_bytes(),
    );
    assert!(first.contains("\"moves\""), "{first}");
    // Let the build get going before it is interrupted.
    std::thread::sleep(Duration::from_millis(300));
    assert!(interrupt(&child));
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(130));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("interrupted (1 unfinished)"), "{stderr}");
    // The 8-puzzle's database is saved; the stopped 24-puzzle build leaves nothing behind.
    let names: Vec<String> = std::fs::read_dir(cache.path().join("slide/pdb"))
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(
        names.iter().all(|name| name.starts_with("3x3")),
        "{names:?}"
    );
}

#[cfg(unix)]
#[test]
fn ctrl_c_stops_a_batch_cleanly_with_a_summary() {
    use std::io::Read;

    // A solved board first, so that its result on standard output proves the batch is running
    // (and its Ctrl-C handler installed) however slowly the machine starts it; then random
    // 15-puzzles, which take IDA* seconds to minutes each: the batch is still busy when
    // interrupted.
    let mut instances = b"1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0\n".to_vec();
    instances.extend(
        slide()
            .args(["random", "--size", "4x4", "--count", "50", "--seed", "5"])
            .output()
            .unwrap()
            .stdout,
    );
    let (child, mut stdout, first) = start_batch(
        |command| command.args(["batch", "--jobs", "1", "-a", "idastar", "-H", "manhattan"]),
        &instances,
    );
    assert!(interrupt(&child));
    let mut rest = String::new();
    stdout.read_to_string(&mut rest).unwrap();
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(130));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("interrupted ("), "{stderr}");
    // Whatever was printed is whole JSON lines, in input order, starting with the solved board;
    // the search Ctrl-C stopped has a record saying so, with what it did.
    let records: Vec<Value> = (first + &rest)
        .lines()
        .map(|line| serde_json::from_str::<Value>(line).unwrap())
        .collect();
    let lines: Vec<u64> = (records.iter())
        .map(|record| record["line"].as_u64().unwrap())
        .collect();
    assert_eq!(lines.first(), Some(&1));
    assert!(lines.len() < 51, "{lines:?}");
    assert!(lines.windows(2).all(|pair| pair[0] < pair[1]), "{lines:?}");
    // Lines read before Ctrl-C are not lost: the one running says it was interrupted (with
    // what it did), the others that they never started, whichever Ctrl-C found.
    assert!(records.len() >= 2, "{records:?}");
    for record in &records[1..] {
        match record["result"].as_str() {
            Some("interrupted") => {
                assert_eq!(record["limit"], "search cancelled");
                assert!(record["statistics"]["expanded"].as_u64().is_some());
            }
            Some("not started") => {}
            _ => panic!("{record}"),
        }
    }
    let interrupted = (records.iter())
        .filter(|record| record["result"] == "interrupted")
        .count();
    assert!(interrupted <= 1, "{records:?}");
}

// klotski

/// The fewest moves for the classic Klotski layout (横刀立马) when a move slides one piece any
/// distance: 81 (https://en.wikipedia.org/wiki/Klotski).
const CLASSIC_KLOTSKI_PIECE_MOVES: usize = 81;

fn klotski_length(args: &[&str], stdin: &str) -> (usize, String) {
    let output = slide()
        .arg("klotski")
        .args(args)
        .write_stdin(stdin)
        .output()
        .unwrap();
    assert!(output.status.success(), "klotski {args:?}");
    let stdout = String::from_utf8(output.stdout).unwrap();
    let length = stdout
        .lines()
        .find_map(|line| line.strip_prefix("length: "))
        .unwrap()
        .parse()
        .unwrap();
    // The moves on one line, as `solve --puzzle klotski` prints them.
    let listed = stdout
        .lines()
        .find_map(|line| line.strip_prefix("moves:  "))
        .unwrap()
        .split(", ")
        .filter(|name| name.contains(" -> "))
        .count();
    assert_eq!(listed, length);
    (length, stdout)
}

#[test]
fn klotski_solves_the_classic_layout_in_the_published_number_of_moves() {
    let (piece, _) = klotski_length(&["--classic"], "");
    assert_eq!(piece, CLASSIC_KLOTSKI_PIECE_MOVES);
    // Read from standard input, the same layout gives the same answer.
    let (from_stdin, _) = klotski_length(&["-"], "ABBC\nABBC\nDEEF\nDGHF\nI..J\n");
    assert_eq!(from_stdin, piece);
    // Every piece move is at least one step.
    let (step, stdout) = klotski_length(&["--classic", "--metric", "step", "--boards"], "");
    assert!(step >= piece, "{step} steps < {piece} piece moves");
    assert!(stdout.contains("search: bfs, step metric"), "{stdout}");
    // The boards keep the letters the layout was written with, move after move.
    let (_, lettered) = klotski_length(&["-", "--boards"], "ZYYX\nZYYX\nWVVU\nWTSU\nR..Q\n");
    assert!(
        lettered.contains("\nstep 0 (start):\nZYYX\nZYYX\nWVVU\nWTSU\nR..Q\n"),
        "{lettered}"
    );
    // The block, `Y` in this layout, at the exit: the last board's last row is `.YY` and a piece.
    let last_row = lettered.trim_end().lines().last().unwrap();
    assert_eq!(&last_row[..3], ".YY", "{lettered}");
}

#[test]
fn klotski_rejects_bad_layouts_and_honours_limits() {
    for layout in ["ABBC\nABBC\n", "ABBC\nABBC\nDEEF\nDGHF\nIJKL\n", "\u{ff}"] {
        slide()
            .args(["klotski", "-"])
            .write_stdin(layout)
            .assert()
            .code(2)
            .stdout("");
    }
    slide().arg("klotski").assert().code(2).stdout("");
    slide()
        .args(["klotski", "--classic", "--max-nodes", "10"])
        .assert()
        .code(3);
}

// pdb

#[test]
fn pdb_build_fills_the_cache_once_and_info_describes_the_files() {
    let directory = tempfile::tempdir().unwrap();
    let dir = directory.path().to_str().unwrap();
    let build = |dir: &str| {
        let output = slide()
            .args(["pdb", "build", "--size", "3x3", "--dir", dir])
            .args(["--pattern", "1,2,3,4", "--pattern", "5,6,7,8"])
            .output()
            .unwrap();
        assert!(output.status.success());
        String::from_utf8(output.stdout).unwrap()
    };
    let first = build(dir);
    assert_eq!(first.lines().count(), 2);
    // The second run loads what the first saved, and says the same.
    assert_eq!(build(dir), first);
    for line in first.lines() {
        let path = line.rsplit(", ").next().unwrap();
        let pattern = line
            .split(':')
            .next()
            .unwrap()
            .trim_start_matches("pattern ");
        let info = slide().args(["pdb", "info", path]).output().unwrap();
        assert!(info.status.success());
        let info = String::from_utf8(info.stdout).unwrap();
        assert!(info.contains("board:   3x3\n"), "{info}");
        assert!(info.contains(&format!("pattern: {pattern}\n")), "{info}");
        // Four tiles on nine cells: 9 * 8 * 7 * 6 placements.
        assert!(info.contains("entries: 3024\n"), "{info}");
    }
}

#[test]
fn pdb_build_through_temporary_files_writes_the_same_database() {
    let directory = tempfile::tempdir().unwrap();
    let build = |name: &str, options: &[&str]| {
        let dir = directory.path().join(name);
        let output = slide()
            .args(["pdb", "build", "--size", "3x3", "--pattern", "1,2,3,4"])
            .arg("--dir")
            .arg(&dir)
            .args(options)
            .output()
            .unwrap();
        (output, dir)
    };
    let (output, in_memory) = build("memory", &[]);
    assert!(output.status.success());
    // No memory for the search: the layers go to the temporary directory, which must exist.
    let temp = directory.path().join("layers");
    let temp_arg = temp.to_str().unwrap();
    let (output, _) = build("files", &["--memory", "0", "--temp-dir", temp_arg]);
    // A file that cannot be written: exit code 5, not bad input.
    assert_eq!(output.status.code(), Some(5));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains(temp_arg), "{stderr}");
    std::fs::create_dir(&temp).unwrap();
    let (output, through_files) = build("files", &["--memory", "0", "--temp-dir", temp_arg]);
    assert!(output.status.success());
    let file = |dir: &Path| {
        let mut entries: Vec<_> = std::fs::read_dir(dir)
            .unwrap()
            .map(Result::unwrap)
            .collect();
        assert_eq!(entries.len(), 1);
        std::fs::read(entries.pop().unwrap().path()).unwrap()
    };
    assert!(file(&in_memory) == file(&through_files));
    assert_eq!(
        std::fs::read_dir(&temp).unwrap().count(),
        0,
        "nothing left behind"
    );
}

#[test]
fn pdb_rejects_bad_patterns_and_files() {
    let directory = tempfile::tempdir().unwrap();
    let dir = directory.path().to_str().unwrap();
    for pattern in ["1,2,x", "1,1", "0,1", "9"] {
        slide()
            .args([
                "pdb",
                "build",
                "--size",
                "3x3",
                "--pattern",
                pattern,
                "--dir",
                dir,
            ])
            .assert()
            .code(2)
            .stdout("");
    }
    let junk = directory.path().join("junk.pdb");
    std::fs::write(&junk, "not a database").unwrap();
    slide()
        .args(["pdb", "info", junk.to_str().unwrap()])
        .assert()
        .code(2)
        .stdout("");
    slide().args(["pdb", "build"]).assert().code(2).stdout("");
}

// Reliability: memory, time, batch integrity and sizes.

/// Korf's instance 1 (Korf 1985), 57 moves from the blank-first
/// goal: far beyond BFS, bidirectional BFS and A* in a test's time and memory, and beyond IDA*
/// in a fraction of a second.
const KORF_1: &str = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3";

/// Runs `slide` with `args` and returns its output and its peak resident memory in KiB, as the
/// kernel accounts it: through `/usr/bin/time` when present (the rusage of the finished child,
/// exact), else by polling `VmHWM`, the kernel's own high-water mark, until the child exits.
fn run_measuring_peak_memory(args: &[&str]) -> (std::process::Output, u64) {
    const REPORT: &str = "peak-rss-kib ";
    let time = Path::new("/usr/bin/time");
    if time.exists() {
        let output = Process::new(time)
            .args(["-f", &format!("{REPORT}%M")])
            .arg(slide_path())
            .args(args)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
        let peak = stderr
            .lines()
            .rev()
            .find_map(|line| line.strip_prefix(REPORT))
            .unwrap_or_else(|| panic!("no peak memory reported: {stderr}"))
            .trim()
            .parse()
            .unwrap();
        return (output, peak);
    }
    let child = Process::new(slide_path())
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let status_path = format!("/proc/{}/status", child.id());
    let poller = std::thread::spawn(move || {
        let mut peak = 0;
        // The file disappears (or loses its memory lines) once the child has exited.
        while let Ok(status) = std::fs::read_to_string(&status_path) {
            let Some(line) = status.lines().find(|line| line.starts_with("VmHWM:")) else {
                break;
            };
            let kib: u64 = line
                .split_whitespace()
                .nth(1)
                .and_then(|value| value.parse().ok())
                .unwrap();
            peak = peak.max(kib);
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
        peak
    });
    let output = child.wait_with_output().unwrap();
    (output, poller.join().unwrap())
}

#[test]
fn the_stored_node_limit_bounds_memory_and_says_so() {
    const MAX_STORED: u64 = 300_000;
    let max_stored = MAX_STORED.to_string();
    let args = [
        "solve",
        KORF_1,
        "blank-first",
        "-a",
        "astar",
        "-H",
        "misplaced",
        "--max-stored",
        &max_stored,
    ];
    let (output, peak_kib) = run_measuring_peak_memory(&args);
    assert_eq!(output.status.code(), Some(3));
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(
        stdout.contains("result: gave up, stored-node limit reached"),
        "{stdout}"
    );
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("--max-stored"), "{stderr}");
    // A stored 15-puzzle node costs about 25 bytes with its open-list entry (14 in the node
    // arrays, about 7 in the hash table, 4 in the open list, plus growth slack); the budget
    // allows 128 bytes a node on top of 32 MiB for the program itself. Without the limit this search
    // takes gigabytes.
    let budget_kib = 32 * 1024 + MAX_STORED * 128 / 1024;
    assert!(
        peak_kib < budget_kib,
        "peak {peak_kib} KiB, budget {budget_kib} KiB"
    );
    slide()
        .args(["solve", "12345678.", "--max-stored", "0"])
        .assert()
        .code(2)
        .stdout("");
}

#[test]
fn a_timeout_stops_every_algorithm() {
    // Manhattan distance: a heuristic that needs no tables built before the search starts.
    let heuristic = |algorithm: &str| match algorithm {
        "astar" | "idastar" => &["-H", "manhattan"][..],
        _ => &[][..],
    };
    for algorithm in ["bfs", "bidirectional", "astar", "idastar"] {
        let output = slide()
            .args([
                "solve",
                KORF_1,
                "blank-first",
                "-f",
                "json",
                "-a",
                algorithm,
            ])
            .args(heuristic(algorithm))
            .args(["--timeout", "0.3"])
            .output()
            .unwrap();
        // The deadline, not another limit or an answer, ended it: how soon is the benchmarks'
        // business (`bench` measures it), not a functional test's on a loaded machine.
        assert_eq!(output.status.code(), Some(3), "{algorithm}");
        let report: Value = serde_json::from_slice(&output.stdout).unwrap();
        assert_eq!(report["limit"], "deadline passed", "{algorithm}");
    }
    // Klotski's breadth-first search too, counting single steps (the larger space).
    slide()
        .args([
            "klotski",
            "--classic",
            "--metric",
            "step",
            "--timeout",
            "0.001",
        ])
        .assert()
        .code(3)
        .stdout(predicate::str::contains("gave up, deadline passed"));
}

/// One line of the integrity batch: what it holds and what the batch must answer.
enum Expected {
    /// A good instance: the start, solved towards blank-last within this many moves.
    Solved(Board, usize),
    /// A bad line, reported with its number.
    Bad,
    /// A blank line, skipped silently.
    Skipped,
}

#[test]
fn a_large_batch_answers_every_good_line_in_order_and_reports_every_bad_one() {
    use puzzles::{Shape, SplitMix64, random_walk};

    let goal = Board::blank_last(Shape::new(3, 3).unwrap());
    let mut random = SplitMix64::new(20_240_601);
    let mut input = Vec::new();
    let mut good_input = Vec::new();
    let mut expected = Vec::new();
    for _ in 0..10_000 {
        let (line, outcome): (Vec<u8>, Expected) = if random.below(10) == 0 {
            match random.below(7) {
                0 => (b"12345678".to_vec(), Expected::Bad),
                1 => (b"1234567.".to_vec(), Expected::Bad),
                2 => (
                    b"12345678.;1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0".to_vec(),
                    Expected::Bad,
                ),
                3 => (b"   ".to_vec(), Expected::Skipped),
                4 => (
                    vec![b'7'; 9_000 + random.below(5_000) as usize],
                    Expected::Bad,
                ),
                5 => (b"1234\xff678.".to_vec(), Expected::Bad),
                _ => (b"12345678.;12345678.;12345678.".to_vec(), Expected::Bad),
            }
        } else {
            let walk = 4 + random.below(17) as usize;
            let start = random_walk(&goal, walk, random.next_u64());
            good_input.extend_from_slice(start.to_compact().as_bytes());
            good_input.push(b'\n');
            (
                start.to_compact().into_bytes(),
                Expected::Solved(start, walk),
            )
        };
        input.extend_from_slice(&line);
        input.push(b'\n');
        expected.push(outcome);
    }
    let output = slide()
        .args(["batch", "--jobs", "2"])
        .write_stdin(input)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stdout = String::from_utf8(output.stdout).unwrap();
    let mut records = stdout.lines();
    let stderr = String::from_utf8(output.stderr).unwrap();
    let warned: std::collections::HashSet<&str> = stderr
        .lines()
        .filter_map(|line| line.strip_prefix("slide: line "))
        .filter_map(|line| line.split(':').next())
        .collect();
    let (mut good, mut bad) = (0, 0);
    for (index, outcome) in expected.iter().enumerate() {
        let number = index as u64 + 1;
        if matches!(outcome, Expected::Skipped) {
            continue;
        }
        let record: Value = serde_json::from_str(records.next().expect("a record a line")).unwrap();
        assert_eq!(record["line"].as_u64(), Some(number), "{record}");
        match outcome {
            Expected::Solved(start, walk) => {
                good += 1;
                let moves = record["moves"].as_str().expect("solved");
                assert!(moves.len() <= *walk, "{record}");
                assert_reaches(&start.to_compact(), &goal.to_compact(), moves);
            }
            Expected::Bad => {
                bad += 1;
                assert!(!record["error"].as_str().unwrap().is_empty(), "{record}");
                assert!(
                    warned.contains(number.to_string().as_str()),
                    "line {number}"
                );
            }
            Expected::Skipped => unreachable!("skipped above"),
        }
    }
    assert_eq!(records.next(), None);
    assert!(
        stderr.contains(&format!(
            "solved {good}, unsolvable 0, gave up 0, bad lines {bad}"
        )),
        "{}",
        stderr.lines().last().unwrap_or_default()
    );
    // Without the bad lines, the same batch succeeds.
    slide()
        .args(["batch", "--jobs", "2", "--format", "table"])
        .write_stdin(good_input)
        .assert()
        .success();
}

#[test]
fn a_bad_board_is_named_start_or_goal_and_nothing_is_guessed() {
    let refusal = |args: &[&str]| {
        let output = slide().args(args).output().unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(output.stdout.is_empty(), "{args:?}");
        String::from_utf8(output.stderr).unwrap()
    };
    assert!(
        refusal(&["solve", "1234", "123456780"])
            .starts_with("slide: bad tiles instance: the start: bad board `1234`")
    );
    assert!(
        refusal(&["solve", "123456780", "1234"])
            .starts_with("slide: bad tiles instance: the goal: bad board `1234`")
    );
    // A leading zero might mean the number or a typo: refused, not read as 7.
    assert!(refusal(&["solve", "1 2 3 4 5 6 007 8 0"]).contains("`007` has a leading zero"));
}

#[test]
fn oversized_input_is_refused_with_a_message_not_an_allocation() {
    let refused = |args: &[&str], stdin: Vec<u8>, message: &str| {
        let output = slide().args(args).write_stdin(stdin).output().unwrap();
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(output.stdout.is_empty(), "{args:?}");
        assert!(stderr.contains(message), "{args:?}: {stderr}");
        // Nothing huge is echoed back.
        assert!(stderr.len() < 2_000, "{args:?}: {} bytes", stderr.len());
    };
    // Linux caps one argument at 128 KiB, so the megabyte goes through standard input.
    let long_argument = "1".repeat(100_000);
    refused(&["solve", &long_argument], Vec::new(), "compact form");
    refused(&[], b"1".repeat(1 << 20), "bad board");
    refused(
        &[],
        b"12345678.\n".repeat(200_000),
        "longer than 1048576 bytes",
    );
    let hundred_squared: Vec<String> = (1..10_000).chain([0]).map(|t| t.to_string()).collect();
    refused(
        &["solve", &hundred_squared.join(" ")],
        Vec::new(),
        "100x100 board is too large",
    );
    refused(&["random", "--size", "1000x1000"], Vec::new(), "too large");
    refused(
        &["random", "--size", "3x3", "--count", "18446744073709551616"],
        Vec::new(),
        "--count",
    );
    refused(
        &["random", "--size", "3x3", "--walk", "1000000000000"],
        Vec::new(),
        "--walk",
    );
    refused(
        &[
            "graph",
            "12345678.",
            "--depth",
            "9",
            "--max-nodes",
            "1000000000000",
        ],
        Vec::new(),
        "--max-nodes",
    );
    refused(&["klotski", "-"], b"ABBC\n".repeat(20_000), "longer than");
    // A huge depth is bounded by the node guard, and says so.
    slide()
        .args([
            "graph",
            "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0",
            "--depth",
            "4294967295",
        ])
        .assert()
        .code(3)
        .stdout("")
        .stderr(predicate::str::contains("raise --max-nodes"));
    // A huge count streams: a reader that stops early stops it (see a_closed_pipe_is_not_an_error).
    let mut child = Process::new(slide_path())
        .args(["random", "--size", "3x3", "--count", "18446744073709551615"])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert_eq!(first.trim().len(), 9);
    assert!(child.wait().unwrap().success());
}

// README

/// Every `console` example in README.md, run as written (from an empty directory, with this
/// build's `slide` first on the path), prints what the README shows: standard output line for
/// line, and the `slide:` lines on standard error. Times are the only thing left out.
#[cfg(unix)]
#[test]
fn readme_console_examples_print_what_they_show() {
    let readme =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../README.md"))
            .unwrap();
    let directory = tempfile::tempdir().unwrap();
    let bin = slide_path().parent().unwrap();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    // Seconds vary from run to run; everything else must not.
    let timeless = |line: &str| {
        let mut kept = String::new();
        let mut rest = line;
        while let Some(at) = rest.find(|c: char| c.is_ascii_digit()) {
            let (before, digits) = rest.split_at(at);
            let end = digits
                .find(|c: char| !c.is_ascii_digit() && c != '.')
                .unwrap_or(digits.len());
            kept += before;
            let timed = before.ends_with("\"seconds\":") || digits[end..].starts_with(" s");
            kept += if timed { "T" } else { &digits[..end] };
            rest = &digits[end..];
        }
        kept + rest
    };
    let mut examples = 0;
    for block in readme.split("```console\n").skip(1) {
        let block = block.split("```").next().unwrap();
        let mut commands = block
            .split("\n$ ")
            .map(|part| part.trim_start_matches("$ "));
        for part in commands.by_ref() {
            let (command, shown) = part.split_once('\n').unwrap_or((part, ""));
            let output = Process::new("sh")
                .args(["-c", command])
                .current_dir(directory.path())
                .env("PATH", &path)
                .env("XDG_CACHE_HOME", directory.path().join("cache"))
                .output()
                .unwrap();
            let (stdout, stderr) = (
                String::from_utf8(output.stdout).unwrap(),
                String::from_utf8(output.stderr).unwrap(),
            );
            let (shown_err, shown_out): (Vec<&str>, Vec<&str>) =
                shown.lines().partition(|line| line.starts_with("slide: "));
            let lines = |text: Vec<&str>| text.into_iter().map(timeless).collect::<Vec<_>>();
            assert_eq!(
                lines(stdout.lines().collect()),
                lines(shown_out),
                "`{command}`"
            );
            assert_eq!(
                lines(stderr.lines().collect()),
                lines(shown_err),
                "`{command}`"
            );
            examples += 1;
        }
    }
    assert!(examples >= 10, "only {examples} examples found");
}
