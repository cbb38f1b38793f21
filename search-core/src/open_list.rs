//! The open list of best-first search: lowest f first, ties toward larger g.
//!
//! A two-level bucket queue (Dial, "Algorithm 360: shortest-path forest with topological
//! ordering", 1969, <https://doi.org/10.1145/363269.363610>; the f-then-g layout follows Burns et
//! al., "Implementing Fast Heuristic Search Code", SoCS 2012,
//! <https://doi.org/10.1609/socs.v3i1.18240>): one bucket per f value, and inside it one stack
//! per g value, so that pushing and popping cost O(1) instead of a heap's O(log n) comparisons,
//! and a queued entry is only the node's 32-bit index. Lazy deletion as in Edelkamp and Schrödl,
//! *Heuristic Search*, 2012, §3.1: a cheaper path to a queued node pushes a second entry instead
//! of finding and updating the first, and the search skips entries whose g is no longer the
//! node's.
//!
//! Costs may be any unsigned integers, and buckets indexed by f need memory proportional to the
//! cost range, so entries whose f reaches [`BUCKETED_F`] go to a heap instead (a
//! [`QuaternaryHeap`], four children a node). Every bucketed f is below every heaped f, so the
//! heap is consulted only once the buckets are empty: unit-cost puzzles never touch it, and
//! problems with huge costs lose nothing but the buckets' speed. Heap entries carry the
//! [order keys](Cost::order_key) of f and g where the cost type has them (integers, floats), so
//! that one 128-bit comparison orders two entries.

use crate::quaternary_heap::QuaternaryHeap;
use std::cmp::Ordering;
use std::collections::TryReserveError;

use crate::cost::Cost;

/// Entries with an f below this are kept in buckets; the rest, and saturated ones, in the heap. Large enough for the
/// 24-puzzle's f values (about 150), small enough that the bucket headers of a sparse cost range
/// stay a few megabytes at worst.
const BUCKETED_F: u64 = 1 << 10;

/// The words of [`OpenList`]'s bitset of non-empty layers.
// Cannot truncate: `BUCKETED_F` is a small constant.
const LAYER_WORDS: usize = (BUCKETED_F / 64) as usize;
const _: () = assert!(BUCKETED_F % 64 == 0, "every layer has its bit");

/// The first allocation of a stack, in entries.
const STACK_START: usize = 64;

/// The entries of a chunk, the unit in which large stacks grow and shrink.
///
/// A stack that were one `Vec` would keep the memory of its popped entries, and would grow by
/// copying into a buffer twice as large, which the allocator leaves resident in the heap once it
/// serves blocks of that size from the heap (glibc does after the node table frees its old
/// slots): in a 20-million-node A* the open list held twice its entries resident, 3.7 bytes per
/// stored node. Fixed-size chunks, recycled through a spare list, keep it at about its peak
/// number of entries.
const CHUNK: usize = 1 << 12;

/// What [`OpenList::pop`] returns: a stored node's index with the g and h it was queued with.
///
/// The h lets the search update its children's estimates incrementally
/// ([`Heuristic::estimate_after`](crate::Heuristic::estimate_after)) without storing h per node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Popped<C> {
    pub(crate) index: u32,
    pub(crate) g: C,
    pub(crate) h: C,
}

/// A heap entry: a reference to stored node `index`, with the f, g and h it had when queued.
#[derive(Clone, Copy, Debug)]
struct HeapEntry<C> {
    f: C,
    g: C,
    h: C,
    index: u32,
}

impl<C: Cost> Ord for HeapEntry<C> {
    /// "Greater" means "expanded sooner", because the heap pops its maximum. Larger g breaks
    /// ties on f: among equally promising nodes the deeper one is closer to a goal, which on the
    /// last f layer reaches the goal after the fewest expansions.
    ///
    /// Entries of equal f and g are equal, whatever their nodes: the heap pops them in an order
    /// that depends only on the pushes and pops before, so a search is still deterministic. A
    /// third key, the node index, made every step of a sift compare twice where float costs tie
    /// often (sums of costs with two decimals): it was 7% of Dijkstra's instructions on road
    /// grids, and `pathfinding`'s heaps break no ties either.
    fn cmp(&self, other: &Self) -> Ordering {
        other.f.cmp(&self.f).then(self.g.cmp(&other.g))
    }
}

