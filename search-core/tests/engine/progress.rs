//! Progress reports: an observer that hears only counts changes nothing the search does, and
//! hears counts that grow, bounds that rise and a last report that matches the search's end.

use search_core::{
    InPlace, Limits, Problem, Reversible, SearchResult, Statistics, Successor, Successors,
    bidirectional::bidirectional_bfs_with, bidirectional::bidirectional_dijkstra_with,
    breadth_first::bfs_with, heuristic_fn, idastar::idastar_with, informed::astar_bag_with,
    informed::astar_with, observer::NoObserver, observer::OnProgress, observer::Progress,
    shortest_path::dijkstra_all_with, shortest_path::dijkstra_with, shortest_path::yen_with,
    visited::HashVisited,
};

/// How many expansions pass between two progress reports, as `Observer::progress` documents
/// it (the engine's own constant is private: a tuning choice, not an interface).
const PROGRESS_INTERVAL: u64 = 16_384;

/// Five wheels of ten notches, each turned by one notch either way: 100,000 states, the
/// farthest from `00000` being `55555`, 25 turns away.
struct Wheels {
    goal: [u8; 5],
}

impl Problem for Wheels {
    type State = [u8; 5];
    type Action = (usize, bool);
    type Cost = u32;

    fn is_goal(&self, state: &[u8; 5]) -> bool {
        *state == self.goal
    }

    fn successors(&self, state: &[u8; 5], out: &mut Successors<Self>) {
        for wheel in 0..5 {
            for up in [true, false] {
                let mut next = *state;
                self.apply(&mut next, &(wheel, up));
                out.push(Successor::unit(next, (wheel, up)));
            }
        }
    }

    fn inverse(&self, &(wheel, up): &(usize, bool)) -> Option<(usize, bool)> {
        Some((wheel, !up))
    }
}

impl InPlace for Wheels {
    fn apply(&self, state: &mut [u8; 5], &(wheel, up): &(usize, bool)) {
        state[wheel] = (state[wheel] + if up { 1 } else { 9 }) % 10;
    }

    fn undo(&self, state: &mut [u8; 5], &(wheel, up): &(usize, bool)) {
        self.apply(state, &(wheel, !up));
    }
}

impl Reversible for Wheels {
    fn predecessors(&self, state: &[u8; 5], out: &mut Successors<Self>) {
        // Every turn has its opposite, so the predecessors are the successors.
        self.successors(state, out);
    }
}

/// Turns left to bring each wheel to the goal's notch, the shorter way round.
fn turns_left(goal: [u8; 5]) -> impl Fn(&[u8; 5]) -> u32 + Copy {
    move |state: &[u8; 5]| {
        (state.iter().zip(goal))
            .map(|(&at, want)| {
                let apart = at.abs_diff(want);
                u32::from(apart.min(10 - apart))
            })
            .sum()
    }
}

/// What a search of the wheels returns.
type Turned = SearchResult<[u8; 5], (usize, bool), u32>;

/// Runs `search` twice, unobserved and with [`OnProgress`], and returns the observed result
/// after checking both did the same work; with every report heard.
fn observed<R: PartialEq + std::fmt::Debug>(
    unobserved: impl FnOnce() -> Turned,
    observed: impl FnOnce(&mut Vec<Progress>) -> Turned,
    key: impl Fn(&Turned) -> R,
) -> (Turned, Vec<Progress>) {
    let plain = unobserved();
    let mut reports = Vec::new();
    let watched = observed(&mut reports);
    assert_eq!(key(&plain), key(&watched), "watching changed the search");
    assert_eq!(plain.statistics.expanded, watched.statistics.expanded);
    assert_eq!(plain.statistics.generated, watched.statistics.generated);
    (watched, reports)
}

/// What every search's reports share: counts that never fall and never pass the final count.
fn assert_counts_grow(reports: &[Progress], expanded: u64) {
    assert!(
        !reports.is_empty(),
        "a search of {expanded} expansions said nothing"
    );
    for pair in reports.windows(2) {
        assert!(pair[0].expanded <= pair[1].expanded, "{pair:?}");
    }
    assert!(reports.iter().all(|report| report.expanded <= expanded));
}

