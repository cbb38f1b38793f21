//! What `slide` says beyond the answer: the lower bound a stopped search proved and what to
//! try, the goals an unsolvable start reaches, one JSON `result` field, instances from standard
//! input and `start;goal` lines, the tile notation, examples in every subcommand's help, and
//! usage errors that start `slide:` as every other error does.

use crate::common::Command;
use crate::common::predicate;
use crate::common::slide_path;
use puzzles::{Board, parse_moves};
use serde_json::Value;

fn slide() -> Command {
    Command::new(slide_path())
}

fn json(output: &[u8]) -> Value {
    serde_json::from_slice(output).unwrap()
}

/// A 15-puzzle of 51 moves that Manhattan distance takes millions of nodes to solve.
const HARD: &str = "12 1 10 2 7 11 4 14 5 0 9 15 8 13 6 3";

#[test]
fn a_stopped_search_says_its_lower_bound_and_what_to_try() {
    let output = slide()
        .args(["solve", HARD, "-H", "manhattan", "--max-nodes", "100000"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(3));
    let stdout = String::from_utf8(output.stdout).unwrap();
    let line = stdout
        .lines()
        .find(|line| line.starts_with("result:"))
        .unwrap();
    let bound: u64 = line
        .strip_prefix("result: gave up, expanded-node limit reached; no solution is shorter than ")
        .and_then(|rest| rest.strip_suffix(" moves"))
        .unwrap_or_else(|| panic!("{line}"))
        .parse()
        .unwrap();
    assert!(
        (40..=51).contains(&bound),
        "{bound}: at most the optimal 51"
    );
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(
        stderr,
        "slide: try --heuristic pdb (pattern databases prune far more), or a larger --max-nodes\n"
    );
    let output = slide()
        .args([
            "solve",
            HARD,
            "-H",
            "manhattan",
            "--max-nodes",
            "100000",
            "-f",
            "json",
        ])
        .output()
        .unwrap();
    let report = json(&output.stdout);
    assert_eq!(report["result"], "gave up");
    assert_eq!(report["lower_bound"], bound);
}

#[test]
fn an_unreachable_goal_names_the_goals_the_start_reaches() {
    let output = slide().args(["solve", "12345687."]).output().unwrap();
    assert_eq!(output.status.code(), Some(1));
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(stdout.ends_with("reaches: spiral\n"), "{stdout}");
    let output = slide()
        .args(["solve", "12345687.", "-f", "json"])
        .output()
        .unwrap();
    let report = json(&output.stdout);
    assert_eq!(report["result"], "unsolvable");
    assert_eq!(report["reaches"], serde_json::json!(["spiral"]));
    slide()
        .args(["check", "12345687."])
        .assert()
        .code(1)
        .stdout(predicate::str::ends_with("reaches: spiral\n"));
}

#[test]
fn solve_reads_standard_input_and_start_goal_lines() {
    let output = slide()
        .args(["solve", "-", "-f", "json"])
        .write_stdin("# a comment\n13524678.;46758123.\n")
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let report = json(&output.stdout);
    assert_eq!(report["length"], 22);
    assert_eq!(report["goal"], "467581230");
    // What `slide random` prints for another goal than blank-last is what `solve` reads.
    let line = slide()
        .args([
            "random",
            "--size",
            "3x3",
            "--goal",
            "blank-first",
            "--seed",
            "7",
        ])
        .output()
        .unwrap()
        .stdout;
    let line = String::from_utf8(line).unwrap();
    let output = slide()
        .args(["solve", line.trim(), "-f", "json"])
        .output()
        .unwrap();
    assert!(output.status.success());
    assert_eq!(json(&output.stdout)["goal"], "012345678");
    // A goal named in the line.
    let output = slide()
        .args(["solve", "123456708;blank-first", "-f", "json"])
        .output()
        .unwrap();
    assert_eq!(json(&output.stdout)["goal"], "012345678");
    slide()
        .args(["solve", "123456708;blank-first", "spiral"])
        .assert()
        .code(2)
        .stderr("slide: the goal is given twice: after the `;` of the start and as GOAL\n");
    slide()
        .args(["solve", "-"])
        .write_stdin("12345678.\n1234567.8\n")
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "more than one board: a batch (`batch -`) solves one a line",
        ));
}

