//! A crew: a group of threads, each running searches of its own, that lend themselves to the
//! others' IDA* searches once they have nothing left to do ([`Crew`], [`idastar_crew`](crate::idastar::idastar_crew)).
//!
//! The split of each iteration into subtrees is that of [`idastar_parallel`](crate::idastar::idastar_parallel); [`Crew`] says why
//! free threads lend their cores rather than take jobs.

use std::num::NonZeroUsize;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, PoisonError};
use std::time::Duration;

use super::split::SPLIT_NODES_PER_THREAD;

/// How often a thread lent to the crew looks at the cancellation flag while it sleeps.
const CANCEL_POLL: Duration = Duration::from_millis(20);

/// A group of threads that help each other's IDA* searches ([`idastar_crew`](crate::idastar::idastar_crew)) once they have
/// nothing else to do: a batch of searches, one a thread, whose last and longest search
/// does not end up running alone on one core.
///
/// Each member runs its own searches with [`idastar_crew`](crate::idastar::idastar_crew); a member that has run out of work
/// calls [`help`](Crew::help), which lends it to the searches still running until the crew is
/// [closed](Crew::close). The crew's size ([`threads`](Crew::threads)) fixes how the searches
/// split their iterations, so their answers do not depend on when help comes.
///
/// # Why the threads lend themselves, and are not handed jobs
/// The obvious design posts each iteration's subtrees to the crew as a type-erased job (an
/// `Arc<dyn Fn() -> bool>`, "search one more subtree") that an idle thread calls. That job
/// borrows the search's problem, heuristic and subtrees, which live on the searching thread's
/// stack, and an idle thread is no part of that thread's scope: the job would have to own them
/// (`'static` problems and heuristics, so no borrowed pattern databases and no
/// [`Pruned`](crate::pruning::Pruned) problem) or erase their lifetime with `unsafe`. Instead, an idle
/// thread *lends its core*: it counts itself free and sleeps ([`Crew::help`]), and a search of
/// the crew that sees a free member between two subtrees takes it and starts a helper thread in
/// its own scope, which takes subtrees from the same queue as the searching thread until the
/// iteration ends, then hands the member back. The helper runs the same monomorphised loop as
/// every worker of [`idastar_parallel`](crate::idastar::idastar_parallel); nothing is boxed, and no more threads run than the
/// crew has members. Starting a thread costs some tens of microseconds, against iterations
/// that a crew only splits when they take tens of milliseconds or more.
///
/// # Example
/// Two threads, two searches of very different sizes: the thread done first helps the other.
/// ```
/// use std::num::NonZeroUsize;
/// use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
/// use search_core::{idastar, idastar::idastar_crew, heuristic_fn, idastar::Crew, InPlace, Limits, Problem};
/// use search_core::{Successor, Successors};
/// struct Grid { goal: (i32, i32) }
/// impl Problem for Grid {
///     type State = (i32, i32);
///     type Action = (i32, i32);
///     type Cost = u32;
///     fn is_goal(&self, s: &(i32, i32)) -> bool { *s == self.goal }
///     fn successors(&self, s: &(i32, i32), out: &mut Successors<Self>) {
///         for step in [(0, -1), (-1, 0), (1, 0), (0, 1)] {
///             out.push(Successor::unit((s.0 + step.0, s.1 + step.1), step));
///         }
///     }
///     fn inverse(&self, step: &(i32, i32)) -> Option<(i32, i32)> { Some((-step.0, -step.1)) }
/// }
/// impl InPlace for Grid {
///     fn apply(&self, s: &mut (i32, i32), step: &(i32, i32)) { s.0 += step.0; s.1 += step.1 }
///     fn undo(&self, s: &mut (i32, i32), step: &(i32, i32)) { s.0 -= step.0; s.1 -= step.1 }
/// }
/// // Open grids with a heuristic that knows only the rows: the farther goal costs far more.
/// let searches = [Grid { goal: (3, 2) }, Grid { goal: (9, 6) }];
/// let crew = Crew::new(NonZeroUsize::new(2).unwrap());
/// let running = AtomicUsize::new(searches.len());
/// let cancel = AtomicBool::new(false);
/// let costs: Vec<u32> = std::thread::scope(|scope| {
///     let threads: Vec<_> = searches.iter().map(|grid| {
///         let (crew, running, cancel) = (&crew, &running, &cancel);
///         scope.spawn(move || {
///             let rows = heuristic_fn(|s: &(i32, i32)| (grid.goal.1 - s.1).unsigned_abs());
///             let result = idastar_crew(grid, &rows, (0, 0), &Limits::default(), crew);
///             // The last search to end closes the crew; the others help until then.
///             if running.fetch_sub(1, Ordering::SeqCst) == 1 {
///                 crew.close();
///             } else {
///                 crew.help(cancel);
///             }
///             result.solution().map_or(0, |solution| solution.cost)
///         })
///     }).collect();
///     threads.into_iter().map(|thread| thread.join().unwrap()).collect()
/// });
/// assert_eq!(costs, [5, 15]);
/// ```
#[derive(Debug)]
pub struct Crew {
    threads: NonZeroUsize,
    /// See [`Crew::with_split_from`]; `None` for [`SPLIT_NODES_PER_THREAD`] a thread.
    split_from: Option<u64>,
    /// Members lent by [`Crew::help`] and not taken by a search at the moment.
    free: AtomicUsize,
    /// Whether [`Crew::close`] was called, for the members sleeping in [`Crew::help`].
    closed: Mutex<bool>,
    closing: Condvar,
}

