//! Sliding tiles behind the front-end contract.

use search_core::{graph::explore, Limits};

use super::answer::lower_bound;
use super::{
    Answer, Choice, Ending, Explored, Grid, Instance, InstanceError, PuzzleKind, Reachability,
    Request, Solution, Square,
};
use crate::tiles::{
    format_moves, solvability, solve_request, Algorithm, Board, HeuristicKind, Move, PackedWord,
    PdbSource, SlidingPuzzle, SolveRequest, TileOutcome,
};

/// Sliding-tile puzzles of any width and height from 2x2 to 25 cells (the 8-, 15- and
/// 24-puzzle among them) behind [`PuzzleKind`]: boards as [`Board::parse`] reads them, goals as
/// boards or by name (`blank-last`, the default, `blank-first`, `spiral`), every algorithm and
/// heuristic of [`solve_request`], pattern databases from the
/// [default cache](PdbSource::default_location).
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
    Choice::new("manhattan", "the tiles' Manhattan distances (the default up to 3x3)"),
    Choice::new("misplaced", "the number of tiles out of place"),
    Choice::new(
        "pdb",
        "additive pattern databases, from the cache or built into it (the default when cached)",
    ),
];

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

    fn parse(&self, start: &str, goal: Option<&str>) -> Result<Box<dyn Instance>, InstanceError> {
        let start =
            Board::parse(start.trim()).map_err(|error| InstanceError::Start(error.to_string()))?;
        let shape = start.shape();
        let goal = match goal.map(str::trim) {
            None => Board::blank_last(shape),
            Some(text) => match Board::named_goal(text, shape) {
                Some(named) => named,
                // Letters are in no board: a word that is no goal's name is told so, with the
                // names, rather than called a bad board.
                None if text.chars().any(char::is_alphabetic) => {
                    return Err(InstanceError::Goal(format!(
                        "unknown goal `{text}`: a goal is a board, or one of {}",
                        Board::GOAL_NAMES.join(", ")
                    )))
                }
                None => {
                    Board::parse(text).map_err(|error| InstanceError::Goal(error.to_string()))?
                }
            },
        };
        if goal.shape() != shape {
            return Err(InstanceError::Goal(format!(
                "the goal is {} but the start is {shape}",
                goal.shape()
            )));
        }
        Ok(Box::new(TilesInstance { start, goal }))
    }
}

/// A start and goal board of the same shape.
#[derive(Clone, Debug)]
struct TilesInstance {
    start: Board,
    goal: Board,
}

/// The one-line text of `board` that [`Board::parse`] reads back: compact for square boards,
/// rows separated by `/` for the others, whose shape the cells do not tell.
fn one_line(board: &Board) -> String {
    let shape = board.shape();
    if shape.width() == shape.height() {
        board.to_compact()
    } else {
        board.to_rows()
    }
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
            |state| one_line(&puzzle.board(state)),
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
        one_line(&self.start)
    }

    fn goal(&self) -> String {
        one_line(&self.goal)
    }

    fn check(&self) -> Reachability {
        match solvability(&self.start, &self.goal) {
            Ok(found) if found.is_solvable() => Reachability::Reachable {
                reason: found.to_string(),
            },
            Ok(found) => Reachability::Unreachable {
                reason: found.to_string(),
                reaches: self.reaches(),
            },
            // The shapes are checked when parsed.
            Err(_) => Reachability::Unknown,
        }
    }

    fn solve(&self, request: &Request<'_>) -> Result<Answer, InstanceError> {
        request.choices.check(&TilesKind)?;
        let mut databases = PdbSource::default_location();
        let algorithm = match request.choices.algorithm.as_deref() {
            None => Algorithm::default_for(self.start.shape()),
            Some("bfs") => Algorithm::Bfs,
            Some("bidirectional") => Algorithm::Bidirectional,
            Some("astar") => Algorithm::AStar,
            Some(_) => Algorithm::IdaStar,
        };
        let heuristic = match request.choices.heuristic.as_deref() {
            None => HeuristicKind::default_with(&self.goal, &databases),
            Some("misplaced") => HeuristicKind::Misplaced,
            Some("manhattan") => HeuristicKind::Manhattan,
            Some("linear-conflict") => HeuristicKind::LinearConflict,
            Some(_) => HeuristicKind::PatternDatabase,
        };
        let progress = request.progress;
        let tile_request =
            SolveRequest::new(algorithm, heuristic, request.limits).with_progress(&progress);
        let report = solve_request(&self.start, &self.goal, tile_request, &mut databases)
            .map_err(|error| InstanceError::Failed(error.to_string()))?;
        let ending = match &report.outcome {
            TileOutcome::Solved { moves } => {
                let mut states = vec![self.start.clone()];
                for &step in moves {
                    let next = states
                        .last()
                        .and_then(|board| board.apply(step))
                        .expect("a solution's moves stay on the board");
                    states.push(next);
                }
                Ending::Solved(Solution {
                    cost: moves.len() as u64,
                    moves: moves.iter().map(Move::to_string).collect(),
                    line: format_moves(moves),
                    states: states.iter().map(one_line).collect(),
                })
            }
            TileOutcome::Unsolvable => Ending::Unreachable {
                reason: report.solvability.to_string(),
                reaches: self.reaches(),
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
        let algorithm_name = report.algorithm.to_string();
        // Named as `heuristics()` offers them, so that an answer's name can be asked for again.
        let heuristic_name = report
            .algorithm
            .uses_heuristic()
            .then(|| match report.heuristic {
                HeuristicKind::PatternDatabase => "pdb".to_owned(),
                other => other.to_string(),
            });
        Ok(Answer {
            algorithm: algorithm_name,
            heuristic: heuristic_name,
            metric: None,
            ending,
            statistics: report.statistics,
        })
    }

    fn explore(&self, depth: usize, limits: &Limits) -> Explored {
        if self.start.shape().cells() <= <u64 as PackedWord>::MAX_CELLS {
            self.explore_packed::<u64>(depth, limits)
        } else {
            self.explore_packed::<u128>(depth, limits)
        }
    }
}
