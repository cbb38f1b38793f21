//! Which abstract problem a pattern database solves exactly: the choice between a stronger and
//! a consistent heuristic.

/// The abstraction whose exact distances a [`PatternDatabase`](super::PatternDatabase) stores.
///
/// Both count only moves of pattern tiles, so disjoint databases of either kind add up to an
/// admissible heuristic; they differ in what they remember about the blank.
///
/// | | [`BlankRegions`](Abstraction::BlankRegions) | [`FreeBlank`](Abstraction::FreeBlank) |
/// |---|---|---|
/// | values | larger or equal, entry by entry | smaller or equal |
/// | admissible | yes | yes |
/// | consistent | no | yes |
/// | build | a state per blank region | a state per placement |
///
/// Prefer `BlankRegions` for IDA*, which only needs admissibility and gains from every larger
/// value; prefer `FreeBlank` where consistency matters (A* that must never reopen a node,
/// bounds that assume `|h(a) - h(b)| <= 1` across a move).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Abstraction {
    /// The blank is kept up to the region of non-pattern cells that holds it: moving a pattern
    /// tile needs the blank next to it in that region, and the stored value is the minimum over
    /// the regions. The stronger heuristic, but the minimum forgets the blank's actual region,
    /// so one move can change a value by more than one: **not consistent**.
    #[default]
    BlankRegions,
    /// The blank is dropped: a pattern tile may move into any adjacent cell not held by another
    /// pattern tile, at cost 1, as if the blank were always where it is needed. Every real move
    /// is an abstract move of cost at most 1 or leaves the placement unchanged, so a value
    /// changes by at most one per move: **consistent**, and never above the `BlankRegions`
    /// value of the same placement.
    FreeBlank,
}

impl Abstraction {
    /// The byte that stands for the abstraction in the file header.
    pub(crate) fn code(self) -> u8 {
        match self {
            Self::BlankRegions => 0,
            Self::FreeBlank => 1,
        }
    }

    /// The abstraction of a header byte, if it names one.
    pub(crate) fn from_code(code: u8) -> Option<Self> {
        match code {
            0 => Some(Self::BlankRegions),
            1 => Some(Self::FreeBlank),
            _ => None,
        }
    }

    /// Whether the heuristic of databases of this abstraction is consistent.
    pub fn is_consistent(self) -> bool {
        self == Self::FreeBlank
    }
}

impl std::fmt::Display for Abstraction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Self::BlankRegions => "blank-regions",
            Self::FreeBlank => "free-blank",
        })
    }
}
