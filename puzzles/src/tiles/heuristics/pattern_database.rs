//! Additive pattern databases as a heuristic for [`SlidingPuzzle`], and where [`solve`] gets them.
//!
//! [`solve`]: crate::solve

use search_core::{Heuristic, Limits, pruning::PruningAutomaton};

use crate::pdb::{
    Abstraction, AdditivePdb, BuildEstimate, BuildOptions, BuildProgress, CacheWarning, Lookups,
    PdbCache, PdbError, partitions,
};
use crate::tiles::board::Board;
use crate::tiles::packing::PackedWord;
use crate::tiles::puzzle::{SlidingPuzzle, TileCost, TileState};
use crate::tiles::redundant::{RedundantSearchError, tile_pruning_automaton};
use crate::tiles::shape::{MAX_CELLS, Shape};

/// The largest pattern the fallback partition uses: its database builds in well under a second.
const SMALL_PATTERN_ENTRIES: u64 = 1 << 20;

/// An [`AdditivePdb`] as a heuristic for the sliding-tile puzzle with the databases' goal.
///
/// The estimate is the larger of the sum of the databases' values and, on square boards whose
/// goal is symmetric about the main diagonal, the same sum for the reflected state (see
/// [`AdditivePdb::estimate`]); [`with_lookups`](PdbHeuristic::with_lookups) chooses fewer or
/// more lookups ([`Lookups::Dual`] adds the dual states). It is admissible; with databases of
/// the default [`Abstraction::BlankRegions`] it is **not consistent** (A* reopens nodes, IDA* is
/// unaffected), with [`Abstraction::FreeBlank`] ones ([`build_with`](PdbHeuristic::build_with),
/// or a cache [`with_abstraction`](PdbCache::with_abstraction)) it is consistent but weaker,
/// unless the lookups are dual. [`max_with`](PdbHeuristic::max_with) adds the databases of
/// further partitions and estimates the largest of their values.
///
/// ```
/// use puzzles::{Board, PdbHeuristic, SlidingPuzzle};
/// use search_core::{idastar, Heuristic};
///
/// let goal = Board::parse("012345678").unwrap();
/// let heuristic = PdbHeuristic::build(&goal, &[vec![1, 2, 3, 4], vec![5, 6, 7, 8]], |_, _| {}).unwrap();
/// let puzzle = SlidingPuzzle::<u64>::new(&goal).unwrap();
/// let start = puzzle.state(&Board::parse("125340678").unwrap()).unwrap();
/// // Three moves of the blank (right, right, down) from the goal: Manhattan says 3 as well.
/// assert_eq!(heuristic.estimate(&puzzle, &start), 3);
/// assert_eq!(idastar(&puzzle, &heuristic, start).solution().unwrap().len(), 3);
/// ```
#[derive(Clone, Debug)]
pub struct PdbHeuristic {
    goal: Board,
    pdb: AdditivePdb,
    /// Databases of other partitions, [maxed](PdbHeuristic::max_with) with `pdb`.
    more: Vec<AdditivePdb>,
}

impl PdbHeuristic {
    /// Wraps databases built for `goal`; [`PdbError::Mismatch`] if they were built for another
    /// board or goal.
    pub fn new(goal: &Board, pdb: AdditivePdb) -> Result<Self, PdbError> {
        let shape = goal.shape();
        let first = &pdb.databases()[0];
        if !first.describes(shape.width(), shape.height(), goal.tiles(), first.pattern()) {
            return Err(PdbError::Mismatch);
        }
        Ok(Self {
            goal: goal.clone(),
            pdb,
            more: Vec::new(),
        })
    }

    /// Also looks up `other`, databases of another partition for the same goal, and estimates
    /// the larger of the two values: the maximum of admissible estimates is admissible.
    /// [`PdbError::Mismatch`] if `other` was built for another board or goal.
    ///
    /// Each partition's databases are looked up with their own [`Lookups`] (set them all at
    /// once with [`with_lookups`](Self::with_lookups)), so every partition adds one to four
    /// lookups per state, each a likely cache miss in a big table: more partitions prune more
    /// nodes, but each node costs more. On the 15-puzzle, the 7-8 partitions
    /// [`FIFTEEN_7_8`](partitions::FIFTEEN_7_8) and
    /// [`FIFTEEN_7_8_DIAGONAL`](partitions::FIFTEEN_7_8_DIAGONAL) together take about 580 MB,
    /// with [`FIFTEEN_7_8_ANTIDIAGONAL`](partitions::FIFTEEN_7_8_ANTIDIAGONAL) as well about
    /// 870 MB (19,110 nodes per instance on Korf's 100 with reflected lookups, against 36,730
    /// for `FIFTEEN_7_8` alone; 19,429 and 37,263 through [`incremental`](Self::incremental)).
    ///
    /// ```
    /// use puzzles::{Board, Manhattan, PdbHeuristic, SlidingPuzzle};
    /// use search_core::{idastar, Heuristic};
    ///
    /// let goal = Board::parse("012345678").unwrap();
    /// let rows = PdbHeuristic::build(&goal, &[vec![1, 2], vec![3, 4, 5], vec![6, 7, 8]], |_, _| {})
    ///     .unwrap();
    /// let corner = PdbHeuristic::build(&goal, &[vec![1, 3, 4], vec![2, 5, 8], vec![6, 7]], |_, _| {})
    ///     .unwrap();
    /// let both = rows.clone().max_with(corner.databases().clone()).unwrap();
    /// assert_eq!(both.additional().len(), 1);
    /// let puzzle = SlidingPuzzle::<u64>::new(&goal).unwrap();
    /// let start = puzzle.state(&Board::parse("876543210").unwrap()).unwrap();
    /// let (a, b) = (rows.estimate(&puzzle, &start), corner.estimate(&puzzle, &start));
    /// assert_eq!(both.estimate(&puzzle, &start), a.max(b));
    /// // Optimal: as long as the solution Manhattan distance finds.
    /// let manhattan = Manhattan::new(&goal);
    /// let optimal = idastar(&puzzle, &manhattan, start.clone()).solution().unwrap().len();
    /// assert_eq!(idastar(&puzzle, &both, start).solution().unwrap().len(), optimal);
    /// ```
    pub fn max_with(mut self, other: AdditivePdb) -> Result<Self, PdbError> {
        let shape = self.goal.shape();
        let first = &other.databases()[0];
        if !first.describes(
            shape.width(),
            shape.height(),
            self.goal.tiles(),
            first.pattern(),
        ) {
            return Err(PdbError::Mismatch);
        }
        self.more.push(other.with_lookups(self.pdb.lookups()));
        Ok(self)
    }

