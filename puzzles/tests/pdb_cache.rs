//! The pattern-database cache against hostile or broken surroundings: names planted in its
//! directory, tables that pass their checksum but are not distances.

use std::path::Path;

use puzzles::pdb::{CacheWarning, PatternDatabase, PdbCache};

const GOAL: [u8; 9] = [0, 1, 2, 3, 4, 5, 6, 7, 8];

/// `cache.get_or_build` for the 8-puzzle's pattern `pattern`, with its warnings as text.
fn get(cache: &PdbCache, pattern: &[u8]) -> (PatternDatabase, Vec<String>) {
    let mut warnings = Vec::new();
    let pdb = cache
        .get_or_build(
            3,
            3,
            &GOAL,
            pattern,
            |_| {},
            |w: &CacheWarning| warnings.push(w.to_string()),
        )
        .unwrap();
    (pdb, warnings)
}

fn is_regular_file(path: &Path) -> bool {
    std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_file())
}

#[cfg(unix)]
#[test]
fn links_planted_in_the_cache_directory_redirect_no_write() {
    use std::os::unix::fs::symlink;

    let directory = tempfile::tempdir().unwrap();
    let unrelated = directory.path().join("unrelated.txt");
    std::fs::write(&unrelated, "not a database").unwrap();
    let cache_directory = directory.path().join("cache");
    std::fs::create_dir(&cache_directory).unwrap();
    let cache = PdbCache::new(&cache_directory);
    let path = cache.path_for(3, 3, &GOAL, &[1, 2, 3]).unwrap();
    let name = path.file_name().unwrap().to_str().unwrap();
    // The temporary names of earlier versions, `.NAME.PID.N.tmp` with N counting this
    // process's saves (other tests of this binary may have saved before).
    for n in 0..256 {
        let planted = format!(".{name}.{}.{n}.tmp", std::process::id());
        symlink(&unrelated, cache_directory.join(planted)).unwrap();
    }
    let (built, warnings) = get(&cache, &[1, 2, 3]);
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!(
        std::fs::read_to_string(&unrelated).unwrap(),
        "not a database"
    );
    assert!(is_regular_file(&path), "the entry is a file of its own");
    assert_eq!(PatternDatabase::load(&path).unwrap(), built);
    // With the permissions of any file the user creates, not a temporary file's.
    let created = directory.path().join("created");
    std::fs::File::create(&created).unwrap();
    let mode = |path: &Path| {
        use std::os::unix::fs::PermissionsExt;
        std::fs::metadata(path).unwrap().permissions().mode()
    };
    assert_eq!(mode(&path), mode(&created));

    // A link as the entry itself is read through, refused, and replaced by a file.
    std::fs::remove_file(&path).unwrap();
    symlink(&unrelated, &path).unwrap();
    let (rebuilt, warnings) = get(&cache, &[1, 2, 3]);
    assert_eq!(rebuilt, built);
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert_eq!(
        std::fs::read_to_string(&unrelated).unwrap(),
        "not a database"
    );
    assert!(is_regular_file(&path));
    assert_eq!(PatternDatabase::load(&path).unwrap(), built);
}

/// Bytes of xorshift64 from `seed`.
fn random_bytes(len: usize, mut seed: u64) -> Vec<u8> {
    (0..len)
        .map(|_| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed as u8
        })
        .collect()
}

/// Replaces the table of the database file `path` (`table_len` bytes at its end) by random
/// bytes, and its header's CRC-32 by theirs: a file that passes every check of the format.
fn tamper(path: &Path, table_len: usize, seed: u64) {
    let mut bytes = std::fs::read(path).unwrap();
    let header = bytes.len() - table_len;
    let table = random_bytes(table_len, seed);
    bytes[header - 4..header].copy_from_slice(&crc32fast::hash(&table).to_le_bytes());
    bytes[header..].copy_from_slice(&table);
    std::fs::write(path, bytes).unwrap();
}

/// The true distances of every 8-puzzle board from `GOAL`, by breadth-first search backwards
/// from it (moves are their own inverses).
fn true_distance(start: [u8; 9]) -> usize {
    let mut distance = std::collections::HashMap::from([(GOAL, 0usize)]);
    let mut queue = std::collections::VecDeque::from([GOAL]);
    while let Some(board) = queue.pop_front() {
        let here = distance[&board];
        if board == start {
            return here;
        }
        let blank = board.iter().position(|&t| t == 0).unwrap();
        let (row, column) = (blank / 3, blank % 3);
        let mut next = Vec::new();
        if row > 0 {
            next.push(blank - 3);
        }
        if row < 2 {
            next.push(blank + 3);
        }
        if column > 0 {
            next.push(blank - 1);
        }
        if column < 2 {
            next.push(blank + 1);
        }
        for cell in next {
            let mut moved = board;
            moved.swap(blank, cell);
            distance.entry(moved).or_insert_with(|| {
                queue.push_back(moved);
                here + 1
            });
        }
    }
    panic!("{start:?} is not solvable")
}

