//! The property of the `rush_hour` fuzz target, shared with `puzzles/tests/fuzz_seeds.rs`,
//! which runs it on the seeds with the ordinary test suite.

use puzzles::blocks::Blocks;

/// `Blocks::parse_rush_hour` on arbitrary text: no panic, every error has a message, and an
/// accepted board's notation (`o` for empty cells) parses back to a board of the same notation,
/// which is the input's with `.` written `o`.
pub fn check(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match Blocks::parse_rush_hour(text) {
        Ok((problem, start)) => {
            let notation = problem.rush_hour_notation(&start).expect("a 6x6 board");
            assert_eq!(notation, text.trim().replace('.', "o"));
            let (again, start_again) =
                Blocks::parse_rush_hour(&notation).expect("the notation parses");
            assert_eq!(again.rush_hour_notation(&start_again), Some(notation));
        }
        Err(error) => assert!(!error.to_string().is_empty()),
    }
}
