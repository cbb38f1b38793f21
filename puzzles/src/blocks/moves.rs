//! The move rules: metrics, moves, the move generator and the [`Problem`] implementation.

use std::error::Error;
use std::fmt;

use search_core::{InPlace, Problem, Reversible, Successor, Successors};

use super::geometry::{Axis, MAX_CELLS};
use super::layout::{Blocks, NO_ANCHOR};
use super::state::{MAX_PIECES, Placement};

/// What one move is, and so what a solution's length counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Metric {
    /// One piece moves to any cell it can reach by single steps while every other piece stays
    /// put, turning corners included: Klotski's usual count (81 moves for 横刀立马).
    /// For pieces held to one axis (Rush Hour's vehicles) that is one slide of any length
    /// along the axis, the metric of the published Rush Hour databases.
    #[default]
    Piece,
    /// One piece moves one cell.
    Step,
}

impl fmt::Display for Metric {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Metric::Piece => "piece",
            Metric::Step => "step",
        })
    }
}

/// One move: the piece of class `class` whose anchor is `from` ends with its anchor at `to`.
///
/// Anchors are cell numbers (`row * width + column` of the piece's bounding box's top-left
/// cell); [`Blocks::position`] turns them into positions and [`Blocks::describe`] into text.
/// Identical pieces are one class, and no two pieces of a class share an anchor, so the class
/// and the start cell name the piece. Under [`Metric::Piece`] the route is not part of the
/// move: every route to the same destination is the same move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The class of the moving piece.
    pub class: u8,
    /// The piece's anchor before the move.
    pub from: u8,
    /// The piece's anchor after the move.
    pub to: u8,
}

impl Move {
    /// The move that takes the piece back.
    #[must_use]
    pub const fn reversed(self) -> Move {
        Move {
            class: self.class,
            from: self.to,
            to: self.from,
        }
    }
}

/// A move in a replayed sequence that is not legal where it is played.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct IllegalMove {
    /// The index of the move in the sequence, from zero.
    pub index: usize,
    /// The move.
    pub action: Move,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "move {} (class {} from cell {} to cell {}) is not legal",
            self.index + 1,
            self.action.class,
            self.action.from,
            self.action.to
        )
    }
}

impl Error for IllegalMove {}

// In the move generator below, indices into the fixed-size tables are taken `% MAX_CELLS` or
// `% MAX_PIECES`: both are powers of two, so the remainder is one AND, which lets the compiler
// drop the bounds checks of the hot loop, and a placement that belongs to another problem
// reads wrong cells instead of panicking.
impl Blocks {
    /// One bit per cell covered by a piece (walls left out: the tables never let a piece
    /// onto one).
    #[inline]
    pub(crate) fn occupancy(&self, state: &Placement) -> u64 {
        let mut occupied = 0;
        for slot in 0..self.pieces {
            let class = usize::from(self.slot_class[slot]) % MAX_PIECES;
            occupied |= self.tables.footprint[class][usize::from(state.0[slot]) % MAX_CELLS];
        }
        occupied
    }

    /// Calls `visit` with every anchor other than `anchor` that the piece of `class` at
    /// `anchor` can reach in one move of the problem's metric, each once; `occupied` is the
    /// board's occupancy.
    #[inline]
    pub(crate) fn destinations(
        &self,
        occupied: u64,
        class: usize,
        anchor: u8,
        mut visit: impl FnMut(u8),
    ) {
        let class = class % MAX_PIECES;
        let footprint = &self.tables.footprint[class];
        let neighbours = &self.tables.neighbours[class];
        let blocked = occupied & !footprint[usize::from(anchor) % MAX_CELLS];
        match self.metric {
            Metric::Step => {
                for target in neighbours[usize::from(anchor) % MAX_CELLS] {
                    if target != NO_ANCHOR
                        && footprint[usize::from(target) % MAX_CELLS] & blocked == 0
                    {
                        visit(target);
                    }
                }
            }
            Metric::Piece if self.classes[class % self.classes.len()].axis != Axis::Free => {
                // A piece held to one axis reaches a straight run each way: slide until
                // blocked, which finds what the breadth-first walk below would, without a
                // queue (Rush Hour's every piece; about a tenth off its searches).
                let first_steps = neighbours[usize::from(anchor) % MAX_CELLS];
                for (direction, &first) in first_steps.iter().enumerate() {
                    let mut target = first;
                    while target != NO_ANCHOR
                        && footprint[usize::from(target) % MAX_CELLS] & blocked == 0
                    {
                        visit(target);
                        target = neighbours[usize::from(target) % MAX_CELLS][direction % 4];
                    }
                }
            }
            Metric::Piece => {
                // Breadth-first over the piece's own anchors with the others fixed; a fixed
                // array as the queue, since a piece has at most 64 anchors.
                let mut seen: u64 = 1 << (anchor % 64);
                let mut queue = [0u8; MAX_CELLS];
                let (mut head, mut tail) = (0, 1);
                queue[0] = anchor;
                while head < tail {
                    let current = usize::from(queue[head % MAX_CELLS]) % MAX_CELLS;
                    head += 1;
                    for target in neighbours[current] {
                        if target != NO_ANCHOR
                            && seen & 1 << (target % 64) == 0
                            && footprint[usize::from(target) % MAX_CELLS] & blocked == 0
                        {
                            seen |= 1 << (target % 64);
                            queue[tail % MAX_CELLS] = target;
                            tail += 1;
                            visit(target);
                        }
                    }
                }
            }
        }
    }

