//! One limits vocabulary for every algorithm, and the cheap guard the loops use to check it.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::outcome::Limit;

/// When a search must give up. A search that hits a limit ends with
/// [`Outcome::LimitReached`](crate::Outcome::LimitReached), never with a panic or an error.
///
/// The default has one limit: at most [`Limits::DEFAULT_MAX_STORED`] stored nodes, so that an
/// exhaustive search cannot take the machine's memory by surprise. Use [`Limits::none`] to lift
/// it.
///
/// ```
/// use std::time::Duration;
/// use search_core::Limits;
///
/// let limits = Limits::default()
///     .with_max_expanded(1_000_000)
///     .with_timeout(Duration::from_secs(5));
/// assert_eq!(limits.max_expanded, Some(1_000_000));
/// ```
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Limits {
    /// Stop after expanding this many nodes.
    pub max_expanded: Option<u64>,
    /// Stop when this many nodes are stored (A*, BFS and bidirectional BFS; IDA* stores none).
    pub max_stored: Option<usize>,
    /// Stop when this instant passes.
    pub deadline: Option<Instant>,
    /// Stop when another thread sets this flag.
    pub cancel: Option<Arc<AtomicBool>>,
}

impl Default for Limits {
    fn default() -> Self {
        DEFAULT_LIMITS.clone()
    }
}

/// [`Limits::default`] as a static, for the iterators that borrow their limits for as long as
/// they live and are made without any.
pub(crate) static DEFAULT_LIMITS: Limits = Limits {
    max_expanded: None,
    max_stored: Some(Limits::DEFAULT_MAX_STORED),
    deadline: None,
    cancel: None,
};

impl Limits {
    /// The number of nodes [`Limits::default`] lets a search store: enough for hard 15-puzzle
    /// A* searches, and a few gigabytes at most for compact states.
    pub const DEFAULT_MAX_STORED: usize = 100_000_000;

    /// Whether no limit is set, so that nothing but the search's own end stops it.
    pub(crate) fn is_unbounded(&self) -> bool {
        self.max_expanded.is_none()
            && self.max_stored.is_none()
            && self.deadline.is_none()
            && self.cancel.is_none()
    }

    /// No limits at all: the search runs until it has an answer.
    pub fn none() -> Self {
        Limits {
            max_expanded: None,
            max_stored: None,
            deadline: None,
            cancel: None,
        }
    }

    /// Sets the maximum number of expanded nodes.
    #[must_use]
    pub fn with_max_expanded(mut self, max_expanded: u64) -> Self {
        self.max_expanded = Some(max_expanded);
        self
    }

    /// Sets the maximum number of stored nodes.
    #[must_use]
    pub fn with_max_stored(mut self, max_stored: usize) -> Self {
        self.max_stored = Some(max_stored);
        self
    }

    /// Sets the deadline to `timeout` from now.
    #[must_use]
    pub fn with_timeout(self, timeout: Duration) -> Self {
        // A timeout too large to represent is no deadline at all.
        match Instant::now().checked_add(timeout) {
            Some(deadline) => self.with_deadline(deadline),
            None => self,
        }
    }

    /// Sets the deadline.
    #[must_use]
    pub fn with_deadline(mut self, deadline: Instant) -> Self {
        self.deadline = Some(deadline);
        self
    }

    /// Sets the flag another thread raises to cancel the search.
    #[must_use]
    pub fn with_cancel_flag(mut self, cancel: Arc<AtomicBool>) -> Self {
        self.cancel = Some(cancel);
        self
    }

    /// Whether the cancellation flag is raised ([`Limit::Cancelled`]) or the deadline has
    /// passed ([`Limit::Deadline`]) at this moment.
    ///
    /// The searches look at these two themselves. This is for work done on a search's behalf
    /// outside it, such as building a heuristic's tables, that should stop when the search
    /// would; the counting limits belong to searches and are not looked at.
    ///
    /// ```
    /// use std::sync::atomic::{AtomicBool, Ordering};
    /// use std::sync::Arc;
    /// use search_core::{Limit, Limits};
    ///
    /// let flag = Arc::new(AtomicBool::new(false));
    /// let limits = Limits::none().with_cancel_flag(Arc::clone(&flag));
    /// assert_eq!(limits.interruption(), None);
    /// flag.store(true, Ordering::Relaxed);
    /// assert_eq!(limits.interruption(), Some(Limit::Cancelled));
    /// ```
    pub fn interruption(&self) -> Option<Limit> {
        if self
            .cancel
            .as_ref()
            .is_some_and(|cancel| cancel.load(Ordering::Relaxed))
        {
            return Some(Limit::Cancelled);
        }
        if self
            .deadline
            .is_some_and(|deadline| Instant::now() >= deadline)
        {
            return Some(Limit::Deadline);
        }
        None
    }
}

/// How many expansions pass between two looks at the clock and the cancellation flag. Reading
/// the clock costs tens of nanoseconds; every 1024 expansions keeps that out of profiles while
/// still answering a deadline within microseconds to milliseconds.
const CLOCK_INTERVAL: u32 = 1024;

