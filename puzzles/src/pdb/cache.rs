//! A directory of saved pattern databases, rebuilt whenever a file is missing or not valid.

use std::fmt;
use std::path::{Path, PathBuf};

use super::geometry::{Geometry, goal_positions, normalised_pattern};
use super::{Abstraction, AdditivePdb, BuildOptions, BuildProgress, PatternDatabase, PdbError};

/// Something the cache worked around rather than failed on; passed to the warning callback.
#[derive(Debug)]
#[non_exhaustive]
pub enum CacheWarning {
    /// A cached file could not be used (unreadable, corrupt, other version or pattern); the
    /// database is being rebuilt and the file will be replaced.
    Rebuilding {
        /// The rejected file.
        path: PathBuf,
        /// Why it was rejected.
        error: PdbError,
    },
    /// There is no cache to use, so databases are built for this process only: the platform
    /// has no cache directory (`path` is `None`), or the user's lies under a directory that does
    /// not exist (as `/nonexistent/.cache` does when `HOME=/nonexistent`), which the cache will
    /// not create. See [`PdbCache::locate_default`].
    NoCache {
        /// The cache directory that was refused, if the platform names one.
        path: Option<PathBuf>,
    },
    /// The database was built but could not be written to the cache; it is still returned.
    NotSaved {
        /// The file that could not be written.
        path: PathBuf,
        /// Why writing failed.
        error: PdbError,
    },
}

impl fmt::Display for CacheWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Rebuilding { path, error } => {
                write!(f, "rebuilding {}: {error}", path.display())
            }
            Self::NoCache { path: None } => {
                write!(
                    f,
                    "no cache directory on this platform: databases are not kept"
                )
            }
            Self::NoCache { path: Some(path) } => write!(
                f,
                "no cache: {} lies under a directory that does not exist (is HOME right?): \
                 databases are not kept",
                path.display()
            ),
            Self::NotSaved { path, error } => {
                write!(f, "could not save {}: {error}", path.display())
            }
        }
    }
}

/// A directory of pattern-database files, one per (board, goal, pattern, abstraction).
///
/// A cache builds and loads databases of one [`Abstraction`]: the default blank regions, or
/// another chosen with [`with_abstraction`](PdbCache::with_abstraction). Caches of different
/// abstractions may share a directory: their file names differ.
///
/// [`get_or_build`](PdbCache::get_or_build) loads a file only when it is valid in every checked
/// respect and describes exactly the requested database; otherwise it reports a
/// [`CacheWarning`] and rebuilds. New files are written to a temporary file in the same
/// directory and renamed into place, so a reader (or a second process building the same
/// database at the same time) only ever sees complete files.
#[derive(Clone, Debug)]
pub struct PdbCache {
    directory: PathBuf,
    /// Where the checksums computed are remembered, if anywhere.
    verified: Option<PathBuf>,
    /// How missing databases are built; their abstraction is the cache's.
    options: BuildOptions,
}

impl PdbCache {
    /// A cache in `directory` (created when the first file is written), of databases with the
    /// default [`Abstraction::BlankRegions`].
    pub fn new(directory: impl Into<PathBuf>) -> Self {
        Self {
            directory: directory.into(),
            verified: None,
            options: BuildOptions::new(),
        }
    }

    /// The same cache, remembering in `directory` which files' checksums it has computed, so
    /// that each file's CRC-32 is computed once rather than by every process that loads it
    /// (for the 15-puzzle's 7-8 databases, 870 MB read at every start).
    ///
    /// A marker records the database file's device, inode, length, and modification and
    /// status-change times; a file that is replaced, written or touched no longer matches its
    /// marker and is checksummed again. The quick spot-check of the entries
    /// ([`PatternDatabase::load`]) runs on every load whatever the marker says. The markers
    /// are kept apart from the databases so that the cache directory holds databases only;
    /// the [default cache](Self::default_location) keeps them in `slide/pdb-verified` beside
    /// its `slide/pdb`.
    ///
    /// ```
    /// use puzzles::pdb::PdbCache;
    ///
    /// let directory = tempfile::tempdir().unwrap();
    /// let cache = PdbCache::new(directory.path().join("pdb"))
    ///     .with_verified_markers(directory.path().join("verified"));
    /// let goal = [0, 1, 2, 3, 4, 5, 6, 7, 8];
    /// let built = cache.get_or_build(3, 3, &goal, &[1, 2], |_| {}, |_| {}).unwrap();
    /// let loaded = cache.get_or_build(3, 3, &goal, &[1, 2], |_| {}, |_| {}).unwrap();
    /// assert_eq!(built, loaded);
    /// ```
    pub fn with_verified_markers(mut self, directory: impl Into<PathBuf>) -> Self {
        self.verified = Some(directory.into());
        self
    }

