//! Ranking permutations in lexicographic order (the Cantor / Lehmer code), for dense visited
//! sets over boards.

/// The most elements a rank in `u64` covers: 20! < 2^64 < 21!.
pub const MAX_RANKED: usize = 20;

/// `n!` for `n` in `0..=20`.
const FACTORIALS: [u64; MAX_RANKED + 1] = {
    let mut table = [1u64; MAX_RANKED + 1];
    let mut n = 1;
    while n <= MAX_RANKED {
        table[n] = table[n - 1] * n as u64;
        n += 1;
    }
    table
};

/// `n!`, if it fits in a `u64` (`n <= 20`).
pub fn factorial(n: usize) -> Option<u64> {
    FACTORIALS.get(n).copied()
}

/// The position of `permutation` (a permutation of `0..n`, `n <= 20`) in the lexicographic order
/// of all permutations of `0..n`: `0` for the identity, `n! - 1` for the reversal.
///
/// Each element contributes the number of smaller elements not yet used times the factorial of
/// the remaining length; a bitmask of used elements makes that count one popcount, so ranking is
/// linear.
///
/// ```
/// use puzzles::{permutation_rank, permutation_unrank};
///
/// assert_eq!(permutation_rank(&[0, 1, 2]), 0);
/// assert_eq!(permutation_rank(&[2, 1, 0]), 5);
/// assert_eq!(permutation_unrank(3, 3), Some(vec![1, 2, 0]));
/// ```
///
/// # Panics
/// If `permutation` is longer than [`MAX_RANKED`] or is not a permutation of `0..n`.
pub fn permutation_rank(permutation: &[u8]) -> u64 {
    let length = permutation.len();
    assert!(
        length <= MAX_RANKED,
        "at most {MAX_RANKED} elements can be ranked in a u64"
    );
    let mut used: u32 = 0;
    let mut rank = 0;
    for (index, &element) in permutation.iter().enumerate() {
        let below = (1u32 << element) - 1;
        let smaller_unused = u64::from(element) - u64::from((used & below).count_ones());
        rank += smaller_unused * FACTORIALS[length - 1 - index];
        used |= 1 << element;
    }
    assert_eq!(used.count_ones() as usize, length, "not a permutation");
    rank
}

/// The permutation of `0..length` with lexicographic rank `rank`, the inverse of
/// [`permutation_rank`]; `None` if `length > 20` or `rank >= length!`.
pub fn permutation_unrank(rank: u64, length: usize) -> Option<Vec<u8>> {
    if rank >= factorial(length)? {
        return None;
    }
    let mut unused: Vec<u8> = (0..length as u8).collect();
    let mut remainder = rank;
    let mut permutation = Vec::with_capacity(length);
    for index in 0..length {
        let weight = FACTORIALS[length - 1 - index];
        let digit = (remainder / weight) as usize;
        remainder %= weight;
        permutation.push(unused.remove(digit));
    }
    Some(permutation)
}
