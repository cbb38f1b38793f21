//! The problem contract's per-instance parts: action slots counted by a method, and visited
//! sets whose size needs no turbofish.

use proptest::prelude::*;
use search_core::{
    InPlace, Limits, Problem, Successor, Successors, bfs, breadth_first::bfs_with,
    heuristic::NoHeuristic, idastar, idastar::idastar_parallel, observer::NoObserver,
    problem::PerfectRank, visited::DenseVisited, visited::HashVisited, visited::OrderedVisited,
};

/// A combination lock of `wheels` wheels with `notches` notches each, every wheel turned either
/// way by one notch: one action slot per wheel and direction, a count only the instance knows.
struct Lock {
    wheels: usize,
    notches: u8,
    goal: Vec<u8>,
}

impl Problem for Lock {
    type State = Vec<u8>;
    type Action = (usize, bool);
    type Cost = u32;

    fn is_goal(&self, state: &Vec<u8>) -> bool {
        *state == self.goal
    }

    fn successors(&self, state: &Vec<u8>, out: &mut Successors<Self>) {
        for slot in 0..self.action_slots() {
            if let Some((action, cost)) = self.action_in_slot(state, slot) {
                let mut next = state.clone();
                self.apply(&mut next, &action);
                out.push(Successor::new(next, action, cost));
            }
        }
    }

    fn inverse(&self, &(wheel, up): &(usize, bool)) -> Option<(usize, bool)> {
        Some((wheel, !up))
    }
}

impl InPlace for Lock {
    fn action_slots(&self) -> usize {
        2 * self.wheels
    }

    fn action_in_slot(&self, _: &Vec<u8>, slot: usize) -> Option<((usize, bool), u32)> {
        Some(((slot / 2, slot % 2 == 0), 1))
    }

    fn apply(&self, state: &mut Vec<u8>, &(wheel, up): &(usize, bool)) {
        let step = if up { 1 } else { self.notches - 1 };
        state[wheel] = (state[wheel] + step) % self.notches;
    }

    fn undo(&self, state: &mut Vec<u8>, &(wheel, up): &(usize, bool)) {
        self.apply(state, &(wheel, !up));
    }
}

impl PerfectRank for Lock {
    fn rank_count(&self) -> u64 {
        u64::from(self.notches).pow(self.wheels as u32)
    }

    fn rank(&self, state: &Vec<u8>) -> u64 {
        state.iter().fold(0, |rank, &notch| {
            rank * u64::from(self.notches) + u64::from(notch)
        })
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// IDA* reads the instance's slot count: with it, it finds what breadth-first search finds.
    #[test]
    fn per_instance_slots_reach_every_action(goal in prop::collection::vec(0..5u8, 1..4)) {
        let lock = Lock { wheels: goal.len(), notches: 5, goal: goal.clone() };
        let start = vec![0; goal.len()];
        let fewest = bfs(&lock, start.clone()).into_solution().expect("every code opens");
        let serial = idastar(&lock, &NoHeuristic, start.clone()).into_solution();
        prop_assert_eq!(serial.map(|solution| solution.cost), Some(fewest.cost));
        let two = std::num::NonZeroUsize::new(2).expect("two is not zero");
        let parallel = idastar_parallel(&lock, &NoHeuristic, start, &Limits::default(), two);
        prop_assert_eq!(parallel.into_solution().map(|solution| solution.cost), Some(fewest.cost));
    }
}

#[test]
fn visited_sets_tell_their_size_without_a_turbofish() {
    let lock = Lock {
        wheels: 2,
        notches: 4,
        goal: vec![9, 9],
    };
    let (start, limits) = (vec![0, 0], Limits::default());
    let mut hashed = HashVisited::default();
    bfs_with(&lock, start.clone(), &mut hashed, &limits, NoObserver);
    let mut ordered = OrderedVisited::default();
    bfs_with(&lock, start.clone(), &mut ordered, &limits, NoObserver);
    let mut dense = DenseVisited::for_problem(&lock).expect("16 ranks fit");
    bfs_with(&lock, start, &mut dense, &limits, NoObserver);
    assert_eq!((hashed.len(), ordered.len(), dense.len()), (16, 16, 16));
    assert!(!hashed.is_empty() && !ordered.is_empty() && !dense.is_empty());
}

/// An owned `HashVisited` is replaced by an index over BFS's own tree (each state stored once),
/// a lent one is filled as before: both searches do the same work, node for node, as the
/// ordered set does.
#[test]
fn the_tree_index_searches_as_a_visited_set_does() {
    let lock = Lock {
        wheels: 3,
        notches: 6,
        goal: vec![3, 2, 5],
    };
    let (start, limits) = (vec![0, 0, 0], Limits::default());
    let counts = |result: &search_core::SearchResult<Vec<u8>, (usize, bool), u32>| {
        let statistics = &result.statistics;
        (
            result.solution().map(|solution| solution.actions.clone()),
            statistics.expanded,
            statistics.generated,
            statistics.duplicates,
            statistics.stored,
            statistics.largest_frontier,
        )
    };
    let owned = bfs_with(
        &lock,
        start.clone(),
        HashVisited::default(),
        &limits,
        NoObserver,
    );
    let mut lent = HashVisited::default();
    let filled = bfs_with(&lock, start.clone(), &mut lent, &limits, NoObserver);
    let ordered = bfs_with(&lock, start, OrderedVisited::default(), &limits, NoObserver);
    assert_eq!(counts(&owned), counts(&filled));
    assert_eq!(counts(&owned), counts(&ordered));
    assert_eq!(lent.len(), filled.statistics.stored);
}

/// A walk on the integer line by steps of one, with or without declaring the inverse.
struct Line {
    goal: i64,
    declares_inverse: bool,
}

impl Problem for Line {
    type State = i64;
    type Action = i64;
    type Cost = u32;

    fn is_goal(&self, state: &i64) -> bool {
        *state == self.goal
    }

    fn successors(&self, state: &i64, out: &mut Successors<Self>) {
        out.push(Successor::unit(state - 1, -1));
        out.push(Successor::unit(state + 1, 1));
    }

    fn inverse(&self, step: &i64) -> Option<i64> {
        self.declares_inverse.then_some(-step)
    }
}

impl InPlace for Line {
    fn apply(&self, state: &mut i64, step: &i64) {
        *state += step;
    }

    fn undo(&self, state: &mut i64, step: &i64) {
        *state -= step;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    /// Without an inverse, IDA* still skips the move straight back (by comparing the child with
    /// its grandparent), so the plain problem searches the tree the tuned one does, node for
    /// node, serially and in parallel.
    #[test]
    fn idastar_prunes_the_parent_without_an_inverse(goal in -9..=9i64) {
        let plain = Line { goal, declares_inverse: false };
        let tuned = Line { goal, declares_inverse: true };
        let (plain_result, tuned_result) = (idastar(&plain, &NoHeuristic, 0), idastar(&tuned, &NoHeuristic, 0));
        prop_assert_eq!(&plain_result.outcome, &tuned_result.outcome);
        prop_assert_eq!(plain_result.statistics.expanded, tuned_result.statistics.expanded);
        prop_assert_eq!(plain_result.statistics.generated, tuned_result.statistics.generated);
        let two = std::num::NonZeroUsize::new(2).expect("two is not zero");
        let parallel = idastar_parallel(&plain, &NoHeuristic, 0, &Limits::default(), two);
        prop_assert_eq!(parallel.outcome, tuned_result.outcome);
    }
}
