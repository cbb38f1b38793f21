//! The puzzles a front end offers, by name.

use std::fmt;

use super::{BlocksKind, KlotskiKind, PuzzleKind, RushHourKind, TilesKind};

/// The puzzle kinds a front end offers, in the order its help lists them, each found by its
/// [name](PuzzleKind::name).
///
/// ```
/// use puzzles::front_end::{Registry, TilesKind};
///
/// let registry = Registry::standard();
/// assert_eq!(registry.names(), ["tiles", "klotski", "blocks", "rush-hour"]);
/// assert!(registry.get("rush-hour").is_ok());
/// assert!(registry.get("chess").is_err());
///
/// // A second kind of the same name is refused: names select puzzles on command lines.
/// let mut registry = Registry::standard();
/// assert!(registry.register(Box::new(TilesKind)).is_err());
/// ```
#[derive(Default)]
pub struct Registry {
    kinds: Vec<Box<dyn PuzzleKind>>,
}

impl Registry {
    /// A registry with no puzzles.
    pub fn new() -> Self {
        Registry::default()
    }

    /// This crate's puzzles: `tiles` ([`TilesKind`]), `klotski` ([`KlotskiKind`]), `blocks`
    /// ([`BlocksKind`]) and `rush-hour` ([`RushHourKind`]).
    pub fn standard() -> Self {
        let mut registry = Registry::new();
        for kind in [
            Box::new(TilesKind) as Box<dyn PuzzleKind>,
            Box::new(KlotskiKind),
            Box::new(BlocksKind),
            Box::new(RushHourKind),
        ] {
            registry
                .register(kind)
                .expect("the standard puzzles have distinct names");
        }
        registry
    }

    /// Adds `kind`, after those already registered.
    ///
    /// # Errors
    /// [`RegistryError::Taken`] if a kind of that name is registered already,
    /// [`RegistryError::BadName`] if the name is empty or not lower-case letters, digits and
    /// `-` (it must be typeable as `--puzzle NAME`).
    pub fn register(&mut self, kind: Box<dyn PuzzleKind>) -> Result<&mut Self, RegistryError> {
        let name = kind.name();
        let typeable = !name.is_empty()
            && name
                .bytes()
                .all(|byte| byte.is_ascii_lowercase() || byte.is_ascii_digit() || byte == b'-');
        if !typeable {
            return Err(RegistryError::BadName(name.to_owned()));
        }
        if self.kinds.iter().any(|known| known.name() == name) {
            return Err(RegistryError::Taken(name.to_owned()));
        }
        self.kinds.push(kind);
        Ok(self)
    }

    /// The kind named `name`.
    ///
    /// # Errors
    /// [`RegistryError::Unknown`], listing the names registered, if none is named so.
    pub fn get(&self, name: &str) -> Result<&dyn PuzzleKind, RegistryError> {
        self.kinds
            .iter()
            .find(|kind| kind.name() == name)
            .map(|kind| &**kind)
            .ok_or_else(|| RegistryError::Unknown {
                name: name.to_owned(),
                known: self.names().iter().map(|name| (*name).to_owned()).collect(),
            })
    }

    /// The names registered, in order.
    pub fn names(&self) -> Vec<&str> {
        self.kinds.iter().map(|kind| kind.name()).collect()
    }

    /// Every kind registered, in order.
    pub fn kinds(&self) -> impl Iterator<Item = &dyn PuzzleKind> {
        self.kinds.iter().map(|kind| &**kind)
    }
}

impl fmt::Debug for Registry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.names()).finish()
    }
}

/// Why a puzzle kind could not be registered or found.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum RegistryError {
    /// No kind has this name.
    Unknown {
        /// The name asked for.
        name: String,
        /// The names registered.
        known: Vec<String>,
    },
    /// A kind of this name is registered already.
    Taken(String),
    /// The name is not lower-case letters, digits and `-`.
    BadName(String),
}

impl fmt::Display for RegistryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RegistryError::Unknown { name, known } => write!(
                f,
                "unknown puzzle `{name}`: the puzzles are {}",
                known.join(", ")
            ),
            RegistryError::Taken(name) => {
                write!(f, "a puzzle named `{name}` is registered already")
            }
            RegistryError::BadName(name) => write!(
                f,
                "the puzzle name `{name}` is not lower-case letters, digits and `-`"
            ),
        }
    }
}

impl std::error::Error for RegistryError {}
