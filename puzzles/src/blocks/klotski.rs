//! Klotski (Huarong Dao, 华容道) as a layout family: its own text format read into a [`Blocks`]
//! puzzle whose goal is the 2x2 block at the bottom exit, and the classic layout 横刀立马.
//!
//! Klotski needs no engine of its own: its board is a 4x5 layout without walls, its pieces
//! rectangles that slide in all four directions, identical ones interchangeable, and its goal
//! one `goal: B at 4,2` line. What stays Klotski's is the format (no header line, since the
//! goal follows from the board) and its stricter rules, checked here with errors that say what
//! is wrong.

use super::error::LayoutError;
use super::geometry::{Axis, Goal, PieceSpec, Position};
use super::layout::Blocks;
use super::state::Placement;

/// Klotski's board width in cells.
pub const KLOTSKI_WIDTH: usize = 4;

/// Klotski's board height in cells.
pub const KLOTSKI_HEIGHT: usize = 5;

/// The number of empty cells on a Klotski board.
pub const KLOTSKI_EMPTY_CELLS: usize = 2;

/// Where the 2x2 block's top-left cell is on a solved board: row 4, column 2 (1-based), so
/// that the block covers rows 4-5 and columns 2-3, in front of the exit.
pub const KLOTSKI_EXIT: Position = Position::new(3, 1);

/// The classic layout 横刀立马 ("general on horseback") in Klotski's format.
pub const KLOTSKI_CLASSIC: &str = "ABBC\nABBC\nDEEF\nDGHF\nI..J";

/// The shapes Klotski's pieces may have, `(width, height)`, in the order their classes take:
/// the block first (the goal names it), then vertical, horizontal and single pieces.
const SHAPES: [(usize, usize); 4] = [(2, 2), (1, 2), (2, 1), (1, 1)];

impl Blocks {
    /// Reads a Klotski layout: five rows of four cells, one ASCII letter per piece (all cells of
    /// a piece share its letter; case matters) and `.` for each of the two empty cells, one
    /// 2x2 block and any number of 1x2, 2x1 and 1x1 pieces. Rows are separated by line breaks
    /// (`\n` or `\r\n`; blank lines around the layout are ignored) or by `/` on one line.
    ///
    /// The puzzle is the layout with the goal `goal: <block> at 4,2`: the block at the bottom
    /// exit. Pieces keep the letters the layout gives them, for
    /// [`render`](Blocks::render) and [`describe`](Blocks::describe). The classes of identical
    /// pieces come in a fixed order (block, vertical, horizontal, single), so two layouts with
    /// the same pieces make the same puzzle, and layouts that differ by swapping identical
    /// pieces the same [`Placement`].
    ///
    /// ```
    /// use puzzles::blocks::{Blocks, GoalDistance, Metric};
    /// use search_core::{astar, bfs};
    ///
    /// let (problem, start) = Blocks::parse_klotski("ABBC/ABBC/DEEF/DGHF/I..J")?;
    /// assert_eq!(problem.render(&start).lines().next(), Some("goal: B at 4,2"));
    /// let solution = bfs(&problem, start).into_solution().expect("solvable");
    /// assert_eq!(solution.cost, 81); // piece moves, the published figure
    /// let steps = problem.with_metric(Metric::Step);
    /// let solution = astar(&steps, &GoalDistance, start).into_solution().expect("solvable");
    /// assert_eq!(solution.cost, 116); // one-cell steps
    /// assert!(steps.is_solved(steps.replay(&start, &solution.actions)?.last().unwrap()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// A [`LayoutError`] naming what is wrong: [`KlotskiRows`](LayoutError::KlotskiRows) and
    /// [`KlotskiColumns`](LayoutError::KlotskiColumns) unless the board is 4x5,
    /// [`KlotskiCharacter`](LayoutError::KlotskiCharacter) for a cell that is neither a letter
    /// nor `.`, [`Disconnected`](LayoutError::Disconnected) for a letter used in separate
    /// places, [`NotRectangle`](LayoutError::NotRectangle),
    /// [`KlotskiPieceSize`](LayoutError::KlotskiPieceSize) for a piece larger than Klotski's,
    /// [`KlotskiBlocks`](LayoutError::KlotskiBlocks) unless there is exactly one 2x2 block and
    /// [`KlotskiEmptyCells`](LayoutError::KlotskiEmptyCells) unless exactly two cells are
    /// empty. Pieces are checked in the reading order of their first cells, before the block
    /// and the empty cells are counted.
    pub fn parse_klotski(text: &str) -> Result<(Blocks, Placement), LayoutError> {
        let text = text.trim_matches(['\n', '\r']);
        let rows: Vec<&str> = if text.is_empty() {
            Vec::new()
        } else {
            (text.split(['\n', '/']))
                .map(|line| line.strip_suffix('\r').unwrap_or(line))
                .collect()
        };
        if rows.len() != KLOTSKI_HEIGHT {
            return Err(LayoutError::KlotskiRows { found: rows.len() });
        }
        let mut grid = [['.'; KLOTSKI_WIDTH]; KLOTSKI_HEIGHT];
        for (row, line) in rows.iter().enumerate() {
            let found = line.chars().count();
            if found != KLOTSKI_WIDTH {
                return Err(LayoutError::KlotskiColumns { row, found });
            }
            for (column, character) in line.chars().enumerate() {
                if !(character == '.' || character.is_ascii_alphabetic()) {
                    return Err(LayoutError::KlotskiCharacter {
                        character,
                        at: Position::new(row as u8, column as u8),
                    });
                }
                grid[row][column] = character;
            }
        }
        // Each piece's cells in reading order; pieces in the order of their first cells.
        let mut pieces: Vec<PieceSpec> = Vec::new();
        for (row, line) in grid.iter().enumerate() {
            for (column, &letter) in line.iter().enumerate().filter(|&(_, &c)| c != '.') {
                let at = Position::new(row as u8, column as u8);
                match pieces.iter_mut().find(|piece| piece.letter == letter) {
                    Some(piece) => piece.cells.push(at),
                    None => pieces.push(PieceSpec {
                        letter,
                        cells: vec![at],
                        axis: Axis::Free,
                        alike: None,
                    }),
                }
            }
        }
        let mut blocks = Vec::new();
        let mut ranked = Vec::with_capacity(pieces.len());
        for piece in pieces {
            let shape = check_piece(&piece)?;
            if shape == 0 {
                blocks.push(piece.letter);
            }
            ranked.push((shape, piece));
        }
        let [block] = blocks[..] else {
            return Err(LayoutError::KlotskiBlocks {
                found: blocks.len(),
            });
        };
        let empty = grid.iter().flatten().filter(|&&cell| cell == '.').count();
        if empty != KLOTSKI_EMPTY_CELLS {
            return Err(LayoutError::KlotskiEmptyCells { found: empty });
        }
        // By shape, then reading order (a stable sort): the classes of every layout with the
        // same pieces come in the same order, so their placements compare.
        ranked.sort_by_key(|&(shape, _)| shape);
        let pieces: Vec<PieceSpec> = ranked.into_iter().map(|(_, piece)| piece).collect();
        let goal = Goal::At {
            piece: block,
            at: KLOTSKI_EXIT,
        };
        Blocks::new(KLOTSKI_WIDTH, KLOTSKI_HEIGHT, &[], &pieces, &[goal])
    }

