//! `IncrementalPdb` against the `PdbHeuristic` it is made from: the same estimate, computed
//! from scratch, on every child of every node of long random walks, for every lookup mode, on
//! square boards (with reflection) and an oblong one (without), with few and with many parts.

use puzzles::pdb::{Abstraction, Lookups};
use puzzles::{Board, Move, PackedWord, PdbHeuristic, Shape, SlidingPuzzle, SplitMix64, TileState};
use search_core::{Heuristic, InPlace, heuristic::IncrementalHeuristic, idastar, problem::Actions};

/// Walks `steps` random moves from the goal; at each node checks every child's incremental
/// estimate, made before the move (in full, and lazily, over a stale memo) and after it,
/// against the full one, and its memo against the memo made from scratch.
fn compare_on_a_walk<Word: PackedWord>(heuristic: &PdbHeuristic, steps: usize, seed: u64) {
    let puzzle = SlidingPuzzle::<Word>::new(heuristic.goal()).expect("the board fits the word");
    let incremental = heuristic.incremental();
    let mut state = puzzle.goal_state();
    let (mut h, mut memo) = incremental.estimate_root(&puzzle, &state);
    assert_eq!(h, heuristic.estimate(&puzzle, &state));
    let mut random = SplitMix64::new(seed);
    let mut actions = Actions::<SlidingPuzzle<Word>>::new();
    for step in 0..steps {
        actions.clear();
        puzzle.actions(&state, &mut actions);
        for (action, _) in &actions {
            // The slot IDA* writes into holds whatever node it last held: here, the parent.
            let mut written = memo;
            let ahead = incremental
                .estimate_child_ahead(&puzzle, &state, action, h, &memo, &mut written, u16::MAX)
                .map(|h| (h, written))
                .expect("a tile puzzle always estimates ahead");
            // Told that an estimate of `enough` will do, it may stop there, or anywhere up to
            // the full estimate; below `enough` it must give the full estimate and memo.
            for enough in [0, ahead.0.saturating_sub(2), ahead.0, ahead.0 + 2] {
                let mut written = memo;
                let lazy = incremental
                    .estimate_child_ahead(&puzzle, &state, action, h, &memo, &mut written, enough)
                    .expect("a tile puzzle always estimates ahead");
                if lazy < enough {
                    assert_eq!((lazy, written), ahead, "step {step}, enough {enough}");
                } else {
                    assert!(lazy <= ahead.0, "step {step}, enough {enough}");
                }
            }
            let mut child = state;
            puzzle.apply(&mut child, action);
            let after = incremental.estimate_child(&puzzle, &child, action, h, &memo);
            assert_eq!(ahead, after, "step {step}, move {action:?}");
            assert_eq!(after.0, heuristic.estimate(&puzzle, &child), "step {step}");
            assert_eq!(after.1, incremental.estimate_root(&puzzle, &child).1);
        }
        let (action, _) = actions[random.below(actions.len() as u64) as usize];
        let parent = memo;
        h = incremental
            .estimate_child_ahead(&puzzle, &state, &action, h, &parent, &mut memo, u16::MAX)
            .unwrap();
        puzzle.apply(&mut state, &action);
    }
}

fn every_lookup(heuristic: &PdbHeuristic) -> impl Iterator<Item = PdbHeuristic> + '_ {
    [Lookups::Regular, Lookups::Reflected, Lookups::Dual]
        .into_iter()
        .map(|lookups| heuristic.clone().with_lookups(lookups))
}

fn build(width: usize, height: usize, partition: &[Vec<u8>]) -> PdbHeuristic {
    let goal = Board::blank_first(Shape::new(width, height).expect("a valid shape"));
    PdbHeuristic::build(&goal, partition, |_, _| {}).expect("a valid partition")
}

#[test]
fn eight_puzzle_estimates_match_on_random_walks() {
    let halves = build(3, 3, &[vec![1, 2, 3, 4], vec![5, 6, 7, 8]]);
    for (seed, heuristic) in every_lookup(&halves).enumerate() {
        compare_on_a_walk::<u64>(&heuristic, 2_000, seed as u64);
    }
}

#[test]
fn fifteen_puzzle_estimates_match_on_random_walks() {
    let thirds = build(
        4,
        4,
        &[
            vec![1, 2, 3, 4, 5],
            vec![6, 7, 8, 9, 10],
            vec![11, 12, 13, 14, 15],
        ],
    );
    for (seed, heuristic) in every_lookup(&thirds).enumerate() {
        compare_on_a_walk::<u64>(&heuristic, 2_000, seed as u64);
    }
}

