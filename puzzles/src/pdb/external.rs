//! Building a pattern database with the breadth-first layers in temporary files, for patterns
//! whose in-memory search would not fit the memory budget.
//!
//! The in-memory search keeps 2 bits per (placement, blank region) state and the result table
//! at the same time: 356 MB and 259 MB for the 15-puzzle's 8-tile pattern. Here memory holds
//! one bit per state (seen or not, 178 MB), and the table only once the search is over:
//!
//! - Each layer is a temporary file of state numbers (the slots of
//!   [`Layout`](super::layout::Layout)), written in blocks tagged with the *bucket* (a run of
//!   subsets spanning about 4 million slots) they fall in. A worker expands a layer bucket by
//!   bucket: it reads the bucket's blocks into a bitmap of the bucket's slots, which sorts them,
//!   then expands them in slot order, so the arrangement and the Manhattan distance are shared
//!   between the regions of one placement as in the in-memory search. A successor not seen yet goes
//!   into its bucket's buffer for the next layer's file; when the buffer is written out, under the
//!   bucket's lock, its states are marked seen and those seen already (found twice) are dropped, so
//!   each state goes into the files exactly once.
//! - Values are recorded while a placement's states are expanded: a placement gets its value
//!   at the first layer that holds one of its states. Every move changes the pattern's
//!   Manhattan distance by one, so all states of a placement have depths of the same parity,
//!   and the moves between layers never join two states of one layer. A state of the placement
//!   that is seen but not in the layer being expanded was therefore seen at least two layers
//!   earlier: the placement is new exactly when every seen state of it is in this layer. New
//!   placements are written, in rank order, to a records file as varint rank gaps with the
//!   excess over the Manhattan distance.
//! - Once the last layer is expanded the seen bits are freed, the table is allocated (4 bits
//!   an entry unless some state's excess does not fit, exactly as the in-memory search decides)
//!   and filled from the records, bucket by bucket on every core.
//!
//! - When a mirror of the board fixes the pattern's goal, only one state of each mirrored pair
//!   is searched, and the placements skipped copy their mirror image's value once the table is
//!   filled (`symmetry.rs`).
//!
//! The result is the same table as the in-memory search's, byte for byte: both record for each
//! placement the smallest depth of its states.

use std::path::Path;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering::Relaxed};

use super::PdbError;
use super::memory::{state_atomics, zeroed};
use super::plan::{BuildProgress, Plan};
use super::slot_cursor::{Slot, SlotCursor};
use super::spill::{Block, Spill};
use super::symmetry::Side;

/// At most about how many slots one bucket spans: its bitmap (512 KiB) stays in a core's cache.
const BUCKET_SLOTS: usize = 1 << 22;
/// Smaller searches still get about this many buckets, to share among the cores.
const MIN_BUCKETS: usize = 64;
/// How many bytes of states a worker buffers for one bucket before writing them out.
const BUFFER_BYTES: usize = 1 << 15;
/// The excess written in a record's low bits when the real one follows in a byte of its own.
const LONG_EXCESS: u8 = 15;

/// Runs of whole subsets, so that a placement's states never straddle two buckets.
struct Buckets {
    /// Bucket `b` holds subsets `first_subset[b]..first_subset[b + 1]`.
    first_subset: Vec<usize>,
    of_subset: Vec<u32>,
}

impl Buckets {
    fn new(plan: &Plan<'_>) -> Result<Self, PdbError> {
        let first_slot = &plan.layout.first_slot;
        let subsets = plan.layout.masks.len();
        let arrangements = plan.index.arrangements();
        let span = (plan.layout.slots() / MIN_BUCKETS).clamp(1 << 10, BUCKET_SLOTS);
        let mut first_subset = vec![0];
        let mut of_subset: Vec<u32> = zeroed(subsets)?;
        for (s, bucket) in of_subset.iter_mut().enumerate() {
            let start = first_subset[first_subset.len() - 1];
            // Buckets start on an even placement so that 4-bit entries of two buckets never
            // share a byte of the table.
            if s > start && first_slot[s] - first_slot[start] >= span && (s * arrangements) % 2 == 0
            {
                first_subset.push(s);
            }
            *bucket = (first_subset.len() - 1) as u32;
        }
        first_subset.push(subsets);
        Ok(Self {
            first_subset,
            of_subset,
        })
    }

