//! The front-end contract through its public API: every shipped sliding-block layout solved by
//! every algorithm under both metrics through `blocks` and `rush-hour`, each solution's states
//! walked by the engine's own move generator; Klotski agreeing with the blocks on its layouts;
//! sliding tiles against a plain breadth-first oracle over `Board::apply`; named parse and
//! choice errors; the registry, with a puzzle defined here registered beside the standard ones;
//! and the limits and progress reports every solve honours.

use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicU64, Ordering};

use puzzles::blocks::{Blocks, Metric, Notation, Placement, SHIPPED, ShippedLayout};
use puzzles::front_end::{
    Answer, BlocksKind, Choice, Choices, Ending, Explored, Instance, InstanceError, KlotskiKind,
    PuzzleKind, Reachability, Registry, RegistryError, Request, RushHourKind, Solution, TilesKind,
};
use puzzles::input::split_instance;
use puzzles::{Board, Move, Shape, random_solvable, random_walk};
use search_core::{
    Limit, Limits, Problem, Successor, Successors, breadth_first::bfs_with, graph::explore,
    observer::OnProgress, visited::HashVisited,
};

const BLOCK_ALGORITHMS: [&str; 3] = ["bfs", "bidirectional", "astar"];
const METRICS: [(&str, Metric); 2] = [("piece", Metric::Piece), ("step", Metric::Step)];

/// Choices naming an algorithm and, when given, a heuristic and a metric.
fn choices(algorithm: &str, heuristic: Option<&str>, metric: Option<&str>) -> Choices {
    Choices {
        algorithm: Some(algorithm.to_owned()),
        heuristic: heuristic.map(str::to_owned),
        metric: metric.map(str::to_owned),
    }
}

/// Solves `instance` within the default limits, reporting progress to nobody.
fn solve(instance: &dyn Instance, choices: &Choices) -> Answer {
    instance
        .solve(&Request::new(choices, &Limits::default()))
        .unwrap_or_else(|error| panic!("{instance:?} with {choices:?}: {error}"))
}

/// The solution of `answer`, which must have one.
fn solution_of<'a>(answer: &'a Answer, context: &str) -> &'a Solution {
    match &answer.ending {
        Ending::Solved(solution) => solution,
        other => panic!("{context}: not solved: {other:?}"),
    }
}

/// The first shipped Rush Hour board, in its 36-character notation.
fn rush_hour_board() -> &'static str {
    SHIPPED
        .iter()
        .find(|layout| layout.notation == Notation::RushHour)
        .expect("Rush Hour boards are shipped")
        .text
}

/// The names of `offered`, in order.
fn names(offered: &[Choice]) -> Vec<&'static str> {
    offered.iter().map(|choice| choice.name).collect()
}

// ---------------------------------------------------------------------------------------------
// Sliding blocks and Rush Hour.

/// How the front end writes a state: Rush Hour's notation, or the board rows of the layout
/// format joined by `/` (every rendered line without a header's `:`).
fn board_text(problem: &Blocks, state: &Placement, rush_hour: bool) -> String {
    if rush_hour {
        return problem
            .rush_hour_notation(state)
            .expect("Rush Hour boards are 6x6");
    }
    let rendered = problem.render(state);
    let rows: Vec<&str> = rendered
        .lines()
        .filter(|line| !line.contains(':'))
        .collect();
    rows.join("/")
}

/// The board with the pieces at `anchors` (followed through a solution) as the front end
/// writes a solution's states: Rush Hour's notation, or rows separated by `/`.
fn followed_text(problem: &Blocks, anchors: &[u8], rush_hour: bool) -> String {
    if rush_hour {
        problem.draw_followed(anchors, 'o', 'x').concat()
    } else {
        problem.draw_followed(anchors, '.', 'x').join("/")
    }
}

