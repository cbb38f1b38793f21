//! A perfect index of pattern placements, grouped by the set of cells the pattern occupies.
//!
//! A placement of `k` tiles on `cells` cells is split into the *subset* of occupied cells and
//! the *arrangement* of the tiles within it: `rank = subset_rank * k! + arrangement_rank`.
//!
//! - The subset is ranked in colexicographic order (`sum C(cell_j, j + 1)` over its cells in
//!   increasing order), which is the order in which Gosper's hack enumerates the bitmasks.
//! - The arrangement lists, for each pattern tile, the position of its cell among the occupied
//!   cells (`0..k`), ranked as a Lehmer code with one popcount per tile.
//!
//! Why not rank the placement directly: the blank regions of a placement depend only on the
//! subset, so the building search can compute them once per subset, and a move of one tile only
//! changes the subset in one cell, so the states it touches while expanding one subset sit in a
//! few small blocks of memory instead of all over the table.

use super::PdbError;

/// The most tiles [`PlacementIndex::rank`] ranks by pairwise comparisons.
const COMPARED: usize = 8;
/// The most cells [`PlacementIndex::rank`] ranks by pairwise comparisons: the rows of
/// [`PlacementIndex::colex`].
const COMPARED_CELLS: usize = 32;
/// The length of a row of [`PlacementIndex::colex`]: at least [`COMPARED`], and a power of two
/// so that keeping an index in range is a mask.
const COLEX_ROW: usize = 16;
/// `FACTORIALS[n] = n!` up to the most tiles ranked by comparisons.
const FACTORIALS: [usize; COMPARED] = {
    let mut table = [1; COMPARED];
    let mut n = 1;
    while n < COMPARED {
        table[n] = table[n - 1] * n;
        n += 1;
    }
    table
};

/// Ranks and unranks placements of `k` distinguished tiles on `cells` cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct PlacementIndex {
    tiles: usize,
    /// `binomials[cell * (tiles + 1) + j] = C(cell, j)`.
    binomials: Vec<usize>,
    /// `factors[i] = (k - 1 - i)!`, the Lehmer weight of tile `i`.
    factors: Vec<usize>,
    arrangements: usize,
    subsets: usize,
    count: usize,
    /// Whether [`rank`](Self::rank) may use [`rank_compared`](Self::rank_compared): at most
    /// [`COMPARED_CELLS`] cells.
    compared: bool,
    /// `colex[cell][j] = C(cell, j + 1)`, the term of a subset's rank for its `j`-th lowest
    /// cell, for the first [`COMPARED_CELLS`] cells.
    colex: [[u32; COLEX_ROW]; COMPARED_CELLS],
}

impl PlacementIndex {
    pub(crate) fn new(cells: usize, tiles: usize) -> Result<Self, PdbError> {
        let mut count: u128 = 1;
        for i in 0..tiles {
            count *= (cells - i) as u128;
        }
        // The build needs a 2-bit entry per (placement, blank region) on top of the table, so
        // refuse what no machine of today could hold before any allocation is attempted.
        if count > 1 << 40 {
            return Err(PdbError::TooLarge { placements: count });
        }
        let count = usize::try_from(count).map_err(|_| PdbError::TooLarge { placements: count })?;
        let mut binomials = vec![0usize; (cells + 1) * (tiles + 1)];
        for cell in 0..=cells {
            binomials[cell * (tiles + 1)] = 1;
            for j in 1..=tiles.min(cell) {
                binomials[cell * (tiles + 1) + j] = binomials[(cell - 1) * (tiles + 1) + j - 1]
                    + binomials[(cell - 1) * (tiles + 1) + j];
            }
        }
        let mut colex = [[0u32; COLEX_ROW]; COMPARED_CELLS];
        for (cell, row) in colex.iter_mut().enumerate().take(cells) {
            for (j, entry) in row.iter_mut().enumerate().take(tiles.min(COMPARED)) {
                // C(32, 8) fits 32 bits; larger tables are never read.
                *entry = u32::try_from(binomials[cell * (tiles + 1) + j + 1]).unwrap_or(u32::MAX);
            }
        }
        let mut factors = vec![1usize; tiles];
        for i in (0..tiles.saturating_sub(1)).rev() {
            factors[i] = factors[i + 1] * (tiles - i - 1);
        }
        let arrangements = factors.first().map_or(1, |&f| f * tiles);
        Ok(Self {
            tiles,
            subsets: count / arrangements,
            binomials,
            factors,
            arrangements,
            count,
            compared: cells <= COMPARED_CELLS,
            colex,
        })
    }

    /// The number of placements, which is the table's entry count.
    pub(crate) fn count(&self) -> usize {
        self.count
    }

    /// The number of occupied-cell subsets: `C(cells, k)`.
    pub(crate) fn subsets(&self) -> usize {
        self.subsets
    }

    /// The number of arrangements of the tiles within one subset: `k!`.
    pub(crate) fn arrangements(&self) -> usize {
        self.arrangements
    }

