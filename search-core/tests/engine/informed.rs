//! A* and IDA* at the public boundary, checked against a Bellman-Ford oracle written here.

use std::num::NonZeroUsize;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use proptest::prelude::*;
use search_core::{
    Heuristic, InPlace, Limit, Limits, Outcome, Problem, Reversible, Statistics, Successor,
    Successors, astar, bfs, bidirectional_bfs, heuristic::IncrementalHeuristic,
    heuristic::NoHeuristic, idastar, idastar::idastar_parallel, idastar::idastar_with,
    informed::astar_with, observer::NoObserver, outcome::ResultOf,
};

// ---------------------------------------------------------------------------------------------
// A weighted digraph as a problem. Actions are edge indices; in an undirected graph edges come
// in pairs `2k` and `2k + 1` of opposite direction and equal weight, so `a ^ 1` is the inverse.

#[derive(Clone, Debug)]
pub(super) struct Graph {
    nodes: usize,
    edges: Vec<(usize, usize, u32)>,
    outgoing: Vec<Vec<usize>>,
    undirected: bool,
    goal: usize,
}

impl Graph {
    pub(super) fn new(
        nodes: usize,
        arcs: &[(usize, usize, u32)],
        undirected: bool,
        goal: usize,
    ) -> Self {
        let mut edges = Vec::new();
        for &(from, to, weight) in arcs {
            edges.push((from, to, weight));
            if undirected {
                edges.push((to, from, weight));
            }
        }
        let mut outgoing = vec![Vec::new(); nodes];
        for (index, &(from, _, _)) in edges.iter().enumerate() {
            outgoing[from].push(index);
        }
        Graph {
            nodes,
            edges,
            outgoing,
            undirected,
            goal,
        }
    }

    /// The cheapest cost from every node to the goal, by plain Bellman-Ford relaxation.
    pub(super) fn distances_to_goal(&self) -> Vec<Option<u32>> {
        let mut distance = vec![None; self.nodes];
        distance[self.goal] = Some(0);
        for _ in 0..self.nodes {
            for &(from, to, weight) in &self.edges {
                if let Some(rest) = distance[to] {
                    if distance[from].is_none_or(|known| weight + rest < known) {
                        distance[from] = Some(weight + rest);
                    }
                }
            }
        }
        distance
    }
}

impl Problem for Graph {
    type State = usize;
    type Action = usize;
    type Cost = u32;

    fn is_goal(&self, state: &usize) -> bool {
        *state == self.goal
    }

    fn successors(&self, state: &usize, out: &mut Successors<Self>) {
        for &edge in &self.outgoing[*state] {
            let (_, to, weight) = self.edges[edge];
            out.push(Successor::new(to, edge, weight));
        }
    }

    fn inverse(&self, edge: &usize) -> Option<usize> {
        self.undirected.then_some(edge ^ 1)
    }
}

impl InPlace for Graph {
    fn apply(&self, state: &mut usize, edge: &usize) {
        *state = self.edges[*edge].1;
    }

    fn undo(&self, state: &mut usize, edge: &usize) {
        *state = self.edges[*edge].0;
    }
}

/// The same graph with its actions in slots (every other slot empty) instead of listed, and
/// with a heuristic that estimates children before they are applied: IDA* must search exactly
/// the same tree through either protocol.
struct Slotted(Graph);

/// Two slots per outgoing edge: edge `k` in slot `2k`, slot `2k + 1` empty.
const SLOTS: usize = 64;

impl Problem for Slotted {
    type State = usize;
    type Action = usize;
    type Cost = u32;

    fn is_goal(&self, state: &usize) -> bool {
        self.0.is_goal(state)
    }

    fn successors(&self, state: &usize, out: &mut Successors<Self>) {
        for &edge in &self.0.outgoing[*state] {
            let (_, to, weight) = self.0.edges[edge];
            out.push(Successor::new(to, edge, weight));
        }
    }

    fn inverse(&self, edge: &usize) -> Option<usize> {
        self.0.inverse(edge)
    }
}

impl InPlace for Slotted {
    const ACTION_SLOTS: usize = SLOTS;

    fn action_in_slot(&self, state: &usize, slot: usize) -> Option<(usize, u32)> {
        if slot % 2 == 1 {
            return None;
        }
        let edge = *self.0.outgoing[*state].get(slot / 2)?;
        Some((edge, self.0.edges[edge].2))
    }

    fn apply(&self, state: &mut usize, edge: &usize) {
        self.0.apply(state, edge);
    }

    fn undo(&self, state: &mut usize, edge: &usize) {
        self.0.undo(state, edge);
    }
}

/// [`Table`] for [`Slotted`], answering for children before they are applied.
struct MoveTable<'table>(&'table Table);

impl Heuristic<Slotted> for MoveTable<'_> {
    fn estimate(&self, _: &Slotted, state: &usize) -> u32 {
        self.0.0[*state]
    }

    fn estimate_move(&self, problem: &Slotted, _: &usize, edge: &usize, _: u32) -> Option<u32> {
        Some(self.0.0[problem.0.edges[*edge].1])
    }
}

/// [`MoveTable`] at its laziest: once a child's estimate reaches what IDA* calls `enough`, it
/// answers `enough` itself, the least value it may (see
/// `IncrementalHeuristic::estimate_child_ahead`).
struct LazyTable<'table> {
    table: &'table Table,
    consistent: bool,
}

impl IncrementalHeuristic<Slotted> for LazyTable<'_> {
    type Memo = ();

    fn estimate_root(&self, _: &Slotted, state: &usize) -> (u32, ()) {
        (self.table.0[*state], ())
    }

    fn estimate_child(&self, _: &Slotted, after: &usize, _: &usize, _: u32, _: &()) -> (u32, ()) {
        (self.table.0[*after], ())
    }

    fn estimate_child_ahead(
        &self,
        problem: &Slotted,
        _: &usize,
        edge: &usize,
        _: u32,
        _: &(),
        _: &mut (),
        enough: u32,
    ) -> Option<u32> {
        let estimate = self.table.0[problem.0.edges[*edge].1];
        Some(if estimate >= enough { enough } else { estimate })
    }

    fn consistent(&self) -> bool {
        self.consistent
    }
}

