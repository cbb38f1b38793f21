//! Path costs: the integer types a [`Problem`](crate::Problem) may use.

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::Add;

/// A non-negative path cost.
///
/// Implemented for the unsigned integer types; signed integers and floats come in through the
/// checked wrappers [`Signed`](crate::cost::Signed) and [`FloatCost`](crate::FloatCost), whose
/// constructors refuse negative values with a typed error. Searches add costs along a path, so the type must
/// be wide enough to hold the cost of every path the search may consider (`u8` suits puzzles
/// whose optimal solutions are short, `u32` is a safe default). Sums saturate at
/// [`MAX`](Cost::MAX), the searches' infinity, so a solution costs less than `MAX`: a search
/// whose cheapest path left reaches it stops with
/// [`Limit::CostOverflow`](crate::Limit::CostOverflow) rather than compare saturated sums.
/// Zero-cost actions are allowed, in every algorithm.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a search-core cost",
    label = "not a `Cost`",
    note = "costs are the unsigned integers (u8, u16, u32, u64, usize), `FloatCost` for floats \
            (`FloatCost::of(1.5)`, or `FloatCost::try_from(x)` for weights that may be negative \
            or NaN) and `Signed` for signed integers (`Signed::try_from(-1i32)` is an error)"
)]
pub trait Cost:
    Copy + Ord + Hash + Debug + Default + Add<Output = Self> + Send + Sync + 'static
{
    /// The cost of the empty path.
    const ZERO: Self;
    /// The cost of one unit step.
    const ONE: Self;
    /// The largest representable cost, used as "infinity" by searches.
    const MAX: Self;

    /// Widens the cost to `u64`, the unit in which [`Statistics`](crate::Statistics) reports
    /// thresholds.
    fn to_u64(self) -> u64;

    /// Adds two costs, saturating at [`Cost::MAX`] instead of overflowing.
    fn saturating_add(self, other: Self) -> Self;

    /// Subtracts `other`, saturating at [`Cost::ZERO`] instead of underflowing.
    fn saturating_sub(self, other: Self) -> Self;

    /// Whether [`to_u64`](Cost::to_u64) keeps every distinct cost apart and in order, so that
    /// the open lists may file entries in buckets by it; true for integers. A cost with fractions
    /// ([`FloatCost`](crate::FloatCost)) says false, and open lists then order it in a heap.
    const BUCKETED: bool = true;

    /// An unsigned integer that orders as the costs do (`a < b` exactly when
    /// `a.order_key() < b.order_key()`), or `None` for every cost of a type that has none.
    ///
    /// The open lists' heaps compare entries by these keys, f's and g's as one 128-bit number,
    /// where comparing the costs themselves takes two comparisons and a conditional move (with
    /// the heap's other change of the same commit, A* on the `explicit` bench's road grids went
    /// from 38.1 ms to 35.0 ms). Without keys they compare the costs. By default [`to_u64`](Cost::to_u64) for [`BUCKETED`](Cost::BUCKETED) costs, which
    /// promise that it orders them, and `None` for the others; [`FloatCost`](crate::FloatCost)
    /// gives its bits.
    #[inline]
    fn order_key(self) -> Option<u64> {
        Self::BUCKETED.then(|| self.to_u64())
    }
}

macro_rules! impl_cost {
    ($($t:ty),*) => {$(
        impl Cost for $t {
            const ZERO: Self = 0;
            const ONE: Self = 1;
            const MAX: Self = <$t>::MAX;

            #[inline]
            fn to_u64(self) -> u64 {
                self as u64
            }

            #[inline]
            fn saturating_add(self, other: Self) -> Self {
                <$t>::saturating_add(self, other)
            }

            #[inline]
            fn saturating_sub(self, other: Self) -> Self {
                <$t>::saturating_sub(self, other)
            }
        }
    )*};
}

impl_cost!(u8, u16, u32, u64, usize);
