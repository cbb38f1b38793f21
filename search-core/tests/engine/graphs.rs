//! Every algorithm against petgraph's Dijkstra on random small graphs, and the state-graph export.
//!
//! `petgraph::algo::dijkstra` is the independent oracle: each search must return its optimal cost
//! (or prove the goal unreachable), along a path whose edges exist and whose weights sum to the
//! reported cost. The export tests count nodes and edges of graphs whose shape is known by
//! construction, and parse the DOT text back.

use std::collections::HashMap;

use petgraph::algo::dijkstra;
use petgraph::graph::{EdgeIndex, Graph, NodeIndex};
use petgraph::visit::{Bfs, EdgeRef, Reversed};
use petgraph::{Directed, EdgeType, Undirected};
use proptest::prelude::*;
use proptest::sample::Index;
use search_core::{
    GraphProblem, Limit, Limits, Outcome, Problem, Successor, Successors, astar, bfs,
    bidirectional::bidirectional_bfs_with, bidirectional_bfs, breadth_first::bfs_with,
    graph::ExploredGraph, graph::explore, heuristic::NoHeuristic, heuristic_fn, idastar,
    idastar::idastar_with, informed::astar_with, informed::fringe, observer::NoObserver,
    outcome::ResultOf, outcome::Solution, visited::DenseVisited, visited::HashVisited,
    visited::OrderedVisited,
};

/// A random graph: node count and `(source, target, weight)` edges, parallel edges and
/// self-loops included.
pub(crate) type Edges = (usize, Vec<(usize, usize, u32)>);

pub(crate) fn edges(
    max_nodes: usize,
    weights: std::ops::RangeInclusive<u32>,
) -> impl Strategy<Value = Edges> {
    // At least two nodes and as many edges as nodes, so that most start and goal pairs differ
    // and many are connected.
    (2..=max_nodes).prop_flat_map(move |nodes| {
        let edge = (0..nodes, 0..nodes, weights.clone());
        (Just(nodes), prop::collection::vec(edge, nodes..=3 * nodes))
    })
}

pub(crate) fn build<Ty: EdgeType>((nodes, edges): &Edges) -> Graph<(), u32, Ty> {
    let mut graph = Graph::default();
    for _ in 0..*nodes {
        graph.add_node(());
    }
    for &(source, target, weight) in edges {
        graph.add_edge(NodeIndex::new(source), NodeIndex::new(target), weight);
    }
    graph
}

/// The cheapest cost from `start` to `goal`, by petgraph.
pub(crate) fn oracle<Ty: EdgeType>(
    graph: &Graph<(), u32, Ty>,
    start: NodeIndex,
    goal: NodeIndex,
) -> Option<u32> {
    dijkstra(graph, start, Some(goal), |edge| *edge.weight())
        .get(&goal)
        .copied()
}

/// The cheapest cost from every node to `goal`, by petgraph on the reversed graph.
pub(crate) fn distances_to<Ty: EdgeType>(
    graph: &Graph<(), u32, Ty>,
    goal: NodeIndex,
) -> HashMap<NodeIndex, u32> {
    // petgraph returns its own hash map type; std's keeps this test independent of it.
    dijkstra(Reversed(graph), goal, None, |edge| *edge.weight())
        .into_iter()
        .collect()
}

/// An estimate that is admissible because it never exceeds the true distance: a node that cannot
/// reach the goal may be estimated at anything, and gets a value above every path cost here.
fn scaled(
    distances: &HashMap<NodeIndex, u32>,
    node: &NodeIndex,
    numerator: u32,
    denominator: u32,
) -> u32 {
    distances
        .get(node)
        .map_or(1_000, |distance| distance * numerator / denominator)
}

