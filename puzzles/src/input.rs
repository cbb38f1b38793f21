//! Reading sliding-tile instances from raw input: the classic-mode reader (a whole input of one or
//! two boards) and the batch line reader (one instance a line).
//!
//! Both take bytes, not text, because their input comes from pipes and files: invalid UTF-8 and
//! oversized input are errors that say so, never a panic or an unbounded allocation. Both are
//! fuzzed (`fuzz/` at the repository root) and property-tested.
//!
//! ```
//! use puzzles::input::{parse_batch_line, read_classic};
//!
//! let (start, goal) = read_classic(b"13524678.\n46758123.\n").unwrap();
//! assert_eq!((start.to_compact(), goal.to_compact()), ("135246780".into(), "467581230".into()));
//!
//! let line = parse_batch_line(b"283104765;123804765\n").unwrap().expect("an instance");
//! assert_eq!(line.goal.map(|goal| goal.to_compact()), Some("123804765".into()));
//! assert!(parse_batch_line(b"# a comment\n").unwrap().is_none());
//! assert_eq!(
//!     parse_batch_line(b"1234\xff678.").unwrap_err().to_string(),
//!     "not UTF-8 text (bad byte at column 5)"
//! );
//! ```

use std::error::Error;
use std::fmt;
use std::io::{self, BufRead, Read};

use crate::tiles::{Board, BoardError, Shape};

/// The longest input [`read_classic`] accepts, in bytes: far more than any board, small enough
/// to refuse junk before parsing it.
pub const MAX_CLASSIC_INPUT: usize = 1 << 20;

/// The longest line [`parse_batch_line`] and [`BatchLines`] accept, in bytes, without its line
/// break: a 5x5 board in numbers with a goal fits many times over.
pub const MAX_BATCH_LINE: usize = 8192;

/// Why classic-mode input holds no usable start and goal.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ClassicInputError {
    /// The input is longer than [`MAX_CLASSIC_INPUT`] bytes.
    TooLong {
        /// The most bytes accepted.
        max: usize,
    },
    /// The input is not UTF-8 text.
    NotUtf8 {
        /// The byte offset of the first bad byte, from 0.
        offset: usize,
    },
    /// The input holds only whitespace.
    NoBoard,
    /// The input holds more than a start and a goal.
    TooManyBoards {
        /// How many boards it holds, one a line.
        count: usize,
    },
    /// A line is not a board (and the input is not boards written row by row either).
    BadBoard {
        /// The line number, from 1.
        line: usize,
        /// The line, trimmed.
        text: String,
        /// What is wrong with it.
        error: BoardError,
    },
    /// The start and the goal have different shapes.
    ShapeMismatch {
        /// The start's shape.
        start: Shape,
        /// The goal's shape.
        goal: Shape,
    },
    /// Lines meant as the rows of a board (the first is no board on its own, or every line
    /// holds as many cells as a square board of that many rows would) do not make one.
    BadRows {
        /// The first and the last line of the rows, numbered from 1.
        lines: (usize, usize),
        /// What is wrong with the board they make.
        error: BoardError,
    },
}

impl fmt::Display for ClassicInputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClassicInputError::TooLong { max } => write!(
                f,
                "standard input is longer than {max} bytes; classic mode reads one or two boards"
            ),
            ClassicInputError::NotUtf8 { offset } => write!(
                f,
                "standard input is not UTF-8 text (bad byte at offset {offset})"
            ),
            ClassicInputError::NoBoard => f.write_str(
                "standard input holds no board; give a start board, and optionally a goal board on the next line",
            ),
            ClassicInputError::TooManyBoards { count } => write!(
                f,
                "standard input holds {count} boards; classic mode reads a start and at most a goal"
            ),
            ClassicInputError::BadBoard { line, text, .. } => {
                write!(f, "line {line}: bad board `{}`", shorten(text))
            }
            ClassicInputError::ShapeMismatch { start, goal } => {
                write!(f, "the goal is {goal} but the start is {start}")
            }
            ClassicInputError::BadRows {
                lines: (first, last),
                ..
            } => write!(f, "lines {first}-{last}: bad board written row by row"),
        }
    }
}

