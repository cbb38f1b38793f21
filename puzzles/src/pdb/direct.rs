//! A copy of a pattern database's entries indexed directly by the cells of its tiles.
//!
//! The compact table has one entry per placement, `cells! / (cells - k)!` of them, and finding a
//! placement's entry takes a rank: comparisons of every pair of tiles, a subset rank and a
//! Lehmer code (about a quarter of the 24-puzzle's search time on one thread). Reading the `k`
//! cells as the digits of a number in base `cells` gives an index that costs `k` multiplications
//! and additions instead, at the price of `cells^k` entries, most of them for placements with
//! two tiles on one cell, which no search looks up: 1.9 times the compact table for a 6-tile
//! pattern of the 24-puzzle, 4.7 times for a 7-tile pattern of the 15-puzzle.

use search_core::Limits;

use super::error::PdbError;
use super::index::{PlacementIndex, nth_bit};
use super::memory::zeroed;
use super::table::packed_entry;

/// The most tiles a direct table indexes: the compact table's arrangements are listed up to 8.
const MOST_TILES: usize = 8;

/// How many subsets a fill copies between two looks at its limits: a few milliseconds of work
/// for a 6-tile pattern of the 24-puzzle (720 placements a subset).
const SUBSETS_BETWEEN_CHECKS: usize = 1 << 10;

/// Nanoseconds a fill takes per entry of the compact table on one thread: a sequential read
/// and a write at random (measured on the 24-puzzle's 6-tile patterns, 127.5 M entries filled
/// in about 3 s; see [`DirectTable::fill_seconds`]).
const FILL_NANOSECONDS_PER_ENTRY: f64 = 25.0;

/// Data derived from what a value holds, which its equality leaves out: a database with a direct
/// table equals the same database without one.
#[derive(Clone, Debug)]
pub(crate) struct Derived<T>(pub(crate) Option<T>);

impl<T> Default for Derived<T> {
    fn default() -> Self {
        Derived(None)
    }
}

impl<T> PartialEq for Derived<T> {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl<T> Eq for Derived<T> {}

/// What a direct table is made from: a pattern database's compact table (entries numbered by
/// the placements' ranks) and what numbers them.
pub(crate) struct Compact<'a> {
    pub(crate) pattern: &'a [u8],
    pub(crate) cells: usize,
    pub(crate) entry_bits: u8,
    pub(crate) index: &'a PlacementIndex,
    pub(crate) table: &'a [u8],
}

/// The entries of one [`PatternDatabase`](super::PatternDatabase), at `sum(cells[i] * base^i)` for pattern tile `i` in
/// cell `cells[i]`, with `base` the board's cell count; same entry width as the compact table.
#[derive(Clone)]
pub(crate) struct DirectTable {
    /// The pattern's tile numbers, then zeros.
    pattern: [u8; MOST_TILES],
    tiles: usize,
    /// `weights[i] = base^i`, then zeros.
    weights: [usize; MOST_TILES],
    entry_bits: u8,
    table: Vec<u8>,
}

impl std::fmt::Debug for DirectTable {
    // The table takes hundreds of megabytes: print its shape, not its bytes.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DirectTable")
            .field("pattern", &&self.pattern[..self.tiles])
            .field("entry_bits", &self.entry_bits)
            .field("bytes", &self.table.len())
            .finish_non_exhaustive()
    }
}

impl DirectTable {
    /// How many bytes the direct table of `database` takes, or `None` when there is none: more
    /// than [`MOST_TILES`] tiles, or more entries than an address holds.
    pub(crate) fn bytes(database: &Compact<'_>) -> Option<usize> {
        let tiles = database.pattern.len();
        if tiles > MOST_TILES {
            return None;
        }
        let cells = database.cells;
        let entries = cells.checked_pow(u32::try_from(tiles).ok()?)?;
        Some(if database.entry_bits == 4 {
            entries.div_ceil(2)
        } else {
            entries
        })
    }

    /// About how many seconds one thread takes to fill the direct table of a database of
    /// `entries` compact entries: what a search weighs against the time the table would save.
    pub(crate) fn fill_seconds(entries: usize) -> f64 {
        entries as f64 * FILL_NANOSECONDS_PER_ENTRY * 1e-9
    }