    /// The colexicographic rank of the subset `mask` (which must have `k` bits set).
    #[inline]
    pub(crate) fn subset_rank(&self, mut mask: u64) -> usize {
        let mut rank = 0;
        let mut j = 1;
        while mask != 0 {
            let cell = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            rank += self.binomials[cell * (self.tiles + 1) + j];
            j += 1;
        }
        rank
    }

    /// The rank of the arrangement in which tile `i` sits at position `position(i)` (`0..k`)
    /// among the occupied cells.
    #[inline]
    pub(crate) fn arrangement_rank(&self, mut position: impl FnMut(usize) -> u8) -> usize {
        let mut rank = 0;
        if self.tiles <= 8 {
            // Byte `p` of `below` counts the positions below `p` already taken, which the
            // Lehmer digit subtracts: a shift and an add per tile instead of a popcount, which
            // the baseline x86-64 target has no instruction for.
            let mut below = 0u64;
            for (i, &factor) in self.factors.iter().enumerate() {
                let at = u32::from(position(i));
                let taken = ((below >> (8 * at)) & 0xff) as usize;
                rank += (at as usize - taken) * factor;
                below += 0x0101_0101_0101_0100u64 << (8 * at);
            }
        } else {
            let mut used = 0u64;
            for (i, &factor) in self.factors.iter().enumerate() {
                let at = position(i);
                let taken = (used & ((1u64 << at) - 1)).count_ones() as usize;
                rank += (usize::from(at) - taken) * factor;
                used |= 1 << at;
            }
        }
        rank
    }

    /// Every arrangement's positions (`listed[a][i]`: tile `i`'s position in arrangement `a`)
    /// in rank order, for patterns of up to 8 tiles (8! = 40,320 arrangements); empty for
    /// larger ones, whose arrangements are unranked one at a time instead.
    pub(crate) fn listed_arrangements(&self) -> Vec<[u8; 8]> {
        if self.tiles > 8 {
            return Vec::new();
        }
        (0..self.arrangements)
            .map(|a| {
                let mut at = [0u8; 8];
                self.unrank_arrangement(a, &mut at);
                at
            })
            .collect()
    }

    /// `from * k + to`: which row of the building searches' moved table (`k!` arrangements for
    /// each pair of positions) a tile moving from position `from` to position `to` reads, for
    /// the patterns with [listed arrangements](Self::listed_arrangements), which have that
    /// table; 0 for larger ones, which have neither.
    pub(crate) fn position_pair(&self, from: u8, to: u8) -> u8 {
        if self.tiles > 8 {
            return 0;
        }
        from * self.tiles as u8 + to
    }

    /// Writes the position (`0..k`) of each tile in arrangement `rank` into `positions`.
    #[inline]
    pub(crate) fn unrank_arrangement(&self, mut rank: usize, positions: &mut [u8]) {
        let mut used = 0u64;
        for (i, &factor) in self.factors.iter().enumerate() {
            let mut digit = rank / factor;
            rank %= factor;
            let mut free = !used;
            while digit > 0 {
                free &= free - 1;
                digit -= 1;
            }
            let at = free.trailing_zeros();
            used |= 1 << at;
            positions[i] = at as u8;
        }
    }

    /// The rank of the placement in which pattern tile `i` sits in cell `cell_of(i)`.
    ///
    /// Patterns of up to [`COMPARED`] tiles on up to [`COMPARED_CELLS`] cells (every pattern
    /// database of a 15- or 24-puzzle) are ranked from pairwise comparisons of their cells,
    /// unrolled for each size; others through a table of the occupied cells. Both give the same
    /// rank.
    #[inline]
    pub(crate) fn rank(&self, cell_of: impl FnMut(usize) -> u8) -> usize {
        if !self.compared {
            return self.rank_through_table(cell_of);
        }
        match self.tiles {
            1 => self.rank_compared::<1>(cell_of),
            2 => self.rank_compared::<2>(cell_of),
            3 => self.rank_compared::<3>(cell_of),
            4 => self.rank_compared::<4>(cell_of),
            5 => self.rank_compared::<5>(cell_of),
            6 => self.rank_compared::<6>(cell_of),
            7 => self.rank_compared::<7>(cell_of),
            COMPARED => self.rank_compared::<COMPARED>(cell_of),
            _ => self.rank_through_table(cell_of),
        }
    }

