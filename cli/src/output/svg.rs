//! Writing a solution's animated SVG ([`puzzles::front_end::animate`]) to `--svg FILE`: the
//! destination checked before any search, and the file written whole or not at all.

use std::path::Path;

use anyhow::Result;
use puzzles::front_end::{Grid, animate};

use crate::output::status::{self, FileFailure};

/// Refuses `path` as the SVG's destination before any search runs: a directory, a path in a
/// directory that does not exist, one of `inputs` (the layout being solved would be lost), or
/// the file standard output goes to (the solution printed there would be cut off by the
/// picture written over it).
///
/// # Errors
/// A [`FileFailure`] (exit code 5) saying which.
pub fn check_destination(path: &Path, inputs: &[&Path]) -> Result<()> {
    let refuse = |why: String| -> Result<()> {
        Err(FileFailure(format!("cannot write the SVG to {}: {why}", path.display())).into())
    };
    let directory = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    if path.is_dir() {
        return refuse("it is a directory".to_owned());
    }
    if !directory.is_dir() {
        return refuse(format!("no directory {}", directory.display()));
    }
    if let Ok(target) = std::fs::metadata(path) {
        if (inputs.iter())
            .any(|input| std::fs::metadata(input).is_ok_and(|input| same_file(&input, &target)))
        {
            return refuse("it is the input being solved".to_owned());
        }
        if standard_output().is_some_and(|output| same_file(&output, &target)) {
            return refuse(
                "standard output goes there too, and the solution printed to it would be lost"
                    .to_owned(),
            );
        }
    }
    Ok(())
}

/// The metadata of the file standard output is, if it can be had.
fn standard_output() -> Option<std::fs::Metadata> {
    use std::os::fd::AsFd;
    let descriptor = std::io::stdout().as_fd().try_clone_to_owned().ok()?;
    std::fs::File::from(descriptor).metadata().ok()
}

/// Whether two metadata describe one file (the same device and inode).
fn same_file(one: &std::fs::Metadata, other: &std::fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    one.dev() == other.dev() && one.ino() == other.ino()
}

/// Writes `svg` to `path` whole or not at all: into a temporary file beside it, renamed over
/// `path` once written, so that a full disk leaves the old picture as it was, not a torn one.
///
/// # Errors
/// A [`FileFailure`] (exit code 5) naming the path and why it could not be written.
pub fn write(path: &Path, svg: &str) -> Result<()> {
    let failed = |error: &dyn std::fmt::Display| {
        anyhow::Error::from(FileFailure(format!(
            "cannot write the SVG to {}: {error}",
            path.display()
        )))
    };
    let directory = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    let mut builder = tempfile::Builder::new();
    builder.prefix(".slide-svg-");
    #[cfg(unix)]
    {
        // The mode of `File::create` (less the umask), not tempfile's private 0600: a picture
        // is made to be shown, by a web server or another account too.
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    let mut file = builder
        .tempfile_in(directory)
        .map_err(|error| failed(&error))?;
    std::io::Write::write_all(&mut file, svg.as_bytes())
        .and_then(|()| file.as_file().sync_all())
        .map_err(|error| failed(&error))?;
    file.persist(path).map_err(|error| failed(&error.error))?;
    Ok(())
}

/// Writes the picture of a solution, its states drawn as `grids`, to `path`; when the search
/// found none (`grids` is `None`: unreachable, or a limit stopped it), writes nothing and says
/// so on standard error.
///
/// # Errors
/// If the grids do not make a picture, or a [`FileFailure`] naming the path.
pub fn save(path: &Path, grids: Option<Vec<Grid>>, title: &str) -> Result<()> {
    match grids {
        Some(grids) => write(path, &animate(&grids, title)?),
        None => {
            status::note(format_args!(
                "no solution, so no SVG is written to {}",
                path.display()
            ));
            Ok(())
        }
    }
}
