//! Building a pattern database: breadth-first search over pattern placements and blank regions.
//!
//! The abstract state is the placement of the pattern tiles plus the *region* of non-pattern
//! cells that holds the blank: inside a region the blank moves for free (those moves slide
//! tiles outside the pattern, which the additive abstraction does not count), so all blank cells
//! of one region are the same state. Moving a pattern tile into the blank costs 1. This is a
//! unit-cost search over (placement, region) states once each region is closed under the free
//! moves, so a layered BFS is exact.
//!
//! [`Abstraction::FreeBlank`] is the same search with every subset's free cells taken as one
//! region, whether or not they are connected: a pattern tile may then move into any free
//! neighbour, which is exactly the abstraction without the blank.
//!
//! Memory is the issue for big patterns: the 15-puzzle's 8-tile pattern has 518,918,400
//! placements and 1,425,191,040 (placement, region) states, because the 12,870 cell subsets it
//! can occupy leave 35,347 free regions between them (2.75 a subset). Three choices keep memory
//! and time down:
//!
//! - States are numbered subset by subset ([`PlacementIndex`]): a subset's regions are known
//!   once for all its `k!` arrangements, so a state costs exactly one slot (no slots for
//!   free cells that are not the lowest of a region) and no flood fill per state; and a move
//!   leads into one of a handful of neighbouring subsets, so the memory a subset's expansion
//!   touches stays in cache.
//! - Each state slot takes 2 bits (unseen, in the layer being expanded, in the next layer,
//!   done); the layer being expanded alternates between two codes so no pass is needed between
//!   layers.
//! - The result table is written at 4 bits an entry from the start, as the excess over the
//!   pattern's Manhattan distance halved (see [`PatternDatabase`]); if some entry does not fit,
//!   the build starts again with a byte an entry.
//!
//! That is still 2 bits a state plus the table at the same time (625 MB at the peak for the
//! 8-tile pattern), so a build that would need more than its [`BuildOptions::memory_budget`]
//! runs the same search with one bit a state and its layers in temporary files instead
//! (`external.rs`), and allocates the table only once the search is over.
//!
//! Each layer is split over the available cores in chunks of subsets. Slots and entries are
//! only ever changed from "unseen" to a fixed value by atomic `or`/`and`, so two workers that
//! reach the same state in the same layer write the same bits and the result does not depend on
//! the schedule.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, AtomicUsize, Ordering::Relaxed};
use std::sync::OnceLock;

use super::database::{manhattan_table, PatternDatabase};
use super::direct::Derived;
use super::geometry::{goal_positions, normalised_pattern, Geometry};
use super::index::PlacementIndex;
use super::slot_cursor::SlotCursor;
use super::symmetry::Symmetry;
use super::{Abstraction, PdbError};
use search_core::Limits;

/// How far a build has come; passed to the progress callback of [`PatternDatabase::build`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BuildProgress {
    /// Placements whose value is known.
    pub done: usize,
    /// All placements: the table's entry count.
    pub total: usize,
    /// The breadth-first layer just completed (values up to `depth + 1` are assigned).
    pub depth: u8,
}

const LOW_BITS: u64 = 0x5555_5555_5555_5555;

/// One move of a pattern tile into the blank's region, as seen from a cell subset.
#[derive(Clone, Copy, Debug)]
pub(super) struct Move {
    pub(super) target_subset: u32,
    /// Position (among the occupied cells) of the moving tile before the move.
    pub(super) from_position: u8,
    /// Its position among the target subset's cells after the move.
    pub(super) to_position: u8,
    /// The move's row of [`Plan::moved_table`] ([`PlacementIndex::position_pair`]). A byte,
    /// so that a move stays 12 bytes (the 8-tile build holds about a million of them).
    pub(super) position_pair: u8,
    pub(super) from_cell: u8,
    pub(super) to_cell: u8,
    /// The region of the source subset that must hold the blank.
    /// The region of the target subset that holds the blank afterwards (it contains
    /// `from_cell`).
    pub(super) target_region: u8,
}

// The 8-tile build's peak memory (target: under 300 MB) counts every byte of its moves.
const _: () = assert!(std::mem::size_of::<Move>() == 12);

/// Everything about the cell subsets that the search needs, computed once.
pub(super) struct Layout {
    pub(super) masks: Vec<u64>,
    pub(super) regions: Vec<u8>,
    /// `first_slot[s]`: the slot of subset `s`'s first state; `k! * regions` slots each.
    pub(super) first_slot: Vec<usize>,
    /// Regions are numbered across subsets: subset `s`'s region `r` is number
    /// `first_slot[s] / k! + r`, and region `n`'s moves are `moves[first_move[n]..first_move[n + 1]]`.
    pub(super) first_move: Vec<usize>,
    pub(super) moves: Vec<Move>,
}

