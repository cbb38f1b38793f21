//! `slide batch`: many puzzles, one per line, solved in parallel and printed in input order.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{self, BufRead, BufReader, IsTerminal, Write};
use std::num::NonZeroUsize;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use indicatif::{ProgressBar, ProgressStyle};
use puzzles::front_end::{self, PuzzleKind, Registry, Request};
use puzzles::input::{BatchLine, BatchLineError, BatchTexts};
use search_core::{idastar::Crew, Limit, Limits};
use serde_json::json;

use crate::args::{BatchArgs, BatchFormat, GoalArg};
use crate::commands::puzzle;
use crate::engine::{self, Board, Ending, Report};
use crate::output::report;
use crate::output::status::{self, Status};

/// One input line worth solving, or why it is not.
#[derive(Debug)]
struct Instance {
    /// The line number, from 1.
    line: usize,
    /// What to solve, or what is wrong with the line.
    work: Result<Work, String>,
}

/// What a line asks to solve.
#[derive(Debug)]
enum Work {
    /// A start and goal board of sliding tiles.
    Tiles(Board, Board),
    /// An instance of another puzzle (`--puzzle`), through the front-end contract.
    Puzzle(Box<dyn front_end::Instance>),
}

/// What became of one instance.
#[derive(Debug)]
enum Answer {
    /// The search ran (and maybe hit a limit).
    Searched {
        start: String,
        goal: String,
        /// Boxed: a report is many times the size of the other answers.
        report: Box<Report>,
    },
    /// Another puzzle's search ran (and maybe hit a limit).
    Puzzle {
        start: String,
        goal: String,
        answer: Box<front_end::Answer>,
    },
    /// The line could not be read or solved.
    Bad(String),
    /// Ctrl-C came first.
    Cancelled,
}