    /// The same heuristic with [direct tables](crate::pdb::PatternDatabase::with_direct_table)
    /// for its databases, the first partition's first, then those added with
    /// [`max_with`](Self::max_with), as long as the tables added stay within `budget` bytes
    /// ([`AdditivePdb::with_direct_tables`]): the same estimates, sooner. The 24-puzzle's
    /// 6-6-6-6 databases take 488 MB more with them (four tables of 122 MB, filled in about 5 s
    /// on two cores), and IDA* on one thread runs 1.6 to 1.9 times as fast (Korf & Felner's
    /// instances 38 and 40).
    ///
    /// # Errors
    /// [`PdbError::OutOfMemory`] when a table within the budget cannot be allocated.
    pub fn with_direct_tables(mut self, budget: usize) -> Result<Self, PdbError> {
        self.add_direct_tables(budget, &Limits::none())?;
        Ok(self)
    }

    /// [`with_direct_tables`](Self::with_direct_tables) in place, stopped with
    /// [`PdbError::Stopped`] when `limits`' deadline passes or their cancellation flag is
    /// raised (the tables filled by then are kept: the estimates are the same either way).
    pub(crate) fn add_direct_tables(
        &mut self,
        budget: usize,
        limits: &Limits,
    ) -> Result<(), PdbError> {
        let mut budget = budget;
        for pdb in std::iter::once(&mut self.pdb).chain(&mut self.more) {
            pdb.add_direct_tables(&mut budget, limits)?;
        }
        Ok(())
    }

    /// What [`with_direct_tables`](Self::with_direct_tables) with `budget` would add: the
    /// tables' bytes and the seconds it takes to fill them on this machine's threads (each
    /// partition's tables are filled at once, one thread each).
    pub(crate) fn direct_tables_cost(&self, budget: usize) -> (usize, f64) {
        let threads = std::thread::available_parallelism().map_or(1, usize::from);
        let mut budget = budget;
        let (mut bytes, mut seconds) = (0, 0.0);
        for pdb in std::iter::once(&self.pdb).chain(&self.more) {
            let (more_bytes, fill) = pdb.direct_tables_cost(&mut budget);
            let parallel = threads.min(pdb.databases().len()).max(1);
            bytes += more_bytes;
            seconds += fill / parallel as f64;
        }
        (bytes, seconds)
    }

    /// The databases of the partitions added with [`max_with`](Self::max_with), in order.
    pub fn additional(&self) -> &[AdditivePdb] {
        &self.more
    }

    /// Builds the databases of `partition` (tile numbers of `goal`) in memory, of the default
    /// [`Abstraction::BlankRegions`].
    pub fn build<Pattern: AsRef<[u8]>>(
        goal: &Board,
        partition: &[Pattern],
        progress: impl FnMut(usize, BuildProgress),
    ) -> Result<Self, PdbError> {
        Self::build_with(goal, partition, Abstraction::BlankRegions, progress)
    }

    /// Builds the databases of `partition` (tile numbers of `goal`) in memory, of
    /// `abstraction`.
    ///
    /// ```
    /// use puzzles::pdb::Abstraction;
    /// use puzzles::{Board, PdbHeuristic, SlidingPuzzle};
    /// use search_core::{astar, Heuristic};
    ///
    /// let goal = Board::parse("012345678").unwrap();
    /// let partition = [vec![1, 2, 3, 4], vec![5, 6, 7, 8]];
    /// let heuristic =
    ///     PdbHeuristic::build_with(&goal, &partition, Abstraction::FreeBlank, |_, _| {}).unwrap();
    /// assert!(heuristic.is_consistent());
    /// let puzzle = SlidingPuzzle::<u64>::new(&goal).unwrap();
    /// let start = puzzle.state(&Board::parse("125340678").unwrap()).unwrap();
    /// assert_eq!(heuristic.estimate(&puzzle, &start), 3);
    /// assert_eq!(astar(&puzzle, &heuristic, start).solution().unwrap().len(), 3);
    /// ```
    pub fn build_with<Pattern: AsRef<[u8]>>(
        goal: &Board,
        partition: &[Pattern],
        abstraction: Abstraction,
        progress: impl FnMut(usize, BuildProgress),
    ) -> Result<Self, PdbError> {
        let options = BuildOptions::new().abstraction(abstraction);
        Self::build_with_options(goal, partition, &options, progress)
    }

    /// Builds the databases of `partition` (tile numbers of `goal`) without saving them, under
    /// `options` (abstraction, memory budget, temporary directory, limits).
    pub fn build_with_options<Pattern: AsRef<[u8]>>(
        goal: &Board,
        partition: &[Pattern],
        options: &BuildOptions,
        progress: impl FnMut(usize, BuildProgress),
    ) -> Result<Self, PdbError> {
        Self::build_maxed_with_options(goal, &[partition], options, progress)
    }

    /// Loads the databases of `partition` from `cache`, building and saving what is missing;
    /// they are of the cache's [`abstraction`](PdbCache::abstraction).
    pub fn from_cache<Pattern: AsRef<[u8]>>(
        goal: &Board,
        partition: &[Pattern],
        cache: &PdbCache,
        progress: impl FnMut(usize, BuildProgress),
        warn: impl FnMut(&CacheWarning),
    ) -> Result<Self, PdbError> {
        Self::from_cache_maxed(goal, &[partition], cache, progress, warn)
    }

    /// Loads the databases of each of `partitions` from `cache` (building and saving what is
    /// missing) and maxes them: the first partition's, [maxed with](Self::max_with) the others'
    /// in order. `progress` numbers the patterns across the partitions (the second partition's
    /// first pattern follows the first partition's last), so one counter covers the whole load.
    ///
    /// # Errors
    /// [`PdbError::NoPartition`] when `partitions` is empty, and whatever
    /// [`from_cache`](Self::from_cache) returns for one of them.
    pub fn from_cache_maxed<Partition, Pattern>(
        goal: &Board,
        partitions: &[Partition],
        cache: &PdbCache,
        progress: impl FnMut(usize, BuildProgress),
        mut warn: impl FnMut(&CacheWarning),
    ) -> Result<Self, PdbError>
    where
        Partition: AsRef<[Pattern]>,
        Pattern: AsRef<[u8]>,
    {
        Self::maxed(
            goal,
            partitions,
            progress,
            |(width, height, tiles), partition, progress| {
                cache.get_or_build_additive(width, height, tiles, partition, progress, &mut warn)
            },
        )
    }

