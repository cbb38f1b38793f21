//! Klotski as a `blocks` layout family through the search-core contract: the published optimal
//! lengths of the classic layout, every solution replayed by an independent grid oracle, the
//! parser's errors, canonical states, and every algorithm agreeing.

use std::collections::HashSet;

use puzzles::blocks::{
    Blocks, GoalDistance, KLOTSKI_CLASSIC, LayoutError, Metric, Move, Placement, Position,
};
use search_core::{
    Heuristic, Outcome, Problem, Reversible, Successors, astar, bfs,
    bidirectional::bidirectional_bfs_to_goals, bidirectional_bfs, idastar, outcome::Solution,
};

/// A board as letters, five rows of four.
type Grid = Vec<Vec<char>>;

/// The board of `state`: the last five lines of the layout format, each piece drawn with its
/// letter.
fn grid(problem: &Blocks, state: &Placement) -> Grid {
    let rendered = problem.render(state);
    let lines: Vec<&str> = rendered.lines().collect();
    assert!(lines.len() >= 5, "{rendered}");
    lines[lines.len() - 5..]
        .iter()
        .map(|line| line.chars().collect())
        .collect()
}

fn text_of(grid: &Grid) -> String {
    let rows: Vec<String> = grid.iter().map(|row| row.iter().collect()).collect();
    rows.join("\n")
}

/// The cells of the piece lettered `letter`, in reading order.
fn cells_of(grid: &Grid, letter: char) -> Vec<(usize, usize)> {
    (0..5)
        .flat_map(|r| (0..4).map(move |c| (r, c)))
        .filter(|&(r, c)| grid[r][c] == letter)
        .collect()
}

/// The board with the letters forgotten: each piece's top-left cell and size, sorted. Two
/// boards that differ by swapping identical pieces are one state, as in the library.
fn canonical(grid: &Grid) -> Vec<((usize, usize), (usize, usize))> {
    let mut letters: Vec<char> = grid
        .iter()
        .flatten()
        .copied()
        .filter(|&c| c != '.')
        .collect();
    letters.sort_unstable();
    letters.dedup();
    let mut pieces: Vec<_> = letters
        .into_iter()
        .map(|letter| {
            let cells = cells_of(grid, letter);
            let top = cells.iter().map(|&(r, _)| r).min().unwrap();
            let left = cells.iter().map(|&(_, c)| c).min().unwrap();
            let bottom = cells.iter().map(|&(r, _)| r).max().unwrap();
            let right = cells.iter().map(|&(_, c)| c).max().unwrap();
            ((top, left), (right - left + 1, bottom - top + 1))
        })
        .collect();
    pieces.sort_unstable();
    pieces
}

/// The (width, height) of the pieces of `action`'s class, read from the start's board: a move
/// is named by the letter of its class's first piece at the start, and at the start every
/// piece has a letter of its own.
fn class_shape(problem: &Blocks, start: &Grid, action: &Move) -> (usize, usize) {
    let letter = problem.describe(action).chars().next().unwrap();
    let cells = cells_of(start, letter);
    assert!(!cells.is_empty(), "no piece {letter} at the start");
    let (rows, columns): (Vec<usize>, Vec<usize>) = cells.iter().copied().unzip();
    let width = columns.iter().max().unwrap() - columns.iter().min().unwrap() + 1;
    let height = rows.iter().max().unwrap() - rows.iter().min().unwrap() + 1;
    (width, height)
}

/// Whether a piece of `shape` with its top-left at (`row`, `column`) fits on empty cells.
fn fits_on_empty(grid: &Grid, shape: (usize, usize), row: usize, column: usize) -> bool {
    row + shape.1 <= 5
        && column + shape.0 <= 4
        && (row..row + shape.1).all(|r| (column..column + shape.0).all(|c| grid[r][c] == '.'))
}

