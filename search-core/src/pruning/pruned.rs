//! A problem that refuses the actions a [`PruningAutomaton`] forbids: duplicate pruning for the
//! depth-first searches, through the ordinary [`InPlace`] contract.

use crate::heuristic::IncrementalHeuristic;
use crate::problem::{InPlace, Problem, Successor, Successors};
use crate::pruning::automaton::PruningAutomaton;

/// A problem with action slots, wrapped so that its states carry the automaton state of the path
/// that reached them and its actions skip whatever the automaton forbids.
///
/// Meant for [`idastar`](fn@crate::idastar) and [`idastar_parallel`](crate::idastar::idastar_parallel),
/// which search paths, not states: the automaton removes paths that another, no worse, path
/// replaces (see [`PruningAutomaton`] for when that keeps the search optimal), which for sliding
/// tiles cuts the branching factor below parent pruning's. Pair it with the inner problem's
/// heuristic through [`PrunedHeuristic`]. Solutions come back as [`PrunedAction`]s; their
/// [`action`](PrunedAction::action) is the inner problem's.
///
/// The graph searches can run on it too, but a state is then a pair of an inner state and an
/// automaton state, so each inner state may be stored once per automaton state.
///
/// # Example
/// ```
/// use search_core::{idastar, heuristic_fn, InPlace, Problem, pruning::Pruned, pruning::PrunedHeuristic};
/// use search_core::{pruning::PruningAutomaton, Successor, Successors};
///
/// /// A point on a grid, moved up, left, right or down (slots 0 to 3; the inverse of slot `s` is
/// /// `3 - s`).
/// struct Grid;
/// const STEPS: [(i32, i32); 4] = [(0, -1), (-1, 0), (1, 0), (0, 1)];
/// impl Problem for Grid {
///     type State = (i32, i32);
///     type Action = usize;
///     type Cost = u32;
///     fn is_goal(&self, s: &(i32, i32)) -> bool { *s == (3, 2) }
///     fn successors(&self, s: &(i32, i32), out: &mut Successors<Self>) {
///         for slot in 0..4 {
///             let (dx, dy) = STEPS[slot];
///             out.push(Successor::unit((s.0 + dx, s.1 + dy), slot));
///         }
///     }
///     fn inverse(&self, slot: &usize) -> Option<usize> { Some(3 - slot) }
/// }
/// impl InPlace for Grid {
///     const ACTION_SLOTS: usize = 4;
///     fn action_in_slot(&self, _: &(i32, i32), slot: usize) -> Option<(usize, u32)> {
///         Some((slot, 1))
///     }
///     fn apply(&self, s: &mut (i32, i32), &slot: &usize) {
///         (s.0, s.1) = (s.0 + STEPS[slot].0, s.1 + STEPS[slot].1);
///     }
///     fn undo(&self, s: &mut (i32, i32), &slot: &usize) {
///         (s.0, s.1) = (s.0 - STEPS[slot].0, s.1 - STEPS[slot].1);
///     }
/// }
///
/// // Steps commute, so only paths with their steps in slot order are needed: forbid every
/// // step after a later slot, and every step followed by its inverse.
/// let mut forbidden = Vec::new();
/// for first in 0..4 {
///     for second in 0..first {
///         forbidden.push([first, second]);
///     }
///     forbidden.push([first, 3 - first]);
/// }
/// let automaton = PruningAutomaton::new(4, forbidden)?;
/// let pruned = Pruned::new(&Grid, &automaton)?;
/// let manhattan = heuristic_fn(|s: &(i32, i32)| (3 - s.0).unsigned_abs() + (2 - s.1).unsigned_abs());
/// let heuristic = PrunedHeuristic::new(&manhattan);
///
/// let plain = idastar(&Grid, &manhattan, (0, 0));
/// let result = idastar(&pruned, &heuristic, pruned.start((0, 0)));
/// let solution = result.solution().expect("the goal is reachable");
/// let steps: Vec<usize> = solution.actions.iter().map(|step| step.action).collect();
/// assert_eq!(steps, [2, 2, 2, 3, 3]); // right three times, then down twice
/// assert_eq!(solution.cost, plain.solution().unwrap().cost);
/// // The optimal paths are the orderings of those five steps: only one is searched.
/// assert!(result.statistics.generated < plain.statistics.generated);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Pruned<'a, P> {
    problem: &'a P,
    automaton: &'a PruningAutomaton,
}

