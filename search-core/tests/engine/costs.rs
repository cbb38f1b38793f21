//! Signed and floating-point costs through their checked wrappers, against petgraph's Dijkstra
//! on the same graphs with plain `i32` and `f64` weights. Float weights are quarters, whose sums
//! are exact, so the costs compare exactly.

use petgraph::Directed;
use petgraph::algo::dijkstra as petgraph_dijkstra;
use petgraph::graph::{Graph, NodeIndex};
use petgraph::visit::EdgeRef;
use proptest::prelude::*;
use proptest::sample::Index;
use search_core::{
    FloatCost, GraphProblem, Outcome, astar, bidirectional::bidirectional_dijkstra,
    cost::CostError, cost::Signed, dijkstra, from_fn_f64, heuristic::NoHeuristic, informed::fringe,
    outcome::ResultOf,
};

use crate::graphs::{build, edges};

/// The outcome's cost, or `None` when the goal is unreachable; any other outcome fails.
fn cost_of<C>(
    result: &ResultOf<GraphProblem<'_, (), C, Directed>>,
) -> Result<Option<C>, TestCaseError>
where
    C: search_core::Cost,
{
    match &result.outcome {
        Outcome::Solved(solution) => Ok(Some(solution.cost)),
        Outcome::Unreachable => Ok(None),
        Outcome::LimitReached(limit) => Err(TestCaseError::fail(format!("stopped at {limit:?}"))),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn signed_and_float_costs(edges in edges(10, 0..=12), start: Index, goal: Index) {
        let plain: Graph<(), u32, Directed> = build(&edges);
        let (start, goal) = (NodeIndex::new(start.index(edges.0)), NodeIndex::new(goal.index(edges.0)));

        let signed = plain.map(|_, _| (), |_, &w| Signed::new(w as i32).expect("not negative"));
        let oracle = petgraph_dijkstra(&plain, start, Some(goal), |edge| *edge.weight() as i32).get(&goal).copied();
        let problem = GraphProblem::new(&signed, goal);
        for result in [dijkstra(&problem, start), astar(&problem, &NoHeuristic, start), bidirectional_dijkstra(&problem, start, goal), fringe(&problem, &NoHeuristic, start)] {
            prop_assert_eq!(cost_of(&result)?.map(Signed::get), oracle);
        }

        let quarters = plain.map(|_, _| (), |_, &w| f64::from(w) / 4.0);
        let floats = quarters.map(|_, _| (), |_, &w| FloatCost::new(w).expect("a number, not negative"));
        let oracle = petgraph_dijkstra(&quarters, start, Some(goal), |edge| *edge.weight()).get(&goal).copied();
        let problem = GraphProblem::new(&floats, goal);
        for result in [dijkstra(&problem, start), astar(&problem, &NoHeuristic, start), bidirectional_dijkstra(&problem, start, goal), fringe(&problem, &NoHeuristic, start)] {
            prop_assert_eq!(cost_of(&result)?.map(FloatCost::get), oracle);
        }

        // The same weights as plain `f64`s through the float closure adapter.
        let weighted = from_fn_f64(
            |&node: &NodeIndex| quarters.edges(node).map(|edge| (edge.target(), *edge.weight())).collect::<Vec<_>>(),
            |&node| node == goal,
        );
        let result = dijkstra(&weighted, start);
        prop_assert_eq!(result.solution().map(|solution| solution.cost.get()), oracle);
        if let Some(solution) = result.solution() {
            prop_assert_eq!(solution.actions.last().copied().unwrap_or(start), goal);
        }
    }
}

#[test]
#[should_panic(expected = "FloatCost::of(-0.5): a cost must not be negative")]
fn the_float_closure_adapter_refuses_a_negative_weight() {
    let broken = from_fn_f64(
        |&n: &u8| [(n + 1, if n == 2 { -0.5 } else { 1.0 })],
        |&n| n == 5,
    );
    dijkstra(&broken, 0);
}

#[test]
fn negative_and_nan_costs_are_refused() {
    assert_eq!(Signed::new(-3_i64), Err(CostError::Negative));
    assert_eq!(Signed::try_from(i8::MIN), Err(CostError::Negative));
    assert_eq!(Signed::new(0_i32).map(Signed::get), Ok(0));
    assert_eq!(FloatCost::new(-1e-300), Err(CostError::Negative));
    assert_eq!(FloatCost::new(f64::NAN), Err(CostError::NotANumber));
    assert_eq!(FloatCost::new(-0.0).map(FloatCost::get), Ok(0.0));
    assert_eq!(
        CostError::Negative.to_string(),
        "a cost must not be negative"
    );
}

/// Float arithmetic agrees with `f64` arithmetic on values whose sums are exact, and stays a
/// cost: differences stop at zero, sums of nothing are zero.
#[test]
fn float_costs_add_subtract_scale_and_sum() {
    proptest!(|(quarters in proptest::collection::vec(0..400u32, 0..20), factor in 0..8u32)| {
        let values: Vec<f64> = quarters.iter().map(|&q| f64::from(q) / 4.0).collect();
        let costs: Vec<FloatCost> = values.iter().map(|&v| FloatCost::of(v)).collect();
        let total: FloatCost = costs.iter().sum();
        prop_assert_eq!(total.get(), values.iter().sum::<f64>());
        prop_assert_eq!(costs.iter().copied().sum::<FloatCost>(), total);
        let factor = f64::from(factor) / 2.0;
        prop_assert_eq!((total * factor).get(), values.iter().sum::<f64>() * factor);
        if let [first, second, ..] = values[..] {
            let difference = FloatCost::of(first) - FloatCost::of(second);
            prop_assert_eq!(difference.get(), (first - second).max(0.0));
        }
    });
    assert_eq!(
        std::iter::empty::<FloatCost>().sum::<FloatCost>(),
        FloatCost::of(0.0)
    );
    assert_eq!(FloatCost::of(2.5).to_string(), "2.5");
}

#[test]
#[should_panic(expected = "FloatCost::of(-1.5): a cost must not be negative")]
fn a_negative_float_cost_panics_with_its_value() {
    let _ = FloatCost::of(-1.5);
}

#[test]
#[should_panic(expected = "a cost must be a number, not NaN")]
fn a_nan_float_cost_panics() {
    let _ = FloatCost::of(f64::NAN);
}

#[test]
#[should_panic(expected = "FloatCost * -2: a cost scales only by a number that is not negative")]
fn a_float_cost_scaled_by_a_negative_factor_panics() {
    let _ = FloatCost::of(0.0) * -2.0;
}

/// Float costs order as the numbers they hold, zero and infinity included, whatever way they
/// were made (negative zero is made zero).
#[test]
fn float_costs_order_as_numbers() {
    let special = [
        0.0,
        -0.0,
        f64::MIN_POSITIVE,
        5e-324,
        1.0,
        1e300,
        f64::MAX,
        f64::INFINITY,
    ];
    proptest!(|(values in proptest::collection::vec(0.0..1e12f64, 2..12))| {
        let values: Vec<f64> = values.into_iter().chain(special).collect();
        for &a in &values {
            for &b in &values {
                let (x, y) = (FloatCost::of(a), FloatCost::of(b));
                prop_assert_eq!(x.cmp(&y), a.partial_cmp(&b).expect("numbers"));
                prop_assert_eq!(x == y, a == b);
            }
        }
    });
}
