//! IDA* on the 15-puzzle, timed: search-core's plainest problem (`Problem`, `InPlace` and
//! `heuristic_fn`, nothing optional), with each optional part alone (an `inverse`, action slots,
//! a heuristic declared consistent) and with all three, against `pathfinding::idastar` with the
//! same successors and heuristic. The instances are random walks from the goal, so every run searches the same
//! boards.
//!
//! Run with `cargo run --release -p search-core --example plain_idastar -- [instances] [walk]`
//! (defaults 12 and 60): a measurement, not a test, so it checks only that every search agrees.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use search_core::{
    InPlace, Outcome, Problem, SearchResult, Successor, Successors, heuristic_fn, idastar,
};

const WIDTH: usize = 4;
const CELLS: usize = WIDTH * WIDTH;

/// The tiles row-major (0 is the blank) and where the blank is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Board {
    tiles: [u8; CELLS],
    blank: u8,
}

/// Where the blank moves: up, left, right, down.
const MOVES: [Move; 4] = [Move::Up, Move::Left, Move::Right, Move::Down];

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Move {
    Up,
    Left,
    Right,
    Down,
}

impl Move {
    fn opposite(self) -> Move {
        match self {
            Move::Up => Move::Down,
            Move::Down => Move::Up,
            Move::Left => Move::Right,
            Move::Right => Move::Left,
        }
    }
}

impl Board {
    fn goal() -> Board {
        let mut tiles = [0; CELLS];
        for (cell, tile) in tiles.iter_mut().enumerate() {
            *tile = cell as u8;
        }
        Board { tiles, blank: 0 }
    }

    /// The cell the blank moves to, if the move stays on the board.
    fn target(&self, step: Move) -> Option<usize> {
        let blank = usize::from(self.blank);
        let (row, column) = (blank / WIDTH, blank % WIDTH);
        match step {
            Move::Up => (row > 0).then(|| blank - WIDTH),
            Move::Left => (column > 0).then(|| blank - 1),
            Move::Right => (column + 1 < WIDTH).then(|| blank + 1),
            Move::Down => (row + 1 < WIDTH).then(|| blank + WIDTH),
        }
    }

    fn slide(&mut self, step: Move) {
        if let Some(target) = self.target(step) {
            self.tiles.swap(usize::from(self.blank), target);
            self.blank = target as u8;
        }
    }

    fn manhattan(&self) -> u32 {
        let mut total = 0;
        for (cell, &tile) in self.tiles.iter().enumerate() {
            if tile != 0 {
                let (tile, cell) = (usize::from(tile), cell);
                total +=
                    (tile / WIDTH).abs_diff(cell / WIDTH) + (tile % WIDTH).abs_diff(cell % WIDTH);
            }
        }
        total as u32
    }

    /// The successors as pathfinding users write them.
    fn neighbours(&self) -> Vec<(Board, u32)> {
        MOVES
            .iter()
            .filter(|&&step| self.target(step).is_some())
            .map(|&step| {
                let mut next = *self;
                next.slide(step);
                (next, 1)
            })
            .collect()
    }
}

/// The 15-puzzle with its optional parts switched on or off: `INVERSE` declares
/// [`Problem::inverse`], `SLOTS` gives [`InPlace::action_in_slot`] (four slots, one per move).
/// With both off it is the plainest problem: goal test, successors, apply and undo.
struct Sliding<const INVERSE: bool, const SLOTS: bool>;

impl<const INVERSE: bool, const SLOTS: bool> Problem for Sliding<INVERSE, SLOTS> {
    type State = Board;
    type Action = Move;
    type Cost = u32;

    fn is_goal(&self, board: &Board) -> bool {
        *board == Board::goal()
    }

    fn successors(&self, board: &Board, out: &mut Successors<Self>) {
        for step in MOVES {
            if board.target(step).is_some() {
                let mut next = *board;
                next.slide(step);
                out.push(Successor::unit(next, step));
            }
        }
    }

    fn inverse(&self, step: &Move) -> Option<Move> {
        INVERSE.then(|| step.opposite())
    }
}

