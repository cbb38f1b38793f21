//! Walking a layer's states in slot order, as both building searches do (in memory and through
//! files): which placement and blank region each slot is, with the placement's tiles loaded
//! once per arrangement, and the arrangement each successor moves to.
//!
//! A build is bound per state by a cache miss on its seen bits and one on the moved-arrangement
//! table per successor. The file-based and in-memory searches still walk a layer's slots with
//! the same forty lines written out twice: sharing that loop through this cursor cost 22% to 26%
//! more instructions (callgrind), so the cursor serves only what costs nothing.
//!
//! Slots are numbered subset by subset, each subset's `k! * regions` slots arrangement by
//! arrangement (see [`Layout`]); a search reads a layer's slots in increasing order, so
//! consecutive slots almost always share their subset and often their arrangement.

use super::index::{PlacementIndex, nth_bit};
use super::layout::{Layout, Move};
use super::plan::Plan;

/// Where a search stands in the slot order, with what it has loaded about the current slot.
///
/// It copies what it reads of the [`Plan`] rather than keep a reference to it: a search loop
/// stores to atomics between reads, after which the compiler reloads whatever sits behind a
/// second reference (2.5% more instructions in a 6-tile build, callgrind).
pub(super) struct SlotCursor<'a> {
    layout: &'a Layout,
    index: &'a PlacementIndex,
    arrangement_table: &'a [u64],
    moved_table: &'a [u16],
    manhattan_table: &'a [u8],
    cells: usize,
    tiles: usize,
    /// `k!`: the length of a row of the moved table.
    arrangements: usize,
    /// The current slot's subset.
    subset: usize,
    /// The subset whose cells are in `subset_cells` (`usize::MAX`: none yet).
    loaded_subset: usize,
    /// The arrangement whose tiles are in `positions` and `tile_at` (`usize::MAX`: none yet).
    loaded_arrangement: usize,
    /// The loaded subset's cells in increasing order.
    subset_cells: [u8; 64],
    /// The loaded arrangement's position (among the subset's cells) of each pattern tile.
    positions: [u8; 64],
    /// The pattern tile at each position: the inverse of `positions`.
    tile_at: [u8; 64],
    /// Scratch for [`moved_arrangement`](Self::moved_arrangement) without a moved table.
    moved: [u8; 64],
    /// The loaded placement's Manhattan distance.
    manhattan: u32,
}

/// One slot, as [`SlotCursor::seek`] finds it.
pub(super) struct Slot {
    pub(super) subset: usize,
    pub(super) arrangement: usize,
    /// The blank's region, among the subset's `regions`.
    pub(super) region: usize,
    pub(super) regions: usize,
    /// Whether this slot's arrangement was loaded just now (the slot before had another one).
    pub(super) loaded: bool,
}

impl<'a> SlotCursor<'a> {
    /// A cursor before the first slot of `first_subset`.
    pub(super) fn new(plan: &Plan<'a>, first_subset: usize) -> Self {
        SlotCursor {
            layout: plan.layout,
            index: plan.index,
            arrangement_table: plan.arrangement_table,
            moved_table: plan.moved_table,
            manhattan_table: plan.manhattan,
            cells: plan.cells,
            tiles: plan.tiles,
            arrangements: plan.index.arrangements(),
            subset: first_subset,
            loaded_subset: usize::MAX,
            loaded_arrangement: usize::MAX,
            subset_cells: [0; 64],
            positions: [0; 64],
            tile_at: [0; 64],
            moved: [0; 64],
            manhattan: 0,
        }
    }

    /// Moves to `slot`, at or after the slot before, and loads its subset's cells and its
    /// arrangement's tiles if they differ from the last slot's.
    // Always inlined: it runs once per expanded state, in the searches' hottest loops.
    #[inline(always)]
    pub(super) fn seek(&mut self, slot: usize) -> Slot {
        let layout = self.layout;
        while layout.first_slot[self.subset + 1] <= slot {
            self.subset += 1;
        }
        let subset = self.subset;
        let regions = usize::from(layout.regions[subset]);
        if subset != self.loaded_subset {
            self.loaded_subset = subset;
            self.loaded_arrangement = usize::MAX;
            let mask = layout.masks[subset];
            for (p, cell) in self.subset_cells.iter_mut().take(self.tiles).enumerate() {
                *cell = nth_bit(mask, p as u8);
            }
        }
        let local = slot - layout.first_slot[subset];
        let (arrangement, region) = (local / regions, local % regions);
        let loaded = arrangement != self.loaded_arrangement;
        if loaded {
            self.load(arrangement);
        }
        Slot {
            subset,
            arrangement,
            region,
            regions,
            loaded,
        }
    }

    /// Loads `arrangement` of the current subset: its tiles' positions, the tile at each
    /// position and the Manhattan distance of the placement.
    #[inline(always)]
    fn load(&mut self, arrangement: usize) {
        self.loaded_arrangement = arrangement;
        if self.arrangement_table.is_empty() {
            self.index
                .unrank_arrangement(arrangement, &mut self.positions);
        } else {
            let packed = self.arrangement_table[arrangement];
            self.positions[..8].copy_from_slice(&packed.to_le_bytes());
        }
        let mut manhattan = 0;
        for i in 0..self.tiles {
            let position = usize::from(self.positions[i]);
            self.tile_at[position] = i as u8;
            let cell = usize::from(self.subset_cells[position]);
            manhattan += u32::from(self.manhattan_table[i * self.cells + cell]);
        }
        self.manhattan = manhattan;
    }

    /// The Manhattan distance of the current slot's placement.
    #[inline(always)]
    pub(super) fn manhattan(&self) -> u32 {
        self.manhattan
    }

    /// The pattern tile that `m` moves from the current placement.
    #[inline(always)]
    pub(super) fn moving_tile(&self, m: &Move) -> usize {
        usize::from(self.tile_at[usize::from(m.from_position)])
    }

    /// The arrangement, among the target subset's cells, after `m` from the current
    /// placement: read from the plan's moved table, or ranked anew for patterns too large for
    /// the table.
    #[inline(always)]
    pub(super) fn moved_arrangement(&mut self, m: &Move) -> usize {
        // The moved table exists exactly when the arrangement table does.
        if self.arrangement_table.is_empty() {
            // The other tiles keep their order: the positions between the tile's old and new
            // ones shift by one towards the gap it leaves.
            for i in 0..self.tiles {
                let p = self.positions[i];
                let q = p - u8::from(p > m.from_position);
                self.moved[i] = q + u8::from(q >= m.to_position);
            }
            self.moved[self.moving_tile(m)] = m.to_position;
            let moved = &self.moved;
            self.index.arrangement_rank(|i| moved[i])
        } else {
            let row = usize::from(m.position_pair) * self.arrangements;
            usize::from(self.moved_table[row + self.loaded_arrangement])
        }
    }
}