impl Error for ClassicInputError {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        match self {
            ClassicInputError::BadBoard { error, .. }
            | ClassicInputError::BadRows { error, .. } => Some(error),
            _ => None,
        }
    }
}

/// Reads classic-mode input: the start, and the goal if one is given, else the spiral goal of
/// the start's shape (`123804765` for 3x3).
///
/// How the input is read, in order:
/// 1. Every non-blank line is one board, if there are one or two lines and each parses on its
///    own (`12345678.`, `123.46758`, `2 6 4 1 3 7 0 5 8`).
/// 2. Otherwise every paragraph (lines between blank lines) is one board written row by row
///    (`1 2 3` / `4 5 6` / `7 8 0`), if there are one or two paragraphs.
/// 3. Otherwise the non-blank lines are the rows of a start and then a goal of one shape, with
///    nothing between them, as the judges' inputs write them (six lines of three numbers for
///    two 8-puzzles); a board may also stand on one line (`867254301` and then three rows).
///    The split is where half the cells have been read, so there is at most one.
///
/// Anything else is an error naming the problem: the first bad line when the input is meant as
/// one board a line, the first bad board when it is meant as rows, too many boards, invalid
/// UTF-8, or more than [`MAX_CLASSIC_INPUT`] bytes.
///
/// ```
/// use puzzles::input::read_classic;
///
/// let (start, goal) = read_classic(b"283104765\n").unwrap();
/// assert_eq!((start.to_compact(), goal.to_compact()), ("283104765".into(), "123804765".into()));
/// let (start, goal) = read_classic(b"1 2 3\n4 5 6\n7 8 0\n\n1 2 3\n0 4 6\n7 5 8\n").unwrap();
/// assert_eq!((start.to_compact(), goal.to_compact()), ("123456780".into(), "123046758".into()));
/// let (start, goal) = read_classic(b"8 6 7\r\n2 5 4\r\n3 0 1\r\n1 2 3\r\n4 5 6\r\n7 8 0\r\n").unwrap();
/// assert_eq!((start.to_compact(), goal.to_compact()), ("867254301".into(), "123456780".into()));
/// assert_eq!(read_classic(b"hello").unwrap_err().to_string(), "line 1: bad board `hello`");
/// // Rows with a mistake: the board they make is what is wrong, not its first row.
/// let error = read_classic(b"2 8 3\n1 0 4\n7 6 6\n").unwrap_err();
/// assert_eq!(error.to_string(), "lines 1-3: bad board written row by row");
/// assert_eq!(std::error::Error::source(&error).unwrap().to_string(), "tile 6 appears twice");
/// ```
pub fn read_classic(input: &[u8]) -> Result<(Board, Board), ClassicInputError> {
    if input.len() > MAX_CLASSIC_INPUT {
        return Err(ClassicInputError::TooLong {
            max: MAX_CLASSIC_INPUT,
        });
    }
    let text = std::str::from_utf8(input).map_err(|error| ClassicInputError::NotUtf8 {
        offset: error.valid_up_to(),
    })?;
    let mut boards = classic_boards(text)?.into_iter();
    let start = boards.next().ok_or(ClassicInputError::NoBoard)?;
    let goal = match boards.next() {
        Some(goal) if goal.shape() != start.shape() => {
            return Err(ClassicInputError::ShapeMismatch {
                start: start.shape(),
                goal: goal.shape(),
            });
        }
        Some(goal) => goal,
        None => Board::spiral(start.shape()),
    };
    Ok((start, goal))
}

