//! The on-disk format of a pattern database.
//!
//! All integers little-endian:
//!
//! | bytes | field |
//! |---|---|
//! | 8 | magic `SLIDEPDB` |
//! | 4 | format version (3) |
//! | 1 + 1 | width, height |
//! | cells | goal layout |
//! | 1 + k | pattern size k, pattern tiles in increasing order |
//! | 1 | abstraction: 0 blank regions, 1 free blank |
//! | 1 | bits per entry (4 or 8) |
//! | 8 | entry count |
//! | 4 | CRC-32 of the table |
//! | rest | the table |
//!
//! Version 2 numbered placements subset by subset and stored each entry as its value's excess
//! over the pattern's Manhattan distance, halved; version 3 keeps that and adds the
//! [`Abstraction`] byte. Older files (version 1: mixed-radix placement
//! numbers, plain values; version 2: no abstraction byte) are rejected, and
//! [`PdbCache`](super::PdbCache) rebuilds them.

use std::fs::File;
use std::io::{BufWriter, Read, Write};
use std::path::Path;
use std::sync::{Arc, Mutex, PoisonError, Weak};

use memmap2::Mmap;

use super::database::{PatternDatabase, manhattan_table};
use super::direct::Derived;
use super::geometry::{Geometry, goal_positions, normalised_pattern};
use super::index::PlacementIndex;
use super::table::TableBytes;
use super::{Abstraction, PdbError};

const MAGIC: &[u8; 8] = b"SLIDEPDB";

/// The format version that [`PatternDatabase::save`] writes and [`PatternDatabase::load`] reads.
pub const FORMAT_VERSION: u32 = 3;

impl PatternDatabase {
    /// Writes the database to `path` (see the module docs of [`crate::pdb`] for the layout).
    ///
    /// This writes in place; [`PdbCache`](super::PdbCache) writes through a temporary file and a
    /// rename so that readers never see a half-written file.
    pub fn save(&self, path: &Path) -> Result<(), PdbError> {
        let io = |source| PdbError::Io {
            path: path.to_path_buf(),
            source,
        };
        let file = File::create(path).map_err(io)?;
        self.write_to(&file).map_err(io)
    }

    /// Writes the file's bytes to `file`, which is empty and open for writing, and waits until
    /// they are on the disk; the cache's way to save into a temporary file it created.
    pub(crate) fn write_to(&self, file: &File) -> std::io::Result<()> {
        let mut out = BufWriter::new(file);
        out.write_all(&self.header())?;
        out.write_all(&self.table)?;
        out.into_inner().map_err(|e| e.into_error())?.sync_all()
    }

    /// The CRC-32 of the table, as the header records it.
    pub(crate) fn checksum(&self) -> u32 {
        crc32fast::hash(&self.table)
    }

    fn header(&self) -> Vec<u8> {
        let mut header = Vec::with_capacity(64 + self.goal.len() + self.pattern.len());
        header.extend_from_slice(MAGIC);
        header.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
        header.extend_from_slice(&[self.width as u8, self.height as u8]);
        header.extend_from_slice(&self.goal);
        header.push(self.pattern.len() as u8);
        header.extend_from_slice(&self.pattern);
        header.push(self.abstraction.code());
        header.push(self.entry_bits);
        header.extend_from_slice(&(self.index.count() as u64).to_le_bytes());
        header.extend_from_slice(&self.checksum().to_le_bytes());
        header
    }

    /// Reads a database written by [`save`](Self::save), checking everything it can.
    ///
    /// A file that is not a pattern database, of another format version, truncated, with
    /// trailing bytes, with an inconsistent header or a table whose checksum does not match gets
    /// the corresponding [`PdbError`]; the table is never trusted unchecked. A table that passes
    /// its checksum is also spot-checked: the goal's entry and a few hundred placements and
    /// their neighbours must behave like distances ([`PdbError::Inconsistent`] otherwise), so
    /// that random bytes under a recomputed checksum are refused rather than overestimate.
    ///
    /// The table is memory-mapped rather than read: loading the 15-puzzle's 7-8 databases
    /// takes a tenth of the time, and processes that load the same file share its pages. Its
    /// checksum is still computed over every byte before the database is returned (a
    /// [`PdbCache`](super::PdbCache) with [verified markers](super::PdbCache::with_verified_markers)
    /// computes it once per file instead), and a file loaded again in the same process while
    /// a database still holds its table shares that mapping, already checked (see `MAPPED`).
    /// The file
    /// must not be changed in place while the database lives (files are replaced by renaming,
    /// as [`PdbCache`](super::PdbCache) does, which leaves a mapped file as it was).
    pub fn load(path: &Path) -> Result<Self, PdbError> {
        Self::load_unless_verified(path, None).map(|(pdb, _)| pdb)
    }

