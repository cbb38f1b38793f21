//! A symmetry of the board that fixes a pattern's goal, which halves the search through files.
//!
//! A mirror of the grid (left-right, top-bottom, the half turn, or on a square board a
//! diagonal) that maps the pattern's goal cells onto each other and the goal blank's region onto
//! itself maps the abstract state space onto itself and the goal onto the goal, so a state and
//! its mirror image lie at the same distance. The 15-puzzle's 8-tile pattern (the bottom two
//! rows, with the blank's goal in a top corner) is such a pattern under the left-right mirror.
//!
//! The search then visits one state of each mirrored pair, the one with the lower slot: of two
//! mirrored cell subsets, only the lower-ranked is searched, and within a subset that is its
//! own mirror, only the states whose mirror image is not in a lower slot (a state may be its
//! own mirror image). A move to any other state
//! is taken to the mirror image of its target instead, which is searched and at the same
//! distance. The breadth-first layers stay exact: every state and its mirror image have one
//! representative, so a path of states maps, state by state, onto a path of representatives
//! of the same length, and every move between representatives is a move of the original
//! space or its mirror image. After the search, every placement that was not searched copies
//! the value of its mirror image.
//!
//! Mirroring a placement renumbers its tiles (tile `i` becomes the tile whose goal cell is the
//! mirror of `i`'s) and its positions among the subset's cells; how the positions renumber
//! depends on the subset only through a permutation of `0..k`. Under left-right or top-bottom
//! mirrors many subsets share one (85 for the 8-tile pattern), so a table of `k!` arrangements
//! per distinct permutation maps every arrangement with one lookup; under a diagonal they
//! hardly repeat (4,497 of 12,870 subsets), and the search ranks each mirror image instead.

use std::collections::HashMap;

use super::geometry::Geometry;
use super::index::{PlacementIndex, nth_bit};
use super::layout::{Layout, regions_of};
use super::memory::zeroed;
use super::{Abstraction, PdbError};

/// At most this many entries in the arrangement tables (16 MiB); a symmetry that would need
/// more (a diagonal, whose position permutations hardly repeat) ranks its images instead.
const MAX_TABLE_ENTRIES: usize = 1 << 23;

/// The mirror image of every subset, region and arrangement, under one symmetry.
pub(super) struct Symmetry {
    /// `subset[s]`: the rank of the mirror image of subset `s`.
    subset: Vec<u32>,
    /// `region[n]`: for region number `n` (subset `s`'s region `r`, numbered as in
    /// [`Layout::first_move`]), the index of its mirror image among the mirror subset's regions.
    region: Vec<u8>,
    /// `class[s]`: the class of subset `s`'s position permutation.
    class: Vec<u32>,
    /// `permutations[c * k..][..k]`: where class `c` takes each position `0..k`.
    permutations: Vec<u8>,
    /// `rows[c * k! + a]`: the arrangement, in the mirror subset, of the mirror image of
    /// arrangement `a` of a subset of class `c`, when all rows fit [`MAX_TABLE_ENTRIES`];
    /// empty otherwise, and after [`Symmetry::release_tables`].
    rows: Vec<u16>,
    /// `tile_map[i]`: the pattern tile whose goal cell is the mirror of tile `i`'s.
    tile_map: Vec<u8>,
    arrangements: usize,
}

/// Which states of a subset the search visits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Side {
    /// All of them: the subset's mirror image has a higher rank.
    Searched,
    /// Those whose mirror image, in the same subset, is not in a lower slot.
    OwnMirror,
    /// None: the subset's mirror image has a lower rank.
    Skipped,
}

/// Where a state goes when mirrored.
pub(super) struct Mirrored {
    pub(super) subset: usize,
    pub(super) region: u8,
    /// The class of the subset's position permutation, for [`Symmetry::image`].
    pub(super) class: u32,
}