    /// Where the marker of the database file `path` is, if this cache keeps markers.
    fn marker_for(&self, path: &Path) -> Option<PathBuf> {
        let name = path.file_name()?.to_str()?;
        Some(self.verified.as_ref()?.join(format!("{name}.verified")))
    }

    /// Writes `line` as the marker of the database file `path`, through a temporary file
    /// renamed into place as databases are; best effort: without a marker the checksum is only
    /// computed again.
    fn remember(&self, path: &Path, line: Option<String>) {
        let (Some(marker), Some(line), Some(directory)) =
            (self.marker_for(path), line, self.verified.as_ref())
        else {
            return;
        };
        let _ = std::fs::create_dir_all(directory).and_then(|()| {
            write_through_temporary(directory, &marker, |file| {
                use std::io::Write;
                (&*file).write_all(line.as_bytes())
            })
        });
    }

    /// The same directory, for databases of `abstraction`.
    ///
    /// ```
    /// use puzzles::pdb::{Abstraction, PdbCache};
    ///
    /// let directory = tempfile::tempdir().unwrap();
    /// let cache = PdbCache::new(directory.path()).with_abstraction(Abstraction::FreeBlank);
    /// let goal = [0, 1, 2, 3, 4, 5, 6, 7, 8];
    /// let pdb = cache.get_or_build(3, 3, &goal, &[1, 2], |_| {}, |_| {}).unwrap();
    /// assert_eq!(pdb.abstraction(), Abstraction::FreeBlank);
    /// assert!(cache.path_for(3, 3, &goal, &[1, 2]).unwrap().exists());
    /// ```
    pub fn with_abstraction(mut self, abstraction: Abstraction) -> Self {
        self.options = self.options.abstraction(abstraction);
        self
    }

    /// The same directory, building missing databases with `options` (memory budget,
    /// temporary directory, limits), whose abstraction becomes the cache's.
    ///
    /// ```
    /// use std::time::Duration;
    /// use puzzles::pdb::{BuildOptions, PdbCache, PdbError};
    /// use search_core::{Limit, Limits};
    ///
    /// let directory = tempfile::tempdir().unwrap();
    /// let out_of_time = BuildOptions::new().limits(&Limits::none().with_timeout(Duration::ZERO));
    /// let cache = PdbCache::new(directory.path()).with_build_options(out_of_time);
    /// let goal = [0, 1, 2, 3, 4, 5, 6, 7, 8];
    /// let built = cache.get_or_build(3, 3, &goal, &[1, 2], |_| {}, |_| {});
    /// assert!(matches!(built, Err(PdbError::Stopped(Limit::Deadline))));
    /// assert!(!cache.path_for(3, 3, &goal, &[1, 2]).unwrap().exists());
    /// ```
    pub fn with_build_options(mut self, options: BuildOptions) -> Self {
        self.options = options;
        self
    }

    /// The abstraction of the databases this cache builds and loads.
    pub fn abstraction(&self) -> Abstraction {
        self.options.abstraction
    }

    /// How this cache builds missing databases.
    pub fn build_options(&self) -> &BuildOptions {
        &self.options
    }

    /// The default cache: `slide/pdb` under the user's cache directory (for example
    /// `~/.cache/slide/pdb` on Linux), with its [verified markers](Self::with_verified_markers)
    /// in `slide/pdb-verified`, or `None` when the platform has no cache directory.
    ///
    /// `None` also when the user's cache directory lies under one that does not exist; see
    /// [`locate_default`](Self::locate_default), which says why.
    pub fn default_location() -> Option<Self> {
        Self::locate_default().ok()
    }

