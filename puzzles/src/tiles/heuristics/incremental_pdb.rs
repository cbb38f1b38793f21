//! Pattern databases for depth-first search, updated per move instead of recomputed.

use search_core::heuristic::IncrementalHeuristic;

use super::manhattan::Manhattan;
use super::pattern_database::PdbHeuristic;
use crate::pdb::{AdditivePdb, Lookups, packed_entry};
use crate::tiles::moves::Move;
use crate::tiles::packing::PackedWord;
use crate::tiles::puzzle::{SlidingPuzzle, TileCost, TileState};
use crate::tiles::shape::MAX_CELLS;

/// The most sums (one per partition and view looked up) a [`PdbMemo`] keeps.
const MOST_SUMS: usize = 8;
/// The most database entries, over all those sums, a [`PdbMemo`] keeps.
const MOST_ENTRIES: usize = 16;

// The memo keeps the cells a database's tiles occupy as the bits of a `u32`.
const _: () = assert!(MAX_CELLS <= 32);

/// [`PdbHeuristic`] for IDA*, carrying each node's lookups to its children: a move changes one
/// tile, so each sum (a partition, in the state or in its reflection) looks up again only the
/// database holding that tile, one lookup per sum instead of one per database and sum. On the
/// 24-puzzle's 6-6-6-6 with reflection that is two lookups a move instead of eight. When every
/// database has a [direct table](PdbHeuristic::with_direct_tables), the memo also keeps each
/// entry's index, which a move shifts by a multiple of the moved tile's weight, so that a lookup
/// reads no tile positions at all; when none has, it keeps each entry's rank in the compact
/// table and the cells its database's tiles occupy, and a move updates the rank from the
/// pattern tiles it passes over (none for a move along a row) instead of ranking every tile
/// again. IDA* has each child's memo written in place, and the sums are
/// looked up lazily, in order: once the estimate so far prunes the child, the rest are skipped
/// ([`estimate_child_ahead`](IncrementalHeuristic::estimate_child_ahead);
/// with the 24-puzzle's two partitions, four sums, a third of the lookups).
///
/// The estimates are exactly those of the [`PdbHeuristic`] it was made from (tests compare them
/// on every child along random walks), so searches find the same solutions after the same number
/// of nodes, faster. With [`Lookups::Dual`], or more sums than a memo holds (8 sums, 16 entries),
/// every node is still estimated in full, but from the memo's tile positions rather than a scan
/// of the board.
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
    heuristic: &'a PdbHeuristic,
    manhattan: Manhattan,
    cells: usize,
    /// The sums kept in the memo; empty when every node is estimated in full.
    sums: Vec<Sum<'a>>,
    /// The reflection's cell and tile maps, when a sum looks the reflection up.
    reflection: Option<([u8; MAX_CELLS], [u8; MAX_CELLS])>,
    /// How a move's lookup finds its entry.
    indexing: Indexing,
    /// `binomial[n][k] = C(n, k)`, the terms of a subset's rank (with [`Indexing::Ranked`]).
    binomial: [[u32; MAX_CELLS + 2]; MAX_CELLS + 1],
    /// The reflection's cell map turned back: the cell of the state whose contents sit in
    /// each cell of the reflection (with [`Indexing::Ranked`] and a reflected sum).
    reflection_back: [u8; MAX_CELLS],
}

/// How [`IncrementalPdb`] finds the entry a move changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Indexing {
    /// Every database of every sum has a direct table: the memo keeps each entry's index there,
    /// and a move shifts it (see [`Sum::weight`]).
    Direct,
    /// No database has a direct table: the memo keeps each entry's rank in the compact table
    /// and the cells its tiles occupy, and a move updates both
    /// ([`IncrementalPdb::ranked_index`]).
    Ranked,
    /// Otherwise (a mix of direct and compact tables, ranks too large for the memo, or no
    /// memo): the moved tile's database is looked up from the tiles' positions.
    Recomputed,
}

