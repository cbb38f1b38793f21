//! What the dual lookup of [`AdditivePdb`](super::AdditivePdb) needs to know about the goal
//! and the databases: for each cell of the blank, which databases count for the dual state and
//! how much of their value is admissible there.
//!
//! Why the 15-puzzle's default maxes three 7-8 partitions instead of using dual lookups: our dual
//! lookup is exact only when the blank is on its goal cell (elsewhere the dual board's blank
//! stands for a tile whose pattern's database cannot count it), so even with pathmax it prunes
//! 14% more nodes, not half. Two more 7-8 partitions maxed with the first, with the incremental
//! estimate keeping each node cheap, get under 20,000 generated an instance on Korf's 100 (870
//! MB of tables, against 577 MB published for the 7-8 with four lookups; BENCHMARKS.md).

use search_core::{Limits, from_fn, heuristic_fn, informed::astar_with, observer::NoObserver};

use super::geometry::Geometry;
use super::{Abstraction, PatternDatabase, PdbError};

/// The dual lookup's tables.
///
/// Label every tile by its goal cell, so that a state is a permutation `p` (cell to label) and
/// the goal is the identity. A solution is a walk of the blank from its cell `b` to the goal
/// blank cell `z`, and `p` is the product of the walk's transpositions of cells; so the inverse
/// permutation `p⁻¹`, read as a board, is solved by the reversed walk, from `z` to `b`, in as
/// many moves, with label `b` playing the blank (it sits on cell `z` in `p⁻¹`, and ends on its
/// own cell). When `b = z` that is the puzzle itself; otherwise it is the puzzle with label
/// `b`, a numbered tile, as the blank.
///
/// A database whose pattern holds label `b` cannot count: its tile `b` moves on every step.
/// For every other database `d`, the reversed walk is a walk of its abstract problem (label `b`
/// is a non-pattern tile playing the blank), whose pattern moves bound the walk's moves of
/// `d`'s labels from below, and which ends at `d`'s goal placement with the blank on cell `b`.
/// The database's search started from the goal placement with the blank in the region `R(z)`
/// of `z` (for [`Abstraction::FreeBlank`], anywhere), and its value `v` of the dual placement
/// is at most the abstract distance from the dual state to that start. When `b` lies in
/// `R(z)` (always for `FreeBlank`), that start is where the walk ends, so the walk makes at
/// least `v` moves of `d`'s labels. Otherwise the walk ends at the goal placement with the
/// blank in another region `R(b)`, and with `δ` the abstract distance between the goal
/// placements with the blank in `R(b)` and in `R(z)`, the triangle inequality gives
/// `v <= (moves of d's labels) + δ`: the walk still makes at least `v - δ` such moves, and at
/// least their Manhattan distance, so `d` counts `max(manhattan, v - δ)`. Since a database
/// entry is `(v - manhattan) / 2`, that is `manhattan + 2 * max(0, entry - δ / 2)`. `δ` is
/// even: the grid is bipartite and every pattern tile ends on the cell it started from, so
/// each tile makes an even number of moves. It is found at construction by an A* search of
/// the abstract problem ([`region_distance`]); any longer walk would do as well (a larger `δ`
/// only weakens the bound), so a search that gives up leaves the database uncounted for
/// that region.
///
/// For the labels of the databases that do not count, the dual sum takes their Manhattan
/// distances (that of label `b` is dropped: it is the blank).
#[derive(Clone, Debug)]
pub(super) struct Dual {
    /// Each tile's goal cell.
    goal_cell: Vec<u8>,
    /// The goal blank's cell, `z`.
    blank_goal: u8,
    databases: usize,
    /// `lag[b * databases + d]`: `δ / 2` for database `d` when the blank is on cell `b`, the
    /// amount its entry is lowered by in the dual sum; [`UNCOUNTED`] when it does not count.
    lag: Vec<u8>,
    /// `counted[b]`: the databases whose lag at cell `b` is below their largest entry, as
    /// bits: only they can add anything.
    counted: Vec<u64>,
}

