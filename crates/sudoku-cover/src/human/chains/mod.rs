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
//! | bidirectional X- and Y-cycles, forcing X-chains, forcing chains | 6.5 to 7.0 and up | `unary` ([`Cycles`]) |
//! | Nishio forcing chains | 7.5 and up | `multiple` ([`ForcingChains::NISHIO`]) |
//! | cell and region forcing chains | 8.0 and up | `multiple` ([`ForcingChains::MULTIPLE`]) |
//! | dynamic forcing chains | 8.5 and up | `multiple` ([`ForcingChains::DYNAMIC`]) |
//! | dynamic forcing chains (+) | 9.0 and up | `multiple`, `advanced` ([`ForcingChains::DYNAMIC_PLUS`]) |
//!
//! Each rung returns the easiest step it finds: a chain's difficulty is
//! its rung's base plus a tenth per length step (`graph::length_tenths`),
//! the length being the number of distinct potentials the conclusion
//! follows from. Ties go as Sudoku Explainer breaks them (shorter first,
//! then by kind, then the first found), so the walk takes the steps it
//! takes. The chain is written in [`Step::note`](super::Step::note).

mod advanced;
mod graph;
mod links;
mod multiple;
mod propagate;
mod text;
mod unary;

pub use multiple::ForcingChains;
pub use unary::Cycles;

use super::technique::Technique;

/// The chain techniques in ladder order.
pub fn techniques() -> Vec<Box<dyn Technique>> {
    vec![
        Box::new(Cycles),
        Box::new(ForcingChains::NISHIO),
        Box::new(ForcingChains::MULTIPLE),
        Box::new(ForcingChains::DYNAMIC),
        Box::new(ForcingChains::DYNAMIC_PLUS),
    ]
}
