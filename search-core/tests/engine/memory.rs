//! Running out of memory: a search whose node store cannot grow ends with the stored-node
//! limit instead of aborting the process.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use std::ops::ControlFlow;

use search_core::heuristic::NoHeuristic;
use search_core::{
    FloatCost, Limit, Outcome, Problem, Successor, Successors, astar, bfs, dijkstra, from_fn,
};

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

/// A star: the centre, 0, leads to a million leaves at cost 1, and nothing is a goal. Its
/// successors are made one at a time, so that no list of a million is ever allocated.
struct Star;

const LEAVES: u64 = 1_000_000;

impl Problem for Star {
    type State = u64;
    type Action = ();
    type Cost = FloatCost;

    fn is_goal(&self, _: &u64) -> bool {
        false
    }

    fn successors(&self, centre: &u64, out: &mut Successors<Self>) {
        let _ = self.visit_successors(centre, |successor| {
            out.push(successor);
            ControlFlow::<()>::Continue(())
        });
    }

    const VISITS_SUCCESSORS: bool = true;

    fn visit_successors<B>(
        &self,
        state: &u64,
        mut visit: impl FnMut(Successor<u64, (), FloatCost>) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        if *state == 0 {
            for leaf in 1..=LEAVES {
                visit(Successor::new(leaf, (), FloatCost::of(1.0)))?;
            }
        }
        ControlFlow::Continue(())
    }
}

#[test]
fn an_open_list_that_cannot_grow_ends_at_the_stored_limit() {
    // Every leaf waits in the open list's heap, whose entries are larger than a stored node:
    // the heap is refused memory first.
    LARGEST.with(|largest| largest.set(4 << 20));
    let informed = astar(&Star, &NoHeuristic, 0);
    let uninformed = dijkstra(&Star, 0);
    LARGEST.with(|largest| largest.set(usize::MAX));
    for result in [informed, uninformed] {
        assert_eq!(result.outcome, Outcome::LimitReached(Limit::Stored));
        // Stopped by the refusal, long before the leaves ran out.
        assert!(result.statistics.stored < LEAVES as usize / 2);
    }
}
