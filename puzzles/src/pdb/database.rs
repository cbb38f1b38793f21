//! One pattern database: a packed table of abstract distances indexed by pattern placement.

use std::sync::atomic::{AtomicU32, AtomicUsize, Ordering::Relaxed};

use search_core::Limits;

use super::direct::{Compact, Derived, DirectTable};
use super::index::{PlacementIndex, nth_bit};
use super::table::{TableBytes, packed_entry};
use super::{Abstraction, PdbError};

/// Exact distances of one pattern of tiles, for use in an additive heuristic.
///
/// The value of a placement is the fewest moves *of pattern tiles* that bring the pattern tiles
/// from that placement to their goal cells, where every other tile may move for free. Because
/// only pattern-tile moves are counted, the values of disjoint patterns add up to an admissible
/// heuristic (Korf & Felner 2002): see [`AdditivePdb`](super::AdditivePdb). The
/// [`Abstraction`] says what the blank may do, and so whether the values are consistent.
///
/// Build one with [`PatternDatabase::build`] or [`PatternDatabase::build_with`], save and load it with
/// [`save`](PatternDatabase::save) and [`load`](PatternDatabase::load), or let a
/// [`PdbCache`](super::PdbCache) do both. Searches that look entries up by the hundred million
/// go faster with a [direct table](PatternDatabase::with_direct_table) as well.
#[derive(Clone, PartialEq, Eq)]
pub struct PatternDatabase {
    pub(crate) width: usize,
    pub(crate) height: usize,
    pub(crate) goal: Vec<u8>,
    pub(crate) pattern: Vec<u8>,
    pub(crate) abstraction: Abstraction,
    pub(crate) index: PlacementIndex,
    /// `manhattan[i * cells + cell]`: the Manhattan distance of pattern tile `i` in `cell` from
    /// its goal cell. Derived from the goal, not stored in files.
    pub(crate) manhattan: Vec<u8>,
    /// 4 when every entry is below 16 (two entries a byte, low nibble first), else 8.
    pub(crate) entry_bits: u8,
    /// Entry `rank` is `(value - manhattan) / 2` of placement `rank`: the excess of the
    /// abstract distance over the pattern's Manhattan distance is always even (each move changes
    /// both by one) and small, so it fits in 4 bits where the value itself does not.
    pub(crate) table: TableBytes,
    /// The same entries indexed directly by the tiles' cells, if asked for: derived from
    /// `table`, never saved, and left out of comparisons.
    pub(crate) direct: Derived<DirectTable>,
}

/// The Manhattan distance of each pattern tile in each cell from its goal cell, tile-major.
pub(crate) fn manhattan_table(
    width: usize,
    cells: usize,
    goal_cells: &[u8],
    pattern: &[u8],
) -> Vec<u8> {
    let mut table = Vec::with_capacity(pattern.len() * cells);
    for &tile in pattern {
        let goal = usize::from(goal_cells[usize::from(tile)]);
        table.extend((0..cells).map(|cell| {
            ((cell / width).abs_diff(goal / width) + (cell % width).abs_diff(goal % width)) as u8
        }));
    }
    table
}

impl std::fmt::Debug for PatternDatabase {
    // The table can hold half a gigabyte: print its shape, not its bytes.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PatternDatabase")
            .field("width", &self.width)
            .field("height", &self.height)
            .field("goal", &self.goal)
            .field("pattern", &self.pattern)
            .field("abstraction", &self.abstraction)
            .field("entry_bits", &self.entry_bits)
            .field("entries", &self.index.count())
            .field(
                "direct_table",
                &self.direct.0.as_ref().map(DirectTable::len),
            )
            .finish_non_exhaustive()
    }
}