    /// The slots of bucket `b`.
    fn slots(&self, plan: &Plan<'_>, b: usize) -> std::ops::Range<usize> {
        let first_slot = &plan.layout.first_slot;
        first_slot[self.first_subset[b]]..first_slot[self.first_subset[b + 1]]
    }

    fn count(&self) -> usize {
        self.first_subset.len() - 1
    }
}

/// Where move `i` of the layout leads, with everything the expansion needs to find the slot
/// of the successor precomputed: three dependent reads of the layout fewer per successor.
#[derive(Clone, Copy, Default)]
struct Target {
    /// `first_slot` of the target subset plus the target region.
    base: u32,
    /// The target subset's bucket.
    bucket: u32,
    /// The target subset's region count: successive arrangements are that many slots apart.
    regions: u8,
    /// Whether the search visits the target or its mirror image (see
    /// [`Symmetry`](super::symmetry::Symmetry)).
    mirror: MirrorTarget,
    /// `base` of the target's mirror image: its subset's `first_slot` plus its region.
    mirror_base: u32,
    /// The class of the target subset's position permutation, for
    /// [`Symmetry::image`](super::symmetry::Symmetry::image).
    mirror_class: u32,
}

/// Which of a move's target and its mirror image the search visits.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
enum MirrorTarget {
    /// The target: there is no symmetry, or the target's subset is searched whole.
    #[default]
    Target,
    /// The mirror image: the target's subset is skipped. `bucket` and `regions` are the
    /// image's.
    Image,
    /// The one of the two with the lower slot, in the target's subset, its own mirror.
    Lower,
}

/// A layer being read: its file and, per bucket, where its states are.
struct Frontier {
    spill: Spill,
    blocks: Vec<Vec<Block>>,
}

/// A layer being written by the workers.
struct NextFrontier {
    spill: Spill,
    blocks: Vec<Mutex<Vec<Block>>>,
}

impl NextFrontier {
    fn new(directory: &Path, buckets: usize) -> Result<Self, PdbError> {
        Ok(Self {
            spill: Spill::create(directory)?,
            blocks: (0..buckets).map(|_| Mutex::new(Vec::new())).collect(),
        })
    }

    fn push(&self, bucket: usize, bytes: &[u8]) -> Result<(), PdbError> {
        let block = self.spill.append(bytes)?;
        lock(&self.blocks[bucket]).push(block);
        Ok(())
    }

    /// Marks the states of `bytes` (slots of `bucket`, which spans `slots`) seen and appends
    /// those that were not seen yet, dropping the others.
    ///
    /// The workers only read the seen bits while they expand and set them here, under the
    /// bucket's lock, with a plain store: an atomic read-modify-write per new state was a
    /// quarter of the search's time, mostly because it stops the core from overlapping the
    /// expansion's reads. Only the words shared with a neighbouring bucket need one.
    fn push_unseen(
        &self,
        seen: &[AtomicU64],
        bucket: usize,
        slots: std::ops::Range<usize>,
        bytes: &mut [u8],
    ) -> Result<(), PdbError> {
        let mut blocks = lock(&self.blocks[bucket]);
        let (inner_start, inner_end) = (slots.start.next_multiple_of(64), slots.end & !63);
        let mut kept = 0;
        for i in (0..bytes.len()).step_by(4) {
            let state = [bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]];
            let slot = u32::from_le_bytes(state) as usize;
            let (word, bit) = (&seen[slot / 64], 1u64 << (slot % 64));
            let old = word.load(Relaxed);
            if old & bit != 0 {
                continue;
            }
            if (inner_start..inner_end).contains(&slot) {
                word.store(old | bit, Relaxed);
            } else if word.fetch_or(bit, Relaxed) & bit != 0 {
                continue;
            }
            bytes[kept..kept + 4].copy_from_slice(&state);
            kept += 4;
        }
        if kept > 0 {
            blocks.push(self.spill.append(&bytes[..kept])?);
        }
        Ok(())
    }

    fn finish(self) -> Frontier {
        Frontier {
            spill: self.spill,
            blocks: self
                .blocks
                .into_iter()
                .map(|b| {
                    b.into_inner()
                        .unwrap_or_else(std::sync::PoisonError::into_inner)
                })
                .collect(),
        }
    }
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    // Block lists are only pushed to; a panicking worker cannot leave one half-changed.
    mutex
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// What the workers share during the search.
struct Shared<'a> {
    plan: &'a Plan<'a>,
    buckets: Buckets,
    /// `targets[i]`: where `layout.moves[i]` leads.
    targets: Vec<Target>,
    seen: Vec<AtomicU64>,
    records: Spill,
    record_blocks: Vec<Mutex<Vec<Block>>>,
    /// Set by a worker that failed, so the others stop early.
    failed: AtomicBool,
}

