//! Redundant move sequences of sliding-tile puzzles, found by a search over move sequences,
//! shortest first, for duplicate pruning in IDA*.
//!
//! Taylor & Korf, "Pruning duplicate nodes in depth-first search", AAAI 1993: two sequences of
//! blank moves that leave every tile where the other leaves it are interchangeable, and a
//! depth-first search needs only the smaller. The simplest pairs go round a 2x2 block: six moves
//! clockwise do what six counter-clockwise do (twelve moves round a block restore it), so IDA*
//! with parent pruning alone searches both.

use search_core::{Limit, Limits, hash::FastHashMap, pruning::PruningAutomaton};

use super::moves::Move;
use super::shape::Shape;

/// The longest sequences [`redundant_move_sequences`] searches: a sequence is packed two bits a
/// move into a `u64`, with its length.
pub const MAX_REDUNDANT_LENGTH: usize = 28;

/// Every minimal redundant blank-move sequence of at most `max_length` moves that fits a board of
/// `shape`, in length-then-[`Move::ALL`] order.
///
/// A sequence is *redundant* when an earlier sequence in that order (so no longer) moves the
/// blank through cells within the first one's bounding box (so it is legal wherever the first
/// is) and leaves every tile and the blank where the first does. It is *minimal* when no shorter
/// part of it is redundant. A move followed by its inverse is the shortest (the empty sequence
/// replaces it). Forbidding them all keeps IDA* optimal: the smallest optimal path to any board
/// contains none of them (see [`PruningAutomaton`]). Sequences whose blank would leave a board of
/// `shape` wherever it started are left out: they can never be played on it.
///
/// The search visits every sequence it has not found redundant, and remembers what each does:
/// about 3 to the power `max_length` of them on a large board (fewer on a small one). Up to 12
/// moves takes a fraction of a second; 14 moves on a 5x5 board about a second and 100 MB
/// (`slide solve --prune 14` of a 24-puzzle, whole process), 16 moves 8 s and 850 MB: each two
/// moves more multiply both by eight or nine. So the search obeys `limits` as a search does:
/// their deadline and cancellation flag, and their [`max_stored`](Limits::max_stored) as a
/// bound on the sequences it remembers (about 20 bytes each); `max_expanded` is left to the
/// puzzle's search.
///
/// # Errors
/// `max_length` above [`MAX_REDUNDANT_LENGTH`], or a limit reached before the search ended.
///
/// ```
/// use puzzles::{redundant_move_sequences, Move, Shape};
/// use search_core::Limits;
///
/// let sequences = redundant_move_sequences(Shape::new(4, 4)?, 6, &Limits::default())?;
/// // The four moves followed by their inverses, then one of the two six-move ways round each
/// // of the four 2x2 blocks the blank is a corner of.
/// assert_eq!(sequences.len(), 8);
/// assert_eq!(sequences[0], [Move::Up, Move::Down]);
/// assert!(sequences[4..].iter().all(|sequence| sequence.len() == 6));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn redundant_move_sequences(
    shape: Shape,
    max_length: usize,
    limits: &Limits,
) -> Result<Vec<Vec<Move>>, RedundantSearchError> {
    let found = redundant(shape, max_length, limits)?;
    Ok(found.iter().map(|sequence| sequence.moves()).collect())
}

/// [`redundant_move_sequences`], packed.
fn redundant(
    shape: Shape,
    max_length: usize,
    limits: &Limits,
) -> Result<Vec<Sequence>, RedundantSearchError> {
    if max_length > MAX_REDUNDANT_LENGTH {
        return Err(RedundantSearchError::TooLong { max_length });
    }
    // A deadline already passed, or a flag already raised, stops the search before it starts,
    // as it stops a search before its first expansion; later looks come every CLOCK_INTERVAL.
    if let Some(limit) = limits.interruption() {
        return Err(RedundantSearchError::LimitReached(limit));
    }
    let mut finder = Finder::new(shape, max_length, limits);
    for length in 1..=max_length {
        finder.find_of_length(length as u8);
        if let Some(limit) = finder.stopped {
            return Err(RedundantSearchError::LimitReached(limit));
        }
    }
    Ok(finder.found)
}