const START: [u8; 5] = [0; 5];
const FAR: [u8; 5] = [5; 5];

#[test]
fn breadth_first_reports_every_interval() {
    let wheels = Wheels { goal: FAR };
    let limits = Limits::default();
    let (result, reports) = observed(
        || bfs_with(&wheels, START, HashVisited::default(), &limits, NoObserver),
        |reports| {
            let watch = OnProgress(|progress: &Progress| reports.push(*progress));
            bfs_with(&wheels, START, HashVisited::default(), &limits, watch)
        },
        |result| result.solution().map(|solution| solution.cost),
    );
    assert_eq!(result.solution().map(|s| s.cost), Some(25));
    let expanded = result.statistics.expanded;
    assert_counts_grow(&reports, expanded);
    assert_eq!(reports.len() as u64, expanded / PROGRESS_INTERVAL);
    assert!(
        reports
            .iter()
            .all(|report| report.bound.is_none() && report.stored > 0)
    );
}

#[test]
fn bidirectional_reports_both_trees() {
    let wheels = Wheels { goal: FAR };
    let limits = Limits::default();
    let (result, reports) = observed(
        || bidirectional_bfs_with(&wheels, START, FAR, &limits, NoObserver),
        |reports| {
            let watch = OnProgress(|progress: &Progress| reports.push(*progress));
            bidirectional_bfs_with(&wheels, START, FAR, &limits, watch)
        },
        |result| result.solution().map(|solution| solution.cost),
    );
    assert_eq!(result.solution().map(|s| s.cost), Some(25));
    assert_counts_grow(&reports, result.statistics.expanded);
}

#[test]
fn astar_reports_a_rising_f() {
    let wheels = Wheels { goal: FAR };
    // Half the true distance: A* must expand well past one interval.
    let estimate = turns_left(FAR);
    let heuristic = heuristic_fn(move |state: &[u8; 5]| estimate(state) / 2);
    let limits = Limits::default();
    let (result, reports) = observed(
        || astar_with(&wheels, &heuristic, START, &limits, NoObserver),
        |reports| {
            let watch = OnProgress(|progress: &Progress| reports.push(*progress));
            astar_with(&wheels, &heuristic, START, &limits, watch)
        },
        |result| result.solution().map(|solution| solution.cost),
    );
    assert_eq!(result.solution().map(|s| s.cost), Some(25));
    assert_counts_grow(&reports, result.statistics.expanded);
    let bounds: Vec<u64> = reports.iter().map(|report| report.bound.unwrap()).collect();
    assert!(
        bounds.windows(2).all(|pair| pair[0] <= pair[1]),
        "{bounds:?}"
    );
    assert!(bounds.iter().all(|&bound| bound <= 25));
}

#[test]
fn idastar_reports_each_threshold_and_keeps_its_fast_walk() {
    // Nearer than the others: IDA* keeps no visited set, and with the halved estimate its
    // tree over this graph of short cycles grows tenfold per move.
    const NEAR: [u8; 5] = [3, 3, 2, 2, 0];
    let wheels = Wheels { goal: NEAR };
    let estimate = turns_left(NEAR);
    // Declared consistent, the heuristic lets IDA* take its recursive walk; a progress
    // observer must leave it there (the node counts would differ otherwise: the recursive and
    // explicit walks count the same, but a per-node observer also forgoes the lazy estimates).
    let heuristic = heuristic_fn(move |state: &[u8; 5]| estimate(state) / 2).declare_consistent();
    let limits = Limits::default();
    let (result, reports) = observed(
        || idastar_with(&wheels, &heuristic, START, &limits, NoObserver),
        |reports| {
            let watch = OnProgress(|progress: &Progress| reports.push(*progress));
            idastar_with(&wheels, &heuristic, START, &limits, watch)
        },
        |result| result.solution().map(|solution| solution.cost),
    );
    assert_eq!(result.solution().map(|s| s.cost), Some(10));
    assert_counts_grow(&reports, result.statistics.expanded);
    let thresholds: Vec<u64> = (result.statistics.iterations.iter())
        .map(|iteration| iteration.threshold)
        .collect();
    let mut heard: Vec<u64> = reports.iter().map(|report| report.bound.unwrap()).collect();
    heard.dedup();
    assert_eq!(heard, thresholds, "one bound per iteration, in order");
    assert!(
        reports.len() > thresholds.len(),
        "{} expansions, yet no report between iterations",
        result.statistics.expanded
    );
    assert_eq!(reports.iter().map(|report| report.stored).max(), Some(0));
}