pub(super) fn zeroed<T: Clone + Default>(len: usize) -> Result<Vec<T>, PdbError> {
    let mut vec = Vec::new();
    vec.try_reserve_exact(len)
        .map_err(|_| PdbError::OutOfMemory {
            bytes: len.saturating_mul(std::mem::size_of::<T>()),
        })?;
    vec.resize(len, T::default());
    Ok(vec)
}

pub(super) fn atomics<T>(len: usize, make: impl Fn() -> T) -> Result<Vec<T>, PdbError> {
    atomics_with(len, make, false)
}

/// [`atomics`] for the searches' state arrays, which are read at random and freed with the
/// search: on 2 MiB pages where the system allows, since with 4 KiB pages almost every read
/// of a few hundred megabytes at random misses the TLB. (Not for what outlives the build.)
pub(super) fn state_atomics<T>(len: usize, make: impl Fn() -> T) -> Result<Vec<T>, PdbError> {
    atomics_with(len, make, true)
}

fn atomics_with<T>(len: usize, make: impl Fn() -> T, huge: bool) -> Result<Vec<T>, PdbError> {
    let mut vec = Vec::new();
    vec.try_reserve_exact(len)
        .map_err(|_| PdbError::OutOfMemory {
            bytes: len.saturating_mul(std::mem::size_of::<T>()),
        })?;
    if huge {
        advise_huge_pages(&mut vec);
    }
    vec.extend((0..len).map(|_| make()));
    Ok(vec)
}

/// Asks Linux to back the allocation of `vec` with 2 MiB pages where it can.
#[cfg(target_os = "linux")]
fn advise_huge_pages<T>(vec: &mut Vec<T>) {
    extern "C" {
        fn madvise(
            addr: *mut std::ffi::c_void,
            len: usize,
            advice: std::ffi::c_int,
        ) -> std::ffi::c_int;
    }
    const MADV_HUGEPAGE: std::ffi::c_int = 14;
    const HUGE_PAGE: usize = 2 << 20;
    let start = vec.as_mut_ptr() as usize;
    let end = start + vec.capacity() * std::mem::size_of::<T>();
    let (first, last) = (start.next_multiple_of(HUGE_PAGE), end & !(HUGE_PAGE - 1));
    if first < last {
        // SAFETY: the range lies inside the vector's allocation, which this process owns
        // and nothing else maps; MADV_HUGEPAGE only changes how the kernel backs those pages,
        // not their contents or validity, and a failure (an old kernel, transparent huge pages
        // disabled) leaves them as they were, so the result is ignored.
        unsafe {
            madvise(first as *mut std::ffi::c_void, last - first, MADV_HUGEPAGE);
        }
    }
}

#[cfg(not(target_os = "linux"))]
fn advise_huge_pages<T>(_vec: &mut Vec<T>) {}

/// The regions of the free cells, ordered by their lowest cell: the connected ones for
/// [`Abstraction::BlankRegions`], all free cells as one for [`Abstraction::FreeBlank`].
pub(super) fn regions_of(
    geometry: &Geometry,
    abstraction: Abstraction,
    free: u64,
    out: &mut Vec<u64>,
) {
    out.clear();
    if abstraction == Abstraction::FreeBlank {
        // The pattern never covers the blank's goal cell, so `free` is never empty.
        out.push(free);
        return;
    }
    let mut left = free;
    while left != 0 {
        let region = geometry.flood(left & left.wrapping_neg(), free);
        out.push(region);
        left &= !region;
    }
}

