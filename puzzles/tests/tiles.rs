//! Sliding-tile puzzles at the public boundary: parsing, solvability, the search problem, the
//! heuristics and the dispatcher, each checked against an independent oracle (published counts,
//! exhaustive breadth-first search, or the move sequence replayed on the board).

use std::collections::HashMap;
use std::num::NonZeroUsize;
use std::ops::ControlFlow;

use proptest::prelude::*;
use puzzles::{
    Algorithm, Board, HeuristicKind, LinearConflict, Manhattan, Misplaced, Move, MoveError, Shape,
    SlidingPuzzle, TileCost, TileOutcome, TileState, WithBlank, is_solution, parse_moves,
    permutation_rank, permutation_unrank, random_solvable, random_walk, solvability, solve,
};
use search_core::{
    Heuristic, InPlace, Limits, Outcome, Problem, Reversible, Successors,
    breadth_first::bfs_layers, breadth_first::bfs_with, idastar, idastar::idastar_parallel,
    observer::Observer, problem::PerfectRank, visited::DenseVisited, visited::HashVisited,
    visited::OrderedVisited,
};

const ALGORITHMS: [Algorithm; 5] = [
    Algorithm::Bfs,
    Algorithm::Bidirectional,
    Algorithm::AStar,
    Algorithm::IdaStar,
    Algorithm::ParallelIdaStar(NonZeroUsize::MIN.saturating_add(1)),
];
const HEURISTICS: [HeuristicKind; 3] = [
    HeuristicKind::Misplaced,
    HeuristicKind::Manhattan,
    HeuristicKind::LinearConflict,
];

fn board(text: &str) -> Board {
    Board::parse(text).unwrap_or_else(|error| panic!("{text:?}: {error}"))
}

/// Solves `start` -> `goal` with every algorithm and every heuristic that applies, and checks
/// that each solution replays to the goal and has the same length, `expected` if given.
/// Returns that length. Uninformed searches and the weak misplaced-tiles heuristic are left out
/// when `small` is false (boards too large for them).
fn check(start: &Board, goal: &Board, expected: Option<usize>, small: bool) -> usize {
    let mut length = expected;
    for algorithm in ALGORITHMS {
        if !algorithm.uses_heuristic() && !small {
            continue;
        }
        let heuristics: &[HeuristicKind] = match (algorithm.uses_heuristic(), small) {
            (false, _) => &HEURISTICS[..1],
            (true, true) => &HEURISTICS,
            (true, false) => &HEURISTICS[1..],
        };
        for &heuristic in heuristics {
            let report = solve(start, goal, algorithm, heuristic, &Limits::default()).unwrap();
            let TileOutcome::Solved { moves } = &report.outcome else {
                panic!("{algorithm} {heuristic} on {start:?}: {:?}", report.outcome)
            };
            assert!(
                is_solution(start, goal, moves),
                "{algorithm} {heuristic}: moves do not reach the goal"
            );
            // The letters parse back to the same moves: what the CLI prints is replayable.
            let letters: String = moves.iter().map(Move::to_string).collect();
            assert_eq!(&parse_moves(&letters).unwrap(), moves);
            match length {
                None => length = Some(moves.len()),
                Some(length) => assert_eq!(
                    moves.len(),
                    length,
                    "{algorithm} {heuristic} on {} -> {}",
                    start.to_compact(),
                    goal.to_compact()
                ),
            }
        }
    }
    length.expect("at least one algorithm ran")
}

// ---------------------------------------------------------------------------------------------
// Exhaustive distances, recorded through the engine's observer.

/// Records the depth at which breadth-first search expands each state.
#[derive(Default)]
struct Depths<Word> {
    depth: HashMap<TileState<Word>, TileCost>,
}

impl<Word: puzzles::PackedWord> Observer<SlidingPuzzle<Word>> for Depths<Word> {
    fn expanded(&mut self, state: &TileState<Word>, cost: TileCost) {
        self.depth.insert(*state, cost);
    }
}

/// The goal with two tiles swapped: unreachable from it, so a search towards it is exhaustive.
fn unreachable_twin(goal: &Board) -> Board {
    let mut tiles = goal.tiles().to_vec();
    let tiles_cells: Vec<usize> = (0..tiles.len()).filter(|&cell| tiles[cell] != 0).collect();
    tiles.swap(tiles_cells[0], tiles_cells[1]);
    Board::new(goal.shape(), tiles).unwrap()
}

