//! The command line, declared with clap derive: the doc comments are the help text.

use std::path::PathBuf;

use clap::builder::TypedValueParser;
use clap::{ArgGroup, Args, CommandFactory, Parser, Subcommand, ValueEnum};

/// The command line's definition, named as `app` is.
pub fn command(app: &crate::App) -> clap::Command {
    let command = Cli::command()
        .name(app.name().to_owned())
        .bin_name(app.name().to_owned())
        .version(app.version().to_owned());
    match app.description() {
        Some(about) => command.about(about.to_owned()).long_about(None),
        None => command,
    }
}

/// The longest random walk `slide random --walk` makes.
const MAX_WALK: u64 = 1_000_000;

/// The most nodes `slide graph --max-nodes` allows: a node and its edges take a few hundred
/// bytes as text (more for puzzles with many moves a state), so a graph at this cap stays
/// within a gigabyte or so, and no layout program draws more.
const MAX_GRAPH_NODES: u64 = 2_000_000;

/// The most threads `slide solve --threads` runs (its help states the number): the most the
/// library starts. More than any machine's cores: more threads than cores only share them, and
/// thousands fail to start.
const MAX_THREADS: usize = search_core::idastar::MAX_PARALLEL_THREADS;

/// The most puzzles `slide batch --jobs` solves at once (its help states the number), for the
/// reasons of [`MAX_THREADS`]: each job is a thread with its own solver.
const MAX_JOBS: u16 = 256;

/// The exit codes, stated once for every `--help` (the README repeats them as a table).
macro_rules! exit_codes {
    () => {
        "\
Exit codes:
  0  solved, or printed what was asked
  1  the goal is unreachable (solve, check, klotski, graph --goal); classic mode prints -1 and
     exits 0 instead
  2  bad input or usage (batch: at least one bad line)
  3  a limit (--max-nodes, --timeout, --max-stored: the memory guard) stopped the search
     (batch: at least one search, and no line was bad; graph: also the search for the --goal
     path, and the graph is printed without it)
  4  standard output could not be written (closed, the disk full, an i/o error); a reader
     that stops reading (slide random | head) is not an error
  5  a pattern-database file, the cache or the --svg file could not be read or written (the
     disk full, a read-only directory, permissions)
130  batch interrupted by Ctrl-C (results so far and the summary are printed)

Classic mode: with no subcommand, slide reads one or two boards from standard input
(start, then goal; the goal defaults to the spiral 123804765) and prints only the least
number of moves, or -1 when the goal is unreachable."
    };
}

/// The exit codes, after the short help (`-h`), with where the guarantees are.
const EXIT_CODES: &str = concat!(
    exit_codes!(),
    "

The guarantees (memory, time, cancellation, bad input, batch, cache) are in --help."
);

/// What `slide --help` (the long help) adds to the exit codes: the promises every subcommand
/// keeps, which the README only points to so that it stays short enough to scan.
const GUARANTEES_AND_EXIT_CODES: &str = concat!(
    exit_codes!(),
    "

Guarantees: slide never panics, never waits without limit and never takes the machine's memory
by surprise; what it cannot do, it says, with one of the exit codes above.
  Memory        breadth-first, bidirectional and A* searches stop at --max-stored N stored
                nodes (default 100,000,000, where bfs and bidirectional peak at about 2.5 GB
                on the 15-puzzle and 4.1 GB on the 24-puzzle; the 8-puzzle's 181,440 states
                never reach it) with exit code 3; IDA* stores only its path, and --prune
                counts the move sequences it remembers against --max-stored; graph is bounded
                by --max-nodes.
                Whatever the search, --max-memory MIB (default three quarters of the machine's
                memory or of the control group's limit, half of a ulimit -v) stops it with
                exit code 3 before the memory runs out.
  Time          --timeout SECONDS stops every algorithm within milliseconds (the clock is read
                every 1024 expansions), and the building of missing pattern databases too,
                saving nothing; without it a search runs until it has an answer or a limit.
  Cancellation  Ctrl-C stops batch cleanly within a second, even while it waits for input:
                results so far are printed whole and in order, then the summary, exit code
                130; a second Ctrl-C quits at once.
  Bad input     a message on standard error naming the problem, nothing on standard output,
                exit code 2. Sizes are checked before anything is allocated: boards of 2x2 to
                25 cells, classic-mode input up to 1 MiB, batch lines up to 8 KiB, Klotski
                layouts up to 64 KiB, random --walk up to a million moves.
  batch         a bad line is reported with its line number (standard error and an error
                record in its place) and every other line is still solved, in input order;
                lines are read as workers free up, and at most 64 a job are read and not yet
                printed, so memory grows neither with the input nor behind a slow reader.
  Cache         a cached pattern database is checked (header, size, checksum) before it is
                used; a corrupt one is rebuilt, and one that is not a regular file (a pipe, a
                device) is refused unopened."
);

/// Solve sliding puzzles optimally: sliding tiles of any size (the 8-, 15- and 24-puzzle),
/// Klotski, sliding blocks and Rush Hour (`slide puzzles` lists them).
///
/// Boards are written row by row, the blank as `.` or `0`: compactly (`13524678.`) or as
/// numbers separated by spaces (`1 3 5 2 4 6 7 8 0`).
#[derive(Debug, Parser)]
#[command(
    name = "slide",
    version,
    after_help = EXIT_CODES,
    after_long_help = GUARANTEES_AND_EXIT_CODES,
    max_term_width = 100
)]
pub struct Cli {
    /// What to do; without one, slide runs in classic mode on standard input.
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Show the live status line (phase, bound, nodes, rate) and progress bars on standard
    /// error even when it is not a terminal.
    #[arg(long, global = true, conflicts_with = "quiet")]
    pub progress: bool,
    /// Say nothing on standard error but errors: no status line, notes or hints; `slide solve`
    /// prints only the moves.
    #[arg(long, short = 'q', global = true)]
    pub quiet: bool,
}

