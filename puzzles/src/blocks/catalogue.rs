//! Shipped layouts: classic Klotski (Huarong Dao) layouts, Rush Hour boards and other classic
//! sliding-block puzzles, with their optimal lengths and where the layout and figures come from.

use super::error::LayoutError;
use super::layout::Blocks;
use super::state::Placement;

/// How a shipped layout is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Notation {
    /// The [layout format](crate::blocks#the-layout-format), read by [`Blocks::parse`].
    Layout,
    /// The 36-character Rush Hour notation, read by [`Blocks::parse_rush_hour`].
    RushHour,
}

/// A layout shipped with the crate, with its optimal solution lengths.
///
/// `piece_moves` and `steps` are the optimal lengths under [`Metric::Piece`] and
/// [`Metric::Step`], as this crate's breadth-first search finds them (the integration tests
/// recompute them on every run). The `published_*` fields hold the figures a published source
/// gives, where one was found; the tests fail if a search disagrees with them.
///
/// [`Metric::Piece`]: crate::blocks::Metric::Piece
/// [`Metric::Step`]: crate::blocks::Metric::Step
///
/// ```
/// use puzzles::blocks::SHIPPED;
/// use search_core::bfs;
///
/// let pennant = SHIPPED.iter().find(|layout| layout.name == "Pennant Puzzle").unwrap();
/// let (problem, start) = pennant.load()?;
/// assert_eq!(bfs(&problem, start).into_solution().map(|s| s.cost), Some(pennant.piece_moves));
/// # Ok::<(), puzzles::blocks::LayoutError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ShippedLayout {
    /// The layout's name.
    pub name: &'static str,
    /// How [`text`](ShippedLayout::text) is written.
    pub notation: Notation,
    /// The layout.
    pub text: &'static str,
    /// Optimal length when one move is one piece moving anywhere it can reach.
    pub piece_moves: u32,
    /// Optimal length when one move is one piece moving one cell.
    pub steps: u32,
    /// The piece-metric length a published source gives, if one was found.
    pub published_piece_moves: Option<u32>,
    /// The step-metric length a published source gives, if one was found.
    pub published_steps: Option<u32>,
    /// The number of placements reachable from the start a published source gives, if any.
    pub published_cluster: Option<usize>,
    /// Where the layout and the published figures come from.
    pub source: &'static str,
}

impl ShippedLayout {
    /// The puzzle and its start placement.
    ///
    /// # Errors
    /// None for the shipped layouts (the tests parse every one); the [`LayoutError`] of the
    /// parser otherwise.
    pub fn load(&self) -> Result<(Blocks, Placement), LayoutError> {
        match self.notation {
            Notation::Layout => Blocks::parse(self.text),
            Notation::RushHour => Blocks::parse_rush_hour(self.text),
        }
    }

    /// The shipped layouts whose names contain `name`, ignoring case: one when `name` names a
    /// layout, none or several otherwise (for the caller to say which).
    ///
    /// ```
    /// use puzzles::blocks::ShippedLayout;
    ///
    /// assert_eq!(ShippedLayout::named("PENNANT")[0].piece_moves, 59);
    /// assert!(ShippedLayout::named("Rush Hour").len() > 1);
    /// assert!(ShippedLayout::named("chess").is_empty());
    /// ```
    pub fn named(name: &str) -> Vec<&'static ShippedLayout> {
        let wanted = name.to_lowercase();
        (SHIPPED.iter())
            .filter(|layout| layout.name.to_lowercase().contains(&wanted))
            .collect()
    }
}

/// Where the Chinese layouts' drawings come from: a public Huarong Dao game's level table
/// (an SQL seed of `level_map` rows, one 20-digit cell string per layout), whose 横刀立马 matches
/// the layout every source draws.
const HUARONG_LEVEL_TABLE: &str = "layout from a public Huarong Dao game's level table \
     (SQL seed `level_map`, cell string per layout)";

