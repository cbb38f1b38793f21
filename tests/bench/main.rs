//! The side-by-side benchmark: the generic engine against the `pathfinding` crate and a
//! hand-specialised loop, on the same instances in the same process.
//!
//! Run with `cargo bench -p tests --bench bench` (add `-- --quick` for one repetition, or
//! section names such as `-- astar memory` to run only those sections).
//! It prints Markdown tables (medians and ratios), then the summary table of the sections run
//! (one row per benchmark, the table that opens `BENCHMARKS.md`), and writes them to
//! `bench-report.md` in the target directory.

mod baseline;
mod bfs_memory;
mod classics;
mod crew;
mod databases;
mod explicit;
mod specialised;

use std::fmt::Write as _;
use std::time::{Duration, Instant};

use puzzles::{Board, LinearConflict, Manhattan, SlidingPuzzle, WithBlank};
use search_core::{
    Heuristic, Limits, Outcome, astar, breadth_first::bfs_layers, idastar, visited::DenseVisited,
    visited::HashVisited, visited::OrderedVisited,
};
use tests::contention::{self, CpuSnapshot};
use tests::summary::Summary;

/// Korf's instances whose IDA* + Manhattan search takes about a second or less, with their
/// published node counts (`shared/data/korf100_idastar_manhattan_nodes.txt`).
const KORF_FAST: [usize; 6] = [12, 19, 42, 55, 79, 97];

fn main() {
    let arguments: Vec<String> = std::env::args().skip(1).collect();
    if let [flag, limit] = arguments.as_slice() {
        if flag == MEMORY_CHILD {
            memory_child(limit.parse().expect("the parent passes a node count"));
            return;
        }
    }
    if let [flag, library, states] = arguments.as_slice() {
        if flag == bfs_memory::CHILD {
            bfs_memory::child(
                library,
                states.parse().expect("the parent passes a state count"),
            );
            return;
        }
    }
    let quick = arguments.iter().any(|argument| argument == "--quick");
    let repetitions = if quick { 1 } else { 5 };
    // Section names on the command line run only those sections; none runs them all.
    let named: Vec<&str> = arguments
        .iter()
        .map(String::as_str)
        .filter(|argument| !argument.starts_with("--"))
        .collect();
    let wanted = |section: &str| named.is_empty() || named.contains(&section);
    let mut report = String::new();
    let _ = writeln!(report, "{}\n", machine_line());
    let mut summary = Summary::default();
    let sections: [(&str, &Section<'_>); 11] = [
        ("idastar", &|report, summary| {
            idastar_section(report, summary, repetitions)
        }),
        ("conflict", &|report, summary| {
            conflict_section(report, summary, repetitions)
        }),
        ("bfs", &|report, summary| {
            bfs_section(report, summary, repetitions)
        }),
        ("astar", &|report, summary| {
            astar_section(report, summary, repetitions)
        }),
        ("process", &|report, summary| {
            process_section(report, summary, if quick { 5 } else { 51 })
        }),
        ("batch", &|report, summary| {
            batch_section(report, summary, if quick { 1 } else { 21 })
        }),
        ("crew", &|report, summary| {
            crew::crew_section(report, summary, if quick { 1 } else { 5 })
        }),
        ("memory", &|report, summary| {
            memory_section(report, summary, if quick { 2_000_000 } else { 20_000_000 });
            bfs_memory::table(report, summary, if quick { 500_000 } else { 2_000_000 })
        }),
        ("databases", &|report, summary| {
            databases::databases_section(report, summary, if quick { 1 } else { 5 })
        }),
        ("classics", &|report, summary| {
            classics::classics_section(report, summary, repetitions)
        }),
        ("explicit", &|report, summary| {
            explicit::explicit_section(report, summary, repetitions)
        }),
    ];
    for (name, section) in sections {
        if wanted(name) {
            let before = CpuSnapshot::now();
            section(&mut report, &mut summary);
            let others = before.and_then(|before| before.others_since());
            let _ = writeln!(
                report,
                "Other processes kept {} busy on average during this section.\n",
                contention::describe(others)
            );
        }
    }
    let _ = writeln!(report, "## Summary\n\n{}", summary.to_markdown());
    print!("{report}");
    let path = report_path();
    match std::fs::write(&path, &report) {
        Ok(()) => eprintln!("written to {}", path.display()),
        Err(error) => eprintln!("could not write {}: {error}", path.display()),
    }
}

/// Where the report goes: `bench-report.md` in cargo's target directory, the workspace's
/// `target/` unless `CARGO_TARGET_DIR` names another. A relative `CARGO_TARGET_DIR` is taken
/// from the workspace root: cargo reads it from the directory it was started in, which a
/// bench, started in its package's directory, cannot know.
fn report_path() -> std::path::PathBuf {
    let workspace = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map_or_else(|| workspace.join("target"), |dir| workspace.join(dir));
    target.join("bench-report.md")
}

/// A section of the report, which it appends to the string, adding its row(s) to the summary.
type Section<'a> = dyn Fn(&mut String, &mut Summary) + 'a;

/// The median wall time of `repetitions` runs of `run`, and its last result.
///
/// With more than one repetition an untimed warm-up run goes first, so that neither side pays
/// for the allocator's first requests of fresh pages from the system.
fn measure<T>(repetitions: usize, mut run: impl FnMut() -> T) -> (Duration, T) {
    if repetitions > 1 {
        std::hint::black_box(run());
    }
    let mut times = Vec::with_capacity(repetitions);
    let mut last = None;
    for _ in 0..repetitions.max(1) {
        let began = Instant::now();
        last = Some(std::hint::black_box(run()));
        times.push(began.elapsed());
    }
    (median(times), last.expect("at least one repetition"))
}

/// The median wall times of `repetitions` runs of each of `contenders`, which take turns: one
/// run of each, then the next round, after an untimed round of warm-up.
///
/// Every other round runs them in the reverse order, so no contender always follows the same
/// one. A run's clean-up is charged to the next: when pathfinding frees its node map at the end
/// of a search, glibc gives the top of the heap back to the system, and the run after it takes
/// a page fault for each page it touches again. In a fixed order search-core always came after
/// pathfinding on the road grids and took 830 minor faults a search to its 417.
fn measure_in_turns(repetitions: usize, contenders: &mut [&mut dyn FnMut()]) -> Vec<Duration> {
    if repetitions > 1 {
        for run in contenders.iter_mut() {
            run();
        }
    }
    let mut times = vec![Vec::with_capacity(repetitions); contenders.len()];
    for round in 0..repetitions.max(1) {
        let mut order: Vec<usize> = (0..contenders.len()).collect();
        if round % 2 == 1 {
            order.reverse();
        }
        for which in order {
            let began = Instant::now();
            contenders[which]();
            times[which].push(began.elapsed());
        }
    }
    times.into_iter().map(median).collect()
}

/// Writes a Markdown table's header row and its separator, one column for each of `columns`.
fn table_head(report: &mut String, columns: &[&str]) {
    let _ = writeln!(report, "| {} |", columns.join(" | "));
    let _ = writeln!(report, "|{}", "---|".repeat(columns.len()));
}

/// The middle one of `values` (the upper of the two middle ones for an even count).
fn median<T: PartialOrd>(mut values: Vec<T>) -> T {
    // Times and ratios of times have no NaN to leave unordered.
    values.sort_by(|a, b| a.partial_cmp(b).unwrap_or(std::cmp::Ordering::Equal));
    values.swap_remove(values.len() / 2)
}

fn milliseconds(duration: Duration) -> String {
    format!("{:.1}", duration.as_secs_f64() * 1e3)
}

fn machine_line() -> String {
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|info| {
            info.lines()
                .find(|line| line.starts_with("model name"))
                .and_then(|line| line.split(':').nth(1))
                .map(|model| model.trim().to_string())
        })
        .unwrap_or_else(|| "unknown CPU".to_string());
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    format!("Machine: {cpu}, {cores} cores")
}

