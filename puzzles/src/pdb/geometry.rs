//! Board shape as cell bitmasks, plus validation of goals and patterns shared by every entry point.

use super::PdbError;

/// Cells as bits of a `u64`: the building search moves whole regions at once with shifts.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Geometry {
    pub(crate) width: usize,
    pub(crate) cells: usize,
    pub(crate) full: u64,
    /// Cells that have a left neighbour, so may receive a bit shifted one place up.
    has_left: u64,
    /// Cells that have a right neighbour, so may receive a bit shifted one place down.
    has_right: u64,
}

impl Geometry {
    pub(crate) fn new(width: usize, height: usize) -> Result<Self, PdbError> {
        let cells = width.saturating_mul(height);
        if width == 0 || height == 0 || !(2..=64).contains(&cells) {
            return Err(PdbError::InvalidDimensions { width, height });
        }
        let full = if cells == 64 {
            u64::MAX
        } else {
            (1u64 << cells) - 1
        };
        let (mut has_left, mut has_right) = (0, 0);
        for cell in 0..cells {
            if cell % width != 0 {
                has_left |= 1 << cell;
            }
            if cell % width != width - 1 {
                has_right |= 1 << cell;
            }
        }
        Ok(Self {
            width,
            cells,
            full,
            has_left,
            has_right,
        })
    }

    /// The cells orthogonally adjacent to any cell of `mask`.
    #[inline]
    pub(crate) fn neighbours(&self, mask: u64) -> u64 {
        (((mask << 1) & self.has_left)
            | ((mask >> 1) & self.has_right)
            | (mask << self.width)
            | (mask >> self.width))
            & self.full
    }

    /// The connected part of `allowed` that contains `seed` (itself a subset of `allowed`).
    #[inline]
    pub(crate) fn flood(&self, seed: u64, allowed: u64) -> u64 {
        let mut region = seed;
        loop {
            let grown = (region | self.neighbours(region)) & allowed;
            if grown == region {
                return region;
            }
            region = grown;
        }
    }
}

/// Checks that `goal` is a permutation of `0..cells` and returns each tile's goal cell.
pub(crate) fn goal_positions(goal: &[u8], cells: usize) -> Result<Vec<u8>, PdbError> {
    if goal.len() != cells {
        return Err(PdbError::InvalidGoal);
    }
    let mut positions = vec![u8::MAX; cells];
    for (cell, &tile) in goal.iter().enumerate() {
        let slot = positions
            .get_mut(usize::from(tile))
            .ok_or(PdbError::InvalidGoal)?;
        if *slot != u8::MAX {
            return Err(PdbError::InvalidGoal);
        }
        // `cells <= 64`, so the cell index fits.
        *slot = cell as u8;
    }
    Ok(positions)
}

/// Checks a pattern (non-empty, numbered tiles of the board, no repeats) and returns it sorted,
/// which makes the table layout independent of the order the caller listed the tiles in.
pub(crate) fn normalised_pattern(pattern: &[u8], cells: usize) -> Result<Vec<u8>, PdbError> {
    if pattern.is_empty() {
        return Err(PdbError::EmptyPattern);
    }
    let mut seen = 0u64;
    for &tile in pattern {
        if tile == 0 || usize::from(tile) >= cells {
            return Err(PdbError::TileOutOfRange { tile });
        }
        if seen & (1 << tile) != 0 {
            return Err(PdbError::DuplicateTile { tile });
        }
        seen |= 1 << tile;
    }
    let mut sorted = pattern.to_vec();
    sorted.sort_unstable();
    Ok(sorted)
}