/// Each subcommand's examples, shown after its help, with where the exit codes are.
const RANDOM_EXAMPLES: &str = "\
Examples:
  slide random --size 3x3 --count 3 --seed 42
  slide random --size 5x5 --walk 40 --goal blank-first   40 random moves from the goal";

const BLOCKS_EXAMPLES: &str = "\
Examples:
  slide blocks --list
  slide blocks --shipped pennant --boards
  slide blocks --shipped pennant --svg pennant.svg
  slide blocks --rush-hour IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM
  slide blocks --shipped 'card 40' --farthest      the hardest starts of its cluster
  printf 'goal: B at 4,2\\nABBC\\nABBC\\nDEEF\\nDGHF\\nI..J\\n' | slide blocks - --metric step

Exit codes and guarantees: slide --help";

const SOLVE_EXAMPLES: &str = "\
Examples:
  slide solve 13524678. 46758123.            an 8-puzzle towards a goal board (22 moves)
  slide solve '15 2 12 11 14 13 9 5 1 3 8 7 0 10 6 4' blank-first --stats
                                             a 15-puzzle with the default pattern databases
  slide random --size 4x4 --goal spiral | slide solve - --format json
                                             a `start;goal` line from standard input
  slide solve 13524678. 46758123. --svg solution.svg
                                             the solution as an animated picture

Exit codes and guarantees: slide --help";

const BATCH_EXAMPLES: &str = "\
Examples:
  slide random --size 4x4 --count 40 | slide batch --format table
  slide batch instances.txt --jobs 2 --timeout 10 > results.jsonl
  printf '13524678.;46758123.\\n123456780;blank-first\\n' | slide batch -

Exit codes and guarantees: slide --help";

const CHECK_EXAMPLES: &str = "\
Examples:
  slide check 12345687.                      unsolvable: one swap away from the goal
  slide check '1 2 3/4 0 5' '1 2 3/4 5 0'    a 3x2 board, rows separated by /

Exit codes and guarantees: slide --help";

const GRAPH_EXAMPLES: &str = "\
Examples:
  slide graph 12345678. --depth 3 | dot -Tsvg > graph.svg
  slide graph 1234.5786 --depth 4 --goal blank-last    the optimal path drawn in red

Exit codes and guarantees: slide --help";

const KLOTSKI_EXAMPLES: &str = "\
Examples:
  slide klotski --classic                    横刀立马, 81 moves
  slide klotski layout.txt --metric step --boards
  slide klotski --classic --svg klotski.svg

Exit codes and guarantees: slide --help";

const PUZZLES_EXAMPLES: &str = "\
Examples:
  slide puzzles
  slide puzzles --format json
  slide solve --puzzle rush-hour IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM

Exit codes and guarantees: slide --help";

/// Arguments of `slide puzzles`.
#[derive(Debug, Args)]
pub struct PuzzlesArgs {
    /// Output format.
    #[arg(long, short, value_enum, default_value_t = TextOrJson::Text)]
    pub format: TextOrJson,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Solve one puzzle and print the length and the moves of an optimal solution.
    ///
    /// Moves name the direction the blank moves in: U, D, L, R.
    #[command(after_help = SOLVE_EXAMPLES)]
    Solve(SolveArgs),
    /// Solve many puzzles in parallel, one per input line, results in input order.
    ///
    /// A line holds a start board, or a start and a goal separated by `;` or a tab (with
    /// --puzzle, an instance of that puzzle on one line). Empty lines and lines starting with
    /// `#` are skipped. A bad line is reported with its line number and
    /// the batch goes on; the exit code is 2 if any line was bad, else 3 if a limit stopped any
    /// search, else 0.
    #[command(after_help = BATCH_EXAMPLES)]
    Batch(BatchArgs),
    /// Tell whether the goal is reachable from the start, and why (parities), without searching.
    #[command(after_help = CHECK_EXAMPLES)]
    Check(CheckArgs),
    /// Print random solvable instances, one per line, in a format `slide batch` reads.
    #[command(after_help = RANDOM_EXAMPLES)]
    Random(RandomArgs),
    /// Print the state graph around a board as Graphviz DOT.
    #[command(after_help = GRAPH_EXAMPLES)]
    Graph(GraphArgs),
    /// Solve a Klotski (Huarong Dao) layout optimally: bring the 2x2 block to the bottom exit.
    ///
    /// A layout is five lines of four characters: a letter per piece (all cells of a piece
    /// share it) and `.` for each of the two empty cells. The same as `slide solve --puzzle
    /// klotski`, with the same options and output.
    #[command(after_help = KLOTSKI_EXAMPLES)]
    Klotski(KlotskiArgs),
    /// Solve any sliding-block puzzle optimally: a layout file, a Rush Hour board, or a shipped
    /// classic (Klotski's layouts, the Pennant puzzle, Rush Hour's hardest, ...).
    ///
    /// A layout is header lines, then the board: `.` an empty cell, `x` or `#` a wall, a letter
    /// or digit per piece (any connected shape). Headers: `goal: A at 4,2` (the top-left
    /// corner of A's bounding box at row 4, column 2, from 1), `exit: A right` (A leaves through that side; the move out is not
    /// counted), `horizontal: ABC` and `vertical: DE` (pieces held to one axis), `alike: ABC`
    /// (interchangeable pieces). Pieces of one shape and axis are interchangeable unless a goal
    /// names them. Boards have at most 64 cells and 16 pieces. The same as `slide solve
    /// --puzzle blocks` (or rush-hour), with the same options and output.
    #[command(after_help = BLOCKS_EXAMPLES)]
    Blocks(BlocksArgs),
    /// List the puzzles `--puzzle` selects, with their algorithms, heuristics and metrics
    /// (the default first) and how an instance is written.
    #[command(after_help = PUZZLES_EXAMPLES)]
    Puzzles(PuzzlesArgs),
    /// Build and inspect pattern databases (additive, disjoint; Korf & Felner 2002).
    #[command(subcommand)]
    Pdb(PdbCommand),
    /// Print a shell completion script.
    Completions(CompletionsArgs),
}

