//! The node store of best-first search: each state once, with its parent as a 32-bit index.
//!
//! Layout after Fast Downward's packed search nodes
//! (<https://github.com/aibasel/downward/blob/main/src/search/search_node_info.h>): the nodes live in
//! one `Vec`, and the hash table holds only `u32` indices into it and hashes the state they point
//! to, so a state is stored once and looked up with one hash per successor. No action is stored;
//! [`solution_through`](crate::path::solution_through) recovers the actions once per solution.
//! Whether a node is closed is one bit in a separate bitset rather than a field, which keeps
//! `Node<u64, u32>` at 16 bytes instead of 24.

use hashbrown::hash_table::{Entry, HashTable};

use crate::hash::hash_one;

/// The hash of `state` as the table wants it: `hashbrown` picks the bucket from the low bits,
/// but fxhash ends in a multiplication, whose low bits depend only on the input's low bits. For
/// packed boards those are the first few cells, so states that share their first cells
/// collided: the 8-puzzle A* probed about ten groups per lookup instead of one. A widening
/// multiplication folded in half (as rustc-hash 2 finishes) makes every output bit depend on
/// every input bit, for one more multiplication per hash.
#[inline]
fn table_hash<State: std::hash::Hash>(state: &State) -> u64 {
    const SPREAD: u128 = 0x9E37_79B9_7F4A_7C15;
    let wide = u128::from(hash_one(state)) * SPREAD;
    // Truncation intended: the two halves of the product are folded together.
    (wide as u64) ^ ((wide >> 64) as u64)
}

/// The parent index of the root.
pub(crate) const NO_PARENT: u32 = u32::MAX;

/// The most nodes a store can hold: indices are `u32` and [`NO_PARENT`] is reserved.
const MOST_NODES: usize = NO_PARENT as usize;

/// Room reserved up front: a small search (the 8-puzzle stores a few thousand nodes) otherwise
/// spends a tenth of its instructions growing and rehashing from zero, and a few dozen kilobytes
/// of untouched capacity cost nothing resident.
const INITIAL_NODES: usize = 1 << 12;

/// One stored search node.
#[derive(Clone, Debug)]
pub(crate) struct Node<State, C> {
    pub(crate) state: State,
    /// Index of the node this one was best reached from, or [`NO_PARENT`].
    pub(crate) parent: u32,
    /// The cheapest path cost found so far from the start.
    pub(crate) g: C,
}

// The layout the store is designed around: a packed 64-bit state with a small cost fits in two
// words, and so does one with a `u32` cost because the closed flag lives outside the node.
const _: () = assert!(std::mem::size_of::<Node<u64, u8>>() <= 16);
const _: () = assert!(std::mem::size_of::<Node<u64, u32>>() <= 16);

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

/// States with their parents and costs, indexed by `u32`, with a closed bit each.
#[derive(Debug)]
pub(crate) struct NodeStore<State, C> {
    nodes: Vec<Node<State, C>>,
    table: HashTable<u32>,
    closed: Vec<u64>,
    most_nodes: usize,
}

impl<State, C> NodeStore<State, C>
where
    State: Eq + std::hash::Hash,
{
    pub(crate) fn new() -> Self {
        Self::with_most_nodes(MOST_NODES)
    }

    /// A store that reports [`Full`] beyond `most_nodes`, so tests can reach the limit.
    fn with_most_nodes(most_nodes: usize) -> Self {
        NodeStore {
            nodes: Vec::with_capacity(INITIAL_NODES),
            table: HashTable::with_capacity(INITIAL_NODES),
            closed: Vec::new(),
            most_nodes: most_nodes.min(MOST_NODES),
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Finds `state`, or stores it as a new open node with `parent` and `g`: one hash either way.
    pub(crate) fn insert(&mut self, state: State, parent: u32, g: C) -> Result<Slot, Full> {
        let nodes = &mut self.nodes;
        let hash = table_hash(&state);
        let entry = self.table.entry(
            hash,
            |&index| nodes[index as usize].state == state,
            |&index| table_hash(&nodes[index as usize].state),
        );
        match entry {
            Entry::Occupied(occupied) => Ok(Slot::Known(*occupied.get())),
            Entry::Vacant(vacant) => {
                if nodes.len() >= self.most_nodes {
                    return Err(Full);
                }
                // Cannot truncate: `most_nodes` is at most `u32::MAX`.
                let index = nodes.len() as u32;
                vacant.insert(index);
                nodes.push(Node { state, parent, g });
                if self.closed.len() * 64 < nodes.len() {
                    self.closed.push(0);
                }
                Ok(Slot::New(index))
            }
        }
    }

    #[inline]
    pub(crate) fn node(&self, index: u32) -> &Node<State, C> {
        &self.nodes[index as usize]
    }

    #[inline]
    pub(crate) fn node_mut(&mut self, index: u32) -> &mut Node<State, C> {
        &mut self.nodes[index as usize]
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

    /// The states from the root to node `index`, following parent links.
    pub(crate) fn path_to(&self, index: u32) -> Vec<State>
    where
        State: Clone,
    {
        let mut states = Vec::new();
        let mut current = index;
        while current != NO_PARENT {
            let node = self.node(current);
            states.push(node.state.clone());
            current = node.parent;
        }
        states.reverse();
        states
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
        assert_eq!(store.node(0).g, 0, "a known state keeps its cost");
        assert_eq!(store.path_to(1), [7, 9]);
    }

    #[test]
    fn states_differing_only_in_high_bits_spread_over_the_low_hash_bits() {
        // Packed boards that share their first cells differ only in high bits; the table picks
        // buckets by the low bits, which must still tell them apart.
        let buckets: std::collections::HashSet<u64> = (0..4096u64)
            .map(|high| table_hash(&(high << 40)) & 0xfff)
            .collect();
        assert!(
            buckets.len() > 2048,
            "only {} of 4096 buckets",
            buckets.len()
        );
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
