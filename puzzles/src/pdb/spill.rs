//! Anonymous temporary files for the parts of a build that do not fit in memory.
//!
//! A spill file is created in the build's temporary directory and unlinked at once, so the
//! operating system frees its space when the file is closed, however the build ends (error,
//! panic or a killed process). Where unlinking an open file is refused (Windows), the file is
//! removed when the spill is dropped instead.

use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
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
    path: PathBuf,
    /// Set when the file could not be unlinked while open.
    remove_on_drop: bool,
}

impl Spill {
    pub(super) fn create(directory: &Path) -> Result<Self, PdbError> {
        static SEQUENCE: AtomicU64 = AtomicU64::new(0);
        let mut attempt = 0;
        loop {
            let path = directory.join(format!(
                ".pdb-build-{}-{}.tmp",
                std::process::id(),
                SEQUENCE.fetch_add(1, Relaxed)
            ));
            match OpenOptions::new()
                .read(true)
                .write(true)
                .create_new(true)
                .open(&path)
            {
                Ok(file) => {
                    let remove_on_drop = std::fs::remove_file(&path).is_err();
                    return Ok(Self {
                        file: Mutex::new((file, 0)),
                        path,
                        remove_on_drop,
                    });
                }
                // Another process of the same id (a container) may have left one behind.
                Err(error) if error.kind() == std::io::ErrorKind::AlreadyExists && attempt < 16 => {
                    attempt += 1;
                }
                Err(source) => return Err(PdbError::Io { path, source }),
            }
        }
    }

    fn io(&self, source: std::io::Error) -> PdbError {
        PdbError::Io {
            path: self.path.clone(),
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

impl Drop for Spill {
    fn drop(&mut self) {
        if self.remove_on_drop {
            // Best effort: the build's result does not depend on it.
            let _ = std::fs::remove_file(&self.path);
        }
    }
}
