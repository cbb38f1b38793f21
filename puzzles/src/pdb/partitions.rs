//! Standard tile partitions for the blank-first goal `0 1 2 .. N-1` (blank in the top-left).
//!
//! ```text
//! 15-puzzle cells      24-puzzle cells
//!  0  1  2  3           0  1  2  3  4
//!  4  5  6  7           5  6  7  8  9
//!  8  9 10 11          10 11 12 13 14
//! 12 13 14 15          15 16 17 18 19
//!                      20 21 22 23 24
//! ```
//!
//! With this goal, tile `t`'s goal cell is `t`, so the patterns read as board regions.
//! [`OwnPartition`] holds a partition of one's own, named by its patterns.

use super::PdbError;

/// 15-puzzle 7-8 partition of Korf & Felner, "Disjoint pattern database heuristics"
/// (Artificial Intelligence 134, 2002): tiles 1-7 (the rest of the top two rows) and 8-15 (the
/// bottom two rows).
pub const FIFTEEN_7_8: [&[u8]; 2] = [&[1, 2, 3, 4, 5, 6, 7], &[8, 9, 10, 11, 12, 13, 14, 15]];

/// 15-puzzle 7-8 partition split along the anti-diagonal: {1,2,3,4,5,8,12} (the top-left 2x2
/// block with the rest of the top row and the left column) and {6,7,9,10,11,13,14,15}.
///
/// Our own choice, meant to be maxed with [`FIFTEEN_7_8`]: its seam crosses the seams of
/// `FIFTEEN_7_8` and of that partition's mirror image (which the reflected lookup uses), so
/// it prunes where they do not. It is its own mirror image about the main diagonal, so its
/// reflected lookup adds nothing; [`AdditivePdb::is_self_mirrored`](super::AdditivePdb::is_self_mirrored)
/// says so and the estimate skips it. Its 8-tile database takes as much memory as the one of
/// `FIFTEEN_7_8` (about 260 MB) and about a third longer to build: both patterns are their own
/// mirror images, which the build searches once, but across a diagonal it ranks each image
/// where across the middle it looks them up.
pub const FIFTEEN_7_8_DIAGONAL: [&[u8]; 2] =
    [&[1, 2, 3, 4, 5, 8, 12], &[6, 7, 9, 10, 11, 13, 14, 15]];

/// 15-puzzle 7-8 partition split along the main diagonal: {1,2,3,6,7,11,15} (the top-right
/// 2x2 block with the rest of the top row and the right column) and
/// {4,5,8,9,10,12,13,14}.
///
/// Our own choice, meant to be maxed with [`FIFTEEN_7_8`] and [`FIFTEEN_7_8_DIAGONAL`]: unlike
/// the latter it is not its own mirror image, so its reflected lookup is the partition
/// {4,8,9,12,13,14,15} / {1,2,3,5,6,7,10,11} and one pair of databases gives two more seams.
/// Its 8-tile pattern is its own mirror image across the other diagonal: its database takes
/// as much memory and as long to build as the one of `FIFTEEN_7_8_DIAGONAL`.
pub const FIFTEEN_7_8_ANTIDIAGONAL: [&[u8]; 2] =
    [&[1, 2, 3, 6, 7, 11, 15], &[4, 5, 8, 9, 10, 12, 13, 14]];

/// 15-puzzle 6-6-3 partition: {1,2,4,5,8,9}, {3,6,7,10,11,15}, {12,13,14}.
///
/// This is the split used for the blank-first goal by the public
/// `alexyuisingwu/sliding-puzzle-database-generator`, which follows Korf & Felner (2002); we could
/// not check it against the paper's figure itself, so treat it as a well-shaped partition rather
/// than as the paper's.
pub const FIFTEEN_6_6_3: [&[u8]; 3] = [&[1, 2, 4, 5, 8, 9], &[3, 6, 7, 10, 11, 15], &[12, 13, 14]];

