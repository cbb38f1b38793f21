//! Sliding-block speed: Klotski's classic layout through its preset and through the layout
//! format, and the Rush Hour solve times.
//!
//! `cargo run --release -p puzzles --example blocks_speed` prints median times of a full
//! breadth-first search of the classic Klotski layout's cluster (every state reachable from
//! the start) under both metrics, the puzzle read by [`Blocks::parse_klotski`] and by
//! [`Blocks::parse`] (the same engine: the two must take the same time), then the time to parse
//! and solve each shipped Rush Hour board. `-- rush BOARD` parses one Rush Hour board, solves it
//! with BFS (faster than A* here: the goal heuristic costs more per node than it saves on Rush
//! Hour's small clusters) and prints the moves, so that the whole process can be timed from the
//! shell.

use std::time::{Duration, Instant};

use puzzles::blocks::{Blocks, GoalDistance, Metric, Notation, SHIPPED};
use search_core::{Limits, astar, bfs, breadth_first::bfs_layers, visited::HashVisited};

/// Runs of each measurement; the median is reported.
const RUNS: usize = 21;

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

fn milliseconds(duration: Duration) -> String {
    format!("{:.2} ms", duration.as_secs_f64() * 1e3)
}

fn main() {
    let arguments: Vec<String> = std::env::args().skip(1).collect();
    if let [mode, board] = arguments.as_slice() {
        if mode == "rush" {
            solve_one(board);
            return;
        }
    }
    klotski_clusters();
    rush_hour_boards();
}

/// Parses, solves and prints one Rush Hour board: the whole job of a front end.
fn solve_one(board: &str) {
    match Blocks::parse_rush_hour(board) {
        Ok((problem, start)) => match bfs(&problem, start).into_solution() {
            Some(solution) => {
                println!("{} moves", solution.cost);
                for action in &solution.actions {
                    println!("{}", problem.describe(action));
                }
            }
            None => println!("no solution"),
        },
        Err(error) => eprintln!("blocks_speed: {error}"),
    }
}

fn klotski_clusters() {
    let (preset, preset_start) = Blocks::klotski_classic();
    let (layout, layout_start) = Blocks::parse(SHIPPED[0].text).expect("the classic layout parses");
    println!("Full cluster BFS of 横刀立马 (bfs_layers, hashed visited set), median of {RUNS}:\n");
    println!("| metric | states | Klotski preset | layout format | preset / layout |");
    println!("|---|---:|---:|---:|---:|");
    for metric in [Metric::Piece, Metric::Step] {
        let preset = preset.clone().with_metric(metric);
        let layout = layout.clone().with_metric(metric);
        let (mut preset_times, mut layout_times) = (Vec::new(), Vec::new());
        let mut states = (0, 0);
        // In turns, so that a busy neighbour slows both alike.
        for _ in 0..RUNS {
            let limits = Limits::default();
            let began = Instant::now();
            let layers = bfs_layers(&preset, preset_start, HashVisited::default(), &limits);
            preset_times.push(began.elapsed());
            states.0 = layers.statistics.stored;
            let began = Instant::now();
            let layers = bfs_layers(&layout, layout_start, HashVisited::default(), &limits);
            layout_times.push(began.elapsed());
            states.1 = layers.statistics.stored;
        }
        assert_eq!(states.0, states.1, "the clusters differ");
        let (preset_time, layout_time) = (median(preset_times), median(layout_times));
        println!(
            "| {metric} | {} | {} | {} | {:.2} |",
            states.0,
            milliseconds(preset_time),
            milliseconds(layout_time),
            preset_time.as_secs_f64() / layout_time.as_secs_f64()
        );
    }
}

fn rush_hour_boards() {
    println!("\nRush Hour boards, parse and solve (piece metric), median of {RUNS}:\n");
    println!("| board | moves | BFS | A* |");
    println!("|---|---:|---:|---:|");
    for layout in SHIPPED
        .iter()
        .filter(|layout| layout.notation == Notation::RushHour)
    {
        let (mut bfs_times, mut astar_times) = (Vec::new(), Vec::new());
        let mut moves = 0;
        for _ in 0..RUNS {
            let began = Instant::now();
            let (problem, start) = Blocks::parse_rush_hour(layout.text).expect("shipped");
            moves = bfs(&problem, start).into_solution().map_or(0, |s| s.cost);
            bfs_times.push(began.elapsed());
            let began = Instant::now();
            let (problem, start) = Blocks::parse_rush_hour(layout.text).expect("shipped");
            let found = astar(&problem, &GoalDistance, start).into_solution();
            astar_times.push(began.elapsed());
            assert_eq!(found.map(|s| s.cost), Some(moves));
        }
        println!(
            "| {} | {moves} | {} | {} |",
            layout.text,
            milliseconds(median(bfs_times)),
            milliseconds(median(astar_times))
        );
    }
}