struct KorfInstance {
    id: usize,
    length: u32,
    generated: u64,
    expanded: u64,
    tiles: [u8; 16],
}

/// The instances of [`KORF_FAST`], in Korf's order.
fn fast_korf_instances() -> Vec<KorfInstance> {
    let mut instances = korf_instances();
    instances.retain(|instance| KORF_FAST.contains(&instance.id));
    instances
}

fn korf_instances() -> Vec<KorfInstance> {
    let boards = include_str!("../../puzzles/tests/data/korf100.txt");
    let counts = include_str!("../../puzzles/tests/data/korf100_idastar_manhattan_nodes.txt");
    let numbers = |line: &str| -> Vec<u64> {
        line.split_whitespace()
            .filter_map(|field| field.parse().ok())
            .collect()
    };
    let data_lines = |text: &'static str| {
        text.lines()
            .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
    };
    data_lines(boards)
        .zip(data_lines(counts))
        .map(|(board, count)| {
            let (board, count) = (numbers(board), numbers(count));
            assert_eq!(
                board[0], count[0],
                "the two Korf files list the instances in one order"
            );
            let mut tiles = [0u8; 16];
            for (cell, &tile) in tiles.iter_mut().zip(&board[2..18]) {
                *cell = tile as u8;
            }
            KorfInstance {
                id: board[0] as usize,
                length: board[1] as u32,
                generated: count[3],
                expanded: count[4],
                tiles,
            }
        })
        .collect()
}