/// 15-puzzle 5-5-5 partition: {1,2,3,6,7}, {4,5,8,9,12}, {10,11,13,14,15}.
///
/// Our own choice of three compact blocks (top right, left, bottom right); the published 5-5-5
/// partition could not be verified from a text source.
pub const FIFTEEN_5_5_5: [&[u8]; 3] = [&[1, 2, 3, 6, 7], &[4, 5, 8, 9, 12], &[10, 11, 13, 14, 15]];

/// 24-puzzle 6-6-6-6 partition of Korf & Felner (2002):
/// {1,2,5,6,7,12}, {3,4,8,9,13,14}, {10,11,15,16,20,21}, {17,18,19,22,23,24}.
///
/// These are the groups of Korf's published databases (files named `pattern_1_2_5_6_7_12`,
/// `pattern_3_4_8_9_13_14`, ...). Other implementations citing the paper's figure use its mirror
/// image about the main diagonal; [`AdditivePdb`](super::AdditivePdb) takes the maximum with the reflected
/// lookup, so both give the same heuristic.
pub const TWENTY_FOUR_6_6_6_6: [&[u8]; 4] = [
    &[1, 2, 5, 6, 7, 12],
    &[3, 4, 8, 9, 13, 14],
    &[10, 11, 15, 16, 20, 21],
    &[17, 18, 19, 22, 23, 24],
];

/// 24-puzzle 6-6-6-6 partition turned a quarter around the centre, a pinwheel:
/// {1,2,3,5,6,7}, {4,8,9,13,14,19}, {10,11,12,15,16,20}, {17,18,21,22,23,24}.
///
/// ```text
///  .  a  a  a  b
///  a  a  a  b  b
///  c  c  c  b  b
///  c  c  d  d  b
///  c  d  d  d  d
/// ```
///
/// Our own choice, meant to be maxed with [`TWENTY_FOUR_6_6_6_6`]: its seams cross those of
/// that partition and of its mirror image (which the reflected lookup uses), so it prunes where
/// they do not.
pub const TWENTY_FOUR_6_6_6_6_PINWHEEL: [&[u8]; 4] = [
    &[1, 2, 3, 5, 6, 7],
    &[4, 8, 9, 13, 14, 19],
    &[10, 11, 12, 15, 16, 20],
    &[17, 18, 21, 22, 23, 24],
];

/// The blank-first goal `0 1 2 .. width*height-1` that the partitions above are laid out for.
pub fn blank_first_goal(width: usize, height: usize) -> Vec<u8> {
    (0..width * height).map(|cell| cell as u8).collect()
}

/// The standard partitions by name: what `slide pdb build NAME` and `--partition NAME`
/// take, for the blank-first goal of their board (see [`patterns`](Standard::patterns)).
///
/// ```
/// use puzzles::pdb::partitions::{Standard, FIFTEEN_7_8};
///
/// let seven_eight: Standard = "15-7-8".parse().unwrap();
/// assert_eq!(seven_eight, Standard::Fifteen78);
/// assert_eq!(seven_eight.patterns(), FIFTEEN_7_8);
/// assert_eq!((seven_eight.width(), seven_eight.height()), (4, 4));
/// assert!("15-9-6".parse::<Standard>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Standard {
    /// [`FIFTEEN_7_8`], `15-7-8`.
    Fifteen78,
    /// [`FIFTEEN_7_8_DIAGONAL`], `15-7-8-diagonal`.
    Fifteen78Diagonal,
    /// [`FIFTEEN_7_8_ANTIDIAGONAL`], `15-7-8-antidiagonal`.
    Fifteen78Antidiagonal,
    /// [`FIFTEEN_6_6_3`], `15-6-6-3`.
    Fifteen663,
    /// [`FIFTEEN_5_5_5`], `15-5-5-5`.
    Fifteen555,
    /// [`TWENTY_FOUR_6_6_6_6`], `24-6-6-6-6`.
    TwentyFour6666,
    /// [`TWENTY_FOUR_6_6_6_6_PINWHEEL`], `24-6-6-6-6-pinwheel`.
    TwentyFour6666Pinwheel,
}

impl Standard {
    /// Every standard partition, strongest first within each board.
    pub const ALL: [Standard; 7] = [
        Standard::Fifteen78,
        Standard::Fifteen78Diagonal,
        Standard::Fifteen78Antidiagonal,
        Standard::Fifteen663,
        Standard::Fifteen555,
        Standard::TwentyFour6666,
        Standard::TwentyFour6666Pinwheel,
    ];

