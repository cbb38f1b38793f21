//! The `slide` binary on the edges of `graph`, `pdb build` and writing its output: searches
//! that must end at their limits, unreachable goals, cache directories that cannot be written,
//! and standard output that cannot be written.

use std::io::Write;
use std::path::Path;
use std::process::{Command as Process, Stdio};
use std::sync::OnceLock;
use std::time::Duration;

use crate::common::Command;
use crate::common::predicate;
use crate::common::slide_path;

/// A 15-puzzle whose blank-last goal IDA* needs far more than a few nodes for.
const HARD_15: &str = "0 12 9 13 15 11 10 14 3 7 2 5 4 8 6 1";

/// Long enough for any of these runs, short enough that a search ignoring its limits fails the
/// test instead of hanging it.
const PATIENCE: Duration = Duration::from_secs(30);

/// A cache directory of these tests' own, so that no run reads or fills the user's.
fn cache_home() -> &'static Path {
    static HOME: OnceLock<tempfile::TempDir> = OnceLock::new();
    HOME.get_or_init(|| tempfile::tempdir().unwrap()).path()
}

fn slide() -> Command {
    let mut command = Command::new(slide_path());
    command
        .env("XDG_CACHE_HOME", cache_home())
        .timeout(PATIENCE);
    command
}

// graph

#[test]
fn graph_bounds_the_search_for_the_path_by_max_nodes() {
    // The exploration is tiny; the search for the path used to run for hours.
    let output = slide()
        .args(["graph", "-d", "1", "--max-nodes", "10", HARD_15])
        .args(["--goal", "blank-last"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(3), "{output:?}");
    let dot = String::from_utf8(output.stdout).unwrap();
    assert!(dot.starts_with("digraph {") && dot.trim_end().ends_with('}'));
    assert!(!dot.contains("red"), "no path is highlighted:\n{dot}");
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.contains("no path is highlighted") && stderr.contains("--max-nodes limit of 10 "),
        "{stderr}"
    );
    // A 24-puzzle goal, with the default guard.
    slide()
        .args(["graph", "-d", "1", "--goal", "blank-last"])
        .arg("0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24")
        .assert()
        .code(3)
        .stdout(predicate::str::starts_with("digraph {"))
        .stderr(predicate::str::contains("--max-nodes limit of 100000 "));
}

#[test]
fn graph_highlights_a_path_it_finds_within_max_nodes() {
    slide()
        .args(["graph", "-d", "2", "123456708", "--goal", "123456780"])
        .args(["--max-nodes", "50"])
        .assert()
        .success()
        .stdout(predicate::str::contains("xlabel = \"goal\""))
        .stderr("");
}

#[test]
fn graph_says_an_unreachable_goal_is_unreachable() {
    let output = slide()
        .args(["graph", "-d", "2", "123456708", "--goal", "123456870"])
        .output()
        .unwrap();
    // 1, as `solve` and `check` end for an unreachable goal; the graph is printed all the same.
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    let dot = String::from_utf8(output.stdout).unwrap();
    assert!(
        dot.starts_with("digraph {") && !dot.contains("red"),
        "{dot}"
    );
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.contains("123456870 is unreachable from the start") && stderr.contains("inversions"),
        "{stderr}"
    );
}

// pdb build

