//! Three problems a pathfinding user brings, each solved by search-core and by the `pathfinding`
//! crate in one run, with the same successors and the same heuristic: A* on a grid with
//! obstacles, IDA* and A* on the 2x2x2 pocket cube, BFS on water jugs. The explicit graphs of
//! issue 43 (road grids, many goals, Yen) are the `explicit` section, in `explicit.rs`.
//!
//! The domains are written once, as a `pathfinding` user would write them (a small state, a
//! function that lists its neighbours), and both libraries call the same code. search-core's
//! side comes twice on the cube: the plain way (a `Problem` with `apply` and `undo`, a heuristic
//! closure, nothing optional) and tuned (an `inverse`, action slots, the heuristic declared
//! consistent), the two ends of issue 34's first target. A* uses none of the tuned parts (they
//! serve depth-first search), so its two columns time the same search twice.

use std::collections::VecDeque;
use std::fmt::Write as _;
use std::time::Duration;

use puzzles::SplitMix64;
use search_core::{
    InPlace, Outcome, Problem, SearchResult, Successor, Successors, astar, bfs, heuristic_fn,
    idastar,
};

use super::{Summary, measure_in_turns, milliseconds, table_head};

/// The three problems, one table each, and their rows of the summary.
pub fn classics_section(report: &mut String, summary: &mut Summary, repetitions: usize) {
    grid_table(report, summary, repetitions);
    cube_tables(report, summary, repetitions);
    jugs_table(report, summary, repetitions);
}

/// The cost of a search-core result's solution, `None` when it found none.
fn cost<S, A>(result: &SearchResult<S, A, u32>) -> Option<u32> {
    match &result.outcome {
        Outcome::Solved(solution) => Some(solution.cost),
        Outcome::Unreachable | Outcome::LimitReached(_) => None,
    }
}

/// `pathfinding`'s time over ours: how many times as fast search-core is.
fn speed(ours: Duration, theirs: Duration) -> f64 {
    theirs.as_secs_f64() / ours.as_secs_f64()
}

// ---------------------------------------------------------------------------------------------
// A* on a grid

/// The grids' side, in cells.
const GRID_SIDE: u32 = 1000;
/// The share of cells blocked, in percent: well below the 40.7% at which the open cells stop
/// connecting the grid's sides (site percolation), so that the corners are joined by winding
/// paths.
const BLOCKED_PERCENT: u64 = 30;
/// The seeds of the grids searched.
const GRID_SEEDS: [u64; 3] = [1, 2, 3];

/// A square grid of open and blocked cells, searched 4-connected from the top-left corner to the
/// bottom-right one, each step costing one. States are cell indices, row-major.
struct Grid {
    open: Vec<bool>,
    goal: u32,
}

impl Grid {
    /// A grid with about [`BLOCKED_PERCENT`] of its cells blocked at random, the corners clear.
    fn random(seed: u64) -> Grid {
        let mut random = SplitMix64::new(seed);
        let cells = (GRID_SIDE * GRID_SIDE) as usize;
        let mut open: Vec<bool> = (0..cells)
            .map(|_| random.below(100) >= BLOCKED_PERCENT)
            .collect();
        // A corner walled in by chance would make an unreachable goal, which both sides prove
        // by exhausting the grid: not the benchmark meant. A clear 4x4 square in each corner
        // joins it to the open cells' giant cluster.
        for row in 0..4 {
            for column in 0..4 {
                open[(row * GRID_SIDE + column) as usize] = true;
                open[cells - 1 - (row * GRID_SIDE + column) as usize] = true;
            }
        }
        Grid {
            open,
            goal: (cells - 1) as u32,
        }
    }

    /// The open cells next to `cell`, up, left, right, down, each at cost one.
    fn neighbours(&self, cell: u32) -> impl Iterator<Item = u32> + '_ {
        let (row, column) = (cell / GRID_SIDE, cell % GRID_SIDE);
        [
            (row > 0).then(|| cell - GRID_SIDE),
            (column > 0).then(|| cell - 1),
            (column + 1 < GRID_SIDE).then(|| cell + 1),
            (row + 1 < GRID_SIDE).then(|| cell + GRID_SIDE),
        ]
        .into_iter()
        .flatten()
        .filter(|&next| self.open[next as usize])
    }

    /// The Manhattan distance from `cell` to the goal: consistent on a 4-connected grid.
    fn manhattan(&self, cell: u32) -> u32 {
        let (row, column) = (cell / GRID_SIDE, cell % GRID_SIDE);
        let (goal_row, goal_column) = (self.goal / GRID_SIDE, self.goal % GRID_SIDE);
        row.abs_diff(goal_row) + column.abs_diff(goal_column)
    }
}