/// Checks `solution` of `layout` under `metric` against the engine itself, loaded apart from
/// the front end: the states start at the layout's start, each next state is the state one
/// successor of the engine's move generator leads to (named as the solution names the move),
/// the last is solved, and every state's text parses back as a layout (or a Rush Hour board)
/// that is solved exactly at the end.
fn check_blocks_solution(
    layout: &ShippedLayout,
    metric: Metric,
    solution: &Solution,
    rush_hour: bool,
    context: &str,
) {
    let (problem, start) = layout.load().expect("shipped layouts load");
    let problem = problem.with_metric(metric);
    assert_eq!(solution.cost as usize, solution.moves.len(), "{context}");
    assert_eq!(solution.line, solution.moves.join(", "), "{context}");
    assert_eq!(solution.states.len(), solution.moves.len() + 1, "{context}");
    assert_eq!(
        solution.states[0],
        board_text(&problem, &start, rush_hour),
        "{context}: the states begin elsewhere than the start"
    );
    // Each move names the piece that moves by its start letter, and each state draws every
    // piece under its own letter: followed from the start, identical pieces keep theirs.
    let mut state = start;
    let mut actions = Vec::new();
    let mut successors = Successors::<Blocks>::new();
    for (index, (name, next_text)) in solution.moves.iter().zip(&solution.states[1..]).enumerate() {
        successors.clear();
        problem.successors(&state, &mut successors);
        let next = successors
            .iter()
            .find(|successor| {
                let mut tried = actions.clone();
                tried.push(successor.action);
                let followed = problem.follow(&start, &tried).expect("a legal move");
                problem.describe_followed(&followed, index, &successor.action) == *name
                    && followed_text(&problem, &followed.anchors[index + 1], rush_hour)
                        == *next_text
            })
            .unwrap_or_else(|| {
                panic!(
                    "{context}: move {index} `{name}` to {next_text} is no {metric} move of {}",
                    board_text(&problem, &state, rush_hour)
                )
            });
        actions.push(next.action);
        state = next.state;
    }
    assert!(
        problem.is_solved(&state),
        "{context}: the last state is unsolved"
    );

    // The text alone, read by the parsers, tells the same story.
    let headers: Vec<String> = problem
        .render(&start)
        .lines()
        .filter(|line| line.contains(':'))
        .map(str::to_owned)
        .collect();
    let last = solution.states.len() - 1;
    for (index, text) in solution.states.iter().enumerate() {
        let (parsed, at) = if rush_hour {
            Blocks::parse_rush_hour(text)
        } else {
            Blocks::parse(&format!(
                "{}\n{}",
                headers.join("\n"),
                text.replace('/', "\n")
            ))
        }
        .unwrap_or_else(|error| {
            panic!("{context}: state {index} {text:?} does not parse: {error}")
        });
        assert_eq!(
            parsed.is_solved(&at),
            index == last,
            "{context}: state {index} {text:?} solved out of turn"
        );
    }
}

/// The instances one shipped layout is reached by: through `blocks` by its name and, for a
/// layout, by its start read back; through `rush-hour` by its text and its start read back.
fn instances_of(layout: &ShippedLayout) -> Vec<(String, Box<dyn Instance>, bool)> {
    let by_name = BlocksKind
        .parse(layout.name, None)
        .unwrap_or_else(|error| panic!("blocks `{}`: {error}", layout.name));
    let mut instances = Vec::new();
    match layout.notation {
        Notation::Layout => {
            let text = by_name.start();
            let read_back = BlocksKind
                .parse(&text, None)
                .unwrap_or_else(|error| panic!("blocks {text:?}: {error}"));
            assert_eq!(
                read_back.start(),
                text,
                "the start text is read back unchanged"
            );
            assert_eq!(read_back.goal(), by_name.goal());
            instances.push((format!("blocks {text:?}"), read_back, false));
        }
        Notation::RushHour => {
            let by_text = RushHourKind
                .parse(layout.text, None)
                .unwrap_or_else(|error| panic!("rush-hour {}: {error}", layout.text));
            assert_eq!(by_text.start(), layout.text.replace('.', "o"));
            let read_back = RushHourKind
                .parse(&by_text.start(), None)
                .expect("a Rush Hour start reads back");
            instances.push((format!("rush-hour {}", layout.text), by_text, true));
            instances.push((
                format!("rush-hour {} read back", layout.text),
                read_back,
                true,
            ));
        }
    }
    instances.insert(0, (format!("blocks `{}`", layout.name), by_name, false));
    instances
}

#[test]
fn every_shipped_layout_is_solved_optimally_by_every_algorithm_under_both_metrics() {
    let mut solves = 0;
    for layout in SHIPPED {
        for (label, instance, rush_hour) in instances_of(layout) {
            for (metric_name, metric) in METRICS {
                let expected = match metric {
                    Metric::Piece => layout.piece_moves,
                    Metric::Step => layout.steps,
                } as usize;
                for algorithm in BLOCK_ALGORITHMS {
                    let context = format!("{label} {algorithm} {metric_name}");
                    let answer = solve(&*instance, &choices(algorithm, None, Some(metric_name)));
                    assert_eq!(answer.algorithm, algorithm, "{context}");
                    assert_eq!(answer.metric.as_deref(), Some(metric_name), "{context}");
                    let heuristic = (algorithm == "astar").then_some("goal-distance");
                    assert_eq!(answer.heuristic.as_deref(), heuristic, "{context}");
                    assert_eq!(answer.length(), Some(expected), "{context}");
                    let solution = solution_of(&answer, &context);
                    check_blocks_solution(layout, metric, solution, rush_hour, &context);
                    solves += 1;
                }
            }
        }
    }
    assert!(solves >= SHIPPED.len() * 12, "only {solves} solves");
}