/// Reads, solves and prints the batch.
///
/// Lines are read as the workers ask for them (a line a worker ahead), so solving starts with
/// the first line, memory does not grow with the input, and an endless stream (a generator on
/// a pipe) is fine.
pub fn run(args: &BatchArgs, registry: &Registry) -> Result<Status> {
    let puzzle = if args.puzzle.is_tiles() {
        None
    } else {
        Some(registry.get(&args.puzzle.name)?)
    };
    // The same --goal serves every line: a bad one is one usage error, before any input is
    // read, not an error on every line (or none on an empty input).
    let reading_lines = match puzzle {
        None => {
            let goal: GoalArg = match args.goal.as_deref() {
                None => GoalArg::BLANK_LAST,
                Some(text) => text
                    .parse()
                    .map_err(|error: String| anyhow::anyhow!(error))
                    .context("invalid --goal")?,
            };
            LineReading::Tiles(DefaultGoal::new(goal).context("invalid --goal")?)
        }
        Some(kind) => LineReading::Puzzle {
            kind,
            goal: args.goal.clone(),
        },
    };
    // Opened on the input's own thread: opening a FIFO waits for its writer, which must not
    // keep the batch from its --timeout or from Ctrl-C.
    let (open, reading): (OpenInput, String) = match args.file.clone() {
        Some(path) if path.as_os_str() != "-" => {
            // A file that is not there is a usage error at once, not a line's.
            if let Err(error) = std::fs::metadata(&path) {
                return Err(error).with_context(|| format!("cannot open {}", path.display()));
            }
            let reading = format!("reading {}", path.display());
            let open: OpenInput = Box::new(move || {
                let file = File::open(&path).map_err(|error| {
                    io::Error::new(
                        error.kind(),
                        format!("cannot open {}: {error}", path.display()),
                    )
                })?;
                Ok(Box::new(BufReader::new(file)) as Box<dyn BufRead + Send>)
            });
            (open, reading)
        }
        _ => {
            if io::stdin().is_terminal() {
                // Waiting in silence for lines nobody knows to type helps no one.
                status::note(format_args!(
                    "reading instances from standard input, one a line; Ctrl-D ends them"
                ));
            }
            (
                Box::new(|| Ok(Box::new(BufReader::new(io::stdin())) as Box<dyn BufRead + Send>)),
                "reading standard input".to_owned(),
            )
        }
    };
    let input = InputLines::spawn(open, jobs_or_default(args.jobs))?;
    // One thread an instance: the batch's parallelism is its jobs. Choices that do not fit
    // together are refused here, once, rather than on every line.
    let (choices, puzzle_choices) = match puzzle {
        None => {
            let choices = engine::Choices::from_options(&args.search, NonZeroUsize::MIN)?;
            choices.check()?;
            (choices, front_end::Choices::default())
        }
        Some(kind) => (
            engine::Choices::defaults(),
            puzzle::choices(kind, &args.search, &[])?,
        ),
    };
    let cancel = Arc::new(AtomicBool::new(false));
    let handler_flag = Arc::clone(&cancel);
    let on_ctrl_c = move || {
        // Searches, pattern-database builds and the reader waiting for input see the flag
        // within milliseconds; a second Ctrl-C is for what cannot look at it (the loading of a
        // large cached database).
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
    let limits = (args.search.limits.limits()).with_cancel_flag(Arc::clone(&cancel));
    let jobs = jobs_or_default(args.jobs);
    let progress = progress_bar();
    let started = Instant::now();
    let mut printer = Printer::new(args.format);
    // Workers that run out of lines help the searches still running, so that the batch's
    // last (and often longest) line does not run alone on one core. No crew for one job: no
    // one could help, and the searches stay exactly the serial ones.
    let crew = NonZeroUsize::new(jobs)
        .filter(|jobs| jobs.get() > 1)
        .map(|jobs| Arc::new(Crew::new(jobs)));
    let batch = Batch {
        choices,
        puzzle_choices,
        limits: &limits,
        cancel: &cancel,
        jobs,
        idle: AtomicUsize::new(0),
        crew,
        running: AtomicUsize::new(0),
    };
    // Room for a line a worker: one finishing a line takes the next, read and parsed already,
    // without waiting for the reader to be scheduled. A rendezvous (no room) made every worker
    // wait for that at every line: 5% of the two-job batch's time (measured
    // with `bench batch` when this changed).
    let (job_sender, job_receiver) = mpsc::sync_channel::<Job>(jobs);
    let job_receiver = Mutex::new(job_receiver);
    let (answer_sender, answers) = mpsc::channel();
    let printed = std::thread::scope(|scope| {
        // The printer hands a ticket back for every line it prints, and the reader takes one
        // for every line it hands out: at most `window` lines are read and not yet printed,
        // whether the searches or the reader of standard output are slow, so the answers
        // waiting for their turn (or for a slow pipe) never pile up. Dropped when the printer
        // returns, which ends a reader waiting for a ticket after a write error.
        let window = jobs.saturating_mul(WINDOW_PER_JOB);
        let (ticket_sender, tickets) = mpsc::sync_channel::<()>(window);
        for _ in 0..window {
            // Cannot fail: the channel has room for them all and its receiver is here.
            let _ = ticket_sender.send(());
        }
        let reader = Reader {
            lines: input,
            tickets,
            reading,
            reading_lines: &reading_lines,
            jobs: job_sender,
            answers: answer_sender,
        };
        let (batch, job_receiver) = (&batch, &job_receiver);
        let reader = std::thread::Builder::new()
            .name("batch reader".to_owned())
            .spawn_scoped(scope, move || batch.read(scope, reader, job_receiver))
            .context("starting the batch's reader thread")?;
        let mut pending = BTreeMap::new();
        let mut next = 0;
        // Ends when the reader and every worker are done, and with them their senders.
        for (index, line, answer) in answers {
            pending.insert(index, (line, answer));
            while let Some((line, answer)) = pending.remove(&next) {
                if let Err(error) = progress.suspend(|| printer.print(line, &answer)) {
                    // Stop the workers: nobody reads what they would find.
                    cancel.store(true, Ordering::Relaxed);
                    return Err(error);
                }
                // The reader may be gone already (the input ended): nobody needs the ticket.
                let _ = ticket_sender.try_send(());
                next += 1;
            }
            progress.inc(1);
        }
        match reader.join() {
            Ok(read) => read,
            // The reader does not panic; should it all the same, the batch fails, not silently.
            Err(_) => Err(anyhow::anyhow!("the batch's reader thread failed")),
        }
    });
    progress.finish_and_clear();
    let gave_up_waiting = printed?;
    let interrupted = cancel.load(Ordering::Relaxed);
    if gave_up_waiting {
        status::warn(format_args!(
            "gave up waiting for more input: the --timeout passed; the lines read so far are answered"
        ));
    }
    printer.summary(started.elapsed(), interrupted);
    // A bad line outweighs a search stopped by a limit: the input needs fixing first.
    Ok(if interrupted {
        Status::Interrupted
    } else if printer.bad > 0 {
        Status::BadInput
    } else if printer.limited > 0 || gave_up_waiting {
        Status::LimitReached
    } else {
        Status::Success
    })
}

/// The goal of the lines that give none, read from --goal once.
#[derive(Debug)]
enum DefaultGoal {
    /// An explicit board: every line's start must have its shape.
    Board(Board),
    /// A goal named by its layout, made for each start's shape.
    Named(GoalArg),
}

impl DefaultGoal {
    /// `goal`, parsed if it is a board.
    fn new(goal: GoalArg) -> Result<Self> {
        Ok(match goal {
            GoalArg::Board(text) => DefaultGoal::Board(engine::parse_board(&text)?),
            named => DefaultGoal::Named(named),
        })
    }

    /// The goal of a line whose start is `start`.
    fn for_start(&self, start: &Board) -> Result<Board> {
        match self {
            DefaultGoal::Board(goal) if goal.shape() != start.shape() => Err(anyhow::anyhow!(
                "the goal is {} but the start is {}",
                goal.shape(),
                start.shape()
            )),
            DefaultGoal::Board(goal) => Ok(goal.clone()),
            DefaultGoal::Named(goal) => engine::goal_board(goal, start),
        }
    }
}

/// A line handed to a worker: its place in the input order, and the instance.
type Job = (usize, Instance);

/// An answer handed to the printer: its place in the input order, its line number, the answer.
type Done = (usize, usize, Answer);

/// How many lines a worker may have read ahead of the printer: enough that a slow line does
/// not leave the other workers idle for long, few enough that waiting answers stay small.
const WINDOW_PER_JOB: usize = 64;

/// How often a thread waiting for the input or for a ticket looks at the Ctrl-C flag.
const CANCEL_POLL: Duration = Duration::from_millis(20);

/// The number of workers `--jobs` asks for, or one a core.
fn jobs_or_default(jobs: Option<u16>) -> usize {
    match jobs {
        Some(jobs) => usize::from(jobs),
        None => std::thread::available_parallelism().map_or(1, NonZeroUsize::get),
    }
}

/// Opens the batch's input, on the thread that reads it.
type OpenInput = Box<dyn FnOnce() -> io::Result<Box<dyn BufRead + Send>> + Send>;

/// One item of the input: a line (its number, and what it holds) or the read error that ends
/// the input.
type InputItem = io::Result<(usize, Result<String, BatchLineError>)>;

/// The input's lines, read on a thread of their own.
///
/// A read can block for ever (a terminal, a pipe whose writer sleeps, `/dev/zero` with no line
/// break); the thread reading is detached, so that Ctrl-C ends the batch without waiting for
/// it: the process exits with the thread still blocked, which is harmless, since it holds
/// nothing but the input.
#[derive(Debug)]
struct InputLines {
    lines: mpsc::Receiver<InputItem>,
    /// Whether the --timeout passed while the batch waited for input.
    gave_up: AtomicBool,
}

impl InputLines {
    /// Starts the thread that opens and reads the input, with room for `ahead` parsed lines.
    fn spawn(open: OpenInput, ahead: usize) -> Result<Self> {
        let (sender, lines) = mpsc::sync_channel(ahead.max(1));
        std::thread::Builder::new()
            .name("batch input".to_owned())
            .spawn(move || {
                let input = match open() {
                    Ok(input) => input,
                    Err(error) => {
                        let _ = sender.send(Err(error));
                        return;
                    }
                };
                for item in BatchTexts::new(input) {
                    // The batch is done (Ctrl-C, a write error): stop reading.
                    if sender.send(item).is_err() {
                        return;
                    }
                }
            })
            .context("starting the batch's input thread")?;
        Ok(InputLines {
            lines,
            gave_up: AtomicBool::new(false),
        })
    }

    /// The next item, `None` at the end of the input, once `cancel` is raised, or once the
    /// deadline of `limits` passed while waiting ([`gave_up`](InputLines::gave_up) then says so).
    fn next(&self, cancel: &AtomicBool, limits: &Limits) -> Option<InputItem> {
        loop {
            if cancel.load(Ordering::Relaxed) {
                return None;
            }
            match self.lines.recv_timeout(CANCEL_POLL) {
                Ok(item) => return Some(item),
                // Only a wait gives up: lines already there are answered (each search then
                // says the deadline passed), as they were before the input was waited on.
                Err(mpsc::RecvTimeoutError::Timeout)
                    if limits.interruption() == Some(Limit::Deadline) =>
                {
                    self.gave_up.store(true, Ordering::Relaxed);
                    return None;
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                Err(mpsc::RecvTimeoutError::Disconnected) => return None,
            }
        }
    }
}

/// What the reader thread owns.
struct Reader<'goal> {
    /// The input's instances.
    lines: InputLines,
    /// One for each line handed out; see `run`.
    tickets: mpsc::Receiver<()>,
    /// What a read error is reported as happening in: `reading FILE`.
    reading: String,
    /// How a line becomes an instance.
    reading_lines: &'goal LineReading<'goal>,
    /// Hands lines to the workers; dropped when the reader is done, which ends them.
    jobs: mpsc::SyncSender<Job>,
    /// Cloned for each worker it starts.
    answers: mpsc::Sender<Done>,
}

/// What the reader and the workers share.
#[derive(Debug)]
struct Batch<'a> {
    choices: engine::Choices,
    /// The choices of `--puzzle`'s puzzle, unless it is sliding tiles.
    puzzle_choices: front_end::Choices,
    limits: &'a Limits,
    cancel: &'a AtomicBool,
    /// The most workers to start.
    jobs: usize,
    /// How many workers are waiting for a line: the reader starts another (up to `jobs`) only
    /// when none is, so there are never more workers than lines to solve, nor idle ones
    /// beyond those that have become so.
    idle: AtomicUsize,
    /// What the workers that ran out of lines lend themselves to (with more than one job).
    crew: Option<Arc<Crew>>,
    /// Workers started and not yet out of lines: the last one out closes the crew.
    running: AtomicUsize,
}

