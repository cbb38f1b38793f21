//! Sliding-block puzzles as data through the search-core contract: every shipped layout solved
//! optimally by BFS, A* and (on the small ones) bidirectional BFS towards each goal state, each
//! solution replayed by an independent grid oracle; Klotski's format agreeing with the layout
//! format on every Klotski layout; the parser's errors; and a property test against a plain BFS
//! written without any of the library's tables.

use std::collections::{HashMap, HashSet, VecDeque};

use proptest::prelude::*;
use puzzles::blocks::{
    Axis, Blocks, Goal, GoalDistance, KLOTSKI_EXIT, LayoutError, Metric, Move, Notation, PieceSpec,
    Placement, Position, SHIPPED, Side,
};
use search_core::{
    Heuristic, InPlace, Limits, Problem, Reversible, Successors, astar, bfs,
    bidirectional::bidirectional_bfs_to_goals, breadth_first::bfs_layers, outcome::Solution,
    visited::HashVisited,
};

const METRICS: [Metric; 2] = [Metric::Piece, Metric::Step];

/// A placement drawn as the layout format draws it, read back by the oracle: cells by row, and
/// which letters slide along one axis only.
struct Grid {
    width: usize,
    height: usize,
    cells: Vec<char>,
    axes: HashMap<char, Axis>,
}

fn grid_of(problem: &Blocks, state: &Placement) -> Grid {
    let text = problem.render(state);
    let mut axes = HashMap::new();
    let mut rows = Vec::new();
    for line in text.lines() {
        if let Some(letters) = line.strip_prefix("horizontal: ") {
            axes.extend(letters.chars().map(|letter| (letter, Axis::Horizontal)));
        } else if let Some(letters) = line.strip_prefix("vertical: ") {
            axes.extend(letters.chars().map(|letter| (letter, Axis::Vertical)));
        } else if !line.contains(':') {
            rows.push(line.chars().collect::<Vec<char>>());
        }
    }
    Grid {
        width: rows[0].len(),
        height: rows.len(),
        cells: rows.concat(),
        axes,
    }
}

impl Grid {
    /// Each piece's letter and cells (row, column) in reading order.
    fn pieces(&self) -> Vec<(char, Vec<(usize, usize)>)> {
        let mut pieces: Vec<(char, Vec<(usize, usize)>)> = Vec::new();
        for (index, &letter) in self.cells.iter().enumerate() {
            if letter == '.' || letter == 'x' {
                continue;
            }
            let cell = (index / self.width, index % self.width);
            match pieces.iter_mut().find(|(other, _)| *other == letter) {
                Some((_, cells)) => cells.push(cell),
                None => pieces.push((letter, vec![cell])),
            }
        }
        pieces
    }
}

/// Checks with plain grid geometry that `after` is `before` with one piece moved by one legal
/// move of `metric`: the same walls, exactly one piece's cells gone and a translate of them
/// new, reachable by steps along the piece's axis over cells no other piece or wall covers.
fn oracle_move(before: &Grid, after: &Grid, metric: Metric) {
    let walls = |grid: &Grid| -> Vec<bool> { grid.cells.iter().map(|&c| c == 'x').collect() };
    assert_eq!(walls(before), walls(after), "the walls moved");
    let shapes = |grid: &Grid| -> Vec<Vec<(usize, usize)>> {
        grid.pieces().into_iter().map(|(_, cells)| cells).collect()
    };
    let (old, new) = (shapes(before), shapes(after));
    let gone: Vec<_> = old.iter().filter(|cells| !new.contains(cells)).collect();
    let came: Vec<_> = new.iter().filter(|cells| !old.contains(cells)).collect();
    assert!(
        gone.len() == 1 && came.len() == 1,
        "not one piece moved: {gone:?} -> {came:?}"
    );
    let (from, to) = (gone[0], came[0]);
    let shift = |cells: &[(usize, usize)], dr: isize, dc: isize| -> Option<Vec<(usize, usize)>> {
        cells
            .iter()
            .map(|&(r, c)| {
                let (r, c) = (r as isize + dr, c as isize + dc);
                (r >= 0 && c >= 0 && (r as usize) < before.height && (c as usize) < before.width)
                    .then_some((r as usize, c as usize))
            })
            .collect()
    };
    let letter = before.cells[from[0].0 * before.width + from[0].1];
    let axis = before.axes.get(&letter).copied().unwrap_or(Axis::Free);
    let free = |cells: &[(usize, usize)]| {
        cells.iter().all(|&(r, c)| {
            let here = before.cells[r * before.width + c];
            here == '.' || from.contains(&(r, c))
        })
    };
    let mut directions = vec![];
    if axis != Axis::Vertical {
        directions.extend([(0, -1), (0, 1)]);
    }
    if axis != Axis::Horizontal {
        directions.extend([(-1, 0), (1, 0)]);
    }
    let mut seen = HashSet::from([(0isize, 0isize)]);
    let mut queue = VecDeque::from([(0isize, 0isize)]);
    let mut reached = false;
    while let Some((dr, dc)) = queue.pop_front() {
        for &(sr, sc) in &directions {
            let next = (dr + sr, dc + sc);
            if seen.contains(&next) {
                continue;
            }
            let Some(cells) = shift(from, next.0, next.1) else {
                continue;
            };
            if !free(&cells) {
                continue;
            }
            reached |= &cells == to;
            if metric == Metric::Piece {
                seen.insert(next);
                queue.push_back(next);
            }
        }
    }
    assert!(
        reached,
        "{letter}: {from:?} -> {to:?} is not one {metric} move"
    );
}

