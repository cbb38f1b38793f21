//! Solutions as pictures: an animated SVG in which the pieces slide one move at a time under a
//! move counter (`--svg FILE` of `solve`, `klotski` and `blocks`).
//!
//! The module knows no puzzle. It takes a [`Scene`] (the board's size, its walls, the pieces to
//! draw in the goal colour) and frames, each placing named pieces on cells: a tile is a piece of
//! one cell labelled with its number, a Klotski or blocks piece any set of cells (any polyomino)
//! labelled with its letter. Each subcommand builds the frames from the boards its `--boards`
//! prints. It lives in the binary, beside the text and JSON reports, because it is output
//! formatting, not puzzle rules; its input is plain data, so it can move into `puzzles`
//! unchanged once a library user asks for it.
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
use std::fmt::Write as _;
use std::path::Path;

use anyhow::{bail, Result};

use puzzles::front_end::Grid;

use crate::output::status::{self, FileFailure};

/// A cell of the board: row, then column, both from zero at the top-left.
pub type Cell = (usize, usize);

/// Pixels a cell is wide and tall.
pub const CELL_PIXELS: usize = 48;

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
pub struct Placed {
    /// The piece's name: its label, and its `data-piece`. A piece keeps its name in every
    /// frame, which is how it is followed from one frame to the next.
    pub name: String,
    /// The cells it covers, in any order; in every frame the same shape, moved.
    pub cells: Vec<Cell>,
}

/// What the pieces move on, and how they are drawn.
#[derive(Debug, Clone, Default)]
pub struct Scene {
    /// Width in cells.
    pub width: usize,
    /// Height in cells.
    pub height: usize,
    /// The cells that are walls, drawn dark and never moved.
    pub walls: Vec<Cell>,
    /// The names of the pieces drawn in the goal colour (Klotski's block, the pieces a goal
    /// names).
    pub highlighted: Vec<String>,
    /// The picture's `<title>`, for viewers and screen readers.
    pub title: String,
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
        bail!("a picture needs at least one frame");
    };
    let mut tracks: Vec<Track<'frames>> = Vec::with_capacity(first.len());
    let mut index: HashMap<&str, usize> = HashMap::with_capacity(first.len());
    for (step, frame) in frames.iter().enumerate() {
        if frame.len() != first.len() {
            bail!(
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
                bail!(
                    "piece {} is off the board in frame {step}, at row {row}, column {column}",
                    placed.name
                );
            }
            let Some((origin, shape)) = shape_of(&placed.cells) else {
                bail!("piece {} covers no cell in frame {step}", placed.name);
            };
            if step == 0 {
                if index.insert(&placed.name, tracks.len()).is_some() {
                    bail!("two pieces are named {}", placed.name);
                }
                tracks.push(Track {
                    name: &placed.name,
                    shape: shape.clone(),
                    origins: Vec::with_capacity(frames.len()),
                });
            }
            let Some(&number) = index.get(placed.name.as_str()) else {
                bail!("frame {step} has a piece {} the first has not", placed.name);
            };
            if std::mem::replace(&mut seen[number], true) {
                bail!("frame {step} places piece {} twice", placed.name);
            }
            let track = &mut tracks[number];
            if track.shape != shape {
                bail!("piece {} changes its shape in frame {step}", placed.name);
            }
            track.origins.push(origin);
        }
    }
    Ok(tracks)
}