    /// The [default cache](Self::default_location), or the [`CacheWarning::NoCache`] to show
    /// when there is none.
    ///
    /// The user's cache directory itself may be missing (a new account has no `~/.cache` yet)
    /// and is created with the first file, but not the directory above it: that is the home
    /// directory (or `XDG_CACHE_HOME`'s parent), and one that does not exist means a wrong
    /// `HOME`, such as the `/nonexistent` of system accounts, under which creating the cache
    /// would make directories at the root of the filesystem.
    pub fn locate_default() -> Result<Self, CacheWarning> {
        let directory = dirs::cache_dir().ok_or(CacheWarning::NoCache { path: None })?;
        if !directory.is_dir() && !directory.parent().is_some_and(Path::is_dir) {
            return Err(CacheWarning::NoCache {
                path: Some(directory),
            });
        }
        let slide = directory.join("slide");
        Ok(Self::new(slide.join("pdb")).with_verified_markers(slide.join("pdb-verified")))
    }

    /// The cache's directory.
    pub fn directory(&self) -> &Path {
        &self.directory
    }

    /// The file that holds (or will hold) the database of `pattern` for this board and goal.
    ///
    /// The name carries the board size, a CRC-32 of the goal, the sorted pattern tiles and,
    /// for [`Abstraction::FreeBlank`], the suffix `-free-blank`.
    pub fn path_for(
        &self,
        width: usize,
        height: usize,
        goal: &[u8],
        pattern: &[u8],
    ) -> Result<PathBuf, PdbError> {
        let geometry = Geometry::new(width, height)?;
        goal_positions(goal, geometry.cells)?;
        let pattern = normalised_pattern(pattern, geometry.cells)?;
        let tiles: Vec<String> = pattern.iter().map(u8::to_string).collect();
        // Blank-region files keep the name they had before abstractions were recorded, so the
        // cache replaces files of the older format in place instead of leaving them behind.
        let suffix = match self.abstraction() {
            Abstraction::BlankRegions => "",
            Abstraction::FreeBlank => "-free-blank",
        };
        let name = format!(
            "{width}x{height}-goal{:08x}-tiles{}{suffix}.pdb",
            crc32fast::hash(goal),
            tiles.join("_")
        );
        Ok(self.directory.join(name))
    }

    /// Loads the database of `pattern` (of the cache's [`abstraction`](Self::abstraction)) if a
    /// valid file for it is cached, otherwise builds it (reporting through `progress`) and saves
    /// it.
    ///
    /// Invalid input (board, goal, pattern) is an error. A bad cached file or a failed save is
    /// not: it is reported to `warn` and worked around.
    pub fn get_or_build(
        &self,
        width: usize,
        height: usize,
        goal: &[u8],
        pattern: &[u8],
        mut progress: impl FnMut(BuildProgress),
        mut warn: impl FnMut(&CacheWarning),
    ) -> Result<PatternDatabase, PdbError> {
        self.get_or_build_erased(width, height, goal, pattern, &mut progress, &mut warn)
    }

    /// [`get_or_build`](Self::get_or_build) with its callbacks behind references: one copy of
    /// the loading and building code, not one per caller's closures.
    fn get_or_build_erased(
        &self,
        width: usize,
        height: usize,
        goal: &[u8],
        pattern: &[u8],
        progress: &mut dyn FnMut(BuildProgress),
        warn: &mut dyn FnMut(&CacheWarning),
    ) -> Result<PatternDatabase, PdbError> {
        let path = self.path_for(width, height, goal, pattern)?;
        let marker = self.marker_for(&path);
        let verified = marker.and_then(|marker| std::fs::read_to_string(marker).ok());
        match PatternDatabase::load_unless_verified(&path, verified.as_deref()) {
            Ok((pdb, remember))
                if pdb.describes(width, height, goal, pattern)
                    && pdb.abstraction() == self.abstraction() =>
            {
                self.remember(&path, remember);
                return Ok(pdb);
            }
            Ok(_) => warn(&CacheWarning::Rebuilding {
                path: path.clone(),
                error: PdbError::Mismatch,
            }),
            // No file, or no directory for it (a file where one should be): nothing to
            // rebuild, only to build; saving it will say what stands in the way.
            Err(PdbError::Io { source, .. })
                if matches!(
                    source.kind(),
                    std::io::ErrorKind::NotFound | std::io::ErrorKind::NotADirectory
                ) => {}
            Err(error) => warn(&CacheWarning::Rebuilding {
                path: path.clone(),
                error,
            }),
        }
        let pdb = PatternDatabase::build_with_options(
            width,
            height,
            goal,
            pattern,
            &self.options,
            progress,
        )?;
        if let Err(error) = self.store(&pdb, &path) {
            warn(&CacheWarning::NotSaved { path, error });
        }
        Ok(pdb)
    }

