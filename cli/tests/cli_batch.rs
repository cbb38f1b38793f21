//! The `slide` binary's batch command and the bounds of its options, run for real: exit codes,
//! how many workers a batch starts, and how bad input is reported.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command as Process, Stdio};
use std::time::Duration;

use crate::common::Command;
use crate::common::predicate;
use crate::common::slide_path;
use serde_json::Value;

/// One of the hardest 8-puzzles, 31 moves from blank-last: quick for IDA*, but more than a
/// handful of nodes.
const HARD: &str = "867254301";

/// `slide`, stopped should it hang: a hung batch fails its test instead of stalling the run.
fn slide() -> Command {
    let mut command = Command::new(slide_path());
    command.timeout(Duration::from_secs(60));
    command
}

/// Runs `slide batch` with `args` on `input`; returns the exit code, standard output and error.
fn batch(args: &[&str], input: impl Into<Vec<u8>>) -> (Option<i32>, Vec<u8>, String) {
    let output = slide()
        .arg("batch")
        .args(args)
        .write_stdin(input)
        .output()
        .unwrap();
    (
        output.status.code(),
        output.stdout,
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// The JSON records of a batch's standard output.
fn records(stdout: &[u8]) -> Vec<Value> {
    String::from_utf8(stdout.to_vec())
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}

// --threads and --jobs are bounded

#[test]
fn absurd_thread_counts_are_a_usage_error_not_a_crash() {
    for threads in ["100000", "257", "0"] {
        slide()
            .args(["solve", HARD, "--threads", threads])
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains("--threads"));
    }
    slide()
        .args(["solve", "12345678.", "--threads", "256"])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("length: 0"));
}

#[test]
fn absurd_job_counts_are_a_usage_error() {
    for jobs in ["5000", "257", "0"] {
        let (code, stdout, stderr) = batch(&["-j", jobs], format!("{HARD}\n"));
        assert_eq!(code, Some(2), "-j {jobs}: {stderr}");
        assert!(stdout.is_empty(), "-j {jobs}");
        assert!(stderr.contains("--jobs"), "-j {jobs}: {stderr}");
    }
    // The most jobs allowed, on fewer lines: done as soon as the lines are.
    let (code, stdout, stderr) = batch(&["-j", "256"], format!("{HARD}\n12345678.\n"));
    assert_eq!(code, Some(0), "{stderr}");
    let records = records(&stdout);
    assert_eq!(records.len(), 2);
    assert_eq!(records[0]["length"], 31);
    assert_eq!(records[1]["length"], 0);
}

/// The threads of process `pid`, as the kernel counts them.
#[cfg(target_os = "linux")]
fn thread_count(pid: u32) -> usize {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    status
        .lines()
        .find_map(|line| line.strip_prefix("Threads:"))
        .and_then(|count| count.trim().parse().ok())
        .expect("a thread count in /proc/PID/status")
}

