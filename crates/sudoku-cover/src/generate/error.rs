//! [`GenerateError`]: why no puzzle could be made, and [`Shortfall`], what
//! the last try lacked.

use std::fmt;

use super::Symmetry;
use super::rating::RatingRange;
use crate::error::Error;
use crate::human::Difficulty;

/// Why no puzzle could be made.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum GenerateError {
    /// The rules cannot be compiled (a variant that does not fit the
    /// shape, regions of another size).
    Rules(Error),
    /// No full grid keeps the rules.
    NoGrid,
    /// The search for a first full grid ran out of its node budget: the
    /// rules may admit none.
    NoGridFound {
        /// The nodes searched.
        nodes: u64,
    },
    /// More clues asked for than the grid has cells.
    TooManyClues {
        /// The clues asked for.
        clues: usize,
        /// The cells of the grid.
        cells: usize,
    },
    /// A clue count that no puzzle with the symmetry can have: its clues
    /// come in whole orbits (in fours with `rot90`, say).
    UnreachableClues {
        /// The clues asked for.
        clues: usize,
        /// The symmetry.
        symmetry: Symmetry,
    },
    /// Every try failed to meet the demands.
    GaveUp {
        /// The tries made.
        tries: u32,
        /// What the last try lacked.
        reason: Shortfall,
    },
    /// A symmetry name that is not one.
    UnknownSymmetry(String),
    /// The [`dlx::Stop`] given to [`Generator::stop_on`](super::Generator::stop_on)
    /// was requested before the puzzle was made.
    Stopped,
}

/// What a failed try lacked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Shortfall {
    /// No full grid within the node budget (or, with random regions, no
    /// map that any grid fits).
    Grid,
    /// The clue count: no try came down to it.
    Clues {
        /// The count asked for.
        target: usize,
        /// The fewest clues any try reached.
        fewest: usize,
    },
    /// Minimality: some single clue could still go, or a check ran out of
    /// its node budget.
    Minimal,
    /// Minimality out of reach: several uniqueness checks in a row ran
    /// past clause learning's limit of conflicts (as on the 36x36 grids
    /// tried, from about half their cells blank), and the generator stopped
    /// trying.
    Unprovable,
    /// The rating: no try was rated in the range.
    Rating {
        /// The range asked for.
        range: RatingRange,
        /// The lowest and highest difficulties the tries reached (a try
        /// rejected as too hard counts by its first step above the range),
        /// `None` if none was rated.
        reached: Option<(Difficulty, Difficulty)>,
        /// Whether some try was beyond the techniques known.
        beyond: bool,
    },
}

impl fmt::Display for GenerateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GenerateError::Rules(e) => write!(f, "{e}"),
            GenerateError::NoGrid => f.write_str("no full grid keeps these rules"),
            GenerateError::Stopped => f.write_str("stopped before the puzzle was made"),
            GenerateError::NoGridFound { nodes } => write!(
                f,
                "no full grid found in {nodes} search-tree nodes: these rules may admit none"
            ),
            GenerateError::TooManyClues { clues, cells } => {
                write!(f, "{clues} clues asked for, but the grid has {cells} cells")
            }
            GenerateError::UnreachableClues { clues, symmetry } => write!(
                f,
                "no puzzle with {symmetry} symmetry has {clues} clues: its clues come in the \
                 symmetry's groups of cells"
            ),
            GenerateError::GaveUp { tries, reason } => match reason {
                Shortfall::Grid => write!(
                    f,
                    "no full grid found within the node budget in {tries} tries (the grid is too \
                     large, or the rules too tight)"
                ),
                Shortfall::Clues { target, fewest } => write!(
                    f,
                    "could not come down to {target} clues in {tries} tries (the fewest reached: \
                     {fewest})"
                ),
                Shortfall::Minimal => {
                    write!(f, "no minimal puzzle with these demands in {tries} tries")
                }
                Shortfall::Unprovable => write!(
                    f,
                    "no minimal puzzle: on try {tries}, {} uniqueness checks in a row ran past \
                     clause learning's limit of {} conflicts; grids of this size are too hard to \
                     prove minimal",
                    super::dig::SAT_RUN_OUTS,
                    super::dig::SAT_CONFLICTS
                ),
                Shortfall::Rating { range, reached, beyond } => {
                    write!(f, "no puzzle rated {range} in {tries} tries (")?;
                    match reached {
                        Some((lo, hi)) if lo == hi => write!(f, "every one reached {lo}")?,
                        Some((lo, hi)) => write!(f, "the ratings reached: {lo} to {hi}")?,
                        None => f.write_str("none was rated")?,
                    }
                    match beyond {
                        true => f.write_str(", and beyond the techniques known)"),
                        false => f.write_str(")"),
                    }
                }
            },
            GenerateError::UnknownSymmetry(s) => {
                write!(f, "unknown symmetry {s:?}: none, rot180, rot90, mirror or diagonal")
            }
        }
    }
}

impl std::error::Error for GenerateError {}

impl From<Error> for GenerateError {
    fn from(e: Error) -> GenerateError {
        GenerateError::Rules(e)
    }
}
