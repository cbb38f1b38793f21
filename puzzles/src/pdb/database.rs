//! One pattern database: a packed table of abstract distances indexed by pattern placement.

use super::index::PlacementIndex;

/// Exact distances of one pattern of tiles, for use in an additive heuristic.
///
/// The value of a placement is the fewest moves *of pattern tiles* that bring the pattern tiles
/// from that placement to their goal cells, where every other tile may move for free. Because
/// only pattern-tile moves are counted, the values of disjoint patterns add up to an admissible
/// heuristic (Korf & Felner 2002): see [`AdditivePdb`](super::AdditivePdb).
///
/// Build one with [`PatternDatabase::build`], save and load it with
/// [`save`](PatternDatabase::save) and [`load`](PatternDatabase::load), or let a
/// [`PdbCache`](super::PdbCache) do both.
#[derive(Clone, PartialEq, Eq)]
pub struct PatternDatabase {
    pub(crate) width: usize,
    pub(crate) height: usize,
    pub(crate) goal: Vec<u8>,
    pub(crate) pattern: Vec<u8>,
    pub(crate) index: PlacementIndex,
    /// 4 when every value is below 16 (two entries a byte, low nibble first), else 8.
    pub(crate) entry_bits: u8,
    pub(crate) table: Vec<u8>,
}

impl std::fmt::Debug for PatternDatabase {
    // The table can hold half a gigabyte: print its shape, not its bytes.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PatternDatabase")
            .field("width", &self.width)
            .field("height", &self.height)
            .field("goal", &self.goal)
            .field("pattern", &self.pattern)
            .field("entry_bits", &self.entry_bits)
            .field("entries", &self.index.count())
            .finish_non_exhaustive()
    }
}

impl PatternDatabase {
    /// The value for the placement in which tile `t` of the pattern sits in cell `positions[t]`.
    ///
    /// `positions` is indexed by tile number (`positions[0]`, the blank, and the entries of
    /// tiles outside the pattern are ignored). This is the heuristic's hot path: no allocation,
    /// one popcount and one multiply-add per pattern tile.
    ///
    /// # Panics
    ///
    /// If `positions` is shorter than the largest pattern tile number plus one, or names a cell
    /// outside the board.
    #[inline]
    pub fn lookup(&self, positions: &[u8]) -> u8 {
        let rank = self.index.rank(|i| positions[usize::from(self.pattern[i])]);
        self.entry(rank)
    }

    #[inline]
    pub(crate) fn entry(&self, rank: usize) -> u8 {
        if self.entry_bits == 4 {
            (self.table[rank >> 1] >> ((rank & 1) * 4)) & 0x0f
        } else {
            self.table[rank]
        }
    }

    /// The board width the database was built for.
    pub fn width(&self) -> usize {
        self.width
    }

    /// The board height the database was built for.
    pub fn height(&self) -> usize {
        self.height
    }

    /// The goal layout (tile at each cell, row-major, 0 = blank) the database was built for.
    pub fn goal(&self) -> &[u8] {
        &self.goal
    }

    /// The pattern's tile numbers, in increasing order.
    pub fn pattern(&self) -> &[u8] {
        &self.pattern
    }

    /// The number of entries: `cells! / (cells - pattern tiles)!`.
    pub fn entries(&self) -> usize {
        self.index.count()
    }

    /// Bits per entry: 4 when every value is below 16, else 8.
    pub fn entry_bits(&self) -> u8 {
        self.entry_bits
    }

    /// The largest value in the table.
    pub fn max_value(&self) -> u8 {
        (0..self.entries())
            .map(|rank| self.entry(rank))
            .max()
            .unwrap_or(0)
    }

    /// Whether this database was built for `width` x `height`, `goal` and the tiles of
    /// `pattern` (in any order).
    pub fn describes(&self, width: usize, height: usize, goal: &[u8], pattern: &[u8]) -> bool {
        let mut sorted = pattern.to_vec();
        sorted.sort_unstable();
        self.width == width && self.height == height && self.goal == goal && self.pattern == sorted
    }
}
