//! The one entry point a front end needs: solve a board with an algorithm and a heuristic picked
//! by name. Below [`solve`] everything is generic and monomorphised; the names are matched once.

use std::fmt;
use std::num::NonZeroUsize;

use search_core::{
    Heuristic, Limit, Limits, Outcome, SearchResult, Statistics,
    bidirectional::bidirectional_bfs_with, breadth_first::bfs_with,
    heuristic::IncrementalHeuristic, idastar::Crew, idastar::idastar_crew,
    idastar::idastar_parallel, idastar::idastar_with, informed::astar_with, observer::OnProgress,
    observer::Progress, outcome::ResultOf, pruning::Pruned, pruning::PrunedError,
    pruning::PrunedHeuristic, pruning::PruningAutomaton, visited::HashVisited,
};

use super::board::Board;
use super::error::BoardError;
use super::heuristics::{LinearConflict, Manhattan, Misplaced, PdbSource};
use super::moves::{Move, is_solution};
use super::packing::{PackedWord, WithBlank};
use super::puzzle::SlidingPuzzle;
use super::relabel::CornerRelabelling;
use super::shape::Shape;
use super::solvability::{Solvability, solvability};
use crate::pdb::PdbError;

/// The search algorithm [`solve`] runs. All of them return optimal (shortest) solutions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Algorithm {
    /// Breadth-first search: no heuristic, stores every state it reaches. 3x3 and smaller.
    Bfs,
    /// Breadth-first from both ends until the frontiers meet: far fewer states than BFS.
    Bidirectional,
    /// A* with the chosen heuristic: stores every state it reaches.
    AStar,
    /// IDA* with the chosen heuristic: memory-free, the choice for 4x4 and beyond.
    IdaStar,
    /// IDA* on this many threads ([`search_core::idastar::idastar_parallel`]): the same optimal length,
    /// sooner on several cores when the search is long. Among several optimal solutions it may
    /// return another than [`IdaStar`](Algorithm::IdaStar), and its node counts vary from run
    /// to run.
    ParallelIdaStar(NonZeroUsize),
}

/// The longest redundant move sequences that IDA* with pattern databases prunes by default on
/// boards of `shape` once a search runs long enough to pay for finding them
/// ([`SolveRequest::without_default_pruning`] turns it off), or `None` for no pruning by
/// default.
///
/// 14 moves on the 24-puzzle: Korf & Felner's #1 takes 297 M generated nodes with it against
/// 801 M without, for about a second to find the sequences. None on the 15-puzzle: Korf's 100
/// through `slide batch` are each over in milliseconds, too soon for pruning to be made, and a
/// search that has something left to make runs on one thread without a batch's crew (1.96 s
/// against 1.72-1.90 s on a loaded machine). Long 15-puzzle searches would gain (Korf's #88
/// with the 6-6-3 databases: 1.55 M nodes expanded with 12-move sequences against 2.66 M,
/// 2.5 s against 3.5 s with the quarter second of setup): `--prune 12` asks for it. None on
/// other boards, where it is not measured.
///
/// ```
/// use puzzles::{default_pruning_length, Shape};
///
/// assert_eq!(default_pruning_length(Shape::new(5, 5).unwrap()), Some(14));
/// assert_eq!(default_pruning_length(Shape::new(4, 4).unwrap()), None);
/// ```
pub fn default_pruning_length(shape: Shape) -> Option<usize> {
    match (shape.width(), shape.height()) {
        (5, 5) => Some(14),
        _ => None,
    }
}

impl Algorithm {
    /// The fastest suitable algorithm for boards of `shape`: IDA*, at every size. On the
    /// 8-puzzle A* would fit in memory too, but IDA* with the incremental Manhattan distance
    /// finishes the hardest (31-move) boards in about two thirds of A*'s instructions (it
    /// allocates no node store), and beyond 3x3 A* runs out of memory long before IDA* runs
    /// out of time. See BENCHMARKS.md, "process".
    pub fn default_for(shape: Shape) -> Algorithm {
        let _ = shape;
        Algorithm::IdaStar
    }

    /// Whether the algorithm is IDA*, serial or parallel: the depth-first search, which
    /// [`solve_pruned`] can prune.
    pub fn is_idastar(self) -> bool {
        matches!(self, Algorithm::IdaStar | Algorithm::ParallelIdaStar(_))
    }

