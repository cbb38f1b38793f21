//! The node store of best-first search: each state once, with its parent as a 32-bit index.
//!
//! Layout after Fast Downward's packed search nodes
//! (<https://github.com/aibasel/downward/blob/main/src/search/search_node_info.h>): the nodes are
//! numbered, and the hash table holds only `u32` node numbers and hashes the state they point to,
//! so a state is stored once and looked up with one hash per successor. The action that reached
//! each node is recorded beside it ([`Steps`]), unless the problem names actions from states, so a
//! solution is read back without asking the problem for successors again.
//!
//! Memory per node is what limits A*, so nothing is padded: states, parents and costs live in
//! three arrays (a packed 15-puzzle node is 8 + 4 + 2 = 14 bytes, where one struct would be
//! padded to 16), the closed flags in a bitset, and the table is open addressing with linear
//! probing (Knuth, *The Art of Computer Programming* vol. 3, §6.4, algorithm L) filled up to 3/4
//! before it doubles: 4 bytes a slot, about 7.7 bytes a node on average over a doubling, where a
//! `hashbrown` table of `u32` costs 5 bytes a bucket and more at the same load.
//!
//! Why 3/4 and not 7/8, which saves about a byte a node on average: linear probing degrades
//! quickly past 3/4 (an unsuccessful search passes about 8 slots at 3/4 and 32 at 7/8, by
//! Knuth's formula), and a search spends its time just before a doubling as often as just after.
//! Replaying the lookups of a search of a 300x300 grid (in a model of this table), they passed
//! about five slots on average filled up to 7/8 and three up to 3/4; the probe loop's
//! mispredicted branches were the largest part of Dijkstra's time beyond pathfinding's there. At 20 million 15-puzzle nodes (the memory benchmark) both fill
//! the same table of 2^25 slots.

use std::collections::TryReserveError;

use crate::cost::Cost;
use crate::hash::hash_one;
use crate::outcome::OutcomeOf;
use crate::path::{Steps, solution};
use crate::problem::Problem;

/// The parent index of the root.
pub(crate) const NO_PARENT: u32 = u32::MAX;

/// The most nodes a store can hold: indices are `u32` and [`NO_PARENT`] is reserved.
const MOST_NODES: usize = NO_PARENT as usize;

/// Room reserved up front: a small search (the 8-puzzle stores a few thousand nodes) otherwise
/// spends a tenth of its instructions growing and rehashing from zero, and untouched capacity
/// costs nothing resident; the table's 64 KiB are written once.
///
/// 8192 rather than 4096: searches of a few thousand to a few tens of thousands of nodes ran
/// 5-10% faster for it (goal-set BFS on the `explicit` bench's grids, 6,000 to 30,000 nodes,
/// from 0.99-1.01 of pathfinding's time to 0.92-0.97), and 8-puzzle A* no slower.
const INITIAL_NODES: usize = 1 << 13;

/// The bytes of states a new store sizes its first room by: 8,192 nodes of 64-byte states, 256
/// of 4 KiB states. The table rounds that room up to 3/4 of a power of two and the node arrays
/// reserve what the table takes, so they hold at most 1.5 times as many bytes (12,288 and 384
/// nodes here).
const INITIAL_BYTES: usize = 1 << 20;

/// A table slot holding no node.
const EMPTY: u32 = u32::MAX;

/// Node numbers by state hash: open addressing with linear probing over `u32` slots.
///
/// A slot holds a node number in its low bits and, in the bits the table's size leaves free,
/// the top bits of the state's hash: a probe compares those before it reads the stored state, so
/// passing an occupied slot rarely costs a cache miss in the node arrays. Node numbers stay below
/// 3/4 of the slot count, so the low bits of an occupied slot are never all ones and no slot
/// equals [`EMPTY`].
///
/// A probe reads [`GROUP`] consecutive slots at once and compares them all without a branch
/// per slot, as `hashbrown` compares its control bytes: one slot at a time, a lookup ended in a
/// mispredicted branch after a number of slots that varies from lookup to lookup, which on
/// road grids cost Dijkstra more than pathfinding's whole table. The first [`GROUP`] slots
/// are repeated after the last, so that a group starting near the end reads on without
/// wrapping. The probe sequence is still slot after slot (Knuth's algorithm L): a state is in
/// the slots before the first empty one from its home slot.
#[derive(Debug)]
struct IndexTable {
    /// The table's slots, then copies of its first [`GROUP`].
    slots: Vec<u32>,
    /// The number of slots (not counting the copies) less one: they are a power of two.
    position_mask: usize,
    /// The bits of a slot that hold the node number.
    index_mask: u32,
}

