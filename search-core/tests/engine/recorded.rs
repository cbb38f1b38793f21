//! A solution's actions are recorded while the search stores its nodes: the successor function
//! is asked once per expansion and never again along the solution, so a function that counts
//! its calls sees the search alone, and one that refuses to be asked twice about a state (a
//! stand-in for successors that are not deterministic) still gets its solution.

use std::cell::{Cell, RefCell};
use std::collections::HashSet;

use search_core::bidirectional::bidirectional_dijkstra;
use search_core::breadth_first::bfs_loop;
use search_core::depth_first::iddfs;
use search_core::informed::fringe;
use search_core::shortest_path::{dijkstra_all, multi_source_dijkstra};
use search_core::{
    Outcome, Problem, Reversible, SearchResult, Statistics, Successor, Successors, astar, bfs,
    bidirectional_bfs, dfs, dijkstra, from_fn, heuristic_fn, yen,
};

/// A walled maze: `#` is a wall, every other cell open, moves to the four neighbours, a step
/// east or west costing 2 and north or south 1, so that cheapest and shortest paths differ.
const MAZE: [&str; 7] = [
    "..#......",
    ".##.####.",
    "....#....",
    "##.##.##.",
    "......#..",
    ".####.#.#",
    "......#..",
];

const START: (i32, i32) = (0, 0);
const GOAL: (i32, i32) = (8, 6);

const MOVES: [(char, (i32, i32), u32); 4] = [
    ('N', (0, -1), 1),
    ('W', (-1, 0), 2),
    ('E', (1, 0), 2),
    ('S', (0, 1), 1),
];

/// The maze, counting the calls of `successors` and `predecessors`; with `once`, either
/// panics when asked twice about one state.
struct Maze {
    once: bool,
    calls: Cell<u64>,
    asked_forward: RefCell<HashSet<(i32, i32)>>,
    asked_backward: RefCell<HashSet<(i32, i32)>>,
}

impl Maze {
    fn new(once: bool) -> Self {
        Maze {
            once,
            calls: Cell::new(0),
            asked_forward: RefCell::new(HashSet::new()),
            asked_backward: RefCell::new(HashSet::new()),
        }
    }

    fn is_open(cell: (i32, i32)) -> bool {
        let (x, y) = cell;
        (0..7).contains(&y)
            && (0..9).contains(&x)
            && MAZE[y as usize].as_bytes()[x as usize] == b'.'
    }

    fn ask(&self, asked: &RefCell<HashSet<(i32, i32)>>, state: (i32, i32)) {
        self.calls.set(self.calls.get() + 1);
        let first = asked.borrow_mut().insert(state);
        assert!(!self.once || first, "asked twice about {state:?}");
    }

    fn step(state: (i32, i32), action: char) -> (i32, i32) {
        let (_, (dx, dy), _) = MOVES
            .iter()
            .find(|(name, _, _)| *name == action)
            .expect("a move of the maze");
        (state.0 + dx, state.1 + dy)
    }
}

impl Problem for Maze {
    type State = (i32, i32);
    type Action = char;
    type Cost = u32;

    fn is_goal(&self, state: &(i32, i32)) -> bool {
        *state == GOAL
    }

    fn successors(&self, state: &(i32, i32), out: &mut Successors<Self>) {
        self.ask(&self.asked_forward, *state);
        for (name, (dx, dy), cost) in MOVES {
            let next = (state.0 + dx, state.1 + dy);
            if Maze::is_open(next) {
                out.push(Successor::new(next, name, cost));
            }
        }
    }
}

impl Reversible for Maze {
    fn predecessors(&self, state: &(i32, i32), out: &mut Successors<Self>) {
        self.ask(&self.asked_backward, *state);
        for (name, (dx, dy), cost) in MOVES {
            let previous = (state.0 - dx, state.1 - dy);
            if Maze::is_open(previous) {
                out.push(Successor::new(previous, name, cost));
            }
        }
    }
}

