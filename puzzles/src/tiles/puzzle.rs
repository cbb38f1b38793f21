//! The sliding-tile puzzle as a search problem.

use std::ops::ControlFlow;

use search_core::{
    InPlace, Problem, Reversible, Successor, Successors, problem::Actions, problem::PerfectRank,
};

use super::board::Board;
use super::error::BoardError;
use super::moves::Move;
use super::packing::PackedWord;
use super::rank::{MAX_RANKED, factorial, permutation_rank, permutation_unrank};
use super::shape::Shape;

/// The cost type of sliding-tile moves and paths.
///
/// `u16`, because the longest optimal 24-puzzle solutions (at least 152 moves) leave `u8` too
/// little room for the `g + h` sums that searches form, and the searches' bounds saturate rather
/// than wrap.
pub type TileCost = u16;

/// A board as the searches see it: the packed tiles alone.
///
/// The blank's cell is not stored: it is the zero cell, found with a few bit operations
/// ([`PackedWord::zero_cell`]), and leaving it out makes a `u64` state 8 bytes instead of 16,
/// which is half of what A* stores per 15-puzzle node.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TileState<Word> {
    tiles: Word,
}

const _: () = assert!(std::mem::size_of::<TileState<u64>>() == 8);

impl<Word: PackedWord> TileState<Word> {
    /// The packed tiles, cell 0 in the lowest [`PackedWord::BITS_PER_CELL`] bits.
    pub fn packed(&self) -> Word {
        self.tiles
    }

    /// The blank's cell.
    #[inline]
    pub fn blank(&self) -> usize {
        self.tiles.zero_cell()
    }

    /// The tile in cell `position` (`0` for the blank).
    ///
    /// A state does not know its board's shape, so a cell past the board's last but within the
    /// word reads as `0`; [`SlidingPuzzle::board`] gives the checked [`Board`].
    ///
    /// # Panics
    /// If `position` is not below [`PackedWord::MAX_CELLS`] (16 for `u64`, 25 for `u128`).
    pub fn tile(&self, position: usize) -> u8 {
        assert!(
            position < Word::MAX_CELLS,
            "cell {position} is outside a packed board of at most {} cells",
            Word::MAX_CELLS
        );
        self.tile_at(position)
    }

    /// [`tile`](TileState::tile) without the check, for the searches' hot paths, whose cells
    /// come from the board's own tables.
    #[inline]
    pub(crate) fn tile_at(&self, position: usize) -> u8 {
        self.tiles.cell(position)
    }

    /// The state after the blank moves from its cell into `target`.
    #[inline]
    fn moved_to(self, target: usize) -> Self {
        TileState {
            tiles: self.tiles.slide(target, self.blank()),
        }
    }
}

/// Marks a move off the board in the neighbour table.
const OFF_BOARD: u8 = u8::MAX;

/// A sliding-tile puzzle with a fixed goal, over boards packed into a `Word` (`u64` up to 16
/// cells, `u128` up to 25).
///
/// Successors, and [`InPlace`] actions, come in the order up, left, right, down (of the blank),
/// Korf's order; every move costs one.
///
/// ```
/// use puzzles::{Board, SlidingPuzzle};
/// use search_core::Problem;
///
/// let goal = Board::parse("123456780").unwrap();
/// let puzzle = SlidingPuzzle::<u64>::new(&goal).unwrap();
/// let state = puzzle.state(&Board::parse("123456708").unwrap()).unwrap();
/// assert!(!puzzle.is_goal(&state));
/// assert_eq!(puzzle.board(&state).to_compact(), "123456708");
/// ```
#[derive(Clone, Debug)]
pub struct SlidingPuzzle<Word> {
    goal: Board,
    goal_state: TileState<Word>,
    /// For each cell and move (in [`Move::ALL`] order), the cell the blank reaches, or
    /// [`OFF_BOARD`]. One row for every `u8`, although only [`MAX_CELLS`](super::shape::MAX_CELLS) can be on a
    /// board:
    /// cells are stored as `u8`, so the hot loop indexes it with no bounds check.
    neighbours: [[u8; 4]; 256],
}

impl<Word: PackedWord> SlidingPuzzle<Word> {
    /// The puzzle whose goal is `goal`; fails if the board has more cells than `Word` holds.
    pub fn new(goal: &Board) -> Result<Self, BoardError> {
        let shape = goal.shape();
        if shape.cells() > Word::MAX_CELLS {
            return Err(BoardError::TooLargeForPacking {
                shape,
                max_cells: Word::MAX_CELLS,
            });
        }
        let mut neighbours = [[OFF_BOARD; 4]; 256];
        for (position, row) in neighbours.iter_mut().enumerate().take(shape.cells()) {
            for direction in Move::ALL {
                if let Some(target) = shape.step(position, direction) {
                    row[direction.index()] = target as u8;
                }
            }
        }
        Ok(SlidingPuzzle {
            goal: goal.clone(),
            goal_state: TileState {
                tiles: Word::pack(goal.tiles()),
            },
            neighbours,
        })
    }

    /// The goal board.
    pub fn goal(&self) -> &Board {
        &self.goal
    }

    /// The goal as a state.
    pub fn goal_state(&self) -> TileState<Word> {
        self.goal_state
    }

    /// The shape of the boards.
    pub fn shape(&self) -> Shape {
        self.goal.shape()
    }

    /// The state of `board`; fails if its shape is not the goal's.
    pub fn state(&self, board: &Board) -> Result<TileState<Word>, BoardError> {
        if board.shape() != self.shape() {
            return Err(BoardError::ShapeMismatch {
                start: board.shape(),
                goal: self.shape(),
            });
        }
        Ok(TileState {
            tiles: Word::pack(board.tiles()),
        })
    }