/// [`MoveTable`] for a table that is consistent, saying so: with a plain heuristic that says it
/// is consistent, IDA* on [`Slotted`] takes its recursive walk.
struct ConsistentMoveTable<'table>(&'table Table);

impl Heuristic<Slotted> for ConsistentMoveTable<'_> {
    fn estimate(&self, _: &Slotted, state: &usize) -> u32 {
        self.0.0[*state]
    }

    fn estimate_move(&self, problem: &Slotted, _: &usize, edge: &usize, _: u32) -> Option<u32> {
        Some(self.0.0[problem.0.edges[*edge].1])
    }

    fn is_consistent(&self) -> bool {
        true
    }
}

/// An observer that records nothing, but is enabled: IDA* then takes its explicit walk, which
/// reports every edge, so that tests can hold the recursive walk up against it.
struct Enabled;

impl<P: Problem> search_core::observer::Observer<P> for Enabled {}

/// A heuristic given as one estimate per node.
pub(super) struct Table(Vec<u32>);

impl Heuristic<Graph> for Table {
    fn estimate(&self, _: &Graph, state: &usize) -> u32 {
        self.0[*state]
    }
}

/// An estimate for nodes that cannot reach the goal: any value is admissible there, and a large
/// one keeps the consistent heuristic consistent. It stays far from `u32::MAX`: a saturated f
/// ties with every other saturated f, which is no longer consistent (see
/// `huge_estimates_do_not_overflow` for saturation).
const DEAD_END: u32 = 1_000_000;

/// Half the true distance: admissible, and consistent because halving preserves the triangle
/// inequality `h(u) <= w + h(v)` up to rounding down.
pub(super) fn consistent(distances: &[Option<u32>]) -> Table {
    Table(
        distances
            .iter()
            .map(|d| d.map_or(DEAD_END, |d| d / 2))
            .collect(),
    )
}

/// The true distance on the masked nodes and zero elsewhere: admissible, and inconsistent
/// wherever a masked node is one move from an unmasked one.
pub(super) fn inconsistent(distances: &[Option<u32>], mask: &[bool]) -> Table {
    Table(
        distances
            .iter()
            .zip(mask)
            .map(|(d, &keep)| match d {
                None => DEAD_END,
                Some(d) if keep => *d,
                Some(_) => 0,
            })
            .collect(),
    )
}

/// Checks a result against the oracle's cost from `start`: the same cost, and a valid path from
/// `start` to the goal whose edges add up to it; or `Unreachable` when the oracle says so.
pub(super) fn check(graph: &Graph, start: usize, result: &ResultOf<Graph>, expected: Option<u32>) {
    match (&result.outcome, expected) {
        (Outcome::Solved(solution), Some(cost)) => {
            assert_eq!(solution.cost, cost, "not optimal");
            assert_eq!(solution.start, start);
            let states = solution
                .states(graph)
                .expect("every action belongs to the graph");
            assert_eq!(states.first(), Some(&start));
            assert_eq!(states.last(), Some(&graph.goal));
            let total: u32 = solution.actions.iter().map(|&e| graph.edges[e].2).sum();
            assert_eq!(total, cost, "the reported cost is the path's cost");
        }
        (Outcome::Unreachable, None) => {}
        (outcome, expected) => panic!("got {outcome:?}, the oracle says {expected:?}"),
    }
}

/// A generated instance: node count, weighted arcs, start, goal, and a mask over the nodes for
/// [`inconsistent`].
pub(super) type Instance = (usize, Vec<(usize, usize, u32)>, usize, usize, Vec<bool>);

/// A random graph instance; arcs go from lower to higher nodes when
/// `acyclic`.
pub(super) fn graphs(
    most_nodes: usize,
    arcs_per_node: usize,
    weights: std::ops::RangeInclusive<u32>,
    acyclic: bool,
) -> impl Strategy<Value = Instance> {
    (2..=most_nodes).prop_flat_map(move |nodes| {
        let arc = (0..nodes, 0..nodes, weights.clone()).prop_map(move |(a, b, w)| {
            if acyclic {
                (a.min(b), a.max(b), w)
            } else {
                (a, b, w)
            }
        });
        (
            Just(nodes),
            prop::collection::vec(arc, 0..=arcs_per_node * nodes),
            0..nodes,
            0..nodes,
            prop::collection::vec(any::<bool>(), nodes),
        )
    })
}