    /// Whether the algorithm uses a heuristic at all.
    pub fn uses_heuristic(self) -> bool {
        matches!(
            self,
            Algorithm::AStar | Algorithm::IdaStar | Algorithm::ParallelIdaStar(_)
        )
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Algorithm::Bfs => "bfs",
            Algorithm::Bidirectional => "bidirectional",
            Algorithm::AStar => "astar",
            Algorithm::IdaStar => "idastar",
            Algorithm::ParallelIdaStar(_) => "parallel-idastar",
        })
    }
}

/// The heuristic A* and IDA* use; the uninformed algorithms ignore it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum HeuristicKind {
    /// [`Misplaced`]: the number of misplaced tiles.
    Misplaced,
    /// [`Manhattan`]: the sum of the tiles' distances from home.
    Manhattan,
    /// [`LinearConflict`]: Manhattan plus linear conflicts.
    LinearConflict,
    /// Additive pattern databases ([`PdbHeuristic`](super::heuristics::PdbHeuristic)) with the
    /// [default partitions](super::heuristics::PdbHeuristic::default_partitions), loaded from
    /// or built into the cache of the [`PdbSource`].
    PatternDatabase,
}

impl HeuristicKind {
    /// The built-in heuristic that solves boards of `shape` fastest: [`Manhattan`] up to 3x3,
    /// where searches are so small that its one-lookup incremental update beats the nodes
    /// [`LinearConflict`] prunes (the hardest 8-puzzle pairs: 0.20 ms against 0.27 ms), and
    /// [`LinearConflict`] beyond, where the pruning pays for the work many times over.
    pub fn default_for(shape: Shape) -> HeuristicKind {
        if shape.cells() <= 9 {
            HeuristicKind::Manhattan
        } else {
            HeuristicKind::LinearConflict
        }
    }
}

impl HeuristicKind {
    /// The heuristic that solves boards towards `goal` fastest given the pattern databases
    /// `databases` holds or can make at once: [`Manhattan`] up to 3x3 (as
    /// [`default_for`](Self::default_for)); [`PatternDatabase`](Self::PatternDatabase) when the
    /// databases [`solve_with`] would use are [cached](PdbSource::is_cached), or when they build
    /// in seconds into a cache that keeps them (the 15-puzzle's 6-6-3); [`LinearConflict`]
    /// otherwise (the 24-puzzle's databases take minutes and a gigabyte: built only when asked
    /// for). On the 15-puzzle the databases are the fastest by far: Korf's hardest instance
    /// (#88, 65 moves) takes 9.4 s with linear conflict, 1.0 s with 6-6-3 and a tenth of that
    /// with 7-8.
    ///
    /// ```
    /// use puzzles::{Board, HeuristicKind, PdbSource, Shape};
    ///
    /// let no_cache = PdbSource::new(None);
    /// let eight = Board::blank_last(Shape::new(3, 3).unwrap());
    /// assert_eq!(HeuristicKind::default_with(&eight, &no_cache), HeuristicKind::Manhattan);
    /// let twenty_four = Board::blank_last(Shape::new(5, 5).unwrap());
    /// assert_eq!(HeuristicKind::default_with(&twenty_four, &no_cache), HeuristicKind::LinearConflict);
    /// ```
    pub fn default_with(goal: &Board, databases: &PdbSource<'_>) -> HeuristicKind {
        let shape = goal.shape();
        if shape.cells() <= 9 {
            return HeuristicKind::default_for(shape);
        }
        let database_goal = CornerRelabelling::database_goal(goal);
        if databases.is_cached(&database_goal)
            || (databases.cache().is_some() && databases.builds_quickly(&database_goal))
        {
            HeuristicKind::PatternDatabase
        } else {
            HeuristicKind::default_for(shape)
        }
    }
}

impl fmt::Display for HeuristicKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            HeuristicKind::Misplaced => "misplaced",
            HeuristicKind::Manhattan => "manhattan",
            HeuristicKind::LinearConflict => "linear-conflict",
            HeuristicKind::PatternDatabase => "pattern-database",
        })
    }
}

