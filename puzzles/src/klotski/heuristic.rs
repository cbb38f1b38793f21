//! An admissible estimate for Klotski: how far the block is from the exit.

use search_core::{Heuristic, Problem};

use super::board::{Board, Shape, GOAL};
use super::moves::{Klotski, Metric, Move};

/// The distance of the 2x2 block from the exit, in the problem's [`Metric`].
///
/// Under [`Metric::Step`] it is the block's Manhattan distance to its goal cell: one step moves
/// the block at most one cell. Under [`Metric::Piece`] one move can carry the block all the way,
/// so the estimate is 1 for an unsolved board and 0 for a solved one. Both are admissible and
/// consistent (a move changes them by at most its cost), so [`astar`](search_core::astar) never
/// reopens a node.
///
/// ```
/// use puzzles::klotski::{BlockDistance, Board, Klotski, Metric};
/// use search_core::Heuristic;
///
/// // The classic block starts at rows 1-2 and must go down three rows.
/// assert_eq!(BlockDistance.estimate(&Klotski::new(Metric::Step), &Board::classic()), 3);
/// assert_eq!(BlockDistance.estimate(&Klotski::new(Metric::Piece), &Board::classic()), 1);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BlockDistance;

impl BlockDistance {
    fn distance(problem: &Klotski, block: super::board::Position) -> u32 {
        let distance = u32::from(block.row.abs_diff(GOAL.row) + block.column.abs_diff(GOAL.column));
        match problem.metric() {
            Metric::Step => distance,
            Metric::Piece => distance.min(1),
        }
    }
}

impl Heuristic<Klotski> for BlockDistance {
    #[inline]
    fn is_consistent(&self) -> bool {
        true
    }

    fn estimate(&self, problem: &Klotski, state: &Board) -> u32 {
        // Every board has a block; zero stays admissible should one not.
        state
            .block()
            .map_or(0, |block| Self::distance(problem, block))
    }

    /// Only a move of the block changes the estimate, and the move says where the block went.
    #[inline]
    fn estimate_after(
        &self,
        problem: &Klotski,
        _after: &Board,
        action: &Move,
        before: <Klotski as Problem>::Cost,
    ) -> u32 {
        if action.shape == Shape::Block {
            Self::distance(problem, action.to)
        } else {
            before
        }
    }
}
