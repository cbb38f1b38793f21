//! Exporting explored state graphs: record what a search generated, or walk the neighbourhood of
//! a state, and draw it with Graphviz.
//!
//! Seeing the state graph is the quickest way to understand a small puzzle or to debug a problem
//! definition: a missing move or a move that leads somewhere unexpected shows at a glance.

use std::fmt::{self, Write as _};
use std::hash::Hash;

use petgraph::dot::{Config, Dot};
use petgraph::graph::{EdgeReference, Graph, NodeIndex};
use petgraph::visit::EdgeRef;

use crate::hash::FastHashMap;
use crate::limits::{Guard, Limits};
use crate::observer::Observer;
use crate::outcome::Limit;
use crate::problem::{Problem, Successors};

/// A state graph: each distinct state once, each distinct edge `from --action--> to` once.
///
/// Build one with [`explore`], or record a search by passing `&mut ExploredGraph` as the observer
/// of any `*_with` algorithm: it implements [`Observer`] and records every generated edge. Edges
/// generated again (as IDA* does in each iteration) are recorded once. Draw it with
/// [`to_dot`](ExploredGraph::to_dot), or take the [`petgraph::Graph`] for petgraph's algorithms.
///
/// Node indices are 32-bit, which bounds a graph to about four billion states; memory runs out
/// well before that.
///
/// # Example: recording a search
/// ```
/// use petgraph::Graph;
/// use search_core::{informed::astar_with, graph::ExploredGraph, GraphProblem, Limits, heuristic::NoHeuristic};
///
/// // A path a - b - c with a branch b - d, undirected.
/// let mut graph = Graph::<&str, u32, petgraph::Undirected>::new_undirected();
/// let [a, b, c, d] = ["a", "b", "c", "d"].map(|name| graph.add_node(name));
/// graph.extend_with_edges([(a, b, 1), (b, c, 1), (b, d, 5)]);
/// let problem = GraphProblem::new(&graph, c);
///
/// let mut explored = ExploredGraph::new();
/// let result = astar_with(&problem, &NoHeuristic, a, &Limits::default(), &mut explored);
/// let solution = result.solution().expect("c is reachable");
/// assert_eq!(solution.cost, 2);
///
/// // A* expanded a and b, generating a -> b, b -> a, b -> c and b -> d; it stopped before
/// // expanding c or d.
/// assert_eq!(explored.graph().node_count(), 4);
/// assert_eq!(explored.graph().edge_count(), 4);
/// let path = solution.states(&problem).expect("the solution belongs to the problem");
/// let dot = explored.to_dot(|node| graph[*node].to_string(), |_| String::new(), &path);
/// assert_eq!(dot.matches("color = red").count(), 3 + 2); // three states, two edges
/// ```
#[derive(Clone, Debug)]
pub struct ExploredGraph<S, A> {
    graph: Graph<S, A>,
    nodes: FastHashMap<S, NodeIndex>,
    limit: Option<Limit>,
}

impl<S, A> Default for ExploredGraph<S, A> {
    fn default() -> Self {
        ExploredGraph {
            graph: Graph::new(),
            nodes: FastHashMap::default(),
            limit: None,
        }
    }
}