    /// Builds the databases of each of `partitions` in memory under `options`, without saving
    /// them, and maxes them as [`from_cache_maxed`](Self::from_cache_maxed) does.
    ///
    /// ```
    /// use puzzles::pdb::BuildOptions;
    /// use puzzles::{Board, PdbHeuristic, SlidingPuzzle};
    /// use search_core::Heuristic;
    ///
    /// let goal = Board::parse("012345678").unwrap();
    /// let partitions = [vec![vec![1, 2, 3, 4], vec![5, 6, 7, 8]], vec![vec![1, 3, 5, 7], vec![2, 4, 6, 8]]];
    /// let mut patterns_reported = Vec::new();
    /// let options = BuildOptions::new();
    /// let both = PdbHeuristic::build_maxed_with_options(&goal, &partitions, &options, |pattern, _| {
    ///     patterns_reported.push(pattern)
    /// })
    /// .unwrap();
    /// patterns_reported.dedup();
    /// assert_eq!(patterns_reported, [0, 1, 2, 3]);
    /// let first = PdbHeuristic::build(&goal, &partitions[0], |_, _| {}).unwrap();
    /// let second = PdbHeuristic::build(&goal, &partitions[1], |_, _| {}).unwrap();
    /// let puzzle = SlidingPuzzle::<u64>::new(&goal).unwrap();
    /// let start = puzzle.state(&Board::parse("876543210").unwrap()).unwrap();
    /// let (a, b) = (first.estimate(&puzzle, &start), second.estimate(&puzzle, &start));
    /// assert_eq!(both.estimate(&puzzle, &start), a.max(b));
    /// ```
    ///
    /// # Errors
    /// [`PdbError::NoPartition`] when `partitions` is empty, and whatever
    /// [`build_with_options`](Self::build_with_options) returns for one of them.
    pub fn build_maxed_with_options<Partition, Pattern>(
        goal: &Board,
        partitions: &[Partition],
        options: &BuildOptions,
        progress: impl FnMut(usize, BuildProgress),
    ) -> Result<Self, PdbError>
    where
        Partition: AsRef<[Pattern]>,
        Pattern: AsRef<[u8]>,
    {
        Self::maxed(
            goal,
            partitions,
            progress,
            |(width, height, tiles), partition, progress| {
                AdditivePdb::build_with_options(width, height, tiles, partition, options, progress)
            },
        )
    }

    /// The databases `load` gets for each of `partitions` (given the goal's width, height and
    /// tiles), maxed in order; `load` reports to a progress callback that numbers patterns
    /// within its partition, `progress` hears them numbered across the partitions.
    fn maxed<Partition, Pattern>(
        goal: &Board,
        partitions: &[Partition],
        mut progress: impl FnMut(usize, BuildProgress),
        mut load: impl FnMut(
            (usize, usize, &[u8]),
            &[Pattern],
            &mut dyn FnMut(usize, BuildProgress),
        ) -> Result<AdditivePdb, PdbError>,
    ) -> Result<Self, PdbError>
    where
        Partition: AsRef<[Pattern]>,
        Pattern: AsRef<[u8]>,
    {
        let shape = goal.shape();
        let board = (shape.width(), shape.height(), goal.tiles());
        let mut heuristic: Option<Self> = None;
        let mut patterns_before = 0;
        for partition in partitions {
            let partition = partition.as_ref();
            let pdb = load(board, partition, &mut |pattern, step| {
                progress(patterns_before + pattern, step)
            })?;
            patterns_before += partition.len();
            heuristic = Some(match heuristic {
                None => Self::new(goal, pdb)?,
                Some(first) => first.max_with(pdb)?,
            });
        }
        heuristic.ok_or(PdbError::NoPartition)
    }

    /// The partition [`solve`](crate::solve) uses for `goal`.
    ///
    /// When the goal's blank is in a corner, the published partitions are turned (by the
    /// board symmetry that takes the top-left corner to the blank's) onto the goal: the 15-puzzle
    /// gets 6-6-3 ([`partitions::FIFTEEN_6_6_3`], a few seconds to build; the 7-8 partition
    /// prunes more but takes minutes and over half a gigabyte to build, so it is left to callers
    /// who ask for it) and the 24-puzzle 6-6-6-6 ([`partitions::TWENTY_FOUR_6_6_6_6`]). Every
    /// other board and goal gets the tiles in goal order cut into equal patterns as large as
    /// build in well under a second (the whole 8-puzzle is one pattern: an exact heuristic).
    pub fn default_partition(goal: &Board) -> Vec<Vec<u8>> {
        let shape = goal.shape();
        let (width, height) = (shape.width(), shape.height());
        let published: Option<&[&[u8]]> = match (width, height) {
            (4, 4) => Some(&partitions::FIFTEEN_6_6_3),
            (5, 5) => Some(&partitions::TWENTY_FOUR_6_6_6_6),
            _ => None,
        };
        if let Some(turned) = published.and_then(|published| turned_onto(goal, published)) {
            return turned;
        }
        let cells = shape.cells();
        let tiles: Vec<u8> = goal.tiles().iter().copied().filter(|&t| t != 0).collect();
        let mut size = 1;
        while size < tiles.len() && placements(cells, size + 1) <= SMALL_PATTERN_ENTRIES {
            size += 1;
        }
        let patterns = tiles.len().div_ceil(size);
        let per_pattern = tiles.len().div_ceil(patterns);
        tiles.chunks(per_pattern).map(<[u8]>::to_vec).collect()
    }

    /// The partitions [`solve`](crate::solve) maxes for `goal`: the
    /// [default partition](Self::default_partition) first, then, for the 24-puzzle with its
    /// blank in a corner, the pinwheel 6-6-6-6 ([`partitions::TWENTY_FOUR_6_6_6_6_PINWHEEL`])
    /// turned onto the goal the same way. Its seams cross those of the published partition and
    /// of its mirror image: on six of Korf & Felner's instances it left 0.29 to 0.82 of the
    /// nodes, each about 1.4 times as slow (eight databases instead of four, twice the memory
    /// and the first build), 0.73 of the time in the geometric mean (BENCHMARKS.md).
    ///
    /// ```
    /// use puzzles::{Board, PdbHeuristic, Shape};
    ///
    /// let twenty_four = Board::blank_first(Shape::new(5, 5).unwrap());
    /// assert_eq!(PdbHeuristic::default_partitions(&twenty_four).len(), 2);
    /// let fifteen = Board::blank_first(Shape::new(4, 4).unwrap());
    /// let partitions = PdbHeuristic::default_partitions(&fifteen);
    /// assert_eq!(partitions, [PdbHeuristic::default_partition(&fifteen)]);
    /// ```
    pub fn default_partitions(goal: &Board) -> Vec<Vec<Vec<u8>>> {
        let mut chosen = vec![Self::default_partition(goal)];
        let shape = goal.shape();
        if (shape.width(), shape.height()) == (5, 5) {
            chosen.extend(turned_onto(goal, &partitions::TWENTY_FOUR_6_6_6_6_PINWHEEL));
        }
        chosen
    }

