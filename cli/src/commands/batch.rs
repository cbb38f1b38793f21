//! `slide batch`: many puzzles, one per line, solved in parallel and printed in input order.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{self, BufRead, BufReader, IsTerminal, Write};
use std::num::NonZeroUsize;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError, mpsc};
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use indicatif::{ProgressBar, ProgressStyle};
use puzzles::front_end::{self, Choices, Options, PuzzleKind, Registry, Request, Session};
use puzzles::input::{BatchLineError, BatchTexts};
use search_core::{Limit, Limits, idastar::Crew};
use serde_json::json;

use crate::app;
use crate::args::{BatchArgs, BatchFormat};
use crate::commands::solve::over_budget;
use crate::commands::solve::{parse_instance, request_of};
use crate::output::memory;
use crate::output::progress::StandardError;
use crate::output::report;
use crate::output::status::{self, Status};

/// One input line worth solving, or why it is not.
#[derive(Debug)]
struct Instance {
    /// The line number, from 1.
    line: usize,
    /// What to solve, or what is wrong with the line.
    work: Result<Box<dyn front_end::Instance>, String>,
}

/// What became of one instance.
#[derive(Debug)]
enum Answer {
    /// The search ran (and maybe hit a limit, or was interrupted).
    Searched {
        start: String,
        goal: String,
        /// Whether the goal is another than the puzzle's default for the start, and so worth
        /// a table's column.
        goal_given: bool,
        /// The goal's name, or its text if it has none: what a table says of the default.
        goal_name: String,
        /// Boxed: an answer is many times the size of the others.
        answer: Box<front_end::Answer>,
    },
    /// The line could not be read or solved.
    Bad(String),
    /// Ctrl-C or the --total-timeout came before the line's search started.
    NotStarted,
}

