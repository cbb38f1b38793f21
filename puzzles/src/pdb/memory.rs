//! Allocations that fail with [`PdbError::OutOfMemory`] instead of aborting: the tables and
//! state arrays of the 15-puzzle's 8-tile pattern take hundreds of megabytes, which a machine
//! may not have.

use super::error::PdbError;

pub(crate) fn zeroed<T: Clone + Default>(len: usize) -> Result<Vec<T>, PdbError> {
    let mut vec = Vec::new();
    vec.try_reserve_exact(len)
        .map_err(|_| PdbError::OutOfMemory {
            bytes: len.saturating_mul(std::mem::size_of::<T>()),
        })?;
    vec.resize(len, T::default());
    Ok(vec)
}

pub(crate) fn atomics<T>(len: usize, make: impl Fn() -> T) -> Result<Vec<T>, PdbError> {
    atomics_with(len, make, false)
}

/// [`atomics`] for the searches' state arrays, which are read at random and freed with the
/// search: on 2 MiB pages where the system allows, since with 4 KiB pages almost every read
/// of a few hundred megabytes at random misses the TLB. (Not for what outlives the build.)
pub(crate) fn state_atomics<T>(len: usize, make: impl Fn() -> T) -> Result<Vec<T>, PdbError> {
    atomics_with(len, make, true)
}

fn atomics_with<T>(len: usize, make: impl Fn() -> T, huge: bool) -> Result<Vec<T>, PdbError> {
    let mut vec = Vec::new();
    vec.try_reserve_exact(len)
        .map_err(|_| PdbError::OutOfMemory {
            bytes: len.saturating_mul(std::mem::size_of::<T>()),
        })?;
    if huge {
        advise_huge_pages(&mut vec);
    }
    vec.extend((0..len).map(|_| make()));
    Ok(vec)
}

/// Asks Linux to back the allocation of `vec` with 2 MiB pages where it can.
#[cfg(target_os = "linux")]
fn advise_huge_pages<T>(vec: &mut Vec<T>) {
    const HUGE_PAGE: usize = 2 << 20;
    let start = vec.as_mut_ptr() as usize;
    let end = start + vec.capacity() * std::mem::size_of::<T>();
    let (first, last) = (start.next_multiple_of(HUGE_PAGE), end & !(HUGE_PAGE - 1));
    if first < last {
        // SAFETY: the range lies inside the vector's allocation, which this process owns
        // and nothing else maps; MADV_HUGEPAGE only changes how the kernel backs those pages,
        // not their contents or validity, and a failure (an old kernel, transparent huge pages
        // disabled) leaves them as they were, so the result is ignored.
        unsafe {
            libc::madvise(
                first as *mut libc::c_void,
                last - first,
                libc::MADV_HUGEPAGE,
            );
        }
    }
}

#[cfg(not(target_os = "linux"))]
fn advise_huge_pages<T>(_vec: &mut Vec<T>) {}
