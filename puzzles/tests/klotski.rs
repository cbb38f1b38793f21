//! Klotski through the search-core contract: the published optimal lengths of the classic layout,
//! every solution replayed by an independent grid oracle, the parser's errors, and canonical
//! states.

use std::collections::HashSet;

use puzzles::klotski::{
    BlockDistance, Board, Klotski, Metric, Move, ParseError, Position, Shape, CLASSIC_LAYOUT,
};
use search_core::{
    astar, bfs, bidirectional_bfs, idastar, Heuristic, Outcome, Problem, Reversible, Solution,
    Successors,
};

type Grid = Vec<Vec<char>>;

fn grid(board: &Board) -> Grid {
    board
        .to_string()
        .lines()
        .map(|line| line.chars().collect())
        .collect()
}

fn board_of(grid: &Grid) -> Board {
    let text: Vec<String> = grid.iter().map(|row| row.iter().collect()).collect();
    text.join("\n")
        .parse()
        .expect("the oracle only builds valid grids")
}

/// Whether a piece of `shape` with its top-left at (`row`, `column`) fits on empty cells.
fn fits_on_empty(grid: &Grid, shape: Shape, row: usize, column: usize) -> bool {
    row + shape.height() <= 5
        && column + shape.width() <= 4
        && (row..row + shape.height())
            .all(|r| (column..column + shape.width()).all(|c| grid[r][c] == '.'))
}

/// Plays `action` on the letter grid, written without the engine's bit tricks: lift the piece
/// off the board, check that the destination is reachable under `metric`, and put it down.
fn oracle_play(before: &Board, metric: Metric, action: &Move) -> Board {
    let mut grid = grid(before);
    let (row, column) = (
        usize::from(action.from.row),
        usize::from(action.from.column),
    );
    let letter = grid[row][column];
    assert_ne!(letter, '.', "{action}: no piece at its start cell");
    let cells: Vec<(usize, usize)> = (0..5)
        .flat_map(|r| (0..4).map(move |c| (r, c)))
        .filter(|&(r, c)| grid[r][c] == letter)
        .collect();
    let expected: Vec<(usize, usize)> = (row..row + action.shape.height())
        .flat_map(|r| (column..column + action.shape.width()).map(move |c| (r, c)))
        .collect();
    assert_eq!(cells, expected, "{action}: the piece has another shape");
    for &(r, c) in &cells {
        grid[r][c] = '.';
    }
    let target = (usize::from(action.to.row), usize::from(action.to.column));
    assert_ne!(target, (row, column), "{action}: a move must move");
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
                        && fits_on_empty(&grid, action.shape, nr, nc)
                    {
                        seen.push((nr, nc));
                    }
                }
            }
            seen.contains(&target)
        }
    };
    assert!(
        reachable && fits_on_empty(&grid, action.shape, target.0, target.1),
        "{action}: not a legal {metric} move on\n{before}"
    );
    for line in grid.iter_mut().skip(target.0).take(action.shape.height()) {
        for cell in line.iter_mut().skip(target.1).take(action.shape.width()) {
            *cell = letter;
        }
    }
    board_of(&grid)
}

/// Replays `solution` with the oracle and checks its cost, its end and that the library's own
/// replay agrees.
fn verify(problem: &Klotski, solution: &Solution<Board, Move, u32>) {
    let mut board = solution.start;
    for action in &solution.actions {
        board = oracle_play(&board, problem.metric(), action);
    }
    let end = grid(&board);
    let block = end[3][1];
    assert!(
        block != '.'
            && [end[3][2], end[4][1], end[4][2]]
                .iter()
                .all(|&c| c == block),
        "the solution ends unsolved:\n{board}"
    );
    assert_eq!(solution.cost as usize, solution.actions.len());
    let boards = problem
        .replay(solution.start, &solution.actions)
        .expect("the library accepts what the oracle accepts");
    assert_eq!(boards.last(), Some(&board));
    assert_eq!(solution.states(problem), Some(boards));
}

fn solve_with_bfs(problem: &Klotski, start: Board) -> Solution<Board, Move, u32> {
    match bfs(problem, start).outcome {
        Outcome::Solved(solution) => solution,
        other => panic!("bfs did not solve\n{start}\n{other:?}"),
    }
}

fn solve_with_astar(problem: &Klotski, start: Board) -> Solution<Board, Move, u32> {
    match astar(problem, &BlockDistance, start).outcome {
        Outcome::Solved(solution) => solution,
        other => panic!("astar did not solve\n{start}\n{other:?}"),
    }
}

