//! No hangs and no silent cliffs in IDA*: a finite space with cycles and no reachable goal ends
//! unreachable (as pathfinding's `idastar` does), parent pruning without an inverse works for
//! every state type, and an observer of progress alone keeps the fast walk on. Oracles: BFS for
//! reachability and distances, A* for optimal costs, and the same search on another state type.

use search_core::{
    InPlace, Limits, Outcome, Problem, Successor, Successors, astar, bfs, heuristic_fn, idastar,
    idastar::idastar_with, observer::NoObserver, observer::Observer, observer::Progress,
};

/// A 9x8 maze of corridors with four independent cycles; the goal cell `G` is walled in.
const WALLED_IN: [&str; 8] = [
    "...#.....",
    ".#.#.###.",
    ".#...#...",
    ".#.###.##",
    ".....#...",
    ".#####.#.",
    "...#G#.#.",
    "...###...",
];

/// The same maze with a door into the goal's cell from above.
const WITH_A_DOOR: [&str; 8] = [
    "...#.....",
    ".#.#.###.",
    ".#...#...",
    ".#.###.##",
    ".....#...",
    ".###.#.#.",
    "...#G#.#.",
    "...###...",
];

const DIRECTIONS: [(i8, i8); 4] = [(0, -1), (1, 0), (0, 1), (-1, 0)];

/// A maze walked one cell at a time; the action is a direction's index. `declares_inverse` and
/// `slots` switch on the optional parts, which select IDA*'s walks.
struct Maze {
    open: Vec<Vec<bool>>,
    goal: (i8, i8),
    declares_inverse: bool,
    slots: bool,
}

impl Maze {
    fn new(rows: [&str; 8], declares_inverse: bool, slots: bool) -> Self {
        let mut goal = (0, 0);
        let open = rows
            .iter()
            .enumerate()
            .map(|(y, row)| {
                row.chars()
                    .enumerate()
                    .map(|(x, cell)| {
                        if cell == 'G' {
                            goal = (x as i8, y as i8);
                        }
                        cell != '#'
                    })
                    .collect()
            })
            .collect();
        Maze {
            open,
            goal,
            declares_inverse,
            slots,
        }
    }

    fn is_open(&self, (x, y): (i8, i8)) -> bool {
        y >= 0
            && x >= 0
            && self
                .open
                .get(y as usize)
                .and_then(|row| row.get(x as usize))
                .copied()
                .unwrap_or(false)
    }

    fn step((x, y): (i8, i8), direction: u8) -> (i8, i8) {
        let (dx, dy) = DIRECTIONS[usize::from(direction)];
        (x + dx, y + dy)
    }

    fn manhattan(&self, &(x, y): &(i8, i8)) -> u32 {
        u32::from((x - self.goal.0).unsigned_abs() + (y - self.goal.1).unsigned_abs())
    }
}

impl Problem for Maze {
    type State = (i8, i8);
    type Action = u8;
    type Cost = u32;

    fn is_goal(&self, state: &(i8, i8)) -> bool {
        *state == self.goal
    }

    fn successors(&self, state: &(i8, i8), out: &mut Successors<Self>) {
        for direction in 0..4 {
            let next = Maze::step(*state, direction);
            if self.is_open(next) {
                out.push(Successor::unit(next, direction));
            }
        }
    }

    fn inverse(&self, direction: &u8) -> Option<u8> {
        self.declares_inverse.then_some((direction + 2) % 4)
    }
}

impl InPlace for Maze {
    fn action_slots(&self) -> usize {
        if self.slots { 4 } else { 0 }
    }

    fn action_in_slot(&self, state: &(i8, i8), slot: usize) -> Option<(u8, u32)> {
        let direction = slot as u8;
        self.is_open(Maze::step(*state, direction))
            .then_some((direction, 1))
    }

    fn apply(&self, state: &mut (i8, i8), direction: &u8) {
        *state = Maze::step(*state, *direction);
    }

    fn undo(&self, state: &mut (i8, i8), direction: &u8) {
        *state = Maze::step(*state, (direction + 2) % 4);
    }
}

