//! The fuzz target of `checks/rush_hour.rs` (its docs say what it checks).
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../checks/rush_hour.rs"]
mod check;

fuzz_target!(|data: &[u8]| check::check(data));
