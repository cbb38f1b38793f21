//! An adapter that runs every algorithm on a [`petgraph::Graph`], edge weights as costs.
//!
//! Graphs are the oldest test bed for search, and [`petgraph::algo`] already has trusted
//! shortest-path algorithms: running the engine on the same graphs pits it against an independent
//! oracle, and lets users with a graph in hand use bidirectional search or IDA* on it.

use std::fmt;
use std::ops::ControlFlow;

use petgraph::graph::{DefaultIx, EdgeIndex, Graph, IndexType, NodeIndex};
use petgraph::visit::EdgeRef;
use petgraph::{Directed, Direction, EdgeType};

use crate::cost::Cost;
use crate::problem::{Actions, InPlace, PerfectRank, Problem, Reversible, Successor, Successors};

/// A search problem on a borrowed [`petgraph::Graph`]: reach `goal`, edge weights as costs.
///
/// States are node indices and actions are edge indices, so a [`Solution`](crate::outcome::Solution)'s
/// actions name the exact edges taken, which matters when parallel edges differ in cost.
///
/// - In a directed graph the moves out of a node are its outgoing edges; in an undirected graph
///   every edge at a node is a move to its other endpoint.
/// - It implements every capability trait, so every algorithm runs on it: [`InPlace`] (an edge
///   moves a node to the edge's other endpoint), [`Reversible`] (incoming edges) and
///   [`PerfectRank`] (the node index; petgraph's [`Graph`] keeps indices contiguous).
/// - Self-loops are moves that stay put (never on an optimal path, but listed like any edge).
///   Parallel edges are distinct actions, each with its own cost, so a solution names the edge.
/// - For an undirected graph an edge is its own [`inverse`](Problem::inverse), so IDA* does not
///   walk straight back over the edge it came by; a directed graph has no inverses.
/// - A goal index that is not a node of the graph is never reached: searches end with
///   [`Outcome::Unreachable`](crate::Outcome::Unreachable). A start index that is not a node
///   has no moves, so searches from it end the same way (unless it is the goal index itself).
///   Such a start shares one extra rank, past the nodes', with every index outside the graph:
///   a search meets at most one of them, its start, since no edge leads there.
///
/// A heuristic over nodes is a closure through [`heuristic_fn`](crate::heuristic_fn), typically a
/// lookup in a table indexed by [`NodeIndex::index`].
///
/// # Example
/// ```
/// use petgraph::Graph;
/// use search_core::{astar, heuristic_fn, GraphProblem, heuristic::NoHeuristic, Outcome};
///
/// // a --1--> b --1--> c, and a direct but dearer a --5--> c.
/// let mut graph = Graph::<&str, u32>::new();
/// let a = graph.add_node("a");
/// let b = graph.add_node("b");
/// let c = graph.add_node("c");
/// let ab = graph.add_edge(a, b, 1);
/// let bc = graph.add_edge(b, c, 1);
/// graph.add_edge(a, c, 5);
///
/// let problem = GraphProblem::new(&graph, c);
/// let Outcome::Solved(solution) = astar(&problem, &NoHeuristic, a).outcome else {
///     panic!("c is reachable from a")
/// };
/// assert_eq!(solution.cost, 2);
/// assert_eq!(solution.actions, [ab, bc]);
/// assert_eq!(solution.states(&problem), Some(vec![a, b, c]));
///
/// // An admissible heuristic over nodes: a lower bound on the distance to c, per node index.
/// let lower_bounds = [2, 1, 0];
/// let heuristic = heuristic_fn(|node: &petgraph::graph::NodeIndex| lower_bounds[node.index()]);
/// let informed = astar(&problem, &heuristic, a);
/// assert_eq!(informed.solution().map(|solution| solution.cost), Some(2));
/// ```
pub struct GraphProblem<'g, N, E, Ty = Directed, Ix = DefaultIx>
where
    Ty: EdgeType,
    Ix: IndexType,
{
    graph: &'g Graph<N, E, Ty, Ix>,
    goal: NodeIndex<Ix>,
}

impl<'g, N, E, Ty, Ix> GraphProblem<'g, N, E, Ty, Ix>
where
    Ty: EdgeType,
    Ix: IndexType,
{
    /// The problem of reaching `goal` in `graph`.
    pub fn new(graph: &'g Graph<N, E, Ty, Ix>, goal: NodeIndex<Ix>) -> Self {
        GraphProblem { graph, goal }
    }

    /// The graph searched.
    pub fn graph(&self) -> &'g Graph<N, E, Ty, Ix> {
        self.graph
    }

    /// The goal node.
    pub fn goal(&self) -> NodeIndex<Ix> {
        self.goal
    }

    /// The endpoint of `edge` that is not `node`, or `node` itself for a self-loop; `None` if
    /// `edge` is not an edge of the graph.
    fn across(&self, node: NodeIndex<Ix>, edge: EdgeIndex<Ix>) -> Option<NodeIndex<Ix>> {
        let (source, target) = self.graph.edge_endpoints(edge)?;
        Some(if node == source { target } else { source })
    }
}

