//! The open list of best-first search: lowest f first, ties toward larger g.
//!
//! A binary heap with lazy deletion (see Edelkamp and Schrödl, *Heuristic Search*, 2012, §3.1):
//! a cheaper path to a queued node pushes a second entry instead of finding and updating the
//! first, and the search skips entries whose g is no longer the node's. A heap rather than a
//! bucket queue because costs may be any unsigned integers: buckets indexed by f would need
//! memory proportional to the cost range, which arbitrary edge weights make unbounded.

use std::cmp::Ordering;
use std::collections::BinaryHeap;

use crate::cost::Cost;

/// A queued reference to stored node `index`, with the f and g it had when queued.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Entry<C> {
    pub(crate) f: C,
    pub(crate) g: C,
    pub(crate) index: u32,
}

impl<C: Cost> Ord for Entry<C> {
    /// "Greater" means "expanded sooner", because `BinaryHeap` pops its maximum. Larger g breaks
    /// ties on f: among equally promising nodes the deeper one is closer to a goal, which on the
    /// last f layer reaches the goal after the fewest expansions. The index makes the order total
    /// and deterministic.
    fn cmp(&self, other: &Self) -> Ordering {
        other
            .f
            .cmp(&self.f)
            .then(self.g.cmp(&other.g))
            .then(self.index.cmp(&other.index))
    }
}

impl<C: Cost> PartialOrd for Entry<C> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// Open nodes by priority.
#[derive(Debug)]
pub(crate) struct OpenList<C> {
    heap: BinaryHeap<Entry<C>>,
}

impl<C: Cost> OpenList<C> {
    pub(crate) fn new() -> Self {
        OpenList {
            heap: BinaryHeap::new(),
        }
    }

    #[inline]
    pub(crate) fn push(&mut self, index: u32, g: C, h: C) {
        self.heap.push(Entry {
            f: g.saturating_add(h),
            g,
            index,
        });
    }

    /// The most promising entry, possibly stale: the caller compares its g with the node's.
    #[inline]
    pub(crate) fn pop(&mut self) -> Option<Entry<C>> {
        self.heap.pop()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lowest_f_first_then_largest_g() {
        let mut open = OpenList::<u8>::new();
        open.push(0, 1, 5); // f 6
        open.push(1, 4, 1); // f 5, deeper
        open.push(2, 2, 3); // f 5
        open.push(3, 0, 9); // f 9
        let order: Vec<u32> = std::iter::from_fn(|| open.pop()).map(|e| e.index).collect();
        assert_eq!(order, [1, 2, 0, 3]);
    }

    #[test]
    fn huge_estimates_saturate_instead_of_overflowing() {
        let mut open = OpenList::<u8>::new();
        open.push(0, 200, 200);
        open.push(1, 0, 254);
        assert_eq!(open.pop().map(|e| (e.index, e.f)), Some((1, 254)));
        assert_eq!(open.pop().map(|e| (e.index, e.f)), Some((0, u8::MAX)));
    }
}