/// The [`PruningAutomaton`] of the [`redundant_move_sequences`] of at most `max_length` moves
/// that fit `shape`, over the slots of [`SlidingPuzzle`](super::SlidingPuzzle) (the indices of
/// [`Move::ALL`]).
///
/// With [`search_core::pruning::Pruned`], IDA* then skips every path that contains one of them. Up to 14
/// moves on a 5x5 board gives an automaton of 54,281 states (424 KiB), with which IDA* generates a
/// third to a half fewer nodes on the 24-puzzle (BENCHMARKS.md). The search for the sequences
/// obeys `limits` as [`redundant_move_sequences`] says.
///
/// # Errors
/// `max_length` above [`MAX_REDUNDANT_LENGTH`], or a limit reached before the search ended.
///
/// ```
/// use puzzles::{tile_pruning_automaton, Move, Shape};
/// use search_core::Limits;
///
/// let automaton = tile_pruning_automaton(Shape::new(5, 5)?, 8, &Limits::default())?;
/// let slots = |moves: &[Move]| moves.iter().map(|m| m.index()).collect::<Vec<_>>();
/// use Move::*;
/// // Parent pruning is part of it ...
/// assert!(automaton.forbids(&slots(&[Left, Up, Down])));
/// // ... and so is one of the two ways to go one and a half times round a 2x2 block.
/// let clockwise = [Right, Down, Left, Up, Right, Down];
/// let counter_clockwise = [Down, Right, Up, Left, Down, Right];
/// assert_ne!(automaton.forbids(&slots(&clockwise)), automaton.forbids(&slots(&counter_clockwise)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn tile_pruning_automaton(
    shape: Shape,
    max_length: usize,
    limits: &Limits,
) -> Result<PruningAutomaton, RedundantSearchError> {
    Ok(automaton_of(&redundant(shape, max_length, limits)?))
}

/// The automaton forbidding `sequences`.
fn automaton_of(sequences: &[Sequence]) -> PruningAutomaton {
    let slots = sequences.iter().map(|sequence| {
        (0..sequence.length())
            .map(|index| sequence.get(index).index())
            .collect::<Vec<_>>()
    });
    // Four slots and nonempty lists of move indices; the trie of sequences that fit in memory
    // has far fewer than u32::MAX nodes.
    PruningAutomaton::new(Move::ALL.len(), slots)
        .expect("redundant sequences are nonempty lists of move indices")
}

/// Why [`redundant_move_sequences`] (or [`tile_pruning_automaton`]) found no sequences.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum RedundantSearchError {
    /// A length beyond [`MAX_REDUNDANT_LENGTH`] was asked for.
    TooLong {
        /// The length asked for.
        max_length: usize,
    },
    /// The search stopped at a limit: [`Limit::Deadline`], [`Limit::Cancelled`], or
    /// [`Limit::Stored`] when it remembered as many sequences as the limits' `max_stored`.
    LimitReached(Limit),
}

impl std::fmt::Display for RedundantSearchError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RedundantSearchError::TooLong { max_length } => write!(
                f,
                "redundant move sequences of up to {max_length} moves were asked for; at most {MAX_REDUNDANT_LENGTH} are supported"
            ),
            RedundantSearchError::LimitReached(limit) => write!(
                f,
                "the search for redundant move sequences stopped: {limit}"
            ),
        }
    }
}

impl std::error::Error for RedundantSearchError {}

/// How many sequences the search classifies between two looks at the clock and the
/// cancellation flag: some microseconds of work.
const CLOCK_INTERVAL: u32 = 4096;

/// A sequence of at most [`MAX_REDUNDANT_LENGTH`] moves in one word: two bits a move, the first
/// in the lowest bits, and the length in the top byte.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Sequence(u64);

impl Sequence {
    const EMPTY: Sequence = Sequence(0);
    const LENGTH_SHIFT: u32 = 56;

    fn length(self) -> u8 {
        (self.0 >> Self::LENGTH_SHIFT) as u8
    }

    fn then(self, direction: Move) -> Sequence {
        let length = self.length();
        let moves = self.0 & ((1 << Self::LENGTH_SHIFT) - 1);
        Sequence(
            moves
                | (direction.index() as u64) << (2 * length)
                | u64::from(length + 1) << Self::LENGTH_SHIFT,
        )
    }

