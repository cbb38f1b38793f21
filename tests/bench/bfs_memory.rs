//! BFS memory with large states (issue 43, item 2): bytes per stored 64-byte state, search-core
//! against pathfinding, each measured in a child process of its own so that the peak resident
//! set (`VmHWM`) is its search's alone.

use std::fmt::Write as _;

use search_core::{Outcome, Problem, Successor, Successors, bfs};

use super::{Summary, status_kib, table_head};

/// The flag that makes the bench a child measuring one library's BFS.
pub const CHILD: &str = "--bfs-memory-child";

/// A state of 64 bytes: a number below the space's size in the first word, words derived from
/// it in the others (so that states differ everywhere, as real ones do).
type Wide = [u64; 8];

fn wide(number: u64) -> Wide {
    std::array::from_fn(|word| match word {
        0 => number,
        _ => number
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .rotate_left(word as u32 * 8),
    })
}

/// `states` wide states, each leading to three others; no goal, so that BFS stores them all.
struct Space {
    states: u64,
}

impl Space {
    fn neighbours(&self, state: &Wide) -> [Wide; 3] {
        let number = state[0];
        [
            (number + 1) % self.states,
            (number * 3 + 1) % self.states,
            (number * 7 + 5) % self.states,
        ]
        .map(wide)
    }
}

impl Problem for Space {
    type State = Wide;
    type Action = u8;
    type Cost = u32;

    fn is_goal(&self, _: &Wide) -> bool {
        false
    }

    fn successors(&self, state: &Wide, out: &mut Successors<Self>) {
        for (action, next) in self.neighbours(state).into_iter().enumerate() {
            out.push(Successor::unit(next, action as u8));
        }
    }
}

/// The child's side: runs one library's BFS over the whole space and prints the stored
/// states, the resident KiB before and at the peak.
pub fn child(library: &str, states: u64) {
    let space = Space { states };
    let before = status_kib("VmRSS:");
    let stored = match library {
        "search-core" => {
            let result = bfs(&space, wide(0));
            assert_eq!(result.outcome, Outcome::Unreachable);
            result.statistics.stored as u64
        }
        "pathfinding" => {
            let found =
                pathfinding::prelude::bfs(&wide(0), |state| space.neighbours(state), |_| false);
            assert!(found.is_none());
            states
        }
        other => panic!("no library named {other}"),
    };
    let peak = status_kib("VmHWM:");
    println!("{stored} {before} {peak}");
}

pub fn table(report: &mut String, summary: &mut Summary, states: u64) {
    let _ = writeln!(
        report,
        "## BFS memory, {states} states of 64 bytes, all stored (no goal)\n"
    );
    table_head(
        report,
        &[
            "library",
            "stored",
            "peak RSS MiB",
            "bytes per stored state (peak RSS - RSS before)",
        ],
    );
    let executable = std::env::current_exe().expect("the bench knows its own path");
    let mut per_state = Vec::new();
    for library in ["search-core", "pathfinding"] {
        let output = std::process::Command::new(&executable)
            .args([CHILD, library, &states.to_string()])
            .output()
            .expect("the bench can run itself");
        assert!(
            output.status.success(),
            "the BFS memory child failed: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        let numbers: Vec<u64> = String::from_utf8_lossy(&output.stdout)
            .split_whitespace()
            .map(|field| field.parse().expect("the child prints numbers"))
            .collect();
        let [stored, before_kib, peak_kib] = numbers[..] else {
            panic!("the child prints three numbers, not {numbers:?}")
        };
        let bytes = (peak_kib - before_kib) as f64 * 1024.0 / stored as f64;
        per_state.push(bytes);
        let _ = writeln!(
            report,
            "| {library} | {stored} | {:.0} | {bytes:.1} |",
            peak_kib as f64 / 1024.0
        );
    }
    report.push('\n');
    summary.add(
        "memory",
        format!("BFS memory, bytes per stored 64-byte state at {states} states"),
        format!("{:.1} bytes", per_state[0]),
        format!("pathfinding::bfs, {:.1} bytes", per_state[1]),
        format!("{:.2} of its memory", per_state[0] / per_state[1]),
    );
}