/// Walks `solution` through `graph` by hand: every action an edge at the current node, ending at
/// `goal`, its weights summing to the reported cost.
pub(crate) fn check_path<Ty: EdgeType>(
    graph: &Graph<(), u32, Ty>,
    start: NodeIndex,
    goal: NodeIndex,
    solution: &Solution<NodeIndex, EdgeIndex, u32>,
) -> Result<(), TestCaseError> {
    prop_assert_eq!(solution.start, start);
    let mut node = start;
    let mut cost = 0;
    for &edge in &solution.actions {
        let Some((source, target)) = graph.edge_endpoints(edge) else {
            return Err(TestCaseError::fail(format!("{edge:?} is not an edge")));
        };
        node = if node == source {
            target
        } else {
            prop_assert!(
                !Ty::is_directed() && node == target,
                "{edge:?} does not leave {node:?}"
            );
            source
        };
        cost += graph[edge];
    }
    prop_assert_eq!(node, goal);
    prop_assert_eq!(cost, solution.cost);
    Ok(())
}

/// The one check every search result goes through: optimal cost or proven unreachable, and a
/// valid path.
pub(crate) fn check<Ty: EdgeType>(
    name: &str,
    graph: &Graph<(), u32, Ty>,
    start: NodeIndex,
    goal: NodeIndex,
    result: &ResultOf<GraphProblem<'_, (), u32, Ty>>,
) -> Result<(), TestCaseError> {
    match (&result.outcome, oracle(graph, start, goal)) {
        (Outcome::Solved(solution), Some(optimal)) => {
            prop_assert_eq!(solution.cost, optimal, "{} is not optimal", name);
            check_path(graph, start, goal, solution)
        }
        (Outcome::Unreachable, None) => Ok(()),
        (outcome, optimal) => Err(TestCaseError::fail(format!(
            "{name} ended with {outcome:?}, the optimal cost is {optimal:?}"
        ))),
    }
}

/// Every cost-optimal algorithm, and the breadth-first ones when all weights are one.
fn check_all<Ty: EdgeType>(
    graph: &Graph<(), u32, Ty>,
    start: NodeIndex,
    goal: NodeIndex,
    unit_weights: bool,
    scales: &[u32],
) -> Result<(), TestCaseError> {
    let problem = GraphProblem::new(graph, goal);
    let distances = distances_to(graph, goal);
    check(
        "astar without heuristic",
        graph,
        start,
        goal,
        &astar(&problem, &NoHeuristic, start),
    )?;
    for (index, &numerator) in scales.iter().enumerate() {
        // A fixed fraction of the distance is consistent; a fraction drawn per node is only
        // admissible, which makes A* reopen nodes.
        let consistent = heuristic_fn(|node: &NodeIndex| scaled(&distances, node, numerator, 8));
        let varying = heuristic_fn(|node: &NodeIndex| {
            let numerator = scales[(node.index() + index) % scales.len()];
            scaled(&distances, node, numerator, 8)
        });
        check(
            "astar, consistent heuristic",
            graph,
            start,
            goal,
            &astar(&problem, &consistent, start),
        )?;
        check(
            "astar, admissible heuristic",
            graph,
            start,
            goal,
            &astar(&problem, &varying, start),
        )?;
    }

    for (index, &numerator) in scales.iter().enumerate() {
        let consistent = heuristic_fn(|node: &NodeIndex| scaled(&distances, node, numerator, 8));
        let varying = heuristic_fn(|node: &NodeIndex| {
            let numerator = scales[(node.index() + index) % scales.len()];
            scaled(&distances, node, numerator, 8)
        });
        let result = fringe(&problem, &consistent, start);
        check("fringe, consistent heuristic", graph, start, goal, &result)?;
        let result = fringe(&problem, &varying, start);
        check("fringe, admissible heuristic", graph, start, goal, &result)?;
    }
    check(
        "fringe without heuristic",
        graph,
        start,
        goal,
        &fringe(&problem, &NoHeuristic, start),
    )?;

    let mut explored = ExploredGraph::new();
    let recorded = astar_with(
        &problem,
        &NoHeuristic,
        start,
        &Limits::default(),
        &mut explored,
    );
    check("astar, recorded", graph, start, goal, &recorded)?;
    check_recording(graph, &problem, &explored, recorded.solution())?;

    if unit_weights {
        check("bfs", graph, start, goal, &bfs(&problem, start))?;
        let dense = DenseVisited::for_problem(&problem).expect("a small graph fits a bitset");
        let result = bfs_with(&problem, start, dense, &Limits::default(), NoObserver);
        check("bfs, dense visited set", graph, start, goal, &result)?;
        let hashed = HashVisited::default();
        let result = bfs_with(&problem, start, hashed, &Limits::default(), NoObserver);
        check("bfs, hashed visited set", graph, start, goal, &result)?;
        let ordered = OrderedVisited::default();
        let result = bfs_with(&problem, start, ordered, &Limits::default(), NoObserver);
        check("bfs, ordered visited set", graph, start, goal, &result)?;
        let result = bidirectional_bfs(&problem, start, goal);
        check("bidirectional bfs", graph, start, goal, &result)?;

        // The backward side reports its edges in the direction of the move, so a recording of
        // a bidirectional search is a graph of forward moves as well.
        let mut explored = ExploredGraph::new();
        let limits = Limits::default();
        let recorded = bidirectional_bfs_with(&problem, start, goal, &limits, &mut explored);
        check("bidirectional bfs, recorded", graph, start, goal, &recorded)?;
        check_recording(graph, &problem, &explored, recorded.solution())?;
    }
    Ok(())
}

