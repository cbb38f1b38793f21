//! A finite automaton over action slots that recognises redundant action sequences, for pruning
//! duplicate paths in depth-first search.
//!
//! Taylor & Korf, "Pruning duplicate nodes in depth-first search", AAAI 1993: a depth-first
//! search of a graph re-expands every state once per path that reaches it. When two action
//! sequences lead from any state to the same state, the search needs only one of them; the
//! automaton, built from the redundant sequences with the Aho-Corasick construction (Aho &
//! Corasick, "Efficient string matching", CACM 18(6), 1975,
//! <https://doi.org/10.1145/360825.360855>), follows the path's actions and refuses every action
//! that would end one of them. Parent pruning is the smallest such automaton: the sequences are
//! the moves followed by their inverses.

use std::collections::VecDeque;
use std::fmt;

use crate::hash::FastHashMap;

/// The transition that marks an action as pruned.
const FORBIDDEN: u32 = u32::MAX;

/// A deterministic automaton over the action slots of a problem
/// ([`InPlace::ACTION_SLOTS`](crate::InPlace::ACTION_SLOTS)) that rejects every sequence
/// containing one of a set of *forbidden* sequences.
///
/// It is the smallest such automaton (no two of its states allow the same continuations), its
/// states numbered breadth-first from 0, the [start](PruningAutomaton::START);
/// [`step`](Self::step) follows one action and answers `None` when the action completes a
/// forbidden sequence. With
/// [`Pruned`](crate::pruning::Pruned), [`idastar`](fn@crate::idastar) and
/// [`idastar_parallel`](crate::idastar::idastar_parallel) carry an automaton state along the path and
/// never try a forbidden action.
///
/// # Soundness is the caller's promise
/// Pruning keeps searches optimal when every forbidden sequence `u` has a replacement `v` that
/// (1) is applicable wherever `u` is, leads to the same state and costs no more, and (2) comes
/// before `u` in one fixed order of sequences in which a shorter sequence comes first and
/// replacing a part of a sequence by a smaller part makes the whole smaller (the length-then-
/// lexicographic order is one). Then the smallest cheapest path to any state contains no
/// forbidden sequence, so it survives the pruning. A sequence with a cheaper replacement is
/// always safe to forbid; two sequences that replace each other must not both be forbidden.
///
/// # Example
/// Parent pruning for moves on a line: slot 0 steps left, slot 1 steps right, and a step followed
/// by its inverse is redundant (the empty sequence replaces it).
/// ```
/// use search_core::pruning::PruningAutomaton;
///
/// let automaton = PruningAutomaton::new(2, [[0, 1], [1, 0]])?;
/// let start = PruningAutomaton::START;
/// let after_left = automaton.step(start, 0).expect("a first step is never redundant");
/// assert_eq!(automaton.step(after_left, 1), None); // left then right is forbidden
/// assert!(automaton.step(after_left, 0).is_some()); // left then left is not
/// assert!(automaton.forbids(&[0, 0, 1]));
/// assert!(!automaton.forbids(&[1, 1, 1]));
/// # Ok::<(), search_core::pruning::PruningAutomatonError>(())
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct PruningAutomaton {
    slots: usize,
    /// `transitions[state * slots + slot]`: the state after `slot`, or a forbidden mark.
    transitions: Transitions,
}

/// The transition table, in two bytes an entry when the states are few enough.
///
/// Why: a depth-first search steps the automaton once per generated node, at a state that
/// changes with every move, so the table's lines compete with the heuristic's for the cache. The
/// 24-puzzle's automaton for sequences of up to 14 moves has 54,281 states: 848 KiB in `u32`s,
/// most of a core's 1 MiB second-level cache on the machine it was measured on, 424 KiB in
/// `u16`s.
#[derive(Clone, PartialEq, Eq)]
enum Transitions {
    /// At most [`u16::MAX`] states, numbered below it; `u16::MAX` marks a forbidden action.
    Narrow(Vec<u16>),
    /// Any number of states; [`FORBIDDEN`] marks a forbidden action.
    Wide(Vec<u32>),
}

