//! Boards packed into one integer word, a few bits per cell.

use std::fmt::Debug;
use std::hash::Hash;

mod sealed {
    pub trait Sealed {}
    impl Sealed for u64 {}
    impl Sealed for u128 {}
}

/// An integer word holding a whole board, [`BITS_PER_CELL`](PackedWord::BITS_PER_CELL) bits a
/// cell: `u64` (4 bits, up to 16 cells) and `u128` (5 bits, up to 25 cells: 4 bits cannot tell
/// 25 values apart).
///
/// A packed board hashes and compares as one integer, and a move changes two cells with a few
/// shifts: no array copies in the searches.
pub trait PackedWord:
    sealed::Sealed + Copy + Eq + Ord + Hash + Debug + Default + Send + Sync + 'static
{
    /// Bits per cell.
    const BITS_PER_CELL: u32;
    /// The most cells the word holds.
    const MAX_CELLS: usize;

    /// The word holding `tiles`, cell 0 in the lowest bits.
    fn pack(tiles: &[u8]) -> Self;

    /// The tile in cell `position`.
    fn cell(self, position: usize) -> u8;

    /// Slides the tile at `from` into the blank at `to` (which must hold 0).
    fn slide(self, from: usize, to: usize) -> Self;
}

macro_rules! impl_packed_word {
    ($word:ty, $bits:expr) => {
        impl PackedWord for $word {
            const BITS_PER_CELL: u32 = $bits;
            const MAX_CELLS: usize = (<$word>::BITS / $bits) as usize;

            fn pack(tiles: &[u8]) -> Self {
                debug_assert!(tiles.len() <= Self::MAX_CELLS);
                tiles.iter().enumerate().fold(0, |word, (position, &tile)| {
                    word | (<$word>::from(tile) << (position as u32 * $bits))
                })
            }

            #[inline]
            fn cell(self, position: usize) -> u8 {
                ((self >> (position as u32 * $bits)) & ((1 << $bits) - 1)) as u8
            }

            #[inline]
            fn slide(self, from: usize, to: usize) -> Self {
                let tile = (self >> (from as u32 * $bits)) & ((1 << $bits) - 1);
                // The destination holds the blank (0), so adding sets it; subtracting clears the
                // source without a mask.
                self - (tile << (from as u32 * $bits)) + (tile << (to as u32 * $bits))
            }
        }
    };
}

impl_packed_word!(u64, 4);
impl_packed_word!(u128, 5);

const _: () = assert!(<u64 as PackedWord>::MAX_CELLS == 16);
const _: () = assert!(<u128 as PackedWord>::MAX_CELLS >= super::shape::MAX_CELLS);
