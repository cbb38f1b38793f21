//! Signed and floating-point costs, checked once where they enter: a value is made a cost only
//! if it is not negative (and, for floats, a number), so the searches keep their assumption that
//! no action has a negative cost, and a domain with `i32` or `f64` weights plugs in without a
//! conversion of its own.

use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::Add;

use super::integer::Cost;

/// Why a value cannot be a cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum CostError {
    /// The value is negative: Dijkstra's algorithm, A* and every other search here assume no
    /// action has a negative cost (use a Bellman-Ford search, such as petgraph's, for those).
    Negative,
    /// The value is a floating-point NaN, which has no order.
    NotANumber,
}

impl fmt::Display for CostError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            CostError::Negative => "a cost must not be negative",
            CostError::NotANumber => "a cost must be a number, not NaN",
        })
    }
}

impl std::error::Error for CostError {}

/// A signed integer known not to be negative: a [`Cost`] for domains whose weights are `i32`
/// or `i64`.
///
/// ```
/// use search_core::{dijkstra, from_fn, cost::CostError, cost::Signed};
///
/// let cost = |value: i32| Signed::new(value).expect("the weights below are not negative");
/// let line = from_fn(move |&n: &i32| [(n + 1, cost(2))], |&n| n == 3);
/// let solution = dijkstra(&line, 0).into_solution().expect("reachable");
/// assert_eq!(solution.cost.get(), 6);
/// assert_eq!(Signed::new(-1), Err(CostError::Negative));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Signed<T>(T);

/// The signed integer types a [`Signed`] cost wraps: `i8`, `i16`, `i32`, `i64` and `isize`.
///
/// Sealed: implemented for those types only, so that [`Signed::new`] is one generic function
/// (`Signed::new(3_i32)` needs no turbofish).
pub trait SignedInteger: Copy + Ord + std::fmt::Debug + sealed::Sealed {
    /// Zero of the type.
    const ZERO: Self;
}

mod sealed {
    pub trait Sealed {}
}

impl<T: SignedInteger> Signed<T> {
    /// `value` as a cost.
    ///
    /// # Errors
    /// [`CostError::Negative`] if `value` is below zero.
    pub fn new(value: T) -> Result<Self, CostError> {
        if value < T::ZERO {
            Err(CostError::Negative)
        } else {
            Ok(Signed(value))
        }
    }

    /// The value.
    pub fn get(self) -> T {
        self.0
    }
}

macro_rules! impl_signed {
    ($($t:ty),*) => {$(
        impl sealed::Sealed for $t {}

        impl SignedInteger for $t {
            const ZERO: Self = 0;
        }

        impl TryFrom<$t> for Signed<$t> {
            type Error = CostError;

            fn try_from(value: $t) -> Result<Self, CostError> {
                Signed::new(value)
            }
        }

        impl Add for Signed<$t> {
            type Output = Self;

            /// Saturating, like the searches' own sums: two costs never add up to a negative.
            #[inline]
            fn add(self, other: Self) -> Self {
                Signed(self.0.saturating_add(other.0))
            }
        }

        impl Cost for Signed<$t> {
            const ZERO: Self = Signed(0);
            const ONE: Self = Signed(1);
            const MAX: Self = Signed(<$t>::MAX);

            #[inline]
            fn to_u64(self) -> u64 {
                // Not negative, by construction, so the cast keeps the value.
                self.0 as u64
            }

            #[inline]
            fn saturating_add(self, other: Self) -> Self {
                Signed(self.0.saturating_add(other.0))
            }

            #[inline]
            fn saturating_sub(self, other: Self) -> Self {
                Signed(self.0.saturating_sub(other.0).max(0))
            }
        }
    )*};
}

impl_signed!(i8, i16, i32, i64, isize);

/// A floating-point cost that is a number and not negative, ordered totally: a [`Cost`] for
/// domains whose weights are `f64` (distances on a map, say).
///
/// Sums may round, as floating-point sums do, so two paths whose exact costs are equal may
/// compare unequal; searches still return a path whose rounded sum is the least they compared.
/// Infinity is the searches' [`MAX`](Cost::MAX): a path that costs it is reported as
/// [`Limit::CostOverflow`](crate::Limit::CostOverflow). Open lists order these costs in a binary
/// heap (see [`Cost::BUCKETED`]).
///
/// Three ways in: [`FloatCost::of`] for weights known to be valid (it panics, naming the value,
/// on a negative one or NaN), [`FloatCost::new`] or `try_from` for weights read from outside
/// (a [`CostError`] instead). Costs add, subtract (down to zero), scale by an `f64` and sum.
///
/// ```
/// use search_core::{dijkstra, from_fn, cost::CostError, FloatCost};
///
/// let roads = from_fn(
///     |&town: &u8| match town {
///         0 => vec![(1, FloatCost::of(0.5)), (2, FloatCost::of(2.0))],
///         1 => vec![(2, FloatCost::of(0.75))],
///         _ => vec![],
///     },
///     |&town| town == 2,
/// );
/// assert_eq!(dijkstra(&roads, 0).into_solution().map(|solution| solution.cost.get()), Some(1.25));
/// assert_eq!(FloatCost::new(-0.5), Err(CostError::Negative));
/// assert_eq!(FloatCost::try_from(f64::NAN), Err(CostError::NotANumber));
///
/// let legs = [FloatCost::of(1.5), FloatCost::of(2.5)];
/// let total: FloatCost = legs.iter().sum();
/// assert_eq!(total, FloatCost::of(4.0));
/// assert_eq!(total * 0.5 - FloatCost::of(0.5), FloatCost::of(1.5));
/// assert_eq!(FloatCost::of(1.0) - FloatCost::of(3.0), FloatCost::of(0.0));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct FloatCost(f64);

