//! Every call into `puzzles` and `search_core` for solving, in one place (pattern databases have
//! their own small module, `pdb`): the rest of the binary parses, formats and prints, and never
//! searches or knows puzzle rules.

use std::num::NonZeroUsize;

use anyhow::{anyhow, bail, Context, Result};
use puzzles::{
    Algorithm, HeuristicKind, Move, PackedWord, RedundantSearchError, Shape, SlidingPuzzle,
    TileOutcome,
};
use search_core::{observer::Progress, pruning::PruningAutomaton, Limit, Limits, Statistics};

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, PoisonError};

use puzzles::pdb::{partitions, PdbError};

use crate::args::{
    AlgorithmArg, GoalArg, GraphFormat, HeuristicArg, Notation, PartitionArg, SearchOptions,
};
use crate::output::status::{self, Status};
use crate::output::{progress, report};

pub use puzzles::Board;

/// How a solve ended, in the binary's terms.
#[derive(Debug, Clone)]
pub enum Ending {
    /// An optimal solution: the blank's moves as `U`, `D`, `L`, `R`.
    Solved(String),
    /// The goal is unreachable from the start.
    Unsolvable,
    /// A limit stopped the search first.
    LimitReached(Limit),
}

/// The answer to one solve, and what was used to get it.
#[derive(Debug, Clone)]
pub struct Report {
    /// The algorithm that ran, as the command line spells it.
    pub algorithm: String,
    /// The heuristic it used, if it uses one.
    pub heuristic: Option<String>,
    /// The partitions of the pattern databases it used, in the order they were maxed.
    pub databases: Vec<String>,
    /// When a limit stopped IDA*: the length no solution is shorter than (the threshold of the
    /// iteration it stopped in: every shorter one was searched to its end).
    pub lower_bound: Option<u64>,
    /// When the goal is out of reach: the standard goals the start can reach instead.
    pub reaches: Vec<&'static str>,
    /// The solution's moves as printed: the blank's directions, or the tiles moved
    /// ([`Notation`]).
    pub shown_moves: Option<String>,
    /// How the search ended.
    pub ending: Ending,
    /// What the search did.
    pub statistics: Statistics,
}

/// Parses a board in any format the library reads.
pub fn parse_board(text: &str) -> Result<Board> {
    Board::parse(text.trim())
        .map_err(|error| anyhow!("bad board `{}`: {error}", shorten(text.trim())))
}

/// `text`, cut to a length that fits in a message: a megabyte of junk is not echoed back whole.
fn shorten(text: &str) -> String {
    const MOST: usize = 80;
    match text.char_indices().nth(MOST) {
        Some((end, _)) => format!("{}...", &text[..end]),
        None => text.to_owned(),
    }
}

/// The goal board named by `goal` for boards shaped like `start`.
pub fn goal_board(goal: &GoalArg, start: &Board) -> Result<Board> {
    goal_of_shape(goal, start.shape(), "the start")
}

/// The goal board named by `goal` for boards of `shape`, which `what` has (named in the error
/// when a goal board has another shape).
pub fn goal_of_shape(goal: &GoalArg, shape: puzzles::Shape, what: &str) -> Result<Board> {
    let board = match goal {
        GoalArg::Board(text) => parse_board(text).context("the goal")?,
        GoalArg::Named(name) => {
            Board::named_goal(name, shape).ok_or_else(|| anyhow!("unknown goal `{name}`"))?
        }
    };
    if board.shape() != shape {
        return Err(anyhow!(
            "the goal is {} but {what} is {}",
            board.shape(),
            shape
        ));
    }
    Ok(board)
}

/// The shortest one-line form of a board that [`parse_board`] reads back: compact or spaced
/// for square boards, rows separated by `/` for the others, whose shape the cells do not tell.
pub fn compact(board: &Board) -> String {
    let shape = board.shape();
    if shape.width() == shape.height() {
        board.to_compact()
    } else {
        board.to_rows()
    }
}

/// How to solve, as the command line chose it. What depends on the board (the default
/// heuristic) is decided board by board.
#[derive(Clone, Debug)]
pub struct Choices {
    /// The algorithm, or the library's choice for the board size.
    pub algorithm: Option<AlgorithmArg>,
    /// The heuristic, or the library's choice for the board size.
    pub heuristic: Option<HeuristicArg>,
    /// More than one runs IDA* in parallel.
    pub threads: NonZeroUsize,
    /// IDA* skips the paths with a redundant move sequence of up to this many moves.
    pub prune: Option<usize>,
    /// Bytes of direct tables for the pattern databases, or the library's default by size.
    pub direct_tables: Option<usize>,
    /// The pattern databases' partitions, or none to use the strongest the cache holds.
    pub partitions: Vec<PartitionArg>,
    /// How solutions are written.
    pub notation: Notation,
}