#[test]
fn klotski_agrees_with_blocks_on_every_klotski_layout() {
    let mut compared = 0;
    for layout in SHIPPED
        .iter()
        .filter(|layout| layout.notation == Notation::Layout)
    {
        let headers: Vec<&str> = layout
            .text
            .lines()
            .filter(|line| line.contains(':'))
            .collect();
        let rows: Vec<&str> = layout
            .text
            .lines()
            .filter(|line| !line.contains(':'))
            .collect();
        // Klotski's goal is its 2x2 block at the bottom exit, the block every one of these
        // layouts names `B`.
        if headers != ["goal: B at 4,2"] {
            continue;
        }
        let one_line = rows.join("/");
        let Ok(by_text) = KlotskiKind.parse(&one_line, None) else {
            continue;
        };
        let mut instances = vec![(format!("klotski {one_line:?}"), by_text)];
        let read_back = KlotskiKind
            .parse(&instances[0].1.start(), None)
            .expect("a Klotski start reads back");
        instances.push((format!("klotski {one_line:?} read back"), read_back));
        if layout.name.starts_with("横刀立马") {
            let classic = KlotskiKind.parse("classic", None).expect("classic");
            assert_eq!(classic.start(), instances[0].1.start());
            instances.push(("klotski classic".to_owned(), classic));
        }
        let blocks = BlocksKind.parse(layout.name, None).expect("shipped");
        for (metric_name, metric) in [("piece", Metric::Piece), ("step", Metric::Step)] {
            let reference = solve(&*blocks, &choices("bfs", None, Some(metric_name))).length();
            let shipped = match metric {
                Metric::Piece => layout.piece_moves,
                Metric::Step => layout.steps,
            };
            assert_eq!(
                reference,
                Some(shipped as usize),
                "{} {metric_name}",
                layout.name
            );
            for (label, instance) in &instances {
                for algorithm in ["bfs", "bidirectional", "astar"] {
                    let context = format!("{label} {algorithm} {metric_name}");
                    let answer = solve(&**instance, &choices(algorithm, None, Some(metric_name)));
                    assert_eq!(answer.length(), reference, "{context}");
                    assert_eq!(answer.metric.as_deref(), Some(metric_name), "{context}");
                    check_klotski_solution(metric, solution_of(&answer, &context), &context);
                }
            }
        }
        compared += 1;
    }
    assert!(compared >= 6, "only {compared} Klotski layouts compared");
}

/// Checks that each state of `solution` parses as a Klotski board, each next one among the
/// successors of the one before under `metric` by the move named, and that only the last is
/// solved. The states are read back by Klotski's format, whose puzzles of the same pieces are
/// one puzzle (the classes in a fixed order), so their placements compare.
fn check_klotski_solution(metric: Metric, solution: &Solution, context: &str) {
    let read = |text: &String| {
        Blocks::parse_klotski(text).unwrap_or_else(|error| panic!("{context}: {text}: {error}"))
    };
    let (problem, _) = read(&solution.states[0]);
    let rules = format!("{problem:?}");
    let problem = problem.with_metric(metric);
    let boards: Vec<Placement> = (solution.states.iter())
        .map(|text| {
            let (other, placement) = read(text);
            assert_eq!(format!("{other:?}"), rules, "{context}: {text}");
            placement
        })
        .collect();
    assert_eq!(boards.len(), solution.moves.len() + 1, "{context}");
    let mut successors = Successors::<Blocks>::new();
    for (index, pair) in boards.windows(2).enumerate() {
        successors.clear();
        problem.successors(&pair[0], &mut successors);
        // The move names the piece at its first cell in the board before it (Klotski's
        // pieces are rectangles: the anchor is one of its cells), and moves it where it says.
        let name = &solution.moves[index];
        let (letter, cells) = name.split_once(' ').expect("`LETTER FROM -> TO`");
        let from = cells.split(" -> ").next().expect("a first cell");
        let (row, column) = from[1..].split_once('c').expect("rRcC");
        let (row, column): (usize, usize) = (row.parse().unwrap(), column.parse().unwrap());
        let before: Vec<&str> = solution.states[index].split('/').collect();
        assert_eq!(
            before[row - 1]
                .chars()
                .nth(column - 1)
                .map(String::from)
                .as_deref(),
            Some(letter),
            "{context}: move {index} `{name}` names another piece"
        );
        assert!(
            successors.iter().any(|successor| successor.state == pair[1]
                && problem
                    .describe(&successor.action)
                    .split_once(' ')
                    .map(|(_, cells)| cells)
                    == Some(cells)),
            "{context}: move {index} is not a {metric} move"
        );
        assert!(
            !problem.is_solved(&pair[0]),
            "{context}: solved before the end"
        );
    }
    assert!(
        boards.last().is_some_and(|board| problem.is_solved(board)),
        "{context}"
    );
}

// ---------------------------------------------------------------------------------------------
// Sliding tiles.

/// Every 3x3 board's distance from `goal`, by a plain breadth-first search over
/// [`Board::apply`] (every move is undone by the opposite one, so the distance from `goal` is
/// the distance to it).
fn distances_from(goal: &Board) -> HashMap<Board, u32> {
    let mut distances = HashMap::from([(goal.clone(), 0)]);
    let mut queue = VecDeque::from([goal.clone()]);
    while let Some(board) = queue.pop_front() {
        let distance = distances[&board];
        for direction in Move::ALL {
            if let Some(next) = board.apply(direction) {
                distances.entry(next).or_insert_with_key(|next| {
                    queue.push_back(next.clone());
                    distance + 1
                });
            }
        }
    }
    distances
}