impl<S, A> ExploredGraph<S, A>
where
    S: Clone + Eq + Hash,
    A: Clone + Eq,
{
    /// An empty graph, ready to record a search.
    pub fn new() -> Self {
        Self::default()
    }

    /// The graph: node weights are states, edge weights are actions.
    pub fn graph(&self) -> &Graph<S, A> {
        &self.graph
    }

    /// Consumes the recording and returns the graph.
    pub fn into_graph(self) -> Graph<S, A> {
        self.graph
    }

    /// The node of `state`, if it was recorded.
    pub fn node(&self, state: &S) -> Option<NodeIndex> {
        self.nodes.get(state).copied()
    }

    /// The limit that stopped [`explore`] before it reached its depth, if one did.
    ///
    /// A graph recorded as an observer always says `None`: the search's own
    /// [`Outcome`](crate::Outcome) tells whether it stopped at a limit.
    pub fn limit(&self) -> Option<Limit> {
        self.limit
    }

    /// The node of `state`, added if it is new; `true` when it was added.
    fn intern(&mut self, state: &S) -> (NodeIndex, bool) {
        if let Some(&node) = self.nodes.get(state) {
            return (node, false);
        }
        let node = self.graph.add_node(state.clone());
        self.nodes.insert(state.clone(), node);
        (node, true)
    }

    /// Records the edge `from --action--> to` unless it is already there.
    fn record(&mut self, from: &S, action: &A, to: &S) {
        let (source, _) = self.intern(from);
        let (target, _) = self.intern(to);
        let known = self
            .graph
            .edges_connecting(source, target)
            .any(|edge| edge.weight() == action);
        if !known {
            self.graph.add_edge(source, target, action.clone());
        }
    }

    /// Graphviz DOT text for the graph, with `path` highlighted.
    ///
    /// - `label_state` and `label_action` write the labels; they may return any text, including
    ///   quotes, backslashes and newlines (a board drawn row by row), which are escaped for DOT.
    ///   Nodes are boxes in a monospace font, so such drawings keep their columns.
    /// - `path` is a sequence of states, typically a solution's
    ///   [`states`](crate::outcome::Solution::states): its states are drawn bold red, and so is every
    ///   recorded edge from one of them to the next (all parallel ones, if several). Its first
    ///   state is marked `start`, its last `goal` (one node carries both for a one-state path).
    ///   States on it that were not recorded are skipped; an empty path highlights nothing.
    ///
    /// The text comes from [`petgraph::dot::Dot`] with the labels and styles as attributes.
    ///
    /// ```
    /// use search_core::{graph::explore, graph::ExploredGraph, Limits, Problem, Successor, Successors};
    ///
    /// /// A ring of four states; a step forward costs one.
    /// struct Ring;
    /// impl Problem for Ring {
    ///     type State = u8;
    ///     type Action = char;
    ///     type Cost = u32;
    ///     fn is_goal(&self, state: &u8) -> bool { *state == 2 }
    ///     fn successors(&self, state: &u8, out: &mut Successors<Self>) {
    ///         out.push(Successor::unit((state + 1) % 4, '+'));
    ///     }
    /// }
    ///
    /// let explored = explore(&Ring, 0, 10, &Limits::default());
    /// let dot = explored.to_dot(
    ///     |state| format!("state \"{state}\"\nof the ring"),
    ///     |action| action.to_string(),
    ///     &[0, 1, 2],
    /// );
    /// assert!(dot.starts_with("digraph {"));
    /// // Quotes and newlines in labels are escaped.
    /// assert!(dot.contains(r#"label = "state \"0\"\nof the ring""#));
    /// // The path's two edges are highlighted, the ring's other two are not.
    /// assert_eq!(dot.matches("-> ").count(), 4);
    /// assert_eq!(dot.lines().filter(|line| line.contains("-> ") && line.contains("red")).count(), 2);
    /// assert!(dot.contains(r#"xlabel = "start""#) && dot.contains(r#"xlabel = "goal""#));
    /// ```
    pub fn to_dot<LabelState, LabelAction>(
        &self,
        label_state: LabelState,
        label_action: LabelAction,
        path: &[S],
    ) -> String
    where
        LabelState: Fn(&S) -> String,
        LabelAction: Fn(&A) -> String,
    {
        let mut on_path = vec![false; self.graph.node_count()];
        let mut edge_on_path = vec![false; self.graph.edge_count()];
        for node in path.iter().filter_map(|state| self.node(state)) {
            on_path[node.index()] = true;
        }
        for pair in path.windows(2) {
            if let (Some(from), Some(to)) = (self.node(&pair[0]), self.node(&pair[1])) {
                for edge in self.graph.edges_connecting(from, to) {
                    edge_on_path[edge.id().index()] = true;
                }
            }
        }
        let start = path.first().and_then(|state| self.node(state));
        let goal = path.last().and_then(|state| self.node(state));

        let node_attributes = |_: &Graph<S, A>, (node, state): (NodeIndex, &S)| {
            let mut attributes = format!("label = \"{}\"", escape(&label_state(state)));
            if on_path[node.index()] {
                attributes.push_str(" color = red penwidth = 2");
            }
            if Some(node) == start && start == goal {
                attributes
                    .push_str(" xlabel = \"start, goal\" style = filled fillcolor = palegreen");
            } else if Some(node) == start {
                attributes.push_str(" xlabel = \"start\" style = filled fillcolor = lightblue");
            } else if Some(node) == goal {
                attributes.push_str(" xlabel = \"goal\" style = filled fillcolor = palegreen");
            }
            attributes.push(' ');
            attributes
        };
        let edge_attributes = |_: &Graph<S, A>, edge: EdgeReference<'_, A>| {
            let mut attributes = format!("label = \"{}\"", escape(&label_action(edge.weight())));
            if edge_on_path[edge.id().index()] {
                attributes.push_str(" color = red penwidth = 2");
            }
            attributes.push(' ');
            attributes
        };
        let config = [
            Config::GraphContentOnly,
            Config::NodeNoLabel,
            Config::EdgeNoLabel,
        ];
        let dot = Dot::with_attr_getters(&self.graph, &config, &edge_attributes, &node_attributes);

        let mut text =
            String::from("digraph {\n    node [ shape = box fontname = \"monospace\" ]\n");
        // Writing to a `String` cannot fail; the labels were rendered by the closures already.
        let _ = write!(text, "{}", Content(&dot));
        text.push_str("}\n");
        text
    }
}