impl PatternDatabase {
    /// The value for the placement in which tile `t` of the pattern sits in cell `positions[t]`.
    ///
    /// `positions` is indexed by tile number (`positions[0]`, the blank, and the entries of
    /// tiles outside the pattern are ignored). This is the heuristic's hot path: no allocation,
    /// a few popcounts and table reads per pattern tile.
    ///
    /// # Panics
    ///
    /// If `positions` is shorter than the largest pattern tile number plus one, or names a cell
    /// outside the board.
    #[inline]
    pub fn lookup(&self, positions: &[u8]) -> u8 {
        let cells = self.width * self.height;
        let cell_of = |i: usize| positions[usize::from(self.pattern[i])];
        let manhattan: u32 = (0..self.pattern.len())
            .map(|i| u32::from(self.manhattan[i * cells + usize::from(cell_of(i))]))
            .sum();
        // Only a never-reached placement on a huge board can exceed a byte; any value is
        // admissible there because no solvable state has that placement.
        u8::try_from(manhattan + 2 * u32::from(self.excess(positions))).unwrap_or(u8::MAX)
    }

    /// The stored entry for `positions`: half the excess of the value over the pattern's
    /// Manhattan distance. Sums of databases add the Manhattan distance of all tiles once.
    #[inline]
    pub(crate) fn excess(&self, positions: &[u8]) -> u8 {
        self.lookup_entry(self.lookup_index(positions))
    }

    /// Where [`lookup_entry`](Self::lookup_entry) finds the entry for `positions`: in the
    /// direct table if there is one, else in the compact table (the placement's rank). Apart
    /// from the entry so that a caller can compute every index before waiting for any entry.
    #[inline(always)]
    pub(crate) fn lookup_index(&self, positions: &[u8]) -> usize {
        match &self.direct.0 {
            Some(direct) => direct.index(positions),
            None => self.rank(positions),
        }
    }

    /// The direct table's index weights, one per pattern tile in pattern order (see
    /// [`DirectTable::weights`]), when lookups go through a direct table.
    pub(crate) fn direct_weights(&self) -> Option<&[usize]> {
        self.direct.0.as_ref().map(DirectTable::weights)
    }

    /// The direct table's bytes and bits per entry, when lookups go through one.
    pub(crate) fn direct_entries(&self) -> Option<(&[u8], u8)> {
        self.direct.0.as_ref().map(DirectTable::entries)
    }

    /// The compact table's bytes: the entry of the placement of rank `r` is
    /// `packed_entry(bytes, entry_bits, r)`, whether or not there is a direct table.
    pub(crate) fn compact_entries(&self) -> &[u8] {
        &self.table
    }

    /// The entry at an index from [`lookup_index`](Self::lookup_index).
    #[inline(always)]
    pub(crate) fn lookup_entry(&self, index: usize) -> u8 {
        match &self.direct.0 {
            Some(direct) => direct.entry(index),
            None => self.entry(index),
        }
    }

    /// The table index of the placement in `positions`.
    #[inline]
    pub(crate) fn rank(&self, positions: &[u8]) -> usize {
        self.index.rank(|i| positions[usize::from(self.pattern[i])])
    }