/// A batch asked for 64 jobs but given one line starts one worker, not 64 that wait (or spin)
/// for lines that never come, and ends as soon as its input does.
#[cfg(target_os = "linux")]
#[test]
fn a_batch_starts_no_more_workers_than_lines() {
    let mut child = Process::new(slide_path())
        .args(["batch", "--jobs", "64"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    writeln!(stdin, "{HARD}").unwrap();
    stdin.flush().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    stdout.read_line(&mut first).unwrap();
    assert!(first.contains("\"length\":31"), "{first}");
    // The input is still open: the batch waits for more with its main thread, its reader,
    // one worker and the Ctrl-C handler's thread.
    let threads = thread_count(child.id());
    // Once the input ends, the batch ends: waiting on it is the test (a batch that went on
    // waiting would hang here, and the harness's time-out would say so).
    drop(stdin);
    let status = child.wait().unwrap();
    assert!(threads <= 5, "{threads} threads for one line");
    assert!(status.success());
}

// Exit codes

#[test]
fn a_search_stopped_by_a_limit_exits_3() {
    let input = format!("{HARD}\n12345678.\n");
    for args in [
        &["--max-nodes", "5"][..],
        &["--max-nodes", "5", "-f", "table"][..],
        &["--timeout", "0.000001"][..],
    ] {
        let (code, stdout, stderr) = batch(args, input.clone());
        assert_eq!(code, Some(3), "{args:?}: {stderr}");
        assert!(stderr.contains("solved 1, unsolvable 0, gave up 1, bad lines 0"));
        // Every line is still answered.
        assert_eq!(String::from_utf8(stdout).unwrap().lines().count(), {
            if args.contains(&"table") {
                // The goal the lines share, the header, a row a line.
                4
            } else {
                2
            }
        });
    }
    // A bad line takes precedence: the input needs fixing first.
    let (code, _, stderr) = batch(&["--max-nodes", "5"], format!("{HARD}\nnot a board\n"));
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("gave up 1, bad lines 1"), "{stderr}");
    // Without a limit reached, success.
    let (code, _, stderr) = batch(&["--max-nodes", "1000000"], input);
    assert_eq!(code, Some(0), "{stderr}");
}

// Bad lines are reported as typed

#[test]
fn bad_bytes_are_reported_as_read_not_as_their_escapes() {
    let (code, stdout, stderr) = batch(&[], &b"\xff\xfe\n12345\x00678\n"[..]);
    assert_eq!(code, Some(2));
    let records = records(&stdout);
    assert_eq!(records[0]["error"], "not UTF-8 text (bad byte at column 1)");
    let nul = records[1]["error"].as_str().unwrap();
    assert!(
        nul.contains("character '\\0' at position 6 is not a tile"),
        "{nul}"
    );
    assert!(!stderr.contains("'\\\\'"), "{stderr}");
    assert!(
        stderr.contains("line 1: not UTF-8 text (bad byte at column 1)"),
        "{stderr}"
    );
    // On a terminal the NUL is shown escaped, not written raw (where it shows as nothing).
    assert!(
        stderr.contains("line 2: bad tiles instance: the start: bad board `12345\\0678`: character '\\0' at position 6"),
        "{stderr:?}"
    );
    assert!(!stderr.contains('\0'), "{stderr:?}");
    let (code, stdout, _) = batch(&["-f", "table"], &b"1\x1b[2J2\n12345\x00678\n"[..]);
    assert_eq!(code, Some(2));
    let table = String::from_utf8(stdout).unwrap();
    assert!(!table.contains(['\0', '\x1b']), "{table:?}");
    assert!(table.contains("`1\\u{1b}[2J2`"), "{table}");
}

// --goal is checked once

#[test]
fn a_bad_goal_is_one_usage_error_whatever_the_input() {
    for input in [
        "",
        "867254301\n",
        "867254301\n12345678.\n# comment\n1234.5678\n",
    ] {
        let (code, stdout, stderr) = batch(&["--goal", "1 2 3"], input);
        assert_eq!(code, Some(2), "{input:?}: {stderr}");
        assert!(stdout.is_empty(), "{input:?}");
        assert_eq!(stderr.lines().count(), 1, "{input:?}: {stderr}");
        assert!(
            stderr.contains("--goal") && stderr.contains("`1 2 3`"),
            "{stderr}"
        );
        // Letters are in no board: a goal with them is refused with the names of the goals.
        let (code, stdout, stderr) = batch(&["--goal", "xyz"], input);
        assert_eq!(code, Some(2), "{input:?}: {stderr}");
        assert!(stdout.is_empty(), "{input:?}");
        assert!(stderr.contains("unknown goal `xyz`"), "{stderr}");
    }
    // A good goal board serves every line of its shape; a line of another shape is a bad line.
    let (code, stdout, stderr) = batch(
        &["--goal", "1234.5678"],
        "1234.5678\n12345678.\n1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0\n",
    );
    assert_eq!(code, Some(2), "{stderr}");
    let records = records(&stdout);
    assert_eq!(records[0]["length"], 0);
    assert_eq!(records[1]["goal"], "123405678");
    assert_eq!(
        records[2]["error"],
        "bad tiles instance: the goal: it is 3x3 but the start is 4x4"
    );
}

// Help and size messages say what is so

#[test]
fn the_help_names_only_the_blanks_that_are_read() {
    slide()
        .arg("--help")
        .assert()
        .code(0)
        .stdout(predicate::str::contains("the blank as `.` or `0`"))
        .stdout(predicate::str::contains("`_`").not());
    slide().args(["check", "12345678_"]).assert().code(2);
    slide()
        .args(["batch", "--help"])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("else 3 if a limit stopped any"));
}

#[test]
fn sizes_are_reported_as_typed() {
    for command in [
        &["random", "-s"][..],
        &["pdb", "build", "--pattern", "1,2", "--dir", "unused", "-s"][..],
    ] {
        slide()
            .args(command)
            .arg("99999999999999999999x3")
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains(
                "a 99999999999999999999x3 board is too large",
            ))
            .stderr(predicate::str::contains(usize::MAX.to_string()).not());
    }
    slide()
        .args(["random", "-s", "2x1"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("too small"));
}

