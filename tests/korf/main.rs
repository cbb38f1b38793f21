//! Korf's benchmark sets solved optimally with additive pattern databases and IDA*: the
//! 15-puzzle's 100 instances (Korf 1985) and the 24-puzzle's 50 (Korf & Felner 2002).
//!
//! ```text
//! cargo bench -p tests --bench korf -- fifteen [--partition 7-8|7-8-diagonal|7-8-antidiagonal|6-6-3|5-5-5[,..]] [--lookups regular|reflected|dual] [--full] [--direct MIB] [--prune L] [--cache DIR]
//! cargo bench -p tests --bench korf -- twenty-four [--partition 6-6-6-6|6-6-6-6-pinwheel|7-7-5-5[,..]] [--minutes M] [--jobs N] [--threads T] [--ids 1,2,..] [--direct MIB] [--prune L] [--cache DIR]
//! ```
//! Databases are loaded from (or built into) the cache directory, by default the user's cache;
//! the time to build them is reported apart from the search. Every solution length is checked
//! against the published optimum; a 24-puzzle instance that exceeds its time budget is reported
//! as such, with the nodes it had generated and a projection of the nodes (and hours, at its
//! rate) to the end of the iteration at the optimal length, an estimate that ranks which
//! instances to give an hour next. `--lookups` chooses which states the 15-puzzle's
//! heuristic looks up (the state alone, with its reflection, the default, or both and their
//! duals); `--partition a,b,..` maxes the estimates of several partitions
//! (`7-8,7-8-diagonal,7-8-antidiagonal` takes about 870 MB and over three minutes to build the
//! first time, one 8-tile database after the other) and lists the nodes generated per instance.
//! The 24-puzzle maxes Korf & Felner's 6-6-6-6 with our pinwheel 6-6-6-6 by default
//! (`6-6-6-6,6-6-6-6-pinwheel`: four more databases, 255 MB on disk, built in about 40 s the
//! first time; 0.29 to 0.82 of the nodes on six instances, each node about 1.4 times as slow);
//! `--partition 6-6-6-6` searches with the published partition alone.
//! IDA* estimates incrementally ([`PdbHeuristic::incremental`]); `--full` recomputes every
//! lookup at every node instead, for comparison (same nodes, more time). `--direct MIB` gives
//! the databases [direct tables](PdbHeuristic::with_direct_tables) within that many MiB: by
//! default 1024 per partition for the 24-puzzle (each four 6-tile databases take 488 MB more,
//! filled in a few seconds, and the search runs 1.6-1.9 times as fast) and 0 for the 15-puzzle (whose 100
//! searches take less time than filling the tables). `--prune L` skips the paths that contain a
//! redundant move sequence of up to `L` moves ([`tile_pruning_automaton`], Taylor & Korf's
//! duplicate pruning): by default 14 for the 24-puzzle (a third to a half fewer nodes, the
//! automaton made in about a second) and 0, none, for the 15-puzzle, so that its node counts
//! compare with the published ones.

use std::collections::VecDeque;
use std::num::NonZeroUsize;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use puzzles::pdb::{BuildProgress, CacheWarning, Lookups, PdbCache, partitions};
use puzzles::{
    Board, PackedWord, PdbHeuristic, Shape, SlidingPuzzle, TileState, tile_pruning_automaton,
};
use tests::projection::projected;

use search_core::{
    InPlace, Limit, Limits, Outcome, Statistics, heuristic::IncrementalHeuristic,
    idastar::idastar_parallel, idastar::idastar_with, observer::NoObserver, pruning::Pruned,
    pruning::PrunedHeuristic, pruning::PruningAutomaton,
};

const FIFTEEN: &str = include_str!("../../puzzles/tests/data/korf100.txt");
const TWENTY_FOUR: &str = include_str!("../../puzzles/tests/data/korf24_50.txt");

struct Instance {
    id: usize,
    optimal: usize,
    tiles: Vec<u8>,
}

