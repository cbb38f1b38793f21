//! The closure adapter: a one-off search without a trait implementation, in the style of the
//! `pathfinding` crate (<https://docs.rs/pathfinding/latest/pathfinding/directed/bfs/fn.bfs.html>).
//!
//! Closures cannot express in-place moves, so the adapted problems work with the algorithms that
//! need [`Problem`] (and [`Reversible`] for [`from_fn_reversible`]), not with
//! [`idastar`](fn@crate::idastar)'s in-place search; [`from_fn`]'s public docs say so, and what to
//! use instead, for users who meet the trait error. An action is the state it leads to. The
//! adapter for IDA*, whose actions carry both ends of a move, is in `closure_in_place.rs`.

use std::cell::RefCell;
use std::fmt;
use std::hash::Hash;
use std::marker::PhantomData;

use crate::cost::Cost;
use crate::problem::{Problem, Reversible, Successor, Successors};

/// A [`Problem`] made of closures; see [`from_fn`].
///
/// It is not [`InPlace`](crate::InPlace), so [`idastar`](fn@crate::idastar) rejects it; [`from_fn`]
/// says [what to use instead](from_fn#not-for-ida).
pub struct FnProblem<State, C, FS, FG> {
    successors: RefCell<FS>,
    is_goal: RefCell<FG>,
    types: PhantomData<fn(&State) -> C>,
}

/// Makes a [`Problem`] from a successor closure and a goal test.
///
/// The problem's states are `State`, its costs `C`, and each action is the state it leads to, so
/// a solution's [`actions`](crate::outcome::Solution::actions) are the states after the start.
///
/// # Parameters
/// - `successors`: the `(next state, cost)` pairs of the moves out of a state.
/// - `is_goal`: whether a state is a goal.
///
/// Both may be `FnMut`, as pathfinding's are (a counter, a cache of computed neighbours): the
/// searches call them one at a time, so the problem keeps them in a `RefCell` (and is not
/// `Sync`, which only the parallel IDA* searches need).
/// ```
/// use search_core::{dijkstra, from_fn};
///
/// let mut asked = 0;
/// let line = from_fn(
///     |&n: &u32| {
///         asked += 1;
///         [(n + 1, 1u32)]
///     },
///     |&n| n == 10,
/// );
/// let result = dijkstra(&line, 0);
/// assert_eq!(result.solution().map(|solution| solution.cost), Some(10));
/// drop(line);
/// assert_eq!(asked, 10); // once per expansion, never again along the solution
/// ```
///
/// # Not for IDA*
/// The problem is not [`InPlace`](crate::InPlace): closures that list the next states cannot undo
/// a move, which is how IDA* walks its single state. [`idastar`](fn@crate::idastar) and
/// [`idastar_parallel`](crate::idastar::idastar_parallel) therefore reject it at compile time:
/// ```compile_fail
/// use search_core::{from_fn, idastar, heuristic::NoHeuristic};
///
/// let count = from_fn(|&n: &u32| [(n + 1, 1u32)], |&n| n == 5);
/// idastar(&count, &NoHeuristic, 0);
/// // error[E0277]: the trait bound `FnProblem<u32, u32, ..>: InPlace` is not satisfied
/// ```
/// [`from_fn_in_place`](crate::from_fn_in_place) makes, from the same closures, a problem that
/// IDA* accepts, whose actions carry both ends of each move so that it can be undone. Or search
/// this one with [`astar`](fn@crate::astar) instead: it takes the same
/// [`Heuristic`](crate::Heuristic)s and, given an admissible one, finds solutions as cheap, but
/// it stores every state it reaches. When that memory is what IDA* was for, implement
/// [`Problem`] (as in the [crate documentation](crate)) and [`InPlace`](crate::InPlace) on a
/// type of your own.
///
/// # Example
/// Knight moves from (1, 1) to (4, 6) on an unbounded board:
/// ```
/// use search_core::{bfs, from_fn};
///
/// let moves = [(1, 2), (1, -2), (-1, 2), (-1, -2), (2, 1), (2, -1), (-2, 1), (-2, -1)];
/// let knight = from_fn(
///     |&(x, y): &(i32, i32)| moves.map(|(dx, dy)| ((x + dx, y + dy), 1u32)),
///     |&square| square == (4, 6),
/// );
/// assert_eq!(bfs(&knight, (1, 1)).into_solution().expect("reachable").len(), 4);
/// ```
pub fn from_fn<State, C, I, FS, FG>(successors: FS, is_goal: FG) -> FnProblem<State, C, FS, FG>
where
    FS: FnMut(&State) -> I,
    I: IntoIterator<Item = (State, C)>,
    FG: FnMut(&State) -> bool,
    State: Clone + Eq + Hash,
    C: Cost,
{
    FnProblem {
        successors: RefCell::new(successors),
        is_goal: RefCell::new(is_goal),
        types: PhantomData,
    }
}

