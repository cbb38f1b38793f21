//! The input readers on arbitrary text and bytes: board and move parsing, the classic-mode reader,
//! the batch line reader and the Klotski layout parser never panic, their errors have messages,
//! and what they accept reads back from its own text form. The fuzz targets in `fuzz/` check the
//! same properties for much longer; what they found is pinned here.

use proptest::prelude::*;
use puzzles::blocks::Blocks;
use puzzles::input::{
    BatchLine, BatchLineError, BatchLines, ClassicInputError, MAX_BATCH_LINE, MAX_CLASSIC_INPUT,
    parse_batch_line, read_classic,
};
use puzzles::{Board, Shape, format_moves, parse_moves, random_solvable};

/// Asserts that an error message is fit to show: non-empty, no trailing period, and saying
/// nothing its sources say again (an error report prints the message, then each source's).
fn assert_message(error: &dyn std::error::Error) {
    let message = error.to_string();
    assert!(!message.is_empty(), "{error:?} has an empty message");
    assert!(!message.ends_with('.'), "{message:?} ends with a period");
    let mut source = error.source();
    while let Some(inner) = source {
        assert!(
            !message.contains(&inner.to_string()),
            "{message:?} repeats its source {inner:?}"
        );
        assert_message(inner);
        source = inner.source();
    }
}

/// Asserts that every text form of `board` parses back to it.
fn assert_round_trip(board: &Board) {
    assert_eq!(Board::parse(&board.to_rows()).as_ref(), Ok(board));
    assert_eq!(Board::parse(&board.to_string()).as_ref(), Ok(board));
    assert_eq!(
        Board::parse_with_shape(&board.to_spaced(), board.shape()).as_ref(),
        Ok(board)
    );
    if board.shape().width() == board.shape().height() {
        assert_eq!(Board::parse(&board.to_compact()).as_ref(), Ok(board));
        assert_eq!(Board::parse(&board.to_compact_dotted()).as_ref(), Ok(board));
    }
}

/// Every supported shape.
fn shapes() -> impl Strategy<Value = Shape> {
    (2usize..=12, 2usize..=12).prop_filter_map("at most 25 cells", |(width, height)| {
        Shape::new(width, height).ok()
    })
}

/// A board of any supported shape.
fn boards() -> impl Strategy<Value = Board> {
    (shapes(), any::<u64>())
        .prop_map(|(shape, seed)| random_solvable(&Board::blank_last(shape), seed))
}

/// Text that is often nearly a board: digits, blanks, separators, and some noise.
fn board_like_text() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        "[0-9. /\n\r\t;#xé]{0,60}",
        boards().prop_map(|board| board.to_rows()),
        (boards(), "[0-9 ./;\n]{0,4}").prop_map(|(board, noise)| board.to_spaced() + &noise),
    ]
}