/// The `slide pdb` subcommands.
#[derive(Debug, Subcommand)]
pub enum PdbCommand {
    /// Build the databases of a partition into the cache (skipping those already there), with
    /// a progress bar, and print where each one is.
    ///
    /// Databases are built for the blank-first goal (`.12345678` on 3x3), Korf's and the
    /// standard partitions', which every goal with its blank in a corner shares; `--goal` builds
    /// those of another goal ahead (`solve -H pdb` builds them itself on first use).
    Build(PdbBuildArgs),
    /// Describe a database file.
    Info(PdbInfoArgs),
    /// List the cached databases: board, goal, pattern, size, and the standard partitions
    /// that use each.
    ///
    /// Only the files' headers are read. A file the cache cannot use is listed as such (the
    /// next search that needs it rebuilds it).
    List(PdbListArgs),
    /// Remove cached databases: all of them, or those of --partition; --dry-run says what
    /// would go and removes nothing. Removed databases are built again by the next search that
    /// needs them.
    Clean(PdbCleanArgs),
}

/// A standard partition by name (`15-7-8`), as `pdb build NAME` and `--partition NAME` take it; the
/// names and their help come from the library's [`Standard`](puzzles::pdb::partitions::Standard).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PartitionArg(pub puzzles::pdb::partitions::Standard);

impl ValueEnum for PartitionArg {
    fn value_variants<'a>() -> &'a [Self] {
        use puzzles::pdb::partitions::Standard;
        const ALL: [PartitionArg; Standard::ALL.len()] = {
            let mut all = [PartitionArg(Standard::ALL[0]); Standard::ALL.len()];
            let mut i = 0;
            while i < all.len() {
                all[i] = PartitionArg(Standard::ALL[i]);
                i += 1;
            }
            all
        };
        &ALL
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        Some(clap::builder::PossibleValue::new(self.0.name()).help(self.0.description()))
    }
}

/// Arguments of `slide pdb build`.
#[derive(Debug, Args)]
// Standard partitions (by position or --partition) or patterns of one's own, not both: the
// group lets --goal require either spelling of the partitions; a line with neither is told
// what to give by the command itself.
#[command(group(
    ArgGroup::new("partitions")
        .args(["named", "partition"])
        .multiple(true)
))]
pub struct PdbBuildArgs {
    /// Standard partitions (`slide pdb build 15-7-8`), separated by commas or one after
    /// another. Not `-p`, which names the puzzle in every other command.
    #[arg(
        value_enum,
        value_delimiter = ',',
        value_name = "PARTITION",
        conflicts_with = "patterns"
    )]
    pub named: Vec<PartitionArg>,
    /// The same, as an option.
    #[arg(
        long,
        value_enum,
        value_delimiter = ',',
        value_name = "PARTITION",
        conflicts_with = "patterns"
    )]
    pub partition: Vec<PartitionArg>,
    /// `-p`, which named the partitions before it meant the puzzle everywhere: refused with
    /// the command to type instead.
    #[arg(short = 'p', hide = true, value_name = "PARTITION", num_args = 1)]
    pub short_p: Vec<String>,
    /// The goal to build them for: a board, or one of blank-last, blank-first, spiral
    /// [default: blank-first]. Every goal with its blank in a corner shares the blank-first
    /// goal's databases, so this builds the same files for all of them; another goal gets its
    /// own.
    #[arg(long, value_name = "GOAL", requires = "partitions")]
    pub goal: Option<GoalArg>,
    /// Board size for --pattern, as WIDTHxHEIGHT.
    #[arg(long, short, requires = "patterns", value_parser = parse_size)]
    pub size: Option<String>,
    /// A pattern of your own: tile numbers separated by commas (repeat for each pattern).
    #[arg(long = "pattern", value_name = "TILES", requires = "size")]
    pub patterns: Vec<String>,
    /// The cache directory [default: slide/pdb in the user's cache directory].
    #[arg(long, value_name = "DIR")]
    pub dir: Option<PathBuf>,
    /// Where a pattern too large to search in memory keeps its temporary layer files (gigabytes
    /// for the 15-puzzle's 8-tile pattern) [default: $TMPDIR, else /tmp].
    #[arg(long, value_name = "DIR")]
    pub temp_dir: Option<PathBuf>,
    /// The most memory, in MiB, a pattern's search may take in memory before it goes through
    /// temporary files instead [default: 256].
    #[arg(long, value_name = "MIB")]
    pub memory: Option<u64>,
}