/// Plays `action` on the letter grid, written without the engine's tables: lift the piece off
/// the board, check that it has its class's shape and that the destination is reachable under
/// `metric`, and put it down, keeping its letter.
fn oracle_play(
    problem: &Blocks,
    start: &Grid,
    before: &Grid,
    metric: Metric,
    action: &Move,
) -> Grid {
    let shape = class_shape(problem, start, action);
    let (from, to) = (problem.position(action.from), problem.position(action.to));
    let described = problem.describe(action);
    let mut grid = before.clone();
    let (row, column) = (usize::from(from.row), usize::from(from.column));
    let letter = grid[row][column];
    assert_ne!(letter, '.', "{described}: no piece at its start cell");
    let cells = cells_of(&grid, letter);
    let expected: Vec<(usize, usize)> = (row..row + shape.1)
        .flat_map(|r| (column..column + shape.0).map(move |c| (r, c)))
        .collect();
    assert_eq!(cells, expected, "{described}: the piece has another shape");
    for &(r, c) in &cells {
        grid[r][c] = '.';
    }
    let target = (usize::from(to.row), usize::from(to.column));
    assert_ne!(target, (row, column), "{described}: a move must move");
    let reachable = match metric {
        Metric::Step => row.abs_diff(target.0) + column.abs_diff(target.1) == 1,
        Metric::Piece => {
            let mut seen = vec![(row, column)];
            let mut next = 0;
            while next < seen.len() {
                let (r, c) = seen[next];
                next += 1;
                let around = [
                    (r.wrapping_sub(1), c),
                    (r + 1, c),
                    (r, c.wrapping_sub(1)),
                    (r, c + 1),
                ];
                for (nr, nc) in around {
                    if nr < 5
                        && nc < 4
                        && !seen.contains(&(nr, nc))
                        && fits_on_empty(&grid, shape, nr, nc)
                    {
                        seen.push((nr, nc));
                    }
                }
            }
            seen.contains(&target)
        }
    };
    assert!(
        reachable && fits_on_empty(&grid, shape, target.0, target.1),
        "{described}: not a legal {metric} move on\n{}",
        text_of(before)
    );
    for line in grid.iter_mut().skip(target.0).take(shape.1) {
        for cell in line.iter_mut().skip(target.1).take(shape.0) {
            *cell = letter;
        }
    }
    grid
}

/// Replays `solution` with the oracle and checks its cost, its end, that the library's own
/// replay passes through the same boards, and that the library's lettered boards follow each
/// piece as the oracle does.
fn verify(problem: &Blocks, solution: &Solution<Placement, Move, u32>) {
    let states = problem
        .replay(&solution.start, &solution.actions)
        .expect("the library accepts what it found");
    let start = grid(problem, &solution.start);
    let mut oracle = vec![start.clone()];
    for action in &solution.actions {
        let next = oracle_play(
            problem,
            &start,
            oracle.last().unwrap(),
            problem.metric(),
            action,
        );
        oracle.push(next);
    }
    for (state, board) in states.iter().zip(&oracle) {
        assert_eq!(
            canonical(&grid(problem, state)),
            canonical(board),
            "the library and the oracle disagree on\n{}",
            text_of(board)
        );
    }
    let end = oracle.last().unwrap();
    let block = end[3][1];
    assert!(
        block != '.'
            && [end[3][2], end[4][1], end[4][2]]
                .iter()
                .all(|&c| c == block),
        "the solution ends unsolved:\n{}",
        text_of(end)
    );
    assert!(problem.is_solved(states.last().unwrap()));
    assert!(
        states[..states.len() - 1]
            .iter()
            .all(|state| !problem.is_solved(state))
    );
    assert_eq!(solution.cost as usize, solution.actions.len());
    assert_eq!(solution.states(problem), Some(states));
    // The lettered boards: each piece keeps its letter, as the oracle's letters do.
    let rendered = problem
        .render_solution(&solution.start, &solution.actions)
        .unwrap();
    let boards: Vec<&str> = rendered
        .split("\n\n")
        .map(|frame| frame.split_once('\n').unwrap().1.trim_end())
        .collect();
    let expected: Vec<String> = oracle.iter().map(text_of).collect();
    assert_eq!(boards, expected);
}

fn classic(metric: Metric) -> (Blocks, Placement) {
    let (problem, start) = Blocks::klotski_classic();
    (problem.with_metric(metric), start)
}

fn klotski(text: &str) -> (Blocks, Placement) {
    Blocks::parse_klotski(text).unwrap_or_else(|error| panic!("{text:?}: {error}"))
}

