//! The layout text format, read and written: header lines for the goal and the axes, then the
//! board's rows.

use super::error::LayoutError;
use super::geometry::{Axis, Goal, MAX_CELLS, PieceSpec, Position, Side};
use super::layout::Blocks;
use super::moves::{IllegalMove, Move};
use super::state::Placement;

/// Whether `character` may name a piece: ASCII letters and digits, except `x`, which is a wall.
pub(crate) fn is_piece_letter(character: char) -> bool {
    character.is_ascii_alphanumeric() && character != 'x'
}

impl Blocks {
    /// Parses the [layout format](crate::blocks#the-layout-format) and returns the puzzle and
    /// its start placement.
    ///
    /// ```
    /// use puzzles::blocks::{Blocks, GoalDistance};
    /// use search_core::astar;
    ///
    /// // Klotski's classic layout 横刀立马: the 2x2 block B must reach rows 4-5, columns 2-3.
    /// let (problem, start) = Blocks::parse(
    ///     "goal: B at 4,2
    ///      ABBC
    ///      ABBC
    ///      DEEF
    ///      DGHF
    ///      I..J",
    /// )?;
    /// let solution = astar(&problem, &GoalDistance, start).into_solution().expect("solvable");
    /// assert_eq!(solution.cost, 81);
    /// assert!(problem.replay(&start, &solution.actions).is_ok());
    /// # Ok::<(), puzzles::blocks::LayoutError>(())
    /// ```
    ///
    /// # Errors
    /// A [`LayoutError`] naming what is wrong and where: a malformed header, rows of unequal
    /// length, an unknown character, a piece that is not connected, and every error of
    /// [`Blocks::new`].
    pub fn parse(text: &str) -> Result<(Blocks, Placement), LayoutError> {
        let mut goals = Vec::new();
        let mut horizontal = Vec::new();
        let mut vertical = Vec::new();
        let mut alike: Vec<Vec<char>> = Vec::new();
        let mut rows: Vec<&str> = Vec::new();
        for (index, raw) in text.lines().enumerate() {
            let line = raw.trim();
            if line.is_empty() {
                continue;
            }
            let Some((key, value)) = line.split_once(':') else {
                rows.push(line);
                continue;
            };
            let bad = || LayoutError::BadHeader {
                line: index,
                text: line.to_owned(),
            };
            match key.trim() {
                "goal" => goals.push(parse_goal_at(value).ok_or_else(bad)?),
                "exit" => goals.push(parse_exit(value).ok_or_else(bad)?),
                "horizontal" => horizontal.extend(parse_letters(value).ok_or_else(bad)?),
                "vertical" => vertical.extend(parse_letters(value).ok_or_else(bad)?),
                "alike" => {
                    for word in value.split_whitespace() {
                        alike.push(parse_letters(word).ok_or_else(bad)?);
                    }
                    if value.trim().is_empty() {
                        return Err(bad());
                    }
                }
                _ => return Err(bad()),
            }
        }
        let first = rows.first().ok_or(LayoutError::NoBoard)?;
        let width = first.chars().count();
        let height = rows.len();
        for (row, line) in rows.iter().enumerate() {
            let found = line.chars().count();
            if found != width {
                return Err(LayoutError::RaggedRow {
                    row,
                    found,
                    expected: width,
                });
            }
        }
        if width > 255 || height > 255 || width * height > MAX_CELLS {
            return Err(LayoutError::TooLarge { width, height });
        }
        let mut walls = Vec::new();
        let mut pieces: Vec<PieceSpec> = Vec::new();
        for (row, line) in rows.iter().enumerate() {
            for (column, character) in line.chars().enumerate() {
                let at = Position::new(row as u8, column as u8);
                match character {
                    '.' => {}
                    'x' | '#' => walls.push(at),
                    letter if is_piece_letter(letter) => {
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
                    character => return Err(LayoutError::UnknownCharacter { character, at }),
                }
            }
        }
        for (letters, axis) in [(&horizontal, Axis::Horizontal), (&vertical, Axis::Vertical)] {
            for &letter in letters {
                let piece = pieces
                    .iter_mut()
                    .find(|piece| piece.letter == letter)
                    .ok_or(LayoutError::UnknownPiece { piece: letter })?;
                if piece.axis != Axis::Free && piece.axis != axis {
                    return Err(LayoutError::ConflictingAxis { piece: letter });
                }
                piece.axis = axis;
            }
        }
        for group in &alike {
            for &letter in group {
                let piece = pieces
                    .iter_mut()
                    .find(|piece| piece.letter == letter)
                    .ok_or(LayoutError::UnknownPiece { piece: letter })?;
                if piece.alike.is_some() {
                    return Err(LayoutError::AlikeTwice { piece: letter });
                }
                piece.alike = Some(group[0]);
            }
        }
        Blocks::new(width, height, &walls, &pieces, &goals)
    }

    /// Writes `state` in the layout format: the goal lines, the axis lines, then the board, each
    /// piece drawn with its letter from the start layout. [`Blocks::parse`] reads it back as
    /// the same puzzle at `state`.
    ///
    /// Identical pieces may trade letters as they move: the state does not tell them apart.
    pub fn render(&self, state: &Placement) -> String {
        let mut text = String::new();
        for goal in &self.goals {
            text.push_str(&format!("{goal}\n"));
        }
        for (axis, word) in [
            (Axis::Horizontal, "horizontal"),
            (Axis::Vertical, "vertical"),
        ] {
            let letters: String = (0..self.pieces)
                .filter(|&slot| self.classes[usize::from(self.slot_class[slot])].axis == axis)
                .map(|slot| self.letter(slot))
                .collect();
            if !letters.is_empty() {
                text.push_str(&format!("{word}: {letters}\n"));
            }
        }
        let groups: Vec<String> = self
            .classes
            .iter()
            .filter(|class| class.alike)
            .map(|class| {
                (usize::from(class.start)..usize::from(class.end))
                    .map(|slot| self.letter(slot))
                    .collect()
            })
            .collect();
        if !groups.is_empty() {
            text.push_str(&format!("alike: {}\n", groups.join(" ")));
        }
        text.push_str(&self.draw(state, '.', 'x'));
        text
    }

    /// The board alone, one line per row, with `empty` and `wall` for those cells.
    pub(crate) fn draw(&self, state: &Placement, empty: char, wall: char) -> String {
        // The pieces in their slots' order, as the followed boards number them.
        let anchors = &state.anchors()[..self.piece_count()];
        self.draw_followed(anchors, empty, wall).join("\n")
    }

    /// Plays `actions` from `start` and names each move by the letter of the piece that
    /// moves, followed from the start: `D r3c1 -> r4c1`, the anchor before and after, 1-based.
    ///
    /// Unlike [`describe`](Blocks::describe), which names a move by its class, this tells
    /// identical pieces apart by following each one along the moves, as a reader of the
    /// [boards](Blocks::render_solution) does.
    ///
    /// ```
    /// use puzzles::blocks::Blocks;
    /// use search_core::bfs;
    ///
    /// let (problem, start) = Blocks::parse_klotski("ABCD/EFGH/IJKL/MMN./MMN.")?;
    /// let solution = bfs(&problem, start).into_solution().expect("solvable");
    /// // The vertical piece N steps right, then the block M follows it.
    /// let names = problem.name_moves(&start, &solution.actions)?;
    /// assert_eq!(names, ["N r4c3 -> r4c4", "M r4c1 -> r4c2"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`IllegalMove`] names the first move that is not legal where it is played.
    pub fn name_moves(
        &self,
        start: &Placement,
        actions: &[Move],
    ) -> Result<Vec<String>, IllegalMove> {
        let followed = self.follow(start, actions)?;
        Ok((actions.iter().enumerate())
            .map(|(index, action)| self.describe_followed(&followed, index, action))
            .collect())
    }

    /// The boards along `actions` from `start`, each piece drawn with its own letter as it
    /// moves: `start` and the start's board, then for each move a blank line, its number and
    /// [name](Blocks::name_moves), and the board after it.
    ///
    /// [`render`](Blocks::render) draws a placement alone, where identical pieces trade letters
    /// as they move (the state does not tell them apart); here each keeps its own.
    ///
    /// # Errors
    /// [`IllegalMove`] names the first move that is not legal where it is played.
    pub fn render_solution(
        &self,
        start: &Placement,
        actions: &[Move],
    ) -> Result<String, IllegalMove> {
        let followed = self.follow(start, actions)?;
        let board = |anchors: &[u8]| self.draw_followed(anchors, '.', 'x').join("\n");
        let mut text = format!("start\n{}\n", board(&followed.anchors[0]));
        for (index, action) in actions.iter().enumerate() {
            let name = self.describe_followed(&followed, index, action);
            let after = board(&followed.anchors[index + 1]);
            text.push_str(&format!("\n{}. {name}\n{after}\n", index + 1));
        }
        Ok(text)
    }

    /// A move as text, `B r1c2 -> r3c2`: the letter of its class's first piece at the start,
    /// then the anchor before and after, 1-based.
    pub fn describe(&self, action: &Move) -> String {
        let letter = self
            .classes
            .get(usize::from(action.class))
            .map_or('?', |class| self.letter(usize::from(class.start)));
        format!(
            "{letter} {} -> {}",
            self.position(action.from),
            self.position(action.to)
        )
    }
}

/// `A at ROW,COLUMN`, 1-based.
fn parse_goal_at(value: &str) -> Option<Goal> {
    let mut words = value.split_whitespace();
    let piece = single_letter(words.next()?)?;
    if words.next()? != "at" {
        return None;
    }
    let (row, column) = words.next()?.split_once(',')?;
    if words.next().is_some() {
        return None;
    }
    let one_based = |text: &str| text.trim().parse::<u8>().ok()?.checked_sub(1);
    Some(Goal::At {
        piece,
        at: Position::new(one_based(row)?, one_based(column)?),
    })
}

/// `A right`.
fn parse_exit(value: &str) -> Option<Goal> {
    let mut words = value.split_whitespace();
    let piece = single_letter(words.next()?)?;
    let side = Side::from_word(words.next()?)?;
    if words.next().is_some() {
        return None;
    }
    Some(Goal::Exit { piece, side })
}

/// Piece letters, white space between them allowed.
fn parse_letters(value: &str) -> Option<Vec<char>> {
    let letters: Vec<char> = value.chars().filter(|c| !c.is_whitespace()).collect();
    (!letters.is_empty() && letters.iter().all(|&letter| is_piece_letter(letter)))
        .then_some(letters)
}

fn single_letter(word: &str) -> Option<char> {
    let mut characters = word.chars();
    let letter = characters.next()?;
    (characters.next().is_none() && is_piece_letter(letter)).then_some(letter)
}
