//! A tiles solve as a front end asks for it: the choices and options read, what the last solve
//! loaded reused (pattern databases, the pruning automaton), the phases, notes and warnings
//! told, and the answer written in the notation asked for.

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

use search_core::pruning::PruningAutomaton;
use search_core::{Limit, Limits, Statistics};

use super::TilesInstance;
use crate::front_end::answer::lower_bound;
use crate::front_end::{
    Answer, Choices, Ending, InstanceError, Listener, Options, Request, Solution,
};
use crate::pdb::{BuildEstimate, PdbError, causes, describe_warning, partitions};
use crate::tiles::{
    Algorithm, Board, ChosenPartition, CornerRelabelling, HeuristicKind, Move, PdbSource,
    RedundantSearchError, Shape, SolveError, SolveRequest, TileOutcome, format_moves, solvability,
    solve_request, tile_pruning_automaton,
};

/// What a session keeps between tiles solves: the pattern databases last loaded (with the
/// options they were loaded for) and the pruning automaton last made.
#[derive(Default)]
pub(super) struct Memory {
    databases: Option<(DatabaseOptions, PdbSource<'static>)>,
    automaton: Option<(Shape, usize, PruningAutomaton)>,
    /// The listener of the solve under way, which the kept databases' builds and cache
    /// warnings are told to.
    listener: Rc<RefCell<Option<Arc<dyn Listener>>>>,
}

/// The options the databases were loaded with: other options load others.
type DatabaseOptions = (Vec<String>, Option<usize>);

/// The databases kept in `slot` if they were made for `options`, else new ones, whose builds
/// and warnings are told to the listener in `listeners`, which is `listener` for this solve.
fn databases<'m>(
    slot: &'m mut Option<(DatabaseOptions, PdbSource<'static>)>,
    listeners: &Rc<RefCell<Option<Arc<dyn Listener>>>>,
    options: &Options,
    listener: &Arc<dyn Listener>,
) -> &'m mut PdbSource<'static> {
    *listeners.borrow_mut() = Some(Arc::clone(listener));
    let wanted = (options.databases.clone(), options.direct_tables);
    if let Some((made_for, _)) = slot {
        if *made_for != wanted {
            *slot = None;
        }
    }
    if slot.is_none() {
        let (warnings, builds) = (Rc::clone(listeners), Rc::clone(listeners));
        let mut databases = PdbSource::default_location()
            .on_warning(move |warning| {
                tell(&warnings, |listener| {
                    listener.warn(&describe_warning(warning))
                });
            })
            .on_progress(move |index, progress| {
                tell(&builds, |listener| {
                    let what = format!(
                        "building pattern database {} · depth {}",
                        index + 1,
                        progress.depth
                    );
                    listener.preparing(&what, progress.done as u64, progress.total as u64);
                });
            });
        if let Some(budget) = options.direct_tables {
            databases = databases.with_direct_tables(budget);
        }
        if !options.databases.is_empty() {
            let chosen = (options.databases.iter())
                .filter_map(|name| name.parse::<partitions::AskedPartition>().ok())
                .collect();
            databases = databases.with_asked_partitions(chosen);
        }
        *slot = Some((wanted, databases));
    }
    &mut slot.as_mut().expect("filled above").1
}

/// Calls `say` with the listener of the solve under way, if one is.
fn tell(listener: &RefCell<Option<Arc<dyn Listener>>>, say: impl FnOnce(&dyn Listener)) {
    if let Some(listener) = listener.borrow().as_ref() {
        say(&**listener);
    }
}