fn solve_with_bfs(problem: &Blocks, start: Placement) -> Solution<Placement, Move, u32> {
    match bfs(problem, start).outcome {
        Outcome::Solved(solution) => solution,
        other => panic!("bfs did not solve\n{}\n{other:?}", problem.render(&start)),
    }
}

fn solve_with_astar(problem: &Blocks, start: Placement) -> Solution<Placement, Move, u32> {
    match astar(problem, &GoalDistance, start).outcome {
        Outcome::Solved(solution) => solution,
        other => panic!("astar did not solve\n{}\n{other:?}", problem.render(&start)),
    }
}

/// Checks the heuristic along a solution: admissible (never above the remaining cost),
/// consistent on every move out of each state, and `estimate_after` equal to a full estimate.
fn check_heuristic(problem: &Blocks, solution: &Solution<Placement, Move, u32>) {
    let states = problem.replay(&solution.start, &solution.actions).unwrap();
    let mut successors = Successors::<Blocks>::new();
    for (index, state) in states.iter().enumerate() {
        let estimate = GoalDistance.estimate(problem, state);
        let remaining = (states.len() - 1 - index) as u32;
        assert!(
            estimate <= remaining,
            "inadmissible on\n{}",
            problem.render(state)
        );
        successors.clear();
        problem.successors(state, &mut successors);
        for successor in &successors {
            let after = GoalDistance.estimate(problem, &successor.state);
            assert!(
                estimate <= after + successor.cost,
                "inconsistent on\n{}",
                problem.render(state)
            );
            assert_eq!(
                GoalDistance.estimate_after(problem, &successor.state, &successor.action, estimate),
                after
            );
        }
    }
}

/// Bidirectional BFS towards the board BFS ended on, and towards every solved board of the
/// start's cluster: no goal board is nearer than the nearest one, and BFS reached this one that
/// fast, so the lengths must be equal.
fn both_ways_agree(problem: &Blocks, solution: &Solution<Placement, Move, u32>) {
    let states = problem.replay(&solution.start, &solution.actions).unwrap();
    let goal = *states.last().unwrap();
    match bidirectional_bfs(problem, solution.start, goal).outcome {
        Outcome::Solved(both_ways) => {
            assert_eq!(both_ways.cost, solution.cost);
            verify(problem, &both_ways);
        }
        other => panic!("bidirectional bfs did not solve: {other:?}"),
    }
    let goals = problem.goal_states(&solution.start);
    assert!(goals.contains(&goal));
    match bidirectional_bfs_to_goals(problem, solution.start, goals.iter().copied()).outcome {
        Outcome::Solved(to_goals) => {
            assert_eq!(to_goals.cost, solution.cost);
            verify(problem, &to_goals);
        }
        other => panic!("bidirectional bfs to the goals did not solve: {other:?}"),
    }
}

// The optimal lengths of 横刀立马 are published figures: 81 moves when a piece slides any
// distance (turning corners) in one move, 116 when every one-cell step counts (see
// https://en.wikipedia.org/wiki/Klotski and the Chinese Huarong Dao literature, e.g.
// https://zh.wikipedia.org/wiki/华容道_(游戏), which both give 81 for the classic layout; 116 is the
// unit-step count quoted for the same layout).

#[test]
fn the_classic_layout_takes_116_steps() {
    let (problem, start) = classic(Metric::Step);
    let solution = solve_with_bfs(&problem, start);
    assert_eq!(solution.cost, 116);
    verify(&problem, &solution);
    check_heuristic(&problem, &solution);

    let guided = solve_with_astar(&problem, start);
    assert_eq!(guided.cost, 116);
    verify(&problem, &guided);
    both_ways_agree(&problem, &solution);
}

#[test]
fn the_classic_layout_takes_81_piece_moves() {
    let (problem, start) = classic(Metric::Piece);
    let solution = solve_with_bfs(&problem, start);
    assert_eq!(solution.cost, 81);
    verify(&problem, &solution);
    check_heuristic(&problem, &solution);

    let guided = solve_with_astar(&problem, start);
    assert_eq!(guided.cost, 81);
    verify(&problem, &guided);
    both_ways_agree(&problem, &solution);
}

