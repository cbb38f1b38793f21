//! Multi-source BFS (and its distance map) and bidirectional BFS towards a goal set, against petgraph's Dijkstra run
//! once per start or goal: the fewest moves from a set is the least of the fewest moves from
//! each of its members.

use petgraph::algo::dijkstra;
use petgraph::graph::{EdgeIndex, Graph, NodeIndex};
use petgraph::visit::Reversed;
use petgraph::{Directed, EdgeType, Undirected};
use proptest::prelude::*;
use proptest::sample::Index;
use search_core::{
    GraphProblem, Outcome, bidirectional::bidirectional_bfs_between,
    bidirectional::bidirectional_bfs_to_goals, bidirectional::bidirectional_dijkstra_to_goals,
    breadth_first::multi_source_bfs, breadth_first::multi_source_bfs_reach, outcome::ResultOf,
    outcome::Solution,
};

use crate::graphs::{Edges, build, check_path, edges};

/// The fewest moves from any of `sources` to `target`, by petgraph with every edge weighing one.
fn fewest_moves<Ty: EdgeType>(
    graph: &Graph<(), u32, Ty>,
    sources: &[NodeIndex],
    target: NodeIndex,
) -> Option<usize> {
    let distances = dijkstra(Reversed(graph), target, None, |_| 1usize);
    sources
        .iter()
        .filter_map(|source| distances.get(source).copied())
        .min()
}

/// Picks a few nodes of an `nodes`-node graph (duplicates allowed: they must count once).
fn pick(nodes: usize, indices: &[Index]) -> Vec<NodeIndex> {
    indices
        .iter()
        .map(|index| NodeIndex::new(index.index(nodes)))
        .collect()
}

/// A result is a fewest-move path whose reported cost is the sum of its edges, or an
/// unreachable proof when no path exists.
fn check_fewest<Ty: EdgeType>(
    name: &str,
    result: &ResultOf<GraphProblem<'_, (), u32, Ty>>,
    fewest: Option<usize>,
    path_is_valid: impl Fn(&Solution<NodeIndex, EdgeIndex, u32>) -> Result<(), TestCaseError>,
) -> Result<(), TestCaseError> {
    match (&result.outcome, fewest) {
        (Outcome::Solved(solution), Some(fewest)) => {
            prop_assert_eq!(solution.len(), fewest, "{} is not a fewest-move path", name);
            path_is_valid(solution)
        }
        (Outcome::Unreachable, None) => Ok(()),
        (outcome, fewest) => Err(TestCaseError::fail(format!(
            "{name} ended with {outcome:?}, the fewest moves are {fewest:?}"
        ))),
    }
}