/// The slots a probe compares at once: 32 bytes, half a cache line.
const GROUP: usize = 8;

/// One bit per slot of `group` (lowest for the first): the empty slots, and the slots whose
/// bits under `tag_bits` are `tag`.
///
/// SSE2, which every `x86_64` processor has: two 128-bit compares and a mask extraction per
/// half, where the same comparisons written slot by slot (as below) were not vectorised and cost
/// more than the linear probe loop they replaced.
#[cfg(target_arch = "x86_64")]
#[inline]
fn lane_bits(group: &[u32; GROUP], tag: u32, tag_bits: u32) -> (u32, u32) {
    use std::arch::x86_64::{
        __m128i, _mm_and_si128, _mm_castsi128_ps, _mm_cmpeq_epi32, _mm_loadu_si128,
        _mm_movemask_ps, _mm_set1_epi32,
    };
    const _: () = assert!(GROUP == 8, "two halves of four slots");
    // SAFETY: the `x86_64` target has SSE2 in its baseline, so these intrinsics are available on
    // every processor the crate runs on; each load reads 16 bytes at offset 0 or 16 of `group`,
    // which is 32 bytes long, and `_mm_loadu_si128` requires no alignment.
    unsafe {
        let empty = _mm_set1_epi32(-1);
        // Bit-for-bit reinterpretations, for the signed lanes the intrinsics take.
        let tag_bits = _mm_set1_epi32(tag_bits as i32);
        let tag = _mm_set1_epi32(tag as i32);
        let (mut empty_bits, mut tagged_bits) = (0, 0);
        for half in 0..2 {
            let slots = _mm_loadu_si128(group.as_ptr().add(4 * half).cast::<__m128i>());
            let is_empty = _mm_castsi128_ps(_mm_cmpeq_epi32(slots, empty));
            let is_tagged = _mm_castsi128_ps(_mm_cmpeq_epi32(_mm_and_si128(slots, tag_bits), tag));
            // The masks have 4 bits, so the casts lose nothing.
            empty_bits |= (_mm_movemask_ps(is_empty) as u32) << (4 * half);
            tagged_bits |= (_mm_movemask_ps(is_tagged) as u32) << (4 * half);
        }
        (empty_bits, tagged_bits)
    }
}

/// [`lane_bits`] one slot at a time, for other processors.
#[cfg(not(target_arch = "x86_64"))]
use lane_bits_one_by_one as lane_bits;

/// [`lane_bits`] one slot at a time: the version for processors other than `x86_64`, which
/// the tests compare with the SSE2 one.
#[cfg_attr(
    all(target_arch = "x86_64", not(test)),
    expect(
        dead_code,
        reason = "x86_64 uses the SSE2 version; tests compare the two"
    )
)]
#[inline]
fn lane_bits_one_by_one(group: &[u32; GROUP], tag: u32, tag_bits: u32) -> (u32, u32) {
    let (mut empty, mut tagged) = (0, 0);
    for (lane, &slot) in group.iter().enumerate() {
        empty |= u32::from(slot == EMPTY) << lane;
        tagged |= u32::from(slot & tag_bits == tag) << lane;
    }
    (empty, tagged)
}

/// One bit per slot of `four` (lowest for the first): the empty ones; the probe of
/// [`IndexTable::free_slot`].
///
/// SSE2, as [`lane_bits`]: one compare and a mask extraction.
#[cfg(target_arch = "x86_64")]
#[inline]
fn empty_bits(four: &[u32; 4]) -> u32 {
    use std::arch::x86_64::{
        __m128i, _mm_castsi128_ps, _mm_cmpeq_epi32, _mm_loadu_si128, _mm_movemask_ps,
        _mm_set1_epi32,
    };
    // SAFETY: the `x86_64` target has SSE2 in its baseline, so these intrinsics are available on
    // every processor the crate runs on; the load reads the 16 bytes of `four`, and
    // `_mm_loadu_si128` requires no alignment.
    unsafe {
        let slots = _mm_loadu_si128(four.as_ptr().cast::<__m128i>());
        let is_empty = _mm_castsi128_ps(_mm_cmpeq_epi32(slots, _mm_set1_epi32(-1)));
        // The mask has 4 bits, so the cast loses nothing.
        _mm_movemask_ps(is_empty) as u32
    }
}