/// The algorithm `choices` and `options` name for boards of `shape`.
pub(super) fn algorithm(choices: &Choices, options: &Options, shape: Shape) -> Algorithm {
    let algorithm = match choices.algorithm.as_deref() {
        None => Algorithm::default_for(shape),
        Some("bfs") => Algorithm::Bfs,
        Some("bidirectional") => Algorithm::Bidirectional,
        Some("astar") => Algorithm::AStar,
        Some(_) => Algorithm::IdaStar,
    };
    match (algorithm, options.threads) {
        (Algorithm::IdaStar, Some(threads)) if threads.get() > 1 => {
            Algorithm::ParallelIdaStar(threads)
        }
        (algorithm, _) => algorithm,
    }
}

/// The heuristic asked for, if one was: `--partition` asks for pattern databases.
fn heuristic_asked(choices: &Choices, options: &Options) -> Option<HeuristicKind> {
    Some(match choices.heuristic.as_deref() {
        None if !options.databases.is_empty() => HeuristicKind::PatternDatabase,
        None => return None,
        Some("misplaced") => HeuristicKind::Misplaced,
        Some("manhattan") => HeuristicKind::Manhattan,
        Some("linear-conflict") => HeuristicKind::LinearConflict,
        Some(_) => HeuristicKind::PatternDatabase,
    })
}

/// Whether a hint about databases was given, so that a batch's lines give one between them.
static HINTED: AtomicBool = AtomicBool::new(false);

/// Whether a build was announced, for the same reason.
static ANNOUNCED: AtomicBool = AtomicBool::new(false);

