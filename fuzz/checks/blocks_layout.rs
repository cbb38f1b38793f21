//! The property of the `blocks_layout` fuzz target, shared with `puzzles/tests/fuzz_seeds.rs`,
//! which runs it on the seeds with the ordinary test suite.

use puzzles::blocks::Blocks;

/// `Blocks::parse` on arbitrary text: no panic, every error has a message, and an accepted
/// layout renders as text that parses back to a puzzle rendering the same text.
pub fn check(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match Blocks::parse(text) {
        Ok((problem, start)) => {
            let rendered = problem.render(&start);
            let (again, start_again) = Blocks::parse(&rendered).expect("a rendered layout parses");
            assert_eq!(again.render(&start_again), rendered);
        }
        Err(error) => assert!(!error.to_string().is_empty()),
    }
}