proptest! {
    #[test]
    fn astar_is_optimal_with_admissible_heuristics(
        (nodes, arcs, start, goal, mask) in graphs(9, 3, 0..=9, false),
        undirected in any::<bool>(),
    ) {
        let graph = Graph::new(nodes, &arcs, undirected, goal);
        let distances = graph.distances_to_goal();
        let expected = distances[start];
        check(&graph, start, &astar(&graph, &NoHeuristic, start), expected);
        let result = astar(&graph, &consistent(&distances), start);
        check(&graph, start, &result, expected);
        prop_assert_eq!(result.statistics.reopened, 0, "a consistent heuristic never reopens");
        check(&graph, start, &astar(&graph, &inconsistent(&distances, &mask), start), expected);
    }

    #[test]
    fn idastar_is_optimal_with_admissible_heuristics(
        // Weights within a factor of two keep the number of paths under the optimal cost small.
        (nodes, arcs, start, goal, mask) in graphs(6, 2, 5..=9, false),
        undirected in any::<bool>(),
    ) {
        let graph = Graph::new(nodes, &arcs, undirected, goal);
        let distances = graph.distances_to_goal();
        // On a graph with cycles and no path to the goal IDA* never ends; see the acyclic test.
        prop_assume!(distances[start].is_some());
        let (near, far) = (consistent(&distances), inconsistent(&distances, &mask));
        let parallel = |threads| {
            let threads = NonZeroUsize::new(threads).unwrap();
            [
                idastar_parallel(&graph, &NoHeuristic, start, &Limits::default(), threads),
                idastar_parallel(&graph, &near, start, &Limits::default(), threads),
                idastar_parallel(&graph, &far, start, &Limits::default(), threads),
            ]
        };
        let serial = [
            idastar(&graph, &NoHeuristic, start),
            idastar(&graph, &near, start),
            idastar(&graph, &far, start),
        ];
        for result in serial.into_iter().chain(parallel(1)).chain(parallel(2)).chain(parallel(3)) {
            check(&graph, start, &result, distances[start]);
            let statistics = &result.statistics;
            let thresholds: Vec<u64> = statistics.iterations.iter().map(|i| i.threshold).collect();
            prop_assert!(thresholds.windows(2).all(|pair| pair[0] < pair[1]), "{thresholds:?}");
            let expanded: u64 = statistics.iterations.iter().map(|i| i.expanded).sum();
            let generated: u64 = statistics.iterations.iter().map(|i| i.generated).sum();
            prop_assert_eq!(statistics.expanded, expanded);
            prop_assert_eq!(statistics.generated, generated + 1, "the root counts once");
            prop_assert_eq!(statistics.stored, 0);
        }
    }

    #[test]
    fn action_slots_early_and_lazy_estimates_search_the_same_tree(
        (nodes, arcs, start, goal, mask) in graphs(6, 2, 5..=9, false),
        undirected in any::<bool>(),
    ) {
        let graph = Graph::new(nodes, &arcs, undirected, goal);
        prop_assume!(graph.outgoing.iter().all(|edges| 2 * edges.len() <= SLOTS));
        let distances = graph.distances_to_goal();
        prop_assume!(distances[start].is_some());
        let slotted = Slotted(graph.clone());
        for table in [consistent(&distances), inconsistent(&distances, &mask)] {
            let listed = idastar(&graph, &table, start);
            let through_slots = idastar(&slotted, &MoveTable(&table), start);
            prop_assert_eq!(&listed.outcome, &through_slots.outcome);
            prop_assert_eq!(&listed.statistics.iterations, &through_slots.statistics.iterations);
            prop_assert_eq!(listed.statistics.generated, through_slots.statistics.generated);
        }
        // A heuristic that stops as soon as IDA* says its estimate is enough.
        let near = consistent(&distances);
        let lazy = LazyTable { table: &near, consistent: true };
        let eager = idastar(&slotted, &MoveTable(&near), start);
        let lazily = idastar(&slotted, &lazy, start);
        prop_assert_eq!(&eager.outcome, &lazily.outcome);
        prop_assert_eq!(&eager.statistics.iterations, &lazily.statistics.iterations);
        prop_assert_eq!(eager.statistics.generated, lazily.statistics.generated);
        // With pathmax a lazy estimate may cut less, never wrongly.
        let far = inconsistent(&distances, &mask);
        let lazy = LazyTable { table: &far, consistent: false };
        let lazily = idastar(&slotted, &lazy, start);
        prop_assert_eq!(lazily.solution().map(|s| s.cost), distances[start]);
        for threads in [1, 2] {
            let threads = NonZeroUsize::new(threads).unwrap();
            let parallel = idastar_parallel(&slotted, &lazy, start, &Limits::default(), threads);
            prop_assert_eq!(parallel.solution().map(|s| s.cost), distances[start]);
        }
    }

    #[test]
    fn the_recursive_walk_searches_the_tree_of_the_explicit_one(
        // Zero-cost arcs among the weights, so that some searches leave the recursive walk
        // halfway through an iteration; limits that stop some searches at any point.
        (nodes, arcs, start, goal, _mask) in graphs(6, 2, 0..=9, false),
        undirected in any::<bool>(),
        max_expanded in 1..300u64,
    ) {
        let graph = Graph::new(nodes, &arcs, undirected, goal);
        prop_assume!(graph.outgoing.iter().all(|edges| 2 * edges.len() <= SLOTS));
        let distances = graph.distances_to_goal();
        let slotted = Slotted(graph.clone());
        let near = consistent(&distances);
        let heuristic = ConsistentMoveTable(&near);
        let limits = Limits::none().with_max_expanded(max_expanded);
        let recursive = idastar_with(&slotted, &heuristic, start, &limits, NoObserver);
        let explicit = idastar_with(&slotted, &heuristic, start, &limits, Enabled);
        prop_assert_eq!(&recursive.outcome, &explicit.outcome);
        prop_assert_eq!(&recursive.statistics.iterations, &explicit.statistics.iterations);
        prop_assert_eq!(recursive.statistics.expanded, explicit.statistics.expanded);
        prop_assert_eq!(recursive.statistics.generated, explicit.statistics.generated);
        if let Outcome::Solved(solution) = &recursive.outcome {
            prop_assert_eq!(Some(solution.cost), distances[start]);
        }
        // Parallel workers take the recursive walk in their subtrees too.
        for threads in [1, 2] {
            let threads = NonZeroUsize::new(threads).unwrap();
            let parallel = idastar_parallel(&slotted, &heuristic, start, &limits, threads);
            if let Outcome::Solved(solution) = &parallel.outcome {
                prop_assert_eq!(Some(solution.cost), distances[start]);
            }
        }
    }

    #[test]
    fn idastar_is_optimal_with_zero_cost_cycles(
        // Zero-cost arcs, cycles of them and self-loops: the walk must not go round them.
        (nodes, arcs, start, goal, _mask) in graphs(6, 2, 0..=3, false),
        undirected in any::<bool>(),
    ) {
        let graph = Graph::new(nodes, &arcs, undirected, goal);
        let distances = graph.distances_to_goal();
        prop_assume!(distances[start].is_some());
        let near = consistent(&distances);
        // A safety net, so that a walk caught in a cycle fails the check instead of hanging.
        let limits = Limits::none().with_max_expanded(10_000_000);
        let threads = NonZeroUsize::new(2).unwrap();
        let results = [
            idastar_with(&graph, &NoHeuristic, start, &limits, NoObserver),
            idastar_with(&graph, &near, start, &limits, NoObserver),
            idastar_parallel(&graph, &NoHeuristic, start, &limits, threads),
            idastar_parallel(&graph, &near, start, &limits, threads),
        ];
        for result in &results {
            check(&graph, start, result, distances[start]);
        }
    }

    #[test]
    fn both_prove_unreachability_on_finite_acyclic_spaces(
        (nodes, arcs, start, goal, _mask) in graphs(8, 2, 0..=9, true),
    ) {
        // `graphs` turns each arc forward, but a self-loop is still a cycle.
        let arcs: Vec<_> = arcs.into_iter().filter(|&(from, to, _)| from != to).collect();
        let graph = Graph::new(nodes, &arcs, false, goal);
        let expected = graph.distances_to_goal()[start];
        check(&graph, start, &idastar(&graph, &NoHeuristic, start), expected);
        check(&graph, start, &astar(&graph, &NoHeuristic, start), expected);
    }
}

