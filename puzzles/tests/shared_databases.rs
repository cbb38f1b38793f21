//! Every corner-blank goal shares the blank-first goal's pattern databases, and a `PdbSource`
//! chooses the strongest partitions its cache holds.
//!
//! The sharing is checked against the thing it replaces: databases built directly for each
//! goal give the same estimates on the renamed states, and solutions found through the renaming
//! replay to the original goal with the optimal length.

use puzzles::pdb::partitions::Standard;
use puzzles::pdb::{Lookups, PdbCache};
use puzzles::{
    Algorithm, Board, CornerRelabelling, HeuristicKind, PdbHeuristic, PdbSource, Shape,
    SlidingPuzzle, is_solution, random_walk, solve_with,
};
use search_core::{Heuristic, Limits, idastar};

/// The goals of `shape` with the blank in a corner and the tiles in reading order or its
/// reverse: eight per shape, blank-first and blank-last among them.
fn corner_goals(shape: Shape) -> Vec<Board> {
    let (width, cells) = (shape.width(), shape.cells());
    let mut goals = Vec::new();
    for corner in [0, width - 1, cells - width, cells - 1] {
        for reversed in [false, true] {
            let mut tiles: Vec<u8> = (1..cells as u8).collect();
            if reversed {
                tiles.reverse();
            }
            tiles.insert(corner, 0);
            goals.push(Board::new(shape, tiles).unwrap());
        }
    }
    goals
}

/// Small patterns (cells of the blank-first goal) that build in milliseconds.
fn small_partition(shape: Shape) -> Vec<Vec<u8>> {
    let tiles: Vec<u8> = (1..shape.cells() as u8).collect();
    tiles.chunks(4).map(<[u8]>::to_vec).collect()
}

/// `partition` (blank-first names) in the tile numbers of the goal `relabel` renames.
fn partition_for_goal(
    goal: &Board,
    relabel: &CornerRelabelling,
    partition: &[Vec<u8>],
) -> Vec<Vec<u8>> {
    let tiles: Vec<u8> = goal.tiles().iter().copied().filter(|&t| t != 0).collect();
    (partition.iter())
        .map(|pattern| {
            (tiles.iter().copied())
                .filter(|&tile| pattern.contains(&relabel.tile(tile)))
                .collect()
        })
        .collect()
}

/// For every corner-blank goal of 3x3, 4x4 and 5x5, databases built directly for the goal and
/// the blank-first goal's, looked up on the renamed state, estimate the same on sampled states
/// (plain sums always; with the reflection too when the goal's blank is on the main diagonal,
/// the only corners where the goal's own databases have one; elsewhere the shared databases'
/// reflection can only add).
#[test]
fn shared_estimates_equal_the_goals_own_databases() {
    for (width, height) in [(3, 3), (4, 4), (5, 5)] {
        let shape = Shape::new(width, height).unwrap();
        let canonical_goal = Board::blank_first(shape);
        let partition = small_partition(shape);
        let canonical = PdbHeuristic::build(&canonical_goal, &partition, |_, _| {}).unwrap();
        let canonical_puzzle = SlidingPuzzle::<u128>::new(&canonical_goal).unwrap();
        for goal in corner_goals(shape) {
            let relabel = CornerRelabelling::onto_blank_first(&goal).unwrap();
            let own_partition = partition_for_goal(&goal, &relabel, &partition);
            let own = PdbHeuristic::build(&goal, &own_partition, |_, _| {}).unwrap();
            let puzzle = SlidingPuzzle::<u128>::new(&goal).unwrap();
            let blank_on_diagonal = {
                let blank = goal.blank();
                shape.row(blank) == shape.column(blank)
            };
            for seed in 0..40 {
                let board = random_walk(&goal, 200, seed);
                let renamed = relabel.board(&board);
                let state = puzzle.state(&board).unwrap();
                let renamed_state = canonical_puzzle.state(&renamed).unwrap();
                let plain =
                    |heuristic: &PdbHeuristic| heuristic.clone().with_lookups(Lookups::Regular);
                assert_eq!(
                    plain(&own).estimate(&puzzle, &state),
                    plain(&canonical).estimate(&canonical_puzzle, &renamed_state),
                    "{shape} goal {} board {}",
                    goal.to_compact_dotted(),
                    board.to_compact_dotted()
                );
                let (own, shared) = (
                    own.estimate(&puzzle, &state),
                    canonical.estimate(&canonical_puzzle, &renamed_state),
                );
                if blank_on_diagonal {
                    assert_eq!(own, shared, "reflected, {shape} goal {}", goal.to_compact());
                } else {
                    assert!(
                        own <= shared,
                        "reflected, {shape} goal {}",
                        goal.to_compact()
                    );
                }
            }
        }
    }
}

