//! `--svg FILE` end to end: the pictures of `solve`, `klotski` and `blocks`, read back as XML,
//! show the board after every move of the solution printed in the same run, the start first and
//! the goal last, under the right move counter; and a path that cannot be written is an error.

use std::collections::BTreeMap;
use std::path::Path;

use crate::common::slide_path;
use assert_cmd::Command;
use serde_json::Value;

fn slide() -> Command {
    Command::new(slide_path())
}

/// A board: the name of the piece on each (row, column) cell, empty cells left out.
type Grid = BTreeMap<(i64, i64), String>;

/// A picture as its file says it: the cell size, the number of moves, and each piece's name,
/// cells (pixels, relative to the piece) and translation at each key time.
struct Picture {
    moves: usize,
    /// The board after each move, the start first, rebuilt from the animation values.
    frames: Vec<Grid>,
    /// The walls, (row, column).
    walls: Vec<(i64, i64)>,
    /// The names of the pieces drawn in the goal colour.
    highlighted: Vec<String>,
}

fn pair(text: &str) -> (i64, i64) {
    let numbers: Vec<i64> = (text.split([' ', ',']))
        .filter(|part| !part.is_empty())
        .map(|part| part.parse().unwrap())
        .collect();
    assert_eq!(numbers.len(), 2, "{text}");
    (numbers[0], numbers[1])
}

