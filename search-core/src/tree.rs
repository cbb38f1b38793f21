//! The node store of the breadth-first searches: a search tree kept as one vector of
//! `(state, parent index)` pairs, a parent pointer tree
//! (<https://en.wikipedia.org/wiki/Parent_pointer_tree>).
//!
//! Parents are 32-bit indices rather than copies of states or pointers, so a stored node costs a
//! state and four bytes. Breadth-first searches append nodes in the order they generate them, so
//! the vector doubles as their FIFO queue (a cursor walks it) or, layer by layer, as their
//! frontier (the nodes appended since the previous layer).

/// The most nodes a tree holds: every node index must fit a `u32` parent field.
const CAPACITY: usize = u32::MAX as usize;

/// A search forest: node 0 is the first root, and every root is its own parent, so that a
/// multi-source search keeps several roots in one store.
#[derive(Debug)]
pub(crate) struct Tree<State> {
    nodes: Vec<(State, u32)>,
}

impl<State: Clone> Tree<State> {
    /// A tree with no node yet, for a search that adds its roots with
    /// [`push_root`](Tree::push_root).
    pub(crate) fn empty() -> Self {
        Tree { nodes: Vec::new() }
    }

    /// Stores `state` as another root and returns its index, or `None` if the tree is full.
    pub(crate) fn push_root(&mut self, state: State) -> Option<usize> {
        let index = self.nodes.len();
        self.push(state, index)
    }

    /// The number of stored nodes.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.nodes.len()
    }

    /// The state of node `index`.
    #[inline]
    pub(crate) fn state(&self, index: usize) -> &State {
        &self.nodes[index].0
    }

    /// Stores `state` as a child of node `parent` and returns its index, or `None` if the tree is
    /// full (more nodes than 32-bit parents can name).
    #[inline]
    pub(crate) fn push(&mut self, state: State, parent: usize) -> Option<usize> {
        if self.nodes.len() >= CAPACITY {
            return None;
        }
        // `parent` is an index of a stored node (or, for a root, the next index), so at most
        // CAPACITY - 1 here, which fits u32.
        self.nodes.push((state, parent as u32));
        Some(self.nodes.len() - 1)
    }

    /// The states from the root of node `index` down to it, root first.
    pub(crate) fn path_to(&self, mut index: usize) -> Vec<State> {
        let mut states = Vec::new();
        loop {
            let (state, parent) = &self.nodes[index];
            states.push(state.clone());
            if *parent as usize == index {
                break;
            }
            index = *parent as usize;
        }
        states.reverse();
        states
    }
}
