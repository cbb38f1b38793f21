//! The additive heuristic: the sum of disjoint pattern databases, of the state, its mirror
//! image and their duals.

use search_core::Limits;

use super::dual::Dual;
use super::geometry::{Geometry, goal_positions, normalised_pattern};
use super::{Abstraction, BuildOptions, BuildProgress, PatternDatabase, PdbError};

/// The bytes of `database`'s direct table, taken from `budget`, when it has none yet and the
/// table fits what is left of the budget; `None` (the budget untouched) otherwise.
fn takes_direct_table(database: &PatternDatabase, budget: &mut usize) -> Option<usize> {
    let bytes = database.direct_table_bytes()?;
    if bytes > *budget || database.has_direct_table() {
        return None;
    }
    *budget -= bytes;
    Some(bytes)
}

/// Disjoint pattern databases covering every numbered tile; their values add up.
///
/// [`estimate`](AdditivePdb::estimate) is an admissible lower bound on the number of moves to the
/// goal: every move moves one tile, which belongs to exactly one pattern, so the moves counted by
/// different databases are different moves.
///
/// With databases of the default [`Abstraction::BlankRegions`] it is **not consistent** in
/// general: each database stores the minimum over the blank's regions, so a placement's value
/// may belong to a region other than the blank's, and one move can change a value by more than
/// one (the tests exhibit such moves on the 8-puzzle). A* stays optimal by reopening nodes;
/// IDA* is unaffected. When every database is of [`Abstraction::FreeBlank`]
/// ([`is_consistent`](AdditivePdb::is_consistent)), a move changes one database's value by at
/// most one and leaves the others alone, so the sum, the reflected sum and their maximum are
/// consistent; the dual sums of [`Lookups::Dual`] are not.
///
/// On a square board whose goal has the blank on the main diagonal, the estimate is also taken
/// for the state reflected about that diagonal (cell `(r, c)` goes to `(c, r)`, each tile is
/// renamed after the goal tile of its new cell) and the larger of the two sums is used. The
/// transposition maps the goal onto itself under that renaming and maps moves to moves, so the
/// reflected state is exactly as far from the goal: both sums are admissible, and so is their
/// maximum. With the blank-first goal `0 1 2 ..` the renaming is the usual
/// "tile at (r, c) becomes the tile at (c, r)". On other boards or goals the reflection is
/// disabled ([`has_reflection`](AdditivePdb::has_reflection) is false) and the estimate is the
/// plain sum.
///
/// Which of these sums the estimate takes is its [`Lookups`]: the state alone, the state and
/// its reflection (the default), or both and their dual states
/// ([`dual_sum`](AdditivePdb::dual_sum)), which are admissible on every board and goal but make
/// the estimate inconsistent.
///
/// ```
/// use puzzles::pdb::AdditivePdb;
///
/// let goal = [0, 1, 2, 3, 4, 5, 6, 7, 8];
/// let pdb = AdditivePdb::build(3, 3, &goal, &[&[1, 2, 3, 4], &[5, 6, 7, 8]], |_, _| {}).unwrap();
/// assert!(pdb.has_reflection());
/// assert_eq!(pdb.estimate_board(&goal), 0);
/// // Swap the blank with tile 1: one move away, and the heuristic sees it.
/// assert_eq!(pdb.estimate_board(&[1, 0, 2, 3, 4, 5, 6, 7, 8]), 1);
/// ```
#[derive(Clone, Debug)]
pub struct AdditivePdb {
    cells: usize,
    /// Manhattan distance of tile `t` in cell `c` from its goal cell: `manhattan[t * cells + c]`
    /// (0 for the blank). Each database stores its values' excess over its tiles' share, so a
    /// sum is the whole board's Manhattan distance plus twice the summed entries.
    manhattan: Vec<u8>,
    databases: Vec<PatternDatabase>,
    reflection: Option<Reflection>,
    /// Whether the reflection maps every pattern onto a pattern, which makes the reflected
    /// sums equal to the plain ones.
    mirrored: bool,
    dual: Dual,
    lookups: Lookups,
}

