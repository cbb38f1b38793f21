//! The shortest loop from a state back to itself, by breadth-first search from its successors.

use std::ops::ControlFlow;

use crate::breadth_first::bfs::search_from;
use crate::cost::Cost;
use crate::limits::Limits;
use crate::observer::{NoObserver, Observer};
use crate::outcome::{Outcome, ResultOf, SearchResult};
use crate::path::solution;
use crate::problem::{Problem, Successor, Successors};
use crate::visited::HashVisited;

/// Finds a loop with the fewest actions from `start` back to `start`, under
/// [`Limits::default`]: pathfinding's `bfs_loop`.
///
/// # Returns
/// A [`SearchResult`] whose outcome is [`Outcome::Solved`] with a solution of at least one
/// action that starts and ends at `start`, [`Outcome::Unreachable`] when no path leads back, or
/// [`Outcome::LimitReached`] with the limits of [`bfs`](fn@crate::bfs).
///
/// # Guarantees
/// The loop has the fewest actions of all the paths back; costs are ignored while searching, as
/// in [`bfs`](fn@crate::bfs), and the solution reports the true sum of its actions' costs. A move
/// from `start` to itself is a loop of one action. The problem's goal test is not used.
///
/// # Complexity
/// As [`bfs`](fn@crate::bfs): one breadth-first search whose first layer is the successors of
/// `start`.
///
/// # Parameters
/// - `problem`: the state space.
/// - `start`: the state to leave and come back to.
///
/// # Example
/// ```
/// use search_core::{breadth_first::bfs_loop, from_fn, Outcome};
///
/// // A ring of six states, and a chord from 0 to 3.
/// let ring = from_fn(|&n: &u8| {
///     let mut next = vec![((n + 1) % 6, 1u32)];
///     if n == 0 { next.push((3, 1)); }
///     next
/// }, |_| false);
/// let solution = bfs_loop(&ring, 0).into_solution().expect("the ring leads back");
/// assert_eq!(solution.actions, [3, 4, 5, 0]); // through the chord: 4 actions, not 6
/// let line = from_fn(|&n: &u8| [(n + 1, 1u32)].into_iter().filter(|&(m, _)| m < 5), |_| false);
/// assert_eq!(bfs_loop(&line, 0).outcome, Outcome::Unreachable);
/// ```
pub fn bfs_loop<P: Problem>(problem: &P, start: P::State) -> ResultOf<P> {
    bfs_loop_with(problem, start, &Limits::default(), NoObserver)
}

/// [`bfs_loop`](fn@crate::breadth_first::bfs_loop) under the given `limits`, reporting to `observer`.
///
/// # Parameters
/// - `problem`: the state space.
/// - `start`: the state to leave and come back to.
/// - `limits`: when to give up; the stored-node count is the size of the node store.
/// - `observer`: told of each expansion and each generated edge (the moves out of `start` that
///   seed the search are not reported: they are listed, not expanded through the search).
///
/// # Example
/// ```
/// use search_core::{breadth_first::bfs_loop_with, from_fn, Limit, Limits, observer::NoObserver, Outcome};
///
/// let line = from_fn(|&n: &u32| [(n + 1, 1u32)], |_| false);
/// let result = bfs_loop_with(&line, 0, &Limits::none().with_max_expanded(20), NoObserver);
/// assert_eq!(result.outcome, Outcome::LimitReached(Limit::Expanded));
/// ```
pub fn bfs_loop_with<P, O>(
    problem: &P,
    start: P::State,
    limits: &Limits,
    observer: O,
) -> ResultOf<P>
where
    P: Problem,
    O: Observer<P>,
{
    let back = Back {
        inner: problem,
        start: &start,
    };
    let mut first = Successors::<P>::new();
    problem.successors(&start, &mut first);
    let roots: Vec<P::State> = first
        .iter()
        .map(|successor| successor.state.clone())
        .collect();
    let SearchResult {
        outcome,
        statistics,
    } = search_from(
        &back,
        roots,
        HashVisited::default(),
        limits,
        Forward(observer),
    );
    let outcome = match outcome {
        Outcome::Solved(found) => {
            // The search began at the first moves' states; the cheapest move into the one it
            // began from comes first.
            let step = first
                .into_iter()
                .filter(|successor| successor.state == found.start)
                .min_by_key(|successor| successor.cost)
                .expect("the search began at a successor of the start");
            let mut actions = Vec::with_capacity(found.actions.len() + 1);
            actions.push(step.action);
            actions.extend(found.actions);
            solution(start.clone(), actions, step.cost.saturating_add(found.cost))
        }
        Outcome::Unreachable => Outcome::Unreachable,
        Outcome::LimitReached(limit) => Outcome::LimitReached(limit),
    };
    SearchResult {
        outcome,
        statistics,
    }
}

/// The problem whose goal is to be back at `start`.
struct Back<'a, P: Problem> {
    inner: &'a P,
    start: &'a P::State,
}

impl<P: Problem> Problem for Back<'_, P> {
    type State = P::State;
    type Action = P::Action;
    type Cost = P::Cost;

    fn is_goal(&self, state: &P::State) -> bool {
        state == self.start
    }

    fn successors(&self, state: &P::State, out: &mut Successors<Self>) {
        self.inner.successors(state, out);
    }

    const VISITS_SUCCESSORS: bool = P::VISITS_SUCCESSORS;

    fn visit_successors<B>(
        &self,
        state: &P::State,
        visit: impl FnMut(Successor<P::State, P::Action, P::Cost>) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        self.inner.visit_successors(state, visit)
    }

    const ACTIONS_FROM_STATES: bool = P::ACTIONS_FROM_STATES;

    fn action_between(&self, from: &P::State, to: &P::State) -> Option<P::Action> {
        self.inner.action_between(from, to)
    }
}

/// The caller's observer, observing the wrapped problem: same states, actions and costs.
struct Forward<O>(O);

impl<P: Problem, O: Observer<P>> Observer<Back<'_, P>> for Forward<O> {
    const ENABLED: bool = O::ENABLED;

    fn expanded(&mut self, state: &P::State, cost: P::Cost) {
        self.0.expanded(state, cost);
    }

    fn generated(&mut self, from: &P::State, action: &P::Action, to: &P::State, cost: P::Cost) {
        self.0.generated(from, action, to, cost);
    }
}
