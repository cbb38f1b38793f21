//! `--puzzle NAME`: every puzzle of the registry through `slide solve`, `check` and `graph`, with
//! the same flags, JSON fields, limits and exit codes as sliding tiles; `slide puzzles`; and a
//! puzzle registered by a program of its own (the `torus_cli` example) getting the whole
//! command line.

use crate::common::Command;
use crate::common::slide_path;
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
    // The moves replay: the layout parsed here, each move one of the state's successors, named
    // by the letter of the piece it moves (each piece followed from the start).
    let (problem, start) = Blocks::parse(pennant.text).unwrap();
    let named: Vec<&str> = moves.trim_end().split(", ").collect();
    let mut state = start;
    let mut actions = Vec::new();
    let mut successors = search_core::Successors::<Blocks>::new();
    for name in named {
        successors.clear();
        search_core::Problem::successors(&problem, &state, &mut successors);
        let next = (successors.iter())
            .find(|successor| {
                let mut tried = actions.clone();
                tried.push(successor.action);
                let followed = problem.follow(&start, &tried).unwrap();
                problem.describe_followed(&followed, actions.len(), &successor.action) == name
            })
            .unwrap_or_else(|| panic!("`{name}` is no move here"));
        actions.push(next.action);
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
    assert!(
        String::from_utf8(text.stdout)
            .unwrap()
            .contains("result: gave up, expanded-node limit reached")
    );
    assert!(
        String::from_utf8(text.stderr)
            .unwrap()
            .contains("try a larger --max-nodes")
    );
}

#[test]
fn what_a_puzzle_does_not_take_is_refused_by_name_with_exit_code_2() {
    let refusals: [(&[&str], &str); 7] = [
        (
            &["solve", "-p", "chess", "x"],
            "unknown puzzle `chess`: the puzzles are tiles, klotski, blocks, rush-hour",
        ),
        (
            &["solve", "-p", "klotski", "classic", "--prune", "4"],
            "klotski offers no --prune: it takes no options beyond",
        ),
        (
            &["solve", "-p", "klotski", "classic", "-H", "manhattan"],
            "unknown heuristic `manhattan`: this puzzle offers block-distance",
        ),
        (
            &["solve", "-p", "rush-hour", "AA"],
            "bad rush-hour instance: the start:",
        ),
        (
            &["solve", "-p", "klotski", "classic", "12345678."],
            "this puzzle takes no goal",
        ),
        (
            &["solve", "12345678.", "--metric", "step"],
            "this puzzle has no metric (`step` given)",
        ),
        (
            &["solve", "12345678.", "-a", "dijkstra"],
            "unknown algorithm `dijkstra`: this puzzle offers idastar, astar, bidirectional, bfs",
        ),
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
        assert!(
            bad["error"]
                .as_str()
                .unwrap()
                .starts_with("bad rush-hour instance")
        );
    }
}
