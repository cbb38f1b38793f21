//! Klotski behind the front-end contract: a sliding-block puzzle read from Klotski's format.

use search_core::Limits;

use super::blocks::layout_instance;
use super::{
    Answer, BlocksKind, Choice, Choices, Explored, Grid, Instance, InstanceError, PuzzleKind,
    Request,
};
use crate::blocks::{Blocks, KLOTSKI_HEIGHT};

/// Klotski (Huarong Dao) behind [`PuzzleKind`]: a layout of five rows of four cells (a letter
/// per piece, `.` empty), on one line with rows separated by `/` or on five lines, or
/// `classic` for 横刀立马; solved when the 2x2 block reaches the bottom exit.
///
/// An instance is a [`blocks`](crate::blocks) puzzle read by [`Blocks::parse_klotski`], solved
/// by the same searches as [`BlocksKind`]'s; only the notation, the goal's wording and the
/// heuristic's name are Klotski's.
#[derive(Clone, Copy, Debug, Default)]
pub struct KlotskiKind;

const ALGORITHMS: &[Choice] = &[
    Choice::new(
        "bfs",
        "breadth-first search: the fastest on Klotski's small state space",
    ),
    Choice::new(
        "bidirectional",
        "breadth-first from the start and from every solved board of its cluster",
    ),
    Choice::informed("astar", "A* with the 2x2 block's distance from the exit"),
];

/// Klotski's name for the blocks' `goal-distance`, which its commands have always used.
const BLOCK_DISTANCE: &str = "block-distance";

const HEURISTICS: &[Choice] = &[Choice::new(
    BLOCK_DISTANCE,
    "the moves the 2x2 block needs to reach the exit with nothing in its way (the blocks' \
     goal-distance)",
)];

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

    // Klotski is a sliding-block puzzle: the blocks' metrics.
    fn metrics(&self) -> &[Choice] {
        BlocksKind.metrics()
    }

    fn parse(&self, start: &str, goal: Option<&str>) -> Result<Box<dyn Instance>, InstanceError> {
        if goal.is_some() {
            return Err(InstanceError::GoalGiven { goal: GOAL });
        }
        let (problem, start) = match start.trim() {
            "classic" => Blocks::klotski_classic(),
            text => Blocks::parse_klotski(text)
                .map_err(|error| InstanceError::Start(error.to_string()))?,
        };
        // The board without the layout format's goal line, which Klotski's format leaves out.
        let rendered = problem.render(&start);
        let lines: Vec<&str> = rendered.lines().collect();
        let board = lines[lines.len().saturating_sub(KLOTSKI_HEIGHT)..].join("/");
        Ok(Box::new(KlotskiInstance {
            board,
            blocks: layout_instance(problem, start),
        }))
    }
}

/// A Klotski start: the blocks instance that solves it, and its board in Klotski's format.
struct KlotskiInstance {
    board: String,
    blocks: Box<dyn Instance>,
}

impl Instance for KlotskiInstance {
    fn start(&self) -> String {
        self.board.clone()
    }

    fn goal(&self) -> String {
        GOAL.to_owned()
    }

    fn solve(&self, request: &Request<'_>) -> Result<Answer, InstanceError> {
        request.choices.check(&KlotskiKind)?;
        // Klotski's one heuristic is the blocks' goal distance, under its Klotski name.
        let choices = Choices {
            heuristic: (request.choices.heuristic.as_ref()).map(|_| "goal-distance".to_owned()),
            ..request.choices.clone()
        };
        let mut answer = self.blocks.solve(&request.clone().with_choices(&choices))?;
        if answer.heuristic.is_some() {
            answer.heuristic = Some(BLOCK_DISTANCE.to_owned());
        }
        Ok(answer)
    }

    fn explore(&self, depth: usize, limits: &Limits) -> Explored {
        self.blocks.explore(depth, limits)
    }

    fn draw(&self, state: &str) -> Option<Grid> {
        self.blocks.draw(state)
    }

    fn state_key(&self, state: &str) -> String {
        self.blocks.state_key(state)
    }
}
