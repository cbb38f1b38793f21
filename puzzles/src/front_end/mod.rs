//! The front-end contract: what a puzzle implements to get a whole command line.
//!
//! A front end (the `slide` binary, or any program built on its library) knows puzzles only
//! through two object-safe traits:
//!
//! - [`PuzzleKind`], one value per puzzle: its [name](PuzzleKind::name) and one-line
//!   [summary](PuzzleKind::summary), the [algorithms](PuzzleKind::algorithms),
//!   [heuristics](PuzzleKind::heuristics) and [metrics](PuzzleKind::metrics) it offers (the
//!   first of each is its default), and a [parser](PuzzleKind::parse) of instances from text,
//!   with typed errors.
//! - [`Instance`], one parsed start with its goal (a goal state or a goal condition): it
//!   formats both as text, [checks](Instance::check) reachability where the puzzle can tell
//!   without search, [solves](Instance::solve) within [`Limits`] reporting [`Progress`](search_core::observer::Progress), and
//!   [explores](Instance::explore) the state graph around its start.
//!
//! Answers come back as text and numbers ([`Answer`], [`Explored`]), which the front end prints
//! as text or JSON the same way for every puzzle. The traits are boxed at this level only:
//! each instance's search is the engine's monomorphised code, called once per solve, so a
//! puzzle pays nothing in its hot loop for being reached through `dyn`.
//!
//! A [`Registry`] lists the kinds a front end offers, looked up by name;
//! [`Registry::standard`] holds this crate's: sliding tiles, Klotski, sliding blocks and Rush
//! Hour. A puzzle from another crate implements the two traits (with [`Answer::from_result`]
//! and [`Explored::from_graph`] doing the conversions) and is [registered](Registry::register)
//! beside them.
//!
//! # Example
//! ```
//! use puzzles::front_end::{Choices, Ending, Registry, Request};
//! use search_core::Limits;
//!
//! let registry = Registry::standard();
//! let tiles = registry.get("tiles").unwrap();
//! let instance = tiles.parse("13524678.", Some("46758123.")).unwrap();
//! let answer = instance
//!     .solve(&Request::new(&Choices::default(), &Limits::default()))
//!     .unwrap();
//! match answer.ending {
//!     Ending::Solved(solution) => assert_eq!(solution.moves.len(), 22),
//!     other => panic!("{other:?}"),
//! }
//! ```

mod animation;
mod answer;
mod blocks;
mod explored;
mod klotski;
mod picture;
mod registry;
mod request;
mod tiles;

use std::fmt;

use search_core::Limits;

pub use animation::{PictureError, animate};
pub use answer::{Answer, Ending, Solution};
pub use blocks::{BlocksKind, RushHourKind};
pub use explored::Explored;
pub use klotski::KlotskiKind;
pub use picture::{Cell, Grid, Square};
pub use registry::{Registry, RegistryError};
pub use request::{Listener, OptionKind, Options, Request, Session, Silent};
pub use tiles::TilesKind;

/// One of the algorithms, heuristics or metrics a puzzle offers: its name on the command line
/// and a line of help.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Choice {
    /// The name, as typed (`idastar`, `manhattan`, `piece`): lower case, words joined by `-`.
    pub name: &'static str,
    /// One line saying what it is, for help text.
    pub summary: &'static str,
    /// For an algorithm: whether a heuristic guides it (A*, IDA*). A front end refuses a
    /// heuristic given with an algorithm that takes none.
    pub informed: bool,
}

impl Choice {
    /// A choice named `name`, described by `summary`: a heuristic, a metric, or an algorithm
    /// that takes no heuristic.
    pub const fn new(name: &'static str, summary: &'static str) -> Self {
        Choice {
            name,
            summary,
            informed: false,
        }
    }

    /// An algorithm named `name`, described by `summary`, that a heuristic guides.
    pub const fn informed(name: &'static str, summary: &'static str) -> Self {
        Choice {
            name,
            summary,
            informed: true,
        }
    }
}