    /// [`load`](Self::load), without the checksum when `verified` is the [`identity`] line of
    /// the file opened (the same file, unchanged, since its checksum was last computed): the
    /// spot-check still runs. Returns the line to remember when the checksum was computed (on
    /// systems that give files an identity).
    pub(crate) fn load_unless_verified(
        path: &Path,
        verified: Option<&str>,
    ) -> Result<(Self, Option<String>), PdbError> {
        let io = |source| PdbError::Io {
            path: path.to_path_buf(),
            source,
        };
        let (file, metadata, header) = read_header(path)?;
        let Header {
            width,
            height,
            goal,
            pattern,
            abstraction,
            entry_bits,
            checksum,
            index,
            offset,
            table_len,
        } = header;
        let goal_cells =
            goal_positions(&goal, width * height).map_err(|_| PdbError::CorruptHeader)?;
        let identity = identity(&metadata, checksum);
        let shared = identity.as_deref().and_then(mapped_here);
        let checked_here = shared.is_some();
        let table = match shared {
            Some(map) => TableBytes::Mapped(map),
            None => TableBytes::map(&file, offset, table_len).map_err(io)?,
        };
        let remember = if checked_here || (verified.is_some() && verified == identity.as_deref()) {
            None
        } else {
            let found = crc32fast::hash(&table);
            if found != checksum {
                return Err(PdbError::ChecksumMismatch {
                    expected: checksum,
                    found,
                });
            }
            identity.clone()
        };
        let pdb = Self {
            manhattan: manhattan_table(width, width * height, &goal_cells, &pattern),
            width,
            height,
            goal,
            pattern,
            abstraction,
            index,
            entry_bits,
            table,
            direct: Derived::default(),
        };
        pdb.spot_check(&goal_cells, u64::from(checksum))?;
        if let (Some(identity), TableBytes::Mapped(map), false) =
            (identity, &pdb.table, checked_here)
        {
            remember_mapped(identity, map);
        }
        Ok((pdb, remember))
    }
}

/// The tables mapped in this process whose checksum (or verified marker) and spot-check
/// passed, by the [`identity`] of their file, while a database holds them.
///
/// Why: the jobs of a batch each load their goal's databases, and each mapping of the same
/// file faults its pages in again, one fault per 64 KiB touched. Korf's 100 on two jobs took
/// 9,150 minor faults with a mapping per job and 4,750 with one shared (and half the resident
/// memory); the second job's load is then a header read and a look-up. The identity changes
/// whenever the file may have (a file renamed over it is another inode), so a shared table
/// is the same bytes that were checked.
static MAPPED: Mutex<Vec<(String, Weak<Mmap>)>> = Mutex::new(Vec::new());

/// The table mapped and checked in this process for the file of `identity`, if a database
/// still holds it.
fn mapped_here(identity: &str) -> Option<Arc<Mmap>> {
    let mapped = MAPPED.lock().unwrap_or_else(PoisonError::into_inner);
    (mapped.iter())
        .find(|(known, _)| known == identity)
        .and_then(|(_, map)| map.upgrade())
}

/// Remembers `map`, checked, as the table of the file of `identity`, forgetting tables no
/// database holds any more.
fn remember_mapped(identity: String, map: &Arc<Mmap>) {
    let mut mapped = MAPPED.lock().unwrap_or_else(PoisonError::into_inner);
    mapped.retain(|(known, held)| held.strong_count() > 0 && *known != identity);
    mapped.push((identity, Arc::downgrade(map)));
}

/// What a database file's header says, checked against itself and against the file's length.
pub(crate) struct Header {
    pub(crate) width: usize,
    pub(crate) height: usize,
    pub(crate) goal: Vec<u8>,
    pub(crate) pattern: Vec<u8>,
    pub(crate) abstraction: Abstraction,
    pub(crate) entry_bits: u8,
    pub(crate) checksum: u32,
    pub(crate) index: PlacementIndex,
    /// Where the table starts in the file.
    pub(crate) offset: u64,
    /// The table's bytes: the rest of the file, exactly.
    pub(crate) table_len: usize,
}

