//! `Problem::visit_successors`: a problem that makes its successors one at a time is searched
//! exactly as the same problem listing them into the buffer, by every search that takes them one
//! at a time (breadth-first search and its loop form, Dijkstra, A*), stopping where it should.

use std::ops::ControlFlow;

use proptest::prelude::*;
use search_core::{
    Problem, SearchResult, Statistics, Successor, Successors, astar, bfs, breadth_first::bfs_loop,
    dijkstra, heuristic_fn, shortest_path::dijkstra_all,
};

/// A weighted digraph, its arcs listed per node.
#[derive(Clone, Debug)]
struct Arcs {
    out: Vec<Vec<(u8, u32)>>,
    goal: u8,
}

impl Arcs {
    fn moves(&self, node: u8) -> impl Iterator<Item = Successor<u8, (u8, u8), u32>> + '_ {
        (self.out[usize::from(node)].iter())
            .map(move |&(next, cost)| Successor::new(next, (node, next), cost))
    }
}

/// The graph, listing its successors into the buffer.
struct Listed(Arcs);

impl Problem for Listed {
    type State = u8;
    type Action = (u8, u8);
    type Cost = u32;

    fn is_goal(&self, node: &u8) -> bool {
        *node == self.0.goal
    }

    fn successors(&self, node: &u8, out: &mut Successors<Self>) {
        out.extend(self.0.moves(*node));
    }
}

/// The same graph, making its successors one at a time.
struct Visited(Arcs);

impl Problem for Visited {
    type State = u8;
    type Action = (u8, u8);
    type Cost = u32;

    fn is_goal(&self, node: &u8) -> bool {
        *node == self.0.goal
    }

    fn successors(&self, node: &u8, out: &mut Successors<Self>) {
        out.extend(self.0.moves(*node));
    }

    const VISITS_SUCCESSORS: bool = true;

    fn visit_successors<B>(
        &self,
        node: &u8,
        visit: impl FnMut(Successor<u8, (u8, u8), u32>) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        self.0.moves(*node).try_for_each(visit)
    }
}

/// What two searches must agree on: the outcome and every count but the time.
fn counts(statistics: &Statistics) -> [u64; 5] {
    [
        statistics.expanded,
        statistics.generated,
        statistics.duplicates,
        statistics.stored as u64,
        statistics.largest_frontier as u64,
    ]
}

type Run = SearchResult<u8, (u8, u8), u32>;

fn same(listed: &Run, visited: &Run) -> Result<(), TestCaseError> {
    prop_assert_eq!(&listed.outcome, &visited.outcome);
    prop_assert_eq!(counts(&listed.statistics), counts(&visited.statistics));
    Ok(())
}

fn graphs() -> impl Strategy<Value = Arcs> {
    (2..12_usize).prop_flat_map(|nodes| {
        let node = 0..nodes as u8;
        (
            prop::collection::vec(
                prop::collection::vec((node.clone(), 0..10_u32), 0..5),
                nodes,
            ),
            node,
        )
            .prop_map(|(out, goal)| Arcs { out, goal })
    })
}

proptest! {
    #[test]
    fn visiting_searches_as_listing_does(arcs in graphs(), start in 0..12_u8) {
        let start = start % arcs.out.len() as u8;
        let (listed, visited) = (Listed(arcs.clone()), Visited(arcs));
        same(&bfs(&listed, start), &bfs(&visited, start))?;
        same(&bfs_loop(&listed, start), &bfs_loop(&visited, start))?;
        same(&dijkstra(&listed, start), &dijkstra(&visited, start))?;
        let zero = heuristic_fn(|_: &u8| 0_u32);
        same(&astar(&listed, &zero, start), &astar(&visited, &zero, start))?;
        let (all_listed, all_visited) = (dijkstra_all(&listed, start), dijkstra_all(&visited, start));
        prop_assert_eq!(all_listed.len(), all_visited.len());
    }

    #[test]
    fn the_default_visit_hands_out_what_successors_lists(arcs in graphs(), node in 0..12_u8) {
        let node = node % arcs.out.len() as u8;
        let listed = Listed(arcs);
        let mut out = Successors::<Listed>::new();
        listed.successors(&node, &mut out);
        let mut handed = Vec::new();
        let flow = listed.visit_successors(&node, |successor| {
            handed.push(successor);
            ControlFlow::<()>::Continue(())
        });
        prop_assert_eq!(flow, ControlFlow::Continue(()));
        prop_assert_eq!(out.to_vec(), handed);
    }
}

/// Breadth-first search stops in the middle of a node's successors at the first goal it
/// makes: a fan of 30 arcs from node 0, the goal the tenth.
#[test]
fn breadth_first_search_stops_at_the_goal_among_one_nodes_successors() {
    let fan = Arcs {
        out: std::iter::once((1..=30).map(|next| (next, 1)).collect())
            .chain((1..=30).map(|_| Vec::new()))
            .collect(),
        goal: 10,
    };
    for result in [bfs(&Listed(fan.clone()), 0), bfs(&Visited(fan.clone()), 0)] {
        let solution = result.solution().expect("the goal is one arc away");
        assert_eq!(solution.actions, [(0, 10)]);
        assert_eq!(
            result.statistics.generated, 10,
            "no successor made after the goal"
        );
        assert_eq!(result.statistics.stored, 11);
    }
}