impl<'a> Batch<'a> {
    /// Reads the instances and hands each to a worker, starting workers as the lines need
    /// them. Returns when the input ends, Ctrl-C came or the input failed to read; whether
    /// the --timeout passed while it waited for input.
    ///
    /// The hand-over is a channel with room for `jobs` lines: the reader holds at most that
    /// many lines (and the one it is handing over) that no worker has taken, so memory does
    /// not grow with the input, and it and idle workers block (never spin) until the other
    /// side is ready. When the reader returns, its side of the channel closes and every worker
    /// exits once the lines left in it are taken.
    fn read<'scope>(
        &'scope self,
        scope: &'scope std::thread::Scope<'scope, '_>,
        reader: Reader<'_>,
        receiver: &'scope Mutex<mpsc::Receiver<Job>>,
    ) -> Result<bool> {
        let mut workers = 0;
        let mut index = 0;
        // No line is read once Ctrl-C came (or the printer failed).
        while !self.cancel.load(Ordering::Relaxed) {
            if !self.wait_for_ticket(&reader.tickets) {
                break;
            }
            let Some(next) = reader.lines.next(self.cancel, self.limits) else {
                break;
            };
            let (line, parsed) = next.context(reader.reading.clone())?;
            let instance = reader.reading_lines.instance(line, parsed);
            // A bad line takes a worker no time: it starts none, unless none is running yet.
            let needs_worker =
                workers == 0 || (instance.work.is_ok() && self.idle.load(Ordering::SeqCst) == 0);
            if workers < self.jobs && needs_worker {
                let answers = reader.answers.clone();
                // Counted before it starts: it cannot run out of lines before this side of
                // the channel closes, after the last worker is counted.
                self.running.fetch_add(1, Ordering::SeqCst);
                let started = std::thread::Builder::new()
                    .name(format!("batch worker {}", workers + 1))
                    .spawn_scoped(scope, move || self.work(receiver, &answers));
                if started.is_err() {
                    self.running.fetch_sub(1, Ordering::SeqCst);
                }
                match started {
                    Ok(_) => workers += 1,
                    Err(error) if workers == 0 => {
                        return Err(anyhow::Error::from(error).context("starting a worker thread"))
                    }
                    // The workers already started take this line and the rest.
                    Err(_) => {}
                }
            }
            // Fails only if every worker is gone, which they are not while this side is open.
            if reader.jobs.send((index, instance)).is_err() {
                break;
            }
            index += 1;
        }
        Ok(reader.lines.gave_up.load(Ordering::Relaxed))
    }

    /// Waits until the printer has room for one more line; false if Ctrl-C came first or the
    /// printer is gone.
    fn wait_for_ticket(&self, tickets: &mpsc::Receiver<()>) -> bool {
        loop {
            if self.cancel.load(Ordering::Relaxed) {
                return false;
            }
            match tickets.recv_timeout(CANCEL_POLL) {
                Ok(()) => return true,
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                Err(mpsc::RecvTimeoutError::Disconnected) => return false,
            }
        }
    }

    /// A worker: solves the lines it is handed until the reader is done.
    fn work(&self, jobs: &Mutex<mpsc::Receiver<Job>>, answers: &mpsc::Sender<Done>) {
        // Made on the first line and kept, so that a goal's pattern databases are loaded (and a
        // shape's pruning automaton made) once a worker, not once a line.
        let mut solver = None;
        loop {
            self.idle.fetch_add(1, Ordering::SeqCst);
            // Blocks on the lock while another idle worker waits in `recv`, then in `recv`.
            let job = jobs.lock().unwrap_or_else(PoisonError::into_inner).recv();
            self.idle.fetch_sub(1, Ordering::SeqCst);
            let Ok((index, instance)) = job else {
                self.out_of_lines();
                return;
            };
            // A panic would be a bug, but one that must not take the worker with it: the
            // reader would wait for ever to hand the next line to a worker that is gone. The
            // line is reported instead, and the solver, perhaps half-updated, made afresh.
            let solved =
                std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| match &mut solver {
                    Some(solver) => solve(self, solver, &instance),
                    None => match engine::Solver::new(self.choices.clone()) {
                        Ok(made) => {
                            let made = match &self.crew {
                                Some(crew) => made.helped_by(Arc::clone(crew)),
                                None => made,
                            };
                            solve(self, solver.insert(made), &instance)
                        }
                        Err(error) => Answer::Bad(format!("{error:#}")),
                    },
                }));
            let answer = solved.unwrap_or_else(|_| {
                solver = None;
                Answer::Bad(
                    "internal error while solving this line (a bug: please report it)".to_owned(),
                )
            });
            // The printer hangs up only after a write error, having cancelled the batch: the
            // worker goes on taking (and dropping) lines until the reader stops, so that the
            // reader is never left waiting to hand over a line nobody takes.
            let _ = answers.send((index, instance.line, answer));
        }
    }
}