impl Problem for Grid {
    type State = u32;
    /// The cell moved to.
    type Action = u32;
    type Cost = u32;

    fn is_goal(&self, cell: &u32) -> bool {
        *cell == self.goal
    }

    fn successors(&self, cell: &u32, out: &mut Successors<Self>) {
        out.extend(
            self.neighbours(*cell)
                .map(|next| Successor::unit(next, next)),
        );
    }
}

fn grid_table(report: &mut String, summary: &mut Summary, repetitions: usize) {
    let _ = writeln!(
        report,
        "## A* + Manhattan, {GRID_SIDE}x{GRID_SIDE} grids, {BLOCKED_PERCENT}% blocked, corner to corner (medians of {repetitions}, taking turns)\n"
    );
    table_head(
        report,
        &[
            "seed",
            "cost",
            "expanded",
            "search-core ms",
            "pathfinding ms",
            "search-core / pathfinding speed",
        ],
    );
    let mut totals = [Duration::ZERO; 2];
    for seed in GRID_SEEDS {
        let grid = Grid::random(seed);
        let manhattan = heuristic_fn(|cell: &u32| grid.manhattan(*cell)).declare_consistent();
        let (mut ours, mut theirs) = (None, None);
        let times = measure_in_turns(
            repetitions,
            &mut [
                &mut || ours = Some(astar(&grid, &manhattan, 0)),
                &mut || {
                    theirs = Some(pathfinding::prelude::astar(
                        &0,
                        |&cell| grid.neighbours(cell).map(|next| (next, 1)),
                        |&cell| grid.manhattan(cell),
                        |&cell| cell == grid.goal,
                    ))
                },
            ],
        );
        let ours = ours.expect("measured");
        let theirs = theirs.expect("measured").map(|(_, cost)| cost);
        assert_eq!(cost(&ours), theirs, "both A* are optimal, grid {seed}");
        let length = theirs.expect("the grids' corners are connected");
        totals[0] += times[0];
        totals[1] += times[1];
        let _ = writeln!(
            report,
            "| {seed} | {length} | {} | {} | {} | {:.2}x |",
            ours.statistics.expanded,
            milliseconds(times[0]),
            milliseconds(times[1]),
            speed(times[0], times[1]),
        );
    }
    let _ = writeln!(
        report,
        "| **total** | | | {} | {} | **{:.2}x** |\n",
        milliseconds(totals[0]),
        milliseconds(totals[1]),
        speed(totals[0], totals[1]),
    );
    summary.add(
        "classics",
        format!(
            "A* + Manhattan, {} random {GRID_SIDE}x{GRID_SIDE} grids, total time",
            GRID_SEEDS.len()
        ),
        format!("{} ms", milliseconds(totals[0])),
        format!("pathfinding::astar, {} ms", milliseconds(totals[1])),
        format!("{:.2}x its speed", speed(totals[0], totals[1])),
    );
}

// ---------------------------------------------------------------------------------------------
// The pocket cube

/// The 2x2x2 cube's eight corner positions, in Kociemba's order: URF, UFL, ULB, UBR, DFR, DLF,
/// DBL, DRB. The turns of U, R and F leave DBL in place, which fixes the cube's orientation in
/// space: 3,674,160 states, every one within 11 turns (half turns counting one).
const CORNERS: usize = 8;

/// A quarter turn clockwise, as Kociemba's cubie tables write it: the corner that lands on
/// position `i` comes from position `from[i]`, twisted by `twist[i]`.
struct QuarterTurn {
    from: [usize; CORNERS],
    twist: [u8; CORNERS],
}

/// U, R and F.
const QUARTER_TURNS: [QuarterTurn; 3] = [
    QuarterTurn {
        from: [3, 0, 1, 2, 4, 5, 6, 7],
        twist: [0; CORNERS],
    },
    QuarterTurn {
        from: [4, 1, 2, 0, 7, 5, 6, 3],
        twist: [2, 0, 0, 1, 1, 0, 0, 2],
    },
    QuarterTurn {
        from: [1, 5, 2, 3, 0, 4, 6, 7],
        twist: [1, 2, 0, 0, 2, 1, 0, 0],
    },
];