/// A worker's buffers, kept from layer to layer.
struct Worker<'a> {
    /// The states of the bucket being expanded, one bit per slot of the bucket.
    bitmap: Vec<u64>,
    /// Per bucket, [`BUFFER_BYTES`] of successors waiting to be written to the next layer's
    /// file; `out_len[b]` of bucket `b`'s are used.
    out: &'a mut [u8],
    out_len: Vec<usize>,
    read: Vec<u8>,
    records: Vec<u8>,
}

/// What one worker found in one layer.
#[derive(Default)]
struct LayerStats {
    placements: usize,
    max_excess: u8,
}

/// What the search leaves for the table: each placement's value, in a temporary file.
pub(super) struct Records {
    spill: Spill,
    /// Per bucket, its blocks of records.
    blocks: Vec<Vec<Block>>,
    /// Bucket `b` holds placements `first_rank[b]..first_rank[b + 1]`.
    first_rank: Vec<usize>,
    entry_bits: u8,
    workers: usize,
}

/// Searches through temporary files in `directory`, leaving the records of the table, which
/// is the same as the in-memory search's.
pub(super) fn search(
    plan: &Plan<'_>,
    directory: &Path,
    progress: &mut dyn FnMut(BuildProgress),
) -> Result<Records, PdbError> {
    let buckets = Buckets::new(plan)?;
    let bucket_count = buckets.count();
    let layout = plan.layout;
    let bitmap_words = (0..bucket_count)
        .map(|b| {
            let first_slot = |i: usize| layout.first_slot[buckets.first_subset[i]];
            (first_slot(b + 1) - first_slot(b)).div_ceil(64)
        })
        .max()
        .unwrap_or(0);
    let mut targets: Vec<Target> = mapped(layout.moves.len())?;
    for (target, m) in targets.iter_mut().zip(&layout.moves) {
        let (mut subset, region) = (m.target_subset as usize, m.target_region);
        let (mut mirror, mut mirror_base, mut mirror_class) = (MirrorTarget::Target, 0, 0);
        if let Some(symmetry) = plan.symmetry {
            let number =
                layout.first_slot[subset] / plan.index.arrangements() + usize::from(region);
            let image = symmetry.mirrored(subset, number);
            mirror_base = (layout.first_slot[image.subset] + usize::from(image.region)) as u32;
            mirror_class = image.class;
            match symmetry.side(subset) {
                Side::Searched => {}
                Side::OwnMirror => mirror = MirrorTarget::Lower,
                Side::Skipped => {
                    mirror = MirrorTarget::Image;
                    subset = image.subset;
                }
            }
        }
        // The caller only comes here when every slot fits 32 bits.
        *target = Target {
            mirror,
            mirror_base,
            mirror_class,
            base: (layout.first_slot[m.target_subset as usize] + usize::from(region)) as u32,
            bucket: buckets.of_subset[subset],
            regions: layout.regions[subset],
        };
    }
    let shared = Shared {
        plan,
        targets,
        seen: state_atomics(layout.slots().div_ceil(64), || AtomicU64::new(0))?,
        records: Spill::create(directory)?,
        record_blocks: (0..bucket_count).map(|_| Mutex::new(Vec::new())).collect(),
        failed: AtomicBool::new(false),
        buckets,
    };
    let start = plan.start_slot;
    shared.seen[start / 64].fetch_or(1 << (start % 64), Relaxed);
    let first = NextFrontier::new(directory, bucket_count)?;
    let start_subset = layout.first_slot.partition_point(|&f| f <= start) - 1;
    first.push(
        shared.buckets.of_subset[start_subset] as usize,
        &(start as u32).to_le_bytes(),
    )?;
    let mut current = first.finish();

    let workers = plan.workers();
    // One allocation for all the workers' output buffers, returned when dropped (see `mapped`).
    let buffer_bytes = bucket_count * BUFFER_BYTES;
    let mut out_arena: Vec<u8> = mapped(buffer_bytes * workers)?;
    let mut states = Vec::with_capacity(workers);
    for out in out_arena.chunks_mut(buffer_bytes.max(1)) {
        states.push(Worker {
            bitmap: zeroed(bitmap_words)?,
            out,
            out_len: zeroed(bucket_count)?,
            read: Vec::new(),
            records: Vec::new(),
        });
    }
    let total = plan.index.count();
    let (mut done, mut max_excess, mut depth) = (0, 0u8, 0u8);
    loop {
        if current.blocks.iter().all(Vec::is_empty) {
            // The last layer was expanded without finding anything new.
            if depth > 0 {
                progress(BuildProgress {
                    done,
                    total,
                    depth: depth - 1,
                });
            }
            break;
        }
        // Values are bytes and the lookup adds the Manhattan distance to them, so stop short
        // of what a byte holds, as the in-memory search does.
        if depth == u8::MAX - 1 {
            return Err(PdbError::TooLarge {
                placements: total as u128,
            });
        }
        let next = NextFrontier::new(directory, bucket_count)?;
        let next_bucket = AtomicUsize::new(0);
        let expand = |worker: &mut Worker<'_>| {
            let result = expand_layer(&shared, worker, depth, &current, &next, &next_bucket);
            if result.is_err() {
                shared.failed.store(true, Relaxed);
            }
            result
        };
        let results: Vec<Result<LayerStats, PdbError>> = if workers == 1 {
            states.iter_mut().map(expand).collect()
        } else {
            std::thread::scope(|scope| {
                let handles: Vec<_> = states
                    .iter_mut()
                    .map(|worker| scope.spawn(|| expand(worker)))
                    .collect();
                handles
                    .into_iter()
                    .map(|h| h.join().expect("a build worker panicked"))
                    .collect()
            })
        };
        for result in results {
            let stats = result?;
            done += stats.placements;
            max_excess = max_excess.max(stats.max_excess);
        }
        // Progress reports after expanding layer `d` the placements of value up to `d + 1`,
        // which this search only knows once it has read layer `d + 1`.
        if depth > 0 {
            progress(BuildProgress {
                done,
                total,
                depth: depth - 1,
            });
        }
        current = next.finish();
        depth += 1;
    }
    drop(states);
    drop(out_arena);
    drop(current);
    let arrangements = plan.index.arrangements();
    Ok(Records {
        spill: shared.records,
        blocks: shared
            .record_blocks
            .into_iter()
            .map(|b| {
                b.into_inner()
                    .unwrap_or_else(std::sync::PoisonError::into_inner)
            })
            .collect(),
        first_rank: shared
            .buckets
            .first_subset
            .iter()
            .map(|&s| s * arrangements)
            .collect(),
        // The in-memory search widens the entries when any state's excess does not fit 4
        // bits (all ones meaning "unseen"), whether or not it is its placement's smallest.
        entry_bits: if max_excess >= 0x0f { 8 } else { 4 },
        workers,
    })
}