/// Target 1: generic IDA* + Manhattan against the hand-specialised loop and `pathfinding`.
///
/// The engine runs on both states the puzzle crate offers for 15-puzzles: `WithBlank<u64>`
/// (16 bytes, the blank's cell kept beside the board), which is what `slide` gives IDA*, and the
/// plain `u64` (8 bytes) that A* stores. The three fast contenders take turns, run by run, so
/// that a change in the machine's load falls on all of them alike.
fn idastar_section(report: &mut String, summary: &mut Summary, repetitions: usize) {
    // Each search takes milliseconds: more runs cost little and steady the medians.
    let repetitions = repetitions * 3;
    let _ = writeln!(
        report,
        "## IDA* + Manhattan, 15-puzzle (Korf instances, medians of {repetitions}, taking turns)\n"
    );
    table_head(
        report,
        &[
            "instance",
            "length",
            "expanded",
            "generic ms",
            "generic, u64 state ms",
            "specialised ms",
            "pathfinding ms",
            "generic / specialised speed",
            "generic, u64 state / specialised speed",
            "generic / pathfinding speed",
        ],
    );
    let (goal, puzzle, goal_board) = fifteen_puzzle();
    let plain_puzzle = SlidingPuzzle::<u64>::new(&goal).expect("the 15-puzzle fits a u64");
    let manhattan = Manhattan::new(&goal);
    let mut specialised = specialised::Solver::new();
    let mut totals = [Duration::ZERO; 4];
    for instance in &fast_korf_instances() {
        let board =
            Board::new(goal.shape(), instance.tiles.to_vec()).expect("Korf boards are valid");
        let start = puzzle.state(&board).expect("Korf boards fit the puzzle");
        let plain_start = plain_puzzle
            .state(&board)
            .expect("Korf boards fit the puzzle");
        let mut generic = None;
        let mut plain = None;
        let mut counts = None;
        let times = measure_in_turns(
            repetitions,
            &mut [
                &mut || generic = Some(idastar(&puzzle, &manhattan, start)),
                &mut || plain = Some(idastar(&plain_puzzle, &manhattan, plain_start)),
                &mut || counts = Some(specialised.solve(&instance.tiles)),
            ],
        );
        let (generic, plain, counts) = (
            generic.expect("measured"),
            plain.expect("measured"),
            counts.expect("measured"),
        );
        let [generic_time, plain_time, specialised_time] = times[..] else {
            unreachable!("three contenders")
        };
        let start_board = baseline::Board::new(instance.tiles, 4);
        let (pathfinding_time, pathfinding_length) = measure(1, || {
            baseline::idastar_length(&start_board, &goal_board, baseline::Board::manhattan)
        });
        let lengths = [
            generic.solution().map(|solution| solution.cost),
            plain.solution().map(|solution| solution.cost),
        ];
        assert_eq!(
            lengths.map(|length| length.map(u32::from)),
            [Some(instance.length); 2],
            "generic lengths, instance {}",
            instance.id
        );
        assert_eq!(
            counts.length, instance.length,
            "specialised length, instance {}",
            instance.id
        );
        assert_eq!(
            pathfinding_length,
            Some(instance.length),
            "pathfinding length"
        );
        for statistics in [&generic.statistics, &plain.statistics] {
            assert_eq!(
                (statistics.generated, statistics.expanded),
                (instance.generated, instance.expanded),
                "generic node counts equal Korf's, instance {}",
                instance.id
            );
        }
        assert_eq!(
            (counts.generated, counts.expanded),
            (instance.generated, instance.expanded)
        );
        for (total, time) in
            totals
                .iter_mut()
                .zip([generic_time, plain_time, specialised_time, pathfinding_time])
        {
            *total += time;
        }
        let _ = writeln!(
            report,
            "| {} | {} | {} | {} | {} | {} | {} | {:.2}x | {:.2}x | {:.1}x |",
            instance.id,
            instance.length,
            instance.expanded,
            milliseconds(generic_time),
            milliseconds(plain_time),
            milliseconds(specialised_time),
            milliseconds(pathfinding_time),
            specialised_time.as_secs_f64() / generic_time.as_secs_f64(),
            specialised_time.as_secs_f64() / plain_time.as_secs_f64(),
            pathfinding_time.as_secs_f64() / generic_time.as_secs_f64(),
        );
    }
    let [generic, plain, specialised, pathfinding] = totals.map(|total| total.as_secs_f64());
    let _ = writeln!(
        report,
        "| **total** | | | {} | {} | {} | {} | **{:.2}x** | **{:.2}x** | **{:.1}x** |\n",
        milliseconds(totals[0]),
        milliseconds(totals[1]),
        milliseconds(totals[2]),
        milliseconds(totals[3]),
        specialised / generic,
        specialised / plain,
        pathfinding / generic,
    );
    let instances = fast_korf_instances().len();
    let what = format!("IDA* + Manhattan, 15-puzzle, {instances} Korf instances, total time");
    let ours = format!("{} ms", milliseconds(totals[0]));
    summary.add(
        "idastar",
        &what,
        &ours,
        format!(
            "hand-specialised loop, {} ms (target: at least 0.9x its speed)",
            milliseconds(totals[2])
        ),
        format!("{:.2}x its speed", specialised / generic),
    );
    summary.add(
        "idastar",
        &what,
        &ours,
        format!(
            "pathfinding::idastar, {} ms (target: at least 10x)",
            milliseconds(totals[3])
        ),
        format!("{:.1}x its speed", pathfinding / generic),
    );
}

/// Korf's 15-puzzle goal (the blank first), the puzzle on the state `slide` gives IDA*, and the
/// goal as the `pathfinding` baseline writes it.
fn fifteen_puzzle() -> (Board, SlidingPuzzle<WithBlank<u64>>, baseline::Board<16>) {
    let goal = Board::blank_first(puzzles::Shape::new(4, 4).expect("4x4 is supported"));
    let puzzle = SlidingPuzzle::<WithBlank<u64>>::new(&goal).expect("the 15-puzzle fits a u64");
    let goal_board = baseline::Board::new(std::array::from_fn(|cell| cell as u8), 4);
    (goal, puzzle, goal_board)
}