impl Transitions {
    /// The table of `wide`, whose forbidden actions are marked [`FORBIDDEN`], in two bytes an
    /// entry if its states fit.
    fn new(wide: Vec<u32>, states: usize) -> Self {
        if states > usize::from(u16::MAX) {
            return Transitions::Wide(wide);
        }
        let narrow = wide
            .iter()
            .map(|&target| match target {
                FORBIDDEN => u16::MAX,
                // Below `states`, so below `u16::MAX`.
                target => target as u16,
            })
            .collect();
        Transitions::Narrow(narrow)
    }

    fn len(&self) -> usize {
        match self {
            Transitions::Narrow(table) => table.len(),
            Transitions::Wide(table) => table.len(),
        }
    }

    /// The entry at `at`: the next state, or `None` for a forbidden action.
    #[inline(always)]
    fn get(&self, at: usize) -> Option<u32> {
        match self {
            Transitions::Narrow(table) => match table[at] {
                u16::MAX => None,
                next => Some(u32::from(next)),
            },
            Transitions::Wide(table) => match table[at] {
                FORBIDDEN => None,
                next => Some(next),
            },
        }
    }
}

impl PruningAutomaton {
    /// The state before any action.
    pub const START: u32 = 0;

    /// The automaton over `slots` action slots that rejects every sequence containing one of
    /// `forbidden`, with as few states as can do that.
    ///
    /// Sequences are lists of slots; duplicates, and sequences containing another forbidden
    /// sequence, are allowed and change nothing. The construction takes time and memory linear
    /// in the total length of the sequences (times `slots`), and then, to merge the states that
    /// allow the same continuations, as many passes over the table as the longest sequence is
    /// long. For the 24-puzzle's redundant sequences of up to 14 moves that is 54,281 states
    /// instead of 65,612, in about half a second.
    ///
    /// # Errors
    /// [`PruningAutomatonError`] when `slots` is zero, a sequence is empty (it would forbid
    /// everything, the start included), a slot is not below `slots`, or the automaton would have
    /// more states than a `u32` numbers.
    pub fn new<Sequence>(
        slots: usize,
        forbidden: impl IntoIterator<Item = Sequence>,
    ) -> Result<Self, PruningAutomatonError>
    where
        Sequence: AsRef<[usize]>,
    {
        if slots == 0 {
            return Err(PruningAutomatonError::NoSlots);
        }
        let trie = Trie::build(slots, forbidden)?;
        trie.into_automaton()
    }

    /// The number of action slots.
    pub fn slots(&self) -> usize {
        self.slots
    }

    /// The number of states, [`START`](Self::START) included.
    pub fn states(&self) -> usize {
        self.transitions.len() / self.slots
    }

    /// The state after the action in `slot` from `state`, or `None` when that action completes a
    /// forbidden sequence.
    ///
    /// # Panics
    /// If `state` is not a state of this automaton or `slot` is not below
    /// [`slots`](Self::slots).
    #[inline(always)]
    pub fn step(&self, state: u32, slot: usize) -> Option<u32> {
        assert!(slot < self.slots, "slot {slot} of {}", self.slots);
        self.transitions.get(state as usize * self.slots + slot)
    }

    /// Whether `sequence`, followed from the start, contains a forbidden sequence.
    ///
    /// # Panics
    /// If a slot is not below [`slots`](Self::slots).
    pub fn forbids(&self, sequence: &[usize]) -> bool {
        let mut state = Self::START;
        for &slot in sequence {
            match self.step(state, slot) {
                Some(next) => state = next,
                None => return true,
            }
        }
        false
    }
}

impl fmt::Debug for PruningAutomaton {
    /// The shape, not the table.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PruningAutomaton")
            .field("slots", &self.slots)
            .field("states", &self.states())
            .finish()
    }
}

