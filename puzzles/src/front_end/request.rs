//! What one solve is asked: the choices by name, the options a puzzle may offer beyond them,
//! the limits, who listens, and what a front end keeps from one solve to the next.

use std::any::{Any, TypeId};
use std::cell::RefCell;
use std::collections::HashMap;
use std::fmt;
use std::num::NonZeroUsize;
use std::sync::Arc;

use search_core::Limits;
use search_core::idastar::Crew;
use search_core::observer::Progress;

use super::{Choices, InstanceError, PuzzleKind};

/// One of the options beyond [`Choices`] that a puzzle may [offer](PuzzleKind::options): a
/// front end refuses, with one message, an option the puzzle does not offer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum OptionKind {
    /// [`Options::threads`]: one search on several threads.
    Threads,
    /// [`Options::prune`]: duplicate pruning of move sequences up to a length.
    Prune,
    /// [`Options::databases`]: the tables a heuristic looks up, by name.
    Databases,
    /// [`Options::direct_tables`]: memory for faster lookups.
    DirectTables,
    /// [`Options::notation`]: how moves are written.
    Notation,
}

impl OptionKind {
    /// The command-line flag that sets it, as `slide` spells it.
    pub fn flag(self) -> &'static str {
        match self {
            OptionKind::Threads => "--threads",
            OptionKind::Prune => "--prune",
            OptionKind::Databases => "--partition",
            OptionKind::DirectTables => "--direct-tables",
            OptionKind::Notation => "--notation",
        }
    }
}

impl fmt::Display for OptionKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.flag())
    }
}

/// The options of one solve beyond its [`Choices`]: each `None` (or empty) leaves it to the
/// puzzle. A puzzle reads those it [offers](PuzzleKind::options); [`Options::check`] refuses
/// the others before any solve.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Run the search on this many threads.
    pub threads: Option<NonZeroUsize>,
    /// Skip every path that holds a redundant move sequence of up to this many moves.
    pub prune: Option<usize>,
    /// The heuristic's tables, by name (sliding tiles: pattern-database partitions such as
    /// `15-7-8`), maxed.
    pub databases: Vec<String>,
    /// Bytes of memory for direct lookup tables.
    pub direct_tables: Option<usize>,
    /// How moves are written, by name (sliding tiles: `blank`, the default, or `tiles`).
    pub notation: Option<String>,
}

impl Options {
    /// The options set, in the order of [`OptionKind`].
    pub fn given(&self) -> Vec<OptionKind> {
        let given = [
            (OptionKind::Threads, self.threads.is_some()),
            (OptionKind::Prune, self.prune.is_some()),
            (OptionKind::Databases, !self.databases.is_empty()),
            (OptionKind::DirectTables, self.direct_tables.is_some()),
            (OptionKind::Notation, self.notation.is_some()),
        ];
        (given.into_iter())
            .filter(|(_, set)| *set)
            .map(|(kind, _)| kind)
            .collect()
    }

    /// Checks that `kind` offers every option set.
    ///
    /// ```
    /// use puzzles::front_end::{KlotskiKind, Options, TilesKind};
    ///
    /// let options = Options { prune: Some(14), ..Options::default() };
    /// assert!(options.check(&TilesKind).is_ok());
    /// let refused = options.check(&KlotskiKind).unwrap_err().to_string();
    /// assert_eq!(
    ///     refused,
    ///     "klotski offers no --prune: it takes no options beyond the algorithm, heuristic and metric"
    /// );
    /// ```
    ///
    /// # Errors
    /// [`InstanceError::Mismatch`] naming the options `kind` does not offer.
    pub fn check<K: PuzzleKind + ?Sized>(&self, kind: &K) -> Result<(), InstanceError> {
        let refused: Vec<&str> = (self.given().into_iter())
            .filter(|option| !kind.options().contains(option))
            .map(OptionKind::flag)
            .collect();
        let offered: Vec<&str> = kind.options().iter().map(|option| option.flag()).collect();
        match refused.as_slice() {
            [] => Ok(()),
            flags => Err(InstanceError::Mismatch(format!(
                "{} offers no {}: {}",
                kind.name(),
                flags.join(" or "),
                if offered.is_empty() {
                    "it takes no options beyond the algorithm, heuristic and metric".to_owned()
                } else {
                    format!("it offers {}", offered.join(", "))
                }
            ))),
        }
    }
}

/// What a front end hears from a solve besides its answer and search progress: what it is
/// doing, notes and warnings for a person, and the progress of long preparations (building a
/// table). Every method does nothing unless overridden.
pub trait Listener: Send + Sync {
    /// The solve moved on to `phase` (`loading pattern databases`, `search idastar`).
    fn phase(&self, _phase: &str) {}

    /// Something a person may want to know (a long build about to start, a faster way).
    fn note(&self, _note: &str) {}

    /// Something went wrong that costs time, not answers (a cache file rebuilt).
    fn warn(&self, _warning: &str) {}