    /// The goal the databases were built for.
    pub fn goal(&self) -> &Board {
        &self.goal
    }

    /// The databases of the first partition (see [`additional`](Self::additional) for the
    /// others).
    pub fn databases(&self) -> &AdditivePdb {
        &self.pdb
    }

    /// Whether the heuristic is consistent: every database is of [`Abstraction::FreeBlank`] and
    /// the lookups are not [`Lookups::Dual`] (the maximum of consistent estimates is
    /// consistent).
    pub fn is_consistent(&self) -> bool {
        self.pdb.is_consistent() && self.more.iter().all(AdditivePdb::is_consistent)
    }

    /// Which states the estimate looks up; [`Lookups::Reflected`] unless set.
    pub fn lookups(&self) -> Lookups {
        self.pdb.lookups()
    }

    /// The same databases, estimating with `lookups`.
    ///
    /// ```
    /// use puzzles::pdb::Lookups;
    /// use puzzles::{Board, PdbHeuristic, SlidingPuzzle};
    /// use search_core::idastar;
    ///
    /// let goal = Board::parse("123456780").unwrap();
    /// let partition = [vec![1, 2, 3], vec![4, 5, 6], vec![7, 8]];
    /// let heuristic = PdbHeuristic::build(&goal, &partition, |_, _| {})
    ///     .unwrap()
    ///     .with_lookups(Lookups::Dual);
    /// assert!(!heuristic.is_consistent());
    /// let puzzle = SlidingPuzzle::<u64>::new(&goal).unwrap();
    /// let start = puzzle.state(&Board::parse("867254301").unwrap()).unwrap();
    /// // One of the two boards farthest from this goal, 31 moves away (OEIS A089473).
    /// assert_eq!(idastar(&puzzle, &heuristic, start).solution().unwrap().len(), 31);
    /// ```
    pub fn with_lookups(self, lookups: Lookups) -> Self {
        Self {
            pdb: self.pdb.with_lookups(lookups),
            more: (self.more.into_iter())
                .map(|pdb| pdb.with_lookups(lookups))
                .collect(),
            ..self
        }
    }
}

/// `cells! / (cells - k)!`, saturating.
fn placements(cells: usize, k: usize) -> u64 {
    (0..k).fold(1u64, |n, i| n.saturating_mul((cells - i) as u64))
}

/// `partition`, whose patterns name the cells of the blank-first goal, turned onto `goal` by
/// the board symmetry that takes the top-left corner to `goal`'s blank; `None` when that blank
/// is not in a corner.
fn turned_onto(goal: &Board, partition: &[&[u8]]) -> Option<Vec<Vec<u8>>> {
    let map = corner_symmetry(goal.shape(), goal.blank())?;
    let turned = partition
        .iter()
        .map(|cells| {
            cells
                .iter()
                .map(|&cell| goal.tile(map(usize::from(cell))))
                .collect()
        })
        .collect();
    Some(turned)
}

/// The symmetry of the rectangle (identity, a flip or the half turn) that takes the top-left
/// cell to `blank`, if `blank` is a corner.
fn corner_symmetry(shape: Shape, blank: usize) -> Option<impl Fn(usize) -> usize> {
    let (width, height) = (shape.width(), shape.height());
    let (row, column) = (shape.row(blank), shape.column(blank));
    if (row != 0 && row != height - 1) || (column != 0 && column != width - 1) {
        return None;
    }
    let (flip_rows, flip_columns) = (row != 0, column != 0);
    Some(move |cell: usize| {
        let (r, c) = (cell / width, cell % width);
        let r = if flip_rows { height - 1 - r } else { r };
        let c = if flip_columns { width - 1 - c } else { c };
        r * width + c
    })
}

impl<Word: PackedWord> Heuristic<SlidingPuzzle<Word>> for PdbHeuristic {
    #[inline]
    fn is_consistent(&self) -> bool {
        PdbHeuristic::is_consistent(self)
    }

    #[inline]
    fn estimate(&self, puzzle: &SlidingPuzzle<Word>, state: &TileState<Word>) -> TileCost {
        let cells = puzzle.shape().cells();
        let mut positions = [0u8; MAX_CELLS];
        for cell in 0..cells {
            positions[usize::from(state.tile_at(cell))] = cell as u8;
        }
        self.estimate_positions(&positions[..cells])
    }
}

impl PdbHeuristic {
    /// The estimate of the state whose tile `t` sits on cell `positions[t]`.
    #[inline]
    pub(crate) fn estimate_positions(&self, positions: &[u8]) -> TileCost {
        // Up to three partitions compute all their table indices before reading any entry, so
        // that the cache misses of every partition overlap.
        let first = &self.pdb;
        let estimate = match self.more.as_slice() {
            [] => first.estimate(positions),
            [second] => {
                let pending = [first.begin(positions), second.begin(positions)];
                first.finish(&pending[0]).max(second.finish(&pending[1]))
            }
            [second, third] => {
                let pending = [
                    first.begin(positions),
                    second.begin(positions),
                    third.begin(positions),
                ];
                (first.finish(&pending[0]))
                    .max(second.finish(&pending[1]))
                    .max(third.finish(&pending[2]))
            }
            more => (more.iter()).fold(first.estimate(positions), |h, pdb| {
                h.max(pdb.estimate(positions))
            }),
        };
        // A sum of at most 25 byte-sized values always fits.
        estimate as TileCost
    }
}

/// The bytes of direct tables a [`PdbSource`] gives the databases of boards of more than 16
/// cells, unless told otherwise, once a search runs long enough for them to pay
/// ([`PdbSource::with_direct_tables_when_long`]): 1 GiB, room for the eight 6-tile tables
/// (976 MB) of the 24-puzzle's [default partitions](PdbHeuristic::default_partitions).
pub const DEFAULT_DIRECT_TABLES: usize = 1 << 30;

/// A partition chosen for a goal: its name (a [standard](partitions::Standard) one's, or
/// `quick` for the [default partition](PdbHeuristic::default_partition) of a board without
/// standard ones) and its patterns in the goal's tile numbers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChosenPartition {
    /// The name, as `slide pdb build NAME` and `--partition NAME` spell it.
    pub name: String,
    /// The patterns, tile numbers of the goal.
    pub patterns: Vec<Vec<u8>>,
}

impl ChosenPartition {
    /// The standard partition `standard` laid onto `goal` ([`PdbHeuristic::standard_onto`]).
    pub fn standard(goal: &Board, standard: partitions::Standard) -> Self {
        ChosenPartition {
            name: standard.name().to_owned(),
            patterns: PdbHeuristic::standard_onto(goal, standard),
        }
    }
}