/// One sum of database entries: a partition, in the state or in its reflection.
#[derive(Clone, Debug)]
struct Sum<'a> {
    pdb: &'a AdditivePdb,
    reflected: bool,
    /// `part[tile]`: the database of `pdb` that holds `tile` (unused for the blank).
    part: [u8; MAX_CELLS],
    /// Where the sum's entries start in [`PdbMemo::entries`].
    first: usize,
    /// `weight[tile]`: what a cell number of `tile` (of the reflection's tile, for a reflected
    /// sum) weighs in its database's direct-table index, when there are direct tables. A move
    /// of that tile from cell `a` to cell `b` moves the index by `(b - a) * weight`: one
    /// multiplication instead of reading the pattern's every position back from the memo just
    /// written (six loads for a 6-tile pattern, each waiting for the store before it).
    weight: [u32; MAX_CELLS],
    /// `tables[part]`: the direct table of database `part` and its bits per entry, when there
    /// are direct tables, or its compact table, with [`Indexing::Ranked`]. At hand here, a
    /// lookup reaches the entry's cache line through one load instead of four (the partition,
    /// its databases, the database, its table).
    tables: [EntryTable<'a>; MOST_ENTRIES],
    /// With [`Indexing::Ranked`]: `passed[moved][other]`, what the arrangement part of a rank
    /// gains when tile `moved` moves to a higher cell past tile `other` of the same database
    /// (the opposite when it moves to a lower one). The arrangement is a Lehmer code in which
    /// tile `i` (in pattern order, of `k`) counts the later tiles in lower cells, with weight
    /// `(k - 1 - i)!`: passing a later tile upwards adds one to the moved tile's count,
    /// passing an earlier one takes one from that tile's.
    passed: [[i32; MAX_CELLS]; MAX_CELLS],
    /// With [`Indexing::Ranked`]: `arrangements[part]`, `k!` for database `part`'s `k` tiles,
    /// the weight of its subset rank.
    arrangements: [u32; MOST_ENTRIES],
}

/// A database's direct table as [`Sum::tables`] keeps it: its bytes and bits per entry.
#[derive(Clone, Copy, Default)]
struct EntryTable<'a> {
    bytes: &'a [u8],
    entry_bits: u8,
}

impl std::fmt::Debug for EntryTable<'_> {
    // A 24-puzzle table is 122 MB: its size, not its bytes.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EntryTable")
            .field("bytes", &self.bytes.len())
            .field("entry_bits", &self.entry_bits)
            .finish()
    }
}

/// What [`IncrementalPdb`] remembers of a node: where every tile is, in the state and in its
/// reflection, each sum's database entries and total (and the entries' indices, with the cells
/// each entry's tiles occupy when the indices are ranks), and the Manhattan distance.
///
/// The parts an estimate does not use stay zero, so that two memos of one state are equal
/// however the search reached it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PdbMemo {
    positions: [u8; MAX_CELLS],
    reflected: [u8; MAX_CELLS],
    entries: [u8; MOST_ENTRIES],
    /// The direct-table index of each entry, when there are direct tables; its rank in the
    /// compact table when there are none.
    indices: [u32; MOST_ENTRIES],
    /// The cells (as bits) the tiles of each entry's database occupy, when `indices` are ranks.
    occupied: [u32; MOST_ENTRIES],
    sums: [u16; MOST_SUMS],
    manhattan: u16,
}

impl PdbHeuristic {
    /// The same estimate for IDA*, updated per move: see [`IncrementalPdb`].
    pub fn incremental(&self) -> IncrementalPdb<'_> {
        let cells = self.goal().shape().cells();
        let lookups = self.lookups();
        let mut sums = Vec::new();
        let mut entries = 0;
        let partitions = std::iter::once(self.databases()).chain(self.additional());
        for pdb in partitions {
            let mut part = [0u8; MAX_CELLS];
            for (index, database) in pdb.databases().iter().enumerate() {
                for &tile in database.pattern() {
                    part[usize::from(tile)] = index as u8;
                }
            }
            // The estimate leaves the reflection out where it would repeat the state's sum.
            let reflects =
                lookups != Lookups::Regular && pdb.has_reflection() && !pdb.is_self_mirrored();
            for reflected in [false, true] {
                if reflected && !reflects {
                    continue;
                }
                sums.push(Sum {
                    pdb,
                    reflected,
                    part,
                    first: entries,
                    weight: [0; MAX_CELLS],
                    tables: [EntryTable::default(); MOST_ENTRIES],
                    passed: [[0; MAX_CELLS]; MAX_CELLS],
                    arrangements: [0; MOST_ENTRIES],
                });
                entries += pdb.databases().len();
            }
        }
        let keeps = lookups != Lookups::Dual && sums.len() <= MOST_SUMS && entries <= MOST_ENTRIES;
        if !keeps {
            sums.clear();
        }
        let indexing = if sums.is_empty() {
            Indexing::Recomputed
        } else if sums.iter_mut().all(|sum| sum.fill_direct(cells)) {
            Indexing::Direct
        } else if sums.iter_mut().all(Sum::fill_ranked) {
            Indexing::Ranked
        } else {
            Indexing::Recomputed
        };
        let mut binomial = [[0u32; MAX_CELLS + 2]; MAX_CELLS + 1];
        for n in 0..=MAX_CELLS {
            binomial[n][0] = 1;
            for k in 1..=n {
                binomial[n][k] = binomial[n - 1][k - 1] + binomial[n - 1][k];
            }
        }
        let reflection = (sums.iter().find(|sum| sum.reflected))
            .and_then(|sum| sum.pdb.reflection_maps())
            .map(|(cell, tile)| {
                let (mut cells_to, mut tiles_to) = ([0u8; MAX_CELLS], [0u8; MAX_CELLS]);
                cells_to[..cells].copy_from_slice(&cell[..cells]);
                tiles_to[..cells].copy_from_slice(&tile[..cells]);
                (cells_to, tiles_to)
            });
        let mut reflection_back = [0u8; MAX_CELLS];
        if let Some((cell, _)) = &reflection {
            for (from, &to) in cell[..cells].iter().enumerate() {
                reflection_back[usize::from(to)] = from as u8;
            }
        }
        IncrementalPdb {
            heuristic: self,
            manhattan: Manhattan::new(self.goal()),
            cells,
            sums,
            reflection,
            indexing,
            binomial,
            reflection_back,
        }
    }
}