// By hand: derived, they would ask for `P: Clone` and `P: Debug`, and only references are copied
// or shown.
impl<P> std::fmt::Debug for Pruned<'_, P> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Pruned")
            .field("problem", &std::any::type_name::<P>())
            .field("automaton", self.automaton)
            .finish()
    }
}

impl<P> Clone for Pruned<'_, P> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<P> Copy for Pruned<'_, P> {}

/// A state of a [`Pruned`] problem: the inner problem's state and the automaton state of the
/// path that reached it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PrunedState<State> {
    /// The inner problem's state.
    pub state: State,
    /// The automaton state after the path's actions.
    pub automaton: u32,
}

/// An action of a [`Pruned`] problem: the inner problem's action and the automaton states it
/// leaves and enters, so that [`InPlace::undo`] can restore the first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PrunedAction<Action> {
    /// The inner problem's action.
    pub action: Action,
    /// The automaton state before the action.
    pub before: u32,
    /// The automaton state after it.
    pub after: u32,
}

impl<'a, P: InPlace> Pruned<'a, P> {
    /// `problem`, pruned by `automaton`, whose slots must be the problem's action slots.
    ///
    /// # Errors
    /// [`PrunedError`] when the problem has no action slots (the automaton reads slots) or a
    /// different number of them than the automaton.
    pub fn new(problem: &'a P, automaton: &'a PruningAutomaton) -> Result<Self, PrunedError> {
        let slots = problem.action_slots();
        if slots == 0 || slots != automaton.slots() {
            return Err(PrunedError {
                problem_slots: slots,
                automaton_slots: automaton.slots(),
            });
        }
        Ok(Pruned { problem, automaton })
    }

    /// The inner problem.
    pub fn inner(&self) -> &'a P {
        self.problem
    }

    /// The automaton.
    pub fn automaton(&self) -> &'a PruningAutomaton {
        self.automaton
    }

    /// The state to start a search from: `state`, before any action.
    pub fn start(&self, state: P::State) -> PrunedState<P::State> {
        PrunedState {
            state,
            automaton: PruningAutomaton::START,
        }
    }
}

impl<P: InPlace> Problem for Pruned<'_, P> {
    type State = PrunedState<P::State>;
    type Action = PrunedAction<P::Action>;
    type Cost = P::Cost;

    #[inline(always)]
    fn is_goal(&self, state: &Self::State) -> bool {
        self.problem.is_goal(&state.state)
    }

    fn successors(&self, state: &Self::State, out: &mut Successors<Self>) {
        for slot in 0..self.problem.action_slots() {
            if let Some((action, cost)) = self.action_in_slot(state, slot) {
                let mut next = state.clone();
                self.apply(&mut next, &action);
                out.push(Successor::new(next, action, cost));
            }
        }
    }

    /// The inner inverse, from the automaton state the action entered back to the one it left:
    /// applying it restores the state the action came from, automaton included. It is never one
    /// of the actions [`action_in_slot`](InPlace::action_in_slot) offers unless the automaton
    /// allows the inner inverse and happens to return to the same automaton state, so parent
    /// pruning is the automaton's to do (give it each action followed by its inverse); the
    /// depth-first searches still learn from it that the move is reversible, for pathmax.
    #[inline(always)]
    fn inverse(&self, action: &Self::Action) -> Option<Self::Action> {
        self.problem
            .inverse(&action.action)
            .map(|inverse| PrunedAction {
                action: inverse,
                before: action.after,
                after: action.before,
            })
    }
}

impl<P: InPlace> InPlace for Pruned<'_, P> {
    const ACTION_SLOTS: usize = P::ACTION_SLOTS;

    #[inline(always)]
    fn action_slots(&self) -> usize {
        self.problem.action_slots()
    }

    #[inline(always)]
    fn action_in_slot(
        &self,
        state: &Self::State,
        slot: usize,
    ) -> Option<(Self::Action, Self::Cost)> {
        let after = self.automaton.step(state.automaton, slot)?;
        let (action, cost) = self.problem.action_in_slot(&state.state, slot)?;
        Some((
            PrunedAction {
                action,
                before: state.automaton,
                after,
            },
            cost,
        ))
    }

    #[inline(always)]
    fn apply(&self, state: &mut Self::State, action: &Self::Action) {
        self.problem.apply(&mut state.state, &action.action);
        state.automaton = action.after;
    }

    #[inline(always)]
    fn undo(&self, state: &mut Self::State, action: &Self::Action) {
        self.problem.undo(&mut state.state, &action.action);
        state.automaton = action.before;
    }
}

