//! A puzzle from outside this workspace's puzzle crate that gets the whole `slide` command line:
//! the 8-puzzle on a torus (the blank wraps around the edges of the 3x3 board), registered
//! beside the standard puzzles.
//!
//! It implements the front-end contract ([`PuzzleKind`] and [`Instance`]) over a
//! `search-core` [`Problem`], and its `main` is three lines. Every subcommand that takes
//! `--puzzle` then works for it, with slide's flags, formats, limits and exit codes:
//!
//! ```sh
//! cargo run -p tests --bin torus_cli -- puzzles
//! cargo run -p tests --bin torus_cli -- solve --puzzle torus 8.1234567
//! cargo run -p tests --bin torus_cli -- solve --puzzle torus 8.1234567 -a astar --format json
//! cargo run -p tests --bin torus_cli -- graph --puzzle torus 12345678. --depth 1
//! ```

use std::process::ExitCode;

use puzzles::front_end::{
    Answer, Choice, Explored, Grid, Instance, InstanceError, PuzzleKind, Registry, Request, Square,
};
use search_core::{
    Limits, Problem, Successor, Successors, breadth_first::bfs_with, graph::explore, heuristic_fn,
    informed::astar_with, observer::OnProgress, visited::HashVisited,
};

fn main() -> ExitCode {
    let mut registry = Registry::standard();
    registry
        .register(Box::new(TorusKind))
        .expect("no standard puzzle is named torus");
    // The program speaks as itself: its name in --help, --version, messages and hints.
    let app = slide::App::new("torus_cli", env!("CARGO_PKG_VERSION"))
        .about("The 8-puzzle on a torus, and every puzzle of slide, solved optimally");
    slide::run_as(app, &registry)
}

const SIDE: usize = 3;
const CELLS: usize = SIDE * SIDE;

/// The tiles in reading order, `0` the blank.
type Board = [u8; CELLS];

/// Where the blank moves, named by the letters tiles use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Direction {
    Up,
    Down,
    Left,
    Right,
}

impl Direction {
    const ALL: [Direction; 4] = [
        Direction::Up,
        Direction::Down,
        Direction::Left,
        Direction::Right,
    ];

    fn letter(self) -> &'static str {
        match self {
            Direction::Up => "U",
            Direction::Down => "D",
            Direction::Left => "L",
            Direction::Right => "R",
        }
    }

    /// The cell the blank at `cell` moves to, wrapping around the edges.
    fn from(self, cell: usize) -> usize {
        let (row, column) = (cell / SIDE, cell % SIDE);
        let (row, column) = match self {
            Direction::Up => ((row + SIDE - 1) % SIDE, column),
            Direction::Down => ((row + 1) % SIDE, column),
            Direction::Left => (row, (column + SIDE - 1) % SIDE),
            Direction::Right => (row, (column + 1) % SIDE),
        };
        row * SIDE + column
    }
}

/// The torus puzzle towards one goal.
struct Torus {
    goal: Board,
}

impl Problem for Torus {
    type State = Board;
    type Action = Direction;
    type Cost = u32;

    fn is_goal(&self, state: &Board) -> bool {
        *state == self.goal
    }

    fn successors(&self, state: &Board, out: &mut Successors<Self>) {
        let blank = state.iter().position(|&tile| tile == 0).unwrap_or(0);
        for direction in Direction::ALL {
            let mut next = *state;
            next.swap(blank, direction.from(blank));
            out.push(Successor::unit(next, direction));
        }
    }
}

/// The sum of the tiles' distances from their goal cells, each axis the shorter way round: a
/// move carries one tile one step, so it never overestimates.
fn wrapped_distance(state: &Board, goal: &Board) -> u32 {
    let axis = |a: usize, b: usize| {
        let apart = a.abs_diff(b);
        apart.min(SIDE - apart) as u32
    };
    (state.iter().enumerate())
        .filter(|&(_, &tile)| tile != 0)
        .map(|(cell, &tile)| {
            let home = goal.iter().position(|&other| other == tile).unwrap_or(cell);
            axis(cell / SIDE, home / SIDE) + axis(cell % SIDE, home % SIDE)
        })
        .sum()
}

