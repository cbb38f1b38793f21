//! Anonymous temporary files for the parts of a build that do not fit in memory.
//!
//! A spill file is an anonymous file of [`tempfile::tempfile_in`] in the build's temporary
//! directory: it never has a name (`O_TMPFILE` on Linux) or loses it as soon as it is created
//! (other Unix systems; Windows deletes it on close), so the operating system frees its space
//! when the file is closed, however the build ends (error, panic or a killed process), and no
//! name planted in the directory can redirect it.

use std::fs::File;
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use super::PdbError;

/// Where a block of bytes was appended to a [`Spill`].
#[derive(Clone, Copy, Debug)]
pub(super) struct Block {
    pub(super) offset: u64,
    pub(super) len: usize,
}

/// An append-only temporary file read back by blocks.
pub(super) struct Spill {
    /// The file and its length; one lock for both keeps seek and write together.
    file: Mutex<(File, u64)>,
    /// Where the file is, for error messages: it has no name of its own.
    directory: PathBuf,
}

impl Spill {
    pub(super) fn create(directory: &Path) -> Result<Self, PdbError> {
        let file = tempfile::tempfile_in(directory).map_err(|source| PdbError::Io {
            path: directory.to_path_buf(),
            source,
        })?;
        Ok(Self {
            file: Mutex::new((file, 0)),
            directory: directory.to_path_buf(),
        })
    }

    fn io(&self, source: std::io::Error) -> PdbError {
        PdbError::Io {
            path: self.directory.clone(),
            source,
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, (File, u64)> {
        // A worker that panicked holding the lock left the file as consistent as any other
        // failed write: the build reports the panic, not the poison.
        self.file
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Appends `bytes` and says where they went.
    pub(super) fn append(&self, bytes: &[u8]) -> Result<Block, PdbError> {
        let mut guard = self.lock();
        let (file, len) = &mut *guard;
        let offset = *len;
        file.seek(SeekFrom::Start(offset))
            .and_then(|_| file.write_all(bytes))
            .map_err(|e| self.io(e))?;
        *len += bytes.len() as u64;
        Ok(Block {
            offset,
            len: bytes.len(),
        })
    }

    /// Reads `block` into `out`, replacing its contents.
    pub(super) fn read(&self, block: Block, out: &mut Vec<u8>) -> Result<(), PdbError> {
        out.clear();
        out.resize(block.len, 0);
        let mut guard = self.lock();
        let (file, _) = &mut *guard;
        file.seek(SeekFrom::Start(block.offset))
            .and_then(|_| file.read_exact(out))
            .map_err(|e| self.io(e))
    }
}
