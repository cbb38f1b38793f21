//! The node store of the breadth-first searches: a search tree kept as one vector of
//! `(state, parent index)` pairs, a parent pointer tree
//! (<https://en.wikipedia.org/wiki/Parent_pointer_tree>).
//!
//! Parents are 32-bit indices rather than copies of states or pointers, so a stored node costs a
//! state, four bytes and the step that reached it ([`Steps`]: its cost, and its action unless the
//! problem names actions from states). Breadth-first searches append nodes in the order they generate them, so
//! the vector doubles as their FIFO queue (a cursor walks it) or, layer by layer, as their
//! frontier (the nodes appended since the previous layer).

use crate::cost::Cost;
use crate::outcome::OutcomeOf;
use crate::path::{Steps, solution};
use crate::problem::Problem;

/// The most nodes a tree holds: every node index must fit a `u32` parent field.
const CAPACITY: usize = u32::MAX as usize;

/// A search forest: node 0 is the first root, and every root is its own parent, so that a
/// multi-source search keeps several roots in one store. Roots are stored before other nodes.
#[derive(Debug)]
pub(crate) struct Tree<State, Action, C> {
    nodes: Vec<(State, u32)>,
    steps: Steps<Action, C>,
}

impl<State: Clone, Action: Clone, C: Cost> Tree<State, Action, C> {
    /// A tree of `P`'s states with no node yet, for a search that adds its roots with
    /// [`push_root`](Tree::push_root).
    pub(crate) fn empty<P>() -> Self
    where
        P: Problem<State = State, Action = Action, Cost = C> + ?Sized,
    {
        Tree {
            nodes: Vec::new(),
            steps: Steps::new::<P>(true),
        }
    }

    /// Stores `state` as another root and returns its index, or `None` if the tree is full.
    pub(crate) fn push_root(&mut self, state: State) -> Option<usize> {
        let index = self.nodes.len();
        let pushed = self.push_node(state, index);
        if pushed.is_some() {
            self.steps.push_root();
        }
        pushed
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

    /// Stores `state` as a child of node `parent`, reached by `action` at `cost`, and returns
    /// its index, or `None` if the tree is full (more nodes than 32-bit parents can name).
    #[inline]
    pub(crate) fn push(
        &mut self,
        state: State,
        parent: usize,
        action: Action,
        cost: C,
    ) -> Option<usize> {
        let pushed = self.push_node(state, parent);
        if pushed.is_some() {
            self.steps.push(action, cost);
        }
        pushed
    }

    #[inline]
    fn push_node(&mut self, state: State, parent: usize) -> Option<usize> {
        if self.nodes.len() >= CAPACITY {
            return None;
        }
        // `parent` is an index of a stored node (or, for a root, the next index), so at most
        // CAPACITY - 1 here, which fits u32.
        self.nodes.push((state, parent as u32));
        Some(self.nodes.len() - 1)
    }

    /// The root of node `index`, and the steps from it down to `index`, root first, with their
    /// summed cost.
    pub(crate) fn steps_down<P>(&self, problem: &P, mut index: usize) -> (State, Vec<Action>, C)
    where
        P: Problem<State = State, Action = Action, Cost = C> + ?Sized,
    {
        let mut actions = Vec::new();
        let mut cost = C::ZERO;
        while !self.steps.is_root(index) {
            let (state, parent) = &self.nodes[index];
            let from = &self.nodes[*parent as usize].0;
            let (action, step_cost) = self.steps.step(problem, index, from, state);
            actions.push(action);
            cost = cost.saturating_add(step_cost.expect("a tree records its steps' costs"));
            index = *parent as usize;
        }
        actions.reverse();
        (self.nodes[index].0.clone(), actions, cost)
    }

    /// The steps from node `index` up to its root, in a tree grown backwards (each node's step
    /// leads from it to its parent), with their summed cost.
    pub(crate) fn steps_up<P>(&self, problem: &P, mut index: usize) -> (Vec<Action>, C)
    where
        P: Problem<State = State, Action = Action, Cost = C> + ?Sized,
    {
        let mut actions = Vec::new();
        let mut cost = C::ZERO;
        while !self.steps.is_root(index) {
            let parent = self.nodes[index].1 as usize;
            let (from, to) = (&self.nodes[index].0, &self.nodes[parent].0);
            let (action, step_cost) = self.steps.step(problem, index, from, to);
            actions.push(action);
            cost = cost.saturating_add(step_cost.expect("a tree records its steps' costs"));
            index = parent;
        }
        (actions, cost)
    }

    /// The solution from the root of node `index` down to it.
    pub(crate) fn solution_to<P>(&self, problem: &P, index: usize) -> OutcomeOf<P>
    where
        P: Problem<State = State, Action = Action, Cost = C> + ?Sized,
    {
        let (start, actions, cost) = self.steps_down(problem, index);
        solution(start, actions, cost)
    }
}