// Written out because derives would demand `N: Clone` and `E: Clone` for a shared reference.
impl<N, E, Ty, Ix> Clone for GraphProblem<'_, N, E, Ty, Ix>
where
    Ty: EdgeType,
    Ix: IndexType,
{
    fn clone(&self) -> Self {
        *self
    }
}

impl<N, E, Ty, Ix> Copy for GraphProblem<'_, N, E, Ty, Ix>
where
    Ty: EdgeType,
    Ix: IndexType,
{
}

impl<N, E, Ty, Ix> fmt::Debug for GraphProblem<'_, N, E, Ty, Ix>
where
    Ty: EdgeType,
    Ix: IndexType,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("GraphProblem")
            .field("directed", &Ty::is_directed())
            .field("nodes", &self.graph.node_count())
            .field("edges", &self.graph.edge_count())
            .field("goal", &self.goal)
            .finish()
    }
}

impl<N, E, Ty, Ix> GraphProblem<'_, N, E, Ty, Ix>
where
    E: Cost,
    Ty: EdgeType,
    Ix: IndexType,
{
    /// The moves out of `node`, one per edge at it.
    ///
    /// For undirected graphs petgraph reports every edge at `node` with `node` as its source, so
    /// `target` is the other endpoint in both cases; an unknown node has no edges.
    #[inline]
    fn moves(
        &self,
        node: NodeIndex<Ix>,
    ) -> impl Iterator<Item = Successor<NodeIndex<Ix>, EdgeIndex<Ix>, E>> + '_ {
        (self.graph.edges(node))
            .map(|edge| Successor::new(edge.target(), edge.id(), *edge.weight()))
    }
}

impl<N, E, Ty, Ix> Problem for GraphProblem<'_, N, E, Ty, Ix>
where
    E: Cost,
    Ty: EdgeType,
    Ix: IndexType,
{
    type State = NodeIndex<Ix>;
    type Action = EdgeIndex<Ix>;
    type Cost = E;

    #[inline]
    fn is_goal(&self, state: &NodeIndex<Ix>) -> bool {
        *state == self.goal
    }

    #[inline]
    fn successors(&self, state: &NodeIndex<Ix>, out: &mut Successors<Self>) {
        out.extend(self.moves(*state));
    }

    /// A node's edges are walked one at a time, and their number varies from node to node.
    const VISITS_SUCCESSORS: bool = true;

    #[inline]
    fn visit_successors<B>(
        &self,
        state: &NodeIndex<Ix>,
        mut visit: impl FnMut(Successor<NodeIndex<Ix>, EdgeIndex<Ix>, E>) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        // One call site for `visit`, so that the search's handling is inlined into the loop.
        for successor in self.moves(*state) {
            visit(successor)?;
        }
        ControlFlow::Continue(())
    }

    #[inline]
    fn inverse(&self, action: &EdgeIndex<Ix>) -> Option<EdgeIndex<Ix>> {
        (!Ty::is_directed()).then_some(*action)
    }
}

/// Moving along an edge puts the node at the edge's other endpoint, and so does moving back: in
/// an undirected graph this is what lets an edge be crossed in either direction with one action.
/// A self-loop leaves the node where it is. Parallel edges are distinct actions with their own
/// costs, so undoing always crosses back over the same edge.
impl<N, E, Ty, Ix> InPlace for GraphProblem<'_, N, E, Ty, Ix>
where
    E: Cost,
    Ty: EdgeType,
    Ix: IndexType,
{
    #[inline]
    fn actions(&self, state: &NodeIndex<Ix>, out: &mut Actions<Self>) {
        out.extend(
            self.graph
                .edges(*state)
                .map(|edge| (edge.id(), *edge.weight())),
        );
    }

    #[inline]
    fn apply(&self, state: &mut NodeIndex<Ix>, action: &EdgeIndex<Ix>) {
        // Engines only apply listed actions; an edge from another graph leaves the state as is
        // rather than panicking.
        if let Some(next) = self.across(*state, *action) {
            *state = next;
        }
    }

    #[inline]
    fn undo(&self, state: &mut NodeIndex<Ix>, action: &EdgeIndex<Ix>) {
        if let Some(previous) = self.across(*state, *action) {
            *state = previous;
        }
    }
}

impl<N, E, Ty, Ix> Reversible for GraphProblem<'_, N, E, Ty, Ix>
where
    E: Cost,
    Ty: EdgeType,
    Ix: IndexType,
{
    #[inline]
    fn predecessors(&self, state: &NodeIndex<Ix>, out: &mut Successors<Self>) {
        // Incoming edges of a directed graph; for an undirected one petgraph lists every edge at
        // `state` with `state` as its target, so `source` is the other endpoint.
        out.extend(
            self.graph
                .edges_directed(*state, Direction::Incoming)
                .map(|edge| Successor::new(edge.source(), edge.id(), *edge.weight())),
        );
    }
}