#[test]
fn tables_of_random_bytes_under_a_valid_checksum_are_refused_and_rebuilt() {
    let directory = tempfile::tempdir().unwrap();
    let cache = PdbCache::new(directory.path());
    let split: [&[u8]; 2] = [&[1, 2, 3, 4], &[5, 6, 7, 8]];
    let built: Vec<PatternDatabase> = split.iter().map(|p| get(&cache, p).0).collect();
    for (seed, pattern) in (1..).zip(split) {
        // 9 * 8 * 7 * 6 placements, two entries a byte.
        assert_eq!(built[0].entry_bits(), 4);
        tamper(
            &cache.path_for(3, 3, &GOAL, pattern).unwrap(),
            3024 / 2,
            seed,
        );
    }
    let mut warnings = Vec::new();
    let additive = cache
        .get_or_build_additive(
            3,
            3,
            &GOAL,
            &split,
            |_, _| {},
            |w: &CacheWarning| warnings.push(w.to_string()),
        )
        .unwrap();
    assert_eq!(warnings.len(), 2, "{warnings:?}");
    assert!(
        warnings
            .iter()
            .all(|w| w.starts_with("rebuilding") && w.contains("not a table of distances")),
        "{warnings:?}"
    );
    assert_eq!(additive.databases(), &built[..]);
    for pattern in split {
        let path = cache.path_for(3, 3, &GOAL, pattern).unwrap();
        assert!(
            PatternDatabase::load(&path).is_ok(),
            "the file was replaced"
        );
    }
    // Solved with the rebuilt databases, a far board and a near one get their true lengths.
    let goal = puzzles::Board::new(puzzles::Shape::new(3, 3).unwrap(), GOAL.to_vec()).unwrap();
    let puzzle = puzzles::SlidingPuzzle::<u64>::new(&goal).unwrap();
    let heuristic = puzzles::PdbHeuristic::from_cache(&goal, &split, &cache, |_, _| {}, |_| {});
    let heuristic = heuristic.unwrap();
    for start in [[8, 7, 6, 0, 4, 1, 2, 5, 3], [1, 2, 0, 3, 4, 5, 6, 7, 8]] {
        let board = puzzles::Board::new(goal.shape(), start.to_vec()).unwrap();
        let result = search_core::idastar(&puzzle, &heuristic, puzzle.state(&board).unwrap());
        let solution = result.solution().unwrap();
        assert_eq!(solution.len(), true_distance(start), "{start:?}");
    }
}

/// The only test of this binary that reads or sets the environment.
#[cfg(unix)]
#[test]
fn a_home_that_does_not_exist_means_no_cache_and_a_warning() {
    let directory = tempfile::tempdir().unwrap();
    // As HOME=/nonexistent, somewhere that a failure of this test cannot litter.
    let home = directory.path().join("nonexistent");
    // SAFETY: the other tests of this binary may run on other threads, but they and the crates
    // they call (tempfile, dirs) read the environment only through `std::env`, which takes the
    // same lock as these writes; no C code of this process reads it (no `getenv`, no locale or
    // time-zone functions), so no read can race them.
    unsafe {
        std::env::set_var("HOME", &home);
        std::env::remove_var("XDG_CACHE_HOME");
    }
    assert!(PdbCache::default_location().is_none());
    let refused = PdbCache::locate_default().unwrap_err();
    assert!(
        matches!(&refused, CacheWarning::NoCache { path: Some(path) } if path.starts_with(&home)),
        "{refused:?}"
    );
    let mut warnings = Vec::new();
    let mut source = puzzles::PdbSource::default_location().on_warning(|w| {
        warnings.push(w.to_string());
    });
    assert!(source.cache().is_none());
    let goal = puzzles::Board::parse("123456780").unwrap();
    let start = puzzles::Board::parse("123456708").unwrap();
    for _ in 0..2 {
        let report = puzzles::solve_with(
            &start,
            &goal,
            puzzles::Algorithm::IdaStar,
            puzzles::HeuristicKind::PatternDatabase,
            &search_core::Limits::none(),
            &mut source,
        )
        .unwrap();
        assert_eq!(report.length(), Some(1));
    }
    drop(source);
    assert_eq!(warnings.len(), 1, "told once: {warnings:?}");
    assert!(warnings[0].contains("does not exist"), "{warnings:?}");
    assert!(!home.exists(), "nothing made under the missing home");

    // A home that exists, without a cache directory yet, is used.
    std::fs::create_dir(&home).unwrap();
    let cache = PdbCache::default_location().expect("a cache under an existing home");
    assert!(cache.directory().starts_with(home.join(".cache")));
}
