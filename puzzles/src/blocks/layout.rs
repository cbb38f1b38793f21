//! The static rules of a sliding-block puzzle: the board, its walls, the pieces grouped into
//! classes of identical pieces, the goal, and the tables the move generator reads.

use std::fmt;

use super::error::LayoutError;
use super::geometry::{Axis, Direction, Goal, MAX_CELLS, PieceSpec, Position, Side};
use super::moves::Metric;
use super::state::{MAX_PIECES, Placement};

/// Marks "no such anchor" in the neighbour tables.
pub(crate) const NO_ANCHOR: u8 = u8::MAX;

/// Marks "the goal is out of this piece's reach" in the distance tables.
pub(crate) const UNREACHABLE: u8 = u8::MAX;

/// Pieces that the state does not tell apart: same shape, same axis, and no goal names them;
/// or a group tagged [`alike`](PieceSpec::alike).
#[derive(Clone, Debug)]
pub(crate) struct Class {
    /// The class's slots are `start..end`.
    pub(crate) start: u8,
    pub(crate) end: u8,
    /// The cells of the shape relative to its bounding box's top-left cell, in reading order.
    pub(crate) offsets: Vec<(u8, u8)>,
    pub(crate) axis: Axis,
    /// Whether the class is a tagged group ([`PieceSpec::alike`]), which the layout format
    /// writes back as an `alike:` line.
    pub(crate) alike: bool,
}

/// Per class and anchor: the cells covered (zero where the shape does not fit or covers a
/// wall), and the anchor one step away in each [`Direction`] ([`NO_ANCHOR`] where that step
/// leaves the board, covers a wall, or goes against the class's axis).
///
/// Fixed-size arrays indexed by a masked anchor let the compiler drop the bounds checks in the
/// move generator's loop.
#[derive(Clone, Debug)]
pub(crate) struct Tables {
    pub(crate) footprint: [[u64; MAX_CELLS]; MAX_PIECES],
    pub(crate) neighbours: [[[u8; 4]; MAX_CELLS]; MAX_PIECES],
}

/// One goal as the search reads it: some piece of `class` has its anchor in `anchors`.
#[derive(Clone, Debug)]
pub(crate) struct Requirement {
    pub(crate) class: u8,
    pub(crate) anchors: u64,
    /// Steps from each anchor to the nearest goal anchor on the board with walls only (other
    /// pieces left out, so never more than the true number of steps); [`UNREACHABLE`] if none.
    pub(crate) distance: [u8; MAX_CELLS],
}

/// A sliding-block puzzle: a board of up to [`MAX_CELLS`] cells with walls, up to
/// [`MAX_PIECES`] pieces of any polyomino shape, each free or held to one axis, and a goal.
///
/// This is the search problem: the rules, not the start. Build it with [`Blocks::new`], or parse
/// the [layout format](crate::blocks#the-layout-format) with [`Blocks::parse`] or the Rush Hour
/// notation with [`Blocks::parse_rush_hour`]; each returns the problem and the start
/// [`Placement`]. The [`Metric`] (one piece moving any distance by default, or one step) is
/// chosen with [`Blocks::with_metric`].
///
/// ```
/// use puzzles::blocks::{Blocks, Metric};
/// use search_core::bfs;
///
/// // A 3x2 tray: slide the 1x2 piece A from the left to the right end of the top row.
/// let (problem, start) = Blocks::parse("goal: A at 1,2\nAA.\nBC.")?;
/// let solution = bfs(&problem, start).into_solution().expect("solvable");
/// assert_eq!(solution.cost, 1); // one slide
/// let steps = problem.clone().with_metric(Metric::Step);
/// assert_eq!(bfs(&steps, start).into_solution().map(|s| s.cost), Some(1));
/// # Ok::<(), puzzles::blocks::LayoutError>(())
/// ```
#[derive(Clone)]
pub struct Blocks {
    pub(crate) width: u8,
    pub(crate) height: u8,
    pub(crate) walls: u64,
    pub(crate) metric: Metric,
    pub(crate) pieces: usize,
    pub(crate) slot_class: [u8; MAX_PIECES],
    pub(crate) classes: Vec<Class>,
    pub(crate) tables: Box<Tables>,
    pub(crate) requirements: Vec<Requirement>,
    pub(crate) goals: Vec<Goal>,
    /// The letter each slot's piece had at the start, for drawing placements.
    pub(crate) letters: [char; MAX_PIECES],
}

