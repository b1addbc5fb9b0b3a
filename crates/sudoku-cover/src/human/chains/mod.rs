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
//!
//! # Difficulty
//!
//! Sudoku Explainer rates a chain step as its kind's base plus
//! [`length_increment`] of its *complexity* (the number of candidates the
//! chain or chains visit): 0.1 for each threshold the complexity less two
//! passes, the thresholds starting at 4 and growing by 3/2 and 4/3 in
//! turn (4, 6, 8, 12, 16, 24, 32, 48, …, whole numbers). The bases are
//! about 6.5 for bidirectional X- and Y-cycles, 6.6 for forcing X-chains,
//! 7.0 for forcing XY-chains and cycles, 7.5 for Nishio, 8.0 to 8.5 for
//! region and cell forcing chains, 8.5 to 9.5 for dynamic ones, and more
//! for each level of nesting.

use super::difficulty::Difficulty;
use super::technique::Technique;

/// What Sudoku Explainer adds to a chain's base difficulty for its
/// complexity (the candidates its chains visit): 0.1 per threshold past
/// `complexity - 2`, the thresholds 4, 6, 8, 12, 16, 24, 32, … (times 3/2
/// and 4/3 in turn, rounded down).
///
/// ```
/// use sudoku_cover::human::chains::length_increment;
///
/// assert_eq!(length_increment(6).in_tenths(), 0); // 4 is no more than 4
/// assert_eq!(length_increment(7).in_tenths(), 1);
/// assert_eq!(length_increment(11).in_tenths(), 3); // past 4, 6, 8
/// ```
pub fn length_increment(complexity: usize) -> Difficulty {
    let length = complexity.saturating_sub(2);
    let (mut ceil, mut tenths, mut odd) = (4usize, 0u16, false);
    while length > ceil {
        tenths += 1;
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
    }
    Difficulty::tenths(tenths)
}

/// The chain techniques in ladder order. None is written yet: a puzzle
/// that needs a chain ends the ladder's walk as stuck.
pub fn techniques() -> Vec<Box<dyn Technique>> {
    Vec::new()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thresholds_grow_by_three_halves_then_four_thirds() {
        // The lengths (complexity - 2) where the increment steps up.
        let steps: Vec<usize> = (1..200)
            .filter(|&c| length_increment(c + 1) > length_increment(c))
            .map(|c| c - 2)
            .collect();
        assert_eq!(steps, [4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128, 192]);
        assert_eq!(length_increment(0), Difficulty::tenths(0));
        assert!(techniques().is_empty());
    }
}