impl PdbHeuristic {
    /// The patterns of `standard`, whose tiles name cells of the blank-first goal, in the tile
    /// numbers of `goal`: for the blank-first goal itself, as they are; for another goal with
    /// its blank in a corner, turned by the board symmetry that takes the top-left corner to
    /// the blank; for any other goal, the tiles on the same cells, the one on the top-left
    /// cell (which no pattern covers) taking the place of the blank's cell.
    ///
    /// ```
    /// use puzzles::pdb::partitions::Standard;
    /// use puzzles::{Board, PdbHeuristic, Shape};
    ///
    /// let shape = Shape::new(4, 4).unwrap();
    /// let blank_first = Board::blank_first(shape);
    /// assert_eq!(PdbHeuristic::standard_onto(&blank_first, Standard::Fifteen78), Standard::Fifteen78.to_vecs());
    /// // Blank last: the half turn. The 7 tiles of the top rows become the bottom rows' 7.
    /// let blank_last = Board::blank_last(shape);
    /// let turned = PdbHeuristic::standard_onto(&blank_last, Standard::Fifteen78);
    /// assert_eq!(turned[0], [15, 14, 13, 12, 11, 10, 9]);
    /// ```
    pub fn standard_onto(goal: &Board, standard: partitions::Standard) -> Vec<Vec<u8>> {
        if let Some(turned) = turned_onto(goal, standard.patterns()) {
            return turned;
        }
        standard.on_cells_of(goal.tiles())
    }
}

/// When a [`PdbSource`] fills the direct tables it was given a budget for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Deferral {
    /// As the databases are loaded.
    Now,
    /// Once a search has run long enough for them to pay.
    WhenLong,
}

/// A rung of the ladder [`PdbSource`] climbs to choose databases: standard partitions of one
/// strength, and whether to max every one of them that the cache holds or take the first.
struct Rung {
    partitions: &'static [partitions::Standard],
    max_all: bool,
}

/// Whether the databases of boards of `width` x `height` that a [`PdbSource`] builds when it
/// holds none take seconds and prune well: on boards of up to 16 cells. The 24-puzzle's take
/// minutes, and on larger boards the patterns that build in seconds are too small to beat
/// linear conflict by much.
fn quick_default_is_quick(width: usize, height: usize) -> bool {
    width * height <= 16
}

/// The rungs for boards of `width` x `height`, strongest first, and the partitions to build
/// when the cache holds none (the quickest that prunes well; see [`quick_default_is_quick`]).
fn ladder(width: usize, height: usize) -> (&'static [Rung], &'static [partitions::Standard]) {
    use partitions::Standard::*;
    match (width, height) {
        (4, 4) => (
            &[
                Rung {
                    partitions: &[Fifteen78, Fifteen78Diagonal, Fifteen78Antidiagonal],
                    max_all: true,
                },
                Rung {
                    partitions: &[Fifteen663, Fifteen555],
                    max_all: false,
                },
            ],
            &[Fifteen663],
        ),
        (5, 5) => (
            &[Rung {
                partitions: &[TwentyFour6666, TwentyFour6666Pinwheel],
                max_all: true,
            }],
            &[TwentyFour6666, TwentyFour6666Pinwheel],
        ),
        _ => (&[], &[]),
    }
}

/// Where [`solve_with`](crate::solve_with) gets pattern databases: a cache directory (or none:
/// build in memory), which partitions to use (chosen from what the cache holds unless
/// [set](PdbSource::with_partitions)), who hears about builds and cache trouble, and the
/// databases of the last goal, kept so that a batch of boards with one goal loads them once.
///
/// # Which databases
/// On the 15-puzzle and the 24-puzzle the choice climbs a ladder of
/// [standard partitions](partitions::Standard), strongest first, and takes the first rung the
/// cache holds completely: on 4x4, every 7-8 partition the cache holds (`15-7-8` and its
/// diagonal twins), maxed; else `15-6-6-3`, else `15-5-5-5`; on 5x5, `24-6-6-6-6` and its
/// pinwheel, maxed when both are there. With nothing cached it builds the quick default: 6-6-3
/// on 4x4 (a few seconds), both 6-6-6-6 partitions on 5x5 (minutes). Other boards get the
/// [default partition](PdbHeuristic::default_partition). [`partitions_for`](Self::partitions_for)
/// tells the choice without loading anything.
pub struct PdbSource<'a> {
    cache: Option<PdbCache>,
    progress: Box<dyn FnMut(usize, BuildProgress) + 'a>,
    warn: Box<dyn FnMut(&CacheWarning) + 'a>,
    /// Bytes of direct tables to give the databases it loads, and whether a search fills them
    /// only once it runs long enough; `None` for the default by size.
    direct_budget: Option<(usize, Deferral)>,
    /// The partitions asked for, or `None` to choose from what the cache holds.
    chosen: Option<Vec<partitions::AskedPartition>>,
    /// The databases of the last goal, and the names of their partitions.
    loaded: Option<(PdbHeuristic, Vec<String>)>,
    /// Bytes of direct tables left for a search to fill once it runs long enough (the default
    /// on boards of more than 16 cells), for the databases loaded.
    deferred_direct: usize,
    /// The duplicate-pruning automaton a long search made by default (for boards of this shape,
    /// of sequences up to this length), kept for the next board.
    automaton: Option<(Shape, usize, PruningAutomaton)>,
    /// Why there is no cache, told to `warn` when databases are first needed.
    untold: Option<CacheWarning>,
}

impl std::fmt::Debug for PdbSource<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PdbSource")
            .field("cache", &self.cache)
            .field("direct_budget", &self.direct_budget)
            .field("partitions", &self.chosen)
            .field(
                "loaded",
                &self.loaded.as_ref().map(|(heuristic, _)| heuristic.goal()),
            )
            .finish_non_exhaustive()
    }
}

impl<'a> PdbSource<'a> {
    /// Databases from `cache`, or built in memory for every new goal when `cache` is `None`;
    /// silent.
    pub fn new(cache: Option<PdbCache>) -> Self {
        Self {
            cache,
            progress: Box::new(|_, _| {}),
            warn: Box::new(|_| {}),
            direct_budget: None,
            chosen: None,
            loaded: None,
            deferred_direct: 0,
            automaton: None,
            untold: None,
        }
    }