/// Whether the goals hold on the grid, read with plain geometry.
fn oracle_solved(grid: &Grid, goals: &[Goal]) -> bool {
    let pieces = grid.pieces();
    goals.iter().all(|goal| {
        let Some((_, cells)) = pieces.iter().find(|(letter, _)| *letter == goal.piece()) else {
            return false;
        };
        let top = cells.iter().map(|&(r, _)| r).min().unwrap_or(0);
        let left = cells.iter().map(|&(_, c)| c).min().unwrap_or(0);
        match *goal {
            Goal::At { at, .. } => (top, left) == (usize::from(at.row), usize::from(at.column)),
            Goal::Exit { side, .. } => cells.iter().any(|&(r, c)| match side {
                Side::Up => r == 0,
                Side::Down => r + 1 == grid.height,
                Side::Left => c == 0,
                Side::Right => c + 1 == grid.width,
            }),
        }
    })
}

/// Replays `solution` through the library and through the oracle, and checks its cost and end.
fn verify(problem: &Blocks, solution: &Solution<Placement, Move, u32>) {
    assert_eq!(solution.cost as usize, solution.actions.len());
    let states = problem
        .replay(&solution.start, &solution.actions)
        .expect("every action is legal");
    assert_eq!(solution.states(problem), Some(states.clone()));
    for pair in states.windows(2) {
        oracle_move(
            &grid_of(problem, &pair[0]),
            &grid_of(problem, &pair[1]),
            problem.metric(),
        );
    }
    let end = states.last().expect("the start at least");
    assert!(problem.is_solved(end));
    assert!(
        oracle_solved(&grid_of(problem, end), problem.goals()),
        "the oracle does not see a solved board:\n{}",
        problem.render(end)
    );
}

/// The heuristic is admissible along an optimal solution and consistent on every move out of
/// its states.
fn check_heuristic(problem: &Blocks, solution: &Solution<Placement, Move, u32>) {
    let states = solution.states(problem).expect("legal");
    let mut successors = Successors::<Blocks>::new();
    for (index, state) in states.iter().enumerate() {
        let estimate = GoalDistance.estimate(problem, state);
        let remaining = solution.cost - index as u32;
        assert!(
            estimate <= remaining,
            "inadmissible: {estimate} > {remaining}"
        );
        successors.clear();
        problem.successors(state, &mut successors);
        for next in &successors {
            let after = GoalDistance.estimate(problem, &next.state);
            assert!(estimate <= next.cost + after, "inconsistent");
        }
    }
}

fn cost(problem: &Blocks, start: Placement) -> Option<u32> {
    bfs(problem, start)
        .into_solution()
        .map(|solution| solution.cost)
}

