//! `slide blocks` end to end: every shipped layout solved at its optimal length in both
//! metrics, Rush Hour boards, layouts from standard input, and bad input named with exit 2.

use crate::common::Command;
use crate::common::predicate;
use crate::common::slide_path;
use puzzles::blocks::SHIPPED;
use serde_json::Value;

fn slide() -> Command {
    Command::new(slide_path())
}

#[test]
fn every_shipped_layout_solves_at_its_optimal_length() {
    for layout in SHIPPED {
        for (metric, optimal) in [("piece", layout.piece_moves), ("step", layout.steps)] {
            let output = slide()
                .args([
                    "blocks",
                    "--shipped",
                    layout.name,
                    "--metric",
                    metric,
                    "-f",
                    "json",
                ])
                .output()
                .unwrap();
            assert!(output.status.success(), "{}: {output:?}", layout.name);
            let report: Value = serde_json::from_slice(&output.stdout).unwrap();
            assert_eq!(report["result"], "solved");
            assert_eq!(report["length"], optimal, "{} ({metric})", layout.name);
            assert_eq!(
                report["move_list"].as_array().unwrap().len() as u32,
                optimal
            );
        }
    }
    // The three searches agree on a few (bidirectional first searches the whole cluster).
    for name in ["Pennant", "Hughes", "card 40"] {
        let lengths: Vec<Value> = ["bfs", "bidirectional", "astar"]
            .iter()
            .map(|algorithm| {
                let output = slide()
                    .args(["blocks", "--shipped", name, "-a", algorithm, "-f", "json"])
                    .output()
                    .unwrap();
                serde_json::from_slice::<Value>(&output.stdout).unwrap()["length"].clone()
            })
            .collect();
        assert!(
            lengths.iter().all(|length| *length == lengths[0]),
            "{name}: {lengths:?}"
        );
    }
    let list = slide().args(["blocks", "--list"]).output().unwrap();
    assert_eq!(
        String::from_utf8(list.stdout).unwrap().lines().count(),
        SHIPPED.len()
    );
}

#[test]
fn rush_hour_boards_and_layouts_from_standard_input() {
    slide()
        .args([
            "blocks",
            "--rush-hour",
            "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM",
            "-a",
            "astar",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("length: 60\n"));
    slide()
        .args(["blocks", "-", "--boards"])
        .write_stdin("goal: B at 4,2\nABBC\nABBC\nDEEF\nDGHF\nI..J\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("length: 81\n"))
        .stdout(predicate::str::contains("\nstep 81 ("));
}

#[test]
fn bad_puzzles_are_named_with_exit_2() {
    let refused = |args: &[&str], input: &str, message: &str| {
        let output = slide().args(args).write_stdin(input).output().unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?} {input:?}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(stderr.starts_with("slide: "), "{stderr}");
        assert!(stderr.contains(message), "{args:?} {input:?}: {stderr}");
    };
    // A vehicle of one cell, the red car off its row, an unknown letter, a short board.
    refused(
        &[
            "blocks",
            "--rush-hour",
            "BooooooooooooAAooooooooooooooooooooo",
        ],
        "",
        "bad rush-hour instance",
    );
    refused(
        &[
            "blocks",
            "--rush-hour",
            "AAooooooooooooooooooooooooooooooooBB",
        ],
        "",
        "bad rush-hour instance",
    );
    refused(
        &[
            "blocks",
            "--rush-hour",
            "oooooooooooo?AAooooooooooooooooooooo",
        ],
        "",
        "bad rush-hour instance",
    );
    refused(&["blocks", "--rush-hour", "AAoooo"], "", "36 cells");
    refused(
        &["blocks", "-"],
        "goal: Z at 1,1\nAB\n..\n",
        "bad blocks instance",
    );
    refused(
        &["blocks", "--shipped", "no such puzzle"],
        "",
        "slide blocks --list",
    );
}

/// `--farthest` on the hardest shipped boards: nothing in their clusters is farther than their
/// optimal length, and each board is among the farthest; each listed placement, solved, takes
/// that many moves.
#[test]
fn farthest_lists_the_hardest_starts_of_a_cluster() {
    for layout in SHIPPED
        .iter()
        .filter(|layout| layout.name.contains("hardest"))
    {
        let output = slide()
            .args([
                "blocks",
                "--shipped",
                layout.name,
                "--farthest",
                "-f",
                "json",
            ])
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(0), "{}", layout.name);
        let found: Value = serde_json::from_slice(&output.stdout).unwrap();
        assert_eq!(found["result"], "farthest");
        assert_eq!(found["moves"], layout.piece_moves, "{}", layout.name);
        let placements = found["placements"].as_array().unwrap();
        assert!(placements.iter().any(|board| board == layout.text));
        for board in placements {
            let solved = slide()
                .args([
                    "blocks",
                    "--rush-hour",
                    board.as_str().unwrap(),
                    "-f",
                    "json",
                ])
                .output()
                .unwrap();
            let solved: Value = serde_json::from_slice(&solved.stdout).unwrap();
            assert_eq!(solved["length"], layout.piece_moves, "{board}");
        }
    }
    // The text says what the JSON says.
    let run = |format: &str| {
        let output = slide()
            .args(["blocks", "--shipped", "card 40", "--farthest", "-f", format])
            .output()
            .unwrap();
        String::from_utf8(output.stdout).unwrap()
    };
    let found: Value = serde_json::from_str(&run("json")).unwrap();
    let text = run("text");
    let cluster = format!(
        "cluster:  {} placements, {} solved",
        found["cluster"], found["goals"]
    );
    let count = found["placements"].as_array().unwrap().len();
    let farthest = format!(
        "farthest: {} moves, {count} placement{}",
        found["moves"],
        if count == 1 { "" } else { "s" }
    );
    assert!(
        text.contains(&cluster) && text.contains(&farthest),
        "{text}"
    );
}
