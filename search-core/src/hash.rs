//! The one place that names the hash function.
//!
//! Every hashed container in the crate goes through these aliases, so swapping the hasher (fxhash
//! is unmaintained upstream, though fast and stable) is a one-line change.

use std::hash::{BuildHasherDefault, Hasher};

/// The hasher builder used by every hashed visited set and node store.
pub type FastHasher = BuildHasherDefault<FoldedFxHasher>;

/// A `HashSet` using [`FastHasher`].
pub type FastHashSet<T> = std::collections::HashSet<T, FastHasher>;

/// A `HashMap` using [`FastHasher`].
pub type FastHashMap<K, V> = std::collections::HashMap<K, V, FastHasher>;

/// fxhash's hasher, its result folded so that every bit of it depends on every bit of the input.
///
/// Why: fxhash ends in a multiplication, whose low bits depend only on the input's low bits,
/// and hash tables pick a bucket by the low bits. Packed states that share their low bits
/// (sliding-tile boards whose first cells agree, as around a goal) then all land in one group
/// of buckets: the 8-puzzle A* probed about ten groups per lookup instead of one, and `slide
/// graph` on the 15-puzzle spent most of its time probing. A widening
/// multiplication folded in half, as rustc-hash 2 finishes, mixes every input bit into the low
/// bits for one more multiplication per hash.
#[derive(Clone, Default)]
pub struct FoldedFxHasher(fxhash::FxHasher);

impl std::fmt::Debug for FoldedFxHasher {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FoldedFxHasher").finish_non_exhaustive()
    }
}

impl Hasher for FoldedFxHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        self.0.write(bytes);
    }

    #[inline]
    fn write_u8(&mut self, value: u8) {
        self.0.write_u8(value);
    }

    #[inline]
    fn write_u16(&mut self, value: u16) {
        self.0.write_u16(value);
    }

    #[inline]
    fn write_u32(&mut self, value: u32) {
        self.0.write_u32(value);
    }

    #[inline]
    fn write_u64(&mut self, value: u64) {
        self.0.write_u64(value);
    }

    #[inline]
    fn write_usize(&mut self, value: usize) {
        self.0.write_usize(value);
    }

    #[inline]
    fn finish(&self) -> u64 {
        const SPREAD: u128 = 0x9E37_79B9_7F4A_7C15;
        let wide = u128::from(self.0.finish()) * SPREAD;
        // Truncation intended: the two halves of the product are folded together.
        (wide as u64) ^ ((wide >> 64) as u64)
    }
}

/// Hashes one value with [`FastHasher`], for tables that store indices and hash the state they
/// point to.
#[inline]
pub(crate) fn hash_one<T: std::hash::Hash + ?Sized>(value: &T) -> u64 {
    use std::hash::BuildHasher;
    FastHasher::default().hash_one(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_differing_only_in_high_bits_spread_over_the_low_bits() {
        // Packed boards that share their first cells differ only in high bits; tables pick
        // buckets by the low bits, which must still tell them apart.
        let buckets: std::collections::HashSet<u64> = (0..4096u64)
            .map(|high| hash_one(&(high << 40)) & 0xfff)
            .collect();
        assert!(
            buckets.len() > 2048,
            "only {} of 4096 buckets",
            buckets.len()
        );
    }
}
