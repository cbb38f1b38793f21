//! The domain contract: what a search problem must tell the engine, and what it may tell it to go
//! faster.
//!
//! The plugin author's manual (which trait each algorithm needs, why problems have actions, a
//! worked example) is the crate documentation in `lib.rs`, not this module's: the module is
//! private, so rustdoc would never render it here. The traits below carry their own contracts.

use std::hash::Hash;
use std::ops::ControlFlow;

use smallvec::SmallVec;

use crate::cost::Cost;

/// How many successors a [`Successors`] buffer holds before it moves to the heap.
///
/// The buffer is reused from node to node, so even a problem with more successors allocates only
/// until the buffer has grown to its largest branching factor.
pub const INLINE_SUCCESSORS: usize = 8;

/// One move out of a state: where it leads, what it is called and what it costs.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Successor<State, Action, C> {
    /// The state reached.
    pub state: State,
    /// The action that reaches it.
    pub action: Action,
    /// The cost of the action; must not be negative (the [`Cost`] types are unsigned).
    pub cost: C,
}

impl<State, Action, C: Cost> Successor<State, Action, C> {
    /// A successor reached by an action of cost [`Cost::ONE`].
    #[inline]
    pub fn unit(state: State, action: Action) -> Self {
        Successor {
            state,
            action,
            cost: C::ONE,
        }
    }

    /// A successor reached by an action of the given cost.
    #[inline]
    pub fn new(state: State, action: Action, cost: C) -> Self {
        Successor {
            state,
            action,
            cost,
        }
    }
}

/// The caller-owned buffer [`Problem::successors`] writes into.
pub type Successors<P> = SmallVec<
    [Successor<<P as Problem>::State, <P as Problem>::Action, <P as Problem>::Cost>;
        INLINE_SUCCESSORS],
>;

/// The caller-owned buffer [`InPlace::actions`] writes into: applicable actions with their costs.
pub type Actions<P> = SmallVec<[(<P as Problem>::Action, <P as Problem>::Cost); INLINE_SUCCESSORS]>;

/// A state space to search: states, the actions between them and a goal test.
///
/// Two methods are required: [`is_goal`](Problem::is_goal) and
/// [`successors`](Problem::successors). [`inverse`](Problem::inverse) is optional and lets
/// depth-first searches skip the move that undoes the previous one.
///
/// States are cloned into the searches' visited sets and node stores, so a compact state (a packed
/// integer, a small array) makes every algorithm faster and lighter.
///
/// The [crate documentation](crate#example-a-problem-in-a-dozen-lines) has a complete
/// implementation solved with [`bfs`](fn@crate::bfs), and a table of the capability traits each
/// algorithm needs beyond this one.
pub trait Problem {
    /// A configuration of the domain. Equal states must hash equally.
    type State: Clone + Eq + Hash;
    /// The name of a move. Solutions are reported as a sequence of actions.
    type Action: Clone + Eq;
    /// The cost type of actions and paths.
    type Cost: Cost;

    /// Whether `state` satisfies the goal.
    fn is_goal(&self, state: &Self::State) -> bool;

    /// Pushes every successor of `state` onto `out`.
    ///
    /// `out` is empty on entry; the engine clears and reuses it, so implementations only push.
    /// The order of successors is the order in which searches try them.
    fn successors(&self, state: &Self::State, out: &mut Successors<Self>);

    /// Whether this problem overrides [`visit_successors`](Problem::visit_successors) to make
    /// its successors one at a time: the searches that store states (breadth-first search,
    /// Dijkstra, A*) then take them from it instead of from [`successors`](Problem::successors)'
    /// buffer. `false` unless overridden, which is always correct.
    const VISITS_SUCCESSORS: bool = false;

