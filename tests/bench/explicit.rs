//! Explicit graphs, the home ground of `pathfinding` (issue 43, item 1): Dijkstra and A* on a
//! road grid with `f64` costs, BFS to the nearest of many goals on a large grid, and Yen's k
//! shortest paths on random digraphs. Both libraries call the same neighbour function in one
//! process, taking turns; each pair must agree on the costs. The ratio is search-core's time
//! over pathfinding's: at most 1.0 is the target.

use std::fmt::Write as _;
use std::ops::ControlFlow;
use std::time::Duration;

use pathfinding::num_traits::Zero;
use puzzles::SplitMix64;
use search_core::{
    FloatCost, Problem, Successor, Successors, astar, bfs, dijkstra, heuristic_fn, yen,
};

use super::{Summary, measure_in_turns, milliseconds, table_head};

pub fn explicit_section(report: &mut String, summary: &mut Summary, repetitions: usize) {
    roads_table(report, summary, repetitions);
    goals_table(report, summary, repetitions);
    yen_table(report, summary, repetitions);
}

/// search-core's time over pathfinding's.
fn ratio(ours: Duration, theirs: Duration) -> f64 {
    ours.as_secs_f64() / theirs.as_secs_f64()
}

/// An `f64` ordered by `total_cmp`, as a pathfinding user writes one (or takes
/// `ordered_float`'s) to give pathfinding a float cost.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Float(f64);

impl Eq for Float {}

impl PartialOrd for Float {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Float {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.0.total_cmp(&other.0)
    }
}

impl std::ops::Add for Float {
    type Output = Float;

    fn add(self, other: Float) -> Float {
        Float(self.0 + other.0)
    }
}

impl Zero for Float {
    fn zero() -> Float {
        Float(0.0)
    }

    fn is_zero(&self) -> bool {
        self.0 == 0.0
    }
}

/// Whether two float path costs are equal up to the rounding of sums taken in other orders.
fn close(ours: Option<f64>, theirs: Option<f64>) -> bool {
    match (ours, theirs) {
        (Some(ours), Some(theirs)) => (ours - theirs).abs() <= 1e-9 * theirs.max(1.0),
        (None, None) => true,
        _ => false,
    }
}

// ---------------------------------------------------------------------------------------------
// Dijkstra and A* on a road grid

const ROAD_SIDE: u32 = 300;
const ROAD_SEEDS: [u64; 3] = [1, 2, 3];

/// A 4-connected grid whose cells each cost between 1 and 10 to enter, as a road map's travel
/// times do; from the top-left corner to the bottom-right one.
struct Roads {
    cost: Vec<f64>,
    goal: u32,
}

impl Roads {
    fn random(seed: u64) -> Roads {
        let mut random = SplitMix64::new(seed);
        let cells = (ROAD_SIDE * ROAD_SIDE) as usize;
        let cost = (0..cells)
            .map(|_| 1.0 + random.below(900) as f64 / 100.0)
            .collect();
        Roads {
            cost,
            goal: (cells - 1) as u32,
        }
    }

    fn neighbours(&self, cell: u32) -> impl Iterator<Item = (u32, f64)> + '_ {
        let (row, column) = (cell / ROAD_SIDE, cell % ROAD_SIDE);
        [
            (row > 0).then(|| cell - ROAD_SIDE),
            (column > 0).then(|| cell - 1),
            (column + 1 < ROAD_SIDE).then(|| cell + 1),
            (row + 1 < ROAD_SIDE).then(|| cell + ROAD_SIDE),
        ]
        .into_iter()
        .flatten()
        .map(|next| (next, self.cost[next as usize]))
    }

    /// The moves out of `cell`, each named by the cell it enters.
    fn moves(&self, cell: u32) -> impl Iterator<Item = Successor<u32, u32, FloatCost>> + '_ {
        (self.neighbours(cell)).map(|(next, cost)| Successor::new(next, next, FloatCost::of(cost)))
    }

    /// The Manhattan distance times the cheapest cell: admissible and consistent.
    fn estimate(&self, cell: u32) -> f64 {
        let (row, column) = (cell / ROAD_SIDE, cell % ROAD_SIDE);
        let (goal_row, goal_column) = (self.goal / ROAD_SIDE, self.goal % ROAD_SIDE);
        f64::from(row.abs_diff(goal_row) + column.abs_diff(goal_column))
    }
}

impl Problem for Roads {
    type State = u32;
    type Action = u32;
    type Cost = FloatCost;

    fn is_goal(&self, cell: &u32) -> bool {
        *cell == self.goal
    }

    fn successors(&self, cell: &u32, out: &mut Successors<Self>) {
        out.extend(self.moves(*cell));
    }