/// Why [`solve`] could not run.
#[derive(Debug)]
#[non_exhaustive]
pub enum SolveError {
    /// The boards do not fit together or into a packed word.
    Board(BoardError),
    /// The pattern databases could not be loaded or built.
    PatternDatabase(PdbError),
    /// Pruning was asked of an algorithm other than IDA* ([`solve_pruned`]).
    PruningNeedsIdaStar(Algorithm),
    /// The pruning automaton does not read the puzzle's four move slots.
    Pruning(PrunedError),
    /// The pruned search found no path to the goal of a solvable board: the automaton
    /// forbids a move sequence without allowing one that replaces it (see
    /// [`PruningAutomaton`]'s soundness rules).
    PruningForbidsEveryPath,
    /// The search returned moves that do not solve the board: a bug, never a property of the
    /// input (solutions found through a [`CornerRelabelling`] are replayed before they are
    /// returned).
    InvalidSolution,
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            // The board's own message is the whole story.
            SolveError::Board(error) => error.fmt(f),
            SolveError::PatternDatabase(error) => write!(f, "pattern database: {error}"),
            SolveError::PruningNeedsIdaStar(algorithm) => {
                write!(f, "duplicate pruning applies to idastar, not {algorithm}")
            }
            SolveError::Pruning(error) => write!(f, "duplicate pruning: {error}"),
            SolveError::PruningForbidsEveryPath => write!(
                f,
                "duplicate pruning forbade every path to the goal: the automaton forbids a move \
                 sequence without allowing one that replaces it"
            ),
            SolveError::InvalidSolution => write!(
                f,
                "the search returned moves that do not solve the board (a bug: please report it)"
            ),
        }
    }
}

impl std::error::Error for SolveError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            // Each message writes out the wrapped error's: its source is theirs, so that error
            // reports (which print the chain) say nothing twice.
            SolveError::Board(error) => error.source(),
            SolveError::PatternDatabase(error) => error.source(),
            SolveError::PruningNeedsIdaStar(_) => None,
            SolveError::Pruning(error) => error.source(),
            SolveError::PruningForbidsEveryPath | SolveError::InvalidSolution => None,
        }
    }
}

impl From<BoardError> for SolveError {
    fn from(error: BoardError) -> Self {
        SolveError::Board(error)
    }
}

impl From<PdbError> for SolveError {
    fn from(error: PdbError) -> Self {
        SolveError::PatternDatabase(error)
    }
}

/// How a [`solve`] ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TileOutcome {
    /// An optimal solution: the blank's moves from start to goal.
    Solved {
        /// The moves, in order.
        moves: Vec<Move>,
    },
    /// The start cannot reach the goal; decided by [`solvability`], without search.
    Unsolvable,
    /// The search stopped at a limit before it found a solution.
    LimitReached(Limit),
}

/// What [`solve`] found, with the evidence.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct TileReport {
    /// Whether the start can reach the goal, and why.
    pub solvability: Solvability,
    /// How the search ended.
    pub outcome: TileOutcome,
    /// What the search did; all zero when the board was unsolvable and no search ran.
    pub statistics: Statistics,
    /// The algorithm that ran.
    pub algorithm: Algorithm,
    /// The heuristic it used (if [`Algorithm::uses_heuristic`]).
    pub heuristic: HeuristicKind,
    /// The partitions of the pattern databases the search used, by name, in the order they
    /// were maxed ([`PdbSource::partitions_for`]); empty when it used none.
    pub databases: Vec<String>,
}

impl TileReport {
    /// The moves of the solution, if one was found.
    pub fn moves(&self) -> Option<&[Move]> {
        match &self.outcome {
            TileOutcome::Solved { moves } => Some(moves),
            TileOutcome::Unsolvable | TileOutcome::LimitReached(_) => None,
        }
    }

    /// The number of moves of the solution, if one was found.
    pub fn length(&self) -> Option<usize> {
        self.moves().map(<[Move]>::len)
    }
}

