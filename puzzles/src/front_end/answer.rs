//! What a solve answers, in the terms a front end prints: names, text and numbers.

use search_core::{Cost, Limit, Outcome, Problem, SearchResult, Statistics};

/// One solve's answer and what was used to get it.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Answer {
    /// The algorithm that ran, by name.
    pub algorithm: String,
    /// The heuristic it used, if any.
    pub heuristic: Option<String>,
    /// The metric moves were counted in, if the puzzle has several.
    pub metric: Option<String>,
    /// How the solve ended.
    pub ending: Ending,
    /// What the search did (all zero when no search ran).
    pub statistics: Statistics,
    /// The tables the heuristic looked up, by name, if it uses any (sliding tiles' pattern
    /// databases: the partitions maxed).
    pub databases: Vec<String>,
    /// What a person could try when the search gave up (a larger limit, a stronger
    /// heuristic and the command that builds it), if the puzzle knows better than the front
    /// end's generic advice.
    pub hint: Option<String>,
}

/// How a solve ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// An optimal solution.
    Solved(Solution),
    /// The goal is out of reach: `reason` says how that is known, `reaches` names standard
    /// goals the start does reach, if the puzzle has any.
    Unreachable {
        /// Why, in a phrase (`the search ran out of states` when only the search knows).
        reason: String,
        /// Goals, by name, the start can reach.
        reaches: Vec<String>,
    },
    /// A limit stopped the search first.
    LimitReached {
        /// Which limit.
        limit: Limit,
        /// A length no solution is shorter than, when the search proved one (the threshold of
        /// the IDA* iteration it stopped in).
        lower_bound: Option<u64>,
    },
}

/// An optimal solution, as text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// Its cost: the number of moves for puzzles whose every move costs one.
    pub cost: u64,
    /// Each move, named as the puzzle names moves.
    pub moves: Vec<String>,
    /// The moves on one line, as the puzzle writes a solution (`LLUR` for tiles, moves
    /// separated by spaces or commas for others).
    pub line: String,
    /// Every state from the start to the goal, one more than the moves, each as one line of
    /// the puzzle's text.
    pub states: Vec<String>,
}

impl Answer {
    /// The answer of a search run by `algorithm` (with `heuristic`, counting moves by `metric`)
    /// that ended in `result`, on `problem`: moves named by `name_move`, states written by
    /// `write_state`, the solution's moves joined by `separator` into its
    /// [line](Solution::line).
    ///
    /// The states are replayed from the solution's actions through `problem`'s successors, so
    /// an action that is not a move of its state is a bug of the plugin: it panics rather than
    /// print a solution that does not reach the goal.
    ///
    /// ```
    /// use puzzles::front_end::{Answer, Ending};
    /// use search_core::{bfs, Problem, Successor, Successors};
    ///
    /// /// Counting from 0 to 3 by ones.
    /// struct Count;
    /// impl Problem for Count {
    ///     type State = u8;
    ///     type Action = char;
    ///     type Cost = u32;
    ///     fn is_goal(&self, state: &u8) -> bool { *state == 3 }
    ///     fn successors(&self, state: &u8, out: &mut Successors<Self>) {
    ///         out.push(Successor::unit(state + 1, '+'));
    ///     }
    /// }
    ///
    /// let result = bfs(&Count, 0);
    /// let answer = Answer::from_result(&Count, result, "bfs", None, None, ToString::to_string, ToString::to_string, "");
    /// let Ending::Solved(solution) = answer.ending else { panic!() };
    /// assert_eq!((solution.cost, solution.line.as_str()), (3, "+++"));
    /// assert_eq!(solution.states, ["0", "1", "2", "3"]);
    /// ```
    #[allow(clippy::too_many_arguments)]
    pub fn from_result<P: Problem>(
        problem: &P,
        result: SearchResult<P::State, P::Action, P::Cost>,
        algorithm: &str,
        heuristic: Option<&str>,
        metric: Option<&str>,
        name_move: impl Fn(&P::Action) -> String,
        write_state: impl Fn(&P::State) -> String,
        separator: &str,
    ) -> Answer {
        let ending = match result.outcome {
            Outcome::Solved(solution) => {
                let states = solution
                    .states(problem)
                    .expect("a solution's actions are moves of its states");
                let moves: Vec<String> = solution.actions.iter().map(name_move).collect();
                Ending::Solved(Solution {
                    cost: solution.cost.to_u64(),
                    line: moves.join(separator),
                    moves,
                    states: states.iter().map(write_state).collect(),
                })
            }
            Outcome::Unreachable => Ending::Unreachable {
                reason: "the search ran out of states".to_owned(),
                reaches: Vec::new(),
            },
            Outcome::LimitReached(limit) => Ending::LimitReached {
                limit,
                lower_bound: lower_bound(&result.statistics),
            },
        };
        Answer {
            algorithm: algorithm.to_owned(),
            heuristic: heuristic.map(str::to_owned),
            metric: metric.map(str::to_owned),
            ending,
            statistics: result.statistics,
            databases: Vec::new(),
            hint: None,
        }
    }

    /// An answer of no search: `ending` known without one (an unreachable goal told by
    /// parities, a start that is its goal).
    pub fn without_search(
        algorithm: &str,
        heuristic: Option<&str>,
        metric: Option<&str>,
        ending: Ending,
    ) -> Answer {
        Answer {
            algorithm: algorithm.to_owned(),
            heuristic: heuristic.map(str::to_owned),
            metric: metric.map(str::to_owned),
            ending,
            statistics: Statistics::default(),
            databases: Vec::new(),
            hint: None,
        }
    }

    /// The solution's number of moves, if there is one.
    pub fn length(&self) -> Option<usize> {
        match &self.ending {
            Ending::Solved(solution) => Some(solution.moves.len()),
            Ending::Unreachable { .. } | Ending::LimitReached { .. } => None,
        }
    }
}

/// The length an iterative-deepening search that stopped proved no solution is shorter than:
/// the threshold of the iteration it stopped in, every shorter one having been searched whole.
pub(crate) fn lower_bound(statistics: &Statistics) -> Option<u64> {
    statistics
        .iterations
        .last()
        .map(|iteration| iteration.threshold)
}
