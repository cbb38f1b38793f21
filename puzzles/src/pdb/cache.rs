//! A directory of saved pattern databases, rebuilt whenever a file is missing or not valid.

use std::fmt;
use std::path::{Path, PathBuf};

use super::geometry::{goal_positions, normalised_pattern, Geometry};
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
    /// How missing databases are built; their abstraction is the cache's.
    options: BuildOptions,
}

impl PdbCache {
    /// A cache in `directory` (created when the first file is written), of databases with the
    /// default [`Abstraction::BlankRegions`].
    pub fn new(directory: impl Into<PathBuf>) -> Self {
        Self {
            directory: directory.into(),
            options: BuildOptions::new(),
        }
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
    /// `~/.cache/slide/pdb` on Linux), or `None` when the platform has no cache directory.
    pub fn default_location() -> Option<Self> {
        dirs::cache_dir().map(|dir| Self::new(dir.join("slide").join("pdb")))
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
        progress: impl FnMut(BuildProgress),
        mut warn: impl FnMut(&CacheWarning),
    ) -> Result<PatternDatabase, PdbError> {
        let path = self.path_for(width, height, goal, pattern)?;
        match PatternDatabase::load(&path) {
            Ok(pdb)
                if pdb.describes(width, height, goal, pattern)
                    && pdb.abstraction() == self.abstraction() =>
            {
                return Ok(pdb)
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

    /// Saves through a temporary file in the cache directory, then renames it over `path`:
    /// renames within a directory are atomic, so concurrent builders cannot interleave their
    /// writes and readers never see a partial file.
    ///
    /// The temporary file is created by [`tempfile`] with a random name and `O_EXCL`, so that
    /// it is always a new regular file of ours: a name planted in advance (a symbolic link
    /// where a predictable name would be) can neither redirect the write to another file nor
    /// become the cache entry. Its name still starts with `.NAME.PID.`, so that
    /// [`remove_stale_temporaries`] can tell a killed writer's leftover from a live writer's.
    fn store(&self, pdb: &PatternDatabase, path: &Path) -> Result<(), PdbError> {
        let io = |path: &Path, source| PdbError::Io {
            path: path.to_path_buf(),
            source,
        };
        std::fs::create_dir_all(&self.directory).map_err(|e| io(&self.directory, e))?;
        remove_stale_temporaries(&self.directory);
        let file_name = path.file_name().and_then(|n| n.to_str()).unwrap_or("pdb");
        // Dropping it on an error removes the file.
        let temporary = tempfile::Builder::new()
            .prefix(&format!(".{file_name}.{}.", std::process::id()))
            .suffix(".tmp")
            .tempfile_in(&self.directory)
            .map_err(|e| io(&self.directory, e))?;
        pdb.write_to(temporary.as_file())
            .map_err(|e| io(temporary.path(), e))?;
        temporary.persist(path).map_err(|e| io(path, e.error))?;
        Ok(())
    }
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

/// Whether a process with id `pid` exists (as far as this process can see).
fn process_exists(pid: u32) -> bool {
    #[cfg(unix)]
    {
        let Ok(pid) = libc::pid_t::try_from(pid) else {
            return false;
        };
        if pid <= 0 {
            return true;
        }
        // SAFETY: signal 0 sends nothing; kill only checks that the process exists and may be
        // signalled. It reads no memory of ours.
        let sent = unsafe { libc::kill(pid, 0) };
        // EPERM: it exists, but belongs to another user.
        sent == 0 || std::io::Error::last_os_error().raw_os_error() == Some(libc::EPERM)
    }
    #[cfg(not(unix))]
    {
        let _ = pid;
        true
    }
}