/// The one or two boards of classic-mode `text`.
fn classic_boards(text: &str) -> Result<Vec<Board>, ClassicInputError> {
    let lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .map(|(index, line)| (index + 1, line.trim()))
        .filter(|(_, line)| !line.is_empty())
        .collect();
    if lines.is_empty() {
        return Err(ClassicInputError::NoBoard);
    }
    let one_per_line: Result<Vec<Board>, ClassicInputError> = lines
        .iter()
        .map(|&(line, text)| {
            Board::parse(text).map_err(|error| ClassicInputError::BadBoard {
                line,
                text: text.to_owned(),
                error,
            })
        })
        .collect();
    match one_per_line {
        Ok(boards) if boards.len() <= 2 => Ok(boards),
        // Not one or two boards a line: maybe boards written row by row.
        other => match (paragraphs(&lines).or_else(|| rows_of_two(&lines)), other) {
            (Some(boards), _) => Ok(boards),
            (None, Err(line_error)) => Err(rows_error(&lines).unwrap_or(line_error)),
            (None, Ok(boards)) => Err(ClassicInputError::TooManyBoards {
                count: boards.len(),
            }),
        },
    }
}

/// The board written row by row in `rows` (numbered, trimmed lines).
fn board_of_rows(rows: &[(usize, &str)]) -> Result<Board, BoardError> {
    let text: Vec<&str> = rows.iter().map(|&(_, row)| row).collect();
    Board::parse(&text.join("\n"))
}

/// The runs of `lines` (the input's non-blank lines, numbered) that blank lines separate.
fn runs<'a, 't>(lines: &'a [(usize, &'t str)]) -> Vec<&'a [(usize, &'t str)]> {
    lines.chunk_by(|line, next| next.0 == line.0 + 1).collect()
}

/// One or two boards written row by row, separated by blank lines; `None` if the input is not
/// that.
fn paragraphs(lines: &[(usize, &str)]) -> Option<Vec<Board>> {
    let paragraphs = runs(lines);
    if paragraphs.len() > 2 {
        return None;
    }
    paragraphs
        .iter()
        .map(|rows| board_of_rows(rows).ok())
        .collect()
}

/// Why `lines` are not boards written row by row, if they are meant as such: several lines,
/// the first no board on its own (`2 8 3`) or every line as long as a square board with that
/// many rows would have its rows (`1 2 3 4` on four lines). The boards looked at are the
/// paragraphs, or, with no blank line between, the two halves of the lines when they are two
/// square boards' rows (or, rows of no square board, an even number of lines), else all the
/// lines; `None` if they all parse (what is wrong is elsewhere).
fn rows_error(lines: &[(usize, &str)]) -> Option<ClassicInputError> {
    let cells = |row: &str| match row.split_whitespace().count() {
        1 => row.chars().count(),
        words => words,
    };
    let first_is_a_row = matches!(
        Board::parse(lines.first()?.1),
        Err(BoardError::NotSquare { .. })
    );
    let width = cells(lines[0].1);
    let square_rows = lines.iter().all(|&(_, row)| cells(row) == width)
        && (lines.len() == width || lines.len() == 2 * width);
    if lines.len() < 2 || !(first_is_a_row || square_rows) {
        return None;
    }
    let paragraphs = runs(lines);
    let two_boards = if square_rows {
        lines.len() == 2 * width
    } else {
        lines.len() % 2 == 0
    };
    let boards: Vec<&[(usize, &str)]> = match paragraphs.as_slice() {
        [rows] if two_boards => {
            let (start, goal) = rows.split_at(rows.len() / 2);
            vec![start, goal]
        }
        _ => paragraphs,
    };
    boards.into_iter().find_map(|rows| {
        let error = board_of_rows(rows).err()?;
        Some(ClassicInputError::BadRows {
            lines: (rows.first()?.0, rows.last()?.0),
            error,
        })
    })
}

/// The most lines [`rows_of_two`] looks at: two boards of the tallest shape (25 cells, at least
/// two a row) take 24, and any more cannot be two boards.
const MOST_ROWS_OF_TWO: usize = 24;