/// Solves `start` towards `goal` optimally with `algorithm` (and `heuristic`, for A* and IDA*),
/// within `limits`.
///
/// Shapes are checked and solvability decided first: an unsolvable board is answered at once,
/// with no search. Boards of up to 16 cells are packed into `u64`, larger ones into `u128`.
/// [`HeuristicKind::PatternDatabase`] takes its databases from the
/// [default cache directory](PdbSource::default_location), building them there on first use,
/// and on boards of more than 16 cells gives an IDA* search that runs long enough
/// [direct tables](PdbSource::with_direct_tables_when_long) (up to
/// [`DEFAULT_DIRECT_TABLES`](super::heuristics::DEFAULT_DIRECT_TABLES) bytes) and duplicate
/// pruning ([`default_pruning_length`]) between two of its iterations; use
/// [`solve_with`] to choose the cache and the tables, hear about builds, or solve many boards
/// with one loading. The deadline and cancellation flag of `limits` also stop such a build: the
/// outcome is then [`TileOutcome::LimitReached`], as if the search had stopped.
///
/// # Errors
/// [`SolveError::Board`] with [`BoardError::ShapeMismatch`] if start and goal have different
/// shapes; [`SolveError::PatternDatabase`] if pattern databases were asked for and could not be
/// loaded or built.
///
/// # Example
/// ```
/// use puzzles::{solve, Algorithm, Board, HeuristicKind, TileOutcome};
/// use search_core::Limits;
///
/// let start = Board::parse("283104765").unwrap();
/// let goal = Board::parse("123804765").unwrap();
/// let report = solve(&start, &goal, Algorithm::IdaStar, HeuristicKind::Manhattan, &Limits::default()).unwrap();
/// assert_eq!(report.length(), Some(4));
/// assert_eq!(start.apply_moves(report.moves().unwrap()), Ok(goal.clone()));
///
/// let unsolvable = Board::parse("213804765").unwrap();
/// let report = solve(&unsolvable, &goal, Algorithm::AStar, HeuristicKind::Manhattan, &Limits::default()).unwrap();
/// assert_eq!(report.outcome, TileOutcome::Unsolvable);
/// ```
pub fn solve(
    start: &Board,
    goal: &Board,
    algorithm: Algorithm,
    heuristic: HeuristicKind,
    limits: &Limits,
) -> Result<TileReport, SolveError> {
    solve_with(
        start,
        goal,
        algorithm,
        heuristic,
        limits,
        &mut PdbSource::default_location(),
    )
}

/// [`solve`] with the pattern databases (if [`HeuristicKind::PatternDatabase`] is asked for)
/// from `databases`, which keeps them loaded for the next call with the same goal.
///
/// ```
/// use puzzles::{solve_with, Algorithm, Board, HeuristicKind, PdbSource};
/// use search_core::Limits;
///
/// // No cache directory: the (small) 8-puzzle database is built in memory, once.
/// let mut databases = PdbSource::new(None);
/// let goal = Board::parse("123456780").unwrap();
/// for (start, length) in [("123456708", 1), ("123405786", 2)] {
///     let start = Board::parse(start).unwrap();
///     let report = solve_with(&start, &goal, Algorithm::IdaStar, HeuristicKind::PatternDatabase,
///         &Limits::default(), &mut databases).unwrap();
///     assert_eq!(report.length(), Some(length));
/// }
/// ```
pub fn solve_with(
    start: &Board,
    goal: &Board,
    algorithm: Algorithm,
    heuristic: HeuristicKind,
    limits: &Limits,
    databases: &mut PdbSource<'_>,
) -> Result<TileReport, SolveError> {
    solve_request(
        start,
        goal,
        SolveRequest::new(algorithm, heuristic, limits),
        databases,
    )
}

/// [`solve_with`], with IDA* (serial or parallel) skipping every path that `pruning` forbids:
/// duplicate pruning with an automaton from [`tile_pruning_automaton`](super::tile_pruning_automaton).
///
/// The length is the same optimal one; the search generates fewer nodes (a third to a half
/// fewer on the 24-puzzle with the sequences of up to 14 moves) and may return another of the
/// optimal solutions.
///
/// # Errors
/// As [`solve_with`], and [`SolveError::PruningNeedsIdaStar`] for another algorithm, or
/// [`SolveError::Pruning`] for an automaton that does not read four move slots.
///
/// ```
/// use puzzles::{solve_pruned, tile_pruning_automaton, Algorithm, Board, HeuristicKind, PdbSource};
/// use search_core::Limits;
///
/// // One of the two boards 31 moves from 123456780, the most (OEIS A089473).
/// let start = Board::parse("867254301")?;
/// let goal = Board::parse("123456780")?;
/// let automaton = tile_pruning_automaton(start.shape(), 14, &Limits::default())?;
/// let report = solve_pruned(&start, &goal, Algorithm::IdaStar, HeuristicKind::Manhattan,
///     &Limits::default(), &mut PdbSource::new(None), &automaton)?;
/// assert_eq!(report.length(), Some(31));
/// assert_eq!(start.apply_moves(report.moves().unwrap()), Ok(goal));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve_pruned(
    start: &Board,
    goal: &Board,
    algorithm: Algorithm,
    heuristic: HeuristicKind,
    limits: &Limits,
    databases: &mut PdbSource<'_>,
    pruning: &PruningAutomaton,
) -> Result<TileReport, SolveError> {
    let request = SolveRequest::new(algorithm, heuristic, limits).with_pruning(pruning);
    solve_request(start, goal, request, databases)
}