    fn get(self, index: u8) -> Move {
        Move::ALL[(self.0 >> (2 * index) & 3) as usize]
    }

    fn moves(self) -> Vec<Move> {
        (0..self.length()).map(|index| self.get(index)).collect()
    }

    /// The cells the blank visits, from (0, 0), and what the sequence does: the cells whose
    /// contents moved, each with the cell its content came from (the blank's is (0, 0)), sorted.
    ///
    /// The slow, obvious form of what [`Finder`] tracks incrementally, used to confirm its
    /// hashed matches.
    fn trace(self) -> (Vec<Cell>, Vec<[Cell; 2]>) {
        let mut blank = Cell(0, 0);
        let mut visited = vec![blank];
        // Cells whose content is not their own, with the content's origin.
        let mut moved: Vec<[Cell; 2]> = Vec::new();
        let origin_at = |moved: &Vec<[Cell; 2]>, cell: Cell| {
            moved
                .iter()
                .find(|[at, _]| *at == cell)
                .map_or(cell, |[_, origin]| *origin)
        };
        for index in 0..self.length() {
            let target = blank.step(self.get(index));
            let tile = origin_at(&moved, target);
            let hole = origin_at(&moved, blank);
            moved.retain(|[at, _]| *at != target && *at != blank);
            if tile != blank {
                moved.push([blank, tile]);
            }
            if hole != target {
                moved.push([target, hole]);
            }
            blank = target;
            if !visited.contains(&blank) {
                visited.push(blank);
            }
        }
        moved.sort_unstable();
        (visited, moved)
    }
}

/// A cell relative to the blank's starting cell: column, row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct Cell(i8, i8);

impl Cell {
    fn step(self, direction: Move) -> Cell {
        let Cell(column, row) = self;
        match direction {
            Move::Up => Cell(column, row - 1),
            Move::Left => Cell(column - 1, row),
            Move::Right => Cell(column + 1, row),
            Move::Down => Cell(column, row + 1),
        }
    }
}

/// The cells a sequence's blank has visited, as a bounding box: the lowest and highest column,
/// then row.
#[derive(Clone, Copy, Debug)]
struct Bounds {
    columns: (i8, i8),
    rows: (i8, i8),
}

impl Bounds {
    fn around(self, cell: Cell) -> Bounds {
        Bounds {
            columns: (self.columns.0.min(cell.0), self.columns.1.max(cell.0)),
            rows: (self.rows.0.min(cell.1), self.rows.1.max(cell.1)),
        }
    }

    fn holds(self, cell: Cell) -> bool {
        (self.columns.0..=self.columns.1).contains(&cell.0)
            && (self.rows.0..=self.rows.1).contains(&cell.1)
    }

    /// Whether the box fits a board of `shape`.
    fn fits(self, shape: Shape) -> bool {
        let width = (self.columns.1 - self.columns.0) as usize + 1;
        let height = (self.rows.1 - self.rows.0) as usize + 1;
        width <= shape.width() && height <= shape.height()
    }
}

/// The search: one depth-first pass per length over the sequences no redundant sequence found so
/// far is part of, moving the blank on a grid in place.
struct Finder<'a> {
    shape: Shape,
    /// The grid's side: the blank starts in its middle and cannot leave it.
    side: usize,
    /// The cell each grid cell's content started in (as a grid index).
    grid: Vec<u16>,
    /// Sequences kept so far, by a hash of what they do (the sum of a hash of each moved cell and
    /// its content's origin); `more_kept` holds the rare second and later ones of a hash.
    kept: FastHashMap<u64, Sequence>,
    more_kept: FastHashMap<u64, Vec<Sequence>>,
    /// The redundant sequences found, in order.
    found: Vec<Sequence>,
    limits: &'a Limits,
    /// Sequences classified since the clock was last looked at.
    since_clock: u32,
    /// The limit that stopped the search, if one did: the walk then unwinds.
    stopped: Option<Limit>,
}