fn instances(text: &str) -> Vec<Instance> {
    text.lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let numbers: Vec<usize> = line
                .split_whitespace()
                .map(|field| field.parse().expect("numbers"))
                .collect();
            Instance {
                id: numbers[0],
                optimal: numbers[1],
                tiles: numbers[2..].iter().map(|&tile| tile as u8).collect(),
            }
        })
        .collect()
}

/// The value following `--name`, if given.
fn option(arguments: &[String], name: &str) -> Option<String> {
    arguments
        .iter()
        .position(|argument| argument == name)
        .and_then(|at| arguments.get(at + 1))
        .cloned()
}

fn main() {
    let arguments: Vec<String> = std::env::args().skip(1).collect();
    let cache = option(&arguments, "--cache")
        .map(PdbCache::new)
        .or_else(PdbCache::default_location)
        .expect("no cache directory: pass --cache DIR");
    match arguments.first().map(String::as_str) {
        Some("fifteen") => fifteen(&arguments, &cache),
        Some("twenty-four") => twenty_four(&arguments, &cache),
        _ => {
            eprintln!("usage: korf fifteen|twenty-four [options] (see the source's header)");
            std::process::exit(2);
        }
    }
}

/// Reports a database build's progress on stderr.
fn progress(pattern: usize, step: BuildProgress) {
    eprint!(
        "\rbuilding pattern {}: layer {} ({} of {})    ",
        pattern + 1,
        step.depth,
        step.done,
        step.total
    );
}

/// Reports cache trouble on stderr.
fn warn(warning: &CacheWarning) {
    eprintln!("\n{warning}");
}

/// A partition's name for `--partition`, and its patterns.
type NamedPartition<'a> = (&'a str, &'a [&'a [u8]]);

/// The partitions `--partition a,b,..` names (by default `default`) among `known`, and those
/// names: several, separated by commas, are looked up each and maxed.
fn chosen_partitions<'a>(
    arguments: &[String],
    default: &str,
    known: &[NamedPartition<'a>],
) -> (String, Vec<&'a [&'a [u8]]>) {
    let names = option(arguments, "--partition").unwrap_or_else(|| default.to_string());
    let partitions = names
        .split(',')
        .map(|name| {
            let found = known.iter().find(|(known, _)| *known == name);
            found.map(|&(_, partition)| partition).unwrap_or_else(|| {
                let names: Vec<&str> = known.iter().map(|(name, _)| *name).collect();
                panic!("unknown partition {name}: one of {}", names.join(", "))
            })
        })
        .collect();
    (names, partitions)
}

/// Loads the databases of `partitions` (the first, maxed with the others) for `goal`,
/// reporting build progress on stderr.
fn heuristic(goal: &Board, partitions: &[&[&[u8]]], cache: &PdbCache) -> (PdbHeuristic, Duration) {
    let began = Instant::now();
    let heuristic = PdbHeuristic::from_cache_maxed(goal, partitions, cache, progress, warn)
        .expect("the pattern databases build");
    eprintln!();
    (heuristic, began.elapsed())
}

/// Gives the databases direct tables within `--direct MIB` (0 for none), by default within
/// `default` MiB.
fn with_direct_tables(
    heuristic: PdbHeuristic,
    arguments: &[String],
    default: usize,
) -> (PdbHeuristic, Duration) {
    let mebibytes: usize = option(arguments, "--direct").map_or(default, |text| {
        text.parse().expect("--direct takes a number of MiB")
    });
    let began = Instant::now();
    let heuristic = heuristic
        .with_direct_tables(mebibytes << 20)
        .expect("the direct tables fit in memory");
    (heuristic, began.elapsed())
}

/// The automaton of the redundant move sequences of up to `--prune LENGTH` moves (0 for none:
/// parent pruning alone), by default up to `default`, and the time it took.
fn pruning(
    arguments: &[String],
    shape: Shape,
    default: usize,
) -> (Option<PruningAutomaton>, Duration) {
    let length: usize = option(arguments, "--prune").map_or(default, |text| {
        text.parse().expect("--prune takes a number of moves")
    });
    let began = Instant::now();
    let automaton = (length > 0).then(|| {
        tile_pruning_automaton(shape, length, &Limits::none())
            .expect("--prune takes at most 28 moves")
    });
    (automaton, began.elapsed())
}