/// Checks that `solution`'s states replay from `start` by its moves, read as blank moves.
fn check_tiles_solution(start: &Board, solution: &Solution, context: &str) {
    assert_eq!(solution.states.len(), solution.moves.len() + 1, "{context}");
    assert_eq!(solution.cost as usize, solution.moves.len(), "{context}");
    let mut board = start.clone();
    assert_eq!(
        Board::parse(&solution.states[0]).as_ref(),
        Ok(&board),
        "{context}"
    );
    for (name, text) in solution.moves.iter().zip(&solution.states[1..]) {
        let mut letters = name.chars();
        let direction = letters.next().and_then(Move::from_letter);
        assert!(letters.next().is_none(), "{context}: move {name:?}");
        board = board
            .apply(direction.expect("a move letter"))
            .unwrap_or_else(|| panic!("{context}: {name} leaves the board"));
        assert_eq!(Board::parse(text).as_ref(), Ok(&board), "{context}");
    }
    assert_eq!(solution.line, solution.moves.concat(), "{context}");
}

#[test]
fn tiles_solve_random_eight_puzzles_as_long_as_a_plain_bfs() {
    let shape = Shape::new(3, 3).unwrap();
    let goals = [
        ("blank-last", Board::blank_last(shape)),
        ("blank-first", Board::blank_first(shape)),
        ("spiral", Board::spiral(shape)),
        ("random", random_solvable(&Board::blank_last(shape), 11)),
        ("random", random_solvable(&Board::spiral(shape), 12)),
    ];
    let plans = [
        ("idastar", Some("manhattan")),
        ("idastar", Some("linear-conflict")),
        ("astar", Some("misplaced")),
        ("astar", Some("linear-conflict")),
        ("bidirectional", None),
        ("bfs", None),
        ("idastar", None),
    ];
    let mut pairs = 0;
    for (goal_index, (goal_name, goal)) in goals.iter().enumerate() {
        let distances = distances_from(goal);
        assert_eq!(distances.len(), 181_440, "half of 9! boards reach a goal");
        for seed in 0..64_u64 {
            let start = if seed % 4 == 0 {
                random_walk(goal, seed as usize, seed)
            } else {
                random_solvable(goal, 1000 * goal_index as u64 + seed)
            };
            let goal_text = if *goal_name == "random" {
                goal.to_compact()
            } else {
                (*goal_name).to_owned()
            };
            let instance = TilesKind
                .parse(&start.to_compact_dotted(), Some(&goal_text))
                .expect("valid boards");
            assert_eq!(Board::parse(&instance.goal()).as_ref(), Ok(goal));
            assert!(matches!(instance.check(), Reachability::Reachable { .. }));
            let (algorithm, heuristic) = plans[(seed as usize + goal_index) % plans.len()];
            let context = format!("{} -> {goal_text} by {algorithm}", start.to_compact());
            let answer = solve(&*instance, &choices(algorithm, heuristic, None));
            assert_eq!(answer.algorithm, algorithm, "{context}");
            if algorithm == "idastar" || algorithm == "astar" {
                assert_eq!(
                    answer.heuristic.as_deref(),
                    Some(heuristic.unwrap_or("manhattan")),
                    "{context}"
                );
            } else {
                assert_eq!(answer.heuristic, None, "{context}");
            }
            assert_eq!(
                answer.length(),
                Some(distances[&start] as usize),
                "{context}"
            );
            check_tiles_solution(&start, solution_of(&answer, &context), &context);
            pairs += 1;
        }
    }
    assert_eq!(pairs, 320);
}

#[test]
fn tiles_refuse_unreachable_goals_and_name_the_goals_reached() {
    let shape = Shape::new(3, 3).unwrap();
    let standard = [
        ("blank-last", distances_from(&Board::blank_last(shape))),
        ("blank-first", distances_from(&Board::blank_first(shape))),
        ("spiral", distances_from(&Board::spiral(shape))),
    ];
    for seed in 0..40_u64 {
        let solvable = random_solvable(&Board::blank_last(shape), seed);
        // Swapping two tiles flips the permutation's parity: no sequence of moves does that.
        let mut tiles = solvable.tiles().to_vec();
        let tile_cells: Vec<usize> = (0..9).filter(|&cell| tiles[cell] != 0).collect();
        tiles.swap(tile_cells[0], tile_cells[1]);
        let start = Board::new(shape, tiles).expect("a swap keeps every tile");
        let instance = TilesKind
            .parse(&start.to_compact(), None)
            .expect("valid boards");
        let expected: Vec<String> = (standard.iter())
            .filter(|(_, distances)| distances.contains_key(&start))
            .map(|(name, _)| (*name).to_owned())
            .collect();
        assert!(!expected.is_empty());
        match instance.check() {
            Reachability::Unreachable { reason, reaches } => {
                assert!(!reason.is_empty());
                assert_eq!(reaches, expected, "{}", start.to_compact());
            }
            other => panic!("{}: {other:?}", start.to_compact()),
        }
        for algorithm in ["idastar", "bfs"] {
            let answer = solve(&*instance, &choices(algorithm, None, None));
            match answer.ending {
                Ending::Unreachable { reaches, .. } => assert_eq!(reaches, expected),
                other => panic!("{}: {other:?}", start.to_compact()),
            }
        }
    }
}