/// Every way of writing the maze: plain (the explicit walk compares states), with an inverse,
/// and with an inverse, slots and a consistent heuristic (the recursive walk).
fn variants(rows: [&str; 8]) -> [(&'static str, Maze, bool); 4] {
    [
        ("plain", Maze::new(rows, false, false), false),
        ("inverse", Maze::new(rows, true, false), false),
        ("inverse and slots", Maze::new(rows, true, true), false),
        ("recursive walk", Maze::new(rows, true, true), true),
    ]
}

/// pathfinding's `idastar` returns `None` on a maze with cycles and no way to the goal; so does
/// IDA* here, whichever walk runs, without a limit to stop it (the limit only turns a hang into
/// a failure).
#[test]
fn idastar_ends_unreachable_on_a_cyclic_maze() {
    for (name, maze, consistent) in variants(WALLED_IN) {
        assert_eq!(
            bfs(&maze, (0, 0)).outcome,
            Outcome::Unreachable,
            "the oracle"
        );
        let limits = Limits::none().with_max_expanded(50_000_000);
        for informed in [false, true] {
            let estimate = heuristic_fn(
                |state: &(i8, i8)| {
                    if informed { maze.manhattan(state) } else { 0 }
                },
            );
            let estimate = if consistent {
                estimate.declare_consistent()
            } else {
                estimate
            };
            let result = idastar_with(&maze, &estimate, (0, 0), &limits, NoObserver);
            assert_eq!(result.outcome, Outcome::Unreachable, "{name}");
            if consistent {
                assert!(result.statistics.recursive_iterations > 0, "{name}");
            } else {
                assert_eq!(result.statistics.recursive_iterations, 0, "{name}");
            }
        }
    }
}

/// With a door, the same mazes are solved at BFS's distance, from every open cell.
#[test]
fn idastar_solves_the_maze_with_a_door() {
    for (name, maze, consistent) in variants(WITH_A_DOOR) {
        for y in 0..8 {
            for x in 0..9 {
                let start = (x, y);
                if !maze.is_open(start) {
                    continue;
                }
                let oracle = bfs(&maze, start)
                    .into_solution()
                    .map(|solution| solution.cost);
                let estimate = heuristic_fn(|state: &(i8, i8)| maze.manhattan(state));
                let estimate = if consistent {
                    estimate.declare_consistent()
                } else {
                    estimate
                };
                let found = idastar(&maze, &estimate, start)
                    .into_solution()
                    .map(|solution| solution.cost);
                assert_eq!(found, oracle, "{name} from {start:?}");
            }
        }
    }
}

/// A 15-puzzle over any board type; the action is the direction the blank moves. No inverse:
/// IDA* must prune the move back by comparing states.
struct Fifteen<Board>(std::marker::PhantomData<Board>);

fn blank(board: &[u8]) -> usize {
    board.iter().position(|&tile| tile == 0).expect("a blank")
}

fn neighbour(blank: usize, direction: u8) -> Option<usize> {
    let (x, y) = (blank % 4, blank / 4);
    match direction {
        0 if y > 0 => Some(blank - 4),
        1 if x < 3 => Some(blank + 1),
        2 if y < 3 => Some(blank + 4),
        3 if x > 0 => Some(blank - 1),
        _ => None,
    }
}

fn manhattan(board: &[u8]) -> u32 {
    board
        .iter()
        .enumerate()
        .filter(|&(_, &tile)| tile != 0)
        .map(|(at, &tile)| {
            let home = usize::from(tile);
            ((at % 4).abs_diff(home % 4) + (at / 4).abs_diff(home / 4)) as u32
        })
        .sum()
}

impl<Board> Problem for Fifteen<Board>
where
    Board: AsRef<[u8]> + AsMut<[u8]> + Clone + Eq + std::hash::Hash,
{
    type State = Board;
    type Action = u8;
    type Cost = u32;

    fn is_goal(&self, board: &Board) -> bool {
        board
            .as_ref()
            .iter()
            .enumerate()
            .all(|(at, &tile)| usize::from(tile) == at)
    }

    fn successors(&self, board: &Board, out: &mut Successors<Self>) {
        for direction in 0..4 {
            if neighbour(blank(board.as_ref()), direction).is_some() {
                let mut next = board.clone();
                self.apply(&mut next, &direction);
                out.push(Successor::unit(next, direction));
            }
        }
    }
}

impl<Board> InPlace for Fifteen<Board>
where
    Board: AsRef<[u8]> + AsMut<[u8]> + Clone + Eq + std::hash::Hash,
{
    fn apply(&self, board: &mut Board, direction: &u8) {
        let from = blank(board.as_ref());
        let to = neighbour(from, *direction).expect("a legal move");
        board.as_mut().swap(from, to);
    }

    fn undo(&self, board: &mut Board, direction: &u8) {
        self.apply(board, &((direction + 2) % 4));
    }
}

/// Six boards, each a deterministic walk of the blank from the goal.
fn boards() -> Vec<[u8; 16]> {
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    (0..6)
        .map(|_| {
            let mut board: [u8; 16] = std::array::from_fn(|at| at as u8);
            for _ in 0..40 {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let from = blank(&board);
                if let Some(to) = neighbour(from, (seed % 4) as u8) {
                    board.swap(from, to);
                }
            }
            board
        })
        .collect()
}

/// The cliff: `Vec<u8>` boards without an inverse expanded 85 times the nodes of
/// `[u8; 16]` boards, since only states of at most 64 bytes without a destructor were compared
/// with their grandparent. Now both search the same tree; the bound is the 2x.
#[test]
fn idastar_prunes_the_parent_of_heap_states() {
    let arrays = Fifteen::<[u8; 16]>(std::marker::PhantomData);
    let vectors = Fifteen::<Vec<u8>>(std::marker::PhantomData);
    let (mut array_nodes, mut vector_nodes) = (0, 0);
    for board in boards() {
        let by_array = idastar(&arrays, &heuristic_fn(|b: &[u8; 16]| manhattan(b)), board);
        let by_vector = idastar(
            &vectors,
            &heuristic_fn(|b: &Vec<u8>| manhattan(b)),
            board.to_vec(),
        );
        let optimal = astar(&arrays, &heuristic_fn(|b: &[u8; 16]| manhattan(b)), board)
            .into_solution()
            .map(|solution| solution.cost);
        let array_cost = by_array.solution().map(|solution| solution.cost);
        let vector_cost = by_vector.solution().map(|solution| solution.cost);
        assert_eq!(array_cost, optimal, "{board:?}");
        assert_eq!(vector_cost, optimal, "{board:?}");
        array_nodes += by_array.statistics.expanded;
        vector_nodes += by_vector.statistics.expanded;
    }
    assert!(array_nodes > 0);
    assert!(
        vector_nodes <= 2 * array_nodes,
        "{vector_nodes} nodes with Vec<u8>, {array_nodes} with [u8; 16]"
    );
}

/// Listens to progress and overrides nothing else, without saying `ENABLED = false`.
struct ProgressOnly(u64);

impl<P: Problem> Observer<P> for ProgressOnly {
    const PROGRESS: bool = true;

    fn progress(&mut self, progress: &Progress) {
        self.0 = self.0.max(progress.expanded);
    }
}

/// An observer of progress alone keeps IDA*'s recursive walk on: the same iterations on the
/// same walk as with no observer at all.
#[test]
fn a_progress_observer_keeps_the_fast_walk() {
    let maze = Maze::new(WITH_A_DOOR, true, true);
    let estimate = heuristic_fn(|_: &(i8, i8)| 0u32).declare_consistent();
    let alone = idastar(&maze, &estimate, (0, 0));
    let mut watch = ProgressOnly(0);
    let watched = idastar_with(&maze, &estimate, (0, 0), &Limits::default(), &mut watch);
    assert!(alone.statistics.recursive_iterations > 0);
    assert_eq!(alone.statistics, {
        let mut statistics = watched.statistics.clone();
        statistics.elapsed = alone.statistics.elapsed;
        statistics
    });
    assert_eq!(alone.outcome, watched.outcome);
}

/// On random graphs with cycles (and zero-cost edges), IDA* says unreachable only when
/// petgraph's Dijkstra finds no path, and is optimal when it solves; a limit may stop it on
/// graphs whose walks within the thresholds are too many, which proves nothing either way.
fn check_cyclic<Ty: petgraph::EdgeType>(
    edges: &crate::graphs::Edges,
    start: proptest::sample::Index,
    goal: proptest::sample::Index,
) -> Result<(), proptest::test_runner::TestCaseError> {
    use petgraph::graph::NodeIndex;
    use proptest::prelude::*;

    let graph = crate::graphs::build::<Ty>(edges);
    let (start, goal) = (
        NodeIndex::new(start.index(edges.0)),
        NodeIndex::new(goal.index(edges.0)),
    );
    let problem = search_core::GraphProblem::new(&graph, goal);
    let optimal = crate::graphs::oracle(&graph, start, goal);
    let limits = Limits::none().with_max_expanded(100_000);
    let result = idastar_with(
        &problem,
        &search_core::heuristic::NoHeuristic,
        start,
        &limits,
        NoObserver,
    );
    match (result.outcome, optimal) {
        (Outcome::Solved(solution), Some(optimal)) => prop_assert_eq!(solution.cost, optimal),
        (Outcome::Unreachable, None) | (Outcome::LimitReached(_), _) => {}
        (outcome, optimal) => {
            return Err(TestCaseError::fail(format!(
                "{outcome:?}, the optimum is {optimal:?}"
            )));
        }
    }
    Ok(())
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(128))]

    #[test]
    fn idastar_unreachable_only_when_it_is_on_directed_graphs(
        edges in crate::graphs::edges(7, 0..=4),
        start: proptest::sample::Index,
        goal: proptest::sample::Index,
    ) {
        check_cyclic::<petgraph::Directed>(&edges, start, goal)?;
    }

    #[test]
    fn idastar_unreachable_only_when_it_is_on_undirected_graphs(
        edges in crate::graphs::edges(7, 0..=4),
        start: proptest::sample::Index,
        goal: proptest::sample::Index,
    ) {
        check_cyclic::<petgraph::Undirected>(&edges, start, goal)?;
    }
}

/// On a ring of six states with steps both ways at different costs and no goal, IDA* ends
/// unreachable: the new ending is reached, not only sound.
#[test]
fn idastar_ends_on_a_ring_without_a_goal() {
    let ring =
        search_core::from_fn_in_place(|&n: &u8| [((n + 1) % 6, 1u32), ((n + 5) % 6, 2)], |_| false);
    let limits = Limits::none().with_max_expanded(1_000_000);
    let result = idastar_with(
        &ring,
        &search_core::heuristic::NoHeuristic,
        0,
        &limits,
        NoObserver,
    );
    assert_eq!(result.outcome, Outcome::Unreachable);
}
