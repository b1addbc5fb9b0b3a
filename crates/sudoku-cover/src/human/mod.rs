//! Solving sudoku the way a person does: candidates, techniques from the
//! easiest, hints, and a rating on Sudoku Explainer's scale.
//!
//! The exact-cover solver finds solutions; this module finds the *steps* a
//! person takes to reach one, and rates a puzzle by its hardest step, as
//! Sudoku Explainer (SE) 1.2 does: 1.0 for the easiest singles, up past 11
//! for the hardest nested chains.
//!
//! ```
//! use std::sync::Arc;
//! use sudoku_cover::Rules;
//! use sudoku_cover::human::{Candidates, End, Ladder, Units};
//!
//! let units = Arc::new(Units::new(&Rules::classic())?);
//! let puzzle = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..".parse()?;
//! let grid = Candidates::from_grid(units, &puzzle)?;
//! let ladder = Ladder::standard();
//! let hint = ladder.hint(&grid).expect("a step");
//! assert_eq!(hint.to_string(), "Hidden Single: r2c2 = 6 (only place for 6 in box 1)");
//! let rating = ladder.rate(grid, None);
//! assert_eq!(rating.end, End::Solved);
//! assert_eq!(rating.to_string(), "1.2 Hidden Single");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # The parts
//!
//! - [`Units`]: the houses of some [`Rules`](crate::Rules) (rows,
//!   columns, boxes or jigsaw regions, diagonals, hyper windows) and which
//!   cells see which (exclusions too); built once, shared.
//! - [`Candidates`]: a grid of candidates, a [`Mask`] (bit `d - 1` for
//!   digit `d`, so any side up to 64) per cell, made from givens or pencil
//!   marks.
//! - [`Step`]: one deduction: its technique and [`Difficulty`], the cells,
//!   digits and houses that justify it, and its placements and
//!   eliminations.
//! - [`Technique`]: the interface: a name, a difficulty, and `find`, the
//!   first step in a grid.
//! - [`Ladder`]: the techniques in SE's order; [`Ladder::hint`] is the
//!   first step found from the easiest, [`Ladder::walk`] the steps to the
//!   solution, [`Ladder::rate`] the hardest of them ([`Rating`]).
//!
//! # The ladder
//!
//! | technique | SE | module |
//! |---|---|---|
//! | Full House | 1.0 | `singles` |
//! | Hidden Single in a box, in a row or column | 1.2, 1.5 | `singles` |
//! | Direct Pointing, Direct Claiming | 1.7, 1.9 | `intersections` |
//! | Direct Hidden Pair | 2.0 | `subsets` |
//! | Naked Single | 2.3 | `singles` |
//! | Direct Hidden Triplet | 2.5 | `subsets` |
//! | Pointing, Claiming | 2.6, 2.8 | `intersections` |
//! | Naked Pair, X-Wing, Hidden Pair | 3.0, 3.2, 3.4 | `subsets`, `fish` |
//! | Naked Triplet, Swordfish, Hidden Triplet | 3.6, 3.8, 4.0 | `subsets`, `fish` |
//! | XY-Wing, XYZ-Wing | 4.2, 4.4 | `wings` |
//! | Unique Rectangles and Loops, types 1 to 4 | 4.5 to 5.0 | `uniqueness` |
//! | Naked Quad, Jellyfish, Hidden Quad | 5.0, 5.2, 5.4 | `subsets`, `fish` |
//! | BUG, types 1 to 4 | 5.6 and up | `bug` |
//! | X-chains of two and three strong links (Skyscraper, Two-string Kite, Turbot Fish, Empty Rectangle, ...), WXYZ- and VWXYZ-Wings | 4.0 to 6.4 | [`chains`] (SukakuExplainer's rungs) |
//! | aligned pair and triplet exclusion, X- and Y-cycles, forcing chains, Nishio, dynamic chains | 6.2 and up | [`chains`] (Sudoku Explainer's rungs) |
//!
//! The chain rungs come after BUG in the ladder although the strong-link
//! chains rate from 4.0: a chain is the step taken only when no pattern
//! applies (see [`chains`] for each rung's range).
//!
//! # Adding a technique
//!
//! A technique is a module with a type implementing [`Technique`] and its
//! tests: a grid where it applies and nothing easier does, with the exact
//! step expected. It reads the grid through [`Candidates`] and
//! [`Units`] and builds a [`Step`]; it never changes the grid. Pattern
//! techniques are listed in `patterns` (in this file), chain techniques in
//! [`chains::techniques`], each in ladder order; the solver, the rating
//! and the command line need no change. The checks every technique gets
//! for free: the tests walk many puzzles up the ladder and check each step
//! against the exact-cover solution (a wrong elimination fails them).

pub mod chains;

mod bug;
mod candidates;
mod combos;
mod difficulty;
mod fish;
mod intersections;
mod ladder;
mod singles;
mod step;
mod subsets;
mod technique;
#[cfg(test)]
mod testing;
mod uniqueness;
mod units;
mod watch;
mod wings;

pub use bug::Bug;
pub use candidates::{Bits, Candidates, Mask, all_digits, bit, digits};
pub use difficulty::Difficulty;
pub use fish::Fish;
pub use intersections::LockedCandidates;
pub use ladder::{End, Ladder, Rating, Walk};
pub use singles::{FullHouse, HiddenSingle, NakedSingle};
pub use step::{Digit, Step};
pub use subsets::{HiddenSubset, NakedSubset};
pub use technique::Technique;
pub use uniqueness::UniqueLoop;
pub use units::{House, HouseKind, Units, cell_name};
pub use wings::Wing;

/// The pattern techniques (everything before the chains) in Sudoku
/// Explainer's order.
fn patterns() -> Vec<Box<dyn Technique>> {
    vec![
        Box::new(FullHouse),
        Box::new(HiddenSingle::IN_BOX),
        Box::new(HiddenSingle::IN_LINE),
        Box::new(LockedCandidates::DIRECT_POINTING),
        Box::new(LockedCandidates::DIRECT_CLAIMING),
        Box::new(HiddenSubset::direct(2)),
        Box::new(NakedSingle),
        Box::new(HiddenSubset::direct(3)),
        Box::new(LockedCandidates::POINTING),
        Box::new(LockedCandidates::CLAIMING),
        Box::new(NakedSubset::new(2)),
        Box::new(Fish::new(2)),
        Box::new(HiddenSubset::new(2)),
        Box::new(NakedSubset::new(3)),
        Box::new(Fish::new(3)),
        Box::new(HiddenSubset::new(3)),
        Box::new(Wing::XY),
        Box::new(Wing::XYZ),
        Box::new(UniqueLoop),
        Box::new(NakedSubset::new(4)),
        Box::new(Fish::new(4)),
        Box::new(HiddenSubset::new(4)),
        Box::new(Bug),
    ]
}