/// Solves `instance` as `request` asks, keeping what the next solve can use in `memory`.
pub(super) fn solve(
    instance: &TilesInstance,
    request: &Request<'_>,
    memory: &mut Memory,
) -> Result<Answer, InstanceError> {
    let (start, goal) = (&instance.start, &instance.goal);
    let (choices, options, limits) = (request.choices, request.options, request.limits);
    let shape = start.shape();
    let algorithm = algorithm(choices, options, shape);
    let listener = &request.listener;
    // Pattern databases and duplicate pruning's sequences (a second, or many with long
    // sequences) are made only when a search runs: not for a board that is its goal or
    // cannot reach it, which `solve_request` answers at once.
    let needs_search = start != goal
        && solvability(start, goal).is_ok_and(|solvability| solvability.is_solvable());
    let program = request.program;
    let Memory {
        databases,
        automaton,
        listener: listeners,
    } = memory;
    let databases = self::databases(databases, listeners, options, listener);
    let asked = heuristic_asked(choices, options);
    let mut heuristic = match asked {
        Some(asked) => asked,
        None => {
            let chosen = HeuristicKind::default_with(goal, databases);
            if chosen != HeuristicKind::PatternDatabase && algorithm.uses_heuristic() {
                hint_build(goal, databases, &**listener, program);
            }
            chosen
        }
    };
    let database_goal = CornerRelabelling::database_goal(goal);
    let uses_databases = heuristic == HeuristicKind::PatternDatabase && algorithm.uses_heuristic();
    let estimate = (needs_search && uses_databases)
        .then(|| databases.build_estimate(&database_goal).ok())
        .flatten()
        .filter(|estimate| !estimate.is_empty());
    let time_left =
        (limits.deadline).map(|deadline| deadline.saturating_duration_since(Instant::now()));
    if let (Some(estimate), Some(left), Some(_)) = (estimate, time_left, asked) {
        // Asked for by name, the databases are built as asked, but the user hears that the
        // deadline will most likely cut the build short, and how to build them without one.
        if left.as_secs_f64() < estimate.seconds {
            let chosen = databases.partitions_for(&database_goal).unwrap_or_default();
            listener.note(&format!(
                "the --timeout leaves {:.1} s, less than the about {:.0} s that building the {shape} pattern databases takes, so the build will likely stop unfinished (what finishes is kept); `{program} pdb build {}{}` builds them once without a deadline",
                left.as_secs_f64(),
                estimate.seconds.ceil(),
                names(&chosen),
                goal_option(goal),
            ));
        }
    }
    if let (Some(estimate), Some(left), None) = (estimate, time_left, asked) {
        // A build the deadline would cut short is lost work: the search runs with what needs
        // no building, and says how to build the databases for next time.
        if left.as_secs_f64() < estimate.seconds {
            let fallback = HeuristicKind::default_for(shape);
            let chosen = databases.partitions_for(&database_goal).unwrap_or_default();
            listener.note(&format!(
                "the --timeout leaves {:.1} s, less than the about {:.0} s that building the {shape} pattern databases takes, so this searches with {fallback}; `{program} pdb build {}{}` builds them once",
                left.as_secs_f64(),
                estimate.seconds.ceil(),
                names(&chosen),
                goal_option(goal),
            ));
            heuristic = fallback;
        }
    }
    let uses_databases = heuristic == HeuristicKind::PatternDatabase && algorithm.uses_heuristic();
    if needs_search && uses_databases {
        if let Some(estimate) = estimate {
            announce_build(goal, databases, &estimate, &**listener);
        }
        listener.phase(if databases.is_cached(&database_goal) {
            "loading pattern databases"
        } else {
            "building pattern databases"
        });
        if let Err(limit) = load_databases(databases, goal, limits, program)? {
            let ending = Ending::LimitReached {
                limit,
                lower_bound: None,
            };
            return Ok(answer(algorithm, heuristic, ending, Statistics::default()));
        }
    }
    let name = algorithm.to_string();
    listener.phase(&format!("search {name}"));
    let progress = request.progress;
    let mut tile_request = SolveRequest::new(algorithm, heuristic, limits).with_progress(&progress);
    if let Some(crew) = request.crew {
        tile_request = tile_request.with_crew(crew);
    }
    if options.prune == Some(0) {
        tile_request = tile_request.without_default_pruning();
    }
    let report = match options.prune {
        Some(length) if needs_search && length > 0 => {
            listener.phase("finding redundant move sequences");
            let automaton = match automaton {
                Some((made_for, made_length, automaton))
                    if *made_for == shape && *made_length == length =>
                {
                    &*automaton
                }
                slot => match tile_pruning_automaton(shape, length, limits) {
                    Ok(made) => &slot.insert((shape, length, made)).2,
                    Err(RedundantSearchError::LimitReached(limit)) => {
                        let ending = Ending::LimitReached {
                            limit,
                            lower_bound: None,
                        };
                        let mut answer =
                            answer(algorithm, heuristic, ending, Statistics::default());
                        answer.hint = give_up_hint(instance, request, &answer);
                        return Ok(answer);
                    }
                    Err(error) => return Err(InstanceError::Failed(error.to_string())),
                },
            };
            listener.phase(&format!("search {name}"));
            solve_request(start, goal, tile_request.with_pruning(automaton), databases)
        }
        _ => solve_request(start, goal, tile_request, databases),
    };
    // The kept databases tell nobody between solves.
    *listeners.borrow_mut() = None;
    let report = report.map_err(|error| match error {
        SolveError::PatternDatabase(error) => database_failure(&error, program),
        other => InstanceError::Mismatch(causes(&other)),
    })?;
    let ending = match &report.outcome {
        TileOutcome::Solved { moves } => Ending::Solved(solution(start, moves, options)?),
        TileOutcome::Unsolvable => Ending::Unreachable {
            reason: reason(&report.solvability.to_string()),
            reaches: instance.reaches(),
        },
        TileOutcome::LimitReached(limit) => Ending::LimitReached {
            limit: *limit,
            lower_bound: if algorithm.is_idastar() {
                lower_bound(&report.statistics)
            } else {
                None
            },
        },
    };
    let mut answer = answer(
        report.algorithm,
        report.heuristic,
        ending,
        report.statistics,
    );
    answer.databases = report.databases;
    answer.hint = give_up_hint(instance, request, &answer);
    Ok(answer)
}

