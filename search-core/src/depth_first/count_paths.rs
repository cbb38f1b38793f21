//! The number of paths from a start to the goals of an acyclic state space, each ending at its
//! first goal: pathfinding's `count_paths`, by a depth-first walk that counts each state once.

use crate::hash::FastHashMap;
use crate::problem::{Problem, Successors};

/// Counts the paths from `start` to a goal, each ending at the first goal it meets.
///
/// # Returns
/// `Some(count)`, saturating at `u128::MAX`; `None` when a cycle can be reached from `start`
/// without passing a goal, where paths could be counted without end (pathfinding's
/// `count_paths` requires an acyclic space and does not check; this one checks).
///
/// # Guarantees
/// A goal counts one path and is not looked past; a state from which no goal is reachable
/// counts none. Two successors leading to the same state (two actions between the same states)
/// are two paths. Costs are not used.
///
/// # Complexity
/// `O(V + E)` time and `O(V)` memory over the states reachable from `start` without passing a
/// goal: each state's count is computed once and kept.
///
/// # Parameters
/// - `problem`: the state space and its goal test.
/// - `start`: the state the paths leave from.
///
/// # Example
/// ```
/// use search_core::{depth_first::count_paths, from_fn};
///
/// // Moving right or down on a 3x3 grid of points: 6 ways from one corner to the other.
/// let grid = from_fn(
///     |&(x, y): &(u8, u8)| [(x + 1, y), (x, y + 1)].into_iter().filter(|&(x, y)| x <= 2 && y <= 2).map(|next| (next, 1u32)),
///     |&corner| corner == (2, 2),
/// );
/// assert_eq!(count_paths(&grid, (0, 0)), Some(6));
///
/// // A cycle before the goal: no finite count.
/// let ring = from_fn(|&n: &u8| [((n + 1) % 4, 1u32)], |_| false);
/// assert_eq!(count_paths(&ring, 0), None);
/// ```
pub fn count_paths<P: Problem>(problem: &P, start: P::State) -> Option<u128> {
    // A state's count once all its successors are counted; `None` while it is on the walk's
    // stack, which is how a cycle is recognised.
    let mut counts: FastHashMap<P::State, Option<u128>> = FastHashMap::default();
    let mut stack: Vec<Frame<P::State>> = Vec::new();
    let mut buffer = Successors::<P>::new();
    // A goal counts one path; another state becomes a frame of the walk.
    let mut open = |state: P::State, counts: &mut FastHashMap<P::State, Option<u128>>| {
        if problem.is_goal(&state) {
            return Err(1);
        }
        buffer.clear();
        problem.successors(&state, &mut buffer);
        let next = buffer.drain(..).map(|successor| successor.state).collect();
        counts.insert(state.clone(), None);
        Ok(Frame {
            state,
            next,
            position: 0,
            total: 0,
        })
    };
    // The count of the state just finished, for the frame below it to add.
    let mut finished = match open(start, &mut counts) {
        Err(count) => return Some(count),
        Ok(frame) => {
            stack.push(frame);
            None
        }
    };
    while let Some(frame) = stack.last_mut() {
        if let Some(count) = finished.take() {
            frame.total = frame.total.saturating_add(count);
            frame.position += 1;
        }
        let Some(child) = frame.next.get(frame.position).cloned() else {
            let Frame { state, total, .. } = stack.pop().expect("the loop looked at it");
            counts.insert(state, Some(total));
            finished = Some(total);
            continue;
        };
        match counts.get(&child) {
            Some(Some(count)) => finished = Some(*count),
            Some(None) => return None,
            None => match open(child, &mut counts) {
                Err(count) => finished = Some(count),
                Ok(frame) => stack.push(frame),
            },
        }
    }
    finished
}

/// A state on the walk's stack: its successors, how many are counted, and their paths so far.
struct Frame<State> {
    state: State,
    next: Vec<State>,
    position: usize,
    total: u128,
}