    /// The name `slide` spells it with, e.g. `15-7-8`.
    pub const fn name(self) -> &'static str {
        match self {
            Standard::Fifteen78 => "15-7-8",
            Standard::Fifteen78Diagonal => "15-7-8-diagonal",
            Standard::Fifteen78Antidiagonal => "15-7-8-antidiagonal",
            Standard::Fifteen663 => "15-6-6-3",
            Standard::Fifteen555 => "15-5-5-5",
            Standard::TwentyFour6666 => "24-6-6-6-6",
            Standard::TwentyFour6666Pinwheel => "24-6-6-6-6-pinwheel",
        }
    }

    /// A one-line description, for help texts.
    pub const fn description(self) -> &'static str {
        match self {
            Standard::Fifteen78 => {
                "15-puzzle, patterns of 7 and 8 tiles (Korf & Felner): strong, 290 MB, minutes to build"
            }
            Standard::Fifteen78Diagonal => {
                "15-puzzle, 7-8 split along the anti-diagonal, maxed with 15-7-8: 290 MB more"
            }
            Standard::Fifteen78Antidiagonal => {
                "15-puzzle, 7-8 split along the main diagonal, maxed with 15-7-8: 290 MB more"
            }
            Standard::Fifteen663 => {
                "15-puzzle, patterns of 6, 6 and 3 tiles: about 6 MB, seconds to build"
            }
            Standard::Fifteen555 => {
                "15-puzzle, three patterns of 5 tiles: small and quickest to build"
            }
            Standard::TwentyFour6666 => "24-puzzle, four patterns of 6 tiles (Korf & Felner)",
            Standard::TwentyFour6666Pinwheel => {
                "24-puzzle, four patterns of 6 tiles turned a quarter around the centre, maxed with 24-6-6-6-6"
            }
        }
    }

    /// The patterns, tile numbers of the blank-first goal (which are also its cells).
    pub fn patterns(self) -> &'static [&'static [u8]] {
        match self {
            Standard::Fifteen78 => &FIFTEEN_7_8,
            Standard::Fifteen78Diagonal => &FIFTEEN_7_8_DIAGONAL,
            Standard::Fifteen78Antidiagonal => &FIFTEEN_7_8_ANTIDIAGONAL,
            Standard::Fifteen663 => &FIFTEEN_6_6_3,
            Standard::Fifteen555 => &FIFTEEN_5_5_5,
            Standard::TwentyFour6666 => &TWENTY_FOUR_6_6_6_6,
            Standard::TwentyFour6666Pinwheel => &TWENTY_FOUR_6_6_6_6_PINWHEEL,
        }
    }

    /// The patterns in the tile numbers of `goal` (a layout of this partition's board, tile at
    /// each cell) by cells: the tiles of `goal` on each pattern's cells, the tile on the
    /// top-left cell (which no pattern covers) taking the place of the blank's cell. For the
    /// blank-first goal, the patterns as they are. (Goals with their blank in another corner
    /// share the blank-first goal's databases instead, through a
    /// [`CornerRelabelling`](crate::CornerRelabelling).)
    ///
    /// ```
    /// use puzzles::pdb::partitions::Standard;
    ///
    /// let blank_first: Vec<u8> = (0..16).collect();
    /// assert_eq!(Standard::Fifteen555.on_cells_of(&blank_first), Standard::Fifteen555.to_vecs());
    /// ```
    pub fn on_cells_of(self, goal: &[u8]) -> Vec<Vec<u8>> {
        let blank = goal.iter().position(|&tile| tile == 0).unwrap_or(0);
        (self.patterns().iter())
            .map(|cells| {
                (cells.iter())
                    .map(|&cell| {
                        let cell = usize::from(cell);
                        goal[if cell == blank { 0 } else { cell }]
                    })
                    .collect()
            })
            .collect()
    }

    /// The patterns as owned vectors, as [`PdbHeuristic`](crate::PdbHeuristic) takes them.
    pub fn to_vecs(self) -> Vec<Vec<u8>> {
        self.patterns()
            .iter()
            .map(|pattern| pattern.to_vec())
            .collect()
    }

    /// The board width the partition is for.
    pub const fn width(self) -> usize {
        match self {
            Standard::TwentyFour6666 | Standard::TwentyFour6666Pinwheel => 5,
            _ => 4,
        }
    }

    /// The board height the partition is for (the boards are square).
    pub const fn height(self) -> usize {
        self.width()
    }

    /// The standard partitions of a `width` x `height` board, strongest first.
    pub fn for_board(width: usize, height: usize) -> impl Iterator<Item = Standard> {
        Self::ALL
            .into_iter()
            .filter(move |standard| (standard.width(), standard.height()) == (width, height))
    }
}

