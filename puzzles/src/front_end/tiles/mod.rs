//! Sliding tiles behind the front-end contract.

mod solving;

use search_core::{Limits, graph::explore};

use super::{
    Answer, Choice, Choices, Explored, Grid, Instance, InstanceError, OptionKind, Options,
    PuzzleKind, Reachability, Request, Square,
};
use crate::pdb::partitions::{AskedPartition, Standard};
use crate::tiles::{Board, Move, PackedWord, SlidingPuzzle, solvability};
use solving::Memory;

/// Sliding-tile puzzles of any width and height from 2x2 to 25 cells (the 8-, 15- and
/// 24-puzzle among them) behind [`PuzzleKind`]: boards as [`Board::parse`] reads them, goals as
/// boards or by name (`blank-last`, the default, `blank-first`, `spiral`), every algorithm and
/// heuristic of [`solve_request`](crate::tiles::solve_request), pattern databases from the
/// [default cache](crate::tiles::PdbSource::default_location).
///
/// It offers every [`OptionKind`]: `threads` (parallel IDA*), `prune` (duplicate pruning),
/// `databases` (standard partitions by name, such as `15-7-8`, or [partitions of one's
/// own](crate::pdb::partitions::OwnPartition) by their patterns, `1,2,3,4/5,6,7,8`, which must
/// be cached), `direct_tables` (bytes) and
/// `notation` (`blank`, the blank's directions, or `tiles`, the numbers of the tiles moved).
/// A [`Session`](super::Session) keeps the databases and the pruning automaton from one solve
/// to the next.
#[derive(Clone, Copy, Debug, Default)]
pub struct TilesKind;

const ALGORITHMS: &[Choice] = &[
    Choice::informed("idastar", "IDA*: little memory, the choice at every size"),
    Choice::informed("astar", "A*: stores every board it reaches"),
    Choice::new("bidirectional", "breadth-first from both ends"),
    Choice::new("bfs", "breadth-first search, 3x3 and smaller"),
];

const HEURISTICS: &[Choice] = &[
    Choice::new(
        "linear-conflict",
        "Manhattan distance plus linear conflicts (the default beyond 3x3 without cached pattern databases)",
    ),
    Choice::new(
        "manhattan",
        "the tiles' Manhattan distances (the default up to 3x3)",
    ),
    Choice::new("misplaced", "the number of tiles out of place"),
    Choice::new(
        "pdb",
        "additive pattern databases, from the cache or built into it (the default when cached)",
    ),
];

const OPTIONS: &[OptionKind] = &[
    OptionKind::Threads,
    OptionKind::Prune,
    OptionKind::Databases,
    OptionKind::DirectTables,
    OptionKind::Notation,
];

/// How tiles' moves can be written: the blank's directions, or the numbers of the tiles moved.
const NOTATIONS: &[&str] = &["blank", "tiles"];

impl PuzzleKind for TilesKind {
    fn name(&self) -> &str {
        "tiles"
    }

    fn summary(&self) -> &str {
        "sliding-tile puzzles of any width x height: the 8-, 15- and 24-puzzle"
    }

    fn syntax(&self) -> &str {
        "a board row by row, the blank `.` or `0` (`13524678.`, `1 2 3/4 0 5`); the goal a board \
         or blank-last (the default), blank-first, spiral; or `start;goal` as one line"
    }

    fn algorithms(&self) -> &[Choice] {
        ALGORITHMS
    }

    fn heuristics(&self) -> &[Choice] {
        HEURISTICS
    }

    fn options(&self) -> &[OptionKind] {
        OPTIONS
    }