    #[inline]
    pub(crate) fn entry(&self, rank: usize) -> u8 {
        packed_entry(&self.table, self.entry_bits, rank)
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

    /// The abstraction whose distances the table holds.
    pub fn abstraction(&self) -> Abstraction {
        self.abstraction
    }

    /// The number of entries: `cells! / (cells - pattern tiles)!`.
    pub fn entries(&self) -> usize {
        self.index.count()
    }

    /// The same database with a direct table: a second copy of the entries, indexed by the
    /// cells of the pattern's tiles read as the digits of a number in base `cells` instead of
    /// by the placement's rank. Lookups then cost `k` multiplications and additions instead of
    /// a rank (comparisons of every pair of tiles), and the table takes `cells^k` entries
    /// instead of `cells! / (cells - k)!` ([`direct_table_bytes`](Self::direct_table_bytes)):
    /// for a 6-tile pattern of the 24-puzzle, 122 MB on top of 64 MB, and IDA* with the 6-6-6-6
    /// partition runs 1.6 to 1.9 times as fast on one thread. Lookups give the same values
    /// either way.
    ///
    /// # Errors
    /// [`PdbError::TooLarge`] for patterns of more than 8 tiles or tables beyond an address,
    /// [`PdbError::OutOfMemory`] when the table cannot be allocated.
    ///
    /// ```
    /// use puzzles::pdb::PatternDatabase;
    ///
    /// let goal = [0, 1, 2, 3, 4, 5, 6, 7, 8];
    /// let pdb = PatternDatabase::build(3, 3, &goal, &[1, 2, 3, 4], |_| {}).unwrap();
    /// assert_eq!(pdb.direct_table_bytes(), Some(9usize.pow(4) / 2 + 1)); // two entries a byte
    /// let direct = pdb.clone().with_direct_table().unwrap();
    /// assert!(direct.has_direct_table());
    /// let positions = [4, 2, 1, 0, 3, 5, 6, 7, 8]; // tile t on cell positions[t]
    /// assert_eq!(direct.lookup(&positions), pdb.lookup(&positions));
    /// ```
    pub fn with_direct_table(mut self) -> Result<Self, PdbError> {
        self.add_direct_table(&Limits::none())?;
        Ok(self)
    }

    /// [`with_direct_table`](Self::with_direct_table) in place, stopped with
    /// [`PdbError::Stopped`] (leaving the database as it was) when `limits`' deadline passes or
    /// their cancellation flag is raised.
    pub(crate) fn add_direct_table(&mut self, limits: &Limits) -> Result<(), PdbError> {
        if self.direct.0.is_none() {
            self.direct.0 = Some(DirectTable::new(&self.compact(), limits)?);
        }
        Ok(())
    }

    /// About how many seconds one thread takes to fill this database's direct table.
    pub(crate) fn direct_fill_seconds(&self) -> f64 {
        DirectTable::fill_seconds(self.entries())
    }

    /// The bytes a [direct table](Self::with_direct_table) of this database takes, or `None`
    /// if it cannot have one (more than 8 tiles).
    pub fn direct_table_bytes(&self) -> Option<usize> {
        DirectTable::bytes(&self.compact())
    }

    /// The compact table as a direct table is made from it.
    fn compact(&self) -> Compact<'_> {
        Compact {
            pattern: &self.pattern,
            cells: self.width * self.height,
            entry_bits: self.entry_bits,
            index: &self.index,
            table: &self.table,
        }
    }

    /// Whether the table is memory-mapped from its file ([`load`](Self::load) maps it) rather
    /// than held in memory of its own (a database [built](Self::build) in this process).
    pub fn is_mapped(&self) -> bool {
        self.table.is_mapped()
    }

    /// Whether lookups go through a [direct table](Self::with_direct_table).
    pub fn has_direct_table(&self) -> bool {
        self.direct.0.is_some()
    }

    /// Bits per entry: 4 when no value exceeds the pattern's Manhattan distance by more than 28,
    /// else 8.
    pub fn entry_bits(&self) -> u8 {
        self.entry_bits
    }

    /// The largest value in the table.
    ///
    /// This visits the table subset by subset on every core, and computes the Manhattan
    /// distance only of the placements whose entry could beat the largest value found so far
    /// with every tile on its farthest cell of the subset (a subset none of whose entries
    /// could is skipped whole). 2.3-2.8 s on two cores for the 15-puzzle's 8-tile pattern (it
    /// took 100 s placement by placement).
    pub fn max_value(&self) -> u8 {
        let tiles = self.pattern.len();
        let listed = self.index.listed_arrangements();
        let masks: Vec<u64> = self.index.subset_masks().collect();
        // Shared so that each worker skips what another has already beaten.
        let best = AtomicU32::new(0);
        let next = AtomicUsize::new(0);
        const CHUNK: usize = 64;
        let work = || {
            let mut distance = vec![0u32; tiles * tiles];
            loop {
                let start = next.fetch_add(CHUNK, Relaxed);
                if start >= masks.len() {
                    return;
                }
                for (s, &mask) in masks.iter().enumerate().skip(start).take(CHUNK) {
                    let largest = self.largest_in_subset(s, mask, &listed, &mut distance, &best);
                    best.fetch_max(largest, Relaxed);
                }
            }
        };
        let workers = std::thread::available_parallelism()
            .map_or(1, usize::from)
            .min(1 + self.entries() / (1 << 22));
        if workers == 1 {
            work();
        } else {
            std::thread::scope(|scope| {
                for _ in 0..workers {
                    scope.spawn(work);
                }
            });
        }
        // As in `lookup`: only a never-reached placement on a huge board can exceed a byte.
        u8::try_from(best.into_inner()).unwrap_or(u8::MAX)
    }

