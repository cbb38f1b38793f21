//! The Klotski rules: move metrics, moves, and the [`Problem`] implementation.

use std::error::Error;
use std::fmt;

use search_core::{InPlace, Problem, Reversible, Successor, Successors};

use super::board::{Board, Letters, Position, Shape, CELLS, WIDTH};

/// What one move is, and so what a solution's length counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Metric {
    /// One piece moves one cell up, down, left or right.
    #[default]
    Step,
    /// One piece moves to any cell it can reach by single steps while every other piece stays
    /// put, turning corners included.
    Piece,
}

impl fmt::Display for Metric {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Metric::Step => "step",
            Metric::Piece => "piece",
        })
    }
}

/// One move: the piece of `shape` whose top-left cell is `from` ends with its top-left at `to`.
///
/// Under [`Metric::Piece`] the route between the two cells is not part of the move: every route
/// to the same destination is the same move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The shape of the moving piece.
    pub shape: Shape,
    /// The piece's top-left cell before the move.
    pub from: Position,
    /// The piece's top-left cell after the move.
    pub to: Position,
}

impl Move {
    /// The move that takes the piece back.
    #[must_use]
    pub const fn reversed(self) -> Move {
        Move {
            shape: self.shape,
            from: self.to,
            to: self.from,
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} -> {}", self.shape, self.from, self.to)
    }
}

/// A move in a replayed sequence that is not legal where it is played.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct IllegalMove {
    /// The index of the move in the sequence, from zero.
    pub index: usize,
    /// The move.
    pub action: Move,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "move {} ({}) is not legal", self.index + 1, self.action)
    }
}

impl Error for IllegalMove {}

/// Klotski (Huarong Dao, 华容道) on the 4x5 board: bring the 2x2 block to the exit, rows 4-5 and
/// columns 2-3, by sliding pieces into the two empty cells.
///
/// The states are canonical [`Board`]s, the actions [`Move`]s, and the [`Metric`] says whether
/// a move is one step of one piece or a whole slide of one piece. Every move can be taken back
/// at the same cost, so the problem is [`Reversible`] and answers [`Problem::inverse`].
///
/// ```
/// use puzzles::klotski::{Board, Klotski, Metric};
/// use search_core::{bfs, Outcome};
///
/// let problem = Klotski::new(Metric::Piece);
/// let result = bfs(&problem, Board::classic());
/// let Outcome::Solved(solution) = result.outcome else { panic!("the classic layout is solvable") };
/// assert_eq!(solution.cost, 81);
/// let boards = problem.replay(solution.start, &solution.actions)?;
/// assert!(boards.last().is_some_and(|board| board.is_solved()));
/// # Ok::<(), puzzles::klotski::IllegalMove>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Klotski {
    metric: Metric,
}

impl Klotski {
    /// Klotski with the given move metric.
    pub const fn new(metric: Metric) -> Klotski {
        Klotski { metric }
    }

    /// The move metric.
    pub const fn metric(&self) -> Metric {
        self.metric
    }

    /// The board after `action`, or `None` if `action` is not a legal move on `board` under this
    /// metric.
    pub fn play(&self, board: Board, action: &Move) -> Option<Board> {
        if board.piece_at(action.from) != Some(action.shape) {
            return None;
        }
        let (from, to) = (action.from.cell(), action.to.cell());
        let mut legal = false;
        destinations(
            self.metric,
            board.occupancy(),
            action.shape,
            from,
            |destination| {
                legal |= destination == to;
            },
        );
        legal.then(|| board.moved(action.shape, from, to))
    }

    /// Plays `actions` from `start` and returns every board on the way, `start` first.
    ///
    /// # Errors
    /// [`IllegalMove`] names the first move that is not legal where it is played.
    pub fn replay(&self, start: Board, actions: &[Move]) -> Result<Vec<Board>, IllegalMove> {
        let mut boards = Vec::with_capacity(actions.len() + 1);
        boards.push(start);
        let mut board = start;
        for (index, action) in actions.iter().enumerate() {
            board = self.play(board, action).ok_or(IllegalMove {
                index,
                action: *action,
            })?;
            boards.push(board);
        }
        Ok(boards)
    }

    /// Renders a sequence of moves from `start` as the boards it passes through, each preceded
    /// by the move that reached it, separated by blank lines.
    ///
    /// The pieces are lettered as `start` displays them (`A`, `B`, ... in reading order) and
    /// keep their letters as they move, so that a piece can be followed through the solution;
    /// [`render_lettered`](Klotski::render_lettered) takes the letters of a layout instead.
    ///
    /// # Errors
    /// [`IllegalMove`] if some move is not legal where it is played.
    pub fn render(&self, start: Board, actions: &[Move]) -> Result<String, IllegalMove> {
        self.render_lettered(start, start.letters(), actions)
    }

