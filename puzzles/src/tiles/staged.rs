//! IDA* with pattern databases that pays for its speed-ups only when the search runs long:
//! the databases' direct tables and duplicate pruning are made once the search has shown it
//! will take longer than making them.
//!
//! Why: on the 24-puzzle the direct tables (976 MB for the two 6-6-6-6 partitions) take 12 to
//! 19 s to fill on two cores and make IDA* 1.6 to 2.6 times as fast, and duplicate pruning of
//! move sequences up to 14 moves takes about a second to set up and halves the nodes. A
//! 10-move board is solved in a twentieth of a second without either; Korf & Felner's hardest
//! instances run for minutes, where both pay many times over. No rule on the board alone
//! tells the two apart, but IDA* itself does: each iteration is several times the previous
//! one, so at the start of an iteration the nodes so far and the growth of the last iterations
//! predict when the search would pass the cost of a speed-up.
//!
//! The search runs on one thread, watching its iterations through its progress
//! ([`OnProgress`]). When the nodes expanded plus the predicted nodes of the iteration about to
//! start exceed twice what a deferred speed-up costs, counted in the nodes the search expands in
//! that time (divided by the threads a parallel search will have once nothing is deferred), the
//! search is stopped right there, through a cancellation flag of its own, having lost nothing
//! of the iterations before; the speed-ups due are made
//! (under the caller's limits), and IDA* starts again, its first threshold the one the stopped
//! iteration had: every iteration below it was exhausted, so no solution is shorter (the
//! start's estimate is raised to it, which keeps it admissible). When nothing is left to defer,
//! the search runs as the request asked (on several threads, or helped by a crew).

use std::num::NonZeroUsize;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use search_core::{
    Limit, Limits, Outcome, Problem, Statistics, heuristic::IncrementalHeuristic,
    idastar::idastar_crew, idastar::idastar_parallel, idastar::idastar_with, observer::OnProgress,
    observer::Progress, outcome::ResultOf, pruning::Pruned, pruning::PrunedHeuristic,
    pruning::PruningAutomaton,
};

use super::board::Board;
use super::heuristics::{IncrementalPdb, PdbSource};
use super::moves::Move;
use super::packing::PackedWord;
use super::puzzle::{SlidingPuzzle, TileCost, TileState};
use super::redundant::RedundantSearchError;
use super::shape::Shape;
use super::solve::{Algorithm, SolveError, SolveRequest, TileOutcome, default_pruning_length};
use crate::pdb::PdbError;

/// Nodes IDA* with the 24-puzzle's databases, without direct tables, expands a second on the
/// machine where the speed-ups' costs in seconds were measured: costs are weighed in nodes, so
/// that a loaded machine, slower at both, decides as a quiet one does, and a board escalates at
/// the same iteration on every run (its node counts are reproducible).
const EXPANSIONS_PER_SECOND: f64 = 1.5e6;

/// About how many seconds the search for redundant sequences of up to `length` moves takes:
/// about a second at 14 moves on the 15- and 24-puzzles alike, ninefold every two moves
/// (`tile_pruning_automaton`'s docs).
fn pruning_seconds(length: usize) -> f64 {
    3f64.powi(length as i32 - 14)
}

/// When speed-ups are made: after the search is predicted to run this many times their cost
/// ([`PAYS_AFTER`] unless a test says otherwise), and duplicate pruning of which sequences.
#[derive(Clone, Copy, Debug)]
pub(super) struct Escalation {
    pays_after: f64,
    /// The longest pruned sequences, or `None` for no default pruning.
    pruning: Option<usize>,
}

impl Escalation {
    /// The default for boards of `shape`.
    pub(super) fn default_for(shape: Shape) -> Self {
        Escalation {
            pays_after: PAYS_AFTER,
            pruning: default_pruning_length(shape),
        }
    }
}