/// A puzzle as a front end sees it: its name, its offers, and a parser of its instances.
///
/// Implementations are usually a unit struct; [`TilesKind`], [`KlotskiKind`], [`BlocksKind`] and
/// [`RushHourKind`] are this crate's. The lists returned by [`algorithms`](Self::algorithms),
/// [`heuristics`](Self::heuristics) and [`metrics`](Self::metrics) put the usual default first
/// (an instance may choose otherwise when [`Choices`] leaves it a choice); an empty list means
/// the puzzle has no such choice (a puzzle without a heuristic, or with one kind of move).
pub trait PuzzleKind: Send + Sync {
    /// The name a command line selects the puzzle by (`--puzzle NAME`): lower case, words
    /// joined by `-`.
    fn name(&self) -> &str;

    /// What the puzzle is, in one line.
    fn summary(&self) -> &str;

    /// How an instance is written, in one or two lines, with an example: what
    /// [`parse`](Self::parse) reads as the start and as the goal.
    fn syntax(&self) -> &str;

    /// The search algorithms that solve the puzzle optimally, the default first.
    fn algorithms(&self) -> &[Choice];

    /// The heuristics its informed algorithms can use, the default first; empty when it has
    /// none.
    fn heuristics(&self) -> &[Choice] {
        &[]
    }

    /// What one move is (e.g. one piece moving any distance, or one cell), the default first;
    /// empty when there is only one kind of move.
    fn metrics(&self) -> &[Choice] {
        &[]
    }

    /// The [`Options`] beyond the choices that its solves read; empty by default. A front end
    /// refuses the others ([`Options::check`]).
    fn options(&self) -> &[OptionKind] {
        &[]
    }

    /// Checks once, before any instance is read, that `choices` and `options` go together for
    /// this puzzle: by default that it offers each ([`Choices::check`], [`Options::check`]).
    /// A puzzle whose choices constrain each other (sliding tiles' `--prune` takes IDA*) adds
    /// its own rules.
    ///
    /// # Errors
    /// The [`InstanceError`] of the first choice or option that does not fit.
    fn check_request(&self, choices: &Choices, options: &Options) -> Result<(), InstanceError> {
        choices.check(self)?;
        options.check(self)
    }

    /// Checks a goal given for every instance (a batch's `--goal`) before any instance is
    /// read, so that a bad one is one error rather than one a line; by default every goal
    /// passes here and is checked with each start by [`parse`](Self::parse).
    ///
    /// # Errors
    /// [`InstanceError::Goal`] or [`InstanceError::GoalGiven`] for a goal no start can have.
    fn check_goal(&self, _goal: &str) -> Result<(), InstanceError> {
        Ok(())
    }

    /// Parses an instance: `start` is the start as one argument or one batch line's text, and
    /// `goal` the goal when one is given apart from it (a puzzle whose goal is a condition of
    /// the start, as Klotski's or Rush Hour's, refuses one with [`InstanceError`]).
    ///
    /// # Errors
    /// An [`InstanceError`] naming what is wrong with the text.
    fn parse(&self, start: &str, goal: Option<&str>) -> Result<Box<dyn Instance>, InstanceError>;
}

impl fmt::Debug for dyn PuzzleKind + '_ {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PuzzleKind")
            .field("name", &self.name())
            .finish_non_exhaustive()
    }
}

/// The algorithm, heuristic and metric one solve uses, by name; `None` leaves the choice to
/// the puzzle, which may make it by instance (sliding tiles pick their heuristic by board size
/// and by the pattern databases cached).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Choices {
    /// An algorithm of [`PuzzleKind::algorithms`].
    pub algorithm: Option<String>,
    /// A heuristic of [`PuzzleKind::heuristics`].
    pub heuristic: Option<String>,
    /// A metric of [`PuzzleKind::metrics`].
    pub metric: Option<String>,
}

