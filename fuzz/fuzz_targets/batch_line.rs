//! The batch line reader on arbitrary bytes: no panic, every error has a message, accepted
//! instances read back from their own text, and the streaming reader agrees with the one-line
//! reader line by line, with increasing line numbers.
#![no_main]

use libfuzzer_sys::fuzz_target;
use puzzles::input::{parse_batch_line, BatchLines};

fuzz_target!(|data: &[u8]| {
    let single = parse_batch_line(data);
    match &single {
        Ok(Some(line)) => {
            let mut text = line.start.to_rows();
            if let Some(goal) = &line.goal {
                assert_eq!(goal.shape(), line.start.shape());
                text = format!("{text};{}", goal.to_rows());
            }
            assert_eq!(parse_batch_line(text.as_bytes()).as_ref(), Ok(&Some(line.clone())));
        }
        Ok(None) => {}
        Err(error) => assert!(!error.to_string().is_empty()),
    }
    let mut previous = 0;
    let mut count = 0;
    for read in BatchLines::new(data) {
        let (number, parsed) = read.expect("reading a slice cannot fail");
        assert!(number > previous);
        previous = number;
        count += 1;
        if let Err(error) = parsed {
            assert!(!error.to_string().is_empty());
        }
    }
    // A line without line breaks is read the same either way.
    if !data.contains(&b'\n') {
        let streamed: Vec<_> = BatchLines::new(data).map(|read| read.unwrap().1).collect();
        let expected: Vec<_> = single.transpose().into_iter().collect();
        assert_eq!(streamed, expected);
    }
    assert!(count <= data.split(|&byte| byte == b'\n').count());
});
