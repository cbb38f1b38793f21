//! Duplicate pruning for sliding tiles: the redundant move sequences that
//! `redundant_move_sequences` finds are checked against exhaustive breadth-first search (every
//! board keeps a shortest path), and IDA* pruned by them against published optimal lengths and
//! the unpruned search.

use std::collections::VecDeque;
use std::hash::Hash;

use proptest::prelude::*;
use std::num::NonZeroUsize;

use puzzles::{
    Algorithm, Board, HeuristicKind, Manhattan, Move, PdbSource, Shape, SlidingPuzzle, SolveError,
    TileCost, TileState, is_solution, random_walk, redundant_move_sequences, solve_pruned,
    tile_pruning_automaton,
};
use search_core::{
    InPlace, Limits, Problem, Successors, hash::FastHashMap, hash::FastHashSet, idastar,
    pruning::Pruned, pruning::PrunedHeuristic, pruning::PruningAutomaton,
};

/// The depth at which a breadth-first search of `problem` from `start`, up to `max_depth` moves,
/// first meets each board.
fn first_arrivals<P, State>(
    problem: &P,
    start: State,
    board: impl Fn(&State) -> TileState<u64>,
    max_depth: TileCost,
) -> FastHashMap<TileState<u64>, TileCost>
where
    P: Problem<State = State, Cost = TileCost>,
    State: Clone + Eq + Hash,
{
    let mut depths = FastHashMap::default();
    let mut seen = FastHashSet::default();
    seen.insert(start.clone());
    let mut queue = VecDeque::from([(start, 0)]);
    let mut successors = Successors::<P>::new();
    while let Some((state, depth)) = queue.pop_front() {
        depths.entry(board(&state)).or_insert(depth);
        if depth == max_depth {
            continue;
        }
        successors.clear();
        problem.successors(&state, &mut successors);
        for successor in successors.drain(..) {
            if seen.insert(successor.state.clone()) {
                queue.push_back((successor.state, depth + 1));
            }
        }
    }
    depths
}

/// Breadth-first search over (board, automaton state) pairs follows exactly the paths the
/// automaton allows, so it first meets each board at the length of its shortest allowed path;
/// that must be the board's distance, for every board of the `width` x `height` puzzle.
fn assert_pruning_keeps_every_distance(width: usize, height: usize, length: usize) {
    let shape = Shape::new(width, height).unwrap();
    let goal = Board::blank_first(shape);
    let puzzle = SlidingPuzzle::<u64>::new(&goal).unwrap();
    let start = puzzle.state(&goal).unwrap();
    let automaton = tile_pruning_automaton(shape, length, &Limits::none()).unwrap();
    let pruned = Pruned::new(&puzzle, &automaton).unwrap();
    let distances = first_arrivals(&puzzle, start, |state| *state, TileCost::MAX);
    let allowed = first_arrivals(&pruned, pruned.start(start), |s| s.state, TileCost::MAX);
    assert_eq!(
        distances.len() * 2,
        puzzles::factorial(shape.cells()).unwrap() as usize
    );
    assert_eq!(
        allowed, distances,
        "{width}x{height}, sequences up to {length} moves"
    );
}

#[test]
fn every_board_keeps_a_shortest_path_under_pruning() {
    // Narrow boards, where most sequences do not fit, both ways round, and the 8-puzzle.
    assert_pruning_keeps_every_distance(4, 2, 14);
    assert_pruning_keeps_every_distance(2, 4, 12);
    assert_pruning_keeps_every_distance(3, 3, 12);
}

#[test]
#[ignore = "the 8-puzzle under sequences of up to 14 moves, the depth 5x5 prunes with by \
            default: about 26 s, five times the 12-move automaton's pairs to search; \
            .ci/run runs it"]
fn every_8_puzzle_board_keeps_a_shortest_path_under_14_move_pruning() {
    assert_pruning_keeps_every_distance(3, 3, 14);
}