impl PdbBuildArgs {
    /// The standard partitions asked for, positional and `--partition` alike.
    pub fn partitions(&self) -> Vec<&PartitionArg> {
        self.named.iter().chain(&self.partition).collect()
    }
}

impl PdbCleanArgs {
    /// The standard partitions asked for, positional and `--partition` alike.
    pub fn partitions(&self) -> Vec<&PartitionArg> {
        self.named.iter().chain(&self.partition).collect()
    }
}

/// Arguments of `slide pdb list`.
#[derive(Debug, Args)]
pub struct PdbListArgs {
    /// The cache directory [default: slide/pdb in the user's cache directory].
    #[arg(long, value_name = "DIR")]
    pub dir: Option<PathBuf>,
}

/// Arguments of `slide pdb clean`.
#[derive(Debug, Args)]
pub struct PdbCleanArgs {
    /// Remove only the databases these standard partitions use (`slide pdb clean 15-6-6-3`),
    /// separated by commas or one after another [default: every database in the cache].
    #[arg(value_enum, value_delimiter = ',', value_name = "PARTITION")]
    pub named: Vec<PartitionArg>,
    /// The same, as an option.
    #[arg(long, value_enum, value_delimiter = ',', value_name = "PARTITION")]
    pub partition: Vec<PartitionArg>,
    /// Say what would be removed, and remove nothing.
    #[arg(long)]
    pub dry_run: bool,
    /// The cache directory [default: slide/pdb in the user's cache directory].
    #[arg(long, value_name = "DIR")]
    pub dir: Option<PathBuf>,
}

/// Arguments of `slide pdb info`.
#[derive(Debug, Args)]
pub struct PdbInfoArgs {
    /// The database file.
    pub file: PathBuf,
}

/// A sliding-tile goal as `random --goal` and `pdb build --goal` take it: a board, or a
/// standard goal's name ([`Board::GOAL_NAMES`](puzzles::Board::GOAL_NAMES)).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GoalArg {
    /// An explicit goal board.
    Board(String),
    /// A standard goal by name (`blank-last`, `blank-first`, `spiral`).
    Named(&'static str),
}

impl GoalArg {
    /// The default goal of sliding tiles: blank-last.
    pub const BLANK_LAST: GoalArg = GoalArg::Named("blank-last");

    /// The goal board for boards of `shape`, which `what` has (named in the error when a goal
    /// board has another shape).
    pub fn board(&self, shape: puzzles::Shape, what: &str) -> anyhow::Result<puzzles::Board> {
        let board = match self {
            GoalArg::Board(text) => puzzles::Board::parse(text.trim())
                .map_err(|error| anyhow::anyhow!("bad goal `{}`: {error}", text.trim()))?,
            GoalArg::Named(name) => puzzles::Board::named_goal(name, shape)
                .ok_or_else(|| anyhow::anyhow!("unknown goal `{name}`"))?,
        };
        if board.shape() != shape {
            anyhow::bail!("the goal is {} but {what} is {shape}", board.shape());
        }
        Ok(board)
    }
}

impl std::str::FromStr for GoalArg {
    type Err = String;

    /// A goal's name, with surrounding whitespace as a board may have it, or else a board.
    /// Letters are in no board, so text with letters that is no name is refused here, with
    /// the names, rather than later as a bad board.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let trimmed = text.trim();
        if let Some(name) = (puzzles::Board::GOAL_NAMES.iter()).find(|name| **name == trimmed) {
            return Ok(GoalArg::Named(name));
        }
        if trimmed.chars().any(char::is_alphabetic) {
            return Err(format!(
                "unknown goal `{trimmed}`: a goal is a board, or one of {}",
                puzzles::Board::GOAL_NAMES.join(", ")
            ));
        }
        Ok(GoalArg::Board(text.to_owned()))
    }
}

/// The options that choose the goal: a positional GOAL or `--goal`. The text goes to the
/// puzzle as written, which reads its own goals (names included).
#[derive(Debug, Args)]
pub struct GoalOptions {
    /// The goal. Tiles: a board, or one of blank-last, blank-first, spiral [default:
    /// blank-last]; puzzles whose goal is a condition (klotski, blocks, rush-hour) take none.
    #[arg(value_name = "GOAL")]
    pub goal: Option<String>,
    /// The goal, as an option (same values as GOAL).
    #[arg(long = "goal", value_name = "GOAL", conflicts_with = "goal")]
    pub goal_option: Option<String>,
}

impl GoalOptions {
    /// The goal's text, if one was given.
    pub fn text(&self) -> Option<&str> {
        self.goal.as_deref().or(self.goal_option.as_deref())
    }
}