impl std::fmt::Display for Standard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not one of the [`Standard`] partitions'.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownPartition(pub String);

impl std::fmt::Display for UnknownPartition {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let names: Vec<&str> = Standard::ALL.iter().map(|s| s.name()).collect();
        write!(
            f,
            "unknown partition `{}` (the standard ones are {})",
            self.0,
            names.join(", ")
        )
    }
}

impl std::error::Error for UnknownPartition {}

impl std::str::FromStr for Standard {
    type Err = UnknownPartition;

    fn from_str(name: &str) -> Result<Self, Self::Err> {
        Standard::ALL
            .into_iter()
            .find(|standard| standard.name() == name)
            .ok_or_else(|| UnknownPartition(name.to_owned()))
    }
}

/// A partition of one's own: disjoint patterns of tile numbers of the blank-first goal, as
/// `slide pdb build --size WxH --pattern TILES ...` builds them into the cache. Spelled with
/// its patterns' tiles separated by commas and the patterns by slashes, `1,2,3,4/5,6,7,8`,
/// which is also its name where a standard partition's name would be (`--partition`'s
/// values, the `databases` of a result).
///
/// A search uses its databases only when they are cached (they are the user's choice, which
/// may take long to build, so a solve does not build them unasked), and only on a board whose
/// numbered tiles the patterns cover exactly; goals with their blank in a corner share the
/// blank-first goal's databases, as with the standard partitions.
///
/// ```
/// use puzzles::pdb::partitions::OwnPartition;
///
/// let own: OwnPartition = "5,6,7,8/4 3 2 1".parse().unwrap();
/// assert_eq!(own.patterns(), [vec![5, 6, 7, 8], vec![1, 2, 3, 4]]);
/// assert_eq!(own.to_string(), "5,6,7,8/1,2,3,4");
/// assert!(own.fits(3, 3).is_ok());
/// assert!(own.fits(4, 4).is_err());
/// assert!("1,2/2,3".parse::<OwnPartition>().is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct OwnPartition {
    /// Each pattern's tiles in increasing order, the patterns in the order given.
    patterns: Vec<Vec<u8>>,
}

impl OwnPartition {
    /// The partition of `patterns`, each a non-empty list of numbered tiles (not 0, the
    /// blank), no tile in two of them (their values add up only if they are disjoint).
    pub fn new(patterns: Vec<Vec<u8>>) -> Result<Self, BadOwnPartition> {
        if patterns.is_empty() {
            return Err(BadOwnPartition("a partition needs a pattern".to_owned()));
        }
        let mut seen = [false; 256];
        let mut sorted = Vec::with_capacity(patterns.len());
        for mut pattern in patterns {
            if pattern.is_empty() {
                return Err(BadOwnPartition("a pattern has no tiles".to_owned()));
            }
            pattern.sort_unstable();
            for &tile in &pattern {
                if tile == 0 {
                    return Err(BadOwnPartition(
                        "tile 0 is the blank, which no pattern holds".to_owned(),
                    ));
                }
                if std::mem::replace(&mut seen[usize::from(tile)], true) {
                    return Err(BadOwnPartition(format!(
                        "tile {tile} is in two patterns: the databases of a partition are disjoint, so that their values add up"
                    )));
                }
            }
            sorted.push(pattern);
        }
        Ok(Self { patterns: sorted })
    }