    /// Databases from the [default cache directory](PdbCache::default_location), if the
    /// platform has one; otherwise, or when it lies under a directory that does not exist
    /// (`HOME=/nonexistent`), databases built for this source only, and the
    /// [`CacheWarning::NoCache`] of [`PdbCache::locate_default`] is told to the
    /// [warning callback](Self::on_warning) when databases are first needed.
    pub fn default_location() -> Self {
        match PdbCache::locate_default() {
            Ok(cache) => Self::new(Some(cache)),
            Err(warning) => Self {
                untold: Some(warning),
                ..Self::new(None)
            },
        }
    }

    /// The cache the databases come from, if any.
    pub fn cache(&self) -> Option<&PdbCache> {
        self.cache.as_ref()
    }

    /// Why there is no cache, if the [default location](Self::default_location) had none and
    /// the warning has not been told yet (it is, when databases are first needed).
    pub fn no_cache_warning(&self) -> Option<&CacheWarning> {
        self.untold.as_ref()
    }

    /// Reports builds to `progress`: the pattern's position, counted across the partitions
    /// (the 24-puzzle's second partition numbers its patterns 4 to 7), and how far its build
    /// has come.
    pub fn on_progress(mut self, progress: impl FnMut(usize, BuildProgress) + 'a) -> Self {
        self.progress = Box::new(progress);
        self
    }

    /// Reports cache files that had to be rebuilt or could not be saved to `warn`.
    pub fn on_warning(mut self, warn: impl FnMut(&CacheWarning) + 'a) -> Self {
        self.warn = Box::new(warn);
        self
    }

    /// Uses the databases of `partitions`, maxed in this order, instead of choosing from what
    /// the cache holds; they are built on first use if missing. Each must be made for the
    /// boards solved ([`PdbError::PartitionForOtherBoard`] otherwise).
    ///
    /// ```
    /// use puzzles::pdb::partitions::Standard;
    /// use puzzles::pdb::PdbError;
    /// use puzzles::{Board, PdbSource, Shape};
    ///
    /// let mut databases = PdbSource::new(None).with_partitions(vec![Standard::Fifteen555]);
    /// let fifteen = Board::blank_first(Shape::new(4, 4).unwrap());
    /// let chosen = databases.partitions_for(&fifteen).unwrap();
    /// assert_eq!(chosen[0].name, "15-5-5-5");
    /// let eight = Board::blank_first(Shape::new(3, 3).unwrap());
    /// assert!(matches!(databases.partitions_for(&eight), Err(PdbError::PartitionForOtherBoard { .. })));
    /// ```
    pub fn with_partitions(self, partitions: Vec<partitions::Standard>) -> Self {
        let asked = partitions
            .into_iter()
            .map(partitions::AskedPartition::Standard);
        self.with_asked_partitions(asked.collect())
    }

    /// [`with_partitions`](Self::with_partitions), with [partitions of one's
    /// own](partitions::OwnPartition) among them: those are used only when the cache holds
    /// their databases ([`PdbError::OwnPartitionNotCached`] otherwise), on boards whose tiles
    /// they cover ([`PdbError::OwnPartitionForOtherBoard`]) and towards goals with the blank in
    /// a corner ([`PdbError::OwnPartitionForOtherGoal`]).
    ///
    /// ```
    /// use puzzles::pdb::partitions::AskedPartition;
    /// use puzzles::pdb::{PdbCache, PdbError};
    /// use puzzles::{Board, PdbSource, Shape};
    ///
    /// let directory = tempfile::tempdir().unwrap();
    /// let cache = PdbCache::new(directory.path());
    /// let own: AskedPartition = "1,2,3,4/5,6,7,8".parse().unwrap();
    /// let mut databases = PdbSource::new(Some(cache.clone())).with_asked_partitions(vec![own]);
    /// let goal = Board::blank_first(Shape::new(3, 3).unwrap());
    /// // Not built yet: refused, not built.
    /// assert!(matches!(databases.heuristic(&goal), Err(PdbError::OwnPartitionNotCached { .. })));
    /// // Built into the cache (as `slide pdb build --size 3x3 --pattern ...` does), used.
    /// for pattern in [[1, 2, 3, 4], [5, 6, 7, 8]] {
    ///     cache.get_or_build(3, 3, goal.tiles(), &pattern, |_| {}, |_| {}).unwrap();
    /// }
    /// assert!(databases.heuristic(&goal).is_ok());
    /// assert_eq!(databases.partitions_in_use(), ["1,2,3,4/5,6,7,8"]);
    /// // The 15-puzzle has tiles these patterns leave out.
    /// let fifteen = Board::blank_first(Shape::new(4, 4).unwrap());
    /// assert!(matches!(databases.heuristic(&fifteen), Err(PdbError::OwnPartitionForOtherBoard { .. })));
    /// ```
    pub fn with_asked_partitions(mut self, partitions: Vec<partitions::AskedPartition>) -> Self {
        self.chosen = Some(partitions);
        self.loaded = None;
        self
    }

    /// Gives the databases it loads [direct tables](PdbHeuristic::with_direct_tables) within
    /// `budget` bytes, whatever the board: the same estimates, sooner, for more memory and the
    /// time to fill them.
    ///
    /// Without this, boards of more than 16 cells get up to [`DEFAULT_DIRECT_TABLES`] bytes
    /// [when a search runs long](Self::with_direct_tables_when_long) (the tables of the
    /// 24-puzzle's two 6-6-6-6 partitions: 976 MB, filled in 12 to 19 s on two cores, for IDA*
    /// 1.6 to 2.6 times as fast; a 10-move board is solved in a twentieth of that, Korf &
    /// Felner's instances take seconds to hours) and smaller boards none (the 15-puzzle's 6-6-3
    /// tables take 16 MiB and about 0.1 s to fill, longer than a typical search with them
    /// takes).
    ///
    /// ```
    /// use puzzles::{Board, PdbSource};
    ///
    /// let goal = Board::parse("123456780").unwrap();
    /// // The 8-puzzle is one 8-tile pattern: its direct table takes 9^8 / 2 bytes, about 22 MB.
    /// let mut databases = PdbSource::new(None).with_direct_tables(32 << 20);
    /// let heuristic = databases.heuristic(&goal).unwrap();
    /// assert!(heuristic.databases().databases().iter().all(|pdb| pdb.has_direct_table()));
    /// ```
    pub fn with_direct_tables(mut self, budget: usize) -> Self {
        self.direct_budget = Some((budget, Deferral::Now));
        self
    }

