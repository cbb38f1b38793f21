//! Dijkstra's forms and the reach iterators against petgraph's Dijkstra on random small graphs:
//! the same costs for every state, each state once, in order of cost (or of depth).

use std::collections::HashMap;

use petgraph::algo::dijkstra as petgraph_dijkstra;
use petgraph::graph::{Graph, NodeIndex};
use petgraph::{Directed, EdgeType, Undirected};
use proptest::prelude::*;
use proptest::sample::Index;
use search_core::{
    GraphProblem, Limits, Outcome, bfs_reach, bidirectional::bidirectional_dijkstra,
    bidirectional::bidirectional_dijkstra_with, depth_first::dfs_reach, dijkstra,
    graph::ExploredGraph, shortest_path::dijkstra_all, shortest_path::dijkstra_partial,
    shortest_path::dijkstra_reach, shortest_path::dijkstra_with, shortest_path::dijkstra_within,
    shortest_path::multi_source_dijkstra,
};

use crate::graphs::{Edges, build, check, check_path, edges};

/// The cheapest cost from `start` to every node it reaches, by petgraph.
fn costs_from<Ty: EdgeType>(
    graph: &Graph<(), u32, Ty>,
    start: NodeIndex,
) -> HashMap<NodeIndex, u32> {
    petgraph_dijkstra(graph, start, None, |edge| *edge.weight())
        .into_iter()
        .collect()
}

/// A state sequence hands out each state once, at its oracle cost, by non-decreasing cost.
fn check_order(
    reached: &[(NodeIndex, u32)],
    oracle: &HashMap<NodeIndex, u32>,
) -> Result<(), TestCaseError> {
    prop_assert_eq!(reached.len(), oracle.len());
    let mut seen = HashMap::new();
    for &(node, cost) in reached {
        prop_assert_eq!(Some(&cost), oracle.get(&node), "wrong cost for {:?}", node);
        prop_assert!(seen.insert(node, cost).is_none(), "{:?} twice", node);
    }
    prop_assert!(reached.windows(2).all(|pair| pair[0].1 <= pair[1].1));
    Ok(())
}