#[test]
fn batch_records_share_the_result_field_and_read_goal_names() {
    let output = slide()
        .args(["batch"])
        .write_stdin("123456708;blank-first\n12345687.\n")
        .output()
        .unwrap();
    let records: Vec<Value> = String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(records[0]["result"], "solved");
    assert_eq!(records[0]["goal"], "012345678");
    assert_eq!(records[1]["result"], "unsolvable");
}

#[test]
fn moves_in_tile_notation_and_alone() {
    let output = slide()
        .args([
            "solve",
            "13524678.",
            "46758123.",
            "--notation",
            "tiles",
            "-f",
            "json",
        ])
        .output()
        .unwrap();
    let report = json(&output.stdout);
    let tiles: Vec<u8> = (report["moves"].as_str().unwrap().split(' '))
        .map(|tile| tile.parse().unwrap())
        .collect();
    assert_eq!(tiles.len(), 22);
    // Each tile slides into the blank: replayed, they reach the goal.
    let mut board = Board::parse("13524678.").unwrap();
    for tile in tiles {
        let cell = board.position_of(tile);
        let step = (puzzles::Move::ALL.into_iter())
            .find(|&m| board.apply(m).is_some_and(|next| next.blank() == cell))
            .unwrap_or_else(|| panic!("tile {tile} is not beside the blank"));
        board = board.apply(step).unwrap();
    }
    assert_eq!(board, Board::parse("46758123.").unwrap());
    let output = slide()
        .args(["solve", "13524678.", "46758123.", "-f", "moves"])
        .output()
        .unwrap();
    let moves = String::from_utf8(output.stdout).unwrap();
    let start = Board::parse("13524678.").unwrap();
    let moves = parse_moves(moves.trim_end()).unwrap();
    assert_eq!(
        start.apply_moves(&moves),
        Ok(Board::parse("46758123.").unwrap())
    );
}

#[test]
fn a_missing_tile_is_told_the_cell_counts() {
    slide()
        .args(["solve", "1234567."])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "8 cells do not make a square board (2x2 has 4, 3x3 has 9): check for a missing or extra tile",
        ));
}

#[test]
fn every_subcommand_help_has_examples_and_the_exit_codes_live_once() {
    for subcommand in ["solve", "batch", "check", "random", "graph", "klotski"] {
        slide()
            .args([subcommand, "--help"])
            .assert()
            .success()
            .stdout(predicate::str::contains("Examples:\n  slide "))
            .stdout(predicate::str::contains("Exit codes:").not());
    }
    slide()
        .arg("--help")
        .assert()
        .success()
        .stdout(predicate::str::contains("Exit codes:"));
}

