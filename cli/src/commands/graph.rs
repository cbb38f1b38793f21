//! `slide graph`: the states around a start as Graphviz DOT or JSON, for every puzzle.

use std::io::Write;

use anyhow::Result;
use puzzles::front_end::{Ending, Registry};
use search_core::{Limit, Limits};
use serde_json::{Value, json};

use crate::args::{GraphArgs, GraphFormat};
use crate::commands::solve::{parse_instance, solve_quietly};
use crate::output::report;
use crate::output::status::{self, Status};

/// `slide graph --puzzle NAME`: the states within `--depth` moves of the start, the start and
/// the goals marked, and with `--goal` or `--path` an optimal path drawn in red, as for
/// sliding tiles.
pub fn run(args: &GraphArgs, registry: &Registry) -> Result<Status> {
    let kind = registry.get(&args.puzzle.name)?;
    let instance = parse_instance(kind, &args.start, args.goal.as_deref())?;
    let limits = Limits::default().with_max_expanded(args.max_nodes);
    let explored = instance.explore(
        args.depth as usize,
        &crate::args::exploring_limits(args.max_nodes),
    );
    if explored.limit.is_some() && crate::output::memory::exceeded() {
        status::warn(format_args!("{}", crate::output::memory::OVER_BUDGET));
        return Ok(Status::LimitReached);
    }
    if explored.limit.is_some() {
        status::warn(format_args!(
            "the graph within {} moves has more than {} nodes; lower --depth or raise --max-nodes",
            args.depth, args.max_nodes
        ));
        return Ok(Status::LimitReached);
    }
    // The path's states, keyed as the graph's nodes are ([`Instance::state_key`]).
    let path = if args.goal.is_some() || args.path {
        Some(solve_quietly(&*instance, &limits)?)
    } else {
        None
    };
    let states: Vec<String> = match path.as_ref().map(|answer| &answer.ending) {
        Some(Ending::Solved(solution)) => (solution.states.iter())
            .map(|state| instance.state_key(state))
            .collect(),
        _ => Vec::new(),
    };
    let keys: Vec<String> = (explored.nodes.iter())
        .map(|node| instance.state_key(node))
        .collect();
    let on_path = |node: usize| states.contains(&keys[node]);
    let step_of_path = |from: usize, to: usize| {
        (states.windows(2)).any(|pair| pair[0] == keys[from] && pair[1] == keys[to])
    };
    // Goals: the nodes the puzzle says are goals, and the path's end (a goal given).
    let is_goal = |node: usize| {
        explored.goals.contains(&node) || states.last().is_some_and(|last| *last == keys[node])
    };
    let mut out = status::stdout();
    match args.format {
        GraphFormat::Json => {
            let edges: Vec<Value> = (explored.edges.iter())
                .map(|(from, to, name)| json!({"from": from, "to": to, "move": name}))
                .collect();
            let goals: Vec<usize> = (0..explored.nodes.len())
                .filter(|&node| is_goal(node))
                .collect();
            let mut object = json!({
                "puzzle": kind.name(),
                "start": instance.start(),
                "depth": args.depth,
                "nodes": explored.nodes,
                "edges": edges,
                "start_node": 0,
                "goal_nodes": goals,
            });
            if let Some(answer) = &path {
                object["goal"] = json!(instance.goal());
                object["result"] = json!(report::answer_word(&answer.ending));
                if let Ending::Solved(solution) = &answer.ending {
                    object["length"] = json!(solution.moves.len());
                    object["moves"] = json!(solution.line);
                    object["move_list"] = json!(solution.moves);
                }
            }
            writeln!(out, "{object}")?;
        }
        GraphFormat::Dot => {
            writeln!(out, "digraph {{")?;
            writeln!(out, "    node [ shape = box fontname = \"monospace\" ]")?;
            for (index, node) in explored.nodes.iter().enumerate() {
                let mut attributes = String::new();
                if on_path(index) {
                    attributes.push_str(" color = red penwidth = 2");
                }
                // As search-core's DOT export marks them for sliding tiles.
                match (index == 0, is_goal(index)) {
                    (true, true) => attributes
                        .push_str(" xlabel = \"start, goal\" style = filled fillcolor = palegreen"),
                    (true, false) => {
                        attributes
                            .push_str(" xlabel = \"start\" style = filled fillcolor = lightblue");
                    }
                    (false, true) => {
                        attributes
                            .push_str(" xlabel = \"goal\" style = filled fillcolor = palegreen");
                    }
                    (false, false) => {}
                }
                // The state as the puzzle draws it, rows on lines of their own.
                let label = match instance.draw(node) {
                    Some(grid) => grid.to_string(),
                    None => node.replace('/', "\n"),
                };
                writeln!(
                    out,
                    "    {index} [ label = {}{attributes} ]",
                    dot_string(&label)
                )?;
            }
            for (from, to, name) in &explored.edges {
                let red = if step_of_path(*from, *to) {
                    " color = red penwidth = 2"
                } else {
                    ""
                };
                writeln!(
                    out,
                    "    {from} -> {to} [ label = {}{red} ]",
                    dot_string(name)
                )?;
            }
            writeln!(out, "}}")?;
        }
    }
    out.flush()?;
    let Some(answer) = path else {
        return Ok(Status::Success);
    };
    match &answer.ending {
        Ending::Solved(solution) if solution.moves.len() as u64 > u64::from(args.depth) => {
            status::warn(format_args!(
                "the goal is {} moves away, beyond --depth {}: its path is highlighted only as far as the graph reaches; --depth {} draws it all",
                solution.moves.len(),
                args.depth,
                solution.moves.len()
            ))
        }
        Ending::Solved(_) => {}
        Ending::Unreachable { reason, .. } => status::warn(format_args!(
            "no path is highlighted: the goal {} is unreachable from the start ({reason})",
            instance.goal()
        )),
        Ending::LimitReached {
            limit: Limit::Expanded,
            ..
        } => status::warn(format_args!(
            "no path is highlighted: the search for a path to the goal stopped at the --max-nodes limit of {} expanded nodes; raise --max-nodes, or leave out --goal",
            args.max_nodes
        )),
        Ending::LimitReached { limit, .. } => status::warn(format_args!(
            "no path is highlighted: the search for a path to the goal gave up, {}; raise --max-nodes, or leave out --goal",
            crate::output::memory::limit_words(limit)
        )),
    }
    Ok(report::answer_status(&answer.ending))
}

/// `text` as a DOT string, quoted and escaped, its lines as DOT's line breaks.
fn dot_string(text: &str) -> String {
    let escaped = text.replace('\\', "\\\\").replace('"', "\\\"");
    format!("\"{}\"", escaped.replace('\n', "\\n"))
}