impl Choices {
    /// The solving choices of `options` for sliding tiles, on `threads` threads, or why the
    /// options name something tiles do not offer.
    pub fn from_options(options: &SearchOptions, threads: NonZeroUsize) -> Result<Choices> {
        if options.metric.is_some() {
            bail!("sliding tiles have one kind of move: --metric is for klotski, blocks and rush-hour");
        }
        Ok(Choices {
            algorithm: options.tile_algorithm()?,
            heuristic: options.tile_heuristic()?,
            threads,
            prune: options.prune,
            direct_tables: options
                .direct_tables
                .map(|mebibytes| mebibytes.saturating_mul(1 << 20)),
            partitions: options.partition.clone(),
            notation: options.notation,
        })
    }

    /// The library's choices, on one thread, without pruning: what classic mode uses.
    pub fn defaults() -> Self {
        Choices {
            algorithm: None,
            heuristic: None,
            threads: NonZeroUsize::MIN,
            prune: None,
            direct_tables: None,
            partitions: Vec::new(),
            notation: Notation::Blank,
        }
    }

    /// Why the choices do not fit together, if they do not (`--prune` with astar, say).
    /// Whether they do never depends on the board: the default algorithm is IDA* at every
    /// size.
    pub fn check(&self) -> Result<()> {
        let any_shape = Shape::new(3, 3).expect("3x3 is a shape");
        self.algorithm(any_shape).map(drop)
    }

    /// The algorithm for boards of `shape`, or why the choices do not fit together.
    fn algorithm(&self, shape: Shape) -> Result<Algorithm> {
        let algorithm = match self.algorithm {
            None => Algorithm::default_for(shape),
            Some(AlgorithmArg::Bfs) => Algorithm::Bfs,
            Some(AlgorithmArg::Bidirectional) => Algorithm::Bidirectional,
            Some(AlgorithmArg::Astar) => Algorithm::AStar,
            Some(AlgorithmArg::Idastar) => Algorithm::IdaStar,
        };
        let algorithm = match algorithm {
            _ if self.threads.get() == 1 => algorithm,
            Algorithm::IdaStar => Algorithm::ParallelIdaStar(self.threads),
            other => bail!("--threads runs idastar on several threads, not {other}"),
        };
        if self.heuristic.is_some() && !algorithm.uses_heuristic() {
            bail!("--heuristic guides astar and idastar only, not {algorithm}");
        }
        let other_heuristic = self
            .heuristic
            .filter(|&heuristic| heuristic != HeuristicArg::Pdb);
        if !self.partitions.is_empty() {
            if !algorithm.uses_heuristic() {
                bail!("--partition chooses the pattern databases of astar and idastar, not {algorithm}");
            }
            if let Some(heuristic) = other_heuristic {
                bail!(
                    "--partition chooses pattern databases: it goes with --heuristic pdb, not {}",
                    heuristic_name(heuristic)
                );
            }
        }
        if self.prune.is_some() && !algorithm.is_idastar() {
            bail!("--prune applies to idastar, not {algorithm}");
        }
        if self.direct_tables.is_some()
            && (other_heuristic.is_some() || !algorithm.uses_heuristic())
        {
            bail!("--direct-tables applies to the pattern databases of --heuristic pdb");
        }
        Ok(algorithm)
    }

    /// The heuristic asked for, if one was: `--partition` asks for pattern databases.
    fn heuristic_asked(&self) -> Option<HeuristicKind> {
        Some(match self.heuristic {
            None if !self.partitions.is_empty() => HeuristicKind::PatternDatabase,
            None => return None,
            Some(HeuristicArg::Misplaced) => HeuristicKind::Misplaced,
            Some(HeuristicArg::Manhattan) => HeuristicKind::Manhattan,
            Some(HeuristicArg::LinearConflict) => HeuristicKind::LinearConflict,
            Some(HeuristicArg::Pdb) => HeuristicKind::PatternDatabase,
        })
    }
}