/// How a search ended: the optimal cost, or the limit that stopped it.
enum Ended {
    Solved(usize),
    Stopped(Limit),
}

/// IDA* on `threads` threads (the serial search for one), on `puzzle` or, with an automaton, on
/// the puzzle pruned by it.
fn search<Word, H>(
    puzzle: &SlidingPuzzle<Word>,
    heuristic: &H,
    start: TileState<Word>,
    limits: &Limits,
    threads: NonZeroUsize,
    automaton: Option<&PruningAutomaton>,
) -> (Ended, Statistics)
where
    Word: PackedWord,
    H: IncrementalHeuristic<SlidingPuzzle<Word>> + Sync,
    H::Memo: Send + Sync,
{
    match automaton {
        None => run(puzzle, heuristic, start, limits, threads),
        Some(automaton) => {
            let pruned = Pruned::new(puzzle, automaton).expect("four slots each");
            let start = pruned.start(start);
            run(
                &pruned,
                &PrunedHeuristic::new(heuristic),
                start,
                limits,
                threads,
            )
        }
    }
}

/// [`search`] on any problem: the pruned puzzle or the puzzle itself.
fn run<P, H>(
    problem: &P,
    heuristic: &H,
    start: P::State,
    limits: &Limits,
    threads: NonZeroUsize,
) -> (Ended, Statistics)
where
    P: InPlace<Cost = u16> + Sync,
    P::State: Send + Sync,
    P::Action: Send + Sync,
    H: IncrementalHeuristic<P> + Sync,
    H::Memo: Send + Sync,
{
    let result = if threads.get() > 1 {
        idastar_parallel(problem, heuristic, start, limits, threads)
    } else {
        idastar_with(problem, heuristic, start, limits, NoObserver)
    };
    let ended = match result.outcome {
        Outcome::Solved(solution) => Ended::Solved(usize::from(solution.cost)),
        Outcome::LimitReached(limit) => Ended::Stopped(limit),
        Outcome::Unreachable => unreachable!("Korf's instances are solvable"),
    };
    (ended, result.statistics)
}

