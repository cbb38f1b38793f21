//! Reading what the user gives: instance text from an argument, a file or standard input,
//! bounded in size, so that no input (a huge file, `/dev/zero`) can take the machine's memory.

use std::io::{self, Read};
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::Duration;

use anyhow::{Context, Result, anyhow, bail};

use crate::output::status::GaveUp;

/// The largest layout file read: a layout is 24 bytes, comments and all fit well within this.
const MAX_LAYOUT: u64 = 1 << 16;

/// The text of a layout file, or of standard input for `-`: at most [`MAX_LAYOUT`] bytes of
/// UTF-8, read within `timeout` if one is given.
///
/// Opening a FIFO waits for a writer, and reading a pipe or a terminal waits for a line, as
/// long as it takes: with a timeout the read runs on a thread of its own, and when the time is
/// up the command gives up (exit 3) and leaves that thread blocked, holding nothing but the
/// input, for the process's exit to end.
pub fn read_layout(path: &Path, timeout: Option<Duration>) -> Result<String> {
    let Some(timeout) = timeout else {
        return read_bounded(path);
    };
    let (sender, receiver) = mpsc::channel();
    let owned = path.to_owned();
    std::thread::Builder::new()
        .name("input".to_owned())
        .spawn(move || {
            // The receiver may have given up waiting: nobody needs the text then.
            let _ = sender.send(read_bounded(&owned));
        })
        .context("starting the thread that reads the input")?;
    match receiver.recv_timeout(timeout) {
        Ok(read) => read,
        Err(mpsc::RecvTimeoutError::Timeout) => Err(GaveUp(format!(
            "gave up waiting for {} to be readable: the --timeout of {} s passed",
            shown(path),
            timeout.as_secs_f64()
        ))
        .into()),
        Err(mpsc::RecvTimeoutError::Disconnected) => bail!("reading {} failed", shown(path)),
    }
}

/// `path` as messages name it: standard input for `-`.
fn shown(path: &Path) -> String {
    if path.as_os_str() == "-" {
        "standard input".to_owned()
    } else {
        path.display().to_string()
    }
}

/// [`read_layout`] without a time limit.
fn read_bounded(path: &Path) -> Result<String> {
    let mut bytes = Vec::new();
    let from_stdin = path.as_os_str() == "-";
    // One byte more than allowed, to tell a long file from one that just fits.
    let read = if from_stdin {
        io::stdin()
            .lock()
            .take(MAX_LAYOUT + 1)
            .read_to_end(&mut bytes)
    } else {
        std::fs::File::open(path).and_then(|file| file.take(MAX_LAYOUT + 1).read_to_end(&mut bytes))
    };
    read.with_context(|| format!("cannot read {}", path.display()))?;
    if bytes.len() as u64 > MAX_LAYOUT {
        bail!(
            "{} is longer than {MAX_LAYOUT} bytes, more than any layout of at most 64 cells",
            path.display()
        );
    }
    String::from_utf8(bytes).map_err(|_| anyhow!("{} is not UTF-8 text", path.display()))
}

/// The text of an instance named on the command line: START itself, or standard input's for
/// `-` (bounded, as a layout file is, and within `timeout`).
pub fn instance_text(start: &str, timeout: Option<Duration>) -> Result<String> {
    if start == "-" {
        read_layout(Path::new("-"), timeout)
    } else {
        Ok(start.to_owned())
    }
}

/// The files `path` names for `--svg` to leave alone: itself, unless it is standard input.
pub fn input_files(path: &Path) -> Vec<PathBuf> {
    if path.as_os_str() == "-" {
        Vec::new()
    } else {
        vec![path.to_owned()]
    }
}