    fn check_request(&self, choices: &Choices, options: &Options) -> Result<(), InstanceError> {
        choices.check(self)?;
        options.check(self)?;
        for name in &options.databases {
            match name.parse::<AskedPartition>() {
                Ok(_) => {}
                // Patterns of one's own, misspelt: the message says which part.
                Err(bad)
                    if name
                        .chars()
                        .all(|c| c.is_ascii_digit() || ", /".contains(c)) =>
                {
                    return Err(InstanceError::Mismatch(bad.to_string()));
                }
                Err(_) => {
                    return Err(InstanceError::Unknown {
                        what: "partition",
                        name: name.clone(),
                        offered: Standard::ALL
                            .iter()
                            .map(|standard| standard.name())
                            .collect(),
                    });
                }
            }
        }
        if let Some(notation) = options.notation.as_deref() {
            if !NOTATIONS.contains(&notation) {
                return Err(InstanceError::Unknown {
                    what: "notation",
                    name: notation.to_owned(),
                    offered: NOTATIONS.to_vec(),
                });
            }
        }
        // Whether they fit together never depends on the board: the default algorithm is
        // IDA* at every size.
        let any_shape = crate::tiles::Shape::new(3, 3).expect("3x3 is a shape");
        let algorithm = solving::algorithm(choices, options, any_shape);
        let mismatch = |text: String| Err(InstanceError::Mismatch(text));
        if options.threads.is_some_and(|threads| threads.get() > 1) && !algorithm.is_idastar() {
            return mismatch(format!(
                "--threads runs idastar on several threads, not {algorithm}"
            ));
        }
        let other_heuristic = choices.heuristic.as_deref().filter(|name| *name != "pdb");
        if !options.databases.is_empty() {
            if !algorithm.uses_heuristic() {
                return mismatch(format!(
                    "--partition chooses the pattern databases of astar and idastar, not {algorithm}"
                ));
            }
            if let Some(heuristic) = other_heuristic {
                return mismatch(format!(
                    "--partition chooses pattern databases: it goes with --heuristic pdb, not {heuristic}"
                ));
            }
        }
        if options.prune.is_some_and(|length| length > 0) && !algorithm.is_idastar() {
            return mismatch(format!("--prune applies to idastar, not {algorithm}"));
        }
        if options.direct_tables.is_some()
            && (other_heuristic.is_some() || !algorithm.uses_heuristic())
        {
            return mismatch(
                "--direct-tables applies to the pattern databases of --heuristic pdb".to_owned(),
            );
        }
        Ok(())
    }

    fn check_goal(&self, goal: &str) -> Result<(), InstanceError> {
        goal_board(goal.trim(), None).map(drop)
    }

    fn parse(&self, start: &str, goal: Option<&str>) -> Result<Box<dyn Instance>, InstanceError> {
        let start = one_board(start)?;
        let start = Board::parse(&start)
            .map_err(|error| InstanceError::Start(bad_board(&start, &error)))?;
        let shape = start.shape();
        let (goal, goal_name) = match goal.map(str::trim) {
            None => (Board::blank_last(shape), Some("blank-last")),
            Some(text) => goal_board(text, Some(shape))?,
        };
        if goal.shape() != shape {
            return Err(InstanceError::Goal(format!(
                "it is {} but the start is {shape}",
                goal.shape()
            )));
        }
        Ok(Box::new(TilesInstance {
            start,
            goal,
            goal_name,
        }))
    }
}

/// The one board of `text`: a line, or rows on lines of their own (as classic mode reads
/// them), blank lines and `#` comments skipped.
fn one_board(text: &str) -> Result<String, InstanceError> {
    let lines: Vec<&str> = (text.lines().map(str::trim))
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .collect();
    match lines.as_slice() {
        // The board's parser says what an empty one lacks.
        [] => Ok(String::new()),
        [line] => Ok((*line).to_owned()),
        rows if Board::parse(&rows.join("/")).is_ok() => Ok(rows.join("/")),
        _ => Err(InstanceError::Start(
            "more than one board: a batch (`batch -`) solves one a line".to_owned(),
        )),
    }
}

/// The goal `text` names, and its name if it is a standard goal's: for boards of `shape`, or
/// of any shape (the name's goal then made for 3x3) when no start tells it.
fn goal_board(
    text: &str,
    shape: Option<crate::tiles::Shape>,
) -> Result<(Board, Option<&'static str>), InstanceError> {
    let any_shape = crate::tiles::Shape::new(3, 3).expect("3x3 is a shape");
    if let Some(name) = Board::GOAL_NAMES.iter().find(|name| **name == text) {
        let board = Board::named_goal(name, shape.unwrap_or(any_shape))
            .expect("every goal name names a goal of every shape");
        return Ok((board, Some(name)));
    }
    // Letters are in no board: a word that is no goal's name is told so, with the names,
    // rather than called a bad board.
    if text.chars().any(char::is_alphabetic) {
        let near = super::closest(text, Board::GOAL_NAMES.iter().copied())
            .map(|near| format!("did you mean `{near}`? "))
            .unwrap_or_default();
        return Err(InstanceError::Goal(format!(
            "unknown goal `{text}`: {near}a goal is a board, or one of {}",
            Board::GOAL_NAMES.join(", ")
        )));
    }
    let board = Board::parse(text).map_err(|error| InstanceError::Goal(bad_board(text, &error)))?;
    Ok((board, None))
}