impl<N, E, Ty, Ix> PerfectRank for GraphProblem<'_, N, E, Ty, Ix>
where
    E: Cost,
    Ty: EdgeType,
    Ix: IndexType,
{
    /// One rank per node, and one for a start outside the graph.
    #[inline]
    fn rank_count(&self) -> u64 {
        self.graph.node_count() as u64 + 1
    }

    #[inline]
    fn rank(&self, state: &NodeIndex<Ix>) -> u64 {
        state.index().min(self.graph.node_count()) as u64
    }
}

#[cfg(test)]
mod tests {
    use petgraph::Undirected;

    use super::*;
    use crate::{
        Limits, Outcome, bfs, breadth_first::bfs_with, observer::NoObserver, visited::DenseVisited,
    };

    fn successors_of<P: Problem>(problem: &P, state: P::State) -> Vec<(P::State, P::Action)> {
        let mut out = Successors::<P>::new();
        problem.successors(&state, &mut out);
        out.into_iter().map(|s| (s.state, s.action)).collect()
    }

    fn predecessors_of<P: Reversible>(problem: &P, state: P::State) -> Vec<(P::State, P::Action)> {
        let mut out = Successors::<P>::new();
        problem.predecessors(&state, &mut out);
        out.into_iter().map(|s| (s.state, s.action)).collect()
    }

    #[test]
    fn undirected_edges_are_moves_both_ways_and_their_own_inverse() {
        let mut graph = Graph::<(), u8, Undirected>::new_undirected();
        let a = graph.add_node(());
        let b = graph.add_node(());
        let edge = graph.add_edge(a, b, 3);
        let problem = GraphProblem::new(&graph, b);
        assert_eq!(successors_of(&problem, a), [(b, edge)]);
        assert_eq!(successors_of(&problem, b), [(a, edge)]);
        assert_eq!(predecessors_of(&problem, a), [(b, edge)]);
        assert_eq!(problem.inverse(&edge), Some(edge));

        for start in [a, b] {
            let mut state = start;
            problem.apply(&mut state, &edge);
            assert_ne!(state, start);
            problem.undo(&mut state, &edge);
            assert_eq!(state, start);
        }
    }

    #[test]
    fn directed_edges_go_one_way_and_have_no_inverse() {
        let mut graph = Graph::<(), u8>::new();
        let a = graph.add_node(());
        let b = graph.add_node(());
        let edge = graph.add_edge(a, b, 3);
        let problem = GraphProblem::new(&graph, b);
        assert_eq!(successors_of(&problem, a), [(b, edge)]);
        assert!(successors_of(&problem, b).is_empty());
        assert_eq!(predecessors_of(&problem, b), [(a, edge)]);
        assert!(predecessors_of(&problem, a).is_empty());
        assert_eq!(problem.inverse(&edge), None);
    }

    #[test]
    fn self_loops_stay_and_parallel_edges_keep_their_costs() {
        let mut graph = Graph::<(), u8, Undirected>::new_undirected();
        let a = graph.add_node(());
        let b = graph.add_node(());
        let looped = graph.add_edge(a, a, 1);
        let cheap = graph.add_edge(a, b, 1);
        let dear = graph.add_edge(b, a, 7);
        let problem = GraphProblem::new(&graph, b);

        let mut actions = Actions::<GraphProblem<'_, (), u8, Undirected>>::new();
        problem.actions(&a, &mut actions);
        actions.sort();
        assert_eq!(actions.as_slice(), [(looped, 1), (cheap, 1), (dear, 7)]);

        let mut state = a;
        problem.apply(&mut state, &looped);
        assert_eq!(state, a);
        problem.undo(&mut state, &looped);
        assert_eq!(state, a);
        problem.apply(&mut state, &dear);
        assert_eq!(state, b);
        problem.undo(&mut state, &dear);
        assert_eq!(state, a);
    }

    #[test]
    fn unknown_nodes_and_edges_are_harmless() {
        let mut graph = Graph::<(), u8>::new();
        let a = graph.add_node(());
        let problem = GraphProblem::new(&graph, NodeIndex::new(5));
        assert!(!problem.is_goal(&a));
        assert!(successors_of(&problem, NodeIndex::new(9)).is_empty());
        let mut state = a;
        problem.apply(&mut state, &EdgeIndex::new(4));
        assert_eq!(state, a);
        assert_eq!((problem.rank_count(), problem.rank(&a)), (2, 0));
        assert_eq!(problem.rank(&NodeIndex::new(9)), 1);
    }

    #[test]
    fn a_start_outside_the_graph_is_unreachable_for_every_visited_set() {
        let mut graph = Graph::<(), u8>::new();
        let a = graph.add_node(());
        let b = graph.add_node(());
        graph.add_edge(a, b, 1);
        let problem = GraphProblem::new(&graph, b);
        let outside = NodeIndex::new(7);
        let dense = DenseVisited::for_problem(&problem).expect("two nodes fit in memory");
        let limits = Limits::default();
        let through_ranks = bfs_with(&problem, outside, dense, &limits, NoObserver);
        assert_eq!(through_ranks.outcome, Outcome::Unreachable);
        assert_eq!(bfs(&problem, outside).outcome, Outcome::Unreachable);
    }
}
