//! States as pictures: a grid of labelled cells, the one shape a front end draws (`--svg`) and
//! prints (`--boards`) for every puzzle.

use std::fmt;

/// A cell of a [`Grid`]: row, then column, both from zero at the top-left.
pub type Cell = (usize, usize);

/// What one cell of a [`Grid`] holds.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Square {
    /// Nothing: a piece may move here.
    Empty,
    /// A wall: nothing ever moves here.
    Wall,
    /// (Part of) the piece with this label. All cells with one label are one piece, which
    /// keeps its label from one state of a solution to the next, so a picture can follow it.
    Piece(String),
}

/// A state as a grid of labelled cells: what [`Instance::draw`](super::Instance::draw) returns.
///
/// A piece is every cell of one label: a tile is a one-cell piece labelled with its number, a
/// sliding block any shape labelled with its letter. Pieces named
/// [goal pieces](Grid::goal_pieces) are drawn in the goal colour.
///
/// ```
/// use puzzles::front_end::{Grid, Square};
///
/// let grid = Grid::from_rows("AAB/#.B")?;
/// assert_eq!((grid.width(), grid.height()), (3, 2));
/// assert_eq!(grid.square(1, 0), &Square::Wall);
/// assert_eq!(grid.pieces()[1], ("B".to_owned(), vec![(0, 2), (1, 2)]));
/// assert_eq!(grid.to_string(), "AAB\n#.B");
/// # Ok::<(), String>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    width: usize,
    height: usize,
    squares: Vec<Square>,
    goal_pieces: Vec<String>,
    spaced: bool,
}

impl Grid {
    /// An empty grid of `width` x `height` cells.
    pub fn new(width: usize, height: usize) -> Grid {
        Grid {
            width,
            height,
            squares: vec![Square::Empty; width * height],
            goal_pieces: Vec::new(),
            spaced: false,
        }
    }

    /// Reads rows separated by `/` (or line breaks): a cell a character, or, in a row with
    /// white space, a cell a word; `.` is an empty cell and `#` a wall, anything else a piece
    /// label. This is the state text a puzzle gets pictures for without writing a drawing
    /// hook of its own.
    ///
    /// # Errors
    /// A message if the text has no cell or its rows differ in length.
    pub fn from_rows(text: &str) -> Result<Grid, String> {
        let rows: Vec<Vec<&str>> = text
            .trim()
            .split(['/', '\n'])
            .map(|row| {
                let row = row.trim();
                if row.contains(char::is_whitespace) {
                    row.split_whitespace().collect()
                } else {
                    (row.char_indices())
                        .map(|(at, character)| &row[at..at + character.len_utf8()])
                        .collect()
                }
            })
            .collect();
        let width = rows.first().map_or(0, Vec::len);
        if width == 0 {
            return Err("a picture needs at least one cell".to_owned());
        }
        if let Some(ragged) = rows.iter().position(|row| row.len() != width) {
            return Err(format!(
                "row {} has {} cells, the first {width}",
                ragged + 1,
                rows[ragged].len()
            ));
        }
        let mut grid = Grid::new(width, rows.len());
        grid.spaced = text.trim().contains(' ');
        for (row, cells) in rows.iter().enumerate() {
            for (column, &cell) in cells.iter().enumerate() {
                grid.set(
                    (row, column),
                    match cell {
                        "." => Square::Empty,
                        "#" => Square::Wall,
                        label => Square::Piece(label.to_owned()),
                    },
                );
            }
        }
        Ok(grid)
    }

    /// The same grid with `labels` drawn in the goal colour.
    #[must_use]
    pub fn with_goal_pieces(mut self, labels: impl IntoIterator<Item = String>) -> Grid {
        self.goal_pieces = labels.into_iter().collect();
        self
    }

    /// The same grid, written with a space between cells and labels right-aligned (boards of
    /// numbered tiles); without, cells are written side by side (boards of lettered pieces).
    #[must_use]
    pub fn spaced(mut self, spaced: bool) -> Grid {
        self.spaced = spaced;
        self
    }

    /// Puts `square` at `cell`.
    ///
    /// # Panics
    /// If `cell` is off the grid.
    pub fn set(&mut self, (row, column): Cell, square: Square) {
        assert!(row < self.height && column < self.width, "off the grid");
        self.squares[row * self.width + column] = square;
    }

    /// Width in cells.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Height in cells.
    pub fn height(&self) -> usize {
        self.height
    }

    /// What the cell at `row`, `column` holds.
    ///
    /// # Panics
    /// If the cell is off the grid.
    pub fn square(&self, row: usize, column: usize) -> &Square {
        assert!(row < self.height && column < self.width, "off the grid");
        &self.squares[row * self.width + column]
    }

    /// The labels of the pieces drawn in the goal colour.
    pub fn goal_pieces(&self) -> &[String] {
        &self.goal_pieces
    }

    /// The walls' cells, in reading order.
    pub fn walls(&self) -> Vec<Cell> {
        self.cells()
            .filter(|(_, square)| **square == Square::Wall)
            .map(|(cell, _)| cell)
            .collect()
    }

    /// Every piece: its label and its cells in reading order, pieces in the order their first
    /// cell comes in reading order.
    pub fn pieces(&self) -> Vec<(String, Vec<Cell>)> {
        let mut pieces: Vec<(String, Vec<Cell>)> = Vec::new();
        for (cell, square) in self.cells() {
            if let Square::Piece(label) = square {
                match pieces.iter_mut().find(|(known, _)| known == label) {
                    Some((_, cells)) => cells.push(cell),
                    None => pieces.push((label.clone(), vec![cell])),
                }
            }
        }
        pieces
    }

    /// Every cell with what it holds, in reading order.
    fn cells(&self) -> impl Iterator<Item = (Cell, &Square)> {
        let width = self.width;
        (self.squares.iter().enumerate())
            .map(move |(index, square)| ((index / width, index % width), square))
    }
}

impl fmt::Display for Grid {
    /// One line a row: `.` an empty cell, `#` a wall, a piece its label; spaced grids with a
    /// space between cells and every cell right-aligned to the longest label.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = |square: &Square| match square {
            Square::Empty => ".".to_owned(),
            Square::Wall => "#".to_owned(),
            Square::Piece(label) => label.clone(),
        };
        let widest = if self.spaced {
            self.squares
                .iter()
                .map(|square| text(square).chars().count())
                .max()
                .unwrap_or(1)
        } else {
            0
        };
        for (row, cells) in self.squares.chunks(self.width.max(1)).enumerate() {
            if row > 0 {
                f.write_str("\n")?;
            }
            for (column, square) in cells.iter().enumerate() {
                if self.spaced && column > 0 {
                    f.write_str(" ")?;
                }
                write!(f, "{:>widest$}", text(square))?;
            }
        }
        Ok(())
    }
}
