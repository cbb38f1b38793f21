//! One road for every puzzle, end to end through the real binaries: goals and `start;goal`
//! lines read by the puzzle itself, moves that name the piece that moves, the same JSON shape,
//! pictures, checked choices, graphs of goal-condition puzzles, a plugin's own name, and
//! `--svg` that never costs the user a file.

use std::collections::BTreeMap;
use std::path::Path;

use crate::common::Command;
use crate::common::slide_path;
use serde_json::Value;

fn slide() -> Command {
    Command::new(slide_path())
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

/// A board of `width` columns as `(row, column) -> letter`, from rows separated by `/` or
/// Rush Hour's 36 characters (`o` empty, `x` a wall: neither kept).
fn cells(state: &str, width: usize) -> BTreeMap<(usize, usize), char> {
    let rows: Vec<Vec<char>> = if state.contains('/') {
        state.split('/').map(|row| row.chars().collect()).collect()
    } else {
        let all: Vec<char> = state.chars().collect();
        all.chunks(width).map(<[char]>::to_vec).collect()
    };
    let mut cells = BTreeMap::new();
    for (row, letters) in rows.iter().enumerate() {
        for (column, &letter) in letters.iter().enumerate() {
            if !matches!(letter, '.' | 'o' | 'x' | '#') {
                cells.insert((row, column), letter);
            }
        }
    }
    cells
}

/// `r4c3` as (3, 2).
fn position(text: &str) -> (usize, usize) {
    let (row, column) = text[1..].split_once('c').unwrap();
    (
        row.parse::<usize>().unwrap() - 1,
        column.parse::<usize>().unwrap() - 1,
    )
}

/// Checks that every move of a solved JSON answer names the piece that moves: the letter at
/// the move's first cell in the board before it, and at its last cell in the board after.
fn moves_name_their_pieces(answer: &Value, width: usize) {
    let moves = answer["move_list"].as_array().unwrap();
    let boards = answer["boards"].as_array().unwrap();
    assert_eq!(boards.len(), moves.len() + 1);
    for (index, step) in moves.iter().enumerate() {
        let text = step.as_str().unwrap();
        let words: Vec<&str> = text.split_whitespace().collect();
        let [letter, from, "->", to] = words.as_slice() else {
            panic!("a move is `LETTER FROM -> TO`: {text}")
        };
        let letter = letter.chars().next().unwrap();
        let before = cells(boards[index].as_str().unwrap(), width);
        let after = cells(boards[index + 1].as_str().unwrap(), width);
        let (from, to) = (position(from), position(to));
        // The anchor is the top-left corner of the piece's bounding box: the piece's cells
        // all lie below and to the right of it, and one of them is on its row.
        let anchor_of = |board: &BTreeMap<(usize, usize), char>| {
            let mine: Vec<(usize, usize)> = (board.iter())
                .filter(|&(_, &at)| at == letter)
                .map(|(&cell, _)| cell)
                .collect();
            let top = mine.iter().map(|cell| cell.0).min().unwrap();
            let left = mine.iter().map(|cell| cell.1).min().unwrap();
            (top, left)
        };
        assert_eq!(anchor_of(&before), from, "move {}: {text}", index + 1);
        assert_eq!(anchor_of(&after), to, "move {}: {text}", index + 1);
    }
}

#[test]
fn moves_name_the_piece_that_moves_and_boards_keep_their_letters() {
    // The board: move 3 moved K, which the old names called I.
    let (code, stdout, _) = run(
        &mut slide(),
        &[
            "blocks",
            "--rush-hour",
            "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM",
            "-f",
            "json",
            "--boards",
        ],
    );
    assert_eq!(code, Some(0));
    let answer = json(&stdout);
    assert_eq!(answer["length"], 60);
    assert_eq!(answer["move_list"][2], "K r4c3 -> r5c3");
    moves_name_their_pieces(&answer, 6);
    for (kind, instance, width) in [("blocks", "pennant", 4), ("klotski", "classic", 4)] {
        let (code, stdout, stderr) = run(
            &mut slide(),
            &["solve", "-p", kind, instance, "-f", "json", "--boards"],
        );
        assert_eq!(code, Some(0), "{stderr}");
        moves_name_their_pieces(&json(&stdout), width);
    }
}

#[test]
fn goals_and_start_goal_lines_reach_the_puzzle() {
    // A word as a goal goes to the puzzle, which reads (or refuses) it: Klotski takes none.
    let (code, _, stderr) = run(
        &mut slide(),
        &["solve", "-p", "klotski", "classic", "centre"],
    );
    assert_eq!(code, Some(2));
    assert!(stderr.contains("this puzzle takes no goal"), "{stderr}");
    assert!(!stderr.contains("blank-last"), "{stderr}");
    // Tiles say the same of a bad goal name, apart or after a `;`.
    let apart = run(&mut slide(), &["solve", "12345678.", "bogus"]);
    let joined = run(&mut slide(), &["solve", "12345678.;bogus"]);
    for (code, _, stderr) in [&apart, &joined] {
        assert_eq!(*code, Some(2));
        assert!(stderr.contains("unknown goal `bogus`"), "{stderr}");
    }
    // A tab or `;` at either end is an empty part, never a crash.
    for text in ["\t12345678.", "12345678.\t", ";", "12345678.;"] {
        for subcommand in ["solve", "check"] {
            let (code, _, stderr) = run(&mut slide(), &[subcommand, text]);
            assert_eq!(code, Some(2), "{subcommand} {text:?}: {stderr}");
            assert!(stderr.starts_with("slide: "), "{stderr}");
        }
    }
}

#[test]
fn a_heuristic_with_an_algorithm_that_takes_none_is_refused_for_every_puzzle() {
    for (kind, instance, heuristic) in [
        ("klotski", "classic", "block-distance"),
        ("blocks", "pennant", "goal-distance"),
        ("tiles", "12345678.", "manhattan"),
    ] {
        let (code, stdout, stderr) = run(
            &mut slide(),
            &["solve", "-p", kind, instance, "-a", "bfs", "-H", heuristic],
        );
        assert_eq!(code, Some(2), "{kind}: {stderr}");
        assert_eq!(stdout, "");
        assert!(
            stderr.contains(heuristic) || stderr.contains("--heuristic"),
            "{stderr}"
        );
    }
}

#[test]
fn graphs_of_goal_condition_puzzles_draw_the_path_and_mark_start_and_goals() {
    let layout = "goal: A at 1,2/AB./C..";
    let (code, stdout, stderr) = run(
        &mut slide(),
        &[
            "graph", "-p", "blocks", layout, "--depth", "3", "--path", "-f", "json",
        ],
    );
    assert_eq!(code, Some(0), "{stderr}");
    let graph = json(&stdout);
    assert_eq!(graph["start_node"], 0);
    assert_eq!(graph["result"], "solved");
    assert_eq!(graph["length"], 2);
    let goals = graph["goal_nodes"].as_array().unwrap();
    assert!(!goals.is_empty());
    // Every node marked a goal has A at the top-middle cell.
    for goal in goals {
        let node = graph["nodes"][goal.as_u64().unwrap() as usize]
            .as_str()
            .unwrap();
        assert_eq!(cells(node, 3).get(&(0, 1)), Some(&'A'), "{node}");
    }
    let (code, dot, _) = run(
        &mut slide(),
        &["graph", "-p", "blocks", layout, "--depth", "3", "--path"],
    );
    assert_eq!(code, Some(0));
    assert!(dot.contains("xlabel = \"start\""), "{dot}");
    assert!(dot.contains("xlabel = \"goal\""), "{dot}");
    assert!(dot.contains(" -> "), "{dot}");
    assert!(dot.matches("color = red").count() >= 2 + 2, "{dot}");
}

#[test]
fn every_puzzle_draws_its_solution() {
    let directory = tempfile::tempdir().unwrap();
    for (kind, instance) in [
        ("klotski", "classic"),
        ("blocks", "pennant"),
        ("rush-hour", "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM"),
        ("tiles", "13524678.;46758123."),
    ] {
        let path = directory.path().join(format!("{kind}.svg"));
        let (code, stdout, stderr) = run(
            &mut slide(),
            &[
                "solve",
                "-p",
                kind,
                instance,
                "-f",
                "json",
                "--svg",
                path.to_str().unwrap(),
            ],
        );
        assert_eq!(code, Some(0), "{kind}: {stderr}");
        let answer = json(&stdout);
        let svg = std::fs::read_to_string(&path).unwrap();
        let document = roxmltree::Document::parse(&svg).unwrap();
        let moves = document.root_element().attribute("data-moves").unwrap();
        assert_eq!(moves, answer["length"].to_string(), "{kind}");
    }
}

#[test]
fn tiles_and_klotski_answer_in_one_json_shape() {
    let shape = |args: &[&str]| -> BTreeMap<String, &'static str> {
        let (code, stdout, _) = run(&mut slide(), args);
        assert_eq!(code, Some(0));
        let answer = json(&stdout);
        let kind = |value: &Value| match value {
            Value::Null => "null",
            Value::Bool(_) => "bool",
            Value::Number(_) => "number",
            Value::String(_) => "string",
            Value::Array(_) => "array",
            Value::Object(_) => "object",
        };
        (answer.as_object().unwrap().iter())
            // A metric is null for tiles (one kind of move), a name for Klotski; a heuristic
            // null for an algorithm that takes none: a key of the shape, of either type.
            .map(|(key, value)| match key.as_str() {
                "metric" | "heuristic" => (key.clone(), "string or null"),
                _ => (key.clone(), kind(value)),
            })
            .collect()
    };
    let tiles = shape(&["solve", "13524678.", "46758123.", "-f", "json"]);
    let klotski = shape(&["solve", "-p", "klotski", "classic", "-f", "json"]);
    let aliased = shape(&["klotski", "--classic", "-f", "json"]);
    assert_eq!(tiles, klotski);
    assert_eq!(klotski, aliased);
    assert_eq!(tiles["moves"], "string");
    assert_eq!(tiles["move_list"], "array");
}