/// Reads an SVG file as XML, checks its structure (one position a frame for every piece, held
/// at both ends; one counter a step, right text, first shown, others hidden until their time)
/// and rebuilds the board of every frame.
fn read_picture(path: &Path) -> Picture {
    let text = std::fs::read_to_string(path).unwrap();
    let document = roxmltree::Document::parse(&text).unwrap();
    let root = document.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg")
    );
    assert!(
        !text.contains("<script"),
        "the animation is SMIL, not script"
    );
    let cell: i64 = root.attribute("data-cell-size").unwrap().parse().unwrap();
    let moves: usize = root.attribute("data-moves").unwrap().parse().unwrap();
    let elements = || root.descendants().filter(|node| node.is_element());
    let mut frames = vec![Grid::new(); moves + 1];
    let mut highlighted = Vec::new();
    let mut key_times: Option<String> = None;
    for piece in elements().filter(|node| node.attribute("data-piece").is_some()) {
        let name = piece.attribute("data-piece").unwrap().to_owned();
        if piece
            .attribute("class")
            .unwrap()
            .split(' ')
            .any(|class| class == "goal")
        {
            highlighted.push(name.clone());
        }
        let cells: Vec<(i64, i64)> = (piece.children())
            .filter(|node| node.has_tag_name("rect"))
            .map(|rect| {
                let at = |name| rect.attribute(name).unwrap().parse::<i64>().unwrap();
                assert_eq!((at("width"), at("height")), (cell, cell));
                (at("x"), at("y"))
            })
            .collect();
        assert!(!cells.is_empty(), "piece {name} has no cell");
        let label = piece
            .children()
            .find(|node| node.has_tag_name("text"))
            .unwrap();
        assert_eq!(label.text(), Some(name.as_str()));
        let transform = piece.attribute("transform").unwrap();
        let start = pair(
            transform
                .strip_prefix("translate(")
                .and_then(|rest| rest.strip_suffix(')'))
                .unwrap(),
        );
        let positions: Vec<(i64, i64)> = match (piece.children())
            .find(|node| node.has_tag_name("animateTransform"))
        {
            None => {
                assert_eq!(moves, 0, "piece {name} is not animated");
                vec![start]
            }
            Some(animation) => {
                assert_eq!(animation.attribute("type"), Some("translate"));
                assert_eq!(animation.attribute("repeatCount"), Some("indefinite"));
                let times = animation.attribute("keyTimes").unwrap();
                // Every piece moves to one clock.
                assert_eq!(
                    key_times.get_or_insert_with(|| times.to_owned()),
                    times,
                    "{name}"
                );
                let times: Vec<f64> = times.split(';').map(|time| time.parse().unwrap()).collect();
                assert!(times.windows(2).all(|pair| pair[0] < pair[1]), "{times:?}");
                assert_eq!((times[0], times[times.len() - 1]), (0.0, 1.0));
                let values: Vec<(i64, i64)> = animation
                    .attribute("values")
                    .unwrap()
                    .split(';')
                    .map(pair)
                    .collect();
                // The start held, a position a frame, the goal held.
                assert_eq!(values.len(), moves + 3, "{name}");
                assert_eq!(times.len(), values.len(), "{name}");
                assert_eq!(values[0], values[1], "{name}: the start is held");
                assert_eq!(
                    values[moves + 1],
                    values[moves + 2],
                    "{name}: the goal is held"
                );
                values[1..=moves + 1].to_vec()
            }
        };
        // What a viewer without animation shows is the start.
        assert_eq!(positions[0], start, "{name}");
        for (frame, (x, y)) in frames.iter_mut().zip(positions) {
            for &(cell_x, cell_y) in &cells {
                let (column, row) = (x + cell_x, y + cell_y);
                assert_eq!((column % cell, row % cell), (0, 0), "{name} off the grid");
                let previous = frame.insert((row / cell, column / cell), name.clone());
                assert_eq!(previous, None, "{name} overlaps another piece");
            }
        }
    }
    let walls = elements()
        .filter(|node| node.attribute("class") == Some("wall"))
        .map(|wall| {
            let at = |name| wall.attribute(name).unwrap().parse::<i64>().unwrap();
            (at("y") / cell, at("x") / cell)
        })
        .collect();
    let counters: Vec<_> = elements()
        .filter(|node| node.attribute("class") == Some("counter"))
        .collect();
    assert_eq!(counters.len(), moves + 1);
    for (step, counter) in counters.iter().enumerate() {
        assert_eq!(
            counter.attribute("data-step"),
            Some(step.to_string().as_str())
        );
        assert_eq!(
            counter.text(),
            Some(format!("move {step} of {moves}").as_str())
        );
        let hidden = counter.attribute("visibility") == Some("hidden");
        assert_eq!(
            hidden,
            step > 0,
            "only the start's counter shows without animation"
        );
        if moves > 0 {
            let animation = counter.first_element_child().unwrap();
            assert_eq!(animation.attribute("attributeName"), Some("visibility"));
            let shown: Vec<&str> = animation.attribute("values").unwrap().split(';').collect();
            let times: Vec<&str> = animation
                .attribute("keyTimes")
                .unwrap()
                .split(';')
                .collect();
            // Counter K is shown from key time K (the start of move K's slide) to key time
            // K + 1, the key times of the pieces.
            let piece_times: Vec<&str> = key_times.as_deref().unwrap().split(';').collect();
            let visible = shown.iter().position(|value| *value == "visible").unwrap();
            assert_eq!(times[visible], piece_times[step], "counter {step}");
            if step < moves {
                assert_eq!(times[visible + 1], piece_times[step + 1], "counter {step}");
            } else {
                assert_eq!(visible, shown.len() - 1);
            }
        }
    }
    Picture {
        moves,
        frames,
        walls,
        highlighted,
    }
}

/// Runs slide with `arguments` in `directory` and returns its JSON report.
fn json_of(directory: &Path, arguments: &[&str]) -> Value {
    let output = slide()
        .args(arguments)
        .current_dir(directory)
        .output()
        .unwrap();
    assert!(output.status.success(), "{arguments:?}: {output:?}");
    assert!(output.stderr.is_empty(), "{output:?}");
    serde_json::from_slice(&output.stdout).unwrap()
}

// Sliding tiles