/// Which states [`AdditivePdb::estimate`] looks up in the databases: more lookups prune more
/// nodes but cost more per node.
///
/// | | lookups per state | admissible | consistent with [`Abstraction::FreeBlank`] | Korf's 100, 7-8 | with 7-8-diagonal and 7-8-antidiagonal too |
/// |---|---|---|---|---|---|
/// | [`Regular`](Lookups::Regular) | 1 | yes | yes | | |
/// | [`Reflected`](Lookups::Reflected) | 2 | yes | yes | 36,730 | 19,110 |
/// | [`Dual`](Lookups::Dual) | 4 | yes | no | 31,653 | 17,312 |
///
/// With databases of [`Abstraction::BlankRegions`] none of them is consistent. A partition
/// that is its own mirror image ([`is_self_mirrored`](AdditivePdb::is_self_mirrored)) needs
/// half the lookups: its reflected sums equal the plain ones. The last two columns are the
/// nodes IDA* (with bidirectional pathmax) generates per instance on Korf's 100 15-puzzles,
/// with [`partitions::FIFTEEN_7_8`](super::partitions::FIFTEEN_7_8) alone and maxed with
/// [`FIFTEEN_7_8_DIAGONAL`](super::partitions::FIFTEEN_7_8_DIAGONAL) and
/// [`FIFTEEN_7_8_ANTIDIAGONAL`](super::partitions::FIFTEEN_7_8_ANTIDIAGONAL) through
/// [`PdbHeuristic::max_with`](crate::PdbHeuristic::max_with) (`korf fifteen --partition
/// 7-8,7-8-diagonal,7-8-antidiagonal --full`). Through
/// [`IncrementalPdb`](crate::IncrementalPdb), whose lazy sums hand pathmax partial estimates,
/// the reflected rows take 37,263 and 19,429 nodes, in less time. Felner, Zahavi, Schaeffer & Holte report 36,710 and
/// 18,601 for the 7-8 rows; our dual lookups are weaker (see
/// [`dual_sum`](AdditivePdb::dual_sum)), and more partitions make up for it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Lookups {
    /// The state itself: [`sum`](AdditivePdb::sum).
    Regular,
    /// The state and, where the board and goal allow it, its reflection about the main
    /// diagonal: the larger of [`sum`](AdditivePdb::sum) and
    /// [`reflected_sum`](AdditivePdb::reflected_sum).
    #[default]
    Reflected,
    /// Those two and their dual states: the largest of [`sum`](AdditivePdb::sum),
    /// [`reflected_sum`](AdditivePdb::reflected_sum), [`dual_sum`](AdditivePdb::dual_sum) and
    /// [`reflected_dual_sum`](AdditivePdb::reflected_dual_sum) (Felner, Zahavi, Schaeffer &
    /// Holte, "Dual lookups in pattern databases", IJCAI 2005). The dual sums can drop by more
    /// than one across a move, so the estimate is **not consistent** whatever the abstraction;
    /// IDA* stays optimal with it, A* reopens nodes.
    Dual,
}

impl std::fmt::Display for Lookups {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Self::Regular => "regular",
            Self::Reflected => "reflected",
            Self::Dual => "dual",
        })
    }
}

/// Where the transposition sends each cell, and what it renames each tile to.
#[derive(Clone, Debug)]
struct Reflection {
    cell: Vec<u8>,
    tile: Vec<u8>,
}

impl AdditivePdb {
    /// Builds one database per pattern of `partition`, of the default
    /// [`Abstraction::BlankRegions`], and combines them; see [`build_with`](Self::build_with).
    pub fn build<Pattern: AsRef<[u8]>>(
        width: usize,
        height: usize,
        goal: &[u8],
        partition: &[Pattern],
        progress: impl FnMut(usize, BuildProgress),
    ) -> Result<Self, PdbError> {
        let abstraction = Abstraction::BlankRegions;
        Self::build_with(width, height, goal, partition, abstraction, progress)
    }