/// The block sits bottom-left behind a vertical piece, with the two empty cells to the right of
/// that piece. By hand: the block cannot move at all at first (a single above, the vertical
/// piece to its right), so one move is not enough under either metric; moving the vertical piece
/// right and then the block right solves it in two.
const TWO_MOVES: &str = "ABCD\nEFGH\nIJKL\nMMN.\nMMN.";

#[test]
fn a_layout_checked_by_hand_takes_two_moves_under_both_metrics() {
    let (problem, start) = klotski(TWO_MOVES);
    let start_grid = grid(&problem, &start);
    // The vertical piece N one cell right, then the block M one cell right.
    let expected = [
        ((1, 2), Position::new(3, 2), Position::new(3, 3)),
        ((2, 2), Position::new(3, 0), Position::new(3, 1)),
    ];
    for metric in [Metric::Step, Metric::Piece] {
        let problem = problem.clone().with_metric(metric);
        let solution = solve_with_bfs(&problem, start);
        let found: Vec<_> = (solution.actions.iter())
            .map(|action| {
                (
                    class_shape(&problem, &start_grid, action),
                    problem.position(action.from),
                    problem.position(action.to),
                )
            })
            .collect();
        assert_eq!(found, expected, "{metric}");
        assert_eq!(
            problem.name_moves(&start, &solution.actions).unwrap(),
            ["N r4c3 -> r4c4", "M r4c1 -> r4c2"]
        );
        verify(&problem, &solution);
        let guided = solve_with_astar(&problem, start);
        assert_eq!(guided.cost, 2);
        verify(&problem, &guided);
        let Outcome::Solved(deep) = idastar(&problem, &GoalDistance, start).outcome else {
            panic!("idastar did not solve the two-move layout");
        };
        assert_eq!(deep.cost, 2);
        verify(&problem, &deep);
    }
}

#[test]
fn a_solved_layout_needs_no_move() {
    let (problem, solved) = klotski("ABCD\nEFGH\nIJKL\n.MM.\nNMMO");
    assert!(problem.is_solved(&solved));
    let solution = solve_with_bfs(&problem.with_metric(Metric::Step), solved);
    assert!(solution.is_empty());
}

#[test]
fn the_goal_is_the_block_at_the_bottom_exit_whatever_its_letter() {
    for (text, block) in [(KLOTSKI_CLASSIC, 'B'), ("ZYYX/ZYYX/WVVU/WTSU/R..Q", 'Y')] {
        let (problem, start) = klotski(text);
        let rendered = problem.render(&start);
        assert_eq!(
            rendered,
            format!("goal: {block} at 4,2\n{}", text.replace('/', "\n"))
        );
        // The layout format reads the rendering back as the same puzzle at the same start.
        let (again, again_start) = Blocks::parse(&rendered).unwrap();
        assert_eq!(again.render(&again_start), rendered);
        assert_eq!(
            bfs(&again, again_start).into_solution().map(|s| s.cost),
            Some(81)
        );
    }
}

