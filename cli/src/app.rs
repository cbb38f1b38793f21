//! Who the command line speaks as: `slide`, or a program built on its library with a puzzle of
//! its own, which gives its own name to its `--help`, `--version`, error messages and hints.

use std::sync::OnceLock;

/// A program's name, version and one-line description, as its `--help`, `--version`, the
/// prefix of its messages (`NAME: ...`) and its hints (`NAME solve --puzzle ...`) give them.
///
/// ```
/// let app = slide::App::new("lunar", "0.3.0").about("Lunar Lockout, solved optimally");
/// assert_eq!(app.name(), "lunar");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct App {
    name: String,
    version: String,
    about: Option<String>,
}

impl App {
    /// A program called `name` (as it is typed) at `version`.
    pub fn new(name: impl Into<String>, version: impl Into<String>) -> App {
        App {
            name: name.into(),
            version: version.into(),
            about: None,
        }
    }

    /// The same program, described by `about` in its `--help` (slide's own description
    /// otherwise).
    #[must_use]
    pub fn about(mut self, about: impl Into<String>) -> App {
        self.about = Some(about.into());
        self
    }

    /// `slide` itself, at this crate's version.
    pub fn slide() -> App {
        App::new("slide", env!("CARGO_PKG_VERSION"))
    }

    /// The program's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Its version.
    pub fn version(&self) -> &str {
        &self.version
    }

    /// Its description, if it has one of its own.
    pub fn description(&self) -> Option<&str> {
        self.about.as_deref()
    }
}

/// The program this process runs as, set once by [`run_as`](crate::run_as).
static APP: OnceLock<App> = OnceLock::new();

/// Makes `app` the program this process speaks as (the first call wins: one process, one name).
pub(crate) fn set(app: App) {
    let _ = APP.set(app);
}

/// The name of the program this process runs as: `slide` unless a program said otherwise.
pub(crate) fn name() -> &'static str {
    APP.get().map_or("slide", |app| app.name.as_str())
}

/// The program this process runs as, `slide`'s own unless a program said otherwise.
pub(crate) fn current() -> App {
    APP.get().cloned().unwrap_or_else(App::slide)
}