#[test]
fn tiles_read_goal_names_one_line_pairs_and_refuse_mismatched_shapes() {
    let start = "8672543.1";
    let board = Board::parse(start).unwrap();
    let shape = board.shape();
    for (name, goal) in [
        ("blank-last", Board::blank_last(shape)),
        ("blank-first", Board::blank_first(shape)),
        ("spiral", Board::spiral(shape)),
    ] {
        let distances = distances_from(&goal);
        let apart = TilesKind.parse(start, Some(name)).expect(name);
        // A front end splits `start;goal` and tab lines for every puzzle, then parses.
        let split_and_parse = |line: &str| {
            let (start, goal) = split_instance(line).expect("one separator");
            TilesKind.parse(start, goal)
        };
        let one_line = split_and_parse(&format!("{start};{name}")).expect(name);
        let tabbed = split_and_parse(&format!("{start}\t{}", goal.to_compact())).expect(name);
        for instance in [&apart, &one_line, &tabbed] {
            assert_eq!(Board::parse(&instance.start()).as_ref(), Ok(&board));
            assert_eq!(Board::parse(&instance.goal()).as_ref(), Ok(&goal));
            let answer = solve(&**instance, &Choices::default());
            match distances.get(&board) {
                Some(&distance) => assert_eq!(answer.length(), Some(distance as usize), "{name}"),
                None => assert!(
                    matches!(answer.ending, Ending::Unreachable { .. }),
                    "{name}"
                ),
            }
        }
    }
    assert!(matches!(
        TilesKind.parse(start, None).unwrap().check(),
        Reachability::Reachable { .. }
    ));
    // The default goal is blank-last, 31 moves from this board (the most on the 8-puzzle).
    let default = TilesKind.parse(start, None).unwrap();
    assert_eq!(default.goal(), Board::blank_last(shape).to_compact());
    assert_eq!(solve(&*default, &Choices::default()).length(), Some(31));
    // Boards of another shape keep their rows in their text.
    let wide = TilesKind.parse("1 2 3/4 0 5", None).expect("a 3x2 board");
    assert_eq!(wide.start(), "1 2 3/4 0 5");
    assert_eq!(wide.goal(), "1 2 3/4 5 0");
    assert_eq!(solve(&*wide, &Choices::default()).length(), Some(1));

    let mismatch = TilesKind.parse("12345678.", Some("123.")).unwrap_err();
    assert!(
        matches!(&mismatch, InstanceError::Goal(reason) if reason.contains("but the start is")),
        "{mismatch:?}"
    );
    // Splitting `start;goal` is the front end's (`split_instance`): the puzzle reads parts, so
    // a `;` left in a start is a bad start, not a goal given twice.
    let unsplit = TilesKind
        .parse("12345678.;12345678.", Some("spiral"))
        .unwrap_err();
    assert!(
        matches!(&unsplit, InstanceError::Start(reason) if reason.contains("';'")),
        "{unsplit:?}"
    );
}

#[test]
fn tiles_explore_one_move_from_a_corner_blank() {
    let instance = TilesKind.parse("12345678.", None).unwrap();
    let explored = instance.explore(1, &Limits::default());
    assert_eq!(explored.nodes.len(), 3, "{explored:?}");
    assert_eq!(explored.nodes[0], instance.start());
    assert_eq!(explored.limit, None);
    let boards: Vec<Board> = (explored.nodes.iter())
        .map(|text| Board::parse(text).expect("nodes parse"))
        .collect();
    // Both moves out of the start and both moves back into it; nothing else lies within reach.
    assert_eq!(explored.edges.len(), 4, "{explored:?}");
    for (from, to, name) in &explored.edges {
        let direction = Move::from_letter(name.chars().next().unwrap()).expect("a move letter");
        assert_eq!(boards[*from].apply(direction).as_ref(), Some(&boards[*to]));
    }
    let stopped = instance.explore(20, &Limits::none().with_max_expanded(5));
    assert_eq!(stopped.limit, Some(Limit::Expanded));
}

// ---------------------------------------------------------------------------------------------
// Errors.

/// Asserts that `result` is the error `matches` accepts and that its message holds `part`.
#[track_caller]
fn assert_refused(
    result: Result<Box<dyn Instance>, InstanceError>,
    matches: impl Fn(&InstanceError) -> bool,
    part: &str,
) {
    let error = result.expect_err("refused");
    assert!(matches(&error), "{error:?}");
    let message = error.to_string();
    assert!(message.contains(part), "{message:?} does not say {part:?}");
    assert!(!message.ends_with('.'), "{message:?}");
}

fn is_start(error: &InstanceError) -> bool {
    matches!(error, InstanceError::Start(_))
}

