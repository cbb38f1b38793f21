//! The layout of a pattern's abstract states: its cell subsets, the regions of free cells each
//! leaves (where the blank moves for free), the slots numbering the (placement, region)
//! states, and every move of a pattern tile into a region, computed once for a build.

use super::abstraction::Abstraction;
use super::error::PdbError;
use super::geometry::Geometry;
use super::index::PlacementIndex;
use super::memory::zeroed;

/// One move of a pattern tile into the blank's region, as seen from a cell subset.
#[derive(Clone, Copy, Debug)]
pub(super) struct Move {
    pub(super) target_subset: u32,
    /// Position (among the occupied cells) of the moving tile before the move.
    pub(super) from_position: u8,
    /// Its position among the target subset's cells after the move.
    pub(super) to_position: u8,
    /// The move's row of [`Plan::moved_table`](super::plan::Plan::moved_table) ([`PlacementIndex::position_pair`]). A byte,
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
