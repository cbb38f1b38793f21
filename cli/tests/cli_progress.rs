//! The status line and how much slide says: drawn on a terminal (run under a pseudo-terminal
//! here), absent from a pipe unless `--progress` forces it, and `--quiet` leaving errors only.

use crate::common::Command;
use crate::common::slide_path;
#[cfg(unix)]
use crate::common::terminal::Terminal;

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
    let mut command = std::process::Command::new(slide_path());
    command.args([
        "solve",
        KORF_1,
        "blank-first",
        "-H",
        "misplaced",
        "--timeout",
        "2",
    ]);
    let mut terminal = Terminal::spawn(command).unwrap();
    // The line shows the iteration's bound, the nodes and their rate while the search runs...
    terminal.expect("search idastar");
    let bound = terminal.expect_word_after(" bound ");
    assert!(bound.ends_with(char::is_numeric), "{bound}");
    terminal.expect(" nodes ");
    let rate = terminal.expect_word_after(" ");
    assert!(rate.ends_with("/s"), "{rate}");
    // ...and is gone when the answer comes: the report starts on a clean line.
    terminal.expect("start:  14 13 15 7");
    terminal.expect("result: gave up, deadline passed");
    assert_eq!(terminal.wait().code(), Some(3));
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
    // Forced onto a pipe, the line is a log of plain lines: no cursor movements or erasures
    // (`\r`, escape sequences), no line twice in a row.
    assert!(!stderr.contains(['\r', '\x1b']), "{stderr:?}");
    let lines: Vec<&str> = stderr.lines().collect();
    assert!(lines.windows(2).all(|pair| pair[0] != pair[1]), "{stderr}");
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
    let mut command = std::process::Command::new(slide_path());
    command.arg("batch");
    let mut terminal = Terminal::spawn(command).unwrap();
    terminal.expect("reading instances from standard input");
    terminal.send(b"12345678.\n");
    terminal.expect("\"result\":\"solved\"");
    // Ctrl-D: the end of input.
    terminal.send(&[4]);
    assert_eq!(terminal.wait().code(), Some(0));
}

/// On a terminal the `slide:` of an error is red, unless `NO_COLOR` is set; a pipe never gets
/// colour (every other test reads a pipe and compares plain text).
#[cfg(unix)]
#[test]
fn errors_are_red_on_a_terminal_unless_no_color() {
    for (no_color, coloured) in [(None, true), (Some("1"), false)] {
        let mut command = std::process::Command::new(slide_path());
        command
            .args(["solve", "not-a-board"])
            .env_remove("NO_COLOR");
        command.env("TERM", "xterm");
        if let Some(value) = no_color {
            command.env("NO_COLOR", value);
        }
        let mut terminal = Terminal::spawn(command).unwrap();
        let shown = terminal.expect("bad tiles instance");
        assert_eq!(
            shown.contains("\x1b[1;31mslide:\x1b[0m"),
            coloured,
            "{shown:?}"
        );
        assert_eq!(terminal.wait().code(), Some(2));
    }
    let output = slide().args(["solve", "not-a-board"]).output().unwrap();
    assert!(!output.stderr.contains(&0x1b), "{output:?}");
}