/// IDA* with linear conflict, the default heuristic beyond 3x3, against `pathfinding::idastar`
/// with the same heuristic written as its closures see it (recounted over the whole board).
fn conflict_section(report: &mut String, summary: &mut Summary, repetitions: usize) {
    let repetitions = repetitions * 3;
    let _ = writeln!(
        report,
        "## IDA* + linear conflict, 15-puzzle (Korf instances, generic medians of {repetitions}, pathfinding one run)\n"
    );
    table_head(
        report,
        &[
            "instance",
            "length",
            "expanded",
            "generic ms",
            "pathfinding ms",
            "generic / pathfinding speed",
        ],
    );
    let (goal, puzzle, goal_board) = fifteen_puzzle();
    let conflict = LinearConflict::new(&goal);
    let mut totals = [Duration::ZERO; 2];
    for instance in &fast_korf_instances() {
        let board =
            Board::new(goal.shape(), instance.tiles.to_vec()).expect("Korf boards are valid");
        let start = puzzle.state(&board).expect("Korf boards fit the puzzle");
        let (generic_time, generic) = measure(repetitions, || idastar(&puzzle, &conflict, start));
        let start_board = baseline::Board::new(instance.tiles, 4);
        // The same heuristic on both sides, not merely the same name.
        assert_eq!(
            start_board.linear_conflict(&goal_board),
            u32::from(conflict.estimate(&puzzle, &start)),
            "both linear conflicts estimate instance {} alike",
            instance.id
        );
        let (pathfinding_time, pathfinding_length) = measure(1, || {
            baseline::idastar_length(&start_board, &goal_board, baseline::Board::linear_conflict)
        });
        assert_eq!(
            generic.solution().map(|solution| u32::from(solution.cost)),
            Some(instance.length),
            "generic length, instance {}",
            instance.id
        );
        assert_eq!(
            pathfinding_length,
            Some(instance.length),
            "pathfinding length"
        );
        totals[0] += generic_time;
        totals[1] += pathfinding_time;
        let _ = writeln!(
            report,
            "| {} | {} | {} | {} | {} | {:.1}x |",
            instance.id,
            instance.length,
            generic.statistics.expanded,
            milliseconds(generic_time),
            milliseconds(pathfinding_time),
            pathfinding_time.as_secs_f64() / generic_time.as_secs_f64(),
        );
    }
    let _ = writeln!(
        report,
        "| **total** | | | {} | {} | **{:.1}x** |\n",
        milliseconds(totals[0]),
        milliseconds(totals[1]),
        totals[1].as_secs_f64() / totals[0].as_secs_f64(),
    );
    summary.add(
        "conflict",
        format!(
            "IDA* + linear conflict, 15-puzzle, {} Korf instances, total time",
            fast_korf_instances().len()
        ),
        format!("{} ms", milliseconds(totals[0])),
        format!("pathfinding::idastar, {} ms", milliseconds(totals[1])),
        format!(
            "{:.1}x its speed",
            totals[1].as_secs_f64() / totals[0].as_secs_f64()
        ),
    );
}

/// The visited-set encodings on the exhaustive 8-puzzle breadth-first search.
fn bfs_section(report: &mut String, summary: &mut Summary, repetitions: usize) {
    let _ = writeln!(
        report,
        "## Exhaustive BFS, 8-puzzle, 181,440 states (medians of {repetitions})\n"
    );
    table_head(
        report,
        &["visited set", "ms", "states", "vs pathfinding::bfs_reach"],
    );
    let goal = Board::parse("123456780").expect("a valid board");
    let puzzle = SlidingPuzzle::<u64>::new(&goal).expect("3x3 fits a u64");
    let start = puzzle.goal_state();
    let limits = Limits::none();
    let baseline_start = baseline::Board::new([1, 2, 3, 4, 5, 6, 7, 8, 0], 3);
    let (baseline_time, baseline_states) =
        measure(repetitions, || baseline::reachable(&baseline_start));
    let states = |layers: search_core::breadth_first::Layers| layers.counts.iter().sum::<u64>();
    // Boxed only to list the three runs in one table; the searches inside are monomorphised.
    type Run<'a> = (&'a str, Box<dyn Fn() -> u64 + 'a>);
    let runs: [Run<'_>; 3] = [
        (
            "fxhash set (HashVisited)",
            Box::new(|| states(bfs_layers(&puzzle, start, HashVisited::default(), &limits))),
        ),
        (
            "dense rank bitset (DenseVisited)",
            Box::new(|| {
                let visited = DenseVisited::for_problem(&puzzle).expect("9! bits fit in memory");
                states(bfs_layers(&puzzle, start, visited, &limits))
            }),
        ),
        (
            "ordered set (OrderedVisited)",
            Box::new(|| {
                states(bfs_layers(
                    &puzzle,
                    start,
                    OrderedVisited::default(),
                    &limits,
                ))
            }),
        ),
    ];
    let mut fastest: Option<(&str, Duration)> = None;
    for (name, run) in runs {
        let (time, count) = measure(repetitions, run);
        assert_eq!(count, 181_440, "{name} reaches every 8-puzzle state");
        if fastest.is_none_or(|(_, best)| time < best) {
            fastest = Some((name, time));
        }
        let _ = writeln!(
            report,
            "| {name} | {} | {count} | {:.2}x |",
            milliseconds(time),
            baseline_time.as_secs_f64() / time.as_secs_f64()
        );
    }
    assert_eq!(baseline_states, 181_440);
    let _ = writeln!(
        report,
        "| pathfinding::bfs_reach | {} | {baseline_states} | 1.00x |\n",
        milliseconds(baseline_time)
    );
    if let Some((name, time)) = fastest {
        summary.add(
            "bfs",
            format!("exhaustive BFS, 8-puzzle, 181,440 states, {name}"),
            format!("{} ms", milliseconds(time)),
            format!("pathfinding::bfs_reach, {} ms", milliseconds(baseline_time)),
            format!(
                "{:.2}x its speed",
                baseline_time.as_secs_f64() / time.as_secs_f64()
            ),
        );
    }
}