/// Text for people or JSON for programs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SolveFormat {
    /// Lines of `name: value`.
    Text,
    /// One JSON object.
    Json,
    /// The moves alone, on one line (nothing when there is no solution).
    Moves,
}

/// How a solution's moves are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Notation {
    /// The blank's directions: U, D, L, R.
    Blank,
    /// The numbers of the tiles moved, separated by spaces.
    Tiles,
}

/// How batch results are printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum BatchFormat {
    /// One JSON object per line.
    Json,
    /// An aligned table.
    Table,
}

/// The search options shared by `solve` and `batch`.
#[derive(Debug, Args)]
pub struct SearchOptions {
    /// The search algorithm. Tiles: bfs, bidirectional, astar, idastar [default: idastar, the
    /// fastest at every board size]; other puzzles: `slide puzzles` lists theirs.
    #[arg(long, short, value_name = "NAME")]
    pub algorithm: Option<String>,
    /// The heuristic of the informed algorithms. Tiles: misplaced, manhattan,
    /// linear-conflict, pdb [default: manhattan up to 3x3 (9 cells); pdb on boards of 10 to 16
    /// cells, 4x4, 3x4, 5x3 and the like (built in seconds on first use); on larger boards pdb
    /// when its databases are cached, else linear-conflict (and a line saying how to build
    /// them)]; other puzzles: `slide
    /// puzzles` lists theirs.
    #[arg(long = "heuristic", short = 'H', value_name = "NAME")]
    pub heuristic: Option<String>,
    /// What one move is, for puzzles with several kinds (klotski, blocks, rush-hour: piece, the
    /// default, or step); tiles have one.
    #[arg(long, value_name = "NAME")]
    pub metric: Option<String>,
    /// The pattern databases to use, maxed, separated by commas [default: the strongest the
    /// cache holds for the goal: on 4x4 every 7-8 partition built, else 15-6-6-3, else
    /// 15-5-5-5; on 5x5 the 6-6-6-6 ones]. Implies --heuristic pdb; built on first use.
    #[arg(long, value_enum, value_delimiter = ',', value_name = "NAME")]
    pub partition: Vec<PartitionArg>,
    /// A pattern of your own, as `slide pdb build --size WxH --pattern` built it: tile numbers
    /// separated by commas; repeat for each pattern. Together the patterns are one partition,
    /// disjoint and covering every tile, maxed with --partition's; their databases must be
    /// cached (this never builds them). Implies --heuristic pdb.
    #[arg(long = "pattern", value_name = "TILES", value_parser = parse_own_pattern)]
    pub patterns: Vec<String>,
    #[command(flatten)]
    pub limits: LimitOptions,
    /// Duplicate pruning for idastar: skip every path that contains a redundant move sequence
    /// of up to this many moves (Taylor & Korf); 0 turns it off. The same optimal length with
    /// fewer nodes (a third to a half fewer on the 24-puzzle at 14); finding the sequences
    /// takes about a second at 14 and grows about ninefold every two moves, within --timeout
    /// and with --max-stored bounding the sequences it remembers (about 20 bytes each)
    /// [default: on 5x5 with pattern databases, 14, once the search has run long enough to pay
    /// for it; none on smaller boards, whose searches gain nothing].
    #[arg(long, value_name = "MOVES", value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(0..=puzzles::MAX_REDUNDANT_LENGTH as u64))]
    pub prune: Option<usize>,
    /// Memory for the pattern databases' direct tables (with --heuristic pdb), in MiB (per
    /// job in a batch): entries indexed by the tiles' cells instead of ranked, the same
    /// estimates sooner; filled before the search when given. 0 turns them off [default: 1024
    /// on boards of more than 16 cells, filled once a search has run long enough to pay for
    /// them (the 24-puzzle's take 488 MB and make idastar 1.6 to 1.9 times as fast), so a short
    /// solve never waits for them; none on smaller boards].
    #[arg(long, value_name = "MIB")]
    pub direct_tables: Option<usize>,
    /// How moves are written: the blank's directions, or the numbers of the tiles moved
    /// [default: blank].
    #[arg(long, value_enum)]
    pub notation: Option<Notation>,
}

impl SearchOptions {
    /// The algorithm, heuristic and metric asked for, by name, for the puzzle to check.
    pub fn choices(&self) -> puzzles::front_end::Choices {
        puzzles::front_end::Choices {
            algorithm: self.algorithm.clone(),
            heuristic: self.heuristic.clone(),
            metric: self.metric.clone(),
        }
    }

    /// The --pattern values as one partition's name (`1,2,3,4/5,6,7,8`), which the puzzle
    /// reads back and checks; `None` without --pattern.
    fn own_partition(&self) -> Option<String> {
        (!self.patterns.is_empty()).then(|| self.patterns.join("/"))
    }

    /// The options beyond the choices that were given, with `threads` (which `solve` alone
    /// takes), for the puzzle to check it offers them.
    pub fn options(&self, threads: Option<std::num::NonZeroUsize>) -> puzzles::front_end::Options {
        puzzles::front_end::Options {
            threads,
            prune: self.prune,
            databases: (self.partition.iter())
                .map(|partition| partition.0.name().to_owned())
                .chain(self.own_partition())
                .collect(),
            direct_tables: (self.direct_tables).map(|mebibytes| mebibytes.saturating_mul(1 << 20)),
            notation: self.notation.map(|notation| match notation {
                Notation::Blank => "blank".to_owned(),
                Notation::Tiles => "tiles".to_owned(),
            }),
        }
    }
}