    /// [`get_or_build`](Self::get_or_build) for every pattern of `partition`, combined into an
    /// [`AdditivePdb`]; `progress` also receives the pattern's position in `partition`.
    pub fn get_or_build_additive<Pattern: AsRef<[u8]>>(
        &self,
        width: usize,
        height: usize,
        goal: &[u8],
        partition: &[Pattern],
        mut progress: impl FnMut(usize, BuildProgress),
        mut warn: impl FnMut(&CacheWarning),
    ) -> Result<AdditivePdb, PdbError> {
        super::additive::validate_partition(width, height, goal, partition)?;
        let databases = partition
            .iter()
            .enumerate()
            .map(|(i, pattern)| {
                let progress = |p| progress(i, p);
                self.get_or_build(width, height, goal, pattern.as_ref(), progress, &mut warn)
            })
            .collect::<Result<Vec<_>, _>>()?;
        AdditivePdb::from_databases(databases)
    }

    /// Saves through a temporary file in the cache directory ([`write_through_temporary`]),
    /// then renames it over `path`: renames within a directory are atomic, so concurrent
    /// builders cannot interleave their writes and readers never see a partial file.
    fn store(&self, pdb: &PatternDatabase, path: &Path) -> Result<(), PdbError> {
        let io = |path: &Path, source| PdbError::Io {
            path: path.to_path_buf(),
            source,
        };
        std::fs::create_dir_all(&self.directory).map_err(|e| io(&self.directory, e))?;
        let file = write_through_temporary(&self.directory, path, |file| pdb.write_to(file))
            .map_err(|e| io(path, e))?;
        // The table just written is the one whose checksum the header records.
        let identity = file
            .metadata()
            .ok()
            .and_then(|metadata| super::file::identity(&metadata, pdb.checksum()));
        self.remember(path, identity);
        Ok(())
    }
}

/// Nanoseconds a build takes per entry of its table, about: the 24-puzzle's eight 6-tile
/// databases (1,020 M entries) and the 15-puzzle's 7-8 (577 M) each build in 25 to 45 s on two
/// quiet cores; small patterns take longer per entry (the 6-6-3 databases, 11.5 M entries, in
/// about 1.5 s).
const BUILD_NANOSECONDS_PER_ENTRY: f64 = 60.0;

/// What building the missing databases of a partition takes, before it starts: see
/// [`PdbCache::build_estimate`].
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[non_exhaustive]
pub struct BuildEstimate {
    /// The patterns whose databases are not cached.
    pub patterns: usize,
    /// About how many bytes their files take (4 bits an entry, as most tables are).
    pub bytes: u64,
    /// About how many seconds building them takes on an unloaded machine.
    pub seconds: f64,
}

impl BuildEstimate {
    /// Whether nothing needs building.
    pub fn is_empty(&self) -> bool {
        self.patterns == 0
    }

    /// The estimate of building the database of a `tiles`-tile pattern on a board of `cells`
    /// cells.
    ///
    /// # Errors
    /// [`PdbError::TooLarge`] for a pattern whose table no address could hold.
    pub fn of_pattern(cells: usize, tiles: usize) -> Result<Self, PdbError> {
        let entries = super::index::PlacementIndex::new(cells, tiles)?.count();
        Ok(BuildEstimate {
            patterns: 1,
            bytes: (entries as u64).div_ceil(2),
            seconds: entries as f64 * BUILD_NANOSECONDS_PER_ENTRY * 1e-9,
        })
    }
}