fn check_dijkstra<Ty: EdgeType>(
    edges: &Edges,
    start: Index,
    goal: Index,
    bound: u32,
) -> Result<(), TestCaseError> {
    let graph = build::<Ty>(edges);
    let (start, goal) = (
        NodeIndex::new(start.index(edges.0)),
        NodeIndex::new(goal.index(edges.0)),
    );
    let problem = GraphProblem::new(&graph, goal);
    let oracle = costs_from(&graph, start);

    check("dijkstra", &graph, start, goal, &dijkstra(&problem, start))?;
    let both_ways = bidirectional_dijkstra(&problem, start, goal);
    check("bidirectional dijkstra", &graph, start, goal, &both_ways)?;
    let mut explored = ExploredGraph::new();
    let recorded =
        bidirectional_dijkstra_with(&problem, start, goal, &Limits::default(), &mut explored);
    check(
        "bidirectional dijkstra, recorded",
        &graph,
        start,
        goal,
        &recorded,
    )?;
    // A recording observer sees the same search.
    let mut explored = ExploredGraph::new();
    let recorded = dijkstra_with(&problem, start, &Limits::default(), &mut explored);
    check("dijkstra, recorded", &graph, start, goal, &recorded)?;

    // All distances: every reachable node, at its cost, along a valid cheapest path.
    let all = dijkstra_all(&problem, start);
    prop_assert_eq!(all.limit, None);
    let listed: Vec<(NodeIndex, u32)> = all.iter().map(|(&node, cost)| (node, cost)).collect();
    check_order(&listed, &oracle)?;
    for (&node, &cost) in &oracle {
        prop_assert_eq!(all.cost(&node), Some(cost));
        let solution = all
            .solution_to(&problem, &node)
            .expect("a settled node has a path");
        check_path(&graph, start, node, &solution)?;
        prop_assert_eq!(solution.cost, cost);
        let path = all.path_to(&node).expect("settled");
        prop_assert_eq!(
            all.parent(&node),
            path.len().checked_sub(2).map(|i| &path[i])
        );
    }

    // Partial: stops once the goal is settled, with everything cheaper settled and exact.
    let partial = dijkstra_partial(&problem, start, |&node, _| node == goal);
    match oracle.get(&goal) {
        Some(&goal_cost) => {
            prop_assert_eq!(partial.stopped_at, Some(goal));
            prop_assert_eq!(partial.cost(&goal), Some(goal_cost));
            for (&node, &cost) in &oracle {
                if cost < goal_cost {
                    prop_assert_eq!(partial.cost(&node), Some(cost));
                }
            }
            for (&node, cost) in partial.iter() {
                prop_assert!(cost <= goal_cost && oracle.get(&node) == Some(&cost));
            }
        }
        None => {
            prop_assert_eq!(partial.stopped_at, None);
            prop_assert_eq!(partial.len(), oracle.len());
        }
    }

    // Within a bound: exactly the nodes no further than it.
    let ball = dijkstra_within(&problem, start, bound);
    let mut inside: Vec<NodeIndex> = ball.iter().map(|(&node, _)| node).collect();
    inside.sort_unstable();
    let mut expected: Vec<NodeIndex> = oracle
        .iter()
        .filter(|&(_, &cost)| cost <= bound)
        .map(|(&node, _)| node)
        .collect();
    expected.sort_unstable();
    prop_assert_eq!(inside, expected);

    // Reach: the same states, lazily, in order of cost.
    let items: Vec<_> = dijkstra_reach(&problem, start).collect();
    let reached: Vec<(NodeIndex, u32)> = items.iter().map(|item| (item.state, item.cost)).collect();
    check_order(&reached, &oracle)?;
    // Each parent was handed out before its child, and an edge from it makes the child's cost.
    for item in &items {
        match item.parent {
            None => prop_assert_eq!(item.state, start),
            Some(parent) => {
                let before = reached.iter().find(|&&(node, _)| node == parent);
                let Some(&(_, parent_cost)) = before else {
                    return Err(TestCaseError::fail("a parent is handed out first"));
                };
                let edge = graph
                    .edges_connecting(parent, item.state)
                    .any(|edge| parent_cost + *edge.weight() == item.cost);
                prop_assert!(edge, "no edge from the parent makes the cost");
            }
        }
    }

    // Breadth-first reach: depths are the fewest moves.
    let depths = petgraph_dijkstra(&graph, start, None, |_| 1u32);
    let by_depth: Vec<(NodeIndex, u32)> = bfs_reach(&problem, start)
        .map(|(node, depth)| (node, u32::try_from(depth).expect("a small graph")))
        .collect();
    check_order(&by_depth, &depths.into_iter().collect())?;

    // Depth-first reach: the same states, each once, the start first.
    let by_dfs: Vec<NodeIndex> = dfs_reach(&problem, start).collect();
    prop_assert_eq!(by_dfs.first(), Some(&start));
    let mut sorted = by_dfs.clone();
    sorted.sort_unstable();
    sorted.dedup();
    prop_assert_eq!(sorted.len(), by_dfs.len(), "a state handed out twice");
    let mut expected: Vec<NodeIndex> = oracle.keys().copied().collect();
    expected.sort_unstable();
    prop_assert_eq!(sorted, expected);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn dijkstra_on_directed_graphs(edges in edges(12, 0..=9), start: Index, goal: Index, bound in 0..30u32) {
        check_dijkstra::<Directed>(&edges, start, goal, bound)?;
    }

    #[test]
    fn dijkstra_on_undirected_graphs(edges in edges(12, 0..=9), start: Index, goal: Index, bound in 0..30u32) {
        check_dijkstra::<Undirected>(&edges, start, goal, bound)?;
    }
}

#[test]
fn reach_iterators_stop_at_limits_and_say_so() {
    use search_core::{
        Limit, breadth_first::bfs_reach_with, from_fn, observer::NoObserver,
        shortest_path::dijkstra_reach_with, visited::HashVisited,
    };
    let line = from_fn(|&n: &u32| [(n + 1, 1u32)], |_| false);
    let limits = Limits::none().with_max_expanded(7);
    let mut reach = dijkstra_reach_with(&line, 0, &limits, NoObserver);
    let last = reach
        .by_ref()
        .last()
        .map(|reached| (reached.state, reached.cost));
    assert_eq!(last, Some((7, 7)));
    assert_eq!(reach.limit(), Some(Limit::Expanded));
    assert_eq!(reach.statistics().expanded, 7);
    let mut reach = bfs_reach_with(&line, 0, HashVisited::default(), &limits, NoObserver);
    assert_eq!(reach.by_ref().last(), Some((7, 7)));
    assert_eq!(reach.limit(), Some(Limit::Expanded));
    // Laziness: taking three states expands two.
    let mut reach = dijkstra_reach(&line, 0);
    assert_eq!(reach.by_ref().take(3).count(), 3);
    assert_eq!(reach.statistics().expanded, 2);
}