/// The distance of every board reachable from `goal`, by one exhaustive engine BFS. Moves are
/// reversible at equal cost, so distance from the goal is distance to it.
fn distances_from(goal: &Board) -> HashMap<TileState<u64>, TileCost> {
    let exhaustive = SlidingPuzzle::<u64>::new(&unreachable_twin(goal)).unwrap();
    let mut depths = Depths::default();
    let start = exhaustive.state(goal).unwrap();
    let result = bfs_with(
        &exhaustive,
        start,
        HashVisited::default(),
        &Limits::none(),
        &mut depths,
    );
    assert_eq!(result.outcome, Outcome::Unreachable);
    depths.depth
}

/// Every board of `shape`, as a permutation of the cells.
fn every_board(shape: Shape) -> impl Iterator<Item = Board> {
    let count = puzzles::factorial(shape.cells()).unwrap();
    (0..count).map(move |rank| {
        Board::new(shape, permutation_unrank(rank, shape.cells()).unwrap()).unwrap()
    })
}

#[test]
fn eight_puzzle_layers_match_oeis_with_every_visited_set() {
    let data = include_str!("data/eight_puzzle_layers.txt");
    let lines: Vec<&str> = data.lines().filter(|line| !line.starts_with('#')).collect();
    assert_eq!(lines.len(), 2);
    for line in lines {
        let mut fields = line.split_whitespace();
        let goal = board(fields.next().unwrap());
        let expected: Vec<u64> = fields.map(|count| count.parse().unwrap()).collect();
        assert_eq!(expected.iter().sum::<u64>(), 181_440);
        let puzzle = SlidingPuzzle::<u64>::new(&goal).unwrap();
        let start = puzzle.goal_state();
        let limits = Limits::none();
        let hashed = bfs_layers(&puzzle, start, HashVisited::default(), &limits);
        let dense = bfs_layers(
            &puzzle,
            start,
            DenseVisited::for_problem(&puzzle).unwrap(),
            &limits,
        );
        let ordered = bfs_layers(&puzzle, start, OrderedVisited::default(), &limits);
        for layers in [hashed, dense, ordered] {
            assert_eq!(layers.limit, None);
            assert_eq!(layers.counts, expected, "goal {}", goal.to_compact());
        }
    }
}

/// The puzzle makes its successors one at a time for the searches that store boards: exactly
/// those `successors` lists, in its order, on every 3x2 board and from every blank cell of a
/// 4x3 one.
#[test]
fn visited_successors_are_the_listed_ones() {
    let mut boards: Vec<Board> = every_board(Shape::new(3, 2).unwrap()).collect();
    boards.extend(every_board(Shape::new(4, 3).unwrap()).take(5000));
    for board in boards {
        let puzzle = SlidingPuzzle::<u64>::new(&board).unwrap();
        let state = puzzle.state(&board).unwrap();
        let mut listed = Successors::<SlidingPuzzle<u64>>::new();
        puzzle.successors(&state, &mut listed);
        let mut visited = Vec::new();
        let flow = puzzle.visit_successors(&state, |successor| {
            visited.push(successor);
            ControlFlow::<()>::Continue(())
        });
        assert_eq!(flow, ControlFlow::Continue(()));
        assert_eq!(listed.to_vec(), visited, "{board}");
    }
    const { assert!(SlidingPuzzle::<u64>::VISITS_SUCCESSORS) };
}

#[test]
fn solvability_matches_reachability_exhaustively() {
    for (width, height) in [(2, 2), (2, 3), (3, 2), (4, 2), (2, 4), (3, 3)] {
        let shape = Shape::new(width, height).unwrap();
        let goals = [
            Board::blank_last(shape),
            Board::blank_first(shape),
            Board::spiral(shape),
            random_solvable(&Board::blank_last(shape), 11),
        ];
        for goal in goals {
            let reachable = distances_from(&goal);
            assert_eq!(
                reachable.len() as u64 * 2,
                puzzles::factorial(shape.cells()).unwrap()
            );
            let puzzle = SlidingPuzzle::<u64>::new(&goal).unwrap();
            for start in every_board(shape) {
                let verdict = solvability(&start, &goal).unwrap();
                let state = puzzle.state(&start).unwrap();
                assert_eq!(
                    verdict.is_solvable(),
                    reachable.contains_key(&state),
                    "{shape} {} -> {}: {verdict}",
                    start.to_spaced(),
                    goal.to_spaced()
                );
            }
        }
    }
}