impl std::ops::Add for BuildEstimate {
    type Output = Self;

    fn add(self, other: Self) -> Self {
        BuildEstimate {
            patterns: self.patterns + other.patterns,
            bytes: self.bytes + other.bytes,
            seconds: self.seconds + other.seconds,
        }
    }
}

impl PdbCache {
    /// What [`get_or_build_additive`](Self::get_or_build_additive) of `partition` would build:
    /// the patterns whose files are missing, with their size and about how long building them
    /// takes, so that a caller can announce a build, or decline one that a deadline would cut
    /// short (a build stopped half way keeps nothing of the pattern it was building; every
    /// pattern finished before is saved as soon as it is built).
    ///
    /// # Errors
    /// As [`path_for`](Self::path_for), for a board, goal or pattern that is not valid.
    ///
    /// ```
    /// use puzzles::pdb::PdbCache;
    ///
    /// let directory = tempfile::tempdir().unwrap();
    /// let cache = PdbCache::new(directory.path());
    /// let goal: Vec<u8> = (0..16).collect();
    /// let partition = [vec![1, 2, 3, 4, 5, 6, 7], vec![8, 9, 10, 11, 12, 13, 14, 15]];
    /// let estimate = cache.build_estimate(4, 4, &goal, &partition).unwrap();
    /// assert_eq!(estimate.patterns, 2);
    /// // 16!/9! + 16!/8! entries, two a byte: about 275 MiB.
    /// assert_eq!(estimate.bytes, (57_657_600 + 518_918_400) / 2);
    /// ```
    pub fn build_estimate<Pattern: AsRef<[u8]>>(
        &self,
        width: usize,
        height: usize,
        goal: &[u8],
        partition: &[Pattern],
    ) -> Result<BuildEstimate, PdbError> {
        let mut estimate = BuildEstimate::default();
        for pattern in partition {
            let pattern = pattern.as_ref();
            if self.path_for(width, height, goal, pattern)?.is_file() {
                continue;
            }
            estimate = estimate + BuildEstimate::of_pattern(width * height, pattern.len())?;
        }
        Ok(estimate)
    }
}

/// A database file in a [`PdbCache`]'s directory, as [`PdbCache::list`] finds it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct CachedFile {
    /// Where it is.
    pub path: PathBuf,
    /// Its size in bytes.
    pub bytes: u64,
    /// What its header says, or why it could not be read (a file the cache would rebuild).
    pub database: Result<CachedDatabase, String>,
}

/// What a cached database is for, read from its file's header (its table is not read).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct CachedDatabase {
    /// The board's width.
    pub width: usize,
    /// The board's height.
    pub height: usize,
    /// The goal it was built for: the tile at each cell.
    pub goal: Vec<u8>,
    /// The pattern's tiles, in increasing order.
    pub pattern: Vec<u8>,
    /// Its abstraction.
    pub abstraction: Abstraction,
    /// The standard partitions that use it for this goal (and, for the blank-first goal, every
    /// goal with its blank in a corner), by name; empty for a pattern of one's own.
    pub partitions: Vec<&'static str>,
}

impl CachedDatabase {
    /// Whether the goal is the blank-first one (`0 1 2 ...`), whose databases every goal with
    /// its blank in a corner shares.
    pub fn is_blank_first(&self) -> bool {
        self.goal == super::partitions::blank_first_goal(self.width, self.height)
    }
}