/// Equal as [`Ord`] says, as `Ord` requires.
impl<C: Cost> PartialEq for HeapEntry<C> {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl<C: Cost> Eq for HeapEntry<C> {}

impl<C: Cost> PartialOrd for HeapEntry<C> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// A heap entry for costs with [order keys](Cost::order_key): [`HeapEntry`]'s order as one
/// 128-bit number, the complement of f's key above g's.
///
/// The keys are stored, not derived from f and g at each comparison: in a scratch harness
/// running the `explicit` bench's A* on its road grids, deriving them took more time than
/// comparing the costs (41 ms against 37 ms), and storing them less (35 ms).
#[derive(Clone, Copy, Debug)]
struct KeyedEntry<C> {
    /// `!f.order_key()`: greater for lower f.
    high: u64,
    /// `g.order_key()`.
    low: u64,
    g: C,
    h: C,
    index: u32,
}

impl<C> KeyedEntry<C> {
    #[inline]
    fn priority(&self) -> u128 {
        (u128::from(self.high) << 64) | u128::from(self.low)
    }
}

impl<C> Ord for KeyedEntry<C> {
    /// As [`HeapEntry`]'s: lower f first, then larger g, and entries equal in both are equal.
    fn cmp(&self, other: &Self) -> Ordering {
        self.priority().cmp(&other.priority())
    }
}

/// Equal as [`Ord`] says, as `Ord` requires.
impl<C> PartialEq for KeyedEntry<C> {
    fn eq(&self, other: &Self) -> bool {
        self.priority() == other.priority()
    }
}

impl<C> Eq for KeyedEntry<C> {}

impl<C> PartialOrd for KeyedEntry<C> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }

    // The two comparisons the heap makes, written out as one `cmp` and `sbb` each.
    #[inline]
    fn lt(&self, other: &Self) -> bool {
        self.priority() < other.priority()
    }

    #[inline]
    fn le(&self, other: &Self) -> bool {
        self.priority() <= other.priority()
    }
}

/// The entries of one f value and one h value, so of one g too: only their node indices.
#[derive(Debug)]
struct Stack<C> {
    g: C,
    h: C,
    /// The latest entries, at most [`CHUNK`] of them.
    top: Vec<u32>,
    /// The earlier entries, [`CHUNK`] a chunk; a stack has some only while `top` is a whole chunk.
    below: Vec<Vec<u32>>,
}

/// The entries of one f value, one stack per h: the lowest h, which is the largest g, first.
///
/// Indexed by h rather than g, so that a layer holds as many stacks as its estimates take
/// values: one for Dijkstra (h is always zero), a few for A* with a consistent heuristic.
/// Indexed by g, Dijkstra's layer of f held f + 1 stacks, most of them empty, and a search to
/// cost f built and dropped f² / 2 of them: Yen's deviations on a random digraph of 30 nodes
/// (costs up to about 300) spent most of their time there.
#[derive(Debug)]
struct Layer<C> {
    by_h: Vec<Stack<C>>,
    len: usize,
    /// No stack below this h holds an entry.
    lowest_h: usize,
}

impl<C> Default for Layer<C> {
    fn default() -> Self {
        Layer {
            by_h: Vec::new(),
            len: 0,
            lowest_h: 0,
        }
    }
}

/// Open nodes by priority.
#[derive(Debug)]
pub(crate) struct OpenList<C> {
    layers: Vec<Layer<C>>,
    /// Entries in all layers.
    bucketed: usize,
    /// No layer below this f holds an entry.
    lowest_f: usize,
    /// One bit per layer, set while the layer holds entries: a pop finds the next non-empty
    /// layer a word of 64 at a time, and a clear visits only those. Costs spread thinly over
    /// their range (a random digraph's 1 to 100) leave most layers empty, and Yen's
    /// deviations on 30 nodes spent a tenth of their time stepping over them one by one.
    occupied: [u64; LAYER_WORDS],
    /// The entries beyond the buckets, for costs without order keys.
    heap: QuaternaryHeap<HeapEntry<C>>,
    /// The entries beyond the buckets, for costs with order keys: a cost type uses one heap of
    /// the two.
    keyed_heap: QuaternaryHeap<KeyedEntry<C>>,
    /// Emptied chunks of [`CHUNK`] capacity, for the next stack to fill one.
    spare: Vec<Vec<u32>>,
}

