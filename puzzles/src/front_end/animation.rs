//! Solutions as pictures: an animated SVG in which the pieces slide one move at a time under a
//! move counter, from the states a puzzle [draws](super::Instance::draw) as [`Grid`]s. A front
//! end writes it where it likes (`slide`'s `--svg FILE`).
//!
//! It knows no puzzle: each piece of a grid is followed from frame to frame by its label; a
//! tile is a piece of one cell labelled with its number, a Klotski or blocks piece any set of
//! cells (any polyomino) labelled with its letter.
//!
//! The file is SVG 1.1 animated by SMIL alone: no script, no CSS animation, so it plays in any
//! browser, and a viewer without animation shows the start (the pieces' static `transform`s and
//! the first counter). It holds, for programs that read it back (the tests do):
//! - on the root `<svg>`, `data-cell-size` (pixels a cell) and `data-moves` (the moves shown);
//! - a `<g class="piece" data-piece="NAME">` a piece (with `goal` among its classes when
//!   highlighted), its cells as `<rect>`s at `x = column * cell size`, `y = row * cell size`
//!   relative to the piece's translation, an outline `<path>` and its label;
//! - in each piece, an `<animateTransform type="translate">` whose `values` are the piece's
//!   translation in pixels at each of its `keyTimes`: the start (held a second), then one entry
//!   a frame, then the goal again (held two seconds before the loop starts over); so entry
//!   `k + 1` of `values` is where the piece is after `k` moves. Between two frames a piece
//!   slides linearly, [`SLIDE_SECONDS`] a move (straight: a move of the piece metric that turns
//!   a corner is drawn as one diagonal slide, since the move does not record its route);
//! - a `<text class="counter" data-step="K">move K of N</text>` a frame, shown (by a discrete
//!   `<animate>` of `visibility`) from the start of move K's slide to the start of the next.
//!
//! Styles are shared through one `<style>` element and animation timings are short decimal
//! fractions, so a 56-move 15-puzzle takes 33 KB.

use std::collections::HashMap;
use std::fmt::{self, Write as _};

use super::Grid;

/// Why grids do not make a picture: they are not one board with the same pieces slid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PictureError(String);

impl fmt::Display for PictureError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for PictureError {}

/// Returns a [`PictureError`] saying what is wrong.
macro_rules! refuse {
    ($($words:tt)*) => {
        return Err(PictureError(format!($($words)*)))
    };
}

type Result<T> = std::result::Result<T, PictureError>;

/// The animated SVG of a solution from its states drawn as grids, the start first, under
/// `title` (for viewers and screen readers): each piece followed by its label, the walls and
/// the goal's pieces from the start's grid.
///
/// ```
/// use puzzles::front_end::{animate, Grid};
///
/// let frames = [Grid::from_rows("AB.")?, Grid::from_rows("A.B")?];
/// let svg = animate(&frames, "B slides right")?;
/// assert!(svg.contains("<svg") && svg.contains("data-moves=\"1\""));
/// assert!(animate(&[Grid::from_rows("AB.")?, Grid::from_rows("BA.")?], "").is_ok());
/// assert!(animate(&[Grid::from_rows("AB.")?, Grid::from_rows("AB..")?], "").is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// A [`PictureError`] if there is no grid, or the grids are not one board with the same pieces
/// moved.
pub fn animate(grids: &[Grid], title: &str) -> Result<String> {
    let (scene, frames) = from_grids(grids, title.to_owned())?;
    render(&scene, &frames)
}

/// A cell of the board: row, then column, both from zero at the top-left.
type Cell = (usize, usize);

/// Pixels a cell is wide and tall.
const CELL_PIXELS: usize = 48;

/// Pixels between the board and the picture's edge.
const MARGIN: usize = 8;

/// Pixels below the board for the move counter.
const COUNTER_HEIGHT: usize = 32;

/// Seconds the start is shown before the first move.
const START_SECONDS: f64 = 1.0;

