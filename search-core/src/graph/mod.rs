//! Explicit graphs: [`GraphProblem`] runs every algorithm on a `petgraph` graph, and
//! [`explore`] records the graph a search generates ([`ExploredGraph`]).

mod explicit;
mod export;

pub use explicit::GraphProblem;
pub use export::{ExploredGraph, explore};