impl<C: Cost> OpenList<C> {
    pub(crate) fn new() -> Self {
        OpenList {
            layers: Vec::new(),
            bucketed: 0,
            lowest_f: 0,
            occupied: [0; LAYER_WORDS],
            heap: QuaternaryHeap::new(),
            keyed_heap: QuaternaryHeap::new(),
            spare: Vec::new(),
        }
    }

    /// Empties the list but keeps its layers, stacks and chunks, for a caller that runs many
    /// small searches: filling a fresh list allocates a stack for every f value it meets.
    pub(crate) fn clear(&mut self) {
        // Layers whose bit is clear are empty, the chunks below their stacks included.
        for (word_index, word) in self.occupied.iter_mut().enumerate() {
            while *word != 0 {
                let f_value = word_index * 64 + word.trailing_zeros() as usize;
                *word &= *word - 1;
                let layer = &mut self.layers[f_value];
                for stack in &mut layer.by_h {
                    stack.top.clear();
                    self.spare.append(&mut stack.below);
                }
                layer.len = 0;
                layer.lowest_h = 0;
            }
        }
        self.bucketed = 0;
        self.lowest_f = 0;
        self.heap.clear();
        self.keyed_heap.clear();
    }

    // Always: left to the compiler, the push stayed a call in A* and Yen's deviations (4% of the
    // `explicit` benchmark's samples); inlined, their share fell by about that call overhead.
    //
    // An error when the memory to grow cannot be had: the searches end at the stored-node
    // limit rather than abort.
    #[inline(always)]
    pub(crate) fn push(&mut self, index: u32, g: C, h: C) -> Result<(), TryReserveError> {
        let f = g.saturating_add(h);
        let f_value = f.to_u64();
        // A saturated f no longer determines h from g, and the buckets keep one h per (f, g).
        if !C::BUCKETED || f_value >= BUCKETED_F || f == C::MAX {
            match (f.order_key(), g.order_key()) {
                (Some(f_key), Some(g_key)) => self.keyed_heap.push(KeyedEntry {
                    high: !f_key,
                    low: g_key,
                    g,
                    h,
                    index,
                }),
                _ => self.heap.push(HeapEntry { f, g, h, index }),
            }?;
            return Ok(());
        }
        // Cannot truncate: both are below `BUCKETED_F`, as h <= f.
        let (f_value, h_value) = (f_value as usize, h.to_u64() as usize);
        if f_value >= self.layers.len() {
            self.layers.try_reserve(f_value + 1 - self.layers.len())?;
            self.layers.resize_with(f_value + 1, Layer::default);
        }
        let layer = &mut self.layers[f_value];
        if h_value >= layer.by_h.len() {
            layer.by_h.try_reserve(h_value + 1 - layer.by_h.len())?;
            layer.by_h.resize_with(h_value + 1, || Stack {
                g,
                h,
                top: Vec::new(),
                below: Vec::new(),
            });
        }
        let stack = &mut layer.by_h[h_value];
        // Filler stacks made by `resize_with` above hold the wrong g and h until first used.
        stack.g = g;
        stack.h = h;
        if stack.top.len() == CHUNK {
            let fresh = match self.spare.pop() {
                Some(chunk) => chunk,
                None => {
                    let mut chunk = Vec::new();
                    chunk.try_reserve_exact(CHUNK)?;
                    chunk
                }
            };
            stack.below.try_reserve(1)?;
            stack.below.push(std::mem::replace(&mut stack.top, fresh));
        } else if stack.top.capacity() == 0 {
            // Skips the first few doublings, which dominate in small searches.
            stack.top.try_reserve_exact(STACK_START)?;
        } else if stack.top.len() == stack.top.capacity() {
            stack.top.try_reserve(1)?;
        }
        stack.top.push(index);
        if layer.len == 0 {
            layer.lowest_h = h_value;
            self.occupied[f_value / 64] |= 1 << (f_value % 64);
        } else if h_value < layer.lowest_h {
            layer.lowest_h = h_value;
        }
        layer.len += 1;
        // An inconsistent heuristic can queue a child below its parent's f.
        if self.bucketed == 0 || f_value < self.lowest_f {
            self.lowest_f = f_value;
        }
        self.bucketed += 1;
        Ok(())
    }

