//! The engine's tests at its public boundary, in one test binary: every algorithm against
//! independent brute-force oracles and against `petgraph`'s Dijkstra.

mod bag;
mod cliffs;
mod closures;
mod contract;
mod costs;
mod crew;
mod depth_first;
mod dijkstra;
mod goal_sets;
mod graphs;
mod informed;
mod k_shortest;
mod memory;
mod progress;
mod recorded;
mod uninformed;
mod visiting;