/// Checks the heuristic along a solution: admissible (never above the remaining cost), consistent
/// on every move out of each state, and `estimate_after` equal to a full estimate.
fn check_heuristic(problem: &Klotski, solution: &Solution<Board, Move, u32>) {
    let boards = problem.replay(solution.start, &solution.actions).unwrap();
    let mut successors = Successors::<Klotski>::new();
    for (index, board) in boards.iter().enumerate() {
        let estimate = BlockDistance.estimate(problem, board);
        let remaining = (boards.len() - 1 - index) as u32;
        assert!(estimate <= remaining, "inadmissible on\n{board}");
        successors.clear();
        problem.successors(board, &mut successors);
        for successor in &successors {
            let after = BlockDistance.estimate(problem, &successor.state);
            assert!(
                estimate <= after + successor.cost,
                "inconsistent on\n{board}"
            );
            assert_eq!(
                BlockDistance.estimate_after(
                    problem,
                    &successor.state,
                    &successor.action,
                    estimate
                ),
                after
            );
        }
    }
}

/// Bidirectional BFS towards the board BFS ended on: no goal board is nearer than the nearest
/// one, and BFS reached this one that fast, so the two lengths must be equal.
fn both_ways_agree(problem: &Klotski, solution: &Solution<Board, Move, u32>) {
    let boards = problem.replay(solution.start, &solution.actions).unwrap();
    let goal = *boards.last().unwrap();
    match bidirectional_bfs(problem, solution.start, goal).outcome {
        Outcome::Solved(both_ways) => {
            assert_eq!(both_ways.cost, solution.cost);
            verify(problem, &both_ways);
        }
        other => panic!("bidirectional bfs did not solve: {other:?}"),
    }
}

// The optimal lengths of 横刀立马 are published figures: 81 moves when a piece slides any
// distance (turning corners) in one move, 116 when every one-cell step counts (see
// https://en.wikipedia.org/wiki/Klotski and the Chinese Huarong Dao literature, e.g.
// https://zh.wikipedia.org/wiki/华容道_(游戏), which both give 81 for the classic layout; 116 is the
// unit-step count quoted for the same layout).

#[test]
fn the_classic_layout_takes_116_steps() {
    let problem = Klotski::new(Metric::Step);
    let solution = solve_with_bfs(&problem, Board::classic());
    assert_eq!(solution.cost, 116);
    verify(&problem, &solution);
    check_heuristic(&problem, &solution);

    let guided = solve_with_astar(&problem, Board::classic());
    assert_eq!(guided.cost, 116);
    verify(&problem, &guided);
    both_ways_agree(&problem, &solution);
}

#[test]
fn the_classic_layout_takes_81_piece_moves() {
    let problem = Klotski::new(Metric::Piece);
    let solution = solve_with_bfs(&problem, Board::classic());
    assert_eq!(solution.cost, 81);
    verify(&problem, &solution);
    check_heuristic(&problem, &solution);

    let guided = solve_with_astar(&problem, Board::classic());
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
    let start: Board = TWO_MOVES.parse().unwrap();
    let expected = [
        Move {
            shape: Shape::Vertical,
            from: Position { row: 3, column: 2 },
            to: Position { row: 3, column: 3 },
        },
        Move {
            shape: Shape::Block,
            from: Position { row: 3, column: 0 },
            to: Position { row: 3, column: 1 },
        },
    ];
    for metric in [Metric::Step, Metric::Piece] {
        let problem = Klotski::new(metric);
        let solution = solve_with_bfs(&problem, start);
        assert_eq!(solution.actions, expected, "{metric}");
        verify(&problem, &solution);
        assert_eq!(solve_with_astar(&problem, start).cost, 2);
        let Outcome::Solved(deep) = idastar(&problem, &BlockDistance, start).outcome else {
            panic!("idastar did not solve the two-move layout");
        };
        assert_eq!(deep.cost, 2);
        verify(&problem, &deep);
    }
}

#[test]
fn a_solved_layout_needs_no_move() {
    let solved: Board = "ABCD\nEFGH\nIJKL\n.MM.\nNMMO".parse().unwrap();
    assert!(solved.is_solved());
    let solution = solve_with_bfs(&Klotski::new(Metric::Step), solved);
    assert!(solution.is_empty());
}