/// How many times its cost (in nodes) a search must be predicted to expand before a speed-up
/// is made. Why not once: the iteration predicted is the one in which the search may end, about
/// half way through on average, and a speed-up saves only part of the time (direct tables 40 to
/// 60%, pruning about half); made at twice its cost, it stays within a small factor of the best
/// choice made knowing the future, as in renting or buying skis. Korf & Felner's #38 (8.2 M
/// nodes with pruning) then fills no direct tables (19 M nodes' worth): 10.5 s, against 32.3 s
/// filling them at once its cost; #1 (142 M nodes) takes 85 s either way (load 5 to 7).
const PAYS_AFTER: f64 = 2.0;

/// What the search may still add once it has run long enough: each with its cost in seconds.
#[derive(Clone, Copy, Debug, Default)]
struct Deferred {
    /// The direct tables the source left unfilled.
    direct: Option<f64>,
    /// Duplicate pruning of sequences up to this many moves.
    pruning: Option<(usize, f64)>,
}

impl Deferred {
    fn is_empty(&self) -> bool {
        self.direct.is_none() && self.pruning.is_none()
    }

    /// The speed-ups due when the search, having expanded `expanded` nodes, is about to start
    /// an iteration predicted to expand `next`: those whose cost (shared by `threads`, in the
    /// nodes expanded meanwhile) is at most `pays_after` times less than the search would then
    /// have expanded.
    fn due(&self, expanded: u64, next: u64, threads: usize, pays_after: f64) -> Deferred {
        let horizon = expanded.saturating_add(next) as f64 * threads as f64;
        let pays = |seconds: f64| seconds * EXPANSIONS_PER_SECOND * pays_after <= horizon;
        Deferred {
            direct: self.direct.filter(|&cost| pays(cost)),
            pruning: self.pruning.filter(|&(_, cost)| pays(cost)),
        }
    }
}

/// How a search run ended, in moves.
enum RunEnd {
    Solved(Vec<Move>),
    Unreachable,
    Stopped(Limit),
}

/// The duration of the iteration about to start, from the durations of the last two: times
/// their ratio (the growth of IDA*'s iterations, between 2 and 16; 6 while only one is known).
fn predicted(last: u64, before: Option<u64>) -> u64 {
    let growth = before
        .filter(|&before| before > 0)
        .map_or(6.0, |before| (last as f64 / before as f64).clamp(2.0, 16.0));
    (last as f64 * growth) as u64
}

/// The heuristic of a search that starts again: the start's estimate raised to `floor`, a
/// threshold every iteration below which was exhausted (so no solution costs less), the
/// estimates of every other state as they are.
struct Floor<'h, 'p> {
    heuristic: &'h IncrementalPdb<'p>,
    floor: TileCost,
}

impl<Word: PackedWord> IncrementalHeuristic<SlidingPuzzle<Word>> for Floor<'_, '_> {
    type Memo = <IncrementalPdb<'static> as IncrementalHeuristic<SlidingPuzzle<Word>>>::Memo;

    fn estimate_root(
        &self,
        problem: &SlidingPuzzle<Word>,
        state: &TileState<Word>,
    ) -> (TileCost, Self::Memo) {
        let (estimate, memo) = self.heuristic.estimate_root(problem, state);
        (estimate.max(self.floor), memo)
    }

    #[inline(always)]
    fn estimate_child(
        &self,
        problem: &SlidingPuzzle<Word>,
        after: &TileState<Word>,
        action: &Move,
        before: TileCost,
        memo: &Self::Memo,
    ) -> (TileCost, Self::Memo) {
        self.heuristic
            .estimate_child(problem, after, action, before, memo)
    }

    #[inline(always)]
    fn estimate_child_ahead(
        &self,
        problem: &SlidingPuzzle<Word>,
        state: &TileState<Word>,
        action: &Move,
        before: TileCost,
        memo: &Self::Memo,
        child: &mut Self::Memo,
        enough: TileCost,
    ) -> Option<TileCost> {
        self.heuristic
            .estimate_child_ahead(problem, state, action, before, memo, child, enough)
    }

    #[inline]
    fn consistent(&self) -> bool {
        // Only the raised start could break consistency, and pathmax cuts nothing there.
        IncrementalHeuristic::<SlidingPuzzle<Word>>::consistent(self.heuristic)
    }
}