fn fifteen(arguments: &[String], cache: &PdbCache) {
    let (name, partitions) = chosen_partitions(
        arguments,
        "7-8",
        &[
            ("7-8", &partitions::FIFTEEN_7_8),
            ("7-8-diagonal", &partitions::FIFTEEN_7_8_DIAGONAL),
            ("7-8-antidiagonal", &partitions::FIFTEEN_7_8_ANTIDIAGONAL),
            ("6-6-3", &partitions::FIFTEEN_6_6_3),
            ("5-5-5", &partitions::FIFTEEN_5_5_5),
        ],
    );
    let shape = Shape::new(4, 4).expect("4x4 is supported");
    let goal = Board::blank_first(shape);
    let lookups = match option(arguments, "--lookups").as_deref() {
        None | Some("reflected") => Lookups::Reflected,
        Some("regular") => Lookups::Regular,
        Some("dual") => Lookups::Dual,
        Some(other) => panic!("unknown lookups {other}: regular, reflected or dual"),
    };
    let (heuristic, mut load_time) = heuristic(&goal, &partitions, cache);
    // Filling direct tables for the 7-tile databases takes longer than it saves over the 100.
    let (heuristic, direct_time) =
        with_direct_tables(heuristic.with_lookups(lookups), arguments, 0);
    load_time += direct_time;
    let incremental = heuristic.incremental();
    // `--full` estimates every node from scratch, to compare with the incremental estimate.
    let full = arguments.iter().any(|argument| argument == "--full");
    let puzzle = SlidingPuzzle::<u64>::new(&goal).expect("the 15-puzzle fits a u64");
    // Without pruning by default, so that node counts compare with the published ones.
    let (automaton, prune_time) = pruning(arguments, shape, 0);
    load_time += prune_time;
    let instances = instances(FIFTEEN);
    // Both cores, one instance at a time each: the instances are independent.
    let queue = Mutex::new(instances.iter().collect::<VecDeque<_>>());
    let results = Mutex::new(Vec::new());
    let began = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..std::thread::available_parallelism().map_or(1, usize::from) {
            scope.spawn(|| {
                loop {
                    let Some(instance) = queue.lock().expect("no panics").pop_front() else {
                        break;
                    };
                    let board =
                        Board::new(shape, instance.tiles.clone()).expect("Korf boards are valid");
                    let start = puzzle.state(&board).expect("4x4");
                    let (limits, one) = (Limits::none(), NonZeroUsize::MIN);
                    let automaton = automaton.as_ref();
                    let (ended, statistics) = if full {
                        search(&puzzle, &heuristic, start, &limits, one, automaton)
                    } else {
                        search(&puzzle, &incremental, start, &limits, one, automaton)
                    };
                    let Ended::Solved(length) = ended else {
                        unreachable!("no limits")
                    };
                    assert_eq!(length, instance.optimal, "instance {}", instance.id);
                    results
                        .lock()
                        .expect("no panics")
                        .push((instance.id, statistics));
                }
            });
        }
    });
    let wall = began.elapsed();
    let mut results = results.into_inner().expect("no panics");
    results.sort_by_key(|(id, _)| *id);
    let generated: u64 = results
        .iter()
        .map(|(_, statistics)| statistics.generated)
        .sum();
    let cpu: Duration = results
        .iter()
        .map(|(_, statistics)| statistics.elapsed)
        .sum();
    if option(arguments, "--lookups").is_some() {
        println!("| instance | optimal | generated | seconds |");
        println!("|---|---|---|---|");
        for (id, statistics) in &results {
            let optimal = instances
                .iter()
                .find(|i| i.id == *id)
                .map_or(0, |i| i.optimal);
            println!(
                "| {id} | {optimal} | {} | {:.3} |",
                statistics.generated,
                statistics.elapsed.as_secs_f64()
            );
        }
    }
    let evaluation = if full { "full" } else { "incremental" };
    println!(
        "Korf's 100 15-puzzles, IDA* + {name} additive PDBs with {lookups} lookups, {evaluation} estimates:"
    );
    println!("  all {} optimal", results.len());
    println!("  databases loaded in {:.2} s", load_time.as_secs_f64());
    println!(
        "  search wall time {:.3} s on {} threads, search CPU {:.3} s",
        wall.as_secs_f64(),
        std::thread::available_parallelism().map_or(1, usize::from),
        cpu.as_secs_f64()
    );
    println!(
        "  generated nodes {generated}, average {} per instance",
        generated / results.len() as u64
    );
}

/// A 24-puzzle partition with two 7-tile patterns (issue 47's first candidate for stronger
/// estimates): the top-left block {1,2,5,6,7,10,11}, which is its own mirror image, the top-right
/// {3,4,8,9,12,13,14}, and two 5-tile patterns below. Not a default: BENCHMARKS.md's 24-puzzle
/// section has what it measured (far more nodes alone, a fifth fewer maxed with the default, at
/// several times the time a node).
const EXPERIMENT_7_7_5_5: [&[u8]; 4] = [
    &[1, 2, 5, 6, 7, 10, 11],
    &[3, 4, 8, 9, 12, 13, 14],
    &[15, 16, 20, 21, 22],
    &[17, 18, 19, 23, 24],
];

