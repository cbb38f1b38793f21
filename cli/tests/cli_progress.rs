//! The status line and how much slide says: drawn on a terminal (run under a pseudo-terminal
//! here), absent from a pipe unless `--progress` forces it, and `--quiet` leaving errors only.

use crate::common::slide_path;
use assert_cmd::Command;

fn slide() -> Command {
    Command::new(slide_path())
}

/// Korf's 15-puzzle #1 (57 moves): misplaced tiles cannot solve it within seconds, so a search
/// with a short timeout runs, shows its line and stops.
const KORF_1: &str = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3";

/// The status line's search text, as the engine's progress reports make it.
const SEARCHING: &str = "search idastar · bound ";

#[cfg(unix)]
#[test]
fn a_terminal_sees_the_search_bound_and_counts_live() {
    let command = format!(
        "{} solve '{KORF_1}' blank-first -H misplaced --timeout 2",
        slide_path().display()
    );
    let mut session = rexpect::spawn(&command, Some(30_000)).unwrap();
    // The line shows the iteration's bound, the nodes and their rate while the search runs...
    // (rexpect reads bytes as characters, so the separator `·` is matched as any non-space.)
    let (_, bound) = session
        .exp_regex(r"search idastar \S+ bound [0-9]+")
        .unwrap();
    assert!(bound.ends_with(char::is_numeric), "{bound}");
    let (_, counts) = session
        .exp_regex(r"[0-9.]+[kMG]? nodes \S+ [0-9.]+[kMG]?/s")
        .unwrap();
    assert!(counts.contains("nodes"), "{counts}");
    // ...and is gone when the answer comes: the report starts on a clean line.
    session.exp_string("start:  14 13 15 7").unwrap();
    session
        .exp_string("result: gave up, deadline passed")
        .unwrap();
    session.exp_eof().unwrap();
    match session.process.wait().unwrap() {
        rexpect::process::wait::WaitStatus::Exited(_, code) => assert_eq!(code, 3),
        other => panic!("slide ended as {other:?}"),
    }
}

#[test]
fn a_pipe_gets_no_status_line_unless_asked() {
    let args = [
        "solve",
        KORF_1,
        "blank-first",
        "-H",
        "misplaced",
        "--timeout",
        "1",
    ];
    let output = slide().args(args).output().unwrap();
    assert_eq!(output.status.code(), Some(3));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(!stderr.contains(SEARCHING), "{stderr}");
    assert!(!stderr.contains('\r'), "{stderr:?}");

    let output = slide().args(args).arg("--progress").output().unwrap();
    assert_eq!(output.status.code(), Some(3));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains(SEARCHING), "{stderr}");
    // The same answer either way, on standard output.
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(
        stdout.contains("result: gave up, deadline passed"),
        "{stdout}"
    );
}

#[test]
fn quiet_prints_the_moves_and_nothing_on_standard_error() {
    let output = slide()
        .args(["--quiet", "solve", "13524678.", "46758123."])
        .output()
        .unwrap();
    assert!(output.status.success());
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert_eq!(stdout.lines().count(), 1, "{stdout}");
    assert_eq!(stdout.trim().len(), 22, "the 22 moves alone: {stdout}");
    assert!(output.stderr.is_empty());

    // A stopped search says so by its exit code alone: no hint, no status line.
    let output = slide()
        .args([
            "solve",
            KORF_1,
            "blank-first",
            "-H",
            "misplaced",
            "--timeout",
            "1",
            "-q",
        ])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(3));
    assert!(output.stdout.is_empty());
    assert!(
        output.stderr.is_empty(),
        "{:?}",
        String::from_utf8_lossy(&output.stderr)
    );

    // Errors still speak.
    let output = slide().args(["-q", "solve", "12345678"]).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(
        String::from_utf8(output.stderr)
            .unwrap()
            .starts_with("slide: ")
    );
}

#[test]
fn quiet_and_progress_contradict_each_other() {
    let output = slide()
        .args(["solve", "13524678.", "46758123.", "--quiet", "--progress"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.contains("--quiet") && stderr.contains("--progress"),
        "{stderr}"
    );
}

/// `slide batch` on a terminal says it is reading standard input instead of waiting in
/// silence, and ends with the input (Ctrl-D).
#[cfg(unix)]
#[test]
fn a_batch_on_a_terminal_says_what_it_waits_for() {
    let command = format!("{} batch", slide_path().display());
    let mut session = rexpect::spawn(&command, Some(30_000)).unwrap();
    session
        .exp_string("reading instances from standard input")
        .unwrap();
    session.send_line("12345678.").unwrap();
    session.exp_string("\"result\":\"solved\"").unwrap();
    session.send_control('d').unwrap();
    session.exp_eof().unwrap();
}