impl<'a> Finder<'a> {
    /// A search that has kept the empty sequence, which does nothing (its hash is zero).
    fn new(shape: Shape, max_length: usize, limits: &'a Limits) -> Self {
        let side = 2 * max_length + 1;
        let mut kept = FastHashMap::default();
        kept.insert(0, Sequence::EMPTY);
        Finder {
            shape,
            side,
            grid: (0..side * side).map(|cell| cell as u16).collect(),
            kept,
            more_kept: FastHashMap::default(),
            found: Vec::new(),
            limits,
            since_clock: 0,
            stopped: None,
        }
    }

    /// The grid index of `cell`.
    fn index(&self, cell: Cell) -> usize {
        let half = (self.side / 2) as isize;
        ((cell.1 as isize + half) * self.side as isize + cell.0 as isize + half) as usize
    }

    /// Finds the redundant sequences of `length` moves, and keeps the others.
    fn find_of_length(&mut self, length: u8) {
        let automaton = automaton_of(&self.found);
        let start = Bounds {
            columns: (0, 0),
            rows: (0, 0),
        };
        self.visit(
            &automaton,
            PruningAutomaton::START,
            Sequence::EMPTY,
            length,
            Cell(0, 0),
            0,
            start,
        );
    }

    #[allow(clippy::too_many_arguments)]
    fn visit(
        &mut self,
        automaton: &PruningAutomaton,
        state: u32,
        sequence: Sequence,
        length: u8,
        blank: Cell,
        hash: u64,
        bounds: Bounds,
    ) {
        if self.stopped.is_some() {
            return;
        }
        if sequence.length() == length {
            self.classify(sequence, hash, bounds);
            self.stopped = self.limit_reached();
            return;
        }
        for direction in Move::ALL {
            let Some(next_state) = automaton.step(state, direction.index()) else {
                continue;
            };
            let target = blank.step(direction);
            let next_bounds = bounds.around(target);
            if !next_bounds.fits(self.shape) {
                continue;
            }
            let (from, to) = (self.index(blank), self.index(target));
            let hash_after = self.slide(from, to, hash);
            self.visit(
                automaton,
                next_state,
                sequence.then(direction),
                length,
                target,
                hash_after,
                next_bounds,
            );
            // Sliding back restores the grid, and the hash is the caller's.
            self.slide(to, from, hash_after);
        }
    }

    /// Moves the blank from grid cell `from` to `to` (the tile there goes the other way) and
    /// returns the effect's hash after the move.
    fn slide(&mut self, from: usize, to: usize, mut hash: u64) -> u64 {
        let (tile, hole) = (self.grid[to], self.grid[from]);
        for (cell, old, new) in [(from, hole, tile), (to, tile, hole)] {
            hash = hash
                .wrapping_sub(moved_hash(cell, old))
                .wrapping_add(moved_hash(cell, new));
            self.grid[cell] = new;
        }
        hash
    }

    /// The limit reached, if any: looked at after each sequence classified, the clock and the
    /// flag only every [`CLOCK_INTERVAL`] of them.
    fn limit_reached(&mut self) -> Option<Limit> {
        if self
            .limits
            .max_stored
            .is_some_and(|max_stored| self.kept.len() >= max_stored)
        {
            return Some(Limit::Stored);
        }
        self.since_clock += 1;
        if self.since_clock < CLOCK_INTERVAL {
            return None;
        }
        self.since_clock = 0;
        self.limits.interruption()
    }

    /// Records `sequence` as redundant if a kept one replaces it, and keeps it otherwise.
    fn classify(&mut self, sequence: Sequence, hash: u64, bounds: Bounds) {
        let candidates = self.kept.get(&hash).into_iter().chain(
            self.more_kept
                .get(&hash)
                .into_iter()
                .flat_map(|more| more.iter()),
        );
        let mut effect = None;
        for candidate in candidates {
            // Hashes can collide: compare what the two do exactly before believing them.
            let (visited, candidate_effect) = candidate.trace();
            let effect = effect.get_or_insert_with(|| sequence.trace().1);
            if candidate_effect == *effect && visited.iter().all(|&cell| bounds.holds(cell)) {
                self.found.push(sequence);
                return;
            }
        }
        self.keep(hash, sequence);
    }

    fn keep(&mut self, hash: u64, sequence: Sequence) {
        if let Some(first) = self.kept.insert(hash, sequence) {
            // Put the first back and the newcomer aside: rare (hashes of different effects, or one
            // effect outside another's box).
            self.kept.insert(hash, first);
            self.more_kept.entry(hash).or_default().push(sequence);
        }
    }
}

