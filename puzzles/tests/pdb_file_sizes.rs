//! Loading a pattern-database file checks the sizes its header implies against the bytes the
//! file holds before allocating anything for them.
//!
//! This test binary runs under an allocator that refuses any single allocation larger than
//! [`CAP`] and records the largest one asked for, so a loader that allocated the table a crafted
//! header describes fails here (with `OutOfMemory` instead of `Truncated`) rather than taking
//! gigabytes of memory.

use std::alloc::{GlobalAlloc, Layout, System};
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

use puzzles::pdb::{FORMAT_VERSION, PatternDatabase, PdbError};

/// The largest single allocation this test binary allows.
const CAP: usize = 64 << 20;

/// The largest single allocation requested so far (refused ones included).
static LARGEST: AtomicUsize = AtomicUsize::new(0);

struct Capped;

// SAFETY: every call is forwarded to `System` unchanged, or refused with a null pointer, which
// `GlobalAlloc` allows.
unsafe impl GlobalAlloc for Capped {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        LARGEST.fetch_max(layout.size(), Relaxed);
        if layout.size() > CAP {
            return std::ptr::null_mut();
        }
        // SAFETY: forwarded with the caller's guarantees.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        LARGEST.fetch_max(layout.size(), Relaxed);
        if layout.size() > CAP {
            return std::ptr::null_mut();
        }
        // SAFETY: forwarded with the caller's guarantees.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `System` with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        LARGEST.fetch_max(new_size, Relaxed);
        if new_size > CAP {
            return std::ptr::null_mut();
        }
        // SAFETY: forwarded with the caller's guarantees.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: Capped = Capped;

/// A version-3 header for a `width x height` board with the goal `1 2 ... 0` and `tiles`,
/// declaring `entry_bits`-bit entries, the exact entry count of the pattern and `checksum`.
fn header(width: u8, height: u8, tiles: &[u8], entry_bits: u8, checksum: u32) -> Vec<u8> {
    let cells = usize::from(width) * usize::from(height);
    let mut bytes = b"SLIDEPDB".to_vec();
    bytes.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    bytes.extend_from_slice(&[width, height]);
    bytes.extend((1..cells as u8).chain([0]));
    bytes.push(tiles.len() as u8);
    bytes.extend_from_slice(tiles);
    bytes.push(0); // blank regions
    bytes.push(entry_bits);
    bytes.extend_from_slice(&placements(cells, tiles.len()).to_le_bytes());
    bytes.extend_from_slice(&checksum.to_le_bytes());
    bytes
}

/// `cells! / (cells - tiles)!`, the entry count of a pattern of `tiles` tiles.
fn placements(cells: usize, tiles: usize) -> u64 {
    (0..tiles).map(|i| (cells - i) as u64).product()
}

fn table_len(cells: usize, tiles: usize, entry_bits: u8) -> u64 {
    let entries = placements(cells, tiles);
    if entry_bits == 4 {
        entries.div_ceil(2)
    } else {
        entries
    }
}

fn load(path: &Path, content: &[u8]) -> Result<PatternDatabase, PdbError> {
    std::fs::write(path, content).unwrap();
    PatternDatabase::load(path)
}

/// The 5x5 patterns of the report: tiles 1-7 (2.4e9 entries), 1-8 (4.4e10 entries).
const HUGE: [(&[u8], u8); 4] = [
    (&[1, 2, 3, 4, 5, 6, 7], 8),
    (&[1, 2, 3, 4, 5, 6, 7], 4),
    (&[1, 2, 3, 4, 5, 6, 7, 8], 4),
    (&[1, 2, 3, 4, 5, 6, 7, 8], 8),
];

#[test]
fn short_files_claiming_huge_tables_are_truncated_without_allocating_them() {
    let directory = tempfile::tempdir().unwrap();
    let path = directory.path().join("crafted.pdb");
    for (tiles, entry_bits) in HUGE {
        assert!(table_len(25, tiles.len(), entry_bits) > CAP as u64);
        let mut bytes = header(5, 5, tiles, entry_bits, 0);
        // A 61-byte file for tiles 1-7, as in the report.
        bytes.extend_from_slice(&[0; 8]);
        let error = load(&path, &bytes).unwrap_err();
        assert!(
            matches!(error, PdbError::Truncated),
            "tiles {tiles:?} at {entry_bits} bits: {error:?}"
        );
        // A longer body, still far from the table: nothing close to the table is allocated.
        bytes.resize(bytes.len() + (1 << 20), 0x11);
        let error = load(&path, &bytes).unwrap_err();
        assert!(
            matches!(error, PdbError::Truncated),
            "tiles {tiles:?} at {entry_bits} bits, 1 MiB body: {error:?}"
        );
    }
    let largest = LARGEST.load(Relaxed);
    assert!(largest <= 16 << 20, "largest allocation: {largest} bytes");
}

#[test]
fn header_cut_short_is_truncated() {
    let directory = tempfile::tempdir().unwrap();
    let path = directory.path().join("cut.pdb");
    let bytes = header(5, 5, &[1, 2, 3, 4, 5, 6, 7, 8], 4, 0);
    for len in [0, 7, 12, 14, 30, bytes.len() - 1, bytes.len()] {
        let error = load(&path, &bytes[..len]).unwrap_err();
        assert!(
            matches!(error, PdbError::Truncated),
            "{len} bytes: {error:?}"
        );
    }
}

/// A crafted valid 3x3 database of tiles 1-2 (72 entries) at either entry width: the table is
/// exactly the header's size, so the loader accepts it, and a byte less or more is refused.
/// (Its entries are the built database's, at 4 bits or widened to 8: the loader spot-checks
/// that they are distances.)
#[test]
fn crafted_valid_files_load_and_their_exact_size_matters() {
    let directory = tempfile::tempdir().unwrap();
    let path = directory.path().join("small.pdb");
    let built = PatternDatabase::build(3, 3, &[0, 1, 2, 3, 4, 5, 6, 7, 8], &[1, 2], |_| {});
    built.unwrap().save(&path).unwrap();
    let saved = std::fs::read(&path).unwrap();
    let nibbles = &saved[saved.len() - 36..];
    for entry_bits in [4u8, 8] {
        let len = table_len(9, 2, entry_bits) as usize;
        assert_eq!(len, if entry_bits == 4 { 36 } else { 72 });
        let table: Vec<u8> = if entry_bits == 4 {
            nibbles.to_vec()
        } else {
            (nibbles.iter())
                .flat_map(|&byte| [byte & 0x0f, byte >> 4])
                .collect()
        };
        let mut bytes = header(3, 3, &[1, 2], entry_bits, crc32fast::hash(&table));
        bytes.extend_from_slice(&table);
        let pdb = load(&path, &bytes).unwrap();
        assert_eq!(pdb.entry_bits(), entry_bits);
        assert_eq!(pdb.entries(), 72);
        assert_eq!(pdb.pattern(), &[1, 2]);

        let error = load(&path, &bytes[..bytes.len() - 1]).unwrap_err();
        assert!(matches!(error, PdbError::Truncated), "{error:?}");
        let mut longer = bytes.clone();
        longer.push(0);
        let error = load(&path, &longer).unwrap_err();
        assert!(matches!(error, PdbError::TrailingData), "{error:?}");
    }
}

/// Anything but a regular file is refused without reading it, and without blocking: a named
/// pipe with no writer (which a plain open would wait on for ever), a symlink to one, a
/// directory, a device.
#[cfg(unix)]
#[test]
fn non_regular_files_are_refused_unread() {
    let directory = tempfile::tempdir().unwrap();
    let fifo = directory.path().join("fifo.pdb");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|status| status.success()) {
        eprintln!("mkfifo is unavailable: skipping");
        return;
    }
    let link = directory.path().join("link.pdb");
    std::os::unix::fs::symlink(&fifo, &link).unwrap();
    for path in [
        fifo.as_path(),
        link.as_path(),
        directory.path(),
        Path::new("/dev/zero"),
    ] {
        // With no writer on the pipe, only a load that never opens it to read returns.
        let error = PatternDatabase::load(path).unwrap_err();
        match &error {
            PdbError::Io { source, .. } => assert!(
                source.to_string().contains("not a regular file"),
                "{path:?}: {error}"
            ),
            other => panic!("{path:?}: {other:?}"),
        }
    }
}