// ---------------------------------------------------------------------------------------------
// Hand-built instances.

#[test]
fn astar_reopens_closed_nodes_and_stays_optimal() {
    // S=0, A=1, C=2, G=3. S->A 1, A->C 1, S->C 3, C->G 10: the optimum is S A C G at 12.
    // h(A) = 5 (true 11) and h(C) = 0 (true 10) are admissible but inconsistent across A->C, so
    // C is expanded first at g 3 (f 3 < f(A) = 6) and reopened when A finds it at g 2.
    let graph = Graph::new(4, &[(0, 1, 1), (1, 2, 1), (0, 2, 3), (2, 3, 10)], false, 3);
    let result = astar(&graph, &Table(vec![0, 5, 0, 0]), 0);
    check(&graph, 0, &result, Some(12));
    assert_eq!(result.statistics.reopened, 1);
    assert_eq!(result.statistics.expanded, 4, "S, C, A, then C again");
    assert_eq!(result.statistics.stored, 4);
}

#[test]
fn a_start_that_is_a_goal_costs_nothing() {
    let graph = Graph::new(2, &[(0, 1, 4), (1, 0, 4)], false, 1);
    for result in [
        astar(&graph, &NoHeuristic, 1),
        idastar(&graph, &NoHeuristic, 1),
    ] {
        check(&graph, 1, &result, Some(0));
        assert_eq!(result.statistics.expanded, 0);
    }
    let result = idastar(&graph, &NoHeuristic, 1);
    assert!(
        result.statistics.iterations.is_empty(),
        "solved before any iteration"
    );
    assert_eq!(result.statistics.generated, 1, "the root");
}

/// The integer line, both ways, with `Left` listed before `Right`.
pub(super) struct Line {
    pub(super) goal: Option<i64>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Step {
    Left,
    Right,
}

impl Problem for Line {
    type State = i64;
    type Action = Step;
    type Cost = u64;

    fn is_goal(&self, state: &i64) -> bool {
        Some(*state) == self.goal
    }

    fn successors(&self, state: &i64, out: &mut Successors<Self>) {
        out.push(Successor::unit(state - 1, Step::Left));
        out.push(Successor::unit(state + 1, Step::Right));
    }

    fn inverse(&self, step: &Step) -> Option<Step> {
        Some(match step {
            Step::Left => Step::Right,
            Step::Right => Step::Left,
        })
    }
}

impl InPlace for Line {
    fn apply(&self, state: &mut i64, step: &Step) {
        *state += if *step == Step::Left { -1 } else { 1 };
    }

