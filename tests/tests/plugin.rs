//! A puzzle registered by a program of its own (the `torus_cli` example, built as a binary of
//! this package) gets `slide`'s whole command line: every subcommand, its own name, `start;goal`
//! lines split for it, and pictures from its drawing hook.

// The process runner of slide's own end-to-end tests.
#[path = "../../cli/tests/common/command.rs"]
#[allow(dead_code, reason = "this file runs a program without the assertions")]
mod command;

use command::Command;
use serde_json::Value;

/// The `torus_cli` example program.
fn torus_cli_path() -> &'static str {
    env!("CARGO_BIN_EXE_torus_cli")
}

fn json_of(command: &mut Command, args: &[&str]) -> (Option<i32>, Value) {
    let output = command.args(args).output().unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    let value = serde_json::from_str(&stdout).unwrap_or_else(|error| {
        panic!(
            "{args:?}: {error}: {stdout} {}",
            String::from_utf8_lossy(&output.stderr)
        )
    });
    (output.status.code(), value)
}

/// Runs `command` with `args`; its exit code, standard output and standard error.
fn run(command: &mut Command, args: &[&str]) -> (Option<i32>, String, String) {
    let output = command.args(args).output().unwrap();
    (
        output.status.code(),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

fn json(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|error| panic!("{error}: {text}"))
}

/// The torus's moves from `start`: the blank swapped with the cell it moves to, wrapping.
fn torus_replay(start: &str, moves: &[Value]) -> String {
    let mut cells: Vec<char> = start.chars().collect();
    for step in moves {
        let blank = cells.iter().position(|&cell| cell == '.').unwrap();
        let (row, column) = (blank / 3, blank % 3);
        let (row, column) = match step.as_str().unwrap() {
            "U" => ((row + 2) % 3, column),
            "D" => ((row + 1) % 3, column),
            "L" => (row, (column + 2) % 3),
            "R" => (row, (column + 1) % 3),
            other => panic!("no torus move {other}"),
        };
        cells.swap(blank, row * 3 + column);
    }
    cells.into_iter().collect()
}

#[test]
fn a_puzzle_registered_by_another_program_gets_the_whole_command_line() {
    let torus = torus_cli_path();
    let listed = Command::new(torus).arg("puzzles").output().unwrap();
    let listed = String::from_utf8(listed.stdout).unwrap();
    assert!(
        listed.contains("tiles: ") && listed.contains("torus: "),
        "{listed}"
    );

    let mut lengths = Vec::new();
    for algorithm in ["bfs", "astar"] {
        let (code, answer) = json_of(
            &mut Command::new(torus),
            &[
                "solve",
                "--puzzle",
                "torus",
                "8.1234567",
                "-a",
                algorithm,
                "-f",
                "json",
            ],
        );
        assert_eq!(code, Some(0), "{answer}");
        let moves = answer["move_list"].as_array().unwrap();
        assert_eq!(torus_replay("8.1234567", moves), "12345678.");
        assert_eq!(answer["length"].as_u64(), Some(moves.len() as u64));
        lengths.push(moves.len());
    }
    // The torus's wrap-around makes this start far closer than on the flat board.
    assert_eq!(lengths[0], lengths[1]);

    let bad = Command::new(torus)
        .args(["solve", "-p", "torus", "1234"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    assert!(
        String::from_utf8(bad.stderr)
            .unwrap()
            .starts_with("torus_cli: bad torus instance: the start: 4 cells")
    );

    let stopped = Command::new(torus)
        .args(["solve", "-p", "torus", "8.1234567", "--max-nodes", "3"])
        .output()
        .unwrap();
    assert_eq!(stopped.status.code(), Some(3));

    let (code, graph) = json_of(
        &mut Command::new(torus),
        &[
            "graph",
            "-p",
            "torus",
            "12345678.",
            "--depth",
            "1",
            "-f",
            "json",
        ],
    );
    assert_eq!(code, Some(0));
    assert_eq!(graph["nodes"].as_array().unwrap().len(), 5);
    // With --goal, the optimal path is part of the graph: here one wrap-around move.
    let (code, graph) = json_of(
        &mut Command::new(torus),
        &[
            "graph",
            "-p",
            "torus",
            "12345.786",
            "--depth",
            "1",
            "--goal",
            "12345678.",
            "-f",
            "json",
        ],
    );
    assert_eq!(code, Some(0));
    assert_eq!(
        (graph["result"].as_str(), graph["length"].as_u64()),
        (Some("solved"), Some(1))
    );
    assert_eq!(
        torus_replay("12345.786", graph["move_list"].as_array().unwrap()),
        "12345678."
    );
    let dot = Command::new(torus)
        .args([
            "graph",
            "-p",
            "torus",
            "12345.786",
            "--depth",
            "1",
            "--goal",
            "12345678.",
        ])
        .output()
        .unwrap();
    let dot = String::from_utf8(dot.stdout).unwrap();
    // Start, goal and the edge between them.
    assert_eq!(dot.matches("color = red").count(), 3, "{dot}");

    // The standard puzzles are all still there, tiles by default.
    let tiles = Command::new(torus)
        .args(["-q", "solve", "13524678.", "46758123."])
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8(tiles.stdout).unwrap(),
        "LLURURDLULDRDRULURDLDR\n"
    );
}

#[test]
fn a_plugin_binary_speaks_with_its_own_name() {
    let (code, stdout, _) = run(&mut Command::new(torus_cli_path()), &["--version"]);
    assert_eq!(code, Some(0));
    assert!(stdout.starts_with("torus_cli "), "{stdout}");
    let (_, help, _) = run(&mut Command::new(torus_cli_path()), &["--help"]);
    assert!(help.contains("torus"), "{help}");
    let (code, _, stderr) = run(
        &mut Command::new(torus_cli_path()),
        &["solve", "-p", "torus", "1234"],
    );
    assert_eq!(code, Some(2));
    assert!(stderr.starts_with("torus_cli: "), "{stderr}");
    let (code, _, stderr) = run(&mut Command::new(torus_cli_path()), &["--no-such-flag"]);
    assert_eq!(code, Some(2));
    assert!(stderr.starts_with("torus_cli: "), "{stderr}");
}

#[test]
fn a_plugin_batch_splits_start_goal_and_tab_lines() {
    // The torus's lines through the program that registers it.
    let output = Command::new(torus_cli_path())
        .args(["batch", "-p", "torus", "--format", "table"])
        .write_stdin("8.1234567\n12345678.\n")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let table = String::from_utf8(output.stdout).unwrap();
    // The goal the lines share, the header, a row a line.
    assert_eq!(table.lines().count(), 4, "{table}");
    assert!(table.starts_with("goal: 12345678., unless"), "{table}");
    let row: Vec<&str> = table.lines().nth(3).unwrap().split_whitespace().collect();
    assert_eq!(row[..3], ["2", "solved", "0"], "{table}");
    // A plugin's batch with `start;goal` and tab lines.
    let output = Command::new(torus_cli_path())
        .args(["batch", "-p", "torus"])
        .write_stdin("8.1234567;12345678.\n8.1234567\t12345678.\n")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let records: Vec<Value> = (String::from_utf8(output.stdout).unwrap().lines())
        .map(json)
        .collect();
    assert_eq!(records.len(), 2);
    assert!(records.iter().all(|record| record["result"] == "solved"));
}

#[test]
fn a_plugin_draws_its_solution_through_its_drawing_hook() {
    let directory = tempfile::tempdir().unwrap();
    let path = directory.path().join("torus.svg");
    let (code, stdout, stderr) = run(
        &mut Command::new(torus_cli_path()),
        &[
            "solve",
            "-p",
            "torus",
            "8.1234567",
            "-f",
            "json",
            "--boards",
            "--svg",
            path.to_str().unwrap(),
        ],
    );
    assert_eq!(code, Some(0), "{stderr}");
    let answer = json(&stdout);
    let svg = std::fs::read_to_string(&path).unwrap();
    let document = roxmltree::Document::parse(&svg).unwrap();
    let root = document.root_element();
    assert_eq!(
        root.attribute("data-moves").unwrap(),
        answer["length"].to_string()
    );
    // Eight tiles on a 3x3 board, each a piece of its own.
    let pieces = (root.descendants())
        .filter(|node| {
            node.attribute("class")
                .is_some_and(|class| class.starts_with("piece"))
        })
        .count();
    assert_eq!(pieces, 8);
    let cell: usize = root.attribute("data-cell-size").unwrap().parse().unwrap();
    let width: usize = root.attribute("width").unwrap().parse().unwrap();
    assert!(
        width >= 3 * cell && width < 4 * cell,
        "a 3x3 board, {width} pixels wide"
    );
}