impl<State, C, FS: Clone, FG: Clone> Clone for FnProblem<State, C, FS, FG> {
    fn clone(&self) -> Self {
        FnProblem {
            successors: RefCell::new(self.successors.borrow().clone()),
            is_goal: RefCell::new(self.is_goal.borrow().clone()),
            types: PhantomData,
        }
    }
}

impl<State, C, FS, FG> fmt::Debug for FnProblem<State, C, FS, FG> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FnProblem").finish_non_exhaustive()
    }
}

impl<State, C, I, FS, FG> Problem for FnProblem<State, C, FS, FG>
where
    FS: FnMut(&State) -> I,
    I: IntoIterator<Item = (State, C)>,
    FG: FnMut(&State) -> bool,
    State: Clone + Eq + Hash,
    C: Cost,
{
    type State = State;
    type Action = State;
    type Cost = C;

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
                .map(|(next, cost)| Successor::new(next.clone(), next, cost)),
        );
    }
}

/// A [`Reversible`] problem made of closures; see [`from_fn_reversible`].
///
/// Like [`FnProblem`], it is not [`InPlace`](crate::InPlace), so [`idastar`](fn@crate::idastar)
/// rejects it; [`from_fn`] says [what to use instead](from_fn#not-for-ida).
pub struct FnReversible<State, C, FS, FP, FG> {
    forward: FnProblem<State, C, FS, FG>,
    predecessors: RefCell<FP>,
}

/// Makes a [`Reversible`] problem from successor and predecessor closures and a goal test, for
/// [`bidirectional_bfs`](crate::bidirectional_bfs).
///
/// As [`from_fn`], plus:
/// - `predecessors`: the `(previous state, cost)` pairs of the moves *into* a state. For an
///   undirected space (every move can be taken back at the same cost) it is the successor
///   closure again.
///
/// Like [`from_fn`]'s, the problem is [not for IDA*](from_fn#not-for-ida).
///
/// # Example
/// ```
/// use search_core::{bidirectional_bfs, closure::from_fn_reversible};
///
/// // A ring of 100 numbers; the short way from 3 to 97 wraps around through 0.
/// let ring = |&n: &u32| [((n + 1) % 100, 1u32), ((n + 99) % 100, 1)];
/// let problem = from_fn_reversible(ring, ring, |&n| n == 97);
/// let solution = bidirectional_bfs(&problem, 3, 97).into_solution().expect("reachable");
/// assert_eq!(solution.actions, [2, 1, 0, 99, 98, 97]);
/// ```
pub fn from_fn_reversible<State, C, I, J, FS, FP, FG>(
    successors: FS,
    predecessors: FP,
    is_goal: FG,
) -> FnReversible<State, C, FS, FP, FG>
where
    FS: FnMut(&State) -> I,
    I: IntoIterator<Item = (State, C)>,
    FP: FnMut(&State) -> J,
    J: IntoIterator<Item = (State, C)>,
    FG: FnMut(&State) -> bool,
    State: Clone + Eq + Hash,
    C: Cost,
{
    FnReversible {
        forward: from_fn(successors, is_goal),
        predecessors: RefCell::new(predecessors),
    }
}

/// The goal test of [`from_fn_bidirectional`]: no state is a goal by itself.
pub type NoGoal<State> = fn(&State) -> bool;