    fn undo(&self, state: &mut i64, step: &Step) {
        *state -= if *step == Step::Left { -1 } else { 1 };
    }
}

/// Each iteration's threshold, expanded and generated nodes.
fn iteration_counts(statistics: &Statistics) -> Vec<(u64, u64, u64)> {
    (statistics.iterations.iter())
        .map(|i| (i.threshold, i.expanded, i.generated))
        .collect()
}

#[test]
fn idastar_counts_nodes_like_korf() {
    // From 0 to 2 on the line, no heuristic, unit costs; children in the order Left, Right, and
    // the move back to the parent is skipped uncounted.
    // Threshold 0: expand 0 (1); generate -1 and 1, both f 1 > 0.  -> expanded 1, generated 2.
    // Threshold 1: expand 0; -1 (f 1) expanded, its Left -2 generated (f 2 > 1), Right skipped;
    //   1 expanded, Left skipped, Right 2 generated (f 2 > 1).     -> expanded 3, generated 4.
    // Threshold 2: expand 0; -1 expanded; -2 (f 2) expanded, -3 generated (f 3 > 2); back up;
    //   1 expanded; 2 generated, a goal within the threshold: stop. -> expanded 4, generated 5.
    // Totals: expanded 1 + 3 + 4 = 8; generated 1 (the root) + 2 + 4 + 5 = 12.
    let result = idastar(&Line { goal: Some(2) }, &NoHeuristic, 0);
    let solution = result.solution().expect("2 is reachable");
    assert_eq!(solution.actions, [Step::Right, Step::Right]);
    assert_eq!(solution.cost, 2);
    assert_eq!(
        iteration_counts(&result.statistics),
        [(0, 1, 2), (1, 3, 4), (2, 4, 5)]
    );
    assert_eq!(result.statistics.expanded, 8);
    assert_eq!(result.statistics.generated, 12);
}

#[test]
fn pathmax_cuts_the_siblings_of_an_inconsistent_child() {
    // Undirected, unit costs: R=0, A=1, X=2, B=3, Y=4, G=5; edges R-A, R-Y, A-X, A-B, Y-G, tried
    // in that order. X is 4 from the goal (X A R Y G) and estimated so; every other estimate is
    // 0: admissible, inconsistent across A-X.
    // Threshold 0: R; A and Y generated at f 1.                               -> (0, 1, 2)
    // Threshold 1: R; A expanded; X generated at f 6, so A is at least 4 - 1 = 3 from a goal:
    //   f(A) >= 4 > 1 cuts B; and R is at least 3 - 1 = 2 away: f(R) >= 2 > 1 cuts Y.  -> (1, 2, 2)
    // Threshold 2: R; A expanded; X at f 6 cuts A again (4 > 2), but not R (2 is not > 2);
    //   Y expanded, G generated within the threshold.                         -> (2, 3, 4)
    // Without pathmax the second and third iterations would generate 5 nodes each.
    let arcs = [(0, 1, 1), (0, 4, 1), (1, 2, 1), (1, 3, 1), (4, 5, 1)];
    let graph = Graph::new(6, &arcs, true, 5);
    let result = idastar(&graph, &Table(vec![0, 0, 4, 0, 0, 0]), 0);
    check(&graph, 0, &result, Some(2));
    assert_eq!(
        iteration_counts(&result.statistics),
        [(0, 1, 2), (1, 2, 2), (2, 3, 4)]
    );

    // One-way arcs have no inverse, so nothing bounds a node by its children.
    let one_way = Graph::new(6, &arcs, false, 5);
    let result = idastar(&one_way, &Table(vec![0, 0, 4, 0, 0, 0]), 0);
    check(&one_way, 0, &result, Some(2));
    let generated: Vec<u64> = (result.statistics.iterations.iter())
        .map(|i| i.generated)
        .collect();
    assert_eq!(
        generated,
        [2, 5, 5],
        "A, X, B, Y and G in both later iterations"
    );
}

#[test]
fn each_limit_is_reported() {
    let endless = Line { goal: None };
    let stopped_by = |limits: Limits| {
        let a = astar_with(&endless, &NoHeuristic, 0, &limits, NoObserver);
        let ida = idastar_with(&endless, &NoHeuristic, 0, &limits, NoObserver);
        (a, ida)
    };

    let (a, ida) = stopped_by(Limits::none().with_max_expanded(7));
    assert_eq!(a.outcome, Outcome::LimitReached(Limit::Expanded));
    assert_eq!(a.statistics.expanded, 7);
    assert_eq!(ida.outcome, Outcome::LimitReached(Limit::Expanded));
    assert_eq!(ida.statistics.expanded, 7);

    let a = astar_with(
        &endless,
        &NoHeuristic,
        0,
        &Limits::none().with_max_stored(10),
        NoObserver,
    );
    assert_eq!(a.outcome, Outcome::LimitReached(Limit::Stored));
    assert!(a.statistics.stored >= 10);

    let (a, ida) = stopped_by(Limits::none().with_deadline(Instant::now()));
    assert_eq!(a.outcome, Outcome::LimitReached(Limit::Deadline));
    assert_eq!(ida.outcome, Outcome::LimitReached(Limit::Deadline));

    let (a, ida) = stopped_by(Limits::none().with_cancel_flag(Arc::new(AtomicBool::new(true))));
    assert_eq!(a.outcome, Outcome::LimitReached(Limit::Cancelled));
    assert_eq!(ida.outcome, Outcome::LimitReached(Limit::Cancelled));
}

#[test]
fn parallel_idastar_reports_each_limit() {
    // The endless line has no goal: only a limit ends the search, on every thread.
    let endless = Line { goal: None };
    let threads = NonZeroUsize::new(2).unwrap();
    let run = |limits: Limits| idastar_parallel(&endless, &NoHeuristic, 0, &limits, threads);

    let expanded = run(Limits::none().with_max_expanded(50_000));
    assert_eq!(expanded.outcome, Outcome::LimitReached(Limit::Expanded));
    // Each thread checks against the others' finished subtrees, so the overshoot is bounded by
    // what one subtree costs; on this narrow line the split leaves two subtrees.
    assert!(expanded.statistics.expanded >= 50_000);
    assert!(expanded.statistics.expanded <= 2 * 50_000 + 1_000);

    let deadline = run(Limits::none().with_deadline(Instant::now()));
    assert_eq!(deadline.outcome, Outcome::LimitReached(Limit::Deadline));
    let soon = Instant::now() + std::time::Duration::from_millis(50);
    let later = run(Limits::none().with_deadline(soon));
    assert_eq!(later.outcome, Outcome::LimitReached(Limit::Deadline));
    assert!(later.statistics.expanded > 0);

    let cancelled = run(Limits::none().with_cancel_flag(Arc::new(AtomicBool::new(true))));
    assert_eq!(cancelled.outcome, Outcome::LimitReached(Limit::Cancelled));
}

#[test]
fn parallel_idastar_caps_an_absurd_thread_count() {
    // Asking for every thread there could be starts at most `MAX_PARALLEL_THREADS`, and the
    // search still ends with the optimum.
    let line = Line { goal: Some(40) };
    let result = idastar_parallel(
        &line,
        &NoHeuristic,
        0,
        &Limits::default(),
        NonZeroUsize::MAX,
    );
    assert_eq!(result.solution().map(|solution| solution.cost), Some(40));
}

#[test]
fn parallel_idastar_searches_the_roomiest_subtrees_first() {
    // The start fans out to `FAN` nodes, more than the split wants for one or two threads, so
    // they are the subtrees. Two of them lie on optimal paths (start, fan node, middle node,
    // goal): `tight`, early in the action order with an exact estimate (no room under the
    // threshold), and `roomy`, last in the action order with an estimate of zero. The other
    // fan nodes are dead ends estimated at zero: as roomy as `roomy`, with nothing below them.
    const FAN: usize = 10_000;
    let (start, goal, middle_tight, middle_roomy) = (0, 1, 2, 3);
    let fan = |index: usize| 4 + index;
    let (tight, roomy) = (fan(1), fan(FAN - 1));
    let mut arcs: Vec<(usize, usize, u32)> = (0..FAN).map(|index| (start, fan(index), 1)).collect();
    arcs.extend([(tight, middle_tight, 1), (middle_tight, goal, 1)]);
    arcs.extend([(roomy, middle_roomy, 1), (middle_roomy, goal, 1)]);
    let graph = Graph::new(fan(FAN), &arcs, false, goal);
    let mut estimates = vec![0; fan(FAN)];
    (estimates[start], estimates[tight], estimates[middle_tight]) = (3, 2, 1);
    estimates[middle_roomy] = 1;
    let estimate = Table(estimates);

    // The serial search follows the action order to the tight subtree's goal.
    let serial = idastar(&graph, &estimate, start);
    check(&graph, start, &serial, Some(3));
    assert_eq!(serial.solution().unwrap().states(&graph).unwrap()[1], tight);
    for threads in [1, 2] {
        let threads = NonZeroUsize::new(threads).unwrap();
        let result = idastar_parallel(&graph, &estimate, start, &Limits::default(), threads);
        check(&graph, start, &result, Some(3));
        // The roomy subtree comes first and its goal wins, whatever the timing.
        let states = result.solution().unwrap().states(&graph).unwrap();
        assert_eq!(
            states,
            [start, roomy, middle_roomy, goal],
            "{threads} threads"
        );
    }
}

#[test]
fn parallel_idastar_searches_the_largest_subtrees_of_the_last_iteration_first() {
    // The start fans out to `FAN` nodes estimated at zero, the subtrees of both iterations (the
    // first's threshold is h(start) = 3, the second's 4). Two hold a goal at depth 4, beyond
    // the first threshold: `small` (early in the action order) below a bare chain, `big` (last)
    // below a chain with five dead ends beside it, so the first iteration measures `big`'s
    // subtree larger. The other fan nodes are dead ends. Ordered by f alone, or by the action
    // order, `small` would come first.
    const FAN: usize = 10_000;
    let (start, goal) = (0, 1);
    let fan = |index: usize| 2 + index;
    let (small, big) = (fan(1), fan(FAN - 1));
    let next = fan(FAN);
    let mut arcs: Vec<(usize, usize, u32)> = (0..FAN).map(|index| (start, fan(index), 1)).collect();
    arcs.extend(chain(&[small, next, next + 1, goal]));
    arcs.extend(chain(&[big, next + 2, next + 3, goal]));
    arcs.extend((next + 4..next + 9).map(|dead_end| (big, dead_end, 1)));
    let graph = Graph::new(next + 9, &arcs, false, goal);
    let mut estimates = vec![0; next + 9];
    estimates[start] = 3;
    let estimate = Table(estimates);

    let serial = idastar(&graph, &estimate, start);
    check(&graph, start, &serial, Some(4));
    assert_eq!(serial.solution().unwrap().states(&graph).unwrap()[1], small);
    assert_eq!(
        first_steps_in_two_iterations(&graph, &estimate, start),
        [big, big]
    );
}

#[test]
fn parallel_idastar_carries_subtree_sizes_to_a_shallower_split() {
    // The first iteration (threshold 3) finds only `HUBS` fan nodes within the threshold, too
    // few, so it splits at depth 2, below them; the second (threshold 4) also takes in `LATE`
    // fan nodes estimated at 3 and splits at depth 1. A hub's size there is the sum of its
    // depth-2 subtrees' sizes in the first iteration. Two hubs lead to a goal at depth 4: `early`
    // (first in the action order) through a bare chain, `late` (last hub) through a chain with
    // ten dead ends beside it.
    const HUBS: usize = 40;
    const LEAVES: usize = 60;
    const LATE: usize = 3_000;
    let (start, goal) = (0, 1);
    let hub = |index: usize| 2 + index;
    let late_node = |index: usize| 2 + HUBS + index;
    let mut next = 2 + HUBS + LATE;
    let mut arcs: Vec<(usize, usize, u32)> = Vec::new();
    arcs.extend((0..HUBS).map(|index| (start, hub(index), 1)));
    arcs.extend((0..LATE).map(|index| (start, late_node(index), 1)));
    for index in 0..HUBS {
        arcs.extend((next..next + LEAVES).map(|leaf| (hub(index), leaf, 1)));
        next += LEAVES;
    }
    let (early, late) = (hub(0), hub(HUBS - 1));
    arcs.extend(chain(&[early, next, next + 1, goal]));
    arcs.extend(chain(&[late, next + 2, next + 3, goal]));
    arcs.extend((next + 4..next + 14).map(|dead_end| (next + 2, dead_end, 1)));
    let nodes = next + 14;
    let graph = Graph::new(nodes, &arcs, false, goal);
    let mut estimates = vec![0; nodes];
    estimates[start] = 3;
    for index in 0..LATE {
        estimates[late_node(index)] = 3;
    }
    let estimate = Table(estimates);
    assert_eq!(
        first_steps_in_two_iterations(&graph, &estimate, start),
        [late, late]
    );
}

/// Unit-cost arcs along `nodes`.
fn chain(nodes: &[usize]) -> impl Iterator<Item = (usize, usize, u32)> + '_ {
    nodes.windows(2).map(|pair| (pair[0], pair[1], 1))
}