/// What to run, for [`solve_request`]: the choices of [`solve_with`] and [`solve_pruned`], and
/// who hears the search's progress, in one value.
///
/// ```
/// use std::cell::Cell;
/// use puzzles::{solve_request, Algorithm, Board, HeuristicKind, PdbSource, SolveRequest};
/// use search_core::{Limits, observer::Progress};
///
/// // One of the two boards 31 moves from 123456780, the most (OEIS A089473).
/// let start = Board::parse("867254301")?;
/// let goal = Board::parse("123456780")?;
/// let bound = Cell::new(0);
/// let watch = |progress: &Progress| bound.set(bound.get().max(progress.bound.unwrap_or(0)));
/// let limits = Limits::default();
/// let request = SolveRequest::new(Algorithm::IdaStar, HeuristicKind::Manhattan, &limits)
///     .with_progress(&watch);
/// let report = solve_request(&start, &goal, request, &mut PdbSource::new(None))?;
/// assert_eq!(report.length(), Some(31));
/// assert_eq!(bound.get(), 31, "the last IDA* threshold heard is the solution's length");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy)]
pub struct SolveRequest<'a> {
    pub(super) algorithm: Algorithm,
    pub(super) heuristic: HeuristicKind,
    pub(super) limits: &'a Limits,
    pub(super) pruning: Option<&'a PruningAutomaton>,
    /// Whether a long search may prune duplicates by the default for its board size when
    /// `pruning` names no automaton.
    pub(super) default_pruning: bool,
    pub(super) progress: &'a dyn Fn(&Progress),
    pub(super) crew: Option<&'a Crew>,
}

impl<'a> SolveRequest<'a> {
    /// A search by `algorithm` with `heuristic` within `limits`, unpruned and unwatched.
    pub fn new(algorithm: Algorithm, heuristic: HeuristicKind, limits: &'a Limits) -> Self {
        SolveRequest {
            algorithm,
            heuristic,
            limits,
            pruning: None,
            default_pruning: true,
            progress: &|_| {},
            crew: None,
        }
    }

    /// Never prunes duplicates unless [`with_pruning`](Self::with_pruning) names an
    /// automaton. Without this, IDA* with pattern databases prunes the redundant move sequences
    /// of up to [`default_pruning_length`] moves on its own once the search has run longer
    /// than finding them takes (about a second on the 24-puzzle): the same optimal length,
    /// with fewer nodes, but other node counts and maybe another of the optimal solutions.
    #[must_use]
    pub fn without_default_pruning(mut self) -> Self {
        self.default_pruning = false;
        self
    }

    /// Skips the paths `automaton` forbids, as [`solve_pruned`] does (IDA* only).
    #[must_use]
    pub fn with_pruning(mut self, automaton: &'a PruningAutomaton) -> Self {
        self.pruning = Some(automaton);
        self
    }

    /// Reports the search's counts and bound to `progress` now and then
    /// ([`Observer::progress`](search_core::observer::Observer::progress): every few thousand
    /// expansions, and as each IDA* iteration starts), for a progress display. The search keeps
    /// every fast path; parallel IDA* reports nothing yet.
    #[must_use]
    pub fn with_progress(mut self, progress: &'a dyn Fn(&Progress)) -> Self {
        self.progress = progress;
        self
    }

