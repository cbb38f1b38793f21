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