#[test]
fn identical_pieces_are_interchangeable() {
    // The same positions with the vertical pieces A and C, and the single cells I and J,
    // swapped; and in lower case.
    let (problem, start) = Blocks::klotski_classic();
    let (swapped_problem, swapped) = klotski("CBBA\nCBBA\nDEEF\nDGHF\nJ..I");
    let (lowercase_problem, lowercase) = klotski("aBBc\naBBc\ndeef\ndghf\ni..j");
    assert_eq!(swapped, start);
    assert_eq!(lowercase, start);
    // The same rules: the classes, their shapes and the goal (the block is `B` in all three).
    assert_eq!(format!("{swapped_problem:?}"), format!("{problem:?}"));
    assert_eq!(format!("{lowercase_problem:?}"), format!("{problem:?}"));
    let distinct: HashSet<Placement> = [start, swapped, lowercase].into_iter().collect();
    assert_eq!(distinct.len(), 1);
    // The letters are the user's: each layout draws its start as it was written.
    assert!(
        swapped_problem
            .render(&swapped)
            .ends_with("CBBA\nCBBA\nDEEF\nDGHF\nJ..I")
    );
    assert!(
        lowercase_problem
            .render(&lowercase)
            .ends_with("aBBc\naBBc\ndeef\ndghf\ni..j")
    );

    // Rotating two single cells around a 2x2 square with the two empty cells swaps them, which
    // lands on the very state it left.
    let (problem, start) = klotski("ABCD\nEFGH\nIJKL\nMMN.\nMMO.");
    let problem = problem.with_metric(Metric::Step);
    let single = find_class(&problem, &start, (1, 1));
    let cell = |(row, column): (u8, u8)| row * 4 + column;
    let step = |from, to| Move {
        class: single,
        from: cell(from),
        to: cell(to),
    };
    // N right, O up into N's place, N down, N left into O's place.
    let rotation = [
        step((3, 2), (3, 3)),
        step((4, 2), (3, 2)),
        step((3, 3), (4, 3)),
        step((4, 3), (4, 2)),
    ];
    let states = problem.replay(&start, &rotation).unwrap();
    assert_eq!(states.last(), Some(&start));
    // The placements in between are other states: canonical, not collapsed.
    assert!(states[1..4].iter().all(|state| *state != start));
    // Followed piece by piece, N and O have traded places although the state is the same.
    let rendered = problem.render_solution(&start, &rotation).unwrap();
    assert!(rendered.ends_with("IJKL\nMMO.\nMMN.\n"), "{rendered}");
}

/// The class whose pieces are `shape` (width, height), found through the names of moves:
/// [`Blocks::describe`] names a class by its first piece's letter at the start.
fn find_class(problem: &Blocks, start: &Placement, shape: (usize, usize)) -> u8 {
    let start_grid = grid(problem, start);
    (0..16)
        .find(|&class| {
            let probe = Move {
                class,
                from: 0,
                to: 0,
            };
            !problem.describe(&probe).starts_with('?')
                && class_shape(problem, &start_grid, &probe) == shape
        })
        .expect("a class of that shape")
}

#[test]
fn the_layout_format_and_klotskis_read_every_board_back() {
    let (problem, start) = classic(Metric::Piece);
    let solution = solve_with_bfs(&problem, start);
    for state in problem.replay(&start, &solution.actions).unwrap() {
        let text = problem.render(&state);
        // The layout format: the same puzzle at the same placement.
        let (again, again_state) = Blocks::parse(&text).unwrap();
        assert_eq!(again.render(&again_state), text);
        // Klotski's format: the board alone is the same placement of the same puzzle.
        let board = text_of(&grid(&problem, &state));
        let (klotski_problem, klotski_state) = klotski(&board);
        assert_eq!(klotski_state, state);
        assert_eq!(format!("{klotski_problem:?}"), format!("{problem:?}"));
        assert_eq!(klotski_problem.render(&klotski_state), text);
        assert_eq!(board.lines().count(), 5);
        assert_eq!(board.chars().filter(|&c| c == '.').count(), 2);
    }
    let rendered = problem
        .render_solution(&start, &solution.actions[..2])
        .unwrap();
    assert!(rendered.starts_with(&format!("start\n{KLOTSKI_CLASSIC}\n\n1. ")));
    assert_eq!(rendered.matches("\n\n").count(), 2);
}