    /// The largest value among the placements of subset `s` (cells `mask`), or less when none
    /// beats `best`; `listed` holds every arrangement's positions if it is not empty, and
    /// `distance` is scratch space for `k * k` values.
    fn largest_in_subset(
        &self,
        s: usize,
        mask: u64,
        listed: &[[u8; 8]],
        distance: &mut [u32],
        best: &AtomicU32,
    ) -> u32 {
        let tiles = self.pattern.len();
        let cells = self.width * self.height;
        let count = self.index.arrangements();
        // `distance[i * tiles + p]`: tile i's Manhattan distance on the subset's p-th cell.
        for p in 0..tiles {
            let cell = usize::from(nth_bit(mask, p as u8));
            for i in 0..tiles {
                distance[i * tiles + p] = u32::from(self.manhattan[i * cells + cell]);
            }
        }
        let first = s * count;
        let farthest: u32 = distance
            .chunks_exact(tiles.max(1))
            .map(|row| row.iter().copied().max().unwrap_or(0))
            .sum();
        let mut largest = best.load(Relaxed);
        if farthest + 2 * u32::from(self.largest_entry(first, count)) <= largest {
            return largest;
        }
        let mut unranked = [0u8; 64];
        for a in 0..count {
            let entry = u32::from(self.entry(first + a));
            // Most entries are too small to matter whatever the arrangement.
            if farthest + 2 * entry <= largest {
                continue;
            }
            let at: &[u8] = if listed.is_empty() {
                self.index.unrank_arrangement(a, &mut unranked);
                &unranked[..tiles]
            } else {
                &listed[a][..tiles]
            };
            let manhattan: u32 = at
                .iter()
                .enumerate()
                .map(|(i, &p)| distance[i * tiles + usize::from(p)])
                .sum();
            largest = largest.max(manhattan + 2 * entry);
        }
        largest
    }

    /// The largest of the `count` entries from rank `first` on.
    fn largest_entry(&self, first: usize, count: usize) -> u8 {
        if self.entry_bits == 4 && first % 2 == 0 && count % 2 == 0 {
            // Two entries a byte: a plain scan of the bytes, which the compiler vectorises.
            self.table[first / 2..(first + count) / 2]
                .iter()
                .map(|&byte| (byte & 0x0f).max(byte >> 4))
                .max()
                .unwrap_or(0)
        } else {
            (first..first + count)
                .map(|rank| self.entry(rank))
                .max()
                .unwrap_or(0)
        }
    }

    /// Whether this database was built for `width` x `height`, `goal` and the tiles of
    /// `pattern` (in any order), under any [`Abstraction`].
    pub fn describes(&self, width: usize, height: usize, goal: &[u8], pattern: &[u8]) -> bool {
        let mut sorted = pattern.to_vec();
        sorted.sort_unstable();
        self.width == width && self.height == height && self.goal == goal && self.pattern == sorted
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every placement's rank and tile positions (`positions[tile] = cell`), unranked one by
    /// one.
    fn placements(pdb: &PatternDatabase) -> impl Iterator<Item = (usize, [u8; 64])> + '_ {
        let masks: Vec<u64> = pdb.index.subset_masks().collect();
        let mut cells = vec![0u8; pdb.pattern.len()];
        let mut positions = [0u8; 64];
        (0..pdb.entries()).map(move |rank| {
            pdb.index.unrank(rank, &masks, &mut cells);
            for (&tile, &cell) in pdb.pattern.iter().zip(&cells) {
                positions[usize::from(tile)] = cell;
            }
            (rank, positions)
        })
    }