/// The two sides of a bidirectional Dijkstra share one expansion limit.
#[test]
fn bidirectional_dijkstra_counts_both_sides_against_the_limits() {
    use search_core::{Limit, Outcome, closure::from_fn_reversible, observer::NoObserver};
    let steps = |&n: &i64| [(n - 1, 1u32), (n + 1, 1)];
    let line = from_fn_reversible(steps, steps, |_| false);
    let limits = Limits::none().with_max_expanded(6);
    let result = bidirectional_dijkstra_with(&line, 0, 1_000, &limits, NoObserver);
    assert_eq!(result.outcome, Outcome::LimitReached(Limit::Expanded));
    assert_eq!(result.statistics.expanded, 6);
}

/// The reach iterators tell an observer each expansion with the state's cost: its depth for
/// breadth-first reach, its cheapest cost for Dijkstra's.
#[test]
fn reach_iterators_report_costs_to_observers() {
    use search_core::{
        Problem, breadth_first::bfs_reach_with, from_fn, observer::Observer,
        shortest_path::dijkstra_reach_with, visited::HashVisited,
    };

    struct Costs(Vec<(u8, u32)>);
    impl<P: Problem<State = u8, Cost = u32>> Observer<P> for Costs {
        fn expanded(&mut self, state: &u8, cost: u32) {
            self.0.push((*state, cost));
        }
    }

    // Subsets of {0, 1, 2}; adding an element costs 2, removing one costs 1.
    let problem = from_fn(
        |&set: &u8| {
            (0..3).map(move |bit| (set ^ 1 << bit, if set & 1 << bit == 0 { 2u32 } else { 1 }))
        },
        |_| false,
    );
    let limits = Limits::default();
    let mut seen = Costs(Vec::new());
    let depths: Vec<(u8, usize)> =
        bfs_reach_with(&problem, 0, HashVisited::default(), &limits, &mut seen).collect();
    let expected: Vec<(u8, u32)> = depths
        .iter()
        .map(|&(set, depth)| (set, depth as u32))
        .collect();
    assert_eq!(seen.0, expected);
    let mut seen = Costs(Vec::new());
    let costs: Vec<(u8, u32)> = dijkstra_reach_with(&problem, 0, &limits, &mut seen)
        .map(|reached| (reached.state, reached.cost))
        .collect();
    assert_eq!(seen.0, costs);
    assert_eq!(costs.last(), Some(&(7, 6)));
}

