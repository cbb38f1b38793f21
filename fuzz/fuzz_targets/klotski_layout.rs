//! The Klotski preset's parser on arbitrary text: no panic, every error has a message, and an
//! accepted layout prints its board (the layout format without its goal line) in the user's
//! letters, which Klotski's format reads back as the same puzzle at the same placement.
#![no_main]

use libfuzzer_sys::fuzz_target;
use puzzles::blocks::Blocks;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match Blocks::parse_klotski(text) {
        Ok((problem, start)) => {
            let rendered = problem.render(&start);
            let (goal, board) = rendered.split_once('\n').expect("a goal line and a board");
            assert!(
                goal.starts_with("goal: ") && goal.ends_with(" at 4,2"),
                "{goal}"
            );
            let (again, again_start) =
                Blocks::parse_klotski(board).expect("a printed board parses");
            assert_eq!(again_start, start);
            assert_eq!(again.render(&again_start), rendered);
        }
        Err(error) => assert!(!error.to_string().is_empty()),
    }
});