#[test]
fn parse_errors_are_named() {
    // Overlapping pieces cannot be drawn in a grid of letters; its counterpart in text is a
    // letter in two places, which is refused as a piece not in one piece.
    for (text, part) in [
        ("goal: A at 1,1/A.A/...", "is not in one piece"),
        ("goal: Z at 1,1/A.", "no piece is named 'Z'"),
        ("goal: A at 1,1/horizontal: Q/A.", "no piece is named 'Q'"),
        ("goal: A at 1,1/A?", "unknown character '?'"),
        ("gaol: A at 1,1/A.", "is not a header this format knows"),
        ("goal: A at one/A.", "is not a header this format knows"),
        ("goal: A at 1,1/AB/A", "row 2 has 1 cells"),
        ("goal: A at 1,5/AA.", "does not fit on the board"),
        ("AB/..", "has no goal"),
        ("chess", "names no shipped layout"),
        ("puzzle", "names several shipped layouts"),
        ("rush hour", "names several shipped layouts"),
    ] {
        assert_refused(BlocksKind.parse(text, None), is_start, part);
    }
    let board = |rows: [&str; 6]| rows.concat();
    let empty = "oooooo";
    for (text, part) in [
        ("AAoooo".to_owned(), "has 36 cells, found 6"),
        (
            board([empty, "ooBooo", "AABooo", empty, empty, "oooooC"]),
            "vehicle 'C' at r6c6 is one cell long",
        ),
        (
            board(["AAoooo", empty, empty, empty, empty, empty]),
            "must lie across row 3",
        ),
        (
            board([empty, "ooAooo", "ooAooo", empty, empty, empty]),
            "must lie across row 3",
        ),
        (
            board([empty, empty, "AAooo?", empty, empty, empty]),
            "unknown character '?'",
        ),
        (
            board([empty, empty, "AAoobb", empty, empty, empty]),
            "unknown character 'b'",
        ),
        (
            board([empty, empty, "ooBBoo", empty, empty, empty]),
            "no red car",
        ),
        (
            board([empty, "BBoooo", "AABooo", empty, empty, empty]),
            "is not a straight line",
        ),
    ] {
        assert_refused(RushHourKind.parse(&text, None), is_start, part);
    }
    for (text, part) in [
        (
            "ABBC/ABBC/DEEF/DGHF/IJK.",
            "expected exactly 2 empty cells, found 1",
        ),
        ("ABBC/ABBC/DEEF/DGHF", "expected 5 rows, found 4"),
        ("ABBC/ABBC/DEEF/DGHF/I..JK", "row 5 has 5 cells, expected 4"),
        ("ABBC/ABBC/DEEF/DGHF/I..?", "invalid character '?'"),
        (
            "ABBC/ABBC/DEEF/DGHF/A..J",
            "piece 'A' is not in one piece: r5c1 is cut off from the rest",
        ),
    ] {
        assert_refused(KlotskiKind.parse(text, None), is_start, part);
    }

    let goal_given = |error: &InstanceError| matches!(error, InstanceError::GoalGiven { .. });
    assert_refused(
        KlotskiKind.parse("classic", Some("classic")),
        goal_given,
        "this puzzle takes no goal: it is solved when the 2x2 block reaches the exit",
    );
    assert_refused(
        BlocksKind.parse("pennant", Some("pennant")),
        goal_given,
        "this puzzle takes no goal: it is solved when its layout's goal",
    );
    assert_refused(
        RushHourKind.parse(rush_hour_board(), Some("")),
        goal_given,
        "the red car reaches the right edge",
    );

    for (start, goal, part) in [
        ("11345678.", None, "tile 1 appears twice"),
        ("1234567..", None, "2 blanks"),
        ("1234567a.", None, "is not a tile"),
        ("", None, "empty input"),
        ("1 2 3/4 0", None, "ragged rows"),
    ] {
        assert_refused(TilesKind.parse(start, goal), is_start, part);
    }
    assert_refused(
        TilesKind.parse("12345678.", Some("11345678.")),
        |error| matches!(error, InstanceError::Goal(_)),
        "tile 1 appears twice",
    );
}

#[test]
fn unknown_choices_are_refused_by_solve_with_the_names_offered() {
    let kinds: [(&dyn PuzzleKind, &str); 4] = [
        (&TilesKind, "12345678."),
        (&KlotskiKind, "classic"),
        (&BlocksKind, "pennant"),
        (&RushHourKind, rush_hour_board()),
    ];
    for (kind, start) in kinds {
        let instance = kind.parse(start, None).expect("valid starts");
        for (what, offered, bad) in [
            (
                "algorithm",
                kind.algorithms(),
                choices("dijkstra", None, None),
            ),
            (
                "heuristic",
                kind.heuristics(),
                Choices {
                    heuristic: Some("euclid".to_owned()),
                    ..Choices::default()
                },
            ),
            (
                "metric",
                kind.metrics(),
                Choices {
                    metric: Some("cell".to_owned()),
                    ..Choices::default()
                },
            ),
        ] {
            let error = instance
                .solve(&Request::new(&bad, &Limits::default()))
                .expect_err("an unknown choice");
            let InstanceError::Unknown {
                what: named,
                name,
                offered: listed,
            } = &error
            else {
                panic!("{}: {error:?}", kind.name());
            };
            assert_eq!((*named, listed), (what, &names(offered)), "{}", kind.name());
            let message = error.to_string();
            if offered.is_empty() {
                assert_eq!(
                    message,
                    format!("this puzzle has no {what} (`{name}` given)")
                );
            } else {
                assert_eq!(
                    message,
                    format!(
                        "unknown {what} `{name}`: this puzzle offers {}",
                        names(offered).join(", ")
                    )
                );
            }
            assert_eq!(bad.check(kind), Err(error));
        }
    }
    assert_eq!(
        names(BlocksKind.algorithms()),
        ["bfs", "bidirectional", "astar"]
    );
    assert_eq!(names(KlotskiKind.metrics()), ["piece", "step"]);
    assert!(TilesKind.metrics().is_empty());
}

