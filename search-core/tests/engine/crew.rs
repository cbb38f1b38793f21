//! IDA* helped by a crew's free threads ([`idastar_crew`]) against the serial search: the same
//! optimal costs, the same counts where both search a whole iteration, and every limit obeyed.

use std::collections::HashSet;
use std::num::NonZeroUsize;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::{self, ThreadId};
use std::time::Instant;

use proptest::prelude::*;
use search_core::{
    InPlace, Limit, Limits, Outcome, Problem, SearchResult, Successor, Successors,
    heuristic::NoHeuristic, idastar, idastar::Crew, idastar::idastar_crew,
};

use super::informed::{Graph, Line, Step, check, consistent, graphs, inconsistent};

/// A crew of `helpers + 1` threads that splits every iteration, so that small searches are
/// helped too.
fn crew_of(helpers: usize) -> Crew {
    Crew::new(NonZeroUsize::new(helpers + 1).unwrap()).with_split_from(0)
}

/// Runs `search` on this thread with `helpers` other threads lent to `crew`, as a batch's
/// workers that ran out of lines are; the search starts once they are all free, so help is
/// there from its first iteration on.
fn helped<T>(crew: &Crew, helpers: usize, search: impl FnOnce() -> T) -> T {
    let cancel = AtomicBool::new(false);
    thread::scope(|scope| {
        for _ in 0..helpers {
            scope.spawn(|| crew.help(&cancel));
        }
        while crew.free_members() < helpers {
            thread::yield_now();
        }
        let result = search();
        crew.close();
        result
    })
}

/// The thresholds and counts of each iteration.
fn iterations<S, A, C>(result: &SearchResult<S, A, C>) -> Vec<(u64, u64, u64)> {
    let iterations = &result.statistics.iterations;
    iterations
        .iter()
        .map(|iteration| (iteration.threshold, iteration.expanded, iteration.generated))
        .collect()
}

proptest! {
    #[test]
    fn a_helped_search_is_optimal_and_reproducible(
        (nodes, arcs, start, goal, mask) in graphs(6, 2, 5..=9, false),
        undirected in any::<bool>(),
        helpers in 0..=3usize,
    ) {
        let graph = Graph::new(nodes, &arcs, undirected, goal);
        let distances = graph.distances_to_goal();
        prop_assume!(distances[start].is_some());
        let near = consistent(&distances);
        let far = inconsistent(&distances, &mask);
        let limits = Limits::default();
        for estimate in [&near, &far] {
            let serial = idastar(&graph, estimate, start);
            let alone = idastar_crew(&graph, estimate, start, &limits, &crew_of(helpers));
            let crew = crew_of(helpers);
            let result = helped(&crew, helpers, || {
                idastar_crew(&graph, estimate, start, &limits, &crew)
            });
            check(&graph, start, &result, distances[start]);
            // For one crew size the answer does not depend on whether help came.
            prop_assert_eq!(&result.outcome, &alone.outcome);
            let statistics = &result.statistics;
            let expanded: u64 = statistics.iterations.iter().map(|i| i.expanded).sum();
            let generated: u64 = statistics.iterations.iter().map(|i| i.generated).sum();
            prop_assert_eq!(statistics.expanded, expanded);
            prop_assert_eq!(statistics.generated, generated + 1, "the root counts once");
            let thresholds: Vec<u64> = iterations(&result).iter().map(|i| i.0).collect();
            prop_assert!(thresholds.windows(2).all(|pair| pair[0] < pair[1]), "{thresholds:?}");
            prop_assert_eq!(serial.solution().map(|s| s.cost), distances[start]);
        }
        // With a consistent estimate (no pathmax, which the split does not apply near the
        // root, so that it may meet other thresholds), the iterations are the serial ones, and
        // every one searched to its end is counted node for node as serially.
        let serial = iterations(&idastar(&graph, &near, start));
        let crew = crew_of(helpers);
        let result = helped(&crew, helpers, || idastar_crew(&graph, &near, start, &limits, &crew));
        let result = iterations(&result);
        prop_assert_eq!(result.len(), serial.len());
        let finished = serial.len().saturating_sub(1);
        prop_assert_eq!(&result[..finished], &serial[..finished]);
    }
}