/// The name `--heuristic` spells `heuristic` with.
fn heuristic_name(heuristic: HeuristicArg) -> &'static str {
    match heuristic {
        HeuristicArg::Misplaced => "misplaced",
        HeuristicArg::Manhattan => "manhattan",
        HeuristicArg::LinearConflict => "linear-conflict",
        HeuristicArg::Pdb => "pdb",
    }
}

/// Solves boards optimally one after another, keeping what the next board can use: the
/// pattern databases of the last goal (loaded from the user's cache, built there on first use)
/// and the pruning automaton of the last shape.
pub struct Solver {
    choices: Choices,
    databases: puzzles::PdbSource<'static>,
    automaton: Option<(Shape, PruningAutomaton)>,
    /// Whether each solve shows a status line ([`progress::StatusLine`]).
    watched: bool,
    /// Whose free threads help the IDA* searches ([`puzzles::SolveRequest::with_crew`]).
    crew: Option<std::sync::Arc<search_core::idastar::Crew>>,
}

impl Solver {
    /// A solver for `choices`, or why they do not fit together ([`Choices::check`]: here,
    /// once, rather than for every board).
    pub fn new(choices: Choices) -> Result<Self> {
        choices.check()?;
        // A cache that cannot be read or written costs a rebuild every run: said, not hidden.
        let mut databases = puzzles::PdbSource::default_location()
            .on_warning(warn_cache)
            .on_progress(progress::building);
        if let Some(budget) = choices.direct_tables {
            databases = databases.with_direct_tables(budget);
        }
        if !choices.partitions.is_empty() {
            databases = databases.with_partitions(choices.partitions.iter().map(|p| p.0).collect());
        }
        Ok(Solver {
            choices,
            databases,
            automaton: None,
            watched: false,
            crew: None,
        })
    }

    /// The same solver, showing a status line on standard error while it works, where a person
    /// watches it (see [`progress::draw_target`]): for one search at a time, not a batch's.
    pub fn watched(mut self) -> Self {
        self.watched = true;
        self
    }

    /// The same solver, whose IDA* searches the free threads of `crew` help: for a batch's
    /// workers, all of one crew.
    pub fn helped_by(mut self, crew: std::sync::Arc<search_core::idastar::Crew>) -> Self {
        self.crew = Some(crew);
        self
    }

    /// Solves `start` towards `goal` within `limits` (which also stop a build of missing
    /// pattern databases, as a deadline or Ctrl-C).
    pub fn solve(&mut self, start: &Board, goal: &Board, limits: &Limits) -> Result<Report> {
        let shape = start.shape();
        let algorithm = self.choices.algorithm(shape)?;
        let heuristic = self.heuristic(goal);
        // Pattern databases and duplicate pruning's sequences (a second, or many with long
        // sequences) are made only when a search runs: not for a board that is its goal or
        // cannot reach it, which `solve_with` answers at once.
        let needs_search = start != goal
            && puzzles::solvability(start, goal).is_ok_and(|solvability| solvability.is_solvable());
        let status =
            (self.watched && needs_search).then(|| progress::StatusLine::start("starting"));
        if needs_search && heuristic == HeuristicKind::PatternDatabase && algorithm.uses_heuristic()
        {
            self.announce_build(goal);
            if let Some(status) = &status {
                let database_goal = puzzles::CornerRelabelling::database_goal(goal);
                status.phase(if self.databases.is_cached(&database_goal) {
                    "loading pattern databases"
                } else {
                    "building pattern databases"
                });
            }
            if let Err(limit) = self.load_databases(goal, limits)? {
                return Ok(Report::new(
                    algorithm,
                    heuristic,
                    Ending::LimitReached(limit),
                    Statistics::default(),
                ));
            }
        }
        let name = algorithm.to_string();
        let watch = |progress: &Progress| {
            if let Some(status) = &status {
                status.search(&name, progress);
            }
        };
        if let Some(status) = &status {
            // Parallel IDA* reports no progress yet: the phase at least says what runs.
            status.phase(&format!("search {name}"));
        }
        let mut request =
            puzzles::SolveRequest::new(algorithm, heuristic, limits).with_progress(&watch);
        if let Some(crew) = &self.crew {
            request = request.with_crew(crew);
        }
        let report = match self.choices.prune {
            Some(length) if needs_search => {
                if let Some(status) = &status {
                    status.phase("finding redundant move sequences");
                }
                let automaton = match &mut self.automaton {
                    Some((made_for, automaton)) if *made_for == shape => automaton,
                    slot => match puzzles::tile_pruning_automaton(shape, length, limits) {
                        Ok(made) => &slot.insert((shape, made)).1,
                        Err(RedundantSearchError::LimitReached(limit)) => {
                            return Ok(Report::new(
                                algorithm,
                                heuristic,
                                Ending::LimitReached(limit),
                                Statistics::default(),
                            ))
                        }
                        Err(error) => return Err(error.into()),
                    },
                };
                let request = request.with_pruning(automaton);
                puzzles::solve_request(start, goal, request, &mut self.databases)?
            }
            _ => puzzles::solve_request(start, goal, request, &mut self.databases)?,
        };
        // Gone before the answer is printed.
        drop(status);
        let ending = match report.outcome {
            TileOutcome::Solved { moves } => Ending::Solved(puzzles::format_moves(&moves)),
            TileOutcome::Unsolvable => Ending::Unsolvable,
            TileOutcome::LimitReached(limit) => Ending::LimitReached(limit),
        };
        let mut made = Report::new(
            report.algorithm,
            report.heuristic,
            ending,
            report.statistics,
        );
        made.databases = report.databases;
        match &made.ending {
            Ending::Unsolvable => made.reaches = reachable_goals(start),
            Ending::Solved(moves) => {
                made.shown_moves = Some(notate(start, moves, self.choices.notation)?);
            }
            Ending::LimitReached(_) => {}
        }
        Ok(made)
    }

