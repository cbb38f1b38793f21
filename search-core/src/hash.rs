//! The one place that names the hash function.
//!
//! Every hashed container in the crate goes through these aliases, so swapping the hasher (fxhash
//! is unmaintained upstream, though fast and stable) is a one-line change.

/// The hasher builder used by every hashed visited set and node store.
pub type FastHasher = fxhash::FxBuildHasher;

/// A `HashSet` using [`FastHasher`].
pub type FastHashSet<T> = std::collections::HashSet<T, FastHasher>;

/// A `HashMap` using [`FastHasher`].
pub type FastHashMap<K, V> = std::collections::HashMap<K, V, FastHasher>;

/// Hashes one value with [`FastHasher`], for tables that store indices and hash the state they
/// point to.
#[inline]
pub(crate) fn hash_one<T: std::hash::Hash + ?Sized>(value: &T) -> u64 {
    use std::hash::BuildHasher;
    FastHasher::default().hash_one(value)
}