#[test]
fn every_shipped_layout_is_solved_optimally_by_bfs_and_astar_with_published_lengths() {
    for layout in SHIPPED {
        let (problem, start) = layout.load().expect("shipped layouts parse");
        if let Some(cluster) = layout.published_cluster {
            assert_eq!(problem.cluster(&start).len(), cluster, "{}", layout.name);
        }
        for metric in METRICS {
            let problem = problem.clone().with_metric(metric);
            let (shipped, published) = match metric {
                Metric::Piece => (layout.piece_moves, layout.published_piece_moves),
                Metric::Step => (layout.steps, layout.published_steps),
            };
            let reference = bfs(&problem, start)
                .into_solution()
                .unwrap_or_else(|| panic!("{} is solvable", layout.name));
            assert_eq!(reference.cost, shipped, "{} ({metric})", layout.name);
            if let Some(published) = published {
                assert_eq!(
                    reference.cost, published,
                    "{} ({metric}) published",
                    layout.name
                );
            }
            verify(&problem, &reference);
            check_heuristic(&problem, &reference);
            let guided = astar(&problem, &GoalDistance, start)
                .into_solution()
                .expect("astar solves what bfs solves");
            assert_eq!(
                guided.cost, reference.cost,
                "{} ({metric}) astar",
                layout.name
            );
            verify(&problem, &guided);
        }
    }
}

#[test]
fn bidirectional_bfs_towards_the_goal_set_agrees_on_every_layout() {
    for layout in SHIPPED {
        let (problem, start) = layout.load().expect("shipped layouts parse");
        for metric in METRICS {
            let problem = problem.clone().with_metric(metric);
            let goals = problem.goal_states(&start);
            let solution = bidirectional_bfs_to_goals(&problem, start, goals.iter().copied())
                .into_solution()
                .unwrap_or_else(|| panic!("{} ({metric}) is solvable", layout.name));
            let states = solution.states(&problem).expect("the moves replay");
            let last = states.last().copied().expect("a path has a state");
            assert!(goals.contains(&last) && problem.is_solved(&last));
            assert_eq!(
                Some(solution.cost),
                cost(&problem, start),
                "{} ({metric})",
                layout.name
            );
        }
    }
}

#[test]
fn klotskis_format_agrees_with_the_layout_format_on_every_klotski_layout_under_both_metrics() {
    let mut compared = 0;
    for layout in SHIPPED
        .iter()
        .filter(|layout| layout.notation == Notation::Layout)
    {
        let rows: Vec<&str> = layout
            .text
            .lines()
            .filter(|line| !line.contains(':'))
            .collect();
        let Ok((klotski, klotski_start)) = Blocks::parse_klotski(&rows.join("\n")) else {
            continue;
        };
        let (problem, start) = layout.load().expect("shipped layouts parse");
        let block_at_exit = problem
            .goals()
            .iter()
            .any(|goal| matches!(goal, Goal::At { at, .. } if *at == KLOTSKI_EXIT));
        if problem.goals().len() != 1 || !block_at_exit {
            continue;
        }
        // Klotski's format finds the goal itself: the layout's own goal line.
        assert_eq!(klotski.goals(), problem.goals(), "{}", layout.name);
        for metric in METRICS {
            let problem = problem.clone().with_metric(metric);
            let klotski = klotski.clone().with_metric(metric);
            assert_eq!(
                bfs(&klotski, klotski_start).into_solution().map(|s| s.cost),
                cost(&problem, start),
                "{} ({metric})",
                layout.name
            );
            let limits = Limits::default();
            assert_eq!(
                bfs_layers(&klotski, klotski_start, HashVisited::default(), &limits).counts,
                bfs_layers(&problem, start, HashVisited::default(), &limits).counts,
                "{} ({metric}): the clusters differ layer by layer",
                layout.name
            );
        }
        compared += 1;
    }
    assert!(compared >= 6, "only {compared} Klotski layouts compared");
}

#[test]
fn goal_states_are_the_solved_placements_of_the_cluster() {
    let (problem, start) = Blocks::parse("goal: A at 2,2\nA.\n.B").expect("valid");
    let cluster = problem.cluster(&start);
    // A and B on four cells, distinct: 4 * 3 placements, all reachable with two empty cells.
    assert_eq!(cluster.len(), 12);
    let goals = problem.goal_states(&start);
    assert_eq!(goals.len(), 3);
    assert!(
        goals
            .iter()
            .all(|goal| problem.is_solved(goal) && cluster.contains(goal))
    );
}