    /// Gives the databases it loads [direct tables](PdbHeuristic::with_direct_tables) within
    /// `budget` bytes once an IDA* search with them has run long enough for the tables to pay
    /// (about twice the time they take to fill): a short search never fills them, a long one
    /// fills them between two of its iterations and goes on with them. This is the default on
    /// boards of more than 16 cells, with [`DEFAULT_DIRECT_TABLES`] bytes.
    ///
    /// ```
    /// use puzzles::{solve_with, Algorithm, Board, HeuristicKind, PdbSource};
    /// use search_core::Limits;
    ///
    /// let goal = Board::parse("123456780").unwrap();
    /// let mut databases = PdbSource::new(None).with_direct_tables_when_long(32 << 20);
    /// let start = Board::parse("123456708").unwrap();
    /// let report = solve_with(&start, &goal, Algorithm::IdaStar, HeuristicKind::PatternDatabase,
    ///     &Limits::default(), &mut databases).unwrap();
    /// assert_eq!(report.length(), Some(1));
    /// // A one-move search never pays for a table.
    /// let heuristic = databases.heuristic(&goal).unwrap();
    /// assert!(heuristic.databases().databases().iter().all(|pdb| !pdb.has_direct_table()));
    /// ```
    pub fn with_direct_tables_when_long(mut self, budget: usize) -> Self {
        self.direct_budget = Some((budget, Deferral::WhenLong));
        self
    }

    /// The partitions whose databases [`heuristic`](Self::heuristic) would load for `goal`, in
    /// the order they are maxed (see the type's docs for the choice), without loading any.
    ///
    /// # Errors
    /// [`PdbError::PartitionForOtherBoard`] when a partition [asked for](Self::with_partitions)
    /// is not made for `goal`'s board.
    pub fn partitions_for(&self, goal: &Board) -> Result<Vec<ChosenPartition>, PdbError> {
        let shape = goal.shape();
        let (width, height) = (shape.width(), shape.height());
        if let Some(asked) = &self.chosen {
            return (asked.iter())
                .map(|asked| {
                    let standard = match asked {
                        partitions::AskedPartition::Standard(standard) => *standard,
                        partitions::AskedPartition::Own(own) => {
                            if *goal != Board::blank_first(shape) {
                                return Err(PdbError::OwnPartitionForOtherGoal {
                                    partition: own.to_string(),
                                });
                            }
                            own.fits(width, height)?;
                            return Ok(ChosenPartition {
                                name: own.to_string(),
                                patterns: own.patterns().to_vec(),
                            });
                        }
                    };
                    if (standard.width(), standard.height()) != (width, height) {
                        return Err(PdbError::PartitionForOtherBoard {
                            partition: standard.name(),
                            width,
                            height,
                        });
                    }
                    Ok(ChosenPartition::standard(goal, standard))
                })
                .collect();
        }
        let (rungs, quick) = ladder(width, height);
        for rung in rungs {
            let mut held = (rung.partitions.iter())
                .map(|&standard| ChosenPartition::standard(goal, standard))
                .filter(|partition| self.holds(goal, &partition.patterns));
            let chosen: Vec<ChosenPartition> = if rung.max_all {
                held.collect()
            } else {
                held.next().into_iter().collect()
            };
            if !chosen.is_empty() {
                return Ok(chosen);
            }
        }
        if quick.is_empty() {
            return Ok(vec![ChosenPartition {
                name: "quick".to_owned(),
                patterns: PdbHeuristic::default_partition(goal),
            }]);
        }
        Ok((quick.iter())
            .map(|&standard| ChosenPartition::standard(goal, standard))
            .collect())
    }

    /// Whether [`heuristic`](Self::heuristic) for `goal` builds nothing: its databases are the
    /// ones already loaded, or all in the cache (as files: a corrupt one is still rebuilt when
    /// loaded). The first answer costs no look at the disk, so a batch of boards with one goal
    /// asks for free after its first board.
    pub fn is_cached(&self, goal: &Board) -> bool {
        if matches!(&self.loaded, Some((loaded, _)) if loaded.goal() == goal) {
            return true;
        }
        self.partitions_for(goal).is_ok_and(|chosen| {
            (chosen.iter()).all(|partition| self.holds(goal, &partition.patterns))
        })
    }

    /// Whether the databases for `goal`, when not cached, build in seconds and prune well: on
    /// boards of up to 16 cells, unless partitions were [asked for](Self::with_partitions).
    pub fn builds_quickly(&self, goal: &Board) -> bool {
        let shape = goal.shape();
        self.chosen.is_none() && quick_default_is_quick(shape.width(), shape.height())
    }

    /// What [`heuristic`](Self::heuristic) for `goal` would build before a search could
    /// start: the patterns of the [chosen partitions](Self::partitions_for) that the cache does
    /// not hold (all of them without a cache), their size and about how long they take. Empty
    /// when the databases are loaded already. Every database finished is saved at once, so a
    /// build that ends before a search gives up is kept for the next run.
    ///
    /// ```
    /// use puzzles::{Board, PdbSource, Shape};
    ///
    /// let databases = PdbSource::new(None);
    /// let twenty_four = Board::blank_first(Shape::new(5, 5).unwrap());
    /// let estimate = databases.build_estimate(&twenty_four).unwrap();
    /// // Both 6-6-6-6 partitions: eight 6-tile databases of 25!/19! entries.
    /// assert_eq!(estimate.patterns, 8);
    /// assert_eq!(estimate.bytes, 8 * 127_512_000 / 2);
    /// ```
    ///
    /// # Errors
    /// As [`partitions_for`](Self::partitions_for), and
    /// [`PdbError::OwnPartitionNotCached`] when a partition of one's own is not cached (which
    /// a search does not build).
    pub fn build_estimate(&self, goal: &Board) -> Result<BuildEstimate, PdbError> {
        if self.loaded_for(goal).is_some() {
            return Ok(BuildEstimate::default());
        }
        let shape = goal.shape();
        let (width, height) = (shape.width(), shape.height());
        let mut estimate = BuildEstimate::default();
        let chosen = self.partitions_for(goal)?;
        self.check_own_cached(goal, &chosen)?;
        for partition in chosen {
            estimate = estimate
                + match &self.cache {
                    Some(cache) => {
                        cache.build_estimate(width, height, goal.tiles(), &partition.patterns)?
                    }
                    None => (partition.patterns.iter())
                        .map(|pattern| BuildEstimate::of_pattern(shape.cells(), pattern.len()))
                        .try_fold(BuildEstimate::default(), |sum, one| Ok(sum + one?))?,
                };
        }
        Ok(estimate)
    }