#[test]
fn identical_pieces_are_interchangeable() {
    // The same positions with the vertical pieces A and C, and the single cells I and J, swapped.
    let swapped: Board = "CBBA\nCBBA\nDEEF\nDGHF\nJ..I".parse().unwrap();
    let lowercase: Board = "aBBc\naBBc\ndeef\ndghf\ni..j".parse().unwrap();
    assert_eq!(swapped, Board::classic());
    assert_eq!(lowercase, Board::classic());
    let distinct: HashSet<Board> = [Board::classic(), swapped, lowercase].into_iter().collect();
    assert_eq!(distinct.len(), 1);
    assert_eq!(swapped.to_string(), CLASSIC_LAYOUT);

    // Rotating two single cells around a 2x2 square with the two empty cells swaps them, which
    // lands on the very state it left.
    let start: Board = "ABCD\nEFGH\nIJKL\nMMN.\nMMO.".parse().unwrap();
    let problem = Klotski::new(Metric::Step);
    let single = |from: (u8, u8), to: (u8, u8)| Move {
        shape: Shape::Single,
        from: Position {
            row: from.0,
            column: from.1,
        },
        to: Position {
            row: to.0,
            column: to.1,
        },
    };
    // N right, O up into N's place, N down, N left into O's place.
    let rotation = [
        single((3, 2), (3, 3)),
        single((4, 2), (3, 2)),
        single((3, 3), (4, 3)),
        single((4, 3), (4, 2)),
    ];
    let boards = problem.replay(start, &rotation).unwrap();
    assert_eq!(boards.last(), Some(&start));
    // The boards in between are other states: canonical, not collapsed.
    assert!(boards[1..4].iter().all(|board| *board != start));
}

#[test]
fn display_writes_the_layout_format_back() {
    let problem = Klotski::new(Metric::Piece);
    let solution = solve_with_bfs(&problem, Board::classic());
    for board in problem.replay(solution.start, &solution.actions).unwrap() {
        let text = board.to_string();
        assert_eq!(text.parse::<Board>(), Ok(board));
        assert_eq!(text.lines().count(), 5);
        assert_eq!(text.chars().filter(|&c| c == '.').count(), 2);
    }
    let rendered = problem
        .render(solution.start, &solution.actions[..2])
        .unwrap();
    assert!(rendered.starts_with(&format!("start\n{CLASSIC_LAYOUT}\n\n1. ")));
    assert_eq!(rendered.matches("\n\n").count(), 2);
}

#[test]
fn rendered_pieces_keep_their_letters_along_the_solution() {
    let problem = Klotski::new(Metric::Piece);
    let solution = solve_with_bfs(&problem, Board::classic());
    let rendered = problem.render(solution.start, &solution.actions).unwrap();
    // Each board's cells by letter: between two boards, only the moved piece's letter moves.
    let boards: Vec<Vec<(char, Vec<usize>)>> = rendered
        .split("\n\n")
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
    for pair in boards.windows(2) {
        let letters =
            |board: &[(char, Vec<usize>)]| board.iter().map(|(l, _)| *l).collect::<Vec<_>>();
        assert_eq!(
            letters(&pair[0]),
            letters(&pair[1]),
            "the same pieces throughout"
        );
        let moved = pair[0]
            .iter()
            .zip(&pair[1])
            .filter(|(before, after)| before != after)
            .count();
        assert_eq!(moved, 1, "one piece moves a step");
    }
}

#[test]
fn predecessors_are_reversed_successors() {
    let problem = Klotski::new(Metric::Piece);
    let solution = solve_with_bfs(&problem, Board::classic());
    let (mut forward, mut backward) = (Successors::<Klotski>::new(), Successors::<Klotski>::new());
    for board in problem.replay(solution.start, &solution.actions).unwrap() {
        forward.clear();
        backward.clear();
        problem.successors(&board, &mut forward);
        problem.predecessors(&board, &mut backward);
        assert_eq!(forward.len(), backward.len());
        for entry in &backward {
            // `entry.action` leads from `entry.state` to `board`.
            assert_eq!(problem.play(entry.state, &entry.action), Some(board));
            assert_eq!(
                problem.inverse(&entry.action),
                Some(entry.action.reversed())
            );
        }
    }
}

