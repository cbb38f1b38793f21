//! Building a pattern database: breadth-first search over pattern placements and blank regions.
//!
//! The abstract state is the placement of the pattern tiles plus the *region* of non-pattern
//! cells that holds the blank: inside a region the blank moves for free (those moves slide
//! tiles outside the pattern, which the additive abstraction does not count), so all blank cells
//! of one region are the same state. Moving a pattern tile into the blank costs 1. This is a
//! unit-cost search over (placement, region) states once each region is closed under the free
//! moves, so a layered BFS is exact.
//!
//! Memory is the issue for big patterns (the 15-puzzle's 8-tile pattern has 518,918,400
//! placements). A region is named by its lowest cell, counted among the placement's free cells,
//! so there are `placements * (cells - k)` state slots; each takes 2 bits (unseen, in the layer
//! being expanded, in the next layer, done), and the layer being expanded alternates between two
//! codes so no pass is needed between layers. The result table holds one byte a placement while
//! building and is packed to 4 bits at the end when every value fits.

use super::database::PatternDatabase;
use super::geometry::{goal_positions, normalised_pattern, Geometry};
use super::index::PlacementIndex;
use super::PdbError;

/// How far a build has come; passed to the progress callback of [`PatternDatabase::build`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BuildProgress {
    /// Placements whose value is known.
    pub done: usize,
    /// All placements: the table's entry count.
    pub total: usize,
    /// The breadth-first layer being expanded (the value being assigned is `depth + 1`).
    pub depth: u8,
}

/// How many state expansions pass between two progress callbacks inside a layer.
const PROGRESS_INTERVAL: usize = 1 << 21;
const UNSEEN: u64 = 0;
const LOW_BITS: u64 = 0x5555_5555_5555_5555;

/// The 2-bit state slots.
struct StateCodes {
    words: Vec<u64>,
}

impl StateCodes {
    fn new(slots: usize) -> Result<Self, PdbError> {
        let len = slots.div_ceil(32);
        Ok(Self {
            words: zeroed(len)?,
        })
    }

    #[inline]
    fn get(&self, slot: usize) -> u64 {
        (self.words[slot / 32] >> ((slot % 32) * 2)) & 3
    }

    #[inline]
    fn set(&mut self, slot: usize, code: u64) {
        let word = &mut self.words[slot / 32];
        let shift = (slot % 32) * 2;
        *word = (*word & !(3 << shift)) | (code << shift);
    }
}

fn zeroed<T: Clone + Default>(len: usize) -> Result<Vec<T>, PdbError> {
    let mut vec = Vec::new();
    vec.try_reserve_exact(len)
        .map_err(|_| PdbError::OutOfMemory {
            bytes: len.saturating_mul(std::mem::size_of::<T>()),
        })?;
    vec.resize(len, T::default());
    Ok(vec)
}