#[test]
fn a_goal_on_an_alike_piece_asks_for_any_piece_of_its_group() {
    // A and B are alike: B already stands where the goal wants "A", so nothing needs to move.
    let (alike, start) = Blocks::parse("alike: AB\ngoal: A at 1,2\nAB.").expect("valid");
    assert_eq!(cost(&alike, start), Some(0));
    // Without the tag, the goal names A itself, which must get past B: B right, then A.
    let (distinct, start) = Blocks::parse("goal: A at 1,2\nAB.\n...").expect("valid");
    assert_eq!(cost(&distinct, start), Some(2));
}

#[test]
fn capabilities_agree_apply_undo_predecessors_inverse() {
    for layout in SHIPPED.iter().take(3).chain(SHIPPED.iter().rev().take(3)) {
        let (problem, start) = layout.load().expect("valid");
        for metric in METRICS {
            let problem = problem.clone().with_metric(metric);
            let mut successors = Successors::<Blocks>::new();
            let mut predecessors = Successors::<Blocks>::new();
            for state in problem.cluster(&start).into_iter().take(200) {
                successors.clear();
                problem.successors(&state, &mut successors);
                for next in &successors {
                    let mut applied = state;
                    problem.apply(&mut applied, &next.action);
                    assert_eq!(applied, next.state);
                    problem.undo(&mut applied, &next.action);
                    assert_eq!(applied, state);
                    let back = problem.inverse(&next.action).expect("every move has one");
                    assert_eq!(problem.play(&next.state, &back), Some(state));
                }
                predecessors.clear();
                problem.predecessors(&state, &mut predecessors);
                for previous in &predecessors {
                    assert_eq!(problem.play(&previous.state, &previous.action), Some(state));
                }
            }
        }
    }
}

#[test]
fn render_writes_the_layout_format_back() {
    for layout in SHIPPED {
        let (problem, start) = layout.load().expect("valid");
        let text = problem.render(&start);
        let (again, start_again) = Blocks::parse(&text).expect("render writes valid layouts");
        assert_eq!(again.render(&start_again), text, "{}", layout.name);
        assert_eq!(
            cost(&again, start_again),
            Some(layout.piece_moves),
            "{}",
            layout.name
        );
        if layout.notation == Notation::RushHour {
            let notation = problem.rush_hour_notation(&start).expect("6x6");
            assert_eq!(notation, layout.text.replace('.', "o"));
        }
    }
}