/// The lag of a database that does not count in the dual sum at that blank cell.
const UNCOUNTED: u8 = u8::MAX;

/// How many states the search for a region distance may expand before it gives up; a few
/// tenths of a second on the largest patterns.
const BUDGET: u64 = 1 << 17;

/// A state's dual, as [`Dual::view`] computes it.
pub(super) struct DualView<'a> {
    /// The dual state's cell of each tile.
    pub(super) positions: [u8; 64],
    /// The databases that count for it, as bits.
    pub(super) counted: u64,
    /// How much each database's entry is lowered by (saturating at zero).
    pub(super) lag: &'a [u8],
    /// The part of the state's Manhattan distance that the dual sum leaves out.
    pub(super) uncounted: u32,
}

impl Dual {
    pub(super) fn new(
        width: usize,
        height: usize,
        goal_cell: &[u8],
        databases: &[PatternDatabase],
    ) -> Result<Self, PdbError> {
        let geometry = Geometry::new(width, height)?;
        let blank_goal = goal_cell[0];
        let count = databases.len();
        let mut lag = vec![UNCOUNTED; geometry.cells * count];
        let mut counted = vec![0u64; geometry.cells];
        for (database, pdb) in databases.iter().enumerate() {
            let goal_cells: Vec<u8> = (pdb.pattern().iter())
                .map(|&tile| goal_cell[usize::from(tile)])
                .collect();
            let occupied = goal_cells.iter().fold(0u64, |mask, &cell| mask | 1 << cell);
            let free = geometry.full & !occupied;
            let home = geometry.flood(1 << blank_goal, free);
            let largest = if pdb.entry_bits() == 4 { 15 } else { 255 };
            // Regions already searched, with their lag.
            let mut known: Vec<(u64, u8)> = Vec::new();
            for cell in 0..geometry.cells {
                if occupied >> cell & 1 != 0 {
                    continue;
                }
                let lagged = match pdb.abstraction() {
                    Abstraction::FreeBlank => 0,
                    Abstraction::BlankRegions if home >> cell & 1 != 0 => 0,
                    Abstraction::BlankRegions => {
                        let region = geometry.flood(1 << cell, free);
                        match known.iter().find(|(known, _)| *known == region) {
                            Some(&(_, lagged)) => lagged,
                            None => {
                                let distance =
                                    region_distance(&geometry, &goal_cells, blank_goal, cell as u8);
                                // δ is even; rounding up would keep it admissible regardless.
                                let lagged = distance.map_or(UNCOUNTED, |d| {
                                    u8::try_from(d.div_ceil(2)).unwrap_or(UNCOUNTED)
                                });
                                known.push((region, lagged));
                                lagged
                            }
                        }
                    }
                };
                lag[cell * count + database] = lagged;
                if lagged < largest {
                    counted[cell] |= 1 << database;
                }
            }
        }
        Ok(Self {
            goal_cell: goal_cell.to_vec(),
            blank_goal,
            databases: count,
            lag,
            counted,
        })
    }