/// A recorded search holds only edges of `graph`, and the whole solution path.
fn check_recording<Ty: EdgeType>(
    graph: &Graph<(), u32, Ty>,
    problem: &GraphProblem<'_, (), u32, Ty>,
    explored: &ExploredGraph<NodeIndex, EdgeIndex>,
    solution: Option<&Solution<NodeIndex, EdgeIndex, u32>>,
) -> Result<(), TestCaseError> {
    let recorded = explored.graph();
    for edge in recorded.edge_references() {
        let (from, to) = (recorded[edge.source()], recorded[edge.target()]);
        let endpoints = graph.edge_endpoints(*edge.weight());
        let reversed = (!Ty::is_directed()).then_some((to, from));
        prop_assert!(endpoints == Some((from, to)) || endpoints == reversed);
    }
    if let Some(solution) = solution {
        let states = solution
            .states(problem)
            .expect("a checked solution replays");
        for pair in states.windows(2) {
            let (from, to) = (explored.node(&pair[0]), explored.node(&pair[1]));
            prop_assert!(
                from.is_some() && to.is_some(),
                "a path state was not recorded"
            );
            prop_assert!(recorded.contains_edge(from.unwrap(), to.unwrap()));
        }
    }
    Ok(())
}

/// The nodes reachable from `start`, by petgraph's breadth-first walk.
fn reachable<Ty: EdgeType>(graph: &Graph<(), u32, Ty>, start: NodeIndex) -> Vec<NodeIndex> {
    let mut walk = Bfs::new(graph, start);
    std::iter::from_fn(|| walk.next(graph)).collect()
}

/// An acyclic version of `edges`: every edge points from the lower index to the higher.
pub(crate) fn acyclic((nodes, edges): &Edges) -> Edges {
    let forward = edges
        .iter()
        .filter(|(source, target, _)| source != target)
        .map(|&(source, target, weight)| (source.min(target), source.max(target), weight))
        .collect();
    (*nodes, forward)
}