impl Choices {
    /// Checks every name against what `kind` offers.
    ///
    /// # Errors
    /// [`InstanceError::Unknown`] for the first name that `kind` does not offer.
    /// [`InstanceError::Mismatch`] for a heuristic given with an algorithm that takes none.
    pub fn check<K: PuzzleKind + ?Sized>(&self, kind: &K) -> Result<(), InstanceError> {
        check_one("algorithm", self.algorithm.as_deref(), kind.algorithms())?;
        check_one("heuristic", self.heuristic.as_deref(), kind.heuristics())?;
        check_one("metric", self.metric.as_deref(), kind.metrics())?;
        let algorithm = match self.algorithm.as_deref() {
            Some(name) => kind.algorithms().iter().find(|choice| choice.name == name),
            None => kind.algorithms().first(),
        };
        match (&self.heuristic, algorithm) {
            (Some(heuristic), Some(algorithm)) if !algorithm.informed => {
                let informed: Vec<&str> = (kind.algorithms().iter())
                    .filter(|choice| choice.informed)
                    .map(|choice| choice.name)
                    .collect();
                Err(InstanceError::Mismatch(format!(
                    "the heuristic `{heuristic}` guides {}; {} takes none",
                    if informed.is_empty() {
                        "no algorithm of this puzzle".to_owned()
                    } else {
                        informed.join(" and ")
                    },
                    algorithm.name
                )))
            }
            _ => Ok(()),
        }
    }
}

/// Whether `name` (if any) is among `offered`, the `what` of a puzzle.
fn check_one(
    what: &'static str,
    name: Option<&str>,
    offered: &[Choice],
) -> Result<(), InstanceError> {
    match name {
        Some(name) if !offered.iter().any(|choice| choice.name == name) => {
            Err(InstanceError::Unknown {
                what,
                name: name.to_owned(),
                offered: offered.iter().map(|choice| choice.name).collect(),
            })
        }
        _ => Ok(()),
    }
}

/// Whether the goal can be reached, as far as the puzzle can tell without searching.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reachability {
    /// The goal is reachable, for `reason` (e.g. the permutation parities agree).
    Reachable {
        /// Why, in a phrase.
        reason: String,
    },
    /// The goal is out of reach, for `reason`; `reaches` names standard goals the start does
    /// reach instead, if the puzzle has any.
    Unreachable {
        /// Why, in a phrase.
        reason: String,
        /// Goals, by name, the start can reach.
        reaches: Vec<String>,
    },
    /// The puzzle cannot tell without a search.
    Unknown,
}

/// A parsed instance of a puzzle: a start, and a goal state or condition.
pub trait Instance: Send {
    /// The start as one line of text that [`PuzzleKind::parse`] reads back.
    fn start(&self) -> String;

    /// The goal as one line of text: a state [`PuzzleKind::parse`] reads back as a goal, or a
    /// description of a goal condition (`the 2x2 block at the bottom exit`).
    fn goal(&self) -> String;

    /// The name the goal was given by, if it was named (`blank-last`), for text beside the
    /// goal's [text](Instance::goal).
    fn goal_name(&self) -> Option<String> {
        None
    }

    /// Whether the goal is reachable, when the puzzle can tell without a search.
    fn check(&self) -> Reachability {
        Reachability::Unknown
    }

    /// Solves the instance optimally as `request` says.
    ///
    /// # Errors
    /// [`InstanceError::Unknown`] for a choice the puzzle does not offer, or the puzzle's own
    /// failures (for sliding tiles, pattern databases that could not be loaded or built) as
    /// [`InstanceError::Failed`]. A search stopped by a limit is no error: its
    /// [`Ending::LimitReached`].
    fn solve(&self, request: &Request<'_>) -> Result<Answer, InstanceError>;

    /// The states within `depth` moves of the start, breadth first, within `limits`.
    fn explore(&self, depth: usize, limits: &Limits) -> Explored;

    /// `state` (the text of [`start`](Instance::start) or of one of a solution's
    /// [`states`](Solution::states)) as a grid of labelled cells, for pictures (`--svg`) and
    /// boards (`--boards`); `None` if the puzzle cannot draw it.
    ///
    /// The default reads the text as [`Grid::from_rows`] does: rows separated by `/`, a
    /// character (or a word, in rows with spaces) a cell, `.` empty, `#` a wall. A puzzle whose
    /// states are written so gets pictures without implementing this; its pieces keep their
    /// labels from one state to the next as long as its state text does.
    fn draw(&self, state: &str) -> Option<Grid> {
        Grid::from_rows(state).ok()
    }

    /// A key equal for every text of one state: the texts [`explore`](Instance::explore)
    /// writes and those of a solution's [`states`](Solution::states), which may differ where
    /// the state does not tell pieces apart (a solution's states follow each piece under its
    /// own letter; the state graph's name identical pieces by their order). The default is the
    /// text itself.
    fn state_key(&self, state: &str) -> String {
        state.to_owned()
    }
}

impl fmt::Debug for dyn Instance + '_ {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Instance")
            .field("start", &self.start())
            .field("goal", &self.goal())
            .finish()
    }
}