/// [`empty_bits`] one slot at a time, for other processors.
#[cfg(not(target_arch = "x86_64"))]
use empty_bits_one_by_one as empty_bits;

/// [`empty_bits`] one slot at a time: the version for processors other than `x86_64`, which
/// the tests compare with the SSE2 one.
#[cfg_attr(
    all(target_arch = "x86_64", not(test)),
    expect(
        dead_code,
        reason = "x86_64 uses the SSE2 version; tests compare the two"
    )
)]
#[inline]
fn empty_bits_one_by_one(four: &[u32; 4]) -> u32 {
    (four.iter().enumerate()).fold(0, |bits, (lane, &slot)| {
        bits | u32::from(slot == EMPTY) << lane
    })
}

impl IndexTable {
    /// A table with room for `nodes` nodes before it grows.
    fn for_nodes(nodes: usize) -> Self {
        let mut slots = GROUP;
        while slots - slots / 4 < nodes {
            slots *= 2;
        }
        Self::with_slots(slots)
    }

    /// An empty table of `slots` slots, a power of two and at least [`GROUP`].
    fn with_slots(slots: usize) -> Self {
        Self::try_with_slots(slots).expect("memory for a node table")
    }

    /// An empty table of `slots` slots, or the error when its memory cannot be had.
    fn try_with_slots(slots: usize) -> Result<Self, TryReserveError> {
        debug_assert!(slots.is_power_of_two() && slots >= GROUP);
        let index_bits = slots.trailing_zeros();
        let mut memory = Vec::new();
        memory.try_reserve_exact(slots + GROUP)?;
        memory.resize(slots + GROUP, EMPTY);
        Ok(IndexTable {
            slots: memory,
            position_mask: slots - 1,
            index_mask: if index_bits >= u32::BITS {
                u32::MAX
            } else {
                (1 << index_bits) - 1
            },
        })
    }

    /// The number of slots, not counting the copies of the first ones.
    #[inline]
    fn len(&self) -> usize {
        self.position_mask + 1
    }

    /// The most nodes the table takes before it must grow: 3/4 of its slots.
    #[inline]
    fn most_nodes(&self) -> usize {
        self.len() - self.len() / 4
    }

    /// The bits that `hash` contributes to an occupied slot.
    #[inline]
    fn tag(&self, hash: u64) -> u32 {
        // Truncation intended: the tag comes from the upper half, the slot position from the
        // lower, so that both filter.
        (hash >> 32) as u32 & !self.index_mask
    }

    /// The slot where the probe for `hash` begins.
    #[inline]
    fn home(&self, hash: u64) -> usize {
        // Truncation intended: the table has fewer slots than `usize` addresses.
        hash as usize & self.position_mask
    }

    /// The group of slots from `position` on, with one bit per slot (lowest for `position`)
    /// for the slots that are empty and for those whose tag is `tag`.
    #[inline]
    fn group(&self, position: usize, tag: u32) -> (&[u32; GROUP], u32, u32) {
        let group: &[u32; GROUP] = self.slots[position..position + GROUP]
            .try_into()
            .expect("a group is GROUP slots long");
        let (empty, tagged) = lane_bits(group, tag, !self.index_mask);
        (group, empty, tagged)
    }

    /// The node whose state is `state` (the hash of which is `hash`), or the free slot where it
    /// belongs.
    #[inline]
    fn find<State: Eq>(&self, hash: u64, states: &[State], state: &State) -> Result<u32, usize> {
        let tag = self.tag(hash);
        let mut position = self.home(hash);
        loop {
            let (group, empty, tagged) = self.group(position, tag);
            // Only the slots before the first empty one are on this state's probe path; an
            // empty slot's own tag bits may equal `tag`.
            let mut candidates = tagged & empty.wrapping_sub(1) & !empty;
            while candidates != 0 {
                let index = group[candidates.trailing_zeros() as usize] & self.index_mask;
                if states[index as usize] == *state {
                    return Ok(index);
                }
                candidates &= candidates - 1;
            }
            if empty != 0 {
                return Err((position + empty.trailing_zeros() as usize) & self.position_mask);
            }
            position = (position + GROUP) & self.position_mask;
        }
    }

    /// Sets slot `position` (below [`len`](IndexTable::len)) and its copy, if it has one.
    #[inline]
    fn set(&mut self, position: usize, slot: u32) {
        self.slots[position] = slot;
        if position < GROUP {
            let copy = self.len() + position;
            self.slots[copy] = slot;
        }
    }

