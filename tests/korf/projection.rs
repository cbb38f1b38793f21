//! The 24-puzzle runs' projection of a stopped search to its end (see `korf`'s header).

use search_core::Statistics;

/// For a search stopped before it reached the optimal length: the nodes it would have generated
/// by the end of the iteration at the optimal length, projected from its finished iterations.
/// Each iteration raises the threshold by the same step (two on the sliding-tile puzzle) and
/// its tree grows by a roughly constant factor, taken as the geometric mean of the last (up to)
/// three ratios between finished iterations. An estimate, not a measurement: the last
/// iteration ends at its first goal, so the time to a solution is less. `None` with fewer than
/// two finished iterations.
pub fn projected(statistics: &Statistics, optimal: u64) -> Option<f64> {
    // The last iteration recorded is the one the limit cut short.
    let finished = &statistics.iterations[..statistics.iterations.len().checked_sub(1)?];
    let last = finished.last()?;
    let ratios: Vec<f64> = (finished.windows(2).rev().take(3))
        .map(|pair| pair[1].generated as f64 / pair[0].generated.max(1) as f64)
        .collect();
    if ratios.is_empty() {
        return None;
    }
    let growth = ratios
        .iter()
        .product::<f64>()
        .powf(1.0 / ratios.len() as f64);
    let step = last.threshold - finished[finished.len() - 2].threshold;
    let remaining = optimal.saturating_sub(last.threshold) / step.max(1);
    let done: u64 = 1 + finished
        .iter()
        .map(|iteration| iteration.generated)
        .sum::<u64>();
    let ahead: f64 = (1..=remaining)
        .map(|j| last.generated as f64 * growth.powi(j as i32))
        .sum();
    Some(done as f64 + ahead)
}

#[cfg(test)]
mod tests {
    use super::*;
    use search_core::outcome::Iteration;

    fn iteration(threshold: u64, generated: u64) -> Iteration {
        Iteration {
            threshold,
            expanded: generated / 2,
            generated,
        }
    }

    #[test]
    fn projection_continues_the_growth_of_the_finished_iterations() {
        // Three finished iterations growing tenfold, then one cut short; two more thresholds
        // to the optimal 10: 1,000 * 10 + 1,000 * 100 ahead of the 1 + 1,110 done.
        let mut statistics = Statistics::default();
        statistics.iterations = vec![
            iteration(2, 10),
            iteration(4, 100),
            iteration(6, 1_000),
            iteration(8, 7),
        ];
        assert_eq!(projected(&statistics, 10), Some(111_111.0));
        // With fewer than two finished iterations there is no growth to continue.
        statistics.iterations.truncate(2);
        assert_eq!(projected(&statistics, 10), None);
    }
}
