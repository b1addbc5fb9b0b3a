//! Chains written out for people, and a chain's conclusion turned into a
//! step's placement or elimination.

use super::graph::Cand;
use super::links::Layout;
use crate::human::step::{Digit, Step};
use crate::human::units::cell_name;

/// A potential as text: `r1c2=5` (on) or `r1c2<>5` (off), the digit
/// marked as a [`Digit`] (shown in the puzzle's symbols).
pub(super) fn potential_text(layout: &Layout, cand: Cand, on: bool) -> String {
    let name = cell_name(layout.size(), layout.cell(cand));
    let digit = Digit(layout.digit(cand));
    if on { format!("{name}={digit}") } else { format!("{name}<>{digit}") }
}

/// A chain as text, each potential implying the next, a potential that a
/// nested chain found followed by that chain's technique: `r5c3<>4 ->
/// r2c1<>4 (Forcing Chain) -> r2c1=5`.
pub(super) fn chain_text<'a>(
    layout: &Layout,
    chain: impl IntoIterator<Item = (Cand, bool, Option<&'a str>)>,
) -> String {
    let parts: Vec<String> = chain
        .into_iter()
        .map(|(c, on, nested)| match nested {
            Some(name) => format!("{} ({name})", potential_text(layout, c, on)),
            None => potential_text(layout, c, on),
        })
        .collect();
    parts.join(" -> ")
}

/// What a forcing chain concludes: a candidate is true (its digit is
/// placed) or false (it goes).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Conclusion {
    /// The candidate.
    pub cand: Cand,
    /// Whether it is true.
    pub on: bool,
}

impl Conclusion {
    /// The step with this conclusion's placement or elimination.
    pub fn apply(self, layout: &Layout, step: Step) -> Step {
        let (cell, digit) = (layout.cell(self.cand), layout.digit(self.cand));
        if self.on { step.place(cell, digit) } else { step.eliminate(cell, digit) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::human::difficulty::Difficulty;
    use crate::human::testing::units;

    #[test]
    fn chains_and_conclusions_as_text() {
        let units = units();
        let layout = Layout::new(&units);
        let chain = [(layout.cand(1, 5), true, None), (layout.cand(6, 5), false, Some("Pointing"))];
        assert_eq!(chain_text(&layout, chain), "r1c2=#5 -> r1c7<>#5 (Pointing)");
        let step = Step::new("X", Difficulty::tenths(70), 9);
        let on = Conclusion { cand: layout.cand(80, 9), on: true }.apply(&layout, step.clone());
        assert_eq!(on.placements, [(80, 9)]);
        let off = Conclusion { cand: layout.cand(80, 9), on: false }.apply(&layout, step);
        assert_eq!(off.eliminations, [(80, 9)]);
    }
}