/// Displays a [`Dot`] with labels left to the attribute getters, so that node and edge weights
/// need no `Display` or `Debug` implementation.
struct Content<'dot, 'a, S, A>(&'dot Dot<'a, &'a Graph<S, A>>);

impl<S, A> fmt::Display for Content<'_, '_, S, A> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.graph_fmt(f, |_, _| Ok(()), |_, _| Ok(()))
    }
}

/// `text` as the inside of a DOT quoted string: quotes and backslashes escaped, line breaks as
/// Graphviz's centred-line `\n`.
fn escape(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for character in text.chars() {
        match character {
            '"' => escaped.push_str("\\\""),
            '\\' => escaped.push_str("\\\\"),
            '\n' => escaped.push_str("\\n"),
            // A carriage return of a Windows line end adds nothing to a `\n` line break.
            '\r' => {}
            _ => escaped.push(character),
        }
    }
    escaped
}

impl<P> Observer<P> for ExploredGraph<P::State, P::Action>
where
    P: Problem + ?Sized,
{
    /// Records the state, so that states without successors appear too.
    fn expanded(&mut self, state: &P::State, _cost: P::Cost) {
        self.intern(state);
    }

    /// Records the edge.
    fn generated(&mut self, from: &P::State, action: &P::Action, to: &P::State, _cost: P::Cost) {
        self.record(from, action, to);
    }
}

/// The state graph around `start`: every state at most `max_depth` moves away, and every edge
/// among them.
///
/// A breadth-first walk of its own, one layer of states at a time, that keeps every edge rather
/// than a search tree; unlike a search it does not stop at goals. The states of the last layer
/// are expanded too, but only their edges back into the graph are kept. It checks `limits`
/// before each expansion (expanded states, stored states, deadline, cancellation) and, when one
/// is reached, returns the graph so far with [`ExploredGraph::limit`] saying which; a layer may
/// add up to one state's successors beyond the stored-state limit.
///
/// - `problem`: supplies the successors.
/// - `start`: the centre of the graph.
/// - `max_depth`: how many moves away from `start` to go; 0 gives `start` and its self-loops.
/// - `limits`: when to stop early.
///
/// ```
/// use search_core::{graph::explore, Limit, Limits, Problem, Successor, Successors};
///
/// /// Integers; a step either way costs one.
/// struct Line;
/// impl Problem for Line {
///     type State = i32;
///     type Action = i32;
///     type Cost = u32;
///     fn is_goal(&self, _: &i32) -> bool { false }
///     fn successors(&self, state: &i32, out: &mut Successors<Self>) {
///         out.push(Successor::unit(state - 1, -1));
///         out.push(Successor::unit(state + 1, 1));
///     }
/// }
///
/// // -3..=3, with a step each way between neighbours.
/// let explored = explore(&Line, 0, 3, &Limits::default());
/// assert_eq!(explored.graph().node_count(), 7);
/// assert_eq!(explored.graph().edge_count(), 12);
/// assert_eq!(explored.limit(), None);
/// assert!(explored.node(&3).is_some() && explored.node(&4).is_none());
///
/// let stopped = explore(&Line, 0, 1000, &Limits::none().with_max_expanded(5));
/// assert_eq!(stopped.limit(), Some(Limit::Expanded));
/// ```
pub fn explore<P>(
    problem: &P,
    start: P::State,
    max_depth: usize,
    limits: &Limits,
) -> ExploredGraph<P::State, P::Action>
where
    P: Problem + ?Sized,
{
    let mut explored = ExploredGraph::new();
    let mut guard = Guard::new(limits);
    let mut expanded = 0_u64;
    let mut buffer = Successors::<P>::new();
    explored.intern(&start);
    let mut layer = vec![start];
    let mut next_layer = Vec::new();
    for depth in 0..=max_depth {
        let last = depth == max_depth;
        for state in layer.drain(..) {
            if let Err(limit) = guard.check(expanded, explored.graph.node_count()) {
                explored.limit = Some(limit);
                return explored;
            }
            expanded += 1;
            buffer.clear();
            problem.successors(&state, &mut buffer);
            for successor in buffer.drain(..) {
                if last {
                    if explored.nodes.contains_key(&successor.state) {
                        explored.record(&state, &successor.action, &successor.state);
                    }
                    continue;
                }
                if explored.intern(&successor.state).1 {
                    next_layer.push(successor.state.clone());
                }
                explored.record(&state, &successor.action, &successor.state);
            }
        }
        if next_layer.is_empty() {
            break;
        }
        std::mem::swap(&mut layer, &mut next_layer);
    }
    explored
}