/// The per-search limit checker the loops call once per expansion.
#[derive(Debug)]
pub(crate) struct Guard<'limits> {
    limits: &'limits Limits,
    /// Whether a deadline or a cancellation flag is set at all, so the common case skips the
    /// countdown entirely.
    timed: bool,
    countdown: u32,
}

impl<'limits> Guard<'limits> {
    pub(crate) fn new(limits: &'limits Limits) -> Self {
        Guard {
            limits,
            timed: limits.deadline.is_some() || limits.cancel.is_some(),
            // The first check looks at the clock, so that a deadline already passed (or a flag
            // already raised) stops a search before it expands anything.
            countdown: 1,
        }
    }

    /// Checks every limit given the counts so far; call once per expansion.
    #[inline]
    pub(crate) fn check(&mut self, expanded: u64, stored: usize) -> Result<(), Limit> {
        if let Some(max) = self.limits.max_expanded {
            if expanded >= max {
                return Err(Limit::Expanded);
            }
        }
        if let Some(max) = self.limits.max_stored {
            if stored >= max {
                return Err(Limit::Stored);
            }
        }
        if self.timed {
            self.countdown -= 1;
            if self.countdown == 0 {
                self.countdown = CLOCK_INTERVAL;
                return self.check_clock();
            }
        }
        Ok(())
    }

    /// How many expansions a search that stores no nodes (depth-first search) may make, from
    /// `expanded` made so far, before it must call [`check_quota`](Guard::check_quota) again.
    ///
    /// A countdown of this quota replaces a call to [`check`](Guard::check) per expansion.
    #[inline]
    pub(crate) fn quota(&self, expanded: u64) -> u64 {
        let left = self
            .limits
            .max_expanded
            .map_or(u64::MAX, |max| max.saturating_sub(expanded));
        if self.timed {
            left.min(u64::from(CLOCK_INTERVAL))
        } else {
            left
        }
    }

    /// Checks the limits of a search that stores no nodes, once its quota is used up (and before
    /// its first expansion).
    pub(crate) fn check_quota(&self, expanded: u64) -> Result<(), Limit> {
        if self.limits.max_expanded.is_some_and(|max| expanded >= max) {
            return Err(Limit::Expanded);
        }
        if self.timed {
            return self.check_clock();
        }
        Ok(())
    }

    /// Checks the deadline and the cancellation flag now, whatever the countdown says.
    #[cold]
    pub(crate) fn check_clock(&self) -> Result<(), Limit> {
        match self.limits.interruption() {
            Some(limit) => Err(limit),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_are_checked_every_call() {
        let limits = Limits::none().with_max_expanded(3).with_max_stored(10);
        let mut guard = Guard::new(&limits);
        assert_eq!(guard.check(2, 9), Ok(()));
        assert_eq!(guard.check(3, 0), Err(Limit::Expanded));
        assert_eq!(guard.check(0, 10), Err(Limit::Stored));
    }

    #[test]
    fn cancellation_is_seen_within_one_clock_interval() {
        let flag = Arc::new(AtomicBool::new(false));
        let limits = Limits::none().with_cancel_flag(Arc::clone(&flag));
        let mut guard = Guard::new(&limits);
        assert_eq!(guard.check(0, 0), Ok(()));
        flag.store(true, Ordering::Relaxed);
        let stopped = (0..=CLOCK_INTERVAL).find_map(|_| guard.check(0, 0).err());
        assert_eq!(stopped, Some(Limit::Cancelled));
    }

    #[test]
    fn a_passed_deadline_stops_the_search() {
        let limits = Limits::none().with_deadline(Instant::now());
        assert_eq!(Guard::new(&limits).check_clock(), Err(Limit::Deadline));
        assert_eq!(Guard::new(&limits).check(0, 0), Err(Limit::Deadline));
    }

    #[test]
    fn interruption_sees_only_the_deadline_and_the_flag() {
        // The counting limits are a search's: already "reached" at zero, they do not count.
        let counting = Limits::none().with_max_expanded(0).with_max_stored(0);
        assert_eq!(counting.interruption(), None);
        let far = counting.with_timeout(Duration::from_secs(3600));
        assert_eq!(far.interruption(), None);
        assert_eq!(
            far.clone().with_deadline(Instant::now()).interruption(),
            Some(Limit::Deadline)
        );
        // Both at once: the flag is named, being the more specific reason.
        let flag = Arc::new(AtomicBool::new(true));
        let both = far.with_deadline(Instant::now()).with_cancel_flag(flag);
        assert_eq!(both.interruption(), Some(Limit::Cancelled));
    }

    #[test]
    fn the_default_bounds_memory_only() {
        let limits = Limits::default();
        assert_eq!(limits.max_stored, Some(Limits::DEFAULT_MAX_STORED));
        assert!(limits.max_expanded.is_none() && limits.deadline.is_none());
    }
}
