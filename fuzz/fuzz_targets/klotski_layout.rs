//! The Klotski layout parser on arbitrary text: no panic, every error has a message, and an
//! accepted layout prints in canonical letters that parse back to the same board.
#![no_main]

use libfuzzer_sys::fuzz_target;
use puzzles::klotski::Board;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match text.parse::<Board>() {
        Ok(board) => {
            let printed = board.to_string();
            let again: Board = printed.parse().expect("a printed layout parses");
            assert_eq!(again, board);
            assert_eq!(again.to_string(), printed);
            assert!(board.block().is_some());
        }
        Err(error) => assert!(!error.to_string().is_empty()),
    }
});