    // Made one at a time, as pathfinding's closures make them: each handled as it is made.
    const VISITS_SUCCESSORS: bool = true;

    fn visit_successors<B>(
        &self,
        cell: &u32,
        mut visit: impl FnMut(Successor<u32, u32, FloatCost>) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        for successor in self.moves(*cell) {
            visit(successor)?;
        }
        ControlFlow::Continue(())
    }
}

fn roads_table(report: &mut String, summary: &mut Summary, repetitions: usize) {
    let _ = writeln!(
        report,
        "## Dijkstra and A*, {ROAD_SIDE}x{ROAD_SIDE} road grids, f64 costs 1-10, corner to corner (medians of {repetitions}, taking turns)\n"
    );
    table_head(
        report,
        &[
            "algorithm",
            "seed",
            "expanded",
            "search-core ms",
            "pathfinding ms",
            "search-core / pathfinding time",
        ],
    );
    for informed in [false, true] {
        let name = if informed { "A*" } else { "Dijkstra" };
        let mut totals = [Duration::ZERO; 2];
        for seed in ROAD_SEEDS {
            let roads = Roads::random(seed);
            let estimate = heuristic_fn(|cell: &u32| FloatCost::of(roads.estimate(*cell)))
                .declare_consistent();
            let (mut ours, mut theirs) = (None, None);
            let times = measure_in_turns(
                repetitions,
                &mut [
                    &mut || {
                        ours = Some(if informed {
                            astar(&roads, &estimate, 0)
                        } else {
                            dijkstra(&roads, 0)
                        })
                    },
                    &mut || {
                        let successors = |&cell: &u32| {
                            roads
                                .neighbours(cell)
                                .map(|(next, cost)| (next, Float(cost)))
                        };
                        let success = |&cell: &u32| cell == roads.goal;
                        theirs = Some(if informed {
                            pathfinding::prelude::astar(
                                &0,
                                successors,
                                |&cell| Float(roads.estimate(cell)),
                                success,
                            )
                        } else {
                            pathfinding::prelude::dijkstra(&0, successors, success)
                        })
                    },
                ],
            );
            let ours = ours.expect("measured");
            let theirs = theirs.expect("measured").map(|(_, cost)| cost.0);
            let our_cost = ours.solution().map(|solution| solution.cost.get());
            assert!(
                close(our_cost, theirs),
                "{name}, roads {seed}: {our_cost:?} against {theirs:?}"
            );
            totals[0] += times[0];
            totals[1] += times[1];
            let _ = writeln!(
                report,
                "| {name} | {seed} | {} | {} | {} | {:.2} |",
                ours.statistics.expanded,
                milliseconds(times[0]),
                milliseconds(times[1]),
                ratio(times[0], times[1]),
            );
        }
        let _ = writeln!(
            report,
            "| **{name}, total** | | | {} | {} | **{:.2}** |",
            milliseconds(totals[0]),
            milliseconds(totals[1]),
            ratio(totals[0], totals[1]),
        );
        summary.add(
            "explicit",
            format!(
                "{name}, {} road grids {ROAD_SIDE}x{ROAD_SIDE}, f64 costs, total time",
                ROAD_SEEDS.len()
            ),
            format!("{} ms", milliseconds(totals[0])),
            format!("pathfinding, {} ms", milliseconds(totals[1])),
            format!("{:.2} of its time", ratio(totals[0], totals[1])),
        );
    }
    report.push('\n');
}

// ---------------------------------------------------------------------------------------------
// BFS to the nearest of many goals

const OPEN_SIDE: u32 = 1000;
const GOALS: usize = 50;
const GOAL_SEEDS: [u64; 3] = [1, 2, 3];

/// A 1000x1000 grid, 30% of it blocked, with 50 goal cells scattered at random; searched from
/// the centre to the nearest goal.
struct Scattered {
    open: Vec<bool>,
    goal: Vec<bool>,
}

impl Scattered {
    fn random(seed: u64) -> Scattered {
        let mut random = SplitMix64::new(seed);
        let cells = (OPEN_SIDE * OPEN_SIDE) as usize;
        let mut open: Vec<bool> = (0..cells).map(|_| random.below(100) >= 30).collect();
        open[Scattered::centre() as usize] = true;
        let mut goal = vec![false; cells];
        for _ in 0..GOALS {
            let cell = random.below(cells as u64) as usize;
            open[cell] = true;
            goal[cell] = true;
        }
        Scattered { open, goal }
    }

    fn centre() -> u32 {
        OPEN_SIDE / 2 * OPEN_SIDE + OPEN_SIDE / 2
    }

