//! Sliding blocks and Rush Hour behind the front-end contract.

use search_core::{
    Limits, bidirectional::bidirectional_bfs_to_goals_with, breadth_first::bfs_with,
    graph::explore, informed::astar_with, observer::OnProgress, visited::HashVisited,
};

use super::{
    Answer, Choice, Ending, Explored, Grid, Instance, InstanceError, PuzzleKind, Request, Square,
};
use crate::blocks::{Blocks, Goal, GoalDistance, Metric, Move, Placement, ShippedLayout};

/// Any sliding-block puzzle of [`blocks`](crate::blocks) behind [`PuzzleKind`]: a layout in
/// the layout format (on several lines, or on one with its lines separated by `/`), or the
/// name of a [shipped](crate::blocks::SHIPPED) layout (any part of it, ignoring case, that names one).
#[derive(Clone, Copy, Debug, Default)]
pub struct BlocksKind;

/// Rush Hour behind [`PuzzleKind`]: a board in the standard 36-character notation (`o` or `.`
/// empty, `x` a wall, `A` the red car), solved when the red car reaches the right edge of its
/// row ([`Blocks::parse_rush_hour`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct RushHourKind;

const ALGORITHMS: &[Choice] = &[
    Choice::new(
        "bfs",
        "breadth-first search: the fastest on these small state spaces",
    ),
    Choice::new(
        "bidirectional",
        "breadth-first from the start and from every goal state of its cluster",
    ),
    Choice::informed("astar", "A* with the goal distance"),
];

/// The metrics of sliding blocks, Klotski and Rush Hour.
const METRICS: &[Choice] = &[
    Choice::new(
        "piece",
        "one piece moving any distance, turning corners (the usual count)",
    ),
    Choice::new("step", "one piece moving one cell"),
];

const HEURISTICS: &[Choice] = &[Choice::new(
    "goal-distance",
    "the moves the goal pieces need with only the walls in their way",
)];

impl PuzzleKind for BlocksKind {
    fn name(&self) -> &str {
        "blocks"
    }

    fn summary(&self) -> &str {
        "sliding-block puzzles as data: any board, walls, polyomino pieces, goals and exits"
    }

    fn syntax(&self) -> &str {
        "a layout (header lines such as `goal: B at 4,2`, then the board: `.` empty, `x` wall, a \
         letter per piece), its lines separated by `/` on one line; or a shipped layout's name \
         (`pennant`); no goal apart from the layout's"
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
            return Err(InstanceError::GoalGiven {
                goal: "its layout's goal and exit lines hold",
            });
        }
        let text = start.trim();
        // A shipped layout's name may hold a `:` (`Rush Hour: card 40 (expert)`), as a layout's
        // header lines do: one line that names a shipped layout is that layout.
        let named = (!text.contains(['\n', '/'])).then(|| shipped(text));
        let (problem, start) = match named {
            Some(Ok(layout)) => layout.load(),
            Some(Err(error)) if !text.contains(':') => return Err(error),
            _ => Blocks::parse(&text.replace('/', "\n")),
        }
        .map_err(|error| InstanceError::Start(error.to_string()))?;
        Ok(Box::new(BlocksInstance {
            problem,
            start,
            rush_hour: false,
        }))
    }
}

impl PuzzleKind for RushHourKind {
    fn name(&self) -> &str {
        "rush-hour"
    }

    fn summary(&self) -> &str {
        "Rush Hour: drive the red car out of the 6x6 traffic jam"
    }

    fn syntax(&self) -> &str {
        "36 characters in reading order: `o` or `.` empty, `x` a wall, `A` the red car on the \
         third row, other letters the vehicles (`IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM`); no goal"
    }

    // Rush Hour is a sliding-block puzzle: the same searches, heuristic and metrics.
    fn algorithms(&self) -> &[Choice] {
        BlocksKind.algorithms()
    }

    fn heuristics(&self) -> &[Choice] {
        BlocksKind.heuristics()
    }

    fn metrics(&self) -> &[Choice] {
        BlocksKind.metrics()
    }

