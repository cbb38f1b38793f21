//! The uninformed searches (`bfs`, `bidirectional_bfs`, `bfs_layers`) against independent
//! oracles: distances by exhaustive edge relaxation
//! (<https://en.wikipedia.org/wiki/Bellman%E2%80%93Ford_algorithm>), layer sizes by counting.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use proptest::prelude::*;
use search_core::{
    Limit, Limits, Outcome, Problem, Reversible, Successor, Successors, bfs,
    bidirectional::bidirectional_bfs_with, bidirectional_bfs, breadth_first::bfs_layers,
    breadth_first::bfs_with, closure::from_fn_reversible, from_fn, observer::NoObserver,
    observer::Observer, problem::PerfectRank, visited::DenseVisited, visited::HashVisited,
    visited::OrderedVisited,
};

/// A directed multigraph with weighted edges; an action is the index of the edge taken.
#[derive(Clone, Debug)]
struct Graph {
    edges: Vec<(u32, u32, u32)>,
    outgoing: Vec<Vec<usize>>,
    incoming: Vec<Vec<usize>>,
    goal: u32,
}

impl Graph {
    fn new(nodes: u32, edges: Vec<(u32, u32, u32)>, goal: u32) -> Self {
        let mut outgoing = vec![Vec::new(); nodes as usize];
        let mut incoming = vec![Vec::new(); nodes as usize];
        for (index, &(from, to, _)) in edges.iter().enumerate() {
            outgoing[from as usize].push(index);
            incoming[to as usize].push(index);
        }
        Graph {
            edges,
            outgoing,
            incoming,
            goal,
        }
    }

    fn nodes(&self) -> usize {
        self.outgoing.len()
    }

    /// Fewest-edge distances from `start`, by relaxing every edge until nothing changes
    /// (Bellman-Ford with unit weights): no queue, no visited set, nothing shared with the code
    /// under test.
    fn distances(&self, start: u32) -> Vec<Option<u32>> {
        let mut distance = vec![None; self.nodes()];
        distance[start as usize] = Some(0);
        let mut changed = true;
        while changed {
            changed = false;
            for &(from, to, _) in &self.edges {
                if let Some(through) = distance[from as usize].map(|d: u32| d + 1) {
                    if distance[to as usize].is_none_or(|d| through < d) {
                        distance[to as usize] = Some(through);
                        changed = true;
                    }
                }
            }
        }
        distance
    }

    /// How many nodes lie at each distance from `start`, from the oracle distances.
    fn layer_sizes(&self, start: u32) -> Vec<u64> {
        let mut sizes = Vec::new();
        for distance in self.distances(start).into_iter().flatten() {
            let distance = distance as usize;
            if sizes.len() <= distance {
                sizes.resize(distance + 1, 0);
            }
            sizes[distance] += 1;
        }
        sizes
    }
}

impl Problem for Graph {
    type State = u32;
    type Action = usize;
    type Cost = u32;

    fn is_goal(&self, state: &u32) -> bool {
        *state == self.goal
    }

    fn successors(&self, state: &u32, out: &mut Successors<Self>) {
        for &edge in &self.outgoing[*state as usize] {
            let (_, to, cost) = self.edges[edge];
            out.push(Successor::new(to, edge, cost));
        }
    }
}

impl Reversible for Graph {
    fn predecessors(&self, state: &u32, out: &mut Successors<Self>) {
        for &edge in &self.incoming[*state as usize] {
            let (from, _, cost) = self.edges[edge];
            out.push(Successor::new(from, edge, cost));
        }
    }
}

impl PerfectRank for Graph {
    fn rank_count(&self) -> u64 {
        self.nodes() as u64
    }

    fn rank(&self, state: &u32) -> u64 {
        u64::from(*state)
    }
}

type GraphResult = search_core::outcome::ResultOf<Graph>;

/// Checks that `result` answers "shortest path from `start` to the graph's goal" as the oracle
/// does: same reachability, fewest edges, a path that replays through the graph, and a cost that
/// is the sum of its edges' costs.
fn check(graph: &Graph, start: u32, result: &GraphResult, algorithm: &str) {
    let expected = graph.distances(start)[graph.goal as usize];
    match (&result.outcome, expected) {
        (Outcome::Unreachable, None) => {}
        (Outcome::Solved(solution), Some(distance)) => {
            assert_eq!(
                solution.len(),
                distance as usize,
                "{algorithm}: not shortest"
            );
            assert_eq!(solution.start, start, "{algorithm}: wrong start");
            let states = solution
                .states(graph)
                .expect("the path replays through the graph");
            assert_eq!(
                states.last(),
                Some(&graph.goal),
                "{algorithm}: path misses the goal"
            );
            let cost: u32 = solution.actions.iter().map(|&e| graph.edges[e].2).sum();
            assert_eq!(
                solution.cost, cost,
                "{algorithm}: cost is not the sum of the actions"
            );
        }
        (outcome, expected) => {
            panic!("{algorithm}: got {outcome:?}, oracle distance {expected:?}")
        }
    }
}

