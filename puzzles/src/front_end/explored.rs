//! The state graph around a start, as text: what `slide graph` draws for any puzzle.

use std::hash::Hash;

use search_core::{Limit, Problem, graph::ExploredGraph};

/// The states within some depth of a start and the moves between them, written as text.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
#[non_exhaustive]
pub struct Explored {
    /// Every state reached, as one line of the puzzle's text; the start is the first.
    pub nodes: Vec<String>,
    /// Every move between two of them: `(from, to, move)`, indices into
    /// [`nodes`](Explored::nodes).
    pub edges: Vec<(usize, usize, String)>,
    /// The limit that stopped the exploration before it reached its depth, if one did.
    pub limit: Option<Limit>,
    /// The indices of the nodes that are goals (filled by [`Explored::from_search`]).
    pub goals: Vec<usize>,
}

impl Explored {
    /// The text of `graph` (made by [`search_core::graph::explore`]): states written by `write_state`,
    /// moves named by `name_move`.
    ///
    /// ```
    /// use puzzles::front_end::Explored;
    /// use search_core::{graph::explore, Limits, Problem, Successor, Successors};
    ///
    /// struct Line;
    /// impl Problem for Line {
    ///     type State = i32;
    ///     type Action = char;
    ///     type Cost = u32;
    ///     fn is_goal(&self, _: &i32) -> bool { false }
    ///     fn successors(&self, state: &i32, out: &mut Successors<Self>) {
    ///         out.push(Successor::unit(state - 1, '-'));
    ///         out.push(Successor::unit(state + 1, '+'));
    ///     }
    /// }
    ///
    /// let graph = explore(&Line, 0, 1, &Limits::default());
    /// let explored = Explored::from_graph(&graph, ToString::to_string, ToString::to_string);
    /// assert_eq!(explored.nodes, ["0", "-1", "1"]);
    /// assert_eq!(explored.edges[0], (0, 1, "-".to_owned()));
    /// ```
    pub fn from_graph<S, A>(
        graph: &ExploredGraph<S, A>,
        write_state: impl Fn(&S) -> String,
        name_move: impl Fn(&A) -> String,
    ) -> Explored
    where
        S: Clone + Eq + Hash,
        A: Clone + Eq,
    {
        let explored = graph.graph();
        Explored {
            nodes: explored.node_weights().map(write_state).collect(),
            edges: explored
                .raw_edges()
                .iter()
                .map(|edge| {
                    (
                        edge.source().index(),
                        edge.target().index(),
                        name_move(&edge.weight),
                    )
                })
                .collect(),
            limit: graph.limit(),
            goals: Vec::new(),
        }
    }

    /// [`from_graph`](Explored::from_graph), with the nodes that are goals of `problem`
    /// marked in [`goals`](Explored::goals), so that a drawing can show them.
    pub fn from_search<P: Problem>(
        problem: &P,
        graph: &ExploredGraph<P::State, P::Action>,
        write_state: impl Fn(&P::State) -> String,
        name_move: impl Fn(&P::Action) -> String,
    ) -> Explored
    where
        P::State: Clone + Eq + Hash,
        P::Action: Clone + Eq,
    {
        let mut explored = Explored::from_graph(graph, write_state, name_move);
        explored.goals = (graph.graph().node_weights().enumerate())
            .filter(|(_, state)| problem.is_goal(state))
            .map(|(index, _)| index)
            .collect();
        explored
    }
}
