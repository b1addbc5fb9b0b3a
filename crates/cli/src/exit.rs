//! The exit statuses of `dlx`, named.
//!
//! Scripts rely on these values, so they are fixed: 0 when everything
//! asked for was done and found, 1 when the input was valid but some problem
//! or puzzle had no solution (for `sudoku check`: was not unique), 2 when some
//! input or the command line was wrong, 3 when a count was stopped before
//! the end (a signal or a limit) and what it printed is partial.

use std::process::ExitCode;

/// How a run of `dlx` ended. Ordered from best to worst, so that the status
/// of a batch is the [`max`](Ord::max) of the statuses of its parts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
pub enum ExitStatus {
    /// Everything asked for was done, and every problem had a solution.
    #[default]
    Success,
    /// All input was valid, but some problem or puzzle had no solution (or,
    /// for `sudoku check`, was not unique).
    NoSolution,
    /// The work was stopped before the end (Ctrl-C, SIGTERM, a time or node
    /// limit): what was printed is partial.
    Stopped,
    /// Some input was invalid, or the command line was wrong.
    Error,
}

impl ExitStatus {
    /// The numeric code the process exits with.
    pub fn code(self) -> u8 {
        match self {
            ExitStatus::Success => 0,
            ExitStatus::NoSolution => 1,
            ExitStatus::Error => 2,
            ExitStatus::Stopped => 3,
        }
    }
}

impl From<ExitStatus> for ExitCode {
    fn from(status: ExitStatus) -> ExitCode {
        ExitCode::from(status.code())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_the_documented_ones() {
        assert_eq!(ExitStatus::Success.code(), 0);
        assert_eq!(ExitStatus::NoSolution.code(), 1);
        assert_eq!(ExitStatus::Error.code(), 2);
        assert_eq!(ExitStatus::Stopped.code(), 3);
    }

    #[test]
    fn worst_status_wins() {
        use ExitStatus::*;
        assert_eq!(Success.max(NoSolution), NoSolution);
        assert_eq!(Error.max(NoSolution), Error);
        assert_eq!(Stopped.max(NoSolution), Stopped);
        assert_eq!(Error.max(Stopped), Error);
        assert_eq!([Success, Success].into_iter().max(), Some(Success));
    }
}