#[test]
fn the_sequences_are_redundant_on_a_real_board_and_fit_it() {
    // Each sequence, played from every cell where it fits, does what an earlier allowed sequence
    // of at most its length does from there: checked by breadth-first search over the allowed
    // paths, which must reach the board the sequence reaches no later.
    let shape = Shape::new(4, 4).unwrap();
    let sequences = redundant_move_sequences(shape, 10, &Limits::none()).unwrap();
    let automaton = tile_pruning_automaton(shape, 10, &Limits::none()).unwrap();
    let goal = Board::blank_first(shape);
    let puzzle = SlidingPuzzle::<u64>::new(&goal).unwrap();
    for blank in 0..shape.cells() {
        let mut tiles: Vec<u8> = (1..shape.cells() as u8).collect();
        tiles.insert(blank, 0);
        let board = Board::new(shape, tiles).unwrap();
        let start = puzzle.state(&board).unwrap();
        let pruned = Pruned::new(&puzzle, &automaton).unwrap();
        let allowed = first_arrivals(&pruned, pruned.start(start), |s| s.state, 10);
        for sequence in &sequences {
            let mut state = start;
            let fits = sequence.iter().all(|&direction| {
                let legal = puzzle.step(state.blank(), direction).is_some();
                if legal {
                    puzzle.apply(&mut state, &direction);
                }
                legal
            });
            if fits {
                let depth = allowed.get(&state).copied();
                assert!(
                    depth.is_some_and(|depth| usize::from(depth) <= sequence.len()),
                    "{sequence:?} from cell {blank}: allowed paths reach its board at {depth:?}"
                );
            }
        }
    }
    assert!(
        sequences.iter().all(|s| automaton.forbids(&slots(s))),
        "the automaton forbids every sequence"
    );
}

fn slots(moves: &[Move]) -> Vec<usize> {
    moves.iter().map(|direction| direction.index()).collect()
}

/// IDA* + Manhattan with and without pruning: the optimal length of each, the pruned solution
/// checked on the board, and the nodes each generated.
fn both_ways(
    automaton: &PruningAutomaton,
    start: &Board,
    goal: &Board,
) -> ((TileCost, u64), (TileCost, u64)) {
    let puzzle = SlidingPuzzle::<u64>::new(goal).unwrap();
    let manhattan = Manhattan::new(goal);
    let state = puzzle.state(start).unwrap();
    let plain = idastar(&puzzle, &manhattan, state);
    let pruned = Pruned::new(&puzzle, automaton).unwrap();
    let heuristic = PrunedHeuristic::new(&manhattan);
    let result = idastar(&pruned, &heuristic, pruned.start(state));
    let solution = result.solution().unwrap();
    let moves: Vec<Move> = solution.actions.iter().map(|step| step.action).collect();
    assert!(is_solution(start, goal, &moves));
    assert!(
        !automaton.forbids(&slots(&moves)),
        "the solution is allowed"
    );
    (
        (plain.solution().unwrap().cost, plain.statistics.generated),
        (solution.cost, result.statistics.generated),
    )
}

#[test]
fn pruned_idastar_finds_korfs_optimal_lengths_with_fewer_nodes() {
    let shape = Shape::new(4, 4).unwrap();
    let goal = Board::blank_first(shape);
    let automaton = tile_pruning_automaton(shape, 14, &Limits::none()).unwrap();
    for line in include_str!("data/korf100.txt").lines() {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let id: u32 = fields[0].parse().unwrap();
        if ![12, 42, 79].contains(&id) {
            continue;
        }
        let optimal: TileCost = fields[1].parse().unwrap();
        let start = Board::parse(&fields[2..].join(" ")).unwrap();
        let ((plain, plain_nodes), (pruned, pruned_nodes)) = both_ways(&automaton, &start, &goal);
        assert_eq!((plain, pruned), (optimal, optimal), "instance {id}");
        // Taylor & Korf's automaton saves a good part of the 15-puzzle's nodes; well under 90%
        // remain on every instance tried.
        assert!(
            pruned_nodes * 10 < plain_nodes * 9,
            "instance {id}: {pruned_nodes} nodes pruned, {plain_nodes} not"
        );
    }
}

