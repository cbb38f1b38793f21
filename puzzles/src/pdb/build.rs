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
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, AtomicU8, AtomicU64, AtomicUsize, Ordering::Relaxed};

use search_core::Limits;

use super::abstraction::Abstraction;
use super::database::{PatternDatabase, manhattan_table};
use super::direct::Derived;
use super::error::PdbError;
use super::external;
use super::geometry::{Geometry, goal_positions, normalised_pattern};
use super::index::PlacementIndex;
use super::layout::{Layout, regions_of};
use super::memory::{atomics, state_atomics, zeroed};
use super::plan::{BuildProgress, Plan, stop_if_interrupted};
use super::slot_cursor::SlotCursor;
use super::symmetry::Symmetry;

const LOW_BITS: u64 = 0x5555_5555_5555_5555;

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
        if self.entry_bits == 4 { 0x0f } else { u8::MAX }
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
                    if byte == unseen { 0 } else { byte }
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
        Self::build_erased(width, height, goal, pattern, options, &mut progress)
    }

    /// [`build_with_options`](Self::build_with_options) with `progress` behind a reference: one
    /// copy of the builder, not one per caller's closure (progress comes once a layer).
    fn build_erased(
        width: usize,
        height: usize,
        goal: &[u8],
        pattern: &[u8],
        options: &BuildOptions,
        progress: &mut dyn FnMut(BuildProgress),
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
            progress,
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
    Records(external::Records, Option<Box<Symmetry>>),
}

/// Runs the search that fits `options`' memory budget.
fn search(
    geometry: &Geometry,
    index: &PlacementIndex,
    manhattan: &[u8],
    (blank_cell, goal_cells_of_pattern): (u8, &[u8]),
    options: &BuildOptions,
    progress: &mut dyn FnMut(BuildProgress),
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
        let records = external::search(&plan, &directory, progress)?;
        let symmetry = symmetry.map(|mut symmetry| {
            symmetry.release_tables();
            Box::new(symmetry)
        });
        Ok(Searched::Records(records, symmetry))
    } else {
        build_in_memory(&plan, progress).map(|(bits, table)| Searched::Table(bits, table))
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
    progress: &mut dyn FnMut(BuildProgress),
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
    progress: &mut dyn FnMut(BuildProgress),
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