impl Batch<'_> {
    /// What a worker does once the input is exhausted: it helps the searches still running
    /// until the last worker is out of lines too, which closes the crew and so ends every
    /// worker's help.
    fn out_of_lines(&self) {
        let Some(crew) = &self.crew else { return };
        if self.running.fetch_sub(1, Ordering::SeqCst) == 1 {
            crew.close();
        } else {
            crew.help(self.cancel);
        }
    }
}

/// How the lines of a batch become instances: sliding tiles' boards (the goal of lines that
/// give none from --goal), or instances of another puzzle, parsed by it (with --goal's text,
/// if given).
#[derive(Debug)]
enum LineReading<'a> {
    /// Sliding tiles.
    Tiles(DefaultGoal),
    /// `--puzzle`'s puzzle.
    Puzzle {
        kind: &'a dyn PuzzleKind,
        goal: Option<String>,
    },
}

impl LineReading<'_> {
    /// The instance of input line `line` (its text, or why it has none), or why it is not one.
    fn instance(&self, line: usize, text: Result<String, BatchLineError>) -> Instance {
        let text = match text {
            Ok(text) => text,
            Err(error) => {
                let work = Err(format!("{:#}", anyhow::Error::from(error)));
                return Instance { line, work };
            }
        };
        let work = match self {
            LineReading::Puzzle { kind, goal } => {
                (puzzle::parse_instance(*kind, &text, goal.as_deref()))
                    .map(Work::Puzzle)
                    .map_err(|error| format!("{error:#}"))
            }
            LineReading::Tiles(default_goal) => {
                match puzzles::input::parse_batch_line(text.as_bytes()) {
                    Ok(Some(BatchLine { start, goal: None })) => default_goal
                        .for_start(&start)
                        .map(|goal| Work::Tiles(start, goal))
                        .map_err(|error| format!("{error:#}")),
                    Ok(Some(BatchLine {
                        start,
                        goal: Some(goal),
                    })) => Ok(Work::Tiles(start, goal)),
                    // The text is neither blank nor a comment.
                    Ok(None) => Err("the line is empty".to_owned()),
                    Err(error) => Err(format!("{:#}", anyhow::Error::from(error))),
                }
            }
        };
        Instance { line, work }
    }
}