impl fmt::Debug for Blocks {
    /// The rules as the layout format writes them (the move tables are derived from these).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Blocks")
            .field("width", &self.width)
            .field("height", &self.height)
            .field("metric", &self.metric)
            .field("pieces", &self.pieces)
            .field("classes", &self.classes)
            .field("goals", &self.goals)
            .finish_non_exhaustive()
    }
}

/// A piece after validation: its letter, anchor, shape offsets, axis and class key.
struct Checked {
    letter: char,
    anchor: Position,
    offsets: Vec<(u8, u8)>,
    axis: Axis,
    alike: Option<char>,
}

impl Blocks {
    /// The puzzle on a `width` x `height` board with `walls`, `pieces` and `goals`, and the
    /// start placement of the pieces.
    ///
    /// Pieces of the same shape and axis are interchangeable unless a goal names them: the
    /// state keeps one sorted set of anchors per class, so layouts that differ by swapping
    /// identical pieces are one state.
    ///
    /// ```
    /// use puzzles::blocks::{Axis, Blocks, Goal, LayoutError, PieceSpec, Position, Side};
    ///
    /// let car = |letter, row, columns: std::ops::Range<u8>| PieceSpec {
    ///     letter,
    ///     cells: columns.map(|column| Position::new(row, column)).collect(),
    ///     axis: Axis::Horizontal,
    ///     alike: None,
    /// };
    /// let exit = Goal::Exit { piece: 'A', side: Side::Right };
    /// let pieces = [car('A', 0, 0..2), car('B', 0, 1..3)];
    /// let error = Blocks::new(4, 1, &[], &pieces, &[exit]).unwrap_err();
    /// assert_eq!(
    ///     error,
    ///     LayoutError::Overlap { first: 'A', second: 'B', at: Position::new(0, 1) }
    /// );
    /// ```
    ///
    /// # Errors
    /// A [`LayoutError`] naming the first problem found: a board too large, pieces that
    /// overlap, cover a wall, leave the board, are not connected or share a letter, too many
    /// pieces, a goal naming no piece or placing it off the board, or no goal.
    pub fn new(
        width: usize,
        height: usize,
        walls: &[Position],
        pieces: &[PieceSpec],
        goals: &[Goal],
    ) -> Result<(Blocks, Placement), LayoutError> {
        if width == 0 || height == 0 || width > 255 || height > 255 || width * height > MAX_CELLS {
            return Err(LayoutError::TooLarge { width, height });
        }
        let inside = |at: Position| usize::from(at.row) < height && usize::from(at.column) < width;
        let bit = |at: Position| 1u64 << (usize::from(at.row) * width + usize::from(at.column));
        let mut wall_mask = 0;
        for &wall in walls {
            if !inside(wall) {
                return Err(LayoutError::OffBoard {
                    piece: 'x',
                    at: wall,
                });
            }
            wall_mask |= bit(wall);
        }
        if pieces.len() > MAX_PIECES {
            return Err(LayoutError::TooManyPieces {
                found: pieces.len(),
            });
        }
        let mut owner: [Option<char>; MAX_CELLS] = [None; MAX_CELLS];
        let mut checked = Vec::with_capacity(pieces.len());
        for (index, piece) in pieces.iter().enumerate() {
            if pieces[..index]
                .iter()
                .any(|earlier| earlier.letter == piece.letter)
            {
                return Err(LayoutError::DuplicateLetter {
                    piece: piece.letter,
                });
            }
            let first = *piece.cells.first().ok_or(LayoutError::EmptyPiece {
                piece: piece.letter,
            })?;
            let mut mask = 0;
            for &cell in &piece.cells {
                if !inside(cell) {
                    return Err(LayoutError::OffBoard {
                        piece: piece.letter,
                        at: cell,
                    });
                }
                if wall_mask & bit(cell) != 0 {
                    return Err(LayoutError::OnWall {
                        piece: piece.letter,
                        at: cell,
                    });
                }
                let slot = &mut owner[usize::from(cell.row) * width + usize::from(cell.column)];
                match *slot {
                    Some(other) if other != piece.letter => {
                        return Err(LayoutError::Overlap {
                            first: other,
                            second: piece.letter,
                            at: cell,
                        });
                    }
                    _ => *slot = Some(piece.letter),
                }
                mask |= bit(cell);
            }
            if let Some(cut) = cut_off_cell(mask, bit(first), width) {
                return Err(LayoutError::Disconnected {
                    piece: piece.letter,
                    at: Position::new((cut / width) as u8, (cut % width) as u8),
                });
            }
            checked.push(normalise(piece, mask, width));
        }
        for goal in goals {
            if !checked.iter().any(|piece| piece.letter == goal.piece()) {
                return Err(LayoutError::UnknownPiece {
                    piece: goal.piece(),
                });
            }
        }
        if goals.is_empty() {
            return Err(LayoutError::NoGoal);
        }

        let (classes, slot_pieces) = group_into_classes(&checked, goals)?;
        let mut problem = Blocks {
            width: width as u8,
            height: height as u8,
            walls: wall_mask,
            metric: Metric::default(),
            pieces: checked.len(),
            slot_class: [0; MAX_PIECES],
            classes,
            tables: Box::new(Tables {
                footprint: [[0; MAX_CELLS]; MAX_PIECES],
                neighbours: [[[NO_ANCHOR; 4]; MAX_CELLS]; MAX_PIECES],
            }),
            requirements: Vec::new(),
            goals: goals.to_vec(),
            letters: ['.'; MAX_PIECES],
        };
        problem.fill_tables();
        let mut start = Placement([0; MAX_PIECES]);
        for (slot, &piece) in slot_pieces.iter().enumerate() {
            let piece = &checked[piece];
            start.0[slot] = problem.cell(piece.anchor);
            problem.letters[slot] = piece.letter;
        }
        for (class_index, class) in problem.classes.iter().enumerate() {
            for slot in usize::from(class.start)..usize::from(class.end) {
                problem.slot_class[slot] = class_index as u8;
            }
        }
        for goal in goals {
            let requirement = problem.requirement(goal, &checked, &slot_pieces)?;
            problem.requirements.push(requirement);
        }
        Ok((problem, start))
    }