/// A* + Manhattan against `pathfinding::astar` with the same heuristic: the hardest 8-puzzle
/// pairs, and the Korf 15-puzzle instances of [`KORF_FAST`].
fn astar_section(report: &mut String, summary: &mut Summary, repetitions: usize) {
    let _ = writeln!(
        report,
        "## A* + Manhattan against pathfinding::astar (medians of {repetitions})\n"
    );
    table_head(
        report,
        &[
            "start",
            "length",
            "expanded",
            "stored",
            "generic ms",
            "pathfinding ms",
            "generic speed-up",
        ],
    );
    let goal = Board::parse("123456780").expect("a valid board");
    let goal_board = baseline::Board::new([1, 2, 3, 4, 5, 6, 7, 8, 0], 3);
    let mut totals = [Duration::ZERO; 2];
    // The two states at depth 31 from this goal (shared/data/README.md, OEIS A089473).
    for text in ["867254301", "647850321"] {
        let board = Board::parse(text).expect("a valid board");
        let tiles: [u8; 9] = board.tiles().try_into().expect("nine cells");
        let (row, times) = astar_row(
            &goal,
            &board,
            &baseline::Board::new(tiles, 3),
            &goal_board,
            repetitions,
        );
        totals[0] += times[0];
        totals[1] += times[1];
        let _ = writeln!(report, "| 8-puzzle {text} | {row}");
    }
    let goal = Board::blank_first(puzzles::Shape::new(4, 4).expect("4x4 is supported"));
    let goal_board = baseline::Board::new(std::array::from_fn(|cell| cell as u8), 4);
    for instance in &fast_korf_instances() {
        let board =
            Board::new(goal.shape(), instance.tiles.to_vec()).expect("Korf boards are valid");
        let start = baseline::Board::new(instance.tiles, 4);
        let (row, times) = astar_row(&goal, &board, &start, &goal_board, repetitions);
        totals[0] += times[0];
        totals[1] += times[1];
        let _ = writeln!(report, "| Korf {} | {row}", instance.id);
    }
    let _ = writeln!(report);
    summary.add(
        "astar",
        format!(
            "A* + Manhattan, two 31-move 8-puzzles and {} Korf 15-puzzles, total time",
            fast_korf_instances().len()
        ),
        format!("{} ms", milliseconds(totals[0])),
        format!("pathfinding::astar, {} ms", milliseconds(totals[1])),
        format!(
            "{:.1}x its speed",
            totals[1].as_secs_f64() / totals[0].as_secs_f64()
        ),
    );
}

/// One row of the A* table, from the length column on, and the generic and `pathfinding`
/// median times; both searches must agree on the length.
fn astar_row<const CELLS: usize>(
    goal: &Board,
    board: &Board,
    baseline_start: &baseline::Board<CELLS>,
    baseline_goal: &baseline::Board<CELLS>,
    repetitions: usize,
) -> (String, [Duration; 2]) {
    let puzzle = SlidingPuzzle::<u64>::new(goal).expect("up to 4x4 fits a u64");
    let manhattan = Manhattan::new(goal);
    let start = puzzle.state(board).expect("the board fits the puzzle");
    let (generic_time, generic) =
        measure(repetitions, || generic_astar(&puzzle, &manhattan, start));
    let (baseline_time, baseline_length) = measure(repetitions, || {
        pathfinding_astar(baseline_start, baseline_goal)
    });
    let length = generic.solution().map(|solution| u32::from(solution.cost));
    assert_eq!(length, baseline_length, "both searches are optimal");
    let row = format!(
        "{} | {} | {} | {} | {} | {:.1}x |",
        length.expect("the instances are solvable"),
        generic.statistics.expanded,
        generic.statistics.stored,
        milliseconds(generic_time),
        milliseconds(baseline_time),
        baseline_time.as_secs_f64() / generic_time.as_secs_f64()
    );
    (row, [generic_time, baseline_time])
}

// Not inlined, so that profilers (`valgrind --tool=callgrind`) attribute each side's cost.
#[inline(never)]
fn generic_astar(
    puzzle: &SlidingPuzzle<u64>,
    manhattan: &Manhattan,
    start: puzzles::TileState<u64>,
) -> search_core::outcome::ResultOf<SlidingPuzzle<u64>> {
    astar(puzzle, manhattan, start)
}

#[inline(never)]
fn pathfinding_astar<const CELLS: usize>(
    start: &baseline::Board<CELLS>,
    goal: &baseline::Board<CELLS>,
) -> Option<u32> {
    baseline::astar_length(start, goal)
}

/// The argument that makes the bench a child process measuring A*'s memory (see
/// [`memory_section`]), followed by the number of nodes to store.
const MEMORY_CHILD: &str = "--memory-child";