/// Random graphs of up to 24 nodes: sparse ones (often unreachable goals) to dense ones.
fn graphs() -> impl Strategy<Value = (Graph, u32)> {
    (1u32..24).prop_flat_map(|nodes| {
        let edge = (0..nodes, 0..nodes, 1u32..4);
        (
            proptest::collection::vec(edge, 0..(nodes as usize * 3)),
            0..nodes,
            0..nodes,
        )
            .prop_map(move |(edges, start, goal)| (Graph::new(nodes, edges, goal), start))
    })
}

proptest! {
    #[test]
    fn bfs_finds_the_oracle_distance((graph, start) in graphs()) {
        check(&graph, start, &bfs(&graph, start), "bfs");
        let dense = DenseVisited::for_problem(&graph).expect("a tiny bitset");
        let limits = Limits::none();
        check(&graph, start, &bfs_with(&graph, start, dense, &limits, NoObserver), "dense bfs");
        let ordered = OrderedVisited::default();
        check(&graph, start, &bfs_with(&graph, start, ordered, &limits, NoObserver), "ordered bfs");
    }

    #[test]
    fn bidirectional_bfs_finds_the_oracle_distance((graph, start) in graphs()) {
        check(&graph, start, &bidirectional_bfs(&graph, start, graph.goal), "bidirectional");
    }

    #[test]
    fn layer_counts_agree_with_the_oracle_for_every_visited_set((graph, start) in graphs()) {
        let limits = Limits::none();
        let hashed = bfs_layers(&graph, start, HashVisited::default(), &limits);
        let dense = DenseVisited::for_problem(&graph).expect("a tiny bitset");
        let dense = bfs_layers(&graph, start, dense, &limits);
        let ordered = bfs_layers(&graph, start, OrderedVisited::default(), &limits);
        prop_assert_eq!(&hashed.counts, &graph.layer_sizes(start));
        prop_assert_eq!(&dense.counts, &hashed.counts);
        prop_assert_eq!(&ordered.counts, &hashed.counts);
        prop_assert_eq!(hashed.limit, None);
        let reachable: u64 = hashed.counts.iter().sum();
        prop_assert_eq!(hashed.statistics.stored as u64, reachable);
    }
}

/// The `dimension`-cube: states are bitmasks, a move flips one bit. Its layer `d` holds the
/// subsets of size `d`, counted here by Pascal's rule.
struct Hypercube {
    dimension: u32,
}

impl Problem for Hypercube {
    type State = u32;
    type Action = u32;
    type Cost = u8;

    fn is_goal(&self, _: &u32) -> bool {
        false
    }

    fn successors(&self, state: &u32, out: &mut Successors<Self>) {
        for bit in 0..self.dimension {
            out.push(Successor::unit(state ^ (1 << bit), bit));
        }
    }
}

impl PerfectRank for Hypercube {
    fn rank_count(&self) -> u64 {
        1 << self.dimension
    }

    fn rank(&self, state: &u32) -> u64 {
        u64::from(*state)
    }
}

#[test]
fn layer_counts_of_a_hypercube_are_binomial_coefficients() {
    let dimension = 12;
    let mut binomials = vec![1u64];
    for _ in 0..dimension {
        let mut row = vec![1u64; binomials.len() + 1];
        for k in 1..binomials.len() {
            row[k] = binomials[k - 1] + binomials[k];
        }
        binomials = row;
    }
    let cube = Hypercube { dimension };
    let limits = Limits::default();
    let dense = DenseVisited::for_problem(&cube).expect("a 4 KiB bitset");
    for layers in [
        bfs_layers(
            &cube,
            0,
            HashVisited::with_capacity(1 << dimension),
            &limits,
        ),
        bfs_layers(&cube, 0, dense, &limits),
        bfs_layers(&cube, 0, OrderedVisited::default(), &limits),
    ] {
        assert_eq!(layers.counts, binomials);
        assert_eq!(layers.statistics.stored, 1 << dimension);
        assert_eq!(layers.statistics.expanded, 1 << dimension);
    }
}

#[test]
fn a_start_that_is_the_goal_costs_nothing() {
    let graph = Graph::new(3, vec![(0, 1, 2), (1, 2, 2), (2, 0, 2)], 1);
    for result in [bfs(&graph, 1), bidirectional_bfs(&graph, 1, 1)] {
        let solution = result.into_solution().expect("the start is the goal");
        assert_eq!((solution.start, solution.cost), (1, 0));
        assert!(solution.is_empty());
    }
}

#[test]
fn a_goal_in_another_component_is_unreachable() {
    // 0 -> 1 -> 2 and 3 -> 4, with the edge 4 -> 0 pointing the wrong way for 0 to reach 4.
    let graph = Graph::new(5, vec![(0, 1, 1), (1, 2, 1), (3, 4, 1), (4, 0, 1)], 4);
    let forward = bfs(&graph, 0);
    assert_eq!(forward.outcome, Outcome::Unreachable);
    assert_eq!(forward.statistics.stored, 3);
    assert_eq!(
        bidirectional_bfs(&graph, 0, 4).outcome,
        Outcome::Unreachable
    );
    // The other way round it is reachable, in two moves.
    let backward = Graph::new(5, graph.edges.clone(), 0);
    assert_eq!(bfs(&backward, 3).into_solution().map(|s| s.len()), Some(2));
}

