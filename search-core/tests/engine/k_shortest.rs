//! Yen's k shortest loopless paths against every loopless path, enumerated by petgraph's
//! `all_simple_paths`, on small random graphs without parallel edges or self-loops (where paths
//! of states and paths of edges are the same). pathfinding's `yen` is no oracle here: on such a
//! graph (0-4:1, 0-1:4, 3-4:1, 1-5:1, 1-4:3, 4-5:2, 3-5:3, from 0 to 5) it gives the costs 3, 5,
//! 5, 9 where the loopless paths cost 3, 5, 5, 5, 9, 11.

use std::collections::BTreeMap;

use petgraph::graph::{Graph, NodeIndex};
use petgraph::{Directed, EdgeType, Undirected};
use proptest::prelude::*;
use proptest::sample::Index;
use search_core::{GraphProblem, yen};

use crate::graphs::{Edges, build, check_path, edges};

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

/// The costs of the `k` cheapest loopless paths from `start` to `goal`, by enumerating every
/// one (petgraph's `all_simple_paths`); the graph has no parallel edges, so consecutive nodes
/// name one edge.
fn cheapest_loopless<Ty: EdgeType>(
    graph: &Graph<(), u32, Ty>,
    start: NodeIndex,
    goal: NodeIndex,
    k: usize,
) -> Vec<u32> {
    let mut every: Vec<u32> =
        petgraph::algo::all_simple_paths::<Vec<NodeIndex>, _, std::hash::RandomState>(
            graph, start, goal, 0, None,
        )
        .map(|nodes| {
            (nodes.windows(2))
                .map(|pair| graph[graph.find_edge(pair[0], pair[1]).expect("an edge")])
                .sum()
        })
        .collect();
    if start == goal {
        every = vec![0];
    }
    every.sort_unstable();
    every.truncate(k);
    every
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

    // Every loopless path's cost, cheapest first: the first k are what Yen must find.
    let expected = cheapest_loopless(&graph, start, goal, k);
    let costs: Vec<u32> = found
        .solutions
        .iter()
        .map(|solution| solution.cost)
        .collect();
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

/// The graph on which pathfinding 4.16's `yen` misses a path of cost 5 (found by the property
/// above): Yen finds all three, as the enumeration of every loopless path does.
#[test]
fn yen_finds_every_path_of_equal_cost() {
    let edges: Edges = (
        6,
        vec![
            (0, 4, 1),
            (1, 0, 4),
            (4, 3, 1),
            (1, 5, 1),
            (1, 4, 3),
            (5, 4, 2),
            (5, 3, 3),
        ],
    );
    let graph: Graph<(), u32, Undirected> = build(&edges);
    let problem = GraphProblem::new(&graph, NodeIndex::new(5));
    let found = yen(&problem, NodeIndex::new(0), 6);
    let costs: Vec<u32> = found
        .solutions
        .iter()
        .map(|solution| solution.cost)
        .collect();
    let every = cheapest_loopless(&graph, NodeIndex::new(0), NodeIndex::new(5), 6);
    assert_eq!(costs, every);
    assert_eq!(every, [3, 5, 5, 5, 9, 11], "the enumeration itself");
}
