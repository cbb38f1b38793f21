//! What slide says on standard error while it works: a live status line when a person watches
//! (standard error a terminal, or `--progress`), nothing but errors with `--quiet`.
//!
//! The search's numbers come from the engine's own observer ([`search_core::observer::Observer::progress`],
//! through [`puzzles::front_end::Request::with_progress`]), so the line shows what the search counts,
//! and a search nobody watches pays only a call every few thousand expansions.

use std::io::{self, IsTerminal, Write};
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle, TermLike};
use puzzles::front_end::Listener;
use search_core::observer::Progress;

/// How much slide says on standard error, set once from `--progress` and `--quiet`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Talk {
    /// Status lines when standard error is a terminal; notes always.
    Auto = 0,
    /// Status lines even when standard error is not a terminal (`--progress`).
    Always = 1,
    /// Errors only (`--quiet`).
    Quiet = 2,
}

static TALK: AtomicU8 = AtomicU8::new(Talk::Auto as u8);

/// Sets how much slide says, from the command line's flags.
pub fn set_talk(talk: Talk) {
    TALK.store(talk as u8, Ordering::Relaxed);
}

fn talk() -> Talk {
    match TALK.load(Ordering::Relaxed) {
        1 => Talk::Always,
        2 => Talk::Quiet,
        _ => Talk::Auto,
    }
}

/// Whether notes and hints are wanted on standard error (not with `--quiet`).
pub fn notes_wanted() -> bool {
    !is_quiet()
}

/// Whether `--quiet` asked for errors only.
pub fn is_quiet() -> bool {
    talk() == Talk::Quiet
}

/// Where progress bars and status lines draw: standard error when a person watches it or
/// `--progress` asks, nowhere otherwise.
pub fn draw_target() -> ProgressDrawTarget {
    match talk() {
        Talk::Quiet => ProgressDrawTarget::hidden(),
        Talk::Auto if !io::stderr().is_terminal() => ProgressDrawTarget::hidden(),
        Talk::Auto => ProgressDrawTarget::stderr(),
        // indicatif draws nothing to a standard error that is not a terminal; forced, it draws
        // through a writer of plain lines, one a second: a log, not a redrawn line.
        Talk::Always => ProgressDrawTarget::term_like_with_hz(Box::new(PlainStderr::default()), 1),
    }
}

/// Standard error when it is not a terminal, for `--progress`: each drawing of the status line
/// that says something new becomes a line of its own, without the cursor movements and
/// erasures a terminal needs (a file or a log collector would keep them as garbage) and without
/// the padding that blanks the rest of a terminal's line.
#[derive(Debug, Default)]
struct PlainStderr {
    /// The line being drawn, and the last line written.
    lines: Mutex<(String, String)>,
}

impl PlainStderr {
    /// Writes the line drawn so far, unless it is empty or the same as the last.
    fn end_line(&self) -> io::Result<()> {
        let mut lines = self.lines.lock().unwrap_or_else(PoisonError::into_inner);
        let (drawn, written) = &mut *lines;
        let line = drawn.trim_end();
        let result = if line.is_empty() || line == written {
            Ok(())
        } else {
            *written = line.to_owned();
            io::stderr().write_all(format!("{line}\n").as_bytes())
        };
        drawn.clear();
        result
    }
}

impl TermLike for PlainStderr {
    fn width(&self) -> u16 {
        100
    }

    // No cursor: each drawing goes on a new line.
    fn move_cursor_up(&self, _: usize) -> io::Result<()> {
        Ok(())
    }

    fn move_cursor_down(&self, _: usize) -> io::Result<()> {
        Ok(())
    }

    fn move_cursor_right(&self, _: usize) -> io::Result<()> {
        Ok(())
    }

    fn move_cursor_left(&self, _: usize) -> io::Result<()> {
        Ok(())
    }

    fn write_line(&self, line: &str) -> io::Result<()> {
        self.write_str(line)?;
        self.end_line()
    }

    fn write_str(&self, text: &str) -> io::Result<()> {
        let mut lines = self.lines.lock().unwrap_or_else(PoisonError::into_inner);
        lines.0.push_str(text);
        Ok(())
    }

    /// Ends the line being drawn, where a terminal would erase it.
    fn clear_line(&self) -> io::Result<()> {
        self.end_line()
    }

    fn flush(&self) -> io::Result<()> {
        self.end_line()?;
        io::stderr().flush()
    }
}

/// The status line shown now, if any, so that notes and the databases' build reach it.
static ACTIVE: Mutex<Option<ProgressBar>> = Mutex::new(None);