impl Symmetry {
    /// The first mirror of the board that fixes the goal of the pattern whose tiles have goal
    /// cells `pattern_cells` (pattern tile `i` in `pattern_cells[i]`), with the blank's goal in
    /// `blank_cell`; `None` if there is none.
    /// Only for patterns of up to 8 tiles, whose arrangement ranks fit 16 bits.
    pub(super) fn find(
        geometry: &Geometry,
        index: &PlacementIndex,
        layout: &Layout,
        abstraction: Abstraction,
        (blank_cell, pattern_cells): (u8, &[u8]),
    ) -> Result<Option<Self>, PdbError> {
        if pattern_cells.is_empty() || pattern_cells.len() > 8 {
            return Ok(None);
        }
        for cell_map in mirrors(geometry) {
            let Some(tile_map) = tile_map(&cell_map, pattern_cells) else {
                continue;
            };
            let goal_mask = pattern_cells.iter().fold(0u64, |m, &c| m | 1 << c);
            let mut regions = Vec::new();
            regions_of(
                geometry,
                abstraction,
                geometry.full & !goal_mask,
                &mut regions,
            );
            let blank_region = regions
                .iter()
                .copied()
                .find(|r| r & (1 << blank_cell) != 0)
                .expect("the goal blank is not under a pattern tile");
            if map_mask(&cell_map, blank_region) != blank_region {
                continue;
            }
            let mirror = Mirror {
                geometry,
                index,
                layout,
                abstraction,
                cell_map: &cell_map,
                tile_map: &tile_map,
            };
            return mirror.tables().map(Some);
        }
        Ok(None)
    }

    /// How the search treats subset `s`.
    #[inline]
    pub(super) fn side(&self, s: usize) -> Side {
        match (self.subset[s] as usize).cmp(&s) {
            std::cmp::Ordering::Greater => Side::Searched,
            std::cmp::Ordering::Equal => Side::OwnMirror,
            std::cmp::Ordering::Less => Side::Skipped,
        }
    }

    /// How many placements a searched placement (arrangement `a` of subset `s`) stands for:
    /// 2 when its mirror image is another placement, which the search skips.
    #[inline]
    pub(super) fn placements_per(
        &self,
        index: &PlacementIndex,
        arrangement_table: &[u64],
        s: usize,
        a: usize,
    ) -> usize {
        if self.subset[s] as usize != s
            || self.image(index, arrangement_table, self.class[s], a) != a
        {
            2
        } else {
            1
        }
    }

    /// Where a state of subset `s` in region number `region_number` (regions numbered across
    /// subsets as in [`Layout::first_move`]) goes when mirrored.
    pub(super) fn mirrored(&self, s: usize, region_number: usize) -> Mirrored {
        Mirrored {
            subset: self.subset[s] as usize,
            region: self.region[region_number],
            class: self.class[s],
        }
    }

    /// The arrangement, in the mirror subset, of the mirror image of arrangement `a` of a
    /// subset of class `class`: a lookup in the rows, or when there are none, ranked from the
    /// positions that `arrangement_table` lists for `a`.
    #[inline]
    pub(super) fn image(
        &self,
        index: &PlacementIndex,
        arrangement_table: &[u64],
        class: u32,
        a: usize,
    ) -> usize {
        let class = class as usize;
        if !self.rows.is_empty() {
            return usize::from(self.rows[class * self.arrangements + a]);
        }
        let tiles = self.tile_map.len();
        let permutation = &self.permutations[class * tiles..][..tiles];
        let at = arrangement_table[a].to_le_bytes();
        let mut image = [0u8; 8];
        for (i, &j) in self.tile_map.iter().enumerate() {
            image[usize::from(j)] = permutation[usize::from(at[i])];
        }
        index.arrangement_rank(|i| image[i])
    }

    /// Frees the arrangement rows (about 7 MB for the 15-puzzle's 8-tile pattern), which the
    /// table would otherwise share memory with; [`fill_mirrored`](Self::fill_mirrored)
    /// computes them again a row at a time.
    pub(super) fn release_tables(&mut self) {
        self.rows = Vec::new();
    }

