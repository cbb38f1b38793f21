//! The cluster of a start placement (every placement reachable from it) and its goal states,
//! for searches that start from the goal side.

use std::collections::VecDeque;

use search_core::{FastHashSet, Problem, Successors};

use super::layout::Blocks;
use super::state::Placement;

impl Blocks {
    /// Every placement reachable from `start`, `start` first, in breadth-first order.
    ///
    /// Moves are reversible, so this is `start`'s whole connected component (a Rush Hour
    /// database's "cluster").
    pub fn cluster(&self, start: &Placement) -> Vec<Placement> {
        let mut seen = FastHashSet::default();
        seen.insert(*start);
        let mut order = vec![*start];
        let mut queue = VecDeque::from([*start]);
        let mut successors = Successors::<Blocks>::new();
        while let Some(state) = queue.pop_front() {
            successors.clear();
            self.successors(&state, &mut successors);
            for successor in successors.drain(..) {
                if seen.insert(successor.state) {
                    order.push(successor.state);
                    queue.push_back(successor.state);
                }
            }
        }
        order
    }

    /// The placements reachable from `start` that satisfy the goal, in breadth-first order
    /// from `start`: the goal set a backward or bidirectional search starts from.
    ///
    /// A goal fixes some pieces and leaves the others free, so it is a set of states; only
    /// those in `start`'s cluster can end a solution, and the cluster is what is enumerated.
    ///
    /// ```
    /// use puzzles::blocks::Blocks;
    ///
    /// // A 1x1 piece A on a 2x2 board with one other 1x1 piece: A must reach the bottom right.
    /// let (problem, start) = Blocks::parse("goal: A at 2,2\nAB\n..")?;
    /// let goals = problem.goal_states(&start);
    /// assert_eq!(goals.len(), 3); // B on any of the three other cells
    /// assert!(goals.iter().all(|state| problem.is_solved(state)));
    /// # Ok::<(), puzzles::blocks::LayoutError>(())
    /// ```
    pub fn goal_states(&self, start: &Placement) -> Vec<Placement> {
        self.cluster(start)
            .into_iter()
            .filter(|state| self.is_solved(state))
            .collect()
    }
}