/// A --pattern value of `solve` and `batch`, read as `pdb build --pattern` reads it, and
/// written back with commas.
fn parse_own_pattern(text: &str) -> Result<String, puzzles::pdb::partitions::BadOwnPartition> {
    let tiles = puzzles::pdb::partitions::OwnPartition::parse_pattern(text)?;
    let tiles: Vec<String> = tiles.iter().map(u8::to_string).collect();
    Ok(tiles.join(","))
}

/// Arguments of `slide solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// The start board, a `start;goal` line as `random` and `batch` write them, or `-` to read
    /// one from standard input (another puzzle's instance, as `slide puzzles` describes it).
    pub start: String,
    #[command(flatten)]
    pub puzzle: PuzzleOption,
    #[command(flatten)]
    pub goal: GoalOptions,
    #[command(flatten)]
    pub search: SearchOptions,
    /// Run idastar on this many threads, at most 256: the same optimal length, sooner on
    /// several cores for long searches (the moves may be another optimal solution) [default: 1].
    #[arg(long, short = 't', value_name = "N", value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=MAX_THREADS as u64).try_map(std::num::NonZeroUsize::try_from))]
    pub threads: Option<std::num::NonZeroUsize>,
    #[command(flatten)]
    pub output: SolutionOutput,
}

/// How `solve` and `blocks` print a solution.
#[derive(Debug, Args)]
pub struct SolutionOutput {
    /// Output format.
    #[arg(long, short, value_enum, default_value_t = SolveFormat::Text)]
    pub format: SolveFormat,
    /// Also print every board along the solution.
    #[arg(long)]
    pub boards: bool,
    /// Also print the search statistics (text format; JSON always has them).
    #[arg(long)]
    pub stats: bool,
    #[command(flatten)]
    pub picture: PictureOutput,
}

/// The `--svg` option of `solve`, `klotski` and `blocks`, declared once so that its help is
/// the same in each.
#[derive(Debug, Args)]
pub struct PictureOutput {
    /// Also write the solution as an animated SVG to FILE: the board, the pieces sliding one
    /// move at a time and a move counter, looping, in any browser and without script. Written
    /// only when a solution is found (otherwise a note says so); FILE must be a file, since
    /// standard output holds the solution.
    #[arg(long, value_name = "FILE", value_parser = parse_svg_path)]
    pub svg: Option<PathBuf>,
}

/// Arguments of `slide batch`.
#[derive(Debug, Args)]
pub struct BatchArgs {
    /// The input file; `-` or nothing reads standard input.
    pub file: Option<PathBuf>,
    #[command(flatten)]
    pub puzzle: PuzzleOption,
    /// The goal of lines that give none: a board, or one of blank-last, blank-first, spiral
    /// [default: blank-last; other puzzles: their own].
    #[arg(long, value_name = "GOAL")]
    pub goal: Option<String>,
    #[command(flatten)]
    pub search: SearchOptions,
    /// Output format.
    #[arg(long, short, value_enum, default_value_t = BatchFormat::Json)]
    pub format: BatchFormat,
    /// Give up on the whole run after this many seconds (exit code 3): searches running stop
    /// as at their own --timeout, and lines not yet started are reported `not started`.
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds, allow_negative_numbers = true)]
    pub total_timeout: Option<std::time::Duration>,
    /// Number of puzzles solved at once, at most 256 (never more than there are lines); once
    /// the input is used up, jobs without a line help the idastar searches still running, so
    /// every core works to the end [default: the number of cores].
    #[arg(long, short, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=i64::from(MAX_JOBS)))]
    pub jobs: Option<u16>,
}

/// Arguments of `slide check`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// The start board, a `start;goal` line, or `-` to read one from standard input.
    pub start: String,
    #[command(flatten)]
    pub puzzle: PuzzleOption,
    #[command(flatten)]
    pub goal: GoalOptions,
    /// Output format.
    #[arg(long, short, value_enum, default_value_t = TextOrJson::Text)]
    pub format: TextOrJson,
}

/// The `--puzzle` option, declared once so that its help is the same everywhere.
#[derive(Debug, Args)]
pub struct PuzzleOption {
    /// The puzzle: tiles (sliding tiles), klotski, blocks, rush-hour, or any a program built
    /// on slide's library registers; `slide puzzles` lists them with what they offer.
    #[arg(
        long = "puzzle",
        short = 'p',
        value_name = "NAME",
        default_value = "tiles"
    )]
    pub name: String,
}

/// Text for people or JSON for programs, for the subcommands with nothing else to offer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum TextOrJson {
    /// Lines for people.
    Text,
    /// JSON: one object, or one a line for many.
    Json,
}

