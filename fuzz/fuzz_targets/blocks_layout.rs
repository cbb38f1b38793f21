//! The fuzz target of `checks/blocks_layout.rs` (its docs say what it checks).
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../checks/blocks_layout.rs"]
mod check;

fuzz_target!(|data: &[u8]| check::check(data));
