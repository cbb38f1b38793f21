//! Hooks into a running search, for progress display and graph export.

use crate::problem::Problem;

/// Receives events from a running search.
///
/// Every method has an empty default. Algorithms are generic over the observer, so with
/// [`NoObserver`] the calls compile to nothing; [`Observer::ENABLED`] lets them also skip the
/// work of preparing an event (such as keeping a copy of the parent state in IDA*).
pub trait Observer<P: Problem + ?Sized> {
    /// Whether the algorithm should report events at all.
    const ENABLED: bool = true;

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
}

/// The observer that observes nothing, at no cost.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NoObserver;

impl<P: Problem + ?Sized> Observer<P> for NoObserver {
    const ENABLED: bool = false;
}

impl<P: Problem + ?Sized, O: Observer<P> + ?Sized> Observer<P> for &mut O {
    const ENABLED: bool = O::ENABLED;

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
}
