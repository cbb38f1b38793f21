//! How parallel IDA* splits an iteration into subtrees: the tuning shared by
//! [`idastar_parallel`](super::idastar_parallel), which splits every iteration, and a
//! [`Crew`](super::Crew), which splits only the large ones. Both import it, so neither imports
//! the other for it.

/// Subtrees per thread an iteration is split into, at least: enough that a thread finishing
/// early finds more work and that the order of the subtrees (see `order_subtrees` in `parallel.rs`) can put
/// the likeliest places of a goal first.
pub(super) const MIN_SUBTREES_PER_THREAD: usize = 1024;

/// Subtrees per thread an iteration is split into, at most: a bound on the memory the split
/// holds (each subtree keeps its root's state and memo and its path): on the 24-puzzle with its
/// pattern databases' memos, two threads' 131,072 subtrees take about a quarter of a gigabyte.
/// The commit that chose the bound (`git log -S MAX_SUBTREES_PER_THREAD`) has the measured
/// peaks.
pub(super) const MAX_SUBTREES_PER_THREAD: usize = 65_536;

/// Between the two bounds above, an iteration is split into one subtree for this many nodes
/// the previous iteration generated.
///
/// Why: the finer the split, the sooner the ordered last iteration meets its goal, but each
/// subtree costs time to make, order and start (about a microsecond, some forty nodes' worth,
/// as measured), which small iterations cannot repay. An iteration generates several times the
/// nodes of the one before, so at one subtree per thousand of those every subtree stands for
/// thousands of nodes. Against fixed splits of 1024 to 65,536 subtrees a thread, this rule was
/// as fast as the best fixed split both on quick 24-puzzles (large iterations, where fine
/// splits win) and on Korf's 15-puzzles (small iterations, where coarse splits win); the runs
/// are in the commit that chose it (`git log -S PREVIOUS_NODES_PER_SUBTREE`). The hour-long
/// 24-puzzles, whose iterations generate billions of nodes, get the most subtrees, 65,536 a
/// thread.
pub(super) const PREVIOUS_NODES_PER_SUBTREE: u64 = 1000;

/// The split stops deepening at this depth even if it has too few subtrees (a tree that narrow
/// is cheap to search anyway).
pub(super) const MAX_SPLIT_DEPTH: usize = 32;

/// A search of a [`Crew`](super::Crew) of N threads splits an iteration into subtrees after an iteration of
/// at least N times this many generated nodes (about a million a thread), unless
/// [`Crew::with_split_from`](super::Crew::with_split_from) says otherwise; it searches the smaller ones as [`idastar`](fn@crate::idastar) does.
///
/// Why: the split of [`idastar_parallel`](super::idastar_parallel) makes at least 1024 subtrees a thread, and one for
/// every thousand nodes of the previous iteration beyond that; from this size on, every subtree
/// stands for at least a thousand of those nodes whatever the crew's size, so the split (about
/// a microsecond a subtree) costs about a thousandth of the iteration, which on a sliding-tile
/// puzzle generates several times as many nodes as the one before (tens of milliseconds' work
/// and more). A fixed size would not do: a crew of 64 would split an iteration after one of a
/// million nodes into 65,536 subtrees of a few dozen nodes each. Smaller iterations are over
/// before help would matter.
pub(super) const SPLIT_NODES_PER_THREAD: u64 =
    MIN_SUBTREES_PER_THREAD as u64 * PREVIOUS_NODES_PER_SUBTREE;
