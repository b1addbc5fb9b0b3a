//! Failed-value probing (singleton arc consistency on small domains): at
//! each node, each digit of each open cell of few digits is tried with the
//! search's own propagation, and a digit whose assignment fails leaves
//! (until the search backs up past the node). A cell with two digits one
//! of which fails takes the other, and one whose digits all fail ends the
//! node. At the root (the givens) the passes go on until one removes
//! nothing, and what they remove holds for every restart. A failed probe
//! weighs on the house that failed, as any dead end does (dom/wdeg).

use super::search::{Search, is_single};
use crate::human::Bits;

impl Search<'_> {
    /// Probing at the current node, if it is on: `false` at a dead end.
    pub(super) fn probe(&mut self) -> bool {
        self.probe_dom == 0
            || self.depth() > self.probe_depth
            || self.probe_pass(self.probe_dom).is_some()
    }

    /// Probing at the root, pass after pass until one removes nothing:
    /// `false` if the root has no solution.
    pub(super) fn probe_root(&mut self) -> bool {
        if self.probe_dom == 0 {
            return true;
        }
        loop {
            match self.probe_pass(self.probe_dom) {
                None => return false,
                Some(0) => return true,
                Some(_) => {}
            }
        }
    }

    /// One pass over the open cells of at most `max_dom` digits, each
    /// digit tried in turn, those that fail removed at once: the number
    /// removed, or `None` if that leaves the node without a solution.
    fn probe_pass(&mut self, max_dom: u32) -> Option<u32> {
        let mut removed = 0;
        for cell in 0..self.cells() {
            let dom = self.domain(cell);
            if is_single(dom) || dom.count_ones() > max_dom {
                continue;
            }
            for d in Bits(dom) {
                let dom = self.domain(cell);
                if is_single(dom) {
                    break;
                }
                if dom & (1 << d) == 0 || self.holds(cell, 1 << d) {
                    continue;
                }
                removed += 1;
                if !self.narrow_now(cell, dom & !(1 << d)) {
                    return None;
                }
            }
        }
        Some(removed)
    }
}

#[cfg(test)]
mod tests {
    use super::super::search::tests::{all_with, puzzle, rules, valid};
    use super::*;
    use crate::grid::Grid;
    use crate::{Rules, Shape, Sudoku};
    use proptest::prelude::*;

    /// Each cell's digits, as the search holds them.
    fn domains(search: &Search) -> Vec<u64> {
        (0..search.cells()).map(|c| search.domain(c)).collect()
    }

    /// Whether every cell of `solution` keeps its digit in `doms`.
    fn survives(doms: &[u64], solution: &Grid) -> bool {
        doms.iter().zip(solution.cells()).all(|(&d, &v)| d & 1 << (v - 1) != 0)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]
        #[test]
        fn probing_keeps_every_solution(
            kind in 0u8..6,
            seed in 0u64..1000,
            blank in proptest::collection::vec(proptest::bool::weighted(0.7), 1..40),
            dom in 2u32..65,
            depth in 0usize..10,
        ) {
            // Kind 5: classic 9x9, where probing below the root removes
            // digits more often.
            let rules = match kind {
                5 => Rules::new(Shape::for_size(9).unwrap()),
                _ => rules(kind),
            };
            let sudoku = Sudoku::new(rules).unwrap();
            let Some(grid) = puzzle(&sudoku, seed, &blank) else {
                return Ok(());
            };
            let solutions: Vec<Grid> = sudoku.solver().solutions(&grid).unwrap().take(301).collect();
            if solutions.len() > 300 {
                return Ok(());
            }
            // Probing at the root to its fixed point removes no digit of
            // any solution; it fails only without one.
            let mut search = Search::new(sudoku.houses().unwrap(), seed);
            search.set_probing(dom, usize::MAX);
            let alive = search.start(&grid);
            prop_assert_eq!(alive, !solutions.is_empty());
            if alive {
                let doms = domains(&search);
                prop_assert!(solutions.iter().all(|s| survives(&doms, s)));
                prop_assert_eq!(search.probe_pass(dom), Some(0));
            }
            // Searching with probing at shallow nodes finds them all.
            let found = all_with(&sudoku, &grid, seed, 5, (dom, depth));
            prop_assert_eq!(found.len(), solutions.len());
            for solution in &found {
                prop_assert!(valid(&sudoku, &grid, solution));
            }
        }
    }

    #[test]
    fn probing_removes_what_propagation_alone_keeps() {
        // All-different on every house and the locked digits keep one
        // digit that is in none of this puzzle's 70 solutions: assigning
        // it fails under that propagation, so probing removes it.
        let sudoku = Sudoku::new(Rules::new(Shape::for_size(9).unwrap())).unwrap();
        let grid: Grid =
            "...72.8....58..........32.44....5..7517.......6........21.8..56358.7.4916....17.."
                .parse()
                .unwrap();
        let solutions: Vec<Grid> = sudoku.solver().solutions(&grid).unwrap().collect();
        assert_eq!(solutions.len(), 70);
        let mut search = Search::new(sudoku.houses().unwrap(), 1);
        assert!(search.start(&grid));
        let before = domains(&search);
        search.set_probing(9, usize::MAX);
        assert!(search.start(&grid));
        let after = domains(&search);
        assert!(before.iter().zip(&after).all(|(b, a)| a & !b == 0));
        let removed: u32 = before.iter().zip(&after).map(|(b, a)| (b & !a).count_ones()).sum();
        assert_eq!(removed, 1, "{before:?} {after:?}");
        // So no solution uses the digit removed.
        assert!(solutions.iter().all(|s| survives(&after, s)));
    }
}
