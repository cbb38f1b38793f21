//! Pattern databases for depth-first search, updated per move instead of recomputed.

use search_core::IncrementalHeuristic;

use super::manhattan::Manhattan;
use super::pattern_database::PdbHeuristic;
use crate::pdb::{AdditivePdb, Lookups};
use crate::tiles::moves::Move;
use crate::tiles::packing::PackedWord;
use crate::tiles::puzzle::{SlidingPuzzle, TileCost, TileState};
use crate::tiles::shape::MAX_CELLS;

/// The most databases whose entries a [`PdbMemo`] keeps; partitions into more parts are
/// estimated from scratch at every node (still without scanning the board).
const MOST_PARTS: usize = 8;

/// [`PdbHeuristic`] for IDA*, carrying each node's lookups to its children: a move changes one
/// tile, so only the database holding that tile (and, with reflection, the one holding its
/// mirror image) is looked up again, two lookups a node instead of one per database and view.
///
/// The estimates are exactly those of the [`PdbHeuristic`] it was made from (tests compare them
/// on every node of random walks), so searches find the same solutions after the same number
/// of nodes, faster. With [`Lookups::Dual`] the dual views are still computed in full at every
/// node (the memo spares the board scan only).
///
/// Made by [`PdbHeuristic::incremental`]; it borrows the databases.
///
/// ```
/// use puzzles::{Board, PdbHeuristic, SlidingPuzzle};
/// use search_core::idastar;
///
/// let goal = Board::parse("123456780").unwrap();
/// let heuristic = PdbHeuristic::build(&goal, &[vec![1, 2, 3, 4], vec![5, 6, 7, 8]], |_, _| {})
///     .unwrap();
/// let puzzle = SlidingPuzzle::<u64>::new(&goal).unwrap();
/// let start = puzzle.state(&Board::parse("867254301").unwrap()).unwrap();
/// let plain = idastar(&puzzle, &heuristic, start);
/// let incremental = idastar(&puzzle, &heuristic.incremental(), start);
/// assert_eq!(incremental.solution().unwrap().len(), 31);
/// assert_eq!(incremental.statistics.generated, plain.statistics.generated);
/// ```
#[derive(Clone, Debug)]
pub struct IncrementalPdb<'a> {
    pdb: &'a AdditivePdb,
    manhattan: Manhattan,
    cells: usize,
    /// `part[tile]`: the database that holds `tile` (unused for the blank).
    part: [u8; MAX_CELLS],
    /// The reflection's cell and tile maps, when the estimate looks the reflection up.
    reflection: Option<([u8; MAX_CELLS], [u8; MAX_CELLS])>,
    /// Whether the memo's entries are kept; otherwise every node is estimated in full.
    updates: bool,
}

/// What [`IncrementalPdb`] remembers of a node: where every tile is, in the state and in its
/// reflection, each database's entry in both views, and the Manhattan distance.
///
/// The parts an estimate does not use stay zero, so that two memos of one state are equal
/// however the search reached it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PdbMemo {
    positions: [u8; MAX_CELLS],
    reflected: [u8; MAX_CELLS],
    entries: [[u8; MOST_PARTS]; 2],
    sums: [u16; 2],
    manhattan: u16,
}

impl PdbHeuristic {
    /// The same estimate for IDA*, updated per move: see [`IncrementalPdb`].
    pub fn incremental(&self) -> IncrementalPdb<'_> {
        let pdb = self.databases();
        let cells = self.goal().shape().cells();
        let mut part = [0u8; MAX_CELLS];
        for (index, database) in pdb.databases().iter().enumerate() {
            for &tile in database.pattern() {
                part[usize::from(tile)] = index as u8;
            }
        }
        let reflection = match pdb.lookups() {
            Lookups::Regular => None,
            _ => pdb.reflection_maps().map(|(cell, tile)| {
                let (mut cells_to, mut tiles_to) = ([0u8; MAX_CELLS], [0u8; MAX_CELLS]);
                cells_to[..cells].copy_from_slice(&cell[..cells]);
                tiles_to[..cells].copy_from_slice(&tile[..cells]);
                (cells_to, tiles_to)
            }),
        };
        IncrementalPdb {
            pdb,
            manhattan: Manhattan::new(self.goal()),
            cells,
            part,
            reflection,
            updates: pdb.databases().len() <= MOST_PARTS && pdb.lookups() != Lookups::Dual,
        }
    }
}