fn config() -> ProptestConfig {
    ProptestConfig::with_cases(128)
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn directed_weighted_graphs(
        edges in edges(10, 0..=9), start: Index, goal: Index, scales in prop::collection::vec(0..=8_u32, 1..4),
    ) {
        let graph = build::<Directed>(&edges);
        let (start, goal) = (NodeIndex::new(start.index(edges.0)), NodeIndex::new(goal.index(edges.0)));
        check_all(&graph, start, goal, false, &scales)?;
    }

    #[test]
    fn undirected_weighted_graphs(
        edges in edges(10, 0..=9), start: Index, goal: Index, scales in prop::collection::vec(0..=8_u32, 1..4),
    ) {
        let graph = build::<Undirected>(&edges);
        let (start, goal) = (NodeIndex::new(start.index(edges.0)), NodeIndex::new(goal.index(edges.0)));
        check_all(&graph, start, goal, false, &scales)?;
    }

    #[test]
    fn directed_unit_graphs(edges in edges(12, 1..=1), start: Index, goal: Index) {
        let graph = build::<Directed>(&edges);
        let (start, goal) = (NodeIndex::new(start.index(edges.0)), NodeIndex::new(goal.index(edges.0)));
        check_all(&graph, start, goal, true, &[4])?;
    }

    #[test]
    fn undirected_unit_graphs(edges in edges(12, 1..=1), start: Index, goal: Index) {
        let graph = build::<Undirected>(&edges);
        let (start, goal) = (NodeIndex::new(start.index(edges.0)), NodeIndex::new(goal.index(edges.0)));
        check_all(&graph, start, goal, true, &[4])?;
    }

    /// On an acyclic graph every path is finite, so IDA* ends even when the goal is unreachable,
    /// and even with zero-cost edges.
    #[test]
    fn idastar_on_acyclic_graphs(edges in edges(8, 0..=9), start: Index, goal: Index) {
        let edges = acyclic(&edges);
        let graph = build::<Directed>(&edges);
        let (start, goal) = (NodeIndex::new(start.index(edges.0)), NodeIndex::new(goal.index(edges.0)));
        let problem = GraphProblem::new(&graph, goal);
        let distances = distances_to(&graph, goal);
        let half = heuristic_fn(|node: &NodeIndex| scaled(&distances, node, 1, 2));
        check("idastar without heuristic", &graph, start, goal, &idastar(&problem, &NoHeuristic, start))?;
        check("idastar, half the distance", &graph, start, goal, &idastar(&problem, &half, start))?;
    }

    /// On graphs with cycles, IDA* ends when the goal is reachable and every edge costs at least
    /// one: the cost bound then bounds the depth.
    #[test]
    fn idastar_on_reachable_goals(
        edges in edges(8, 1..=5), directed: bool, start: Index, goal: Index,
    ) {
        if directed {
            idastar_reachable(&build::<Directed>(&edges), start, goal)?;
        } else {
            idastar_reachable(&build::<Undirected>(&edges), start, goal)?;
        }
    }
}