    /// Hands every successor of `state` to `visit`, in the order
    /// [`successors`](Problem::successors) lists them, and stops early when `visit` breaks,
    /// returning what it broke with.
    ///
    /// Why override it: with [`successors`](Problem::successors) a search loops over each
    /// state's successors twice, once to list them into the buffer and once to handle them, and
    /// where their number varies from state to state the processor mispredicts the end of both
    /// loops. Made one at a time, each successor is handled as it is made: on the grid searches
    /// of the repository's `BENCHMARKS.md` a breadth-first search took a tenth less time. Say so
    /// with [`VISITS_SUCCESSORS`](Problem::VISITS_SUCCESSORS), or the searches keep the buffer.
    /// An override must hand out exactly the successors [`successors`](Problem::successors) lists,
    /// in the same order: the other algorithms still call that one.
    ///
    /// Call `visit` from one place, in a `for` loop with `?`, as the example does, rather than
    /// with `try_for_each` over a chained or flattened iterator: that calls it from one place
    /// per part, and the compiler then keeps the search's handling of a successor as a call
    /// rather than copy it into each. On the road grids of the repository's `BENCHMARKS.md`
    /// (successors from `flatten` over four optional neighbours), Dijkstra's algorithm took
    /// 1.13 times `pathfinding`'s time through `try_for_each` and 1.03 times through the loop.
    ///
    /// The default lists them with [`successors`](Problem::successors) and hands them out.
    ///
    /// # Example
    /// ```
    /// use std::ops::ControlFlow;
    /// use search_core::{bfs, Problem, Successor, Successors};
    ///
    /// /// Numbers, a step of +1 or *2 each, up to 100.
    /// struct Steps;
    ///
    /// impl Steps {
    ///     fn next(n: u32) -> impl Iterator<Item = u32> {
    ///         [n + 1, n * 2].into_iter().filter(|&m| m <= 100)
    ///     }
    /// }
    ///
    /// impl Problem for Steps {
    ///     type State = u32;
    ///     type Action = u32;
    ///     type Cost = u32;
    ///
    ///     fn is_goal(&self, n: &u32) -> bool {
    ///         *n == 100
    ///     }
    ///
    ///     fn successors(&self, n: &u32, out: &mut Successors<Self>) {
    ///         out.extend(Self::next(*n).map(|m| Successor::unit(m, m)));
    ///     }
    ///
    ///     const VISITS_SUCCESSORS: bool = true;
    ///
    ///     fn visit_successors<B>(
    ///         &self,
    ///         n: &u32,
    ///         mut visit: impl FnMut(Successor<u32, u32, u32>) -> ControlFlow<B>,
    ///     ) -> ControlFlow<B> {
    ///         for m in Self::next(*n) {
    ///             visit(Successor::unit(m, m))?;
    ///         }
    ///         ControlFlow::Continue(())
    ///     }
    /// }
    ///
    /// let solution = bfs(&Steps, 1).into_solution().expect("100 is reachable");
    /// assert_eq!(solution.actions, [2, 3, 6, 12, 24, 25, 50, 100]);
    /// ```
    #[inline]
    fn visit_successors<B>(
        &self,
        state: &Self::State,
        mut visit: impl FnMut(Successor<Self::State, Self::Action, Self::Cost>) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        let mut out = Successors::<Self>::new();
        self.successors(state, &mut out);
        out.into_iter().try_for_each(&mut visit)
    }

    /// The action that undoes `action`, if the domain has one.
    ///
    /// Depth-first searches use it to skip the immediate return to a node's parent ("parent
    /// pruning"), which for sliding tiles cuts the branching factor from about 3 to about 2. The
    /// inverse must lead back to the state the action came from, at the same cost. The default
    /// says there is none, which is always correct but slower: IDA* then skips the move back by
    /// comparing each child with its grandparent state instead, which on the 15-puzzle of
    /// `examples/plain_idastar.rs` costs about a tenth of the search's time (the figures are in
    /// the repository's `BENCHMARKS.md`).
    #[inline]
    fn inverse(&self, action: &Self::Action) -> Option<Self::Action> {
        let _ = action;
        None
    }

    /// Whether this problem names the action between two states from the states alone
    /// ([`action_between`](Problem::action_between)), as the closure adapters do ([`from_fn`](crate::from_fn):
    /// an action is the state it leads to).
    ///
    /// The searches that store states record the action that reached each one as they store it,
    /// so that a solution's actions are read back, never asked of
    /// [`successors`](Problem::successors) again. For a problem that says `true` here they
    /// record nothing and ask [`action_between`](Problem::action_between) along the solution
    /// instead: no state stored twice for the closure adapters, and no byte an action for a
    /// puzzle whose move is plain from the two boards. `false` unless overridden, which is
    /// always correct.
    const ACTIONS_FROM_STATES: bool = false;

    /// The action that leads from `from` to `to`, two states a search found one move apart, for
    /// a problem whose [`ACTIONS_FROM_STATES`](Problem::ACTIONS_FROM_STATES); where several
    /// actions do, the cheapest. Not called otherwise; the default answers `None`.
    #[inline]
    fn action_between(&self, from: &Self::State, to: &Self::State) -> Option<Self::Action> {
        let _ = (from, to);
        None
    }
}