/// A square board written compactly (`135246780`) or spaced (`1 2 ... 0`), as a grid of tile
/// numbers, the blank left out.
fn tile_grid(text: &str) -> Grid {
    let tiles: Vec<u32> = if text.contains(' ') {
        text.split_whitespace()
            .map(|tile| tile.parse().unwrap())
            .collect()
    } else {
        text.chars()
            .map(|tile| tile.to_digit(10).unwrap())
            .collect()
    };
    let width = (1..).find(|width| width * width >= tiles.len()).unwrap();
    assert_eq!(width * width, tiles.len());
    (tiles.iter().enumerate())
        .filter(|&(_, &tile)| tile != 0)
        .map(|(cell, tile)| {
            let cell = cell as i64;
            ((cell / width as i64, cell % width as i64), tile.to_string())
        })
        .collect()
}

/// The grid after the blank moves in `direction` (`U`, `D`, `L`, `R`) on a `width`-wide board.
fn blank_moves(grid: &Grid, width: i64, direction: char) -> Grid {
    let blank = (0..width * width)
        .map(|cell| (cell / width, cell % width))
        .find(|cell| !grid.contains_key(cell))
        .unwrap();
    let (row, column) = match direction {
        'U' => (blank.0 - 1, blank.1),
        'D' => (blank.0 + 1, blank.1),
        'L' => (blank.0, blank.1 - 1),
        'R' => (blank.0, blank.1 + 1),
        other => panic!("no direction {other}"),
    };
    let mut next = grid.clone();
    let tile = next
        .remove(&(row, column))
        .expect("the move stays on the board");
    next.insert(blank, tile);
    next
}

/// Solves `start` (towards `goal`) with `--svg` and checks every frame against the moves
/// replayed here and against the boards `--boards` prints in the same run.
/// Returns the number of moves and the file's size in bytes.
fn check_tiles(start: &str, goal: &str, options: &[&str]) -> (usize, usize) {
    let directory = tempfile::tempdir().unwrap();
    let mut arguments = vec!["solve", start, goal, "--format", "json", "--boards"];
    arguments.extend_from_slice(&["--svg", "tiles.svg"]);
    arguments.extend_from_slice(options);
    let report = json_of(directory.path(), &arguments);
    let moves = report["moves"].as_str().unwrap();
    let boards: Vec<Grid> = (report["boards"].as_array().unwrap().iter())
        .map(|board| tile_grid(board.as_str().unwrap()))
        .collect();
    let path = directory.path().join("tiles.svg");
    let picture = read_picture(&path);
    assert_eq!(picture.moves, moves.len());
    assert!(picture.walls.is_empty() && picture.highlighted.is_empty());
    let width = (1..)
        .find(|width| width * width > boards[0].len() as i64)
        .unwrap();
    let mut replayed = tile_grid(report["start"].as_str().unwrap());
    for (step, frame) in picture.frames.iter().enumerate() {
        if step > 0 {
            replayed = blank_moves(&replayed, width, moves.as_bytes()[step - 1] as char);
        }
        assert_eq!(*frame, replayed, "step {step} against the moves");
        assert_eq!(*frame, boards[step], "step {step} against --boards");
    }
    assert_eq!(
        picture.frames[0],
        tile_grid(report["start"].as_str().unwrap())
    );
    assert_eq!(
        picture.frames[moves.len()],
        tile_grid(report["goal"].as_str().unwrap())
    );
    (
        moves.len(),
        std::fs::metadata(&path).unwrap().len() as usize,
    )
}

#[test]
fn an_8_puzzle_picture_shows_every_move() {
    check_tiles("13524678.", "46758123.", &[]);
}

#[test]
fn a_15_puzzle_picture_shows_every_move_and_stays_small() {
    let directory = tempfile::tempdir().unwrap();
    // A walk from the goal whose optimal solution is 56 moves, found by linear conflict in a
    // fraction of a second (pattern databases would be built first).
    let output = slide()
        .args(["random", "--size", "4x4", "--walk", "300", "--seed", "2"])
        .current_dir(directory.path())
        .output()
        .unwrap();
    let start = String::from_utf8(output.stdout).unwrap();
    let (moves, bytes) = check_tiles(start.trim(), "blank-last", &["-H", "linear-conflict"]);
    assert_eq!(moves, 56);
    // About 600 bytes a move for 15 tiles (33 KB here): far below 200 KB.
    assert!(bytes < 50_000, "{bytes} bytes");
}