/// Bytes that are often nearly a batch or classic input.
fn input_like_bytes() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        prop::collection::vec(any::<u8>(), 0..200),
        prop::collection::vec(board_like_text(), 0..6).prop_map(|lines| lines.join("\n").into()),
        (board_like_text(), any::<u8>(), any::<prop::sample::Index>()).prop_map(
            |(text, byte, index)| {
                let mut bytes = text.into_bytes();
                bytes.insert(index.index(bytes.len() + 1), byte);
                bytes
            }
        ),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn board_parsing_never_panics_and_accepted_boards_round_trip(text in board_like_text(), shape in shapes()) {
        match Board::parse(&text) {
            Ok(board) => assert_round_trip(&board),
            Err(error) => assert_message(&error),
        }
        match Board::parse_with_shape(&text, shape) {
            Ok(board) => {
                prop_assert_eq!(board.shape(), shape);
                assert_round_trip(&board);
            }
            Err(error) => assert_message(&error),
        }
    }

    #[test]
    fn every_board_reads_back_from_each_of_its_forms(board in boards()) {
        assert_round_trip(&board);
    }

    #[test]
    fn move_parsing_never_panics_and_round_trips(text in prop_oneof![any::<String>(), "[UDLRudlr \tx]{0,40}"]) {
        match parse_moves(&text) {
            Ok(moves) => {
                prop_assert_eq!(parse_moves(&format_moves(&moves)), Ok(moves.clone()));
                prop_assert_eq!(moves.len(), text.chars().filter(|c| !c.is_whitespace()).count());
            }
            Err(error) => assert_message(&error),
        }
    }

    #[test]
    fn the_classic_reader_never_panics(input in input_like_bytes()) {
        match read_classic(&input) {
            Ok((start, goal)) => prop_assert_eq!(start.shape(), goal.shape()),
            Err(error) => assert_message(&error),
        }
    }

    #[test]
    fn the_classic_reader_reads_boards_written_any_way(start in boards(), seed in any::<u64>(), form in 0..6) {
        let goal = random_solvable(&start, seed);
        let text = match form {
            0 => format!("{}\n{}\n", start.to_rows(), goal.to_rows()),
            1 => format!("\r\n{}\r\n\r\n{}", start, goal),
            2 => format!("{}\n\n\n{}\n\n", start.to_string().replace('\n', "\r\n"), goal),
            // The judges' form: the rows of both, one after the other.
            3 => format!("{}\n{}\n", start, goal),
            4 => format!("{}\n{}", start, goal).replace('\n', "\r\n"),
            // A start on one line, then the goal's rows.
            _ => format!("{}\n{}\n", start.to_rows(), goal),
        };
        prop_assert_eq!(read_classic(text.as_bytes()), Ok((start.clone(), goal)));
        // A lone board is solved towards the spiral goal of its shape.
        let alone = read_classic(start.to_rows().as_bytes());
        prop_assert_eq!(alone, Ok((start.clone(), Board::spiral(start.shape()))));
    }

    #[test]
    fn the_batch_line_reader_never_panics(line in input_like_bytes()) {
        match parse_batch_line(&line) {
            Ok(Some(BatchLine { start, goal: Some(goal) })) => prop_assert_eq!(start.shape(), goal.shape()),
            Ok(_) => {}
            Err(error) => assert_message(&error),
        }
    }

    #[test]
    fn the_batch_line_reader_reads_back_what_it_accepts(start in boards(), seed in any::<u64>(), separator in prop::sample::select(vec![";", "\t", " ; "])) {
        let goal = random_solvable(&start, seed);
        let line = format!("  {}{separator}{}\r\n", start.to_rows(), goal.to_rows());
        let expected = BatchLine { start: start.clone(), goal: Some(goal) };
        prop_assert_eq!(parse_batch_line(line.as_bytes()), Ok(Some(expected)));
        let alone = BatchLine { start: start.clone(), goal: None };
        prop_assert_eq!(parse_batch_line(start.to_rows().as_bytes()), Ok(Some(alone)));
    }

    #[test]
    fn the_streaming_batch_reader_agrees_with_the_line_reader(input in input_like_bytes()) {
        let streamed: Vec<_> = BatchLines::new(&input[..]).map(Result::unwrap).collect();
        let expected: Vec<_> = input
            .split(|&byte| byte == b'\n')
            .enumerate()
            .filter(|(_, line)| !line.is_empty())
            .filter_map(|(index, line)| Some((index + 1, parse_batch_line(line).transpose()?)))
            .collect();
        prop_assert_eq!(streamed, expected);
    }

    #[test]
    fn the_klotski_parser_never_panics_and_round_trips(text in prop_oneof![
        any::<String>(),
        "([A-Fa.]{4}\n){5}",
        "([AB.x]{3,5}\r?\n){4,6}",
    ]) {
        match Blocks::parse_klotski(&text) {
            Ok((problem, start)) => {
                // The board alone, without the layout format's goal line, is Klotski's format.
                let rendered = problem.render(&start);
                let printed = rendered.split_once('\n').map_or("", |(_, board)| board);
                let (again, again_start) = Blocks::parse_klotski(printed).expect("reads back");
                prop_assert_eq!(again_start, start);
                prop_assert_eq!(again.render(&again_start), rendered);
            }
            Err(error) => assert_message(&error),
        }
    }
}

#[test]
fn classic_input_over_the_limit_is_refused_before_parsing() {
    let mut input = b"12345678.\n".repeat(MAX_CLASSIC_INPUT / 10 + 1);
    assert!(input.len() > MAX_CLASSIC_INPUT);
    assert_eq!(
        read_classic(&input),
        Err(ClassicInputError::TooLong {
            max: MAX_CLASSIC_INPUT
        })
    );
    // Just under the limit, many boards are too many boards, not an allocation problem.
    input.truncate(MAX_CLASSIC_INPUT - MAX_CLASSIC_INPUT % 10);
    assert!(matches!(
        read_classic(&input),
        Err(ClassicInputError::TooManyBoards { .. })
    ));
    // One huge line is a bad board whose message does not echo it all.
    let line = vec![b'1'; MAX_CLASSIC_INPUT];
    let error = read_classic(&line).unwrap_err();
    assert!(error.to_string().len() < 200, "{error}");
}

