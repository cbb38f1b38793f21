//! IDA*'s fast path: one iteration as a recursive walk over states passed by value.
//!
//! The explicit-stack walk of [`idastar`](fn@crate::idastar) handles every problem and every
//! feature (observers, pathmax, heuristics with memos, action lists, zero-cost cycles, any
//! depth) in one loop, and pays for it: its child loop has more live values than the machine
//! has registers. Most searches need none of that generality, and for them this walk does the
//! same iteration, node for node, the way a hand-written solver would: one call per expanded
//! node, the node's state, g, h and parent action in registers, and the child a modified copy
//! of the parent (no undo).
//!
//! It is taken when, at compile time, nothing is observed, the heuristic's memo carries no
//! data, the problem has [action slots](crate::InPlace::ACTION_SLOTS) and its states are small
//! plain values; and, at run time, when the heuristic is
//! [consistent](crate::Heuristic::is_consistent) (so that pathmax could never cut) and the
//! threshold is at most [`MAX_RECURSION`] (which bounds the depth, so that the walk's stack use
//! stays bounded whatever the problem). An action of cost zero, whose cycles only the explicit
//! walk knows how to leave, sends the iteration back to the explicit walk, which redoes it from
//! the start and serves every later iteration.

use std::mem::{needs_drop, size_of};

use super::serial::{End, PassEnd, Root, Walk};
use crate::cost::Cost;
use crate::heuristic::IncrementalHeuristic;
use crate::observer::Observer;
use crate::outcome::Limit;
use crate::problem::InPlace;

/// The largest threshold (in [`Cost::to_u64`] units) of an iteration the recursive walk takes,
/// which is also the deepest it can go (see [`Walk::recursion_fits`]).
///
/// Each level is one call frame of about a hundred bytes for a small state, so the walk uses at
/// most some tens of kilobytes of the thread's stack. Sliding-tile solutions are a few hundred
/// moves at most (the 24-puzzle's hardest known instances take 152).
pub(super) const MAX_RECURSION: u64 = 512;

/// The most expansions the walk makes between two looks at the limits.
const MAX_QUOTA: u64 = 1 << 32;

/// The largest state, in bytes, that the recursive walk copies from parent to child.
const MAX_COPIED_STATE: usize = 32;

/// Whether the recursion is unwinding, and why.
enum Unwind {
    /// Not unwinding.
    Running,
    /// A goal was generated; the descent's `path` holds the actions to it, last first.
    Solved,
    Stopped(Limit),
    Halted,
    /// The walk met something it does not handle: redo the iteration with the explicit walk.
    Fallback,
}

/// The recursion's working memory: what every level reads, and the counters every level adds to.
struct Descent<'walk, 'search, P: InPlace, H: IncrementalHeuristic<P>, O> {
    problem: &'search P,
    heuristic: &'search H,
    /// The threshold plus one: the smallest f that prunes (the threshold is below `MAX`, so
    /// this is exact). Kept rather than the threshold, which would take a saturating sum per
    /// node.
    bound: P::Cost,
    /// The smallest f beyond the threshold seen so far; `MAX` until a child is pruned.
    next_threshold: P::Cost,
    /// Whether the threshold pruned a child. Whether one of them ends a path free of cycles,
    /// so that a larger threshold may find more, is asked after the walk
    /// ([`Descent::a_pruned_path_escapes`]).
    pruned: bool,
    generated: u64,
    /// Expansions left before the limits must be looked at again. Every expansion takes one
    /// first, and the one that takes the last looks at the limits before it goes ahead.
    quota: u64,
    /// Every quota given so far, whose unused rest is `quota`: the pass's expansions are the
    /// difference, so that an expansion costs one counter, not two.
    granted: u64,
    /// The heuristic's memo; it carries no data, so one value serves every node.
    memo: H::Memo,
    /// On success, the actions from the root to the goal, last first; the goal's cost.
    path: Vec<P::Action>,
    cost: P::Cost,
    unwind: Unwind,
    /// For the limits and, in a parallel search, the other workers.
    walk: &'walk mut Walk<'search, P, H, O>,
}