    fn parse(&self, start: &str, goal: Option<&str>) -> Result<Box<dyn Instance>, InstanceError> {
        if goal.is_some() {
            return Err(InstanceError::GoalGiven {
                goal: "the red car reaches the right edge of its row",
            });
        }
        let (problem, start) = Blocks::parse_rush_hour(start.trim())
            .map_err(|error| InstanceError::Start(error.to_string()))?;
        Ok(Box::new(BlocksInstance {
            problem,
            start,
            rush_hour: true,
        }))
    }
}

/// The shipped layout whose name contains `name` (ignoring case): exactly one must.
fn shipped(name: &str) -> Result<&'static ShippedLayout, InstanceError> {
    match ShippedLayout::named(name).as_slice() {
        [layout] => Ok(layout),
        [] => Err(InstanceError::Start(format!(
            "`{name}` is no layout (a layout has a `goal:` or `exit:` line) and names no \
             shipped layout (`slide blocks --list` shows them)"
        ))),
        several => {
            let names: Vec<&str> = several.iter().map(|layout| layout.name).collect();
            Err(InstanceError::Start(format!(
                "`{name}` names several shipped layouts: {}",
                names.join("; ")
            )))
        }
    }
}

/// A sliding-block puzzle at its start.
#[derive(Clone)]
struct BlocksInstance {
    problem: Blocks,
    start: Placement,
    /// Whether states are written in Rush Hour's notation.
    rush_hour: bool,
}

/// A layout-format puzzle at `start`, for kinds that read their own notation (Klotski).
pub(super) fn layout_instance(problem: Blocks, start: Placement) -> Box<dyn Instance> {
    let rush_hour = false;
    Box::new(BlocksInstance {
        problem,
        start,
        rush_hour,
    })
}

impl BlocksInstance {
    /// The board with every piece at `anchors` (pieces followed through a solution, each under
    /// its own letter) on one line: Rush Hour's notation, or the rows separated by `/`.
    fn followed_line(&self, anchors: &[u8]) -> String {
        if self.is_rush_hour_board() {
            return self.problem.draw_followed(anchors, 'o', 'x').concat();
        }
        self.problem.draw_followed(anchors, '.', 'x').join("/")
    }

    /// Whether states are written in Rush Hour's notation: a Rush Hour instance on its 6x6 board.
    fn is_rush_hour_board(&self) -> bool {
        self.rush_hour && self.problem.width() == 6 && self.problem.height() == 6
    }

    /// `state` on one line: Rush Hour's notation, or the board's rows separated by `/`.
    fn board_line(&self, state: &Placement) -> String {
        if self.rush_hour {
            if let Some(notation) = self.problem.rush_hour_notation(state) {
                return notation;
            }
        }
        let rendered = self.problem.render(state);
        let lines: Vec<&str> = rendered.lines().collect();
        let board = lines.get(lines.len().saturating_sub(self.problem.height())..);
        board.unwrap_or_default().join("/")
    }
}

impl Instance for BlocksInstance {
    fn start(&self) -> String {
        if self.rush_hour {
            return self.board_line(&self.start);
        }
        let rendered = self.problem.render(&self.start);
        rendered.trim_end().replace('\n', "/")
    }

    fn goal(&self) -> String {
        if self.rush_hour {
            return "the red car reaches the right edge of its row".to_owned();
        }
        let goals: Vec<String> = (self.problem.goals().iter())
            .map(|goal| match goal {
                Goal::At { piece, at } => format!(
                    "{piece} with the top-left corner of its bounding box at row {}, column {}",
                    u32::from(at.row) + 1,
                    u32::from(at.column) + 1
                ),
                Goal::Exit { piece, side } => format!("{piece} out through the {side} side"),
            })
            .collect();
        goals.join(", and ")
    }

    fn state_key(&self, state: &str) -> String {
        (state.chars())
            .map(|cell| self.problem.class_letter(cell).unwrap_or(cell))
            .collect()
    }