    /// The most promising entry, possibly stale: the caller compares its g with the node's.
    /// Among bucketed entries of equal f and g, the latest pushed comes first; among heaped
    /// ones, the order depends only on the pushes and pops before.
    #[inline]
    pub(crate) fn pop(&mut self) -> Option<Popped<C>> {
        if self.bucketed == 0 {
            if let Some(entry) = self.keyed_heap.pop() {
                return Some(Popped {
                    index: entry.index,
                    g: entry.g,
                    h: entry.h,
                });
            }
            return self.heap.pop().map(|entry| Popped {
                index: entry.index,
                g: entry.g,
                h: entry.h,
            });
        }
        let mut word_index = self.lowest_f / 64;
        let mut word = self.occupied[word_index] & (u64::MAX << (self.lowest_f % 64));
        while word == 0 {
            // Some layer at or above `lowest_f` is non-empty, because `bucketed` counts them.
            word_index += 1;
            word = self.occupied[word_index];
        }
        self.lowest_f = word_index * 64 + word.trailing_zeros() as usize;
        let layer = &mut self.layers[self.lowest_f];
        loop {
            let stack = &mut layer.by_h[layer.lowest_h];
            if let Some(index) = stack.top.pop() {
                layer.len -= 1;
                if layer.len == 0 {
                    self.occupied[word_index] &= !(1 << (self.lowest_f % 64));
                }
                self.bucketed -= 1;
                return Some(Popped {
                    index,
                    g: stack.g,
                    h: stack.h,
                });
            }
            if let Some(chunk) = stack.below.pop() {
                let emptied = std::mem::replace(&mut stack.top, chunk);
                debug_assert_eq!(
                    emptied.capacity(),
                    CHUNK,
                    "only whole chunks have chunks below"
                );
                self.spare.push(emptied);
                continue;
            }
            // Some stack above is non-empty, because `len` counts this layer's entries.
            layer.lowest_h += 1;
        }
    }
}

/// The open list of Dijkstra's algorithm: nodes by path cost alone, in the order an
/// [`OpenList`] gives them with every h zero (lowest g first; ties as the open list breaks
/// them, latest pushed first in buckets and in an order fixed by the history of the heap).
///
/// Integer costs go to an [`OpenList`]'s buckets. Other costs ([`FloatCost`](crate::FloatCost))
/// go to a heap of g and index alone: half the bytes of an [`OpenList`] heap entry, which
/// also carries f and h, and one comparison of costs where that entry makes two. On 300x300
/// road grids with `f64` costs, the heap's pops were a quarter of Dijkstra's time.
#[derive(Debug)]
pub(crate) struct CostQueue<C> {
    buckets: OpenList<C>,
    heap: QuaternaryHeap<CostEntry<C>>,
}

/// A [`CostQueue`] heap entry.
#[derive(Clone, Copy, Debug)]
struct CostEntry<C> {
    g: C,
    index: u32,
}

impl<C: Cost> Ord for CostEntry<C> {
    /// As [`HeapEntry`]'s order with h zero: lower g first, and entries of equal g equal.
    fn cmp(&self, other: &Self) -> Ordering {
        other.g.cmp(&self.g)
    }
}