impl PdbCache {
    /// Every database file in the cache's directory (`*.pdb`), sorted by name, with what its
    /// header says: which board, goal, pattern and abstraction, and which standard partitions
    /// use it. Only headers are read: listing a cache of gigabytes takes milliseconds. A
    /// directory that does not exist yet holds nothing.
    ///
    /// # Errors
    /// [`PdbError::Io`] when the directory cannot be read.
    ///
    /// ```
    /// use puzzles::pdb::PdbCache;
    ///
    /// let directory = tempfile::tempdir().unwrap();
    /// let cache = PdbCache::new(directory.path().join("pdb"));
    /// assert!(cache.list().unwrap().is_empty());
    /// let goal = [0, 1, 2, 3, 4, 5, 6, 7, 8];
    /// cache.get_or_build(3, 3, &goal, &[1, 2, 3], |_| {}, |_| {}).unwrap();
    /// let files = cache.list().unwrap();
    /// assert_eq!(files.len(), 1);
    /// let database = files[0].database.as_ref().unwrap();
    /// assert_eq!((database.width, database.pattern.as_slice()), (3, &[1, 2, 3][..]));
    /// assert!(database.is_blank_first() && database.partitions.is_empty());
    /// cache.remove(&files[0]).unwrap();
    /// assert!(cache.list().unwrap().is_empty());
    /// ```
    pub fn list(&self) -> Result<Vec<CachedFile>, PdbError> {
        let io = |source| PdbError::Io {
            path: self.directory.clone(),
            source,
        };
        let entries = match std::fs::read_dir(&self.directory) {
            Ok(entries) => entries,
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(error) => return Err(io(error)),
        };
        let mut files = Vec::new();
        for entry in entries {
            let entry = entry.map_err(io)?;
            let path = entry.path();
            let is_database = path.extension().is_some_and(|extension| extension == "pdb")
                && !entry.file_name().to_string_lossy().starts_with('.');
            if !is_database {
                continue;
            }
            let bytes = entry.metadata().map(|metadata| metadata.len()).unwrap_or(0);
            let database = describe(&path).map_err(|error| error.to_string());
            files.push(CachedFile {
                path,
                bytes,
                database,
            });
        }
        files.sort_by(|a, b| a.path.cmp(&b.path));
        Ok(files)
    }

    /// Removes `file` (listed by [`list`](Self::list)) and the marker that remembers its
    /// checksum, if any.
    ///
    /// # Errors
    /// [`PdbError::Io`] when the file exists and cannot be removed.
    pub fn remove(&self, file: &CachedFile) -> Result<(), PdbError> {
        if let Some(marker) = self.marker_for(&file.path) {
            // Best effort: a marker without its file is never believed (it names an inode).
            let _ = std::fs::remove_file(marker);
        }
        match std::fs::remove_file(&file.path) {
            Err(error) if error.kind() != std::io::ErrorKind::NotFound => Err(PdbError::Io {
                path: file.path.clone(),
                source: error,
            }),
            _ => Ok(()),
        }
    }
}

/// What the header of the database file `path` says, and the standard partitions that use it.
fn describe(path: &Path) -> Result<CachedDatabase, PdbError> {
    let (_, _, header) = super::file::read_header(path)?;
    let partitions = super::partitions::Standard::for_board(header.width, header.height)
        .filter(|standard| {
            (standard.on_cells_of(&header.goal).iter()).any(|pattern| {
                normalised_pattern(pattern, header.width * header.height)
                    .is_ok_and(|pattern| pattern == header.pattern)
            })
        })
        .map(super::partitions::Standard::name)
        .collect();
    Ok(CachedDatabase {
        width: header.width,
        height: header.height,
        goal: header.goal,
        pattern: header.pattern,
        abstraction: header.abstraction,
        partitions,
    })
}

/// Writes a file through `write` into a new temporary file in `directory` and renames it to
/// `path`, returning it open.
///
/// The temporary file is created by [`tempfile`] with a random name and `O_EXCL`, so that it is
/// always a new regular file of ours: a name planted in advance (a symbolic link where a
/// predictable name would be) can neither redirect the write to another file nor become the
/// entry. Its name still starts with `.NAME.PID.`, so that [`remove_stale_temporaries`] can
/// tell a killed writer's leftover from a live writer's.
fn write_through_temporary(
    directory: &Path,
    path: &Path,
    write: impl FnOnce(&std::fs::File) -> std::io::Result<()>,
) -> std::io::Result<std::fs::File> {
    remove_stale_temporaries(directory);
    let file_name = path.file_name().and_then(|n| n.to_str()).unwrap_or("pdb");
    let prefix = format!(".{file_name}.{}.", std::process::id());
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".tmp");
    #[cfg(unix)]
    {
        // The mode of `File::create` (less the umask), not tempfile's private 0600: a cache
        // shared by several users, or read by a build farm's other accounts, stays readable.
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    // Dropping it on an error removes the file.
    let temporary = builder.tempfile_in(directory)?;
    write(temporary.as_file())?;
    Ok(temporary.persist(path)?)
}

