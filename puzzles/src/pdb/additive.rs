//! The additive heuristic: the sum of disjoint pattern databases, and its mirror image.

use super::geometry::{goal_positions, normalised_pattern, Geometry};
use super::{Abstraction, BuildProgress, PatternDatabase, PdbError};

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
/// consistent.
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
        mut progress: impl FnMut(usize, BuildProgress),
    ) -> Result<Self, PdbError> {
        validate_partition(width, height, goal, partition)?;
        let databases = partition
            .iter()
            .enumerate()
            .map(|(i, pattern)| {
                let progress = |p| progress(i, p);
                PatternDatabase::build_with(
                    width,
                    height,
                    goal,
                    pattern.as_ref(),
                    abstraction,
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
        let cells = width * height;
        let goal_cells = goal_positions(&goal, cells)?;
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
        })
    }

    /// The databases, in the order of the partition.
    pub fn databases(&self) -> &[PatternDatabase] {
        &self.databases
    }

    /// Whether the estimate is consistent: every database is of [`Abstraction::FreeBlank`].
    pub fn is_consistent(&self) -> bool {
        self.databases
            .iter()
            .all(|pdb| pdb.abstraction().is_consistent())
    }

    /// Whether the estimate also uses the reflection about the main diagonal.
    pub fn has_reflection(&self) -> bool {
        self.reflection.is_some()
    }

    /// The sum of the databases' values for `positions` (`positions[tile] = cell`).
    ///
    /// # Panics
    ///
    /// If `positions` has fewer entries than the board has cells.
    #[inline]
    pub fn sum(&self, positions: &[u8]) -> u32 {
        self.manhattan(positions) + 2 * self.excess(positions)
    }

    #[inline]
    fn manhattan(&self, positions: &[u8]) -> u32 {
        positions[1..self.cells]
            .iter()
            .enumerate()
            .map(|(i, &cell)| u32::from(self.manhattan[(i + 1) * self.cells + usize::from(cell)]))
            .sum()
    }

    #[inline]
    fn excess(&self, positions: &[u8]) -> u32 {
        self.databases
            .iter()
            .map(|pdb| u32::from(pdb.excess(positions)))
            .sum()
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

    /// The heuristic value: the larger of [`sum`](Self::sum) and
    /// [`reflected_sum`](Self::reflected_sum).
    ///
    /// # Panics
    ///
    /// If `positions` has fewer entries than the board has cells.
    #[inline]
    pub fn estimate(&self, positions: &[u8]) -> u32 {
        // The reflection is a symmetry of the board and the goal, so it keeps every tile's
        // Manhattan distance: only the entries differ.
        //
        // Every rank is computed before any entry is read: the entries of big databases miss
        // the cache, and independent loads issued together wait for memory together.
        const MOST: usize = 16;
        let count = self.databases.len();
        if count > MOST {
            let excess = self.excess(positions);
            let reflected = self
                .reflect(positions)
                .map_or(0, |reflected| self.excess(&reflected[..self.cells]));
            return self.manhattan(positions) + 2 * excess.max(reflected);
        }
        let mut ranks = [0usize; 2 * MOST];
        for (rank, pdb) in ranks.iter_mut().zip(&self.databases) {
            *rank = pdb.rank(positions);
        }
        let reflected = self.reflect(positions);
        if let Some(reflected) = &reflected {
            for (rank, pdb) in ranks[MOST..].iter_mut().zip(&self.databases) {
                *rank = pdb.rank(&reflected[..self.cells]);
            }
        }
        let sum = |ranks: &[usize]| -> u32 {
            ranks
                .iter()
                .zip(&self.databases)
                .map(|(&rank, pdb)| u32::from(pdb.entry(rank)))
                .sum()
        };
        let excess = sum(&ranks[..count]);
        let reflected_excess = if reflected.is_some() {
            sum(&ranks[MOST..MOST + count])
        } else {
            0
        };
        self.manhattan(positions) + 2 * excess.max(reflected_excess)
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
