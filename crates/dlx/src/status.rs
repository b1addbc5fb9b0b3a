//! [`Status`]: why a search returned, the one fact every engine reports
//! up to [`Solver`](crate::Solver). A leaf module: the engines and the
//! solver all import it, it imports none of them.

/// Why [`Solver::run`](crate::Solver::run) returned.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Status {
    /// A solution was found; [`Solver::solution`](crate::Solver::solution)
    /// returns it.
    Solution,
    /// The search is over: there are no more solutions.
    Done,
    /// The node budget given to [`Solver::run`](crate::Solver::run) ran
    /// out; call it again to go on.
    Paused,
}