/// `check`, `random` and `klotski` take `--format json` too, with the field names of `solve`.
#[test]
fn every_printing_subcommand_speaks_json() {
    let output = slide()
        .args(["check", "12345687.", "-f", "json"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let report = json(&output.stdout);
    assert_eq!(report["result"], "unsolvable");
    assert_eq!(report["solvable"], false);
    assert_eq!(report["start"], "123456870");
    assert_eq!(report["reaches"], serde_json::json!(["spiral"]));

    let output = slide()
        .args([
            "random", "-s", "4x4", "-n", "3", "--seed", "5", "-f", "json",
        ])
        .output()
        .unwrap();
    let lines: Vec<Value> = (String::from_utf8(output.stdout).unwrap().lines())
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(lines.len(), 3);
    for line in &lines {
        let start = Board::parse(line["start"].as_str().unwrap()).unwrap();
        let goal = Board::parse(line["goal"].as_str().unwrap()).unwrap();
        assert!(puzzles::solvability(&start, &goal).unwrap().is_solvable());
    }

    let output = slide()
        .args(["klotski", "--classic", "-f", "json"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let report = json(&output.stdout);
    assert_eq!(report["result"], "solved");
    assert_eq!(report["length"], 81);
    assert_eq!(report["move_list"].as_array().unwrap().len(), 81);
    assert!(report["statistics"]["expanded"].as_u64().unwrap() > 0);
}

#[test]
fn graph_prints_json_nodes_and_edges_that_replay() {
    let output = slide()
        .args([
            "graph",
            "1234.5786",
            "--depth",
            "3",
            "--goal",
            "blank-last",
            "-f",
            "json",
        ])
        .output()
        .unwrap();
    assert!(output.status.success());
    let graph = json(&output.stdout);
    let nodes: Vec<Board> = (graph["nodes"].as_array().unwrap().iter())
        .map(|node| Board::parse(node.as_str().unwrap()).unwrap())
        .collect();
    assert_eq!(nodes[0], Board::parse("1234.5786").unwrap());
    // The blank in the centre: 4 boards one move away, 8 two moves away (none twice), and
    // every one of those has moves on.
    assert!(nodes.len() > 13, "{}", nodes.len());
    for edge in graph["edges"].as_array().unwrap() {
        let from = &nodes[edge["from"].as_u64().unwrap() as usize];
        let to = &nodes[edge["to"].as_u64().unwrap() as usize];
        let moves = parse_moves(edge["move"].as_str().unwrap()).unwrap();
        assert_eq!(from.apply_moves(&moves).as_ref(), Ok(to), "{edge}");
    }
    assert_eq!(graph["result"], "solved");
    assert_eq!(graph["goal"], "123456780");
    let moves = parse_moves(graph["moves"].as_str().unwrap()).unwrap();
    assert_eq!(graph["length"], moves.len());
    assert_eq!(
        nodes[0].apply_moves(&moves).ok(),
        Board::parse("123456780").ok()
    );
}

#[test]
fn usage_errors_start_like_every_other_error() {
    for args in [
        &["solve", "--bogus", "12345678."][..],
        &["random"],
        &["batch", "--jobs", "zero"],
    ] {
        let output = slide().args(args).output().unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(stderr.starts_with("slide: "), "{args:?}: {stderr}");
        assert!(!stderr.contains("error:"), "{args:?}: {stderr}");
        assert!(output.stdout.is_empty());
    }
}

/// The papercuts a newcomer met, each answered by what is wrong and what to type.
#[test]
fn messages_name_what_is_wrong_and_what_was_meant() {
    let said = |args: &[&str]| {
        let output = slide().args(args).output().unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        String::from_utf8(output.stderr).unwrap()
    };
    // The ragged last row is what is wrong, not the board's size.
    let ragged = said(&["solve", "1 2 3/4 5 6/7 8 0/9"]);
    assert!(
        ragged.contains("row 4 has 1 cells but row 1 has 3"),
        "{ragged}"
    );
    // A typo of a value is answered with the value meant.
    let typo = said(&["solve", "12345678.", "-H", "manhatan"]);
    assert!(typo.contains("did you mean `manhattan`?"), "{typo}");
    let typo = said(&["solve", "-p", "klotski", "classic", "-a", "bfz"]);
    assert!(typo.contains("did you mean `bfs`?"), "{typo}");
    // A negative timeout is a bad value, not an option to put after `--`.
    let negative = said(&["solve", "12345678.", "--timeout", "-1"]);
    assert!(
        negative.contains("the timeout must be positive"),
        "{negative}"
    );
    assert!(!negative.contains("-- -1"), "{negative}");
    // The help's first line names every puzzle, and `--help` does not send the reader to
    // `--help`.
    let help = slide().arg("--help").output().unwrap();
    let help = String::from_utf8(help.stdout).unwrap();
    assert!(help.lines().next().unwrap().contains("Klotski"), "{help}");
    assert!(!help.contains("are in `slide --help`"), "{help}");
}

/// `slide solve -` takes a board row by row on several lines, as classic mode does.
#[test]
fn solve_reads_a_board_row_by_row_from_standard_input() {
    let output = slide()
        .args(["solve", "-", "-f", "json"])
        .write_stdin("1 2 3\n4 0 5\n7 8 6\n")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let answer: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(answer["start"], "123405786");
    assert_eq!(answer["length"], 2);
}