/// Why an instance could not be read or solved.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum InstanceError {
    /// The start is not a valid instance: `reason` says why.
    Start(String),
    /// The goal is not a valid goal for the start: `reason` says why.
    Goal(String),
    /// A goal was given, but the puzzle's goal is a condition of its start.
    GoalGiven {
        /// The puzzle's goal, in words.
        goal: &'static str,
    },
    /// A choice names nothing the puzzle offers.
    Unknown {
        /// `algorithm`, `heuristic` or `metric`.
        what: &'static str,
        /// The name given.
        name: String,
        /// The names the puzzle offers.
        offered: Vec<&'static str>,
    },
    /// The puzzle could not solve the instance, for a reason of its own (a file it needs could
    /// not be read or written).
    Failed(String),
    /// Choices that do not go together (a heuristic given with an algorithm that takes none).
    Mismatch(String),
}

impl fmt::Display for InstanceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InstanceError::Start(reason) => write!(f, "the start: {reason}"),
            InstanceError::Goal(reason) => write!(f, "the goal: {reason}"),
            InstanceError::GoalGiven { goal } => {
                write!(f, "this puzzle takes no goal: it is solved when {goal}")
            }
            InstanceError::Unknown {
                what,
                name,
                offered,
            } if offered.is_empty() => write!(f, "this puzzle has no {what} (`{name}` given)"),
            InstanceError::Unknown {
                what,
                name,
                offered,
            } => {
                write!(f, "unknown {what} `{name}`: ")?;
                if let Some(near) = closest(name, offered.iter().copied()) {
                    write!(f, "did you mean `{near}`? ")?;
                }
                write!(f, "this puzzle offers {}", offered.join(", "))
            }
            InstanceError::Failed(reason) | InstanceError::Mismatch(reason) => f.write_str(reason),
        }
    }
}

impl std::error::Error for InstanceError {}

/// The name of `offered` a typo of `name` most likely meant: the nearest by edits (a letter
/// added, dropped, changed or two swapped), if it is near enough to be a typo (at most one
/// edit for short names, two for longer ones) and no other is as near.
///
/// ```
/// use puzzles::front_end::closest;
///
/// let offered = ["misplaced", "manhattan", "linear-conflict", "pdb"];
/// assert_eq!(closest("manhatan", offered), Some("manhattan"));
/// assert_eq!(closest("linaer-conflict", offered), Some("linear-conflict"));
/// assert_eq!(closest("astar", offered), None);
/// ```
pub fn closest<'a>(name: &str, offered: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let most = if name.chars().count() <= 4 { 1 } else { 2 };
    let mut best: Option<(usize, &'a str)> = None;
    let mut tied = false;
    for candidate in offered {
        let distance = edits(name, candidate);
        match best {
            Some((nearest, _)) if distance > nearest => {}
            Some((nearest, _)) if distance == nearest => tied = true,
            _ => {
                best = Some((distance, candidate));
                tied = false;
            }
        }
    }
    match best {
        Some((distance, candidate)) if distance <= most && !tied => Some(candidate),
        _ => None,
    }
}

/// The edits (insertions, deletions, substitutions, swaps of neighbours) that turn `one` into
/// `other`: the optimal string alignment distance.
fn edits(one: &str, other: &str) -> usize {
    let (one, other): (Vec<char>, Vec<char>) = (one.chars().collect(), other.chars().collect());
    let mut table = vec![vec![0usize; other.len() + 1]; one.len() + 1];
    for (i, row) in table.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in table[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=one.len() {
        for j in 1..=other.len() {
            let substitution = usize::from(one[i - 1] != other[j - 1]);
            let mut best = (table[i - 1][j] + 1)
                .min(table[i][j - 1] + 1)
                .min(table[i - 1][j - 1] + substitution);
            if i > 1 && j > 1 && one[i - 1] == other[j - 2] && one[i - 2] == other[j - 1] {
                best = best.min(table[i - 2][j - 2] + 1);
            }
            table[i][j] = best;
        }
    }
    table[one.len()][other.len()]
}
