//! A plugin written outside the `puzzles` crate, against the public API of `search-core` only:
//! the 8-puzzle on a torus, where the blank wraps around the edges of the 3x3 board.
//!
//! It implements [`Problem`] (required), [`InPlace`] (for IDA*), [`Reversible`] (for
//! bidirectional BFS) and a [`Heuristic`] with an incremental [`Heuristic::estimate_after`], then
//! solves a few scrambles with every algorithm and checks that they agree. Run it with
//! `cargo run -p tests --example torus`.

use std::fmt;

use search_core::{
    Heuristic, InPlace, Outcome, Problem, Reversible, Successor, Successors, astar, bfs,
    bidirectional_bfs, idastar, outcome::Solution,
};

const SIDE: usize = 3;
const CELLS: usize = SIDE * SIDE;

/// A board packed into one `u64`: 4 bits per cell (tile `0` is the blank), and the blank's cell
/// in bits 36..40 so that moves need not search for it. Small, `Copy`, and hashed in one go.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Board(u64);

const BLANK_SHIFT: usize = 4 * CELLS;

impl Board {
    /// The goal: tiles 1 to 8 in reading order, the blank last.
    fn solved() -> Board {
        let tiles: [u8; CELLS] = [1, 2, 3, 4, 5, 6, 7, 8, 0];
        Board::from_tiles(tiles).expect("the goal is a permutation of 0..9")
    }

    /// A board from the tile in each cell, if `tiles` is a permutation of `0..9`.
    fn from_tiles(tiles: [u8; CELLS]) -> Option<Board> {
        let mut seen = [false; CELLS];
        let mut packed = 0;
        let mut blank = 0;
        for (cell, &tile) in tiles.iter().enumerate() {
            let slot = seen.get_mut(usize::from(tile))?;
            if std::mem::replace(slot, true) {
                return None;
            }
            if tile == 0 {
                blank = cell;
            }
            packed |= u64::from(tile) << (4 * cell);
        }
        Some(Board(packed | (blank as u64) << BLANK_SHIFT))
    }

    fn tile(self, cell: usize) -> usize {
        ((self.0 >> (4 * cell)) & 0xF) as usize
    }

    fn blank(self) -> usize {
        (self.0 >> BLANK_SHIFT) as usize
    }

    /// The board with the blank swapped with the tile at `cell`.
    fn slide(self, cell: usize) -> Board {
        let blank = self.blank();
        let tile = self.tile(cell) as u64;
        let cleared = self.0 & !(0xF << (4 * cell)) & !(0xF << BLANK_SHIFT);
        Board(cleared | tile << (4 * blank) | (cell as u64) << BLANK_SHIFT)
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let tiles: Vec<usize> = (0..CELLS).map(|cell| self.tile(cell)).collect();
        write!(f, "{tiles:?}")
    }
}

/// Where the blank goes.
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

    fn opposite(self) -> Direction {
        match self {
            Direction::Up => Direction::Down,
            Direction::Down => Direction::Up,
            Direction::Left => Direction::Right,
            Direction::Right => Direction::Left,
        }
    }

    /// The cell next to `cell` in this direction, wrapping around the edges.
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

/// The toroidal 8-puzzle. The problem itself holds no data: the rules are the same for every
/// start, and the start is passed to the search.
#[derive(Clone, Copy, Debug, Default)]
struct Torus;

impl Problem for Torus {
    type State = Board;
    type Action = Direction;
    // Optimal solutions are short; u8 would do, u32 is the safe default.
    type Cost = u32;

    fn is_goal(&self, state: &Board) -> bool {
        *state == Board::solved()
    }

    fn successors(&self, state: &Board, out: &mut Successors<Self>) {
        for direction in Direction::ALL {
            let next = state.slide(direction.from(state.blank()));
            out.push(Successor::unit(next, direction));
        }
    }

    /// Lets IDA* skip the move that undoes the previous one.
    fn inverse(&self, action: &Direction) -> Option<Direction> {
        Some(action.opposite())
    }
}

impl InPlace for Torus {
    fn apply(&self, state: &mut Board, action: &Direction) {
        *state = state.slide(action.from(state.blank()));
    }

    fn undo(&self, state: &mut Board, action: &Direction) {
        *state = state.slide(action.opposite().from(state.blank()));
    }
}

impl Reversible for Torus {
    /// Every move is undone by its opposite at the same cost: the predecessors are the
    /// successors, each reached backwards by the opposite direction.
    fn predecessors(&self, state: &Board, out: &mut Successors<Self>) {
        for direction in Direction::ALL {
            let previous = state.slide(direction.opposite().from(state.blank()));
            out.push(Successor::unit(previous, direction));
        }
    }
}