    /// Lets the free members of `crew` help a serial IDA* search ([`search_core::idastar::idastar_crew`]):
    /// for a batch of boards, one a thread, whose threads help the searches still running once
    /// they have no board left. The length is the same optimal one; for a given crew size the
    /// solution is too, whether help comes or not, but it may be another of the optimal ones
    /// than the unhelped search's. A helped search reports no progress. Other algorithms
    /// ignore the crew.
    #[must_use]
    pub fn with_crew(mut self, crew: &'a Crew) -> Self {
        self.crew = Some(crew);
        self
    }
}

impl fmt::Debug for SolveRequest<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SolveRequest")
            .field("algorithm", &self.algorithm)
            .field("heuristic", &self.heuristic)
            .field("limits", self.limits)
            .field("pruned", &self.pruning.is_some())
            .field("default_pruning", &self.default_pruning)
            .field("crew", &self.crew.map(Crew::threads))
            .finish_non_exhaustive()
    }
}

/// Solves `start` towards `goal` as `request` says, with the pattern databases (if asked for)
/// from `databases`: the one entry point behind [`solve`], [`solve_with`] and [`solve_pruned`].
///
/// # Errors
/// As [`solve_pruned`] for a pruned request, else as [`solve_with`].
pub fn solve_request(
    start: &Board,
    goal: &Board,
    request: SolveRequest<'_>,
    databases: &mut PdbSource<'_>,
) -> Result<TileReport, SolveError> {
    let SolveRequest {
        algorithm,
        heuristic,
        pruning,
        ..
    } = request;
    if pruning.is_some() && !algorithm.is_idastar() {
        return Err(SolveError::PruningNeedsIdaStar(algorithm));
    }
    let solvability = solvability(start, goal)?;
    let uses_databases = heuristic == HeuristicKind::PatternDatabase && algorithm.uses_heuristic();
    let relabelling = CornerRelabelling::onto_blank_first(goal).filter(|r| !r.is_identity());
    let (outcome, statistics) = if !solvability.is_solvable() {
        (TileOutcome::Unsolvable, Statistics::default())
    } else if start == goal {
        // Answered without a search, and so without loading (or building) pattern databases.
        let mut statistics = Statistics::default();
        statistics.generated = 1;
        (TileOutcome::Solved { moves: Vec::new() }, statistics)
    } else if let Some(relabelling) = relabelling.filter(|_| uses_databases) {
        // Every corner-blank goal shares the blank-first goal's databases: the search runs
        // on the renamed boards, and its moves are mapped back and checked.
        let renamed_start = relabelling.board(start);
        let blank_first = Board::blank_first(goal.shape());
        let (outcome, statistics) =
            search_packed(&renamed_start, &blank_first, request, databases)?;
        let outcome = match outcome {
            TileOutcome::Solved { moves } => {
                let moves = relabelling.moves_back(&moves);
                if !is_solution(start, goal, &moves) {
                    return Err(SolveError::InvalidSolution);
                }
                TileOutcome::Solved { moves }
            }
            other => other,
        };
        (outcome, statistics)
    } else {
        search_packed(start, goal, request, databases)?
    };
    Ok(TileReport {
        solvability,
        outcome,
        statistics,
        algorithm,
        heuristic,
        // Only a search loads databases: a board that needs none names none.
        databases: if uses_databases && solvability.is_solvable() && start != goal {
            databases.partitions_in_use().to_vec()
        } else {
            Vec::new()
        },
    })
}

/// Runs the search on the smallest packed word the board fits.
fn search_packed(
    start: &Board,
    goal: &Board,
    request: SolveRequest<'_>,
    databases: &mut PdbSource<'_>,
) -> Result<(TileOutcome, Statistics), SolveError> {
    if start.shape().cells() <= <u64 as PackedWord>::MAX_CELLS {
        match idastar_keeping_the_blank(start, goal, request)? {
            Some(searched) => Ok(searched),
            None => search::<u64>(start, goal, request, databases),
        }
    } else {
        search::<u128>(start, goal, request, databases)
    }
}

