//! The classic-mode reader on arbitrary bytes: no panic, every error has a message, start and
//! goal share a shape, and a board given a line reads back the same.
#![no_main]

use libfuzzer_sys::fuzz_target;
use puzzles::input::read_classic;

fuzz_target!(|data: &[u8]| {
    match read_classic(data) {
        Ok((start, goal)) => {
            assert_eq!(start.shape(), goal.shape());
            let again = format!("{}\n\n{}\n", start, goal);
            assert_eq!(read_classic(again.as_bytes()), Ok((start, goal)));
        }
        Err(error) => assert!(!error.to_string().is_empty()),
    }
});