/// Target 4: A*'s peak resident memory per stored 15-puzzle state.
///
/// A child process runs A* with the weak misplaced-tiles heuristic on Korf's instance 1 (57
/// moves) until it has stored `limit` nodes, so that the peak (`VmHWM`) is the search's alone and
/// not left over from other sections.
fn memory_section(report: &mut String, summary: &mut Summary, limit: usize) {
    let _ = writeln!(
        report,
        "## A* memory: misplaced tiles on Korf instance 1, stopped at {limit} stored nodes\n"
    );
    let executable = std::env::current_exe().expect("the bench knows its own path");
    let output = std::process::Command::new(executable)
        .args([MEMORY_CHILD, &limit.to_string()])
        .output()
        .expect("the bench can run itself");
    assert!(
        output.status.success(),
        "the memory child failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let numbers: Vec<u64> = String::from_utf8_lossy(&output.stdout)
        .split_whitespace()
        .map(|field| field.parse().expect("the child prints numbers"))
        .collect();
    let [stored, expanded, before_kib, peak_kib, milliseconds] = numbers[..] else {
        panic!("the child prints five numbers, not {numbers:?}")
    };
    let per_state = |kib: u64| kib as f64 * 1024.0 / stored as f64;
    table_head(
        report,
        &[
            "stored",
            "expanded",
            "peak RSS MiB",
            "bytes per stored state (peak RSS)",
            "bytes per stored state (peak RSS - RSS before)",
            "seconds",
        ],
    );
    let _ = writeln!(
        report,
        "| {stored} | {expanded} | {:.0} | {:.1} | {:.1} | {:.1} |\n",
        peak_kib as f64 / 1024.0,
        per_state(peak_kib),
        per_state(peak_kib - before_kib),
        milliseconds as f64 / 1e3,
    );
    summary.add(
        "memory",
        format!("A* memory, 15-puzzle, bytes per stored state at {stored} stored (peak RSS)"),
        format!("{:.1} bytes", per_state(peak_kib)),
        format!("target: at most {MEMORY_TARGET_BYTES} bytes"),
        format!(
            "{:.2} of the target",
            per_state(peak_kib) / MEMORY_TARGET_BYTES
        ),
    );
}

/// Target 4 of BENCHMARKS.md: the most bytes a stored 15-puzzle state may cost A*.
const MEMORY_TARGET_BYTES: f64 = 24.0;

/// The child side of [`memory_section`]: prints stored and expanded nodes, resident KiB before
/// the search, peak resident KiB, and milliseconds.
fn memory_child(limit: usize) {
    let goal = Board::blank_first(puzzles::Shape::new(4, 4).expect("4x4 is supported"));
    let puzzle = SlidingPuzzle::<u64>::new(&goal).expect("the 15-puzzle fits a u64");
    let instance = korf_instances()
        .into_iter()
        .find(|instance| instance.id == 1)
        .expect("Korf's list starts at 1");
    let board = Board::new(goal.shape(), instance.tiles.to_vec()).expect("Korf boards are valid");
    let start = puzzle.state(&board).expect("Korf boards fit the puzzle");
    let before = status_kib("VmRSS:");
    let limits = Limits::none().with_max_stored(limit);
    let began = Instant::now();
    let result = search_core::informed::astar_with(
        &puzzle,
        &puzzles::Misplaced::new(&goal),
        start,
        &limits,
        search_core::observer::NoObserver,
    );
    let elapsed = began.elapsed();
    let peak = status_kib("VmHWM:");
    assert_eq!(
        result.outcome,
        Outcome::LimitReached(search_core::Limit::Stored),
        "misplaced tiles cannot solve Korf 1 within the limit"
    );
    println!(
        "{} {} {before} {peak} {}",
        result.statistics.stored,
        result.statistics.expanded,
        elapsed.as_millis()
    );
}

/// A `kB` field of `/proc/self/status` (Linux).
fn status_kib(field: &str) -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .expect("/proc/self/status is readable")
        .lines()
        .find_map(|line| line.strip_prefix(field))
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|number| number.parse().ok())
        .expect("the field is present")
}

/// The release `slide` binary of this target directory (`cargo build --release` builds it):
/// `cargo bench` leaves this program in `release/deps`, the binary is in `release`.
fn slide_binary() -> std::path::PathBuf {
    let executable = std::env::current_exe().expect("the bench knows its own path");
    let mut directory = executable
        .parent()
        .expect("an executable lies in a directory");
    if directory.ends_with("deps") {
        directory = directory
            .parent()
            .expect("deps lies in the profile's directory");
    }
    let slide = directory.join(format!("slide{}", std::env::consts::EXE_SUFFIX));
    assert!(
        slide.exists(),
        "{} is missing: run `cargo build --release` first",
        slide.display()
    );
    slide
}

/// Runs `slide` with `arguments` and `input` on standard input; its standard output and the
/// wall time from spawn to exit.
fn run_slide(slide: &std::path::Path, arguments: &[&str], input: &str) -> (String, Duration) {
    use std::io::Write as _;
    use std::process::{Command, Stdio};
    let began = Instant::now();
    let mut child = Command::new(slide)
        .args(arguments)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("slide starts");
    child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(input.as_bytes())
        .expect("slide reads its input");
    let output = child.wait_with_output().expect("slide finishes");
    (
        String::from_utf8_lossy(&output.stdout).into_owned(),
        began.elapsed(),
    )
}

