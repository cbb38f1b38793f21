//! The bytes of a database's table: owned, when the database was built in this process, or
//! mapped from its file, when it was loaded.
//!
//! Why mapped: the 15-puzzle's 7-8 databases take 290 MB, which reading into memory took a
//! second of a solve that searches for a tenth of one (the allocation is zeroed, then filled
//! by copying from the page cache). A mapping reads nothing until it is touched, the checksum
//! then pages the file in straight from the page cache, and every process and batch job that
//! maps the same file shares one copy of it in memory.

use std::fs::File;
use std::ops::Deref;
use std::sync::Arc;

use memmap2::{Mmap, MmapOptions};

/// A table's bytes; derefs to `[u8]`.
#[derive(Clone)]
pub(crate) enum TableBytes {
    /// Built here.
    Owned(Vec<u8>),
    /// A read-only, private mapping of the table's part of its file; shared by the clones.
    Mapped(Arc<Mmap>),
}

impl TableBytes {
    /// Maps `len` bytes of `file` from `offset` on, read-only.
    ///
    /// The caller has checked that the file is a regular file holding that many bytes there,
    /// and checks the bytes (the table's checksum) before it uses them.
    pub(crate) fn map(file: &File, offset: u64, len: usize) -> std::io::Result<Self> {
        if len == 0 {
            // An empty mapping is an error on some systems; an empty table needs none.
            return Ok(TableBytes::Owned(Vec::new()));
        }
        // SAFETY: `Mmap` is sound as long as the mapped bytes are not changed, nor the file
        // shortened, while the mapping lives: the first would change `&[u8]`s under their
        // readers, the second turns reads of the lost pages into SIGBUS. The mapping is
        // private and read-only, so nothing in this process writes through it, and the files
        // mapped here are pattern-database files, which this crate never writes in place: a
        // cache replaces a file by writing a temporary one and renaming it over the old one,
        // which leaves the mapped inode and its bytes as they were. What is left is another
        // program truncating or rewriting a cache file in place while a search runs, which the
        // cache's documentation asks users not to do (the README says how the integrity
        // guarantees hold with mappings); it is the same contract every mapped-file reader
        // (databases, linkers, loaders) relies on.
        let map = unsafe { MmapOptions::new().offset(offset).len(len).map(file)? };
        Ok(TableBytes::Mapped(Arc::new(map)))
    }

    /// Whether the bytes are mapped from a file.
    pub(crate) fn is_mapped(&self) -> bool {
        matches!(self, TableBytes::Mapped(_))
    }
}

impl Deref for TableBytes {
    type Target = [u8];

    #[inline(always)]
    fn deref(&self) -> &[u8] {
        match self {
            TableBytes::Owned(bytes) => bytes,
            TableBytes::Mapped(map) => map,
        }
    }
}

impl PartialEq for TableBytes {
    fn eq(&self, other: &Self) -> bool {
        **self == **other
    }
}

impl Eq for TableBytes {}

impl From<Vec<u8>> for TableBytes {
    fn from(bytes: Vec<u8>) -> Self {
        TableBytes::Owned(bytes)
    }
}

/// Entry `at` of a table of `entry_bits`-bit entries: two a byte, low nibble first, at 4 bits;
/// one a byte at 8. The compact and the direct tables share the layout.
#[inline(always)]
pub(crate) fn packed_entry(table: &[u8], entry_bits: u8, at: usize) -> u8 {
    if entry_bits == 4 {
        (table[at >> 1] >> ((at & 1) * 4)) & 0x0f
    } else {
        table[at]
    }
}