/// How long a temporary file must have gone unwritten before a dead writer's file is removed:
/// a writer in another PID namespace (a container sharing the cache) looks dead from here, but
/// a live one keeps writing its file, so its modification time stays recent.
const STALE_AFTER: std::time::Duration = std::time::Duration::from_secs(60);

/// Removes the temporary files in `directory` whose writer is gone: a process killed while
/// saving a database (SIGKILL, a power cut) leaves its `.NAME.PID.RANDOM.tmp` behind (and
/// the builds of earlier versions their `.pdb-build-PID-N.tmp`), and nothing else would ever remove it:
/// [`tempfile`] removes its file when dropped, which a killed process never does.
///
/// A file is removed only when no process has its writer's id and it has not been written for
/// [`STALE_AFTER`]; best effort: whatever cannot be read or removed is left.
fn remove_stale_temporaries(directory: &Path) {
    let Ok(entries) = std::fs::read_dir(directory) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(writer) = name.to_str().and_then(temporary_writer) else {
            continue;
        };
        let unwritten = entry
            .metadata()
            .ok()
            .filter(std::fs::Metadata::is_file)
            .and_then(|metadata| metadata.modified().ok())
            .and_then(|modified| modified.elapsed().ok());
        if unwritten.is_some_and(|age| age >= STALE_AFTER) && !process_exists(writer) {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// The id of the process that wrote temporary file `name`, if it is one of ours.
fn temporary_writer(name: &str) -> Option<u32> {
    let stem = name.strip_prefix('.')?.strip_suffix(".tmp")?;
    let pid = if let Some(build) = stem.strip_prefix("pdb-build-") {
        // pdb-build-PID-N
        build.split('-').next()?
    } else {
        // NAME.pdb.PID.RANDOM (or NAME.pdb.PID.N, from earlier versions)
        let mut fields = stem.rsplit('.');
        fields.next()?;
        fields.next()?
    };
    pid.parse().ok()
}

/// Whether a process with id `pid` exists (as far as this process can see): asked of the
/// system through [`rustix`] (tempfile's own system-call layer, so no crate is added), which
/// sends signal 0: nothing is delivered, only the existence and the right to signal are
/// checked.
fn process_exists(pid: u32) -> bool {
    #[cfg(unix)]
    {
        // Ids beyond `i32` are no process; 0 and below name groups, not a writer: left alone.
        let Ok(raw) = i32::try_from(pid) else {
            return false;
        };
        let Some(pid) = rustix::process::Pid::from_raw(raw).filter(|_| raw > 0) else {
            return true;
        };
        match rustix::process::test_kill_process(pid) {
            Ok(()) => true,
            // It exists, but belongs to another user.
            Err(error) => error == rustix::io::Errno::PERM,
        }
    }
    #[cfg(not(unix))]
    {
        let _ = pid;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOAL: [u8; 9] = [0, 1, 2, 3, 4, 5, 6, 7, 8];
    /// The table's bytes: 9 * 8 * 7 placements, two entries a byte.
    const TABLE: usize = 252;

    /// `get_or_build` of pattern 1-2-3, with its warnings as text.
    fn get(cache: &PdbCache) -> (PatternDatabase, Vec<String>) {
        let mut warnings = Vec::new();
        let pdb = cache
            .get_or_build(
                3,
                3,
                &GOAL,
                &[1, 2, 3],
                |_| {},
                |w| warnings.push(w.to_string()),
            )
            .unwrap();
        (pdb, warnings)
    }

    /// Rewrites bytes `at` of `path` in place, which changes its identity as any write does.
    fn overwrite(path: &Path, at: usize, bytes: &[u8]) {
        let mut content = std::fs::read(path).unwrap();
        content[at..at + bytes.len()].copy_from_slice(bytes);
        std::fs::OpenOptions::new()
            .write(true)
            .open(path)
            .and_then(|mut file| std::io::Write::write_all(&mut file, &content))
            .unwrap();
    }

    /// The marker a cache would write for `path` as it is now, with the checksum its header
    /// records: a forgery, for the file's current contents whatever they are.
    fn forge_marker(cache: &PdbCache, path: &Path) {
        let content = std::fs::read(path).unwrap();
        let crc_at = content.len() - TABLE - 4;
        let checksum = u32::from_le_bytes(content[crc_at..crc_at + 4].try_into().unwrap());
        let metadata = std::fs::metadata(path).unwrap();
        let line = super::super::file::identity(&metadata, checksum).unwrap();
        std::fs::write(cache.marker_for(path).unwrap(), line).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn a_verified_file_skips_its_checksum_until_it_changes_but_never_the_spot_check() {
        let directory = tempfile::tempdir().unwrap();
        let cache = PdbCache::new(directory.path().join("pdb"))
            .with_verified_markers(directory.path().join("verified"));
        let (built, warnings) = get(&cache);
        assert!(warnings.is_empty(), "{warnings:?}");
        let path = cache.path_for(3, 3, &GOAL, &[1, 2, 3]).unwrap();
        let marker = cache.marker_for(&path).unwrap();
        assert!(marker.is_file(), "the save leaves a marker");
        assert_eq!(std::fs::read_dir(cache.directory()).unwrap().count(), 1);
        let content = std::fs::read(&path).unwrap();
        let crc_at = content.len() - TABLE - 4;
        assert_eq!((built.entries(), built.entry_bits()), (504, 4));

        // A wrong checksum written in place: the file changed, so it is checksummed again,
        // refused and rebuilt, and the new file gets a marker of its own.
        let wrong = [!content[crc_at], 0, 0, 0];
        overwrite(&path, crc_at, &wrong);
        let (rebuilt, warnings) = get(&cache);
        assert_eq!(rebuilt, built);
        assert_eq!(warnings.len(), 1, "{warnings:?}");
        assert!(warnings[0].contains("checksum"), "{warnings:?}");
        assert_eq!(std::fs::read(&path).unwrap(), content);

        // The same wrong checksum, with a marker forged for the changed file: the marker is
        // believed, so the checksum is not computed (which is the saving).
        overwrite(&path, crc_at, &wrong);
        forge_marker(&cache, &path);
        let (loaded, warnings) = get(&cache);
        assert!(warnings.is_empty(), "{warnings:?}");
        assert_eq!(loaded, built);

        // Random entries behind a forged marker: the spot-check still refuses them.
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let random: Vec<u8> = (0..TABLE)
            .map(|_| {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                seed as u8
            })
            .collect();
        overwrite(&path, content.len() - TABLE, &random);
        forge_marker(&cache, &path);
        let (rebuilt, warnings) = get(&cache);
        assert_eq!(rebuilt, built);
        assert_eq!(warnings.len(), 1, "{warnings:?}");
        assert!(
            warnings[0].contains("not a table of distances"),
            "{warnings:?}"
        );
    }

    /// A file loaded twice while its table is mapped shares one mapping (one set of page
    /// faults, one checksum); a file renamed over it is another file, mapped and checked
    /// afresh, so a bad table is refused even while the good one lives on.
    #[cfg(unix)]
    #[test]
    fn loads_of_one_file_share_its_mapping_until_it_is_replaced() {
        let directory = tempfile::tempdir().unwrap();
        let cache = PdbCache::new(directory.path().join("pdb"));
        get(&cache);
        let path = cache.path_for(3, 3, &GOAL, &[1, 2, 3]).unwrap();
        let first = PatternDatabase::load(&path).unwrap();
        let second = PatternDatabase::load(&path).unwrap();
        assert!(first.table.is_mapped());
        assert_eq!(first.table.as_ptr(), second.table.as_ptr());

        let mut content = std::fs::read(&path).unwrap();
        let crc_at = content.len() - TABLE - 4;
        content[crc_at] = !content[crc_at];
        let replacement = directory.path().join("replacement.pdb");
        std::fs::write(&replacement, &content).unwrap();
        std::fs::rename(&replacement, &path).unwrap();
        assert!(matches!(
            PatternDatabase::load(&path),
            Err(PdbError::ChecksumMismatch { .. })
        ));
        // The first file's bytes are untouched under the databases that hold them.
        assert_eq!(first, second);
    }
}