    /// The moves out of `cell`, each named by the cell it enters.
    fn moves(&self, cell: u32) -> impl Iterator<Item = Successor<u32, u32, u32>> + '_ {
        self.neighbours(cell)
            .map(|next| Successor::unit(next, next))
    }

    fn neighbours(&self, cell: u32) -> impl Iterator<Item = u32> + '_ {
        let (row, column) = (cell / OPEN_SIDE, cell % OPEN_SIDE);
        [
            (row > 0).then(|| cell - OPEN_SIDE),
            (column > 0).then(|| cell - 1),
            (column + 1 < OPEN_SIDE).then(|| cell + 1),
            (row + 1 < OPEN_SIDE).then(|| cell + OPEN_SIDE),
        ]
        .into_iter()
        .flatten()
        .filter(|&next| self.open[next as usize])
    }
}

impl Problem for Scattered {
    type State = u32;
    type Action = u32;
    type Cost = u32;

    fn is_goal(&self, cell: &u32) -> bool {
        self.goal[*cell as usize]
    }

    fn successors(&self, cell: &u32, out: &mut Successors<Self>) {
        out.extend(self.moves(*cell));
    }

    const VISITS_SUCCESSORS: bool = true;

    fn visit_successors<B>(
        &self,
        cell: &u32,
        mut visit: impl FnMut(Successor<u32, u32, u32>) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        for successor in self.moves(*cell) {
            visit(successor)?;
        }
        ControlFlow::Continue(())
    }
}

fn goals_table(report: &mut String, summary: &mut Summary, repetitions: usize) {
    let _ = writeln!(
        report,
        "## BFS, {OPEN_SIDE}x{OPEN_SIDE} grids 30% blocked, centre to the nearest of {GOALS} goals (medians of {repetitions}, taking turns)\n"
    );
    table_head(
        report,
        &[
            "seed",
            "moves",
            "expanded",
            "search-core ms",
            "pathfinding ms",
            "search-core / pathfinding time",
        ],
    );
    let mut totals = [Duration::ZERO; 2];
    for seed in GOAL_SEEDS {
        let grid = Scattered::random(seed);
        let (mut ours, mut theirs) = (None, None);
        let times = measure_in_turns(
            repetitions,
            &mut [
                &mut || ours = Some(bfs(&grid, Scattered::centre())),
                &mut || {
                    theirs = Some(pathfinding::prelude::bfs(
                        &Scattered::centre(),
                        |&cell| grid.neighbours(cell),
                        |&cell| grid.goal[cell as usize],
                    ))
                },
            ],
        );
        let ours = ours.expect("measured");
        let theirs = theirs.expect("measured").map(|path| path.len() as u32 - 1);
        assert_eq!(
            ours.solution().map(|solution| solution.cost),
            theirs,
            "goals {seed}"
        );
        totals[0] += times[0];
        totals[1] += times[1];
        let _ = writeln!(
            report,
            "| {seed} | {} | {} | {} | {} | {:.2} |",
            theirs.map_or("none".to_string(), |moves| moves.to_string()),
            ours.statistics.expanded,
            milliseconds(times[0]),
            milliseconds(times[1]),
            ratio(times[0], times[1]),
        );
    }
    let _ = writeln!(
        report,
        "| **total** | | | {} | {} | **{:.2}** |\n",
        milliseconds(totals[0]),
        milliseconds(totals[1]),
        ratio(totals[0], totals[1]),
    );
    summary.add(
        "explicit",
        format!(
            "BFS to the nearest of {GOALS} goals, {} grids {OPEN_SIDE}x{OPEN_SIDE}, total time",
            GOAL_SEEDS.len()
        ),
        format!("{} ms", milliseconds(totals[0])),
        format!("pathfinding::bfs, {} ms", milliseconds(totals[1])),
        format!("{:.2} of its time", ratio(totals[0], totals[1])),
    );
}

// ---------------------------------------------------------------------------------------------
// Yen's k shortest paths on random digraphs

/// A random digraph: `nodes` nodes, each with `degree` arcs to distinct random others, costs 1
/// to 100; from node 0 to the last node. No parallel arcs: with them, pathfinding 4.16's `yen`
/// misses paths (on 30 nodes, k = 10, it skipped a path of cost 113 that search-core and a
/// brute-force enumeration of the simple paths find).
struct Digraph {
    arcs: Vec<Vec<(u32, u32)>>,
    goal: u32,
}

impl Digraph {
    fn random(seed: u64, nodes: u32, degree: u32) -> Digraph {
        let mut random = SplitMix64::new(seed);
        let arcs = (0..nodes)
            .map(|node| {
                let mut arcs: Vec<(u32, u32)> = Vec::new();
                while arcs.len() < degree as usize {
                    let next = (node + 1 + random.below(u64::from(nodes - 1)) as u32) % nodes;
                    if arcs.iter().all(|&(known, _)| known != next) {
                        arcs.push((next, 1 + random.below(100) as u32));
                    }
                }
                arcs
            })
            .collect();
        Digraph {
            arcs,
            goal: nodes - 1,
        }
    }
}

