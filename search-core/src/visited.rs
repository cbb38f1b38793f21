//! Visited sets: how a search remembers the states it has seen, chosen by the caller.
//!
//! Three encodings, after petgraph's `Visitable` (bitset for dense indices, hash set otherwise,
//! <https://docs.rs/petgraph/latest/petgraph/visit/trait.Visitable.html>):
//! [`HashVisited`] works for every problem, [`DenseVisited`] spends one bit per rank for problems
//! with a [`PerfectRank`], and [`OrderedVisited`] keeps states sorted for states that hash poorly
//! or when a deterministic iteration order matters.

use std::collections::{BTreeSet, TryReserveError};
use std::fmt;

use crate::hash::FastHashSet;
use crate::problem::{PerfectRank, Problem};

/// A set of states of problem `P`, as used by [`bfs_with`](crate::breadth_first::bfs_with) and
/// [`bfs_layers`](crate::breadth_first::bfs_layers).
pub trait VisitedSet<P: Problem + ?Sized> {
    /// Adds `state`; returns `true` if `state` was not in the set.
    fn insert(&mut self, problem: &P, state: &P::State) -> bool;

    /// Whether `state` is in the set.
    fn contains(&self, problem: &P, state: &P::State) -> bool;

    /// The number of states in the set.
    fn len(&self) -> usize;

    /// Whether the set is empty.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether [`bfs_with`](crate::breadth_first::bfs_with) and
    /// [`multi_source_bfs_with`](crate::breadth_first::multi_source_bfs_with) may use an index over their own
    /// search tree instead of this set, so that each state is stored once rather than twice:
    /// true for [`HashVisited`] (which is then left empty), false by default and for a set
    /// lent by `&mut`, which the search fills for its owner to read.
    const TREE_INDEX: bool = false;
}

/// A hash set of states: works for every problem, one hash per lookup.
#[derive(Clone, Debug)]
pub struct HashVisited<State> {
    states: FastHashSet<State>,
}

impl<State> Default for HashVisited<State> {
    fn default() -> Self {
        HashVisited {
            states: FastHashSet::default(),
        }
    }
}

impl<State> HashVisited<State> {
    /// An empty set with room for `capacity` states before it reallocates.
    pub fn with_capacity(capacity: usize) -> Self {
        HashVisited {
            states: FastHashSet::with_capacity_and_hasher(capacity, Default::default()),
        }
    }

    /// The number of states in the set.
    ///
    /// The same as [`VisitedSet::len`], callable without naming the problem: the set implements
    /// [`VisitedSet`] for every problem whose states it holds, so the trait's method alone needs
    /// a turbofish (`VisitedSet::<P>::len(&set)`) where this one does not.
    ///
    /// ```
    /// use search_core::{breadth_first::bfs_with, from_fn, visited::HashVisited, Limits, observer::NoObserver};
    ///
    /// let ring = from_fn(|&n: &u8| [((n + 1) % 5, 1u32)], |_| false);
    /// let mut visited = HashVisited::default();
    /// bfs_with(&ring, 0, &mut visited, &Limits::default(), NoObserver);
    /// assert_eq!(visited.len(), 5);
    /// ```
    pub fn len(&self) -> usize {
        self.states.len()
    }

    /// Whether the set is empty; see [`len`](HashVisited::len).
    pub fn is_empty(&self) -> bool {
        self.states.is_empty()
    }
}

impl<P: Problem + ?Sized> VisitedSet<P> for HashVisited<P::State> {
    const TREE_INDEX: bool = true;

    #[inline]
    fn insert(&mut self, _problem: &P, state: &P::State) -> bool {
        // Cloning up front keeps it to one hash per successor; states are meant to be compact,
        // so the clone of a duplicate is cheaper than hashing it twice.
        self.states.insert(state.clone())
    }

    #[inline]
    fn contains(&self, _problem: &P, state: &P::State) -> bool {
        self.states.contains(state)
    }

    fn len(&self) -> usize {
        self.states.len()
    }
}

/// A bitset indexed by [`PerfectRank::rank`]: one bit per possible state and no hashing.
///
/// It pays off when a large share of the `rank_count()` states is reached, as in an exhaustive
/// search of the 8-puzzle (9! ranks, 45 KiB).
///
/// # Panics
/// [`insert`](VisitedSet::insert) and [`contains`](VisitedSet::contains) panic if the problem's
/// [`rank`](PerfectRank::rank) breaks its contract by returning a rank outside
/// `0..rank_count()`.
#[derive(Clone, Debug)]
pub struct DenseVisited {
    words: Vec<u64>,
    rank_count: u64,
    len: usize,
}