/// A turn: face `turn / 3` (U, R, F) by `turn % 3 + 1` quarter turns (U, U2, U', R, ...).
type Turn = u8;
const TURNS: u8 = 9;

/// A pocket cube: what stands on each corner position, as `3 * corner + twist`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct Cube([u8; CORNERS]);

/// The nine turns, made once from the quarter turns: the corner that lands on position `i`
/// comes from position `from[i]`, twisted by `twist[i]`.
struct TurnTable {
    from: [[u8; CORNERS]; TURNS as usize],
    twist: [[u8; CORNERS]; TURNS as usize],
}

impl TurnTable {
    fn new() -> TurnTable {
        let mut table = TurnTable {
            from: [[0; CORNERS]; TURNS as usize],
            twist: [[0; CORNERS]; TURNS as usize],
        };
        for (face, quarter) in QUARTER_TURNS.iter().enumerate() {
            // Turn k + 1 is turn k followed by one quarter turn.
            let (mut from, mut twist) = (std::array::from_fn(|i| i), [0u8; CORNERS]);
            for power in 0..3 {
                (from, twist) = (
                    std::array::from_fn(|i| from[quarter.from[i]]),
                    std::array::from_fn(|i| (twist[quarter.from[i]] + quarter.twist[i]) % 3),
                );
                let turn = face * 3 + power;
                table.from[turn] = from.map(|position| position as u8);
                table.twist[turn] = twist;
            }
        }
        table
    }
}

impl Cube {
    const SOLVED: Cube = Cube([0, 3, 6, 9, 12, 15, 18, 21]);

    fn turned(self, turns: &TurnTable, turn: Turn) -> Cube {
        let (from, twist) = (&turns.from[turn as usize], &turns.twist[turn as usize]);
        Cube(std::array::from_fn(|i| {
            let standing = self.0[usize::from(from[i])];
            standing - standing % 3 + (standing % 3 + twist[i]) % 3
        }))
    }

    /// The turn that undoes `turn`: the same face, the other way round (a half turn undoes
    /// itself).
    fn inverse(turn: Turn) -> Turn {
        turn - turn % 3 + (2 - turn % 3)
    }

    /// The corners' arrangement, ranked in 0..8! (Lehmer code).
    fn permutation_rank(self) -> usize {
        let mut rank = 0;
        for i in 0..CORNERS {
            let smaller_after = self.0[i + 1..]
                .iter()
                .filter(|&&later| later / 3 < self.0[i] / 3)
                .count();
            rank = rank * (CORNERS - i) + smaller_after;
        }
        rank
    }

    /// The corners' twists, ranked in 0..3^8.
    fn twist_rank(self) -> usize {
        (self.0.iter()).fold(0, |rank, &standing| rank * 3 + usize::from(standing % 3))
    }

    /// The same cube with every corner untwisted: what the permutation table looks at.
    fn untwisted(self) -> Cube {
        Cube(self.0.map(|standing| standing - standing % 3))
    }

    /// The same cube with every corner's twist kept and the corners put back in place: what the
    /// twist table looks at.
    fn unmoved(self) -> Cube {
        Cube(std::array::from_fn(|i| 3 * i as u8 + self.0[i] % 3))
    }

    /// A cube scrambled by `length` random turns, never two of one face in a row.
    fn scrambled(turns: &TurnTable, seed: u64, length: usize) -> Cube {
        let mut random = SplitMix64::new(seed);
        let (mut cube, mut last_face) = (Cube::SOLVED, None);
        for _ in 0..length {
            let turn = loop {
                let turn = random.below(u64::from(TURNS)) as Turn;
                if last_face != Some(turn / 3) {
                    break turn;
                }
            };
            last_face = Some(turn / 3);
            cube = cube.turned(turns, turn);
        }
        cube
    }
}

/// The heuristic: the larger of two pattern tables built by BFS, the turns to solve the corners'
/// arrangement alone (8! entries, 5,040 reachable) and their twists alone (3^8, 729
/// reachable). Each is a distance in an abstraction of the cube, so the maximum is admissible
/// and consistent.
struct CubeTables {
    turns: TurnTable,
    permutation: Vec<u8>,
    twist: Vec<u8>,
}

impl CubeTables {
    fn new() -> CubeTables {
        let turns = TurnTable::new();
        let permutation = Self::distances(&turns, 40_320, Cube::untwisted, Cube::permutation_rank);
        let twist = Self::distances(&turns, 6_561, Cube::unmoved, Cube::twist_rank);
        CubeTables {
            turns,
            permutation,
            twist,
        }
    }

