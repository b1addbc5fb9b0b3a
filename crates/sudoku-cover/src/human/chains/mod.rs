//! The chain techniques: their place on the ladder, after BUG.
//!
//! Sudoku Explainer's chains come after every pattern technique:
//! bidirectional X- and Y-cycles (6.5 to 7.0 and up), forcing X-chains and
//! forcing chains (7.0 to 7.5 and up), Nishio (7.5 and up), region and cell
//! forcing chains (8.0 to 8.5 and up), dynamic forcing chains (8.5 to 9.5
//! and up) and nested dynamic chains beyond. Each is a module of this
//! folder implementing [`Technique`], listed in [`techniques`] in ladder
//! order; nothing outside this folder changes when one is added.
//!
//! A chain technique's [`Technique::find`] returns the easiest step it
//! finds (its difficulty grows with the chain's length) and writes the
//! chain in [`Step::note`](super::Step::note).

use super::technique::Technique;

/// The chain techniques in ladder order. None is written yet: a puzzle
/// that needs a chain ends the ladder's walk as stuck.
pub fn techniques() -> Vec<Box<dyn Technique>> {
    Vec::new()
}