/// Dijkstra from several starts at once: the cheapest of petgraph's costs from each start, by
/// a valid path from one of them.
fn check_multi_source<Ty: EdgeType>(
    edges: &Edges,
    starts: &[Index],
    goal: Index,
) -> Result<(), TestCaseError> {
    let graph = build::<Ty>(edges);
    let starts: Vec<NodeIndex> = starts
        .iter()
        .map(|start| NodeIndex::new(start.index(edges.0)))
        .collect();
    let goal = NodeIndex::new(goal.index(edges.0));
    let oracle = starts
        .iter()
        .filter_map(|&start| costs_from(&graph, start).get(&goal).copied())
        .min();
    let problem = GraphProblem::new(&graph, goal);
    let result = multi_source_dijkstra(&problem, starts.iter().copied());
    match (result.outcome, oracle) {
        (Outcome::Solved(solution), Some(optimal)) => {
            prop_assert_eq!(solution.cost, optimal);
            prop_assert!(starts.contains(&solution.start));
            check_path(&graph, solution.start, goal, &solution)?;
        }
        (Outcome::Unreachable, None) => {}
        (outcome, optimal) => {
            return Err(TestCaseError::fail(format!(
                "{outcome:?}, the optimum is {optimal:?}"
            )));
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn multi_source_dijkstra_on_directed_graphs(
        edges in edges(12, 0..=9), starts in proptest::collection::vec(any::<Index>(), 0..4), goal: Index,
    ) {
        check_multi_source::<Directed>(&edges, &starts, goal)?;
    }

    #[test]
    fn multi_source_dijkstra_on_undirected_graphs(
        edges in edges(12, 0..=9), starts in proptest::collection::vec(any::<Index>(), 0..4), goal: Index,
    ) {
        check_multi_source::<Undirected>(&edges, &starts, goal)?;
    }
}

/// Breadth-first reach's size hint is a true lower bound: every state found and not yet handed
/// out when no limit is set, and only what needs no expansion when one is.
#[test]
fn bfs_reach_size_hint_is_a_lower_bound() {
    use search_core::visited::HashVisited;
    use search_core::{breadth_first::bfs_reach_with, from_fn, observer::NoObserver};
    // A binary tree of depth 4: 31 states.
    let tree = from_fn(
        |&n: &u32| {
            if n < 16 {
                vec![(2 * n, 1u32), (2 * n + 1, 1)]
            } else {
                vec![]
            }
        },
        |_| false,
    );
    let none = Limits::none();
    let mut reach = bfs_reach_with(&tree, 1, HashVisited::default(), &none, NoObserver);
    let mut left = 31;
    loop {
        let (lower, upper) = reach.size_hint();
        assert!(lower <= left, "{lower} states promised, {left} left");
        if let Some(upper) = upper {
            assert!(upper >= left);
        }
        if reach.next().is_none() {
            break;
        }
        left -= 1;
    }
    assert_eq!(left, 0);
    assert_eq!(reach.size_hint(), (0, Some(0)));
    // Halfway, the queue holds the next layer, all of it promised.
    let mut reach = bfs_reach_with(&tree, 1, HashVisited::default(), &none, NoObserver);
    reach.by_ref().take(4).for_each(drop);
    assert_eq!(reach.size_hint().0, 3, "the rest of depth 2 is queued");

    // Under a limit, only the start is promised: the next expansion may be refused.
    let limits = Limits::none().with_max_expanded(2);
    let mut reach = bfs_reach_with(&tree, 1, HashVisited::default(), &limits, NoObserver);
    assert_eq!(reach.size_hint().0, 1);
    reach.next();
    assert_eq!(reach.size_hint().0, 0);
    assert_eq!(
        reach.count(),
        2,
        "1 then 2 and 3; the third expansion is refused"
    );
}

/// Dijkstra reach's size hint, likewise: every state queued at a finite cost with no limit,
/// only what needs no expansion with one.
#[test]
fn dijkstra_reach_size_hint_is_a_lower_bound() {
    use search_core::{from_fn, observer::NoObserver, shortest_path::dijkstra_reach_with};
    // Subsets of {0, ..., 4}: adding an element costs 2, removing one 1; 32 states.
    let subsets = from_fn(
        |&set: &u8| {
            (0..5).map(move |bit| (set ^ 1 << bit, if set & 1 << bit == 0 { 2u32 } else { 1 }))
        },
        |_| false,
    );
    let none = Limits::none();
    let mut reach = dijkstra_reach_with(&subsets, 0, &none, NoObserver);
    let mut left = 32;
    loop {
        let (lower, upper) = reach.size_hint();
        assert!(lower <= left, "{lower} states promised, {left} left");
        if let Some(upper) = upper {
            assert!(upper >= left);
        }
        if reach.next().is_none() {
            break;
        }
        left -= 1;
    }
    assert_eq!(left, 0);
    assert_eq!(reach.size_hint(), (0, Some(0)));
    let mut reach = dijkstra_reach_with(&subsets, 0, &none, NoObserver);
    reach.next();
    reach.next();
    // The start's five children were queued; one was handed out, and its expansion is next.
    assert_eq!(reach.size_hint().0, 4);

    let limits = Limits::none().with_max_expanded(1);
    let mut reach = dijkstra_reach_with(&subsets, 0, &limits, NoObserver);
    assert_eq!(reach.size_hint().0, 1);
    reach.next();
    assert_eq!(reach.size_hint().0, 0);
    assert_eq!(
        reach.count(),
        1,
        "the start expanded, its cheapest child handed out"
    );
}
