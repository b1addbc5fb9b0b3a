//! The chain techniques: their place on the ladder, after BUG.
//!
//! Sudoku Explainer's chains come after every pattern technique, each a
//! search over *potentials*, a candidate assumed true ("on") or false
//! ("off"), linked the way a person reasons: a true candidate turns off
//! the rest of its cell and its digit in the cells it sees; a false one
//! forces on the other digit of a cell left with two, or the other place of
//! its digit in a house left with two. In ladder order:
//!
//! | rung | SE | module |
//! |---|---|---|
//! | two strong links: Skyscraper, Two-string Kite, Turbot Fish, Empty Rectangle | 4.0 to 4.2 | `strong` ([`StrongLinks::TWO`]) |
//! | three strong links | 5.4 to 5.7 | `strong` ([`StrongLinks::THREE`]) |
//! | WXYZ-Wing, VWXYZ-Wing | 5.5 to 6.4 | `wings` ([`AlsWing`]) |
//! | aligned pair exclusion | 6.2 | `aligned` ([`AlignedExclusion::PAIR`]) |
//! | bidirectional X- and Y-cycles, forcing X-chains, forcing chains | 6.5 to 7.0 and up | `unary` ([`Cycles`]) |
//! | aligned triplet exclusion | 7.5 | `aligned` ([`AlignedExclusion::TRIPLET`]) |
//! | Nishio forcing chains | 7.5 and up | `multiple` ([`ForcingChains::NISHIO`]) |
//! | cell and region forcing chains | 8.0 and up | `multiple` ([`ForcingChains::MULTIPLE`]) |
//! | dynamic forcing chains | 8.5 and up | `multiple` ([`ForcingChains::DYNAMIC`]) |
//! | dynamic forcing chains (+) | 9.0 and up | `multiple`, `advanced` ([`ForcingChains::DYNAMIC_PLUS`]) |
//! | nested forcing chains, levels 2 to 5 | 9.5, 10.0, 10.5, 11.0 and up | `nested`, `rule` ([`NestedForcingChains`]) |
//!
//! The first three rungs are SukakuExplainer's additions to Sudoku
//! Explainer 1.2 (it rates the puzzles of `data/sudoku/se_rated_sample.txt`
//! with them); the rest are SE 1.2's, searched and ranked as it does: a
//! chain's difficulty is its rung's base plus a tenth per length step
//! (`graph::length_tenths`: past lengths 4, 6, 8, 12, 16, 24, ...), the
//! length counting the distinct potentials the conclusion follows from;
//! each rung returns the easiest step it
//! finds, ties broken as SE breaks them (shorter first, then by kind, then
//! the first found), so the walk takes the steps SE takes. The nested
//! rungs search grids of any size with at most [`NESTED_MAX_CANDIDATES`]
//! candidates left. The chain is written in
//! [`Step::note`](super::Step::note).

mod advanced;
mod aligned;
mod graph;
mod links;
mod memo;
mod multiple;
mod nested;
mod propagate;
mod rule;
mod strong;
#[cfg(test)]
mod testing;
mod text;
mod unary;
mod wings;

pub use aligned::AlignedExclusion;
pub use multiple::ForcingChains;
pub use nested::{NESTED_MAX_CANDIDATES, NestedForcingChains};
pub use strong::StrongLinks;
pub use unary::Cycles;
pub use wings::AlsWing;

use super::technique::Technique;

/// The largest side the chain rungs search (25×25). Their searches grow
/// with the cube of the number of candidates: on 25×25 a dynamic rung
/// takes seconds a step, on 64×64 it would take hours, so larger grids
/// stop at the patterns (the walk ends stuck).
pub const MAX_SIDE: usize = 25;

/// The chain techniques in ladder order: SukakuExplainer's short chains
/// ([`sukaku_additions`]), then Sudoku Explainer's ([`sudoku_explainer`]).
pub fn techniques() -> Vec<Box<dyn Technique>> {
    let mut rungs = sukaku_additions();
    rungs.extend(sudoku_explainer());
    rungs
}

/// The short chains SukakuExplainer adds to Sudoku Explainer's ladder:
/// X-chains of two and three strong links (4.0 to 5.7) and the WXYZ- and
/// VWXYZ-Wings (5.5 to 6.4). SukakuExplainer tries them among the pattern
/// techniques (two links after the hidden triplet, three links and WXYZ
/// after the hidden quad, VWXYZ after BUG); here they come after BUG,
/// which can change the order of easier steps and, rarely, a rating.
pub fn sukaku_additions() -> Vec<Box<dyn Technique>> {
    vec![
        Box::new(StrongLinks::TWO),
        Box::new(StrongLinks::THREE),
        Box::new(AlsWing::WXYZ),
        Box::new(AlsWing::VWXYZ),
    ]
}

/// Sudoku Explainer 1.2's rungs from aligned pair exclusion on, in its
/// order.
pub fn sudoku_explainer() -> Vec<Box<dyn Technique>> {
    vec![
        Box::new(AlignedExclusion::PAIR),
        Box::new(Cycles),
        Box::new(AlignedExclusion::TRIPLET),
        Box::new(ForcingChains::NISHIO),
        Box::new(ForcingChains::MULTIPLE),
        Box::new(ForcingChains::DYNAMIC),
        Box::new(ForcingChains::DYNAMIC_PLUS),
        Box::new(NestedForcingChains::FORCING),
        Box::new(NestedForcingChains::MULTIPLE),
        Box::new(NestedForcingChains::DYNAMIC),
        Box::new(NestedForcingChains::DYNAMIC_NESTED),
    ]
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::human::{Candidates, Units};
    use crate::{Rules, Shape};

    #[test]
    fn rungs_in_ladder_order() {
        let rungs = techniques();
        let names: Vec<&str> = rungs.iter().map(|t| t.name()).collect();
        assert_eq!(names.len(), 15);
        assert_eq!(names[..4], ["Turbot Fish", "3 Strong Links", "WXYZ-Wing", "VWXYZ-Wing"]);
        assert_eq!(names[4..6], ["Aligned Pair Exclusion", "Forcing Chains & Cycles"]);
        let tenths: Vec<u16> = rungs.iter().map(|t| t.difficulty().in_tenths()).collect();
        assert_eq!(tenths, [40, 54, 55, 62, 62, 65, 75, 75, 80, 85, 90, 95, 100, 105, 110]);
        // Sudoku Explainer's own rungs rise through the ladder.
        assert!(sudoku_explainer().windows(2).all(|w| w[0].difficulty() <= w[1].difficulty()));
    }

    #[test]
    fn thresholds_grow_by_three_halves_then_four_thirds() {
        // The lengths (complexity - 2) where the increment steps up.
        let steps: Vec<u32> = (1..200)
            .filter(|&c| graph::length_tenths(c + 1) > graph::length_tenths(c))
            .map(|c| c - 2)
            .collect();
        assert_eq!(steps, [4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128, 192]);
        assert_eq!(graph::length_tenths(0), 0);
    }

    #[test]
    fn larger_grids_are_left_to_the_patterns() {
        let units = Arc::new(Units::new(&Rules::new(Shape::new(6, 6).unwrap())).unwrap());
        let mut grid = Candidates::new(units);
        grid.place(0, 1);
        for rung in techniques() {
            assert_eq!(rung.find(&grid), None, "{}", rung.name());
        }
    }
}