    /// The heuristic for boards solved towards `goal`: the one asked for, else the library's
    /// fastest with what the cache holds ([`HeuristicKind::default_with`]). When that is not
    /// the pattern databases only because they are not built, says once how to build them.
    fn heuristic(&self, goal: &Board) -> HeuristicKind {
        if let Some(asked) = self.choices.heuristic_asked() {
            return asked;
        }
        let chosen = HeuristicKind::default_with(goal, &self.databases);
        if chosen != HeuristicKind::PatternDatabase
            && self.choices.algorithm.map_or(true, uses_heuristic)
        {
            self.hint_build(goal);
        }
        chosen
    }

    /// Says once (per process) which `slide pdb build` command makes the databases that would
    /// solve boards towards `goal` faster, if the board has standard ones.
    fn hint_build(&self, goal: &Board) {
        let shape = goal.shape();
        let has_standard = partitions::Standard::for_board(shape.width(), shape.height())
            .next()
            .is_some();
        if !has_standard || HINTED.swap(true, Ordering::Relaxed) {
            return;
        }
        let database_goal = puzzles::CornerRelabelling::database_goal(goal);
        let goal_option = if database_goal == Board::blank_first(shape) {
            String::new()
        } else {
            format!(" --goal {}", shell_word(&compact(goal)))
        };
        let chosen = self
            .databases
            .partitions_for(&database_goal)
            .unwrap_or_default();
        let names: Vec<&str> = chosen
            .iter()
            .map(|partition| partition.name.as_str())
            .collect();
        status::note(format_args!(
            "no pattern databases for {shape} are cached, so this uses linear conflict; \
             `slide pdb build -p {}{goal_option}` builds them once ({}, minutes) for far faster solves",
            names.join(","),
            size_text(shape, &chosen)
        ));
    }

    /// Loads (or builds) the databases a search towards `goal` uses before the search asks for
    /// them, one job at a time: the jobs of a batch on an empty cache would otherwise build the
    /// same files side by side, each on all the cores, where one builds them and the others
    /// then map the saved files. `Err(limit)` when `limits` stopped a build.
    fn load_databases(&mut self, goal: &Board, limits: &Limits) -> Result<Result<(), Limit>> {
        static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());
        let database_goal = puzzles::CornerRelabelling::database_goal(goal);
        // A job that panicked while loading left nothing half-done behind the lock: the cache
        // writes files whole or not at all.
        let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(PoisonError::into_inner);
        match self.databases.heuristic_within(&database_goal, limits) {
            Ok(_) => Ok(Ok(())),
            Err(PdbError::Stopped(limit)) => Ok(Err(limit)),
            Err(error) => Err(puzzles::SolveError::from(error).into()),
        }
    }

    /// Says once (per process) that the pattern databases for `goal` are about to be built:
    /// which, how big, and where they are kept.
    fn announce_build(&self, goal: &Board) {
        let database_goal = puzzles::CornerRelabelling::database_goal(goal);
        if self.databases.is_cached(&database_goal) {
            return;
        }
        let Ok(chosen) = self.databases.partitions_for(&database_goal) else {
            // The search reports the error itself.
            return;
        };
        if ANNOUNCED.swap(true, Ordering::Relaxed) {
            return;
        }
        let names: Vec<&str> = chosen
            .iter()
            .map(|partition| partition.name.as_str())
            .collect();
        let place = match self.databases.cache() {
            Some(cache) => format!("into {}", cache.directory().display()),
            None => "in memory (no cache directory)".to_owned(),
        };
        status::note(format_args!(
            "building the {shape} pattern databases {} ({}) {place}, once",
            names.join(","),
            size_text(goal.shape(), &chosen),
            shape = goal.shape(),
        ));
    }
}