impl IncrementalPdb<'_> {
    /// The memo of the state whose tiles sit on `positions`, looking every database up.
    fn memo(&self, positions: [u8; MAX_CELLS]) -> PdbMemo {
        let cells = self.cells;
        let manhattan = (1..cells)
            .map(|tile| {
                self.manhattan
                    .tile_distance(tile, usize::from(positions[tile]))
            })
            .sum();
        let mut memo = PdbMemo {
            positions,
            reflected: [0; MAX_CELLS],
            entries: [[0; MOST_PARTS]; 2],
            sums: [0; 2],
            manhattan,
        };
        if !self.updates {
            return memo;
        }
        if let Some((cell, tile)) = &self.reflection {
            for t in 0..cells {
                memo.reflected[usize::from(tile[t])] = cell[usize::from(positions[t])];
            }
        }
        let databases = self.pdb.databases();
        for view in 0..self.views() {
            let positions = if view == 0 {
                &memo.positions
            } else {
                &memo.reflected
            };
            for (part, database) in databases.iter().enumerate() {
                memo.entries[view][part] = database.excess(&positions[..cells]);
            }
            memo.sums[view] = memo.entries[view].iter().map(|&e| u16::from(e)).sum();
        }
        memo
    }

    /// How many views the memo's entries cover: the state, and its reflection if looked up.
    #[inline(always)]
    fn views(&self) -> usize {
        1 + usize::from(self.reflection.is_some())
    }

    /// The estimate of a node from its memo.
    #[inline(always)]
    fn value(&self, memo: &PdbMemo) -> TileCost {
        if !self.updates {
            // A sum of at most 25 byte-sized values always fits.
            return self.pdb.estimate(&memo.positions[..self.cells]) as TileCost;
        }
        memo.manhattan + 2 * memo.sums[0].max(memo.sums[1])
    }

    /// The memo after `tile` moves from cell `from` to cell `to` (where the blank was).
    #[inline(always)]
    fn moved(&self, memo: &PdbMemo, tile: usize, from: usize, to: usize) -> PdbMemo {
        let mut next = *memo;
        next.positions[tile] = to as u8;
        next.positions[0] = from as u8;
        next.manhattan = memo.manhattan + self.manhattan.tile_distance(tile, to)
            - self.manhattan.tile_distance(tile, from);
        if !self.updates {
            return next;
        }
        let cells = self.cells;
        let databases = self.pdb.databases();
        let part = usize::from(self.part[tile]);
        let rank = databases[part].rank(&next.positions[..cells]);
        let Some((cell, rename)) = &self.reflection else {
            let entry = databases[part].entry(rank);
            next.sums[0] = memo.sums[0] + u16::from(entry) - u16::from(memo.entries[0][part]);
            next.entries[0][part] = entry;
            return next;
        };
        let (mirror, blank) = (usize::from(rename[tile]), usize::from(rename[0]));
        next.reflected[mirror] = cell[to];
        next.reflected[blank] = cell[from];
        let mirror_part = usize::from(self.part[mirror]);
        let mirror_rank = databases[mirror_part].rank(&next.reflected[..cells]);
        // Both ranks before either entry: the entries miss the cache, and the two loads then
        // wait for memory together.
        let (entry, mirror_entry) = (
            databases[part].entry(rank),
            databases[mirror_part].entry(mirror_rank),
        );
        next.sums[0] = memo.sums[0] + u16::from(entry) - u16::from(memo.entries[0][part]);
        next.entries[0][part] = entry;
        next.sums[1] =
            memo.sums[1] + u16::from(mirror_entry) - u16::from(memo.entries[1][mirror_part]);
        next.entries[1][mirror_part] = mirror_entry;
        next
    }
}

impl<Word: PackedWord> IncrementalHeuristic<SlidingPuzzle<Word>> for IncrementalPdb<'_> {
    type Memo = PdbMemo;

    fn estimate_root(
        &self,
        puzzle: &SlidingPuzzle<Word>,
        state: &TileState<Word>,
    ) -> (TileCost, PdbMemo) {
        let mut positions = [0u8; MAX_CELLS];
        for cell in 0..puzzle.shape().cells() {
            positions[usize::from(state.tile(cell))] = cell as u8;
        }
        let memo = self.memo(positions);
        (self.value(&memo), memo)
    }

    #[inline]
    fn estimate_child(
        &self,
        puzzle: &SlidingPuzzle<Word>,
        after: &TileState<Word>,
        action: &Move,
        _before: TileCost,
        memo: &PdbMemo,
    ) -> (TileCost, PdbMemo) {
        // The blank moved from its old cell, where the moved tile now sits.
        let to = usize::from(memo.positions[0]);
        match puzzle.step(to, *action) {
            Some(from) if after.blank() == from => {
                let memo = self.moved(memo, usize::from(after.tile(to)), from, to);
                (self.value(&memo), memo)
            }
            // Not the move the memo's node makes: start over from the state itself.
            _ => self.estimate_root(puzzle, after),
        }
    }

    #[inline(always)]
    fn estimate_child_ahead(
        &self,
        puzzle: &SlidingPuzzle<Word>,
        state: &TileState<Word>,
        action: &Move,
        _before: TileCost,
        memo: &PdbMemo,
    ) -> Option<(TileCost, PdbMemo)> {
        let to = usize::from(memo.positions[0]);
        let from = puzzle.step(to, *action)?;
        let memo = self.moved(memo, usize::from(state.tile(from)), from, to);
        Some((self.value(&memo), memo))
    }

    #[inline]
    fn consistent(&self) -> bool {
        self.pdb.is_consistent()
    }
}