/// Seconds one move's slide takes.
pub const SLIDE_SECONDS: f64 = 0.4;

/// Seconds the goal is shown before the animation starts over.
const GOAL_SECONDS: f64 = 2.0;

/// One piece where a frame has it.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Placed {
    /// The piece's name: its label, and its `data-piece`. A piece keeps its name in every
    /// frame, which is how it is followed from one frame to the next.
    name: String,
    /// The cells it covers, in any order; in every frame the same shape, moved.
    cells: Vec<Cell>,
}

/// What the pieces move on, and how they are drawn.
#[derive(Debug, Clone, Default)]
struct Scene {
    /// Width in cells.
    width: usize,
    /// Height in cells.
    height: usize,
    /// The cells that are walls, drawn dark and never moved.
    walls: Vec<Cell>,
    /// The names of the pieces drawn in the goal colour (Klotski's block, the pieces a goal
    /// names).
    highlighted: Vec<String>,
    /// The picture's `<title>`, for viewers and screen readers.
    title: String,
}

/// A piece followed through the frames: its shape, and where its shape's origin is in each.
#[derive(Debug)]
struct Track<'frames> {
    name: &'frames str,
    /// The cells relative to the top-left cell of the piece's bounding box, sorted.
    shape: Vec<Cell>,
    /// The top-left cell of the bounding box, frame by frame.
    origins: Vec<Cell>,
}

/// The top-left cell of the bounding box of `cells` and the cells relative to it, sorted, so
/// that two placements of one shape compare equal whatever the order their cells came in.
fn shape_of(cells: &[Cell]) -> Option<(Cell, Vec<Cell>)> {
    let top = cells.iter().map(|&(row, _)| row).min()?;
    let left = cells.iter().map(|&(_, column)| column).min()?;
    let mut shape: Vec<Cell> = (cells.iter())
        .map(|&(row, column)| (row - top, column - left))
        .collect();
    shape.sort_unstable();
    Some(((top, left), shape))
}

/// Follows every piece of the first frame through the others, checking that each frame places
/// the same pieces, each once, on the board, and in its own shape (pieces only slide).
fn tracks<'frames>(scene: &Scene, frames: &'frames [Vec<Placed>]) -> Result<Vec<Track<'frames>>> {
    let Some(first) = frames.first() else {
        refuse!("a picture needs at least one frame");
    };
    let mut tracks: Vec<Track<'frames>> = Vec::with_capacity(first.len());
    let mut index: HashMap<&str, usize> = HashMap::with_capacity(first.len());
    for (step, frame) in frames.iter().enumerate() {
        if frame.len() != first.len() {
            refuse!(
                "frame {step} has {} pieces, the first {}",
                frame.len(),
                first.len()
            );
        }
        let mut seen = vec![false; first.len()];
        for placed in frame {
            if let Some(&(row, column)) = (placed.cells.iter())
                .find(|&&(row, column)| row >= scene.height || column >= scene.width)
            {
                refuse!(
                    "piece {} is off the board in frame {step}, at row {row}, column {column}",
                    placed.name
                );
            }
            let Some((origin, shape)) = shape_of(&placed.cells) else {
                refuse!("piece {} covers no cell in frame {step}", placed.name);
            };
            if step == 0 {
                if index.insert(&placed.name, tracks.len()).is_some() {
                    refuse!("two pieces are named {}", placed.name);
                }
                tracks.push(Track {
                    name: &placed.name,
                    shape: shape.clone(),
                    origins: Vec::with_capacity(frames.len()),
                });
            }
            let Some(&number) = index.get(placed.name.as_str()) else {
                refuse!("frame {step} has a piece {} the first has not", placed.name);
            };
            if std::mem::replace(&mut seen[number], true) {
                refuse!("frame {step} places piece {} twice", placed.name);
            }
            let track = &mut tracks[number];
            if track.shape != shape {
                refuse!("piece {} changes its shape in frame {step}", placed.name);
            }
            track.origins.push(origin);
        }
    }
    Ok(tracks)
}