/// Whether a hint about databases was printed, so that a batch's jobs print one between them.
static HINTED: AtomicBool = AtomicBool::new(false);

/// Whether a build was announced, for the same reason.
static ANNOUNCED: AtomicBool = AtomicBool::new(false);

fn uses_heuristic(algorithm: AlgorithmArg) -> bool {
    matches!(algorithm, AlgorithmArg::Astar | AlgorithmArg::Idastar)
}

/// About how many bytes the databases of `chosen` take on boards of `shape`, as `about 290 MB`:
/// a table has an entry per placement of its pattern's tiles, two entries a byte.
fn size_text(shape: Shape, chosen: &[puzzles::ChosenPartition]) -> String {
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
    match bytes {
        bytes if bytes >= 1 << 30 => format!("about {:.1} GB", bytes as f64 / 1e9),
        bytes if bytes >= 1 << 20 => format!("about {} MB", bytes.div_ceil(1_000_000)),
        bytes => format!("about {} kB", bytes.div_ceil(1000)),
    }
}

impl Ending {
    /// The exit status a solve that ended so ends with.
    pub fn status(&self) -> Status {
        match self {
            Ending::Solved(_) => Status::Success,
            Ending::Unsolvable => Status::Unsolvable,
            Ending::LimitReached(_) => Status::LimitReached,
        }
    }

    /// The word for how a search ended, as JSON's `result` and batch's table print it.
    pub fn word(&self) -> &'static str {
        match self {
            Ending::Solved(_) => "solved",
            Ending::Unsolvable => "unsolvable",
            Ending::LimitReached(_) => "gave up",
        }
    }
}

impl Report {
    /// The solve as JSON: [`report::answer_json`]'s fields, the moves as the notation asked for
    /// writes them.
    pub fn json(&self, start: &str, goal: &str) -> serde_json::Value {
        report::answer_json(start, goal, &self.to_answer(), &self.databases)
    }

    /// The search that ran, as `astar (linear-conflict)` or, with pattern databases, as
    /// `idastar (pattern-database 15-7-8,15-7-8-diagonal)`.
    pub fn search_text(&self) -> String {
        report::answer_search_text(&self.to_answer(), &self.databases)
    }

    /// The report as the front-end contract's [`Answer`](puzzles::front_end::Answer), which
    /// the one JSON writer prints for every puzzle: the moves as the notation writes them.
    pub fn to_answer(&self) -> puzzles::front_end::Answer {
        use puzzles::front_end::{Answer, Ending as AnswerEnding, Solution};
        let ending = match &self.ending {
            Ending::Solved(moves) => {
                let line = self.shown_moves.clone().unwrap_or_else(|| moves.clone());
                // The blank's moves are a letter each; tiles' numbers are separated by spaces.
                let names = if line == *moves {
                    moves.chars().map(String::from).collect()
                } else {
                    line.split_whitespace().map(str::to_owned).collect()
                };
                AnswerEnding::Solved(Solution {
                    cost: moves.len() as u64,
                    moves: names,
                    line,
                    states: Vec::new(),
                })
            }
            Ending::Unsolvable => AnswerEnding::Unreachable {
                reason: "the permutation parities differ".to_owned(),
                reaches: self.reaches.iter().map(|name| (*name).to_owned()).collect(),
            },
            Ending::LimitReached(limit) => AnswerEnding::LimitReached {
                limit: *limit,
                lower_bound: self.lower_bound,
            },
        };
        let mut answer =
            Answer::without_search(&self.algorithm, self.heuristic.as_deref(), None, ending);
        answer.statistics = self.statistics.clone();
        answer
    }