    /// Gives every placement that the search skipped the value of its mirror image, in a
    /// table of `entry_bits`-bit entries whose searched placements are filled.
    pub(super) fn fill_mirrored(&self, index: &PlacementIndex, entry_bits: u8, table: &mut [u8]) {
        let count = self.arrangements;
        let tiles = self.tile_map.len();
        // The subsets whose placements are filled, class by class: one row computed per class.
        let mut by_class: Vec<(u32, usize)> = (0..self.subset.len())
            .filter(|&t| self.subset[t] as usize <= t)
            .map(|t| (self.class[t], t))
            .collect();
        by_class.sort_unstable();
        let listed = index.listed_arrangements();
        let mut row = Vec::with_capacity(count);
        let mut row_class = None;
        for (class, t) in by_class {
            if row_class != Some(class) {
                row.clear();
                let permutation = &self.permutations[class as usize * tiles..][..tiles];
                push_row(index, &self.tile_map, permutation, &listed, &mut row);
                row_class = Some(class);
            }
            let s = self.subset[t] as usize;
            for (a, &mirrored) in row.iter().enumerate() {
                // The lower of two mirrored placements is the one searched.
                let (from, to) = (s * count + usize::from(mirrored), t * count + a);
                if from < to {
                    let value = get(table, entry_bits, from);
                    set(table, entry_bits, to, value);
                }
            }
        }
    }
}

/// Appends to `row`, for every arrangement in rank order (`listed`), the rank of its mirror
/// image when tile `i` becomes tile `tile_map[i]` and position `p` becomes `positions[p]`.
fn push_row(
    index: &PlacementIndex,
    tile_map: &[u8],
    positions: &[u8],
    listed: &[[u8; 8]],
    row: &mut Vec<u16>,
) {
    let mut image = [0u8; 8];
    for at in listed {
        for (i, &j) in tile_map.iter().enumerate() {
            image[usize::from(j)] = positions[usize::from(at[i])];
        }
        // k! <= 40,320 for k <= 8, so every rank fits 16 bits.
        row.push(index.arrangement_rank(|i| image[i]) as u16);
    }
}

fn get(table: &[u8], entry_bits: u8, rank: usize) -> u8 {
    if entry_bits == 4 {
        table[rank / 2] >> ((rank % 2) * 4) & 0x0f
    } else {
        table[rank]
    }
}

fn set(table: &mut [u8], entry_bits: u8, rank: usize, value: u8) {
    if entry_bits == 4 {
        let shift = (rank % 2) * 4;
        let byte = &mut table[rank / 2];
        *byte = (*byte & !(0x0f << shift)) | value << shift;
    } else {
        table[rank] = value;
    }
}

/// The cell maps of the board's mirrors, each its own inverse: left-right, top-bottom, the half
/// turn, and on a square board the two diagonals.
fn mirrors(geometry: &Geometry) -> Vec<Vec<u8>> {
    let (width, height) = (geometry.width, geometry.cells / geometry.width);
    let map = |f: &dyn Fn(usize, usize) -> (usize, usize)| -> Vec<u8> {
        (0..geometry.cells)
            .map(|cell| {
                let (row, column) = f(cell / width, cell % width);
                (row * width + column) as u8
            })
            .collect()
    };
    let mut maps = vec![
        map(&|r, c| (r, width - 1 - c)),
        map(&|r, c| (height - 1 - r, c)),
        map(&|r, c| (height - 1 - r, width - 1 - c)),
    ];
    if width == height {
        maps.push(map(&|r, c| (c, r)));
        maps.push(map(&|r, c| (width - 1 - c, height - 1 - r)));
    }
    // A 1-wide or 1-high board's mirrors include the identity, which saves nothing.
    maps.retain(|m| {
        m.iter()
            .enumerate()
            .any(|(cell, &to)| usize::from(to) != cell)
    });
    maps
}

fn map_mask(cell_map: &[u8], mut mask: u64) -> u64 {
    let mut mapped = 0;
    while mask != 0 {
        let cell = mask.trailing_zeros() as usize;
        mask &= mask - 1;
        mapped |= 1 << cell_map[cell];
    }
    mapped
}

/// `tile_map[i]`: the pattern tile whose goal cell is the mirror of tile `i`'s, if every
/// pattern tile has one.
fn tile_map(cell_map: &[u8], pattern_cells: &[u8]) -> Option<Vec<u8>> {
    pattern_cells
        .iter()
        .map(|&cell| {
            let mirrored = cell_map[usize::from(cell)];
            pattern_cells
                .iter()
                .position(|&c| c == mirrored)
                .map(|j| j as u8)
        })
        .collect()
}