    /// [`PdbError::OwnPartitionNotCached`] unless the cache holds the databases of every
    /// partition of one's own among `chosen` (for `goal`). Such a partition is the user's to
    /// build, which may take long: missing, it is an error that names it rather than a build
    /// nobody asked for.
    fn check_own_cached(&self, goal: &Board, chosen: &[ChosenPartition]) -> Result<(), PdbError> {
        let own = (self.chosen.iter().flatten())
            .filter(|asked| matches!(asked, partitions::AskedPartition::Own(_)))
            .map(ToString::to_string);
        for name in own {
            let partition = chosen.iter().find(|partition| partition.name == name);
            if partition.is_none_or(|partition| !self.holds(goal, &partition.patterns)) {
                let shape = goal.shape();
                return Err(PdbError::OwnPartitionNotCached {
                    partition: name,
                    width: shape.width(),
                    height: shape.height(),
                });
            }
        }
        Ok(())
    }

    /// Whether the cache has a file for every pattern of `partition` for `goal`.
    fn holds(&self, goal: &Board, partition: &[Vec<u8>]) -> bool {
        let Some(cache) = &self.cache else {
            return false;
        };
        let shape = goal.shape();
        partition.iter().all(|pattern| {
            cache
                .path_for(shape.width(), shape.height(), goal.tiles(), pattern)
                .is_ok_and(|path| path.is_file())
        })
    }

    /// The names of the partitions of the databases loaded last (by [`heuristic`](Self::heuristic)),
    /// in the order they are maxed; empty before any.
    pub fn partitions_in_use(&self) -> &[String] {
        self.loaded.as_ref().map_or(&[], |(_, names)| names)
    }

    /// The heuristic for `goal` with the [chosen partitions](Self::partitions_for), maxed: the
    /// one already loaded if it is for this goal, else loaded or built.
    pub fn heuristic(&mut self, goal: &Board) -> Result<&PdbHeuristic, PdbError> {
        self.heuristic_within(goal, &Limits::none())
    }

    /// [`heuristic`](Self::heuristic), with a build that stops with [`PdbError::Stopped`] when
    /// the cancellation flag of `limits` is raised or their deadline passes (see
    /// [`BuildOptions::limits`]); [`solve_with`](crate::solve_with) passes its search's limits.
    ///
    /// ```
    /// use std::sync::atomic::AtomicBool;
    /// use std::sync::Arc;
    /// use puzzles::pdb::PdbError;
    /// use puzzles::{Board, PdbSource};
    /// use search_core::{Limit, Limits};
    ///
    /// let mut databases = PdbSource::new(None);
    /// let goal = Board::parse("123456780").unwrap();
    /// let cancelled = Limits::none().with_cancel_flag(Arc::new(AtomicBool::new(true)));
    /// let built = databases.heuristic_within(&goal, &cancelled);
    /// assert!(matches!(built, Err(PdbError::Stopped(Limit::Cancelled))));
    /// assert!(databases.heuristic_within(&goal, &Limits::none()).is_ok());
    /// assert_eq!(databases.partitions_in_use(), ["quick"]);
    /// ```
    pub fn heuristic_within(
        &mut self,
        goal: &Board,
        limits: &Limits,
    ) -> Result<&PdbHeuristic, PdbError> {
        if let Some(warning) = self.untold.take() {
            (self.warn)(&warning);
        }
        if !matches!(&self.loaded, Some((loaded, _)) if loaded.goal() == goal) {
            self.loaded = None;
            let chosen = self.partitions_for(goal)?;
            self.check_own_cached(goal, &chosen)?;
            let patterns: Vec<&[Vec<u8>]> = (chosen.iter())
                .map(|partition| partition.patterns.as_slice())
                .collect();
            let progress = &mut self.progress;
            let heuristic = match &self.cache {
                Some(cache) => {
                    let options = cache.build_options().clone().limits(limits);
                    let cache = cache.clone().with_build_options(options);
                    let warn = &mut self.warn;
                    PdbHeuristic::from_cache_maxed(goal, &patterns, &cache, progress, warn)?
                }
                None => {
                    let options = BuildOptions::new().limits(limits);
                    PdbHeuristic::build_maxed_with_options(goal, &patterns, &options, progress)?
                }
            };
            // Asked-for tables are filled now; the default ones by a search that runs long.
            let (budget, deferred) = match self.direct_budget {
                Some((budget, Deferral::Now)) => (budget, 0),
                Some((budget, Deferral::WhenLong)) => (0, budget),
                None if goal.shape().cells() > 16 => (0, DEFAULT_DIRECT_TABLES),
                None => (0, 0),
            };
            let names = chosen.into_iter().map(|partition| partition.name).collect();
            self.loaded = Some((heuristic.with_direct_tables(budget)?, names));
            self.deferred_direct = deferred;
        }
        Ok(&self.loaded.as_ref().expect("loaded just above").0)
    }

    /// The heuristic loaded for `goal`, if it is the one loaded last.
    pub(crate) fn loaded_for(&self, goal: &Board) -> Option<&PdbHeuristic> {
        (self.loaded.as_ref())
            .map(|(heuristic, _)| heuristic)
            .filter(|heuristic| heuristic.goal() == goal)
    }

    /// The bytes of the direct tables left for a long search to fill, and about how many
    /// seconds filling them takes here; `None` when none are left.
    pub(crate) fn deferred_direct_tables(&self) -> Option<(usize, f64)> {
        let (heuristic, _) = self.loaded.as_ref()?;
        let (bytes, seconds) = heuristic.direct_tables_cost(self.deferred_direct);
        (bytes > 0).then_some((bytes, seconds))
    }

    /// Fills the direct tables left for a long search, within `limits` (see
    /// [`PdbHeuristic::with_direct_tables`]); they stay with the databases for the next board.
    pub(crate) fn fill_deferred_direct_tables(&mut self, limits: &Limits) -> Result<(), PdbError> {
        if let Some((heuristic, _)) = &mut self.loaded {
            heuristic.add_direct_tables(self.deferred_direct, limits)?;
        }
        self.deferred_direct = 0;
        Ok(())
    }

    /// The default duplicate-pruning automaton made for boards of `shape` and sequences of up
    /// to `length` moves, if one was.
    pub(crate) fn default_automaton(
        &self,
        shape: Shape,
        length: usize,
    ) -> Option<&PruningAutomaton> {
        (self.automaton.as_ref())
            .filter(|(made_for, made_length, _)| (*made_for, *made_length) == (shape, length))
            .map(|(_, _, automaton)| automaton)
    }

    /// Makes (unless made already) the default duplicate-pruning automaton for boards of
    /// `shape` and sequences of up to `length` moves, within `limits`.
    pub(crate) fn make_default_automaton(
        &mut self,
        shape: Shape,
        length: usize,
        limits: &Limits,
    ) -> Result<(), RedundantSearchError> {
        if self.default_automaton(shape, length).is_none() {
            let automaton = tile_pruning_automaton(shape, length, limits)?;
            self.automaton = Some((shape, length, automaton));
        }
        Ok(())
    }
}