/// A problem whose actions can be applied to and undone on a state in place.
///
/// Depth-first search ([`idastar`](fn@crate::idastar)) keeps a single mutable state and walks it down
/// and back up the search tree; with this trait a 15-puzzle node costs a few register operations
/// instead of a copy of the board.
///
/// # Two ways to enumerate actions
/// By default IDA* asks [`actions`](InPlace::actions) for a node's whole action list, which it
/// keeps in a buffer per depth. A problem whose actions have fixed *slots* (a sliding-tile
/// puzzle's four directions, a game's piece-and-direction pairs) can instead set
/// [`ACTION_SLOTS`](InPlace::ACTION_SLOTS) (or, per instance, [`action_slots`](InPlace::action_slots)) and answer [`action_in_slot`](InPlace::action_in_slot):
/// IDA* then keeps only the next slot's index per depth and asks for one action at a time, so
/// listing, storing and reading back a buffer disappear from the hot loop. The two ways give the
/// same search, node for node, when slots hold the listed actions in the same order; on the
/// 15-puzzle of `examples/plain_idastar.rs` slots are the largest single gain, and with an
/// inverse and a consistent heuristic the largest of all (the figures are in the repository's
/// `BENCHMARKS.md`).
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot apply and undo actions in place, as IDA* needs",
    label = "not `InPlace`",
    note = "implement `InPlace` (`apply` and `undo`), or make the problem with `from_fn_in_place`; \
            the searches that store states (`astar`, `bfs`, `dijkstra`) need only `Problem`"
)]
pub trait InPlace: Problem {
    /// How many action slots [`action_in_slot`](InPlace::action_in_slot) answers for; zero (the
    /// default) makes searches use [`actions`](InPlace::actions) instead.
    ///
    /// Every state's actions must fit in the slots: a state may leave slots empty, but an action
    /// that is in no slot is never tried.
    const ACTION_SLOTS: usize = 0;

    /// How many action slots this instance answers for: [`ACTION_SLOTS`](InPlace::ACTION_SLOTS)
    /// unless overridden, for a problem whose slot count depends on the instance (a board's
    /// size, a graph's largest degree) and so cannot be a constant.
    ///
    /// Searches call this, never the constant, so overriding it is enough. It is read once per
    /// node; the default, a constant, costs nothing, and an override that reads a field costs a
    /// load the compiler usually keeps in a register. Zero makes searches use
    /// [`actions`](InPlace::actions) instead.
    ///
    /// ```
    /// use search_core::{InPlace, Problem, Successor, Successors};
    ///
    /// /// Rotate one of `wheels` wheels of a lock by one notch: one slot per wheel.
    /// struct Lock { wheels: usize }
    /// impl Problem for Lock {
    ///     type State = Vec<u8>;
    ///     type Action = usize;
    ///     type Cost = u32;
    ///     fn is_goal(&self, state: &Vec<u8>) -> bool { state.iter().all(|&notch| notch == 0) }
    ///     fn successors(&self, state: &Vec<u8>, out: &mut Successors<Self>) {
    ///         for wheel in 0..self.wheels {
    ///             let mut next = state.clone();
    ///             self.apply(&mut next, &wheel);
    ///             out.push(Successor::unit(next, wheel));
    ///         }
    ///     }
    /// }
    ///
    /// impl InPlace for Lock {
    ///     fn action_slots(&self) -> usize {
    ///         self.wheels
    ///     }
    ///
    ///     fn action_in_slot(&self, _: &Vec<u8>, slot: usize) -> Option<(usize, u32)> {
    ///         Some((slot, 1))
    ///     }
    ///
    ///     fn apply(&self, state: &mut Vec<u8>, wheel: &usize) {
    ///         state[*wheel] = (state[*wheel] + 1) % 10;
    ///     }
    ///
    ///     fn undo(&self, state: &mut Vec<u8>, wheel: &usize) {
    ///         state[*wheel] = (state[*wheel] + 9) % 10;
    ///     }
    /// }
    ///
    /// assert_eq!(Lock { wheels: 3 }.action_slots(), 3);
    /// ```
    #[inline(always)]
    fn action_slots(&self) -> usize {
        Self::ACTION_SLOTS
    }