/// One candidate mirror, with what its tables are computed from.
struct Mirror<'a> {
    geometry: &'a Geometry,
    index: &'a PlacementIndex,
    layout: &'a Layout,
    abstraction: Abstraction,
    cell_map: &'a [u8],
    tile_map: &'a [u8],
}

impl Mirror<'_> {
    fn tables(&self) -> Result<Symmetry, PdbError> {
        let layout = self.layout;
        let subsets = layout.masks.len();
        let tiles = self.tile_map.len();
        let count = self.index.arrangements();
        let mut subset: Vec<u32> = zeroed(subsets)?;
        let mut region: Vec<u8> = zeroed(layout.first_move.len() - 1)?;
        let mut class: Vec<u32> = zeroed(subsets)?;
        let mut class_of: HashMap<Vec<u8>, u32> = HashMap::new();
        let mut permutations = Vec::new();
        let (mut own, mut other) = (Vec::new(), Vec::new());
        for s in 0..subsets {
            let mask = layout.masks[s];
            let mirrored = map_mask(self.cell_map, mask);
            let t = self.index.subset_rank(mirrored);
            subset[s] = t as u32;
            let free = self.geometry.full;
            regions_of(self.geometry, self.abstraction, free & !mask, &mut own);
            regions_of(
                self.geometry,
                self.abstraction,
                free & !mirrored,
                &mut other,
            );
            let first_region = layout.first_slot[s] / count;
            for (r, &cells) in own.iter().enumerate() {
                let image = map_mask(self.cell_map, cells);
                region[first_region + r] = other
                    .iter()
                    .position(|&o| o == image)
                    .expect("a mirror maps the free regions onto the mirror's")
                    as u8;
            }
            // Position `p` of subset `s` (its `p`-th lowest cell) goes to this position of
            // the mirror subset.
            let positions: Vec<u8> = (0..tiles as u8)
                .map(|p| {
                    let cell = self.cell_map[usize::from(nth_bit(mask, p))];
                    (mirrored & ((1u64 << cell) - 1)).count_ones() as u8
                })
                .collect();
            let next = class_of.len() as u32;
            class[s] = *class_of.entry(positions).or_insert_with_key(|positions| {
                permutations.extend_from_slice(positions);
                next
            });
        }
        let classes = class_of.len();
        let mut rows = Vec::new();
        if classes * count <= MAX_TABLE_ENTRIES {
            rows.try_reserve_exact(classes * count)
                .map_err(|_| PdbError::OutOfMemory {
                    bytes: classes * count * 2,
                })?;
            let listed = self.index.listed_arrangements();
            for permutation in permutations.chunks_exact(tiles) {
                push_row(self.index, self.tile_map, permutation, &listed, &mut rows);
            }
        }
        Ok(Symmetry {
            subset,
            region,
            class,
            permutations,
            rows,
            tile_map: self.tile_map.to_vec(),
            arrangements: count,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pdb::geometry::{goal_positions, normalised_pattern};

    /// A pattern's symmetry, with the layout and index it was found for and every
    /// arrangement's positions.
    struct Found {
        symmetry: Symmetry,
        layout: Layout,
        index: PlacementIndex,
        arrangement_table: Vec<u64>,
    }

    /// The symmetry found for `pattern` on a `width` x `height` board with the blank first.
    fn found(width: usize, height: usize, pattern: &[u8]) -> Option<Found> {
        let geometry = Geometry::new(width, height).unwrap();
        let goal: Vec<u8> = (0..geometry.cells as u8).collect();
        let goal_cells = goal_positions(&goal, geometry.cells).unwrap();
        let pattern = normalised_pattern(pattern, geometry.cells).unwrap();
        let index = PlacementIndex::new(geometry.cells, pattern.len()).unwrap();
        let layout = Layout::new(&geometry, &index, Abstraction::BlankRegions).unwrap();
        let cells: Vec<u8> = pattern
            .iter()
            .map(|&t| goal_cells[usize::from(t)])
            .collect();
        let symmetry = Symmetry::find(
            &geometry,
            &index,
            &layout,
            Abstraction::BlankRegions,
            (goal_cells[0], &cells),
        )
        .unwrap()?;
        let arrangement_table = index
            .listed_arrangements()
            .into_iter()
            .map(u64::from_le_bytes)
            .collect();
        Some(Found {
            symmetry,
            layout,
            index,
            arrangement_table,
        })
    }

    #[test]
    fn mirrors_that_fix_the_goal_are_found_and_map_every_state_back_onto_itself() {
        // Whether the mirror images are looked up in rows (left-right, top-bottom) or ranked
        // (the diagonals of the 15-puzzle's other 8-tile patterns).
        for (width, height, pattern, rows) in [
            (4, 4, &[8, 9, 10, 11, 12, 13, 14, 15][..], true),
            (4, 4, &[6, 7, 9, 10, 11, 13, 14, 15], false),
            (4, 4, &[4, 5, 8, 9, 10, 12, 13, 14], false),
            (4, 4, &[12, 13, 14, 15], true),
            (4, 4, &[5, 6, 9, 10], true),
            (4, 4, &[1, 4, 5], true),
            (3, 3, &[6, 7, 8], true),
            (3, 3, &[1, 2, 3, 4, 5, 6, 7, 8], true),
            (2, 5, &[8, 9], true),
        ] {
            let case = format!("{width}x{height} {pattern:?}");
            let Found {
                mut symmetry,
                layout,
                index,
                arrangement_table,
            } = found(width, height, pattern)
                .unwrap_or_else(|| panic!("{case} has a mirror that fixes its goal"));
            assert_eq!(!symmetry.rows.is_empty(), rows, "{case}");
            let count = symmetry.arrangements;
            let subsets = layout.masks.len();
            let side = |side| (0..subsets).filter(|&s| symmetry.side(s) == side).count();
            let (searched, own) = (side(Side::Searched), side(Side::OwnMirror));
            assert_eq!(2 * searched + own, subsets, "{case}");
            assert!(own > 0, "{case}: the goal's subset is its own mirror");
            // Every arrangement of small patterns; a stride through the 8-tile ones.
            let stride = if count > 1000 { 997 } else { 1 };
            let mut images = Vec::new();
            for s in 0..subsets {
                for r in 0..usize::from(layout.regions[s]) {
                    let there = symmetry.mirrored(s, layout.first_slot[s] / count + r);
                    let t = there.subset;
                    assert_eq!(layout.regions[t], layout.regions[s], "{case}");
                    let number = layout.first_slot[t] / count + usize::from(there.region);
                    let back = symmetry.mirrored(t, number);
                    assert_eq!((back.subset, usize::from(back.region)), (s, r), "{case}");
                    for a in (0..count).step_by(stride) {
                        let image = |class, a| symmetry.image(&index, &arrangement_table, class, a);
                        let mirrored = image(there.class, a);
                        assert_eq!(image(back.class, mirrored), a, "{case}");
                        images.push(mirrored);
                    }
                }
            }
            // Looked up or ranked, the images are the same.
            if rows {
                symmetry.release_tables();
                let mut again = images.iter();
                for s in 0..subsets {
                    for r in 0..usize::from(layout.regions[s]) {
                        let there = symmetry.mirrored(s, layout.first_slot[s] / count + r);
                        for a in (0..count).step_by(stride) {
                            let ranked = symmetry.image(&index, &arrangement_table, there.class, a);
                            assert_eq!(Some(&ranked), again.next(), "{case}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn patterns_without_a_mirror_of_their_goal_get_none() {
        for (width, height, pattern) in [
            (4, 4, &[1, 2, 3, 4, 5, 6, 7][..]),
            (4, 4, &[12, 13, 14]),
            (3, 3, &[1, 2, 3]),
            (3, 3, &[5, 6, 7, 8]),
            (1, 4, &[1, 3]),
        ] {
            assert!(found(width, height, pattern).is_none(), "{pattern:?}");
        }
    }
}