impl DenseVisited {
    /// An empty set with one bit for each of `problem.rank_count()` ranks.
    ///
    /// # Errors
    /// [`DenseVisitedError`] if the bitset does not fit the address space or the allocator
    /// refuses it; a hashed set is then the way to go.
    ///
    /// ```
    /// use search_core::{visited::DenseVisited, problem::PerfectRank, Problem, Successors, visited::VisitedSet};
    ///
    /// struct Ring;
    /// impl Problem for Ring {
    ///     type State = u8; type Action = (); type Cost = u32;
    ///     fn is_goal(&self, _: &u8) -> bool { false }
    ///     fn successors(&self, _: &u8, _: &mut Successors<Self>) {}
    /// }
    /// impl PerfectRank for Ring {
    ///     fn rank_count(&self) -> u64 { 256 }
    ///     fn rank(&self, state: &u8) -> u64 { u64::from(*state) }
    /// }
    ///
    /// let mut visited = DenseVisited::for_problem(&Ring)?;
    /// assert!(visited.insert(&Ring, &200));
    /// assert!(!visited.insert(&Ring, &200));
    /// assert!(visited.contains(&Ring, &200) && !visited.contains(&Ring, &7));
    /// # Ok::<(), search_core::visited::DenseVisitedError>(())
    /// ```
    pub fn for_problem<P: PerfectRank + ?Sized>(problem: &P) -> Result<Self, DenseVisitedError> {
        let rank_count = problem.rank_count();
        let word_count = usize::try_from(rank_count.div_ceil(64))
            .map_err(|_| DenseVisitedError::TooLarge { rank_count })?;
        let mut words = Vec::new();
        words
            .try_reserve_exact(word_count)
            .map_err(|source| DenseVisitedError::OutOfMemory { rank_count, source })?;
        words.resize(word_count, 0);
        Ok(DenseVisited {
            words,
            rank_count,
            len: 0,
        })
    }

    /// The word and bit mask of `rank`.
    #[inline]
    fn locate(&self, rank: u64) -> (usize, u64) {
        assert!(
            rank < self.rank_count,
            "PerfectRank::rank returned {rank}, outside 0..{}",
            self.rank_count
        );
        // The constructor proved that every word index below rank_count / 64 fits usize.
        ((rank / 64) as usize, 1 << (rank % 64))
    }
}

impl DenseVisited {
    /// The number of ranks in the set, callable without naming the problem (see
    /// [`HashVisited::len`]).
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

impl<P: PerfectRank + ?Sized> VisitedSet<P> for DenseVisited {
    #[inline]
    fn insert(&mut self, problem: &P, state: &P::State) -> bool {
        let (word, mask) = self.locate(problem.rank(state));
        let fresh = self.words[word] & mask == 0;
        self.words[word] |= mask;
        self.len += usize::from(fresh);
        fresh
    }

    #[inline]
    fn contains(&self, problem: &P, state: &P::State) -> bool {
        let (word, mask) = self.locate(problem.rank(state));
        self.words[word] & mask != 0
    }

    fn len(&self) -> usize {
        self.len
    }
}

/// Why a [`DenseVisited`] could not be made.
#[derive(Debug)]
#[non_exhaustive]
pub enum DenseVisitedError {
    /// The bitset has more words than the address space can index.
    TooLarge {
        /// The problem's [`rank_count`](PerfectRank::rank_count).
        rank_count: u64,
    },
    /// The allocator refused the bitset.
    OutOfMemory {
        /// The problem's [`rank_count`](PerfectRank::rank_count).
        rank_count: u64,
        /// The allocation failure.
        source: TryReserveError,
    },
}

impl fmt::Display for DenseVisitedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DenseVisitedError::TooLarge { rank_count } => {
                write!(
                    f,
                    "a bitset of {rank_count} ranks does not fit the address space"
                )
            }
            DenseVisitedError::OutOfMemory { rank_count, .. } => {
                write!(f, "not enough memory for a bitset of {rank_count} ranks")
            }
        }
    }
}

impl std::error::Error for DenseVisitedError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            DenseVisitedError::TooLarge { .. } => None,
            DenseVisitedError::OutOfMemory { source, .. } => Some(source),
        }
    }
}

/// A sorted set of states (`BTreeSet`): no hashing, `O(log n)` comparisons per lookup.
#[derive(Clone, Debug)]
pub struct OrderedVisited<State: Ord> {
    states: BTreeSet<State>,
}

impl<State: Ord> Default for OrderedVisited<State> {
    fn default() -> Self {
        OrderedVisited {
            states: BTreeSet::new(),
        }
    }
}

impl<State: Ord> OrderedVisited<State> {
    /// The number of states in the set, callable without naming the problem (see
    /// [`HashVisited::len`]).
    pub fn len(&self) -> usize {
        self.states.len()
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.states.is_empty()
    }
}

impl<P> VisitedSet<P> for OrderedVisited<P::State>
where
    P: Problem + ?Sized,
    P::State: Ord,
{
    #[inline]
    fn insert(&mut self, _problem: &P, state: &P::State) -> bool {
        self.states.insert(state.clone())
    }

    #[inline]
    fn contains(&self, _problem: &P, state: &P::State) -> bool {
        self.states.contains(state)
    }

    fn len(&self) -> usize {
        self.states.len()
    }
}

impl<P: Problem + ?Sized, V: VisitedSet<P> + ?Sized> VisitedSet<P> for &mut V {
    #[inline]
    fn insert(&mut self, problem: &P, state: &P::State) -> bool {
        (**self).insert(problem, state)
    }

    #[inline]
    fn contains(&self, problem: &P, state: &P::State) -> bool {
        (**self).contains(problem, state)
    }

    fn len(&self) -> usize {
        (**self).len()
    }
}