#[test]
fn parser_errors_name_the_problem() {
    let at = Position::new;
    let layout_errors: [(&str, LayoutError); 16] = [
        ("goal: A at 1,1", LayoutError::NoBoard),
        (
            "goal: A at 1,1\nAB\nA",
            LayoutError::RaggedRow {
                row: 1,
                found: 1,
                expected: 2,
            },
        ),
        (
            "goal: A at 1,1\nA?\n..",
            LayoutError::UnknownCharacter {
                character: '?',
                at: at(0, 1),
            },
        ),
        (
            "goal: A at 1,1\nA.A\n...",
            LayoutError::Disconnected {
                piece: 'A',
                at: at(0, 2),
            },
        ),
        (
            "gaol: A at 1,1\nA.",
            LayoutError::BadHeader {
                line: 0,
                text: "gaol: A at 1,1".into(),
            },
        ),
        (
            "goal: A at one\nA.",
            LayoutError::BadHeader {
                line: 0,
                text: "goal: A at one".into(),
            },
        ),
        (
            "goal: Z at 1,1\nA.",
            LayoutError::UnknownPiece { piece: 'Z' },
        ),
        (
            "goal: A at 1,3\nAA.",
            LayoutError::GoalOffBoard {
                piece: 'A',
                at: at(0, 2),
            },
        ),
        (
            "goal: A at 1,3\nA.x",
            LayoutError::GoalOffBoard {
                piece: 'A',
                at: at(0, 2),
            },
        ),
        ("AB\n..", LayoutError::NoGoal),
        (
            "alike: AB\ngoal: A at 1,1\nABB",
            LayoutError::UnlikeAlike {
                first: 'A',
                second: 'B',
            },
        ),
        (
            "alike: AB BA\ngoal: A at 1,1\nAB",
            LayoutError::AlikeTwice { piece: 'B' },
        ),
        (
            "alike: AZ\ngoal: A at 1,1\nAB",
            LayoutError::UnknownPiece { piece: 'Z' },
        ),
        (
            "goal: A at 1,1\nhorizontal: A\nvertical: A\nA.",
            LayoutError::ConflictingAxis { piece: 'A' },
        ),
        (
            "goal: A at 1,1\n.........\n.........\n.........\n.........\n.........\n.........\n.........\nA........",
            LayoutError::TooLarge {
                width: 9,
                height: 8,
            },
        ),
        (
            "goal: A at 1,1\nABCDEFGHIJKLMNOPQ.",
            LayoutError::TooManyPieces { found: 17 },
        ),
    ];
    for (text, expected) in layout_errors {
        let error = Blocks::parse(text).expect_err(text);
        assert_eq!(error, expected, "{text:?}");
        assert_message(&error);
    }
    let board = |rows: [&str; 6]| rows.concat();
    let empty = "oooooo";
    let rush_hour_errors = [
        (
            "AAoooo".to_owned(),
            LayoutError::RushHourLength { found: 6 },
        ),
        (
            board([empty, "ooBooo", "AABooo", empty, empty, "oooooC"]),
            LayoutError::VehicleTooShort {
                piece: 'C',
                at: at(5, 5),
            },
        ),
        (
            board(["AAoooo", empty, empty, empty, empty, empty]),
            LayoutError::RedCarOffRow { at: at(0, 0) },
        ),
        (
            board([empty, "ooAooo", "ooAooo", empty, empty, empty]),
            LayoutError::RedCarOffRow { at: at(1, 2) },
        ),
        (
            board([empty, empty, "AAooo?", empty, empty, empty]),
            LayoutError::UnknownCharacter {
                character: '?',
                at: at(2, 5),
            },
        ),
        (
            board([empty, "BBoooo", "AABooo", empty, empty, empty]),
            LayoutError::VehicleNotStraight {
                piece: 'B',
                at: at(2, 2),
            },
        ),
        (
            board([empty, empty, "ooBBoo", empty, empty, empty]),
            LayoutError::NoRedCar,
        ),
        (
            board([empty, empty, "AAoBoB", empty, empty, empty]),
            LayoutError::Disconnected {
                piece: 'B',
                at: at(2, 5),
            },
        ),
    ];
    for (text, expected) in rush_hour_errors {
        let error = Blocks::parse_rush_hour(&text).expect_err(&text);
        assert_eq!(error, expected, "{text:?}");
        assert_message(&error);
    }
    // Overlaps, walls under pieces and shared letters cannot be drawn in a grid: the
    // constructor reports them.
    let piece = |letter, cells: &[(u8, u8)]| PieceSpec {
        letter,
        cells: cells.iter().map(|&(r, c)| at(r, c)).collect(),
        axis: Axis::Free,
        alike: None,
    };
    let goal = [Goal::At {
        piece: 'A',
        at: at(0, 0),
    }];
    let constructor_errors = [
        (
            Blocks::new(
                3,
                2,
                &[],
                &[piece('A', &[(0, 0), (0, 1)]), piece('B', &[(0, 1), (1, 1)])],
                &goal,
            ),
            LayoutError::Overlap {
                first: 'A',
                second: 'B',
                at: at(0, 1),
            },
        ),
        (
            Blocks::new(3, 2, &[at(1, 0)], &[piece('A', &[(0, 0), (1, 0)])], &goal),
            LayoutError::OnWall {
                piece: 'A',
                at: at(1, 0),
            },
        ),
        (
            Blocks::new(
                3,
                2,
                &[],
                &[piece('A', &[(0, 0)]), piece('A', &[(1, 1)])],
                &goal,
            ),
            LayoutError::DuplicateLetter { piece: 'A' },
        ),
        (
            Blocks::new(
                3,
                2,
                &[],
                &[piece('A', &[(0, 0)]), piece('B', &[(2, 0)])],
                &goal,
            ),
            LayoutError::OffBoard {
                piece: 'B',
                at: at(2, 0),
            },
        ),
        (
            Blocks::new(3, 2, &[], &[piece('A', &[(0, 0)]), piece('B', &[])], &goal),
            LayoutError::EmptyPiece { piece: 'B' },
        ),
    ];
    for (result, expected) in constructor_errors {
        let error = result.expect_err("invalid");
        assert_eq!(error, expected);
        assert_message(&error);
    }
}

fn assert_message(error: &dyn std::error::Error) {
    let message = error.to_string();
    assert!(
        !message.is_empty() && !message.ends_with('.'),
        "{message:?}"
    );
}