/// The state after the start on the solution `idastar_parallel` finds with one thread and with
/// two, each checked to cost 4 and to take two iterations.
fn first_steps_in_two_iterations(graph: &Graph, estimate: &Table, start: usize) -> [usize; 2] {
    [1, 2].map(|threads| {
        let threads = NonZeroUsize::new(threads).unwrap();
        let result = idastar_parallel(graph, estimate, start, &Limits::default(), threads);
        check(graph, start, &result, Some(4));
        assert_eq!(result.statistics.iterations.len(), 2, "{threads} threads");
        result.solution().unwrap().states(graph).unwrap()[1]
    })
}

#[test]
fn idastar_leaves_a_zero_cost_cycle_for_the_goal() {
    // 0 -> 1 and back at no cost, listed before the one arc to the goal: every path round the
    // cycle stays within the first threshold.
    let graph = Graph::new(3, &[(0, 1, 0), (1, 0, 0), (0, 2, 1)], false, 2);
    let limits = Limits::none().with_max_expanded(1_000);
    check(
        &graph,
        0,
        &idastar_with(&graph, &NoHeuristic, 0, &limits, NoObserver),
        Some(1),
    );
    let threads = NonZeroUsize::new(2).unwrap();
    let parallel = idastar_parallel(&graph, &NoHeuristic, 0, &limits, threads);
    check(&graph, 0, &parallel, Some(1));
    // A zero-cost loop on the start itself.
    let looped = Graph::new(2, &[(0, 0, 0), (0, 1, 4)], false, 1);
    check(
        &looped,
        0,
        &idastar_with(&looped, &NoHeuristic, 0, &limits, NoObserver),
        Some(4),
    );
}