    /// The same puzzle counted in `metric`.
    #[must_use]
    pub fn with_metric(mut self, metric: Metric) -> Blocks {
        self.metric = metric;
        self
    }

    /// The move metric.
    pub const fn metric(&self) -> Metric {
        self.metric
    }

    /// Board width in cells.
    pub const fn width(&self) -> usize {
        self.width as usize
    }

    /// Board height in cells.
    pub const fn height(&self) -> usize {
        self.height as usize
    }

    /// The number of pieces, which is the number of slots a [`Placement`] uses.
    pub const fn piece_count(&self) -> usize {
        self.pieces
    }

    /// The goals, all of which a solved placement satisfies.
    pub fn goals(&self) -> &[Goal] {
        &self.goals
    }

    /// Whether the cell at `at` is a wall.
    pub fn is_wall(&self, at: Position) -> bool {
        at.row < self.height && at.column < self.width && self.walls & 1 << self.cell(at) != 0
    }

    /// The position of cell number `cell` (`row * width + column`), as anchors and
    /// [`Move`](crate::blocks::Move)s store them.
    pub const fn position(&self, cell: u8) -> Position {
        Position::new(cell / self.width, cell % self.width)
    }

    pub(crate) const fn cell(&self, at: Position) -> u8 {
        at.row * self.width + at.column
    }

    /// The letter of the piece in `slot` at the start (identical pieces may trade letters as
    /// they move, since the state does not tell them apart).
    pub(crate) fn letter(&self, slot: usize) -> char {
        self.letters[slot]
    }