fn active() -> Option<ProgressBar> {
    ACTIVE
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .clone()
}

/// Runs `write` (a note on standard error) with the status line, if one is shown, out of its
/// way.
pub fn suspend<R>(write: impl FnOnce() -> R) -> R {
    match active() {
        Some(bar) => bar.suspend(write),
        None => write(),
    }
}

/// What slide's standard error hears from a puzzle's solve ([`Listener`]): phases and
/// preparations on the status line, if one is shown; notes and warnings as lines of their own.
#[derive(Clone, Copy, Debug, Default)]
pub struct StandardError;

impl Listener for StandardError {
    fn phase(&self, phase: &str) {
        if let Some(bar) = active() {
            bar.set_message(phase.to_owned());
        }
    }

    fn note(&self, note: &str) {
        crate::output::status::note(format_args!("{note}"));
    }

    fn warn(&self, warning: &str) {
        crate::output::status::warn(format_args!("{warning}"));
    }

    fn preparing(&self, what: &str, done: u64, total: u64) {
        if let Some(bar) = active() {
            let percent = (done as f64 * 100.0 / total.max(1) as f64).min(100.0);
            bar.set_message(format!("{what} · {percent:.0}%"));
        }
    }
}

/// The one status line of a `slide solve`: a phase, then the search's bound and counts. Gone
/// from the terminal when dropped.
pub struct StatusLine {
    bar: ProgressBar,
    started: Instant,
}

impl StatusLine {
    /// A status line, drawn only where [`draw_target`] draws; `phase` says what slide starts
    /// doing.
    pub fn start(phase: &str) -> StatusLine {
        let bar = ProgressBar::with_draw_target(None, draw_target());
        bar.set_style(
            ProgressStyle::with_template("{spinner} {msg} · {elapsed}")
                .expect("the template is valid"),
        );
        bar.set_message(phase.to_owned());
        if !bar.is_hidden() {
            bar.enable_steady_tick(Duration::from_millis(100));
            *ACTIVE.lock().unwrap_or_else(PoisonError::into_inner) = Some(bar.clone());
        }
        StatusLine {
            bar,
            started: Instant::now(),
        }
    }

    /// Shows how far the search by `algorithm` has come.
    pub fn search(&self, algorithm: &str, progress: &Progress) {
        if !self.bar.is_hidden() {
            let message = search_message(algorithm, progress, self.started.elapsed());
            self.bar.set_message(message);
        }
    }
}

impl Drop for StatusLine {
    fn drop(&mut self) {
        *ACTIVE.lock().unwrap_or_else(PoisonError::into_inner) = None;
        self.bar.finish_and_clear();
    }
}

/// The status line's text while a search runs: its algorithm, the bound it has reached, its
/// expansions and their rate.
pub fn search_message(algorithm: &str, progress: &Progress, elapsed: Duration) -> String {
    let seconds = elapsed.as_secs_f64();
    let rate = if seconds > 0.0 {
        progress.expanded as f64 / seconds
    } else {
        0.0
    };
    let bound = match progress.bound {
        Some(bound) => format!(" · bound {bound}"),
        None => String::new(),
    };
    format!(
        "search {algorithm}{bound} · {} nodes · {}/s",
        count(progress.expanded as f64),
        count(rate)
    )
}

/// A count in three significant digits with k, M or G.
fn count(value: f64) -> String {
    for (scale, suffix) in [(1e9, "G"), (1e6, "M"), (1e3, "k")] {
        if value >= scale {
            let scaled = value / scale;
            let digits = if scaled >= 100.0 {
                0
            } else if scaled >= 10.0 {
                1
            } else {
                2
            };
            return format!("{scaled:.digits$}{suffix}");
        }
    }
    format!("{value:.0}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_read_in_three_digits() {
        assert_eq!(count(0.0), "0");
        assert_eq!(count(999.0), "999");
        assert_eq!(count(1_234.0), "1.23k");
        assert_eq!(count(56_789.0), "56.8k");
        assert_eq!(count(123_456_789.0), "123M");
        assert_eq!(count(4.2e9), "4.20G");
    }

    #[test]
    fn the_search_message_names_bound_nodes_and_rate() {
        let mut progress = Progress::default();
        progress.expanded = 3_000_000;
        progress.bound = Some(52);
        let text = search_message("idastar", &progress, Duration::from_secs(2));
        assert_eq!(text, "search idastar · bound 52 · 3.00M nodes · 1.50M/s");
        progress.bound = None;
        let text = search_message("bfs", &progress, Duration::from_secs(3));
        assert_eq!(text, "search bfs · 3.00M nodes · 1.00M/s");
    }
}
