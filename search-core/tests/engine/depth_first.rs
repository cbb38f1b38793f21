//! Depth-first search and iterative deepening against petgraph: a valid path exactly when the
//! goal is reachable, and for iterative deepening the fewest moves, as petgraph's Dijkstra with
//! unit weights counts them.

use petgraph::algo::{dijkstra, has_path_connecting};
use petgraph::graph::NodeIndex;
use petgraph::{Directed, EdgeType, Undirected};
use proptest::prelude::*;
use proptest::sample::Index;
use search_core::{
    GraphProblem, Outcome, Problem, Successors, depth_first::dfs_reach, depth_first::iddfs, dfs,
    from_fn,
};

use crate::graphs::{Edges, build, check_path, edges};

fn check_depth_first<Ty: EdgeType>(
    edges: &Edges,
    start: Index,
    goal: Index,
) -> Result<(), TestCaseError> {
    let graph = build::<Ty>(edges);
    let (start, goal) = (
        NodeIndex::new(start.index(edges.0)),
        NodeIndex::new(goal.index(edges.0)),
    );
    let problem = GraphProblem::new(&graph, goal);
    let reachable = has_path_connecting(&graph, start, goal, None);
    let fewest = dijkstra(&graph, start, Some(goal), |_| 1usize)
        .get(&goal)
        .copied();

    for (name, result, fewest_moves) in [
        ("dfs", dfs(&problem, start), false),
        ("iddfs", iddfs(&problem, start), true),
    ] {
        match result.outcome {
            Outcome::Solved(solution) => {
                prop_assert!(reachable, "{} solved an unreachable goal", name);
                check_path(&graph, start, goal, &solution)?;
                if fewest_moves {
                    prop_assert_eq!(
                        Some(solution.len()),
                        fewest,
                        "{} is not a fewest-move path",
                        name
                    );
                }
            }
            Outcome::Unreachable => prop_assert!(!reachable, "{} missed a reachable goal", name),
            Outcome::LimitReached(limit) => {
                return Err(TestCaseError::fail(format!("{name} stopped at {limit:?}")));
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn depth_first_on_directed_graphs(edges in edges(9, 0..=9), start: Index, goal: Index) {
        check_depth_first::<Directed>(&edges, start, goal)?;
    }

    #[test]
    fn depth_first_on_undirected_graphs(edges in edges(8, 0..=9), start: Index, goal: Index) {
        check_depth_first::<Undirected>(&edges, start, goal)?;
    }
}

/// Deep paths live on the heap: a line of a hundred thousand states does not overflow the stack.
#[test]
fn deep_paths_do_not_overflow_the_stack() {
    let line = search_core::from_fn(|&n: &u32| [(n + 1, 1u32)], |&n| n == 100_000);
    let solution = dfs(&line, 0).into_solution().expect("reachable");
    assert_eq!(solution.len(), 100_000);
}

/// The order of a recursive depth-first walk, the textbook preorder: each state is visited when
/// first reached, and everything below it before its next sibling.
fn recursive_preorder<P: Problem>(problem: &P, start: P::State) -> Vec<P::State> {
    fn visit<P: Problem>(problem: &P, state: P::State, order: &mut Vec<P::State>) {
        if order.contains(&state) {
            return;
        }
        order.push(state.clone());
        let mut successors = Successors::<P>::new();
        problem.successors(&state, &mut successors);
        for successor in successors {
            visit(problem, successor.state, order);
        }
    }
    let mut order = Vec::new();
    visit(problem, start, &mut order);
    order
}

/// pathfinding's issue 511: a state reached first from a sibling is visited below the deeper
/// path that reaches it, as a depth-first walk does, not where it was first seen.
#[test]
fn dfs_reach_visits_in_depth_first_order() {
    let skips = from_fn(
        |&n: &u32| {
            [n + 1, n + 5]
                .into_iter()
                .filter(|&m| m <= 10)
                .map(|m| (m, 1u32))
        },
        |_| false,
    );
    let order: Vec<u32> = dfs_reach(&skips, 0).collect();
    assert_eq!(order, (0..=10).collect::<Vec<u32>>());
    assert_eq!(order, recursive_preorder(&skips, 0));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn dfs_reach_is_the_recursive_preorder(edges in edges(9, 0..=12), start: Index) {
        let graph = build::<Directed>(&edges);
        let start = NodeIndex::new(start.index(edges.0));
        // No goal: the node past the graph's end is never reached.
        let problem = GraphProblem::new(&graph, NodeIndex::new(edges.0));
        let order: Vec<NodeIndex> = dfs_reach(&problem, start).collect();
        prop_assert_eq!(order, recursive_preorder(&problem, start));
    }
}

/// The paths from `start` to `goal` (ending there), counted by trying every one: the oracle of
/// `count_paths`, on graphs where no cycle is reachable before the goal.
fn paths_by_brute_force(
    graph: &petgraph::Graph<(), u32>,
    start: NodeIndex,
    goal: NodeIndex,
) -> u128 {
    if start == goal {
        return 1;
    }
    graph
        .edges(start)
        .map(|edge| paths_by_brute_force(graph, petgraph::visit::EdgeRef::target(&edge), goal))
        .sum()
}

/// Whether a cycle is reachable from `start` without passing `goal`, by petgraph.
fn cycle_before_goal(graph: &petgraph::Graph<(), u32>, start: NodeIndex, goal: NodeIndex) -> bool {
    use petgraph::visit::EdgeRef;
    let mut reached = vec![start];
    let mut seen = std::collections::HashSet::from([start]);
    while let Some(node) = reached.pop() {
        if node == goal {
            continue;
        }
        for edge in graph.edges(node) {
            if seen.insert(edge.target()) {
                reached.push(edge.target());
            }
        }
    }
    let mut part = petgraph::Graph::<(), u32>::new();
    let nodes: Vec<NodeIndex> = graph.node_indices().map(|_| part.add_node(())).collect();
    for edge in graph.edge_references() {
        if seen.contains(&edge.source()) && edge.source() != goal {
            part.add_edge(
                nodes[edge.source().index()],
                nodes[edge.target().index()],
                0,
            );
        }
    }
    petgraph::algo::is_cyclic_directed(&part)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    /// pathfinding's `count_paths`, checked: the brute-force count on graphs without a cycle
    /// before the goal, `None` exactly when there is one.
    #[test]
    fn count_paths_against_brute_force(edges in edges(9, 1..=1), acyclic_only: bool, start: Index, goal: Index) {
        let edges = if acyclic_only { crate::graphs::acyclic(&edges) } else { edges };
        let graph = build::<Directed>(&edges);
        let (start, goal) = (NodeIndex::new(start.index(edges.0)), NodeIndex::new(goal.index(edges.0)));
        let problem = GraphProblem::new(&graph, goal);
        let counted = search_core::depth_first::count_paths(&problem, start);
        if cycle_before_goal(&graph, start, goal) {
            prop_assert_eq!(counted, None);
        } else {
            prop_assert_eq!(counted, Some(paths_by_brute_force(&graph, start, goal)));
        }
    }
}