/// Arguments of `slide random`.
#[derive(Debug, Args)]
pub struct RandomArgs {
    /// Board size, as WIDTHxHEIGHT (`3x3`, `4x4`).
    #[arg(long, short, value_parser = parse_size)]
    pub size: String,
    /// Output format: `start;goal` lines as `batch` reads them, or JSON lines with `start`
    /// and `goal`.
    #[arg(long, short, value_enum, default_value_t = TextOrJson::Text)]
    pub format: TextOrJson,
    /// Number of instances.
    #[arg(long, short = 'n', default_value_t = 1)]
    pub count: u64,
    /// Seed of the random generator, for repeatable output [default: from the clock].
    #[arg(long)]
    pub seed: Option<u64>,
    /// Make each instance by K random moves from the goal instead of uniformly at random
    /// (K at most a million: longer walks mix no better and only take time).
    #[arg(long, value_name = "K", value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(..=MAX_WALK))]
    pub walk: Option<usize>,
    /// The goal the instances are solvable towards.
    #[arg(long, value_name = "GOAL", default_value = "blank-last")]
    pub goal: GoalArg,
}

/// Arguments of `slide graph`.
#[derive(Debug, Args)]
pub struct GraphArgs {
    /// The board at the centre of the graph.
    pub start: String,
    #[command(flatten)]
    pub puzzle: PuzzleOption,
    /// How many moves away from the start the graph reaches.
    #[arg(long, short)]
    pub depth: u32,
    /// A goal; an optimal path to it is highlighted. If it is unreachable (exit code 1) or
    /// --max-nodes stops the search for the path (exit code 3), the graph is printed without
    /// the path and a warning says why.
    #[arg(long, value_name = "GOAL")]
    pub goal: Option<String>,
    /// Highlight an optimal path to the puzzle's own goal (its default goal, or the condition
    /// of a puzzle such as klotski, blocks or rush-hour), as --goal does to a goal given.
    #[arg(long)]
    pub path: bool,
    /// Give up after this many nodes (exit code 3): a guard against a huge --depth, and the
    /// most nodes the search for the --goal path expands. At most two million: a larger graph
    /// takes gigabytes and no layout program draws it.
    #[arg(long, value_name = "N", default_value_t = 100_000, value_parser = clap::value_parser!(u64).range(1..=MAX_GRAPH_NODES))]
    pub max_nodes: u64,
    /// Graphviz DOT, or JSON: `nodes` (boards), `edges` (`from`, `to` as node indices, and
    /// the `move`), and with --goal the `result`, `length` and `moves` of its optimal path.
    #[arg(long, short, value_enum, default_value_t = GraphFormat::Dot)]
    pub format: GraphFormat,
}

/// The limits of drawing a graph of at most `max_nodes` nodes: the nodes stored count too, not
/// only those expanded, since each expansion adds all its successors to the graph (a sliding
/// block has dozens), and memory grows with the nodes and edges drawn, not with the expansions.
pub fn exploring_limits(max_nodes: u64) -> search_core::Limits {
    if let Some(bytes) = crate::output::memory::default_budget() {
        crate::output::memory::set_budget(bytes);
    }
    search_core::Limits::default()
        .with_cancel_flag(crate::output::memory::stop_flag())
        .with_max_expanded(max_nodes)
        .with_max_stored(usize::try_from(max_nodes).unwrap_or(usize::MAX))
}

/// How `slide graph` prints the graph.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum GraphFormat {
    /// Graphviz DOT, for `dot -Tsvg`.
    Dot,
    /// One JSON object of nodes and edges.
    Json,
}

/// Arguments of `slide klotski`: `slide solve --puzzle klotski` with the layout read from a
/// file or `--classic`.
#[derive(Debug, Args)]
pub struct KlotskiArgs {
    /// The layout file; `-` reads standard input.
    #[arg(required_unless_present = "classic")]
    pub file: Option<PathBuf>,
    /// Solve the classic layout (横刀立马) instead of reading one.
    #[arg(long, conflicts_with = "file")]
    pub classic: bool,
    #[command(flatten)]
    pub search: SearchOptions,
    #[command(flatten)]
    pub output: SolutionOutput,
}

/// The limits of every search, declared once: `solve`, `batch`, `klotski` and `blocks` flatten
/// them, so that each is spelt, bounded and explained alike.
#[derive(Debug, Args)]
pub struct LimitOptions {
    /// Give up after expanding this many nodes (exit code 3).
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    pub max_nodes: Option<u64>,
    /// Give up after this many seconds (exit code 3); in a batch, each line after this many
    /// seconds of its own, as --max-nodes counts each line's nodes (see --total-timeout).
    // Negative numbers are taken as values, so that `--timeout -1` is told the timeout must
    // be positive, not to write `-- -1`.
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds, allow_negative_numbers = true)]
    pub timeout: Option<std::time::Duration>,
    /// The memory guard: give up when bfs, bidirectional or astar holds this many nodes (exit
    /// code 3). A stored 15-puzzle node takes about 25 bytes (A*), so the default keeps a search
    /// within a few gigabytes; idastar stores none, but --prune counts the move sequences it
    /// remembers against it.
    #[arg(long, value_name = "N", default_value_t = search_core::Limits::DEFAULT_MAX_STORED, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..))]
    pub max_stored: usize,
    /// The memory budget, in MiB: once the process holds more, the search stops (exit code 3)
    /// before the memory runs out [default: three quarters of the machine's memory, or of the
    /// control group's limit if less, or half of the address-space limit (ulimit -v) if less].
    #[arg(long, value_name = "MIB", value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..))]
    pub max_memory: Option<usize>,
}

