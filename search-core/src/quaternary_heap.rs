//! A priority queue of four children a node: the open lists' heap for costs the buckets don't
//! take (floats, huge integers).
//!
//! A d-ary heap with d = 4 (Johnson, "Priority queues with update and finding minimum spanning
//! trees", Information Processing Letters 4, 1975, <https://doi.org/10.1016/0020-0190(75)90001-0>)
//! is half as deep as a binary one, and a node's four children sit side by side: a pop moves an
//! entry half as many times and touches half as many cache lines on the way down, for one more
//! comparison a level, which the compiler makes without branches. LaMarca and Ladner ("The
//! influence of caches on the performance of heaps", JEA 1, 1996,
//! <https://doi.org/10.1145/235141.235145>) measured the gain on large heaps. A pop sifts the hole
//! to the bottom and then the last entry up, as `std`'s `BinaryHeap` does (Wegener's bottom-up
//! heapsort): the entry that replaces the top came from the bottom and almost always belongs near
//! it again.

use std::collections::TryReserveError;

/// The children of a node.
const ARITY: usize = 4;

/// A max-heap of `Copy` entries: [`pop`](QuaternaryHeap::pop) returns the greatest.
#[derive(Clone, Debug, Default)]
pub(crate) struct QuaternaryHeap<T> {
    entries: Vec<T>,
}

impl<T: Ord + Copy> QuaternaryHeap<T> {
    pub(crate) fn new() -> Self {
        QuaternaryHeap {
            entries: Vec::new(),
        }
    }

    /// The number of entries.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.entries.len()
    }

    /// Empties the heap but keeps its memory.
    pub(crate) fn clear(&mut self) {
        self.entries.clear();
    }

    /// Adds `entry`, or says the memory to grow cannot be had.
    #[inline]
    pub(crate) fn push(&mut self, entry: T) -> Result<(), TryReserveError> {
        if self.entries.len() == self.entries.capacity() {
            self.entries.try_reserve(1)?;
        }
        self.entries.push(entry);
        self.sift_up(self.entries.len() - 1, entry);
        Ok(())
    }

    /// Removes and returns the greatest entry; of equal ones, which depends only on the pushes
    /// and pops before.
    #[inline]
    pub(crate) fn pop(&mut self) -> Option<T> {
        let last = self.entries.pop()?;
        let Some(&top) = self.entries.first() else {
            return Some(last);
        };
        let hole = self.sift_hole_to_bottom();
        self.sift_up(hole, last);
        Some(top)
    }

    /// Moves `entry` into the hole at `position` and up while it is greater than its parent.
    #[inline]
    fn sift_up(&mut self, mut position: usize, entry: T) {
        let entries = &mut self.entries[..];
        while position > 0 {
            let parent = (position - 1) / ARITY;
            if entry <= entries[parent] {
                break;
            }
            entries[position] = entries[parent];
            position = parent;
        }
        entries[position] = entry;
    }

    /// Moves the hole at the top down to a leaf, each step filling it with the greatest child,
    /// and returns where the hole ends. The heap must not be empty.
    ///
    /// Unchecked indexing: with bounds checks, which the compiler cannot prove away here, a pop
    /// took 5% more of Dijkstra's instructions on road grids and the searches' mispredicted
    /// branches were a sixth more (cachegrind), the pair tournament below compiled to branches.
    #[inline]
    fn sift_hole_to_bottom(&mut self) -> usize {
        let len = self.entries.len();
        debug_assert!(len > 0, "a pop sifts a heap that still holds its top");
        let entries = self.entries.as_mut_ptr();
        // Every index read or written below is below `len`: `hole` starts at the top, which
        // exists, and moves only to a child that passed one of the two bounds tests.
        let mut hole = 0;
        loop {
            let first = ARITY * hole + 1;
            let greatest = if first + ARITY <= len {
                // SAFETY: the whole family `first..first + ARITY` is below `len`, and the
                // entries are initialised `T`s, laid out as an array of them.
                let children = unsafe { &*entries.add(first).cast::<[T; ARITY]>() };
                // A tournament of pairs, whose comparisons become conditional moves. The pairs'
                // winners are selected by value, not read again by index: a second read put a
                // load after the first round's comparisons on every level's critical path, and
                // without it A* on the `explicit` bench's road grids took 3% less time (in a
                // scratch harness).
                let [a, b, c, d] = *children;
                let left_is_b = a < b;
                let right_is_d = c < d;
                let left = if left_is_b { b } else { a };
                let right = if right_is_d { d } else { c };
                first
                    + if left < right {
                        2 + usize::from(right_is_d)
                    } else {
                        usize::from(left_is_b)
                    }
            } else if first < len {
                // The last, partial family.
                (first + 1..len).fold(first, |greatest, child| {
                    // SAFETY: both are children below `len`.
                    if unsafe { *entries.add(greatest) < *entries.add(child) } {
                        child
                    } else {
                        greatest
                    }
                })
            } else {
                return hole;
            };
            // SAFETY: `greatest` is a child below `len`, and `hole`, its parent, is smaller.
            unsafe { *entries.add(hole) = *entries.add(greatest) };
            hole = greatest;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small deterministic generator, so the tests need no random crate.
    fn numbers(count: usize, mut seed: u64) -> Vec<u32> {
        (0..count)
            .map(|_| {
                seed = seed
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                (seed >> 40) as u32 % 1000
            })
            .collect()
    }

    #[test]
    fn pops_come_out_greatest_first() {
        for count in [0, 1, 2, 3, 4, 5, 6, 17, 100, 1000] {
            let values = numbers(count, count as u64);
            let mut heap = QuaternaryHeap::new();
            for &value in &values {
                heap.push(value).unwrap();
            }
            assert_eq!(heap.len(), count);
            let popped: Vec<u32> = std::iter::from_fn(|| heap.pop()).collect();
            let mut sorted = values;
            sorted.sort_unstable_by(|a, b| b.cmp(a));
            assert_eq!(popped, sorted, "{count} entries");
        }
    }

    #[test]
    fn pushes_between_pops_keep_the_order() {
        // Against std's binary heap, which pops the same greatest values.
        let values = numbers(5000, 7);
        let mut ours = QuaternaryHeap::new();
        let mut theirs = std::collections::BinaryHeap::new();
        for (step, &value) in values.iter().enumerate() {
            ours.push(value).unwrap();
            theirs.push(value);
            if step % 3 == 2 {
                assert_eq!(ours.pop(), theirs.pop());
                assert_eq!(ours.pop(), theirs.pop());
            }
        }
        while let Some(value) = theirs.pop() {
            assert_eq!(ours.pop(), Some(value));
        }
        assert_eq!(ours.pop(), None);
    }

    #[test]
    fn a_cleared_heap_is_empty_and_fills_again() {
        let mut heap = QuaternaryHeap::new();
        heap.push(3).unwrap();
        heap.push(9).unwrap();
        heap.clear();
        assert_eq!(heap.pop(), None);
        heap.push(4).unwrap();
        heap.push(8).unwrap();
        assert_eq!(heap.pop(), Some(8));
        assert_eq!(heap.pop(), Some(4));
    }
}