impl<'search, P, H, O> Walk<'search, P, H, O>
where
    P: InPlace,
    H: IncrementalHeuristic<P>,
    O: Observer<P>,
{
    /// Whether the recursive walk can do the iteration with this threshold; see the module's
    /// notes.
    ///
    /// The depth is bounded through the threshold: the walk expands only nodes whose g is within
    /// it, and it falls back on the first action whose cost is zero in `u64`, so every step of
    /// its paths adds at least one to g and no path gets deeper than the threshold.
    #[inline]
    pub(super) fn recursion_fits(&self, threshold: P::Cost) -> bool {
        let fits = !O::ENABLED
            && size_of::<H::Memo>() == 0
            && self.problem.action_slots() > 0
            && !needs_drop::<P::State>()
            && size_of::<P::State>() <= MAX_COPIED_STATE;
        fits && !self.recursion_failed
            && threshold.to_u64() <= MAX_RECURSION
            && self.heuristic.consistent()
    }

    /// One iteration by the recursive walk, or `None` when it met a zero-cost action and the
    /// explicit walk must redo it (and every later iteration). Counts nothing then.
    pub(super) fn recursive_pass(
        &mut self,
        root: &Root<P, H::Memo>,
        threshold: P::Cost,
    ) -> Option<PassEnd<P>> {
        let mut descent = Descent {
            problem: self.problem,
            heuristic: self.heuristic,
            bound: threshold.saturating_add(P::Cost::ONE),
            next_threshold: P::Cost::MAX,
            pruned: false,
            generated: 0,
            // A quota of one, which the root's expansion has taken.
            quota: 0,
            granted: 1,
            memo: root.memo.clone(),
            path: Vec::new(),
            cost: P::Cost::ZERO,
            unwind: Unwind::Running,
            walk: self,
        };
        // The root's expansion, checked against the limits like every other.
        let unwound = descent.refill_quota() || {
            descent.expand(root.state.clone(), root.g, root.h, root.inverse.clone())
        };
        let open_ended = !unwound && descent.pruned && descent.a_pruned_path_escapes(root);
        let Descent {
            granted,
            quota,
            generated,
            next_threshold,
            mut path,
            cost,
            unwind,
            ..
        } = descent;
        let expanded = granted - quota;
        let end = if !unwound {
            // Every child within the threshold was expanded; a larger threshold finds more
            // only past a child that closes no cycle.
            End::Exhausted(open_ended.then_some(next_threshold))
        } else {
            match unwind {
                Unwind::Fallback => {
                    self.recursion_failed = true;
                    return None;
                }
                Unwind::Stopped(limit) => End::Stopped(limit),
                Unwind::Halted => End::Halted,
                Unwind::Running => unreachable!("the walk unwinds only once it has stopped"),
                Unwind::Solved => {
                    path.reverse();
                    let last = path.pop().expect("a goal is reached by an action");
                    let depth = path.len();
                    self.record_path(path);
                    End::Solved(cost, last, depth)
                }
            }
        };
        self.recursive_passes += 1;
        Some(self.finish_pass(end, threshold, expanded, generated))
    }
}