/// `len` default values in an allocation of at least 32 MiB: glibc's malloc maps a block that
/// size on its own whatever earlier frees did to its thresholds, so dropping it gives the
/// memory back before the table is allocated (a few megabytes left on the heap showed in the
/// peak). The pages of the rounding are never touched, so they are never resident.
fn mapped<T: Clone + Default>(len: usize) -> Result<Vec<T>, PdbError> {
    let bytes = len.saturating_mul(std::mem::size_of::<T>());
    let mut vec = Vec::new();
    vec.try_reserve_exact(len.max((33 << 20) / std::mem::size_of::<T>().max(1)))
        .map_err(|_| PdbError::OutOfMemory { bytes })?;
    vec.resize(len, T::default());
    Ok(vec)
}

/// Expands the buckets of layer `depth` that `next_bucket` hands this worker.
fn expand_layer(
    shared: &Shared<'_>,
    worker: &mut Worker<'_>,
    depth: u8,
    current: &Frontier,
    next: &NextFrontier,
    next_bucket: &AtomicUsize,
) -> Result<LayerStats, PdbError> {
    let mut stats = LayerStats::default();
    loop {
        let bucket = next_bucket.fetch_add(1, Relaxed);
        if bucket >= shared.buckets.count() || shared.failed.load(Relaxed) {
            break;
        }
        shared.plan.interruption()?;
        if current.blocks[bucket].is_empty() {
            continue;
        }
        expand_bucket(shared, worker, depth, current, next, bucket, &mut stats)?;
    }
    for (bucket, len) in worker.out_len.iter_mut().enumerate() {
        if *len > 0 {
            let start = bucket * BUFFER_BYTES;
            let slots = shared.buckets.slots(shared.plan, bucket);
            next.push_unseen(
                &shared.seen,
                bucket,
                slots,
                &mut worker.out[start..start + *len],
            )?;
            *len = 0;
        }
    }
    Ok(stats)
}