fn idastar_reachable<Ty: EdgeType>(
    graph: &Graph<(), u32, Ty>,
    start: Index,
    goal: Index,
) -> Result<(), TestCaseError> {
    let start = NodeIndex::new(start.index(graph.node_count()));
    // The walk lists `start` first; another reachable node, when there is one, makes a search.
    let reachable = reachable(graph, start);
    let others = if reachable.len() > 1 {
        &reachable[1..]
    } else {
        &reachable[..]
    };
    let goal = others[goal.index(others.len())];
    let problem = GraphProblem::new(graph, goal);
    let distances = distances_to(graph, goal);

    // The exact distance expands only nodes on optimal paths: always quick.
    let exact = heuristic_fn(|node: &NodeIndex| scaled(&distances, node, 1, 1));
    check(
        "idastar, exact heuristic",
        graph,
        start,
        goal,
        &idastar(&problem, &exact, start),
    )?;

    // Weaker estimates may enumerate exponentially many paths; the limit keeps the test fast,
    // and whatever the search finds within it must still be optimal.
    let limits = Limits::none().with_max_expanded(200_000);
    for numerator in [0, 1] {
        let estimate = heuristic_fn(|node: &NodeIndex| scaled(&distances, node, numerator, 2));
        let result = idastar_with(&problem, &estimate, start, &limits, NoObserver);
        if result.outcome != Outcome::LimitReached(Limit::Expanded) {
            check("idastar, weak heuristic", graph, start, goal, &result)?;
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Export: shapes whose node and edge counts are known by construction.

/// A ring of `size` states, with a step forward and a step back from each.
struct Ring {
    size: u32,
}

impl Problem for Ring {
    type State = u32;
    type Action = bool;
    type Cost = u32;

    fn is_goal(&self, _: &u32) -> bool {
        false
    }

    fn successors(&self, state: &u32, out: &mut Successors<Self>) {
        out.push(Successor::unit((state + 1) % self.size, true));
        out.push(Successor::unit((state + self.size - 1) % self.size, false));
    }
}

/// A `width` by `height` grid with moves to the four neighbours.
struct Grid {
    width: i32,
    height: i32,
}

impl Grid {
    fn contains(&self, (x, y): (i32, i32)) -> bool {
        (0..self.width).contains(&x) && (0..self.height).contains(&y)
    }
}

const STEPS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];

impl Problem for Grid {
    type State = (i32, i32);
    type Action = (i32, i32);
    type Cost = u32;

    fn is_goal(&self, _: &(i32, i32)) -> bool {
        false
    }

    fn successors(&self, &(x, y): &(i32, i32), out: &mut Successors<Self>) {
        for (dx, dy) in STEPS {
            if self.contains((x + dx, y + dy)) {
                out.push(Successor::unit((x + dx, y + dy), (dx, dy)));
            }
        }
    }
}

/// Reads the labels back out of DOT text, undoing the escaping, in order of appearance.
fn labels(dot: &str) -> Vec<String> {
    let mut found = Vec::new();
    for piece in dot.split(" label = \"").skip(1) {
        let mut label = String::new();
        let mut characters = piece.chars();
        while let Some(character) = characters.next() {
            match character {
                '"' => break,
                '\\' => match characters.next() {
                    Some('n') => label.push('\n'),
                    Some(escaped) => label.push(escaped),
                    None => break,
                },
                _ => label.push(character),
            }
        }
        found.push(label);
    }
    found
}

/// The `(from, to)` node numbers of the DOT edges that are drawn highlighted.
fn highlighted_edges(dot: &str) -> Vec<(usize, usize)> {
    dot.lines()
        .filter(|line| line.contains(" -> ") && line.contains("color = red"))
        .map(|line| {
            let mut numbers = line.split_whitespace();
            let from = numbers.next().unwrap().parse().unwrap();
            numbers.next();
            let to = numbers.next().unwrap().parse().unwrap();
            (from, to)
        })
        .collect()
}

proptest! {
    #![proptest_config(config())]

    /// Depth `d` around a state of a ring reaches `2d + 1` states with two edges each, less the
    /// two steps out of the reached arc, until the whole ring is reached.
    #[test]
    fn explore_counts_a_ring(size in 3..30_u32, depth in 0..20_usize) {
        let explored = explore(&Ring { size }, 0, depth, &Limits::default());
        let arc = 2 * depth + 1;
        let (nodes, edges) = if arc >= size as usize {
            (size as usize, 2 * size as usize)
        } else {
            (arc, 2 * arc - 2)
        };
        prop_assert_eq!(explored.graph().node_count(), nodes);
        prop_assert_eq!(explored.graph().edge_count(), edges);
        prop_assert_eq!(explored.limit(), None);
    }

    /// From a corner of a grid, depth `d` reaches the cells with `x + y <= d`, and every step
    /// between two of them is an edge.
    #[test]
    fn explore_counts_a_grid(width in 1..8_i32, height in 1..8_i32, depth in 0..16_usize) {
        let grid = Grid { width, height };
        let explored = explore(&grid, (0, 0), depth, &Limits::default());
        let inside = |(x, y): (i32, i32)| grid.contains((x, y)) && (x + y) as usize <= depth;
        let cells: Vec<_> = (0..width).flat_map(|x| (0..height).map(move |y| (x, y))).filter(|&c| inside(c)).collect();
        let steps = cells
            .iter()
            .flat_map(|&(x, y)| STEPS.iter().map(move |(dx, dy)| (x + dx, y + dy)))
            .filter(|&cell| inside(cell))
            .count();
        prop_assert_eq!(explored.graph().node_count(), cells.len());
        prop_assert_eq!(explored.graph().edge_count(), steps);
        for cell in cells {
            prop_assert!(explored.node(&cell).is_some());
        }
    }

    /// Exploring a graph through `GraphProblem` without a depth bound gives its reachable part:
    /// each directed edge once, each undirected edge once per direction (a self-loop once).
    #[test]
    fn explore_recovers_the_reachable_graph(edges in edges(8, 0..=9), directed: bool, start: Index) {
        let start = NodeIndex::new(start.index(edges.0));
        let (explored, reachable, expected_edges) = if directed {
            let graph = build::<Directed>(&edges);
            let reachable = reachable(&graph, start);
            let expected = graph.edge_references().filter(|edge| reachable.contains(&edge.source())).count();
            (explore(&GraphProblem::new(&graph, start), start, edges.0, &Limits::default()), reachable, expected)
        } else {
            let graph = build::<Undirected>(&edges);
            let reachable = reachable(&graph, start);
            let expected = graph
                .edge_references()
                .filter(|edge| reachable.contains(&edge.source()))
                .map(|edge| if edge.source() == edge.target() { 1 } else { 2 })
                .sum();
            (explore(&GraphProblem::new(&graph, start), start, edges.0, &Limits::default()), reachable, expected)
        };
        prop_assert_eq!(explored.graph().node_count(), reachable.len());
        prop_assert_eq!(explored.graph().edge_count(), expected_edges);
        for node in reachable {
            prop_assert_eq!(explored.graph()[explored.node(&node).unwrap()], node);
        }
    }

    /// Labels of any text survive the trip through DOT escaping.
    #[test]
    fn dot_labels_round_trip(state_label in ".{0,12}", action_label in "[\"\\\\\na-z]{0,8}") {
        let explored = explore(&Ring { size: 3 }, 0, 1, &Limits::default());
        let dot = explored.to_dot(|_| state_label.clone(), |_| action_label.clone(), &[]);
        let expected_state = state_label.replace('\r', "");
        let expected_action = action_label.replace('\r', "");
        let found = labels(&dot);
        prop_assert_eq!(found.len(), 3 + 6);
        prop_assert!(found[..3].iter().all(|label| *label == expected_state));
        prop_assert!(found[3..].iter().all(|label| *label == expected_action));
        // No path, no highlight; a label may well say "red" (the failure this once had).
        prop_assert!(!dot.contains("color = red"));
    }
}

#[test]
fn explore_stops_at_limits() {
    let ring = Ring { size: 1000 };
    let expanded = explore(&ring, 0, 1000, &Limits::none().with_max_expanded(10));
    assert_eq!(expanded.limit(), Some(Limit::Expanded));
    assert!(expanded.graph().node_count() < 1000);

    let stored = explore(&ring, 0, 1000, &Limits::none().with_max_stored(50));
    assert_eq!(stored.limit(), Some(Limit::Stored));
    // One expansion may add its two successors past the limit before the next check.
    assert!((50..=52).contains(&stored.graph().node_count()));

    assert_eq!(explore(&ring, 0, 1000, &Limits::none()).limit(), None);
}

#[test]
fn dot_highlights_exactly_the_path() {
    let grid = Grid {
        width: 3,
        height: 3,
    };
    let explored = explore(&grid, (0, 0), 10, &Limits::default());
    let path = [(0, 0), (1, 0), (1, 1), (2, 1), (2, 2)];
    let dot = explored.to_dot(
        |&(x, y)| format!("({x}, {y})\nrow \"{y}\""),
        |&(dx, dy)| format!("{dx},{dy}"),
        &path,
    );
    assert!(dot.starts_with("digraph {\n") && dot.ends_with("}\n"));
    let number = |cell| explored.node(&cell).unwrap().index();
    let mut expected: Vec<_> = path
        .windows(2)
        .map(|pair| (number(pair[0]), number(pair[1])))
        .collect();
    let mut found = highlighted_edges(&dot);
    expected.sort_unstable();
    found.sort_unstable();
    assert_eq!(found, expected);

    let line_of = |cell| {
        let prefix = format!("    {} [", number(cell));
        dot.lines()
            .find(|line| line.starts_with(&prefix))
            .unwrap()
            .to_owned()
    };
    assert!(line_of((0, 0)).contains("xlabel = \"start\""));
    assert!(line_of((2, 2)).contains("xlabel = \"goal\""));
    assert!(line_of((1, 1)).contains("color = red") && !line_of((1, 1)).contains("xlabel"));
    assert!(!line_of((0, 2)).contains("red"));
    assert!(line_of((1, 1)).contains(r#"label = "(1, 1)\nrow \"1\"""#));

    // A start that already is the goal: one node marked as both, no edge highlighted.
    let alone = explored.to_dot(|_| String::new(), |_| String::new(), &[(1, 1)]);
    assert!(highlighted_edges(&alone).is_empty());
    assert_eq!(alone.matches("xlabel").count(), 1);
    assert!(alone.contains(r#"xlabel = "start, goal""#));
}
