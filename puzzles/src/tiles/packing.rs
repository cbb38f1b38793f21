//! Boards packed into one integer word, a few bits per cell.

use std::fmt::Debug;
use std::hash::Hash;

mod sealed {
    pub trait Sealed {}
    impl Sealed for u64 {}
    impl Sealed for u128 {}
    impl<Word: super::PackedWord> Sealed for super::WithBlank<Word> {}
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

    /// The lowest cell holding 0: the blank, for a packed board (the cells past the board's
    /// last also hold 0, but lie above it).
    fn zero_cell(self) -> usize;
}

/// The word with the lowest bit of each of the first `cells` cells set, `bits` bits a cell.
const fn lowest_bits(bits: u32, cells: usize) -> u128 {
    let mut word = 0;
    let mut cell = 0;
    while cell < cells {
        word |= 1 << (cell as u32 * bits);
        cell += 1;
    }
    word
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

            #[inline]
            fn zero_cell(self) -> usize {
                // The "has a zero byte" trick with cells for bytes: subtracting 1 from every
                // cell turns a zero cell into all ones (it borrows). Below the lowest zero cell
                // nothing borrows, so a cell there has its highest bit set afterwards only if it
                // had it before, which `!self` masks off. Borrows may mark cells above, but the
                // lowest marked bit is the lowest zero cell's. Subtraction rather than folding
                // each cell's bits together keeps the dependency chain short: the move that
                // follows waits for it.
                const CELLS: usize = <$word>::BITS as usize / $bits;
                const LOWEST: $word = lowest_bits($bits, CELLS) as $word;
                const HIGHEST: $word = LOWEST << ($bits - 1);
                let zero_highest_bits = self.wrapping_sub(LOWEST) & !self & HIGHEST;
                (zero_highest_bits.trailing_zeros() / $bits) as usize
            }
        }
    };
}

impl_packed_word!(u64, 4);
impl_packed_word!(u128, 5);

/// A packed word beside the cell of its blank: twice the size of the word alone, for states that
/// are moved many times and stored rarely.
///
/// [`zero_cell`](PackedWord::zero_cell) then reads the blank instead of searching the word for
/// it, which a move's first step waits for. Depth-first search keeps one state per depth and
/// moves it at every node, so it gains; A* stores every state it meets, and a `u64` board is
/// better alone there (8 bytes a state instead of 16). `slide` keeps the blank up to date.
///
/// ```
/// use puzzles::{PackedWord, WithBlank};
///
/// let word = WithBlank::<u64>::pack(&[1, 2, 3, 4, 0, 5, 6, 7, 8]);
/// assert_eq!(word.zero_cell(), 4);
/// assert_eq!(word.slide(5, 4).zero_cell(), 5);
/// assert_eq!(word.slide(5, 4).cell(4), 5);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct WithBlank<Word> {
    tiles: Word,
    blank: u8,
}

impl<Word: PackedWord> WithBlank<Word> {
    /// The packed board without its blank's cell.
    pub fn word(self) -> Word {
        self.tiles
    }
}

const _: () = assert!(<u128 as PackedWord>::MAX_CELLS <= u8::MAX as usize);

impl<Word: PackedWord> PackedWord for WithBlank<Word> {
    const BITS_PER_CELL: u32 = Word::BITS_PER_CELL;
    const MAX_CELLS: usize = Word::MAX_CELLS;

    fn pack(tiles: &[u8]) -> Self {
        let tiles = Word::pack(tiles);
        WithBlank {
            tiles,
            // At most `MAX_CELLS`, which the assertion above keeps within a byte.
            blank: tiles.zero_cell() as u8,
        }
    }

    #[inline]
    fn cell(self, position: usize) -> u8 {
        self.tiles.cell(position)
    }

    #[inline]
    fn slide(self, from: usize, to: usize) -> Self {
        WithBlank {
            tiles: self.tiles.slide(from, to),
            // The tile left `from` for the blank's cell `to`, so the blank is where it was.
            blank: from as u8,
        }
    }

    #[inline]
    fn zero_cell(self) -> usize {
        usize::from(self.blank)
    }
}

const _: () = assert!(<u64 as PackedWord>::MAX_CELLS == 16);
const _: () = assert!(<u128 as PackedWord>::MAX_CELLS >= super::shape::MAX_CELLS);

#[cfg(test)]
mod tests {
    use super::{PackedWord, WithBlank};

    /// Every blank cell on boards of `cells` cells, with the tiles around it in both orders,
    /// so tiles whose only set bit is their cell's highest sit next to the blank on each side.
    fn check_zero_cell<Word: PackedWord>(cells: usize) {
        for blank in 0..cells {
            let ascending: Vec<u8> = (1..cells as u8).collect();
            let descending: Vec<u8> = ascending.iter().rev().copied().collect();
            for others in [ascending, descending] {
                let mut tiles = others;
                tiles.insert(blank, 0);
                let word = Word::pack(&tiles);
                let scanned = (0..cells).find(|&cell| word.cell(cell) == 0);
                assert_eq!(Some(word.zero_cell()), scanned, "{tiles:?}");
            }
        }
    }

    #[test]
    fn the_zero_cell_is_the_blank_on_every_board_size() {
        for cells in [2, 4, 6, 9, 12, 16] {
            check_zero_cell::<u64>(cells);
            check_zero_cell::<WithBlank<u64>>(cells);
        }
        for cells in [9, 16, 20, 25] {
            check_zero_cell::<u128>(cells);
            check_zero_cell::<WithBlank<u128>>(cells);
        }
    }

    #[test]
    fn a_word_with_its_blank_follows_every_slide() {
        let tiles = [1, 2, 3, 4, 0, 5, 6, 7, 8];
        let mut plain = u64::pack(&tiles);
        let mut tracked = WithBlank::<u64>::pack(&tiles);
        // Round the blank through every cell of a 3x3 board and back.
        for target in [1, 0, 3, 6, 7, 8, 5, 2, 1, 4] {
            let blank = tracked.zero_cell();
            plain = plain.slide(target, blank);
            tracked = tracked.slide(target, blank);
            assert_eq!(tracked.word(), plain);
            assert_eq!(tracked.zero_cell(), plain.zero_cell());
        }
    }
}
