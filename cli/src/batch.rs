//! `slide batch`: many puzzles, one per line, solved in parallel and printed in input order.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{self, BufRead, BufReader, IsTerminal, Write};
use std::num::NonZeroUsize;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use indicatif::{ProgressBar, ProgressStyle};
use puzzles::input::{BatchLine, BatchLineError, BatchLines};
use rayon::prelude::*;
use search_core::{Limit, Limits};
use serde_json::json;

use crate::args::{BatchArgs, BatchFormat, GoalArg};
use crate::commands::{choices, limits};
use crate::engine::{self, Board, Ending, Report};
use crate::report;
use crate::status::{self, Status};

/// One input line worth solving, or why it is not.
#[derive(Debug)]
struct Instance {
    /// The line number, from 1.
    line: usize,
    /// The start and goal boards, or what is wrong with the line.
    boards: Result<(Board, Board), String>,
}

/// What became of one instance.
#[derive(Debug)]
enum Answer {
    /// The search ran (and maybe hit a limit).
    Searched {
        start: String,
        goal: String,
        report: Report,
    },
    /// The line could not be read or solved.
    Bad(String),
    /// Ctrl-C came first.
    Cancelled,
}

/// Reads, solves and prints the batch.
///
/// Lines are read as the workers ask for them, so solving starts with the first line, memory
/// does not grow with the input, and an endless stream (a generator on a pipe) is fine.
pub fn run(args: &BatchArgs) -> Result<Status> {
    let (input, name): (Box<dyn BufRead + Send>, Option<&std::path::Path>) =
        match args.file.as_deref() {
            None => (Box::new(BufReader::new(io::stdin())), None),
            Some(path) if path.as_os_str() == "-" => (Box::new(BufReader::new(io::stdin())), None),
            Some(path) => {
                let file =
                    File::open(path).with_context(|| format!("cannot open {}", path.display()))?;
                (Box::new(BufReader::new(file)), Some(path))
            }
        };
    let cancel = Arc::new(AtomicBool::new(false));
    let handler_flag = Arc::clone(&cancel);
    let on_ctrl_c = move || {
        // Searches and pattern-database builds see the flag within milliseconds; a second
        // Ctrl-C is for what cannot look at it (a read waiting for more input, the loading of
        // a large cached database).
        if handler_flag.swap(true, Ordering::Relaxed) {
            std::process::exit(i32::from(Status::Interrupted.code()));
        }
        status::warn(format_args!(
            "stopping the running searches; Ctrl-C again to quit at once"
        ));
    };
    if let Err(error) = ctrlc::set_handler(on_ctrl_c) {
        status::warn(format_args!(
            "Ctrl-C will not stop the batch cleanly: {error}"
        ));
    }
    let limits = limits(&args.search).with_cancel_flag(Arc::clone(&cancel));
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.jobs.map_or(0, usize::from))
        .build()
        .context("starting the worker threads")?;
    // One thread an instance: the batch's parallelism is its jobs. Choices that do not fit
    // together are refused here, once, rather than on every line.
    let choices = choices(&args.search, NonZeroUsize::MIN);
    choices.check()?;
    let progress = progress_bar();
    let started = Instant::now();
    let (sender, receiver) = mpsc::channel();
    let mut printer = Printer::new(args.format);
    let read_error = Mutex::new(None);
    let mut lines = BatchLines::new(input);
    // No line is read once Ctrl-C came; a read error ends the input (and the batch's success).
    let instances = std::iter::from_fn(|| {
        if cancel.load(Ordering::Relaxed) {
            return None;
        }
        match lines.next()? {
            Ok((line, parsed)) => Some(instance(line, parsed, &args.goal)),
            Err(error) => {
                *read_error.lock().unwrap_or_else(PoisonError::into_inner) = Some(error);
                None
            }
        }
    });
    let printed = std::thread::scope(|scope| {
        scope.spawn(|| {
            pool.install(|| {
                // `par_bridge` takes the next line when a worker is free, roughly in input
                // order, so results can be printed while later lines are still being solved.
                instances.enumerate().par_bridge().for_each_with(
                    sender,
                    |sender, (index, instance)| {
                        let answer = WORKER_SOLVER.with_borrow_mut(|slot| {
                            let solver = match slot {
                                Some(solver) => solver,
                                None => match engine::Solver::new(choices) {
                                    Ok(solver) => slot.insert(solver),
                                    Err(error) => return Answer::Bad(format!("{error:#}")),
                                },
                            };
                            solve(solver, &instance, &limits, &cancel)
                        });
                        // The printer hangs up only after a write error; nothing left to do.
                        let _ = sender.send((index, instance.line, answer));
                    },
                );
            });
        });
        let mut pending = BTreeMap::new();
        let mut next = 0;
        for (index, line, answer) in receiver {
            pending.insert(index, (line, answer));
            while let Some((line, answer)) = pending.remove(&next) {
                if let Err(error) = progress.suspend(|| printer.print(line, &answer)) {
                    // Stop the workers: nobody reads what they would find.
                    cancel.store(true, Ordering::Relaxed);
                    return Err(error);
                }
                next += 1;
            }
            progress.inc(1);
        }
        Ok(())
    });
    progress.finish_and_clear();
    printed?;
    if let Some(error) = read_error
        .into_inner()
        .unwrap_or_else(PoisonError::into_inner)
    {
        let error = anyhow::Error::from(error);
        return Err(match name {
            Some(path) => error.context(format!("reading {}", path.display())),
            None => error.context("reading standard input"),
        });
    }
    let interrupted = cancel.load(Ordering::Relaxed);
    printer.summary(started.elapsed(), interrupted);
    Ok(if interrupted {
        Status::Interrupted
    } else if printer.bad > 0 {
        Status::BadInput
    } else {
        Status::Success
    })
}

