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

impl<const CELLS: usize> Board<CELLS> {
    /// Manhattan distance plus two moves for every tile that must leave its goal row or column
    /// to let the others of that line pass (the tiles outside the longest run in goal order),
    /// recounted over the whole board, as a heuristic closure that sees only the board does.
    /// No allocation: a fair baseline does the same work as the plugin's full estimate.
    pub fn linear_conflict(&self, goal: &Self) -> u32 {
        let width = self.width;
        let height = CELLS / width;
        let mut goal_cell = [0usize; CELLS];
        for (cell, &tile) in goal.tiles.iter().enumerate() {
            goal_cell[tile as usize] = cell;
        }
        let mut conflicts = 0;
        // Rows, then columns: (first cell, step between cells, cells, line index).
        let rows = (0..height).map(|row| (row * width, 1, width, row));
        let columns = (0..width).map(|column| (column, width, height, column));
        for (index, (first, step, cells, line)) in rows.chain(columns).enumerate() {
            let is_row = index < height;
            // The goal positions along the line of its tiles whose goal is on it.
            let mut positions = [0usize; CELLS];
            let mut count = 0;
            for offset in 0..cells {
                let tile = self.tiles[first + offset * step];
                if tile == 0 {
                    continue;
                }
                let target = goal_cell[tile as usize];
                let (goal_line, position) = if is_row {
                    (target / width, target % width)
                } else {
                    (target % width, target / width)
                };
                if goal_line == line {
                    positions[count] = position;
                    count += 1;
                }
            }
            conflicts += count - longest_increasing::<CELLS>(&positions[..count]);
        }
        self.manhattan(goal) + 2 * conflicts as u32
    }
}

/// The length of the longest strictly increasing subsequence of `values` (at most a line).
fn longest_increasing<const CELLS: usize>(values: &[usize]) -> usize {
    let mut ending_at = [0usize; CELLS];
    let mut longest = 0;
    for index in 0..values.len() {
        let best = 1
            + (0..index)
                .filter(|&earlier| values[earlier] < values[index])
                .map(|earlier| ending_at[earlier])
                .max()
                .unwrap_or(0);
        ending_at[index] = best;
        longest = longest.max(best);
    }
    longest
}

/// `pathfinding::idastar` with `heuristic(board, goal)` (`Board::manhattan`,
/// `Board::linear_conflict`); the optimal length.
pub fn idastar_length<const CELLS: usize>(
    start: &Board<CELLS>,
    goal: &Board<CELLS>,
    heuristic: fn(&Board<CELLS>, &Board<CELLS>) -> u32,
) -> Option<u32> {
    idastar(
        start,
        |board| board.successors(),
        |board| heuristic(board, goal),
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