    /// A preparation (`what`) has done `done` of its `total` steps.
    fn preparing(&self, _what: &str, _done: u64, _total: u64) {}
}

/// The [`Listener`] that hears nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct Silent;

impl Listener for Silent {}

/// What a puzzle keeps between the solves of one front end (one thread of a batch): tables
/// loaded, automata made. Each puzzle keeps values of its own types, one of each type.
///
/// ```
/// use puzzles::front_end::Session;
///
/// let session = Session::new();
/// let made = session.with(|| 41_u64, |kept| { *kept += 1; *kept });
/// assert_eq!(made, 42);
/// assert_eq!(session.with(|| 0_u64, |kept| *kept), 42);
/// ```
#[derive(Default)]
pub struct Session {
    kept: RefCell<HashMap<TypeId, Box<dyn Any>>>,
}

impl Session {
    /// A session that keeps nothing yet.
    pub fn new() -> Self {
        Session::default()
    }

    /// Calls `use_it` with the value of type `T` kept, made by `make` first if there is none.
    /// A `use_it` that calls `with` again for the same type gets a value of its own, kept
    /// only if the outer call's is not.
    pub fn with<T: Any, R>(&self, make: impl FnOnce() -> T, use_it: impl FnOnce(&mut T) -> R) -> R {
        let id = TypeId::of::<T>();
        // Taken out while in use, so that a nested call cannot alias it.
        let taken = self.kept.borrow_mut().remove(&id);
        let mut value = match taken.map(|boxed| boxed.downcast::<T>()) {
            Some(Ok(kept)) => kept,
            _ => Box::new(make()),
        };
        let result = use_it(&mut value);
        self.kept.borrow_mut().insert(id, value);
        result
    }
}

impl fmt::Debug for Session {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Session")
            .field("kept", &self.kept.borrow().len())
            .finish()
    }
}

/// One solve's choices, options, limits, listeners and session.
#[derive(Clone)]
#[non_exhaustive]
pub struct Request<'a> {
    /// What to solve with, by name.
    pub choices: &'a Choices,
    /// The options beyond the choices, which the puzzle must [offer](PuzzleKind::options).
    pub options: &'a Options,
    /// When to give up.
    pub limits: &'a Limits,
    /// Hears the search's counts and bound now and then
    /// ([`Observer::progress`](search_core::observer::Observer::progress)).
    pub progress: &'a (dyn Fn(&Progress) + Sync),
    /// Hears phases, notes, warnings and preparations.
    pub listener: Arc<dyn Listener>,
    /// Where the puzzle keeps what the next solve can use; `None` keeps nothing.
    pub session: Option<&'a Session>,
    /// Threads that may help a serial search once they have nothing else to do (a batch's
    /// workers out of lines); puzzles whose searches cannot be helped ignore it.
    pub crew: Option<&'a Crew>,
    /// The front end's name, as hints that name a command spell it (`slide pdb build ...`).
    pub program: &'a str,
}

/// No options: every choice left to the puzzle.
static NO_OPTIONS: Options = Options {
    threads: None,
    prune: None,
    databases: Vec::new(),
    direct_tables: None,
    notation: None,
};

impl<'a> Request<'a> {
    /// A solve with `choices` within `limits`, no options, heard by nobody, keeping nothing.
    pub fn new(choices: &'a Choices, limits: &'a Limits) -> Self {
        Request {
            choices,
            options: &NO_OPTIONS,
            limits,
            progress: &|_| {},
            listener: Arc::new(Silent),
            session: None,
            crew: None,
            program: "slide",
        }
    }

    /// The same request, reporting progress to `progress`.
    #[must_use]
    pub fn with_progress(mut self, progress: &'a (dyn Fn(&Progress) + Sync)) -> Self {
        self.progress = progress;
        self
    }

    /// The same request with `options`.
    #[must_use]
    pub fn with_options(mut self, options: &'a Options) -> Self {
        self.options = options;
        self
    }

    /// The same request, heard by `listener`.
    #[must_use]
    pub fn with_listener(mut self, listener: Arc<dyn Listener>) -> Self {
        self.listener = listener;
        self
    }

    /// The same request, keeping what the next one can use in `session`.
    #[must_use]
    pub fn with_session(mut self, session: &'a Session) -> Self {
        self.session = Some(session);
        self
    }

    /// The same request, helped by the free threads of `crew`.
    #[must_use]
    pub fn with_crew(mut self, crew: &'a Crew) -> Self {
        self.crew = Some(crew);
        self
    }

    /// The same request from a front end called `program`.
    #[must_use]
    pub fn with_program(mut self, program: &'a str) -> Self {
        self.program = program;
        self
    }

    /// The same request with other `choices`.
    #[must_use]
    pub fn with_choices(mut self, choices: &'a Choices) -> Self {
        self.choices = choices;
        self
    }
}

impl fmt::Debug for Request<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Request")
            .field("choices", self.choices)
            .field("options", self.options)
            .field("limits", self.limits)
            .field("program", &self.program)
            .finish_non_exhaustive()
    }
}