/// Solves one line's instance with `solver` (sliding tiles) or through the puzzle's contract.
fn solve(batch: &Batch<'_>, solver: &mut engine::Solver, instance: &Instance) -> Answer {
    let work = match &instance.work {
        Ok(work) => work,
        Err(error) => return Answer::Bad(error.clone()),
    };
    if batch.cancel.load(Ordering::Relaxed) {
        return Answer::Cancelled;
    }
    let (start, goal) = match work {
        Work::Tiles(start, goal) => (start, goal),
        Work::Puzzle(instance) => {
            let request = Request::new(&batch.puzzle_choices, batch.limits);
            return match instance.solve(&request) {
                Ok(answer) if is_cancelled(&answer.ending) => Answer::Cancelled,
                Ok(answer) => Answer::Puzzle {
                    start: instance.start(),
                    goal: instance.goal(),
                    answer: Box::new(answer),
                },
                Err(error) => Answer::Bad(error.to_string()),
            };
        }
    };
    match solver.solve(start, goal, batch.limits) {
        Ok(report) if matches!(report.ending, Ending::LimitReached(Limit::Cancelled)) => {
            Answer::Cancelled
        }
        Ok(report) => Answer::Searched {
            start: engine::compact(start),
            goal: engine::compact(goal),
            report: Box::new(report),
        },
        Err(error) => Answer::Bad(format!("{error:#}")),
    }
}

