//! Issue 31, item 6: `slide batch` keeps every core busy to the end. A batch of random
//! 15-puzzles whose longest line would run alone on one core, on one worker and on two, whose
//! worker out of lines helps the other's search ([`search_core::idastar::Crew`]).

use std::fmt::Write as _;

use crate::{median, run_slide, slide_binary, table_head};
use tests::contention::{self, CpuSnapshot};
use tests::summary::Summary;

/// How many 15-puzzles a batch holds: the 40.
const LINES: usize = 40;

/// The seeds of the batches, one table row each: how much one line dominates a batch, and so
/// what help is worth, varies from batch to batch (seed 2's longest line is a fifth of it).
const SEEDS: [u64; 3] = [1, 2, 3];

/// Other processes' use of the machine, in cores, below which a round counts as quiet (as in
/// the batch section).
const QUIET_CORES: f64 = crate::QUIET_CORES;

/// The target: two jobs at least this many times as fast as one.
const TARGET: f64 = 1.8;

/// Runs the batches with one job and two, alternated, and reports the speed-ups.
pub fn crew_section(report: &mut String, summary: &mut Summary, repetitions: usize) {
    let _ = writeln!(
        report,
        "## Batch helped to the end: {LINES} random 15-puzzles a batch (`slide random --size 4x4 --count {LINES} --seed S`, then `slide batch -H linear-conflict --jobs 1` and `--jobs 2`), medians of {repetitions}, the two job counts alternated\n"
    );
    table_head(
        report,
        &[
            "seed",
            "jobs 1 s",
            "jobs 2 s",
            "speed-up",
            "median of the rounds' speed-ups",
            "longest line, of the jobs 1 searches",
            "nodes expanded, jobs 1",
            "nodes expanded, jobs 2",
            "jobs 2 CPU s / wall s",
            "other processes, cores (median)",
            "median speed-up of the quiet rounds",
        ],
    );
    let slide = slide_binary();
    for seed in SEEDS {
        let (row, speed_up) = crew_row(&slide, seed, repetitions);
        report.push_str(&row);
        summary.add(
            "crew",
            format!("`slide batch -H linear-conflict`, {LINES} random 15-puzzles (seed {seed}), 2 jobs against 1"),
            format!("{speed_up:.2}x speed-up"),
            format!("target {TARGET}x"),
            format!("{:.2} of the target", speed_up / TARGET),
        );
    }
    let _ = writeln!(
        report,
        "\nWith two jobs, a worker that finds the input exhausted lends itself to the other's search, \
         which splits its large iterations into subtrees as parallel IDA* does; the split's order \
         (largest subtrees of the last iteration first) also meets the last iteration's goal \
         sooner, hence fewer nodes than the serial searches of one job. \
         A shared machine lowers the two-job side more than the one-job side.\n"
    );
}

/// One batch's table row (with its line break), and its speed-up of the medians.
fn crew_row(slide: &std::path::Path, seed: u64, repetitions: usize) -> (String, f64) {
    let arguments = [
        "random",
        "--size",
        "4x4",
        "--count",
        &LINES.to_string(),
        "--seed",
        &seed.to_string(),
    ];
    let (batch, _) = run_slide(slide, &arguments, "");
    assert_eq!(
        batch.lines().count(),
        LINES,
        "slide random printed {batch:?}"
    );
    let runs = repetitions.max(1);
    let mut times = [Vec::with_capacity(runs), Vec::with_capacity(runs)];
    let mut nodes = [0, 0];
    let mut lengths: [Vec<u64>; 2] = [Vec::new(), Vec::new()];
    let mut longest_share = 0.0;
    let mut others = Vec::with_capacity(runs);
    let mut processor_seconds = 0.0;
    for _ in 0..runs {
        let round = CpuSnapshot::now();
        for (side, jobs) in ["1", "2"].into_iter().enumerate() {
            let arguments = ["batch", "-H", "linear-conflict", "--jobs", jobs];
            let processor_before = contention::children_processor_seconds();
            let (output, time) = run_slide(slide, &arguments, &batch);
            if let (1, Some(before), Some(after)) = (
                side,
                processor_before,
                contention::children_processor_seconds(),
            ) {
                processor_seconds += after - before;
            }
            times[side].push(time);
            let records: Vec<serde_json::Value> = output
                .lines()
                .map(|line| serde_json::from_str(line).expect("slide batch prints JSON lines"))
                .collect();
            lengths[side] = records
                .iter()
                .map(|record| record["length"].as_u64().expect("every line is solved"))
                .collect();
            nodes[side] = records
                .iter()
                .filter_map(|record| record["statistics"]["expanded"].as_u64())
                .sum();
            if side == 0 {
                let seconds: Vec<f64> = records
                    .iter()
                    .filter_map(|record| record["statistics"]["seconds"].as_f64())
                    .collect();
                let longest = seconds.iter().copied().fold(0.0, f64::max);
                longest_share = longest / seconds.iter().sum::<f64>();
            }
        }
        others.extend(round.and_then(|round| round.others_since()));
    }
    assert_eq!(lengths[0].len(), LINES);
    assert_eq!(
        lengths[0], lengths[1],
        "helped searches find the same lengths"
    );
    let speed_ups: Vec<f64> = (times[0].iter().zip(&times[1]))
        .map(|(one, two)| one.as_secs_f64() / two.as_secs_f64())
        .collect();
    let paired = median(speed_ups.clone());
    let busy = processor_seconds / times[1].iter().map(|time| time.as_secs_f64()).sum::<f64>();
    let [one, two] = times.map(median);
    let speed_up = one.as_secs_f64() / two.as_secs_f64();
    // The rounds in which other processes left the machine to the bench: they take more from
    // the two-job run than from the one-job run.
    let (others, quiet) = if others.len() == runs {
        let quiet: Vec<f64> = (speed_ups.iter().zip(&others))
            .filter(|&(_, &others)| others < QUIET_CORES)
            .map(|(&speed_up, _)| speed_up)
            .collect();
        let rounds = quiet.len();
        let quiet = if quiet.is_empty() {
            format!("none of {runs}")
        } else {
            format!("{:.2}x ({rounds} of {runs})", median(quiet))
        };
        (format!("{:.2}", median(others)), quiet)
    } else {
        ("unmeasured".to_owned(), "unmeasured".to_owned())
    };
    let row = format!(
        "| {seed} | {:.2} | {:.2} | **{speed_up:.2}x** | {paired:.2}x | {:.0}% | {} | {} | {busy:.2} | {others} | {quiet} |\n",
        one.as_secs_f64(),
        two.as_secs_f64(),
        longest_share * 100.0,
        nodes[0],
        nodes[1],
    );
    (row, speed_up)
}
