//! A problem made of a closure whose moves cost plain `f64`s: pathfinding's `dijkstra` shape
//! with float weights, without a [`FloatCost`] constructor at every edge.

use std::cell::RefCell;
use std::fmt;
use std::hash::Hash;
use std::marker::PhantomData;

use crate::cost::FloatCost;
use crate::problem::{Problem, Successor, Successors};

/// A [`Problem`] whose moves cost `f64` weights, made of closures; see [`from_fn_f64`].
pub struct FnFloat<State, FS, FG> {
    successors: RefCell<FS>,
    is_goal: RefCell<FG>,
    types: PhantomData<fn(&State)>,
}

/// Makes a problem from a closure listing `(next state, f64 weight)` pairs and a goal test: the
/// shape of [`from_fn`](crate::from_fn) for float weights, with costs of type [`FloatCost`].
///
/// Each weight is checked once, where the adapter turns it into a [`FloatCost`]: the closure
/// returns plain `f64`s, and a negative weight or NaN stops the search with a panic that names
/// the value, instead of a wrong order in the open list. Weights that may be invalid (read from
/// a file) are better checked before the search, with [`FloatCost::new`], and given to
/// [`from_fn`](crate::from_fn) as `FloatCost`s.
///
/// The action of a move is the state it reaches, as with [`from_fn`](crate::from_fn), and the
/// problem is, like that one's, [not for IDA*](crate::from_fn#not-for-ida).
///
/// # Parameters
/// - `successors`: the `(next state, weight)` pairs of the moves out of a state; weights are
///   numbers, zero or more.
/// - `is_goal`: whether a state is a goal.
///
/// Both may be `FnMut`, as with [`from_fn`](crate::from_fn#parameters).
///
/// # Panics
/// The search panics, naming the weight, when `successors` returns a negative weight or NaN.
///
/// # Examples
/// ```
/// use search_core::{dijkstra, from_fn_f64};
///
/// let roads = from_fn_f64(
///     |&town: &u8| match town {
///         0 => vec![(1, 0.5), (2, 2.0)],
///         1 => vec![(2, 0.75)],
///         _ => vec![],
///     },
///     |&town| town == 2,
/// );
/// let solution = dijkstra(&roads, 0).into_solution().expect("reachable");
/// assert_eq!(solution.cost.get(), 1.25);
/// assert_eq!(solution.actions, [1, 2]);
/// ```
/// A negative weight is refused where it appears:
/// ```should_panic
/// use search_core::{dijkstra, from_fn_f64};
///
/// let broken = from_fn_f64(|&n: &u8| [(n + 1, -1.0)], |&n| n == 3);
/// dijkstra(&broken, 0); // panics: FloatCost::of(-1): ...
/// ```
pub fn from_fn_f64<State, I, FS, FG>(successors: FS, is_goal: FG) -> FnFloat<State, FS, FG>
where
    FS: FnMut(&State) -> I,
    I: IntoIterator<Item = (State, f64)>,
    FG: FnMut(&State) -> bool,
    State: Clone + Eq + Hash,
{
    FnFloat {
        successors: RefCell::new(successors),
        is_goal: RefCell::new(is_goal),
        types: PhantomData,
    }
}

impl<State, FS: Clone, FG: Clone> Clone for FnFloat<State, FS, FG> {
    fn clone(&self) -> Self {
        FnFloat {
            successors: RefCell::new(self.successors.borrow().clone()),
            is_goal: RefCell::new(self.is_goal.borrow().clone()),
            types: PhantomData,
        }
    }
}

impl<State, FS, FG> fmt::Debug for FnFloat<State, FS, FG> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FnFloat").finish_non_exhaustive()
    }
}

impl<State, I, FS, FG> Problem for FnFloat<State, FS, FG>
where
    FS: FnMut(&State) -> I,
    I: IntoIterator<Item = (State, f64)>,
    FG: FnMut(&State) -> bool,
    State: Clone + Eq + Hash,
{
    type State = State;
    type Action = State;
    type Cost = FloatCost;

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
                .map(|(next, weight)| Successor::new(next.clone(), next, FloatCost::of(weight))),
        );
    }
}