/// `text` made safe for XML character data and attribute values: markup characters as
/// entities, and the characters XML 1.0 cannot hold at all (most control characters) as U+FFFD.
pub fn escape(text: &str) -> String {
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
pub fn animate(scene: &Scene, frames: &[Vec<Placed>]) -> Result<String> {
    let tracks = tracks(scene, frames)?;
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
    for track in &tracks {
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

/// Refuses `path` as the SVG's destination before any search runs: a directory, a path in a
/// directory that does not exist, one of `inputs` (the layout being solved would be lost), or
/// the file standard output goes to (the solution printed there would be cut off by the
/// picture written over it).
///
/// # Errors
/// A [`FileFailure`] (exit code 5) saying which.
pub fn check_destination(path: &Path, inputs: &[&Path]) -> Result<()> {
    let refuse = |why: String| -> Result<()> {
        Err(FileFailure(format!("cannot write the SVG to {}: {why}", path.display())).into())
    };
    let directory = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    if path.is_dir() {
        return refuse("it is a directory".to_owned());
    }
    if !directory.is_dir() {
        return refuse(format!("no directory {}", directory.display()));
    }
    if let Ok(target) = std::fs::metadata(path) {
        if (inputs.iter())
            .any(|input| std::fs::metadata(input).is_ok_and(|input| same_file(&input, &target)))
        {
            return refuse("it is the input being solved".to_owned());
        }
        if standard_output().is_some_and(|output| same_file(&output, &target)) {
            return refuse(
                "standard output goes there too, and the solution printed to it would be lost"
                    .to_owned(),
            );
        }
    }
    Ok(())
}

/// The metadata of the file standard output is, if it can be had.
fn standard_output() -> Option<std::fs::Metadata> {
    use std::os::fd::AsFd;
    let descriptor = std::io::stdout().as_fd().try_clone_to_owned().ok()?;
    std::fs::File::from(descriptor).metadata().ok()
}

/// Whether two metadata describe one file (the same device and inode).
fn same_file(one: &std::fs::Metadata, other: &std::fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    one.dev() == other.dev() && one.ino() == other.ino()
}

/// Writes `svg` to `path` whole or not at all: into a temporary file beside it, renamed over
/// `path` once written, so that a full disk leaves the old picture as it was, not a torn one.
///
/// # Errors
/// A [`FileFailure`] (exit code 5) naming the path and why it could not be written.
pub fn write(path: &Path, svg: &str) -> Result<()> {
    let failed = |error: &dyn std::fmt::Display| {
        anyhow::Error::from(FileFailure(format!(
            "cannot write the SVG to {}: {error}",
            path.display()
        )))
    };
    let directory = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    let mut file = tempfile::Builder::new()
        .prefix(".slide-svg-")
        .tempfile_in(directory)
        .map_err(|error| failed(&error))?;
    std::io::Write::write_all(&mut file, svg.as_bytes())
        .and_then(|()| file.as_file().sync_all())
        .map_err(|error| failed(&error))?;
    file.persist(path).map_err(|error| failed(&error.error))?;
    Ok(())
}

/// The picture of a solution from its states drawn as grids ([`Grid`]), the start first:
/// each piece followed by its label, the walls and goal pieces from the start's grid.
///
/// # Errors
/// If there is no grid, or the grids are not one board with the same pieces moved.
pub fn from_grids(grids: &[Grid], title: String) -> Result<(Scene, Vec<Vec<Placed>>)> {
    let Some(first) = grids.first() else {
        bail!("a picture needs at least one board");
    };
    if let Some(other) =
        (grids.iter()).find(|grid| (grid.width(), grid.height()) != (first.width(), first.height()))
    {
        bail!(
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

/// Writes the picture of a solution to `path`; when the search found none (`picture` is
/// `None`: unreachable, or a limit stopped it), writes nothing and says so on standard error.
///
/// # Errors
/// If the frames do not make a picture, or a [`FileFailure`] naming the path.
pub fn save(path: &Path, picture: Option<(Scene, Vec<Vec<Placed>>)>) -> Result<()> {
    match picture {
        Some((scene, frames)) => write(path, &animate(&scene, &frames)?),
        None => {
            status::note(format_args!(
                "no solution, so no SVG is written to {}",
                path.display()
            ));
            Ok(())
        }
    }
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
        let svg = animate(&scene, &frames).unwrap();
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
            animate(&scene, &[start.clone(), later])
                .unwrap_err()
                .to_string()
        };
        assert!(refused(vec![piece("A", &[(0, 0), (1, 0)])]).contains("changes its shape"));
        assert!(refused(vec![piece("B", &[(1, 0), (1, 1)])]).contains("the first has not"));
        assert!(refused(vec![piece("A", &[(2, 0), (2, 1)])]).contains("off the board"));
        assert!(refused(vec![]).contains("has 0 pieces"));
        assert!(animate(&scene, &[]).is_err());
        let still = animate(&scene, &[start]).unwrap();
        assert!(!still.contains("<animate"), "{still}");
        assert!(still.contains("move 0 of 0</text>"), "{still}");
    }
}