impl Layout {
    pub(super) fn new(
        geometry: &Geometry,
        index: &PlacementIndex,
        abstraction: Abstraction,
    ) -> Result<Self, PdbError> {
        let subsets = index.subsets();
        let too_large = || PdbError::TooLarge {
            placements: index.count() as u128,
        };
        let mut masks: Vec<u64> = zeroed(subsets)?;
        for (slot, mask) in masks.iter_mut().zip(index.subset_masks()) {
            *slot = mask;
        }
        let mut regions: Vec<u8> = zeroed(subsets)?;
        let mut first_slot: Vec<usize> = zeroed(subsets + 1)?;
        let mut first_move: Vec<usize> = vec![0];
        let mut moves = Vec::new();
        let (mut own, mut target) = (Vec::new(), Vec::new());
        for s in 0..subsets {
            let mask = masks[s];
            let free = geometry.full & !mask;
            regions_of(geometry, abstraction, free, &mut own);
            regions[s] = own.len() as u8;
            first_slot[s + 1] = own
                .len()
                .checked_mul(index.arrangements())
                .and_then(|n| n.checked_add(first_slot[s]))
                .ok_or_else(too_large)?;
            for &region in &own {
                let mut tiles = geometry.neighbours(region) & mask;
                while tiles != 0 {
                    let from = tiles.trailing_zeros() as u8;
                    tiles &= tiles - 1;
                    let mut targets = geometry.neighbours(1 << from) & region;
                    while targets != 0 {
                        let to = targets.trailing_zeros() as u8;
                        targets &= targets - 1;
                        let moved = (mask & !(1u64 << from)) | 1 << to;
                        regions_of(geometry, abstraction, geometry.full & !moved, &mut target);
                        let target_region = target
                            .iter()
                            .position(|&r| r & (1 << from) != 0)
                            .expect("the vacated cell is free after the move");
                        moves.try_reserve(1).map_err(|_| PdbError::OutOfMemory {
                            bytes: moves.len() * std::mem::size_of::<Move>(),
                        })?;
                        let from_position = (mask & ((1u64 << from) - 1)).count_ones() as u8;
                        let to_position = (moved & ((1u64 << to) - 1)).count_ones() as u8;
                        moves.push(Move {
                            target_subset: u32::try_from(index.subset_rank(moved))
                                .map_err(|_| too_large())?,
                            from_position,
                            to_position,
                            position_pair: index.position_pair(from_position, to_position),
                            from_cell: from,
                            to_cell: to,
                            target_region: target_region as u8,
                        });
                    }
                }
                first_move
                    .try_reserve(1)
                    .map_err(|_| PdbError::OutOfMemory {
                        bytes: first_move.len() * std::mem::size_of::<usize>(),
                    })?;
                first_move.push(moves.len());
            }
        }
        Ok(Self {
            masks,
            regions,
            first_slot,
            first_move,
            moves,
        })
    }

    pub(super) fn slots(&self) -> usize {
        self.first_slot[self.masks.len()]
    }
}

/// The result table while it is being filled: entries start at all ones ("unseen").
struct Values {
    bytes: Vec<AtomicU8>,
    entry_bits: u8,
}

impl Values {
    fn new(entries: usize, entry_bits: u8) -> Result<Self, PdbError> {
        let len = if entry_bits == 4 {
            entries.div_ceil(2)
        } else {
            entries
        };
        Ok(Self {
            bytes: atomics(len, || AtomicU8::new(u8::MAX))?,
            entry_bits,
        })
    }

    fn unseen(&self) -> u8 {
        if self.entry_bits == 4 {
            0x0f
        } else {
            u8::MAX
        }
    }

    /// Sets entry `rank` to `entry` if it is unseen; true if this call did it.
    #[inline]
    fn claim(&self, rank: usize, entry: u8) -> bool {
        let (byte, shift, full) = if self.entry_bits == 4 {
            (&self.bytes[rank >> 1], (rank & 1) * 4, 0x0f)
        } else {
            (&self.bytes[rank], 0, u8::MAX)
        };
        if (byte.load(Relaxed) >> shift) & full != full {
            return false;
        }
        let keep = !((full ^ entry) << shift);
        (byte.fetch_and(keep, Relaxed) >> shift) & full == full
    }

    /// The finished table, with never-reached placements mapped to 0 (the Manhattan distance).
    fn finish(self) -> Vec<u8> {
        let unseen = self.unseen();
        self.bytes
            .into_iter()
            .map(|byte| {
                let byte = byte.into_inner();
                if self.entry_bits == 8 {
                    if byte == unseen {
                        0
                    } else {
                        byte
                    }
                } else {
                    let low = if byte & 0x0f == unseen {
                        0
                    } else {
                        byte & 0x0f
                    };
                    let high = if byte >> 4 == unseen { 0 } else { byte >> 4 };
                    low | high << 4
                }
            })
            .collect()
    }
}

/// The in-memory search's state arrays, over one pattern's plan.
struct Search<'p, 'a> {
    plan: &'p Plan<'a>,
    codes: Vec<AtomicU64>,
    values: Values,
    overflow: AtomicBool,
}