#[test]
fn solvability_explains_itself_and_rejects_mixed_shapes() {
    let goal = Board::blank_first(Shape::new(4, 4).unwrap());
    let start = board("1 0 2 3 4 5 6 7 8 9 10 11 12 13 14 15");
    let verdict = solvability(&start, &goal).unwrap();
    assert!(verdict.is_solvable());
    assert_eq!(
        verdict.to_string(),
        "solvable: the start's tile inversions are even, the goal's are even, and with an even \
         width the blank's row distance (0, even) must match that difference"
    );
    let error = solvability(&board("123456780"), &goal).unwrap_err();
    assert_eq!(
        error.to_string(),
        "start and goal have different shapes: start is 3x3, goal is 4x4"
    );
    assert_eq!(
        solve(
            &board("1230"),
            &goal,
            Algorithm::AStar,
            HeuristicKind::Manhattan,
            &Limits::default()
        )
        .unwrap_err()
        .to_string(),
        "start and goal have different shapes: start is 2x2, goal is 4x4"
    );
}

#[test]
fn every_heuristic_is_admissible_and_consistent_on_the_eight_puzzle() {
    let shape = Shape::new(3, 3).unwrap();
    for goal in [Board::blank_last(shape), Board::spiral(shape)] {
        let distance = distances_from(&goal);
        assert_eq!(distance.len(), 181_440);
        let puzzle = SlidingPuzzle::<u64>::new(&goal).unwrap();
        let misplaced = Misplaced::new(&goal);
        let manhattan = Manhattan::new(&goal);
        let conflict = LinearConflict::new(&goal);
        let mut buffer = Successors::<SlidingPuzzle<u64>>::new();
        let mut conflict_beats_manhattan = 0;
        for (state, &true_distance) in &distance {
            let estimates = [
                misplaced.estimate(&puzzle, state),
                manhattan.estimate(&puzzle, state),
                conflict.estimate(&puzzle, state),
            ];
            assert!(estimates[0] <= estimates[1] && estimates[1] <= estimates[2]);
            assert!(estimates[2] <= true_distance, "{:?}", puzzle.board(state));
            conflict_beats_manhattan += usize::from(estimates[2] > estimates[1]);
            buffer.clear();
            puzzle.successors(state, &mut buffer);
            for successor in &buffer {
                let after = [
                    misplaced.estimate(&puzzle, &successor.state),
                    manhattan.estimate(&puzzle, &successor.state),
                    conflict.estimate(&puzzle, &successor.state),
                ];
                for (before, after) in estimates.iter().zip(after) {
                    assert!(before.abs_diff(after) <= 1, "inconsistent on an edge");
                }
                // The incremental updates agree with recomputation on every edge.
                let action = &successor.action;
                assert_eq!(
                    misplaced.estimate_after(&puzzle, &successor.state, action, estimates[0]),
                    after[0]
                );
                // So do the estimates made before the move, where a heuristic offers them.
                assert_eq!(
                    misplaced.estimate_move(&puzzle, state, action, estimates[0]),
                    Some(after[0])
                );
                assert_eq!(
                    manhattan.estimate_move(&puzzle, state, action, estimates[1]),
                    Some(after[1])
                );
                assert_eq!(
                    manhattan.estimate_after(&puzzle, &successor.state, action, estimates[1]),
                    after[1]
                );
                assert_eq!(
                    conflict.estimate_after(&puzzle, &successor.state, action, estimates[2]),
                    after[2]
                );
                assert_eq!(
                    conflict.estimate_move(&puzzle, state, action, estimates[2]),
                    Some(after[2])
                );
            }
        }
        // Not a vacuous addition: linear conflicts raise the estimate somewhere.
        assert!(conflict_beats_manhattan > 0);
        let goal_state = puzzle.goal_state();
        assert_eq!(conflict.estimate(&puzzle, &goal_state), 0);
    }
}

// ---------------------------------------------------------------------------------------------
// Solving.