    /// Builds one database of `abstraction` per pattern of `partition` and combines them.
    ///
    /// The partition is validated first (every pattern non-empty, tile numbers of the board,
    /// no tile twice, every numbered tile covered). `progress` receives the pattern's position in
    /// `partition` with each [`BuildProgress`].
    ///
    /// ```
    /// use puzzles::pdb::{Abstraction, AdditivePdb};
    ///
    /// let goal = [0, 1, 2, 3, 4, 5, 6, 7, 8];
    /// let partition: [&[u8]; 2] = [&[1, 2, 3, 4], &[5, 6, 7, 8]];
    /// let pdb = AdditivePdb::build_with(3, 3, &goal, &partition, Abstraction::FreeBlank, |_, _| {})
    ///     .unwrap();
    /// assert!(pdb.is_consistent());
    /// assert_eq!(pdb.estimate_board(&[1, 0, 2, 3, 4, 5, 6, 7, 8]), 1);
    /// ```
    pub fn build_with<Pattern: AsRef<[u8]>>(
        width: usize,
        height: usize,
        goal: &[u8],
        partition: &[Pattern],
        abstraction: Abstraction,
        progress: impl FnMut(usize, BuildProgress),
    ) -> Result<Self, PdbError> {
        let options = BuildOptions::new().abstraction(abstraction);
        Self::build_with_options(width, height, goal, partition, &options, progress)
    }

    /// [`build_with`](Self::build_with) under `options` (abstraction, memory budget,
    /// temporary directory, limits); see [`PatternDatabase::build_with_options`].
    pub fn build_with_options<Pattern: AsRef<[u8]>>(
        width: usize,
        height: usize,
        goal: &[u8],
        partition: &[Pattern],
        options: &BuildOptions,
        mut progress: impl FnMut(usize, BuildProgress),
    ) -> Result<Self, PdbError> {
        validate_partition(width, height, goal, partition)?;
        let databases = partition
            .iter()
            .enumerate()
            .map(|(i, pattern)| {
                let progress = |p| progress(i, p);
                PatternDatabase::build_with_options(
                    width,
                    height,
                    goal,
                    pattern.as_ref(),
                    options,
                    progress,
                )
            })
            .collect::<Result<Vec<_>, _>>()?;
        Self::from_databases(databases)
    }

    /// Combines databases built (or loaded) separately; they must share board and goal and
    /// their patterns must partition the numbered tiles. They may mix abstractions: the sum is
    /// admissible either way, but consistent only if all are [`Abstraction::FreeBlank`].
    pub fn from_databases(databases: Vec<PatternDatabase>) -> Result<Self, PdbError> {
        let first = databases.first().ok_or(PdbError::EmptyPattern)?;
        let (width, height, goal) = (first.width, first.height, first.goal.clone());
        if databases
            .iter()
            .any(|pdb| pdb.width != width || pdb.height != height || pdb.goal != goal)
        {
            return Err(PdbError::MixedBoards);
        }
        let patterns: Vec<&[u8]> = databases.iter().map(|pdb| pdb.pattern()).collect();
        validate_partition(width, height, &goal, &patterns)?;
        let reflection = Reflection::for_goal(width, height, &goal);
        let mirrored = reflection.as_ref().is_some_and(|reflection| {
            let tiles = |pattern: &mut dyn Iterator<Item = u8>| {
                pattern.fold(0u64, |mask, tile| mask | 1 << tile)
            };
            let sets: Vec<u64> = (patterns.iter())
                .map(|pattern| tiles(&mut pattern.iter().copied()))
                .collect();
            patterns.iter().all(|pattern| {
                let image = tiles(&mut pattern.iter().map(|&t| reflection.tile[usize::from(t)]));
                sets.contains(&image)
            })
        });
        let cells = width * height;
        let goal_cells = goal_positions(&goal, cells)?;
        let dual = Dual::new(width, height, &goal_cells, &databases)?;
        let numbered: Vec<u8> = (1..cells as u8).collect();
        let mut manhattan = vec![0u8; cells];
        manhattan.extend(super::database::manhattan_table(
            width,
            cells,
            &goal_cells,
            &numbered,
        ));
        Ok(Self {
            manhattan,
            cells,
            databases,
            reflection,
            mirrored,
            dual,
            lookups: Lookups::default(),
        })
    }