/// IDA* with a plain heuristic (no pattern databases, no pruning automaton) on a board of up to
/// 16 cells, over 16-byte states that keep the blank's cell beside the packed board
/// ([`WithBlank`]); `None` for any other request.
///
/// Why: IDA* keeps one state per depth and moves it at every node, and the first thing a move
/// needs is the blank's cell, which a bare `u64` board has to be searched for. Kept beside it,
/// IDA* with Manhattan distance takes about 0.87 of the time (`bench idastar`, BENCHMARKS.md). A*
/// stores every state it meets and keeps the 8-byte board; pattern databases carry a memo per
/// node, whose walk does not gain.
fn idastar_keeping_the_blank(
    start: &Board,
    goal: &Board,
    request: SolveRequest<'_>,
) -> Result<Option<(TileOutcome, Statistics)>, SolveError> {
    let (algorithm, limits) = (request.algorithm, request.limits);
    let plain = request.heuristic != HeuristicKind::PatternDatabase;
    if !algorithm.is_idastar() || request.pruning.is_some() || !plain {
        return Ok(None);
    }
    let puzzle = SlidingPuzzle::<WithBlank<u64>>::new(goal)?;
    let state = puzzle.state(start)?;
    let watch = (limits, request.progress, request.crew);
    let Some(result) = informed_plain(&puzzle, goal, request.heuristic, state, algorithm, watch)
    else {
        return Ok(None);
    };
    Ok(Some(tile_outcome(result, |&direction| direction)))
}

/// Runs the search on boards packed into `Word`.
fn search<Word: PackedWord>(
    start: &Board,
    goal: &Board,
    request: SolveRequest<'_>,
    databases: &mut PdbSource<'_>,
) -> Result<(TileOutcome, Statistics), SolveError> {
    let SolveRequest {
        algorithm,
        heuristic,
        limits,
        pruning,
        progress,
        crew,
        ..
    } = request;
    let puzzle = SlidingPuzzle::<Word>::new(goal)?;
    let state = puzzle.state(start)?;
    if heuristic == HeuristicKind::PatternDatabase && algorithm.uses_heuristic() {
        // A build stopped by the search's own limits ends the search the same way.
        match databases.heuristic_within(goal, limits) {
            Err(PdbError::Stopped(limit)) => {
                return Ok((TileOutcome::LimitReached(limit), Statistics::default()));
            }
            other => other?,
        };
    }
    if heuristic == HeuristicKind::PatternDatabase && algorithm.is_idastar() {
        // IDA* updates the lookups per move, and adds direct tables and duplicate pruning
        // once the search has shown it runs long enough for them to pay.
        let escalation = super::staged::Escalation::default_for(goal.shape());
        return super::staged::search(&puzzle, goal, state, request, databases, escalation);
    }
    if let Some(automaton) = pruning {
        let pruned = Pruned::new(&puzzle, automaton).map_err(SolveError::Pruning)?;
        let start = pruned.start(state);
        let threads = match algorithm {
            Algorithm::ParallelIdaStar(threads) => threads,
            _ => NonZeroUsize::MIN,
        };
        let watch = (limits, progress, crew);
        let result = match heuristic {
            HeuristicKind::Misplaced => {
                pruned_idastar(&pruned, &Misplaced::new(goal), start, watch, threads)
            }
            HeuristicKind::Manhattan => {
                pruned_idastar(&pruned, &Manhattan::new(goal), start, watch, threads)
            }
            HeuristicKind::LinearConflict => {
                pruned_idastar(&pruned, &LinearConflict::new(goal), start, watch, threads)
            }
            HeuristicKind::PatternDatabase => {
                unreachable!("IDA* with pattern databases takes the staged search above")
            }
        };
        // The board is solvable, so only an automaton that breaks its soundness rules can
        // leave the search without a path.
        if matches!(result.outcome, Outcome::Unreachable) {
            return Err(SolveError::PruningForbidsEveryPath);
        }
        return Ok(tile_outcome(result, |step| step.action));
    }
    let result = match (algorithm, heuristic) {
        (Algorithm::Bfs, _) => {
            let visited = HashVisited::default();
            bfs_with(&puzzle, state, visited, limits, OnProgress(progress))
        }
        (Algorithm::Bidirectional, _) => {
            let goal = puzzle.goal_state();
            bidirectional_bfs_with(&puzzle, state, goal, limits, OnProgress(progress))
        }
        // A* (IDA* took the staged search above): it stores no path to carry lookups along,
        // and runs out of memory on the 24-puzzle long before direct tables would pay.
        (_, HeuristicKind::PatternDatabase) => informed(
            &puzzle,
            databases.heuristic(goal)?,
            state,
            algorithm,
            (limits, progress, crew),
        ),
        (_, plain) => {
            let watch = (limits, progress, crew);
            informed_plain(&puzzle, goal, plain, state, algorithm, watch)
                .expect("the arms above take the pattern databases")
        }
    };
    Ok(tile_outcome(result, |&direction| direction))
}