/// `text` made safe for XML character data and attribute values: markup characters as
/// entities, and the characters XML 1.0 cannot hold at all (most control characters) as U+FFFD.
fn escape(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for character in text.chars() {
        match character {
            '&' => escaped.push_str("&amp;"),
            '<' => escaped.push_str("&lt;"),
            '>' => escaped.push_str("&gt;"),
            '"' => escaped.push_str("&quot;"),
            '\'' => escaped.push_str("&apos;"),
            '\t' | '\n' | '\r' => escaped.push(character),
            '\u{0}'..='\u{1f}' | '\u{fffe}' | '\u{ffff}' => escaped.push('\u{fffd}'),
            _ => escaped.push(character),
        }
    }
    escaped
}

/// A fraction of the animation's length as `keyTimes` writes it: six decimals at most (a
/// millionth of a loop is well below a frame at any length slide draws).
fn fraction(seconds: f64, total: f64) -> String {
    decimal((seconds / total).clamp(0.0, 1.0), 6)
}

/// `value` with at most `places` decimals, trailing zeros off: short, and free of the binary
/// fractions' tails (`3.8000000000000003`).
fn decimal(value: f64, places: usize) -> String {
    let text = format!("{value:.places$}");
    if !text.contains('.') {
        return text;
    }
    let text = text.trim_end_matches('0');
    text.strip_suffix('.').unwrap_or(text).to_owned()
}

/// The style every element shares: one rule a kind of element, not attributes on each.
const STYLE: &str = ".board{fill:#e8dcc4}\
.wall{fill:#6b5b4b}\
.piece rect{fill:#f7efe0}\
.goal rect{fill:#e0806a}\
.piece path{fill:none;stroke:#4a3b2c;stroke-width:2;stroke-linecap:square}\
.piece text{font:bold 20px sans-serif;fill:#4a3b2c;text-anchor:middle}\
.counter{font:16px sans-serif;fill:#333;text-anchor:middle}";

/// The animated SVG of `frames` on `scene`: the first frame is the start, each next one the
/// board after one more move. See the module's documentation for what the file holds.
///
/// # Errors
/// If there is no frame, or the frames do not place the same pieces (each once, on the board,
/// in one shape) in each frame.
fn render(scene: &Scene, frames: &[Vec<Placed>]) -> Result<String> {
    let tracks = tracks(scene, frames)?;
    Ok(write_svg(scene, frames, &tracks).expect("writing to a String does not fail"))
}