impl Crew {
    /// A crew of `threads` members: the number of threads that run its searches, each its own,
    /// and that help each other (a crew of one never helps, and its searches run as
    /// [`idastar`](fn@crate::idastar)).
    pub fn new(threads: NonZeroUsize) -> Self {
        Crew {
            threads,
            split_from: None,
            free: AtomicUsize::new(0),
            closed: Mutex::new(false),
            closing: Condvar::new(),
        }
    }

    /// The same crew, whose searches split an iteration into subtrees (which helpers can
    /// take) only after an iteration that generated at least `nodes` nodes, and search the
    /// smaller ones as [`idastar`](fn@crate::idastar) does; 1,024,000 times the crew's size (about a million nodes a
    /// thread) unless set. Zero splits every iteration.
    #[must_use]
    pub fn with_split_from(mut self, nodes: u64) -> Self {
        self.split_from = Some(nodes);
        self
    }

    /// The number of members, which sizes the split of every helped search.
    pub fn threads(&self) -> NonZeroUsize {
        self.threads
    }

    /// Whether an iteration after one that generated `previous` nodes (`None` for the first)
    /// is split into subtrees.
    pub(super) fn splits_after(&self, previous: Option<u64>) -> bool {
        let threads = u64::try_from(self.threads.get()).unwrap_or(u64::MAX);
        let from = self
            .split_from
            .unwrap_or_else(|| threads.saturating_mul(SPLIT_NODES_PER_THREAD));
        previous.map_or(from == 0, |previous| previous >= from)
    }

    /// Lends the calling thread to the crew's running searches, until [`close`](Crew::close)
    /// is called or `cancel` is raised (seen within 20 ms).
    ///
    /// The thread sleeps meanwhile: a search that finds it free between two subtrees starts a
    /// helper thread of its own in its place (see [`Crew`] for why), so the
    /// crew never runs more threads than it has members. Call it once a member has no search
    /// left to run: a thread lent stays lent until the crew closes.
    pub fn help(&self, cancel: &AtomicBool) {
        self.free.fetch_add(1, Ordering::SeqCst);
        let mut closed = self.closed.lock().unwrap_or_else(PoisonError::into_inner);
        while !*closed && !cancel.load(Ordering::Relaxed) {
            closed = match self.closing.wait_timeout(closed, CANCEL_POLL) {
                Ok((closed, _)) => closed,
                Err(poison) => poison.into_inner().0,
            };
        }
    }

    /// Ends every [`help`](Crew::help): call it when no search of the crew is running and none
    /// will start (in a batch, when its last search has ended).
    pub fn close(&self) {
        *self.closed.lock().unwrap_or_else(PoisonError::into_inner) = true;
        self.closing.notify_all();
    }

    /// How many members are lent ([`help`](Crew::help)) and not helping a search at this
    /// moment: for a display, or for a thread that wants to know whether help is waiting.
    pub fn free_members(&self) -> usize {
        self.free.load(Ordering::SeqCst)
    }

    /// Whether [`close`](Crew::close) was called.
    pub fn is_closed(&self) -> bool {
        *self.closed.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// A free member for a helper thread, if one is lent and not taken; handed back when the
    /// permit is dropped. A load of one atomic when none is free, so a search can ask between
    /// every two subtrees.
    pub(super) fn take(&self) -> Option<Permit<'_>> {
        if self.free.load(Ordering::Relaxed) == 0 {
            return None;
        }
        self.free
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |free| {
                free.checked_sub(1)
            })
            .ok()
            .map(|_| Permit { crew: self })
    }
}

/// A member of the crew taken by a search for one helper thread, handed back when dropped.
#[derive(Debug)]
pub(super) struct Permit<'crew> {
    crew: &'crew Crew,
}

impl Drop for Permit<'_> {
    fn drop(&mut self) {
        self.crew.free.fetch_add(1, Ordering::SeqCst);
    }
}
