//! The cluster of a start placement (every placement reachable from it) and its goal states,
//! for searches that start from the goal side.

use search_core::{Limit, Limits, observer::NoObserver, visited::HashVisited};

use super::layout::Blocks;
use super::state::Placement;

impl Blocks {
    /// Every placement reachable from `start`, `start` first, in breadth-first order.
    ///
    /// Moves are reversible, so this is `start`'s whole connected component (a Rush Hour
    /// database's "cluster"). Unbounded: [`cluster_within`](Blocks::cluster_within) stops
    /// at a front end's limits.
    pub fn cluster(&self, start: &Placement) -> Vec<Placement> {
        self.cluster_within(start, &Limits::none())
            .unwrap_or_else(|limit| unreachable!("no limit is set, yet {limit}"))
    }

    /// [`cluster`](Blocks::cluster) within `limits`: a cluster can hold millions of placements,
    /// and a search that enumerates it first (bidirectional search, [`farthest`](Blocks::farthest))
    /// must stop at the same deadline, stored-state count and cancel flag as the search itself.
    ///
    /// # Errors
    /// The [`Limit`] that stopped the enumeration (the stored count is the placements seen).
    pub fn cluster_within(
        &self,
        start: &Placement,
        limits: &Limits,
    ) -> Result<Vec<Placement>, Limit> {
        let mut reach = search_core::breadth_first::bfs_reach_with(
            self,
            *start,
            HashVisited::default(),
            limits,
            NoObserver,
        );
        let order: Vec<Placement> = reach.by_ref().map(|(state, _)| state).collect();
        match reach.limit() {
            Some(limit) => Err(limit),
            None => Ok(order),
        }
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
        self.goal_states_within(start, &Limits::none())
            .unwrap_or_else(|limit| unreachable!("no limit is set, yet {limit}"))
    }

    /// [`goal_states`](Blocks::goal_states) within `limits`, which bound the enumeration of
    /// the cluster as [`cluster_within`](Blocks::cluster_within) does.
    ///
    /// # Errors
    /// The [`Limit`] that stopped the enumeration.
    pub fn goal_states_within(
        &self,
        start: &Placement,
        limits: &Limits,
    ) -> Result<Vec<Placement>, Limit> {
        let cluster = self.cluster_within(start, limits)?;
        Ok(cluster
            .into_iter()
            .filter(|state| self.is_solved(state))
            .collect())
    }
}

/// The placements of a cluster farthest from solving it: the hardest starts its goal states
/// leave, as [`Blocks::farthest`] finds them.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Farthest {
    /// The fewest moves (in the problem's [`Metric`](super::Metric)) that solve each of
    /// [`placements`](Farthest::placements): the most any placement of the cluster needs.
    /// `None` when no placement of the cluster is solved.
    pub moves: Option<u32>,
    /// Every placement of the cluster that needs [`moves`](Farthest::moves), in breadth-first
    /// order; empty when no placement is solved.
    pub placements: Vec<Placement>,
    /// How many placements the cluster holds.
    pub cluster: usize,
    /// How many of them are solved.
    pub goals: usize,
}

impl Blocks {
    /// The placements of `start`'s cluster that need the most moves to solve, by one
    /// breadth-first search from all of its goal states at once
    /// ([`multi_source_bfs_reach_with`](search_core::breadth_first::multi_source_bfs_reach_with)): moves are
    /// reversible, so the depth of a placement from the nearest goal state is the length of its
    /// optimal solution. This is how the hardest Rush Hour boards are found (Collette, Raskin
    /// and Servais 2006; Fogleman's database).
    ///
    /// ```
    /// use puzzles::blocks::Blocks;
    /// use search_core::Limits;
    ///
    /// // A 1x1 piece A must reach the bottom right of a 2x2 board with one more 1x1 piece. A
    /// // move takes a piece anywhere it can slide to, so A gets home in one move from any cell
    /// // unless B sits there: the hardest placements have B on A's goal cell and A on any of
    /// // the three others, two moves (B away, A in).
    /// let (problem, start) = Blocks::parse("goal: A at 2,2\nAB\n..")?;
    /// let farthest = problem.farthest(&start, &Limits::default()).unwrap();
    /// assert_eq!((farthest.moves, farthest.cluster, farthest.goals), (Some(2), 12, 3));
    /// assert_eq!(farthest.placements.len(), 3);
    /// # Ok::<(), puzzles::blocks::LayoutError>(())
    /// ```
    ///
    /// # Errors
    /// The [`Limit`] that stopped the search (the stored-node count is the
    /// visited set's size), the enumeration of the cluster and its goal states first among it.
    pub fn farthest(
        &self,
        start: &Placement,
        limits: &search_core::Limits,
    ) -> Result<Farthest, search_core::Limit> {
        let cluster = self.cluster_within(start, limits)?;
        let goals: Vec<Placement> = (cluster.iter().copied())
            .filter(|state| self.is_solved(state))
            .collect();
        let mut reach = search_core::breadth_first::multi_source_bfs_reach_with(
            self,
            goals.iter().copied(),
            search_core::visited::HashVisited::default(),
            limits,
            search_core::observer::NoObserver,
        );
        let mut farthest = Farthest {
            moves: None,
            placements: Vec::new(),
            cluster: cluster.len(),
            goals: goals.len(),
        };
        for (state, depth) in reach.by_ref() {
            let depth = u32::try_from(depth).unwrap_or(u32::MAX);
            if farthest.moves != Some(depth) {
                farthest.moves = Some(depth);
                farthest.placements.clear();
            }
            farthest.placements.push(state);
        }
        match reach.limit() {
            Some(limit) => Err(limit),
            None => Ok(farthest),
        }
    }
}
