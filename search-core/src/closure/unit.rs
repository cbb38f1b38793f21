//! A problem made of a closure that lists next states only, every move costing one:
//! pathfinding's `bfs` shape.

use std::cell::RefCell;
use std::fmt;
use std::hash::Hash;
use std::marker::PhantomData;

use crate::problem::{Problem, Successor, Successors};

/// A [`Problem`] whose moves all cost one, made of closures; see [`from_fn_unit`].
pub struct FnUnit<State, FS, FG> {
    successors: RefCell<FS>,
    is_goal: RefCell<FG>,
    types: PhantomData<fn(&State)>,
}

/// Makes a problem from a closure listing the states one move away and a goal test: the shape
/// of pathfinding's `bfs`, where [`from_fn`](crate::from_fn) asks for a cost with each state.
/// Every move costs one (`u32`), so a solution's cost is its number of moves.
///
/// The action of a move is the state it reaches, as with [`from_fn`](crate::from_fn), and the
/// problem is, like that one's, [not for IDA*](crate::from_fn#not-for-ida).
///
/// # Parameters
/// - `successors`: the states one move away from a state.
/// - `is_goal`: whether a state is a goal.
///
/// Both may be `FnMut`, as with [`from_fn`](crate::from_fn#parameters).
///
/// # Example
/// ```
/// use search_core::{bfs, from_fn_unit};
///
/// let moves = [(1, 2), (1, -2), (-1, 2), (-1, -2), (2, 1), (2, -1), (-2, 1), (-2, -1)];
/// let knight = from_fn_unit(
///     |&(x, y): &(i32, i32)| moves.map(|(dx, dy)| (x + dx, y + dy)),
///     |&square| square == (4, 6),
/// );
/// assert_eq!(bfs(&knight, (1, 1)).into_solution().map(|solution| solution.cost), Some(4));
/// ```
pub fn from_fn_unit<State, I, FS, FG>(successors: FS, is_goal: FG) -> FnUnit<State, FS, FG>
where
    FS: FnMut(&State) -> I,
    I: IntoIterator<Item = State>,
    FG: FnMut(&State) -> bool,
    State: Clone + Eq + Hash,
{
    FnUnit {
        successors: RefCell::new(successors),
        is_goal: RefCell::new(is_goal),
        types: PhantomData,
    }
}

impl<State, FS: Clone, FG: Clone> Clone for FnUnit<State, FS, FG> {
    fn clone(&self) -> Self {
        FnUnit {
            successors: RefCell::new(self.successors.borrow().clone()),
            is_goal: RefCell::new(self.is_goal.borrow().clone()),
            types: PhantomData,
        }
    }
}

impl<State, FS, FG> fmt::Debug for FnUnit<State, FS, FG> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FnUnit").finish_non_exhaustive()
    }
}

impl<State, I, FS, FG> Problem for FnUnit<State, FS, FG>
where
    FS: FnMut(&State) -> I,
    I: IntoIterator<Item = State>,
    FG: FnMut(&State) -> bool,
    State: Clone + Eq + Hash,
{
    type State = State;
    type Action = State;
    type Cost = u32;

    const ACTIONS_FROM_STATES: bool = true;

    #[inline]
    fn action_between(&self, _from: &State, to: &State) -> Option<State> {
        Some(to.clone())
    }

    #[inline]
    fn is_goal(&self, state: &State) -> bool {
        (self.is_goal.borrow_mut())(state)
    }

    #[inline]
    fn successors(&self, state: &State, out: &mut Successors<Self>) {
        out.extend(
            (self.successors.borrow_mut())(state)
                .into_iter()
                .map(|next| Successor::unit(next.clone(), next)),
        );
    }
}