// Klotski and blocks: pieces of several cells, followed by their letters

/// The cells of a `rows`-high board's lines, by letter (`.` empty, `x` walls left out).
fn lettered(rows: &[&str]) -> Grid {
    let mut grid = Grid::new();
    for (row, line) in rows.iter().enumerate() {
        for (column, letter) in line.chars().enumerate() {
            if letter != '.' && letter != 'x' {
                grid.insert((row as i64, column as i64), letter.to_string());
            }
        }
    }
    grid
}

/// Each piece's cells, by name.
fn pieces(grid: &Grid) -> BTreeMap<String, Vec<(i64, i64)>> {
    let mut pieces: BTreeMap<String, Vec<(i64, i64)>> = BTreeMap::new();
    for (&cell, name) in grid {
        pieces.entry(name.clone()).or_default().push(cell);
    }
    pieces
}

/// The top-left cell of the bounding box of `cells`, and the cells relative to it.
fn anchored(cells: &[(i64, i64)]) -> ((i64, i64), Vec<(i64, i64)>) {
    let top = cells.iter().map(|cell| cell.0).min().unwrap();
    let left = cells.iter().map(|cell| cell.1).min().unwrap();
    let mut shape: Vec<_> = cells
        .iter()
        .map(|&(row, column)| (row - top, column - left))
        .collect();
    shape.sort();
    ((top, left), shape)
}

/// A 1-based `rRcC` position as (row, column) from zero.
fn position(text: &str) -> (i64, i64) {
    let (row, column) = text.strip_prefix('r').unwrap().split_once('c').unwrap();
    (
        row.parse::<i64>().unwrap() - 1,
        column.parse::<i64>().unwrap() - 1,
    )
}

/// `grid` after the move written `... FROM -> TO`: the piece whose bounding box starts at FROM
/// (of the shape of `class`'s piece when given: pieces of other shapes may share the corner)
/// goes to TO with all its cells.
fn play(grid: &Grid, text: &str, class: Option<&str>) -> Grid {
    let words: Vec<&str> = text.split_whitespace().collect();
    let [.., from, "->", to] = words.as_slice() else {
        panic!("a move is `... FROM -> TO`: {text}")
    };
    let (from, to) = (position(from), position(to));
    let pieces = pieces(grid);
    let class_shape = class.map(|name| anchored(&pieces[name]).1);
    let movers: Vec<&String> = (pieces.iter())
        .filter(|(_, cells)| {
            let (anchor, shape) = anchored(cells);
            anchor == from && class_shape.as_ref().is_none_or(|class| *class == shape)
        })
        .map(|(name, _)| name)
        .collect();
    assert_eq!(movers.len(), 1, "{text}: {movers:?}");
    let mut next: Grid = grid.clone();
    next.retain(|_, name| name != movers[0]);
    for &(row, column) in &pieces[movers[0]] {
        let cell = (row + to.0 - from.0, column + to.1 - from.1);
        assert!(next.insert(cell, movers[0].clone()).is_none(), "{text}");
    }
    next
}

/// Which cells make up one piece, the letters forgotten: the boards `--boards` prints let
/// identical pieces trade letters.
fn partition(grid: &Grid) -> Vec<Vec<(i64, i64)>> {
    let mut parts: Vec<Vec<(i64, i64)>> = pieces(grid).into_values().collect();
    parts.sort();
    parts
}

