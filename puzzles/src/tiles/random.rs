//! Reproducible random boards.

use super::board::Board;
use super::moves::Move;
use super::solvability::solvability;

/// SplitMix64 (Steele, Lea & Flood, 2014; the seeding generator of the xoshiro family): a 64-bit
/// counter passed through a mixing function. Tiny, fast, statistically sound for shuffling, and
/// fully determined by its seed, so every random board is reproducible from its seed on every
/// platform.
#[derive(Clone, Debug)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// The generator started from `seed`.
    pub fn new(seed: u64) -> Self {
        SplitMix64 { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut mixed = self.state;
        mixed = (mixed ^ (mixed >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        mixed = (mixed ^ (mixed >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        mixed ^ (mixed >> 31)
    }

    /// A uniform number in `0..bound` (`bound > 0`), by Lemire's multiply-and-reject method, so
    /// small bounds carry no modulo bias.
    pub fn below(&mut self, bound: u64) -> u64 {
        assert!(bound > 0, "below(0) has no value to return");
        let threshold = bound.wrapping_neg() % bound;
        loop {
            let product = u128::from(self.next_u64()) * u128::from(bound);
            if (product as u64) >= threshold {
                return (product >> 64) as u64;
            }
        }
    }
}

/// A board drawn uniformly from those that can reach `goal`, reproducibly from `seed`.
///
/// A uniform shuffle is either solvable or not; swapping its two first non-blank cells flips the
/// answer and is a bijection between the two halves, so fixing the unsolvable ones that way keeps
/// the draw uniform over the solvable half.
///
/// ```
/// use puzzles::{random_solvable, solvability, Board, Shape};
///
/// let goal = Board::blank_first(Shape::new(4, 4).unwrap());
/// let board = random_solvable(&goal, 7);
/// assert_eq!(board, random_solvable(&goal, 7));
/// assert!(solvability(&board, &goal).unwrap().is_solvable());
/// ```
pub fn random_solvable(goal: &Board, seed: u64) -> Board {
    let mut random = SplitMix64::new(seed);
    let mut tiles = goal.tiles().to_vec();
    for index in (1..tiles.len()).rev() {
        let other = random.below(index as u64 + 1) as usize;
        tiles.swap(index, other);
    }
    let shuffled = Board::new(goal.shape(), tiles.clone()).expect("a shuffle keeps every tile");
    let solvable = solvability(&shuffled, goal)
        .expect("the shuffle has the goal's shape")
        .is_solvable();
    if solvable {
        return shuffled;
    }
    let mut tiles_cells = (0..tiles.len()).filter(|&cell| tiles[cell] != 0);
    let first = tiles_cells
        .next()
        .expect("a board has at least three tiles");
    let second = tiles_cells
        .next()
        .expect("a board has at least three tiles");
    tiles.swap(first, second);
    Board::new(goal.shape(), tiles).expect("a swap keeps every tile")
}

/// The board reached from `goal` by `steps` random moves of the blank, never undoing the move
/// just made, reproducibly from `seed`. Its distance from `goal` is at most `steps`.
///
/// ```
/// use puzzles::{random_walk, solvability, Board};
///
/// let goal = Board::parse("123456780").unwrap();
/// let start = random_walk(&goal, 10, 1);
/// assert_eq!(start, random_walk(&goal, 10, 1));
/// assert!(solvability(&start, &goal).unwrap().is_solvable());
/// assert_eq!(random_walk(&goal, 0, 1), goal);
/// ```
pub fn random_walk(goal: &Board, steps: usize, seed: u64) -> Board {
    let mut random = SplitMix64::new(seed);
    let mut board = goal.clone();
    let mut previous: Option<Move> = None;
    for _ in 0..steps {
        let mut choices = [Move::Up; 4];
        let mut count = 0;
        for direction in Move::ALL {
            let backtrack = previous == Some(direction.inverse());
            if !backtrack && board.shape().step(board.blank(), direction).is_some() {
                choices[count] = direction;
                count += 1;
            }
        }
        // Every cell of a board of at least 2x2 has two neighbours, so one is never the way back.
        let direction = choices[random.below(count as u64) as usize];
        board = board.apply(direction).expect("the move was checked");
        previous = Some(direction);
    }
    board
}