impl Search<'_, '_> {
    /// Expands the subsets `subsets` of the layer at `depth`: every slot holding code
    /// `current` becomes done, and its unseen successors get `next`. Returns whether any slot
    /// was expanded and how many placements got their value.
    fn expand_chunk(&self, subsets: std::ops::Range<usize>, depth: u8) -> (bool, usize) {
        let current = 1 + u64::from(depth % 2);
        let next = 3 - current;
        let pattern_word = current * LOW_BITS;
        let plan = self.plan;
        let layout = plan.layout;
        let (start, end) = (
            layout.first_slot[subsets.start],
            layout.first_slot[subsets.end],
        );
        let (mut any, mut done) = (false, 0);
        let mut cursor = SlotCursor::new(plan, subsets.start);
        // In locals, so that the atomic stores below do not make the compiler reload them.
        let (manhattan, cells) = (plan.manhattan, plan.cells);
        let arrangements = plan.index.arrangements();
        for word_index in start / 32..end.div_ceil(32) {
            let word = self.codes[word_index].load(Relaxed);
            let difference = word ^ pattern_word;
            let mut matches = !(difference | (difference >> 1)) & LOW_BITS;
            // Slots of the neighbouring chunks that share the boundary words are theirs.
            let first = word_index * 32;
            if first < start {
                matches &= u64::MAX << ((start - first) * 2);
            }
            if first + 32 > end {
                matches &= u64::MAX >> ((first + 32 - end) * 2);
            }
            if matches == 0 {
                continue;
            }
            any = true;
            self.codes[word_index].fetch_or(matches | (matches << 1), Relaxed);
            while matches != 0 {
                let slot = first + matches.trailing_zeros() as usize / 2;
                matches &= matches - 1;
                let here = cursor.seek(slot);
                let region_number = layout.first_slot[here.subset] / arrangements + here.region;
                let moves = &layout.moves
                    [layout.first_move[region_number]..layout.first_move[region_number + 1]];
                for m in moves {
                    let tile = cursor.moving_tile(m);
                    let arrangement = cursor.moved_arrangement(m);
                    let target = m.target_subset as usize;
                    let target_slot = layout.first_slot[target]
                        + arrangement * usize::from(layout.regions[target])
                        + usize::from(m.target_region);
                    let word = &self.codes[target_slot / 32];
                    let shift = (target_slot % 32) * 2;
                    if (word.load(Relaxed) >> shift) & 3 != 0 {
                        continue;
                    }
                    word.fetch_or(next << shift, Relaxed);
                    let row = tile * cells;
                    let moved_manhattan = cursor.manhattan()
                        + u32::from(manhattan[row + usize::from(m.to_cell)])
                        - u32::from(manhattan[row + usize::from(m.from_cell)]);
                    // Every move changes the distance and the Manhattan distance by one each,
                    // so their difference is even and never negative.
                    let excess = (u32::from(depth) + 1 - moved_manhattan) / 2;
                    if excess >= u32::from(self.values.unseen()) {
                        self.overflow.store(true, Relaxed);
                        continue;
                    }
                    let rank = target * arrangements + arrangement;
                    if self.values.claim(rank, excess as u8) {
                        done += 1;
                    }
                }
            }
        }
        (any, done)
    }
}

/// The positions (a byte per tile, at most 8 tiles) after the tile at position `from` moves to
/// a cell that ranks `to` among the new subset's cells: the others keep their order, so each
/// drops by one if it was above `from` and rises by one if it is then at or above `to`.
#[inline]
fn shift_positions(packed: u64, from: u8, to: u8, tile: usize) -> u64 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    // Positions are below 8, so setting each byte's high bit and subtracting never borrows
    // across bytes; the high bit then says whether the byte was at least the subtrahend.
    let above = (((packed | HIGH) - ONES * (u64::from(from) + 1)) & HIGH) >> 7;
    let dropped = packed - above;
    let at_or_above = (((dropped | HIGH) - ONES * u64::from(to)) & HIGH) >> 7;
    let shifted = dropped + at_or_above;
    (shifted & !(0xff << (8 * tile))) | u64::from(to) << (8 * tile)
}

/// How a build may use memory and disk, and when it must stop; the default suits any pattern
/// this module can build and never stops early.
///
/// A build whose in-memory search (2 bits per (placement, blank region) state plus the
/// 4-bit table) would need more than the [memory budget](Self::memory_budget) keeps one bit per
/// state in memory and its breadth-first layers in temporary files instead (see
/// [`PatternDatabase::build_with_options`]). Both searches give the same table.
///
/// ```
/// use puzzles::pdb::{Abstraction, BuildOptions, PatternDatabase};
///
/// let goal = [0, 1, 2, 3, 4, 5, 6, 7, 8];
/// let in_memory = PatternDatabase::build(3, 3, &goal, &[1, 2, 3], |_| {}).unwrap();
/// // A zero budget sends even this small build through temporary files.
/// let options = BuildOptions::new()
///     .abstraction(Abstraction::BlankRegions)
///     .memory_budget(0)
///     .temp_dir(std::env::temp_dir());
/// let on_disk =
///     PatternDatabase::build_with_options(3, 3, &goal, &[1, 2, 3], &options, |_| {}).unwrap();
/// assert!(on_disk == in_memory);
/// ```
#[derive(Clone, Debug)]
pub struct BuildOptions {
    pub(super) abstraction: Abstraction,
    memory_budget: usize,
    temp_dir: Option<PathBuf>,
    limits: Limits,
}