    /// The report of `algorithm` (and `heuristic`, if it uses one).
    fn new(
        algorithm: Algorithm,
        heuristic: HeuristicKind,
        ending: Ending,
        statistics: Statistics,
    ) -> Self {
        Report {
            algorithm: algorithm.to_string(),
            heuristic: algorithm.uses_heuristic().then(|| heuristic.to_string()),
            databases: Vec::new(),
            lower_bound: match ending {
                Ending::LimitReached(_) if algorithm.is_idastar() => statistics
                    .iterations
                    .last()
                    .map(|iteration| iteration.threshold),
                _ => None,
            },
            reaches: Vec::new(),
            shown_moves: None,
            ending,
            statistics,
        }
    }
}

/// `moves` (the blank's directions, `UDLR`) in `notation`: as they are, or as the numbers of
/// the tiles moved, separated by spaces (each tile slides the opposite way to the blank).
pub fn notate(start: &Board, moves: &str, notation: Notation) -> Result<String> {
    match notation {
        Notation::Blank => Ok(moves.to_owned()),
        Notation::Tiles => {
            let boards = boards_along(start, moves)?;
            let tiles: Vec<String> = (boards.windows(2))
                .map(|pair| pair[0].tile(pair[1].blank()).to_string())
                .collect();
            Ok(tiles.join(" "))
        }
    }
}

/// Every board along `moves` from `start`, `start` first.
pub fn boards_along(start: &Board, moves: &str) -> Result<Vec<Board>> {
    let mut boards = vec![start.clone()];
    for step in puzzles::parse_moves(moves)? {
        let next = boards
            .last()
            .and_then(|board| board.apply(step))
            .ok_or_else(|| anyhow!("the move {step} leaves the board"))?;
        boards.push(next);
    }
    Ok(boards)
}

/// The grid form of a board, for people.
pub fn grid(board: &Board) -> String {
    board.to_string()
}

/// The standard goals of `start`'s shape (`blank-last`, `blank-first`, `spiral`) that it can
/// reach, by name: what to suggest when the goal asked for is out of reach.
pub fn reachable_goals(start: &Board) -> Vec<&'static str> {
    let shape = start.shape();
    let goals = [
        ("blank-last", Board::blank_last(shape)),
        ("blank-first", Board::blank_first(shape)),
        ("spiral", Board::spiral(shape)),
    ];
    (goals.into_iter())
        .filter(|(_, goal)| {
            puzzles::solvability(start, goal).is_ok_and(|solvability| solvability.is_solvable())
        })
        .map(|(name, _)| name)
        .collect()
}

/// Whether `goal` is reachable from `start`, and the reason in words.
pub fn check(start: &Board, goal: &Board) -> Result<(bool, String)> {
    let solvability = puzzles::solvability(start, goal)?;
    Ok((solvability.is_solvable(), solvability.to_string()))
}

/// The goal named by `goal` for boards of `size` (`4x4`).
pub fn goal_of_size(size: &str, goal: &GoalArg) -> Result<Board> {
    let shape: puzzles::Shape = size
        .parse()
        .map_err(|error| anyhow!("bad size `{size}`: {error}"))?;
    // There is no start yet: the size is what the goal must agree with.
    goal_of_shape(goal, shape, "--size")
}

/// A random start from which `goal` is reachable: uniform, or `walk` random moves away.
pub fn random_board(goal: &Board, seed: u64, walk: Option<usize>) -> Board {
    match walk {
        Some(steps) => puzzles::random_walk(goal, steps, seed),
        None => puzzles::random_solvable(goal, seed),
    }
}

/// The state graph around a board, as [`graph_dot`] draws it.
#[derive(Debug, Clone)]
pub enum GraphDot {
    /// The graph within the depth has more than the most nodes allowed: nothing is drawn.
    TooLarge,
    /// The graph as Graphviz DOT (or JSON), and how the search for the path to highlight ended
    /// (`None` when no goal was given). Only a solved search highlights a path.
    Drawn {
        /// The DOT text, or the JSON object.
        dot: String,
        /// How the search for an optimal path to the goal ended.
        path: Option<Ending>,
    },
}