impl Sum<'_> {
    /// Fills [`weight`](Self::weight) and [`tables`](Self::tables) from the databases' direct
    /// tables; false, leaving them unused, when a database has none or its indices would not
    /// fit a `u32`.
    fn fill_direct(&mut self, cells: usize) -> bool {
        for (part, database) in self.pdb.databases().iter().enumerate() {
            let (Some(weights), Some(entries)) =
                (database.direct_weights(), database.direct_entries())
            else {
                return false;
            };
            self.tables[part] = EntryTable {
                bytes: entries.0,
                entry_bits: entries.1,
            };
            // The largest index puts every tile on the last cell.
            let largest = weights.iter().try_fold(0u64, |sum, &weight| {
                sum.checked_add((cells as u64 - 1).checked_mul(weight as u64)?)
            });
            if largest.is_none_or(|largest| largest > u64::from(u32::MAX)) {
                return false;
            }
            for (&tile, &weight) in database.pattern().iter().zip(weights) {
                self.weight[usize::from(tile)] = weight as u32;
            }
        }
        true
    }

    /// Fills [`passed`](Self::passed), [`arrangements`](Self::arrangements) and
    /// [`tables`](Self::tables) from the databases' compact tables; false, leaving them
    /// unused, when a database has a direct table (whose index the memo would have to keep
    /// instead) or its ranks would not fit a `u32`.
    fn fill_ranked(&mut self) -> bool {
        for (part, database) in self.pdb.databases().iter().enumerate() {
            if database.direct_weights().is_some() || database.entries() > u32::MAX as usize {
                return false;
            }
            let pattern = database.pattern();
            let tiles = pattern.len();
            // Below 2^32 placements, `k! <= 12!`, and the Lehmer weights fit an `i32`.
            let weight = |i: usize| (1..tiles - i).product::<usize>() as i32;
            for (i, &moved) in pattern.iter().enumerate() {
                for (j, &other) in pattern.iter().enumerate() {
                    self.passed[usize::from(moved)][usize::from(other)] = match j.cmp(&i) {
                        std::cmp::Ordering::Greater => weight(i),
                        std::cmp::Ordering::Less => -weight(j),
                        std::cmp::Ordering::Equal => 0,
                    };
                }
            }
            self.arrangements[part] = (1..=tiles).product::<usize>() as u32;
            self.tables[part] = EntryTable {
                bytes: database.compact_entries(),
                entry_bits: database.entry_bits(),
            };
        }
        true
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
            entries: [0; MOST_ENTRIES],
            indices: [0; MOST_ENTRIES],
            occupied: [0; MOST_ENTRIES],
            sums: [0; MOST_SUMS],
            manhattan,
        };
        if let Some((cell, tile)) = &self.reflection {
            for t in 0..cells {
                memo.reflected[usize::from(tile[t])] = cell[usize::from(positions[t])];
            }
        }
        for (index, sum) in self.sums.iter().enumerate() {
            let view = if sum.reflected {
                &memo.reflected
            } else {
                &memo.positions
            };
            let mut total = 0;
            for (part, database) in sum.pdb.databases().iter().enumerate() {
                let index = database.lookup_index(&view[..cells]);
                let entry = database.lookup_entry(index);
                memo.entries[sum.first + part] = entry;
                match self.indexing {
                    Indexing::Direct => memo.indices[sum.first + part] = index as u32,
                    Indexing::Ranked => {
                        // No direct table: the index is the rank.
                        memo.indices[sum.first + part] = index as u32;
                        memo.occupied[sum.first + part] = (database.pattern().iter())
                            .fold(0, |cells, &tile| cells | 1 << view[usize::from(tile)]);
                    }
                    Indexing::Recomputed => {}
                }
                total += u16::from(entry);
            }
            memo.sums[index] = total;
        }
        memo
    }

    /// The estimate of a node from its memo.
    #[inline(always)]
    fn value(&self, memo: &PdbMemo) -> TileCost {
        if self.sums.is_empty() {
            return (self.heuristic).estimate_positions(&memo.positions[..self.cells]);
        }
        let largest = memo.sums.iter().copied().max().unwrap_or(0);
        memo.manhattan + 2 * largest
    }

    /// The estimate and memo after `tile` moves from cell `from` to cell `to` (where the blank
    /// was); `tile_at` tells the tile in any other cell (the same before and after the move).
    ///
    /// The estimate is taken from the sums as they are computed rather than read back from
    /// the memo, whose two-byte stores a wide load would have to wait for (store forwarding).
    #[inline(always)]
    fn moved(
        &self,
        memo: &PdbMemo,
        tile: usize,
        from: usize,
        to: usize,
        tile_at: impl Fn(usize) -> u8,
    ) -> (TileCost, PdbMemo) {
        let mut next = *memo;
        let estimate = self.moved_within(memo, &mut next, tile, from, to, tile_at, TileCost::MAX);
        (estimate, next)
    }

    /// [`moved`](Self::moved), writing the memo into `next` (whatever it held), and stopping
    /// with the estimate so far, and `next` unfinished, once that reaches `enough` (see
    /// [`estimate_child_ahead`](IncrementalHeuristic::estimate_child_ahead)).
    #[expect(
        clippy::too_many_arguments,
        reason = "one move, the memos before and after it, and the bound: inlined into the search"
    )]
    #[inline(always)]
    fn moved_within(
        &self,
        memo: &PdbMemo,
        next: &mut PdbMemo,
        tile: usize,
        from: usize,
        to: usize,
        tile_at: impl Fn(usize) -> u8,
        enough: TileCost,
    ) -> TileCost {
        *next = *memo;
        next.positions[tile] = to as u8;
        next.positions[0] = from as u8;
        next.manhattan = memo.manhattan + self.manhattan.tile_distance(tile, to)
            - self.manhattan.tile_distance(tile, from);
        let mut mirror = 0;
        if let Some((cell, rename)) = &self.reflection {
            mirror = usize::from(rename[tile]);
            next.reflected[mirror] = cell[to];
            next.reflected[usize::from(rename[0])] = cell[from];
        }
        let cells = self.cells;
        // Every rank before any entry: the entries miss the cache, and the loads then wait for
        // memory together.
        let mut ranks = [(0usize, 0usize); MOST_SUMS];
        for (rank, sum) in ranks.iter_mut().zip(&self.sums) {
            *rank = match self.indexing {
                Indexing::Direct => {
                    let (part, index) = self.direct_index(sum, memo, tile, from, to);
                    next.indices[sum.first + part] = index as u32;
                    (part, index)
                }
                Indexing::Ranked => {
                    let (part, rank, occupied) =
                        self.ranked_index(sum, memo, tile, from, to, &tile_at);
                    next.indices[sum.first + part] = rank as u32;
                    next.occupied[sum.first + part] = occupied;
                    (part, rank)
                }
                Indexing::Recomputed => {
                    let (moved, view) = if sum.reflected {
                        (mirror, &next.reflected)
                    } else {
                        (tile, &next.positions)
                    };
                    let part = usize::from(sum.part[moved]);
                    (part, sum.pdb.databases()[part].lookup_index(&view[..cells]))
                }
            };
        }
        let mut largest = 0;
        for (index, (sum, &(part, rank))) in self.sums.iter().zip(&ranks).enumerate() {
            let entry = if self.indexing == Indexing::Recomputed {
                sum.pdb.databases()[part].lookup_entry(rank)
            } else {
                let table = sum.tables[part];
                packed_entry(table.bytes, table.entry_bits, rank)
            };
            let slot = &mut next.entries[sum.first + part];
            let total = memo.sums[index] + u16::from(entry) - u16::from(*slot);
            next.sums[index] = total;
            *slot = entry;
            largest = largest.max(total);
            // The estimate only grows with the sums still to come: once it prunes the child,
            // their lookups (cache misses, most of them) are not needed.
            let so_far = next.manhattan + 2 * largest;
            if so_far >= enough {
                return so_far;
            }
        }
        if self.sums.is_empty() {
            return self.value(next);
        }
        next.manhattan + 2 * largest
    }

    /// The move of `tile` from cell `from` to cell `to` as the databases of `sum` see it:
    /// through the board's reflection if `sum` looks up the reflected state.
    #[inline(always)]
    fn as_seen_by(
        &self,
        sum: &Sum<'_>,
        tile: usize,
        from: usize,
        to: usize,
    ) -> (usize, usize, usize) {
        match (&self.reflection, sum.reflected) {
            (Some((cell, rename)), true) => (
                usize::from(rename[tile]),
                usize::from(cell[from]),
                usize::from(cell[to]),
            ),
            _ => (tile, from, to),
        }
    }

    /// With direct tables: which database of `sum` holds `tile`, and the direct-table index of
    /// that database's entry after `tile` moves from cell `from` to cell `to`, from the index
    /// in `memo` (the node before the move).
    #[inline(always)]
    fn direct_index(
        &self,
        sum: &Sum<'_>,
        memo: &PdbMemo,
        tile: usize,
        from: usize,
        to: usize,
    ) -> (usize, usize) {
        let (moved, from, to) = self.as_seen_by(sum, tile, from, to);
        let part = usize::from(sum.part[moved]);
        let weight = sum.weight[moved] as usize;
        // Adding first keeps the unsigned arithmetic from dipping below zero.
        let index = memo.indices[sum.first + part] as usize + to * weight - from * weight;
        (part, index)
    }

    /// With [`Indexing::Ranked`]: which database of `sum` holds `tile`, and the rank and
    /// occupied cells of that database's placement after `tile` moves from cell `from` to cell
    /// `to`, from those in `memo` (the node before the move); `tile_at` tells the tile in any
    /// cell the move leaves alone.
    ///
    /// A rank is `subset * k! + arrangement` ([`PlacementIndex`](crate::pdb)'s layout): the
    /// subset's colexicographic rank, `sum C(cell, j + 1)` over its cells in increasing order
    /// (`j` from 0), and a Lehmer code of the tiles. Only the pattern tiles on the cells between
    /// `from` and `to` see their order against the moved tile change: none for a move along a
    /// row (along a column, in the reflection), at most a row's width less one for the other
    /// moves. So the update reads those few cells instead of ranking all `k` tiles, which
    /// compares every pair of them: the rank was 47% of the instructions of Korf's 100 through
    /// `slide batch` with the 7-8 databases.
    #[inline(always)]
    fn ranked_index(
        &self,
        sum: &Sum<'_>,
        memo: &PdbMemo,
        tile: usize,
        from: usize,
        to: usize,
        tile_at: impl Fn(usize) -> u8,
    ) -> (usize, usize, u32) {
        let reflection = (self.reflection.as_ref()).filter(|_| sum.reflected);
        let (moved, from, to) = self.as_seen_by(sum, tile, from, to);
        let part = usize::from(sum.part[moved]);
        let entry = sum.first + part;
        let occupied = memo.occupied[entry];
        let (low, high) = (from.min(to), from.max(to));
        // The moved tile's place among the occupied cells when it is on the lower of the two
        // cells; the cells passed over follow it.
        let place = (occupied & ((1 << low) - 1)).count_ones() as usize;
        let mut passed = occupied & !((2 << low) - 1) & ((1 << high) - 1);
        let binomial = &self.binomial;
        // What the subset rank and the arrangement gain from the cells passed, for a move to
        // a higher cell.
        let (mut shifted, mut arranged) = (0i64, 0i64);
        let mut count = 0;
        while passed != 0 {
            let cell = passed.trailing_zeros() as usize;
            passed &= passed - 1;
            count += 1;
            // The passed tile goes one place down in the subset's order.
            shifted += i64::from(binomial[cell][place + count])
                - i64::from(binomial[cell][place + count + 1]);
            let other = match reflection {
                Some((_, rename)) => {
                    rename[usize::from(tile_at(usize::from(self.reflection_back[cell])))]
                }
                None => tile_at(cell),
            };
            arranged += i64::from(sum.passed[moved][usize::from(other)]);
        }
        let (ends, sign) = if from < to {
            let ends =
                i64::from(binomial[to][place + count + 1]) - i64::from(binomial[from][place + 1]);
            (ends, 1)
        } else {
            let ends =
                i64::from(binomial[to][place + 1]) - i64::from(binomial[from][place + count + 1]);
            (ends, -1)
        };
        let subset = ends + sign * shifted;
        let arrangements = i64::from(sum.arrangements[part]);
        let rank = i64::from(memo.indices[entry]) + subset * arrangements + sign * arranged;
        (part, rank as usize, occupied ^ (1 << from) ^ (1 << to))
    }

    /// Starts loading, into the cache, the entries the children of a node will look up: the
    /// node reached from `memo`'s by moving `tile` from `from` to `to` (the blank now on
    /// `from`), and written into `next`; `tile_at` tells the tile in any cell of `memo`'s node.
    ///
    /// Why: the entries are in tables of hundreds of megabytes, so almost every lookup misses
    /// the cache, and IDA* estimates a node's children one after another, each waiting for its
    /// lookups before the next child starts. Asked for here, when the node is about to be
    /// expanded (its estimate is within the threshold), the entries of all its children are on
    /// their way together. Only the first sum's: the others are looked up only when the sums
    /// before them leave the child within the threshold, and fetching them all made a 5x5
    /// search (four sums) a fifth slower where the first alone changed nothing measurable.
    #[inline(always)]
    fn prefetch_children<Word: PackedWord>(
        &self,
        puzzle: &SlidingPuzzle<Word>,
        next: &PdbMemo,
        tile: usize,
        from: usize,
        to: usize,
        tile_at: impl Fn(usize) -> u8,
    ) {
        if self.indexing == Indexing::Recomputed {
            return;
        }
        // The tiles of the node itself: its blank on `from`, `tile` on `to`.
        let tile_at = |cell: usize| {
            if cell == to {
                tile as u8
            } else if cell == from {
                0
            } else {
                tile_at(cell)
            }
        };
        for direction in Move::ALL {
            let Some(moved_from) = puzzle.step(from, direction) else {
                continue;
            };
            // The move back to the node's parent is not searched.
            if moved_from == to {
                continue;
            }
            let moved = usize::from(tile_at(moved_from));
            if let Some(sum) = self.sums.first() {
                let (part, index) = match self.indexing {
                    Indexing::Direct => self.direct_index(sum, next, moved, moved_from, from),
                    _ => {
                        let (part, rank, _) =
                            self.ranked_index(sum, next, moved, moved_from, from, tile_at);
                        (part, rank)
                    }
                };
                let table = sum.tables[part];
                let byte = if table.entry_bits == 4 {
                    index >> 1
                } else {
                    index
                };
                prefetch(table.bytes, byte);
            }
        }
    }
}