    /// The board of `state`.
    ///
    /// # Panics
    /// If `state` does not belong to this puzzle (it came from a puzzle of another shape).
    pub fn board(&self, state: &TileState<Word>) -> Board {
        let tiles = (0..self.shape().cells())
            .map(|cell| state.tile_at(cell))
            .collect();
        Board::new(self.shape(), tiles).expect("a state of this puzzle holds a valid board")
    }

    /// The boards one move of the blank away from `state`, in [`Move::ALL`] order.
    #[inline(always)]
    fn moves<'a>(
        &'a self,
        state: &'a TileState<Word>,
    ) -> impl Iterator<Item = Successor<TileState<Word>, Move, TileCost>> + 'a {
        (Move::ALL.into_iter()).filter_map(move |direction| {
            let target = self.step(state.blank(), direction)?;
            Some(Successor::unit(state.moved_to(target), direction))
        })
    }

    /// The cell the blank reaches from `position` by `direction`, if it stays on the board.
    #[inline(always)]
    pub fn step(&self, position: usize, direction: Move) -> Option<usize> {
        match self.neighbours.get(position)?[direction.index()] {
            OFF_BOARD => None,
            target => Some(usize::from(target)),
        }
    }
}

impl<Word: PackedWord> Problem for SlidingPuzzle<Word> {
    type State = TileState<Word>;
    type Action = Move;
    type Cost = TileCost;

    #[inline(always)]
    fn is_goal(&self, state: &Self::State) -> bool {
        state.tiles == self.goal_state.tiles
    }

    #[inline]
    fn successors(&self, state: &Self::State, out: &mut Successors<Self>) {
        out.extend(self.moves(state));
    }

    /// The blank has two to four moves, a number that varies from board to board: made one at
    /// a time, each is handled as it is made, with no second loop over a buffer whose end the
    /// processor mispredicts.
    const VISITS_SUCCESSORS: bool = true;

    #[inline]
    fn visit_successors<B>(
        &self,
        state: &Self::State,
        mut visit: impl FnMut(Successor<Self::State, Move, TileCost>) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        // One call site for `visit`, so that the search's handling is inlined into the loop.
        for successor in self.moves(state) {
            visit(successor)?;
        }
        ControlFlow::Continue(())
    }

    #[inline]
    fn inverse(&self, action: &Move) -> Option<Move> {
        Some(action.inverse())
    }

    /// The blank's move is plain from the two boards (where the blank went): the searches that
    /// store boards keep no move beside each, a byte and its padding a node.
    const ACTIONS_FROM_STATES: bool = true;

    #[inline]
    fn action_between(&self, from: &Self::State, to: &Self::State) -> Option<Move> {
        (Move::ALL.into_iter())
            .find(|&direction| self.step(from.blank(), direction) == Some(to.blank()))
    }
}

/// Four action slots, one per direction in [`Move::ALL`] order; a slot is empty when its move
/// would leave the board.
impl<Word: PackedWord> InPlace for SlidingPuzzle<Word> {
    const ACTION_SLOTS: usize = 4;

    #[inline(always)]
    fn action_in_slot(&self, state: &Self::State, slot: usize) -> Option<(Move, TileCost)> {
        let direction = Move::from_index(slot)?;
        let target = self.neighbours[state.blank()][direction.index()];
        (target != OFF_BOARD).then_some((direction, 1))
    }

    #[inline(always)]
    fn actions(&self, state: &Self::State, out: &mut Actions<Self>) {
        for direction in Move::ALL {
            if self.step(state.blank(), direction).is_some() {
                out.push((direction, 1));
            }
        }
    }

    #[inline(always)]
    fn apply(&self, state: &mut Self::State, action: &Move) {
        let target = self.neighbours[state.blank()][action.index()];
        debug_assert_ne!(target, OFF_BOARD, "apply got a move off the board");
        *state = state.moved_to(usize::from(target));
    }

    #[inline(always)]
    fn undo(&self, state: &mut Self::State, action: &Move) {
        self.apply(state, &action.inverse());
    }
}

impl<Word: PackedWord> Reversible for SlidingPuzzle<Word> {
    /// Moves are their own way back: the predecessor through `m` is the successor through the
    /// inverse of `m`.
    #[inline]
    fn predecessors(&self, state: &Self::State, out: &mut Successors<Self>) {
        for direction in Move::ALL {
            if let Some(target) = self.step(state.blank(), direction) {
                out.push(Successor::unit(state.moved_to(target), direction.inverse()));
            }
        }
    }
}

/// Dense ranks for boards of up to 16 cells: the lexicographic rank of the tile permutation,
/// among all `cells!` (reachable or not).
impl PerfectRank for SlidingPuzzle<u64> {
    fn rank_count(&self) -> u64 {
        factorial(self.shape().cells()).expect("u64 boards have at most 16 cells")
    }

    #[inline]
    fn rank(&self, state: &Self::State) -> u64 {
        let mut tiles = [0u8; MAX_RANKED];
        let cells = self.shape().cells();
        for (position, tile) in tiles.iter_mut().enumerate().take(cells) {
            *tile = state.tile_at(position);
        }
        permutation_rank(&tiles[..cells])
    }
}

impl SlidingPuzzle<u64> {
    /// The state with rank `rank` (the inverse of [`PerfectRank::rank`]), or `None` if
    /// `rank >= rank_count()`.
    pub fn unrank(&self, rank: u64) -> Option<TileState<u64>> {
        let tiles = permutation_unrank(rank, self.shape().cells())?;
        Some(TileState {
            tiles: u64::pack(&tiles),
        })
    }
}