/// The solution of `result` walks the maze from the start to the goal at its reported cost,
/// and the successor function was asked `expected_calls` times.
fn check(
    name: &str,
    maze: &Maze,
    result: &SearchResult<(i32, i32), char, u32>,
    expected_calls: impl Fn(&Statistics) -> u64,
) -> u32 {
    let Outcome::Solved(solution) = &result.outcome else {
        panic!("{name}: the goal is reachable, got {:?}", result.outcome);
    };
    assert_eq!(solution.start, START, "{name}");
    let mut at = START;
    let mut cost = 0;
    for &action in &solution.actions {
        at = Maze::step(at, action);
        assert!(Maze::is_open(at), "{name}: {action} walks into a wall");
        cost += if matches!(action, 'E' | 'W') { 2 } else { 1 };
    }
    assert_eq!(at, GOAL, "{name}");
    assert_eq!(cost, solution.cost, "{name}");
    assert_eq!(
        maze.calls.get(),
        expected_calls(&result.statistics),
        "{name}: successors asked again after the search"
    );
    solution.cost
}

/// Once a state expanded, once asked: the searches that expand a state at most once.
#[test]
fn the_searches_that_store_states_never_ask_twice() {
    let expanded = |statistics: &Statistics| statistics.expanded;
    let manhattan = heuristic_fn(|&(x, y): &(i32, i32)| {
        2 * (GOAL.0 - x).unsigned_abs() + (GOAL.1 - y).unsigned_abs()
    });

    let maze = Maze::new(true);
    let cheapest = check("dijkstra", &maze, &dijkstra(&maze, START), expanded);
    let maze = Maze::new(true);
    let result = multi_source_dijkstra(&maze, [START]);
    assert_eq!(
        check("multi_source_dijkstra", &maze, &result, expanded),
        cheapest
    );
    let maze = Maze::new(true);
    let result = astar(&maze, &manhattan, START);
    assert_eq!(check("astar", &maze, &result, expanded), cheapest);
    let maze = Maze::new(true);
    let result = bidirectional_dijkstra(&maze, START, GOAL);
    assert_eq!(
        check("bidirectional_dijkstra", &maze, &result, expanded),
        cheapest
    );

    let maze = Maze::new(true);
    let forward = bfs(&maze, START);
    check("bfs", &maze, &forward, expanded);
    let maze = Maze::new(true);
    let both_ways = bidirectional_bfs(&maze, START, GOAL);
    check("bidirectional_bfs", &maze, &both_ways, expanded);
    let moves = |result: &SearchResult<_, _, _>| result.solution().map(|solution| solution.len());
    assert_eq!(
        moves(&both_ways),
        moves(&forward),
        "both find a path of the fewest moves"
    );
    let maze = Maze::new(true);
    check("dfs", &maze, &dfs(&maze, START), expanded);
}

/// The searches that expand a state more than once ask once per expansion, no more.
#[test]
fn the_searches_that_walk_paths_ask_once_per_expansion() {
    let expanded = |statistics: &Statistics| statistics.expanded;
    let maze = Maze::new(false);
    check("iddfs", &maze, &iddfs(&maze, START), expanded);
    let maze = Maze::new(false);
    let none = heuristic_fn(|_: &(i32, i32)| 0);
    check("fringe", &maze, &fringe(&maze, &none, START), expanded);
}

/// Yen's deviations and the distance map read their paths back from what their searches
/// recorded.
#[test]
fn yen_and_the_distance_map_read_recorded_actions() {
    let maze = Maze::new(false);
    let found = yen(&maze, START, 3);
    assert_eq!(found.solutions.len(), 3);
    assert_eq!(maze.calls.get(), found.statistics.expanded);
    for solution in &found.solutions {
        let result = SearchResult {
            outcome: Outcome::Solved(solution.clone()),
            statistics: found.statistics.clone(),
        };
        check("yen", &maze, &result, |statistics| statistics.expanded);
    }

    let maze = Maze::new(true);
    let distances = dijkstra_all(&maze, START);
    let calls = maze.calls.get();
    let solution = distances
        .solution_to(&maze, &GOAL)
        .expect("the goal is settled");
    assert_eq!(maze.calls.get(), calls, "no call after the search");
    assert_eq!(Some(solution.cost), distances.cost(&GOAL));
}