#[test]
fn pdb_build_asks_for_a_partition_or_patterns_not_both() {
    slide()
        .args(["pdb", "build", "--dir", "unused", "-s", "3x3"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(
            "not provided:\n  --pattern <TILES>",
        ));
    slide()
        .args(["pdb", "build", "--dir", "unused"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(
            "give partitions (`pdb build 15-7-8`), or --size with --pattern",
        ));
    slide()
        .args(["pdb", "build", "--dir", "unused", "15-5-5-5"])
        .args(["-s", "4x4", "--pattern", "1,2"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot be used with"));
}

// Workers that run out of lines help the searches still running

/// Random 15-puzzles (`slide random --size 4x4 --seed 1`) of 2 to 12 million expanded nodes,
/// whose last iterations are large enough to be split (see `search_core::idastar::Crew`), so that a
/// batch's idle workers can help them; the longest last, where it runs alone unless helped.
const HELPED: [&str; 6] = [
    "0 13 10 14 5 4 8 2 12 7 9 3 11 1 15 6",
    "8 6 9 7 15 10 4 5 2 14 3 12 0 13 11 1",
    "10 5 3 12 11 8 13 7 9 6 2 1 15 14 4 0",
    "4 5 14 7 10 3 8 9 11 15 13 1 6 2 12 0",
    "13 9 6 15 14 2 11 12 4 8 0 3 5 10 1 7",
    "5 14 1 9 2 11 12 10 6 3 4 7 15 13 8 0",
];

/// Each line's length and moves, in input order, from a batch of [`HELPED`] on `jobs` workers.
fn helped_batch(jobs: &str) -> Vec<(u64, String)> {
    let input = HELPED.join("\n") + "\n";
    let (code, stdout, stderr) = batch(&["--jobs", jobs, "-H", "linear-conflict"], input);
    assert_eq!(code, Some(0), "{stderr}");
    records(&stdout)
        .iter()
        .map(|record| {
            let length = record["length"].as_u64().expect("every line is solved");
            (length, record["moves"].as_str().unwrap().to_owned())
        })
        .collect()
}

#[test]
fn helped_searches_find_the_lengths_of_unhelped_ones_reproducibly() {
    let alone = helped_batch("1");
    let lengths = |answers: &[(u64, String)]| answers.iter().map(|a| a.0).collect::<Vec<_>>();
    assert_eq!(lengths(&alone), [56, 51, 54, 54, 56, 54]);
    for jobs in ["2", "3"] {
        let helped = helped_batch(jobs);
        assert_eq!(lengths(&helped), lengths(&alone), "--jobs {jobs}");
        // However the help fell, the same moves for the same number of jobs.
        assert_eq!(helped_batch(jobs), helped, "--jobs {jobs}");
    }
}

/// `--timeout` bounds each line as `--max-nodes` does: every line gets its own time, not what
/// the lines before it left. `--total-timeout` bounds the run: lines it leaves unstarted are
/// reported `not started`, not `gave up` with no nodes.
#[test]
fn timeouts_bound_each_line_and_the_total_the_run() {
    // Korf and Felner's first 24-puzzle (95 moves), which Manhattan distance takes days to
    // solve: every line is still searching when its time is up.
    let hard = "14 5 9 2 18 8 23 19 12 17 15 0 10 20 4 6 11 21 1 7 24 3 16 22 13;blank-first";
    let three_hard = format!("{hard}\n{hard}\n{hard}\n");
    let args = ["--jobs", "1", "-H", "manhattan", "--timeout", "0.2"];
    let (code, stdout, stderr) = batch(&args, three_hard.clone());
    assert_eq!(code, Some(3), "{stderr}");
    for record in records(&stdout) {
        assert_eq!(record["result"], "gave up", "{record}");
        assert_eq!(record["limit"], "deadline passed", "{record}");
        assert!(
            record["statistics"]["expanded"].as_u64().unwrap() > 0,
            "{record}"
        );
    }
    let args = ["--jobs", "1", "-H", "manhattan", "--total-timeout", "0.3"];
    let (code, stdout, stderr) = batch(&args, three_hard.clone());
    assert_eq!(code, Some(3), "{stderr}");
    let records = records(&stdout);
    assert_eq!(records[0]["result"], "gave up");
    assert_eq!(
        records[1],
        serde_json::json!({"line": 2, "result": "not started"})
    );
    assert!(
        stderr.contains("gave up 1, bad lines 0, not started 2"),
        "{stderr}"
    );
    // Tables say it in their result column.
    let (_, stdout, _) = batch(&[&args[..], &["-f", "table"]].concat(), three_hard);
    let table = String::from_utf8(stdout).unwrap();
    assert!(
        table
            .lines()
            .last()
            .unwrap()
            .starts_with("     3  not started"),
        "{table}"
    );
}