/// Makes a [`Reversible`] problem from successor and predecessor closures alone, for the
/// bidirectional searches, which take their goals as arguments
/// ([`bidirectional_bfs`](crate::bidirectional_bfs),
/// [`bidirectional_dijkstra`](fn@crate::bidirectional::bidirectional_dijkstra) and their `_to_goals` forms):
/// pathfinding's `bfs_bidirectional` shape, without the goal test that [`from_fn_reversible`]
/// asks for and those searches never call.
///
/// The problem's own goal test says no state is a goal, so a one-way search on it
/// ([`bfs`](fn@crate::bfs), [`dijkstra`](fn@crate::dijkstra)) ends unreachable; give those a goal
/// with [`from_fn_reversible`] or [`from_fn`].
///
/// # Example
/// ```
/// use search_core::{bidirectional::bidirectional_dijkstra, closure::from_fn_bidirectional};
///
/// // A ring of 100 numbers, a step forward costing 1 and a step back 3.
/// let forward = |&n: &u32| [((n + 1) % 100, 1u32), ((n + 99) % 100, 3)];
/// let backward = |&n: &u32| [((n + 99) % 100, 1u32), ((n + 1) % 100, 3)];
/// let ring = from_fn_bidirectional(forward, backward);
/// let solution = bidirectional_dijkstra(&ring, 3, 97).into_solution().expect("reachable");
/// assert_eq!(solution.cost, 18); // six steps back cost 18, ninety-four forward 94
/// ```
pub fn from_fn_bidirectional<State, C, I, J, FS, FP>(
    successors: FS,
    predecessors: FP,
) -> FnReversible<State, C, FS, FP, NoGoal<State>>
where
    FS: FnMut(&State) -> I,
    I: IntoIterator<Item = (State, C)>,
    FP: FnMut(&State) -> J,
    J: IntoIterator<Item = (State, C)>,
    State: Clone + Eq + Hash,
    C: Cost,
{
    from_fn_reversible(successors, predecessors, |_| false)
}

impl<State, C, FS: Clone, FP: Clone, FG: Clone> Clone for FnReversible<State, C, FS, FP, FG> {
    fn clone(&self) -> Self {
        FnReversible {
            forward: self.forward.clone(),
            predecessors: RefCell::new(self.predecessors.borrow().clone()),
        }
    }
}

impl<State, C, FS, FP, FG> fmt::Debug for FnReversible<State, C, FS, FP, FG> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FnReversible").finish_non_exhaustive()
    }
}

impl<State, C, I, FS, FP, FG> Problem for FnReversible<State, C, FS, FP, FG>
where
    FS: FnMut(&State) -> I,
    I: IntoIterator<Item = (State, C)>,
    FG: FnMut(&State) -> bool,
    State: Clone + Eq + Hash,
    C: Cost,
{
    type State = State;
    type Action = State;
    type Cost = C;

    const ACTIONS_FROM_STATES: bool = true;

    #[inline]
    fn action_between(&self, _from: &State, to: &State) -> Option<State> {
        Some(to.clone())
    }

    #[inline]
    fn is_goal(&self, state: &State) -> bool {
        self.forward.is_goal(state)
    }

    #[inline]
    fn successors(&self, state: &State, out: &mut Successors<Self>) {
        // Same state, action and cost types, so the buffers are one type: the forward problem
        // fills it.
        self.forward.successors(state, out);
    }
}

impl<State, C, I, J, FS, FP, FG> Reversible for FnReversible<State, C, FS, FP, FG>
where
    FS: FnMut(&State) -> I,
    I: IntoIterator<Item = (State, C)>,
    FP: FnMut(&State) -> J,
    J: IntoIterator<Item = (State, C)>,
    FG: FnMut(&State) -> bool,
    State: Clone + Eq + Hash,
    C: Cost,
{
    #[inline]
    fn predecessors(&self, state: &State, out: &mut Successors<Self>) {
        // Read backwards, the move from `previous` is named by where it leads: `state`.
        out.extend(
            (self.predecessors.borrow_mut())(state)
                .into_iter()
                .map(|(previous, cost)| Successor::new(previous, state.clone(), cost)),
        );
    }
}