/// How a run searches: on one thread with an observer, or as the request asked.
enum Engine<'a> {
    /// One thread, reporting progress to the closure.
    Watched(&'a mut dyn FnMut(&Progress)),
    /// As the request asked: `threads`, or helped by a crew.
    Requested,
}

/// One IDA* run from `state` with `heuristic` (pruned by `automaton`, if any), its start
/// estimated at least `floor`.
#[expect(
    clippy::too_many_arguments,
    reason = "one run's every choice, called from one place"
)]
fn run<Word: PackedWord>(
    puzzle: &SlidingPuzzle<Word>,
    heuristic: &IncrementalPdb<'_>,
    automaton: Option<&PruningAutomaton>,
    state: <SlidingPuzzle<Word> as Problem>::State,
    floor: TileCost,
    limits: &Limits,
    request: &SolveRequest<'_>,
    engine: Engine<'_>,
) -> Result<(RunEnd, Statistics), SolveError> {
    let floored = Floor { heuristic, floor };
    let threads = match request.algorithm {
        Algorithm::ParallelIdaStar(threads) => threads,
        _ => NonZeroUsize::MIN,
    };
    match automaton {
        Some(automaton) => {
            let pruned = Pruned::new(puzzle, automaton).map_err(SolveError::Pruning)?;
            let start = pruned.start(state);
            let heuristic = PrunedHeuristic::new(&floored);
            let result = dispatch(&pruned, &heuristic, start, limits, request, engine, threads);
            Ok(ended(result, |step| step.action))
        }
        None => {
            let result = dispatch(puzzle, &floored, state, limits, request, engine, threads);
            Ok(ended(result, |&direction| direction))
        }
    }
}

/// Runs IDA* on `problem` as `engine` says.
fn dispatch<P, H>(
    problem: &P,
    heuristic: &H,
    start: P::State,
    limits: &Limits,
    request: &SolveRequest<'_>,
    engine: Engine<'_>,
    threads: NonZeroUsize,
) -> ResultOf<P>
where
    P: search_core::InPlace + Sync,
    P::State: Send + Sync,
    P::Action: Send + Sync,
    H: IncrementalHeuristic<P> + Sync,
    H::Memo: Send + Sync,
{
    match engine {
        Engine::Watched(observer) => {
            idastar_with(problem, heuristic, start, limits, OnProgress(observer))
        }
        Engine::Requested => match request.crew {
            Some(crew) if threads.get() == 1 => {
                idastar_crew(problem, heuristic, start, limits, crew)
            }
            _ if threads.get() > 1 => idastar_parallel(problem, heuristic, start, limits, threads),
            _ => idastar_with(
                problem,
                heuristic,
                start,
                limits,
                OnProgress(request.progress),
            ),
        },
    }
}

/// A run's end in moves, read from its actions with `to_move`, and its statistics.
fn ended<State, Action, Cost>(
    result: search_core::SearchResult<State, Action, Cost>,
    to_move: impl Fn(&Action) -> Move,
) -> (RunEnd, Statistics) {
    let end = match result.outcome {
        Outcome::Solved(solution) => RunEnd::Solved(solution.actions.iter().map(to_move).collect()),
        Outcome::Unreachable => RunEnd::Unreachable,
        Outcome::LimitReached(limit) => RunEnd::Stopped(limit),
    };
    (end, result.statistics)
}

/// Adds a run's statistics to the search's so far. A run that starts again at a stopped
/// iteration's threshold continues that iteration: the stub the first run left (stopped as it
/// started) is counted into it rather than listed twice, and the start, counted as generated
/// by every run, is counted once.
fn add_run(total: &mut Statistics, run: Statistics) {
    let restarted = !total.iterations.is_empty();
    total.expanded += run.expanded;
    total.generated += run.generated - u64::from(restarted && run.generated > 0);
    total.recursive_iterations += run.recursive_iterations;
    let mut iterations = run.iterations.into_iter().peekable();
    if let (Some(stub), Some(first)) = (total.iterations.last_mut(), iterations.peek()) {
        if stub.threshold == first.threshold {
            stub.expanded += first.expanded;
            stub.generated += first.generated;
            iterations.next();
        }
    }
    total.iterations.extend(iterations);
}