/// The default [`BuildOptions::memory_budget`]: the 15-puzzle's 7-tile pattern (about 60 MB)
/// builds in memory, its 8-tile pattern (about 620 MB in memory) through temporary files.
const DEFAULT_MEMORY_BUDGET: usize = 256 << 20;

impl Default for BuildOptions {
    fn default() -> Self {
        Self {
            abstraction: Abstraction::BlankRegions,
            memory_budget: DEFAULT_MEMORY_BUDGET,
            temp_dir: None,
            limits: Limits::none(),
        }
    }
}

impl BuildOptions {
    /// Blank regions, a 256 MiB budget and the system's temporary directory.
    pub fn new() -> Self {
        Self::default()
    }

    /// The [`Abstraction`] to build.
    #[must_use]
    pub fn abstraction(mut self, abstraction: Abstraction) -> Self {
        self.abstraction = abstraction;
        self
    }

    /// The most bytes the in-memory search may need; bigger builds go through temporary
    /// files, which then need about `max(states / 8, table)` bytes of memory plus a few tens
    /// of megabytes of buffers, and about `states / 2` bytes of disk at the peak.
    #[must_use]
    pub fn memory_budget(mut self, bytes: usize) -> Self {
        self.memory_budget = bytes;
        self
    }

    /// Where the temporary files go; by default [`std::env::temp_dir`]. The files are
    /// unlinked as soon as they are created, so nothing is left behind however the build ends.
    #[must_use]
    pub fn temp_dir(mut self, directory: impl Into<PathBuf>) -> Self {
        self.temp_dir = Some(directory.into());
        self
    }

    /// Stops the build with [`PdbError::Stopped`] when the cancellation flag of `limits` is
    /// raised or their deadline passes, the same two conditions that stop a search (the
    /// counting limits are a search's, not a build's). The workers look between slices of a
    /// few milliseconds' work, so a build stops within a fraction of a second.
    ///
    /// ```
    /// use std::time::Duration;
    /// use puzzles::pdb::{BuildOptions, PatternDatabase, PdbError};
    /// use search_core::{Limit, Limits};
    ///
    /// let goal: Vec<u8> = (0..16).collect();
    /// let options = BuildOptions::new().limits(&Limits::none().with_timeout(Duration::ZERO));
    /// let built = PatternDatabase::build_with_options(4, 4, &goal, &[1, 2, 3], &options, |_| {});
    /// assert!(matches!(built, Err(PdbError::Stopped(Limit::Deadline))));
    /// ```
    #[must_use]
    pub fn limits(mut self, limits: &Limits) -> Self {
        self.limits = limits.clone();
        self
    }
}