/// Whether Ctrl-C stopped the search.
fn is_cancelled(ending: &front_end::Ending) -> bool {
    matches!(
        ending,
        front_end::Ending::LimitReached {
            limit: Limit::Cancelled,
            ..
        }
    )
}

/// A progress counter on standard error when a person is watching it (the input is read as
/// it is solved, so there is no total to show a bar of).
fn progress_bar() -> ProgressBar {
    let bar = ProgressBar::with_draw_target(None, crate::output::progress::draw_target());
    if bar.is_hidden() {
        return bar;
    }
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
    /// Standard output, whose write errors say so.
    out: status::Stdout,
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
            out: status::stdout(),
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
        let out = &mut self.out;
        if self.format == BatchFormat::Table && !self.header_printed {
            writeln!(
                out,
                "{:>6}  {:<10}  {:>6}  {:>12}  start;goal  moves",
                "line", "result", "length", "expanded"
            )?;
            self.header_printed = true;
        }
        match answer {
            Answer::Cancelled => self.cancelled += 1,
            Answer::Bad(error) => {
                self.bad += 1;
                // JSON escapes control characters itself; a terminal would act on them.
                let shown = status::printable(error);
                status::warn(format_args!("line {line}: {shown}"));
                match self.format {
                    BatchFormat::Json => {
                        writeln!(out, "{}", json!({"line": line, "error": error}))?
                    }
                    BatchFormat::Table => writeln!(out, "{line:>6}  {:<10}  {shown}", "error")?,
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
                        let shown = report.shown_moves.as_deref().unwrap_or(moves);
                        ("solved", moves.len().to_string(), shown)
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
                        let mut object = report.json(start, goal);
                        object["line"] = json!(line);
                        writeln!(out, "{object}")?;
                    }
                    // The instance as a batch line writes it, so that boards of numbers
                    // (beyond 3x3) do not run into each other, then the moves.
                    BatchFormat::Table => writeln!(
                        out,
                        "{line:>6}  {result:<10}  {length:>6}  {:>12}  {start};{goal}  {moves}",
                        report.statistics.expanded
                    )?,
                }
            }
            Answer::Puzzle {
                start,
                goal,
                answer,
            } => {
                self.expanded += answer.statistics.expanded;
                let (result, length, moves) = match &answer.ending {
                    front_end::Ending::Solved(solution) => {
                        self.solved += 1;
                        ("solved", solution.moves.len().to_string(), &*solution.line)
                    }
                    front_end::Ending::Unreachable { .. } => {
                        self.unsolvable += 1;
                        ("unsolvable", "-".to_owned(), "")
                    }
                    front_end::Ending::LimitReached { .. } => {
                        self.limited += 1;
                        ("gave up", "-".to_owned(), "")
                    }
                };
                match self.format {
                    BatchFormat::Json => {
                        let mut object = report::answer_json(start, goal, answer, &[]);
                        object["line"] = json!(line);
                        writeln!(out, "{object}")?;
                    }
                    BatchFormat::Table => writeln!(
                        out,
                        "{line:>6}  {result:<10}  {length:>6}  {:>12}  {start};{goal}  {moves}",
                        answer.statistics.expanded
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
