//! [`Technique`]: the interface every technique of the ladder implements.

use std::fmt;

use super::candidates::Candidates;
use super::difficulty::Difficulty;
use super::step::Step;

/// A way a person finds the next deduction: singles, a naked pair, an
/// X-wing, a forcing chain.
///
/// A technique looks at a [`Candidates`] grid and returns the first step it
/// finds, or `None`; it never changes the grid. It may assume that the
/// puzzle has exactly one solution (the solver checks that first), which
/// uniqueness techniques rely on, and that the grid has no contradiction
/// yet. Every step it returns must place or eliminate something (a step
/// that changes nothing stops the solver as a bug), and must be sound: the
/// solver checks each step against the solution in tests.
///
/// Where several steps of one technique have different difficulties
/// (unique rectangles of several types, chains of several lengths),
/// `find` returns the easiest, as Sudoku Explainer does.
///
/// Implementations are unit structs or hold only settings (a fish's
/// size), so one [`Ladder`](super::Ladder) serves every thread.
pub trait Technique: fmt::Debug + Send + Sync {
    /// The technique's name as Sudoku Explainer spells it (`X-Wing`).
    fn name(&self) -> &'static str;

    /// The difficulty of its easiest step, which sets its place on the
    /// ladder (Sudoku Explainer 1.2's values).
    fn difficulty(&self) -> Difficulty;

    /// The first step found in `grid`, if any.
    fn find(&self, grid: &Candidates) -> Option<Step>;
}