/// The state graph within `depth` moves of `start` as Graphviz DOT, an optimal path to `goal`
/// highlighted. `max_nodes` bounds both the exploration (expanded nodes) and the search for
/// the path: either would otherwise run as long as the board and the depth make it, and a
/// 15-puzzle goal can take IDA* hours.
pub fn graph_dot(
    start: &Board,
    goal: Option<&Board>,
    (depth, max_nodes): (u32, u64),
    format: GraphFormat,
) -> Result<GraphDot> {
    if start.shape().cells() <= <u64 as PackedWord>::MAX_CELLS {
        graph_dot_packed::<u64>(start, goal, (depth, max_nodes), format)
    } else {
        graph_dot_packed::<u128>(start, goal, (depth, max_nodes), format)
    }
}

fn graph_dot_packed<Word: PackedWord>(
    start: &Board,
    goal: Option<&Board>,
    (depth, max_nodes): (u32, u64),
    format: GraphFormat,
) -> Result<GraphDot> {
    // Exploring ignores the goal test, so any goal of the right shape does.
    let puzzle = SlidingPuzzle::<Word>::new(goal.unwrap_or(start))?;
    let limits = Limits::default().with_max_expanded(max_nodes);
    let graph = search_core::graph::explore(
        &puzzle,
        puzzle.state(start)?,
        depth as usize,
        &crate::args::exploring_limits(max_nodes),
    );
    if graph.limit().is_some() {
        // Before the search for the path, which is pointless when nothing is drawn.
        return Ok(GraphDot::TooLarge);
    }
    let (path, boards) = match goal {
        None => (None, Vec::new()),
        Some(goal) => {
            let ending = Solver::new(Choices::defaults())?
                .solve(start, goal, &limits)?
                .ending;
            let boards = match &ending {
                Ending::Solved(moves) => boards_along(start, moves)?,
                Ending::Unsolvable | Ending::LimitReached(_) => Vec::new(),
            };
            (Some(ending), boards)
        }
    };
    let states = boards
        .iter()
        .map(|board| puzzle.state(board))
        .collect::<Result<Vec<_>, _>>()?;
    let dot = match format {
        GraphFormat::Dot => graph.to_dot(
            |state| puzzle.board(state).to_string(),
            |direction: &Move| direction.to_string(),
            &states,
        ),
        GraphFormat::Json => {
            let explored = graph.graph();
            let nodes: Vec<String> = (explored.node_weights())
                .map(|state| compact(&puzzle.board(state)))
                .collect();
            let edges: Vec<serde_json::Value> = (explored.raw_edges().iter())
                .map(|edge| {
                    serde_json::json!({
                        "from": edge.source().index(),
                        "to": edge.target().index(),
                        "move": edge.weight.to_string(),
                    })
                })
                .collect();
            let mut object = serde_json::json!({
                "start": compact(start),
                "depth": depth,
                "nodes": nodes,
                "edges": edges,
            });
            if let (Some(goal), Some(ending)) = (goal, &path) {
                object["goal"] = compact(goal).into();
                object["result"] = ending.word().into();
                if let Ending::Solved(moves) = ending {
                    object["length"] = moves.len().into();
                    object["moves"] = moves.as_str().into();
                }
            }
            object.to_string()
        }
    };
    Ok(GraphDot::Drawn { dot, path })
}

/// Says what went wrong with the pattern-database cache, which costs time, not answers: a file
/// rebuilt, or one that could not be saved.
pub fn warn_cache(warning: &puzzles::pdb::CacheWarning) {
    use puzzles::pdb::CacheWarning;
    match warning {
        CacheWarning::Rebuilding { path, error } => status::warn(format_args!(
            "rebuilding {}: {}",
            path.display(),
            causes(error)
        )),
        CacheWarning::NotSaved { path, error } => status::warn(format_args!(
            "could not save {}: {}; the databases are built again every run until it can be",
            path.display(),
            causes(error)
        )),
        warning => status::warn(format_args!("{warning}")),
    }
}

/// `error` and its causes, separated by `: `.
pub fn causes(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut cause = error.source();
    while let Some(inner) = cause {
        text += &format!(": {inner}");
        cause = inner.source();
    }
    text
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
    use super::shell_word;

    #[test]
    fn hints_quote_words_a_shell_would_split() {
        assert_eq!(shell_word("1234.5678"), "1234.5678");
        assert_eq!(shell_word("1 2 3/4 0 5"), "'1 2 3/4 0 5'");
        assert_eq!(shell_word("it's"), "'it'\\''s'");
    }
}