    /// The direct table of `database`, filled subset by subset from its compact table, or
    /// [`PdbError::Stopped`] as soon as `limits`' deadline passes or their cancellation flag is
    /// raised ([`Limits::interruption`]).
    ///
    /// # Errors
    /// [`PdbError::TooLarge`] when [`bytes`](Self::bytes) is `None`, [`PdbError::OutOfMemory`]
    /// when the table cannot be allocated, [`PdbError::Stopped`] when a limit stops the fill.
    pub(crate) fn new(database: &Compact<'_>, limits: &Limits) -> Result<Self, PdbError> {
        let tiles = database.pattern.len();
        let cells = database.cells;
        let bytes = Self::bytes(database).ok_or(PdbError::TooLarge {
            placements: (cells as u128).saturating_pow(tiles as u32),
        })?;
        let mut pattern = [0u8; MOST_TILES];
        pattern[..tiles].copy_from_slice(database.pattern);
        let mut weights = [0usize; MOST_TILES];
        let mut weight = 1;
        for slot in weights.iter_mut().take(tiles) {
            *slot = weight;
            weight *= cells;
        }
        let mut direct = DirectTable {
            pattern,
            tiles,
            weights,
            entry_bits: database.entry_bits,
            table: zeroed(bytes)?,
        };
        direct.fill(database, limits)?;
        Ok(direct)
    }

    /// Copies every placement's entry from the compact table, in its order: subset by subset,
    /// and within a subset arrangement by arrangement; stops when `limits` say so.
    fn fill(&mut self, database: &Compact<'_>, limits: &Limits) -> Result<(), PdbError> {
        let index = database.index;
        let listed = index.listed_arrangements();
        let tiles = self.tiles;
        // `offset[i * tiles + p]`: what tile i adds to the index on the subset's p-th cell.
        let mut offset = [0usize; MOST_TILES * MOST_TILES];
        for (subset, mask) in index.subset_masks().enumerate() {
            if subset % SUBSETS_BETWEEN_CHECKS == 0 {
                if let Some(limit) = limits.interruption() {
                    return Err(PdbError::Stopped(limit));
                }
            }
            for p in 0..tiles {
                let cell = usize::from(nth_bit(mask, p as u8));
                for i in 0..tiles {
                    offset[i * tiles + p] = cell * self.weights[i];
                }
            }
            let first = subset * listed.len();
            for (rank, positions) in (first..).zip(&listed) {
                let entry = packed_entry(database.table, database.entry_bits, rank);
                if entry == 0 {
                    continue;
                }
                let at: usize = (0..tiles)
                    .map(|i| offset[i * tiles + usize::from(positions[i])])
                    .sum();
                self.set(at, entry);
            }
        }
        Ok(())
    }

    fn set(&mut self, at: usize, entry: u8) {
        if self.entry_bits == 4 {
            self.table[at >> 1] |= entry << ((at & 1) * 4);
        } else {
            self.table[at] = entry;
        }
    }

    /// The index of the placement in which pattern tile `i` sits in cell `positions[tile]`
    /// (`positions` indexed by tile number, as for [`PatternDatabase::lookup`](super::PatternDatabase::lookup)).
    #[inline(always)]
    pub(crate) fn index(&self, positions: &[u8]) -> usize {
        (self.pattern.iter().zip(&self.weights))
            .take(self.tiles)
            .map(|(&tile, &weight)| usize::from(positions[usize::from(tile)]) * weight)
            .sum()
    }

    /// The entry at `index`, as [`PatternDatabase::entry`](super::PatternDatabase::entry) gives it for the same placement.
    #[inline(always)]
    pub(crate) fn entry(&self, index: usize) -> u8 {
        packed_entry(&self.table, self.entry_bits, index)
    }

    /// What a cell number of the pattern's `i`-th tile weighs in [`index`](Self::index), for
    /// each `i`: moving that tile from cell `a` to cell `b` moves the index by `(b - a) *
    /// weights[i]`, which lets a search update an index per move instead of recomputing it.
    pub(crate) fn weights(&self) -> &[usize] {
        &self.weights[..self.tiles]
    }

    /// The table's bytes and its bits per entry (4 or 8), for a caller that keeps them at hand
    /// to read entries with [`packed_entry`].
    pub(crate) fn entries(&self) -> (&[u8], u8) {
        (&self.table, self.entry_bits)
    }

    /// The table's size in bytes.
    pub(crate) fn len(&self) -> usize {
        self.table.len()
    }
}