#[test]
fn rendered_pieces_keep_their_letters_along_the_solution() {
    let (problem, start) = classic(Metric::Piece);
    let solution = solve_with_bfs(&problem, start);
    let rendered = problem.render_solution(&start, &solution.actions).unwrap();
    let names = problem.name_moves(&start, &solution.actions).unwrap();
    // Each board's cells by letter: between two boards, only the moved piece's letter moves,
    // and the move names that letter.
    let frames: Vec<&str> = rendered.split("\n\n").collect();
    let boards: Vec<Vec<(char, Vec<usize>)>> = frames
        .iter()
        .map(|step| {
            let cells: Vec<char> = step.lines().skip(1).flat_map(str::chars).collect();
            let mut letters: Vec<char> = cells.iter().copied().filter(|&c| c != '.').collect();
            letters.sort_unstable();
            letters.dedup();
            letters
                .into_iter()
                .map(|letter| {
                    let at = (0..cells.len())
                        .filter(|&cell| cells[cell] == letter)
                        .collect();
                    (letter, at)
                })
                .collect()
        })
        .collect();
    assert_eq!(boards.len(), solution.actions.len() + 1);
    for (index, pair) in boards.windows(2).enumerate() {
        let letters =
            |board: &[(char, Vec<usize>)]| board.iter().map(|(l, _)| *l).collect::<Vec<_>>();
        assert_eq!(
            letters(&pair[0]),
            letters(&pair[1]),
            "the same pieces throughout"
        );
        let moved: Vec<char> = pair[0]
            .iter()
            .zip(&pair[1])
            .filter(|(before, after)| before != after)
            .map(|(before, _)| before.0)
            .collect();
        assert_eq!(moved.len(), 1, "one piece moves a step");
        assert!(names[index].starts_with(moved[0]), "{}", names[index]);
        assert!(
            frames[index + 1].starts_with(&format!("{}. {}\n", index + 1, names[index])),
            "{}",
            frames[index + 1]
        );
    }
}

#[test]
fn predecessors_are_reversed_successors() {
    let (problem, start) = classic(Metric::Piece);
    let solution = solve_with_bfs(&problem, start);
    let (mut forward, mut backward) = (Successors::<Blocks>::new(), Successors::<Blocks>::new());
    for state in problem.replay(&start, &solution.actions).unwrap() {
        forward.clear();
        backward.clear();
        problem.successors(&state, &mut forward);
        problem.predecessors(&state, &mut backward);
        assert_eq!(forward.len(), backward.len());
        for entry in &backward {
            // `entry.action` leads from `entry.state` to `state`.
            assert_eq!(problem.play(&entry.state, &entry.action), Some(state));
            assert_eq!(
                problem.inverse(&entry.action),
                Some(entry.action.reversed())
            );
        }
    }
}

#[test]
fn illegal_moves_are_rejected() {
    let (problem, start) = classic(Metric::Step);
    let block = find_class(&problem, &start, (2, 2));
    let single = find_class(&problem, &start, (1, 1));
    let cell = |row: u8, column: u8| row * 4 + column;
    let through_a_piece = Move {
        class: block,
        from: cell(0, 1),
        to: cell(1, 1),
    };
    // The piece at the top-left is a vertical one, not a single cell.
    let wrong_shape = Move {
        class: single,
        from: cell(0, 0),
        to: cell(1, 0),
    };
    let two_steps = Move {
        class: single,
        from: cell(3, 1),
        to: cell(4, 2),
    };
    for action in [through_a_piece, wrong_shape, two_steps] {
        let described = problem.describe(&action);
        assert_eq!(problem.play(&start, &action), None, "{described}");
    }
    // Two steps are one legal piece move.
    assert!(
        problem
            .clone()
            .with_metric(Metric::Piece)
            .play(&start, &two_steps)
            .is_some()
    );
    let error = problem.replay(&start, &[through_a_piece]).unwrap_err();
    assert_eq!((error.index, error.action), (0, through_a_piece));
    assert_eq!(
        error.to_string(),
        format!("move 1 (class {block} from cell 1 to cell 5) is not legal")
    );
    assert_eq!(problem.describe(&through_a_piece), "B r1c2 -> r2c2");
}