impl PatternDatabase {
    /// Builds the exact additive pattern database of `pattern` for a `width` x `height` board,
    /// with the default [`Abstraction::BlankRegions`]; see [`build_with`](Self::build_with).
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
        progress: impl FnMut(BuildProgress),
    ) -> Result<Self, PdbError> {
        Self::build_with(
            width,
            height,
            goal,
            pattern,
            Abstraction::BlankRegions,
            progress,
        )
    }

    /// Builds the exact pattern database of `pattern` for a `width` x `height` board under
    /// `abstraction`, with the default [`BuildOptions`] otherwise; see
    /// [`build_with_options`](Self::build_with_options).
    ///
    /// ```
    /// use puzzles::pdb::{Abstraction, PatternDatabase};
    ///
    /// // The 8-puzzle, goal `0 1 2 / 3 4 5 / 6 7 8`, pattern {1, 2}.
    /// let goal = [0, 1, 2, 3, 4, 5, 6, 7, 8];
    /// let free = PatternDatabase::build_with(3, 3, &goal, &[1, 2], Abstraction::FreeBlank, |_| {})
    ///     .unwrap();
    /// assert_eq!(free.abstraction(), Abstraction::FreeBlank);
    /// // Tiles 1 and 2 swapped in the top row: they cannot pass each other in the row, so one
    /// // steps down and back up while the other crosses: 4 moves, not the Manhattan 2.
    /// let mut positions = [0u8; 9];
    /// (positions[1], positions[2]) = (2, 1);
    /// assert_eq!(free.lookup(&positions), 4);
    /// // Blank regions never give less.
    /// let regions = PatternDatabase::build(3, 3, &goal, &[1, 2], |_| {}).unwrap();
    /// assert!(regions.lookup(&positions) >= free.lookup(&positions));
    /// ```
    pub fn build_with(
        width: usize,
        height: usize,
        goal: &[u8],
        pattern: &[u8],
        abstraction: Abstraction,
        progress: impl FnMut(BuildProgress),
    ) -> Result<Self, PdbError> {
        let options = BuildOptions::new().abstraction(abstraction);
        Self::build_with_options(width, height, goal, pattern, &options, progress)
    }

    /// Builds the exact pattern database of `pattern` for a `width` x `height` board as
    /// `options` say.
    ///
    /// Returns the table of, for every placement of the pattern tiles, the fewest moves of
    /// pattern tiles that solve them, counting moves of all other tiles as free and, with
    /// [`Abstraction::BlankRegions`], minimising over where the blank may be; with
    /// [`Abstraction::FreeBlank`], as if the blank were wherever it is needed. `progress` is
    /// called after every breadth-first layer. Placements that no move sequence reaches (only
    /// possible when the pattern cannot be moved freely, as on a 1 x n board) get the
    /// pattern's Manhattan distance, which is admissible for every state that can reach the
    /// goal.
    ///
    /// - `goal`: the tile at each cell, row-major, 0 = blank; a permutation of `0..width*height`.
    /// - `pattern`: the tile numbers of the pattern, any order, neither 0 nor repeated.
    /// - `options`: the abstraction (the stronger but inconsistent blank regions, or the
    ///   consistent free blank), the memory budget and the temporary directory.
    ///
    /// The search uses every core the machine reports. Time and memory grow with
    /// `cells! / (cells - k)!`. In memory it takes 2 bits per (placement, blank region) state
    /// plus half a byte per placement; through temporary files, a bit per state, then the
    /// table. For the 15-puzzle's 8-tile pattern with blank regions (2.75 states a placement)
    /// that is about 620 MB in memory, or about 260 MB at the peak and 1 GB of disk through
    /// files; the table then takes 260 MB. Through files, when a mirror of the board maps the
    /// pattern's goal onto itself (as left-right does for that 8-tile pattern), the search
    /// visits one state of each mirrored pair, which halves its time and disk. Failing to
    /// create, write or read the temporary files (a missing or read-only directory, a full
    /// disk) is a [`PdbError::Io`].
    pub fn build_with_options(
        width: usize,
        height: usize,
        goal: &[u8],
        pattern: &[u8],
        options: &BuildOptions,
        mut progress: impl FnMut(BuildProgress),
    ) -> Result<Self, PdbError> {
        let abstraction = options.abstraction;
        let geometry = Geometry::new(width, height)?;
        let goal_cells = goal_positions(goal, geometry.cells)?;
        let pattern = normalised_pattern(pattern, geometry.cells)?;
        let index = PlacementIndex::new(geometry.cells, pattern.len())?;
        let manhattan = manhattan_table(width, geometry.cells, &goal_cells, &pattern);
        let goal_cells_of_pattern: Vec<u8> = pattern
            .iter()
            .map(|&tile| goal_cells[usize::from(tile)])
            .collect();
        let searched = search(
            &geometry,
            &index,
            &manhattan,
            (goal_cells[0], &goal_cells_of_pattern),
            options,
            &mut progress,
        )?;
        // The search's tables are gone by now: through temporary files the table is the
        // biggest allocation, so it should not share memory with anything else.
        let (entry_bits, table) = match searched {
            Searched::Table(entry_bits, table) => (entry_bits, table),
            Searched::Records(records, symmetry) => {
                let (entry_bits, mut table) = records.table(index.count())?;
                if let Some(symmetry) = symmetry {
                    symmetry.fill_mirrored(&index, entry_bits, &mut table);
                }
                (entry_bits, table)
            }
        };
        Ok(Self {
            width,
            height,
            goal: goal.to_vec(),
            pattern,
            abstraction,
            index,
            manhattan,
            entry_bits,
            table: table.into(),
            direct: Derived::default(),
        })
    }
}

/// What a search leaves: the finished table, or the records to fill it from.
enum Searched {
    Table(u8, Vec<u8>),
    /// The records of the placements searched, and the symmetry that gives the others.
    Records(super::external::Records, Option<Box<Symmetry>>),
}

