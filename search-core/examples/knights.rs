//! A knight's shortest tour between two squares of an N x N board, three ways: breadth-first
//! search over closures, bidirectional search over a small `Reversible` problem, and the layer
//! sizes of the whole board. The squares and jumps form the knight's graph
//! (<https://en.wikipedia.org/wiki/Knight%27s_graph>).
//!
//! Run with `cargo run -p search-core --example knights -- [size]` (default 8).

use std::process::ExitCode;

use search_core::{
    Limits, Problem, Reversible, Successor, Successors, bfs, bidirectional_bfs,
    breadth_first::bfs_layers, from_fn, visited::HashVisited,
};

const JUMPS: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

type Square = (i32, i32);

/// The knight on a `size` x `size` board; an action is the jump taken.
struct Knight {
    size: i32,
    goal: Square,
}

impl Knight {
    fn on_board(&self, (x, y): Square) -> bool {
        (0..self.size).contains(&x) && (0..self.size).contains(&y)
    }
}

impl Problem for Knight {
    type State = Square;
    type Action = (i32, i32);
    type Cost = u32;

    fn is_goal(&self, square: &Square) -> bool {
        *square == self.goal
    }

    fn successors(&self, &(x, y): &Square, out: &mut Successors<Self>) {
        for (dx, dy) in JUMPS {
            let next = (x + dx, y + dy);
            if self.on_board(next) {
                out.push(Successor::unit(next, (dx, dy)));
            }
        }
    }
}

impl Reversible for Knight {
    fn predecessors(&self, &(x, y): &Square, out: &mut Successors<Self>) {
        // A jump lands on (x, y) from (x - dx, y - dy).
        for (dx, dy) in JUMPS {
            let previous = (x - dx, y - dy);
            if self.on_board(previous) {
                out.push(Successor::unit(previous, (dx, dy)));
            }
        }
    }
}

fn main() -> ExitCode {
    let size = match std::env::args().nth(1).map(|arg| arg.parse::<i32>()) {
        None => 8,
        Some(Ok(size)) if (1..=2000).contains(&size) => size,
        Some(_) => {
            eprintln!("usage: knights [size], with size from 1 to 2000");
            return ExitCode::from(2);
        }
    };
    let start = (0, 0);
    let goal = (size - 1, size - 1);
    let on_board = |(x, y): Square| (0..size).contains(&x) && (0..size).contains(&y);

    // One-off: closures only; the actions are the squares visited.
    let closures = from_fn(
        |&(x, y): &Square| {
            JUMPS
                .iter()
                .map(move |(dx, dy)| (x + dx, y + dy))
                .filter(move |&square| on_board(square))
                .map(|square| (square, 1u32))
        },
        |&square| square == goal,
    );
    let forward = bfs(&closures, start);
    match forward.solution() {
        Some(solution) => println!(
            "bfs: {} jumps from {start:?} to {goal:?}: {:?} ({} expanded)",
            solution.cost, solution.actions, forward.statistics.expanded
        ),
        None => println!("bfs: {goal:?} cannot be reached from {start:?}"),
    }

    // Both ends at once: the jumps themselves are the actions.
    let knight = Knight { size, goal };
    let both = bidirectional_bfs(&knight, start, goal);
    match both.solution() {
        Some(solution) => println!(
            "bidirectional: {} jumps: {:?} ({} expanded)",
            solution.cost, solution.actions, both.statistics.expanded
        ),
        None => println!("bidirectional: {goal:?} cannot be reached from {start:?}"),
    }

    let layers = bfs_layers(&knight, start, HashVisited::default(), &Limits::default());
    let reached: u64 = layers.counts.iter().sum();
    println!(
        "squares at each distance from {start:?}: {:?} ({reached} of {} reachable)",
        layers.counts,
        i64::from(size) * i64::from(size)
    );
    ExitCode::SUCCESS
}