/// The answer of `algorithm` (and `heuristic`, if it uses one), named as tiles' answers have
/// always named them (`pattern-database`).
fn answer(
    algorithm: Algorithm,
    heuristic: HeuristicKind,
    ending: Ending,
    statistics: Statistics,
) -> Answer {
    let heuristic = algorithm.uses_heuristic().then(|| heuristic.to_string());
    let mut answer =
        Answer::without_search(&algorithm.to_string(), heuristic.as_deref(), None, ending);
    answer.statistics = statistics;
    answer
}

/// Solvability's words without their leading verdict (`unsolvable: `), which the answer says.
pub(super) fn reason(solvability: &str) -> String {
    (solvability.split_once(": "))
        .map_or(solvability, |(_, reason)| reason)
        .to_owned()
}

/// The solution of `moves` from `start`, its moves written in the notation of `options`: the
/// blank's directions, or the numbers of the tiles moved (each slides the opposite way to the
/// blank).
fn solution(start: &Board, moves: &[Move], options: &Options) -> Result<Solution, InstanceError> {
    let mut boards = vec![start.clone()];
    for &step in moves {
        let next = (boards.last().and_then(|board| board.apply(step)))
            .ok_or_else(|| InstanceError::Failed(format!("the move {step} leaves the board")))?;
        boards.push(next);
    }
    let (names, line): (Vec<String>, String) = match options.notation.as_deref() {
        Some("tiles") => {
            let tiles: Vec<String> = (boards.windows(2))
                .map(|pair| pair[0].tile(pair[1].blank()).to_string())
                .collect();
            let line = tiles.join(" ");
            (tiles, line)
        }
        _ => (
            moves.iter().map(Move::to_string).collect(),
            format_moves(moves),
        ),
    };
    Ok(Solution {
        cost: moves.len() as u64,
        moves: names,
        line,
        states: boards.iter().map(Board::to_line).collect(),
    })
}

/// Loads (or builds) the databases a search towards `goal` uses before the search asks for
/// them, one solve at a time: the jobs of a batch on an empty cache would otherwise build the
/// same files side by side, each on all the cores, where one builds them and the others then
/// map the saved files. `Err(limit)` when `limits` stopped a build.
fn load_databases(
    databases: &mut PdbSource<'_>,
    goal: &Board,
    limits: &Limits,
    program: &str,
) -> Result<Result<(), Limit>, InstanceError> {
    static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());
    let database_goal = CornerRelabelling::database_goal(goal);
    // A solve that panicked while loading left nothing half-done behind the lock: the cache
    // writes files whole or not at all.
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(PoisonError::into_inner);
    match databases.heuristic_within(&database_goal, limits) {
        Ok(_) => Ok(Ok(())),
        Err(PdbError::Stopped(limit)) => Ok(Err(limit)),
        Err(error) => Err(database_failure(&error, program)),
    }
}

/// Why pattern databases could not be had: a file or the cache that could not be read or
/// written is a failure of the machine's; anything else (a partition for another board, a
/// table too large) is the request's. Databases of one's own patterns that are not cached are
/// the request's too, and the message names the `program` command that builds them.
fn database_failure(error: &PdbError, program: &str) -> InstanceError {
    match error {
        PdbError::Io { .. } => InstanceError::Failed(causes(error)),
        PdbError::OwnPartitionNotCached {
            partition,
            width,
            height,
        } => {
            let build = (partition.parse::<partitions::OwnPartition>())
                .map(|own| own.build_arguments())
                .unwrap_or_default();
            InstanceError::Mismatch(format!(
                "{error}: `{program} pdb build --size {width}x{height} {build}` builds them"
            ))
        }
        other => InstanceError::Mismatch(causes(other)),
    }
}

