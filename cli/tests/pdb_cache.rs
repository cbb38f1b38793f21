//! `slide pdb list` and `slide pdb clean` through the real binary, on caches of their own.

use std::path::Path;
use std::process::{Command, Output};

/// `slide ARGS` with its user cache under `home` (so that nothing touches the real one).
fn slide(home: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_slide"))
        .args(args)
        .env("XDG_CACHE_HOME", home.join("cache"))
        .env("HOME", home)
        .env("NO_COLOR", "1")
        .output()
        .expect("slide runs")
}

/// Standard output of a run that must succeed.
fn succeeds(home: &Path, args: &[&str]) -> String {
    let output = slide(home, args);
    assert!(
        output.status.success(),
        "slide {args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

/// The `.pdb` files in `directory`, by name, sorted.
fn databases(directory: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(directory)
        .map(|entries| {
            entries
                .flatten()
                .map(|entry| entry.file_name().to_string_lossy().into_owned())
                .filter(|name| name.ends_with(".pdb"))
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

/// The line of `listing` that names the database of `pattern` (as `pdb list` writes tiles).
fn line_of<'a>(listing: &'a str, pattern: &str) -> &'a str {
    listing
        .lines()
        .find(|line| line.split_whitespace().nth(2) == Some(pattern))
        .unwrap_or_else(|| panic!("no line for pattern {pattern} in\n{listing}"))
}

#[test]
fn list_names_each_database_its_board_goal_and_partitions() {
    let home = tempfile::tempdir().unwrap();
    let directory = home.path().join("databases");
    let dir = directory.to_str().unwrap();
    let empty = succeeds(home.path(), &["pdb", "list", "--dir", dir]);
    assert!(empty.contains("0 databases"), "{empty}");

    succeeds(home.path(), &["pdb", "build", "15-5-5-5", "--dir", dir]);
    succeeds(
        home.path(),
        &[
            "pdb",
            "build",
            "--size",
            "3x3",
            "--pattern",
            "1,2,3",
            "--dir",
            dir,
        ],
    );
    let listing = succeeds(home.path(), &["pdb", "list", "--dir", dir]);
    assert!(listing.contains("4 databases"), "{listing}");
    for pattern in ["1,2,3,6,7", "4,5,8,9,12", "10,11,13,14,15"] {
        let line = line_of(&listing, pattern);
        assert!(line.starts_with("4x4"), "{line}");
        assert!(line.contains("blank-first"), "{line}");
        assert!(line.contains("15-5-5-5"), "{line}");
    }
    let own = line_of(&listing, "1,2,3");
    assert!(
        own.starts_with("3x3") && own.contains("(own pattern)"),
        "{own}"
    );
    // Every file listed, once, by its name.
    for name in databases(&directory) {
        assert_eq!(listing.matches(&name).count(), 1, "{name} in\n{listing}");
    }
}

#[test]
fn list_and_clean_use_the_user_cache_without_dir() {
    let home = tempfile::tempdir().unwrap();
    let directory = home.path().join("cache").join("slide").join("pdb");
    succeeds(
        home.path(),
        &[
            "pdb",
            "build",
            "--size",
            "3x3",
            "--pattern",
            "1,2",
            "--pattern",
            "3,4",
        ],
    );
    assert_eq!(databases(&directory).len(), 2);
    let listing = succeeds(home.path(), &["pdb", "list"]);
    assert!(listing.contains("2 databases"), "{listing}");
    assert!(listing.contains(directory.to_str().unwrap()), "{listing}");
    let cleaned = succeeds(home.path(), &["pdb", "clean"]);
    assert!(cleaned.contains("removed 2 databases"), "{cleaned}");
    assert!(databases(&directory).is_empty());
}

#[test]
fn clean_removes_what_it_names_and_a_dry_run_nothing() {
    let home = tempfile::tempdir().unwrap();
    let directory = home.path().join("databases");
    let dir = directory.to_str().unwrap();
    succeeds(home.path(), &["pdb", "build", "15-5-5-5", "--dir", dir]);
    succeeds(
        home.path(),
        &[
            "pdb",
            "build",
            "--size",
            "3x3",
            "--pattern",
            "1,2,3",
            "--dir",
            dir,
        ],
    );
    // A file the cache could not use: listed as such, and cleaned with the rest.
    std::fs::write(
        directory.join("3x3-goal00000000-tiles4_5.pdb"),
        "not a database",
    )
    .unwrap();
    let before = databases(&directory);
    assert_eq!(before.len(), 5);
    let listing = succeeds(home.path(), &["pdb", "list", "--dir", dir]);
    let unusable = line_of(&listing, "unusable");
    assert!(
        unusable.contains("3x3-goal00000000-tiles4_5.pdb"),
        "{unusable}"
    );

    let dry = succeeds(
        home.path(),
        &["pdb", "clean", "--dry-run", "15-5-5-5", "--dir", dir],
    );
    assert!(dry.contains("would remove 3 databases"), "{dry}");
    assert_eq!(dry.matches("would remove ").count(), 4, "{dry}");
    assert_eq!(databases(&directory), before, "a dry run removes nothing");

    let partition = succeeds(home.path(), &["pdb", "clean", "15-5-5-5", "--dir", dir]);
    assert!(partition.contains("removed 3 databases"), "{partition}");
    let left = databases(&directory);
    assert_eq!(left.len(), 2, "{left:?}");
    assert!(left.iter().all(|name| name.starts_with("3x3")), "{left:?}");

    let all = succeeds(home.path(), &["pdb", "clean", "--dir", dir]);
    assert!(all.contains("removed 2 databases"), "{all}");
    assert!(databases(&directory).is_empty());
    let empty = succeeds(home.path(), &["pdb", "list", "--dir", dir]);
    assert!(empty.contains("0 databases"), "{empty}");
}

/// Under a `HOME` that does not exist, a 4x4 solve says there is no cache and why, instead of
/// advising a `pdb build` that would have nowhere to keep its databases; and creates nothing.
#[test]
fn a_missing_home_is_named_instead_of_a_build_hint() {
    let directory = tempfile::tempdir().unwrap();
    let home = directory.path().join("nonexistent");
    let output = Command::new(env!("CARGO_BIN_EXE_slide"))
        .args(["solve", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15"])
        .env_remove("XDG_CACHE_HOME")
        .env("HOME", &home)
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("no cache:"), "{stderr}");
    assert!(stderr.contains("is HOME right?"), "{stderr}");
    assert!(!stderr.contains("pdb build"), "{stderr}");
    assert!(!home.exists(), "nothing made under the missing home");
}

/// `pdb build` names its partitions by position (or `--partition`), not by `-p`, which names the
/// puzzle in every other command: `-p` is refused with the command to type instead, and builds
/// nothing.
#[test]
fn pdb_build_takes_partitions_by_name_and_refuses_p() {
    let home = tempfile::tempdir().unwrap();
    let directory = home.path().join("databases");
    let dir = directory.to_str().unwrap();
    let refused = slide(
        home.path(),
        &["pdb", "build", "-p", "15-6-6-3", "--dir", dir],
    );
    assert_eq!(refused.status.code(), Some(2));
    let stderr = String::from_utf8(refused.stderr).unwrap();
    assert!(
        stderr.contains("name the partitions alone: `slide pdb build 15-6-6-3`"),
        "{stderr}"
    );
    assert!(!directory.exists(), "nothing built");
    succeeds(
        home.path(),
        &["pdb", "build", "--partition", "15-6-6-3", "--dir", dir],
    );
    assert_eq!(databases(&directory).len(), 3);
}