    fn fill_tables(&mut self) {
        let (width, height) = (self.width(), self.height());
        for (class_index, class) in self.classes.iter().enumerate() {
            let box_width = class.offsets.iter().map(|&(_, c)| c).max().unwrap_or(0) as usize + 1;
            let box_height = class.offsets.iter().map(|&(r, _)| r).max().unwrap_or(0) as usize + 1;
            let footprint = &mut self.tables.footprint[class_index];
            for row in 0..=height.saturating_sub(box_height) {
                for column in 0..=width.saturating_sub(box_width) {
                    if row + box_height > height || column + box_width > width {
                        continue;
                    }
                    let mask = class.offsets.iter().fold(0u64, |mask, &(r, c)| {
                        mask | 1 << ((row + usize::from(r)) * width + column + usize::from(c))
                    });
                    if mask & self.walls == 0 {
                        footprint[row * width + column] = mask;
                    }
                }
            }
            for anchor in 0..width * height {
                if footprint[anchor] == 0 {
                    continue;
                }
                let (row, column) = (anchor / width, anchor % width);
                for (index, direction) in Direction::ALL.into_iter().enumerate() {
                    if !class.axis.allows(direction) {
                        continue;
                    }
                    let target = match direction {
                        Direction::Up => anchor.checked_sub(width),
                        Direction::Down => (row + 1 < height).then_some(anchor + width),
                        Direction::Left => (column > 0).then(|| anchor - 1),
                        Direction::Right => (column + 1 < width).then_some(anchor + 1),
                    };
                    if let Some(target) = target.filter(|&target| footprint[target] != 0) {
                        self.tables.neighbours[class_index][anchor][index] = target as u8;
                    }
                }
            }
        }
    }

    /// The requirement for `goal`, with its distance table.
    fn requirement(
        &self,
        goal: &Goal,
        checked: &[Checked],
        slot_pieces: &[usize],
    ) -> Result<Requirement, LayoutError> {
        let slot = slot_pieces
            .iter()
            .position(|&piece| checked[piece].letter == goal.piece())
            .ok_or(LayoutError::UnknownPiece {
                piece: goal.piece(),
            })?;
        let class = self.slot_class[slot];
        let class_data = &self.classes[usize::from(class)];
        let footprint = &self.tables.footprint[usize::from(class)];
        let (width, height) = (self.width(), self.height());
        let box_width = class_data
            .offsets
            .iter()
            .map(|&(_, c)| c)
            .max()
            .unwrap_or(0) as usize
            + 1;
        let box_height = class_data
            .offsets
            .iter()
            .map(|&(r, _)| r)
            .max()
            .unwrap_or(0) as usize
            + 1;
        let anchors = match *goal {
            Goal::At { piece, at } => {
                let fits = usize::from(at.row) < height
                    && usize::from(at.column) < width
                    && footprint[usize::from(self.cell(at))] != 0;
                if !fits {
                    return Err(LayoutError::GoalOffBoard { piece, at });
                }
                1u64 << self.cell(at)
            }
            Goal::Exit { side, .. } => (0..width * height)
                .filter(|&anchor| footprint[anchor] != 0)
                .filter(|&anchor| {
                    let (row, column) = (anchor / width, anchor % width);
                    match side {
                        Side::Up => row == 0,
                        Side::Down => row + box_height == height,
                        Side::Left => column == 0,
                        Side::Right => column + box_width == width,
                    }
                })
                .fold(0, |mask, anchor| mask | 1 << anchor),
        };
        // Breadth-first from the goal anchors over the class's own moves on the empty board:
        // steps are reversible, so this is each anchor's distance to the goal.
        let mut distance = [UNREACHABLE; MAX_CELLS];
        let mut queue = [0u8; MAX_CELLS];
        let mut tail = 0;
        for (anchor, slot) in distance.iter_mut().enumerate().take(width * height) {
            if anchors & 1 << anchor != 0 {
                *slot = 0;
                queue[tail] = anchor as u8;
                tail += 1;
            }
        }
        let mut head = 0;
        while head < tail {
            let anchor = usize::from(queue[head]);
            head += 1;
            for &next in &self.tables.neighbours[usize::from(class)][anchor] {
                if next != NO_ANCHOR && distance[usize::from(next)] == UNREACHABLE {
                    distance[usize::from(next)] = distance[anchor] + 1;
                    queue[tail] = next;
                    tail += 1;
                }
            }
        }
        Ok(Requirement {
            class,
            anchors,
            distance,
        })
    }
}