impl<const INVERSE: bool, const SLOTS: bool> InPlace for Sliding<INVERSE, SLOTS> {
    const ACTION_SLOTS: usize = if SLOTS { 4 } else { 0 };

    fn action_in_slot(&self, board: &Board, slot: usize) -> Option<(Move, u32)> {
        let step = MOVES[slot];
        board.target(step).map(|_| (step, 1))
    }

    fn apply(&self, board: &mut Board, step: &Move) {
        board.slide(*step);
    }

    fn undo(&self, board: &mut Board, step: &Move) {
        board.slide(step.opposite());
    }
}

/// Solves every board with IDA* and Manhattan distance (declared consistent or not); the total
/// time, nodes expanded and optimal costs.
fn time_idastar<P>(
    problem: &P,
    consistent: bool,
    boards: &[Board],
) -> (Duration, u64, Vec<Option<u32>>)
where
    P: InPlace<State = Board, Action = Move, Cost = u32>,
{
    let plain = heuristic_fn(Board::manhattan);
    let estimate = if consistent {
        plain.declare_consistent()
    } else {
        plain
    };
    let (mut time, mut expanded, mut costs) = (Duration::ZERO, 0, Vec::new());
    for board in boards {
        let began = Instant::now();
        let result = idastar(problem, &estimate, *board);
        time += began.elapsed();
        expanded += result.statistics.expanded;
        costs.push(cost(result));
    }
    (time, expanded, costs)
}

/// A random walk of `length` moves from the goal, never straight back (an LCG, so every run
/// walks the same).
fn walk(seed: u64, length: usize) -> Board {
    let mut board = Board::goal();
    let mut random = seed;
    let mut last: Option<Move> = None;
    let mut made = 0;
    while made < length {
        random = random
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let step = MOVES[(random >> 33) as usize % 4];
        if board.target(step).is_none() || last == Some(step.opposite()) {
            continue;
        }
        board.slide(step);
        last = Some(step);
        made += 1;
    }
    board
}

fn cost<S, A>(result: SearchResult<S, A, u32>) -> Option<u32> {
    match result.outcome {
        Outcome::Solved(solution) => Some(solution.cost),
        Outcome::Unreachable | Outcome::LimitReached(_) => None,
    }
}

fn main() -> ExitCode {
    let mut arguments = std::env::args().skip(1);
    let instances: u64 = arguments.next().and_then(|n| n.parse().ok()).unwrap_or(12);
    let length: usize = arguments.next().and_then(|n| n.parse().ok()).unwrap_or(60);
    let boards: Vec<Board> = (1..=instances).map(|seed| walk(seed, length)).collect();

    let began = Instant::now();
    let baseline: Vec<Option<u32>> = boards
        .iter()
        .map(|board| {
            pathfinding::directed::idastar::idastar(
                board,
                Board::neighbours,
                Board::manhattan,
                |board| *board == Board::goal(),
            )
            .map(|(_, cost)| cost)
        })
        .collect();
    let baseline_time = began.elapsed().as_secs_f64();

    let runs = [
        (
            "plain",
            time_idastar(&Sliding::<false, false>, false, &boards),
        ),
        (
            "+ inverse",
            time_idastar(&Sliding::<true, false>, false, &boards),
        ),
        (
            "+ slots",
            time_idastar(&Sliding::<false, true>, false, &boards),
        ),
        (
            "+ consistent",
            time_idastar(&Sliding::<false, false>, true, &boards),
        ),
        (
            "all three",
            time_idastar(&Sliding::<true, true>, true, &boards),
        ),
    ];
    println!(
        "{instances} boards, {length}-move walks from the goal, IDA* with Manhattan distance:"
    );
    println!("  {:<14} {baseline_time:8.3} s", "pathfinding");
    for (name, (time, expanded, costs)) in runs {
        if costs != baseline {
            eprintln!("plain_idastar: {name} disagrees with pathfinding: {costs:?}, {baseline:?}");
            return ExitCode::FAILURE;
        }
        let time = time.as_secs_f64();
        println!(
            "  {name:<14} {time:8.3} s  {:5.2}x pathfinding's speed  ({expanded} expanded)",
            baseline_time / time
        );
    }
    ExitCode::SUCCESS
}