#[test]
fn the_parser_never_panics_on_mangled_layouts() {
    for layout in SHIPPED {
        let text = layout.text;
        for cut in 0..text.len() {
            if text.is_char_boundary(cut) {
                let _ = Blocks::parse(&text[..cut]);
                let _ = Blocks::parse_rush_hour(&text[..cut]);
                let mut swapped = text.to_owned();
                swapped.replace_range(cut..cut, "x");
                let _ = Blocks::parse(&swapped);
                let _ = Blocks::parse_rush_hour(&swapped);
            }
        }
    }
}

/// Found by the `blocks_layout` fuzz target: a board one row of 64 cells (the most a layout
/// holds) made the piece-connectivity check shift a 64-bit mask by 64, an overflow panic.
#[test]
fn a_board_one_row_of_64_cells_parses_without_overflow() {
    let crash = format!("goa{}\n", "F".repeat(61));
    let error = Blocks::parse(&crash).expect_err("a layout without a goal line");
    assert_message(&error);

    let row = format!("goal: A at 1,64\nA{}\n", ".".repeat(63));
    let (problem, start) = Blocks::parse(&row).expect("a 64-cell row is a layout");
    assert_eq!(
        Blocks::parse(&problem.render(&start))
            .expect("renders back")
            .0
            .render(&start),
        problem.render(&start)
    );
    let column = format!("goal: A at 64,1\n{}", "A\n".to_owned() + &".\n".repeat(63));
    let (problem, start) = Blocks::parse(&column).expect("a 64-cell column is a layout");
    assert_eq!(
        Blocks::parse(&problem.render(&start))
            .expect("renders back")
            .0
            .render(&start),
        problem.render(&start)
    );
}

/// A random small layout: up to four pieces of five shapes, each free or held to an axis, some
/// walls, and the first piece to reach a random place. Built from a seed so that proptest
/// shrinks the seed.
/// The parts [`Blocks::new`] takes, kept for the plain BFS.
struct RandomLayout {
    width: usize,
    height: usize,
    walls: Vec<Position>,
    pieces: Vec<PieceSpec>,
    goal: Goal,
}

fn random_layout(seed: u64) -> Option<RandomLayout> {
    let mut state = seed;
    let mut next = |bound: u64| {
        // SplitMix64: a few lines, good enough to scatter pieces.
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) % bound) as usize
    };
    let shapes: [&[(usize, usize)]; 5] = [
        &[(0, 0)],
        &[(0, 0), (0, 1)],
        &[(0, 0), (1, 0)],
        &[(0, 0), (1, 0), (1, 1)],
        &[(0, 0), (0, 1), (1, 0), (1, 1)],
    ];
    let (width, height) = (2 + next(3), 2 + next(3));
    let mut taken = vec![false; width * height];
    let mut pieces = Vec::new();
    for letter in ['A', 'B', 'C', 'D'].into_iter().take(1 + next(4)) {
        let shape = shapes[next(shapes.len() as u64)];
        let (row, column) = (next(height as u64), next(width as u64));
        let cells: Option<Vec<(usize, usize)>> = shape
            .iter()
            .map(|&(r, c)| {
                (row + r < height && column + c < width).then_some((row + r, column + c))
            })
            .collect();
        let Some(cells) = cells else { continue };
        if cells.iter().any(|&(r, c)| taken[r * width + c]) {
            continue;
        }
        for &(r, c) in &cells {
            taken[r * width + c] = true;
        }
        let axis = [Axis::Free, Axis::Free, Axis::Horizontal, Axis::Vertical][next(4)];
        pieces.push(PieceSpec {
            letter,
            cells: cells
                .iter()
                .map(|&(r, c)| Position::new(r as u8, c as u8))
                .collect(),
            axis,
            alike: None,
        });
    }
    let mut walls = Vec::new();
    for _ in 0..next(3) {
        let cell = next((width * height) as u64);
        if !taken[cell] {
            taken[cell] = true;
            walls.push(Position::new((cell / width) as u8, (cell % width) as u8));
        }
    }
    let first = pieces.first()?;
    // A goal where the first piece's bounding box fits the board (walls may still refuse it).
    let box_height = first.cells.iter().map(|cell| cell.row).max()?
        - first.cells.iter().map(|cell| cell.row).min()?
        + 1;
    let box_width = first.cells.iter().map(|cell| cell.column).max()?
        - first.cells.iter().map(|cell| cell.column).min()?
        + 1;
    let goal = Goal::At {
        piece: first.letter,
        at: Position::new(
            next((height - usize::from(box_height) + 1) as u64) as u8,
            next((width - usize::from(box_width) + 1) as u64) as u8,
        ),
    };
    Some(RandomLayout {
        width,
        height,
        walls,
        pieces,
        goal,
    })
}