/// The shipped layouts.
pub const SHIPPED: &[ShippedLayout] = &[
    ShippedLayout {
        name: "横刀立马 (Klotski classic)",
        notation: Notation::Layout,
        text: "goal: B at 4,2\nABBC\nABBC\nDEEF\nDGHF\nI..J",
        piece_moves: 81,
        steps: 116,
        published_piece_moves: Some(81),
        published_steps: Some(116),
        published_cluster: None,
        source: "81 moves: Martin Gardner, and https://zh.wikipedia.org/wiki/华容道_(游戏); \
                 116 unit moves: http://tmuetze.de/puzzle.html (Mütze, 'Sliding block puzzles')",
    },
    ShippedLayout {
        name: "指挥若定",
        notation: Notation::Layout,
        text: "goal: B at 4,2\nABBC\nABBC\nDEEF\nGHIJ\nG..J",
        piece_moves: 70,
        steps: 100,
        published_piece_moves: Some(70),
        published_steps: None,
        published_cluster: None,
        source: "layout from a public Huarong Dao game's level table (SQL seed `level_map`); \
                 70 moves: the minMoves of another public Huarong Dao game's level list; \
                 steps computed here",
    },
    ShippedLayout {
        name: "将拥曹营",
        notation: Notation::Layout,
        text: "goal: B at 4,2\n.BB.\nABBC\nADEC\nFDEG\nHHIJ",
        piece_moves: 72,
        steps: 101,
        published_piece_moves: Some(72),
        published_steps: None,
        published_cluster: None,
        source: "layout from a public Huarong Dao game's level table (SQL seed `level_map`); \
                 72 moves: the minMoves of another public Huarong Dao game's level list; \
                 steps computed here",
    },
    ShippedLayout {
        name: "齐头并进",
        notation: Notation::Layout,
        text: "goal: B at 4,2\nABBC\nABBC\nDEFG\nHIIJ\nH..J",
        piece_moves: 60,
        steps: 85,
        published_piece_moves: Some(60),
        published_steps: None,
        published_cluster: None,
        source: "layout from a public Huarong Dao game's level table (SQL seed `level_map`); \
                 60 moves: the minMoves of another public Huarong Dao game's level list; \
                 steps computed here",
    },
    ShippedLayout {
        name: "兵分三路",
        notation: Notation::Layout,
        text: "goal: B at 4,2\nABBC\nDBBE\nDFFE\nGHIJ\nG..J",
        piece_moves: 72,
        steps: 92,
        published_piece_moves: None,
        published_steps: None,
        published_cluster: None,
        source: HUARONG_LEVEL_TABLE,
    },
    ShippedLayout {
        name: "雨声淅沥",
        notation: Notation::Layout,
        text: "goal: B at 4,2\nABBC\nABBD\nEFFG\nEH.G\nIH.J",
        piece_moves: 47,
        steps: 60,
        published_piece_moves: None,
        published_steps: None,
        published_cluster: None,
        source: HUARONG_LEVEL_TABLE,
    },
    ShippedLayout {
        name: "Pennant Puzzle",
        notation: Notation::Layout,
        text: "goal: A at 4,1\nAABB\nAACC\nHI..\nFEDD\nFEGG",
        piece_moves: 59,
        steps: 83,
        published_piece_moves: Some(59),
        published_steps: None,
        published_cluster: None,
        source: "L. W. Hardy, 1909 (also sold as Dad's Puzzler): the 2x2 block to the bottom \
                 left; layout from a public Klotski game's board list, 59 moves from a \
                 'Classic Sliding-Block Puzzles' collection file (Pennant Puzzle, 'step 59'); \
                 steps computed here",
    },
    ShippedLayout {
        name: "Hughes Puzzle",
        notation: Notation::Layout,
        text: "goal: A at 3,3\nA.1\nA.2\n633\n554",
        piece_moves: 21,
        steps: 31,
        published_piece_moves: Some(21),
        published_steps: None,
        published_cluster: None,
        source: "layout and 21 moves from a 'Classic Sliding-Block Puzzles' collection file \
                 (Hughes Puzzle, 'step 21'); steps computed here",
    },
    ShippedLayout {
        name: "Motor-Car Problem",
        notation: Notation::Layout,
        text: "alike: 123 456\ngoal: 4 at 1,1\ngoal: 5 at 1,2\ngoal: 6 at 1,3\n\
               goal: 1 at 5,1\ngoal: 2 at 5,2\ngoal: 3 at 5,3\n123\nx.x\n..x\nx.x\n456",
        piece_moves: 17,
        steps: 62,
        published_piece_moves: Some(17),
        published_steps: None,
        published_cluster: None,
        source: "H. E. Dudeney, 1903: the three cars of each end trade places through the \
                 walled yard; layout and 17 moves from a 'Classic Sliding-Block Puzzles' \
                 collection file (Motor-Car Problem, 'step 17', cars of one end alike); steps \
                 computed here",
    },
    ShippedLayout {
        name: "10 Block Puzzle",
        notation: Notation::Layout,
        text: "goal: A at 4,1\ngoal: B at 1,1\nAACD\nAAEE\n..FG\nBBHH\nBBIJ",
        piece_moves: 47,
        steps: 71,
        published_piece_moves: None,
        published_steps: None,
        published_cluster: None,
        source: "A. Filipiak: swap the two 2x2 blocks; layout from a public Klotski game's \
                 board list; no published optimum found, both lengths computed here",
    },
    ShippedLayout {
        name: "Blockado",
        notation: Notation::Layout,
        text: "goal: A at 5,1\nAABB\nAACC\n..DD\nEFGG\nEFHH\nIJKK",
        piece_moves: 74,
        steps: 103,
        published_piece_moves: None,
        published_steps: None,
        published_cluster: None,
        source: "Acme Novelty Sales, on a 4x6 tray: the 2x2 block to the bottom left; layout \
                 from a public Klotski game's board list; no published optimum found, both \
                 lengths computed here",
    },
    ShippedLayout {
        name: "Rush Hour: the hardest board of Fogleman's database",
        notation: Notation::RushHour,
        text: "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM",
        piece_moves: 60,
        steps: 103,
        published_piece_moves: Some(60),
        published_steps: None,
        published_cluster: Some(2332),
        source: "Michael Fogleman, https://www.michaelfogleman.com/rush/ (database line \
                 '60 IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM 2332': moves, board, cluster size); \
                 steps computed here",
    },
    ShippedLayout {
        name: "Rush Hour: the hardest board without walls",
        notation: Notation::RushHour,
        text: "BBBCDEFGGCDEFoAADEHHIooooJIoKKoJLLMM",
        piece_moves: 49,
        steps: 93,
        published_piece_moves: Some(49),
        published_steps: Some(93),
        published_cluster: Some(24_132),
        source: "Collette, Raskin and Servais, 'On the symbolic computation of the hardest \
                 configurations of the Rush Hour game', Computers and Games 2006 (93 steps, \
                 cluster of 24,132); 49 moves and 93 steps: github.com/fogleman/rush \
                 cmd/example/main.go",
    },
    ShippedLayout {
        name: "Rush Hour: card 40 (expert)",
        notation: Notation::RushHour,
        text: "BCCDDDBoEEFoAAGoFoHHGIIJoKKLoJMMMLoJ",
        piece_moves: 44,
        steps: 70,
        published_piece_moves: None,
        published_steps: None,
        published_cluster: None,
        source: "the last of the original game's forty cards as transcribed in \
                 github.com/fogleman/rush cmd/forty/main.go; no published optimum found, \
                 both lengths computed here",
    },
];