impl<P, H, O> Descent<'_, '_, P, H, O>
where
    P: InPlace,
    H: IncrementalHeuristic<P>,
    O: Observer<P>,
{
    /// Generates the children of `state` (at path cost `g`, estimated `h`, entered by the
    /// inverse of `inverse`) and searches below those within the threshold; true when the walk
    /// must unwind (see [`Unwind`]).
    ///
    /// Its arguments and the child loop's values fit in registers; the counters, the threshold
    /// and the quota stay in `self`, as in a hand-written solver, since each is touched once
    /// per child or per node.
    fn expand(
        &mut self,
        state: P::State,
        g: P::Cost,
        h: P::Cost,
        inverse: Option<P::Action>,
    ) -> bool {
        // Read once: the calls below take `self`, so the compiler would read it again after each.
        let bound = self.bound;
        for slot in 0..self.problem.action_slots() {
            let problem = self.problem;
            let Some((action, cost)) = problem.action_in_slot(&state, slot) else {
                continue;
            };
            // Parent pruning: the move straight back.
            if inverse == Some(action.clone()) {
                continue;
            }
            // Not `cost == ZERO`: what bounds the depth is that every step adds at least one
            // to the threshold's `u64` measure (see `recursive_pass`).
            if cost.to_u64() == 0 {
                return self.fall_back();
            }
            let child_g = g.saturating_add(cost);
            let within = self.child_within(&state, &action, child_g, h, bound);
            // Counted after the estimate: a store before it made the compiler read the
            // problem's tables again, since it could not tell that the counter is not among them.
            self.generated += 1;
            let Some((child, child_h)) = within else {
                continue;
            };
            if problem.is_goal(&child) {
                self.cost = child_g;
                self.path.push(action);
                self.unwind = Unwind::Solved;
                return true;
            }
            self.quota -= 1;
            if self.quota == 0 && self.refill_quota() {
                return true;
            }
            let child_inverse = problem.inverse(&action);
            // The explicit walk prunes the move back to a parent without an inverse by
            // comparing states; this walk does not, so it hands such an iteration back, to
            // search the same tree.
            if child_inverse.is_none() {
                return self.fall_back();
            }
            if self.expand(child, child_g, child_h, child_inverse) {
                if matches!(self.unwind, Unwind::Solved) {
                    self.path.push(action);
                }
                return true;
            }
        }
        false
    }

    /// The child of `state` by `action`, with its estimate, when its f is within the threshold;
    /// otherwise `None`, with the next threshold lowered to its f.
    #[inline(always)]
    fn child_within(
        &mut self,
        state: &P::State,
        action: &P::Action,
        child_g: P::Cost,
        h: P::Cost,
        bound: P::Cost,
    ) -> Option<(P::State, P::Cost)> {
        let (problem, heuristic) = (self.problem, self.heuristic);
        // The smallest estimate that puts the child beyond the threshold: zero when its g alone
        // is. It depends on the node and the action's cost only, so with unit costs the
        // compiler works it out once per node, and a child costs one comparison, not a
        // saturating sum and a comparison.
        let beyond = bound.saturating_sub(child_g);
        // The explicit walk's value, to the letter (at least one, where `beyond` may be zero),
        // so that a lazy heuristic answers both walks alike: an estimate this large prunes the
        // child and leaves the next threshold where it is, so the heuristic may stop there.
        let enough = beyond
            .max(P::Cost::ONE)
            .max(self.next_threshold.saturating_sub(child_g));
        let mut child_memo = self.memo.clone();
        let ahead = heuristic.estimate_child_ahead(
            problem,
            state,
            action,
            h,
            &self.memo,
            &mut child_memo,
            enough,
        );
        let mut child = state.clone();
        let child_h = match ahead {
            Some(child_h) => child_h,
            None => {
                problem.apply(&mut child, action);
                heuristic
                    .estimate_child(problem, &child, action, h, &self.memo)
                    .0
            }
        };
        if child_h >= beyond {
            let f = child_g.saturating_add(child_h);
            self.next_threshold = self.next_threshold.min(f);
            self.pruned = true;
            return None;
        }
        if ahead.is_some() {
            problem.apply(&mut child, action);
        }
        Some((child, child_h))
    }

    /// Looks at the limits when an expansion has taken the last of the quota, before that
    /// expansion goes ahead: gives a new quota, or returns true (with the reason in `unwind`,
    /// and the expansion given back) when the walk must stop.
    #[cold]
    #[inline(never)]
    fn refill_quota(&mut self) -> bool {
        // The expansions made before this one, in the whole search.
        let total = self.walk.expanded + self.granted - 1;
        let stop = match self.walk.guard.check_quota(total) {
            Err(limit) => Unwind::Stopped(limit),
            Ok(()) if self.walk.halted() => Unwind::Halted,
            Ok(()) => {
                if O::PROGRESS {
                    self.walk.report_progress(total);
                }
                // Capped, so that the sum of quotas cannot overflow when no limit is set (the
                // guard's quota is `u64::MAX` then); the cap costs a look every 2^32
                // expansions.
                self.quota = self.walk.quota(total).min(MAX_QUOTA);
                self.granted += self.quota;
                return false;
            }
        };
        self.unwind = stop;
        self.quota = 1;
        true
    }

    /// Whether a child the threshold pruned in the walk just made ends a path that visits no
    /// state twice (the explicit walk asks its `escapes_path` as it goes).
    ///
    /// Asked after the walk, not at each pruned child: the walk keeps no path of states, since
    /// a frame that lends its state's address keeps the state out of registers, and a call at
    /// the pruned children, however cold, made the generic 15-puzzle IDA* take 1.3 times as
    /// long. This second walk goes down the same tree in the same order but never below a
    /// repeated state (whose subtree holds only paths with cycles), and stops at the first
    /// pruned child off its path: in a puzzle with a goal that is the first leaf.
    #[cold]
    #[inline(never)]
    fn a_pruned_path_escapes(&self, root: &Root<P, H::Memo>) -> bool {
        let mut path = Vec::new();
        self.escapes_below(&root.state, root.g, root.h, &root.inverse, &mut path)
    }

    /// Whether a pruned child below `state` (at path cost `g`, estimated `h`, entered by the
    /// inverse of `inverse`) ends a path free of cycles, `path` holding the states above it.
    /// Children are pruned or expanded exactly as [`expand`](Self::expand) does.
    fn escapes_below(
        &self,
        state: &P::State,
        g: P::Cost,
        h: P::Cost,
        inverse: &Option<P::Action>,
        path: &mut Vec<P::State>,
    ) -> bool {
        let problem = self.problem;
        path.push(state.clone());
        for slot in 0..problem.action_slots() {
            let Some((action, cost)) = problem.action_in_slot(state, slot) else {
                continue;
            };
            if inverse.as_ref() == Some(&action) {
                continue;
            }
            let child_g = g.saturating_add(cost);
            let mut child = state.clone();
            problem.apply(&mut child, &action);
            let repeated = path.contains(&child);
            let (child_h, _) = self
                .heuristic
                .estimate_child(problem, &child, &action, h, &self.memo);
            if child_h >= self.bound.saturating_sub(child_g) {
                if !repeated {
                    return true;
                }
            } else if !repeated
                && self.escapes_below(&child, child_g, child_h, &problem.inverse(&action), path)
            {
                return true;
            }
        }
        path.pop();
        false
    }

    #[cold]
    #[inline(never)]
    fn fall_back(&mut self) -> bool {
        self.unwind = Unwind::Fallback;
        true
    }
}