/// Breadth-first search over labelled pieces on a plain grid, sharing nothing with the library:
/// a state is every piece's offset from its start, a move is found by trying translations.
fn plain_bfs(
    width: usize,
    height: usize,
    walls: &[Position],
    pieces: &[PieceSpec],
    goal: &Goal,
    metric: Metric,
) -> Option<u32> {
    let Goal::At { at: target, .. } = *goal else {
        return None;
    };
    let cells: Vec<Vec<(isize, isize)>> = pieces
        .iter()
        .map(|piece| {
            piece
                .cells
                .iter()
                .map(|p| (isize::from(p.row), isize::from(p.column)))
                .collect()
        })
        .collect();
    let wall: HashSet<(isize, isize)> = walls
        .iter()
        .map(|p| (isize::from(p.row), isize::from(p.column)))
        .collect();
    let top_left = |piece: usize, offset: (isize, isize)| {
        let top = cells[piece].iter().map(|c| c.0).min().unwrap_or(0) + offset.0;
        let left = cells[piece].iter().map(|c| c.1).min().unwrap_or(0) + offset.1;
        (top, left)
    };
    let solved = |state: &Vec<(isize, isize)>| {
        top_left(0, state[0]) == (isize::from(target.row), isize::from(target.column))
    };
    let start = vec![(0isize, 0isize); pieces.len()];
    let mut distance = HashMap::from([(start.clone(), 0u32)]);
    let mut queue = VecDeque::from([start]);
    while let Some(state) = queue.pop_front() {
        let here = distance[&state];
        if solved(&state) {
            return Some(here);
        }
        let occupied = |except: usize, r: isize, c: isize| {
            wall.contains(&(r, c))
                || (0..pieces.len()).any(|other| {
                    other != except
                        && cells[other]
                            .iter()
                            .any(|&(pr, pc)| (pr + state[other].0, pc + state[other].1) == (r, c))
                })
        };
        for piece in 0..pieces.len() {
            let fits = |offset: (isize, isize)| {
                cells[piece].iter().all(|&(r, c)| {
                    let (r, c) = (r + offset.0, c + offset.1);
                    r >= 0
                        && c >= 0
                        && (r as usize) < height
                        && (c as usize) < width
                        && !occupied(piece, r, c)
                })
            };
            let mut steps = vec![];
            if pieces[piece].axis != Axis::Vertical {
                steps.extend([(0, -1), (0, 1)]);
            }
            if pieces[piece].axis != Axis::Horizontal {
                steps.extend([(-1, 0), (1, 0)]);
            }
            let mut seen = HashSet::from([state[piece]]);
            let mut frontier = VecDeque::from([state[piece]]);
            while let Some(offset) = frontier.pop_front() {
                for &(dr, dc) in &steps {
                    let next = (offset.0 + dr, offset.1 + dc);
                    if seen.contains(&next) || !fits(next) {
                        continue;
                    }
                    seen.insert(next);
                    if metric == Metric::Piece {
                        frontier.push_back(next);
                    }
                    let mut moved = state.clone();
                    moved[piece] = next;
                    if !distance.contains_key(&moved) {
                        distance.insert(moved.clone(), here + 1);
                        queue.push_back(moved);
                    }
                }
            }
        }
    }
    None
}

/// Random layout `seed` and its puzzle at its start, if the layout is one (its goal on no wall).
fn random_problem(seed: u64) -> Option<(RandomLayout, Blocks, Placement)> {
    let layout = random_layout(seed)?;
    let (problem, start) = Blocks::new(
        layout.width,
        layout.height,
        &layout.walls,
        &layout.pieces,
        &[layout.goal],
    )
    .ok()?;
    Some((layout, problem, start))
}