    /// The action in `slot` (in `0..action_slots()`) of `state`, with its cost, or `None` when
    /// that slot is empty in `state`.
    ///
    /// Slots are tried in increasing order, which is the order of children in depth-first
    /// searches. Called only when [`action_slots`](InPlace::action_slots) is not zero; the
    /// default, for problems without slots, has none.
    ///
    /// ```
    /// use search_core::{InPlace, Problem, Successor, Successors};
    ///
    /// /// A counter that can add 1 (slot 0) or, from even values, double (slot 1).
    /// struct Counter;
    /// impl Problem for Counter {
    ///     type State = u32;
    ///     type Action = char;
    ///     type Cost = u32;
    ///     fn is_goal(&self, state: &u32) -> bool { *state == 10 }
    ///     fn successors(&self, state: &u32, out: &mut Successors<Self>) {
    ///         for slot in 0..Self::ACTION_SLOTS {
    ///             if let Some((action, cost)) = self.action_in_slot(state, slot) {
    ///                 let mut next = *state;
    ///                 self.apply(&mut next, &action);
    ///                 out.push(Successor::new(next, action, cost));
    ///             }
    ///         }
    ///     }
    /// }
    ///
    /// impl InPlace for Counter {
    ///     const ACTION_SLOTS: usize = 2;
    ///
    ///     fn action_in_slot(&self, state: &u32, slot: usize) -> Option<(char, u32)> {
    ///         match slot {
    ///             0 => Some(('+', 1)),
    ///             _ if state % 2 == 0 => Some(('*', 1)),
    ///             _ => None,
    ///         }
    ///     }
    ///
    ///     fn apply(&self, state: &mut u32, action: &char) {
    ///         *state = if *action == '+' { *state + 1 } else { *state * 2 };
    ///     }
    ///
    ///     fn undo(&self, state: &mut u32, action: &char) {
    ///         *state = if *action == '+' { *state - 1 } else { *state / 2 };
    ///     }
    /// }
    ///
    /// assert_eq!(Counter.action_in_slot(&3, 1), None);
    /// assert_eq!(Counter.action_in_slot(&4, 1), Some(('*', 1)));
    /// ```
    #[inline]
    fn action_in_slot(
        &self,
        state: &Self::State,
        slot: usize,
    ) -> Option<(Self::Action, Self::Cost)> {
        let _ = (state, slot);
        None
    }

    /// Pushes every action applicable in `state`, with its cost, onto `out` (empty on entry).
    ///
    /// Used when [`action_slots`](InPlace::action_slots) is zero. The default derives the actions
    /// from [`Problem::successors`]; override it when actions are cheaper to list than successor
    /// states are to build.
    fn actions(&self, state: &Self::State, out: &mut Actions<Self>) {
        let mut successors = Successors::<Self>::new();
        self.successors(state, &mut successors);
        out.extend(
            successors
                .into_iter()
                .map(|successor| (successor.action, successor.cost)),
        );
    }

    /// Applies `action`, which [`actions`](InPlace::actions) or
    /// [`action_in_slot`](InPlace::action_in_slot) gave for `state`, to `state`.
    fn apply(&self, state: &mut Self::State, action: &Self::Action);

    /// Reverts [`apply`](InPlace::apply): after `apply(s, a)` then `undo(s, a)`, `s` is as before.
    fn undo(&self, state: &mut Self::State, action: &Self::Action);
}

/// A problem that can enumerate the moves *into* a state, for searching backwards from a goal.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot list the moves into a state, as bidirectional search needs",
    label = "not `Reversible`",
    note = "implement `Reversible` (`predecessors`), or make the problem with \
            `from_fn_reversible`; one-way searches (`bfs`, `dijkstra`) need only `Problem`"
)]
pub trait Reversible: Problem {
    /// Pushes every predecessor of `state` onto `out` (empty on entry).
    ///
    /// Each entry is a [`Successor`] read backwards: `out[i].state` is a state from which
    /// `out[i].action`, at cost `out[i].cost`, leads to `state`.
    fn predecessors(&self, state: &Self::State, out: &mut Successors<Self>);
}

/// A bijection between the reachable states and `0..rank_count()`, for dense visited sets.
///
/// With it, a visited set is a bitset of `rank_count()` bits instead of a hash table: no hashing
/// and one bit per state. It suits spaces that fit in memory, such as the 8-puzzle's 9! boards.
#[diagnostic::on_unimplemented(
    message = "`{Self}` does not rank its states, as a `DenseVisited` bitset needs",
    label = "not `PerfectRank`",
    note = "implement `PerfectRank` (`rank_count` and `rank`), or use `HashVisited`, which \
            needs only `Problem`"
)]
pub trait PerfectRank: Problem {
    /// One more than the largest rank.
    fn rank_count(&self) -> u64;

    /// The rank of `state`, in `0..rank_count()`; distinct states have distinct ranks.
    fn rank(&self, state: &Self::State) -> u64;
}