// ---------------------------------------------------------------------------------------------
// The registry, and a puzzle from outside this crate.

/// Counting from a start to a goal by adding one or doubling, below a ceiling: the smallest
/// puzzle that has moves, an unreachable goal (any below the start) and a state graph.
struct Counter {
    goal: u32,
}

/// The largest number a counter reaches.
const CEILING: u32 = 1000;

impl Problem for Counter {
    type State = u32;
    type Action = &'static str;
    type Cost = u32;

    fn is_goal(&self, state: &u32) -> bool {
        *state == self.goal
    }

    fn successors(&self, state: &u32, out: &mut Successors<Self>) {
        for (next, action) in [(state + 1, "+1"), (state * 2, "*2")] {
            if next <= CEILING {
                out.push(Successor::unit(next, action));
            }
        }
    }
}

#[derive(Debug)]
struct CounterKind;

const COUNTER_ALGORITHMS: &[Choice] = &[Choice::new("bfs", "breadth-first search")];

impl PuzzleKind for CounterKind {
    fn name(&self) -> &str {
        "counter"
    }

    fn summary(&self) -> &str {
        "count from one number to another by adding one or doubling"
    }

    fn syntax(&self) -> &str {
        "a number up to 1000; the goal a number (`3`, goal `10`)"
    }

    fn algorithms(&self) -> &[Choice] {
        COUNTER_ALGORITHMS
    }

    fn parse(&self, start: &str, goal: Option<&str>) -> Result<Box<dyn Instance>, InstanceError> {
        let number = |text: &str| text.trim().parse::<u32>().ok().filter(|n| *n <= CEILING);
        let start = number(start).ok_or_else(|| InstanceError::Start(format!("{start:?}")))?;
        let goal = match goal {
            None => CEILING,
            Some(text) => number(text).ok_or_else(|| InstanceError::Goal(format!("{text:?}")))?,
        };
        Ok(Box::new(CounterInstance { start, goal }))
    }
}

struct CounterInstance {
    start: u32,
    goal: u32,
}

impl Instance for CounterInstance {
    fn start(&self) -> String {
        self.start.to_string()
    }

    fn goal(&self) -> String {
        self.goal.to_string()
    }

    fn check(&self) -> Reachability {
        if self.goal < self.start {
            Reachability::Unreachable {
                reason: "counting never goes down".to_owned(),
                reaches: Vec::new(),
            }
        } else {
            Reachability::Reachable {
                reason: "adding one gets there".to_owned(),
            }
        }
    }

    fn solve(&self, request: &Request<'_>) -> Result<Answer, InstanceError> {
        request.choices.check(&CounterKind)?;
        let problem = Counter { goal: self.goal };
        let observer = OnProgress(|progress: &_| (request.progress)(progress));
        let result = bfs_with(
            &problem,
            self.start,
            HashVisited::default(),
            request.limits,
            observer,
        );
        Ok(Answer::from_result(
            &problem,
            result,
            "bfs",
            None,
            None,
            |action| (*action).to_owned(),
            u32::to_string,
            " ",
        ))
    }

    fn explore(&self, depth: usize, limits: &Limits) -> Explored {
        let problem = Counter { goal: self.goal };
        let graph = explore(&problem, self.start, depth, limits);
        Explored::from_graph(&graph, u32::to_string, |action| (*action).to_owned())
    }
}

