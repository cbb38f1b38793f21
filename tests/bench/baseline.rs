//! The standing baseline: the `pathfinding` crate, used the way its documentation shows (closures
//! returning successor vectors, states cloned into its own structures).

use pathfinding::prelude::{astar, bfs_reach, idastar};

/// A sliding-tile board as `pathfinding` users write it: the tiles, row-major, 0 = blank.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board<const CELLS: usize> {
    tiles: [u8; CELLS],
    width: usize,
}

impl<const CELLS: usize> Board<CELLS> {
    pub fn new(tiles: [u8; CELLS], width: usize) -> Self {
        Board { tiles, width }
    }

    fn blank(&self) -> usize {
        self.tiles
            .iter()
            .position(|&tile| tile == 0)
            .expect("a board has a blank")
    }

    /// Successors in the blank-move order up, left, right, down, each at cost 1.
    pub fn successors(&self) -> Vec<(Self, u32)> {
        let (width, height) = (self.width, CELLS / self.width);
        let blank = self.blank();
        let (row, column) = (blank / width, blank % width);
        let mut next = Vec::with_capacity(4);
        let mut push = |target: usize| {
            let mut board = self.clone();
            board.tiles.swap(blank, target);
            next.push((board, 1));
        };
        if row > 0 {
            push(blank - width);
        }
        if column > 0 {
            push(blank - 1);
        }
        if column + 1 < width {
            push(blank + 1);
        }
        if row + 1 < height {
            push(blank + width);
        }
        next
    }

    /// Manhattan distance to `goal`.
    pub fn manhattan(&self, goal: &Self) -> u32 {
        let width = self.width;
        let mut goal_cell = [0usize; CELLS];
        for (cell, &tile) in goal.tiles.iter().enumerate() {
            goal_cell[tile as usize] = cell;
        }
        self.tiles
            .iter()
            .enumerate()
            .filter(|&(_, &tile)| tile != 0)
            .map(|(cell, &tile)| {
                let target = goal_cell[tile as usize];
                ((cell / width).abs_diff(target / width) + (cell % width).abs_diff(target % width))
                    as u32
            })
            .sum()
    }
}

/// `pathfinding::idastar` with Manhattan distance; the optimal length.
pub fn idastar_length<const CELLS: usize>(
    start: &Board<CELLS>,
    goal: &Board<CELLS>,
) -> Option<u32> {
    idastar(
        start,
        |board| board.successors(),
        |board| board.manhattan(goal),
        |board| board == goal,
    )
    .map(|(_, cost)| cost)
}

/// `pathfinding::astar` with Manhattan distance; the optimal length.
pub fn astar_length<const CELLS: usize>(start: &Board<CELLS>, goal: &Board<CELLS>) -> Option<u32> {
    astar(
        start,
        |board| board.successors(),
        |board| board.manhattan(goal),
        |board| board == goal,
    )
    .map(|(_, cost)| cost)
}

/// `pathfinding::bfs_reach`: the number of states reachable from `start`.
pub fn reachable<const CELLS: usize>(start: &Board<CELLS>) -> usize {
    bfs_reach(start.clone(), |board| {
        board.successors().into_iter().map(|(next, _)| next)
    })
    .count()
}