    /// The dual of the state `positions`, with the databases that count for it.
    #[inline]
    pub(super) fn view(&self, positions: &[u8], cells: usize, manhattan: &[u8]) -> DualView<'_> {
        let mut board = [0u8; 64];
        for (tile, &cell) in positions[..cells].iter().enumerate() {
            board[usize::from(cell)] = tile as u8;
        }
        let mut dual = [0u8; 64];
        for (tile, cell) in dual[..cells].iter_mut().enumerate() {
            let goal = usize::from(self.goal_cell[tile]);
            *cell = self.goal_cell[usize::from(board[goal])];
        }
        // With tiles named by goal cell (the state a permutation p, the goal the identity), the
        // dual puts label c on cell p(c): its labels other than z and its blank p⁻¹(z) = b are
        // exactly as far from home as the state's tiles on the cells other than z and b. The
        // state's Manhattan distance leaves out cell b only, so the dual's also leaves out the
        // tile on z (nothing when b = z, the blank is there). Rounded down to even: every move
        // changes the Manhattan distance by one, so the distance to the goal has its parity,
        // and a bound of the other parity is at least one below the distance. That keeps every
        // sum's parity, which IDA* needs to raise its threshold two at a time.
        let blank_goal = usize::from(self.blank_goal);
        let blank = usize::from(positions[0]);
        DualView {
            positions: dual,
            counted: self.counted[blank],
            lag: &self.lag[blank * self.databases..(blank + 1) * self.databases],
            uncounted: u32::from(
                manhattan[usize::from(board[blank_goal]) * cells + blank_goal] & !1,
            ),
        }
    }
}

/// The fewest pattern-tile moves, in the blank-regions abstraction, from the goal placement
/// (pattern tiles on `goal_cells`) with the blank in the region of cell `from` to the goal
/// placement with the blank in the region of cell `to`; `None` if the search gives up after
/// [`BUDGET`] expansions.
///
/// [`astar`](search_core::informed::astar_with) over (placement, blank region) states, every state named
/// by the lowest cell of its blank's region, under the pattern's Manhattan distance from its
/// goal cells: each move changes it by one, so it is consistent and the first goal expanded is
/// at the least distance.
fn region_distance(geometry: &Geometry, goal_cells: &[u8], from: u8, to: u8) -> Option<u32> {
    const BITS: usize = 6;
    let tiles = goal_cells.len();
    if (tiles + 1) * BITS > 128 {
        return None;
    }
    let mask = |cells: &[u8]| cells.iter().fold(0u64, |mask, &cell| mask | 1 << cell);
    let free = |cells: &[u8]| geometry.full & !mask(cells);
    let name = |cells: &[u8], blank: u8| {
        let lowest = geometry.flood(1 << blank, free(cells)).trailing_zeros();
        (cells.iter().rev()).fold(u128::from(lowest), |key, &cell| {
            key << BITS | u128::from(cell)
        })
    };
    // The pattern's cells and its blank region's lowest cell.
    let cells_of = |key: u128| -> (Vec<u8>, u8) {
        let cells = (0..tiles)
            .map(|i| (key >> (i * BITS)) as u8 & ((1 << BITS) - 1))
            .collect();
        (cells, (key >> (tiles * BITS)) as u8)
    };
    let width = geometry.width;
    let manhattan = |key: &u128| -> u32 {
        (cells_of(*key).0.iter().zip(goal_cells))
            .map(|(&at, &home)| {
                let (at, home) = (usize::from(at), usize::from(home));
                (at / width).abs_diff(home / width) + (at % width).abs_diff(home % width)
            })
            .sum::<usize>() as u32
    };
    let target = geometry.flood(1 << to, free(goal_cells));
    let moves = |key: &u128| {
        let (mut cells, blank) = cells_of(*key);
        let region = geometry.flood(1 << blank, free(&cells));
        let mut next = Vec::new();
        for i in 0..tiles {
            let at = cells[i];
            let mut into = geometry.neighbours(1 << at) & region;
            while into != 0 {
                cells[i] = into.trailing_zeros() as u8;
                into &= into - 1;
                next.push((name(&cells, at), 1u32));
            }
            cells[i] = at;
        }
        next
    };
    let is_goal = |key: &u128| {
        let (cells, blank) = cells_of(*key);
        cells == goal_cells && geometry.flood(1 << blank, free(&cells)) & target != 0
    };
    let problem = from_fn(moves, is_goal);
    let limits = Limits::none().with_max_expanded(BUDGET);
    let start = name(goal_cells, from);
    let result = astar_with(
        &problem,
        &heuristic_fn(manhattan),
        start,
        &limits,
        NoObserver,
    );
    result.solution().map(|solution| solution.cost)
}