    /// Every abstract state's distance from the solved cube's, by BFS over `abstracted` cubes.
    fn distances(
        turns: &TurnTable,
        size: usize,
        abstracted: fn(Cube) -> Cube,
        rank: fn(Cube) -> usize,
    ) -> Vec<u8> {
        let mut distance = vec![u8::MAX; size];
        distance[rank(Cube::SOLVED)] = 0;
        let mut queue = VecDeque::from([Cube::SOLVED]);
        while let Some(cube) = queue.pop_front() {
            let next_distance = distance[rank(cube)] + 1;
            for turn in 0..TURNS {
                let next = abstracted(cube.turned(turns, turn));
                let entry = &mut distance[rank(next)];
                if *entry == u8::MAX {
                    *entry = next_distance;
                    queue.push_back(next);
                }
            }
        }
        distance
    }

    fn estimate(&self, cube: &Cube) -> u32 {
        let permutation = self.permutation[cube.permutation_rank()];
        let twist = self.twist[cube.twist_rank()];
        u32::from(permutation.max(twist))
    }

    /// The cubes one turn away, as `pathfinding` takes them.
    fn neighbours(&self, cube: &Cube) -> impl Iterator<Item = (Cube, u32)> + use<'_> {
        let cube = *cube;
        (0..TURNS).map(move |turn| (cube.turned(&self.turns, turn), 1))
    }
}

/// The pocket cube for search-core, with its optional parts switched on or off: `TUNED`
/// declares each turn's [`inverse`](Problem::inverse) and gives [action
/// slots](InPlace::action_in_slot), one per turn. Without them it is the plainest problem: goal
/// test, successors, apply and undo.
struct Pocket<'tables, const TUNED: bool>(&'tables CubeTables);

impl<const TUNED: bool> Problem for Pocket<'_, TUNED> {
    type State = Cube;
    type Action = Turn;
    type Cost = u32;

    fn is_goal(&self, cube: &Cube) -> bool {
        *cube == Cube::SOLVED
    }

    fn successors(&self, cube: &Cube, out: &mut Successors<Self>) {
        for turn in 0..TURNS {
            out.push(Successor::unit(cube.turned(&self.0.turns, turn), turn));
        }
    }

    fn inverse(&self, turn: &Turn) -> Option<Turn> {
        TUNED.then(|| Cube::inverse(*turn))
    }
}

impl<const TUNED: bool> InPlace for Pocket<'_, TUNED> {
    const ACTION_SLOTS: usize = if TUNED { TURNS as usize } else { 0 };

    fn action_in_slot(&self, _: &Cube, slot: usize) -> Option<(Turn, u32)> {
        Some((slot as Turn, 1))
    }

    fn apply(&self, cube: &mut Cube, turn: &Turn) {
        *cube = cube.turned(&self.0.turns, *turn);
    }

    fn undo(&self, cube: &mut Cube, turn: &Turn) {
        *cube = cube.turned(&self.0.turns, Cube::inverse(*turn));
    }
}

/// The scrambles' seeds, and their length in random turns (more than enough to reach the
/// cube's far side, 11 turns).
const CUBE_SEEDS: std::ops::RangeInclusive<u64> = 1..=16;
const SCRAMBLE: usize = 25;

