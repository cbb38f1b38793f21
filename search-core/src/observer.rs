//! Hooks into a running search, for progress display and graph export.

use crate::problem::Problem;

/// Receives events from a running search.
///
/// Every method has an empty default. Algorithms are generic over the observer, so with
/// [`NoObserver`] the calls compile to nothing; [`Observer::ENABLED`] lets them also skip the
/// work of preparing an event (such as keeping a copy of the parent state in IDA*).
///
/// Two kinds of events come with two costs:
/// - **Per node** ([`expanded`](Observer::expanded), [`generated`](Observer::generated)), when
///   [`ENABLED`](Observer::ENABLED): every node, with its states. IDA* then applies every child
///   and copies its parent to report it, and leaves its recursive walk for the explicit one:
///   expect a search about twice as slow (graph export, tracing, tests).
/// - **Now and then** ([`iteration`](Observer::iteration) always, and
///   [`progress`](Observer::progress) when [`PROGRESS`](Observer::PROGRESS)): counts and bounds,
///   no states, every 16,384 expansions or so. Every fast path stays on; the cost
///   is a call per interval. This is the one for a progress display, and [`OnProgress`] makes
///   one from a closure that watches searches over any problem.
pub trait Observer<P: Problem + ?Sized> {
    /// Whether the algorithm should report the per-node events.
    ///
    /// By default, true unless the observer asks for [`PROGRESS`](Observer::PROGRESS): an
    /// observer that sets `PROGRESS` and overrides only [`progress`](Observer::progress) (and
    /// [`iteration`](Observer::iteration), which is always called) keeps every fast path on
    /// without saying more. One that wants per-node events too sets `ENABLED` to true.
    const ENABLED: bool = !Self::PROGRESS;

    /// Whether the algorithm should call [`progress`](Observer::progress).
    const PROGRESS: bool = false;

    /// A node is about to be expanded; `cost` is its path cost from the start.
    #[inline]
    fn expanded(&mut self, state: &P::State, cost: P::Cost) {
        let _ = (state, cost);
    }

    /// An edge `from --action--> to` was generated.
    #[inline]
    fn generated(&mut self, from: &P::State, action: &P::Action, to: &P::State, cost: P::Cost) {
        let _ = (from, action, to, cost);
    }

    /// An iterative-deepening search starts an iteration with this cost bound.
    #[inline]
    fn iteration(&mut self, threshold: u64) {
        let _ = threshold;
    }

    /// The counts of the search so far, when [`PROGRESS`](Observer::PROGRESS) is true: about
    /// every 16,384 expansions, and as each IDA* iteration starts. Called by
    /// [`bfs`](crate::bfs()), [`bidirectional_bfs`](crate::bidirectional_bfs()),
    /// [`astar`](crate::astar()), [`astar_bag`](crate::informed::astar_bag()),
    /// [`dijkstra`](crate::dijkstra()) and every Dijkstra form ([`dijkstra_all`](crate::shortest_path::dijkstra_all()),
    /// [`dijkstra_partial`](crate::shortest_path::dijkstra_partial()), [`dijkstra_within`](crate::shortest_path::dijkstra_within()),
    /// [`dijkstra_reach`](crate::shortest_path::dijkstra_reach()),
    /// [`bidirectional_dijkstra`](crate::bidirectional::bidirectional_dijkstra())), [`yen`](crate::yen()) (the
    /// counts of all its deviations together, no bound) and [`idastar`](crate::idastar()),
    /// through their `_with` forms.
    #[inline]
    fn progress(&mut self, progress: &Progress) {
        let _ = progress;
    }
}

/// About how many expansions pass between two calls of [`Observer::progress`]: a few
/// milliseconds of search at most, and a call that costs nothing next to them.
pub(crate) const PROGRESS_INTERVAL: u64 = 1 << 14;