/// The first cell of `mask` (in cell order) that edge steps from `first` within `mask` do not
/// reach, if any.
fn cut_off_cell(mask: u64, first: u64, width: usize) -> Option<usize> {
    let left_column = (0..MAX_CELLS / width.max(1) + 1)
        .map(|row| row * width)
        .filter(|&cell| cell < MAX_CELLS)
        .fold(0u64, |column, cell| column | 1 << cell);
    let right_column = left_column << (width - 1);
    // On a board one row of 64 cells no cell has a row above or below, and a shift by the
    // whole word is an overflow in Rust: `checked_*` spells that out as "nothing reached".
    let row = u32::try_from(width).unwrap_or(u32::MAX);
    let mut reached = first;
    loop {
        let grown = reached
            | reached.checked_shl(row).unwrap_or(0)
            | reached.checked_shr(row).unwrap_or(0)
            | (reached & !right_column) << 1
            | (reached & !left_column) >> 1;
        let grown = grown & mask;
        if grown == reached {
            break;
        }
        reached = grown;
    }
    let rest = mask & !reached;
    (rest != 0).then(|| rest.trailing_zeros() as usize)
}

/// The piece's anchor (its bounding box's top-left cell) and its cells relative to it.
fn normalise(piece: &PieceSpec, mask: u64, width: usize) -> Checked {
    let cells: Vec<(u8, u8)> = (0..MAX_CELLS)
        .filter(|&cell| mask & 1 << cell != 0)
        .map(|cell| ((cell / width) as u8, (cell % width) as u8))
        .collect();
    let top = cells.iter().map(|&(row, _)| row).min().unwrap_or(0);
    let left = cells.iter().map(|&(_, column)| column).min().unwrap_or(0);
    Checked {
        letter: piece.letter,
        anchor: Position::new(top, left),
        offsets: cells
            .iter()
            .map(|&(row, column)| (row - top, column - left))
            .collect(),
        axis: piece.axis,
        alike: piece.alike,
    }
}

/// Groups the pieces into classes and returns the classes with, for each slot, the index of
/// its piece. Within a class, slots follow the anchors' order, as [`Placement`] requires.
///
/// Classes come in this order: those of the pieces the goals name, in goal order (a named
/// piece is a class of its own, unless it is tagged [`alike`](PieceSpec::alike), when its
/// whole tagged group is the class); then the other tagged groups and the untagged pieces
/// grouped by shape and axis, in order of first appearance.
fn group_into_classes(
    checked: &[Checked],
    goals: &[Goal],
) -> Result<(Vec<Class>, Vec<usize>), LayoutError> {
    let named = |piece: &Checked| goals.iter().any(|goal| goal.piece() == piece.letter);
    // Each group: its pieces, and whether more untagged pieces of its shape may join it.
    let mut groups: Vec<(Vec<usize>, bool)> = Vec::new();
    let place = |index: usize, groups: &mut Vec<(Vec<usize>, bool)>| {
        let piece = &checked[index];
        if groups.iter().any(|(group, _)| group.contains(&index)) {
            return Ok(());
        }
        let joins = groups.iter_mut().find(|(group, open)| {
            let other = &checked[group[0]];
            match piece.alike {
                Some(tag) => other.alike == Some(tag),
                None => {
                    *open
                        && !named(piece)
                        && other.offsets == piece.offsets
                        && other.axis == piece.axis
                }
            }
        });
        match joins {
            Some((group, _)) => {
                let other = &checked[group[0]];
                if other.offsets != piece.offsets || other.axis != piece.axis {
                    return Err(LayoutError::UnlikeAlike {
                        first: other.letter,
                        second: piece.letter,
                    });
                }
                group.push(index);
            }
            None => groups.push((vec![index], piece.alike.is_none() && !named(piece))),
        }
        Ok(())
    };
    for goal in goals {
        if let Some(index) = checked
            .iter()
            .position(|piece| piece.letter == goal.piece())
        {
            place(index, &mut groups)?;
            // A tagged goal piece brings its whole group along, so the class is complete.
            if let Some(tag) = checked[index].alike {
                for (other, piece) in checked.iter().enumerate() {
                    if piece.alike == Some(tag) {
                        place(other, &mut groups)?;
                    }
                }
            }
        }
    }
    for index in 0..checked.len() {
        place(index, &mut groups)?;
    }
    let mut classes = Vec::with_capacity(groups.len());
    let mut slots = Vec::with_capacity(checked.len());
    for (mut group, _) in groups {
        group.sort_by_key(|&index| checked[index].anchor);
        let start = slots.len() as u8;
        slots.extend(&group);
        let first = &checked[group[0]];
        classes.push(Class {
            start,
            end: slots.len() as u8,
            offsets: first.offsets.clone(),
            axis: first.axis,
            alike: first.alike.is_some(),
        });
    }
    Ok((classes, slots))
}
