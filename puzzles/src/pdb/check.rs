//! A quick look at a loaded table's entries: do they behave like distances?
//!
//! A checksum proves that a table is the one its header describes, not that it was ever a table
//! of distances: random bytes with a recomputed checksum pass it, and overestimate, so IDA*
//! returns longer paths than the optimum (57 moves for a 47-move board). Every table this
//! module writes satisfies the conditions below, so a table that breaks one is refused.
//!
//! Let `v(p)` be the value of placement `p` (its Manhattan distance plus twice its entry) and
//! call two placements neighbours when one pattern tile moves to an adjacent cell no pattern
//! tile holds: the moves that the building search counts, at cost 1. Then:
//!
//! 1. The goal placement's entry is 0 (its value is 0 under both abstractions).
//! 2. A placement with a non-zero entry was reached by the search (an unreached one keeps its
//!    Manhattan distance, entry 0), and its value is the length of a shortest abstract path
//!    whose first move leads to a neighbour one move closer: **some neighbour's value is less**
//!    (by exactly one, since values have the parity of the Manhattan distance). This holds for
//!    [`Abstraction::BlankRegions`] too, whose value is the minimum over the blank's regions:
//!    the region that gives the minimum starts such a path.
//! 3. Under [`Abstraction::FreeBlank`], values are exact distances in an undirected graph:
//!    **neighbours' values differ by at most one**. Blank regions have no such bound (one move
//!    can change the best region, which is why they are not consistent), so it is checked only
//!    there.
//!
//! Random entries break condition 2 at a placement whose value is below all its neighbours'
//! (by the estimate of a few in a hundred) and condition 3 almost everywhere, so [`SAMPLES`]
//! placements chosen at random find them (`random_tables_fail` checks twenty seeds of each
//! kind). They and their neighbours are a few tens of thousands of entries, against the 518
//! million of the 15-puzzle's 8-tile pattern that a checksum reads, so the check runs on every
//! load.

use super::PdbError;
use super::abstraction::Abstraction;
use super::database::PatternDatabase;
use super::geometry::Geometry;
use super::index::nth_bit;

/// How many placements (with all their neighbours) [`PatternDatabase::spot_check`] looks at;
/// tables with fewer are checked whole.
pub(crate) const SAMPLES: usize = 512;

/// The table size from which [`PatternDatabase::spot_check`] checks half its placements on a
/// second thread.
///
/// Why: the placements and their neighbours land all over the table, so in a table mapped
/// from its file nearly every one is a page fault, and in the 15-puzzle's 8-tile table (250
/// MB) they are about 4,000 of them, which map nearly the whole table: most of the 20-40 ms a
/// load took. A batch loads its databases before any job can search, one job at a time, so
/// the other core would otherwise idle meanwhile.
const SPLIT_CHECK_BYTES: usize = 64 << 20;

impl PatternDatabase {
    /// Checks the goal's entry and [`SAMPLES`] placements (chosen by `seed`) against the
    /// conditions in the module docs; [`PdbError::Inconsistent`] names the first placement
    /// that breaks one.
    pub(crate) fn spot_check(&self, goal_cells: &[u8], seed: u64) -> Result<(), PdbError> {
        let goal_of_pattern: Vec<u8> = (self.pattern.iter())
            .map(|&tile| goal_cells[usize::from(tile)])
            .collect();
        let goal_rank = self.index.rank(|i| goal_of_pattern[i]);
        if self.entry(goal_rank) != 0 {
            return Err(PdbError::Inconsistent { rank: goal_rank });
        }
        let count = self.index.count();
        let mut ranks: Vec<usize> = if count <= SAMPLES {
            (0..count).collect()
        } else {
            let mut state = seed | 1;
            (0..SAMPLES)
                .map(|_| {
                    // xorshift64: reproducible for a given table, and cheap.
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    (state % count as u64) as usize
                })
                .collect()
        };
        ranks.sort_unstable();
        if self.table.len() < SPLIT_CHECK_BYTES {
            return self.check_ranks(ranks);
        }
        // Half the placements on a thread of its own: see `SPLIT_CHECK_BYTES`. The first
        // half's error comes first, as it would from one thread.
        let (first, second) = ranks.split_at(ranks.len() / 2);
        std::thread::scope(|scope| {
            let helper = std::thread::Builder::new()
                .spawn_scoped(scope, || self.check_ranks(second.iter().copied()))
                .ok();
            let checked = self.check_ranks(first.iter().copied());
            let rest = match helper {
                Some(helper) => helper
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
                // No thread to be had: the rest here, as it was.
                None => self.check_ranks(second.iter().copied()),
            };
            checked.and(rest)
        })
    }

    /// Conditions 2 and 3 of the module docs at each placement of `ranks`, in increasing order.
    fn check_ranks(&self, ranks: impl IntoIterator<Item = usize>) -> Result<(), PdbError> {
        let geometry = Geometry::new(self.width, self.height)?;
        let arrangements = self.index.arrangements();
        let mut masks = self.index.subset_masks().enumerate();
        let mut subset = (usize::MAX, 0u64);
        let mut positions = [0u8; 64];
        let mut cells = [0u8; 64];
        for rank in ranks {
            // The ranks are sorted, so one walk through the subsets finds every sample's.
            while subset.0 != rank / arrangements {
                subset = masks.next().ok_or(PdbError::CorruptHeader)?;
            }
            let mask = subset.1;
            self.index
                .unrank_arrangement(rank % arrangements, &mut positions);
            let tiles = self.pattern.len();
            for (cell, &position) in cells.iter_mut().zip(&positions[..tiles]) {
                *cell = nth_bit(mask, position);
            }
            self.check_placement(&geometry, rank, mask, &mut cells[..tiles])?;
        }
        Ok(())
    }

