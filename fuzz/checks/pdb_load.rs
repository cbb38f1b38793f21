//! The property of the `pdb_load` fuzz target, shared with `puzzles/tests/fuzz_seeds.rs`,
//! which runs it on the seeds with the ordinary test suite.

use puzzles::pdb::PatternDatabase;

/// `PatternDatabase::load` on an arbitrary file: no panic, no allocation beyond the file's
/// size, every error has a message, and an accepted file is a database whose goal placement
/// has the value 0 and which saves as the same bytes.
pub fn check(data: &[u8]) {
    let directory = tempfile::tempdir().expect("a temporary directory");
    let path = directory.path().join("input.pdb");
    std::fs::write(&path, data).expect("the input is written");
    match PatternDatabase::load(&path) {
        Ok(pdb) => {
            let mut positions = vec![0u8; pdb.goal().len()];
            for (cell, &tile) in pdb.goal().iter().enumerate() {
                positions[usize::from(tile)] = cell as u8;
            }
            assert_eq!(pdb.lookup(&positions), 0);
            let saved = directory.path().join("saved.pdb");
            pdb.save(&saved).expect("a loaded database saves");
            assert_eq!(std::fs::read(&saved).expect("the saved file reads"), data);
        }
        Err(error) => assert!(!error.to_string().is_empty()),
    }
}