/// Runs the search that fits `options`' memory budget.
fn search(
    geometry: &Geometry,
    index: &PlacementIndex,
    manhattan: &[u8],
    (blank_cell, goal_cells_of_pattern): (u8, &[u8]),
    options: &BuildOptions,
    progress: &mut impl FnMut(BuildProgress),
) -> Result<Searched, PdbError> {
    stop_if_interrupted(&options.limits)?;
    let abstraction = options.abstraction;
    let layout = Layout::new(geometry, index, abstraction)?;
    let tiles = goal_cells_of_pattern.len();
    let arrangement_table: Vec<u64> = index
        .listed_arrangements()
        .into_iter()
        .map(u64::from_le_bytes)
        .collect();
    let mut moved_table: Vec<u16> = Vec::new();
    if !arrangement_table.is_empty() {
        moved_table = zeroed(tiles * tiles * index.arrangements())?;
        for from in 0..tiles {
            for to in 0..tiles {
                let pair = index.position_pair(from as u8, to as u8);
                let row = usize::from(pair) * index.arrangements();
                for (arrangement, &packed) in arrangement_table.iter().enumerate() {
                    let tile = (0..tiles)
                        .find(|&i| (packed >> (8 * i)) as u8 == from as u8)
                        .expect("every position holds a tile");
                    let moved = shift_positions(packed, from as u8, to as u8, tile);
                    // k! <= 40,320 for k <= 8, so every rank fits 16 bits.
                    moved_table[row + arrangement] =
                        index.arrangement_rank(|i| (moved >> (8 * i)) as u8) as u16;
                }
            }
        }
    }
    let (start_slot, start_rank) = start(
        index,
        &layout,
        geometry,
        abstraction,
        blank_cell,
        goal_cells_of_pattern,
    );
    let in_memory_bytes = (layout.slots() / 4).saturating_add(index.count() / 2);
    let external = in_memory_bytes > options.memory_budget && u32::try_from(layout.slots()).is_ok();
    // Only the search through files halves its work by a symmetry: it is the one for the
    // largest patterns, and the in-memory search stays as the oracle that tests compare it to.
    let symmetry = if external {
        Symmetry::find(
            geometry,
            index,
            &layout,
            abstraction,
            (blank_cell, goal_cells_of_pattern),
        )?
    } else {
        None
    };
    let plan = Plan {
        limits: &options.limits,
        symmetry: symmetry.as_ref(),
        index,
        layout: &layout,
        manhattan,
        arrangement_table: &arrangement_table,
        moved_table: &moved_table,
        cells: geometry.cells,
        tiles,
        start_slot,
        start_rank,
    };
    if external {
        let directory = options.temp_dir.clone().unwrap_or_else(std::env::temp_dir);
        let records = super::external::search(&plan, &directory, progress)?;
        let symmetry = symmetry.map(|mut symmetry| {
            symmetry.release_tables();
            Box::new(symmetry)
        });
        Ok(Searched::Records(records, symmetry))
    } else {
        build_in_memory(&plan, progress).map(|(bits, table)| Searched::Table(bits, table))
    }
}

/// What both searches need about one pattern, computed before either starts.
pub(super) struct Plan<'a> {
    /// When to stop early (see [`Plan::interruption`]).
    pub(super) limits: &'a Limits,
    /// A mirror that fixes the goal, for the search through files to visit one state of each
    /// mirrored pair.
    pub(super) symmetry: Option<&'a Symmetry>,
    pub(super) index: &'a PlacementIndex,
    pub(super) layout: &'a Layout,
    /// Manhattan distance of pattern tile `i` in cell `c`: `manhattan[i * cells + c]`.
    pub(super) manhattan: &'a [u8],
    /// For patterns of up to 8 tiles, the positions of every arrangement, a byte each: unranking
    /// by division was half of the search's time.
    pub(super) arrangement_table: &'a [u64],
    /// For patterns of up to 8 tiles, the arrangement after a move: entry
    /// `(from * k + to) * k! + arrangement` for the tile at position `from` moving to position
    /// `to`. The renumbering does not depend on the subset, and a lookup in this table (5 MB for
    /// 8 tiles, read in arrangement order) is several times cheaper than ranking.
    pub(super) moved_table: &'a [u16],
    pub(super) cells: usize,
    pub(super) tiles: usize,
    /// The goal state's slot, and its placement's rank.
    pub(super) start_slot: usize,
    pub(super) start_rank: usize,
}

impl Plan<'_> {
    /// The error to stop with, if the build's cancellation flag is raised or its deadline
    /// has passed. Workers ask between slices of work (a chunk of subsets in memory, a bucket
    /// through files) of a few milliseconds each.
    pub(super) fn interruption(&self) -> Result<(), PdbError> {
        stop_if_interrupted(self.limits)
    }

    /// How many threads a search over `slots` states is worth.
    pub(super) fn workers(&self) -> usize {
        std::thread::available_parallelism()
            .map_or(1, usize::from)
            .min(1 + self.layout.slots() / (1 << 20))
    }
}