    /// The tiles of one pattern, as `slide pdb build --pattern` takes them: numbers separated
    /// by commas or spaces, in any order.
    pub fn parse_pattern(text: &str) -> Result<Vec<u8>, BadOwnPartition> {
        text.split([',', ' '])
            .filter(|tile| !tile.is_empty())
            .map(|tile| {
                tile.parse().map_err(|_| {
                    BadOwnPartition(format!(
                        "bad pattern `{text}`: `{tile}` is not a tile number"
                    ))
                })
            })
            .collect()
    }

    /// The patterns, each one's tiles in increasing order.
    pub fn patterns(&self) -> &[Vec<u8>] {
        &self.patterns
    }

    /// Checks that the patterns cover the numbered tiles of a `width` x `height` board
    /// exactly, as the additive heuristic needs (a tile left out would count for nothing, a
    /// tile the board lacks has no database entry).
    pub fn fits(&self, width: usize, height: usize) -> Result<(), PdbError> {
        let cells = width * height;
        let tiles: usize = self.patterns.iter().map(Vec::len).sum();
        let within = (self.patterns.iter().flatten()).all(|&tile| usize::from(tile) < cells);
        if within && tiles + 1 == cells {
            return Ok(());
        }
        Err(PdbError::OwnPartitionForOtherBoard {
            partition: self.to_string(),
            width,
            height,
        })
    }

    /// The `--pattern` arguments that build the partition's databases with `slide pdb build`.
    pub fn build_arguments(&self) -> String {
        let arguments: Vec<String> = (self.patterns.iter())
            .map(|pattern| format!("--pattern {}", tiles_text(pattern)))
            .collect();
        arguments.join(" ")
    }
}

/// Tiles separated by commas.
fn tiles_text(tiles: &[u8]) -> String {
    let tiles: Vec<String> = tiles.iter().map(u8::to_string).collect();
    tiles.join(",")
}

impl std::fmt::Display for OwnPartition {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let patterns: Vec<String> = self.patterns.iter().map(|p| tiles_text(p)).collect();
        f.write_str(&patterns.join("/"))
    }
}

impl std::str::FromStr for OwnPartition {
    type Err = BadOwnPartition;

    /// Patterns separated by `/`, each read by [`parse_pattern`](Self::parse_pattern).
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let patterns = (text.split('/'))
            .map(Self::parse_pattern)
            .collect::<Result<_, _>>()?;
        Self::new(patterns)
    }
}

/// Why a text or a list of patterns is not an [`OwnPartition`]; the message says which part.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadOwnPartition(pub String);

impl std::fmt::Display for BadOwnPartition {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BadOwnPartition {}

/// A partition asked of a [`PdbSource`](crate::PdbSource) by name: a standard one, or one of
/// one's own.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum AskedPartition {
    /// A standard partition, built on first use.
    Standard(Standard),
    /// Patterns of one's own, used only when their databases are cached.
    Own(OwnPartition),
}

impl std::str::FromStr for AskedPartition {
    type Err = BadOwnPartition;

    /// A standard partition's name, or an [`OwnPartition`]'s patterns.
    ///
    /// ```
    /// use puzzles::pdb::partitions::{AskedPartition, Standard};
    ///
    /// assert_eq!("15-7-8".parse(), Ok(AskedPartition::Standard(Standard::Fifteen78)));
    /// assert!(matches!("1,2,3,4/5,6,7,8".parse(), Ok(AskedPartition::Own(_))));
    /// assert!("15-9-6".parse::<AskedPartition>().is_err());
    /// ```
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        if let Ok(standard) = text.parse() {
            return Ok(AskedPartition::Standard(standard));
        }
        if text.contains(|c: char| !(c.is_ascii_digit() || matches!(c, ',' | ' ' | '/'))) {
            return Err(BadOwnPartition(
                UnknownPartition(text.to_owned()).to_string(),
            ));
        }
        text.parse().map(AskedPartition::Own)
    }
}

impl std::fmt::Display for AskedPartition {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AskedPartition::Standard(standard) => standard.fmt(f),
            AskedPartition::Own(own) => own.fmt(f),
        }
    }
}