    /// The same databases, each given a [direct table](PatternDatabase::with_direct_table) in
    /// the partition's order as long as the direct tables added stay within `budget` bytes;
    /// a database whose table would not fit keeps its ranked lookups. Estimates are the same;
    /// they take less time and more memory.
    ///
    /// # Errors
    /// [`PdbError::OutOfMemory`] when a table within the budget cannot be allocated.
    ///
    /// ```
    /// use puzzles::pdb::AdditivePdb;
    ///
    /// let goal = [0, 1, 2, 3, 4, 5, 6, 7, 8];
    /// let pdb = AdditivePdb::build(3, 3, &goal, &[&[1, 2, 3, 4], &[5, 6, 7, 8]], |_, _| {}).unwrap();
    /// let board = [8, 7, 6, 5, 4, 3, 2, 1, 0];
    /// let estimate = pdb.estimate_board(&board);
    /// // Each 4-tile direct table takes 9^4 / 2 bytes: room for the first one only.
    /// let direct = pdb.with_direct_tables(4_000).unwrap();
    /// let has: Vec<bool> = direct.databases().iter().map(|d| d.has_direct_table()).collect();
    /// assert_eq!(has, [true, false]);
    /// assert_eq!(direct.estimate_board(&board), estimate);
    /// ```
    pub fn with_direct_tables(mut self, budget: usize) -> Result<Self, PdbError> {
        let mut budget = budget;
        self.add_direct_tables(&mut budget, &Limits::none())?;
        Ok(self)
    }

    /// What [`add_direct_tables`](Self::add_direct_tables) with `budget` would add: the
    /// tables' bytes, and the seconds one thread takes to fill them all (taking the bytes from
    /// `budget` as it would).
    pub(crate) fn direct_tables_cost(&self, budget: &mut usize) -> (usize, f64) {
        (self.databases.iter())
            .filter_map(|database| Some((database, takes_direct_table(database, budget)?)))
            .fold((0, 0.0), |(bytes, seconds), (database, size)| {
                (bytes + size, seconds + database.direct_fill_seconds())
            })
    }

    /// [`with_direct_tables`](Self::with_direct_tables) in place, taking the tables' bytes
    /// from `budget`, and stopped with [`PdbError::Stopped`] when `limits`' deadline passes or
    /// their cancellation flag is raised (the tables filled by then are kept). The tables are
    /// filled at the same time, one thread each: a fill is a pass over the compact table with a
    /// write at random per entry (about 3 s for a 6-tile pattern of the 24-puzzle).
    pub(crate) fn add_direct_tables(
        &mut self,
        budget: &mut usize,
        limits: &Limits,
    ) -> Result<(), PdbError> {
        let chosen: Vec<&mut PatternDatabase> = (self.databases.iter_mut())
            .filter(|database| takes_direct_table(database, budget).is_some())
            .collect();
        std::thread::scope(|scope| {
            let fills: Vec<_> = (chosen.into_iter())
                .map(|database| scope.spawn(move || database.add_direct_table(limits)))
                .collect();
            // Every fill joined before the first error is returned: all stop on one limit.
            let results: Vec<_> = (fills.into_iter())
                .map(|fill| fill.join().expect("filling a direct table does not panic"))
                .collect();
            results.into_iter().collect()
        })
    }

    /// The databases, in the order of the partition.
    pub fn databases(&self) -> &[PatternDatabase] {
        &self.databases
    }

    /// Whether the estimate is consistent: every database is of [`Abstraction::FreeBlank`] and
    /// the lookups are not [`Lookups::Dual`].
    pub fn is_consistent(&self) -> bool {
        self.lookups != Lookups::Dual
            && self
                .databases
                .iter()
                .all(|pdb| pdb.abstraction().is_consistent())
    }

    /// Whether the board and goal allow the reflection about the main diagonal.
    pub fn has_reflection(&self) -> bool {
        self.reflection.is_some()
    }

    /// Where the reflection sends each cell and what it renames each tile to, if enabled.
    pub(crate) fn reflection_maps(&self) -> Option<(&[u8], &[u8])> {
        (self.reflection.as_ref()).map(|r| (r.cell.as_slice(), r.tile.as_slice()))
    }