/// The prefix tree of the forbidden sequences, the first half of the construction.
struct Trie {
    slots: usize,
    /// `children[node * slots + slot]`: the child, or [`FORBIDDEN`] for none.
    children: Vec<u32>,
    /// Whether the node ends a forbidden sequence.
    terminal: Vec<bool>,
}

impl Trie {
    fn build<Sequence: AsRef<[usize]>>(
        slots: usize,
        forbidden: impl IntoIterator<Item = Sequence>,
    ) -> Result<Self, PruningAutomatonError> {
        let mut trie = Trie {
            slots,
            children: vec![FORBIDDEN; slots],
            terminal: vec![false],
        };
        for sequence in forbidden {
            let sequence = sequence.as_ref();
            if sequence.is_empty() {
                return Err(PruningAutomatonError::EmptySequence);
            }
            if let Some(&slot) = sequence.iter().find(|&&slot| slot >= slots) {
                return Err(PruningAutomatonError::SlotOutOfRange { slot, slots });
            }
            trie.insert(sequence)?;
        }
        Ok(trie)
    }

    fn nodes(&self) -> usize {
        self.terminal.len()
    }

    fn insert(&mut self, sequence: &[usize]) -> Result<(), PruningAutomatonError> {
        let mut node = 0;
        for &slot in sequence {
            if self.terminal[node] {
                // A prefix is forbidden already: so is everything it starts.
                return Ok(());
            }
            let edge = node * self.slots + slot;
            if self.children[edge] == FORBIDDEN {
                let child = u32::try_from(self.nodes())
                    .ok()
                    .filter(|&child| child != FORBIDDEN)
                    .ok_or(PruningAutomatonError::TooManyStates)?;
                self.children[edge] = child;
                self.children
                    .resize(self.children.len() + self.slots, FORBIDDEN);
                self.terminal.push(false);
            }
            node = self.children[edge] as usize;
        }
        self.terminal[node] = true;
        Ok(())
    }

    /// The Aho-Corasick construction: complete every node's transitions through its failure
    /// link (the longest proper suffix that is also a node), mark the nodes that end a forbidden
    /// sequence or whose suffix does, and number the others.
    fn into_automaton(self) -> Result<PruningAutomaton, PruningAutomatonError> {
        let slots = self.slots;
        let nodes = self.nodes();
        let mut next = self.children;
        let mut failure = vec![0u32; nodes];
        let mut forbidden = self.terminal;
        let mut queue = VecDeque::new();
        for target in &mut next[..slots] {
            match *target {
                FORBIDDEN => *target = 0,
                child => queue.push_back(child),
            }
        }
        while let Some(node) = queue.pop_front() {
            let node = node as usize;
            let fallback = failure[node] as usize;
            // Breadth-first order: the failure node is shallower, so already complete.
            forbidden[node] |= forbidden[fallback];
            for slot in 0..slots {
                let edge = node * slots + slot;
                let through_failure = next[fallback * slots + slot];
                match next[edge] {
                    FORBIDDEN => next[edge] = through_failure,
                    child => {
                        failure[child as usize] = through_failure;
                        // Only reached through a forbidden node: never reached.
                        forbidden[child as usize] |= forbidden[node];
                        queue.push_back(child);
                    }
                }
            }
        }
        // Number the states that are not forbidden in node order (the start stays 0).
        let mut number = vec![FORBIDDEN; nodes];
        let mut states = 0u32;
        for node in 0..nodes {
            if !forbidden[node] {
                number[node] = states;
                states += 1;
            }
        }
        let mut transitions = Vec::new();
        transitions
            .try_reserve_exact(states as usize * slots)
            .map_err(|_| PruningAutomatonError::TooManyStates)?;
        for node in (0..nodes).filter(|&node| !forbidden[node]) {
            let row = &next[node * slots..(node + 1) * slots];
            transitions.extend(row.iter().map(|&target| number[target as usize]));
        }
        Ok(minimised(slots, &transitions))
    }
}