/// Asks the processor to bring byte `at` of `bytes` into the cache, without waiting for it.
#[inline(always)]
fn prefetch(bytes: &[u8], at: usize) {
    #[cfg(target_arch = "x86_64")]
    if at < bytes.len() {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        // SAFETY: a prefetch is a hint that reads nothing the program sees and cannot fault;
        // the address is inside `bytes` all the same.
        unsafe { _mm_prefetch::<_MM_HINT_T0>(bytes.as_ptr().add(at).cast::<i8>()) };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (bytes, at);
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
            positions[usize::from(state.tile_at(cell))] = cell as u8;
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
                let tile_at = |cell| after.tile_at(cell);
                self.moved(memo, usize::from(after.tile_at(to)), from, to, tile_at)
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
        child: &mut PdbMemo,
        enough: TileCost,
    ) -> Option<TileCost> {
        let to = usize::from(memo.positions[0]);
        let from = puzzle.step(to, *action)?;
        let tile = usize::from(state.tile_at(from));
        let tile_at = |cell| state.tile_at(cell);
        let estimate = self.moved_within(memo, child, tile, from, to, tile_at, enough);
        if estimate < enough {
            self.prefetch_children(puzzle, child, tile, from, to, tile_at);
        }
        Some(estimate)
    }

    #[inline]
    fn consistent(&self) -> bool {
        self.heuristic.is_consistent()
    }
}