fn twenty_four(arguments: &[String], cache: &PdbCache) {
    let minutes: f64 = option(arguments, "--minutes")
        .map_or(10.0, |text| text.parse().expect("--minutes takes a number"));
    let jobs: usize =
        option(arguments, "--jobs").map_or(2, |text| text.parse().expect("--jobs takes a number"));
    // Threads per instance: with more than one, each instance runs `idastar_parallel`.
    let threads: NonZeroUsize = option(arguments, "--threads").map_or(NonZeroUsize::MIN, |text| {
        text.parse().expect("--threads takes a positive number")
    });
    let ids: Option<Vec<usize>> = option(arguments, "--ids").map(|text| {
        text.split(',')
            .map(|id| id.parse().expect("--ids takes numbers"))
            .collect()
    });
    let shape = Shape::new(5, 5).expect("5x5 is supported");
    let goal = Board::blank_first(shape);
    let (_, partitions) = chosen_partitions(
        arguments,
        "6-6-6-6,6-6-6-6-pinwheel",
        &[
            ("6-6-6-6", &partitions::TWENTY_FOUR_6_6_6_6),
            (
                "6-6-6-6-pinwheel",
                &partitions::TWENTY_FOUR_6_6_6_6_PINWHEEL,
            ),
            ("7-7-5-5", &EXPERIMENT_7_7_5_5),
        ],
    );
    let (heuristic, load_time) = heuristic(&goal, &partitions, cache);
    let (heuristic, direct_time) =
        with_direct_tables(heuristic, arguments, 1024 * partitions.len());
    eprintln!(
        "databases loaded in {:.1} s, direct tables made in {:.1} s",
        load_time.as_secs_f64(),
        direct_time.as_secs_f64()
    );
    let puzzle = SlidingPuzzle::<u128>::new(&goal).expect("the 24-puzzle fits a u128");
    let (automaton, prune_time) = pruning(arguments, shape, 14);
    if let Some(automaton) = &automaton {
        eprintln!(
            "pruning automaton of {} states made in {:.1} s",
            automaton.states(),
            prune_time.as_secs_f64()
        );
    }
    let selected: VecDeque<Instance> = instances(TWENTY_FOUR)
        .into_iter()
        .filter(|instance| ids.as_ref().is_none_or(|ids| ids.contains(&instance.id)))
        .collect();
    let queue = Mutex::new(selected);
    // The start's estimate is the first threshold: the further it is below the optimal length,
    // the more iterations, each a few times the work of the one before.
    println!(
        "| instance | optimal | start estimate | result | generated | seconds | projected to the optimal iteration's end |"
    );
    println!("|---|---|---|---|---|---|---|");
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            scope.spawn(|| {
                loop {
                    let Some(instance) = queue.lock().expect("no panics").pop_front() else {
                        break;
                    };
                    let board = Board::new(shape, instance.tiles.clone())
                        .expect("Korf-Felner boards are valid");
                    let start = puzzle.state(&board).expect("5x5");
                    let limits =
                        Limits::none().with_timeout(Duration::from_secs_f64(minutes * 60.0));
                    let heuristic = heuristic.incremental();
                    let (ended, statistics) = search(
                        &puzzle,
                        &heuristic,
                        start,
                        &limits,
                        threads,
                        automaton.as_ref(),
                    );
                    let verdict = match ended {
                        Ended::Solved(length) => {
                            assert_eq!(length, instance.optimal, "instance {}", instance.id);
                            format!("solved, {length} moves")
                        }
                        Ended::Stopped(limit) => format!("stopped: {limit}"),
                    };
                    let start_estimate = (statistics.iterations.first())
                        .map_or_else(|| "-".to_string(), |first| first.threshold.to_string());
                    let projection = match ended {
                        Ended::Stopped(_) => projected(&statistics, instance.optimal as u64)
                            .map_or_else(
                                || "-".to_string(),
                                |nodes| {
                                    let rate = statistics.generated as f64
                                        / statistics.elapsed.as_secs_f64().max(1e-9);
                                    format!("{nodes:.2e} nodes, {:.1} h", nodes / rate / 3600.0)
                                },
                            ),
                        Ended::Solved(_) => "-".to_string(),
                    };
                    println!(
                        "| {} | {} | {start_estimate} | {verdict} | {} | {:.1} | {projection} |",
                        instance.id,
                        instance.optimal,
                        statistics.generated,
                        statistics.elapsed.as_secs_f64()
                    );
                }
            });
        }
    });
}