/// Reads, solves and prints the batch.
///
/// Lines are read as the workers ask for them (a line a worker ahead), so solving starts with
/// the first line, memory does not grow with the input, and an endless stream (a generator on
/// a pipe) is fine.
pub fn run(args: &BatchArgs, registry: &Registry) -> Result<Status> {
    let kind = registry.get(&args.puzzle.name)?;
    // The same --goal serves every line: a bad one is one usage error, before any input is
    // read, not an error on every line (or none on an empty input). So are choices that do
    // not fit together.
    if let Some(goal) = &args.goal {
        kind.check_goal(goal).context("invalid --goal")?;
    }
    let (choices, options) = request_of(kind, &args.search, None)?;
    let reading_lines = LineReading {
        kind,
        goal: args.goal.clone(),
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
    // Ctrl-C raises the flag the memory budget raises: both stop every search.
    let cancel = memory::stop_flag();
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
    // Each line gets its own --timeout from when its search starts (as each gets its own
    // --max-nodes); --total-timeout bounds the whole run.
    let mut limits = args.search.limits.limits();
    limits.deadline = None;
    let line_timeout = args.search.limits.timeout;
    let run_deadline = (args.total_timeout).and_then(|total| Instant::now().checked_add(total));
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
        kind,
        choices,
        options,
        limits: &limits,
        line_timeout,
        run_deadline,
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
    let interrupted = cancel.load(Ordering::Relaxed) && !memory::exceeded();
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
    } else if printer.limited > 0 || printer.not_started > 0 || gave_up_waiting {
        Status::LimitReached
    } else {
        Status::Success
    })
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

    /// The next item, `None` at the end of the input, once `cancel` is raised, or once `wait`
    /// or the `deadline` passed while waiting ([`gave_up`](InputLines::gave_up) then says so).
    fn next(
        &self,
        cancel: &AtomicBool,
        wait: Option<Duration>,
        deadline: Option<Instant>,
    ) -> Option<InputItem> {
        let waited_enough = (wait.and_then(|wait| Instant::now().checked_add(wait)))
            .into_iter()
            .chain(deadline)
            .min();
        loop {
            if cancel.load(Ordering::Relaxed) {
                return None;
            }
            match self.lines.recv_timeout(CANCEL_POLL) {
                Ok(item) => return Some(item),
                // Only a wait gives up: lines already there are answered (each search then
                // says the deadline passed), as they were before the input was waited on.
                Err(mpsc::RecvTimeoutError::Timeout)
                    if waited_enough.is_some_and(|at| Instant::now() >= at) =>
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
    /// The puzzle of every line.
    kind: &'a dyn PuzzleKind,
    /// The algorithm, heuristic and metric of every line.
    choices: Choices,
    /// The options beyond them of every line.
    options: Options,
    /// The limits of every line but its deadline.
    limits: &'a Limits,
    /// `--timeout`: each line's, from when its search starts, and the longest wait for a line.
    line_timeout: Option<Duration>,
    /// `--total-timeout`: when the whole run gives up.
    run_deadline: Option<Instant>,
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
            let Some(next) = (reader.lines).next(self.cancel, self.line_timeout, self.run_deadline)
            else {
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
                        return Err(anyhow::Error::from(error).context("starting a worker thread"));
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
        // Kept from line to line, so that the puzzle loads what it needs (a goal's pattern
        // databases, a shape's pruning automaton) once a worker, not once a line.
        let mut session = Session::new();
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
            // line is reported instead, and the session, perhaps half-updated, made afresh.
            let solved = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                solve(self, &session, &instance)
            }));
            let answer = solved.unwrap_or_else(|_| {
                session = Session::new();
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

/// How the lines of a batch become instances: read by `--puzzle`'s puzzle, with --goal's text
/// for the lines that give no goal.
#[derive(Debug)]
struct LineReading<'a> {
    kind: &'a dyn PuzzleKind,
    goal: Option<String>,
}

impl LineReading<'_> {
    /// The instance of input line `line` (its text, or why it has none), or why it is not one.
    fn instance(&self, line: usize, text: Result<String, BatchLineError>) -> Instance {
        let work = match text {
            Ok(text) => parse_instance(self.kind, &text, self.goal.as_deref())
                .map_err(|error| format!("{error:#}")),
            Err(error) => Err(format!("{:#}", anyhow::Error::from(error))),
        };
        Instance { line, work }
    }
}

/// Solves one line's instance, keeping what the next line can use in `session`.
fn solve(batch: &Batch<'_>, session: &Session, instance: &Instance) -> Answer {
    let work = match &instance.work {
        Ok(work) => work,
        Err(error) => return Answer::Bad(error.clone()),
    };
    let now = Instant::now();
    if batch.cancel.load(Ordering::Relaxed) || batch.run_deadline.is_some_and(|end| now >= end) {
        return Answer::NotStarted;
    }
    let mut limits = batch.limits.clone();
    let line_deadline = (batch.line_timeout).and_then(|timeout| now.checked_add(timeout));
    limits.deadline = line_deadline.into_iter().chain(batch.run_deadline).min();
    let mut request = Request::new(&batch.choices, &limits)
        .with_options(&batch.options)
        .with_session(session)
        .with_listener(Arc::new(StandardError))
        .with_program(app::name());
    if let Some(crew) = &batch.crew {
        request = request.with_crew(crew);
    }
    match work.solve(&request) {
        Ok(mut answer) => {
            over_budget(&mut answer);
            let (start, goal) = (work.start(), work.goal());
            let alone = batch.kind.parse(&start, None);
            Answer::Searched {
                goal_given: alone.map_or(true, |alone| alone.goal() != goal),
                goal_name: work.goal_name().unwrap_or_else(|| goal.clone()),
                start,
                goal,
                answer: Box::new(answer),
            }
        }
        Err(error) => Answer::Bad(error.to_string()),
    }
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
    /// The width of the table's instance column, from the first instance printed: later
    /// lines of the same puzzle and size line up under it.
    instance_width: Option<usize>,
    solved: u64,
    unsolvable: u64,
    limited: u64,
    bad: u64,
    interrupted: u64,
    not_started: u64,
    expanded: u64,
}

/// The instance as a table shows it: the start, and the goal after a `;` when it is not the
/// puzzle's default.
fn instance_text(start: &str, goal: &str, goal_given: bool) -> String {
    if goal_given {
        format!("{start};{goal}")
    } else {
        start.to_owned()
    }
}

/// The table's columns before the instance: the line, the result, the length, the nodes.
const TABLE_HEAD: [(&str, usize); 4] =
    [("line", 6), ("result", 11), ("length", 6), ("expanded", 12)];

impl Printer {
    fn new(format: BatchFormat) -> Self {
        Printer {
            format,
            out: status::stdout(),
            instance_width: None,
            solved: 0,
            unsolvable: 0,
            limited: 0,
            bad: 0,
            interrupted: 0,
            not_started: 0,
            expanded: 0,
        }
    }

    /// A table row: the line, the result, the length, the nodes, then `rest`.
    fn row(
        &mut self,
        line: &str,
        result: &str,
        length: &str,
        expanded: &str,
        rest: &str,
    ) -> io::Result<()> {
        let [
            (_, line_width),
            (_, result_width),
            (_, length_width),
            (_, expanded_width),
        ] = TABLE_HEAD;
        let row = format!(
            "{line:>line_width$}  {result:<result_width$}  {length:>length_width$}  {expanded:>expanded_width$}  {rest}"
        );
        writeln!(self.out, "{}", row.trim_end())
    }

    fn print(&mut self, line: usize, answer: &Answer) -> Result<()> {
        let table = self.format == BatchFormat::Table;
        if table && self.instance_width.is_none() {
            let width = match answer {
                Answer::Searched {
                    start,
                    goal,
                    goal_given,
                    goal_name,
                    ..
                } => {
                    // The goal the lines share is said once, above the table.
                    if !goal_given {
                        writeln!(
                            self.out,
                            "goal: {goal_name}, unless a line gives its own after a `;`"
                        )?;
                    }
                    instance_text(start, goal, *goal_given).chars().count()
                }
                Answer::NotStarted | Answer::Bad(_) => 0,
            };
            let width = width.max("instance".len());
            self.instance_width = Some(width);
            let [line, result, length, expanded] = TABLE_HEAD.map(|(name, _)| name);
            self.row(
                line,
                result,
                length,
                expanded,
                &format!("{:<width$}  moves", "instance"),
            )?;
        }
        match answer {
            Answer::NotStarted => {
                self.not_started += 1;
                match self.format {
                    BatchFormat::Json => writeln!(
                        self.out,
                        "{}",
                        json!({"line": line, "result": "not started"})
                    )?,
                    BatchFormat::Table => {
                        self.row(&line.to_string(), "not started", "-", "-", "")?
                    }
                }
            }
            Answer::Bad(error) => {
                self.bad += 1;
                // JSON escapes control characters itself; a terminal would act on them.
                let shown = status::printable(error);
                status::warn(format_args!("line {line}: {shown}"));
                match self.format {
                    BatchFormat::Json => {
                        writeln!(self.out, "{}", json!({"line": line, "error": error}))?
                    }
                    BatchFormat::Table => self.row(&line.to_string(), "error", "-", "-", &shown)?,
                }
            }
            Answer::Searched {
                start,
                goal,
                goal_given,
                answer,
                ..
            } => {
                self.expanded += answer.statistics.expanded;
                let (length, moves) = match &answer.ending {
                    front_end::Ending::Solved(solution) => {
                        self.solved += 1;
                        (solution.moves.len().to_string(), &*solution.line)
                    }
                    front_end::Ending::Unreachable { .. } => {
                        self.unsolvable += 1;
                        ("-".to_owned(), "")
                    }
                    front_end::Ending::LimitReached {
                        limit: Limit::Cancelled,
                        ..
                    } => {
                        self.interrupted += 1;
                        ("-".to_owned(), "")
                    }
                    front_end::Ending::LimitReached { .. } => {
                        self.limited += 1;
                        ("-".to_owned(), "")
                    }
                };
                if table {
                    // The goal only when it is not the puzzle's default, the moves last.
                    let instance = instance_text(start, goal, *goal_given);
                    let width = self.instance_width.unwrap_or_default();
                    let expanded = answer.statistics.expanded.to_string();
                    let rest = format!("{instance:<width$}  {moves}");
                    self.row(
                        &line.to_string(),
                        report::answer_word(&answer.ending),
                        &length,
                        &expanded,
                        &rest,
                    )?;
                } else {
                    let mut object = report::answer_json(start, goal, answer);
                    object["line"] = json!(line);
                    writeln!(self.out, "{object}")?;
                }
            }
        }
        self.out.flush()?;
        Ok(())
    }

    fn summary(&self, elapsed: Duration, interrupted: bool) {
        let mut summary = format!(
            "solved {}, unsolvable {}, gave up {}, bad lines {}",
            self.solved, self.unsolvable, self.limited, self.bad
        );
        if interrupted || self.interrupted > 0 {
            summary += &format!(
                ", interrupted ({} unfinished)",
                self.interrupted + self.not_started
            );
        } else if self.not_started > 0 {
            summary += &format!(", not started {}", self.not_started);
        }
        status::warn(format_args!(
            "{summary}; {} nodes expanded in {:.2} s",
            self.expanded,
            elapsed.as_secs_f64()
        ));
    }
}