#[test]
fn the_registry_finds_refuses_and_takes_in_puzzles() {
    let mut registry = Registry::standard();
    assert_eq!(
        registry.names(),
        ["tiles", "klotski", "blocks", "rush-hour"]
    );
    let kinds: Vec<&str> = registry.kinds().map(|kind| kind.name()).collect();
    assert_eq!(kinds, registry.names());
    for kind in registry.kinds() {
        assert!(!kind.summary().is_empty() && !kind.syntax().is_empty());
        assert!(!kind.algorithms().is_empty(), "{kind:?}");
        assert_eq!(
            registry.get(kind.name()).map(|found| found.name()),
            Ok(kind.name())
        );
    }
    let unknown = registry.get("chess").unwrap_err();
    assert_eq!(
        unknown,
        RegistryError::Unknown {
            name: "chess".to_owned(),
            known: ["tiles", "klotski", "blocks", "rush-hour"]
                .map(str::to_owned)
                .to_vec(),
        }
    );
    assert_eq!(
        unknown.to_string(),
        "unknown puzzle `chess`: the puzzles are tiles, klotski, blocks, rush-hour"
    );
    assert_eq!(
        registry.register(Box::new(BlocksKind)).err(),
        Some(RegistryError::Taken("blocks".to_owned()))
    );

    /// A kind with any name, and nothing else.
    struct Named(&'static str);
    impl PuzzleKind for Named {
        fn name(&self) -> &str {
            self.0
        }
        fn summary(&self) -> &str {
            "a name"
        }
        fn syntax(&self) -> &str {
            "nothing"
        }
        fn algorithms(&self) -> &[Choice] {
            COUNTER_ALGORITHMS
        }
        fn parse(&self, _: &str, _: Option<&str>) -> Result<Box<dyn Instance>, InstanceError> {
            Err(InstanceError::Start("nothing parses".to_owned()))
        }
    }
    for bad in [
        "",
        "Counter",
        "two words",
        "snake_case",
        "über",
        "--puzzle=x",
    ] {
        assert_eq!(
            registry.register(Box::new(Named(bad))).err(),
            Some(RegistryError::BadName(bad.to_owned())),
            "{bad:?}"
        );
    }
    assert_eq!(registry.names().len(), 4, "refused kinds are not kept");

    registry
        .register(Box::new(CounterKind))
        .expect("a new name")
        .register(Box::new(Named("15-puzzle-2")))
        .expect("digits and dashes are typeable");
    assert_eq!(
        registry.names(),
        [
            "tiles",
            "klotski",
            "blocks",
            "rush-hour",
            "counter",
            "15-puzzle-2"
        ]
    );
    let counter = registry.get("counter").expect("registered");
    let instance = counter.parse("3", Some("10")).expect("numbers");
    assert_eq!(
        (instance.start(), instance.goal()),
        ("3".to_owned(), "10".to_owned())
    );
    assert!(matches!(instance.check(), Reachability::Reachable { .. }));
    let answer = solve(&*instance, &Choices::default());
    assert_eq!(answer.algorithm, "bfs");
    let solution = solution_of(&answer, "counter");
    // 3 + 1 + 1, doubled: no two moves reach 10 (4, 6, then 5, 8, 7 or 12).
    assert_eq!(solution.states, ["3", "4", "5", "10"]);
    assert_eq!((solution.cost, solution.line.as_str()), (3, "+1 +1 *2"));

    let backwards = counter.parse("10", Some("3")).unwrap();
    assert!(matches!(
        backwards.check(),
        Reachability::Unreachable { .. }
    ));
    assert!(matches!(
        solve(&*backwards, &Choices::default()).ending,
        Ending::Unreachable { .. }
    ));
    let explored = instance.explore(1, &Limits::default());
    assert_eq!(explored.nodes, ["3", "4", "6"]);
    assert_eq!(
        explored.edges,
        [(0, 1, "+1".to_owned()), (0, 2, "*2".to_owned())]
    );
    assert!(matches!(
        counter.parse("1001", None),
        Err(InstanceError::Start(_))
    ));
    let error = instance
        .solve(&Request::new(
            &choices("astar", None, None),
            &Limits::default(),
        ))
        .unwrap_err();
    assert!(matches!(
        error,
        InstanceError::Unknown {
            what: "algorithm",
            ..
        }
    ));
}

// ---------------------------------------------------------------------------------------------
// Limits and progress.

#[test]
fn limits_stop_solves_and_progress_is_heard() {
    let limits = Limits::none().with_max_expanded(10);
    for (kind, start) in [
        (&BlocksKind as &dyn PuzzleKind, "横刀立马"),
        (&KlotskiKind, "classic"),
        (&RushHourKind, rush_hour_board()),
    ] {
        let instance = kind.parse(start, None).expect("valid starts");
        for algorithm in names(kind.algorithms()) {
            let answer = instance
                .solve(&Request::new(&choices(algorithm, None, None), &limits))
                .expect("known choices");
            assert!(
                matches!(
                    answer.ending,
                    Ending::LimitReached {
                        limit: Limit::Expanded,
                        lower_bound: None
                    }
                ),
                "{} {algorithm}: {:?}",
                kind.name(),
                answer.ending
            );
            assert!(answer.statistics.expanded <= 10, "{answer:?}");
        }
    }

    // Korf's first 15-puzzle (57 moves, blank first): IDA* with linear conflict needs millions
    // of nodes, so the limit stops it, having reported on the way.
    let heard = AtomicU64::new(0);
    let most_expanded = AtomicU64::new(0);
    let progress = |progress: &search_core::observer::Progress| {
        heard.fetch_add(1, Ordering::Relaxed);
        most_expanded.fetch_max(progress.expanded, Ordering::Relaxed);
    };
    let bounded = Limits::none().with_max_expanded(100_000);
    let fifteen = TilesKind
        .parse("14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3", Some("blank-first"))
        .expect("a 15-puzzle");
    let choices = choices("idastar", Some("linear-conflict"), None);
    let answer = fifteen
        .solve(&Request::new(&choices, &bounded).with_progress(&progress))
        .expect("known choices");
    let Ending::LimitReached { limit, lower_bound } = answer.ending else {
        panic!("{:?}", answer.ending);
    };
    assert_eq!(limit, Limit::Expanded);
    assert!(
        lower_bound.is_some_and(|bound| bound >= 20),
        "{lower_bound:?}"
    );
    assert!(
        heard.load(Ordering::Relaxed) >= 2,
        "heard {} times",
        heard.load(Ordering::Relaxed)
    );
    assert!(most_expanded.load(Ordering::Relaxed) <= 100_000);
    assert!(answer.statistics.expanded <= 100_000);
}