#[test]
fn a_klotski_picture_follows_each_lettered_piece() {
    let directory = tempfile::tempdir().unwrap();
    let layout = ["ZYYX", "ZYYX", "WVVU", "WTSU", "R..Q"];
    std::fs::write(directory.path().join("layout.txt"), layout.join("\n")).unwrap();
    let report = json_of(
        directory.path(),
        &[
            "klotski",
            "layout.txt",
            "-f",
            "json",
            "--svg",
            "klotski.svg",
        ],
    );
    let moves = report["move_list"].as_array().unwrap();
    assert_eq!(moves.len(), 81);
    let picture = read_picture(&directory.path().join("klotski.svg"));
    assert_eq!(picture.moves, moves.len());
    assert_eq!(picture.highlighted, ["Y"], "the block");
    let mut replayed = lettered(&layout);
    for (step, frame) in picture.frames.iter().enumerate() {
        if step > 0 {
            replayed = play(&replayed, moves[step - 1].as_str().unwrap(), None);
        }
        assert_eq!(*frame, replayed, "step {step}");
    }
    // The goal: the block on rows 4-5, columns 2-3.
    let last = &picture.frames[moves.len()];
    let block: Vec<(i64, i64)> = pieces(last)["Y"].clone();
    assert_eq!(block, [(3, 1), (3, 2), (4, 1), (4, 2)]);
}

/// Solves a `blocks` puzzle with `--svg` and checks every frame against the moves replayed
/// here, following each piece by its start letter, and against the boards `--boards` prints.
fn check_blocks(puzzle: &[&str], directory: &Path) {
    let mut arguments = vec!["blocks"];
    arguments.extend_from_slice(puzzle);
    arguments.extend_from_slice(&["-f", "json", "--boards", "--svg", "blocks.svg"]);
    let report = json_of(directory, &arguments);
    let board_lines = |text: &str| -> Vec<String> {
        // Rows are separated by `/` on one line; header lines (`goal: B at 4,2`) hold a colon,
        // board lines never do.
        (text.split(['\n', '/']))
            .filter(|line| !line.contains(':'))
            .map(str::to_owned)
            .collect()
    };
    let grid_of = |text: &str| {
        let lines = board_lines(text);
        lettered(&lines.iter().map(String::as_str).collect::<Vec<_>>())
    };
    let start = report["start"].as_str().unwrap();
    let moves = report["move_list"].as_array().unwrap();
    let boards: Vec<Grid> = (report["boards"].as_array().unwrap().iter())
        .map(|board| grid_of(board.as_str().unwrap()))
        .collect();
    let picture = read_picture(&directory.join("blocks.svg"));
    assert_eq!(picture.moves, moves.len(), "{puzzle:?}");
    let walls: Vec<(i64, i64)> = (board_lines(start).iter().enumerate())
        .flat_map(|(row, line)| {
            (line.char_indices())
                .filter(|&(_, c)| c == 'x')
                .map(move |(column, _)| (row as i64, column as i64))
        })
        .collect();
    assert_eq!(picture.walls, walls, "{puzzle:?}");
    let mut replayed = grid_of(start);
    for (step, frame) in picture.frames.iter().enumerate() {
        if step > 0 {
            let text = moves[step - 1].as_str().unwrap();
            // A move names the piece that moves by the letter the layout gave it.
            let piece = &text[..text.find(' ').unwrap()];
            replayed = play(&replayed, text, Some(piece));
        }
        assert_eq!(*frame, replayed, "{puzzle:?} step {step}");
        // The boards follow each piece under its letter as the picture does: none trades
        // letters with an identical piece between two boards.
        assert_eq!(*frame, boards[step], "{puzzle:?} step {step}");
        assert_eq!(
            partition(frame),
            partition(&boards[step]),
            "{puzzle:?} step {step}"
        );
    }
    for goal in (start.split(['\n', '/'])).filter_map(|line| line.strip_prefix("goal: ")) {
        let (letter, at) = goal.split_once(" at ").unwrap();
        assert!(
            picture.highlighted.iter().any(|name| name == letter),
            "{goal}"
        );
        let (row, column) = at.split_once(',').unwrap();
        let corner = (
            row.parse::<i64>().unwrap() - 1,
            column.parse::<i64>().unwrap() - 1,
        );
        // A goal naming a piece of an `alike` group asks for some piece of its shape there.
        let last = pieces(&picture.frames[moves.len()]);
        let shape = anchored(&last[letter]).1;
        assert!(
            last.values()
                .any(|cells| anchored(cells) == (corner, shape.clone())),
            "{puzzle:?}: {goal}"
        );
    }
}

