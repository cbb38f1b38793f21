//! The one error type of the pattern-database module.

use std::fmt;
use std::path::PathBuf;

use search_core::Limit;

/// Why a pattern database could not be built, combined, saved or loaded.
#[derive(Debug)]
#[non_exhaustive]
pub enum PdbError {
    /// The board is empty, has a single cell, or has more than 64 cells.
    InvalidDimensions {
        /// The requested width.
        width: usize,
        /// The requested height.
        height: usize,
    },
    /// The goal is not a permutation of `0..width * height`.
    InvalidGoal,
    /// A pattern has no tiles.
    EmptyPattern,
    /// A list of partitions to max is empty.
    NoPartition,
    /// A pattern names the blank (0) or a tile that the board does not have.
    TileOutOfRange {
        /// The offending tile number.
        tile: u8,
    },
    /// A tile appears twice, within one pattern or in two patterns of a partition.
    DuplicateTile {
        /// The repeated tile number.
        tile: u8,
    },
    /// A partition leaves a tile out, so the additive heuristic would ignore it.
    MissingTile {
        /// The tile that no pattern covers.
        tile: u8,
    },
    /// The databases of a partition disagree on the board size or the goal.
    MixedBoards,
    /// The table (or the memory needed to build it) is larger than this machine can address.
    TooLarge {
        /// How many placements the pattern has.
        placements: u128,
    },
    /// The allocator refused the memory for the table or the search frontier.
    OutOfMemory {
        /// How many bytes were requested.
        bytes: usize,
    },
    /// Reading or writing a file failed.
    Io {
        /// The file concerned.
        path: PathBuf,
        /// The operating system's error.
        source: std::io::Error,
    },
    /// The file does not start with the pattern-database magic bytes.
    BadMagic,
    /// The file was written by a format version this code does not read.
    UnsupportedVersion {
        /// The version found in the header.
        found: u32,
    },
    /// The file ends before its header or table does.
    Truncated,
    /// The file has bytes after the table.
    TrailingData,
    /// The header is inconsistent (entry width, entry count or layout do not fit together).
    CorruptHeader,
    /// The table's checksum does not match the one recorded in the header.
    ChecksumMismatch {
        /// The checksum recorded in the header.
        expected: u32,
        /// The checksum of the table as read.
        found: u32,
    },
    /// The table passed its checksum but not a spot-check of its entries: they cannot be the
    /// abstract distances the header promises (the goal's entry is not 0, or a placement's
    /// value does not fit its neighbours'), so it was tampered with or written by something
    /// else than this module.
    Inconsistent {
        /// The rank (table index) of the first placement found to break a condition.
        rank: usize,
    },
    /// A valid file describes another board, goal or pattern than the one asked for.
    Mismatch,
    /// The build stopped early: its [`BuildOptions::limits`](super::BuildOptions::limits)
    /// cancellation flag was raised ([`Limit::Cancelled`]) or their deadline passed
    /// ([`Limit::Deadline`]). Nothing was saved.
    Stopped(Limit),
    /// A standard partition was asked for a board it is not made for (`15-7-8` on 5x5, say).
    PartitionForOtherBoard {
        /// The partition's name.
        partition: &'static str,
        /// The board's width.
        width: usize,
        /// The board's height.
        height: usize,
    },
    /// A [partition of one's own](super::partitions::OwnPartition) does not cover the
    /// numbered tiles of the board exactly (its databases were built for another size).
    OwnPartitionForOtherBoard {
        /// The partition, as its name spells it (`1,2,3,4/5,6,7,8`).
        partition: String,
        /// The board's width.
        width: usize,
        /// The board's height.
        height: usize,
    },
    /// A [partition of one's own](super::partitions::OwnPartition) was asked for a goal whose
    /// blank is not in a corner: its databases are built for the blank-first goal, which
    /// only goals with their blank in a corner share.
    OwnPartitionForOtherGoal {
        /// The partition, as its name spells it.
        partition: String,
    },
    /// The databases of a [partition of one's own](super::partitions::OwnPartition) are not
    /// all in the cache (or there is no cache): a search does not build them unasked.
    OwnPartitionNotCached {
        /// The partition, as its name spells it.
        partition: String,
        /// The board's width.
        width: usize,
        /// The board's height.
        height: usize,
    },
}

impl fmt::Display for PdbError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::InvalidDimensions { width, height } => write!(
                f,
                "a {width}x{height} board is not supported (2 to 64 cells)"
            ),
            Self::InvalidGoal => write!(f, "the goal is not a permutation of the board's tiles"),
            Self::EmptyPattern => write!(f, "a pattern has no tiles"),
            Self::NoPartition => write!(f, "no partition to build databases for"),
            Self::TileOutOfRange { tile } => {
                write!(f, "tile {tile} is not a numbered tile of this board")
            }
            Self::DuplicateTile { tile } => write!(f, "tile {tile} appears more than once"),
            Self::MissingTile { tile } => write!(f, "tile {tile} is in no pattern"),
            Self::MixedBoards => {
                write!(f, "the databases were built for different boards or goals")
            }
            Self::TooLarge { placements } => {
                write!(
                    f,
                    "the pattern has {placements} placements, too many to tabulate"
                )
            }
            Self::OutOfMemory { bytes } => write!(f, "could not allocate {bytes} bytes"),
            Self::Io { path, .. } => write!(f, "i/o error on {}", path.display()),
            Self::BadMagic => write!(f, "not a pattern-database file"),
            Self::UnsupportedVersion { found } => {
                write!(
                    f,
                    "pattern-database format version {found} is not supported"
                )
            }
            Self::Truncated => write!(f, "the pattern-database file is truncated"),
            Self::TrailingData => write!(f, "the pattern-database file has trailing bytes"),
            Self::CorruptHeader => write!(f, "the pattern-database header is inconsistent"),
            Self::ChecksumMismatch { expected, found } => write!(
                f,
                "the pattern-database checksum is {found:08x}, expected {expected:08x}"
            ),
            Self::Inconsistent { rank } => write!(
                f,
                "the pattern-database table is not a table of distances (entry {rank} does not fit its neighbours)"
            ),
            Self::Mismatch => write!(
                f,
                "the pattern-database file is for another board, goal or pattern"
            ),
            Self::Stopped(limit) => write!(f, "pattern-database build stopped: {limit}"),
            Self::PartitionForOtherBoard {
                partition,
                width,
                height,
            } => write!(
                f,
                "partition {partition} is not for {width}x{height} boards"
            ),
            Self::OwnPartitionForOtherBoard {
                partition,
                width,
                height,
            } => write!(
                f,
                "the patterns {partition} do not cover the tiles of {width}x{height} boards (1 to {}) exactly, as a partition must",
                (width * height).saturating_sub(1)
            ),
            Self::OwnPartitionForOtherGoal { partition } => write!(
                f,
                "the databases of patterns {partition} are made for the blank-first goal and the other goals with the blank in a corner, not for this goal"
            ),
            Self::OwnPartitionNotCached {
                partition,
                width,
                height,
            } => write!(
                f,
                "the databases of patterns {partition} for {width}x{height} boards are not in the cache"
            ),
        }
    }
}

impl std::error::Error for PdbError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Self::Io { source, .. } => Some(source),
            _ => None,
        }
    }
}