    /// The largest value the slow way: every placement unranked and looked up.
    fn max_by_lookups(pdb: &PatternDatabase) -> u8 {
        (placements(pdb))
            .map(|(_, positions)| pdb.lookup(&positions))
            .max()
            .unwrap_or(0)
    }

    #[test]
    fn the_largest_value_is_the_largest_lookup() {
        // The 6-tile pattern's 5.8 million entries are shared among the cores.
        let cases: [(usize, usize, &[u8]); 8] = [
            (4, 4, &[10, 11, 12, 13, 14, 15]),
            (3, 3, &[1, 2, 3]),
            (3, 3, &[1, 2, 3, 4, 5, 6, 7, 8]),
            (4, 4, &[1, 2, 3, 4, 5]),
            (4, 4, &[12, 13, 14, 15]),
            (2, 5, &[1, 2, 3, 4, 5, 6, 7, 8, 9]),
            (1, 4, &[1, 3]),
            (2, 2, &[1]),
        ];
        let mut widths = Vec::new();
        for (width, height, pattern) in cases {
            let goal: Vec<u8> = (0..(width * height) as u8).collect();
            let pdb = PatternDatabase::build(width, height, &goal, pattern, |_| {}).unwrap();
            assert_eq!(
                pdb.max_value(),
                max_by_lookups(&pdb),
                "{width}x{height} {pattern:?}"
            );
            widths.push(pdb.entry_bits());
        }
        // Both entry widths, and the 9-tile pattern's arrangements unranked one by one.
        assert!(widths.contains(&4) && widths.contains(&8), "{widths:?}");
    }

    #[test]
    fn direct_tables_give_every_placement_the_compact_entry() {
        let cases: [(usize, usize, &[u8]); 7] = [
            (3, 3, &[1, 2, 3]),
            (3, 3, &[1, 2, 3, 4, 5, 6, 7, 8]),
            (4, 4, &[1, 2, 3, 4, 5]),
            (4, 4, &[12, 13, 14, 15]),
            (2, 5, &[1, 2, 3, 4, 5, 6, 7, 8]),
            (1, 4, &[1, 3]),
            (2, 2, &[1]),
        ];
        let mut widths = Vec::new();
        for (width, height, pattern) in cases {
            let goal: Vec<u8> = (0..(width * height) as u8).collect();
            let pdb = PatternDatabase::build(width, height, &goal, pattern, |_| {}).unwrap();
            let direct = pdb.clone().with_direct_table().unwrap();
            assert!(direct.has_direct_table() && !pdb.has_direct_table());
            assert_eq!(direct, pdb, "the direct table is not part of equality");
            let bytes = direct.direct.0.as_ref().map(DirectTable::len);
            assert_eq!(bytes, pdb.direct_table_bytes());
            for (rank, positions) in placements(&pdb) {
                let index = direct.lookup_index(&positions);
                assert_eq!(direct.lookup_entry(index), pdb.entry(rank), "{pattern:?}");
                assert_eq!(direct.lookup(&positions), pdb.lookup(&positions));
            }
            widths.push(pdb.entry_bits());
        }
        assert!(widths.contains(&4) && widths.contains(&8), "{widths:?}");
        // Nine tiles have no direct table.
        let goal: Vec<u8> = (0..10).collect();
        let nine = PatternDatabase::build(2, 5, &goal, &[1, 2, 3, 4, 5, 6, 7, 8, 9], |_| {});
        let nine = nine.unwrap();
        assert_eq!(nine.direct_table_bytes(), None);
        assert!(matches!(
            nine.with_direct_table(),
            Err(PdbError::TooLarge { .. })
        ));
    }
}