/// Expands the states of layer `depth` in `bucket`, records the placements they give a value
/// and writes their new successors out.
fn expand_bucket(
    shared: &Shared<'_>,
    worker: &mut Worker<'_>,
    depth: u8,
    current: &Frontier,
    next: &NextFrontier,
    bucket: usize,
    stats: &mut LayerStats,
) -> Result<(), PdbError> {
    let plan = shared.plan;
    let layout = plan.layout;
    let first_subset = shared.buckets.first_subset[bucket];
    let slot_base = layout.first_slot[first_subset];
    let (mut low, mut high) = (usize::MAX, 0);
    for &block in &current.blocks[bucket] {
        current.spill.read(block, &mut worker.read)?;
        for bytes in worker.read.chunks_exact(4) {
            let slot = u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]) as usize;
            let local = slot - slot_base;
            worker.bitmap[local / 64] |= 1 << (local % 64);
            low = low.min(local / 64);
            high = high.max(local / 64);
        }
    }
    if low > high {
        return Ok(());
    }
    let bitmap = &worker.bitmap;
    let in_layer = |slot: usize| {
        let local = slot - slot_base;
        bitmap[local / 64] >> (local % 64) & 1 != 0
    };
    let seen = |slot: usize| shared.seen[slot / 64].load(Relaxed) >> (slot % 64) & 1 != 0;

    let arrangements = plan.index.arrangements();
    let first_rank = first_subset * arrangements;
    let mut previous_rank = first_rank;
    worker.records.clear();
    let mut cursor = SlotCursor::new(plan, first_subset);
    for (word_index, &word) in bitmap.iter().enumerate().take(high + 1).skip(low) {
        let mut bits = word;
        while bits != 0 {
            let slot = slot_base + word_index * 64 + bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let Slot {
                subset,
                arrangement,
                region,
                regions,
                loaded,
            } = cursor.seek(slot);
            if loaded {
                // Depth and Manhattan distance have the same parity (see the module docs).
                let excess = ((u32::from(depth) - cursor.manhattan()) / 2) as u8;
                stats.max_excess = stats.max_excess.max(excess);
                // This is the placement's first state in the layer (slot order), so its
                // value is new unless a state of it was seen in an earlier layer.
                let first_state = slot - region;
                if (first_state..first_state + regions).all(|s| in_layer(s) || !seen(s)) {
                    let rank = subset * arrangements + arrangement;
                    push_record(&mut worker.records, rank - previous_rank, excess);
                    previous_rank = rank;
                    stats.placements += plan.symmetry.map_or(1, |s| {
                        s.placements_per(plan.index, plan.arrangement_table, subset, arrangement)
                    });
                    // Each block's gaps start again from the bucket's first placement.
                    if worker.records.len() >= BUFFER_BYTES {
                        let block = shared.records.append(&worker.records)?;
                        lock(&shared.record_blocks[bucket]).push(block);
                        worker.records.clear();
                        previous_rank = first_rank;
                    }
                }
            }
            let region_number = layout.first_slot[subset] / arrangements + region;
            let moves = layout.first_move[region_number]..layout.first_move[region_number + 1];
            for (m, t) in layout.moves[moves.clone()]
                .iter()
                .zip(&shared.targets[moves])
            {
                let arrangement = cursor.moved_arrangement(m);
                let regions = usize::from(t.regions);
                let direct = t.base as usize + arrangement * regions;
                let target_slot = if let Some(symmetry) =
                    plan.symmetry.filter(|_| t.mirror != MirrorTarget::Target)
                {
                    let image = symmetry.image(
                        plan.index,
                        plan.arrangement_table,
                        t.mirror_class,
                        arrangement,
                    );
                    let image_slot = t.mirror_base as usize + image * regions;
                    if t.mirror == MirrorTarget::Image {
                        image_slot
                    } else {
                        image_slot.min(direct)
                    }
                } else {
                    direct
                };
                // Set once the buffer is written out; until then the state may come again.
                if seen(target_slot) {
                    continue;
                }
                let target_bucket = t.bucket as usize;
                let start = target_bucket * BUFFER_BYTES;
                let len = &mut worker.out_len[target_bucket];
                // Slots fit 32 bits: the caller only comes here when they do.
                worker.out[start + *len..start + *len + 4]
                    .copy_from_slice(&(target_slot as u32).to_le_bytes());
                *len += 4;
                if *len == BUFFER_BYTES {
                    let slots = shared.buckets.slots(plan, target_bucket);
                    next.push_unseen(
                        &shared.seen,
                        target_bucket,
                        slots,
                        &mut worker.out[start..start + BUFFER_BYTES],
                    )?;
                    *len = 0;
                }
            }
        }
    }
    worker.bitmap[low..=high].fill(0);
    if !worker.records.is_empty() {
        let block = shared.records.append(&worker.records)?;
        lock(&shared.record_blocks[bucket]).push(block);
    }
    Ok(())
}