    fn draw(&self, state: &str) -> Option<Grid> {
        let (width, height) = (self.problem.width(), self.problem.height());
        let rows: Vec<Vec<char>> = if self.is_rush_hour_board() && !state.contains('/') {
            let cells: Vec<char> = state.trim().chars().collect();
            cells.chunks(width).map(<[char]>::to_vec).collect()
        } else {
            // The start's text has the layout's header lines before the board's rows.
            let lines: Vec<&str> = state.trim().split('/').collect();
            let board = lines.get(lines.len().checked_sub(height)?..)?;
            board
                .iter()
                .map(|row| row.trim().chars().collect())
                .collect()
        };
        if rows.len() != height || rows.iter().any(|row| row.len() != width) {
            return None;
        }
        let mut grid = Grid::new(width, height);
        for (row, cells) in rows.iter().enumerate() {
            for (column, &cell) in cells.iter().enumerate() {
                let square = match cell {
                    '.' | 'o' => Square::Empty,
                    'x' | '#' => Square::Wall,
                    letter => Square::Piece(letter.to_string()),
                };
                grid.set((row, column), square);
            }
        }
        let goal_pieces = (self.problem.goals().iter()).map(|goal| goal.piece().to_string());
        Some(grid.with_goal_pieces(goal_pieces))
    }

    fn solve(&self, request: &Request<'_>) -> Result<Answer, InstanceError> {
        let choices = request.choices;
        let kind: &dyn PuzzleKind = if self.rush_hour {
            &RushHourKind
        } else {
            &BlocksKind
        };
        choices.check(kind)?;
        let (metric, metric_name) = match choices.metric.as_deref() {
            Some("step") => (Metric::Step, "step"),
            _ => (Metric::Piece, "piece"),
        };
        let problem = self.problem.clone().with_metric(metric);
        let start = self.start;
        let observer = OnProgress(|progress: &_| (request.progress)(progress));
        let limits = request.limits;
        let (result, algorithm, heuristic) = match choices.algorithm.as_deref() {
            Some("bidirectional") => {
                // The goal states are found by enumerating the start's cluster, under the
                // same limits as the search: a large cluster must not run past --timeout.
                let goals = match problem.goal_states_within(&start, limits) {
                    Ok(goals) => goals,
                    Err(limit) => {
                        let ending = Ending::LimitReached {
                            limit,
                            lower_bound: None,
                        };
                        let metric = Some(metric_name);
                        return Ok(Answer::without_search(
                            "bidirectional",
                            None,
                            metric,
                            ending,
                        ));
                    }
                };
                let result =
                    bidirectional_bfs_to_goals_with(&problem, start, goals, limits, observer);
                (result, "bidirectional", None)
            }
            Some("astar") => {
                let result = astar_with(&problem, &GoalDistance, start, limits, observer);
                (result, "astar", Some("goal-distance"))
            }
            _ => {
                let visited = HashVisited::default();
                (
                    bfs_with(&problem, start, visited, limits, observer),
                    "bfs",
                    None,
                )
            }
        };
        let actions = result.solution().map(|solution| solution.actions.clone());
        let mut answer = Answer::from_result(
            &problem,
            result,
            algorithm,
            heuristic,
            Some(metric_name),
            |action: &Move| problem.describe(action),
            |state| self.board_line(state),
            ", ",
        );
        // The state cannot tell identical pieces apart, and so names a move by its class:
        // followed through the moves, each piece keeps the letter the layout gave it.
        if let (Ending::Solved(solution), Some(actions)) = (&mut answer.ending, actions) {
            let followed = (problem.follow(&start, &actions))
                .map_err(|error| InstanceError::Failed(format!("a bug: {error}")))?;
            solution.moves = (actions.iter().enumerate())
                .map(|(index, action)| problem.describe_followed(&followed, index, action))
                .collect();
            solution.line = solution.moves.join(", ");
            solution.states = (followed.anchors.iter())
                .map(|anchors| self.followed_line(anchors))
                .collect();
        }
        Ok(answer)
    }

    fn explore(&self, depth: usize, limits: &Limits) -> Explored {
        let graph = explore(&self.problem, self.start, depth, limits);
        Explored::from_search(
            &self.problem,
            &graph,
            |state| self.board_line(state),
            |action| self.problem.describe(action),
        )
    }
}