impl Problem for Digraph {
    type State = u32;
    type Action = u32;
    type Cost = u32;

    fn is_goal(&self, node: &u32) -> bool {
        *node == self.goal
    }

    fn successors(&self, node: &u32, out: &mut Successors<Self>) {
        out.extend(self.moves(*node));
    }

    const VISITS_SUCCESSORS: bool = true;

    fn visit_successors<B>(
        &self,
        node: &u32,
        mut visit: impl FnMut(Successor<u32, u32, u32>) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        for successor in self.moves(*node) {
            visit(successor)?;
        }
        ControlFlow::Continue(())
    }
}

impl Digraph {
    /// The arcs out of `node`, each named by the node it enters.
    fn moves(&self, node: u32) -> impl Iterator<Item = Successor<u32, u32, u32>> + '_ {
        (self.arcs[node as usize].iter()).map(|&(next, cost)| Successor::new(next, next, cost))
    }
}

fn yen_table(report: &mut String, summary: &mut Summary, repetitions: usize) {
    let _ = writeln!(
        report,
        "## Yen's k shortest loopless paths, random digraphs, out-degree 4, costs 1-100 (medians of {repetitions}, taking turns)\n"
    );
    table_head(
        report,
        &[
            "nodes",
            "k",
            "same costs",
            "search-core ms",
            "pathfinding ms",
            "search-core / pathfinding time",
        ],
    );
    for (nodes, k) in [(30, 10), (30, 50), (2_000, 10), (2_000, 50)] {
        let graph = Digraph::random(u64::from(nodes) + k as u64, nodes, 4);
        let (mut ours, mut theirs) = (None, None);
        let times = measure_in_turns(
            repetitions,
            &mut [&mut || ours = Some(yen(&graph, 0, k)), &mut || {
                theirs = Some(pathfinding::prelude::yen(
                    &0,
                    |&node: &u32| graph.arcs[node as usize].iter().copied(),
                    |&node| node == graph.goal,
                    k,
                ))
            }],
        );
        let ours = ours.expect("measured").solutions;
        // Our paths are checked here (loopless, distinct, at their cost: the engine's tests
        // hold them against brute force); pathfinding's must be no cheaper, path for path.
        let mut seen = std::collections::HashSet::new();
        for solution in &ours {
            let mut path = vec![solution.start];
            let mut cost = 0;
            for &next in &solution.actions {
                let from = *path.last().expect("a path has a start");
                let arc = graph.arcs[from as usize]
                    .iter()
                    .find(|&&(to, _)| to == next);
                cost += arc.expect("a path follows arcs").1;
                path.push(next);
            }
            assert_eq!(cost, solution.cost, "yen, {path:?}");
            assert_eq!(path.last(), Some(&graph.goal));
            let distinct: std::collections::HashSet<u32> = path.iter().copied().collect();
            assert_eq!(distinct.len(), path.len(), "a loop in {path:?}");
            assert!(seen.insert(path), "a path given twice");
        }
        let ours: Vec<u32> = ours.iter().map(|solution| solution.cost).collect();
        let theirs: Vec<u32> = theirs
            .expect("measured")
            .iter()
            .map(|(_, cost)| *cost)
            .collect();
        assert_eq!(ours.len(), theirs.len(), "yen, {nodes} nodes, k = {k}");
        assert!(
            ours.iter()
                .zip(&theirs)
                .all(|(ours, theirs)| ours <= theirs),
            "yen, {nodes} nodes, k = {k}: {ours:?} against {theirs:?}"
        );
        let agree = match ours
            .iter()
            .zip(&theirs)
            .position(|(ours, theirs)| ours != theirs)
        {
            None => "yes".to_string(),
            Some(first) => format!(
                "no: path {} costs {} here, {} there",
                first + 1,
                ours[first],
                theirs[first]
            ),
        };
        let _ = writeln!(
            report,
            "| {nodes} | {k} | {agree} | {} | {} | {:.2} |",
            milliseconds(times[0]),
            milliseconds(times[1]),
            ratio(times[0], times[1]),
        );
        summary.add(
            "explicit",
            format!("Yen, random digraph of {nodes} nodes, k = {k}"),
            format!("{} ms", milliseconds(times[0])),
            format!("pathfinding::yen, {} ms", milliseconds(times[1])),
            format!("{:.2} of its time", ratio(times[0], times[1])),
        );
    }
    report.push('\n');
}