    /// The slot of the piece of `class` whose anchor is `anchor`, if there is one.
    fn slot_of(&self, state: &Placement, class: u8, anchor: u8) -> Option<usize> {
        let class = self.classes.get(usize::from(class))?;
        (usize::from(class.start)..usize::from(class.end)).find(|&slot| state.0[slot] == anchor)
    }

    /// The placement after `action`, or `None` if `action` is not a legal move on `state`
    /// under this problem's metric.
    pub fn play(&self, state: &Placement, action: &Move) -> Option<Placement> {
        let slot = self.slot_of(state, action.class, action.from)?;
        let mut legal = false;
        self.destinations(
            self.occupancy(state),
            usize::from(action.class),
            action.from,
            |target| legal |= target == action.to,
        );
        let class = &self.classes[usize::from(action.class)];
        legal.then(|| {
            state.moved(
                slot,
                action.to,
                usize::from(class.start),
                usize::from(class.end),
            )
        })
    }

    /// Plays `actions` from `start` and returns every placement on the way, `start` first.
    ///
    /// # Errors
    /// [`IllegalMove`] names the first move that is not legal where it is played.
    pub fn replay(
        &self,
        start: &Placement,
        actions: &[Move],
    ) -> Result<Vec<Placement>, IllegalMove> {
        let mut states = Vec::with_capacity(actions.len() + 1);
        states.push(*start);
        let mut state = *start;
        for (index, action) in actions.iter().enumerate() {
            state = self.play(&state, action).ok_or(IllegalMove {
                index,
                action: *action,
            })?;
            states.push(state);
        }
        Ok(states)
    }

    /// Whether every goal holds in `state`.
    #[inline]
    pub fn is_solved(&self, state: &Placement) -> bool {
        self.requirements.iter().all(|requirement| {
            let class = &self.classes[usize::from(requirement.class)];
            state.0[usize::from(class.start)..usize::from(class.end)]
                .iter()
                .any(|&anchor| requirement.anchors & 1 << (anchor % 64) != 0)
        })
    }
}

impl Problem for Blocks {
    type State = Placement;
    type Action = Move;
    type Cost = u32;

    #[inline]
    fn is_goal(&self, state: &Placement) -> bool {
        self.is_solved(state)
    }

    fn successors(&self, state: &Placement, out: &mut Successors<Self>) {
        let occupied = self.occupancy(state);
        for (class_index, class) in self.classes.iter().enumerate() {
            let (start, end) = (usize::from(class.start), usize::from(class.end));
            for slot in start..end {
                let from = state.0[slot];
                self.destinations(occupied, class_index, from, |to| {
                    let action = Move {
                        class: class_index as u8,
                        from,
                        to,
                    };
                    out.push(Successor::unit(state.moved(slot, to, start, end), action));
                });
            }
        }
    }

    #[inline]
    fn inverse(&self, action: &Move) -> Option<Move> {
        Some(action.reversed())
    }
}

impl InPlace for Blocks {
    fn apply(&self, state: &mut Placement, action: &Move) {
        if let Some(slot) = self.slot_of(state, action.class, action.from) {
            let class = &self.classes[usize::from(action.class)];
            *state = state.moved(
                slot,
                action.to,
                usize::from(class.start),
                usize::from(class.end),
            );
        }
    }

    fn undo(&self, state: &mut Placement, action: &Move) {
        self.apply(state, &action.reversed());
    }
}

impl Reversible for Blocks {
    /// Every move is undone by its [reverse](Move::reversed) at the same cost and under the same
    /// metric (a piece's reachable anchors with the others fixed are symmetric), so the
    /// predecessors are the successors with their moves reversed.
    fn predecessors(&self, state: &Placement, out: &mut Successors<Self>) {
        self.successors(state, out);
        for entry in out.iter_mut() {
            entry.action = entry.action.reversed();
        }
    }
}