#[test]
fn illegal_moves_are_rejected() {
    let problem = Klotski::new(Metric::Step);
    let through_a_piece = Move {
        shape: Shape::Block,
        from: Position { row: 0, column: 1 },
        to: Position { row: 1, column: 1 },
    };
    let wrong_shape = Move {
        shape: Shape::Single,
        from: Position { row: 0, column: 0 },
        to: Position { row: 1, column: 0 },
    };
    let two_steps = Move {
        shape: Shape::Single,
        from: Position { row: 3, column: 1 },
        to: Position { row: 4, column: 2 },
    };
    for action in [through_a_piece, wrong_shape, two_steps] {
        assert_eq!(problem.play(Board::classic(), &action), None, "{action}");
    }
    // Two steps are one legal piece move.
    assert!(Klotski::new(Metric::Piece)
        .play(Board::classic(), &two_steps)
        .is_some());
    let error = problem
        .replay(Board::classic(), &[through_a_piece])
        .unwrap_err();
    assert_eq!((error.index, error.action), (0, through_a_piece));
    assert_eq!(
        error.to_string(),
        "move 1 (2x2 block r1c2 -> r2c2) is not legal"
    );
}

#[test]
fn parser_errors_name_the_problem() {
    let cases: [(&str, ParseError, &str); 10] = [
        (
            "ABBC\nABBC\nDEEF\nDGHF",
            ParseError::Rows { found: 4 },
            "expected 5 rows, found 4",
        ),
        (
            "",
            ParseError::Rows { found: 0 },
            "expected 5 rows, found 0",
        ),
        (
            "ABBC\nABBC\nDEEFF\nDGHF\nI..J",
            ParseError::Columns { row: 3, found: 5 },
            "row 3 has 5 cells, expected 4",
        ),
        (
            "ABBC\nABBC\nDEEF\nDGHF\nI.*J",
            ParseError::InvalidCharacter {
                character: '*',
                row: 5,
                column: 3,
            },
            "invalid character '*' at row 5, column 3 \
             (use one letter per piece and '.' for an empty cell)",
        ),
        (
            "ABBC\nABBC\nDEEF\nDGHF\nI..I",
            ParseError::Disconnected { letter: 'I' },
            "letter 'I' is used in separate places",
        ),
        (
            "ABBC\nABBC\nDEEF\nDGEF\nI..J",
            ParseError::NotRectangle { letter: 'E' },
            "piece 'E' is not a rectangle",
        ),
        (
            "ABBC\nABBC\nDEEE\nDGHF\nI..J",
            ParseError::Size {
                letter: 'E',
                width: 3,
                height: 1,
            },
            "piece 'E' is 3 wide and 1 tall \
             (pieces are 2x2, 1 wide and 2 tall, 2 wide and 1 tall, or single cells)",
        ),
        (
            "AKLC\nAKLC\nDEEF\nDGHF\nI..J",
            ParseError::Blocks { found: 0 },
            "expected exactly one 2x2 block, found 0",
        ),
        (
            "BBKK\nBBKK\nDEEF\nDGHF\nI..J",
            ParseError::Blocks { found: 2 },
            "expected exactly one 2x2 block, found 2",
        ),
        (
            "ABBC\nABBC\nDEEF\nDGHF\nI.XJ",
            ParseError::EmptyCells { found: 1 },
            "expected exactly 2 empty cells, found 1",
        ),
    ];
    for (layout, error, message) in cases {
        assert_eq!(layout.parse::<Board>(), Err(error.clone()), "{layout:?}");
        assert_eq!(error.to_string(), message);
    }
}

#[test]
fn the_parser_accepts_line_ending_variants_and_never_panics() {
    let crlf = CLASSIC_LAYOUT.replace('\n', "\r\n") + "\r\n";
    assert_eq!(crlf.parse::<Board>(), Ok(Board::classic()));
    assert_eq!(
        format!("\n{CLASSIC_LAYOUT}\n\n").parse::<Board>(),
        Ok(Board::classic())
    );
    // Multi-byte characters count as one cell and are reported, not sliced through.
    assert_eq!(
        "ABBC\nABBC\nDEEF\nDGHF\nI.éJ".parse::<Board>(),
        Err(ParseError::InvalidCharacter {
            character: 'é',
            row: 5,
            column: 3
        })
    );
    let hostile = [
        "\n\n\n\n\n",
        "....\n....\n....\n....\n....",
        "\r",
        "ABBC\n\nABBC",
    ];
    for text in hostile {
        assert!(text.parse::<Board>().is_err(), "{text:?}");
    }
}
