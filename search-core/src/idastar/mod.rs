//! IDA* (iterative-deepening A*): depth-first and in place, in memory linear in the solution
//! depth, for problems that apply and undo their moves ([`InPlace`](crate::InPlace)).
//!
//! [`idastar`](fn@idastar) (also at the crate root) on the calling thread, [`idastar_with`]
//! with [`Limits`](crate::Limits) and an [`Observer`](crate::observer::Observer),
//! [`idastar_parallel`] on several threads, and [`idastar_crew`] on the calling thread helped by
//! the idle members of a [`Crew`].
//!
//! The files import downwards only: `serial` holds the walk every search runs (with its
//! recursive fast path in `recursive_walk`), `split` the tuning of the split into subtrees,
//! `crew` the group of threads, and `parallel` the split searches, of threads or of a crew.

mod crew;
mod parallel;
mod recursive_walk;
mod serial;
mod split;

pub use crew::Crew;
pub use parallel::{MAX_PARALLEL_THREADS, idastar_crew, idastar_parallel};
pub use serial::{idastar, idastar_with};