    /// [`render`](Klotski::render), the pieces of `start` lettered by `letters` (from
    /// [`Board::parse_lettered`]: the letters the layout was written with).
    ///
    /// ```
    /// use puzzles::klotski::{Board, Klotski, Metric, Move, Position, Shape};
    ///
    /// let (start, letters) = Board::parse_lettered("ZYYX\nZYYX\nWVVU\nWTSU\nR..Q").unwrap();
    /// let down = Move {
    ///     shape: Shape::Single,
    ///     from: Position { row: 3, column: 1 },
    ///     to: Position { row: 4, column: 1 },
    /// };
    /// let text = Klotski::new(Metric::Piece).render_lettered(start, letters, &[down]).unwrap();
    /// assert!(text.starts_with("start\nZYYX\nZYYX\nWVVU\nWTSU\nR..Q\n"));
    /// assert!(text.ends_with("WVVU\nW.SU\nRT.Q\n"));
    /// ```
    ///
    /// # Errors
    /// [`IllegalMove`] if some move is not legal where it is played.
    pub fn render_lettered(
        &self,
        start: Board,
        mut letters: Letters,
        actions: &[Move],
    ) -> Result<String, IllegalMove> {
        let boards = self.replay(start, actions)?;
        let mut text = format!("start\n{}\n", start.draw(&letters));
        for (index, (action, board)) in actions.iter().zip(&boards[1..]).enumerate() {
            // Replayed, so the moving piece's top-left cell holds it: its letter goes along.
            letters.carry(action.from, action.to);
            text.push_str(&format!(
                "\n{}. {action}\n{}\n",
                index + 1,
                board.draw(&letters)
            ));
        }
        Ok(text)
    }
}

/// The top-left cells a piece of `shape` at `cell` can reach by one step in each direction.
#[inline]
fn neighbours(shape: Shape, cell: usize) -> [Option<usize>; 4] {
    let column = cell % WIDTH;
    let up = cell.checked_sub(WIDTH);
    let down = Some(cell + WIDTH).filter(|&next| shape.fits(next));
    let left = (column > 0).then(|| cell - 1);
    let right = Some(cell + 1).filter(|&next| next % WIDTH == column + 1 && shape.fits(next));
    [up, down, left, right]
}

/// Calls `visit` with every top-left cell other than `cell` that the piece of `shape` at `cell`
/// can move to in one move of `metric`, each once; `occupied` is the board's occupancy.
#[inline]
fn destinations(
    metric: Metric,
    occupied: u32,
    shape: Shape,
    cell: usize,
    mut visit: impl FnMut(usize),
) {
    let blocked = occupied & !shape.footprint(cell);
    let free = |target: usize| shape.footprint(target) & blocked == 0;
    match metric {
        Metric::Step => {
            for target in neighbours(shape, cell).into_iter().flatten() {
                if free(target) {
                    visit(target);
                }
            }
        }
        Metric::Piece => {
            // Breadth-first over the piece's own positions with the others fixed; a fixed
            // array as the queue, since a piece has at most twenty positions.
            let mut seen: u32 = 1 << cell;
            let mut queue = [0u8; CELLS];
            let (mut head, mut tail) = (0, 1);
            queue[0] = cell as u8;
            while head < tail {
                let current = usize::from(queue[head]);
                head += 1;
                for target in neighbours(shape, current).into_iter().flatten() {
                    if seen & 1 << target == 0 && free(target) {
                        seen |= 1 << target;
                        queue[tail] = target as u8;
                        tail += 1;
                        visit(target);
                    }
                }
            }
        }
    }
}

impl Problem for Klotski {
    type State = Board;
    type Action = Move;
    type Cost = u32;

    #[inline]
    fn is_goal(&self, state: &Board) -> bool {
        state.is_solved()
    }

    fn successors(&self, state: &Board, out: &mut Successors<Self>) {
        let board = *state;
        let occupied = board.occupancy();
        for (shape, position) in board.pieces() {
            let from = position.cell();
            destinations(self.metric, occupied, shape, from, |to| {
                let action = Move {
                    shape,
                    from: position,
                    to: Position::from_cell(to),
                };
                out.push(Successor::unit(board.moved(shape, from, to), action));
            });
        }
    }

    #[inline]
    fn inverse(&self, action: &Move) -> Option<Move> {
        Some(action.reversed())
    }
}

impl InPlace for Klotski {
    #[inline]
    fn apply(&self, state: &mut Board, action: &Move) {
        *state = state.moved(action.shape, action.from.cell(), action.to.cell());
    }

    #[inline]
    fn undo(&self, state: &mut Board, action: &Move) {
        *state = state.moved(action.shape, action.to.cell(), action.from.cell());
    }
}

impl Reversible for Klotski {
    /// Every move is undone by its [reverse](Move::reversed) at the same cost and under the same
    /// metric, so the predecessors are the successors with their moves reversed.
    fn predecessors(&self, state: &Board, out: &mut Successors<Self>) {
        self.successors(state, out);
        for entry in out.iter_mut() {
            entry.action = entry.action.reversed();
        }
    }
}
