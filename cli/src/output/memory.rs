//! The memory budget (`--max-memory`): every allocation of the process is counted, and once
//! the bytes in use pass the budget the searches are told to stop, as Ctrl-C tells them, so
//! that a search that outgrows the machine ends with exit code 3 and a message instead of the
//! kernel's or the allocator's abort.
//!
//! The budget is soft: the allocation that passes it is made (the search stops at its next
//! look at the flag, within 1024 expansions), so the default leaves room for that last step: a
//! quarter of the memory, or half of an address-space limit (see `default_budget`).

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};

/// The system allocator, counting the bytes in use.
struct Counting;

/// Bytes allocated and not yet freed.
static IN_USE: AtomicUsize = AtomicUsize::new(0);

/// The budget in bytes; no budget until one is set.
static BUDGET: AtomicUsize = AtomicUsize::new(usize::MAX);

/// Whether the budget was passed.
static EXCEEDED: AtomicBool = AtomicBool::new(false);

#[global_allocator]
static ALLOCATOR: Counting = Counting;

impl Counting {
    /// Counts `grown` more bytes in use; past the budget, raises the flag that stops searches.
    fn grew(grown: usize) {
        let in_use = IN_USE
            .fetch_add(grown, Ordering::Relaxed)
            .saturating_add(grown);
        if in_use > BUDGET.load(Ordering::Relaxed) && !EXCEEDED.swap(true, Ordering::Relaxed) {
            // `get`, never `get_or_init`: making the flag would allocate inside the allocator.
            if let Some(flag) = STOP.get() {
                flag.store(true, Ordering::Relaxed);
            }
        }
    }
}

// SAFETY: every method hands the request to `System` unchanged, which upholds the
// `GlobalAlloc` contract, and returns its result; the counting beside it only reads and writes
// atomics and never allocates.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        Self::grew(layout.size());
        // SAFETY: the caller's guarantees for `layout` are `System::alloc`'s.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        Self::grew(layout.size());
        // SAFETY: as for `alloc`.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        IN_USE.fetch_sub(layout.size(), Ordering::Relaxed);
        // SAFETY: `ptr` was allocated by this allocator, that is by `System`, with `layout`.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        match new_size.checked_sub(layout.size()) {
            Some(grown) => Self::grew(grown),
            None => {
                IN_USE.fetch_sub(layout.size() - new_size, Ordering::Relaxed);
            }
        }
        // SAFETY: the caller's guarantees for `ptr`, `layout` and `new_size` are
        // `System::realloc`'s, and `ptr` came from `System`.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

/// The flag that stops every search when the budget is passed (also raised by Ctrl-C in a
/// batch, which shares it).
static STOP: OnceLock<Arc<AtomicBool>> = OnceLock::new();

/// The flag searches look at: raised when the budget is passed.
pub fn stop_flag() -> Arc<AtomicBool> {
    Arc::clone(STOP.get_or_init(|| Arc::new(AtomicBool::new(false))))
}

/// Sets the budget to `bytes`.
pub fn set_budget(bytes: usize) {
    // Made before the budget can be passed, so that the allocator finds it.
    let _ = stop_flag();
    BUDGET.store(bytes, Ordering::Relaxed);
}

/// Whether the budget was passed.
pub fn exceeded() -> bool {
    EXCEEDED.load(Ordering::Relaxed)
}

/// What to say when the budget stopped a search.
pub const OVER_BUDGET: &str =
    "the search reached the --max-memory budget; raise it if the machine has more";

/// `limit` as the user should hear it: a cancellation the budget raised is the memory guard
/// ([`Limit::Stored`](search_core::Limit::Stored)), not a Ctrl-C.
pub fn as_told(limit: search_core::Limit) -> search_core::Limit {
    if limit == search_core::Limit::Cancelled && exceeded() {
        search_core::Limit::Stored
    } else {
        limit
    }
}

/// `limit` in words, for the `result:` line and the JSON `limit` field: a stop the budget made
/// says so, where the words of the [`Limit::Stored`](search_core::Limit::Stored) it is reported
/// as ([`as_told`]) would blame a stored-node limit the user never set.
pub fn limit_words(limit: &search_core::Limit) -> String {
    if *limit == search_core::Limit::Stored && exceeded() {
        "memory budget reached (--max-memory)".to_string()
    } else {
        limit.to_string()
    }
}

/// The default budget: three quarters of the memory the process may hold (the machine's, or
/// its control group's if less), or half of its address-space limit if that is less; none if
/// none can be told. See [`memory_ceiling`](super::memory_ceiling).
pub fn default_budget() -> Option<usize> {
    super::memory_ceiling::default_budget()
        .map(|bytes| usize::try_from(bytes).unwrap_or(usize::MAX))
}