#[test]
fn solve_pruned_agrees_with_solve_for_every_heuristic_and_refuses_other_algorithms() {
    let goal = Board::blank_last(Shape::new(3, 3).unwrap());
    let automaton = tile_pruning_automaton(goal.shape(), 14, &Limits::none()).unwrap();
    let mut databases = PdbSource::new(None);
    // The only two boards 31 moves from 123456780 (OEIS A089473), and one a move away.
    for (text, optimal) in [("867254301", 31), ("647850321", 31), ("123456708", 1)] {
        let start = Board::parse(text).unwrap();
        for heuristic in [
            HeuristicKind::Misplaced,
            HeuristicKind::Manhattan,
            HeuristicKind::LinearConflict,
            HeuristicKind::PatternDatabase,
        ] {
            for algorithm in [
                Algorithm::IdaStar,
                Algorithm::ParallelIdaStar(NonZeroUsize::MIN.saturating_add(1)),
            ] {
                let limits = Limits::default();
                let report = solve_pruned(
                    &start,
                    &goal,
                    algorithm,
                    heuristic,
                    &limits,
                    &mut databases,
                    &automaton,
                )
                .unwrap();
                assert_eq!(
                    report.length(),
                    Some(optimal),
                    "{text} {heuristic} {algorithm}"
                );
                assert!(is_solution(&start, &goal, report.moves().unwrap()));
            }
        }
    }
    let start = Board::parse("867254301").unwrap();
    let error = solve_pruned(
        &start,
        &goal,
        Algorithm::AStar,
        HeuristicKind::Manhattan,
        &Limits::default(),
        &mut databases,
        &automaton,
    )
    .unwrap_err();
    assert!(matches!(
        error,
        SolveError::PruningNeedsIdaStar(Algorithm::AStar)
    ));
    assert_eq!(
        error.to_string(),
        "duplicate pruning applies to idastar, not astar"
    );
    let three_slots = PruningAutomaton::new(3, [[0, 1]]).unwrap();
    let error = solve_pruned(
        &start,
        &goal,
        Algorithm::IdaStar,
        HeuristicKind::Manhattan,
        &Limits::default(),
        &mut databases,
        &three_slots,
    )
    .unwrap_err();
    assert!(matches!(error, SolveError::Pruning(_)), "{error}");
    // An automaton that forbids moves outright, with nothing to replace them, can leave the
    // search no path at all: an error that says so, not a panic or a false "unsolvable".
    let standstill = PruningAutomaton::new(4, Move::ALL.map(|step| [step.index()])).unwrap();
    for algorithm in [
        Algorithm::IdaStar,
        Algorithm::ParallelIdaStar(NonZeroUsize::new(2).unwrap()),
    ] {
        let error = solve_pruned(
            &start,
            &goal,
            algorithm,
            HeuristicKind::Manhattan,
            &Limits::default(),
            &mut databases,
            &standstill,
        )
        .unwrap_err();
        assert!(
            matches!(error, SolveError::PruningForbidsEveryPath),
            "{error}"
        );
        assert_eq!(
            error.to_string(),
            "duplicate pruning forbade every path to the goal: the automaton forbids a move sequence without allowing one that replaces it"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn pruning_never_changes_the_optimal_length(seed: u64, wide: bool) {
        let shape = if wide { Shape::new(4, 3).unwrap() } else { Shape::new(3, 4).unwrap() };
        let goal = Board::blank_first(shape);
        let start = random_walk(&goal, 60, seed);
        let automaton = tile_pruning_automaton(shape, 12, &Limits::none()).unwrap();
        let ((plain, _), (pruned, _)) = both_ways(&automaton, &start, &goal);
        prop_assert_eq!(plain, pruned);
    }
}