    /// Stores node `index` in the free slot `position` found for `hash`.
    #[inline]
    fn occupy(&mut self, position: usize, hash: u64, index: u32) {
        self.set(position, self.tag(hash) | index);
    }

    /// The first empty slot from the home of `hash` on.
    ///
    /// It serves [`grow`](IndexTable::grow), which fills a new table to 3/8 at most, four slots
    /// at a time ([`empty_bits`]) rather than a whole group as [`find`](IndexTable::find)
    /// probes, or one slot at a time: the home slot is empty about two times in three, so a
    /// branch on it was mispredicted about once in three nodes, a twentieth of a Dijkstra
    /// search's mispredicted branches on 300x300 grids; four slots almost always hold an empty
    /// one, so the loop's branch is predicted. Against the slot-by-slot loop, the breadth-first
    /// searches of the `explicit` benchmark took 0.94 of the time, where instructions alone
    /// (the group's compare costs a few more) said they would not gain.
    #[inline]
    fn free_slot(&self, hash: u64) -> usize {
        let mut position = self.home(hash);
        loop {
            let quarter: &[u32; 4] = self.slots[position..position + 4]
                .try_into()
                .expect("four slots are four long");
            let empty = empty_bits(quarter);
            if empty != 0 {
                return (position + empty.trailing_zeros() as usize) & self.position_mask;
            }
            position = (position + 4) & self.position_mask;
        }
    }

    /// Replaces the table with one twice as large holding every node of `states`, or, when the
    /// memory for it cannot be had, with one of the same size, and says so.
    ///
    /// The slots are rebuilt from the states in order rather than moved over, so the old slots
    /// can go first: the peak is the new table alone, and the states are read sequentially. A
    /// table of the old size takes the memory just freed.
    #[cold]
    #[inline(never)]
    fn grow<State: std::hash::Hash>(&mut self, states: &[State]) -> Result<(), TryReserveError> {
        let slots = self.len();
        self.slots = Vec::new();
        let (table, result) = match IndexTable::try_with_slots(slots * 2) {
            Ok(table) => (table, Ok(())),
            Err(error) => (IndexTable::with_slots(slots), Err(error)),
        };
        *self = table;
        for (index, state) in states.iter().enumerate() {
            let hash = hash_one(state);
            let position = self.free_slot(hash);
            // Cannot truncate: the store holds at most `MOST_NODES` nodes.
            self.occupy(position, hash, index as u32);
        }
        result
    }

    /// Empties the table of the nodes of `states`, in time proportional to their number when
    /// they fill a small part of it (a store reused for a smaller search).
    fn clear<State: std::hash::Hash>(&mut self, states: &[State]) {
        if states.len() * 64 > self.len() {
            self.slots.fill(EMPTY);
            return;
        }
        for (index, state) in states.iter().enumerate() {
            // Slots emptied before may lie on the probe path, so the search is for the node's
            // own number, not for an empty slot.
            let mut position = self.home(hash_one(state));
            while self.slots[position] == EMPTY
                || (self.slots[position] & self.index_mask) as usize != index
            {
                position = (position + 1) & self.position_mask;
            }
            self.set(position, EMPTY);
        }
    }
}

/// What [`NodeStore::insert`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Slot {
    /// The state was new and is now stored at this index.
    New(u32),
    /// The state was already stored at this index; nothing changed.
    Known(u32),
}

/// The store holds as many nodes as 32-bit indices can address.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Full;

/// The words of a closed bitset for `nodes` nodes.
fn closed_words(nodes: usize) -> usize {
    nodes.div_ceil(64)
}

/// States with their parents and costs, indexed by `u32`, with a closed bit each.
#[derive(Debug)]
pub(crate) struct NodeStore<State, C, Action = ()> {
    states: Vec<State>,
    /// For each node, the index of the node it was best reached from, or [`NO_PARENT`].
    parents: Vec<u32>,
    /// For each node, the cheapest path cost found so far from the start.
    costs: Vec<C>,
    table: IndexTable,
    /// One bit a node, with room for as many nodes as the table takes before it grows, so
    /// that storing a node needs no test for the bitset's room.
    closed: Vec<u64>,
    most_nodes: usize,
    /// The action that reached each node but a root, when the store's user reads solutions
    /// from it.
    steps: Steps<Action, C>,
}

