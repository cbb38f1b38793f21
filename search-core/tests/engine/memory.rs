//! Running out of memory: a search whose node store cannot grow ends with the stored-node
//! limit instead of aborting the process.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use search_core::{Limit, Outcome, bfs, from_fn};

thread_local! {
    /// The largest allocation this thread may make; others fail, as on a machine out of memory.
    static LARGEST: Cell<usize> = const { Cell::new(usize::MAX) };
}

/// The system allocator, failing the allocations a test thread forbids.
struct Capped;

// SAFETY: every call goes to `System` unchanged, or returns null, which `GlobalAlloc` allows for
// a request it cannot meet.
unsafe impl GlobalAlloc for Capped {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if layout.size() > LARGEST.with(Cell::get) {
            return std::ptr::null_mut();
        }
        // SAFETY: the caller's layout, as `GlobalAlloc::alloc` requires.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, pointer: *mut u8, layout: Layout) {
        // SAFETY: `pointer` came from `System` with this layout.
        unsafe { System.dealloc(pointer, layout) }
    }

    unsafe fn realloc(&self, pointer: *mut u8, layout: Layout, size: usize) -> *mut u8 {
        if size > LARGEST.with(Cell::get) {
            return std::ptr::null_mut();
        }
        // SAFETY: `pointer` came from `System` with `layout`, as the caller guarantees.
        unsafe { System.realloc(pointer, layout, size) }
    }
}

#[global_allocator]
static ALLOCATOR: Capped = Capped;

#[test]
fn a_store_that_cannot_grow_ends_at_the_stored_limit() {
    // An endless line: breadth-first search stores a node an expansion for ever.
    let line = from_fn(|&n: &u64| [(n + 1, 1u32)], |_| false);
    LARGEST.with(|largest| largest.set(4 << 20));
    let result = bfs(&line, 0);
    LARGEST.with(|largest| largest.set(usize::MAX));
    assert_eq!(result.outcome, Outcome::LimitReached(Limit::Stored));
    // The table of 2^19 slots, 393,216 nodes at 3/4, could not double to 4 MiB.
    assert_eq!(result.statistics.stored, 393_216);
}