thread_local! {
    /// Each worker's solver, so that it loads a goal's pattern databases (and makes a shape's
    /// pruning automaton) once, not once a line. Thread-local because the databases' build
    /// reporting is not `Send`; the pool's threads end with the batch.
    static WORKER_SOLVER: std::cell::RefCell<Option<engine::Solver>> =
        const { std::cell::RefCell::new(None) };
}

/// The instance of input line `line`, or why it is not one.
fn instance(line: usize, parsed: Result<BatchLine, BatchLineError>, goal: &GoalArg) -> Instance {
    let boards = match parsed {
        Ok(BatchLine { start, goal: None }) => engine::goal_board(goal, &start)
            .map(|goal| (start, goal))
            .map_err(|error| format!("{error:#}")),
        Ok(BatchLine {
            start,
            goal: Some(goal),
        }) => Ok((start, goal)),
        Err(error) => Err(format!("{:#}", anyhow::Error::from(error))),
    };
    Instance { line, boards }
}

fn solve(
    solver: &mut engine::Solver,
    instance: &Instance,
    limits: &Limits,
    cancel: &AtomicBool,
) -> Answer {
    let (start, goal) = match &instance.boards {
        Ok(boards) => boards,
        Err(error) => return Answer::Bad(error.clone()),
    };
    if cancel.load(Ordering::Relaxed) {
        return Answer::Cancelled;
    }
    match solver.solve(start, goal, limits) {
        Ok(report) if matches!(report.ending, Ending::LimitReached(Limit::Cancelled)) => {
            Answer::Cancelled
        }
        Ok(report) => Answer::Searched {
            start: engine::compact(start),
            goal: engine::compact(goal),
            report,
        },
        Err(error) => Answer::Bad(format!("{error:#}")),
    }
}

/// A progress counter on standard error when a person is watching it (the input is read as
/// it is solved, so there is no total to show a bar of).
fn progress_bar() -> ProgressBar {
    if !io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new_spinner();
    if let Ok(style) = ProgressStyle::with_template("{spinner} {pos} puzzles done, {elapsed}") {
        bar.set_style(style);
    }
    bar.enable_steady_tick(Duration::from_millis(200));
    bar
}

/// Prints answers and counts them for the summary.
#[derive(Debug)]
struct Printer {
    format: BatchFormat,
    out: io::Stdout,
    header_printed: bool,
    solved: u64,
    unsolvable: u64,
    limited: u64,
    bad: u64,
    cancelled: u64,
    expanded: u64,
}

impl Printer {
    fn new(format: BatchFormat) -> Self {
        Printer {
            format,
            out: io::stdout(),
            header_printed: false,
            solved: 0,
            unsolvable: 0,
            limited: 0,
            bad: 0,
            cancelled: 0,
            expanded: 0,
        }
    }

    fn print(&mut self, line: usize, answer: &Answer) -> Result<()> {
        let mut out = self.out.lock();
        if self.format == BatchFormat::Table && !self.header_printed {
            writeln!(
                out,
                "{:>6}  {:<10}  {:>6}  {:>12}  start / goal / moves",
                "line", "result", "length", "expanded"
            )?;
            self.header_printed = true;
        }
        match answer {
            Answer::Cancelled => self.cancelled += 1,
            Answer::Bad(error) => {
                self.bad += 1;
                status::warn(format_args!("line {line}: {error}"));
                match self.format {
                    BatchFormat::Json => {
                        writeln!(out, "{}", json!({"line": line, "error": error}))?
                    }
                    BatchFormat::Table => writeln!(out, "{line:>6}  {:<10}  {error}", "error")?,
                }
            }
            Answer::Searched {
                start,
                goal,
                report,
            } => {
                self.expanded += report.statistics.expanded;
                let (result, length, moves) = match &report.ending {
                    Ending::Solved(moves) => {
                        self.solved += 1;
                        ("solved", moves.len().to_string(), moves.as_str())
                    }
                    Ending::Unsolvable => {
                        self.unsolvable += 1;
                        ("unsolvable", "-".to_owned(), "")
                    }
                    Ending::LimitReached(_) => {
                        self.limited += 1;
                        ("gave up", "-".to_owned(), "")
                    }
                };
                match self.format {
                    BatchFormat::Json => {
                        let mut object = report::report_json(start, goal, report);
                        object["line"] = json!(line);
                        writeln!(out, "{object}")?;
                    }
                    BatchFormat::Table => writeln!(
                        out,
                        "{line:>6}  {result:<10}  {length:>6}  {:>12}  {start} {goal} {moves}",
                        report.statistics.expanded
                    )?,
                }
            }
        }
        out.flush()?;
        Ok(())
    }

    fn summary(&self, elapsed: Duration, interrupted: bool) {
        let mut summary = format!(
            "solved {}, unsolvable {}, gave up {}, bad lines {}",
            self.solved, self.unsolvable, self.limited, self.bad
        );
        if interrupted {
            summary += &format!(", interrupted ({} unfinished)", self.cancelled);
        }
        status::warn(format_args!(
            "{summary}; {} nodes expanded in {:.2} s",
            self.expanded,
            elapsed.as_secs_f64()
        ));
    }
}