    /// Whether the reflection maps every pattern onto a pattern of the partition (as for
    /// [`FIFTEEN_7_8_DIAGONAL`](super::partitions::FIFTEEN_7_8_DIAGONAL)): the reflected state
    /// then has the same sum as the state, and its dual the same dual sum, so
    /// [`estimate`](Self::estimate) leaves the reflected lookups out.
    ///
    /// ```
    /// use puzzles::pdb::AdditivePdb;
    ///
    /// let goal = [0, 1, 2, 3, 4, 5, 6, 7, 8];
    /// // The top row with the left column, and the rest.
    /// let corner = AdditivePdb::build(3, 3, &goal, &[&[1, 2, 3, 6], &[4, 5, 7, 8]], |_, _| {});
    /// assert!(corner.unwrap().is_self_mirrored());
    /// let rows = AdditivePdb::build(3, 3, &goal, &[&[1, 2, 3, 4], &[5, 6, 7, 8]], |_, _| {});
    /// assert!(!rows.unwrap().is_self_mirrored());
    /// ```
    pub fn is_self_mirrored(&self) -> bool {
        self.mirrored
    }

    /// Which states [`estimate`](Self::estimate) looks up; [`Lookups::Reflected`] unless set.
    pub fn lookups(&self) -> Lookups {
        self.lookups
    }

    /// The same databases, estimating with `lookups`.
    ///
    /// ```
    /// use puzzles::pdb::{AdditivePdb, Lookups};
    ///
    /// let goal = [0, 1, 2, 3, 4, 5, 6, 7, 8];
    /// let pdb = AdditivePdb::build(3, 3, &goal, &[&[1, 2, 3, 4], &[5, 6, 7, 8]], |_, _| {}).unwrap();
    /// let board = [8, 1, 2, 3, 4, 5, 6, 7, 0];
    /// let reflected = pdb.estimate_board(&board);
    /// let dual = pdb.clone().with_lookups(Lookups::Dual);
    /// assert_eq!(dual.lookups(), Lookups::Dual);
    /// // More lookups, never a smaller estimate.
    /// assert!(dual.estimate_board(&board) >= reflected);
    /// assert!(pdb.with_lookups(Lookups::Regular).estimate_board(&board) <= reflected);
    /// ```
    pub fn with_lookups(mut self, lookups: Lookups) -> Self {
        self.lookups = lookups;
        self
    }

    /// The sum of the databases' values for `positions` (`positions[tile] = cell`).
    ///
    /// # Panics
    ///
    /// If `positions` has fewer entries than the board has cells.
    #[inline]
    pub fn sum(&self, positions: &[u8]) -> u32 {
        self.manhattan(positions) + 2 * self.excesses([positions], [ALL], [NO_LAG])[0]
    }

    #[inline]
    fn manhattan(&self, positions: &[u8]) -> u32 {
        positions[1..self.cells]
            .iter()
            .enumerate()
            .map(|(i, &cell)| u32::from(self.manhattan[(i + 1) * self.cells + usize::from(cell)]))
            .sum()
    }

    /// The summed entries of the databases for each view, counting in view `v` only the
    /// databases whose bit is set in `counted[v]`, each lowered by `lag[v][database]` (but not
    /// below zero).
    #[inline]
    fn excesses<const N: usize>(
        &self,
        views: [&[u8]; N],
        counted: [u64; N],
        lag: [&[u8]; N],
    ) -> [u32; N] {
        let pending = self.pending(&views, [0; VIEWS], &counted, &lag);
        let sums = self.settle(&pending);
        std::array::from_fn(|view| sums[view])
    }