/// [`PdbError::Stopped`] if the cancellation flag of `limits` is raised or their deadline has
/// passed.
fn stop_if_interrupted(limits: &Limits) -> Result<(), PdbError> {
    match limits.interruption() {
        Some(limit) => Err(PdbError::Stopped(limit)),
        None => Ok(()),
    }
}

/// The goal state's slot and its placement's rank.
fn start(
    index: &PlacementIndex,
    layout: &Layout,
    geometry: &Geometry,
    abstraction: Abstraction,
    blank_cell: u8,
    pattern_cells: &[u8],
) -> (usize, usize) {
    let mask = pattern_cells.iter().fold(0u64, |m, &c| m | 1 << c);
    let subset = index.subset_rank(mask);
    let arrangement =
        index.arrangement_rank(|i| (mask & ((1u64 << pattern_cells[i]) - 1)).count_ones() as u8);
    let mut regions = Vec::new();
    regions_of(geometry, abstraction, geometry.full & !mask, &mut regions);
    let region = regions
        .iter()
        .position(|&r| r & (1 << blank_cell) != 0)
        .expect("the goal blank is not under a pattern tile");
    (
        layout.first_slot[subset] + arrangement * regions.len() + region,
        subset * index.arrangements() + arrangement,
    )
}

/// The search with 2 bits per state and the table in memory, starting again with a byte an
/// entry if some entry does not fit 4 bits. Returns the entry width and the table.
fn build_in_memory(
    plan: &Plan<'_>,
    progress: &mut impl FnMut(BuildProgress),
) -> Result<(u8, Vec<u8>), PdbError> {
    let mut entry_bits = 4;
    loop {
        let search = Search {
            plan,
            codes: state_atomics(plan.layout.slots().div_ceil(32), || AtomicU64::new(0))?,
            values: Values::new(plan.index.count(), entry_bits)?,
            overflow: AtomicBool::new(false),
        };
        run(&search, plan, progress)?;
        if !search.overflow.load(Relaxed) {
            return Ok((entry_bits, search.values.finish()));
        }
        if entry_bits == 8 {
            return Err(PdbError::TooLarge {
                placements: plan.index.count() as u128,
            });
        }
        entry_bits = 8;
    }
}

/// The layered search from the goal state, one scoped thread per core for each layer.
fn run(
    search: &Search<'_, '_>,
    plan: &Plan<'_>,
    progress: &mut impl FnMut(BuildProgress),
) -> Result<(), PdbError> {
    let index = plan.index;
    let slot = plan.start_slot;
    search.codes[slot / 32].fetch_or(1 << ((slot % 32) * 2), Relaxed);
    search.values.claim(plan.start_rank, 0);

    let total = index.count();
    let subsets = index.subsets();
    let workers = plan.workers();
    let chunk = (subsets / (workers * 64)).max(1);
    let mut done = 1;
    let mut depth: u8 = 0;
    loop {
        let next_chunk = AtomicUsize::new(0);
        let stopped = OnceLock::new();
        let work = || {
            let (mut any, mut done) = (false, 0);
            loop {
                let start = next_chunk.fetch_add(chunk, Relaxed);
                if start >= subsets || stopped.get().is_some() {
                    return (any, done);
                }
                if let Err(error) = plan.interruption() {
                    // The first worker to stop keeps its reason; the others just stop.
                    let _ = stopped.set(error);
                    return (any, done);
                }
                let (chunk_any, chunk_done) =
                    search.expand_chunk(start..(start + chunk).min(subsets), depth);
                any |= chunk_any;
                done += chunk_done;
            }
        };
        let results: Vec<(bool, usize)> = if workers == 1 {
            vec![work()]
        } else {
            std::thread::scope(|scope| {
                let handles: Vec<_> = (0..workers).map(|_| scope.spawn(work)).collect();
                handles
                    .into_iter()
                    .map(|h| h.join().expect("a build worker panicked"))
                    .collect()
            })
        };
        if let Some(error) = stopped.into_inner() {
            return Err(error);
        }
        if !results.iter().any(|&(any, _)| any) || search.overflow.load(Relaxed) {
            return Ok(());
        }
        done += results.iter().map(|&(_, d)| d).sum::<usize>();
        progress(BuildProgress { done, total, depth });
        // Values are bytes and the lookup adds the Manhattan distance to them, so stop short
        // of what a byte holds.
        if depth == u8::MAX - 1 {
            return Err(PdbError::TooLarge {
                placements: total as u128,
            });
        }
        depth += 1;
    }
}