/// A complete ternary tree of depth [`TREE_DEPTH`], with no goal, whose nodes say which
/// threads generated them.
#[derive(Debug, Default)]
struct Tree {
    threads: Mutex<HashSet<ThreadId>>,
}

/// The depth of [`Tree`]: some 800,000 nodes in the last iteration.
const TREE_DEPTH: u32 = 12;

impl Tree {
    fn threads(&self) -> usize {
        self.threads.lock().unwrap().len()
    }
}

thread_local! {
    /// The address of the [`Tree`] whose set holds this thread already: one lock a thread and
    /// tree, not one a node.
    static SEEN: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

impl Problem for Tree {
    /// A node and its depth.
    type State = (u64, u32);
    type Action = u64;
    type Cost = u32;

    fn is_goal(&self, _: &(u64, u32)) -> bool {
        let address = std::ptr::from_ref(self) as usize;
        if SEEN.get() != address {
            SEEN.set(address);
            self.threads.lock().unwrap().insert(thread::current().id());
        }
        false
    }

    fn successors(&self, &(node, depth): &(u64, u32), out: &mut Successors<Self>) {
        if depth < TREE_DEPTH {
            for child in 0..3 {
                out.push(Successor::unit((3 * node + child + 1, depth + 1), child));
            }
        }
    }
}

impl InPlace for Tree {
    fn apply(&self, (node, depth): &mut (u64, u32), child: &u64) {
        *node = 3 * *node + child + 1;
        *depth += 1;
    }

    fn undo(&self, (node, depth): &mut (u64, u32), child: &u64) {
        *node = (*node - child - 1) / 3;
        *depth -= 1;
    }
}

#[test]
fn a_helped_search_counts_every_threads_nodes() {
    // No goal: every iteration is searched to its end, so the counts summed over the threads
    // must be the serial search's exactly.
    let serial = idastar(&Tree::default(), &NoHeuristic, (0, 0));
    assert_eq!(serial.outcome, Outcome::Unreachable);
    for helpers in [1, 3] {
        let tree = Tree::default();
        let crew = crew_of(helpers);
        let limits = Limits::none();
        let result = helped(&crew, helpers, || {
            idastar_crew(&tree, &NoHeuristic, (0, 0), &limits, &crew)
        });
        assert_eq!(result.outcome, Outcome::Unreachable);
        assert_eq!(iterations(&result), iterations(&serial));
        assert_eq!(result.statistics.expanded, serial.statistics.expanded);
        assert_eq!(result.statistics.generated, serial.statistics.generated);
        assert!(tree.threads() > 1, "a helper searched some of the tree");
    }
}

#[test]
fn a_crew_of_one_searches_as_idastar() {
    let crew = Crew::new(NonZeroUsize::MIN);
    let result = idastar_crew(
        &Tree::default(),
        &NoHeuristic,
        (0, 0),
        &Limits::none(),
        &crew,
    );
    let serial = idastar(&Tree::default(), &NoHeuristic, (0, 0));
    assert_eq!(iterations(&result), iterations(&serial));
}

#[test]
fn a_crew_walks_small_iterations_as_idastar_does() {
    // The default crew walks the small iterations from the start: its first ones are the
    // serial search's, node for node, and so is every count of a search with no goal.
    let crew = Crew::new(NonZeroUsize::new(2).unwrap());
    let result = helped(&crew, 1, || {
        idastar_crew(
            &Tree::default(),
            &NoHeuristic,
            (0, 0),
            &Limits::none(),
            &crew,
        )
    });
    let serial = idastar(&Tree::default(), &NoHeuristic, (0, 0));
    assert_eq!(iterations(&result), iterations(&serial));
}

/// The endless line, whose every node raises `cancel` once `after` nodes were tested.
struct Cancelling {
    line: Line,
    tested: AtomicU64,
    after: u64,
    cancel: Arc<AtomicBool>,
}

impl Problem for Cancelling {
    type State = <Line as Problem>::State;
    type Action = <Line as Problem>::Action;
    type Cost = <Line as Problem>::Cost;

    fn is_goal(&self, state: &i64) -> bool {
        if self.tested.fetch_add(1, Ordering::Relaxed) == self.after {
            self.cancel.store(true, Ordering::Relaxed);
        }
        self.line.is_goal(state)
    }

    fn successors(&self, state: &i64, out: &mut Successors<Self>) {
        out.push(Successor::unit(state - 1, Step::Left));
        out.push(Successor::unit(state + 1, Step::Right));
    }

    fn inverse(&self, step: &Self::Action) -> Option<Self::Action> {
        self.line.inverse(step)
    }
}

impl InPlace for Cancelling {
    fn apply(&self, state: &mut i64, step: &Self::Action) {
        self.line.apply(state, step);
    }

    fn undo(&self, state: &mut i64, step: &Self::Action) {
        self.line.undo(state, step);
    }
}

#[test]
fn limits_stop_a_helped_search() {
    // The endless line has no goal: only a limit ends the search, on every thread.
    let endless = Line { goal: None };
    let run = |limits: Limits| {
        let crew = crew_of(1);
        helped(&crew, 1, || {
            idastar_crew(&endless, &NoHeuristic, 0, &limits, &crew)
        })
    };

    let expanded = run(Limits::none().with_max_expanded(50_000));
    assert_eq!(expanded.outcome, Outcome::LimitReached(Limit::Expanded));
    // As parallel IDA*: each thread checks against the others' finished subtrees.
    assert!(expanded.statistics.expanded >= 50_000);
    assert!(expanded.statistics.expanded <= 2 * 50_000 + 1_000);

    let deadline = run(Limits::none().with_deadline(Instant::now()));
    assert_eq!(deadline.outcome, Outcome::LimitReached(Limit::Deadline));

    let cancelled = run(Limits::none().with_cancel_flag(Arc::new(AtomicBool::new(true))));
    assert_eq!(cancelled.outcome, Outcome::LimitReached(Limit::Cancelled));

    // Raised halfway through, by whichever thread tests the millionth node.
    let cancel = Arc::new(AtomicBool::new(false));
    let problem = Cancelling {
        line: Line { goal: None },
        tested: AtomicU64::new(0),
        after: 1_000_000,
        cancel: Arc::clone(&cancel),
    };
    let crew = crew_of(1);
    let limits = Limits::none().with_cancel_flag(cancel);
    let result = helped(&crew, 1, || {
        idastar_crew(&problem, &NoHeuristic, 0, &limits, &crew)
    });
    assert_eq!(result.outcome, Outcome::LimitReached(Limit::Cancelled));
    assert!(result.statistics.generated >= 1_000_000);
}

#[test]
fn help_ends_when_the_crew_closes_or_the_batch_is_cancelled() {
    let crew = Crew::new(NonZeroUsize::new(3).unwrap());
    let cancel = AtomicBool::new(false);
    thread::scope(|scope| {
        let helper = scope.spawn(|| crew.help(&cancel));
        while crew.free_members() == 0 {
            thread::yield_now();
        }
        cancel.store(true, Ordering::Relaxed);
        helper.join().unwrap();
    });
    assert!(!crew.is_closed());
    let quiet = AtomicBool::new(false);
    thread::scope(|scope| {
        let helper = scope.spawn(|| crew.help(&quiet));
        crew.close();
        helper.join().unwrap();
    });
    assert!(crew.is_closed());
}