/// The smallest automaton that forbids what `transitions` forbids, its states numbered in
/// breadth-first order from the start.
///
/// Why: the Aho-Corasick automaton has a state per proper prefix of a forbidden sequence, and
/// many prefixes allow and forbid the same continuations (for the 24-puzzle's redundant
/// sequences of up to 14 moves, most of them). A depth-first search steps the automaton once per
/// generated node, so its table should be as small as the language allows; and the
/// breadth-first numbering puts the states near the start, which every path passes through,
/// side by side in memory.
///
/// Moore's partition refinement: start with every state in one class (the forbidden sink is a
/// class of its own, never numbered) and split classes by the classes their transitions lead
/// to, until no class splits. Each round is linear in the table; the rounds are at most the
/// length of the longest forbidden sequence plus one, since two states that differ do so on a
/// continuation no longer than that.
fn minimised(slots: usize, transitions: &[u32]) -> PruningAutomaton {
    let states = transitions.len() / slots;
    let mut class = vec![0u32; states];
    let mut classes = 1;
    let mut signature = vec![0u32; slots + 1];
    loop {
        let mut numbering: FastHashMap<Vec<u32>, u32> = FastHashMap::default();
        let mut refined = Vec::with_capacity(states);
        for state in 0..states {
            signature[0] = class[state];
            for (entry, &target) in signature[1..]
                .iter_mut()
                .zip(&transitions[state * slots..(state + 1) * slots])
            {
                *entry = match target {
                    FORBIDDEN => FORBIDDEN,
                    target => class[target as usize],
                };
            }
            let fresh = numbering.len() as u32;
            refined.push(*numbering.entry(signature.clone()).or_insert(fresh));
        }
        class = refined;
        // A refinement never merges classes, so an equal count means nothing split.
        if numbering.len() == classes {
            break;
        }
        classes = numbering.len();
    }
    // Number the classes breadth-first from the start's, through one representative each.
    let mut representative = vec![u32::MAX; classes];
    for (state, &of) in class.iter().enumerate().rev() {
        representative[of as usize] = state as u32;
    }
    let mut number = vec![FORBIDDEN; classes];
    let mut order = Vec::with_capacity(classes);
    number[class[0] as usize] = 0;
    order.push(class[0]);
    let mut at = 0;
    while let Some(&current) = order.get(at) {
        at += 1;
        let state = representative[current as usize] as usize;
        for &target in &transitions[state * slots..(state + 1) * slots] {
            if target == FORBIDDEN {
                continue;
            }
            let of = class[target as usize] as usize;
            if number[of] == FORBIDDEN {
                number[of] = order.len() as u32;
                order.push(of as u32);
            }
        }
    }
    let mut minimal = Vec::with_capacity(order.len() * slots);
    for &current in &order {
        let state = representative[current as usize] as usize;
        minimal.extend(
            transitions[state * slots..(state + 1) * slots]
                .iter()
                .map(|&target| match target {
                    FORBIDDEN => FORBIDDEN,
                    target => number[class[target as usize] as usize],
                }),
        );
    }
    PruningAutomaton {
        slots,
        transitions: Transitions::new(minimal, order.len()),
    }
}

/// Why a [`PruningAutomaton`] could not be built.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum PruningAutomatonError {
    /// The automaton was asked for zero action slots.
    NoSlots,
    /// A forbidden sequence was empty, which would forbid every path, the empty one included.
    EmptySequence,
    /// A forbidden sequence named a slot the problem does not have.
    SlotOutOfRange {
        /// The slot named.
        slot: usize,
        /// The number of slots.
        slots: usize,
    },
    /// The automaton would have more states than a `u32` numbers, or more than memory holds.
    TooManyStates,
}