#[test]
fn parser_errors_name_the_problem() {
    let cases: [(&str, LayoutError, &str); 12] = [
        (
            "ABBC\nABBC\nDEEF\nDGHF",
            LayoutError::KlotskiRows { found: 4 },
            "expected 5 rows, found 4",
        ),
        (
            "",
            LayoutError::KlotskiRows { found: 0 },
            "expected 5 rows, found 0",
        ),
        (
            "ABBC/ABBC/DEEF/DGHF/I..J/ABCD",
            LayoutError::KlotskiRows { found: 6 },
            "expected 5 rows, found 6",
        ),
        (
            "ABBC\nABBC\nDEEFF\nDGHF\nI..J",
            LayoutError::KlotskiColumns { row: 2, found: 5 },
            "row 3 has 5 cells, expected 4",
        ),
        (
            "ABBC\nABBC\nDEEF\nDGHF\nI.*J",
            LayoutError::KlotskiCharacter {
                character: '*',
                at: Position::new(4, 2),
            },
            "invalid character '*' at row 5, column 3 \
             (use one letter per piece and '.' for an empty cell)",
        ),
        (
            "ABBC\nABBC\nDEEF\nDGHF\nI..I",
            LayoutError::Disconnected {
                piece: 'I',
                at: Position::new(4, 3),
            },
            "piece 'I' is not in one piece: r5c4 is cut off from the rest",
        ),
        (
            "ABBC\nABBC\nDEEF\nDGEF\nI..J",
            LayoutError::NotRectangle { piece: 'E' },
            "piece 'E' is not a rectangle",
        ),
        (
            "ABBC\nABBC\nDEEE\nDGHF\nI..J",
            LayoutError::KlotskiPieceSize {
                piece: 'E',
                width: 3,
                height: 1,
            },
            "piece 'E' is 3 wide and 1 tall \
             (pieces are 2x2, 1 wide and 2 tall, 2 wide and 1 tall, or single cells)",
        ),
        (
            "AKLC\nAKLC\nDEEF\nDGHF\nI..J",
            LayoutError::KlotskiBlocks { found: 0 },
            "expected exactly one 2x2 block, found 0",
        ),
        (
            "BBKK\nBBKK\nDEEF\nDGHF\nI..J",
            LayoutError::KlotskiBlocks { found: 2 },
            "expected exactly one 2x2 block, found 2",
        ),
        (
            "ABBC\nABBC\nDEEF\nDGHF\nI.XJ",
            LayoutError::KlotskiEmptyCells { found: 1 },
            "expected exactly 2 empty cells, found 1",
        ),
        (
            "ABBC\nABBC\nDEEF\nDG.F\nI..J",
            LayoutError::KlotskiEmptyCells { found: 3 },
            "expected exactly 2 empty cells, found 3",
        ),
    ];
    for (layout, error, message) in cases {
        assert_eq!(
            Blocks::parse_klotski(layout).map(|_| ()),
            Err(error.clone()),
            "{layout:?}"
        );
        assert_eq!(error.to_string(), message);
    }
}

#[test]
fn the_parser_accepts_line_ending_variants_and_never_panics() {
    let (problem, classic) = Blocks::klotski_classic();
    let crlf = KLOTSKI_CLASSIC.replace('\n', "\r\n") + "\r\n";
    let one_line = KLOTSKI_CLASSIC.replace('\n', "/");
    for text in [crlf, format!("\n{KLOTSKI_CLASSIC}\n\n"), one_line] {
        let (again, start) = klotski(&text);
        assert_eq!(start, classic, "{text:?}");
        assert_eq!(again.render(&start), problem.render(&classic), "{text:?}");
    }
    // Multi-byte characters count as one cell and are reported, not sliced through.
    assert_eq!(
        Blocks::parse_klotski("ABBC\nABBC\nDEEF\nDGHF\nI.éJ").map(|_| ()),
        Err(LayoutError::KlotskiCharacter {
            character: 'é',
            at: Position::new(4, 2),
        })
    );
    // Letters only: the layout format's walls and digit pieces are not Klotski's, but `x` is a
    // letter like any other.
    assert!(Blocks::parse_klotski("ABBC\nABBC\nDEEF\nDGHF\nI..1").is_err());
    assert!(Blocks::parse_klotski("ABBC\nABBC\nDEEF\nDGHF\nI..#").is_err());
    let (problem, start) = klotski("xBBC\nxBBC\nDEEF\nDGHF\nI..J");
    assert_eq!(start, classic);
    assert!(
        problem
            .render(&start)
            .ends_with("xBBC\nxBBC\nDEEF\nDGHF\nI..J")
    );
    let hostile = [
        "\n\n\n\n\n",
        "....\n....\n....\n....\n....",
        "\r",
        "ABBC\n\nABBC",
        "////",
        "ABBC/ABBC/DEEF/DGHF/I..J/",
    ];
    for text in hostile {
        let error = Blocks::parse_klotski(text).map(|_| ()).unwrap_err();
        assert!(!error.to_string().is_empty(), "{text:?}");
    }
}