impl PatternDatabase {
    /// Builds the exact additive pattern database of `pattern` for a `width` x `height` board.
    ///
    /// Returns the table of, for every placement of the pattern tiles, the fewest moves of
    /// pattern tiles that solve them, counting moves of all other tiles as free and minimising
    /// over where the blank may be. `progress` is called after every layer and every two million
    /// expanded states. Placements that no move sequence reaches (only possible when the pattern
    /// cannot be moved freely, as on a 1 x n board) get 0, which keeps the value admissible.
    ///
    /// - `goal`: the tile at each cell, row-major, 0 = blank; a permutation of `0..width*height`.
    /// - `pattern`: the tile numbers of the pattern, any order, neither 0 nor repeated.
    ///
    /// Time and memory grow with `cells! / (cells - k)!`: 2 bits per placement and free cell
    /// plus one byte per placement while building.
    ///
    /// ```
    /// use puzzles::pdb::PatternDatabase;
    ///
    /// // A 2x2 board, goal `0 1 / 2 3`, pattern {1}.
    /// let pdb = PatternDatabase::build(2, 2, &[0, 1, 2, 3], &[1], |_| {}).unwrap();
    /// let mut positions = [0u8, 1, 2, 3]; // positions[tile] = cell
    /// assert_eq!(pdb.lookup(&positions), 0);
    /// positions[1] = 2; // tile 1 diagonally opposite its goal cell: two moves of tile 1
    /// assert_eq!(pdb.lookup(&positions), 2);
    /// positions[1] = 3; // below its goal cell: one move, the other tiles make way for free
    /// assert_eq!(pdb.lookup(&positions), 1);
    /// assert_eq!(pdb.entries(), 4);
    /// ```
    pub fn build(
        width: usize,
        height: usize,
        goal: &[u8],
        pattern: &[u8],
        mut progress: impl FnMut(BuildProgress),
    ) -> Result<Self, PdbError> {
        let geometry = Geometry::new(width, height)?;
        let goal_cells = goal_positions(goal, geometry.cells)?;
        let pattern = normalised_pattern(pattern, geometry.cells)?;
        let tiles = pattern.len();
        let index = PlacementIndex::new(geometry.cells, tiles)?;
        let free_cells = geometry.cells - tiles;
        let total = index.count();
        let slots = total.checked_mul(free_cells).ok_or(PdbError::TooLarge {
            placements: total as u128,
        })?;
        let mut codes = StateCodes::new(slots)?;
        let mut values: Vec<u8> = zeroed(total)?;
        values.fill(u8::MAX);

        let mut cells = [0u8; 64];
        for (i, &tile) in pattern.iter().enumerate() {
            cells[i] = goal_cells[usize::from(tile)];
        }
        let cells = &mut cells[..tiles];
        let occupied = cells.iter().fold(0u64, |mask, &cell| mask | 1 << cell);
        let free = geometry.full & !occupied;
        let region = geometry.flood(1 << goal_cells[0], free);
        let start = index.rank(|i| cells[i]);
        codes.set(start * free_cells + region_ordinal(region, free), 1);
        values[start] = 0;

        let mut done = 1;
        let mut depth: u8 = 0;
        let mut expanded = 0usize;
        loop {
            progress(BuildProgress { done, total, depth });
            let current = 1 + u64::from(depth % 2);
            let next = 3 - current;
            // 255 marks an unvalued placement, so values stop at 254.
            let next_value = depth + 1;
            if next_value == u8::MAX {
                return Err(PdbError::TooLarge {
                    placements: total as u128,
                });
            }
            let pattern_word = current * LOW_BITS;
            let mut any = false;
            let mut cached_rank = usize::MAX;
            for word_index in 0..codes.words.len() {
                let difference = codes.words[word_index] ^ pattern_word;
                let mut matches = !(difference | (difference >> 1)) & LOW_BITS;
                if matches == 0 {
                    continue;
                }
                any = true;
                codes.words[word_index] |= matches | (matches << 1);
                while matches != 0 {
                    let slot = word_index * 32 + matches.trailing_zeros() as usize / 2;
                    matches &= matches - 1;
                    let rank = slot / free_cells;
                    if rank != cached_rank {
                        index.unrank(rank, cells);
                        cached_rank = rank;
                    }
                    expand(
                        &geometry,
                        &index,
                        cells,
                        slot % free_cells,
                        |successor, ordinal| {
                            let successor_slot = successor * free_cells + ordinal;
                            if codes.get(successor_slot) == UNSEEN {
                                codes.set(successor_slot, next);
                                if values[successor] == u8::MAX {
                                    values[successor] = next_value;
                                    done += 1;
                                }
                            }
                        },
                    );
                    expanded += 1;
                    if expanded % PROGRESS_INTERVAL == 0 {
                        progress(BuildProgress { done, total, depth });
                    }
                }
            }
            if !any {
                break;
            }
            depth = next_value;
        }
        drop(codes);
        Ok(Self::from_values(
            width,
            height,
            goal.to_vec(),
            pattern,
            index,
            values,
        ))
    }

    /// Packs the build's byte-per-placement values, mapping never-reached placements to 0.
    fn from_values(
        width: usize,
        height: usize,
        goal: Vec<u8>,
        pattern: Vec<u8>,
        index: PlacementIndex,
        mut values: Vec<u8>,
    ) -> Self {
        for value in &mut values {
            if *value == u8::MAX {
                *value = 0;
            }
        }
        let max = values.iter().copied().max().unwrap_or(0);
        let (entry_bits, table) = if max < 16 {
            let packed = values
                .chunks(2)
                .map(|pair| pair[0] | pair.get(1).map_or(0, |high| high << 4))
                .collect();
            (4, packed)
        } else {
            (8, values)
        };
        Self {
            width,
            height,
            goal,
            pattern,
            index,
            entry_bits,
            table,
        }
    }
}

/// The position of `region`'s lowest cell among the free cells: the region's slot number.
#[inline]
fn region_ordinal(region: u64, free: u64) -> usize {
    let lowest = region.trailing_zeros();
    (free & ((1u64 << lowest) - 1)).count_ones() as usize
}

/// Calls `visit(rank, region ordinal)` for every state one pattern-tile move away from the
/// placement `cells` with the blank in the region of free-cell number `ordinal`.
#[inline]
fn expand(
    geometry: &Geometry,
    index: &PlacementIndex,
    cells: &mut [u8],
    ordinal: usize,
    mut visit: impl FnMut(usize, usize),
) {
    let occupied = cells.iter().fold(0u64, |mask, &cell| mask | 1 << cell);
    let free = geometry.full & !occupied;
    let mut seed = free;
    for _ in 0..ordinal {
        seed &= seed - 1;
    }
    let region = geometry.flood(seed & seed.wrapping_neg(), free);
    for i in 0..cells.len() {
        let from = cells[i];
        let mut targets = geometry.neighbours(1 << from) & region;
        while targets != 0 {
            let to = targets.trailing_zeros() as u8;
            targets &= targets - 1;
            let moved_free = (free & !(1u64 << to)) | 1 << from;
            let moved_region = geometry.flood(1 << from, moved_free);
            cells[i] = to;
            let rank = index.rank(|j| cells[j]);
            cells[i] = from;
            visit(rank, region_ordinal(moved_region, moved_free));
        }
    }
}