/// Why `text` is no board, naming it (cut to a length that fits in a message: a megabyte of
/// junk is not echoed back whole).
fn bad_board(text: &str, error: &crate::tiles::BoardError) -> String {
    format!("bad board `{}`: {error}", crate::input::shorten(text))
}

/// A start and goal board of the same shape.
#[derive(Clone, Debug)]
struct TilesInstance {
    start: Board,
    goal: Board,
    /// The goal's name, when it was given by name (or left to the default).
    goal_name: Option<&'static str>,
}

impl TilesInstance {
    /// The standard goals the start can reach, by name.
    fn reaches(&self) -> Vec<String> {
        let shape = self.start.shape();
        (Board::GOAL_NAMES.iter())
            .filter(|name| {
                Board::named_goal(name, shape).is_some_and(|goal| {
                    solvability(&self.start, &goal).is_ok_and(|found| found.is_solvable())
                })
            })
            .map(|name| (*name).to_owned())
            .collect()
    }

    fn explore_packed<Word: PackedWord>(&self, depth: usize, limits: &Limits) -> Explored {
        let puzzle = SlidingPuzzle::<Word>::new(&self.goal).expect("the goal's shape is checked");
        let start = puzzle
            .state(&self.start)
            .expect("the start has the goal's shape");
        let graph = explore(&puzzle, start, depth, limits);
        Explored::from_search(
            &puzzle,
            &graph,
            |state| Board::to_line(&puzzle.board(state)),
            Move::to_string,
        )
    }
}

impl From<&Board> for Grid {
    /// The board as a picture: every tile a one-cell piece labelled with its number (tiles are
    /// unique, so a number follows its tile from board to board), the blank empty.
    fn from(board: &Board) -> Grid {
        let shape = board.shape();
        let mut grid = Grid::new(shape.width(), shape.height()).spaced(true);
        for (cell, &tile) in board.tiles().iter().enumerate() {
            if tile != 0 {
                let at = (shape.row(cell), shape.column(cell));
                grid.set(at, Square::Piece(tile.to_string()));
            }
        }
        grid
    }
}

impl Instance for TilesInstance {
    fn draw(&self, state: &str) -> Option<Grid> {
        Board::parse(state).ok().map(|board| Grid::from(&board))
    }

    fn start(&self) -> String {
        Board::to_line(&self.start)
    }

    fn goal(&self) -> String {
        Board::to_line(&self.goal)
    }

    fn goal_name(&self) -> Option<String> {
        self.goal_name.map(str::to_owned)
    }

    fn check(&self) -> Reachability {
        match solvability(&self.start, &self.goal) {
            Ok(found) if found.is_solvable() => Reachability::Reachable {
                reason: solving::reason(&found.to_string()),
            },
            Ok(found) => Reachability::Unreachable {
                reason: solving::reason(&found.to_string()),
                reaches: self.reaches(),
            },
            // The shapes are checked when parsed.
            Err(_) => Reachability::Unknown,
        }
    }

    fn solve(&self, request: &Request<'_>) -> Result<Answer, InstanceError> {
        TilesKind.check_request(request.choices, request.options)?;
        match request.session {
            Some(session) => session.with(Memory::default, |memory| {
                solving::solve(self, request, memory)
            }),
            None => solving::solve(self, request, &mut Memory::default()),
        }
    }

    fn explore(&self, depth: usize, limits: &Limits) -> Explored {
        if self.start.shape().cells() <= <u64 as PackedWord>::MAX_CELLS {
            self.explore_packed::<u64>(depth, limits)
        } else {
            self.explore_packed::<u128>(depth, limits)
        }
    }
}