fn check_sets<Ty: EdgeType>(
    edges: &Edges,
    starts: &[Index],
    goals: &[Index],
) -> Result<(), TestCaseError> {
    let graph = build::<Ty>(edges);
    let (starts, goals) = (pick(edges.0, starts), pick(edges.0, goals));

    // Multi-source: several starts, the problem's single goal.
    let goal = goals[0];
    let problem = GraphProblem::new(&graph, goal);
    let result = multi_source_bfs(&problem, starts.iter().copied());
    check_fewest::<Ty>(
        "multi-source bfs",
        &result,
        fewest_moves(&graph, &starts, goal),
        |solution| {
            prop_assert!(starts.contains(&solution.start));
            check_path(&graph, solution.start, goal, solution)
        },
    )?;

    // The distance map from the starts: every state reachable from them once, at the fewest
    // moves from the nearest, in non-decreasing order, and nothing else.
    let mut reached = Vec::new();
    for (state, depth) in multi_source_bfs_reach(&problem, starts.iter().copied()) {
        prop_assert_eq!(
            Some(depth),
            fewest_moves(&graph, &starts, state),
            "{:?}",
            state
        );
        reached.push((state, depth));
    }
    prop_assert!(reached.windows(2).all(|pair| pair[0].1 <= pair[1].1));
    let reachable = (0..graph.node_count())
        .filter(|&node| fewest_moves(&graph, &starts, NodeIndex::new(node)).is_some())
        .count();
    prop_assert_eq!(reached.len(), reachable);

    // Goal set: one start, several goals; the problem's own goal is not consulted.
    let start = starts[0];
    let problem = GraphProblem::new(&graph, NodeIndex::new(edges.0 + 1));
    let result = bidirectional_bfs_to_goals(&problem, start, goals.iter().copied());
    let nearest = goals
        .iter()
        .filter_map(|&goal| fewest_moves(&graph, &[start], goal))
        .min();
    check_fewest::<Ty>("bidirectional bfs to goals", &result, nearest, |solution| {
        let states = solution.states(&problem).expect("a solution replays");
        let reached = *states.last().expect("a path has a state");
        prop_assert!(goals.contains(&reached), "{:?} is not a goal", reached);
        check_path(&graph, start, reached, solution)
    })?;

    // Weighted, towards the goal set: the cheapest of the goals' cheapest costs.
    let result = bidirectional_dijkstra_to_goals(&problem, start, goals.iter().copied());
    let cheapest = goals
        .iter()
        .filter_map(|&goal| {
            dijkstra(&graph, start, Some(goal), |edge| *edge.weight())
                .get(&goal)
                .copied()
        })
        .min();
    match (&result.outcome, cheapest) {
        (Outcome::Solved(solution), Some(cheapest)) => {
            prop_assert_eq!(solution.cost, cheapest);
            let states = solution.states(&problem).expect("a solution replays");
            let reached = *states.last().expect("a path has a state");
            prop_assert!(goals.contains(&reached), "{:?} is not a goal", reached);
            check_path(&graph, start, reached, solution)
        }
        (Outcome::Unreachable, None) => Ok(()),
        (outcome, cheapest) => Err(TestCaseError::fail(format!(
            "bidirectional dijkstra to goals ended with {outcome:?}, the cheapest is {cheapest:?}"
        ))),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// Weighted edges: both searches still return fewest-move paths, at their true cost.
    #[test]
    fn goal_sets_on_directed_graphs(
        edges in edges(12, 0..=9),
        starts in prop::collection::vec(any::<Index>(), 1..4),
        goals in prop::collection::vec(any::<Index>(), 1..4),
    ) {
        check_sets::<Directed>(&edges, &starts, &goals)?;
    }

    #[test]
    fn goal_sets_on_undirected_graphs(
        edges in edges(12, 0..=9),
        starts in prop::collection::vec(any::<Index>(), 1..4),
        goals in prop::collection::vec(any::<Index>(), 1..4),
    ) {
        check_sets::<Undirected>(&edges, &starts, &goals)?;
    }
}

#[test]
fn empty_sets_reach_nothing() {
    let graph = build::<Directed>(&(3, vec![(0, 1, 1), (1, 2, 1)]));
    let problem = GraphProblem::new(&graph, NodeIndex::new(2));
    assert_eq!(multi_source_bfs(&problem, []).outcome, Outcome::Unreachable);
    let result = bidirectional_bfs_to_goals(&problem, NodeIndex::new(0), []);
    assert_eq!(result.outcome, Outcome::Unreachable);
}

#[test]
fn a_start_among_the_goals_is_an_empty_solution() {
    let graph = build::<Directed>(&(3, vec![(0, 1, 1), (1, 2, 1)]));
    let problem = GraphProblem::new(&graph, NodeIndex::new(2));
    let (start, goals) = (NodeIndex::new(1), [NodeIndex::new(2), NodeIndex::new(1)]);
    let solution = bidirectional_bfs_to_goals(&problem, start, goals).into_solution();
    assert_eq!(solution.map(|solution| solution.len()), Some(0));
    let solution =
        multi_source_bfs(&problem, [NodeIndex::new(0), NodeIndex::new(2)]).into_solution();
    assert_eq!(
        solution.map(|solution| (solution.start, solution.len())),
        Some((NodeIndex::new(2), 0))
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// The shortest loop through a node is one move into it from the node's nearest
    /// predecessor: petgraph's unit-weight Dijkstra to every predecessor, plus one.
    #[test]
    fn bfs_loop_on_directed_graphs(edges in edges(10, 0..=9), start: Index) {
        use petgraph::visit::EdgeRef;
        let graph = build::<Directed>(&edges);
        let start = NodeIndex::new(start.index(edges.0));
        let problem = GraphProblem::new(&graph, start);
        let distances = dijkstra(&graph, start, None, |_| 1usize);
        let shortest = graph
            .edges_directed(start, petgraph::Direction::Incoming)
            .filter_map(|edge| distances.get(&edge.source()).map(|distance| distance + 1))
            .min();
        match (search_core::breadth_first::bfs_loop(&problem, start).outcome, shortest) {
            (Outcome::Solved(solution), Some(shortest)) => {
                prop_assert_eq!(solution.len(), shortest);
                check_path(&graph, start, start, &solution)?;
            }
            (Outcome::Unreachable, None) => {}
            (outcome, shortest) => {
                return Err(TestCaseError::fail(format!("{outcome:?}, the shortest loop is {shortest:?}")))
            }
        }
    }
}

/// Bidirectional BFS between a set of starts and a set of goals: the fewest moves of any pair,
/// by petgraph, on a valid path from one of the starts to one of the goals.
fn check_between<Ty: EdgeType>(
    edges: &Edges,
    starts: &[Index],
    goals: &[Index],
) -> Result<(), TestCaseError> {
    let graph = build::<Ty>(edges);
    let (starts, goals) = (pick(edges.0, starts), pick(edges.0, goals));
    let fewest = goals
        .iter()
        .filter_map(|&goal| fewest_moves(&graph, &starts, goal))
        .min();
    // The goal test is not used by the bidirectional searches: any node serves.
    let problem = GraphProblem::new(&graph, NodeIndex::new(0));
    let result = bidirectional_bfs_between(&problem, starts.iter().copied(), goals.iter().copied());
    check_fewest::<Ty>("bidirectional_bfs_between", &result, fewest, |solution| {
        prop_assert!(starts.contains(&solution.start));
        let reached = goals
            .iter()
            .find(|&&goal| check_path(&graph, solution.start, goal, solution).is_ok());
        prop_assert!(reached.is_some(), "the path ends at no goal");
        Ok::<(), TestCaseError>(())
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn bidirectional_bfs_between_sets_on_directed_graphs(
        edges in edges(10, 1..=9),
        starts in proptest::collection::vec(any::<Index>(), 0..4),
        goals in proptest::collection::vec(any::<Index>(), 0..4),
    ) {
        check_between::<Directed>(&edges, &starts, &goals)?;
    }

    #[test]
    fn bidirectional_bfs_between_sets_on_undirected_graphs(
        edges in edges(10, 1..=9),
        starts in proptest::collection::vec(any::<Index>(), 0..4),
        goals in proptest::collection::vec(any::<Index>(), 0..4),
    ) {
        check_between::<Undirected>(&edges, &starts, &goals)?;
    }
}
