//! The error type of this crate.
//!
//! Every fallible operation returns [`Error`], whose [`ErrorKind`] says what
//! went wrong. Errors found while reading Knuth's text format also carry the
//! line and column where the problem is.

use std::fmt;

/// An error building, reading or searching an exact-cover problem.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    kind: ErrorKind,
    position: Option<(usize, usize)>,
}

/// What went wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// Two items have the same name.
    DuplicateItem(String),
    /// An option names an item that does not exist.
    UnknownItem(String),
    /// An option lists the same item twice.
    RepeatedItem {
        /// The repeated item's name.
        item: String,
        /// The option's index.
        option: usize,
    },
    /// A primary item was given a color; only secondary items take colors.
    ColorOnPrimary {
        /// The item's name.
        item: String,
        /// The option's index.
        option: usize,
    },
    /// A primary item's bounds are unusable (`lo > hi` or `hi == 0`).
    BadBounds {
        /// The item's name.
        item: String,
        /// The lower bound.
        lo: u32,
        /// The upper bound.
        hi: u32,
    },
    /// Bounds were put on a secondary item.
    BoundsOnSecondary(String),
    /// The problem has more items, options or nodes than a `u32` index holds.
    TooLarge(&'static str),
    /// An id does not belong to this problem.
    OutOfRange(&'static str, usize),
    /// The text is not in Knuth's format; the message says why.
    Syntax(String),
    /// The text names no items at all.
    NoItems,
    /// An option forced into the partial solution conflicts with the options
    /// chosen before it (or is otherwise unavailable).
    Conflict {
        /// The index of the option that could not be chosen.
        option: usize,
    },
    /// Reading the input failed.
    Io(String),
    /// The costs of all options add up past `u64::MAX` (a solution's cost
    /// could overflow).
    CostOverflow,
    /// The search asked for cannot run with these settings or on this
    /// problem (a minimum-cost search under a bit engine or with
    /// multiplicities); the message says why.
    Unsupported(String),
    /// A checkpoint's text is damaged: truncated, of another version, with
    /// a malformed line or a wrong checksum; the message says which (and
    /// the error's line where). See [`Checkpoint`](crate::Checkpoint).
    BadCheckpoint(String),
    /// A checkpoint does not fit the search resumed from it: another
    /// problem, other settings or forced options, or a position that is not
    /// in the search tree; the message says which.
    CheckpointMismatch(String),
}

impl Error {
    pub(crate) fn new(kind: ErrorKind) -> Self {
        Error { kind, position: None }
    }

    pub(crate) fn at(mut self, line: usize, column: usize) -> Self {
        self.position = Some((line, column));
        self
    }

    /// What went wrong.
    pub fn kind(&self) -> &ErrorKind {
        &self.kind
    }

    /// The one-based line of the input where the error was found, if the
    /// problem was read from text.
    pub fn line(&self) -> Option<usize> {
        self.position.map(|p| p.0)
    }

    /// The one-based column of the input where the error was found, if the
    /// problem was read from text.
    pub fn column(&self) -> Option<usize> {
        self.position.map(|p| p.1)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some((line, column)) = self.position {
            write!(f, "{line}:{column}: ")?;
        }
        match &self.kind {
            ErrorKind::DuplicateItem(name) => write!(f, "duplicate item name `{name}`"),
            ErrorKind::UnknownItem(name) => write!(f, "unknown item `{name}`"),
            ErrorKind::RepeatedItem { item, option } => {
                write!(f, "item `{item}` appears twice in option {option}")
            }
            ErrorKind::ColorOnPrimary { item, option } => {
                write!(f, "primary item `{item}` has a color in option {option}")
            }
            ErrorKind::BadBounds { item, lo, hi } => {
                if *hi == 0 {
                    write!(f, "item `{item}` has upper bound 0")
                } else {
                    write!(f, "item `{item}` has lower bound {lo} above upper bound {hi}")
                }
            }
            ErrorKind::BoundsOnSecondary(name) => {
                write!(f, "secondary item `{name}` cannot have bounds")
            }
            ErrorKind::TooLarge(what) => write!(f, "too many {what} for a 32-bit index"),
            ErrorKind::OutOfRange(what, index) => write!(f, "{what} {index} is out of range"),
            ErrorKind::Syntax(msg) => f.write_str(msg),
            ErrorKind::NoItems => f.write_str("no item names found"),
            ErrorKind::Conflict { option } => {
                write!(f, "option {option} conflicts with the options already chosen")
            }
            ErrorKind::Io(msg) => write!(f, "read error: {msg}"),
            ErrorKind::CostOverflow => f.write_str("the options' costs add up past 2^64 - 1"),
            ErrorKind::Unsupported(msg) => f.write_str(msg),
            ErrorKind::BadCheckpoint(msg) => write!(f, "damaged checkpoint: {msg}"),
            ErrorKind::CheckpointMismatch(msg) => write!(f, "checkpoint does not fit: {msg}"),
        }
    }
}

impl std::error::Error for Error {}