impl LimitOptions {
    /// The limits asked for, the memory guard always among them; sets the process's memory
    /// budget, whose flag the limits watch.
    pub fn limits(&self) -> search_core::Limits {
        let budget = (self
            .max_memory
            .map(|mebibytes| mebibytes.saturating_mul(1 << 20)))
        .or_else(crate::output::memory::default_budget);
        if let Some(bytes) = budget {
            crate::output::memory::set_budget(bytes);
        }
        let mut limits = search_core::Limits::default()
            .with_max_stored(self.max_stored)
            .with_cancel_flag(crate::output::memory::stop_flag());
        if let Some(max_nodes) = self.max_nodes {
            limits = limits.with_max_expanded(max_nodes);
        }
        if let Some(timeout) = self.timeout {
            limits = limits.with_timeout(timeout);
        }
        limits
    }
}

/// Arguments of `slide blocks`.
#[derive(Debug, Args)]
#[command(group(
    ArgGroup::new("puzzle")
        .args(["file", "rush_hour", "shipped", "list"])
        .required(true)
        .multiple(false)
))]
pub struct BlocksArgs {
    /// The layout file (the format is in `slide blocks --help`); `-` reads standard input.
    pub file: Option<PathBuf>,
    /// A Rush Hour board in the 36-character notation: `o` or `.` empty, `x` a wall, `A` the
    /// red car on the third row, which leaves on the right.
    #[arg(long, value_name = "BOARD")]
    pub rush_hour: Option<String>,
    /// A shipped layout, by its name or a part of it (`slide blocks --list` shows them).
    #[arg(long, value_name = "NAME")]
    pub shipped: Option<String>,
    /// List the shipped layouts with their optimal lengths and sources.
    #[arg(long)]
    pub list: bool,
    /// Instead of solving, print the placements of the layout's cluster (every placement its
    /// moves reach) that need the most moves to solve: its hardest starts, found by one
    /// breadth-first search from all of its goal states at once.
    #[arg(long, conflicts_with = "list")]
    pub farthest: bool,
    #[command(flatten)]
    pub search: SearchOptions,
    #[command(flatten)]
    pub output: SolutionOutput,
}

/// Arguments of `slide completions`.
#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell.
    pub shell: clap_complete::Shell,
}

/// Checks a board size, `WIDTHxHEIGHT`, and keeps it as written (the commands parse it again),
/// so that a bad size is a usage error that shows the option.
fn parse_size(text: &str) -> Result<String, String> {
    match text.parse::<puzzles::Shape>() {
        Ok(_) => Ok(text.to_owned()),
        Err(error) => Err(error.to_string()),
    }
}

/// An SVG file's path: anything but `-`, since standard output already holds the solution,
/// which the picture would garble.
fn parse_svg_path(text: &str) -> Result<PathBuf, String> {
    if text == "-" {
        return Err(
            "the SVG goes to a file, not to standard output (which holds the solution): give a path"
                .to_owned(),
        );
    }
    Ok(PathBuf::from(text))
}

/// Parses a positive, finite number of seconds.
fn parse_seconds(text: &str) -> Result<std::time::Duration, String> {
    let seconds: f64 = text
        .parse()
        .map_err(|_| format!("`{text}` is not a number of seconds"))?;
    if seconds.is_nan() || seconds <= 0.0 {
        return Err("the timeout must be positive".to_owned());
    }
    std::time::Duration::try_from_secs_f64(seconds)
        .map_err(|_| format!("`{text}` seconds is too long a timeout"))
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    use super::*;

    #[test]
    fn the_command_definition_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn goal_names_and_boards_are_told_apart() {
        assert_eq!("spiral".parse(), Ok(GoalArg::Named("spiral")));
        assert_eq!("blank-first".parse(), Ok(GoalArg::Named("blank-first")));
        assert_eq!(
            "12345678.".parse(),
            Ok(GoalArg::Board("12345678.".to_owned()))
        );
    }

    #[test]
    fn timeouts_must_be_positive_numbers() {
        assert_eq!(
            parse_seconds("1.5"),
            Ok(std::time::Duration::from_millis(1500))
        );
        assert!(parse_seconds("0").is_err());
        assert!(parse_seconds("-1").is_err());
        assert!(parse_seconds("NaN").is_err());
        assert!(parse_seconds("1e300").is_err());
        assert!(parse_seconds("soon").is_err());
    }

    #[test]
    fn goals_are_names_or_boards() {
        assert_eq!(" spiral ".parse(), Ok(GoalArg::Named("spiral")));
        assert_eq!(
            "123456780".parse(),
            Ok(GoalArg::Board("123456780".to_owned()))
        );
        let unknown = "Spiral".parse::<GoalArg>().unwrap_err();
        assert!(unknown.contains("unknown goal `Spiral`"), "{unknown}");
        assert!(unknown.contains("blank-first"), "{unknown}");
    }

    #[test]
    fn sizes_are_checked_and_named_as_typed() {
        assert_eq!(parse_size("4x4"), Ok("4x4".to_owned()));
        let error = parse_size("99999999999999999999x3").unwrap_err();
        assert!(error.contains("99999999999999999999x3"), "{error}");
        assert!(!error.contains(&usize::MAX.to_string()), "{error}");
        assert!(parse_size("2x1").unwrap_err().contains("too small"));
        assert!(parse_size("3").is_err());
    }
}
