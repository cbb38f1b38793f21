//! `Board::parse`, `Board::parse_with_shape` and `parse_moves` on arbitrary text: no panic,
//! every error has a message, every accepted board reads back from its own text forms, and
//! accepted moves undo cleanly.
#![no_main]

use libfuzzer_sys::fuzz_target;
use puzzles::{format_moves, parse_moves, Board, Shape};

fuzz_target!(|data: &[u8]| {
    // The first two bytes choose a shape for `parse_with_shape`; the rest is the text.
    let (shape, text) = match data {
        [width, height, rest @ ..] => (
            Shape::new(2 + usize::from(width % 5), 2 + usize::from(height % 5)).ok(),
            rest,
        ),
        _ => (None, data),
    };
    let Ok(text) = std::str::from_utf8(text) else {
        return;
    };
    match Board::parse(text) {
        Ok(board) => round_trip(&board),
        Err(error) => assert!(!error.to_string().is_empty()),
    }
    if let Some(shape) = shape {
        match Board::parse_with_shape(text, shape) {
            Ok(board) => {
                assert_eq!(board.shape(), shape);
                assert_eq!(Board::parse_with_shape(&board.to_spaced(), shape), Ok(board.clone()));
                round_trip(&board);
            }
            Err(error) => assert!(!error.to_string().is_empty()),
        }
    }
    match parse_moves(text) {
        Ok(moves) => {
            assert_eq!(parse_moves(&format_moves(&moves)), Ok(moves.clone()));
            assert_eq!(moves.len(), text.chars().filter(|c| !c.is_whitespace()).count());
            let board = Board::blank_last(shape.unwrap_or(Shape::new(3, 3).unwrap()));
            if let Ok(end) = board.apply_moves(&moves) {
                let back: Vec<_> = moves.iter().rev().map(|step| step.inverse()).collect();
                assert_eq!(end.apply_moves(&back), Ok(board));
            }
        }
        Err(error) => assert!(!error.to_string().is_empty()),
    }
});

/// Every text form of `board` parses back to it.
fn round_trip(board: &Board) {
    assert_eq!(Board::parse(&board.to_rows()).as_ref(), Ok(board));
    assert_eq!(Board::parse(&board.to_string()).as_ref(), Ok(board));
    if board.shape().width() == board.shape().height() {
        assert_eq!(Board::parse(&board.to_compact()).as_ref(), Ok(board));
        assert_eq!(Board::parse(&board.to_compact_dotted()).as_ref(), Ok(board));
        assert_eq!(Board::parse(&board.to_spaced()).as_ref(), Ok(board));
    }
}