/// A start and a goal of one shape written as consecutive rows (`lines`, non-blank and trimmed),
/// split where half the cells have been read; `None` if the lines are not that.
fn rows_of_two(lines: &[(usize, &str)]) -> Option<Vec<Board>> {
    if lines.len() < 2 || lines.len() > MOST_ROWS_OF_TWO {
        return None;
    }
    // Cells always split in the same place whatever the form of each row, so the one split
    // whose halves are boards of one shape is the only candidate: trying each is enough.
    (1..lines.len()).find_map(|split| {
        let board = |rows: &[(usize, &str)]| board_of_rows(rows).ok();
        let (start, goal) = (board(&lines[..split])?, board(&lines[split..])?);
        (start.shape() == goal.shape()).then(|| vec![start, goal])
    })
}

/// One instance read from a batch line: a start, and a goal if the line gives one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BatchLine {
    /// The start board.
    pub start: Board,
    /// The goal board, of the start's shape, if the line names one.
    pub goal: Option<Board>,
}

/// Why a batch line is not an instance.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum BatchLineError {
    /// The line is longer than [`MAX_BATCH_LINE`] bytes.
    TooLong {
        /// The most bytes accepted.
        max: usize,
    },
    /// The line is not UTF-8 text.
    NotUtf8 {
        /// The column of the first bad byte, counting bytes from 1.
        column: usize,
    },
    /// The start or the goal is not a board.
    BadBoard {
        /// The board as written, trimmed.
        text: String,
        /// What is wrong with it.
        error: BoardError,
    },
    /// The goal's shape differs from the start's.
    ShapeMismatch {
        /// The start's shape.
        start: Shape,
        /// The goal's shape.
        goal: Shape,
    },
    /// The line holds more than a start and a goal.
    TooManyParts,
}

impl fmt::Display for BatchLineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BatchLineError::TooLong { max } => write!(f, "line longer than {max} bytes"),
            BatchLineError::NotUtf8 { column } => {
                write!(f, "not UTF-8 text (bad byte at column {column})")
            }
            BatchLineError::BadBoard { text, .. } => write!(f, "bad board `{}`", shorten(text)),
            BatchLineError::ShapeMismatch { start, goal } => {
                write!(f, "the goal is {goal} but the start is {start}")
            }
            BatchLineError::TooManyParts => {
                f.write_str("a line holds a start and at most one goal")
            }
        }
    }
}

impl Error for BatchLineError {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        match self {
            BatchLineError::BadBoard { error, .. } => Some(error),
            _ => None,
        }
    }
}

/// Reads one batch line (with or without its line break): `Ok(None)` for a blank line or a `#`
/// comment, else a start, or a start and a goal separated by `;` or a tab. The goal may be a
/// board or the name of a goal layout: `blank-last`, `blank-first` or `spiral`.
///
/// A line longer than [`MAX_BATCH_LINE`] bytes, invalid UTF-8, a bad board, a goal of another
/// shape or a third part are errors naming the problem.
///
/// ```
/// use puzzles::input::parse_batch_line;
///
/// let line = parse_batch_line(b"1 2 3/4 0 5\t1 2 3/4 5 0\r\n").unwrap().unwrap();
/// assert_eq!(line.start.to_rows(), "1 2 3/4 0 5");
/// assert!(parse_batch_line(b"   \n").unwrap().is_none());
/// let named = parse_batch_line(b"1 2 3/4 0 5;blank-first").unwrap().unwrap();
/// assert_eq!(named.goal.unwrap().to_rows(), "0 1 2/3 4 5");
/// assert_eq!(
///     parse_batch_line(b"12345678.;1234567.8;12345678.").unwrap_err().to_string(),
///     "a line holds a start and at most one goal"
/// );
/// ```
pub fn parse_batch_line(line: &[u8]) -> Result<Option<BatchLine>, BatchLineError> {
    batch_line_text(line)?.map(parse_batch_text).transpose()
}