/// Solves `state` towards `goal` with the pattern databases `databases` has loaded for it, as
/// `request` says, adding the direct tables `databases` deferred and the default duplicate
/// pruning (when the request names no automaton and allows it) once the search has run long
/// enough for them to pay (see the module's docs).
pub(super) fn search<Word: PackedWord>(
    puzzle: &SlidingPuzzle<Word>,
    goal: &Board,
    state: <SlidingPuzzle<Word> as Problem>::State,
    request: SolveRequest<'_>,
    databases: &mut PdbSource<'_>,
    escalation: Escalation,
) -> Result<(TileOutcome, Statistics), SolveError> {
    let began = Instant::now();
    let limits = request.limits;
    let shape = goal.shape();
    let mut deferred = Deferred {
        direct: databases
            .deferred_direct_tables()
            .map(|(_, seconds)| seconds),
        pruning: (escalation.pruning)
            .filter(|_| request.pruning.is_none() && request.default_pruning)
            .map(|length| (length, pruning_seconds(length))),
    };
    let threads = match request.algorithm {
        Algorithm::ParallelIdaStar(threads) => threads.get(),
        _ => 1,
    };
    let mut total = Statistics::default();
    let mut floor: TileCost = 0;
    let mut pruning_length = None;
    // An automaton made for an earlier board (of a batch) costs nothing more: used at once.
    if let Some((length, _)) = deferred.pruning {
        if databases.default_automaton(shape, length).is_some() {
            pruning_length = Some(length);
            deferred.pruning = None;
        }
    }
    loop {
        let Some(heuristic) = databases.loaded_for(goal) else {
            return Err(SolveError::PatternDatabase(PdbError::Mismatch));
        };
        let incremental = heuristic.incremental();
        let automaton = match pruning_length {
            Some(length) => databases.default_automaton(shape, length),
            None => request.pruning,
        };
        let mut run_limits = limits.clone();
        if let Some(max) = limits.max_expanded {
            run_limits.max_expanded = Some(max.saturating_sub(total.expanded));
        }
        // Progress counts on from the runs before.
        let offset = total.expanded;
        let progress = request.progress;
        let counted = |step: &Progress| {
            let mut counted = *step;
            counted.expanded += offset;
            progress(&counted);
        };
        if deferred.is_empty() {
            let request = request.with_progress(&counted);
            let (end, statistics) = run(
                puzzle,
                &incremental,
                automaton,
                state,
                floor,
                &run_limits,
                &request,
                Engine::Requested,
            )?;
            add_run(&mut total, statistics);
            total.elapsed = began.elapsed();
            return finish(end, total);
        }
        // The run's own flag stops it as an iteration starts; the caller's, forwarded at each
        // progress report, stops it as before.
        let switch = Arc::new(AtomicBool::new(false));
        run_limits.cancel = Some(Arc::clone(&switch));
        let caller_cancel = limits.cancel.as_deref();
        let cancelled = || caller_cancel.is_some_and(|flag| flag.load(Ordering::Relaxed));
        // The nodes expanded (in this run) as each iteration started.
        let mut starts: Vec<u64> = Vec::new();
        let mut bound = None;
        let mut due = Deferred::default();
        let mut stopped_at = None;
        let mut watch = |step: &Progress| {
            counted(step);
            if cancelled() {
                switch.store(true, Ordering::Relaxed);
            }
            if step.bound == bound || stopped_at.is_some() {
                return;
            }
            bound = step.bound;
            let now = step.expanded;
            let last = starts.last().map(|&start| now - start);
            let before = match starts.as_slice() {
                [.., before, last] => Some(*last - *before),
                _ => None,
            };
            starts.push(now);
            if let Some(last) = last {
                let next = predicted(last, before);
                due = deferred.due(offset + now, next, threads, escalation.pays_after);
                if !due.is_empty() {
                    stopped_at = step.bound;
                    switch.store(true, Ordering::Relaxed);
                }
            }
        };
        let (end, statistics) = run(
            puzzle,
            &incremental,
            automaton,
            state,
            floor,
            &run_limits,
            &request,
            Engine::Watched(&mut watch),
        )?;
        add_run(&mut total, statistics);
        let escalating = matches!(end, RunEnd::Stopped(Limit::Cancelled)) && !cancelled();
        let (Some(threshold), true) = (stopped_at, escalating) else {
            total.elapsed = began.elapsed();
            return finish(end, total);
        };
        floor = TileCost::try_from(threshold).unwrap_or(TileCost::MAX);
        if due.direct.is_some() {
            match databases.fill_deferred_direct_tables(limits) {
                Err(PdbError::Stopped(limit)) => {
                    total.elapsed = began.elapsed();
                    return finish(RunEnd::Stopped(limit), total);
                }
                other => other?,
            }
            deferred.direct = None;
        }
        if let Some((length, _)) = due.pruning {
            match databases.make_default_automaton(shape, length, limits) {
                Ok(()) => pruning_length = Some(length),
                Err(RedundantSearchError::LimitReached(limit)) => {
                    total.elapsed = began.elapsed();
                    return finish(RunEnd::Stopped(limit), total);
                }
                // Pruning is a speed-up: a search that cannot have it goes on without.
                Err(_) => {}
            }
            deferred.pruning = None;
        }
    }
}