/// Runs `search` unobserved and observed, checks that both expanded the same nodes, and that
/// the observed one reported once per [`PROGRESS_INTERVAL`] expansions, with counts that grow
/// and bounds that never fall; returns the reports.
fn reports_of(mut search: impl FnMut(Option<&mut Vec<Progress>>) -> Statistics) -> Vec<Progress> {
    let plain = search(None);
    let mut reports = Vec::new();
    let watched = search(Some(&mut reports));
    assert_eq!(
        plain.expanded, watched.expanded,
        "watching changed the search"
    );
    assert_eq!(
        plain.generated, watched.generated,
        "watching changed the search"
    );
    assert!(
        watched.expanded >= PROGRESS_INTERVAL,
        "too small a search to test"
    );
    assert_counts_grow(&reports, watched.expanded);
    assert_eq!(reports.len() as u64, watched.expanded / PROGRESS_INTERVAL);
    let bounds: Vec<u64> = reports.iter().filter_map(|report| report.bound).collect();
    assert!(
        bounds.windows(2).all(|pair| pair[0] <= pair[1]),
        "{bounds:?}"
    );
    reports
}

/// Calls `body` with an [`OnProgress`] that records into `reports`, or with no observer.
macro_rules! with_observer {
    ($reports:expr_2021, |$observer:ident| $body:expr_2021) => {
        match $reports {
            Some(reports) => {
                let $observer = OnProgress(|progress: &Progress| reports.push(*progress));
                $body
            }
            None => {
                let $observer = NoObserver;
                $body
            }
        }
    };
}

#[test]
fn every_dijkstra_form_reports_progress() {
    let wheels = Wheels { goal: FAR };
    let limits = Limits::default();
    let reports = reports_of(|reports| {
        with_observer!(reports, |watch| dijkstra_with(
            &wheels, START, &limits, watch
        )
        .statistics)
    });
    assert!(
        reports
            .iter()
            .all(|report| report.bound.is_some_and(|bound| bound <= 25))
    );
    let reports = reports_of(|reports| {
        with_observer!(reports, |watch| dijkstra_all_with(
            &wheels, START, &limits, watch
        )
        .statistics)
    });
    assert!(
        reports
            .iter()
            .all(|report| report.bound.is_some_and(|bound| bound <= 25))
    );
    let reports = reports_of(|reports| {
        with_observer!(reports, |watch| {
            bidirectional_dijkstra_with(&wheels, START, FAR, &limits, watch).statistics
        })
    });
    assert!(
        reports
            .iter()
            .all(|report| report.bound.is_some_and(|bound| bound <= 25))
    );
}

#[test]
fn astar_bag_reports_a_rising_f() {
    let wheels = Wheels { goal: FAR };
    let estimate = turns_left(FAR);
    let heuristic = heuristic_fn(move |state: &[u8; 5]| estimate(state) / 2);
    let limits = Limits::default();
    let reports = reports_of(|reports| {
        with_observer!(reports, |watch| {
            astar_bag_with(&wheels, &heuristic, START, &limits, watch).statistics
        })
    });
    assert!(
        reports
            .iter()
            .all(|report| report.bound.is_some_and(|bound| bound <= 25))
    );
}

/// Yen's deviations are many small searches: the reports count them all together, so a long
/// enumeration is heard although no single deviation reaches an interval.
#[test]
fn yen_reports_the_counts_of_all_its_deviations() {
    let wheels = Wheels {
        goal: [3, 3, 0, 0, 0],
    };
    let limits = Limits::default();
    let reports = reports_of(|reports| {
        with_observer!(reports, |watch| yen_with(&wheels, START, 3, &limits, watch)
            .statistics)
    });
    assert!(reports.iter().all(|report| report.bound.is_none()));
}