/// Runs A* or IDA* with the heuristic `kind` names, made for `goal`; `None` for pattern
/// databases, which need a [`PdbSource`].
fn informed_plain<Word: PackedWord>(
    puzzle: &SlidingPuzzle<Word>,
    goal: &Board,
    kind: HeuristicKind,
    state: <SlidingPuzzle<Word> as search_core::Problem>::State,
    algorithm: Algorithm,
    watch: Watch<'_>,
) -> Option<ResultOf<SlidingPuzzle<Word>>> {
    Some(match kind {
        HeuristicKind::Misplaced => {
            informed(puzzle, &Misplaced::new(goal), state, algorithm, watch)
        }
        HeuristicKind::Manhattan => {
            informed(puzzle, &Manhattan::new(goal), state, algorithm, watch)
        }
        HeuristicKind::LinearConflict => {
            informed(puzzle, &LinearConflict::new(goal), state, algorithm, watch)
        }
        HeuristicKind::PatternDatabase => return None,
    })
}

/// A search's limits, who hears its progress, and the crew that helps it (serial IDA* only).
type Watch<'a> = (&'a Limits, &'a dyn Fn(&Progress), Option<&'a Crew>);

/// The outcome of a search in moves, read from its actions with `to_move`.
fn tile_outcome<State, Action, Cost>(
    result: SearchResult<State, Action, Cost>,
    to_move: impl Fn(&Action) -> Move,
) -> (TileOutcome, Statistics) {
    let outcome = match result.outcome {
        Outcome::Solved(solution) => TileOutcome::Solved {
            moves: solution.actions.iter().map(to_move).collect(),
        },
        // The start was proven solvable, and an unpruned search is complete (a pruned one's
        // empty hands are turned into an error before this), so none comes back empty-handed.
        Outcome::Unreachable => unreachable!("a solvable board reaches its goal"),
        Outcome::LimitReached(limit) => TileOutcome::LimitReached(limit),
    };
    (outcome, result.statistics)
}

/// IDA* on `threads` threads (the serial search for one) over the pruned puzzle.
fn pruned_idastar<'p, Word, H>(
    pruned: &Pruned<'p, SlidingPuzzle<Word>>,
    heuristic: &H,
    start: <Pruned<'p, SlidingPuzzle<Word>> as search_core::Problem>::State,
    (limits, progress, crew): Watch<'_>,
    threads: NonZeroUsize,
) -> ResultOf<Pruned<'p, SlidingPuzzle<Word>>>
where
    Word: PackedWord,
    H: IncrementalHeuristic<SlidingPuzzle<Word>> + Sync,
    H::Memo: Send + Sync,
{
    let heuristic = PrunedHeuristic::new(heuristic);
    if let Some(crew) = crew.filter(|_| threads.get() == 1) {
        idastar_crew(pruned, &heuristic, start, limits, crew)
    } else if threads.get() == 1 {
        idastar_with(pruned, &heuristic, start, limits, OnProgress(progress))
    } else {
        idastar_parallel(pruned, &heuristic, start, limits, threads)
    }
}

/// Runs A* or IDA* with `heuristic`.
fn informed<Word, H>(
    puzzle: &SlidingPuzzle<Word>,
    heuristic: &H,
    state: <SlidingPuzzle<Word> as search_core::Problem>::State,
    algorithm: Algorithm,
    (limits, progress, crew): Watch<'_>,
) -> ResultOf<SlidingPuzzle<Word>>
where
    Word: PackedWord,
    H: Heuristic<SlidingPuzzle<Word>> + Sync,
{
    match algorithm {
        Algorithm::IdaStar => match crew {
            Some(crew) => idastar_crew(puzzle, heuristic, state, limits, crew),
            None => idastar_with(puzzle, heuristic, state, limits, OnProgress(progress)),
        },
        Algorithm::ParallelIdaStar(threads) => {
            idastar_parallel(puzzle, heuristic, state, limits, threads)
        }
        _ => astar_with(puzzle, heuristic, state, limits, OnProgress(progress)),
    }
}