impl fmt::Display for PruningAutomatonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PruningAutomatonError::NoSlots => write!(f, "an automaton needs at least one slot"),
            PruningAutomatonError::EmptySequence => {
                write!(
                    f,
                    "a forbidden sequence is empty, which would forbid every path"
                )
            }
            PruningAutomatonError::SlotOutOfRange { slot, slots } => {
                write!(
                    f,
                    "a forbidden sequence names slot {slot}, but there are {slots}"
                )
            }
            PruningAutomatonError::TooManyStates => {
                write!(
                    f,
                    "the forbidden sequences need more automaton states than fit"
                )
            }
        }
    }
}

impl std::error::Error for PruningAutomatonError {}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether `sequence` contains one of `forbidden`, the obvious way.
    fn contains_any(sequence: &[usize], forbidden: &[Vec<usize>]) -> bool {
        forbidden.iter().any(|word| {
            sequence
                .windows(word.len())
                .any(|window| window == word.as_slice())
        })
    }

    /// Every sequence over `slots` of exactly `length` slots.
    fn all_sequences(slots: usize, length: usize) -> Vec<Vec<usize>> {
        let mut sequences = vec![Vec::new()];
        for _ in 0..length {
            sequences = sequences
                .into_iter()
                .flat_map(|prefix| {
                    (0..slots).map(move |slot| {
                        let mut longer = prefix.clone();
                        longer.push(slot);
                        longer
                    })
                })
                .collect();
        }
        sequences
    }

    /// Checks that `automaton` forbids, of all the sequences of up to `length` slots, exactly
    /// those that contain one of `forbidden`.
    fn forbids_exactly_the_sequences_containing(
        automaton: &PruningAutomaton,
        forbidden: &[Vec<usize>],
        length: usize,
    ) {
        for length in 0..=length {
            for sequence in all_sequences(automaton.slots(), length) {
                assert_eq!(
                    automaton.forbids(&sequence),
                    contains_any(&sequence, forbidden),
                    "{sequence:?}"
                );
            }
        }
    }

    #[test]
    fn agrees_with_substring_search_on_every_short_sequence() {
        // Overlapping words, a word inside another, a word that is a suffix of another, and a
        // repeat: the cases the failure links exist for.
        let forbidden = vec![
            vec![0, 1, 0],
            vec![1, 0, 1, 1],
            vec![2, 2],
            vec![0, 2, 2, 1],
            vec![1, 2, 0],
            vec![2, 0],
            vec![1, 0, 1, 1],
        ];
        let automaton = PruningAutomaton::new(3, &forbidden).unwrap();
        forbids_exactly_the_sequences_containing(&automaton, &forbidden, 7);
    }

    #[test]
    fn no_forbidden_sequences_accept_everything_in_one_state() {
        let automaton = PruningAutomaton::new(4, std::iter::empty::<Vec<usize>>()).unwrap();
        assert_eq!(automaton.states(), 1);
        assert_eq!(automaton.step(PruningAutomaton::START, 3), Some(0));
    }

    #[test]
    fn parent_pruning_needs_the_start_and_a_state_per_last_move() {
        // Parent pruning for four moves whose inverses are 3 - slot: the start and one state per
        // last move.
        let pairs: Vec<[usize; 2]> = (0..4).map(|slot| [slot, 3 - slot]).collect();
        let automaton = PruningAutomaton::new(4, &pairs).unwrap();
        assert_eq!(automaton.states(), 5);
    }

    /// Which of the sequences of up to `length` slots each state forbids, as a list of flags.
    fn continuations(automaton: &PruningAutomaton, length: usize) -> Vec<Vec<bool>> {
        let sequences: Vec<Vec<usize>> = (0..=length)
            .flat_map(|length| all_sequences(automaton.slots(), length))
            .collect();
        (0..automaton.states() as u32)
            .map(|state| {
                sequences
                    .iter()
                    .map(|sequence| {
                        sequence
                            .iter()
                            .try_fold(state, |state, &slot| automaton.step(state, slot))
                            .is_none()
                    })
                    .collect()
            })
            .collect()
    }

    #[test]
    fn no_two_states_allow_the_same_continuations() {
        // Words that share their ends, so that the prefix tree has states to merge: after "0 1"
        // and after "2 1" the same continuations are forbidden.
        let forbidden = vec![
            vec![0, 1, 0, 2],
            vec![2, 1, 0, 2],
            vec![1, 1, 2],
            vec![0, 0, 0],
            vec![2, 2, 1, 1],
        ];
        let automaton = PruningAutomaton::new(3, &forbidden).unwrap();
        // Two states that differ do so on a continuation no longer than the longest word.
        let seen = continuations(&automaton, 4);
        for (state, continuation) in seen.iter().enumerate() {
            let twin = seen[..state].iter().position(|other| other == continuation);
            assert_eq!(twin, None, "state {state} repeats an earlier one");
        }
        forbids_exactly_the_sequences_containing(&automaton, &forbidden, 7);
    }

    #[test]
    fn states_are_numbered_breadth_first_from_the_start() {
        let forbidden = vec![vec![0, 1, 0], vec![1, 1, 1, 0], vec![2, 0], vec![1, 2, 2]];
        let automaton = PruningAutomaton::new(3, &forbidden).unwrap();
        // A breadth-first walk that tries the slots in order meets the states in number order.
        let mut order = vec![PruningAutomaton::START];
        let mut at = 0;
        while let Some(&state) = order.get(at) {
            at += 1;
            for slot in 0..automaton.slots() {
                if let Some(next) = automaton.step(state, slot) {
                    if !order.contains(&next) {
                        order.push(next);
                    }
                }
            }
        }
        let numbers: Vec<u32> = (0..automaton.states() as u32).collect();
        assert_eq!(order, numbers);
    }

    #[test]
    fn many_states_take_four_bytes_a_transition_and_few_take_two() {
        // 6,000 pseudo-random words of 20 slots over 4: about 90,000 states, which share
        // little, so that minimising leaves more than two bytes can number.
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next_slot = || {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (seed >> 62) as usize
        };
        let forbidden: Vec<Vec<usize>> = (0..6_000)
            .map(|_| (0..20).map(|_| next_slot()).collect())
            .collect();
        let automaton = PruningAutomaton::new(4, &forbidden).unwrap();
        assert!(automaton.states() > usize::from(u16::MAX));
        assert!(matches!(automaton.transitions, Transitions::Wide(_)));
        // Each word is forbidden, and so is any sequence ending in one; its prefixes are not.
        for word in forbidden.iter().take(500) {
            assert!(automaton.forbids(word));
            let mut longer = vec![next_slot(), next_slot()];
            longer.extend(word);
            assert!(automaton.forbids(&longer));
            let prefix = &word[..19];
            assert_eq!(automaton.forbids(prefix), contains_any(prefix, &forbidden));
        }
        let few = PruningAutomaton::new(4, &forbidden[..100]).unwrap();
        assert!(matches!(few.transitions, Transitions::Narrow(_)));
        for word in &forbidden[..100] {
            assert!(few.forbids(word));
            assert!(!few.forbids(&word[..19]) || contains_any(&word[..19], &forbidden[..100]));
        }
    }

    #[test]
    fn bad_input_is_refused_with_a_reason() {
        assert_eq!(
            PruningAutomaton::new(0, [[0usize]]),
            Err(PruningAutomatonError::NoSlots)
        );
        assert_eq!(
            PruningAutomaton::new(2, [Vec::<usize>::new()]),
            Err(PruningAutomatonError::EmptySequence)
        );
        let error = PruningAutomaton::new(2, [[0, 2]]).unwrap_err();
        assert_eq!(
            error,
            PruningAutomatonError::SlotOutOfRange { slot: 2, slots: 2 }
        );
        assert_eq!(
            error.to_string(),
            "a forbidden sequence names slot 2, but there are 2"
        );
    }
}