/// Appends one record: the gap from the previous rank and the excess, as a varint of
/// `gap << 4 | excess`, followed by the excess in a byte of its own if it needs one.
fn push_record(out: &mut Vec<u8>, gap: usize, excess: u8) {
    let mut value = (gap as u64) << 4 | u64::from(excess.min(LONG_EXCESS));
    while value >= 0x80 {
        out.push(value as u8 | 0x80);
        value >>= 7;
    }
    out.push(value as u8);
    if excess >= LONG_EXCESS {
        out.push(excess);
    }
}

impl Records {
    /// The entry width and the table of `count` placements from the records, each bucket's
    /// part on one core.
    pub(super) fn table(self, count: usize) -> Result<(u8, Vec<u8>), PdbError> {
        let entry_bits = self.entry_bits;
        let byte_of = |rank: usize| {
            if entry_bits == 4 {
                rank.div_ceil(2)
            } else {
                rank
            }
        };
        // Never-reached placements keep 0, the Manhattan distance, as in the in-memory search.
        let mut table: Vec<u8> = zeroed(byte_of(count))?;
        let mut parts = Vec::with_capacity(self.blocks.len());
        let mut rest: &mut [u8] = &mut table;
        for (blocks, ranks) in self.blocks.iter().zip(self.first_rank.windows(2)) {
            let (part, tail) =
                std::mem::take(&mut rest).split_at_mut(byte_of(ranks[1]) - byte_of(ranks[0]));
            parts.push((blocks, part));
            rest = tail;
        }
        let queue = Mutex::new(parts.into_iter());
        let work = || -> Result<(), PdbError> {
            let mut bytes = Vec::new();
            loop {
                let Some((blocks, part)) = lock(&queue).next() else {
                    return Ok(());
                };
                for &block in blocks {
                    self.spill.read(block, &mut bytes)?;
                    decode_into(&bytes, part, entry_bits);
                }
            }
        };
        if self.workers == 1 {
            work()?;
        } else {
            std::thread::scope(|scope| {
                let handles: Vec<_> = (0..self.workers).map(|_| scope.spawn(work)).collect();
                handles
                    .into_iter()
                    .map(|h| h.join().expect("a build worker panicked"))
                    .collect::<Result<Vec<()>, PdbError>>()
            })?;
        }
        Ok((entry_bits, table))
    }
}

/// Writes the entries of one block of records into its bucket's part of the table.
fn decode_into(bytes: &[u8], part: &mut [u8], entry_bits: u8) {
    let (mut at, mut rank) = (0, 0usize);
    while at < bytes.len() {
        let (mut value, mut shift) = (0u64, 0);
        loop {
            let byte = bytes[at];
            at += 1;
            value |= u64::from(byte & 0x7f) << shift;
            if byte & 0x80 == 0 {
                break;
            }
            shift += 7;
        }
        let mut excess = (value & 0x0f) as u8;
        if excess == LONG_EXCESS {
            excess = bytes[at];
            at += 1;
        }
        rank += (value >> 4) as usize;
        if entry_bits == 4 {
            part[rank / 2] |= excess << ((rank % 2) * 4);
        } else {
            part[rank] = excess;
        }
    }
}
