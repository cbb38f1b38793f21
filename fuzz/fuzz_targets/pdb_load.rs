//! The fuzz target of `checks/pdb_load.rs` (its docs say what it checks).
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../checks/pdb_load.rs"]
mod check;

fuzz_target!(|data: &[u8]| check::check(data));