/// An endless binary tree (`n -> 2n, 2n + 1` from 1) and an endless line (`n -> n ± 1`), with
/// goals never or very far away, so only a limit can stop the searches.
fn endless_limits() -> Vec<(Limits, Limit)> {
    let raised = Arc::new(AtomicBool::new(true));
    vec![
        (Limits::none().with_max_expanded(100), Limit::Expanded),
        (Limits::none().with_max_stored(100), Limit::Stored),
        (
            Limits::none().with_deadline(Instant::now()),
            Limit::Deadline,
        ),
        (Limits::none().with_cancel_flag(raised), Limit::Cancelled),
    ]
}

#[test]
fn every_limit_stops_an_endless_bfs() {
    let tree = from_fn(|&n: &u64| [(2 * n, 1u32), (2 * n + 1, 1)], |_| false);
    for (limits, limit) in endless_limits() {
        let result = bfs_with(&tree, 1, HashVisited::default(), &limits, NoObserver);
        assert_eq!(result.outcome, Outcome::LimitReached(limit));
        let layers = bfs_layers(&tree, 1, HashVisited::default(), &limits);
        assert_eq!(layers.limit, Some(limit));
        // Only complete layers are reported: the tree's layer d has 2^d nodes.
        let complete: Vec<u64> = (0..layers.counts.len()).map(|d| 1 << d).collect();
        assert_eq!(layers.counts, complete);
        check_counts(limit, &result.statistics, layers.statistics.expanded);
    }
}

#[test]
fn every_limit_stops_an_endless_bidirectional_bfs() {
    let step = |&n: &i64| [(n + 1, 1u32), (n - 1, 1)];
    let line = from_fn_reversible(step, step, |&n| n == 1 << 40);
    for (limits, limit) in endless_limits() {
        let result = bidirectional_bfs_with(&line, 0, 1 << 40, &limits, NoObserver);
        assert_eq!(result.outcome, Outcome::LimitReached(limit));
        check_counts(limit, &result.statistics, result.statistics.expanded);
    }
}

/// The counts a limit must leave behind: exactly the expansion budget, at least the storage
/// budget, and no work at all for a deadline or cancellation seen before the first expansion.
fn check_counts(limit: Limit, statistics: &search_core::Statistics, other_expanded: u64) {
    match limit {
        Limit::Expanded => {
            assert_eq!(statistics.expanded, 100);
            assert_eq!(other_expanded, 100);
        }
        Limit::Stored => assert!(statistics.stored >= 100),
        _ => {
            assert_eq!(statistics.expanded, 0);
            assert_eq!(other_expanded, 0);
        }
    }
}

#[derive(Default)]
struct Counter {
    expanded: u64,
    generated: u64,
}

impl<P: Problem> Observer<P> for Counter {
    fn expanded(&mut self, _: &P::State, _: P::Cost) {
        self.expanded += 1;
    }

    fn generated(&mut self, _: &P::State, _: &P::Action, _: &P::State, _: P::Cost) {
        self.generated += 1;
    }
}

#[test]
fn the_observer_sees_every_expansion_and_generation() {
    let edges = (0..30).flat_map(|n| [(n, (n + 1) % 30, 1), (n, (n * 7) % 30, 2)]);
    let graph = Graph::new(30, edges.collect(), 29);
    let mut counter = Counter::default();
    let result = bfs_with(
        &graph,
        0,
        HashVisited::default(),
        &Limits::none(),
        &mut counter,
    );
    check(&graph, 0, &result, "observed bfs");
    assert_eq!(counter.expanded, result.statistics.expanded);
    assert_eq!(counter.generated, result.statistics.generated);

    let mut counter = Counter::default();
    let result = bidirectional_bfs_with(&graph, 0, 29, &Limits::none(), &mut counter);
    check(&graph, 0, &result, "observed bidirectional");
    assert_eq!(counter.expanded, result.statistics.expanded);
    assert_eq!(counter.generated, result.statistics.generated);
}

#[test]
fn a_bitset_too_large_for_memory_is_refused() {
    struct Huge;
    impl Problem for Huge {
        type State = u64;
        type Action = ();
        type Cost = u32;
        fn is_goal(&self, _: &u64) -> bool {
            false
        }
        fn successors(&self, _: &u64, _: &mut Successors<Self>) {}
    }
    impl PerfectRank for Huge {
        fn rank_count(&self) -> u64 {
            u64::MAX
        }
        fn rank(&self, state: &u64) -> u64 {
            *state
        }
    }
    let error = DenseVisited::for_problem(&Huge).expect_err("2^64 bits do not fit");
    let message = error.to_string();
    assert!(message.contains(&u64::MAX.to_string()), "{message}");
    assert!(!message.ends_with('.'), "{message}");
}