/// The SVG of `tracks`, the pieces of `frames` followed through them, on `scene`.
fn write_svg(
    scene: &Scene,
    frames: &[Vec<Placed>],
    tracks: &[Track<'_>],
) -> std::result::Result<String, fmt::Error> {
    let moves = frames.len() - 1;
    let cell = CELL_PIXELS;
    let (width, height) = (scene.width * cell, scene.height * cell);
    let (picture_width, picture_height) =
        (width + 2 * MARGIN, height + 2 * MARGIN + COUNTER_HEIGHT);
    // The key times in seconds: the start, held; one a frame; the goal, held.
    let mut seconds = vec![0.0];
    seconds.extend((0..=moves).map(|step| START_SECONDS + step as f64 * SLIDE_SECONDS));
    let total = START_SECONDS + moves as f64 * SLIDE_SECONDS + GOAL_SECONDS;
    seconds.push(total);
    let key_times: Vec<String> = seconds.iter().map(|&at| fraction(at, total)).collect();
    let duration = format!("dur=\"{}s\" repeatCount=\"indefinite\"", decimal(total, 3));

    let mut svg = String::with_capacity(4096 + tracks.len() * (moves + 3) * 24);
    writeln!(svg, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>")?;
    writeln!(
        svg,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"{picture_width}\" \
         height=\"{picture_height}\" viewBox=\"0 0 {picture_width} {picture_height}\" \
         data-cell-size=\"{cell}\" data-moves=\"{moves}\">"
    )?;
    writeln!(svg, "<title>{}</title>", escape(&scene.title))?;
    writeln!(svg, "<style type=\"text/css\">{STYLE}</style>")?;
    writeln!(svg, "<g transform=\"translate({MARGIN} {MARGIN})\">")?;
    writeln!(
        svg,
        "<rect class=\"board\" width=\"{width}\" height=\"{height}\"/>"
    )?;
    for &(row, column) in &scene.walls {
        writeln!(
            svg,
            "<rect class=\"wall\" x=\"{}\" y=\"{}\" width=\"{cell}\" height=\"{cell}\"/>",
            column * cell,
            row * cell
        )?;
    }
    for track in tracks {
        let at = |&(row, column): &Cell| format!("{} {}", column * cell, row * cell);
        let class = if scene.highlighted.iter().any(|name| name == track.name) {
            "piece goal"
        } else {
            "piece"
        };
        writeln!(
            svg,
            "<g class=\"{class}\" data-piece=\"{}\" transform=\"translate({})\">",
            escape(track.name),
            at(&track.origins[0])
        )?;
        for &(row, column) in &track.shape {
            // Edges crisp, so that the cells of one piece show no seams between them.
            writeln!(
                svg,
                "<rect x=\"{}\" y=\"{}\" width=\"{cell}\" height=\"{cell}\" shape-rendering=\"crispEdges\"/>",
                column * cell,
                row * cell
            )?;
        }
        writeln!(svg, "<path d=\"{}\"/>", outline(&track.shape))?;
        let (label_x, label_y) = label_at(&track.shape);
        // Shifted by a third of the font's size: text sits on its baseline, not its middle.
        writeln!(
            svg,
            "<text x=\"{label_x}\" y=\"{}\">{}</text>",
            label_y + 7,
            escape(track.name)
        )?;
        if moves > 0 {
            let mut values: Vec<String> = Vec::with_capacity(moves + 3);
            values.push(at(&track.origins[0]));
            values.extend(track.origins.iter().map(at));
            values.push(at(&track.origins[moves]));
            writeln!(
                svg,
                "<animateTransform attributeName=\"transform\" type=\"translate\" values=\"{}\" \
                 keyTimes=\"{}\" {duration}/>",
                values.join(";"),
                key_times.join(";")
            )?;
        }
        writeln!(svg, "</g>")?;
    }
    writeln!(svg, "</g>")?;
    let (counter_x, counter_y) = (picture_width / 2, height + 2 * MARGIN + 22);
    for step in 0..=moves {
        let hidden = if step == 0 {
            ""
        } else {
            " visibility=\"hidden\""
        };
        write!(
            svg,
            "<text class=\"counter\" x=\"{counter_x}\" y=\"{counter_y}\" data-step=\"{step}\"{hidden}>move {step} of {moves}"
        )?;
        // Step K shows from the start of move K's slide (key time K) to the next one's.
        let (values, times) = match (step, step == moves) {
            (_, true) if moves == 0 => (String::new(), String::new()),
            (0, _) => ("visible;hidden".to_owned(), format!("0;{}", key_times[1])),
            (_, true) => (
                "hidden;visible".to_owned(),
                format!("0;{}", key_times[step]),
            ),
            _ => (
                "hidden;visible;hidden".to_owned(),
                format!("0;{};{}", key_times[step], key_times[step + 1]),
            ),
        };
        if !values.is_empty() {
            write!(
                svg,
                "<animate attributeName=\"visibility\" calcMode=\"discrete\" values=\"{values}\" keyTimes=\"{times}\" {duration}/>"
            )?;
        }
        writeln!(svg, "</text>")?;
    }
    writeln!(svg, "</svg>")?;
    Ok(svg)
}

/// The outline of a shape as path data, in pixels: every cell edge with no cell of the shape on
/// its other side, so that a polyomino is drawn as one piece, not as cells.
fn outline(shape: &[Cell]) -> String {
    let cell = CELL_PIXELS;
    let has = |row: Option<usize>, column: Option<usize>| match (row, column) {
        (Some(row), Some(column)) => shape.binary_search(&(row, column)).is_ok(),
        _ => false,
    };
    let mut path = String::new();
    for &(row, column) in shape {
        let (x, y) = (column * cell, row * cell);
        if !has(row.checked_sub(1), Some(column)) {
            path += &format!("M{x} {y}h{cell}");
        }
        if !has(Some(row + 1), Some(column)) {
            path += &format!("M{x} {}h{cell}", y + cell);
        }
        if !has(Some(row), column.checked_sub(1)) {
            path += &format!("M{x} {y}v{cell}");
        }
        if !has(Some(row), Some(column + 1)) {
            path += &format!("M{} {y}v{cell}", x + cell);
        }
    }
    path
}

/// Where a shape's label goes, in pixels: the middle of a rectangle, else the middle of the
/// cell nearest the shape's centre (the centre of an L lies outside it).
fn label_at(shape: &[Cell]) -> (usize, usize) {
    let cell = CELL_PIXELS;
    let rows = shape.iter().map(|&(row, _)| row).max().unwrap_or(0) + 1;
    let columns = shape.iter().map(|&(_, column)| column).max().unwrap_or(0) + 1;
    if shape.len() == rows * columns {
        return (columns * cell / 2, rows * cell / 2);
    }
    // Twice the coordinates, to stay in integers: the centre of cell (r, c) is (2r + 1, 2c + 1).
    let distance =
        |&(row, column): &&Cell| (2 * row + 1).abs_diff(rows) + (2 * column + 1).abs_diff(columns);
    let &(row, column) = shape.iter().min_by_key(distance).unwrap_or(&(0, 0));
    (column * cell + cell / 2, row * cell + cell / 2)
}

/// The picture of a solution from its states drawn as grids ([`Grid`]), the start first:
/// each piece followed by its label, the walls and goal pieces from the start's grid.
///
/// # Errors
/// If there is no grid, or the grids are not one board with the same pieces moved.
fn from_grids(grids: &[Grid], title: String) -> Result<(Scene, Vec<Vec<Placed>>)> {
    let Some(first) = grids.first() else {
        refuse!("a picture needs at least one board");
    };
    if let Some(other) =
        (grids.iter()).find(|grid| (grid.width(), grid.height()) != (first.width(), first.height()))
    {
        refuse!(
            "the boards of the solution change size: {}x{} then {}x{}",
            first.width(),
            first.height(),
            other.width(),
            other.height()
        );
    }
    let frames = (grids.iter())
        .map(|grid| {
            (grid.pieces().into_iter())
                .map(|(name, cells)| Placed { name, cells })
                .collect()
        })
        .collect();
    let scene = Scene {
        width: first.width(),
        height: first.height(),
        walls: first.walls(),
        highlighted: first.goal_pieces().to_vec(),
        title,
    };
    Ok((scene, frames))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn piece(name: &str, cells: &[Cell]) -> Placed {
        Placed {
            name: name.to_owned(),
            cells: cells.to_vec(),
        }
    }

    #[test]
    fn markup_and_control_characters_are_escaped() {
        assert_eq!(
            escape(r#"<a href="x">Tom & 'Jerry'</a>"#),
            "&lt;a href=&quot;x&quot;&gt;Tom &amp; &apos;Jerry&apos;&lt;/a&gt;"
        );
        assert_eq!(escape("bell\u{7}\ttab"), "bell\u{fffd}\ttab");
        assert_eq!(escape("横刀立马"), "横刀立马");
    }

    #[test]
    fn key_times_are_short_fractions() {
        assert_eq!(fraction(0.0, 4.0), "0");
        assert_eq!(fraction(4.0, 4.0), "1");
        assert_eq!(fraction(1.0, 4.0), "0.25");
        assert_eq!(fraction(1.0, 3.0), "0.333333");
    }

    #[test]
    fn two_moves_are_three_frames_held_at_both_ends() {
        let scene = Scene {
            width: 3,
            height: 2,
            walls: vec![(1, 2)],
            highlighted: vec!["A&B".to_owned()],
            title: "a <test>".to_owned(),
        };
        // A domino slides right, then the single cell slides up under it.
        let frames = vec![
            vec![piece("A&B", &[(0, 0), (0, 1)]), piece("1", &[(1, 1)])],
            vec![piece("1", &[(1, 1)]), piece("A&B", &[(0, 2), (0, 1)])],
            vec![piece("A&B", &[(0, 1), (0, 2)]), piece("1", &[(1, 0)])],
        ];
        let svg = render(&scene, &frames).unwrap();
        assert!(svg.contains("<title>a &lt;test&gt;</title>"), "{svg}");
        assert!(svg.contains("data-moves=\"2\""), "{svg}");
        assert!(
            svg.contains("<rect class=\"wall\" x=\"96\" y=\"48\""),
            "{svg}"
        );
        assert!(
            svg.contains(
                "<g class=\"piece goal\" data-piece=\"A&amp;B\" transform=\"translate(0 0)\">"
            ),
            "{svg}"
        );
        // Start held, then a frame a move (2 moves: 1.0 s + 0.8 s), goal held: 3.8 s.
        let times = "keyTimes=\"0;0.263158;0.368421;0.473684;1\" dur=\"3.8s\"";
        assert!(
            svg.contains(&format!("values=\"0 0;0 0;48 0;48 0;48 0\" {times}")),
            "{svg}"
        );
        assert!(
            svg.contains(&format!("values=\"48 48;48 48;48 48;0 48;0 48\" {times}")),
            "{svg}"
        );
        assert!(svg.contains("data-step=\"0\">move 0 of 2<animate attributeName=\"visibility\" calcMode=\"discrete\" values=\"visible;hidden\" keyTimes=\"0;0.263158\""), "{svg}");
        assert!(svg.contains("data-step=\"1\" visibility=\"hidden\">move 1 of 2<animate attributeName=\"visibility\" calcMode=\"discrete\" values=\"hidden;visible;hidden\" keyTimes=\"0;0.263158;0.368421\""), "{svg}");
        assert!(svg.contains("data-step=\"2\" visibility=\"hidden\">move 2 of 2<animate attributeName=\"visibility\" calcMode=\"discrete\" values=\"hidden;visible\" keyTimes=\"0;0.368421\""), "{svg}");
        // The domino is one outlined piece: six edges, none between its two cells.
        assert!(
            svg.contains("<path d=\"M0 0h48M0 48h48M0 0v48M48 0h48M48 48h48M96 0v48\"/>"),
            "{svg}"
        );
    }

    #[test]
    fn frames_that_do_not_follow_the_pieces_are_refused() {
        let scene = Scene {
            width: 2,
            height: 2,
            ..Scene::default()
        };
        let start = vec![piece("A", &[(0, 0), (0, 1)])];
        let refused = |later: Vec<Placed>| {
            render(&scene, &[start.clone(), later])
                .unwrap_err()
                .to_string()
        };
        assert!(refused(vec![piece("A", &[(0, 0), (1, 0)])]).contains("changes its shape"));
        assert!(refused(vec![piece("B", &[(1, 0), (1, 1)])]).contains("the first has not"));
        assert!(refused(vec![piece("A", &[(2, 0), (2, 1)])]).contains("off the board"));
        assert!(refused(vec![]).contains("has 0 pieces"));
        assert!(render(&scene, &[]).is_err());
        let still = render(&scene, &[start]).unwrap();
        assert!(!still.contains("<animate"), "{still}");
        assert!(still.contains("move 0 of 0</text>"), "{still}");
    }
}