/// Says once (per process) that the pattern databases for `goal` are about to be built:
/// which, how big, how long they take, and where they are kept.
fn announce_build(
    goal: &Board,
    databases: &PdbSource<'_>,
    estimate: &BuildEstimate,
    listener: &dyn Listener,
) {
    let database_goal = CornerRelabelling::database_goal(goal);
    let Ok(chosen) = databases.partitions_for(&database_goal) else {
        // The search reports the error itself.
        return;
    };
    if ANNOUNCED.swap(true, Ordering::Relaxed) {
        return;
    }
    let place = match databases.cache() {
        Some(cache) => format!("into {}", cache.directory().display()),
        None => "in memory (no cache directory)".to_owned(),
    };
    listener.note(&format!(
        "building the {shape} pattern databases {} ({}, about {:.0} s) {place}, once",
        names(&chosen),
        bytes_text(estimate.bytes),
        estimate.seconds.ceil(),
        shape = goal.shape(),
    ));
}

/// Says once (per process) which `pdb build` command makes the databases that would solve
/// boards towards `goal` faster, if the board has standard ones.
fn hint_build(goal: &Board, databases: &PdbSource<'_>, listener: &dyn Listener, program: &str) {
    let shape = goal.shape();
    let has_standard = partitions::Standard::for_board(shape.width(), shape.height())
        .next()
        .is_some();
    if !has_standard || HINTED.swap(true, Ordering::Relaxed) {
        return;
    }
    if let Some(warning) = databases.no_cache_warning() {
        // `pdb build` would have nowhere to keep them either: say why instead.
        listener.note(&format!("{warning}, so {shape} boards use linear conflict"));
        return;
    }
    let database_goal = CornerRelabelling::database_goal(goal);
    let chosen = databases.partitions_for(&database_goal).unwrap_or_default();
    listener.note(&format!(
        "no pattern databases for {shape} are cached, so this uses linear conflict; \
         `{program} pdb build {}{}` builds them once ({}, minutes) for far faster solves",
        names(&chosen),
        goal_option(goal),
        size_text(shape, &chosen)
    ));
}

/// ` --goal GOAL` for a `pdb build` command making databases for `goal`, empty for the
/// blank-first goal, which is the command's default.
fn goal_option(goal: &Board) -> String {
    let database_goal = CornerRelabelling::database_goal(goal);
    if database_goal == Board::blank_first(goal.shape()) {
        String::new()
    } else {
        format!(" --goal {}", shell_word(&goal.to_line()))
    }
}

/// What to try when a limit stopped the search of `answer`, in one sentence naming the cure:
/// for a deadline or a node limit, pattern databases (with the command that builds the strong
/// ones, if the search did without them) or a larger limit; for the memory guard, the
/// algorithm that stores nothing or shorter pruned sequences.
fn give_up_hint(
    instance: &TilesInstance,
    request: &Request<'_>,
    answer: &Answer,
) -> Option<String> {
    let (options, program) = (request.options, request.program);
    // The limit as given: the count the search ends with may pass it (a search can store a
    // layer's last successors before it looks again), and is in the statistics anyway.
    let max_stored =
        (request.limits.max_stored).map_or_else(String::new, |most| format!(" of {most}"));
    let Ending::LimitReached { limit, .. } = &answer.ending else {
        return None;
    };
    let shape = instance.start.shape();
    let option = match limit {
        Limit::Deadline => "a larger --timeout",
        Limit::Expanded => "a larger --max-nodes",
        Limit::Stored => {
            return Some(match options.prune {
                // IDA* stores no nodes: the sequences duplicate pruning remembers reached it.
                Some(length) => format!(
                    "the search for redundant move sequences of up to {length} moves (--prune) reached the --max-stored limit{max_stored} remembered sequences; raise it if memory allows, or prune shorter sequences"
                ),
                None => format!(
                    "the search reached the --max-stored limit{max_stored} stored nodes; raise it if memory allows, or use --algorithm idastar, which stores none"
                ),
            });
        }
        _ => return None,
    };
    let heuristic = answer.heuristic.as_deref();
    let standard: Vec<partitions::Standard> =
        partitions::Standard::for_board(shape.width(), shape.height()).collect();
    let without_databases = heuristic.is_some_and(|name| name != "pattern-database");
    if without_databases && shape.cells() > 16 && !standard.is_empty() {
        // Beyond 4x4 the databases take minutes and gigabytes to build: the command that
        // builds them, rather than `-H pdb`, which would build them inside the search's time.
        let chosen: Vec<ChosenPartition> = (standard.iter())
            .map(|&partition| ChosenPartition::standard(&instance.goal, partition))
            .collect();
        return Some(format!(
            "`{program} pdb build {}{}` builds pattern databases once ({}, minutes), which prune far more; or try {option}",
            names(&chosen),
            goal_option(&instance.goal),
            size_text(shape, &chosen)
        ));
    }
    if without_databases && shape.cells() > 9 {
        return Some(format!(
            "try --heuristic pdb (pattern databases prune far more), or {option}"
        ));
    }
    // The strongest partitions of the board, when the search used weaker ones.
    let strongest = *standard.first()?;
    let used_strongest = (answer.databases.iter()).any(|name| name == strongest.name());
    if heuristic != Some("pattern-database") || used_strongest || answer.databases.is_empty() {
        return Some(format!("try {option}"));
    }
    let chosen = [ChosenPartition::standard(&instance.goal, strongest)];
    Some(format!(
        "`{program} pdb build {}{}` builds stronger pattern databases once ({}, minutes), which solve such boards far sooner; or try {option}",
        strongest.name(),
        goal_option(&instance.goal),
        size_text(shape, &chosen)
    ))
}

