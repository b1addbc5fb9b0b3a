//! What a chain hint found on a chain's grid gives the chain it is nested
//! in (Sudoku Explainer's nested forcing chains): the candidates it rules
//! out, the offs of the outer chain it rests on (its "rule parents"), and
//! its rank.

use super::graph::{Cand, Graph, Rank};
use super::links::{Layout, Via};
use super::text::Conclusion;
use crate::human::candidates::{Bits, Mask};

/// One hint of a nested search.
#[derive(Debug, Clone)]
pub(super) struct RuleHint {
    /// Its rank in its search (its complexity counts its own nested
    /// chains).
    pub rank: Rank,
    /// Its technique, as a step would be named.
    pub name: &'static str,
    /// The candidates it rules out, in the grid it was found on.
    pub removed: Vec<Cand>,
    /// The candidates, in the outer chain's starting grid and gone from
    /// the grid the hint was found on, that it needs off.
    pub needs: Vec<Cand>,
}

/// The candidates a conclusion rules out on `work`: the candidate itself,
/// or, when it is true, the other candidates of its cell.
pub(super) fn removals(layout: &Layout, work: &[Mask], conclusion: Conclusion) -> Vec<Cand> {
    let cell = layout.cell(conclusion.cand);
    if !conclusion.on {
        return vec![conclusion.cand];
    }
    let keep = 1 << (layout.digit(conclusion.cand) - 1);
    Bits(work[cell] & !keep).map(|i| layout.cand(cell, i as u8 + 1)).collect()
}

/// The rule parents of a hint whose chains end at `targets`: for every
/// potential forced on in them (an assumption counts as forced through
/// `root`, a cell or region forcing chain's cell or house), the candidates
/// of its cell (or of its digit in its house) that `source` had and `work`
/// has lost. Sudoku Explainer walks each chain apart and keeps one of each.
pub(super) fn rule_parents(
    graph: &mut Graph,
    targets: &[u32],
    root: Option<Via>,
    layout: &Layout,
    source: &[Mask],
    work: &[Mask],
) -> Vec<Cand> {
    let mut out = Vec::new();
    let mut hidden = Vec::new();
    for &t in targets {
        for p in graph.walk(t) {
            let node = graph.node(p);
            if !node.on {
                continue;
            }
            let via = match Via::from_code(node.cause) {
                Some(via) => via,
                None if graph.parents(p).is_empty() => match root {
                    Some(via) => via,
                    None => continue,
                },
                None => continue,
            };
            layout.hidden(source, work, node.cand, via, &mut hidden);
            for &h in &hidden {
                if !out.contains(&h) {
                    out.push(h);
                }
            }
        }
    }
    out
}

/// Sorts hints the way Sudoku Explainer returns them (easiest first, then
/// by complexity and kind, the first found winning a tie) and keeps the
/// first of those that rule out the same candidates.
pub(super) fn settle(hints: &mut Vec<RuleHint>) {
    hints.sort_by(|a, b| {
        a.rank
            .value
            .total_cmp(&b.rank.value)
            .then((a.rank.complexity, a.rank.key).cmp(&(b.rank.complexity, b.rank.key)))
    });
    let mut kept: Vec<Vec<Cand>> = Vec::new();
    hints.retain_mut(|h| {
        h.removed.sort_unstable();
        if kept.contains(&h.removed) {
            false
        } else {
            kept.push(h.removed.clone());
            true
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::human::testing::units;

    #[test]
    fn a_true_conclusion_removes_the_rest_of_its_cell() {
        let units = units();
        let layout = Layout::new(&units);
        let mut work = vec![0; 81];
        work[10] = 0b1_0110;
        let on = Conclusion { cand: layout.cand(10, 3), on: true };
        assert_eq!(removals(&layout, &work, on), [layout.cand(10, 2), layout.cand(10, 5)]);
        let off = Conclusion { cand: layout.cand(10, 3), on: false };
        assert_eq!(removals(&layout, &work, off), [layout.cand(10, 3)]);
    }

    #[test]
    fn settled_hints_come_easiest_first_once_per_removal() {
        let hint = |tenths, complexity, removed: &[Cand]| RuleHint {
            rank: Rank::new(tenths, complexity, 1),
            name: "X",
            removed: removed.to_vec(),
            needs: vec![],
        };
        let mut hints =
            vec![hint(85, 9, &[4]), hint(85, 5, &[7, 3]), hint(80, 9, &[4]), hint(85, 5, &[3, 7])];
        settle(&mut hints);
        let left: Vec<(u32, Vec<Cand>)> =
            hints.iter().map(|h| (h.rank.complexity, h.removed.clone())).collect();
        // 8.2 before 8.5; the second [3, 7] and the 8.5 [4] go.
        assert_eq!(left, [(9, vec![4]), (5, vec![3, 7])]);
    }

    #[test]
    fn rule_parents_are_the_lost_candidates_that_forced_ons() {
        let units = units();
        let layout = Layout::new(&units);
        let mut source = vec![0; 81];
        source[0] = 0b111;
        source[1] = 0b110;
        let mut work = source.clone();
        // The outer chain took digit 1 out of cell 0 (r1c1): r1c1 is left
        // with 2 and 3, so r1c1<>2 forces r1c1=3 on through its cell.
        work[0] = 0b110;
        let mut graph = Graph::new(layout.cands());
        let root = graph.add(layout.cand(0, 2), false, &[]);
        let on = graph.add(layout.cand(0, 3), true, &[root]);
        graph.set_cause(on, Via::Cell.code());
        let parents = rule_parents(&mut graph, &[on], None, &layout, &source, &work);
        assert_eq!(parents, [layout.cand(0, 1)]);
        // An assumption counts only as a cell or region chain's start.
        let start = graph.add(layout.cand(0, 2), true, &[]);
        assert!(rule_parents(&mut graph, &[start], None, &layout, &source, &work).is_empty());
        let cell = rule_parents(&mut graph, &[start], Some(Via::Cell), &layout, &source, &work);
        assert_eq!(cell, [layout.cand(0, 1)]);
    }
}