/// The distance of one tile from its goal cell, going around the torus where shorter.
fn wrapped_distance(tile: usize, cell: usize) -> u32 {
    let goal = tile - 1;
    let along = |a: usize, b: usize| {
        let d = a.abs_diff(b);
        d.min(SIDE - d) as u32
    };
    along(goal / SIDE, cell / SIDE) + along(goal % SIDE, cell % SIDE)
}

/// The sum over tiles of their wrapped Manhattan distances. A move carries one tile one cell, so
/// the sum falls by at most one per move: admissible and consistent.
#[derive(Clone, Copy, Debug, Default)]
struct WrappedManhattan;

impl Heuristic<Torus> for WrappedManhattan {
    #[inline]
    fn is_consistent(&self) -> bool {
        true
    }

    fn estimate(&self, _problem: &Torus, state: &Board) -> u32 {
        (0..CELLS)
            .filter(|&cell| state.tile(cell) != 0)
            .map(|cell| wrapped_distance(state.tile(cell), cell))
            .sum()
    }

    /// Only the tile that moved changes its distance: it now stands where the blank was.
    fn estimate_after(
        &self,
        _problem: &Torus,
        after: &Board,
        action: &Direction,
        before: u32,
    ) -> u32 {
        let old_blank = action.opposite().from(after.blank());
        let tile = after.tile(old_blank);
        before + wrapped_distance(tile, old_blank) - wrapped_distance(tile, after.blank())
    }
}

/// A deterministic scramble: `moves` pseudo-random blank moves from the goal.
fn scramble(moves: usize, seed: u64) -> Board {
    let mut state = Board::solved();
    let mut random = seed;
    for _ in 0..moves {
        // Knuth's MMIX linear congruential generator: good enough to pick one of four moves.
        random = random
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let direction = Direction::ALL[(random >> 62) as usize];
        Torus.apply(&mut state, &direction);
    }
    state
}

/// Replays `solution` and checks that it is legal, reaches the goal and costs what it says; and
/// that the heuristic never overestimates the remaining cost along it.
fn check(solution: &Solution<Board, Direction, u32>) {
    let states = solution
        .states(&Torus)
        .expect("every action is a legal move");
    assert!(states.last().is_some_and(|state| Torus.is_goal(state)));
    assert_eq!(solution.cost as usize, solution.actions.len());
    for (index, state) in states.iter().enumerate() {
        let remaining = solution.cost - index as u32;
        let estimate = WrappedManhattan.estimate(&Torus, state);
        assert!(estimate <= remaining, "inadmissible at {state:?}");
        if let (Some(action), Some(next)) = (solution.actions.get(index), states.get(index + 1)) {
            let updated = WrappedManhattan.estimate_after(&Torus, next, action, estimate);
            assert_eq!(updated, WrappedManhattan.estimate(&Torus, next));
        }
    }
}

fn solved(
    outcome: Outcome<Board, Direction, u32>,
    algorithm: &str,
) -> Solution<Board, Direction, u32> {
    match outcome {
        Outcome::Solved(solution) => {
            check(&solution);
            solution
        }
        other => panic!("{algorithm} did not solve the instance: {other:?}"),
    }
}

fn main() {
    let handmade = Board::from_tiles([8, 1, 2, 3, 4, 5, 6, 7, 0]).expect("a permutation");
    let instances = [
        ("goal", Board::solved()),
        ("scramble of 12", scramble(12, 1)),
        ("scramble of 200", scramble(200, 2)),
        ("scramble of 1000", scramble(1000, 3)),
        ("8 1 2 / 3 4 5 / 6 7 _", handmade),
    ];
    for (name, start) in instances {
        let breadth = solved(bfs(&Torus, start).outcome, "bfs");
        let both_ways = solved(
            bidirectional_bfs(&Torus, start, Board::solved()).outcome,
            "bidirectional_bfs",
        );
        let guided = astar(&Torus, &WrappedManhattan, start);
        let deep = idastar(&Torus, &WrappedManhattan, start);
        let (guided_expanded, deep_expanded) =
            (guided.statistics.expanded, deep.statistics.expanded);
        let guided = solved(guided.outcome, "astar");
        let deep = solved(deep.outcome, "idastar");
        // Breadth-first search is the oracle: unit costs make its first solution optimal.
        assert_eq!(both_ways.cost, breadth.cost, "{name}");
        assert_eq!(guided.cost, breadth.cost, "{name}");
        assert_eq!(deep.cost, breadth.cost, "{name}");
        println!(
            "{name:>22}: {:>2} moves (h = {:>2}); A* expanded {guided_expanded}, IDA* {deep_expanded}; {:?}",
            breadth.cost,
            WrappedManhattan.estimate(&Torus, &start),
            guided.actions,
        );
    }
}