/// Target 2: a whole `slide` process on one 8-puzzle query, start to exit.
fn process_section(report: &mut String, summary: &mut Summary, repetitions: usize) {
    let _ = writeln!(
        report,
        "## One 8-puzzle query, whole `slide` process (medians of {repetitions} runs, taking turns)\n"
    );
    table_head(
        report,
        &[
            "command",
            "input",
            "answer",
            "median ms",
            "min ms",
            "median ms over `--version` in the same round",
        ],
    );
    let slide = slide_binary();
    type Case<'a> = (&'a [&'a str], &'a str, &'a str);
    // The last rows try other algorithm and heuristic choices than `Algorithm::default_for`.
    let cases: [Case<'_>; 10] = [
        (&["--version"], "", "start-up only"),
        (&[], "867254301\n123456780\n", "31"),
        (&[], "647850321\n123456780\n", "31"),
        (&[], "123456870\n123456780\n", "-1"),
        (&["solve", "867254301", "123456780"], "", "length: 31"),
        (&["solve", "647850321", "123456780"], "", "length: 31"),
        (&["solve", "123456870", "123456780"], "", "unsolvable"),
        (
            &["solve", "--algorithm", "idastar", "867254301", "123456780"],
            "",
            "length: 31",
        ),
        (
            &[
                "solve",
                "-a",
                "astar",
                "-H",
                "manhattan",
                "867254301",
                "123456780",
            ],
            "",
            "length: 31",
        ),
        (
            &[
                "solve",
                "-a",
                "idastar",
                "-H",
                "manhattan",
                "867254301",
                "123456780",
            ],
            "",
            "length: 31",
        ),
    ];
    // The cases take turns, round by round, so that a change in the machine's speed (the
    // host's, which a process start feels most) falls on all of them alike; each round's
    // `--version` run, first in the round, measures the start-up that the others pay too.
    let mut times = vec![Vec::with_capacity(repetitions); cases.len()];
    let mut answers = vec![String::new(); cases.len()];
    for _ in 0..repetitions {
        for ((arguments, input, _), (times, answer)) in
            cases.iter().zip(times.iter_mut().zip(&mut answers))
        {
            let (output, time) = run_slide(&slide, arguments, input);
            times.push(time);
            *answer = output;
        }
    }
    let start_up = times[0].clone();
    // The medians of the rows the summary quotes: the classic query and `slide solve`.
    let mut quoted = Vec::new();
    for ((arguments, input, expected), (times, answer)) in
        cases.iter().zip(times.into_iter().zip(answers))
    {
        let shown = if *expected == "start-up only" {
            expected.to_string()
        } else {
            let line = answer
                .lines()
                .find(|line| line.contains(expected))
                .unwrap_or_else(|| panic!("slide {arguments:?} printed {answer:?}"));
            line.trim().to_string()
        };
        let command = if arguments.is_empty() {
            "slide (classic, stdin)".to_string()
        } else {
            format!("slide {}", arguments.join(" "))
        };
        let beyond_start_up: Vec<f64> = (times.iter().zip(&start_up))
            .map(|(time, start_up)| (time.as_secs_f64() - start_up.as_secs_f64()) * 1e3)
            .collect();
        let least = times.iter().min().copied().unwrap_or_default();
        let median_time = median(times.clone());
        // A 31-move query with the default algorithm and heuristic (no flag chooses them).
        let default_choices = !arguments.iter().any(|argument| argument.starts_with('-'));
        if expected.ends_with("31") && default_choices {
            quoted.push((command.clone(), median_time));
        }
        let _ = writeln!(
            report,
            "| `{command}` | `{}` | {shown} | {:.2} | {:.2} | {:+.2} |",
            input.trim().replace('\n', " "),
            median_time.as_secs_f64() * 1e3,
            least.as_secs_f64() * 1e3,
            median(beyond_start_up),
        );
    }
    let _ = writeln!(report);
    // The slowest of the 31-move queries with the default choices: the target bounds them all.
    if let Some((command, time)) = quoted.into_iter().max_by_key(|(_, time)| *time) {
        let milliseconds = time.as_secs_f64() * 1e3;
        summary.add(
            "process",
            format!("one 31-move 8-puzzle query, whole process, slowest default row (`{command}`)"),
            format!("{milliseconds:.2} ms median"),
            format!("target: under {PROCESS_TARGET_MILLISECONDS} ms"),
            format!(
                "{:.2} of the target",
                milliseconds / PROCESS_TARGET_MILLISECONDS
            ),
        );
    }
}

/// Target 2 of BENCHMARKS.md: the longest median a whole `slide` process may take on one
/// 31-move 8-puzzle query.
const PROCESS_TARGET_MILLISECONDS: f64 = 2.0;

/// How many 15-puzzles the batch section solves.
///
/// About a second of searching with one job (0.7-1.1 s on the AMD EPYC of BENCHMARKS.md, as the
/// host's speed varies), so that starting the process and its threads (about 3 ms) is under 1%
/// of the two-job run. Until
/// linear conflict's update got four times faster the section solved the first 40 of these
/// lines, which then took 0.3-0.4 s; they take 0.09 s now, too short to measure scaling.
const BATCH_LINES: usize = 200;

/// The seeds of the batches the batch section solves, one table row each.
///
/// Why several: how close two workers come to halving a batch depends on where its longest
/// searches fall, since the lines are handed out in input order; one set of 200 lines (seed 1
/// before 2026-12-02 11:00 UTC, when `slide random` gave consecutive seeds shifted copies of one
/// another) allowed 1.88x, another allows 1.99x. Three sets show that spread.
const BATCH_SEEDS: [u64; 3] = [1, 2, 3];

/// Target 5: `slide batch` on two worker threads against one, on the same 15-puzzles.
///
/// Each batch is random walks of 50 moves from the goal (`slide random --seed S`), so the
/// instances are repeatable and solve in a fraction of a millisecond to a tenth of a second
/// each.
fn batch_section(report: &mut String, summary: &mut Summary, repetitions: usize) {
    let _ = writeln!(
        report,
        "## Batch scaling: {BATCH_LINES} random-walk 15-puzzles a batch (`slide random --size 4x4 --count {BATCH_LINES} --walk 50 --seed S`), medians of {repetitions}, the two job counts alternated\n"
    );
    table_head(
        report,
        &[
            "seed",
            "jobs 1 s",
            "jobs 2 s",
            "jobs 1 CPU s",
            "jobs 2 CPU s",
            "speed-up",
            "median of the rounds' speed-ups",
            "ideal speed-up (longest instance, of the total)",
            "ideal with the lines handed out in order",
            "searches' slowdown with two jobs",
            "expected: in-order ideal / slowdown",
        ],
    );
    let slide = slide_binary();
    let mut notes = Vec::new();
    for seed in BATCH_SEEDS {
        let (row, note, [speed_up, expected]) = batch_row(&slide, seed, repetitions);
        report.push_str(&row);
        notes.extend(note);
        summary.add(
            "batch",
            format!("`slide batch`, {BATCH_LINES} 15-puzzles (seed {seed}), 2 jobs against 1"),
            format!("{speed_up:.2}x speed-up"),
            format!("expected (in-order ideal / slowdown) {expected:.2}x; target 1.8x"),
            format!("{:.2} of the expected", speed_up / expected),
        );
    }
    let _ = writeln!(
        report,
        "\nThe slowdown is the median, over the rounds, of the searches' own times with two jobs \
         over those with one (the sum of each line's `seconds`): what the cores lose when both \
         are busy (shared caches and memory, and on a virtual machine whatever else the host \
         runs beside it), which no scheduling of the lines can win back.\n"
    );
    for note in notes {
        let _ = writeln!(report, "{note}\n");
    }
}

/// One batch's table row (with its line break), what the rounds' contention says of it when it
/// could be measured, and its speed-up and expected speed-up.
fn batch_row(
    slide: &std::path::Path,
    seed: u64,
    repetitions: usize,
) -> (String, Option<String>, [f64; 2]) {
    let (batch, _) = run_slide(
        slide,
        &[
            "random",
            "--size",
            "4x4",
            "--count",
            &BATCH_LINES.to_string(),
            "--walk",
            "50",
            "--seed",
            &seed.to_string(),
        ],
        "",
    );
    assert_eq!(
        batch.lines().count(),
        BATCH_LINES,
        "slide random printed {batch:?}"
    );
    // The two job counts alternate, so that a change in the machine's load between runs
    // touches both sides of the ratio alike; each run takes a fraction of a second, so the
    // medians need more runs than the other sections'.
    let runs = repetitions.max(1);
    let mut times = [Vec::with_capacity(runs), Vec::with_capacity(runs)];
    let mut processor_seconds = [0.0; 2];
    let mut search_seconds = Vec::new();
    // Each round's summed search times with two jobs over those with one.
    let mut slowdowns = Vec::with_capacity(runs);
    // What other processes took of the machine in each round (both runs), where measured.
    let mut others = Vec::with_capacity(runs);
    for _ in 0..runs {
        let round = CpuSnapshot::now();
        for (side, jobs) in ["1", "2"].into_iter().enumerate() {
            let processor_before = contention::children_processor_seconds();
            let (output, time) = run_slide(slide, &["batch", "--jobs", jobs], &batch);
            if let (Some(before), Some(after)) =
                (processor_before, contention::children_processor_seconds())
            {
                processor_seconds[side] += (after - before) / runs as f64;
            }
            assert_eq!(
                output.matches("\"solvable\":true").count(),
                BATCH_LINES,
                "every walk is solved"
            );
            times[side].push(time);
            let seconds = seconds_per_line(&output);
            if jobs == "1" {
                // Alone on its thread, each search's own clock is undisturbed by the other.
                search_seconds = seconds;
            } else {
                slowdowns.push(seconds.iter().sum::<f64>() / search_seconds.iter().sum::<f64>());
            }
        }
        others.extend(round.and_then(|round| round.others_since()));
    }
    // Each round's one-job time over the two-job time run right after it: a pair sees the
    // machine in one state, so a change of load between rounds cancels out of its ratio.
    let speed_ups: Vec<f64> = (times[0].iter().zip(&times[1]))
        .map(|(one, two)| one.as_secs_f64() / two.as_secs_f64())
        .collect();
    let paired_median = median(speed_ups.clone());
    let medians = times.map(median);
    // Two workers can at best split the total search time in halves, and no better than the
    // longest single instance allows.
    let total: f64 = search_seconds.iter().sum();
    let longest = search_seconds.iter().copied().fold(0.0, f64::max);
    let ideal = total / (total / 2.0).max(longest);
    // `slide batch` hands the lines out in input order, each to the first worker free: with
    // every search taking as long as alone, the two workers finish when the busier one does.
    let mut busy = [0.0f64; 2];
    for seconds in &search_seconds {
        let first_free = if busy[0] <= busy[1] { 0 } else { 1 };
        busy[first_free] += seconds;
    }
    let in_order = total / busy[0].max(busy[1]);
    let slowdown = median(slowdowns);
    let speed_up = medians[0].as_secs_f64() / medians[1].as_secs_f64();
    let expected = in_order / slowdown;
    let row = format!(
        "| {seed} | {:.2} | {:.2} | {:.2} | {:.2} | **{:.2}x** | {paired_median:.2}x | {ideal:.2}x ({longest:.2} s of {total:.2} s) | {in_order:.2}x | {slowdown:.2} | {:.2}x |\n",
        medians[0].as_secs_f64(),
        medians[1].as_secs_f64(),
        processor_seconds[0],
        processor_seconds[1],
        speed_up,
        expected,
    );
    // The rounds in which the machine was the bench's: another busy process takes more from the
    // two-job run than from the one-job run, so a shared machine lowers the speed-up.
    let note = (others.len() == runs).then(|| {
        let quiet: Vec<f64> = (speed_ups.iter().zip(&others))
            .filter(|&(_, &others)| others < QUIET_CORES)
            .map(|(&speed_up, _)| speed_up)
            .collect();
        let busiest = others.iter().copied().fold(0.0, f64::max);
        let quiet_rounds = quiet.len();
        let quiet_median = if quiet.is_empty() {
            "none".to_string()
        } else {
            format!("{:.2}x", median(quiet))
        };
        format!(
            "Seed {seed}: other processes kept a median of {:.2} cores busy in a round (at most \
             {busiest:.2}). In the {quiet_rounds} of {runs} rounds where they kept less than \
             {QUIET_CORES} of a core busy, the median speed-up was **{quiet_median}**.",
            median(others),
        )
    });
    (row, note, [speed_up, expected])
}

/// Other processes' use of the machine, in cores, below which a batch round counts as run
/// on a quiet machine: several times the background of the idle machine this was measured on
/// (0.01-0.02 of a core), and small beside the two cores a two-job run wants.
const QUIET_CORES: f64 = 0.1;

/// The `"seconds"` statistic of each JSON line `slide batch` printed.
fn seconds_per_line(output: &str) -> Vec<f64> {
    output
        .lines()
        .filter_map(|line| {
            let rest = &line[line.find("\"seconds\":")? + "\"seconds\":".len()..];
            let end = rest.find([',', '}']).unwrap_or(rest.len());
            rest[..end].parse().ok()
        })
        .collect()
}