#[test]
fn idastar_proves_unreachability_past_zero_cost_cycles() {
    // A zero-cost cycle and a zero-cost self-loop, then a positive arc to a dead end; the goal
    // has no arc into it. A skipped repeat is no pruned child: nothing is left beyond the
    // first threshold, so the goal is unreachable, not beyond the cost type.
    let graph = Graph::new(4, &[(0, 1, 0), (1, 0, 0), (1, 1, 0), (1, 2, 5)], false, 3);
    let limits = Limits::none().with_max_expanded(1_000_000);
    let serial = idastar_with(&graph, &NoHeuristic, 0, &limits, NoObserver);
    assert_eq!(serial.outcome, Outcome::Unreachable);
    check(&graph, 0, &serial, None);
    for threads in [1, 2] {
        let threads = NonZeroUsize::new(threads).unwrap();
        let parallel = idastar_parallel(&graph, &NoHeuristic, 0, &limits, threads);
        assert_eq!(parallel.outcome, Outcome::Unreachable, "{threads} threads");
    }
}

#[test]
fn the_parallel_split_obeys_the_expansion_limit() {
    // A star of a thousand arcs out and back, and no way to the goal: the split near the root
    // expands whole levels (a thousand nodes, then a thousand, then a million), so unless it
    // looks at the limit itself it overshoots ten expansions a hundredfold.
    let leaves = 1000;
    let arcs: Vec<(usize, usize, u32)> = (1..=leaves)
        .flat_map(|leaf| [(0, leaf, 1), (leaf, 0, 1)])
        .collect();
    let graph = Graph::new(leaves + 2, &arcs, false, leaves + 1);
    let limits = Limits::none().with_max_expanded(10);
    let serial = idastar_with(&graph, &NoHeuristic, 0, &limits, NoObserver);
    assert_eq!(serial.outcome, Outcome::LimitReached(Limit::Expanded));
    assert_eq!(serial.statistics.expanded, 10);
    for threads in [1, 2] {
        let threads = NonZeroUsize::new(threads).unwrap();
        let parallel = idastar_parallel(&graph, &NoHeuristic, 0, &limits, threads);
        assert_eq!(
            parallel.outcome,
            Outcome::LimitReached(Limit::Expanded),
            "{threads} threads"
        );
        assert_eq!(parallel.statistics.expanded, 10, "{threads} threads");
    }
}

/// A digraph with `u8` costs, for paths that cost more than the type holds.
struct Tolls {
    arcs: Vec<(u8, u8, u8)>,
    goal: u8,
}

impl Problem for Tolls {
    type State = u8;
    type Action = usize;
    type Cost = u8;

    fn is_goal(&self, state: &u8) -> bool {
        *state == self.goal
    }

    fn successors(&self, state: &u8, out: &mut Successors<Self>) {
        for (index, &(from, to, cost)) in self.arcs.iter().enumerate() {
            if from == *state {
                out.push(Successor::new(to, index, cost));
            }
        }
    }
}

impl Reversible for Tolls {
    fn predecessors(&self, state: &u8, out: &mut Successors<Self>) {
        for (index, &(from, to, cost)) in self.arcs.iter().enumerate() {
            if to == *state {
                out.push(Successor::new(from, index, cost));
            }
        }
    }
}

impl InPlace for Tolls {
    fn apply(&self, state: &mut u8, arc: &usize) {
        *state = self.arcs[*arc].1;
    }

    fn undo(&self, state: &mut u8, arc: &usize) {
        *state = self.arcs[*arc].0;
    }
}

/// The outcomes of every algorithm on `tolls` from node 0.
fn every_outcome(tolls: &Tolls) -> Vec<Outcome<u8, usize, u8>> {
    let threads = NonZeroUsize::new(2).unwrap();
    vec![
        bfs(tolls, 0).outcome,
        bidirectional_bfs(tolls, 0, tolls.goal).outcome,
        astar(tolls, &NoHeuristic, 0).outcome,
        idastar(tolls, &NoHeuristic, 0).outcome,
        idastar_parallel(tolls, &NoHeuristic, 0, &Limits::default(), threads).outcome,
    ]
}

#[test]
fn costs_beyond_the_cost_type_are_reported_not_wrapped() {
    // The only path costs 300, more than a `u8` holds.
    let over = Tolls {
        arcs: vec![(0, 1, 200), (1, 2, 100)],
        goal: 2,
    };
    for outcome in every_outcome(&over) {
        assert_eq!(outcome, Outcome::LimitReached(Limit::CostOverflow));
    }
    // Beside it, a direct arc at exactly `u8::MAX`, the searches' infinity: still not a cost
    // the searches can compare with the saturated 300, so no algorithm may claim either.
    let beside = Tolls {
        arcs: vec![(0, 1, 200), (0, 2, 255), (1, 2, 100)],
        goal: 2,
    };
    for outcome in every_outcome(&beside) {
        assert_eq!(outcome, Outcome::LimitReached(Limit::CostOverflow));
    }
    // One below the maximum is an ordinary cost.
    let within = Tolls {
        arcs: vec![(0, 1, 200), (1, 2, 54)],
        goal: 2,
    };
    for outcome in every_outcome(&within) {
        let Outcome::Solved(solution) = outcome else {
            panic!("254 fits a u8: {outcome:?}")
        };
        assert_eq!((solution.cost, solution.actions), (254, vec![0, 1]));
    }
}

#[test]
fn a_deadline_already_passed_stops_every_search_before_it_expands() {
    // The goal is two steps away: a search that looked at the clock late would solve it.
    let near = Line { goal: Some(2) };
    let limits = Limits::none().with_timeout(Duration::ZERO);
    let a = astar_with(&near, &NoHeuristic, 0, &limits, NoObserver);
    assert_eq!(a.outcome, Outcome::LimitReached(Limit::Deadline));
    assert_eq!(a.statistics.expanded, 0);
    let ida = idastar_with(&near, &NoHeuristic, 0, &limits, NoObserver);
    assert_eq!(ida.outcome, Outcome::LimitReached(Limit::Deadline));
    assert_eq!(ida.statistics.expanded, 0);
}

