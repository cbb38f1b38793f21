//! The closure adapter for IDA*: a problem made of closures that [`idastar`](fn@crate::idastar)
//! accepts, in the style of `pathfinding::idastar`
//! (<https://docs.rs/pathfinding/latest/pathfinding/directed/idastar/fn.idastar.html>).
//!
//! IDA* walks one state in place and must undo each move, which a closure listing next states
//! cannot do; so each action here carries the state it leaves as well as the one it reaches,
//! and undoing puts the first back.

use std::fmt;
use std::hash::Hash;
use std::marker::PhantomData;

use crate::cost::Cost;
use crate::problem::{Actions, InPlace, Problem, Successor, Successors};

/// An action of a [`FnInPlace`] problem: the move from one state to the next.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Step<State> {
    /// The state the move leaves.
    pub from: State,
    /// The state the move reaches.
    pub to: State,
}

/// An [`InPlace`] problem made of closures; see [`from_fn_in_place`].
pub struct FnInPlace<State, C, FS, FG> {
    successors: FS,
    is_goal: FG,
    types: PhantomData<fn(&State) -> C>,
}

/// Makes a problem that every algorithm accepts, IDA* included, from a successor closure and
/// a goal test.
///
/// Each action is a [`Step`] holding the state it leaves and the state it reaches, so a
/// solution's actions name both ends of every move; applying a step copies its `to` into the
/// walk's state and undoing it copies `from` back. That is two copies of a state per action,
/// cheap for the small states IDA* suits. The problem gives no [`inverse`](Problem::inverse),
/// since closures do not say whether a move can be undone at the same cost; IDA* still skips the
/// move straight back, by comparing states.
///
/// # Parameters
/// - `successors`: the `(next state, cost)` pairs of the moves out of a state.
/// - `is_goal`: whether a state is a goal.
///
/// # Example
/// ```
/// use search_core::{from_fn_in_place, heuristic_fn, idastar};
///
/// // Knight moves from (1, 1) to (4, 6), with a consistent estimate: a jump covers at most
/// // three squares of Manhattan distance.
/// let moves = [(1, 2), (1, -2), (-1, 2), (-1, -2), (2, 1), (2, -1), (-2, 1), (-2, -1)];
/// let knight = from_fn_in_place(
///     |&(x, y): &(i32, i32)| moves.map(|(dx, dy)| ((x + dx, y + dy), 1u32)),
///     |&square| square == (4, 6),
/// );
/// let estimate = heuristic_fn(|&(x, y): &(i32, i32)| ((4 - x).unsigned_abs() + (6 - y).unsigned_abs()).div_ceil(3))
///     .declare_consistent();
/// let solution = idastar(&knight, &estimate, (1, 1)).into_solution().expect("reachable");
/// assert_eq!(solution.len(), 4);
/// assert_eq!(solution.actions.last().map(|step| step.to), Some((4, 6)));
/// ```
pub fn from_fn_in_place<State, C, I, FS, FG>(
    successors: FS,
    is_goal: FG,
) -> FnInPlace<State, C, FS, FG>
where
    FS: Fn(&State) -> I,
    I: IntoIterator<Item = (State, C)>,
    FG: Fn(&State) -> bool,
    State: Clone + Eq + Hash,
    C: Cost,
{
    FnInPlace {
        successors,
        is_goal,
        types: PhantomData,
    }
}

impl<State, C, FS: Clone, FG: Clone> Clone for FnInPlace<State, C, FS, FG> {
    fn clone(&self) -> Self {
        FnInPlace {
            successors: self.successors.clone(),
            is_goal: self.is_goal.clone(),
            types: PhantomData,
        }
    }
}

impl<State, C, FS, FG> fmt::Debug for FnInPlace<State, C, FS, FG> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FnInPlace").finish_non_exhaustive()
    }
}

impl<State, C, I, FS, FG> Problem for FnInPlace<State, C, FS, FG>
where
    FS: Fn(&State) -> I,
    I: IntoIterator<Item = (State, C)>,
    FG: Fn(&State) -> bool,
    State: Clone + Eq + Hash,
    C: Cost,
{
    type State = State;
    type Action = Step<State>;
    type Cost = C;

    #[inline]
    fn is_goal(&self, state: &State) -> bool {
        (self.is_goal)(state)
    }

    #[inline]
    fn successors(&self, state: &State, out: &mut Successors<Self>) {
        out.extend((self.successors)(state).into_iter().map(|(next, cost)| {
            let step = Step {
                from: state.clone(),
                to: next.clone(),
            };
            Successor::new(next, step, cost)
        }));
    }
}

impl<State, C, I, FS, FG> InPlace for FnInPlace<State, C, FS, FG>
where
    FS: Fn(&State) -> I,
    I: IntoIterator<Item = (State, C)>,
    FG: Fn(&State) -> bool,
    State: Clone + Eq + Hash,
    C: Cost,
{
    #[inline]
    fn actions(&self, state: &State, out: &mut Actions<Self>) {
        out.extend((self.successors)(state).into_iter().map(|(next, cost)| {
            let step = Step {
                from: state.clone(),
                to: next,
            };
            (step, cost)
        }));
    }

    #[inline]
    fn apply(&self, state: &mut State, step: &Step<State>) {
        state.clone_from(&step.to);
    }

    #[inline]
    fn undo(&self, state: &mut State, step: &Step<State>) {
        state.clone_from(&step.from);
    }
}