impl<State, C, Action> NodeStore<State, C, Action>
where
    State: Eq + std::hash::Hash,
    C: Cost,
{
    /// A store that records no steps, for a search that keeps its own links
    /// ([`astar_bag`](fn@crate::informed::astar_bag)) or reads only states.
    pub(crate) fn new() -> Self {
        Self::with_room(MOST_NODES, INITIAL_NODES, Steps::none())
    }

    /// A store of `P`'s nodes that records the step into each, for
    /// [`solution_to`](NodeStore::solution_to).
    pub(crate) fn for_problem<P>() -> Self
    where
        P: Problem<State = State, Action = Action, Cost = C> + ?Sized,
    {
        Self::with_room(MOST_NODES, INITIAL_NODES, Steps::new::<P>(false))
    }

    /// A store that reports [`Full`] beyond `most_nodes`, so tests can reach the limit.
    #[cfg(test)]
    fn with_most_nodes(most_nodes: usize) -> Self {
        Self::with_room(most_nodes, INITIAL_NODES, Steps::none())
    }

    fn with_room(most_nodes: usize, room: usize, steps: Steps<Action, C>) -> Self {
        // Large states take fewer nodes' room, so that the first allocation stays small.
        let room = room.min((INITIAL_BYTES / size_of::<State>().max(1)).max(GROUP));
        let mut store = NodeStore {
            states: Vec::new(),
            parents: Vec::new(),
            costs: Vec::new(),
            closed: Vec::new(),
            table: IndexTable::for_nodes(room),
            most_nodes: most_nodes.min(MOST_NODES),
            steps,
        };
        store
            .reserve_for_table()
            .expect("memory for a new node store's first nodes");
        store
    }

    pub(crate) fn len(&self) -> usize {
        self.states.len()
    }

    /// Forgets every node but keeps the memory, for a caller that runs many small searches:
    /// Yen's deviations on a graph of 30 nodes spent more time allocating and freeing a store
    /// for each than searching it.
    pub(crate) fn clear(&mut self) {
        self.parents.clear();
        self.costs.clear();
        self.table.clear(&self.states);
        // No bit is set beyond the nodes stored.
        self.closed[..closed_words(self.states.len())].fill(0);
        self.states.clear();
        self.steps.clear();
    }

    /// Finds `state`, or stores it as a new open node with `parent` and `g`: one hash either way.
    ///
    /// Inlined into the search loops: as a call, saving and restoring registers cost a fifth
    /// of the instructions of a lookup on road grids. The storing of a new node is inlined too
    /// (as a call it was 5% of Dijkstra's instructions on road grids, where a quarter of the
    /// lookups store a state, and 6% of a BFS's on open grids); only the table's growth, once
    /// in thousands of insertions, stays out of line.
    #[inline(always)]
    pub(crate) fn insert(&mut self, state: State, parent: u32, g: C) -> Result<Slot, Full> {
        let hash = hash_one(&state);
        match self.table.find(hash, &self.states, &state) {
            Ok(index) => Ok(Slot::Known(index)),
            Err(position) => self.store_new(position, hash, state, parent, g),
        }
    }

    /// Stores `state`, which is not stored yet and belongs in slot `position` (for `hash`).
    #[inline(always)]
    fn store_new(
        &mut self,
        mut position: usize,
        hash: u64,
        state: State,
        parent: u32,
        g: C,
    ) -> Result<Slot, Full> {
        let len = self.states.len();
        if len >= self.most_nodes {
            return Err(Full);
        }
        if len >= self.table.most_nodes() {
            if self.grow().is_err() {
                return Err(Full);
            }
            position = match self.table.find(hash, &self.states, &state) {
                Ok(_) => unreachable!("the state was not stored before the table grew"),
                Err(position) => position,
            };
        }
        // Cannot truncate: `most_nodes` is at most `u32::MAX`.
        let index = len as u32;
        self.table.occupy(position, hash, index);
        self.states.push(state);
        self.parents.push(parent);
        self.costs.push(g);
        if parent == NO_PARENT {
            self.steps.push_root();
        }
        Ok(Slot::New(index))
    }

    /// Doubles the table and makes room in every node array for as many nodes as it takes, so
    /// that storing a node allocates nothing; an error when the memory cannot be had, which
    /// the searches report as the stored-node limit rather than aborting.
    #[cold]
    #[inline(never)]
    fn grow(&mut self) -> Result<(), TryReserveError> {
        self.table.grow(&self.states)?;
        self.reserve_for_table()
    }

    /// Room in every node array for as many nodes as the table takes.
    fn reserve_for_table(&mut self) -> Result<(), TryReserveError> {
        let room = self.table.most_nodes() - self.states.len();
        self.states.try_reserve_exact(room)?;
        self.parents.try_reserve_exact(room)?;
        self.costs.try_reserve_exact(room)?;
        self.steps.try_reserve(room)?;
        let words = closed_words(self.table.most_nodes());
        self.closed.try_reserve_exact(words - self.closed.len())?;
        self.closed.resize(words, 0);
        Ok(())
    }

    /// Records `action` as the step into the node [`insert`](NodeStore::insert) has just
    /// stored as new, a child: call it before any other insertion.
    #[inline]
    pub(crate) fn push_step(&mut self, action: Action) {
        // Costs are not recorded: the store keeps every node's path cost instead.
        self.steps.push(action, C::ZERO);
    }

    /// The index of `state`, if it is stored.
    pub(crate) fn find(&self, state: &State) -> Option<u32> {
        self.table.find(hash_one(state), &self.states, state).ok()
    }

    /// The parent of node `index`, or [`NO_PARENT`] for a root.
    #[inline]
    pub(crate) fn parent(&self, index: u32) -> u32 {
        self.parents[index as usize]
    }

    /// The parent of node `index`, or `None` for a root.
    ///
    /// A search compares each successor with the parent's state before looking the successor
    /// up: in the undirected spaces of grids and puzzles one successor of every node is its
    /// parent, always stored and never reached more cheaply (costs are not negative), and one
    /// comparison of states costs a fraction of a hash and a probe (on 300x300 road grids, a
    /// quarter of Dijkstra's lookups).
    #[inline]
    pub(crate) fn parent_of(&self, index: u32) -> Option<u32> {
        let parent = self.parents[index as usize];
        (parent != NO_PARENT).then_some(parent)
    }

    /// The state of node `index`.
    #[inline]
    pub(crate) fn state(&self, index: u32) -> &State {
        &self.states[index as usize]
    }

    /// The cheapest path cost found so far to node `index`.
    #[inline]
    pub(crate) fn g(&self, index: u32) -> C {
        self.costs[index as usize]
    }

    /// Records that node `index` is reached from node `parent` at cost `g`.
    #[inline]
    pub(crate) fn improve(&mut self, index: u32, parent: u32, g: C) {
        self.parents[index as usize] = parent;
        self.costs[index as usize] = g;
    }

    /// [`improve`](NodeStore::improve), the new step into node `index` being `action`.
    #[inline]
    pub(crate) fn improve_child(&mut self, index: u32, parent: u32, g: C, action: Action) {
        self.improve(index, parent, g);
        self.steps.replace(index as usize, action);
    }

    /// The root of node `index`, and the actions from it down to `index`, root first.
    pub(crate) fn steps_down<P>(&self, problem: &P, index: u32) -> (State, Vec<Action>)
    where
        P: Problem<State = State, Action = Action, Cost = C> + ?Sized,
        State: Clone,
        Action: Clone,
    {
        let mut actions = Vec::new();
        let mut current = index;
        while self.parents[current as usize] != NO_PARENT {
            let parent = self.parents[current as usize];
            let (from, to) = (
                &self.states[parent as usize],
                &self.states[current as usize],
            );
            actions.push(self.steps.step(problem, current as usize, from, to).0);
            current = parent;
        }
        actions.reverse();
        (self.states[current as usize].clone(), actions)
    }

    /// The actions from node `index` up to its root, in a store grown backwards (each node's
    /// step leads from it to its parent); `problem` is the forward one, whose actions these are.
    pub(crate) fn steps_up<P>(&self, problem: &P, index: u32) -> Vec<Action>
    where
        P: Problem<State = State, Action = Action, Cost = C> + ?Sized,
        Action: Clone,
    {
        let mut actions = Vec::new();
        let mut current = index;
        while self.parents[current as usize] != NO_PARENT {
            let parent = self.parents[current as usize];
            let (from, to) = (
                &self.states[current as usize],
                &self.states[parent as usize],
            );
            actions.push(self.steps.step(problem, current as usize, from, to).0);
            current = parent;
        }
        actions
    }

    /// The number of states on the path from the root of node `index` down to it.
    pub(crate) fn path_length(&self, index: u32) -> usize {
        let mut length = 1;
        let mut current = index;
        while self.parents[current as usize] != NO_PARENT {
            current = self.parents[current as usize];
            length += 1;
        }
        length
    }

    /// Appends the path from the root of node `index` down to it: its states to `states`, the
    /// actions between them to `actions`, and each state's path cost plus `base` to `costs`.
    ///
    /// Built in place, with no vector of its own: Yen's algorithm builds a path for every
    /// deviation, and on small graphs building each in vectors of its own, grown step by step
    /// and then copied behind the path's first steps, took half of Yen's allocator calls. A
    /// caller that reserves [`path_length`](NodeStore::path_length) more entries first grows
    /// nothing.
    pub(crate) fn append_path<P>(
        &self,
        problem: &P,
        index: u32,
        base: C,
        states: &mut Vec<State>,
        actions: &mut Vec<Action>,
        costs: &mut Vec<C>,
    ) where
        P: Problem<State = State, Action = Action, Cost = C> + ?Sized,
        State: Clone,
        Action: Clone,
    {
        let (first_state, first_action) = (states.len(), actions.len());
        let mut current = index;
        loop {
            states.push(self.states[current as usize].clone());
            costs.push(base.saturating_add(self.costs[current as usize]));
            let parent = self.parents[current as usize];
            if parent == NO_PARENT {
                break;
            }
            let (from, to) = (
                &self.states[parent as usize],
                &self.states[current as usize],
            );
            actions.push(self.steps.step(problem, current as usize, from, to).0);
            current = parent;
        }
        // Pushed from the node up; the path runs down.
        states[first_state..].reverse();
        costs[first_state..].reverse();
        actions[first_action..].reverse();
    }

    /// The solution from the root of node `index` down to it, at the node's path cost.
    pub(crate) fn solution_to<P>(&self, problem: &P, index: u32) -> OutcomeOf<P>
    where
        P: Problem<State = State, Action = Action, Cost = C> + ?Sized,
        State: Clone,
        Action: Clone,
    {
        let (start, actions) = self.steps_down(problem, index);
        solution(start, actions, self.g(index))
    }

    #[inline]
    pub(crate) fn is_closed(&self, index: u32) -> bool {
        self.closed[index as usize / 64] & (1 << (index % 64)) != 0
    }

    #[inline]
    pub(crate) fn set_closed(&mut self, index: u32, closed: bool) {
        let word = &mut self.closed[index as usize / 64];
        let bit = 1 << (index % 64);
        if closed {
            *word |= bit;
        } else {
            *word &= !bit;
        }
    }

    /// The states from the root to node `index`, following parent links, with the path cost
    /// of each.
    pub(crate) fn path_to(&self, index: u32) -> (Vec<State>, Vec<C>)
    where
        State: Clone,
    {
        let mut states = Vec::new();
        let mut costs = Vec::new();
        let mut current = index;
        while current != NO_PARENT {
            states.push(self.states[current as usize].clone());
            costs.push(self.costs[current as usize]);
            current = self.parents[current as usize];
        }
        states.reverse();
        costs.reverse();
        (states, costs)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_state_is_stored_once() {
        let mut store = NodeStore::<u64, u8>::new();
        assert_eq!(store.insert(7, NO_PARENT, 0), Ok(Slot::New(0)));
        assert_eq!(store.insert(9, 0, 1), Ok(Slot::New(1)));
        assert_eq!(store.insert(7, 1, 2), Ok(Slot::Known(0)));
        assert_eq!(store.len(), 2);
        assert_eq!(store.g(0), 0, "a known state keeps its cost");
        assert_eq!(store.path_to(1).0, [7, 9]);
    }

    #[test]
    fn a_full_store_refuses_new_states_but_finds_old_ones() {
        let mut store = NodeStore::<u64, u8>::with_most_nodes(2);
        assert!(store.insert(1, NO_PARENT, 0).is_ok());
        assert!(store.insert(2, 0, 1).is_ok());
        assert_eq!(store.insert(3, 1, 2), Err(Full));
        assert_eq!(store.insert(1, 1, 2), Ok(Slot::Known(0)));
        assert_eq!(store.len(), 2);
    }

    #[test]
    fn every_state_is_found_again_after_the_table_grows() {
        let mut store = NodeStore::<u64, u32>::new();
        // Far past the initial room, so the table doubles several times; states that share their
        // low bits probe through each other's slots.
        let states: Vec<u64> = (0..100_000u64).map(|i| (i << 40) | 5).collect();
        for (index, &state) in states.iter().enumerate() {
            let parent = index
                .checked_sub(1)
                .map_or(NO_PARENT, |parent| parent as u32);
            assert_eq!(
                store.insert(state, parent, index as u32),
                Ok(Slot::New(index as u32))
            );
        }
        assert!(store.table.most_nodes() >= 100_000 && store.table.len() <= 262_144);
        for (index, &state) in states.iter().enumerate() {
            assert_eq!(store.insert(state, 0, 0), Ok(Slot::Known(index as u32)));
            assert_eq!(store.g(index as u32), index as u32);
        }
        assert_eq!(store.path_to(2).0, states[..3]);
        assert_eq!(store.len(), states.len());
    }

    /// The SSE2 comparison of a group of slots agrees with the one slot at a time.
    #[test]
    fn lane_bits_agree_with_the_one_by_one_version() {
        let slots = [
            EMPTY,
            0x8000_0003,
            0x8000_0004,
            0x0000_0005,
            EMPTY,
            0xffff_0001,
            7,
            0x8000_0000,
        ];
        for (tag, tag_bits) in [
            (0x8000_0000, 0xffff_0000),
            (0, 0xffff_0000),
            (0xffff_0000, 0xffff_0000),
            (0, 0),
        ] {
            assert_eq!(
                lane_bits(&slots, tag, tag_bits),
                lane_bits_one_by_one(&slots, tag, tag_bits)
            );
        }
        assert_eq!(
            lane_bits(&slots, 0x8000_0000, 0xffff_0000),
            (0b0001_0001, 0b1000_0110)
        );
    }

    /// The SSE2 search for empty slots agrees with the one slot at a time.
    #[test]
    fn empty_bits_agree_with_the_one_by_one_version() {
        for four in [
            [EMPTY, 1, 2, EMPTY],
            [0, 1, 2, 3],
            [EMPTY; 4],
            [0x7fff_ffff, EMPTY, 0xffff_fffe, 0],
        ] {
            assert_eq!(empty_bits(&four), empty_bits_one_by_one(&four), "{four:x?}");
        }
        assert_eq!(empty_bits(&[EMPTY, 1, 2, EMPTY]), 0b1001);
    }

    /// Both ways of clearing: node by node for a few nodes in a large table, the whole table
    /// for many.
    #[test]
    fn a_cleared_store_is_empty_and_fills_again() {
        let mut store = NodeStore::<u64, u32>::new();
        for count in [3u64, 50_000, 20, 0, 1_000] {
            // States that share their low bits, so that their probe paths overlap.
            let states: Vec<u64> = (0..count).map(|i| (i << 40) | 5).collect();
            for (index, &state) in states.iter().enumerate() {
                assert_eq!(
                    store.insert(state, NO_PARENT, 0),
                    Ok(Slot::New(index as u32))
                );
            }
            store.clear();
            assert_eq!(store.len(), 0);
            assert!(store.table.slots.iter().all(|&slot| slot == EMPTY));
            assert!(states.iter().all(|state| store.find(state).is_none()));
        }
        assert_eq!(store.insert(9, NO_PARENT, 0), Ok(Slot::New(0)));
        assert_eq!(store.insert(9, NO_PARENT, 0), Ok(Slot::Known(0)));
        assert!(!store.is_closed(0), "a cleared store keeps no closed flag");
    }

    #[test]
    fn an_improvement_changes_cost_and_parent() {
        let mut store = NodeStore::<u64, u16>::new();
        for state in 0..3 {
            store
                .insert(
                    state,
                    state.checked_sub(1).map_or(NO_PARENT, |p| p as u32),
                    5,
                )
                .unwrap();
        }
        store.improve(2, 0, 1);
        assert_eq!(store.g(2), 1);
        assert_eq!(store.path_to(2).0, [0, 2]);
    }

    #[test]
    fn closed_bits_are_independent_across_words() {
        let mut store = NodeStore::<u64, u8>::new();
        for state in 0..130 {
            store.insert(state, NO_PARENT, 0).unwrap();
        }
        store.set_closed(0, true);
        store.set_closed(64, true);
        store.set_closed(129, true);
        store.set_closed(64, false);
        let closed: Vec<u32> = (0..130).filter(|&i| store.is_closed(i)).collect();
        assert_eq!(closed, [0, 129]);
    }
}