/// Solutions through the renaming replay to the original goal, and are as long as a search
/// towards the goal itself (with its own databases) finds.
#[test]
fn solutions_through_the_renaming_replay_and_are_optimal() {
    for (width, height, walk) in [(3, 3, 60), (4, 4, 40), (5, 5, 30)] {
        let shape = Shape::new(width, height).unwrap();
        let canonical_goal = Board::blank_first(shape);
        let partition = small_partition(shape);
        let canonical = PdbHeuristic::build(&canonical_goal, &partition, |_, _| {}).unwrap();
        let canonical_puzzle = SlidingPuzzle::<u128>::new(&canonical_goal).unwrap();
        for goal in corner_goals(shape) {
            let relabel = CornerRelabelling::onto_blank_first(&goal).unwrap();
            let own = PdbHeuristic::build(
                &goal,
                &partition_for_goal(&goal, &relabel, &partition),
                |_, _| {},
            )
            .unwrap();
            let puzzle = SlidingPuzzle::<u128>::new(&goal).unwrap();
            for seed in 0..3 {
                let start = random_walk(&goal, walk, seed);
                let renamed = canonical_puzzle.state(&relabel.board(&start)).unwrap();
                let result = idastar(&canonical_puzzle, &canonical, renamed);
                let moves = relabel.moves_back(&result.solution().unwrap().actions);
                assert!(
                    is_solution(&start, &goal, &moves),
                    "{shape} {}",
                    goal.to_compact()
                );
                let direct = idastar(&puzzle, &own, puzzle.state(&start).unwrap());
                assert_eq!(moves.len(), direct.solution().unwrap().len());
            }
        }
    }
}

/// `solve_with` on every corner-blank 8-puzzle and 15-puzzle goal uses the blank-first goal's
/// cached databases, writes no file of its own, and replays.
#[test]
fn corner_goals_use_the_blank_first_files() {
    let directory = tempfile::tempdir().unwrap();
    let cache = PdbCache::new(directory.path());
    let mut source = PdbSource::new(Some(cache)).with_partitions(vec![Standard::Fifteen555]);
    let fifteen = Shape::new(4, 4).unwrap();
    let files = || std::fs::read_dir(directory.path()).unwrap().count();
    let first = Board::blank_first(fifteen);
    let start = random_walk(&first, 30, 1);
    solve_with(
        &start,
        &first,
        Algorithm::IdaStar,
        HeuristicKind::PatternDatabase,
        &Limits::none(),
        &mut source,
    )
    .unwrap();
    let built = files();
    assert_eq!(built, 3, "15-5-5-5 is three databases");
    for goal in corner_goals(fifteen) {
        for seed in 0..2 {
            let start = random_walk(&goal, 40, seed);
            let report = solve_with(
                &start,
                &goal,
                Algorithm::IdaStar,
                HeuristicKind::PatternDatabase,
                &Limits::none(),
                &mut source,
            )
            .unwrap();
            assert!(is_solution(&start, &goal, report.moves().unwrap()));
            assert_eq!(report.databases, ["15-5-5-5"]);
            let linear = solve_with(
                &start,
                &goal,
                Algorithm::IdaStar,
                HeuristicKind::LinearConflict,
                &Limits::none(),
                &mut source,
            )
            .unwrap();
            assert_eq!(report.length(), linear.length());
        }
    }
    assert_eq!(files(), built, "no goal built databases of its own");
}

/// Writes empty stand-ins for the database files of `standard` (for the blank-first goal):
/// enough for the choice, which looks at which files exist and loads none of them.
fn pretend_cached(cache: &PdbCache, standard: Standard) {
    let goal = Board::blank_first(Shape::new(standard.width(), standard.height()).unwrap());
    for pattern in standard.patterns() {
        let path = cache
            .path_for(standard.width(), standard.height(), goal.tiles(), pattern)
            .unwrap();
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, b"").unwrap();
    }
}

