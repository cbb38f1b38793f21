//! The search state: every piece's anchor cell, sorted within each class of identical pieces.

use std::hash::{Hash, Hasher};

/// The most pieces a layout may have.
pub const MAX_PIECES: usize = 16;

/// Where every piece is: the anchor cell (the top-left cell of the piece's bounding box,
/// numbered `row * width + column`) of each piece, in slots.
///
/// The slots of a [`Blocks`](crate::blocks::Blocks) problem are grouped by class of identical
/// pieces, and within a class the anchors are kept in increasing order. Two layouts that differ
/// only by swapping identical pieces are therefore the same placement, which keeps visited sets
/// as small as Klotski's. Sixteen bytes, hashed as one `u128`: the engine hashes a placement
/// once per generated successor.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Placement(pub(crate) [u8; MAX_PIECES]);

// The state must stay as cheap to copy and hash as two machine words.
const _: () = assert!(std::mem::size_of::<Placement>() == 16);

impl Hash for Placement {
    #[inline]
    fn hash<H: Hasher>(&self, state: &mut H) {
        // One write of the whole word instead of a length prefix and sixteen bytes.
        state.write_u128(u128::from_le_bytes(self.0));
    }
}

impl Placement {
    /// The anchor cells of the pieces, slot by slot; slots past the problem's piece count are
    /// zero.
    pub const fn anchors(&self) -> &[u8; MAX_PIECES] {
        &self.0
    }

    /// The placement with the piece in `slot` moved to `to`, re-sorted within its class's slots
    /// `start..end` so that identical pieces stay in increasing order.
    #[inline]
    pub(crate) fn moved(mut self, slot: usize, to: u8, start: usize, end: usize) -> Placement {
        let mut index = slot;
        while index > start && self.0[index - 1] > to {
            self.0[index] = self.0[index - 1];
            index -= 1;
        }
        while index + 1 < end && self.0[index + 1] < to {
            self.0[index] = self.0[index + 1];
            index += 1;
        }
        self.0[index] = to;
        self
    }
}
