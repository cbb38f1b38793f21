//! The hand-specialised baseline: IDA* with Manhattan distance for the 15-puzzle in a few dozen
//! lines (fixed arrays, in-place moves, incremental h), to show what the generic engine costs.
//!
//! It counts nodes by the same rules as the engine (see `shared/data/README.md`), so its counts
//! double as a check that both searched the same tree.

/// The 15-puzzle goal used by Korf: the blank in the top-left corner, tiles 1..15 in order.
const CELLS: usize = 16;
const WIDTH: usize = 4;

/// Node counts of one search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    pub length: u32,
    pub generated: u64,
    pub expanded: u64,
}

/// Blank moves in Korf's order: up, left, right, down; each with its inverse's index.
const DELTAS: [isize; 4] = [-(WIDTH as isize), -1, 1, WIDTH as isize];
const INVERSE: [usize; 4] = [3, 2, 1, 0];

pub struct Solver {
    /// `distance[tile][cell]`: Manhattan distance of `tile` standing on `cell` from its goal cell.
    distance: [[u8; CELLS]; CELLS],
    /// `legal[cell][direction]`: whether the blank on `cell` can move that way.
    legal: [[bool; 4]; CELLS],
    board: [u8; CELLS],
    counts: Counts,
    next_threshold: u32,
}

impl Solver {
    pub fn new() -> Self {
        let mut distance = [[0u8; CELLS]; CELLS];
        for (tile, row_of_tile) in distance.iter_mut().enumerate().skip(1) {
            let (goal_row, goal_column) = (tile / WIDTH, tile % WIDTH);
            for (cell, entry) in row_of_tile.iter_mut().enumerate() {
                let (row, column) = (cell / WIDTH, cell % WIDTH);
                *entry = (row.abs_diff(goal_row) + column.abs_diff(goal_column)) as u8;
            }
        }
        let mut legal = [[false; 4]; CELLS];
        for (cell, moves) in legal.iter_mut().enumerate() {
            let (row, column) = (cell / WIDTH, cell % WIDTH);
            *moves = [row > 0, column > 0, column + 1 < WIDTH, row + 1 < WIDTH];
        }
        Solver {
            distance,
            legal,
            board: [0; CELLS],
            counts: Counts::default(),
            next_threshold: 0,
        }
    }

    pub fn solve(&mut self, tiles: &[u8; CELLS]) -> Counts {
        self.board = *tiles;
        let blank = tiles
            .iter()
            .position(|&tile| tile == 0)
            .expect("a board has a blank");
        let h: u32 = (0..CELLS)
            .map(|cell| u32::from(self.distance[tiles[cell] as usize][cell]))
            .sum();
        self.counts = Counts {
            length: 0,
            generated: 1,
            expanded: 0,
        };
        if h == 0 {
            return self.counts;
        }
        let mut threshold = h;
        loop {
            self.next_threshold = u32::MAX;
            if self.search(blank, 0, h, threshold, usize::MAX) {
                return self.counts;
            }
            threshold = self.next_threshold;
        }
    }

    /// Expands the node with the blank on `blank`; true when a goal was generated.
    fn search(&mut self, blank: usize, g: u32, h: u32, threshold: u32, last: usize) -> bool {
        self.counts.expanded += 1;
        for direction in 0..4 {
            if !self.legal[blank][direction] || INVERSE[direction] == last {
                continue;
            }
            self.counts.generated += 1;
            let target = (blank as isize + DELTAS[direction]) as usize;
            let tile = self.board[target] as usize;
            let child_h =
                h + u32::from(self.distance[tile][blank]) - u32::from(self.distance[tile][target]);
            let f = g + 1 + child_h;
            if f > threshold {
                self.next_threshold = self.next_threshold.min(f);
                continue;
            }
            if child_h == 0 {
                self.counts.length = g + 1;
                return true;
            }
            self.board[blank] = tile as u8;
            self.board[target] = 0;
            let found = self.search(target, g + 1, child_h, threshold, direction);
            self.board[target] = tile as u8;
            self.board[blank] = 0;
            if found {
                return true;
            }
        }
        false
    }
}
