//! A cold cache: what a build will take is known before it starts, and every database built
//! is kept, whether the search that needed it then solves, gives up or is stopped mid-build.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use puzzles::pdb::{BuildEstimate, PdbCache};
use puzzles::{Algorithm, Board, HeuristicKind, PdbSource, Shape, TileOutcome, solve_with};
use search_core::{Limit, Limits};

/// Korf's #88 (65 moves): far more than a hundred expansions.
const HARD: &str = "15 2 12 11 14 13 9 5 1 3 8 7 0 10 6 4";

fn fifteen_goal() -> Board {
    Board::blank_first(Shape::new(4, 4).unwrap())
}

#[test]
fn databases_built_for_a_search_that_gives_up_are_kept() {
    let directory = tempfile::tempdir().unwrap();
    let goal = fifteen_goal();
    let mut databases = PdbSource::new(Some(PdbCache::new(directory.path())));
    // The quick default, 6-6-3: three patterns, about 5.8 MB.
    let before = databases.build_estimate(&goal).unwrap();
    assert_eq!(before.patterns, 3);
    assert_eq!(
        before.bytes,
        2 * (16 * 15 * 14 * 13 * 12 * 11 / 2) + 16 * 15 * 14 / 2
    );
    assert!(before.seconds > 0.0);

    let start = Board::parse(HARD).unwrap();
    let limits = Limits::none().with_max_expanded(100);
    let report = solve_with(
        &start,
        &goal,
        Algorithm::IdaStar,
        HeuristicKind::PatternDatabase,
        &limits,
        &mut databases,
    )
    .unwrap();
    assert_eq!(report.outcome, TileOutcome::LimitReached(Limit::Expanded));

    let again = PdbSource::new(Some(PdbCache::new(directory.path())));
    assert!(again.is_cached(&goal));
    assert_eq!(
        again.build_estimate(&goal).unwrap(),
        BuildEstimate::default()
    );
    assert!(again.build_estimate(&goal).unwrap().is_empty());
}

#[test]
fn a_build_stopped_half_way_keeps_the_databases_it_finished() {
    let directory = tempfile::tempdir().unwrap();
    let goal = fifteen_goal();
    let cancel = Arc::new(AtomicBool::new(false));
    let raise = Arc::clone(&cancel);
    // Stopped as the second pattern starts: the first is finished and saved.
    let mut databases =
        PdbSource::new(Some(PdbCache::new(directory.path()))).on_progress(move |pattern, _| {
            if pattern == 1 {
                raise.store(true, Ordering::Relaxed);
            }
        });
    let start = Board::parse(HARD).unwrap();
    let limits = Limits::none().with_cancel_flag(cancel);
    let report = solve_with(
        &start,
        &goal,
        Algorithm::IdaStar,
        HeuristicKind::PatternDatabase,
        &limits,
        &mut databases,
    )
    .unwrap();
    assert_eq!(report.outcome, TileOutcome::LimitReached(Limit::Cancelled));
    let left = PdbSource::new(Some(PdbCache::new(directory.path())))
        .build_estimate(&goal)
        .unwrap();
    assert_eq!(left.patterns, 2, "the first pattern's database was kept");
}
