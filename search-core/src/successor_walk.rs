//! How the searches that store states walk an expanded state's successors: from the problem one
//! at a time when it [visits them](crate::Problem::visit_successors), or listed into the
//! reused buffer first.

use std::ops::ControlFlow;

use crate::problem::{Problem, Successor, Successors};

/// A walk over one expanded state's successors, begun while the state is borrowed from the
/// node store and run once the search may change the store.
pub(crate) enum SuccessorWalk<State> {
    /// The problem makes them one at a time, from this copy of the state: storing successors
    /// may move the stored one.
    Visit(State),
    /// They are listed in the buffer already.
    Listed,
}

impl<State: Clone> SuccessorWalk<State> {
    /// Begins the walk of `state`'s successors: a copy of the state for a problem that visits
    /// them, or the buffer filled with them for the others.
    #[inline]
    pub(crate) fn begin<P>(problem: &P, state: &State, buffer: &mut Successors<P>) -> Self
    where
        P: Problem<State = State>,
    {
        if P::VISITS_SUCCESSORS {
            SuccessorWalk::Visit(state.clone())
        } else {
            buffer.clear();
            problem.successors(state, buffer);
            SuccessorWalk::Listed
        }
    }

    /// Hands every successor to `handle`, in order, until it breaks.
    #[inline]
    pub(crate) fn run<P, B>(
        &self,
        problem: &P,
        buffer: &mut Successors<P>,
        handle: impl FnMut(Successor<State, P::Action, P::Cost>) -> ControlFlow<B>,
    ) -> ControlFlow<B>
    where
        P: Problem<State = State>,
    {
        match self {
            SuccessorWalk::Visit(state) => problem.visit_successors(state, handle),
            SuccessorWalk::Listed => buffer.drain(..).try_for_each(handle),
        }
    }
}