#[test]
fn goals_and_batch_tables_say_what_they_mean() {
    let (code, stdout, _) = run(&mut slide(), &["solve", "-p", "blocks", "pennant"]);
    assert_eq!(code, Some(0));
    let goal = stdout
        .lines()
        .find(|line| line.starts_with("goal:"))
        .unwrap();
    assert!(!goal.contains("goal:   goal:"), "{goal}");
    assert!(
        goal.contains("top-left corner of its bounding box"),
        "{goal}"
    );
    // A batch table says the goal for every puzzle: once above the table when the lines share
    // the puzzle's default, else in the instance column after the start's `;`.
    let output = slide()
        .args(["batch", "-p", "rush-hour", "--format", "table"])
        .write_stdin("IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM\n")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let table = String::from_utf8(output.stdout).unwrap();
    assert!(table.starts_with("goal: the red car reaches"), "{table}");
    assert!(
        table.contains(" IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM "),
        "{table}"
    );
}

#[test]
fn svg_never_costs_the_user_a_file() {
    let directory = tempfile::tempdir().unwrap();
    for (subcommand, text) in [
        ("klotski", "ABBC\nABBC\nDEEF\nDGHF\nI..J\n"),
        ("blocks", "goal: B at 4,2\nABBC\nABBC\nDEEF\nDGHF\nI..J\n"),
    ] {
        let layout = directory.path().join(format!("{subcommand}.txt"));
        std::fs::write(&layout, text).unwrap();
        let layout_text = layout.to_str().unwrap();
        let args = [subcommand, layout_text, "--svg", layout_text];
        let (code, stdout, stderr) = run(&mut slide(), &args);
        assert_eq!(code, Some(5), "{args:?}: {stderr}");
        assert_eq!(stdout, "");
        assert!(stderr.contains("the input being solved"), "{stderr}");
        let kept = std::fs::read_to_string(&layout).unwrap();
        assert_eq!(kept, text, "the layout is untouched");
    }
    // The picture on standard output's own file would cut the printed solution off.
    let out = directory.path().join("out.txt");
    let file = std::fs::File::create(&out).unwrap();
    let output = std::process::Command::new(slide_path())
        .args(["solve", "13524678.", "--svg", "/dev/stdout"])
        .stdout(file)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(5), "{output:?}");
    // A picture written whole or not at all: an existing one survives a failed write.
    let picture = directory.path().join("ok.svg");
    let (code, _, _) = run(
        &mut slide(),
        &[
            "solve",
            "13524678.",
            "46758123.",
            "--svg",
            picture.to_str().unwrap(),
        ],
    );
    assert_eq!(code, Some(0));
    let leftovers: Vec<_> = std::fs::read_dir(directory.path())
        .unwrap()
        .map(|entry| entry.unwrap().file_name())
        .filter(|name| name.to_string_lossy().starts_with(".slide-svg-"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
    assert!(Path::new(&picture).exists());
}

/// Tiles' options (databases, pruning, threads, notation, direct tables) are options of the
/// contract that tiles declare: listed by `slide puzzles`, refused with one message by a
/// puzzle that does not offer them, and read by tiles on every road (`solve` and `batch`).
#[test]
fn options_are_declared_by_the_puzzle_and_refused_by_the_others() {
    let (code, stdout, _) = run(&mut slide(), &["puzzles", "--format", "json"]);
    assert_eq!(code, Some(0));
    let kinds: Vec<Value> = stdout.lines().map(json).collect();
    let options = |name: &str| {
        let kind = kinds.iter().find(|kind| kind["name"] == name).unwrap();
        kind["options"].clone()
    };
    assert_eq!(
        options("tiles"),
        serde_json::json!([
            "--threads",
            "--prune",
            "--partition",
            "--direct-tables",
            "--notation"
        ])
    );
    assert_eq!(options("klotski"), serde_json::json!([]));
    for (args, flag) in [
        (
            &["solve", "-p", "klotski", "classic", "--prune", "4"][..],
            "--prune",
        ),
        (
            &["solve", "-p", "rush-hour", "AA", "--threads", "2"],
            "--threads",
        ),
        (
            &["batch", "-p", "blocks", "--notation", "tiles"],
            "--notation",
        ),
    ] {
        let (code, stdout, stderr) = run(&mut slide(), args);
        assert_eq!(code, Some(2), "{args:?}");
        assert!(stdout.is_empty(), "{args:?}");
        let puzzle = args[2];
        assert_eq!(
            stderr,
            format!(
                "slide: {puzzle} offers no {flag}: it takes no options beyond the algorithm, heuristic and metric\n"
            ),
            "{args:?}"
        );
    }
    // The same options on tiles' two roads give the same answers.
    let line = "8 6 7 2 5 4 3 0 1;1 2 3 4 5 6 7 8 0";
    let tiles = ["--prune", "12", "--notation", "tiles", "-f", "json"];
    let (code, solved, _) = run(&mut slide(), &[&["solve", line][..], &tiles].concat());
    assert_eq!(code, Some(0));
    let mut batch = slide();
    batch.write_stdin(format!("{line}\n"));
    let (code, batched, _) = run(&mut batch, &[&["batch"][..], &tiles].concat());
    assert_eq!(code, Some(0));
    let (solved, batched) = (json(&solved), json(batched.trim()));
    assert_eq!(solved["length"], 31);
    for key in [
        "length",
        "moves",
        "move_list",
        "algorithm",
        "heuristic",
        "start",
        "goal",
    ] {
        assert_eq!(solved[key], batched[key], "{key}");
    }
    // The tiles moved, by number: a move list of numbers, not of directions.
    assert!(
        solved["move_list"][0]
            .as_str()
            .unwrap()
            .parse::<u8>()
            .is_ok()
    );
}