    /// The table indices of `views` (at most [`VIEWS`]), computed before any entry is read: the
    /// entries of big databases miss the cache, and independent loads issued together wait for
    /// memory together. With more than [`MOST`] databases the sums are taken at once instead.
    #[inline]
    fn pending<'a>(
        &'a self,
        views: &[&[u8]],
        base: [u32; VIEWS],
        counted: &[u64],
        lag: &[&'a [u8]],
    ) -> Pending<'a> {
        let counts = |mask: u64, database: usize| mask >> database & 1 != 0;
        let mut pending = Pending {
            views: views.len(),
            base,
            counted: [0; VIEWS],
            lag: [NO_LAG; VIEWS],
            ranks: [[0; MOST]; VIEWS],
            sums: None,
        };
        pending.counted[..views.len()].copy_from_slice(counted);
        pending.lag[..views.len()].copy_from_slice(lag);
        if self.databases.len() > MOST {
            let mut sums = [0u32; VIEWS];
            for (((sum, view), &mask), lag) in sums.iter_mut().zip(views).zip(counted).zip(lag) {
                *sum = (self.databases.iter().enumerate())
                    .filter(|&(database, _)| counts(mask, database))
                    .map(|(database, pdb)| {
                        u32::from(pdb.excess(view).saturating_sub(lag[database]))
                    })
                    .sum();
            }
            pending.sums = Some(sums);
            return pending;
        }
        for ((ranks, view), &mask) in pending.ranks.iter_mut().zip(views).zip(counted) {
            for (database, (rank, pdb)) in ranks.iter_mut().zip(&self.databases).enumerate() {
                if counts(mask, database) {
                    *rank = pdb.lookup_index(view);
                }
            }
        }
        pending
    }

    /// The summed (lowered) entries of each view of `pending`.
    #[inline]
    fn settle(&self, pending: &Pending<'_>) -> [u32; VIEWS] {
        if let Some(sums) = pending.sums {
            return sums;
        }
        let mut sums = [0u32; VIEWS];
        let views = (sums.iter_mut().zip(&pending.ranks))
            .zip(pending.counted.iter().zip(pending.lag))
            .take(pending.views);
        for ((sum, ranks), (&mask, lag)) in views {
            for (database, (&rank, pdb)) in ranks.iter().zip(&self.databases).enumerate() {
                if mask >> database & 1 != 0 {
                    *sum += u32::from(pdb.lookup_entry(rank).saturating_sub(lag[database]));
                }
            }
        }
        sums
    }

    /// The sum for the state reflected about the main diagonal, if reflection is enabled.
    ///
    /// # Panics
    ///
    /// If `positions` has fewer entries than the board has cells.
    #[inline]
    pub fn reflected_sum(&self, positions: &[u8]) -> Option<u32> {
        let reflected = self.reflect(positions)?;
        Some(self.sum(&reflected[..self.cells]))
    }

    #[inline]
    fn reflect(&self, positions: &[u8]) -> Option<[u8; 64]> {
        let reflection = self.reflection.as_ref()?;
        let mut reflected = [0u8; 64];
        for (tile, &cell) in positions[..self.cells].iter().enumerate() {
            reflected[usize::from(reflection.tile[tile])] = reflection.cell[usize::from(cell)];
        }
        Some(reflected)
    }

    /// The estimate of the dual state, which is an admissible lower bound on the moves to the
    /// goal of the state `positions` itself.
    ///
    /// The dual state is the inverse permutation read as a board: with every tile named after
    /// its goal cell, the tile whose goal is cell `c` sits, in the dual, on the goal cell of
    /// the tile that sits on `c` in the state. It is as far from the goal as the state, but
    /// with the tile whose goal cell holds the blank now playing the blank (see the
    /// explanation and proof on `Dual` in `pdb/dual.rs`). So the sum counts a database only
    /// when the blank's cell is free in that database's goal placement: fully when the cell
    /// lies in the goal blank's region there (for [`Abstraction::FreeBlank`], whenever it is
    /// free), and otherwise less the abstract distance between the goal placements with the
    /// blank in the two regions, found once by a small search when the databases are combined
    /// (but never below the database's tiles' Manhattan distance); every other tile counts
    /// its Manhattan distance. With the blank on its goal cell every database counts fully.
    /// The sum keeps the parity of the distance, which is that of the Manhattan distance.
    /// This holds for every board and goal, so the dual is always available.
    ///
    /// ```
    /// use puzzles::pdb::AdditivePdb;
    ///
    /// let goal = [0, 1, 2, 3, 4, 5, 6, 7, 8];
    /// let pdb = AdditivePdb::build(3, 3, &goal, &[&[1, 2, 3, 4], &[5, 6, 7, 8]], |_, _| {}).unwrap();
    /// // Tiles cycled 1 -> 2 -> 5 -> 1 (tile 1 on tile 2's cell, ..), the blank at home: the
    /// // dual cycles them the other way round and is exactly as far from the goal.
    /// let board = [0, 5, 1, 3, 4, 2, 6, 7, 8];
    /// let dual = [0, 2, 5, 3, 4, 1, 6, 7, 8];
    /// let positions = |board: &[u8]| {
    ///     let mut positions = [0u8; 9];
    ///     for (cell, &tile) in board.iter().enumerate() {
    ///         positions[usize::from(tile)] = cell as u8;
    ///     }
    ///     positions
    /// };
    /// assert_eq!(pdb.dual_sum(&positions(&board)), pdb.sum(&positions(&dual)));
    /// assert_eq!(pdb.dual_sum(&positions(&dual)), pdb.sum(&positions(&board)));
    /// ```
    ///
    /// # Panics
    ///
    /// If `positions` has fewer entries than the board has cells.
    #[inline]
    pub fn dual_sum(&self, positions: &[u8]) -> u32 {
        let dual = self.dual.view(positions, self.cells, &self.manhattan);
        let [excess] = self.excesses([&dual.positions[..self.cells]], [dual.counted], [dual.lag]);
        self.manhattan(positions) - dual.uncounted + 2 * excess
    }

    /// The [`dual_sum`](Self::dual_sum) of the state reflected about the main diagonal, if
    /// reflection is enabled.
    ///
    /// # Panics
    ///
    /// If `positions` has fewer entries than the board has cells.
    #[inline]
    pub fn reflected_dual_sum(&self, positions: &[u8]) -> Option<u32> {
        let reflected = self.reflect(positions)?;
        Some(self.dual_sum(&reflected[..self.cells]))
    }

    /// The heuristic value: the largest of the sums that [`lookups`](Self::lookups) names.
    ///
    /// # Panics
    ///
    /// If `positions` has fewer entries than the board has cells.
    #[inline]
    pub fn estimate(&self, positions: &[u8]) -> u32 {
        self.finish(&self.begin(positions))
    }

    /// The first half of [`estimate`](Self::estimate): every table index it needs, so that a
    /// caller looking up several partitions can compute all of them before reading any entry.
    #[inline]
    pub(crate) fn begin(&self, positions: &[u8]) -> Pending<'_> {
        // The reflection is a symmetry of the board and the goal, so it keeps every tile's
        // Manhattan distance, and what the dual drops of it: only the entries differ.
        let cells = self.cells;
        let manhattan = self.manhattan(positions);
        let reflected = match self.lookups {
            Lookups::Regular => None,
            Lookups::Reflected | Lookups::Dual if self.mirrored => None,
            Lookups::Reflected | Lookups::Dual => self.reflect(positions),
        };
        let base = [manhattan; VIEWS];
        match (self.lookups, &reflected) {
            (Lookups::Regular, _) | (Lookups::Reflected, None) => {
                self.pending(&[positions], base, &[ALL], &[NO_LAG])
            }
            (Lookups::Reflected, Some(reflected)) => {
                let views = [positions, &reflected[..cells]];
                self.pending(&views, base, &[ALL; 2], &[NO_LAG; 2])
            }
            (Lookups::Dual, None) => {
                let dual = self.dual.view(positions, cells, &self.manhattan);
                let views = [positions, &dual.positions[..cells]];
                let base = [manhattan, manhattan - dual.uncounted, 0, 0];
                self.pending(&views, base, &[ALL, dual.counted], &[NO_LAG, dual.lag])
            }
            (Lookups::Dual, Some(reflected)) => {
                let reflected = &reflected[..cells];
                let dual = self.dual.view(positions, cells, &self.manhattan);
                let reflected_dual = self.dual.view(reflected, cells, &self.manhattan);
                let views = [
                    positions,
                    reflected,
                    &dual.positions[..cells],
                    &reflected_dual.positions[..cells],
                ];
                let base = [
                    manhattan,
                    manhattan,
                    manhattan - dual.uncounted,
                    manhattan - reflected_dual.uncounted,
                ];
                let counted = [ALL, ALL, dual.counted, reflected_dual.counted];
                let lag = [NO_LAG, NO_LAG, dual.lag, reflected_dual.lag];
                self.pending(&views, base, &counted, &lag)
            }
        }
    }

    /// The second half of [`estimate`](Self::estimate): reads the entries and takes the
    /// largest sum.
    #[inline]
    pub(crate) fn finish(&self, pending: &Pending<'_>) -> u32 {
        let sums = self.settle(pending);
        (pending.base.iter().zip(sums))
            .take(pending.views)
            .map(|(&base, excess)| base + 2 * excess)
            .max()
            .unwrap_or(0)
    }

    /// [`estimate`](Self::estimate) for a board given as the tile at each cell.
    ///
    /// # Panics
    ///
    /// If `board` has fewer entries than the board has cells or holds a tile number that the
    /// board does not have.
    pub fn estimate_board(&self, board: &[u8]) -> u32 {
        let mut positions = [0u8; 64];
        for (cell, &tile) in board[..self.cells].iter().enumerate() {
            positions[usize::from(tile)] = cell as u8;
        }
        self.estimate(&positions[..self.cells])
    }
}