    /// The classic layout 横刀立马, [`KLOTSKI_CLASSIC`], as [`Blocks::parse_klotski`] reads it:
    /// 81 piece moves or 116 steps from the exit.
    ///
    /// ```
    /// use puzzles::blocks::{Blocks, KLOTSKI_CLASSIC};
    ///
    /// let (problem, start) = Blocks::klotski_classic();
    /// assert!(problem.render(&start).ends_with(KLOTSKI_CLASSIC));
    /// ```
    pub fn klotski_classic() -> (Blocks, Placement) {
        Blocks::parse_klotski(KLOTSKI_CLASSIC).expect("the classic layout is a Klotski layout")
    }
}

/// Checks that `piece` is connected and a rectangle of one of Klotski's sizes, and returns the
/// index of its shape in [`SHAPES`].
fn check_piece(piece: &PieceSpec) -> Result<usize, LayoutError> {
    let letter = piece.letter;
    // Edge-connected from the first cell: a flood fill over at most twenty cells.
    let mut reached = vec![piece.cells[0]];
    let mut next = 0;
    while next < reached.len() {
        let at = reached[next];
        next += 1;
        for &other in &piece.cells {
            let adjacent = at.row.abs_diff(other.row) + at.column.abs_diff(other.column) == 1;
            if adjacent && !reached.contains(&other) {
                reached.push(other);
            }
        }
    }
    if let Some(&at) = piece.cells.iter().find(|cell| !reached.contains(cell)) {
        return Err(LayoutError::Disconnected { piece: letter, at });
    }
    let top = piece.cells.iter().map(|at| at.row).min().unwrap_or(0);
    let bottom = piece.cells.iter().map(|at| at.row).max().unwrap_or(0);
    let left = piece.cells.iter().map(|at| at.column).min().unwrap_or(0);
    let right = piece.cells.iter().map(|at| at.column).max().unwrap_or(0);
    let (width, height) = (usize::from(right - left) + 1, usize::from(bottom - top) + 1);
    if piece.cells.len() != width * height {
        return Err(LayoutError::NotRectangle { piece: letter });
    }
    SHAPES
        .iter()
        .position(|&shape| shape == (width, height))
        .ok_or(LayoutError::KlotskiPieceSize {
            piece: letter,
            width,
            height,
        })
}