fn chosen_names(source: &PdbSource<'_>, goal: &Board) -> Vec<String> {
    (source.partitions_for(goal).unwrap().into_iter())
        .map(|partition| partition.name)
        .collect()
}

/// Given a cache holding 6-6-3 only, 7-8 only, and both (and then the 7-8 twins), the right
/// databases are chosen; an empty cache builds 6-6-3; the 24-puzzle maxes the 6-6-6-6 pair.
#[test]
fn the_strongest_cached_partitions_are_chosen() {
    let fifteen = Board::blank_first(Shape::new(4, 4).unwrap());
    let fresh = || {
        let directory = tempfile::tempdir().unwrap();
        let cache = PdbCache::new(directory.path());
        (directory, cache)
    };

    let (_empty, cache) = fresh();
    let source = PdbSource::new(Some(cache));
    assert_eq!(chosen_names(&source, &fifteen), ["15-6-6-3"]);
    assert!(!source.is_cached(&fifteen));

    // Databases already loaded need no build, cache or not.
    let eight = Board::blank_first(Shape::new(3, 3).unwrap());
    let mut in_memory = PdbSource::new(None);
    assert!(!in_memory.is_cached(&eight));
    in_memory.heuristic(&eight).unwrap();
    assert!(in_memory.is_cached(&eight));

    let (_only_663, cache) = fresh();
    pretend_cached(&cache, Standard::Fifteen663);
    let source = PdbSource::new(Some(cache));
    assert_eq!(chosen_names(&source, &fifteen), ["15-6-6-3"]);
    assert!(source.is_cached(&fifteen));

    let (_only_78, cache) = fresh();
    pretend_cached(&cache, Standard::Fifteen78);
    let source = PdbSource::new(Some(cache));
    assert_eq!(chosen_names(&source, &fifteen), ["15-7-8"]);

    let (_both, cache) = fresh();
    pretend_cached(&cache, Standard::Fifteen663);
    pretend_cached(&cache, Standard::Fifteen78);
    let source = PdbSource::new(Some(cache.clone()));
    assert_eq!(chosen_names(&source, &fifteen), ["15-7-8"]);
    pretend_cached(&cache, Standard::Fifteen78Antidiagonal);
    pretend_cached(&cache, Standard::Fifteen78Diagonal);
    let source = PdbSource::new(Some(cache.clone()));
    assert_eq!(
        chosen_names(&source, &fifteen),
        ["15-7-8", "15-7-8-diagonal", "15-7-8-antidiagonal"]
    );
    // Asked for, a partition is used whatever the cache holds.
    let source = PdbSource::new(Some(cache)).with_partitions(vec![Standard::Fifteen555]);
    assert_eq!(chosen_names(&source, &fifteen), ["15-5-5-5"]);
    assert!(!source.is_cached(&fifteen));

    let (_only_555, cache) = fresh();
    pretend_cached(&cache, Standard::Fifteen555);
    assert_eq!(
        chosen_names(&PdbSource::new(Some(cache)), &fifteen),
        ["15-5-5-5"]
    );

    let twenty_four = Board::blank_first(Shape::new(5, 5).unwrap());
    let (_none, cache) = fresh();
    let source = PdbSource::new(Some(cache.clone()));
    assert_eq!(
        chosen_names(&source, &twenty_four),
        ["24-6-6-6-6", "24-6-6-6-6-pinwheel"]
    );
    assert_eq!(
        HeuristicKind::default_with(&twenty_four, &source),
        HeuristicKind::LinearConflict,
        "the 24-puzzle's databases take minutes: not built unasked"
    );
    pretend_cached(&cache, Standard::TwentyFour6666);
    let source = PdbSource::new(Some(cache));
    assert_eq!(chosen_names(&source, &twenty_four), ["24-6-6-6-6"]);
    assert_eq!(
        HeuristicKind::default_with(&Board::blank_last(twenty_four.shape()), &source),
        HeuristicKind::PatternDatabase,
        "blank-last shares the blank-first databases"
    );
    assert_eq!(
        HeuristicKind::default_with(&fifteen, &source),
        HeuristicKind::PatternDatabase,
        "the 15-puzzle's 6-6-3 builds in seconds"
    );
}