/// The text of one batch line (with or without its line break), trimmed: `Ok(None)` for a
/// blank line or a `#` comment. A line longer than [`MAX_BATCH_LINE`] bytes or invalid UTF-8
/// is an error naming the problem. This is the framing [`parse_batch_line`] reads boards in,
/// for front ends whose lines hold other puzzles' instances.
///
/// ```
/// use puzzles::input::batch_line_text;
///
/// assert_eq!(batch_line_text(b"  ABBC/ABBC  \r\n").unwrap(), Some("ABBC/ABBC"));
/// assert_eq!(batch_line_text(b"# a comment\n").unwrap(), None);
/// assert!(batch_line_text(b"\xff\n").is_err());
/// ```
pub fn batch_line_text(line: &[u8]) -> Result<Option<&str>, BatchLineError> {
    let line = line.strip_suffix(b"\n").unwrap_or(line);
    // The line break is `\n` or `\r\n`: neither counts towards the limit.
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    if line.len() > MAX_BATCH_LINE {
        return Err(BatchLineError::TooLong {
            max: MAX_BATCH_LINE,
        });
    }
    let text = std::str::from_utf8(line).map_err(|error| BatchLineError::NotUtf8 {
        column: error.valid_up_to() + 1,
    })?;
    let text = text.trim();
    Ok((!text.is_empty() && !text.starts_with('#')).then_some(text))
}

/// One instance's text as a start and maybe a goal: the two are separated by `;` or a tab, as
/// `slide random` writes them and batch lines hold them, for every puzzle alike; each part is
/// trimmed.
///
/// ```
/// use puzzles::input::split_instance;
///
/// assert_eq!(split_instance("13524678.;46758123."), Ok(("13524678.", Some("46758123."))));
/// assert_eq!(split_instance("\t12345678."), Ok(("", Some("12345678."))));
/// assert_eq!(split_instance(" ABBC/ABBC "), Ok(("ABBC/ABBC", None)));
/// assert!(split_instance("1;2;3").is_err());
/// ```
///
/// # Errors
/// [`BatchLineError::TooManyParts`] for a text with more than one separator.
pub fn split_instance(text: &str) -> Result<(&str, Option<&str>), BatchLineError> {
    let mut parts = text.split([';', '\t']).map(str::trim);
    let start = parts.next().unwrap_or_default();
    let goal = parts.next();
    if parts.next().is_some() {
        return Err(BatchLineError::TooManyParts);
    }
    Ok((start, goal))
}

/// A batch line's text (neither blank nor a comment) as a start and maybe a goal.
fn parse_batch_text(text: &str) -> Result<BatchLine, BatchLineError> {
    let (start, goal) = split_instance(text)?;
    let board = |part: &str| {
        Board::parse(part).map_err(|error| BatchLineError::BadBoard {
            text: part.to_owned(),
            error,
        })
    };
    let start = board(start)?;
    // A goal may be named by its layout, as `slide random` and `--goal` name them.
    let goal = goal
        .map(|part| Board::named_goal(part, start.shape()).map_or_else(|| board(part), Ok))
        .transpose()?;
    if let Some(goal) = &goal {
        if goal.shape() != start.shape() {
            return Err(BatchLineError::ShapeMismatch {
                start: start.shape(),
                goal: goal.shape(),
            });
        }
    }
    Ok(BatchLine { start, goal })
}

/// The instances of a batch input, one a line, each with its line number (from 1); blank and
/// comment lines are skipped, bad lines are yielded as errors and reading goes on.
///
/// Memory stays bounded whatever the input: at most [`MAX_BATCH_LINE`] + 1 bytes of a line are
/// held, and the rest of an overlong line is skipped unread. Only a failing reader ends the
/// iteration early, with its error.
///
/// ```
/// use puzzles::input::BatchLines;
///
/// let input = &b"# instances\n12345678.\nnot a board\n"[..];
/// let lines: Vec<_> = BatchLines::new(input).map(Result::unwrap).collect();
/// assert_eq!(lines.len(), 2);
/// assert_eq!(lines[0].0, 2);
/// assert!(lines[0].1.is_ok());
/// assert_eq!(lines[1].0, 3);
/// assert!(lines[1].1.is_err());
/// ```
#[derive(Debug)]
pub struct BatchLines<Reader> {
    texts: BatchTexts<Reader>,
}

