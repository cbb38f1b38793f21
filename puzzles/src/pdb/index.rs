//! A perfect index of pattern placements: the k-permutation of cells, ranked in mixed radix.
//!
//! Tile `i` of the pattern sits in one of the `cells - i` cells its predecessors left free; its
//! digit is the cell's rank among those free cells. The rank is `sum digit_i * factor_i` with
//! `factor_i = (cells - i - 1) (cells - i - 2) ... (cells - k + 1)`, so ranking is one popcount and
//! one multiply-add per tile from a precomputed factor table, with no allocation.

use super::PdbError;

/// Ranks and unranks placements of `k` distinguished tiles on `cells` cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct PlacementIndex {
    factors: Vec<usize>,
    count: usize,
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
        let mut factors = vec![1usize; tiles];
        for i in (0..tiles.saturating_sub(1)).rev() {
            factors[i] = factors[i + 1] * (cells - i - 1);
        }
        Ok(Self { factors, count })
    }

    /// The number of placements, which is the table's entry count.
    pub(crate) fn count(&self) -> usize {
        self.count
    }

    /// The rank of the placement in which pattern tile `i` sits in cell `cell_of(i)`.
    #[inline]
    pub(crate) fn rank(&self, mut cell_of: impl FnMut(usize) -> u8) -> usize {
        let mut used = 0u64;
        let mut rank = 0;
        for (i, &factor) in self.factors.iter().enumerate() {
            let cell = cell_of(i);
            let below = (used & ((1u64 << cell) - 1)).count_ones() as usize;
            rank += (usize::from(cell) - below) * factor;
            used |= 1 << cell;
        }
        rank
    }

    /// Writes the cell of each pattern tile of placement `rank` into `cells`.
    pub(crate) fn unrank(&self, mut rank: usize, cells: &mut [u8]) {
        let mut used = 0u64;
        for (i, &factor) in self.factors.iter().enumerate() {
            let mut digit = rank / factor;
            rank %= factor;
            let mut free = !used;
            while digit > 0 {
                free &= free - 1;
                digit -= 1;
            }
            let cell = free.trailing_zeros();
            used |= 1 << cell;
            cells[i] = cell as u8;
        }
    }
}
