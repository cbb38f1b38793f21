//! Yen's k shortest loopless paths against pathfinding's `yen` on small random graphs without
//! parallel edges or self-loops (where paths of states and paths of edges are the same).

use std::collections::BTreeMap;

use petgraph::graph::{Graph, NodeIndex};
use petgraph::visit::EdgeRef;
use petgraph::{Directed, EdgeType, Undirected};
use proptest::prelude::*;
use proptest::sample::Index;
use search_core::{yen, GraphProblem};

use crate::graphs::{build, check_path, edges, Edges};

/// `edges` with self-loops dropped and, of parallel edges, the cheapest kept.
fn simple((nodes, edges): &Edges, directed: bool) -> Edges {
    let mut cheapest = BTreeMap::new();
    for &(source, target, weight) in edges {
        if source == target {
            continue;
        }
        let key = if directed {
            (source, target)
        } else {
            (source.min(target), source.max(target))
        };
        let entry = cheapest.entry(key).or_insert(weight);
        *entry = (*entry).min(weight);
    }
    (
        *nodes,
        cheapest
            .into_iter()
            .map(|((source, target), weight)| (source, target, weight))
            .collect(),
    )
}

fn check_yen<Ty: EdgeType>(
    edges: &Edges,
    start: Index,
    goal: Index,
    k: usize,
) -> Result<(), TestCaseError> {
    let edges = simple(edges, Ty::is_directed());
    let graph: Graph<(), u32, Ty> = build(&edges);
    let (start, goal) = (
        NodeIndex::new(start.index(edges.0)),
        NodeIndex::new(goal.index(edges.0)),
    );
    let problem = GraphProblem::new(&graph, goal);
    let found = yen(&problem, start, k);
    prop_assert_eq!(found.limit, None);

    let oracle = pathfinding::directed::yen::yen(
        &start,
        |&node| {
            graph
                .edges(node)
                .map(|edge| (edge.target(), *edge.weight()))
                .collect::<Vec<_>>()
        },
        |&node| node == goal,
        k,
    );
    let costs: Vec<u32> = found
        .solutions
        .iter()
        .map(|solution| solution.cost)
        .collect();
    let expected: Vec<u32> = oracle.iter().map(|(_, cost)| *cost).collect();
    prop_assert_eq!(&costs, &expected);

    let mut seen = Vec::new();
    for solution in &found.solutions {
        check_path(&graph, start, goal, solution)?;
        let states = solution.states(&problem).expect("a solution replays");
        let mut sorted = states.clone();
        sorted.sort_unstable();
        sorted.dedup();
        prop_assert_eq!(sorted.len(), states.len(), "a path repeats a state");
        prop_assert!(!seen.contains(&states), "a path found twice");
        seen.push(states);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn yen_on_directed_graphs(edges in edges(8, 0..=9), start: Index, goal: Index, k in 1..6usize) {
        check_yen::<Directed>(&edges, start, goal, k)?;
    }

    #[test]
    fn yen_on_undirected_graphs(edges in edges(7, 1..=9), start: Index, goal: Index, k in 1..6usize) {
        check_yen::<Undirected>(&edges, start, goal, k)?;
    }
}