impl<Reader: BufRead> BatchLines<Reader> {
    /// The instances read from `reader`.
    pub fn new(reader: Reader) -> Self {
        BatchLines {
            texts: BatchTexts::new(reader),
        }
    }
}

impl<Reader: BufRead> Iterator for BatchLines<Reader> {
    type Item = io::Result<(usize, Result<BatchLine, BatchLineError>)>;

    fn next(&mut self) -> Option<Self::Item> {
        let next = self.texts.next()?;
        Some(next.map(|(line, text)| (line, text.and_then(|text| parse_batch_text(&text)))))
    }
}

/// The texts of a batch input's lines, as [`BatchLines`] reads them but not parsed: each
/// non-blank, non-comment line trimmed, with its line number, or why it cannot be text (too
/// long, not UTF-8). For front ends whose lines hold other puzzles' instances; the same bounds
/// on memory hold.
///
/// ```
/// use puzzles::input::BatchTexts;
///
/// let input = &b"# Rush Hour\nIBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM\n\n"[..];
/// let texts: Vec<_> = BatchTexts::new(input).map(Result::unwrap).collect();
/// assert_eq!(texts, [(2, Ok("IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM".to_owned()))]);
/// ```
#[derive(Debug)]
pub struct BatchTexts<Reader> {
    reader: Reader,
    buffer: Vec<u8>,
    line: usize,
    failed: bool,
}

impl<Reader: BufRead> BatchTexts<Reader> {
    /// The line texts read from `reader`.
    pub fn new(reader: Reader) -> Self {
        BatchTexts {
            reader,
            buffer: Vec::new(),
            line: 0,
            failed: false,
        }
    }

    /// The next non-blank, non-comment line, or `None` at the end of the input.
    fn next_line(&mut self) -> io::Result<Option<(usize, Result<String, BatchLineError>)>> {
        loop {
            self.buffer.clear();
            let read = (&mut self.reader)
                .take(MAX_BATCH_LINE as u64 + 1)
                .read_until(b'\n', &mut self.buffer)?;
            if read == 0 {
                return Ok(None);
            }
            self.line += 1;
            let complete = self.buffer.last() == Some(&b'\n');
            if !complete && self.buffer.len() > MAX_BATCH_LINE {
                skip_rest_of_line(&mut self.reader)?;
            }
            if let Some(text) = batch_line_text(&self.buffer).transpose() {
                return Ok(Some((self.line, text.map(str::to_owned))));
            }
        }
    }
}

impl<Reader: BufRead> Iterator for BatchTexts<Reader> {
    type Item = io::Result<(usize, Result<String, BatchLineError>)>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.failed {
            return None;
        }
        let next = self.next_line();
        self.failed = next.is_err();
        next.transpose()
    }
}

/// Consumes input up to and including the next newline.
fn skip_rest_of_line(input: &mut impl BufRead) -> io::Result<()> {
    loop {
        let chunk = input.fill_buf()?;
        if chunk.is_empty() {
            return Ok(());
        }
        match chunk.iter().position(|&byte| byte == b'\n') {
            Some(end) => {
                input.consume(end + 1);
                return Ok(());
            }
            None => {
                let length = chunk.len();
                input.consume(length);
            }
        }
    }
}

/// `text`, cut to a length that fits in a message.
pub(crate) fn shorten(text: &str) -> String {
    const MOST: usize = 80;
    match text.char_indices().nth(MOST) {
        Some((end, _)) => format!("{}...", &text[..end]),
        None => text.to_owned(),
    }
}