#[test]
fn incremental_updates_agree_with_recomputation_on_larger_boards() {
    // The 8-puzzle test above covers every edge of 3x3; these walks cover wider and taller
    // lines (4x4, 3x4, 4x3, 5x5), where linear conflicts are updated line by line, and lines
    // longer than the conflict table's five cells (2x12, 3x8, 8x3), counted without it; with
    // the blank-first goal and the spiral, whose lines hold their tiles out of numeric order.
    let shapes = [(4, 4), (3, 4), (4, 3), (5, 5), (2, 12), (3, 8), (8, 3)];
    let goals = shapes.into_iter().flat_map(|(width, height)| {
        let shape = Shape::new(width, height).unwrap();
        [Board::blank_first(shape), Board::spiral(shape)]
    });
    for goal in goals {
        let manhattan = Manhattan::new(&goal);
        let conflict = LinearConflict::new(&goal);
        let puzzle = SlidingPuzzle::<u128>::new(&goal).unwrap();
        let mut buffer = Successors::<SlidingPuzzle<u128>>::new();
        for seed in 0..20 {
            let state = puzzle.state(&random_walk(&goal, 300, seed)).unwrap();
            let estimates = [
                manhattan.estimate(&puzzle, &state),
                conflict.estimate(&puzzle, &state),
            ];
            buffer.clear();
            puzzle.successors(&state, &mut buffer);
            for successor in &buffer {
                let (next, action) = (&successor.state, &successor.action);
                assert_eq!(
                    manhattan.estimate_after(&puzzle, next, action, estimates[0]),
                    manhattan.estimate(&puzzle, next)
                );
                assert_eq!(
                    manhattan.estimate_move(&puzzle, &state, action, estimates[0]),
                    Some(manhattan.estimate(&puzzle, next))
                );
                assert_eq!(
                    conflict.estimate_after(&puzzle, next, action, estimates[1]),
                    conflict.estimate(&puzzle, next)
                );
                assert_eq!(
                    conflict.estimate_move(&puzzle, &state, action, estimates[1]),
                    Some(conflict.estimate(&puzzle, next))
                );
            }
        }
    }
}

#[test]
fn classic_samples_solve_with_every_algorithm() {
    // Lengths of the classic textbook samples; the BFS run inside `check` confirms each.
    let samples = [
        ("12345678.", "123.46758", 3),
        ("13524678.", "46758123.", 22),
        ("2 6 4 1 3 7 0 5 8", "8 1 5 7 3 6 4 0 2", 31),
        ("283104765", "123804765", 4),
        // The two boards farthest from 1 2 3 4 5 6 7 8 0 (OEIS A089473).
        ("8 6 7 2 5 4 3 0 1", "123456780", 31),
        ("6 4 7 8 5 0 3 2 1", "123456780", 31),
        ("123456780", "123456780", 0),
    ];
    for (start, goal, length) in samples {
        check(&board(start), &board(goal), Some(length), true);
    }
}

#[test]
fn rectangles_solve_and_agree_with_bfs() {
    for (width, height, seeds) in [(2, 3, 0..20), (3, 2, 0..20), (4, 2, 0..20), (2, 4, 0..20)] {
        let shape = Shape::new(width, height).unwrap();
        for seed in seeds {
            let goal = random_solvable(&Board::spiral(shape), seed + 100);
            check(&random_solvable(&goal, seed), &goal, None, true);
        }
    }
    let shape = Shape::new(3, 4).unwrap();
    for seed in 0..6 {
        let goal = Board::blank_last(shape);
        check(&random_walk(&goal, 24, seed), &goal, None, true);
    }
    let shape = Shape::new(4, 3).unwrap();
    for seed in 0..3 {
        let goal = Board::blank_first(shape);
        check(&random_solvable(&goal, seed), &goal, None, false);
    }
}

#[test]
fn boards_beyond_sixteen_cells_solve_in_u128() {
    for (width, height) in [(5, 5), (4, 5), (6, 3)] {
        let shape = Shape::new(width, height).unwrap();
        let goal = Board::blank_last(shape);
        for seed in 0..3 {
            let start = random_walk(&goal, 30, seed);
            let length = check(&start, &goal, None, false);
            assert!(length <= 30);
            // The same board through bidirectional BFS, which needs no heuristic.
            let report = solve(
                &start,
                &goal,
                Algorithm::Bidirectional,
                HeuristicKind::Manhattan,
                &Limits::default(),
            )
            .unwrap();
            assert_eq!(report.length(), Some(length));
        }
    }
}

#[test]
fn unsolvable_boards_are_answered_without_search() {
    let goal = board("123456780");
    let start = board("213456780");
    for algorithm in ALGORITHMS {
        let report = solve(
            &start,
            &goal,
            algorithm,
            HeuristicKind::Manhattan,
            &Limits::default(),
        )
        .unwrap();
        assert_eq!(report.outcome, TileOutcome::Unsolvable);
        assert!(!report.solvability.is_solvable());
        assert_eq!(report.statistics.expanded, 0);
    }
}

#[test]
fn limits_are_reported_as_outcomes() {
    let start = board("8 6 7 2 5 4 3 0 1");
    let goal = board("123456780");
    for algorithm in ALGORITHMS {
        let limits = Limits::none().with_max_expanded(10);
        let report = solve(&start, &goal, algorithm, HeuristicKind::Manhattan, &limits).unwrap();
        assert!(
            matches!(report.outcome, TileOutcome::LimitReached(_)),
            "{algorithm}: {:?}",
            report.outcome
        );
        assert_eq!(report.length(), None);
    }
}

