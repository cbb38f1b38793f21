//! Cache warnings and errors in the words a person reads: every cause, and what follows.

use super::CacheWarning;

/// `warning` in words, its causes included: a file rebuilt, or one that could not be saved
/// and what that costs.
///
/// ```
/// use puzzles::pdb::{describe_warning, CacheWarning};
///
/// let warning = CacheWarning::NoCache { path: None };
/// assert_eq!(describe_warning(&warning), warning.to_string());
/// ```
pub fn describe_warning(warning: &CacheWarning) -> String {
    match warning {
        CacheWarning::Rebuilding { path, error } => {
            format!("rebuilding {}: {}", path.display(), causes(error))
        }
        CacheWarning::NotSaved { path, error } => format!(
            "could not save {}: {}; the databases are built again every run until it can be",
            path.display(),
            causes(error)
        ),
        warning => warning.to_string(),
    }
}

/// `error` and its causes, separated by `: `.
///
/// ```
/// use puzzles::pdb::causes;
///
/// let error = std::io::Error::other("disk full");
/// assert_eq!(causes(&error), "disk full");
/// ```
pub fn causes(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut cause = error.source();
    while let Some(inner) = cause {
        text += &format!(": {inner}");
        cause = inner.source();
    }
    text
}
