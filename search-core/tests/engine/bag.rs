//! All optimal solutions against brute force: every simple path of a small random graph, by
//! depth-first enumeration of edge sequences.

use petgraph::graph::{EdgeIndex, Graph, NodeIndex};
use petgraph::visit::EdgeRef;
use petgraph::{Directed, EdgeType, Undirected};
use proptest::prelude::*;
use proptest::sample::Index;
use search_core::{
    GraphProblem, heuristic::NoHeuristic, heuristic_fn, informed::BagOutcome, informed::astar_bag,
};

use crate::graphs::{Edges, build, check_path, distances_to, edges};

/// Every path from `node` to `goal` that visits no node twice, as `(cost, edges)`.
fn simple_paths<Ty: EdgeType>(
    graph: &Graph<(), u32, Ty>,
    node: NodeIndex,
    goal: NodeIndex,
    on_path: &mut Vec<NodeIndex>,
    edges: &mut Vec<EdgeIndex>,
    cost: u32,
    out: &mut Vec<(u32, Vec<EdgeIndex>)>,
) {
    if node == goal {
        out.push((cost, edges.clone()));
        return;
    }
    on_path.push(node);
    for edge in graph.edges(node) {
        let next = edge.target();
        if on_path.contains(&next) {
            continue;
        }
        edges.push(edge.id());
        simple_paths(graph, next, goal, on_path, edges, cost + edge.weight(), out);
        edges.pop();
    }
    on_path.pop();
}

fn check_bag<Ty: EdgeType>(edges: &Edges, start: Index, goal: Index) -> Result<(), TestCaseError> {
    let graph = build::<Ty>(edges);
    let (start, goal) = (
        NodeIndex::new(start.index(edges.0)),
        NodeIndex::new(goal.index(edges.0)),
    );
    let problem = GraphProblem::new(&graph, goal);
    let mut paths = Vec::new();
    simple_paths(
        &graph,
        start,
        goal,
        &mut Vec::new(),
        &mut Vec::new(),
        0,
        &mut paths,
    );
    let optimum = paths.iter().map(|&(cost, _)| cost).min();
    let mut expected: Vec<Vec<EdgeIndex>> = paths
        .into_iter()
        .filter(|&(cost, _)| Some(cost) == optimum)
        .map(|(_, edges)| edges)
        .collect();
    expected.sort();

    let distances = distances_to(&graph, goal);
    let half = heuristic_fn(|node: &NodeIndex| distances.get(node).map_or(1_000, |d| d / 2));
    for (name, result) in [
        (
            "without heuristic",
            astar_bag(&problem, &NoHeuristic, start),
        ),
        ("half the distance", astar_bag(&problem, &half, start)),
    ] {
        match (result.outcome, optimum) {
            (BagOutcome::Solved(bag), Some(optimum)) => {
                prop_assert_eq!(bag.cost(), optimum, "{}", name);
                prop_assert_eq!(bag.count(), expected.len() as u128, "{}", name);
                let mut found = Vec::new();
                for solution in &bag {
                    check_path(&graph, start, goal, &solution)?;
                    found.push(solution.actions);
                }
                found.sort();
                prop_assert_eq!(&found, &expected, "{}", name);
            }
            (BagOutcome::Unreachable, None) => {}
            (outcome, optimum) => {
                return Err(TestCaseError::fail(format!(
                    "{name}: {outcome:?}, the optimum is {optimum:?}"
                )));
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// Small weights make many ties, zero weights zero-cost cycles.
    #[test]
    fn every_optimal_path_on_directed_graphs(edges in edges(7, 0..=3), start: Index, goal: Index) {
        check_bag::<Directed>(&edges, start, goal)?;
    }

    #[test]
    fn every_optimal_path_on_undirected_graphs(edges in edges(6, 0..=3), start: Index, goal: Index) {
        check_bag::<Undirected>(&edges, start, goal)?;
    }
}