#[test]
fn blocks_pictures_follow_identical_pieces_walls_and_polyominoes() {
    let directory = tempfile::tempdir().unwrap();
    for name in ["Pennant", "Motor-Car", "hardest board of"] {
        check_blocks(&["--shipped", name], directory.path());
    }
    // An L and a T beside a domino and a single cell: the T's corner is a cell it leaves
    // empty, which other pieces may hold.
    std::fs::write(
        directory.path().join("shapes.txt"),
        "goal: A at 2,3\nAAB.\nA.BC\n.D..\nDDD.\n",
    )
    .unwrap();
    check_blocks(&["shapes.txt", "--metric", "step"], directory.path());
}

// Where no picture goes

#[test]
fn a_path_that_cannot_be_written_is_named_with_exit_code_5() {
    let directory = tempfile::tempdir().unwrap();
    let missing = directory
        .path()
        .join("no such directory")
        .join("picture.svg");
    let missing = missing.to_str().unwrap();
    for arguments in [
        vec!["solve", "13524678.", "--svg", missing],
        vec!["klotski", "--classic", "--svg", missing],
        vec!["blocks", "--shipped", "Hughes", "--svg", missing],
    ] {
        let output = slide().args(&arguments).output().unwrap();
        assert_eq!(output.status.code(), Some(5), "{arguments:?}: {output:?}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(
            stderr.starts_with(&format!("slide: cannot write the SVG to {missing}")),
            "{stderr}"
        );
        // Checked before the search: nothing is printed.
        assert!(output.stdout.is_empty(), "{arguments:?}");
    }
    // A directory is no file; a file that cannot be created is named with why.
    let directory_path = directory.path().to_str().unwrap();
    let output = slide()
        .args(["solve", "13524678.", "--svg", directory_path])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(5));
    assert!(
        String::from_utf8(output.stderr)
            .unwrap()
            .contains("it is a directory")
    );
    let output = slide()
        .args(["solve", "13524678.", "--svg", "-"])
        .output()
        .unwrap();
    assert_eq!(
        output.status.code(),
        Some(2),
        "standard output holds the solution"
    );
}

#[test]
fn a_search_without_a_solution_writes_no_picture_and_says_so() {
    let directory = tempfile::tempdir().unwrap();
    for (arguments, code) in [
        (vec!["solve", "12345687.", "--svg", "none.svg"], 1),
        (
            vec![
                "solve",
                "13524678.",
                "46758123.",
                "-a",
                "bfs",
                "--max-nodes",
                "10",
                "--svg",
                "none.svg",
            ],
            3,
        ),
        (
            vec![
                "klotski",
                "--classic",
                "--max-nodes",
                "10",
                "--svg",
                "none.svg",
            ],
            3,
        ),
    ] {
        let output = slide()
            .args(&arguments)
            .current_dir(directory.path())
            .output()
            .unwrap();
        assert_eq!(
            output.status.code(),
            Some(code),
            "{arguments:?}: {output:?}"
        );
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(
            stderr.contains("slide: no solution, so no SVG is written to none.svg"),
            "{stderr}"
        );
        assert!(!directory.path().join("none.svg").exists());
    }
}

/// A picture gets the mode any new file gets (0666 less the umask), not the 0600 of the
/// temporary file it is written through: it is made to be shown.
#[cfg(unix)]
#[test]
fn a_picture_is_readable_as_the_umask_allows() {
    use std::os::unix::fs::PermissionsExt;
    let directory = tempfile::tempdir().unwrap();
    let picture = directory.path().join("picture.svg");
    let output = std::process::Command::new("sh")
        .args([
            "-c",
            "umask 022 && exec \"$0\" solve 123456708 --svg \"$1\"",
        ])
        .arg(slide_path())
        .arg(&picture)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let mode = std::fs::metadata(&picture).unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o644, "{mode:o}");
}