#[test]
fn classic_errors_name_the_problem() {
    let message = |input: &[u8]| read_classic(input).unwrap_err().to_string();
    assert_eq!(
        message(b"1234\xff678.\n"),
        "standard input is not UTF-8 text (bad byte at offset 4)"
    );
    assert!(message(b" \n\n").starts_with("standard input holds no board"));
    assert!(message(b"12345678.\n12345678.\n12345678.\n").contains("holds 3 boards"));
    assert_eq!(
        message(b"12345678.\n1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0\n"),
        "the goal is 4x4 but the start is 3x3"
    );
}

#[test]
fn classic_rows_with_a_mistake_are_blamed_as_the_board_they_make() {
    // The whole report, as `slide` prints it: the message, then its sources.
    let report = |input: &[u8]| {
        let error = read_classic(input).unwrap_err();
        assert_message(&error);
        let mut report = error.to_string();
        let mut source = std::error::Error::source(&error);
        while let Some(inner) = source {
            report = format!("{report}: {inner}");
            source = inner.source();
        }
        report
    };
    assert_eq!(
        report(b"2 8 3\n1 0 4\n7 6 6\n"),
        "lines 1-3: bad board written row by row: tile 6 appears twice"
    );
    // The goal's rows, after the start's, with or without a blank line between.
    assert_eq!(
        report(b"2 8 3\n1 0 4\n7 6 5\n1 2 3\n8 0 4\n7 6 9\n"),
        "lines 4-6: bad board written row by row: tile 9 is out of range: tiles are 1 to 8, and 0 or '.' is the blank"
    );
    assert_eq!(
        report(b"2 8 3\n1 0 4\n7 6 5\n\n1 2 3\n8 0 4\n7 6 6\n"),
        "lines 5-7: bad board written row by row: tile 6 appears twice"
    );
    // Rows of four cells, four of them: one 15-puzzle, not two halves.
    assert_eq!(
        report(b"1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 15 15\n"),
        "lines 1-4: bad board written row by row: no blank: mark the empty cell with 0 or '.'"
    );
    // A board a line is still blamed line by line.
    assert_eq!(
        report(b"283104766\n123456780\n"),
        "line 1: bad board `283104766`: tile 6 appears twice"
    );
    // And a shape's error is said once.
    assert_eq!(
        report(b"0\n"),
        "line 1: bad board `0`: unsupported shape: a 1x1 board is too small: width and height must be at least 2"
    );
}

#[test]
fn batch_lines_over_the_limit_are_skipped_whole_and_reading_goes_on() {
    let mut input = vec![b'1'; 3 * MAX_BATCH_LINE];
    input.extend_from_slice(b"\n12345678.\n");
    input.extend_from_slice(&vec![b' '; MAX_BATCH_LINE]);
    input.extend_from_slice(b"\n");
    input.extend_from_slice(&vec![b'#'; MAX_BATCH_LINE + 1]);
    let lines: Vec<_> = BatchLines::new(&input[..]).map(Result::unwrap).collect();
    let too_long = Err(BatchLineError::TooLong {
        max: MAX_BATCH_LINE,
    });
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert_eq!(lines[0], (1, too_long.clone()));
    assert_eq!(lines[1].0, 2);
    assert!(lines[1].1.is_ok());
    // Line 3 is exactly the longest allowed, and blank; line 4 is one byte over.
    assert_eq!(lines[2], (4, too_long));
    // The longest line allowed, ended by `\r\n` as well as by `\n`: the break is no content.
    let longest = format!("12345678.{}", " ".repeat(MAX_BATCH_LINE - 9));
    for ending in ["\n", "\r\n"] {
        let input = format!("{longest}{ending}{longest}{ending}");
        let lines: Vec<_> = BatchLines::new(input.as_bytes())
            .map(Result::unwrap)
            .collect();
        assert_eq!(lines.len(), 2, "{ending:?}");
        assert!(
            lines.iter().all(|(_, line)| line.is_ok()),
            "{ending:?}: {lines:?}"
        );
    }
}

#[test]
fn batch_line_errors_name_the_problem() {
    let message = |line: &[u8]| parse_batch_line(line).unwrap_err().to_string();
    assert_eq!(message(b"not a board"), "bad board `not a board`");
    assert_eq!(
        message(b"12345678.;1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0"),
        "the goal is 4x4 but the start is 3x3"
    );
    assert_eq!(message(b"\xc3"), "not UTF-8 text (bad byte at column 1)");
    let error = parse_batch_line(b"12345678.;").unwrap_err();
    let cause = std::error::Error::source(&error).expect("a bad board has a cause");
    assert_eq!(cause.to_string(), "empty input: no tiles given");
}
