//! IDA* on a problem made of closures, against petgraph's Dijkstra on random acyclic graphs
//! (where every path ends, so IDA* ends too, reachable goal or not).

use petgraph::Directed;
use petgraph::graph::NodeIndex;
use petgraph::visit::EdgeRef;
use proptest::prelude::*;
use proptest::sample::Index;
use search_core::{Outcome, from_fn_in_place, heuristic::NoHeuristic, idastar};

use crate::graphs::{acyclic, build, edges, oracle};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn idastar_on_closures(edges in edges(9, 0..=9), start: Index, goal: Index) {
        let edges = acyclic(&edges);
        let graph = build::<Directed>(&edges);
        let (start, goal) = (NodeIndex::new(start.index(edges.0)), NodeIndex::new(goal.index(edges.0)));
        let problem = from_fn_in_place(
            |&node: &NodeIndex| graph.edges(node).map(|edge| (edge.target(), *edge.weight())).collect::<Vec<_>>(),
            |&node| node == goal,
        );
        let result = idastar(&problem, &NoHeuristic, start);
        match (result.outcome, oracle(&graph, start, goal)) {
            (Outcome::Solved(solution), Some(optimal)) => {
                prop_assert_eq!(solution.cost, optimal);
                // The steps chain from the start to the goal.
                let mut at = start;
                for step in &solution.actions {
                    prop_assert_eq!(step.from, at);
                    prop_assert!(graph.contains_edge(step.from, step.to));
                    at = step.to;
                }
                prop_assert_eq!(at, goal);
            }
            (Outcome::Unreachable, None) => {}
            (outcome, optimal) => {
                return Err(TestCaseError::fail(format!("{outcome:?}, the optimum is {optimal:?}")))
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// Successor and predecessor closures alone make a problem for the bidirectional searches,
    /// which find petgraph's costs on graphs with cycles.
    #[test]
    fn bidirectional_searches_on_closures_without_a_goal_test(edges in edges(9, 1..=9), start: Index, goal: Index) {
        use petgraph::Direction::Incoming;
        let graph = build::<Directed>(&edges);
        let (start, goal) = (NodeIndex::new(start.index(edges.0)), NodeIndex::new(goal.index(edges.0)));
        let problem = search_core::closure::from_fn_bidirectional(
            |&node: &NodeIndex| graph.edges(node).map(|edge| (edge.target(), *edge.weight())).collect::<Vec<_>>(),
            |&node: &NodeIndex| graph.edges_directed(node, Incoming).map(|edge| (edge.source(), *edge.weight())).collect::<Vec<_>>(),
        );
        let optimal = oracle(&graph, start, goal);
        let found = search_core::bidirectional::bidirectional_dijkstra(&problem, start, goal);
        prop_assert_eq!(found.solution().map(|solution| solution.cost), optimal);
        let fewest = petgraph::algo::dijkstra(&graph, start, Some(goal), |_| 1u32).get(&goal).copied();
        let found = search_core::bidirectional_bfs(&problem, start, goal);
        prop_assert_eq!(found.solution().map(|solution| solution.actions.len() as u32), fewest);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// A closure listing next states alone (pathfinding's `bfs` shape) makes a unit-cost
    /// problem: BFS and Dijkstra on it find petgraph's fewest moves.
    #[test]
    fn unit_cost_closures(edges in edges(9, 1..=9), start: Index, goal: Index) {
        let graph = build::<Directed>(&edges);
        let (start, goal) = (NodeIndex::new(start.index(edges.0)), NodeIndex::new(goal.index(edges.0)));
        let problem = search_core::from_fn_unit(
            |&node: &NodeIndex| graph.neighbors(node).collect::<Vec<_>>(),
            |&node| node == goal,
        );
        let fewest = petgraph::algo::dijkstra(&graph, start, Some(goal), |_| 1u32).get(&goal).copied();
        for result in [search_core::bfs(&problem, start), search_core::dijkstra(&problem, start)] {
            prop_assert_eq!(result.solution().map(|solution| solution.cost), fewest);
            if let Some(solution) = result.solution() {
                prop_assert_eq!(solution.actions.len() as u32, solution.cost);
                prop_assert_eq!(solution.actions.last().copied().unwrap_or(start), goal);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// A closure problem given a rank takes a dense visited set and searches as with a hashed
    /// one, node for node.
    #[test]
    fn a_ranked_closure_problem_searches_as_the_plain_one(edges in edges(9, 1..=9), start: Index, goal: Index) {
        use search_core::{breadth_first::bfs_with, visited::DenseVisited, visited::HashVisited, Limits, observer::NoObserver};
        let graph = build::<Directed>(&edges);
        let (start, goal) = (NodeIndex::new(start.index(edges.0)), NodeIndex::new(goal.index(edges.0)));
        let plain = search_core::from_fn(
            |&node: &NodeIndex| graph.edges(node).map(|edge| (edge.target(), *edge.weight())).collect::<Vec<_>>(),
            |&node| node == goal,
        );
        let ranked = plain.clone().with_rank(edges.0 as u64, |node: &NodeIndex| node.index() as u64);
        let dense = DenseVisited::for_problem(&ranked).expect("a few bits");
        let by_rank = bfs_with(&ranked, start, dense, &Limits::default(), NoObserver);
        let by_hash = bfs_with(&plain, start, HashVisited::default(), &Limits::default(), NoObserver);
        prop_assert_eq!(&by_rank.outcome, &by_hash.outcome);
        prop_assert_eq!(by_rank.statistics.expanded, by_hash.statistics.expanded);
        let fewest = petgraph::algo::dijkstra(&graph, start, Some(goal), |_| 1u32).get(&goal).copied();
        prop_assert_eq!(by_rank.solution().map(|solution| solution.actions.len() as u32), fewest);
    }
}