/// A board from nine digits (`.` or `0` the blank), or why it is none.
fn parse_board(text: &str) -> Result<Board, String> {
    let cells: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
    if cells.len() != CELLS {
        return Err(format!(
            "{} cells, where a torus board has {CELLS}",
            cells.len()
        ));
    }
    let mut board = [0; CELLS];
    let mut seen = [false; CELLS];
    for (cell, &character) in cells.iter().enumerate() {
        let tile = match character {
            '.' => 0,
            digit => digit
                .to_digit(10)
                .filter(|&tile| (tile as usize) < CELLS)
                .ok_or_else(|| {
                    format!("`{character}` is no tile: tiles are 1 to 8, `.` or 0 the blank")
                })? as u8,
        };
        if std::mem::replace(&mut seen[usize::from(tile)], true) {
            return Err(format!("tile {tile} appears twice"));
        }
        board[cell] = tile;
    }
    Ok(board)
}

fn write_board(board: &Board) -> String {
    board
        .iter()
        .map(|&tile| {
            if tile == 0 {
                '.'
            } else {
                char::from(b'0' + tile)
            }
        })
        .collect()
}

/// The torus behind the front-end contract.
struct TorusKind;

impl PuzzleKind for TorusKind {
    fn name(&self) -> &str {
        "torus"
    }

    fn summary(&self) -> &str {
        "the 8-puzzle on a torus: the blank wraps around the edges"
    }

    fn syntax(&self) -> &str {
        "nine cells in reading order, `.` the blank (`8.1234567`); the goal a board [default: 12345678.]"
    }

    fn algorithms(&self) -> &[Choice] {
        const ALGORITHMS: &[Choice] = &[
            Choice::new("bfs", "breadth-first search"),
            Choice::informed("astar", "A* with the wrapped Manhattan distance"),
        ];
        ALGORITHMS
    }

    fn heuristics(&self) -> &[Choice] {
        const HEURISTICS: &[Choice] = &[Choice::new(
            "wrapped-manhattan",
            "the tiles' distances the shorter way round",
        )];
        HEURISTICS
    }

    fn parse(&self, start: &str, goal: Option<&str>) -> Result<Box<dyn Instance>, InstanceError> {
        let start = parse_board(start).map_err(InstanceError::Start)?;
        let goal = parse_board(goal.unwrap_or("12345678.")).map_err(InstanceError::Goal)?;
        Ok(Box::new(TorusInstance { start, goal }))
    }
}

struct TorusInstance {
    start: Board,
    goal: Board,
}

impl Instance for TorusInstance {
    fn start(&self) -> String {
        write_board(&self.start)
    }

    fn goal(&self) -> String {
        write_board(&self.goal)
    }

    fn solve(&self, request: &Request<'_>) -> Result<Answer, InstanceError> {
        request.choices.check(&TorusKind)?;
        let problem = Torus { goal: self.goal };
        let observer = OnProgress(request.progress);
        let name_move = |direction: &Direction| direction.letter().to_owned();
        Ok(match request.choices.algorithm.as_deref() {
            Some("astar") => {
                let goal = self.goal;
                let heuristic = heuristic_fn(move |state: &Board| wrapped_distance(state, &goal));
                let result = astar_with(&problem, &heuristic, self.start, request.limits, observer);
                let heuristic = Some("wrapped-manhattan");
                Answer::from_result(
                    &problem,
                    result,
                    "astar",
                    heuristic,
                    None,
                    name_move,
                    write_board,
                    "",
                )
            }
            _ => {
                let visited = HashVisited::default();
                let result = bfs_with(&problem, self.start, visited, request.limits, observer);
                Answer::from_result(
                    &problem,
                    result,
                    "bfs",
                    None,
                    None,
                    name_move,
                    write_board,
                    "",
                )
            }
        })
    }

    /// The board as a picture (`--svg`, `--boards`): its states are written on one line, which
    /// the default drawing would read as one row, so the torus draws its 3x3 grid itself.
    fn draw(&self, state: &str) -> Option<Grid> {
        let board = parse_board(state).ok()?;
        let mut grid = Grid::new(SIDE, SIDE).spaced(true);
        for (cell, &tile) in board.iter().enumerate().filter(|&(_, &tile)| tile != 0) {
            grid.set((cell / SIDE, cell % SIDE), Square::Piece(tile.to_string()));
        }
        Some(grid)
    }

    fn explore(&self, depth: usize, limits: &Limits) -> Explored {
        let problem = Torus { goal: self.goal };
        let graph = explore(&problem, self.start, depth, limits);
        // from_search marks the goal nodes, which `graph` draws for every puzzle.
        Explored::from_search(&problem, &graph, write_board, |direction| {
            direction.letter().to_owned()
        })
    }
}