/// Runs `pdb build` of two 8-puzzle patterns into `dir`; expects it to fail with exit code 5
/// (a file that cannot be written, not bad input) and a message naming `dir` and containing
/// `says`, and returns standard output.
fn build_fails(dir: &Path, says: &str) -> String {
    let output = slide()
        .args(["pdb", "build", "--size", "3x3"])
        .args(["--pattern", "1,2,3,4", "--pattern", "5,6,7,8", "--dir"])
        .arg(dir)
        .output()
        .unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(output.status.code(), Some(5), "{dir:?}: {stderr}");
    assert!(
        stderr.contains(&dir.display().to_string()) && stderr.contains(says),
        "{dir:?}: {stderr}"
    );
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn pdb_build_refuses_a_directory_it_cannot_write() {
    let scratch = tempfile::tempdir().unwrap();
    let file = scratch.path().join("a-file");
    std::fs::write(&file, "not a directory").unwrap();
    assert_eq!(build_fails(&file, "is not a directory"), "");
    if Path::new("/proc/self").is_dir() {
        // Unwritable even for root.
        assert_eq!(build_fails(Path::new("/proc/nope"), "cannot create"), "");
        assert_eq!(build_fails(Path::new("/proc/self"), "cannot write"), "");
    }
}

#[test]
fn pdb_build_fails_when_a_database_cannot_be_saved() {
    // The directory is writable, but the second pattern's file name is taken by a directory:
    // the build succeeds, the save fails.
    let scratch = tempfile::tempdir().unwrap();
    std::fs::create_dir(scratch.path().join("3x3-goalbce14302-tiles5_6_7_8.pdb")).unwrap();
    let stdout = build_fails(scratch.path(), "could not save");
    // The first pattern was saved and says so; the second has no success line.
    assert!(stdout.contains("pattern 1,2,3,4:"), "{stdout}");
    assert!(!stdout.contains("pattern 5,6,7,8"), "{stdout}");
}

#[test]
fn pdb_build_refuses_patterns_that_share_a_tile() {
    let scratch = tempfile::tempdir().unwrap();
    let output = slide()
        .args(["pdb", "build", "--size", "3x3"])
        .args(["--pattern", "1,2,3", "--pattern", "3,4", "--dir"])
        .arg(scratch.path())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("tile 3 is in two patterns"), "{stderr}");
    // Nothing was built.
    assert_eq!(std::fs::read_dir(scratch.path()).unwrap().count(), 0);
}

// solve's limits

#[test]
fn max_stored_messages_name_the_limit_given() {
    for (algorithm, limit) in [("bfs", "1000"), ("astar", "1000"), ("bidirectional", "1")] {
        let output = slide()
            .args(["solve", "867254301", "-a", algorithm, "--max-stored", limit])
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(3), "{algorithm}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(
            stderr.contains(&format!("the --max-stored limit of {limit} stored nodes")),
            "{algorithm}: {stderr}"
        );
    }
}

// writing standard output

/// Commands that print to standard output, each on input that makes it.
const PRINTING: &[&[&str]] = &[
    &["--help"],
    &["--version"],
    &["solve", "867254301"],
    &["check", "867254301"],
    &[
        "random", "--size", "3x3", "--count", "100000", "--seed", "1",
    ],
    &["graph", "-d", "2", "12345678."],
    &["completions", "bash"],
    &["batch", "-"],
    &[],
];

#[test]
#[cfg(target_os = "linux")]
fn a_full_disk_is_a_write_error_of_standard_output() {
    for args in PRINTING {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        // assert_cmd pipes standard output; this needs it on the device.
        let mut child = Process::new(slide_path())
            .args(*args)
            .env("XDG_CACHE_HOME", cache_home())
            .stdin(Stdio::piped())
            .stdout(full)
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut input = child.stdin.take().unwrap();
        // Commands that read nothing may have ended already: a failed write is theirs to ignore.
        let _ = input.write_all(b"867254301\n");
        drop(input);
        let output = child.wait_with_output().unwrap();
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert_eq!(output.status.code(), Some(4), "{args:?}: {stderr}");
        assert!(
            stderr.contains("slide: writing standard output: ") && stderr.contains("space"),
            "{args:?}: {stderr}"
        );
    }
}

#[test]
fn a_reader_that_stops_early_is_still_no_error() {
    // The graph printed into a pipe whose reader has gone.
    let mut child = Process::new(slide_path())
        .args(["graph", "-d", "6", "12345678."])
        .env("XDG_CACHE_HOME", cache_home())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success(), "{output:?}");
    assert_eq!(String::from_utf8(output.stderr).unwrap(), "");
}