impl FloatCost {
    /// `value` as a cost; negative zero becomes zero, so that equal costs hash equally.
    ///
    /// # Errors
    /// [`CostError::NotANumber`] for NaN, [`CostError::Negative`] below zero.
    #[inline]
    pub fn new(value: f64) -> Result<Self, CostError> {
        // One comparison on the way every valid cost takes, since NaN compares false: it runs
        // for every edge of a float problem.
        if value >= 0.0 {
            // `+ 0.0` turns -0.0 into 0.0 and leaves every other value as it is.
            Ok(FloatCost(value + 0.0))
        } else if value.is_nan() {
            Err(CostError::NotANumber)
        } else {
            Err(CostError::Negative)
        }
    }

    /// The value.
    pub const fn get(self) -> f64 {
        self.0
    }

    /// The cost `value`, for weights known to be numbers and not negative (constants, lengths).
    ///
    /// # Panics
    /// If `value` is negative or NaN, with a message that names it; use [`FloatCost::new`] or
    /// `FloatCost::try_from` for weights that may be invalid.
    #[inline]
    #[track_caller]
    pub fn of(value: f64) -> Self {
        match FloatCost::new(value) {
            Ok(cost) => cost,
            Err(error) => panic!("FloatCost::of({value}): {error}"),
        }
    }
}

/// The difference, down to zero: a cost is never negative.
impl std::ops::Sub for FloatCost {
    type Output = Self;

    #[inline]
    fn sub(self, other: Self) -> Self {
        self.saturating_sub(other)
    }
}

/// The cost scaled by `factor`.
///
/// # Panics
/// If `factor` is negative or NaN, or is zero times an infinite cost: the product would not be
/// a cost.
impl std::ops::Mul<f64> for FloatCost {
    type Output = Self;

    #[inline]
    #[track_caller]
    fn mul(self, factor: f64) -> Self {
        assert!(
            factor >= 0.0,
            "FloatCost * {factor}: a cost scales only by a number that is not negative"
        );
        FloatCost::of(self.0 * factor)
    }
}

impl std::iter::Sum for FloatCost {
    fn sum<I: Iterator<Item = Self>>(costs: I) -> Self {
        costs.fold(FloatCost::ZERO, |total, cost| total + cost)
    }
}

impl<'cost> std::iter::Sum<&'cost FloatCost> for FloatCost {
    fn sum<I: Iterator<Item = &'cost FloatCost>>(costs: I) -> Self {
        costs.copied().sum()
    }
}

impl fmt::Display for FloatCost {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

impl TryFrom<f64> for FloatCost {
    type Error = CostError;

    fn try_from(value: f64) -> Result<Self, CostError> {
        FloatCost::new(value)
    }
}

// Never NaN, by construction and because sums of non-negative numbers are never NaN, so the
// partial order is total and equality is reflexive.
impl Eq for FloatCost {}

impl Ord for FloatCost {
    /// The order of the bit patterns: for the values a cost can hold (zero, positive numbers
    /// and infinity; never NaN nor negative zero), IEEE 754 bits read as an unsigned integer
    /// order as the numbers do, and one integer comparison is cheaper than `total_cmp`'s
    /// sign fix-ups on every comparison of a search's priority queue.
    #[inline]
    fn cmp(&self, other: &Self) -> Ordering {
        debug_assert!(self.0.is_sign_positive() && other.0.is_sign_positive());
        self.0.to_bits().cmp(&other.0.to_bits())
    }
}

impl PartialOrd for FloatCost {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Hash for FloatCost {
    fn hash<H: Hasher>(&self, state: &mut H) {
        // Never -0.0, so equal values have equal bits.
        self.0.to_bits().hash(state);
    }
}

impl Add for FloatCost {
    type Output = Self;

    #[inline]
    fn add(self, other: Self) -> Self {
        FloatCost(self.0 + other.0)
    }
}

impl Cost for FloatCost {
    const ZERO: Self = FloatCost(0.0);
    const ONE: Self = FloatCost(1.0);
    const MAX: Self = FloatCost(f64::INFINITY);
    const BUCKETED: bool = false;

    /// Rounded down, saturating at `u64::MAX` (infinity included): statistics report
    /// thresholds in whole units.
    #[inline]
    fn to_u64(self) -> u64 {
        self.0 as u64
    }

    /// The bits of the `f64`, which for the values a cost holds order as the numbers do, as
    /// [`Ord`] says.
    #[inline]
    fn order_key(self) -> Option<u64> {
        Some(self.0.to_bits())
    }

    /// Plain addition: an overflow is infinity, which is [`MAX`](Cost::MAX) already.
    #[inline]
    fn saturating_add(self, other: Self) -> Self {
        FloatCost(self.0 + other.0)
    }

    /// Zero when `other` is at least `self`, which also keeps infinity minus infinity from
    /// being NaN.
    #[inline]
    fn saturating_sub(self, other: Self) -> Self {
        if self.0 <= other.0 {
            FloatCost::ZERO
        } else {
            FloatCost(self.0 - other.0)
        }
    }
}
