//! Walking a layer's states in slot order, as both building searches (in memory and through
//! temporary files) do.
//!
//! Slots are numbered subset by subset, arrangement by arrangement, region by region (see
//! [`Layout`]), so consecutive states of a layer mostly share their subset and often their
//! arrangement. The cursor keeps both loaded and reloads only what changes: the subset's cells
//! once per subset, the tiles' positions and the pattern's Manhattan distance once per
//! arrangement.

use super::build::{Layout, Move, Plan};
use super::index::nth_bit;

/// The state at one slot, as [`SlotCursor::visit`] finds it.
#[derive(Clone, Copy, Debug)]
pub(super) struct Visit {
    pub(super) subset: usize,
    pub(super) arrangement: usize,
    pub(super) region: usize,
    /// How many regions the state's subset has: its placement's states are the `regions` slots
    /// from `slot - region`.
    pub(super) regions: usize,
    /// Whether the arrangement differs from the previous visit's.
    pub(super) new_arrangement: bool,
}

/// A walk over slots in increasing order, with what their subset and arrangement need loaded.
pub(super) struct SlotCursor<'a> {
    plan: &'a Plan<'a>,
    subset: usize,
    loaded_subset: usize,
    loaded_arrangement: usize,
    /// The current subset's cells, in increasing order.
    subset_cells: [u8; 64],
    /// The position (among the subset's cells) of each pattern tile.
    positions: [u8; 64],
    /// The pattern tile at each position.
    tile_at: [u8; 64],
    /// Scratch for the positions after a move, when there is no table of moved arrangements.
    moved: [u8; 64],
    manhattan: u32,
}

impl<'a> SlotCursor<'a> {
    /// A cursor for slots from subset `first_subset` on.
    pub(super) fn new(plan: &'a Plan<'a>, first_subset: usize) -> Self {
        SlotCursor {
            plan,
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

    /// Moves to `slot`, which must not be below the previous visit's, and loads its subset and
    /// arrangement.
    #[inline]
    pub(super) fn visit(&mut self, slot: usize) -> Visit {
        let plan = self.plan;
        let layout: &Layout = plan.layout;
        while layout.first_slot[self.subset + 1] <= slot {
            self.subset += 1;
        }
        let subset = self.subset;
        let regions = usize::from(layout.regions[subset]);
        if subset != self.loaded_subset {
            self.loaded_subset = subset;
            self.loaded_arrangement = usize::MAX;
            let mask = layout.masks[subset];
            for (p, cell) in self.subset_cells.iter_mut().take(plan.tiles).enumerate() {
                *cell = nth_bit(mask, p as u8);
            }
        }
        let local = slot - layout.first_slot[subset];
        let (arrangement, region) = (local / regions, local % regions);
        let new_arrangement = arrangement != self.loaded_arrangement;
        if new_arrangement {
            self.loaded_arrangement = arrangement;
            if plan.arrangement_table.is_empty() {
                plan.index
                    .unrank_arrangement(arrangement, &mut self.positions);
            } else {
                let packed = plan.arrangement_table[arrangement];
                self.positions[..8].copy_from_slice(&packed.to_le_bytes());
            }
            self.manhattan = 0;
            for i in 0..plan.tiles {
                let position = usize::from(self.positions[i]);
                self.tile_at[position] = i as u8;
                let cell = usize::from(self.subset_cells[position]);
                self.manhattan += u32::from(plan.manhattan[i * plan.cells + cell]);
            }
        }
        Visit {
            subset,
            arrangement,
            region,
            regions,
            new_arrangement,
        }
    }

    /// The Manhattan distance of the pattern's tiles in the current arrangement.
    #[inline]
    pub(super) fn manhattan(&self) -> u32 {
        self.manhattan
    }

    /// The pattern tile at `position` among the current subset's cells.
    #[inline]
    pub(super) fn tile_at(&self, position: u8) -> usize {
        usize::from(self.tile_at[usize::from(position)])
    }

    /// The moves out of the current subset's region `region`.
    #[inline]
    pub(super) fn moves(&self, region: usize) -> &'a [Move] {
        let layout: &'a Layout = self.plan.layout;
        let number = layout.first_slot[self.subset] / self.plan.index.arrangements() + region;
        &layout.moves[layout.first_move[number]..layout.first_move[number + 1]]
    }

    /// The slot that move `m` out of the current state leads to, and the arrangement there.
    #[inline]
    pub(super) fn target(&mut self, m: &Move) -> (usize, usize) {
        let plan = self.plan;
        let tiles = plan.tiles;
        let arrangement = if plan.arrangement_table.is_empty() {
            let tile = self.tile_at(m.from_position);
            for i in 0..tiles {
                let p = self.positions[i];
                let q = p - u8::from(p > m.from_position);
                self.moved[i] = q + u8::from(q >= m.to_position);
            }
            self.moved[tile] = m.to_position;
            let moved = &self.moved;
            plan.index.arrangement_rank(|i| moved[i])
        } else {
            let row = usize::from(m.from_position) * tiles + usize::from(m.to_position);
            let arrangements = plan.index.arrangements();
            usize::from(plan.moved_table[row * arrangements + self.loaded_arrangement])
        };
        let target = m.target_subset as usize;
        let slot = plan.layout.first_slot[target]
            + arrangement * usize::from(plan.layout.regions[target])
            + usize::from(m.target_region);
        (slot, arrangement)
    }
}
