//! `--puzzle NAME`: every puzzle of the registry through `slide solve`, `check` and `graph`, with
//! the same flags, JSON fields, limits and exit codes as sliding tiles; `slide puzzles`; and a
//! puzzle registered by a program of its own (the `torus_cli` example) getting the whole
//! command line.

mod common;

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use assert_cmd::Command;
use common::slide_path;
use puzzles::blocks::{Blocks, Notation, SHIPPED};
use serde_json::Value;

fn slide() -> Command {
    Command::new(slide_path())
}

/// Runs `slide args` and returns its exit code and standard output as JSON.
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

#[test]
fn puzzles_lists_every_standard_puzzle_with_its_offers() {
    let output = slide()
        .args(["puzzles", "--format", "json"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let listed: Vec<Value> = String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    let names: Vec<&str> = listed
        .iter()
        .map(|kind| kind["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["tiles", "klotski", "blocks", "rush-hour"]);
    for kind in &listed {
        assert!(!kind["algorithms"].as_array().unwrap().is_empty(), "{kind}");
        assert!(!kind["syntax"].as_str().unwrap().is_empty(), "{kind}");
    }
    let text = slide().arg("puzzles").output().unwrap();
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(text.contains("rush-hour: Rush Hour"), "{text}");
    assert!(text.contains("metrics     piece, step"), "{text}");
}

/// Every shipped Rush Hour board, by every algorithm and both metrics: the shipped optimal
/// lengths, the same fields as tiles' JSON, and boards that start at the start and grow by one
/// state a move.
#[test]
fn rush_hour_boards_solve_to_their_shipped_lengths_by_every_algorithm() {
    let boards = SHIPPED
        .iter()
        .filter(|layout| layout.notation == Notation::RushHour);
    for layout in boards {
        for (metric, expected) in [("piece", layout.piece_moves), ("step", layout.steps)] {
            for algorithm in ["bfs", "bidirectional", "astar"] {
                let args = [
                    "solve",
                    "--puzzle",
                    "rush-hour",
                    layout.text,
                    "--metric",
                    metric,
                    "-a",
                    algorithm,
                    "--format",
                    "json",
                    "--boards",
                ];
                let (code, answer) = json_of(&mut slide(), &args);
                assert_eq!(code, Some(0), "{args:?}");
                assert_eq!(answer["result"], "solved");
                assert_eq!(answer["length"], expected, "{args:?}");
                assert_eq!(answer["metric"], metric);
                assert_eq!(answer["algorithm"], algorithm);
                assert_eq!(answer["start"], layout.text);
                let boards = answer["boards"].as_array().unwrap();
                assert_eq!(boards.len() as u32, expected + 1);
                assert_eq!(boards[0], layout.text);
                assert!(answer["statistics"]["expanded"].as_u64().unwrap() > 0);
            }
        }
    }
}

#[test]
fn klotski_and_blocks_agree_on_the_classic_layout() {
    let classic = &SHIPPED[0];
    let one_line = classic.text.replace('\n', "/");
    for (metric, expected) in [("piece", classic.piece_moves), ("step", classic.steps)] {
        let (code, klotski) = json_of(
            &mut slide(),
            &[
                "solve", "-p", "klotski", "classic", "--metric", metric, "-f", "json",
            ],
        );
        assert_eq!(code, Some(0));
        assert_eq!(klotski["length"], expected);
        for start in ["横刀立马", one_line.as_str()] {
            let (code, blocks) = json_of(
                &mut slide(),
                &[
                    "solve", "-p", "blocks", start, "--metric", metric, "-f", "json", "-a", "astar",
                ],
            );
            assert_eq!(code, Some(0), "{start}");
            assert_eq!(blocks["length"], expected, "{start}");
            assert_eq!(blocks["heuristic"], "goal-distance");
        }
    }
}

#[test]
fn a_layout_from_standard_input_solves_and_its_moves_alone_print() {
    let pennant = SHIPPED
        .iter()
        .find(|layout| layout.name == "Pennant Puzzle")
        .unwrap();
    let output = slide()
        .args(["solve", "--puzzle", "blocks", "-", "--format", "moves"])
        .write_stdin(pennant.text)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let moves = String::from_utf8(output.stdout).unwrap();
    assert_eq!(
        moves.trim_end().split(", ").count() as u32,
        pennant.piece_moves
    );
    // The moves replay: the layout parsed here, each move one of the state's successors.
    let (problem, start) = Blocks::parse(pennant.text).unwrap();
    let named: Vec<&str> = moves.trim_end().split(", ").collect();
    let mut state = start;
    let mut successors = search_core::Successors::<Blocks>::new();
    for name in named {
        successors.clear();
        search_core::Problem::successors(&problem, &state, &mut successors);
        let next = successors
            .iter()
            .find(|successor| problem.describe(&successor.action) == name)
            .unwrap_or_else(|| panic!("`{name}` is no move here"));
        state = next.state;
    }
    assert!(problem.is_solved(&state));
}

#[test]
fn limits_stop_any_puzzle_with_exit_code_3() {
    let (code, answer) = json_of(
        &mut slide(),
        &[
            "solve",
            "-p",
            "klotski",
            "classic",
            "--max-nodes",
            "10",
            "-f",
            "json",
        ],
    );
    assert_eq!(code, Some(3));
    assert_eq!(answer["result"], "gave up");
    assert_eq!(answer["limit"], "expanded-node limit reached");
    let text = slide()
        .args(["solve", "-p", "klotski", "classic", "--max-nodes", "10"])
        .output()
        .unwrap();
    assert_eq!(text.status.code(), Some(3));
    assert!(String::from_utf8(text.stdout)
        .unwrap()
        .contains("result: gave up, expanded-node limit reached"));
    assert!(String::from_utf8(text.stderr)
        .unwrap()
        .contains("try a larger --max-nodes"));
}

#[test]
fn what_a_puzzle_does_not_take_is_refused_by_name_with_exit_code_2() {
    let refusals: [(&[&str], &str); 7] = [
        (&["solve", "-p", "chess", "x"], "unknown puzzle `chess`: the puzzles are tiles, klotski, blocks, rush-hour"),
        (&["solve", "-p", "klotski", "classic", "--prune", "4"], "--prune applies to sliding tiles only"),
        (&["solve", "-p", "klotski", "classic", "-H", "manhattan"], "unknown heuristic `manhattan`: this puzzle offers block-distance"),
        (&["solve", "-p", "rush-hour", "AA"], "bad rush-hour instance: the start:"),
        (&["solve", "-p", "klotski", "classic", "12345678."], "this puzzle takes no goal"),
        (&["solve", "12345678.", "--metric", "step"], "sliding tiles have one kind of move"),
        (&["solve", "12345678.", "-a", "dijkstra"], "invalid value 'dijkstra' for '--algorithm': sliding tiles offer bfs, bidirectional, astar, idastar"),
    ];
    for (args, message) in refusals {
        let output = slide().args(args).output().unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(output.stdout.is_empty(), "{args:?}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(stderr.starts_with("slide: "), "{args:?}: {stderr}");
        assert!(stderr.contains(message), "{args:?}: {stderr}");
    }
}

#[test]
fn check_and_graph_take_any_puzzle() {
    let (code, checked) = json_of(
        &mut slide(),
        &["check", "-p", "rush-hour", SHIPPED_RUSH_HOUR, "-f", "json"],
    );
    assert_eq!(code, Some(0));
    assert_eq!(checked["result"], "unknown");
    let (code, tiles) = json_of(
        &mut slide(),
        &["check", "-p", "tiles", "12345687.", "-f", "json"],
    );
    assert_eq!(code, Some(1));
    assert_eq!(tiles["result"], "unsolvable");

    let (code, graph) = json_of(
        &mut slide(),
        &[
            "graph", "-p", "klotski", "classic", "--depth", "1", "-f", "json",
        ],
    );
    assert_eq!(code, Some(0));
    let nodes = graph["nodes"].as_array().unwrap();
    assert_eq!(nodes[0], "ABBC/ABBC/DEEF/DGHF/I..J");
    let edges = graph["edges"].as_array().unwrap();
    // As many moves from the start as the Klotski problem itself lists (piece metric: a piece
    // may slide round a corner), each to a board of its own.
    let (klotski, classic) = puzzles::blocks::Blocks::klotski_classic();
    let mut successors = search_core::Successors::<puzzles::blocks::Blocks>::new();
    search_core::Problem::successors(&klotski, &classic, &mut successors);
    assert_eq!(nodes.len(), successors.len() + 1);
    assert_eq!(
        edges.iter().filter(|edge| edge["from"] == 0).count(),
        successors.len()
    );
    let dot = slide()
        .args(["graph", "-p", "klotski", "classic", "--depth", "1"])
        .output()
        .unwrap();
    let dot = String::from_utf8(dot.stdout).unwrap();
    assert!(dot.starts_with("digraph {"), "{dot}");
    let too_large = slide()
        .args([
            "graph",
            "-p",
            "klotski",
            "classic",
            "--depth",
            "9",
            "--max-nodes",
            "10",
        ])
        .output()
        .unwrap();
    assert_eq!(too_large.status.code(), Some(3));
    assert!(too_large.stdout.is_empty());
    let edge_lines = (dot.lines())
        .filter(|line| line.split_whitespace().nth(1) == Some("->"))
        .count();
    assert_eq!(edge_lines, edges.len());
}

const SHIPPED_RUSH_HOUR: &str = "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM";

/// The `torus_cli` example, built on first use (as `slide` is, by [`slide_path`]).
fn torus_cli() -> &'static Path {
    static PATH: OnceLock<PathBuf> = OnceLock::new();
    PATH.get_or_init(|| {
        let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
        let profile = if cfg!(debug_assertions) {
            "test"
        } else {
            "release"
        };
        let status = std::process::Command::new(cargo)
            .args(["build", "--quiet", "-p", "tests", "--example", "torus_cli"])
            .args(["--profile", profile])
            .status()
            .expect("cargo runs");
        assert!(status.success(), "building the torus_cli example failed");
        // Beside this test's executable (target/PROFILE/deps), under examples.
        let deps = std::env::current_exe().unwrap();
        let profile_dir = deps.parent().and_then(Path::parent).unwrap();
        profile_dir
            .join("examples")
            .join(format!("torus_cli{}", std::env::consts::EXE_SUFFIX))
    })
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
    let torus = torus_cli();
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
        let moves = answer["moves"].as_array().unwrap();
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
    assert!(String::from_utf8(bad.stderr)
        .unwrap()
        .starts_with("slide: bad torus instance: the start: 4 cells"));

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
        torus_replay("12345.786", graph["moves"].as_array().unwrap()),
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
fn batch_solves_any_puzzle_a_line_at_a_time_in_input_order() {
    let boards: Vec<&str> = SHIPPED
        .iter()
        .filter(|layout| layout.notation == Notation::RushHour)
        .map(|layout| layout.text)
        .collect();
    let mut input = boards.join("\n");
    input += "\n# a comment\nAA\n";
    for jobs in ["1", "2"] {
        let output = slide()
            .args([
                "batch",
                "--puzzle",
                "rush-hour",
                "--jobs",
                jobs,
                "--metric",
                "step",
            ])
            .write_stdin(input.clone())
            .output()
            .unwrap();
        // A bad line makes the batch's exit code 2; every other line is still solved.
        assert_eq!(output.status.code(), Some(2));
        let records: Vec<Value> = String::from_utf8(output.stdout)
            .unwrap()
            .lines()
            .map(|line| serde_json::from_str(line).unwrap())
            .collect();
        assert_eq!(records.len(), boards.len() + 1);
        for (record, layout) in records.iter().zip(
            SHIPPED
                .iter()
                .filter(|layout| layout.notation == Notation::RushHour),
        ) {
            assert_eq!(record["result"], "solved");
            assert_eq!(record["start"], layout.text);
            assert_eq!(record["length"], layout.steps);
            assert_eq!(record["metric"], "step");
        }
        let bad = records.last().unwrap();
        assert_eq!(bad["line"], boards.len() + 2);
        assert!(bad["error"]
            .as_str()
            .unwrap()
            .starts_with("bad rush-hour instance"));
    }
    // The torus's lines through the program that registers it.
    let output = Command::new(torus_cli())
        .args(["batch", "-p", "torus", "--format", "table"])
        .write_stdin("8.1234567\n12345678.\n")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let table = String::from_utf8(output.stdout).unwrap();
    assert_eq!(table.lines().count(), 3, "{table}");
    let row: Vec<&str> = table.lines().nth(2).unwrap().split_whitespace().collect();
    assert_eq!(row[..3], ["2", "solved", "0"], "{table}");
}
