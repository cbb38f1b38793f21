//! An admissible, consistent estimate for any goal: how far the goal pieces are from their goals.

use search_core::Heuristic;

use super::geometry::MAX_CELLS;
use super::layout::{Blocks, Requirement, UNREACHABLE};
use super::moves::Metric;
use super::state::Placement;

/// A lower bound on the moves left, the largest over the goals of one goal's bound.
///
/// - Under [`Metric::Step`], a goal's bound is the fewest steps that bring a piece of its class
///   to a goal position on the board with its walls but without the other pieces: one step
///   moves one piece one cell, so no solution is shorter. (For Klotski's block this is its
///   Manhattan distance to the exit.)
/// - Under [`Metric::Piece`], it is 0 when the goal holds, 1 when one move of a piece of its
///   class makes it hold, and 2 otherwise. For Rush Hour this is 1 for the red car plus 1 when
///   something stands in its way, and somewhat stronger.
///
/// Both are admissible, and consistent: a move changes a step bound by at most one, and since
/// moves are reversible a state one move from a goal-holding state has a piece bound of at
/// most one. [`astar`](search_core::astar) therefore never reopens a node.
///
/// ```
/// use puzzles::blocks::{Blocks, GoalDistance, Metric};
/// use search_core::Heuristic;
///
/// let (problem, start) = Blocks::parse_rush_hour("oooooooooBooAAoBoooooooooooooooooooo")?;
/// assert_eq!(GoalDistance.estimate(&problem, &start), 2); // B is in the way
/// let steps = problem.with_metric(Metric::Step);
/// assert_eq!(GoalDistance.estimate(&steps, &start), 4); // A is four cells from the edge
/// # Ok::<(), puzzles::blocks::LayoutError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GoalDistance;

impl GoalDistance {
    fn requirement_bound(problem: &Blocks, state: &Placement, requirement: &Requirement) -> u32 {
        let class = &problem.classes[usize::from(requirement.class)];
        let anchors = &state.0[usize::from(class.start)..usize::from(class.end)];
        let nearest = anchors
            .iter()
            .map(|&anchor| requirement.distance[usize::from(anchor) % MAX_CELLS])
            .min()
            .unwrap_or(UNREACHABLE);
        match problem.metric() {
            Metric::Step => u32::from(nearest),
            Metric::Piece => {
                if nearest == 0 {
                    return 0;
                }
                let occupied = problem.occupancy(state);
                let mut one_move = false;
                for &anchor in anchors {
                    problem.destinations(occupied, usize::from(requirement.class), anchor, |to| {
                        one_move |= requirement.anchors & 1 << (to % 64) != 0;
                    });
                }
                if one_move { 1 } else { 2 }
            }
        }
    }
}

impl Heuristic<Blocks> for GoalDistance {
    #[inline]
    fn is_consistent(&self) -> bool {
        true
    }

    fn estimate(&self, problem: &Blocks, state: &Placement) -> u32 {
        problem
            .requirements
            .iter()
            .map(|requirement| Self::requirement_bound(problem, state, requirement))
            .max()
            .unwrap_or(0)
    }
}