/// The problem's action slots do not match the automaton's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PrunedError {
    /// The problem's [`ACTION_SLOTS`](InPlace::ACTION_SLOTS).
    pub problem_slots: usize,
    /// The automaton's [`slots`](PruningAutomaton::slots).
    pub automaton_slots: usize,
}

impl std::fmt::Display for PrunedError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.problem_slots == 0 {
            write!(
                f,
                "the problem has no action slots for the pruning automaton to read"
            )
        } else {
            write!(
                f,
                "the problem has {} action slots but the pruning automaton reads {}",
                self.problem_slots, self.automaton_slots
            )
        }
    }
}

impl std::error::Error for PrunedError {}

/// A heuristic of the inner problem, used on its [`Pruned`] form: the estimates ignore the
/// automaton.
pub struct PrunedHeuristic<'h, H> {
    heuristic: &'h H,
}

// By hand, as for `Pruned`.
impl<H> std::fmt::Debug for PrunedHeuristic<'_, H> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PrunedHeuristic")
            .field("heuristic", &std::any::type_name::<H>())
            .finish()
    }
}

impl<H> Clone for PrunedHeuristic<'_, H> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<H> Copy for PrunedHeuristic<'_, H> {}

impl<'h, H> PrunedHeuristic<'h, H> {
    /// `heuristic`, for the pruned problem.
    pub fn new(heuristic: &'h H) -> Self {
        PrunedHeuristic { heuristic }
    }
}

