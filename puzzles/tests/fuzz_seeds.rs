//! The properties of the fuzz targets that read blocks layouts, Rush Hour boards and
//! pattern-database files (`fuzz/checks/`), compiled as ordinary code and run on their seeds
//! (`fuzz/seeds/`) and on a few inputs made here, so that the suite keeps them building and
//! true without a nightly toolchain. This is not fuzzing: `cargo +nightly fuzz run` is.

use std::path::Path;

use puzzles::pdb::PatternDatabase;

#[path = "../../fuzz/checks/blocks_layout.rs"]
mod blocks_layout;
#[path = "../../fuzz/checks/pdb_load.rs"]
mod pdb_load;
#[path = "../../fuzz/checks/rush_hour.rs"]
mod rush_hour;

/// Every seed of fuzz target `target`, which has some.
fn seeds(target: &str) -> Vec<Vec<u8>> {
    let directory = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../fuzz/seeds")
        .join(target);
    let mut seeds: Vec<Vec<u8>> = std::fs::read_dir(&directory)
        .unwrap()
        .map(|entry| std::fs::read(entry.unwrap().path()).unwrap())
        .collect();
    assert!(!seeds.is_empty(), "{}", directory.display());
    seeds.sort();
    seeds
}

/// Each seed, and each of its prefixes: the cuts a fuzzer tries first.
fn check_with_prefixes(seeds: &[Vec<u8>], check: fn(&[u8])) {
    for seed in seeds {
        for len in 0..=seed.len() {
            check(&seed[..len]);
        }
    }
}

#[test]
fn blocks_layout_seeds_hold_the_fuzz_property() {
    let mut inputs = seeds("blocks_layout");
    inputs.extend(
        puzzles::blocks::SHIPPED
            .iter()
            .map(|l| l.text.as_bytes().to_vec()),
    );
    check_with_prefixes(&inputs, blocks_layout::check);
}

#[test]
fn rush_hour_seeds_hold_the_fuzz_property() {
    check_with_prefixes(&seeds("rush_hour"), rush_hour::check);
}

#[test]
fn pdb_load_seeds_hold_the_fuzz_property() {
    let mut inputs = seeds("pdb_load");
    // A database with entries of both parities of excess, and each byte of it flipped.
    let directory = tempfile::tempdir().unwrap();
    let path = directory.path().join("built.pdb");
    let goal = [0, 1, 2, 3, 4, 5, 6, 7, 8];
    let built = PatternDatabase::build(3, 3, &goal, &[1, 2, 3], |_| {}).unwrap();
    built.save(&path).unwrap();
    let saved = std::fs::read(&path).unwrap();
    for at in 0..saved.len() {
        let mut flipped = saved.clone();
        flipped[at] ^= 0x5a;
        pdb_load::check(&flipped);
    }
    inputs.push(saved);
    check_with_prefixes(&inputs, pdb_load::check);
}
