//! A solution followed piece by piece.
//!
//! The state keeps identical pieces sorted within their class, so it cannot tell which of two
//! identical pieces moved, and a board drawn from the state alone hands letters from one piece
//! to another between frames. A move can tell: it names its class and the anchor it leaves,
//! which no two pieces of a class share. Following the moves from the start keeps each piece
//! under the letter the layout gave it, in the move names, the boards and the pictures alike.

use super::layout::Blocks;
use super::moves::{IllegalMove, Move};
use super::state::Placement;

/// Every piece's anchor at each step of a solution, pieces numbered by their slot at the start
/// (so piece `p` has the letter [`Blocks::piece_letter`]`(p)` throughout), and which piece each
/// move moved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Followed {
    /// `anchors[k][p]`: the anchor cell of piece `p` after `k` moves (`k = 0` is the start).
    pub anchors: Vec<Vec<u8>>,
    /// `movers[k]`: the piece that move `k` (from zero) moved.
    pub movers: Vec<usize>,
}

impl Blocks {
    /// The letter the layout gave piece `piece` (its slot at the start).
    ///
    /// # Panics
    /// If `piece` is not below [`piece_count`](Blocks::piece_count).
    pub fn piece_letter(&self, piece: usize) -> char {
        assert!(piece < self.piece_count(), "no piece {piece}");
        self.letter(piece)
    }

    /// Plays `actions` from `start` and follows every piece through them.
    ///
    /// ```
    /// use puzzles::blocks::Blocks;
    /// use search_core::bfs;
    ///
    /// // B and C are identical 1x1 pieces: the state cannot tell them apart, the moves can.
    /// let (problem, start) = Blocks::parse("goal: A at 1,2\nAB.\nC..")?;
    /// let solution = bfs(&problem, start).into_solution().expect("solvable");
    /// let followed = problem.follow(&start, &solution.actions)?;
    /// assert_eq!(followed.anchors.len(), solution.actions.len() + 1);
    /// // B makes way, then A moves in.
    /// assert!(problem.describe_followed(&followed, 0, &solution.actions[0]).starts_with("B r1c2 -> "));
    /// assert_eq!(problem.describe_followed(&followed, 1, &solution.actions[1]), "A r1c1 -> r1c2");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`IllegalMove`] names the first move that is not legal where it is played.
    pub fn follow(&self, start: &Placement, actions: &[Move]) -> Result<Followed, IllegalMove> {
        let pieces = self.piece_count();
        let mut state = *start;
        let mut anchors = start.anchors()[..pieces].to_vec();
        let mut followed = Followed {
            anchors: Vec::with_capacity(actions.len() + 1),
            movers: Vec::with_capacity(actions.len()),
        };
        followed.anchors.push(anchors.clone());
        for (index, action) in actions.iter().enumerate() {
            let illegal = IllegalMove {
                index,
                action: *action,
            };
            state = self.play(&state, action).ok_or(illegal.clone())?;
            // A piece keeps its class as it moves, and no two pieces of a class share an
            // anchor: exactly one piece is the one the move names.
            let mover = (0..pieces)
                .find(|&piece| {
                    self.slot_class[piece] == action.class && anchors[piece] == action.from
                })
                .ok_or(illegal)?;
            anchors[mover] = action.to;
            followed.anchors.push(anchors.clone());
            followed.movers.push(mover);
        }
        Ok(followed)
    }

    /// Move `index` of a followed solution as text, `K r4c3 -> r5c3`: the letter of the piece
    /// that moved, then its anchor (the top-left corner of its bounding box) before and after,
    /// 1-based.
    pub fn describe_followed(&self, followed: &Followed, index: usize, action: &Move) -> String {
        let letter = followed
            .movers
            .get(index)
            .map_or('?', |&piece| self.letter(piece));
        format!(
            "{letter} {} -> {}",
            self.position(action.from),
            self.position(action.to)
        )
    }

    /// The letter that stands for the class of the piece lettered `letter` (the letter of the
    /// class's first piece at the start): the same for identical pieces, which the state does
    /// not tell apart. `None` if no piece has that letter.
    pub fn class_letter(&self, letter: char) -> Option<char> {
        let piece = (0..self.piece_count()).find(|&piece| self.letter(piece) == letter)?;
        let class = &self.classes[usize::from(self.slot_class[piece])];
        Some(self.letter(usize::from(class.start)))
    }

    /// The cells (row, column) piece `piece` covers with its anchor at `anchor`.
    pub fn piece_cells(&self, piece: usize, anchor: u8) -> Vec<(usize, usize)> {
        let class = &self.classes[usize::from(self.slot_class[piece])];
        let at = self.position(anchor);
        (class.offsets.iter())
            .map(|&(row, column)| (usize::from(at.row + row), usize::from(at.column + column)))
            .collect()
    }

    /// The board with every piece at `anchors` (one a piece, as [`Followed::anchors`] holds
    /// them) drawn with its own letter, `empty` and `wall` for those cells, one line a row.
    pub fn draw_followed(&self, anchors: &[u8], empty: char, wall: char) -> Vec<String> {
        let (width, height) = (self.width(), self.height());
        let mut grid = vec![empty; width * height];
        for (cell, square) in grid.iter_mut().enumerate() {
            if self.walls & 1 << cell != 0 {
                *square = wall;
            }
        }
        for (piece, &anchor) in anchors.iter().enumerate() {
            for (row, column) in self.piece_cells(piece, anchor) {
                if let Some(square) = grid.get_mut(row * width + column) {
                    *square = self.letter(piece);
                }
            }
        }
        grid.chunks(width).map(|row| row.iter().collect()).collect()
    }
}