#[test]
fn oblong_boards_have_no_reflection_and_still_match() {
    let heuristic = build(4, 3, &[vec![1, 2, 3, 4, 5, 6], vec![7, 8, 9, 10, 11]]);
    assert!(!heuristic.databases().has_reflection());
    for (seed, heuristic) in every_lookup(&heuristic).enumerate() {
        compare_on_a_walk::<u64>(&heuristic, 2_000, seed as u64);
    }
}

#[test]
fn twenty_four_puzzle_estimates_match_with_few_and_many_parts() {
    let tiles: Vec<u8> = (1..25).collect();
    // Eight parts are kept in the memo; twelve are estimated in full at every node.
    for size in [3, 2] {
        let partition: Vec<Vec<u8>> = tiles.chunks(size).map(<[u8]>::to_vec).collect();
        let heuristic = build(5, 5, &partition);
        for (seed, heuristic) in every_lookup(&heuristic).enumerate() {
            compare_on_a_walk::<u128>(&heuristic, 1_000, seed as u64);
        }
    }
}

#[test]
fn idastar_searches_the_same_tree_either_way() {
    let goal = Board::blank_first(Shape::new(4, 4).unwrap());
    let puzzle = SlidingPuzzle::<u64>::new(&goal).unwrap();
    let heuristic = build(
        4,
        4,
        &[
            vec![1, 2, 3, 4, 5],
            vec![6, 7, 8, 9, 10],
            vec![11, 12, 13, 14, 15],
        ],
    );
    // The default abstraction (blank regions) is not consistent; free-blank databases are.
    let partition = [
        vec![1, 2, 3, 4, 5],
        vec![6, 7, 8, 9, 10],
        vec![11, 12, 13, 14, 15],
    ];
    let free_blank =
        PdbHeuristic::build_with(&goal, &partition, Abstraction::FreeBlank, |_, _| {}).unwrap();
    assert!(free_blank.is_consistent() && !heuristic.is_consistent());
    let mut heuristics: Vec<PdbHeuristic> = every_lookup(&heuristic).collect();
    heuristics.extend(every_lookup(&free_blank));
    for (seed, heuristic) in heuristics.iter().enumerate() {
        for walk in 0..4 {
            let board = puzzles::random_walk(&goal, 60, 10 * seed as u64 + walk);
            let start = puzzle.state(&board).unwrap();
            let plain = idastar(&puzzle, heuristic, start);
            // Estimating every sum of every child, the memo gives the plain estimates, so the
            // search is node for node the same.
            let eager = idastar(&puzzle, &Eager(heuristic.incremental()), start);
            assert_eq!(plain.outcome, eager.outcome);
            assert_eq!(plain.statistics.iterations, eager.statistics.iterations);
            // Lazily too, unless the heuristic is inconsistent: then pathmax gets the estimate
            // at which a sum proved the child pruned, and may cut less.
            let lazy = idastar(&puzzle, &heuristic.incremental(), start);
            assert_eq!(plain.outcome, lazy.outcome);
            if heuristic.is_consistent() {
                assert_eq!(plain.statistics.iterations, lazy.statistics.iterations);
            }
        }
    }
}

/// An incremental heuristic that never stops early: every method forwarded, asking for the
/// full estimate ahead whatever `enough` the search passes.
struct Eager<H>(H);

impl<H: IncrementalHeuristic<SlidingPuzzle<u64>>> IncrementalHeuristic<SlidingPuzzle<u64>>
    for Eager<H>
{
    type Memo = H::Memo;

    fn estimate_root(&self, puzzle: &SlidingPuzzle<u64>, state: &TileState<u64>) -> (u16, H::Memo) {
        self.0.estimate_root(puzzle, state)
    }

    fn estimate_child(
        &self,
        puzzle: &SlidingPuzzle<u64>,
        after: &TileState<u64>,
        action: &Move,
        before: u16,
        memo: &H::Memo,
    ) -> (u16, H::Memo) {
        self.0.estimate_child(puzzle, after, action, before, memo)
    }

    fn estimate_child_ahead(
        &self,
        puzzle: &SlidingPuzzle<u64>,
        state: &TileState<u64>,
        action: &Move,
        before: u16,
        memo: &H::Memo,
        child: &mut H::Memo,
        _enough: u16,
    ) -> Option<u16> {
        self.0
            .estimate_child_ahead(puzzle, state, action, before, memo, child, u16::MAX)
    }

    fn consistent(&self) -> bool {
        self.0.consistent()
    }
}