/// What a search has done so far, as [`Observer::progress`] hears it: counts and a bound, no
/// states, so that one observer can watch searches over any problem.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Progress {
    /// Nodes expanded so far, over every iteration of an iterative-deepening search.
    pub expanded: u64,
    /// Nodes stored now (open and closed lists, the BFS tree); zero for IDA*, which stores
    /// none.
    pub stored: usize,
    /// The cost bound the search has reached, widened as [`Cost::to_u64`](crate::Cost::to_u64)
    /// does: IDA*'s threshold, A*'s f of the node being expanded (no solution costs less once
    /// a consistent heuristic's f has passed it), Dijkstra's g of the node being settled, the
    /// sum of bidirectional Dijkstra's two radii. `None` for the breadth-first searches and
    /// Yen's.
    pub bound: Option<u64>,
}

/// An observer that hears only [`Observer::progress`] (and iteration thresholds, as progress
/// with the new bound), through a closure. It sees no states, so one value watches a search
/// over any problem, and it keeps every fast path of the search on.
///
/// ```
/// use search_core::{idastar::idastar_with, Limits, observer::OnProgress, observer::Progress};
/// use search_core::{InPlace, heuristic::NoHeuristic, Problem, Successor, Successors};
/// struct Walk;
/// impl Problem for Walk {
///     type State = i64;
///     type Action = i64;
///     type Cost = u64;
///     fn is_goal(&self, s: &i64) -> bool { *s == 14 }
///     fn successors(&self, s: &i64, out: &mut Successors<Self>) {
///         out.push(Successor::unit(s - 1, -1)); out.push(Successor::unit(s + 1, 1));
///     }
///     fn inverse(&self, step: &i64) -> Option<i64> { Some(-step) }
/// }
/// impl InPlace for Walk {
///     fn apply(&self, s: &mut i64, step: &i64) { *s += step }
///     fn undo(&self, s: &mut i64, step: &i64) { *s -= step }
/// }
/// // IDA* with no heuristic on the integer line: one iteration per bound, 0 to 14.
/// let mut bounds = Vec::new();
/// let watch = OnProgress(|progress: &Progress| bounds.extend(progress.bound));
/// let result = idastar_with(&Walk, &NoHeuristic, 0, &Limits::default(), watch);
/// assert_eq!(result.solution().map(|solution| solution.cost), Some(14));
/// bounds.dedup();
/// assert_eq!(bounds, (0..=14).collect::<Vec<u64>>());
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct OnProgress<F>(pub F);

impl<P: Problem + ?Sized, F: FnMut(&Progress)> Observer<P> for OnProgress<F> {
    const ENABLED: bool = false;
    const PROGRESS: bool = true;

    #[inline]
    fn progress(&mut self, progress: &Progress) {
        (self.0)(progress);
    }
}

/// Calls [`Observer::progress`] when `expanded` has just reached a multiple of
/// [`PROGRESS_INTERVAL`]; for the searches that count one expansion at a time.
#[inline(always)]
pub(crate) fn progress_every_interval<P, O>(
    observer: &mut O,
    expanded: u64,
    stored: usize,
    bound: impl FnOnce() -> Option<u64>,
) where
    P: Problem + ?Sized,
    O: Observer<P> + ?Sized,
{
    if O::PROGRESS && expanded % PROGRESS_INTERVAL == 0 {
        observer.progress(&Progress {
            expanded,
            stored,
            bound: bound(),
        });
    }
}

/// The observer that observes nothing, at no cost.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NoObserver;

impl<P: Problem + ?Sized> Observer<P> for NoObserver {
    const ENABLED: bool = false;
}

impl<P: Problem + ?Sized, O: Observer<P> + ?Sized> Observer<P> for &mut O {
    const ENABLED: bool = O::ENABLED;
    const PROGRESS: bool = O::PROGRESS;

    #[inline]
    fn expanded(&mut self, state: &P::State, cost: P::Cost) {
        (**self).expanded(state, cost);
    }

    #[inline]
    fn generated(&mut self, from: &P::State, action: &P::Action, to: &P::State, cost: P::Cost) {
        (**self).generated(from, action, to, cost);
    }

    #[inline]
    fn iteration(&mut self, threshold: u64) {
        (**self).iteration(threshold);
    }

    #[inline]
    fn progress(&mut self, progress: &Progress) {
        (**self).progress(progress);
    }
}