/// The hash of grid cell `cell` holding the content that started in `origin`; zero when it is
/// its own, so that the sum over the grid hashes only what moved.
fn moved_hash(cell: usize, origin: u16) -> u64 {
    if cell == usize::from(origin) {
        return 0;
    }
    // SplitMix64's finaliser: every input bit reaches every output bit.
    let mut z = (cell as u64) << 16 | u64::from(origin);
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pack(moves: &[Move]) -> Sequence {
        moves.iter().fold(Sequence::EMPTY, |sequence, &direction| {
            sequence.then(direction)
        })
    }

    #[test]
    fn the_shortest_redundant_sequences_are_a_move_and_its_inverse() {
        let sequences =
            redundant_move_sequences(Shape::new(5, 5).unwrap(), 5, &Limits::none()).unwrap();
        let expected: Vec<Vec<Move>> = Move::ALL
            .iter()
            .map(|&direction| vec![direction, direction.inverse()])
            .collect();
        assert_eq!(sequences, expected);
    }

    #[test]
    fn six_moves_round_a_block_keep_one_direction() {
        let sequences =
            redundant_move_sequences(Shape::new(5, 5).unwrap(), 6, &Limits::none()).unwrap();
        let loops: Vec<&Vec<Move>> = sequences.iter().filter(|s| s.len() == 6).collect();
        // The blank is a corner of four 2x2 blocks, and goes one and a half times round each
        // either way to the opposite corner: of each such pair, the later in move order goes.
        assert_eq!(loops.len(), 4);
        for sequence in loops {
            let (visited, _) = pack(sequence).trace();
            assert_eq!(visited.len(), 4, "{sequence:?} stays in a 2x2 block");
        }
    }

    #[test]
    fn twelve_moves_round_a_block_change_nothing() {
        use Move::*;
        let round = [Right, Down, Left, Up].repeat(3);
        let (_, effect) = pack(&round).trace();
        assert!(effect.is_empty());
        let (_, effect) = pack(&[Right, Down, Left, Up]).trace();
        assert_eq!(effect.len(), 3, "one loop rotates the block's three tiles");
    }

    #[test]
    fn too_long_is_refused() {
        let error =
            redundant_move_sequences(Shape::new(5, 5).unwrap(), 29, &Limits::none()).unwrap_err();
        assert_eq!(error, RedundantSearchError::TooLong { max_length: 29 });
        assert!(error.to_string().contains("at most 28"));
    }

    /// Ten moves on a 5x5 board: the search remembers thousands of sequences.
    fn ten_moves(limits: &Limits) -> Result<Vec<Vec<Move>>, RedundantSearchError> {
        redundant_move_sequences(Shape::new(5, 5).unwrap(), 10, limits)
    }

    #[test]
    fn the_stored_limit_bounds_the_sequences_remembered() {
        let error = ten_moves(&Limits::none().with_max_stored(1000)).unwrap_err();
        assert_eq!(error, RedundantSearchError::LimitReached(Limit::Stored));
        assert!(error.to_string().contains("stored-node limit reached"));
        // The default limits are far from it.
        assert!(ten_moves(&Limits::default()).is_ok());
    }

    #[test]
    fn a_raised_cancellation_flag_or_a_past_deadline_stops_the_search() {
        use std::sync::Arc;
        use std::sync::atomic::AtomicBool;
        use std::time::Instant;

        let cancelled = Limits::none().with_cancel_flag(Arc::new(AtomicBool::new(true)));
        assert_eq!(
            ten_moves(&cancelled),
            Err(RedundantSearchError::LimitReached(Limit::Cancelled))
        );
        let late = Limits::none().with_deadline(Instant::now());
        assert_eq!(
            ten_moves(&late),
            Err(RedundantSearchError::LimitReached(Limit::Deadline))
        );
        // Even a search too short to reach its first look at the clock.
        assert_eq!(
            redundant_move_sequences(Shape::new(5, 5).unwrap(), 2, &late),
            Err(RedundantSearchError::LimitReached(Limit::Deadline))
        );
    }
}