/// Checks one random layout against the plain BFS; `false` if the layout was refused (its
/// goal on a wall) and nothing was searched.
fn check_random_layout(seed: u64) -> bool {
    let Some((
        RandomLayout {
            width,
            height,
            walls,
            pieces,
            goal,
        },
        problem,
        start,
    )) = random_problem(seed)
    else {
        return false;
    };
    for metric in METRICS {
        let problem = problem.clone().with_metric(metric);
        let expected = plain_bfs(width, height, &walls, &pieces, &goal, metric);
        let found = bfs(&problem, start).into_solution();
        assert_eq!(
            found.as_ref().map(|s| s.cost),
            expected,
            "{}",
            problem.render(&start)
        );
        if let Some(solution) = &found {
            verify(&problem, solution);
        }
        let guided = astar(&problem, &GoalDistance, start)
            .into_solution()
            .map(|s| s.cost);
        assert_eq!(guided, expected, "astar on\n{}", problem.render(&start));
    }
    true
}

#[test]
fn most_random_layouts_are_searched() {
    let searched = (0..300).filter(|&seed| check_random_layout(seed)).count();
    assert!(
        searched >= 200,
        "only {searched} of 300 random layouts were searched"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Arbitrary text of layout-like characters is parsed or refused with an error that has a
    /// message, never a panic; what parses renders back to text that parses to the same board.
    #[test]
    fn arbitrary_text_parses_or_is_refused(text in "[A-Da-d.x#o: 0-9,\n]{0,60}") {
        match Blocks::parse(&text) {
            Ok((problem, start)) => {
                let rendered = problem.render(&start);
                let (again, start_again) = Blocks::parse(&rendered).expect("renders parse");
                prop_assert_eq!(again.render(&start_again), rendered);
            }
            Err(error) => assert_message(&error),
        }
        if let Err(error) = Blocks::parse_rush_hour(&text) {
            assert_message(&error);
        }
    }

    /// On random small layouts, BFS and A* over canonical placements find the optimum of a
    /// plain BFS over labelled pieces (identical pieces being interchangeable changes the
    /// states, not the distances, since no goal names them), under both metrics.
    #[test]
    fn random_small_layouts_agree_with_a_plain_bfs(seed in any::<u64>()) {
        check_random_layout(seed);
    }
}

/// The farthest placements of a random small layout's cluster against a solve from every one
/// of its placements: the most moves any of them needs, and exactly those that need it.
fn check_farthest(seed: u64) -> bool {
    let Some((_, problem, start)) = random_problem(seed) else {
        return false;
    };
    for metric in METRICS {
        let problem = problem.clone().with_metric(metric);
        let farthest = problem
            .farthest(&start, &search_core::Limits::default())
            .unwrap();
        let cluster = problem.cluster(&start);
        let lengths: Vec<Option<u32>> =
            cluster.iter().map(|&state| cost(&problem, state)).collect();
        let most = lengths.iter().flatten().max().copied();
        assert_eq!(farthest.moves, most, "{}", problem.render(&start));
        assert_eq!(farthest.cluster, cluster.len());
        let expected: HashSet<Placement> = (cluster.iter().zip(&lengths))
            .filter(|&(_, &length)| length.is_some() && length == most)
            .map(|(&state, _)| state)
            .collect();
        let found: HashSet<Placement> = farthest.placements.iter().copied().collect();
        assert_eq!(found, expected, "{}", problem.render(&start));
        assert_eq!(found.len(), farthest.placements.len(), "listed once each");
    }
    true
}

#[test]
fn the_farthest_placements_are_those_a_solve_from_each_finds_longest() {
    let checked = (0..120).filter(|&seed| check_farthest(seed)).count();
    assert!(checked >= 60, "only {checked} random layouts were checked");
}

/// The hardest boards of Fogleman's database are the farthest of their clusters: no placement
/// of the cluster needs more moves, and the board is among those that need as many.
#[test]
fn the_hardest_rush_hour_boards_are_the_farthest_of_their_clusters() {
    for name in [
        "Rush Hour: the hardest board of Fogleman's database",
        "Rush Hour: the hardest board without walls",
    ] {
        let layout = SHIPPED.iter().find(|layout| layout.name == name).unwrap();
        let (problem, start) = layout.load().unwrap();
        let farthest = problem
            .farthest(&start, &search_core::Limits::default())
            .unwrap();
        assert_eq!(farthest.moves, Some(layout.piece_moves), "{name}");
        assert!(farthest.placements.contains(&start), "{name}");
    }
}