#[test]
fn maxed_partitions_match_including_self_mirrored_ones() {
    let rows = build(3, 3, &[vec![1, 2, 3, 4], vec![5, 6, 7, 8]]);
    // The top row with the left column, and the rest: its own mirror image.
    let corner = build(3, 3, &[vec![1, 2, 3, 6], vec![4, 5, 7, 8]]);
    assert!(corner.databases().is_self_mirrored());
    let both = (rows.clone()).max_with(corner.databases().clone()).unwrap();
    for (seed, heuristic) in every_lookup(&both).enumerate() {
        compare_on_a_walk::<u64>(&heuristic, 2_000, seed as u64);
    }
    // Five partitions looked up in both views are ten sums, more than a memo keeps: every node
    // is estimated in full, still equal.
    let mut five = rows.clone();
    for _ in 0..4 {
        five = five.max_with(rows.databases().clone()).unwrap();
    }
    for (seed, heuristic) in every_lookup(&five).enumerate() {
        compare_on_a_walk::<u64>(&heuristic, 500, seed as u64);
    }
}

#[test]
fn direct_tables_change_no_estimate_and_no_search() {
    let rows = build(
        4,
        4,
        &[
            vec![1, 2, 3, 4, 5],
            vec![6, 7, 8, 9, 10],
            vec![11, 12, 13, 14, 15],
        ],
    );
    let columns = build(
        4,
        4,
        &[
            vec![1, 5, 9, 13, 2],
            vec![6, 10, 14, 3, 7],
            vec![11, 15, 4, 8, 12],
        ],
    );
    let plain = rows.max_with(columns.databases().clone()).unwrap();
    // A 5-tile direct table of the 15-puzzle takes 16^5 / 2 bytes: room for four of the six,
    // so that both kinds of lookup meet in one estimate.
    let direct = plain.clone().with_direct_tables(4 << 19).unwrap();
    let partitions = std::iter::once(direct.databases()).chain(direct.additional());
    let has: Vec<bool> = (partitions.flat_map(|pdb| pdb.databases()))
        .map(|database| database.has_direct_table())
        .collect();
    assert_eq!(has, [true, true, true, true, false, false]);
    // With every table direct, the memo carries the tables' indices and moves them per move
    // instead of computing them from the tiles' positions.
    let everywhere = plain.clone().with_direct_tables(6 << 19).unwrap();
    let partitions = std::iter::once(everywhere.databases()).chain(everywhere.additional());
    assert!(
        partitions
            .flat_map(|pdb| pdb.databases())
            .all(|database| database.has_direct_table())
    );
    for direct in [&direct, &everywhere] {
        for (seed, heuristic) in every_lookup(direct).enumerate() {
            compare_on_a_walk::<u64>(&heuristic, 2_000, seed as u64);
        }
        let puzzle = SlidingPuzzle::<u64>::new(plain.goal()).unwrap();
        for walk in 0..4 {
            let board = puzzles::random_walk(plain.goal(), 60, walk);
            let start = puzzle.state(&board).unwrap();
            assert_eq!(
                direct.estimate(&puzzle, &start),
                plain.estimate(&puzzle, &start)
            );
            let slow = idastar(&puzzle, &plain.incremental(), start);
            let fast = idastar(&puzzle, &direct.incremental(), start);
            assert_eq!(slow.outcome, fast.outcome);
            assert_eq!(slow.statistics.iterations, fast.statistics.iterations);
        }
    }
}

#[test]
fn twenty_four_puzzle_direct_indices_follow_every_move_in_both_views() {
    // Eight 3-tile databases, each with a direct table of 25^3 entries: the memo keeps both
    // views' indices, the reflection's moved through the reflection's cells.
    let tiles: Vec<u8> = (1..25).collect();
    let partition: Vec<Vec<u8>> = tiles.chunks(3).map(<[u8]>::to_vec).collect();
    let heuristic = build(5, 5, &partition)
        .with_direct_tables(usize::MAX)
        .unwrap();
    assert!(heuristic.databases().has_reflection());
    for (seed, heuristic) in every_lookup(&heuristic).enumerate() {
        compare_on_a_walk::<u128>(&heuristic, 1_000, seed as u64);
    }
}