/// The partitions' names, separated by commas.
fn names(chosen: &[ChosenPartition]) -> String {
    let names: Vec<&str> = chosen
        .iter()
        .map(|partition| partition.name.as_str())
        .collect();
    names.join(",")
}

/// About how many bytes the databases of `chosen` take on boards of `shape`, as `about 290 MB`:
/// a table has an entry per placement of its pattern's tiles, two entries a byte.
fn size_text(shape: Shape, chosen: &[ChosenPartition]) -> String {
    let cells = shape.cells() as u64;
    let bytes: u64 = (chosen.iter())
        .flat_map(|partition| &partition.patterns)
        .map(|pattern| {
            let placements = (0..pattern.len() as u64)
                .map(|i| cells - i)
                .product::<u64>();
            placements.div_ceil(2)
        })
        .sum();
    bytes_text(bytes)
}

/// `bytes` as `about 290 MB`.
fn bytes_text(bytes: u64) -> String {
    match bytes {
        bytes if bytes >= 1 << 30 => format!("about {:.1} GB", bytes as f64 / 1e9),
        bytes if bytes >= 1 << 20 => format!("about {} MB", bytes.div_ceil(1_000_000)),
        bytes => format!("about {} kB", bytes.div_ceil(1000)),
    }
}

/// `text` as one word of a shell command a user can paste: as it is when it holds only
/// characters no shell treats specially, else in single quotes (a board of numbers holds
/// spaces, `1 2 3/4 0 5`).
fn shell_word(text: &str) -> String {
    let plain = !text.is_empty()
        && text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '/' | '-' | '_' | ',' | ':'));
    if plain {
        text.to_owned()
    } else {
        format!("'{}'", text.replace('\'', "'\\''"))
    }
}

#[cfg(test)]
mod tests {
    use super::{reason, shell_word};

    #[test]
    fn hints_quote_words_a_shell_would_split() {
        assert_eq!(shell_word("1234.5678"), "1234.5678");
        assert_eq!(shell_word("1 2 3/4 0 5"), "'1 2 3/4 0 5'");
        assert_eq!(shell_word("it's"), "'it'\\''s'");
    }

    #[test]
    fn reasons_leave_the_verdict_to_the_answer() {
        assert_eq!(
            reason("unsolvable: the parities differ"),
            "the parities differ"
        );
        assert_eq!(reason("no verdict"), "no verdict");
    }
}