/// Every database counts.
const ALL: u64 = u64::MAX;

/// No database's entry is lowered.
const NO_LAG: &[u8] = &[0; 64];

/// The most databases whose table indices are all computed before any entry is read.
const MOST: usize = 16;

/// The most states one estimate looks up: the state, its reflection and their duals.
const VIEWS: usize = 4;

/// An estimate between [`AdditivePdb::begin`] and [`AdditivePdb::finish`]: its table indices,
/// computed, and its entries, not yet read.
pub(crate) struct Pending<'a> {
    /// How many of the arrays' views are in use.
    views: usize,
    /// What each view's sum adds to twice its summed entries: the Manhattan part.
    base: [u32; VIEWS],
    counted: [u64; VIEWS],
    lag: [&'a [u8]; VIEWS],
    ranks: [[usize; MOST]; VIEWS],
    /// The summed entries, already read when there are too many databases to rank first.
    sums: Option<[u32; VIEWS]>,
}

impl Reflection {
    /// The transposition of a square board whose goal blank lies on the main diagonal.
    fn for_goal(width: usize, height: usize, goal: &[u8]) -> Option<Self> {
        if width != height {
            return None;
        }
        let cells = width * height;
        let cell: Vec<u8> = (0..cells)
            .map(|c| ((c % width) * width + c / width) as u8)
            .collect();
        let goal_cell = goal_positions(goal, cells).ok()?;
        if cell[usize::from(goal_cell[0])] != goal_cell[0] {
            return None;
        }
        let tile = (0..cells)
            .map(|t| goal[usize::from(cell[usize::from(goal_cell[t])])])
            .collect();
        Some(Self { cell, tile })
    }
}

/// Checks that `partition` splits the numbered tiles of a `width` x `height` board with this
/// goal into non-empty, disjoint patterns that together cover every numbered tile.
pub fn validate_partition<Pattern: AsRef<[u8]>>(
    width: usize,
    height: usize,
    goal: &[u8],
    partition: &[Pattern],
) -> Result<(), PdbError> {
    let geometry = Geometry::new(width, height)?;
    goal_positions(goal, geometry.cells)?;
    if partition.is_empty() {
        return Err(PdbError::EmptyPattern);
    }
    let mut covered = 1u64; // the blank needs no pattern
    for pattern in partition {
        for tile in normalised_pattern(pattern.as_ref(), geometry.cells)? {
            if covered & (1 << tile) != 0 {
                return Err(PdbError::DuplicateTile { tile });
            }
            covered |= 1 << tile;
        }
    }
    match (0..geometry.cells).find(|&tile| covered & (1 << tile) == 0) {
        Some(tile) => Err(PdbError::MissingTile { tile: tile as u8 }),
        None => Ok(()),
    }
}
