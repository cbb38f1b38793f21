//! Klotski behind the front-end contract.

use search_core::{astar_with, bfs_with, explore, HashVisited, Limits, OnProgress};

use super::{Answer, Choice, Explored, Instance, InstanceError, PuzzleKind, Request};
use crate::klotski::{BlockDistance, Board, Klotski, Metric};

/// Klotski (Huarong Dao) behind [`PuzzleKind`]: a layout of five rows of four cells (a letter
/// per piece, `.` empty), on one line with rows separated by `/` or on five lines, or
/// `classic` for 横刀立马; solved when the 2x2 block reaches the bottom exit.
#[derive(Clone, Copy, Debug, Default)]
pub struct KlotskiKind;

const ALGORITHMS: &[Choice] = &[
    Choice::new(
        "bfs",
        "breadth-first search: the fastest on Klotski's small state space",
    ),
    Choice::informed("astar", "A* with the 2x2 block's distance from the exit"),
];

const HEURISTICS: &[Choice] = &[Choice::new(
    "block-distance",
    "the rows and columns the 2x2 block is from the exit (in moves of the metric)",
)];

/// The metrics of Klotski and of sliding blocks.
pub(super) const METRICS: &[Choice] = &[
    Choice::new(
        "piece",
        "one piece moving any distance, turning corners (the usual count)",
    ),
    Choice::new("step", "one piece moving one cell"),
];

/// The goal in words.
const GOAL: &str = "the 2x2 block reaches the exit at the bottom centre";

impl PuzzleKind for KlotskiKind {
    fn name(&self) -> &str {
        "klotski"
    }

    fn summary(&self) -> &str {
        "Klotski (Huarong Dao): bring the 2x2 block to the bottom exit of the 4x5 board"
    }

    fn syntax(&self) -> &str {
        "five rows of four cells, a letter per piece and `.` empty, on one line separated by `/` \
         (`ABBC/ABBC/DEEF/DGHF/I..J`) or on five lines; `classic` for 横刀立马; no goal"
    }

    fn algorithms(&self) -> &[Choice] {
        ALGORITHMS
    }

    fn heuristics(&self) -> &[Choice] {
        HEURISTICS
    }

    fn metrics(&self) -> &[Choice] {
        METRICS
    }

    fn parse(&self, start: &str, goal: Option<&str>) -> Result<Box<dyn Instance>, InstanceError> {
        if goal.is_some() {
            return Err(InstanceError::GoalGiven { goal: GOAL });
        }
        let start =
            match start.trim() {
                "classic" => Board::classic(),
                text => text.replace('/', "\n").parse().map_err(
                    |error: crate::klotski::ParseError| InstanceError::Start(error.to_string()),
                )?,
            };
        Ok(Box::new(KlotskiInstance { start }))
    }
}

/// A Klotski start.
#[derive(Clone, Copy, Debug)]
struct KlotskiInstance {
    start: Board,
}

/// `board` on one line, rows separated by `/`.
fn one_line(board: &Board) -> String {
    board.to_string().trim_end().replace('\n', "/")
}

/// The metric `name` (from [`METRICS`], checked) names.
fn metric(name: Option<&str>) -> Metric {
    match name {
        Some("step") => Metric::Step,
        _ => Metric::Piece,
    }
}

impl Instance for KlotskiInstance {
    fn start(&self) -> String {
        one_line(&self.start)
    }

    fn goal(&self) -> String {
        GOAL.to_owned()
    }

    fn solve(&self, request: &Request<'_>) -> Result<Answer, InstanceError> {
        let choices = request.choices;
        choices.check(&KlotskiKind)?;
        let metric = metric(choices.metric.as_deref());
        let problem = Klotski::new(metric);
        let observer = OnProgress(|progress: &_| (request.progress)(progress));
        let metric_name = Some(if metric == Metric::Step {
            "step"
        } else {
            "piece"
        });
        let name_move = |action: &crate::klotski::Move| action.to_string();
        Ok(match choices.algorithm.as_deref() {
            Some("astar") => {
                let result = astar_with(
                    &problem,
                    &BlockDistance,
                    self.start,
                    request.limits,
                    observer,
                );
                let heuristic = Some("block-distance");
                Answer::from_result(
                    &problem,
                    result,
                    "astar",
                    heuristic,
                    metric_name,
                    name_move,
                    one_line,
                    ", ",
                )
            }
            _ => {
                let visited = HashVisited::default();
                let result = bfs_with(&problem, self.start, visited, request.limits, observer);
                Answer::from_result(
                    &problem,
                    result,
                    "bfs",
                    None,
                    metric_name,
                    name_move,
                    one_line,
                    ", ",
                )
            }
        })
    }

    fn explore(&self, depth: usize, limits: &Limits) -> Explored {
        let problem = Klotski::new(Metric::Piece);
        let graph = explore(&problem, self.start, depth, limits);
        Explored::from_search(&problem, &graph, one_line, ToString::to_string)
    }
}