/// Opens the database file `path` and reads its header, checking everything but the table:
/// the file open, its metadata and the header.
pub(crate) fn read_header(path: &Path) -> Result<(File, std::fs::Metadata, Header), PdbError> {
    let io = |source| PdbError::Io {
        path: path.to_path_buf(),
        source,
    };
    let mut file = open_regular_file(path).map_err(io)?;
    // The length of a regular file bounds every allocation below, so a short file whose
    // header claims a huge table is reported as truncated without allocating the table.
    let metadata = file.metadata().map_err(io)?;
    let length = metadata.len();
    let mut reader = Reader {
        file: &mut file,
        path,
        remaining: length,
    };

    if reader.bytes::<8>()? != *MAGIC {
        return Err(PdbError::BadMagic);
    }
    let version = u32::from_le_bytes(reader.bytes()?);
    if version != FORMAT_VERSION {
        return Err(PdbError::UnsupportedVersion { found: version });
    }
    let [width, height] = reader.bytes()?;
    let (width, height) = (usize::from(width), usize::from(height));
    let geometry = Geometry::new(width, height).map_err(|_| PdbError::CorruptHeader)?;
    let goal = reader.vec(geometry.cells)?;
    goal_positions(&goal, geometry.cells).map_err(|_| PdbError::CorruptHeader)?;
    let [tiles] = reader.bytes()?;
    let pattern = reader.vec(usize::from(tiles))?;
    if normalised_pattern(&pattern, geometry.cells).ok().as_ref() != Some(&pattern) {
        return Err(PdbError::CorruptHeader);
    }
    let [abstraction] = reader.bytes()?;
    let abstraction = Abstraction::from_code(abstraction).ok_or(PdbError::CorruptHeader)?;
    let [entry_bits] = reader.bytes()?;
    let entries = u64::from_le_bytes(reader.bytes()?);
    let checksum = u32::from_le_bytes(reader.bytes()?);
    let index =
        PlacementIndex::new(geometry.cells, pattern.len()).map_err(|_| PdbError::CorruptHeader)?;
    if !matches!(entry_bits, 4 | 8) || entries != index.count() as u64 {
        return Err(PdbError::CorruptHeader);
    }
    let table_len = if entry_bits == 4 {
        index.count().div_ceil(2)
    } else {
        index.count()
    };
    // The table is the rest of the file, exactly: the length says so before anything is
    // mapped, and a file that grew or shrank since is caught by the checksum (or, shrunk
    // while mapped, is what the mapping's safety contract rules out; see `TableBytes`).
    let offset = length - reader.remaining;
    match reader.remaining.cmp(&(table_len as u64)) {
        std::cmp::Ordering::Less => return Err(PdbError::Truncated),
        std::cmp::Ordering::Greater => return Err(PdbError::TrailingData),
        std::cmp::Ordering::Equal => {}
    }
    let header = Header {
        width,
        height,
        goal,
        pattern,
        abstraction,
        entry_bits,
        checksum,
        index,
        offset,
        table_len,
    };
    Ok((file, metadata, header))
}

/// A line that changes whenever the contents of the file of `metadata` (whose header records
/// `checksum`) may have: its device and inode (a file renamed into place is another file), its
/// length, and its modification and status-change times to the nanosecond (a write changes
/// both, and the status-change time cannot be set back). `None` where files have no such
/// identity (not Unix), so that their checksum is always computed.
pub(crate) fn identity(metadata: &std::fs::Metadata, checksum: u32) -> Option<String> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        Some(format!(
            "slide-pdb-verified 1 device {} inode {} length {} modified {}.{:09} changed {}.{:09} crc32 {checksum:08x}\n",
            metadata.dev(),
            metadata.ino(),
            metadata.len(),
            metadata.mtime(),
            metadata.mtime_nsec(),
            metadata.ctime(),
            metadata.ctime_nsec(),
        ))
    }
    #[cfg(not(unix))]
    {
        let _ = (metadata, checksum);
        None
    }
}

/// Opens `path` for reading if it is a regular file, and refuses anything else without
/// blocking: opening a FIFO waits for a writer, and reading a symlink to `/dev/stdin` waits for
/// its input, for ever, before anything could be checked (and whatever `--timeout` says).
///
/// The file type is looked at before opening (a device is never opened) and again on the open
/// descriptor, which is opened non-blocking, since the path may be replaced in between.
fn open_regular_file(path: &Path) -> std::io::Result<File> {
    let not_regular = || {
        std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            "not a regular file (a pipe, a device or a directory): refused unread",
        )
    };
    if !std::fs::metadata(path)?.is_file() {
        return Err(not_regular());
    }
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path)?;
    if !file.metadata()?.is_file() {
        return Err(not_regular());
    }
    Ok(file)
}

struct Reader<'a> {
    file: &'a mut File,
    path: &'a Path,
    /// The bytes left in the file (its length less what was read).
    remaining: u64,
}

impl Reader<'_> {
    fn io(&self, source: std::io::Error) -> PdbError {
        if source.kind() == std::io::ErrorKind::UnexpectedEof {
            PdbError::Truncated
        } else {
            PdbError::Io {
                path: self.path.to_path_buf(),
                source,
            }
        }
    }

    fn fill(&mut self, buffer: &mut [u8]) -> Result<(), PdbError> {
        self.file
            .read_exact(buffer)
            .map_err(|source| self.io(source))?;
        self.remaining = self.remaining.saturating_sub(buffer.len() as u64);
        Ok(())
    }

    fn bytes<const N: usize>(&mut self) -> Result<[u8; N], PdbError> {
        let mut buffer = [0u8; N];
        self.fill(&mut buffer)?;
        Ok(buffer)
    }

    /// Reads `len` bytes, allocating no more than the file can hold: a file shorter than `len`
    /// is [`PdbError::Truncated`] before any allocation.
    fn vec(&mut self, len: usize) -> Result<Vec<u8>, PdbError> {
        if len as u64 > self.remaining {
            return Err(PdbError::Truncated);
        }
        let mut buffer = Vec::new();
        buffer
            .try_reserve_exact(len)
            .map_err(|_| PdbError::OutOfMemory { bytes: len })?;
        buffer.resize(len, 0);
        self.fill(&mut buffer)?;
        Ok(buffer)
    }
}