/// The loop back to the start asks for the start's moves once more than it expands, to seed
/// its search, and nothing after.
#[test]
fn the_loop_back_asks_nothing_after_its_search() {
    let maze = Maze::new(false);
    let result = bfs_loop(&maze, (3, 0));
    let Outcome::Solved(solution) = &result.outcome else {
        panic!(
            "the open cells around (3, 2) make a loop: {:?}",
            result.outcome
        );
    };
    let end = solution
        .actions
        .iter()
        .fold((3, 0), |at, &action| Maze::step(at, action));
    assert_eq!(end, (3, 0));
    assert_eq!(maze.calls.get(), result.statistics.expanded + 1);
}

/// A closure problem's actions are its states: none is stored twice, and the closure is asked
/// once per expansion.
#[test]
fn closure_problems_name_their_actions_by_state() {
    let calls = Cell::new(0u64);
    let line = from_fn(
        |&n: &u32| {
            calls.set(calls.get() + 1);
            [(n + 1, 1u32), (n * 3, 2)]
        },
        |&n| n == 40,
    );
    type Search<'a, P> = (&'a str, fn(&P, u32) -> SearchResult<u32, u32, u32>);
    let searches: [Search<'_, _>; 2] = [
        ("bfs", |p, s| bfs(p, s)),
        ("dijkstra", |p, s| dijkstra(p, s)),
    ];
    for (name, search) in searches {
        calls.set(0);
        let result = search(&line, 1);
        assert_eq!(calls.get(), result.statistics.expanded, "{name}");
        let Outcome::Solved(solution) = result.outcome else {
            panic!("{name}: 40 is reachable")
        };
        // Each action is the state it leads to.
        let mut at = 1;
        for &next in &solution.actions {
            assert!(next == at + 1 || next == at * 3, "{name}: {at} to {next}");
            at = next;
        }
        assert_eq!(at, 40, "{name}");
    }
}

/// The maze naming each move from the two cells it joins: nothing recorded, the same solutions.
struct NamedMaze(Maze);

impl Problem for NamedMaze {
    type State = (i32, i32);
    type Action = char;
    type Cost = u32;

    fn is_goal(&self, state: &(i32, i32)) -> bool {
        self.0.is_goal(state)
    }

    fn successors(&self, state: &(i32, i32), out: &mut Successors<Self>) {
        self.0.ask(&self.0.asked_forward, *state);
        for (name, (dx, dy), cost) in MOVES {
            let next = (state.0 + dx, state.1 + dy);
            if Maze::is_open(next) {
                out.push(Successor::new(next, name, cost));
            }
        }
    }

    const ACTIONS_FROM_STATES: bool = true;

    fn action_between(&self, from: &(i32, i32), to: &(i32, i32)) -> Option<char> {
        let step = (to.0 - from.0, to.1 - from.1);
        MOVES
            .iter()
            .find(|(_, delta, _)| *delta == step)
            .map(|(name, _, _)| *name)
    }
}

#[test]
fn a_problem_that_names_moves_from_states_gets_the_same_solutions() {
    let expanded = |statistics: &Statistics| statistics.expanded;
    for (name, search) in [
        ("bfs", bfs::<NamedMaze> as fn(&NamedMaze, (i32, i32)) -> _),
        ("dijkstra", dijkstra::<NamedMaze>),
        ("dfs", dfs::<NamedMaze>),
    ] {
        let named = NamedMaze(Maze::new(true));
        let result = search(&named, START);
        check(name, &named.0, &result, expanded);
    }
    let named = NamedMaze(Maze::new(true));
    let plain = Maze::new(true);
    assert_eq!(
        dijkstra(&named, START).into_solution(),
        dijkstra(&plain, START).into_solution()
    );
}