/// The search's outcome in moves, with its statistics; a pruned search that found no path is
/// the automaton's fault (the board is solvable).
fn finish(end: RunEnd, statistics: Statistics) -> Result<(TileOutcome, Statistics), SolveError> {
    let outcome = match end {
        RunEnd::Solved(moves) => TileOutcome::Solved { moves },
        RunEnd::Unreachable => return Err(SolveError::PruningForbidsEveryPath),
        RunEnd::Stopped(limit) => TileOutcome::LimitReached(limit),
    };
    Ok((outcome, statistics))
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;
    use std::sync::{Arc, OnceLock};

    use search_core::{Limit, Limits, Statistics};

    use super::{Escalation, search};
    use crate::pdb::PdbCache;
    use crate::pdb::partitions::Standard;
    use crate::tiles::moves::is_solution;
    use crate::tiles::puzzle::SlidingPuzzle;
    use crate::tiles::solve::{Algorithm, HeuristicKind, SolveRequest, TileOutcome};
    use crate::{Board, PdbSource, Shape};

    /// Korf's instances #1, #2 and #7 (57, 55 and 59 moves): searches of several iterations.
    const BOARDS: [&str; 3] = [
        "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3",
        "13 5 4 10 9 12 8 14 2 3 7 1 0 15 11 6",
        "14 7 8 2 13 11 10 4 9 12 5 0 3 6 1 15",
    ];

    /// Solves `start` towards the blank-first goal with the 5-5-5 databases in `databases`,
    /// escalating as `escalation` says.
    fn solve(
        start: &str,
        databases: &mut PdbSource<'_>,
        limits: &Limits,
        escalation: Escalation,
    ) -> (TileOutcome, Statistics) {
        let start = Board::parse(start).unwrap();
        let goal = Board::blank_first(start.shape());
        databases.heuristic(&goal).unwrap();
        let puzzle = SlidingPuzzle::<u64>::new(&goal).unwrap();
        let state = puzzle.state(&start).unwrap();
        let request = SolveRequest::new(Algorithm::IdaStar, HeuristicKind::PatternDatabase, limits);
        let (outcome, statistics) =
            search(&puzzle, &goal, state, request, databases, escalation).unwrap();
        if let TileOutcome::Solved { moves } = &outcome {
            assert!(is_solution(&start, &goal, moves));
        }
        (outcome, statistics)
    }

    /// The 5-5-5 databases, from a cache that this test binary builds them into once.
    fn five_five_five() -> PdbSource<'static> {
        static CACHE: OnceLock<tempfile::TempDir> = OnceLock::new();
        let directory = CACHE.get_or_init(|| tempfile::tempdir().unwrap());
        PdbSource::new(Some(PdbCache::new(directory.path())))
            .with_partitions(vec![Standard::Fifteen555])
    }

    /// Escalation at the first iteration that follows a finished one.
    const AT_ONCE: Escalation = Escalation {
        pays_after: 0.0,
        pruning: None,
    };

    #[test]
    fn direct_tables_filled_between_iterations_change_no_count() {
        let goal = Board::blank_first(Shape::new(4, 4).unwrap());
        let puzzle = SlidingPuzzle::<u64>::new(&goal).unwrap();
        let mut plain = five_five_five();
        let heuristic = plain.heuristic(&goal).unwrap().clone();
        for start in BOARDS {
            // The oracle: IDA* itself, once, with the same databases.
            let state = puzzle.state(&Board::parse(start).unwrap()).unwrap();
            let oracle = search_core::idastar(&puzzle, &heuristic.incremental(), state);
            let mut staged = five_five_five().with_direct_tables_when_long(1 << 30);
            let (outcome, statistics) = solve(start, &mut staged, &Limits::none(), AT_ONCE);
            let moves = oracle.solution().unwrap().actions.clone();
            assert_eq!(outcome, TileOutcome::Solved { moves }, "{start}");
            assert_eq!(
                statistics.iterations, oracle.statistics.iterations,
                "{start}"
            );
            assert_eq!(statistics.expanded, oracle.statistics.expanded, "{start}");
            assert_eq!(statistics.generated, oracle.statistics.generated, "{start}");
            let tables = (staged
                .heuristic(&goal)
                .unwrap()
                .databases()
                .databases()
                .iter())
            .all(|database| database.has_direct_table());
            assert!(tables, "the staged search filled the tables");
        }
    }

    #[test]
    fn pruning_added_between_iterations_keeps_the_length_and_prunes() {
        for start in BOARDS {
            let mut plain = five_five_five();
            let never = Escalation {
                pays_after: f64::INFINITY,
                pruning: Some(8),
            };
            let (plain_outcome, plain_statistics) =
                solve(start, &mut plain, &Limits::none(), never);
            let pruning = Escalation {
                pruning: Some(8),
                ..AT_ONCE
            };
            let mut staged = five_five_five();
            let (outcome, statistics) = solve(start, &mut staged, &Limits::none(), pruning);
            let length = |outcome: &TileOutcome| match outcome {
                TileOutcome::Solved { moves } => moves.len(),
                other => panic!("{start}: {other:?}"),
            };
            assert_eq!(length(&outcome), length(&plain_outcome), "{start}");
            assert!(
                statistics.generated < plain_statistics.generated,
                "{start}: {} pruned, {} not",
                statistics.generated,
                plain_statistics.generated
            );
            let thresholds = |statistics: &Statistics| -> Vec<u64> {
                statistics.iterations.iter().map(|i| i.threshold).collect()
            };
            assert_eq!(thresholds(&statistics), thresholds(&plain_statistics));
        }
    }

    #[test]
    fn the_callers_flag_still_stops_a_search_that_could_escalate() {
        let flag = Arc::new(AtomicBool::new(true));
        let limits = Limits::none().with_cancel_flag(flag);
        let escalation = Escalation {
            pruning: Some(8),
            ..AT_ONCE
        };
        let mut databases = five_five_five();
        let (outcome, _) = solve(BOARDS[0], &mut databases, &limits, escalation);
        assert_eq!(outcome, TileOutcome::LimitReached(Limit::Cancelled));
        let expanded = Limits::none().with_max_expanded(1_000);
        let (outcome, statistics) = solve(BOARDS[0], &mut databases, &expanded, escalation);
        assert_eq!(outcome, TileOutcome::LimitReached(Limit::Expanded));
        assert_eq!(statistics.expanded, 1_000);
    }
}