impl<P, H> IncrementalHeuristic<Pruned<'_, P>> for PrunedHeuristic<'_, H>
where
    P: InPlace,
    H: IncrementalHeuristic<P>,
{
    type Memo = H::Memo;

    #[inline(always)]
    fn estimate_root(
        &self,
        problem: &Pruned<'_, P>,
        state: &PrunedState<P::State>,
    ) -> (P::Cost, H::Memo) {
        self.heuristic.estimate_root(problem.problem, &state.state)
    }

    #[inline(always)]
    fn estimate_child(
        &self,
        problem: &Pruned<'_, P>,
        after: &PrunedState<P::State>,
        action: &PrunedAction<P::Action>,
        before: P::Cost,
        memo: &H::Memo,
    ) -> (P::Cost, H::Memo) {
        self.heuristic
            .estimate_child(problem.problem, &after.state, &action.action, before, memo)
    }

    #[inline(always)]
    fn estimate_child_ahead(
        &self,
        problem: &Pruned<'_, P>,
        state: &PrunedState<P::State>,
        action: &PrunedAction<P::Action>,
        before: P::Cost,
        memo: &H::Memo,
        child: &mut H::Memo,
        enough: P::Cost,
    ) -> Option<P::Cost> {
        self.heuristic.estimate_child_ahead(
            problem.problem,
            &state.state,
            &action.action,
            before,
            memo,
            child,
            enough,
        )
    }

    #[inline(always)]
    fn consistent(&self) -> bool {
        self.heuristic.consistent()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Limits, heuristic_fn, idastar, idastar::idastar_parallel};

    /// A point on an open grid, moved up, left, right or down (slots 0 to 3); the inverse of
    /// slot `s` is `3 - s`, as for sliding tiles.
    struct Grid;
    const STEPS: [(i32, i32); 4] = [(0, -1), (-1, 0), (1, 0), (0, 1)];
    const GOAL: (i32, i32) = (4, -3);

    impl Problem for Grid {
        type State = (i32, i32);
        type Action = usize;
        type Cost = u32;
        fn is_goal(&self, state: &(i32, i32)) -> bool {
            *state == GOAL
        }
        fn successors(&self, state: &(i32, i32), out: &mut Successors<Self>) {
            for (slot, (dx, dy)) in STEPS.into_iter().enumerate() {
                out.push(Successor::unit((state.0 + dx, state.1 + dy), slot));
            }
        }
        fn inverse(&self, slot: &usize) -> Option<usize> {
            Some(3 - slot)
        }
    }

    impl InPlace for Grid {
        const ACTION_SLOTS: usize = 4;
        fn action_in_slot(&self, _: &(i32, i32), slot: usize) -> Option<(usize, u32)> {
            (slot < 4).then_some((slot, 1))
        }
        fn apply(&self, state: &mut (i32, i32), &slot: &usize) {
            (state.0, state.1) = (state.0 + STEPS[slot].0, state.1 + STEPS[slot].1);
        }
        fn undo(&self, state: &mut (i32, i32), &slot: &usize) {
            (state.0, state.1) = (state.0 - STEPS[slot].0, state.1 - STEPS[slot].1);
        }
    }

    /// Half the true distance: admissible and weak, so that IDA* iterates a few times.
    fn half_distance(state: &(i32, i32)) -> u32 {
        ((GOAL.0 - state.0).unsigned_abs() + (GOAL.1 - state.1).unsigned_abs()) / 2
    }

    fn parent_pruning() -> PruningAutomaton {
        PruningAutomaton::new(4, (0..4).map(|slot| [slot, 3 - slot])).unwrap()
    }

    #[test]
    fn parent_pruning_by_automaton_searches_the_same_tree() {
        let heuristic = heuristic_fn(half_distance);
        let plain = idastar(&Grid, &heuristic, (0, 0));
        let automaton = parent_pruning();
        let pruned = Pruned::new(&Grid, &automaton).unwrap();
        let result = idastar(
            &pruned,
            &PrunedHeuristic::new(&heuristic),
            pruned.start((0, 0)),
        );
        assert_eq!(result.statistics.iterations, plain.statistics.iterations);
        let actions: Vec<usize> = (result.solution().unwrap().actions.iter())
            .map(|step| step.action)
            .collect();
        assert_eq!(actions, plain.solution().unwrap().actions);
    }

    #[test]
    fn a_stronger_automaton_prunes_more_and_stays_optimal_on_threads() {
        // Steps commute: keep only paths whose slots never decrease (plus parent pruning).
        let sorted = (0..4).flat_map(|first| (0..first).map(move |second| [first, second]));
        let automaton = PruningAutomaton::new(4, sorted).unwrap();
        let pruned = Pruned::new(&Grid, &automaton).unwrap();
        let heuristic = heuristic_fn(half_distance);
        let plain = idastar(&Grid, &heuristic, (0, 0));
        let threads = std::num::NonZeroUsize::new(2).unwrap();
        let start = pruned.start((0, 0));
        let heuristic = PrunedHeuristic::new(&heuristic);
        let serial = idastar(&pruned, &heuristic, start);
        let parallel = idastar_parallel(&pruned, &heuristic, start, &Limits::none(), threads);
        for result in [&serial, &parallel] {
            let solution = result.solution().unwrap();
            assert_eq!(solution.cost, 7);
            let slots: Vec<usize> = solution.actions.iter().map(|step| step.action).collect();
            assert_eq!(slots, [0, 0, 0, 2, 2, 2, 2]);
        }
        let (fewer, more) = (serial.statistics.generated, plain.statistics.generated);
        assert!(
            fewer * 2 < more,
            "{fewer} generated with the automaton, {more} without"
        );
    }

    #[test]
    fn actions_carry_the_automaton_and_undo_restores_it() {
        let automaton = parent_pruning();
        let pruned = Pruned::new(&Grid, &automaton).unwrap();
        let mut state = pruned.start((0, 0));
        let (right, _) = pruned.action_in_slot(&state, 2).unwrap();
        pruned.apply(&mut state, &right);
        assert_eq!(state.state, (1, 0));
        assert_ne!(state.automaton, PruningAutomaton::START);
        // Left, the inverse, is forbidden now; the other three are offered.
        let mut successors = Successors::<Pruned<'_, Grid>>::new();
        pruned.successors(&state, &mut successors);
        let offered: Vec<usize> = successors.iter().map(|s| s.action.action).collect();
        assert_eq!(offered, [0, 2, 3]);
        // The inverse restores the state, automaton included.
        let mut back = state;
        pruned.apply(&mut back, &pruned.inverse(&right).unwrap());
        assert_eq!(back, pruned.start((0, 0)));
        pruned.undo(&mut state, &right);
        assert_eq!(state, pruned.start((0, 0)));
    }

    #[test]
    fn mismatched_slots_are_refused() {
        let automaton = PruningAutomaton::new(3, [[0, 1]]).unwrap();
        let error = Pruned::new(&Grid, &automaton).unwrap_err();
        assert_eq!(
            error.to_string(),
            "the problem has 4 action slots but the pruning automaton reads 3"
        );
    }
}