/// Equal as [`Ord`] says, as `Ord` requires.
impl<C: Cost> PartialEq for CostEntry<C> {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl<C: Cost> Eq for CostEntry<C> {}

impl<C: Cost> PartialOrd for CostEntry<C> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<C: Cost> CostQueue<C> {
    pub(crate) fn new() -> Self {
        CostQueue {
            buckets: OpenList::new(),
            heap: QuaternaryHeap::new(),
        }
    }

    /// Empties the queue but keeps its memory; see [`OpenList::clear`].
    pub(crate) fn clear(&mut self) {
        self.buckets.clear();
        self.heap.clear();
    }

    // Always, as `OpenList::push`: left to the compiler, the push stayed a call in the
    // `explicit` benchmark's Dijkstra (2.4% of its samples).
    //
    // An error when the memory to grow cannot be had, as `OpenList::push`.
    #[inline(always)]
    pub(crate) fn push(&mut self, index: u32, g: C) -> Result<(), TryReserveError> {
        if C::BUCKETED {
            self.buckets.push(index, g, C::ZERO)
        } else {
            self.heap.push(CostEntry { g, index })
        }
    }

    /// The cheapest entry, possibly stale: its node index and the g it was queued with.
    #[inline]
    pub(crate) fn pop(&mut self) -> Option<(u32, C)> {
        if C::BUCKETED {
            self.buckets.pop().map(|popped| (popped.index, popped.g))
        } else {
            self.heap.pop().map(|entry| (entry.index, entry.g))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The (index, g) pairs in pop order, checking that each h comes back as queued.
    fn drain<C: Cost>(open: &mut OpenList<C>, queued_h: &[C]) -> Vec<(u32, C)> {
        std::iter::from_fn(|| open.pop())
            .map(|popped| {
                assert_eq!(popped.h, queued_h[popped.index as usize]);
                (popped.index, popped.g)
            })
            .collect()
    }

    #[test]
    fn lowest_f_first_then_largest_g() {
        let mut open = OpenList::<u8>::new();
        let h = [5, 1, 3, 9];
        open.push(0, 1, h[0]).unwrap(); // f 6
        open.push(1, 4, h[1]).unwrap(); // f 5, deeper
        open.push(2, 2, h[2]).unwrap(); // f 5
        open.push(3, 0, h[3]).unwrap(); // f 9
        assert_eq!(drain(&mut open, &h), [(1, 4), (2, 2), (0, 1), (3, 0)]);
    }

    #[test]
    fn a_push_below_the_lowest_f_comes_out_next() {
        let mut open = OpenList::<u32>::new();
        let h = [10, 10, 3, 2];
        open.push(0, 0, h[0]).unwrap();
        open.push(1, 1, h[1]).unwrap();
        assert_eq!(open.pop().map(|popped| popped.index), Some(0));
        open.push(2, 2, h[2]).unwrap(); // An inconsistent estimate: f 5 after f 10.
        open.push(3, 2, h[3]).unwrap(); // f 4
        assert_eq!(drain(&mut open, &h), [(3, 2), (2, 2), (1, 1)]);
    }

    #[test]
    fn equal_keys_come_out_latest_first_and_layers_refill() {
        let mut open = OpenList::<u16>::new();
        let h = [3, 3, 3, 1];
        open.push(0, 3, h[0]).unwrap();
        open.push(1, 3, h[1]).unwrap();
        assert_eq!(open.pop().map(|popped| popped.index), Some(1));
        open.push(2, 3, h[2]).unwrap();
        open.push(3, 5, h[3]).unwrap();
        assert_eq!(drain(&mut open, &h), [(3, 5), (2, 3), (0, 3)]);
    }

    #[test]
    fn a_filler_stack_does_not_lend_its_estimate() {
        let mut open = OpenList::<u16>::new();
        let h = [0, 6];
        open.push(1, 0, h[1]).unwrap(); // f 6, creating the stacks for h 0 to 6 at once
        open.push(0, 6, h[0]).unwrap(); // f 6, g 6, in the filler stack of h 0
        assert_eq!(drain(&mut open, &h), [(0, 6), (1, 0)]);
    }

    /// Dijkstra queues every entry with h = 0: one stack per layer, whatever the costs, where
    /// stacks indexed by g made a layer of f hold f + 1 of them.
    #[test]
    fn dijkstra_layers_hold_one_stack() {
        let mut open = OpenList::<u32>::new();
        let h = vec![0; 1_000];
        for index in 0..1_000 {
            open.push(index, index * 7 % 1_000, 0).unwrap();
        }
        assert!(open.layers.iter().all(|layer| layer.by_h.len() <= 1));
        let costs: Vec<u32> = drain(&mut open, &h).iter().map(|&(_, g)| g).collect();
        let mut sorted = costs.clone();
        sorted.sort_unstable();
        assert_eq!(costs, sorted, "lowest cost first");
    }

    /// The Dijkstra queue gives float costs in the order the open list gives them with h zero.
    #[test]
    fn the_cost_queue_orders_floats_as_the_open_list_does() {
        use crate::FloatCost;
        let costs = [3.5, 0.25, 3.5, 1.0, 0.25, 7.0, 1.0, 0.0];
        let (mut queue, mut open) = (CostQueue::new(), OpenList::new());
        for (index, &cost) in costs.iter().enumerate() {
            queue.push(index as u32, FloatCost::of(cost)).unwrap();
            open.push(index as u32, FloatCost::of(cost), FloatCost::ZERO)
                .unwrap();
        }
        let queued: Vec<(u32, FloatCost)> = std::iter::from_fn(|| queue.pop()).collect();
        let opened: Vec<(u32, FloatCost)> = std::iter::from_fn(|| open.pop())
            .map(|popped| (popped.index, popped.g))
            .collect();
        assert_eq!(queued, opened);
        assert_eq!(queued.first(), Some(&(7, FloatCost::of(0.0))));
    }

    /// A cleared list pops nothing, then orders new entries as a fresh list does, whether the
    /// old ones were in buckets, in chunks below a stack's top, or in the heap.
    #[test]
    fn a_cleared_list_is_empty_and_orders_again() {
        let mut open = OpenList::<u32>::new();
        for index in 0..3 * CHUNK as u32 {
            open.push(index, 4, index % 3).unwrap();
        }
        open.push(7, 5_000, 0).unwrap();
        open.pop();
        open.clear();
        assert_eq!(open.pop(), None);
        let h = [9, 2, 0];
        open.push(0, 1, h[0]).unwrap(); // f 10
        open.push(1, 3, h[1]).unwrap(); // f 5
        open.push(2, 7_000, h[2]).unwrap(); // in the heap
        assert_eq!(drain(&mut open, &h), [(1, 3), (0, 1), (2, 7_000)]);
        let mut queue = CostQueue::<crate::FloatCost>::new();
        queue.push(0, crate::FloatCost::of(2.0)).unwrap();
        queue.clear();
        assert_eq!(queue.pop(), None);
    }

    #[test]
    fn stacks_longer_than_a_chunk_stay_last_in_first_out() {
        let mut open = OpenList::<u16>::new();
        let total = 3 * CHUNK as u32 + 5;
        let h = vec![2; total as usize];
        let mut expected = Vec::new();
        // Two rounds of filling past chunk boundaries and draining part way, so emptied chunks
        // are recycled into the same stack.
        for index in 0..2 * CHUNK as u32 + 1 {
            open.push(index, 3, h[index as usize]).unwrap();
        }
        for _ in 0..CHUNK + 3 {
            expected.push(open.pop().map(|popped| popped.index));
        }
        for index in 2 * CHUNK as u32 + 1..total {
            open.push(index, 3, h[index as usize]).unwrap();
        }
        let popped = drain(&mut open, &h);
        let mut order: Vec<u32> = expected.into_iter().map(Option::unwrap).collect();
        order.extend(popped.iter().map(|&(index, _)| index));
        let mut want: Vec<u32> = (CHUNK as u32 - 2..2 * CHUNK as u32 + 1).rev().collect();
        want.extend((2 * CHUNK as u32 + 1..total).rev());
        want.extend((0..CHUNK as u32 - 2).rev());
        assert_eq!(order, want);
        assert!(open.spare.len() >= 2, "emptied chunks are kept for reuse");
    }

    #[test]
    fn huge_costs_go_to_the_heap_after_every_bucket() {
        let mut open = OpenList::<u32>::new();
        let h = [7, 0, 1_007, 1, 1_000];
        open.push(0, 5_000, h[0]).unwrap();
        open.push(1, 2_000_000, h[1]).unwrap();
        open.push(2, 4_000, h[2]).unwrap();
        open.push(3, 1, h[3]).unwrap();
        open.push(4, 10, h[4]).unwrap();
        // Bucketed f 2 and f 1010 first, then the heap by f and larger g.
        assert_eq!(
            drain(&mut open, &h),
            [(3, 1), (4, 10), (0, 5_000), (2, 4_000), (1, 2_000_000)]
        );
    }

    /// A cost without [order keys](Cost::order_key), whose entries the open list compares as
    /// costs.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
    struct Unkeyed(u32);

    impl std::ops::Add for Unkeyed {
        type Output = Unkeyed;

        fn add(self, other: Unkeyed) -> Unkeyed {
            Unkeyed(self.0 + other.0)
        }
    }

    impl Cost for Unkeyed {
        const ZERO: Self = Unkeyed(0);
        const ONE: Self = Unkeyed(1);
        const MAX: Self = Unkeyed(u32::MAX);
        const BUCKETED: bool = false;

        fn to_u64(self) -> u64 {
            self.0.into()
        }

        fn saturating_add(self, other: Self) -> Self {
            Unkeyed(self.0.saturating_add(other.0))
        }

        fn saturating_sub(self, other: Self) -> Self {
            Unkeyed(self.0.saturating_sub(other.0))
        }
    }

    /// The heap of keyed entries pops in the order of the heap that compares costs: lower f
    /// first, then larger g.
    #[test]
    fn keyed_and_compared_entries_come_out_in_one_order() {
        let mut seed = 5u64;
        let mut random = move |bound: u32| {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (seed >> 33) as u32 % bound
        };
        let (mut keyed, mut compared) = (OpenList::<u32>::new(), OpenList::<Unkeyed>::new());
        let (mut from_keys, mut from_costs) = (Vec::new(), Vec::new());
        for index in 0..3_000 {
            // Above the buckets' range, with many ties on f.
            let (g, h) = (2_000 + random(50), random(50));
            keyed.push(index, g, h).unwrap();
            compared.push(index, Unkeyed(g), Unkeyed(h)).unwrap();
            if index % 3 == 2 {
                let popped = keyed.pop().expect("entries left");
                from_keys.push((popped.g, popped.h));
                let popped = compared.pop().expect("entries left");
                from_costs.push((popped.g.0, popped.h.0));
            }
        }
        // Each cost type used the heap meant for it.
        assert!(keyed.keyed_heap.len() > 0 && keyed.heap.len() == 0);
        assert!(compared.heap.len() > 0 && compared.keyed_heap.len() == 0);
        from_keys.extend(std::iter::from_fn(|| keyed.pop()).map(|popped| (popped.g, popped.h)));
        from_costs
            .extend(std::iter::from_fn(|| compared.pop()).map(|popped| (popped.g.0, popped.h.0)));
        assert_eq!(from_keys, from_costs);
        assert_eq!(from_keys.len(), 3_000);
    }

    #[test]
    fn saturated_estimates_keep_their_own_h() {
        let mut open = OpenList::<u8>::new();
        let h = [200, 254, 250];
        open.push(0, 200, h[0]).unwrap(); // f saturates at 255
        open.push(1, 0, h[1]).unwrap(); // f 254
        open.push(2, 200, h[2]).unwrap(); // f saturates too, with another h
        let popped = drain(&mut open, &h);
        // Nodes 0 and 2 tie on f and g, so either may come first; each keeps its own h,
        // which `drain` checks.
        assert_eq!(popped[0], (1, 0));
        let mut tied = popped[1..].to_vec();
        tied.sort_unstable();
        assert_eq!(tied, [(0, 200), (2, 200)]);
    }
}