#[test]
fn huge_estimates_do_not_overflow() {
    // Every estimate is admissible on a node that cannot reach the goal, even `u32::MAX`.
    let graph = Graph::new(3, &[(0, 1, 2), (0, 2, 7), (1, 1, 1)], false, 2);
    let estimates = Table(vec![0, u32::MAX, 0]);
    check(&graph, 0, &astar(&graph, &estimates, 0), Some(7));
    check(&graph, 0, &idastar(&graph, &estimates, 0), Some(7));
}

/// Records what a search reports.
#[derive(Default)]
struct Recorder {
    expanded: Vec<(usize, u32)>,
    generated: usize,
    iterations: Vec<u64>,
}

impl search_core::observer::Observer<Graph> for Recorder {
    fn expanded(&mut self, state: &usize, cost: u32) {
        self.expanded.push((*state, cost));
    }

    fn generated(&mut self, _: &usize, _: &usize, _: &usize, _: u32) {
        self.generated += 1;
    }

    fn iteration(&mut self, threshold: u64) {
        self.iterations.push(threshold);
    }
}

#[test]
fn observers_see_what_the_statistics_count() {
    let graph = Graph::new(4, &[(0, 1, 1), (1, 2, 1), (0, 2, 3), (2, 3, 10)], false, 3);
    let mut recorder = Recorder::default();
    let result = astar_with(&graph, &NoHeuristic, 0, &Limits::none(), &mut recorder);
    assert_eq!(recorder.expanded, [(0, 0), (1, 1), (2, 2)]);
    assert_eq!(recorder.generated as u64, result.statistics.generated);

    let mut recorder = Recorder::default();
    let result = idastar_with(&graph, &NoHeuristic, 0, &Limits::none(), &mut recorder);
    check(&graph, 0, &result, Some(12));
    assert_eq!(recorder.expanded.len() as u64, result.statistics.expanded);
    assert_eq!(recorder.generated as u64 + 1, result.statistics.generated);
    let thresholds: Vec<u64> = result
        .statistics
        .iterations
        .iter()
        .map(|i| i.threshold)
        .collect();
    assert_eq!(recorder.iterations, thresholds);
}

/// [`Line`] through action slots (left, then right): with a consistent heuristic, what IDA*'s
/// recursive walk takes.
struct SlottedLine(Line);

impl Problem for SlottedLine {
    type State = i64;
    type Action = Step;
    type Cost = u64;

    fn is_goal(&self, state: &i64) -> bool {
        self.0.is_goal(state)
    }

    fn successors(&self, state: &i64, out: &mut Successors<Self>) {
        for slot in 0..Self::ACTION_SLOTS {
            if let Some((step, cost)) = self.action_in_slot(state, slot) {
                let mut next = *state;
                self.apply(&mut next, &step);
                out.push(Successor::new(next, step, cost));
            }
        }
    }

    fn inverse(&self, step: &Step) -> Option<Step> {
        self.0.inverse(step)
    }
}

impl InPlace for SlottedLine {
    const ACTION_SLOTS: usize = 2;

    fn action_in_slot(&self, _: &i64, slot: usize) -> Option<(Step, u64)> {
        [Step::Left, Step::Right].get(slot).map(|&step| (step, 1))
    }

    fn apply(&self, state: &mut i64, step: &Step) {
        self.0.apply(state, step);
    }

    fn undo(&self, state: &mut i64, step: &Step) {
        self.0.undo(state, step);
    }
}

/// Distance to the goal on the line, consistent and saying so.
struct LineDistance(i64);

impl Heuristic<SlottedLine> for LineDistance {
    fn estimate(&self, _: &SlottedLine, state: &i64) -> u64 {
        state.abs_diff(self.0)
    }

    fn is_consistent(&self) -> bool {
        true
    }
}

#[test]
fn deep_paths_on_either_side_of_the_recursion_bound_are_solved_alike() {
    // Thresholds up to 512 go to the recursive walk, deeper ones to the explicit stack; a
    // heuristic a little short of exact makes several iterations on the way down.
    for goal in [1, 100, 511, 512, 513, 2_000] {
        let line = SlottedLine(Line { goal: Some(goal) });
        let estimate = search_core::heuristic_fn(|state: &i64| state.abs_diff(goal) * 9 / 10);
        let heuristic = LineDistance(goal);
        for result in [
            idastar(&line, &heuristic, 0),
            idastar_with(&line, &heuristic, 0, &Limits::none(), Enabled),
            idastar(&line, &estimate, 0),
        ] {
            let solution = result.solution().expect("the goal is on the line");
            assert_eq!(solution.cost, goal.unsigned_abs(), "goal {goal}");
            assert_eq!(solution.actions.len(), goal as usize);
            assert!(solution.actions.iter().all(|&step| step == Step::Right));
        }
        // Node for node the same search, whichever walk makes it.
        let recursive = idastar(&line, &heuristic, 0);
        let explicit = idastar_with(&line, &heuristic, 0, &Limits::none(), Enabled);
        assert_eq!(
            recursive.statistics.iterations,
            explicit.statistics.iterations
        );
    }
}

#[test]
fn deep_solutions_do_not_overflow_the_stack() {
    // An exact heuristic sends IDA* straight down a path a million moves long in one iteration:
    // a recursive search would need a stack frame per move.
    let depth = 1_000_000;
    let line = Line { goal: Some(depth) };
    let exact = search_core::heuristic_fn(|state: &i64| state.abs_diff(depth));
    let result = idastar(&line, &exact, 0);
    let solution = result.solution().expect("the goal is on the line");
    assert_eq!(solution.cost, depth.unsigned_abs());
    assert!(solution.actions.iter().all(|&step| step == Step::Right));
    assert_eq!(result.statistics.iterations.len(), 1);
}