#[test]
fn default_algorithm_solves_a_fifteen_puzzle() {
    let shape = Shape::new(4, 4).unwrap();
    let goal = Board::blank_first(shape);
    let start = random_walk(&goal, 40, 3);
    let report = solve(
        &start,
        &goal,
        Algorithm::default_for(shape),
        HeuristicKind::default_for(shape),
        &Limits::default(),
    )
    .unwrap();
    assert!(is_solution(&start, &goal, report.moves().unwrap()));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn algorithms_agree_on_random_eight_puzzles(goal_seed: u64, start_seed: u64) {
        let shape = Shape::new(3, 3).unwrap();
        let goal = random_solvable(&Board::blank_last(shape), goal_seed);
        let start = random_solvable(&goal, start_seed);
        check(&start, &goal, None, true);
    }
}

// ---------------------------------------------------------------------------------------------
// Korf's 15-puzzle node counts.

#[test]
fn idastar_manhattan_reproduces_korfs_node_counts_on_a_sample() {
    reproduce_korfs_node_counts(|id| [12, 19, 42, 55, 79, 97].contains(&id));
}

#[test]
#[ignore = "all of Korf's 100 with Manhattan IDA*, three searches each: 36 billion nodes a \
            search, about 20 minutes of one core (7,000 times the sample's), not timed whole"]
fn idastar_manhattan_reproduces_korfs_node_counts_on_all_100() {
    reproduce_korfs_node_counts(|_| true);
}

/// Korf's IDA* with Manhattan distance on his instances `ids`: his optimal lengths and node
/// counts, through plain states, states that keep their blank, and `solve`.
fn reproduce_korfs_node_counts(ids: impl Fn(u32) -> bool) {
    let counts: HashMap<u32, Vec<u64>> = include_str!("data/korf100_idastar_manhattan_nodes.txt")
        .lines()
        .map(|line| {
            let fields: Vec<u64> = line
                .split_whitespace()
                .map(|f| f.parse().unwrap())
                .collect();
            (fields[0] as u32, fields[1..].to_vec())
        })
        .collect();
    let goal = Board::blank_first(Shape::new(4, 4).unwrap());
    let puzzle = SlidingPuzzle::<u64>::new(&goal).unwrap();
    let tracked = SlidingPuzzle::<WithBlank<u64>>::new(&goal).unwrap();
    let manhattan = Manhattan::new(&goal);
    for line in include_str!("data/korf100.txt").lines() {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let id: u32 = fields[0].parse().unwrap();
        if !ids(id) {
            continue;
        }
        let optimal: usize = fields[1].parse().unwrap();
        let start = board(&fields[2..].join(" "));
        let state = puzzle.state(&start).unwrap();
        let expected = &counts[&id];
        assert_eq!(expected[0] as usize, optimal);
        assert_eq!(manhattan.estimate(&puzzle, &state), expected[1] as TileCost);
        let result = idastar(&puzzle, &manhattan, state);
        let solution = result.solution().unwrap();
        assert_eq!(solution.len(), optimal, "instance {id}");
        assert!(is_solution(&start, &goal, &solution.actions));
        let counts = (expected[2], expected[3]);
        let counted =
            |statistics: &search_core::Statistics| (statistics.generated, statistics.expanded);
        assert_eq!(counted(&result.statistics), counts, "instance {id}");
        // The states that keep their blank, which `solve` gives IDA*: the same search.
        let state = tracked.state(&start).unwrap();
        let result = idastar(&tracked, &manhattan, state);
        assert_eq!(result.solution().unwrap().actions, solution.actions);
        assert_eq!(
            counted(&result.statistics),
            counts,
            "instance {id}, WithBlank"
        );
        let report = solve(
            &start,
            &goal,
            Algorithm::IdaStar,
            HeuristicKind::Manhattan,
            &Limits::default(),
        )
        .unwrap();
        assert_eq!(report.moves(), Some(&solution.actions[..]));
        assert_eq!(counted(&report.statistics), counts, "instance {id}, solve");
    }
}

#[test]
fn parallel_idastar_finds_korfs_optimal_lengths() {
    let goal = Board::blank_first(Shape::new(4, 4).unwrap());
    let puzzle = SlidingPuzzle::<u64>::new(&goal).unwrap();
    let manhattan = Manhattan::new(&goal);
    for line in include_str!("data/korf100.txt").lines() {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let id: u32 = fields[0].parse().unwrap();
        if ![12, 42, 79].contains(&id) {
            continue;
        }
        let optimal: usize = fields[1].parse().unwrap();
        let start = board(&fields[2..].join(" "));
        let state = puzzle.state(&start).unwrap();
        for threads in [1, 2, 3] {
            let threads = std::num::NonZeroUsize::new(threads).unwrap();
            let run = || idastar_parallel(&puzzle, &manhattan, state, &Limits::default(), threads);
            let result = run();
            let solution = result.solution().unwrap();
            assert_eq!(solution.len(), optimal, "instance {id}, {threads} threads");
            assert!(is_solution(&start, &goal, &solution.actions));
            // The earliest subtree's goal wins whatever the timing: the same moves every run.
            assert_eq!(run().solution().unwrap().actions, solution.actions);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The problem's traits.

#[test]
fn moves_come_in_korfs_order_and_are_undone() {
    let goal = board("123456780");
    let puzzle = SlidingPuzzle::<u64>::new(&goal).unwrap();
    let centre = puzzle.state(&board("123405678")).unwrap();
    let mut buffer = Successors::<SlidingPuzzle<u64>>::new();
    puzzle.successors(&centre, &mut buffer);
    let order: Vec<Move> = buffer.iter().map(|successor| successor.action).collect();
    assert_eq!(order, Move::ALL);
    let mut actions = search_core::problem::Actions::<SlidingPuzzle<u64>>::new();
    puzzle.actions(&centre, &mut actions);
    assert_eq!(
        actions
            .iter()
            .map(|(action, _)| *action)
            .collect::<Vec<_>>(),
        Move::ALL
    );
    // The four action slots hold the same moves in the same order; off the board, a slot is
    // empty.
    let slots = <SlidingPuzzle<u64> as InPlace>::ACTION_SLOTS;
    let in_slots = |state| -> Vec<Option<Move>> {
        (0..slots)
            .map(|slot| puzzle.action_in_slot(state, slot).map(|(action, _)| action))
            .collect()
    };
    assert_eq!(in_slots(&centre), Move::ALL.map(Some));
    let corner = puzzle.state(&board("012345678")).unwrap();
    assert_eq!(
        in_slots(&corner),
        [None, None, Some(Move::Right), Some(Move::Down)]
    );
    assert_eq!(puzzle.action_in_slot(&corner, slots), None);
    for successor in &buffer {
        let mut state = centre;
        puzzle.apply(&mut state, &successor.action);
        assert_eq!(state, successor.state);
        assert_eq!(
            puzzle.board(&state),
            board("123405678").apply(successor.action).unwrap()
        );
        puzzle.undo(&mut state, &successor.action);
        assert_eq!(state, centre);
        assert_eq!(
            puzzle.inverse(&successor.action),
            Some(successor.action.inverse())
        );
    }
    // Predecessors are successors read backwards.
    let mut predecessors = Successors::<SlidingPuzzle<u64>>::new();
    puzzle.predecessors(&centre, &mut predecessors);
    for predecessor in &predecessors {
        let mut state = predecessor.state;
        puzzle.apply(&mut state, &predecessor.action);
        assert_eq!(state, centre);
    }
    let corner = puzzle.state(&board("012345678")).unwrap();
    buffer.clear();
    puzzle.successors(&corner, &mut buffer);
    let order: Vec<Move> = buffer.iter().map(|successor| successor.action).collect();
    assert_eq!(order, [Move::Right, Move::Down]);
}

#[test]
fn ranks_are_a_bijection() {
    for length in 0..=8 {
        let count = puzzles::factorial(length).unwrap();
        let mut previous: Option<Vec<u8>> = None;
        for rank in 0..count {
            let permutation = permutation_unrank(rank, length).unwrap();
            assert_eq!(permutation_rank(&permutation), rank);
            // Lexicographic order: each permutation follows the previous one.
            if let Some(previous) = previous {
                assert!(previous < permutation);
            }
            previous = Some(permutation);
        }
        assert_eq!(permutation_unrank(count, length), None);
    }
    let shape = Shape::new(4, 4).unwrap();
    let goal = Board::blank_first(shape);
    let puzzle = SlidingPuzzle::<u64>::new(&goal).unwrap();
    assert_eq!(puzzle.rank_count(), 20_922_789_888_000);
    for seed in 0..1000 {
        let state = puzzle.state(&random_solvable(&goal, seed)).unwrap();
        let rank = puzzle.rank(&state);
        assert!(rank < puzzle.rank_count());
        assert_eq!(puzzle.unrank(rank), Some(state));
    }
    assert_eq!(puzzle.unrank(puzzle.rank_count()), None);
}

#[test]
fn packing_refuses_boards_too_large_for_the_word() {
    let goal = Board::blank_last(Shape::new(5, 4).unwrap());
    assert_eq!(
        SlidingPuzzle::<u64>::new(&goal).unwrap_err().to_string(),
        "a 5x4 board has 20 cells, more than the 16 this packing holds"
    );
    let wide = SlidingPuzzle::<u128>::new(&goal).unwrap();
    assert_eq!(wide.board(&wide.goal_state()), goal);
}

#[test]
fn a_state_reads_every_cell_of_its_word_and_refuses_the_rest() {
    let puzzle = SlidingPuzzle::<u64>::new(&board("123456780")).unwrap();
    let state = puzzle.goal_state();
    assert_eq!((state.tile(0), state.tile(7), state.tile(8)), (1, 8, 0));
    // Past the board's nine cells but within the word's sixteen: empty cells.
    assert_eq!(state.tile(15), 0);
    let outside = std::panic::catch_unwind(|| state.tile(16)).unwrap_err();
    assert_eq!(
        outside.downcast_ref::<String>().map(String::as_str),
        Some("cell 16 is outside a packed board of at most 16 cells")
    );
}

// ---------------------------------------------------------------------------------------------
// Boards, parsing and moves.

#[test]
fn every_input_form_parses() {
    let nine = board("123456780");
    for text in [
        "12345678.",
        "123456780",
        "1 2 3 4 5 6 7 8 0",
        "1 2 3 4 5 6 7 8 .",
        "1 2 3/4 5 6/7 8 0",
        "1 2 3\n4 5 6\n7 8 0",
        "123/456/78.",
        "  1 2 3\r\n4 5 6\r\n7 8 0\r\n",
    ] {
        assert_eq!(board(text), nine, "{text:?}");
    }
    let fifteen = board("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0");
    assert_eq!(fifteen, Board::blank_last(Shape::new(4, 4).unwrap()));
    assert_eq!(board("1 2 3 4/5 6 7 8/9 10 11 12/13 14 15 0"), fifteen);
    let rectangle = board("1 2 3/4 5 0");
    assert_eq!(rectangle.shape(), Shape::new(3, 2).unwrap());
    assert_eq!(
        Board::parse_with_shape("1 2 3 4 5 0", Shape::new(2, 3).unwrap())
            .unwrap()
            .to_rows(),
        "1 2/3 4/5 0"
    );
}

#[test]
fn parse_errors_name_the_problem() {
    let three_by_two = Shape::new(3, 2).unwrap();
    let cases: [(&str, Option<Shape>, &str); 17] = [
        ("", None, "empty input: no tiles given"),
        ("  \r\n", None, "empty input: no tiles given"),
        (
            "12345678",
            None,
            "8 cells do not make a square board (2x2 has 4, 3x3 has 9): check for a missing or extra tile, or write the rows of another shape separated by '/' (`1 2 3/4 0 5`)",
        ),
        (
            "1 2 3 4 5 0 6",
            Some(three_by_two),
            "wrong number of cells: found 7, but a 3x2 board has 6",
        ),
        ("12345675.", None, "tile 5 appears twice"),
        (
            "1 2 3 4 5 6 7 8 9 10 11 12 13 14 14 0",
            None,
            "tile 14 appears twice",
        ),
        (
            "1 2 3 4 5 6 7 9 0",
            None,
            "tile 9 is out of range: tiles are 1 to 8, and 0 or '.' is the blank",
        ),
        (
            "1 2 3 4 5 6 7 99999999999999999999999 0",
            None,
            "tile 99999999999999999999999 is out of range: tiles are 1 to 8, and 0 or '.' is the blank",
        ),
        (
            "123456789",
            None,
            "no blank: mark the empty cell with 0 or '.'",
        ),
        (
            "12345670.",
            None,
            "2 blanks: a board has exactly one empty cell",
        ),
        (
            "1234x678.",
            None,
            "character 'x' at position 5 is not a tile",
        ),
        (
            "1 2 3 4 5 6 7 8 -1",
            None,
            "character '-' at position 17 is not a tile",
        ),
        (
            "1 2 3/4 5/6 7 8 0",
            None,
            "ragged rows: row 2 has 2 cells but row 1 has 3",
        ),
        (
            "123456789ABCDEF.",
            None,
            "character 'A' at position 10 is not a tile",
        ),
        (
            "1234567890123450",
            None,
            "a board of 16 cells needs its tiles separated by spaces: the compact form only suits boards up to 9 cells",
        ),
        (
            "1 2 3/4 5 0",
            Some(Shape::new(2, 3).unwrap()),
            "the rows make a 3x2 board but the shape asked for is 2x3",
        ),
        (
            "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 0",
            None,
            "unsupported shape: a 6x6 board is too large: at most 25 cells are supported",
        ),
    ];
    for (text, shape, message) in cases {
        let error = match shape {
            Some(shape) => Board::parse_with_shape(text, shape).unwrap_err(),
            None => Board::parse(text).unwrap_err(),
        };
        assert_eq!(error.to_string(), message, "{text:?}");
    }
    assert_eq!(
        Board::new(three_by_two, vec![1, 2, 3, 4, 5, 5])
            .unwrap_err()
            .to_string(),
        "no blank: mark the empty cell with 0 or '.'"
    );
    assert_eq!(
        "4by4".parse::<Shape>().unwrap_err().to_string(),
        "invalid shape \"4by4\": expected WIDTHxHEIGHT, such as 4x4"
    );
    assert_eq!(
        "1x5".parse::<Shape>().unwrap_err().to_string(),
        "a 1x5 board is too small: width and height must be at least 2"
    );
    // A side no machine word holds is named as written, not as the largest word.
    assert_eq!(
        " 99999999999999999999x3"
            .parse::<Shape>()
            .unwrap_err()
            .to_string(),
        "a 99999999999999999999x3 board is too large: at most 25 cells are supported"
    );
}

#[test]
fn boards_display_and_goal_layouts() {
    let shape = Shape::new(4, 4).unwrap();
    assert_eq!(
        Board::spiral(shape).to_rows(),
        "1 2 3 4/12 13 14 5/11 0 15 6/10 9 8 7"
    );
    assert_eq!(
        Board::spiral(Shape::new(4, 2).unwrap()).to_rows(),
        "1 2 3 4/0 7 6 5"
    );
    assert_eq!(
        Board::spiral(Shape::new(2, 3).unwrap()).to_rows(),
        "1 2/0 3/5 4"
    );
    assert_eq!(
        Board::blank_first(Shape::new(2, 2).unwrap()).to_compact(),
        "0123"
    );
    let fifteen = Board::blank_last(shape);
    assert_eq!(
        fifteen.to_string(),
        " 1  2  3  4\n 5  6  7  8\n 9 10 11 12\n13 14 15  ."
    );
    assert_eq!(fifteen.to_compact(), fifteen.to_spaced());
    let eight = board("283104765");
    assert_eq!(eight.to_compact_dotted(), "2831.4765");
    assert_eq!(eight.blank(), 4);
    for goal in [Board::spiral(shape), Board::blank_first(shape), fifteen] {
        assert_eq!(board(&goal.to_spaced()).tiles(), goal.tiles());
        assert_eq!(board(&goal.to_rows()), goal);
        assert_eq!(board(&goal.to_string()), goal);
    }
}

#[test]
fn moves_parse_apply_and_fail_with_their_index() {
    assert_eq!(
        parse_moves("U d\tL r").unwrap(),
        [Move::Up, Move::Down, Move::Left, Move::Right]
    );
    assert_eq!(
        parse_moves("UDLRx").unwrap_err(),
        MoveError::InvalidCharacter {
            character: 'x',
            position: 5
        }
    );
    let start = board("283104765");
    let goal = board("123804765");
    assert!(is_solution(&start, &goal, &parse_moves("ULDR").unwrap()));
    let error = start.apply_moves(&parse_moves("UUL").unwrap()).unwrap_err();
    assert_eq!(
        error,
        MoveError::OffBoard {
            index: 1,
            direction: Move::Up
        }
    );
    assert_eq!(
        error.to_string(),
        "move 1 (U) takes the blank off the board"
    );
    assert!(!is_solution(&start, &board("1230"), &[]));
}

#[test]
fn random_boards_are_uniform_over_the_solvable_half() {
    let shape = Shape::new(2, 2).unwrap();
    let goal = Board::blank_last(shape);
    let mut seen: HashMap<Board, u32> = HashMap::new();
    let draws = 12_000;
    for seed in 0..draws {
        let start = random_solvable(&goal, seed);
        assert!(solvability(&start, &goal).unwrap().is_solvable());
        *seen.entry(start).or_default() += 1;
    }
    // 4!/2 = 12 solvable boards, 1000 draws expected each; 800..1200 is over six deviations.
    assert_eq!(seen.len(), 12);
    assert!(
        seen.values().all(|&count| (800..1200).contains(&count)),
        "{seen:?}"
    );
    let walked = random_walk(&goal, 50, 9);
    assert!(solvability(&walked, &goal).unwrap().is_solvable());
    let fifteen = Board::blank_first(Shape::new(4, 4).unwrap());
    assert_ne!(random_solvable(&fifteen, 1), random_solvable(&fifteen, 2));
}