    /// Conditions 2 and 3 of the module docs for the placement `rank`, whose tiles are on
    /// `cells` (the subset `mask`).
    fn check_placement(
        &self,
        geometry: &Geometry,
        rank: usize,
        mask: u64,
        cells: &mut [u8],
    ) -> Result<(), PdbError> {
        let value = |cells: &[u8]| -> u32 {
            let manhattan: u32 = (cells.iter().enumerate())
                .map(|(i, &cell)| u32::from(self.manhattan[i * geometry.cells + usize::from(cell)]))
                .sum();
            manhattan + 2 * u32::from(self.entry(self.index.rank(|i| cells[i])))
        };
        let here = value(cells);
        let mut least_neighbour = u32::MAX;
        for i in 0..cells.len() {
            let from = cells[i];
            let mut free = geometry.neighbours(1 << from) & !mask;
            while free != 0 {
                cells[i] = free.trailing_zeros() as u8;
                free &= free - 1;
                let there = value(cells);
                if self.abstraction == Abstraction::FreeBlank && here.abs_diff(there) > 1 {
                    return Err(PdbError::Inconsistent { rank });
                }
                least_neighbour = least_neighbour.min(there);
            }
            cells[i] = from;
        }
        if self.entry(rank) != 0 && least_neighbour >= here {
            return Err(PdbError::Inconsistent { rank });
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pdb::BuildOptions;

    /// Every table the builds make passes the check at every placement, whatever the board
    /// (unreached placements on one row, half the placements of a full pattern), the
    /// abstraction, the entry width or the search (in memory or through files, with mirror
    /// images filled in).
    #[test]
    fn built_tables_pass_at_every_placement() {
        let cases: [(usize, usize, &[u8]); 8] = [
            (3, 3, &[1, 2, 3, 4]),
            (3, 3, &[1, 2, 3, 4, 5, 6, 7, 8]),
            (1, 4, &[1, 3]),
            (2, 2, &[1, 2, 3]),
            (2, 3, &[2, 5]),
            (4, 4, &[1, 2, 3, 4]),
            (2, 5, &[1, 2, 3, 4, 5, 6, 7, 8, 9]),
            (3, 4, &[3, 7, 11]),
        ];
        let directory = tempfile::tempdir().unwrap();
        let mut widths = Vec::new();
        for (width, height, pattern) in cases {
            let goal: Vec<u8> = (0..(width * height) as u8).collect();
            for abstraction in [Abstraction::BlankRegions, Abstraction::FreeBlank] {
                for budget in [usize::MAX, 0] {
                    let options = (BuildOptions::new().abstraction(abstraction))
                        .memory_budget(budget)
                        .temp_dir(directory.path());
                    let build = PatternDatabase::build_with_options;
                    let pdb = build(width, height, &goal, pattern, &options, |_| {}).unwrap();
                    let case = format!("{width}x{height} {pattern:?} {abstraction} {budget}");
                    pdb.spot_check(&goal, 7).expect(&case);
                    // Every placement, where that takes less than a second.
                    if pdb.entries() < 1 << 20 {
                        pdb.check_ranks(0..pdb.entries()).expect(&case);
                    }
                    widths.push(pdb.entry_bits());
                }
            }
        }
        assert!(widths.contains(&4) && widths.contains(&8), "{widths:?}");
    }

    /// Random entries, of either width, fail the sampled check under either abstraction.
    #[test]
    fn random_tables_fail() {
        let goal: Vec<u8> = (0..16).collect();
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        for abstraction in [Abstraction::BlankRegions, Abstraction::FreeBlank] {
            let options = BuildOptions::new().abstraction(abstraction);
            let built = PatternDatabase::build_with_options;
            for pattern in [&[1u8, 2, 3, 4, 5][..], &[4, 8, 12, 13, 14, 15]] {
                let pdb = built(4, 4, &goal, pattern, &options, |_| {}).unwrap();
                for entry_bits in [4, 8] {
                    let mut random = pdb.clone();
                    random.entry_bits = entry_bits;
                    let len = random.entries().div_ceil(usize::from(8 / entry_bits));
                    let mut bytes: Vec<u8> = (0..len)
                        .map(|_| {
                            state ^= state << 13;
                            state ^= state >> 7;
                            state ^= state << 17;
                            state as u8
                        })
                        .collect();
                    // The goal's entry right, so that the neighbours' conditions are tested.
                    let goal_rank = pdb.index.rank(|i| pdb.pattern[i]);
                    if entry_bits == 8 {
                        bytes[goal_rank] = 0;
                    } else {
                        bytes[goal_rank / 2] &= if goal_rank % 2 == 0 { 0xf0 } else { 0x0f };
                    }
                    random.table = bytes.into();
                    for seed in 1..=20 {
                        let checked = random.spot_check(&goal, seed);
                        assert!(
                            matches!(checked, Err(PdbError::Inconsistent { .. })),
                            "{pattern:?} {abstraction} {entry_bits} bits, seed {seed}"
                        );
                    }
                }
            }
        }
    }
}