    /// [`rank`](Self::rank) for `K` tiles on at most [`COMPARED_CELLS`] cells, from comparisons
    /// alone.
    ///
    /// A tile's Lehmer digit (its position among the occupied cells less the positions taken
    /// by earlier tiles) is the number of *later* tiles in lower cells, and its cell's position
    /// in the subset is the number of *all* tiles in lower cells: both come from the `K (K - 1)
    /// / 2` pairs, with no table to clear and fill and no popcount (which the baseline x86-64
    /// target lacks). The Lehmer weights are constants and the binomials a fixed-size table,
    /// so nothing is bounds-checked: callgrind on the 24-puzzle's 6-tile patterns (#38,
    /// 300,000 expansions), 248 M instructions in ranks against 370 M with the binomials and
    /// weights read from vectors.
    #[inline(always)]
    fn rank_compared<const K: usize>(&self, cell_of: impl FnMut(usize) -> u8) -> usize {
        let cells: [u8; K] = std::array::from_fn(cell_of);
        let mut later_lower = [0u32; K];
        let mut lower = [0u32; K];
        for i in 0..K {
            for j in i + 1..K {
                let below = u32::from(cells[j] < cells[i]);
                later_lower[i] += below;
                lower[i] += below;
                lower[j] += 1 - below;
            }
        }
        let (mut subset, mut arrangement) = (0, 0);
        for i in 0..K {
            let cell = usize::from(cells[i]) % COMPARED_CELLS;
            subset += self.colex[cell][lower[i] as usize % COLEX_ROW] as usize;
            arrangement += later_lower[i] as usize * FACTORIALS[K - 1 - i];
        }
        subset * self.arrangements + arrangement
    }

    /// [`rank`](Self::rank) for any number of tiles, through a table of the occupied cells.
    fn rank_through_table(&self, mut cell_of: impl FnMut(usize) -> u8) -> usize {
        let mut mask = 0u64;
        for i in 0..self.tiles {
            mask |= 1 << cell_of(i);
        }
        // One pass over the occupied cells gives the subset's rank and each cell's position.
        let mut position_of_cell = [0u8; 64];
        let mut subset = 0;
        let mut rest = mask;
        for j in 0..self.tiles {
            let cell = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            subset += self.binomials[cell * (self.tiles + 1) + j + 1];
            position_of_cell[cell] = j as u8;
        }
        let arrangement = self.arrangement_rank(|i| position_of_cell[usize::from(cell_of(i))]);
        subset * self.arrangements + arrangement
    }

    /// The subsets in rank order, as bitmasks.
    pub(crate) fn subset_masks(&self) -> impl Iterator<Item = u64> + '_ {
        let first = if self.tiles == 0 {
            0
        } else {
            u64::MAX >> (64 - self.tiles)
        };
        std::iter::successors(Some(first), |&mask| {
            // Gosper's hack: the next larger integer with the same number of bits set.
            let lowest = mask & mask.wrapping_neg();
            let ripple = mask.wrapping_add(lowest);
            if lowest == 0 || ripple == 0 {
                return None;
            }
            Some((((ripple ^ mask) >> 2) / lowest) | ripple)
        })
        .take(self.subsets)
    }

    /// Writes the cell of each pattern tile of placement `rank` into `cells`; `masks` is
    /// [`subset_masks`](Self::subset_masks) collected. (The searches and scans go subset by
    /// subset instead; this is the tests' oracle.)
    #[cfg(test)]
    pub(crate) fn unrank(&self, rank: usize, masks: &[u64], cells: &mut [u8]) {
        let mask = masks[rank / self.arrangements];
        let mut positions = [0u8; 64];
        self.unrank_arrangement(rank % self.arrangements, &mut positions);
        for (i, cell) in cells.iter_mut().enumerate().take(self.tiles) {
            *cell = nth_bit(mask, positions[i]);
        }
    }
}

/// The index of the `n`th lowest set bit of `mask`.
#[inline]
pub(crate) fn nth_bit(mut mask: u64, n: u8) -> u8 {
    for _ in 0..n {
        mask &= mask - 1;
    }
    mask.trailing_zeros() as u8
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every placement of up to four tiles on up to nine cells, and a stride through larger
    /// ones: the rank equals the table rank, and unranking gives the placement back.
    #[test]
    fn ranks_by_comparison_match_ranks_through_the_table() {
        let mut cases = Vec::new();
        for cells in 1..=9 {
            for tiles in 1..=cells.min(4) {
                cases.push((cells, tiles, 1));
            }
        }
        cases.extend([
            (16, 6, 997),
            (16, 7, 9_973),
            (16, 8, 99_991),
            (25, 6, 99_991),
            // The most cells ranked by comparison, and the first beyond.
            (32, 8, 10_000_019),
            (33, 3, 7),
        ]);
        for (cells, tiles, stride) in cases {
            let index = PlacementIndex::new(cells, tiles).unwrap();
            let masks: Vec<u64> = index.subset_masks().collect();
            let mut placement = vec![0u8; tiles];
            for rank in (0..index.count()).step_by(stride) {
                index.unrank(rank, &masks, &mut placement);
                let compared = index.rank(|i| placement[i]);
                let through_table = index.rank_through_table(|i| placement[i]);
                assert_eq!(
                    (compared, through_table),
                    (rank, rank),
                    "{cells} cells, {tiles} tiles"
                );
            }
        }
    }
}