fn cube_tables(report: &mut String, summary: &mut Summary, repetitions: usize) {
    // Many searches take a few milliseconds, where one preemption by another process (a 4 ms
    // scheduler tick) would decide a median of five: more runs cost little and steady them.
    let repetitions = repetitions * 3;
    let tables = CubeTables::new();
    let scrambles: Vec<Cube> = CUBE_SEEDS
        .map(|seed| Cube::scrambled(&tables.turns, seed, SCRAMBLE))
        .collect();
    let plain_heuristic = heuristic_fn(|cube: &Cube| tables.estimate(cube));
    let tuned_heuristic = heuristic_fn(|cube: &Cube| tables.estimate(cube)).declare_consistent();
    let (plain, tuned) = (Pocket::<false>(&tables), Pocket::<true>(&tables));
    for algorithm in ["IDA*", "A*"] {
        let _ = writeln!(
            report,
            "## {algorithm}, 2x2x2 pocket cube, {SCRAMBLE}-turn scrambles, max of two pattern tables (medians of {repetitions}, taking turns)\n"
        );
        table_head(
            report,
            &[
                "seed",
                "length",
                "plain ms",
                "tuned ms",
                "pathfinding ms",
                "plain / pathfinding speed",
                "tuned / pathfinding speed",
            ],
        );
        let mut totals = [Duration::ZERO; 3];
        for (seed, &start) in CUBE_SEEDS.zip(&scrambles) {
            let mut costs = [None; 3];
            let [plain_cost, tuned_cost, pathfinding_cost] = &mut costs;
            let estimate = |cube: &Cube| tables.estimate(cube);
            let solved = |cube: &Cube| *cube == Cube::SOLVED;
            let times = if algorithm == "IDA*" {
                measure_in_turns(
                    repetitions,
                    &mut [
                        &mut || *plain_cost = cost(&idastar(&plain, &plain_heuristic, start)),
                        &mut || *tuned_cost = cost(&idastar(&tuned, &tuned_heuristic, start)),
                        &mut || {
                            *pathfinding_cost = pathfinding::prelude::idastar(
                                &start,
                                |cube| tables.neighbours(cube),
                                estimate,
                                solved,
                            )
                            .map(|(_, cost)| cost)
                        },
                    ],
                )
            } else {
                measure_in_turns(
                    repetitions,
                    &mut [
                        &mut || *plain_cost = cost(&astar(&plain, &plain_heuristic, start)),
                        &mut || *tuned_cost = cost(&astar(&tuned, &tuned_heuristic, start)),
                        &mut || {
                            *pathfinding_cost = pathfinding::prelude::astar(
                                &start,
                                |cube| tables.neighbours(cube),
                                estimate,
                                solved,
                            )
                            .map(|(_, cost)| cost)
                        },
                    ],
                )
            };
            assert_eq!(
                [costs[0], costs[1]],
                [costs[2]; 2],
                "every {algorithm} is optimal, scramble {seed}"
            );
            let length = costs[2].expect("every cube is solvable");
            for (total, time) in totals.iter_mut().zip(&times) {
                *total += *time;
            }
            let _ = writeln!(
                report,
                "| {seed} | {length} | {} | {} | {} | {:.2}x | {:.2}x |",
                milliseconds(times[0]),
                milliseconds(times[1]),
                milliseconds(times[2]),
                speed(times[0], times[2]),
                speed(times[1], times[2]),
            );
        }
        let _ = writeln!(
            report,
            "| **total** | | {} | {} | {} | **{:.2}x** | **{:.2}x** |\n",
            milliseconds(totals[0]),
            milliseconds(totals[1]),
            milliseconds(totals[2]),
            speed(totals[0], totals[2]),
            speed(totals[1], totals[2]),
        );
        let anchor = if algorithm == "IDA*" {
            "pathfinding::idastar"
        } else {
            "pathfinding::astar"
        };
        let what = format!(
            "{algorithm}, pocket cube, {} scrambles, total time",
            scrambles.len()
        );
        let targets = if algorithm == "IDA*" {
            [" (target: at least 1x)", " (target: at least 3x)"]
        } else {
            ["", ""]
        };
        for (way, index, target) in [("plain", 0, targets[0]), ("tuned", 1, targets[1])] {
            summary.add(
                "classics",
                format!("{what}, {way}"),
                format!("{} ms", milliseconds(totals[index])),
                format!("{anchor}, {} ms{target}", milliseconds(totals[2])),
                format!("{:.2}x its speed", speed(totals[index], totals[2])),
            );
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Water jugs

/// The most jugs an instance has.
const MOST_JUGS: usize = 4;

/// Jugs of given capacities, each empty, filled to the brim, emptied, or poured into another
/// until one is empty or the other full; the goal is a jug holding `target`. Unused jugs have
/// capacity zero.
struct Jugs {
    capacities: [u16; MOST_JUGS],
    target: u16,
}

/// What each jug holds.
type Contents = [u16; MOST_JUGS];

/// Fill jug `i`, empty it, or pour it into jug `j`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pour {
    Fill(u8),
    Empty(u8),
    Into(u8, u8),
}

impl Jugs {
    fn jugs(&self) -> usize {
        self.capacities
            .iter()
            .filter(|&&capacity| capacity > 0)
            .count()
    }

    /// The contents one move away from `contents`, and the move, in one order for both sides.
    fn moves(&self, contents: &Contents) -> impl Iterator<Item = (Contents, Pour)> + use<'_> {
        let contents = *contents;
        let jugs = self.jugs();
        let fills = (0..jugs)
            .filter(move |&i| contents[i] < self.capacities[i])
            .map(move |i| {
                let mut next = contents;
                next[i] = self.capacities[i];
                (next, Pour::Fill(i as u8))
            });
        let empties = (0..jugs).filter(move |&i| contents[i] > 0).map(move |i| {
            let mut next = contents;
            next[i] = 0;
            (next, Pour::Empty(i as u8))
        });
        let pours = (0..jugs)
            .flat_map(move |i| (0..jugs).map(move |j| (i, j)))
            .filter_map(move |(i, j)| {
                let poured = contents[i].min(self.capacities[j] - contents[j]);
                (i != j && poured > 0).then(|| {
                    let mut next = contents;
                    next[i] -= poured;
                    next[j] += poured;
                    (next, Pour::Into(i as u8, j as u8))
                })
            });
        fills.chain(empties).chain(pours)
    }

    fn reached(&self, contents: &Contents) -> bool {
        contents.contains(&self.target)
    }
}

impl Problem for Jugs {
    type State = Contents;
    type Action = Pour;
    type Cost = u32;

    fn is_goal(&self, contents: &Contents) -> bool {
        self.reached(contents)
    }

    fn successors(&self, contents: &Contents, out: &mut Successors<Self>) {
        out.extend(
            self.moves(contents)
                .map(|(next, pour)| Successor::unit(next, pour)),
        );
    }
}

/// The instances: the classic 3-5-8 puzzle, then jugs of a few hundred litres, with a few
/// hundred thousand reachable contents, each target among the last amounts to appear (30 to
/// 60 moves deep: a breadth-first search of most of the space).
const JUG_INSTANCES: [([u16; MOST_JUGS], u16); 5] = [
    ([3, 5, 8, 0], 4),
    ([101, 211, 307, 0], 241),
    ([127, 251, 383, 0], 317),
    ([199, 307, 401, 0], 317),
    ([17, 29, 53, 97], 57),
];

fn jugs_table(report: &mut String, summary: &mut Summary, repetitions: usize) {
    let _ = writeln!(
        report,
        "## BFS, water jugs, empty to a jug holding the target (medians of {repetitions}, taking turns)\n"
    );
    table_head(
        report,
        &[
            "capacities",
            "target",
            "moves",
            "expanded",
            "search-core ms",
            "pathfinding ms",
            "search-core / pathfinding speed",
        ],
    );
    let mut totals = [Duration::ZERO; 2];
    for (capacities, target) in JUG_INSTANCES {
        let jugs = Jugs { capacities, target };
        let start = [0; MOST_JUGS];
        let (mut ours, mut theirs) = (None, None);
        let times = measure_in_turns(
            repetitions,
            &mut [&mut || ours = Some(bfs(&jugs, start)), &mut || {
                theirs = Some(pathfinding::prelude::bfs(
                    &start,
                    |contents| jugs.moves(contents).map(|(next, _)| next),
                    |contents| jugs.reached(contents),
                ))
            }],
        );
        let ours = ours.expect("measured");
        let theirs = theirs.expect("measured").map(|path| path.len() as u32 - 1);
        let listed: Vec<String> = capacities[..jugs.jugs()]
            .iter()
            .map(u16::to_string)
            .collect();
        assert_eq!(
            cost(&ours),
            theirs,
            "both BFS are optimal, jugs {listed:?} to {target}"
        );
        let moves = theirs.expect("the targets are reachable");
        totals[0] += times[0];
        totals[1] += times[1];
        let _ = writeln!(
            report,
            "| {} | {target} | {moves} | {} | {} | {} | {:.2}x |",
            listed.join("-"),
            ours.statistics.expanded,
            milliseconds(times[0]),
            milliseconds(times[1]),
            speed(times[0], times[1]),
        );
    }
    let _ = writeln!(
        report,
        "| **total** | | | | {} | {} | **{:.2}x** |\n",
        milliseconds(totals[0]),
        milliseconds(totals[1]),
        speed(totals[0], totals[1]),
    );
    summary.add(
        "classics",
        format!(
            "BFS, water jugs, {} instances, total time",
            JUG_INSTANCES.len()
        ),
        format!("{} ms", milliseconds(totals[0])),
        format!("pathfinding::bfs, {} ms", milliseconds(totals[1])),
        format!("{:.2}x its speed", speed(totals[0], totals[1])),
    );
}
