//! [`AlignedExclusion`]: Aligned Pair Exclusion (6.2) and Aligned Triplet
//! Exclusion (7.5), the two exclusion rungs Sudoku Explainer sets among its
//! chains (the pair just before the first chains, the triplet just after
//! them): a combination of digits for a few cells is impossible when it
//! would leave a cell that sees them all without a candidate.

use super::links::open_masks;
use crate::human::candidates::{Candidates, Mask, bit, digits};
use crate::human::difficulty::Difficulty;
use crate::human::step::Step;
use crate::human::technique::Technique;
use crate::human::units::{Units, cell_name};

/// Aligned Pair Exclusion (SE 6.2) and Aligned Triplet Exclusion (SE 7.5),
/// as Sudoku Explainer searches them.
///
/// The base cells (two or three cells with two or more candidates) are
/// looked at with the *excluders* they all see: cells with two candidates
/// (three for the triplet). A combination of digits, one per base cell, is
/// ruled out when two base cells that see each other share a digit, or
/// when it holds every candidate of an excluder (the excluder would be
/// left empty). A base cell's digit that belongs to no combination left
/// goes. Two or more common excluders are needed; a triplet's third cell
/// is an excluder of one of the first two.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AlignedExclusion {
    degree: usize,
}

impl AlignedExclusion {
    /// Aligned Pair Exclusion (SE 6.2).
    pub const PAIR: AlignedExclusion = AlignedExclusion { degree: 2 };
    /// Aligned Triplet Exclusion (SE 7.5).
    pub const TRIPLET: AlignedExclusion = AlignedExclusion { degree: 3 };
}

impl Technique for AlignedExclusion {
    fn name(&self) -> &'static str {
        if self.degree == 2 { "Aligned Pair Exclusion" } else { "Aligned Triplet Exclusion" }
    }

    fn difficulty(&self) -> Difficulty {
        Difficulty::tenths(if self.degree == 2 { 62 } else { 75 })
    }

    fn find(&self, grid: &Candidates) -> Option<Step> {
        let units = grid.units();
        let masks = open_masks(grid);
        let degree = self.degree as u32;
        // Base cells and their excluders; none while a naked single waits.
        let mut bases: Vec<(usize, Vec<usize>)> = Vec::new();
        for cell in 0..masks.len() {
            if masks[cell].count_ones() < 2 {
                continue;
            }
            let peers = units.peers(cell);
            if peers.iter().any(|&p| masks[p].count_ones() == 1) {
                continue;
            }
            let excluders: Vec<usize> = peers
                .iter()
                .copied()
                .filter(|&p| (2..=degree).contains(&masks[p].count_ones()))
                .collect();
            if !excluders.is_empty() {
                bases.push((cell, excluders));
            }
        }
        let is_base = |c: usize| bases.iter().any(|(b, _)| *b == c);
        for i in 0..bases.len() {
            for j in i + 1..bases.len() {
                let (a, b) = (&bases[i], &bases[j]);
                if self.degree == 2 {
                    if let Some(step) = self.exclude(units, &masks, &[a, b]) {
                        return Some(step);
                    }
                    continue;
                }
                let mut twins: Vec<usize> = Vec::new();
                for &c in a.1.iter().chain(&b.1) {
                    if c != a.0 && c != b.0 && !twins.contains(&c) && is_base(c) {
                        twins.push(c);
                    }
                }
                for t in twins {
                    let third = bases.iter().find(|(c, _)| *c == t).expect("a base cell");
                    if let Some(step) = self.exclude(units, &masks, &[a, b, third]) {
                        return Some(step);
                    }
                }
            }
        }
        None
    }
}

impl AlignedExclusion {
    /// The step of base cells `set` (each with its excluders), if their
    /// common excluders rule a digit out.
    fn exclude(&self, units: &Units, masks: &[Mask], set: &[&(usize, Vec<usize>)]) -> Option<Step> {
        let common: Vec<usize> =
            set[0].1.iter().copied().filter(|e| set[1..].iter().all(|s| s.1.contains(e))).collect();
        if common.len() < 2 {
            return None;
        }
        let cells: Vec<usize> = set.iter().map(|s| s.0).collect();
        let options: Vec<Vec<u8>> = cells.iter().map(|&c| digits(masks[c]).collect()).collect();
        let mut allowed: Vec<Mask> = vec![0; cells.len()];
        let mut pick = vec![0usize; cells.len()];
        loop {
            let combo: Vec<u8> = pick.iter().zip(&options).map(|(&i, o)| o[i]).collect();
            let clash = (0..cells.len()).any(|x| {
                (x + 1..cells.len()).any(|y| combo[x] == combo[y] && units.sees(cells[x], cells[y]))
            });
            let held = combo.iter().fold(0, |m, &d| m | bit(d));
            if !clash && common.iter().all(|&e| masks[e] & !held != 0) {
                for (a, &d) in allowed.iter_mut().zip(&combo) {
                    *a |= bit(d);
                }
            }
            // Next combination, the first cell's digit turning fastest.
            let mut k = 0;
            while k < pick.len() {
                pick[k] += 1;
                if pick[k] < options[k].len() {
                    break;
                }
                pick[k] = 0;
                k += 1;
            }
            if k == pick.len() {
                break;
            }
        }
        let mut step = Step::new(self.name(), self.difficulty(), units.size())
            .with_cells(cells.iter().copied())
            .with_note(format!(
                "excluders {}",
                common.iter().map(|&e| cell_name(units.size(), e)).collect::<Vec<_>>().join(",")
            ));
        for (&c, &a) in cells.iter().zip(&allowed) {
            for d in digits(masks[c] & !a) {
                step = step.eliminate(c, d);
            }
        }
        step.is_productive().then_some(step)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::human::chains::testing::check_first;

    /// Positions met solving real puzzles, where this rung is the first of
    /// the ladder to apply: one per kind of step.
    #[test]
    fn in_real_puzzles() {
        // Aligned Triplet Exclusion
        check_first(
            &AlignedExclusion::TRIPLET,
            "\
            .2...........567..1....67.9...4.........5...9.......8.1...567.......67.9..3......\
            ....5..8....456.8...3............7..1...5...91...5.....2..........4.6.89...456...\
            1...5.78....45.78.1.....789.....6.....3.......2.......1...5.7.....4..789...45.7..\
            ........9.2............67..1...........456.....3.5........567....34..7.........8.\
            ..3...78.1.............678.........9...456.8...3.56.......567...2..........456...\
            ..3.5..8.....56......4......2............6.8.......7..........9..3..6...1........\
            ...4.............91.....7.........8.12...6...1....6.....3..........5.....2...67..\
            .....6.....3.......2...........5..........7.....4............8.1................9\
            1.....78.......78.....5......3......12...6...........9...4..........67...2...67..",
            "Aligned Triplet Exclusion: r4c8,r5c5,r5c6: r5c5<>5 (excluders r4c5,r4c6,r5c7,r5c9)",
        );
    }
}
