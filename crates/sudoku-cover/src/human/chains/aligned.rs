//! [`AlignedExclusion`]: Aligned Pair Exclusion (6.2) and Aligned Triplet
//! Exclusion (7.5), the two exclusion rungs Sudoku Explainer sets among its
//! chains (the pair just before the first chains, the triplet just after
//! them): a combination of digits for a few cells is impossible when it
//! would leave a cell that sees them all without a candidate.

use super::links::open_masks;
use crate::human::candidates::{Candidates, Mask, bit, digits, members};
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
        if grid.size() > super::MAX_SIDE {
            return None;
        }
        let units = grid.units();
        let masks = open_masks(grid);
        let degree = self.degree as u32;
        let words = masks.len().div_ceil(64);
        let set = |bits: &mut [u64], c: usize| bits[c / 64] |= 1 << (c % 64);
        // Base cells and their excluders (as bit sets of cells); none while
        // a naked single waits.
        let mut bases: Vec<(usize, Vec<u64>)> = Vec::new();
        let mut is_base = vec![0u64; words];
        for cell in 0..masks.len() {
            if masks[cell].count_ones() < 2 {
                continue;
            }
            let peers = units.peers(cell);
            if peers.iter().any(|&p| masks[p].count_ones() == 1) {
                continue;
            }
            let mut excluders = vec![0u64; words];
            for &p in peers {
                if (2..=degree).contains(&masks[p].count_ones()) {
                    set(&mut excluders, p);
                }
            }
            if excluders.iter().any(|&w| w != 0) {
                set(&mut is_base, cell);
                bases.push((cell, excluders));
            }
        }
        let mut index_of = vec![usize::MAX; masks.len()];
        for (i, &(cell, _)) in bases.iter().enumerate() {
            index_of[cell] = i;
        }
        let mut common = vec![0u64; words];
        let mut all = vec![0u64; words];
        let mut twins = vec![0u64; words];
        for i in 0..bases.len() {
            for j in i + 1..bases.len() {
                let (a, b) = (&bases[i], &bases[j]);
                for (w, (x, y)) in common.iter_mut().zip(a.1.iter().zip(&b.1)) {
                    *w = x & y;
                }
                if count(&common) < 2 {
                    continue;
                }
                if self.degree == 2 {
                    if let Some(step) = self.exclude(units, &masks, &[a.0, b.0], &common) {
                        return Some(step);
                    }
                    continue;
                }
                // The third cell: a base cell that excludes for one of them.
                for (w, ((x, y), z)) in twins.iter_mut().zip(a.1.iter().zip(&b.1).zip(&is_base)) {
                    *w = (x | y) & z;
                }
                for t in members(&twins).filter(|&t| t != a.0 && t != b.0) {
                    let third = &bases[index_of[t]];
                    for (w, (x, y)) in all.iter_mut().zip(common.iter().zip(&third.1)) {
                        *w = x & y;
                    }
                    if count(&all) < 2 {
                        continue;
                    }
                    if let Some(step) = self.exclude(units, &masks, &[a.0, b.0, t], &all) {
                        return Some(step);
                    }
                }
            }
        }
        None
    }
}

/// The number of cells of a bit set.
fn count(bits: &[u64]) -> u32 {
    bits.iter().map(|w| w.count_ones()).sum()
}

impl AlignedExclusion {
    /// The step of base cells `cells` with common excluders `common` (a
    /// bit set of cells), if they rule a digit out.
    fn exclude(
        &self,
        units: &Units,
        masks: &[Mask],
        cells: &[usize],
        common: &[u64],
    ) -> Option<Step> {
        // Only an excluder whose candidates the base cells hold between
        // them can be left empty.
        let union = cells.iter().fold(0, |m, &c| m | masks[c]);
        let emptied: Vec<Mask> =
            members(common).map(|e| masks[e]).filter(|&m| m & !union == 0).collect();
        let k = cells.len();
        if emptied.is_empty() && k == 2 {
            // Two cells of two or more candidates each: a clash alone never
            // rules out all of one's combinations.
            return None;
        }
        // Each cell's digits, in order (at most 64 a cell).
        let mut options = [[0u8; 64]; 3];
        let mut lens = [0usize; 3];
        for (x, &c) in cells.iter().enumerate() {
            for d in digits(masks[c]) {
                options[x][lens[x]] = d;
                lens[x] += 1;
            }
        }
        let mut sees = [[false; 3]; 3];
        for (x, &a) in cells.iter().enumerate() {
            for (y, &b) in cells.iter().enumerate() {
                sees[x][y] = a != b && units.sees(a, b);
            }
        }
        let valid = |combo: &[u8]| {
            let clash = (0..k).any(|x| (x + 1..k).any(|y| combo[x] == combo[y] && sees[x][y]));
            let held = combo.iter().fold(0, |m, &d| m | bit(d));
            !clash && emptied.iter().all(|&m| m & !held != 0)
        };
        // A digit of a cell stays when some valid combination holds it:
        // sought for each digit no combination found so far holds, with the
        // other cells' digits turning (the first fastest), so that a digit
        // that stays is mostly settled by the first few tried.
        let mut allowed: Vec<Mask> = vec![0; k];
        let mut pick = [0usize; 3];
        let mut combo = [0u8; 3];
        for x in 0..k {
            for &d in &options[x][..lens[x]] {
                if allowed[x] & bit(d) != 0 {
                    continue;
                }
                pick[..k].fill(0);
                loop {
                    for (y, slot) in combo[..k].iter_mut().enumerate() {
                        *slot = if y == x { d } else { options[y][pick[y]] };
                    }
                    if valid(&combo[..k]) {
                        for (a, &e) in allowed.iter_mut().zip(&combo) {
                            *a |= bit(e);
                        }
                        break;
                    }
                    // The next combination, cell `x` held at `d`.
                    let mut y = 0;
                    while y < k {
                        if y != x {
                            pick[y] += 1;
                            if pick[y] < lens[y] {
                                break;
                            }
                            pick[y] = 0;
                        }
                        y += 1;
                    }
                    if y == k {
                        break;
                    }
                }
            }
        }
        if cells.iter().zip(&allowed).all(|(&c, &a)| masks[c] & !a == 0) {
            // Nothing ruled out: no step, and no note to write.
            return None;
        }
        let mut step = Step::new(self.name(), self.difficulty(), units.size())
            .with_cells(cells.iter().copied())
            .with_note(format!(
                "excluders {}",
                members(common).map(|e| cell_name(units.size(), e)).collect::<Vec<_>>().join(",")
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
    use proptest::prelude::*;

    use super::*;
    use crate::human::chains::testing::check_first;
    use crate::human::testing::units;

    /// The digits of each base cell that no valid combination holds, by
    /// trying every combination.
    fn excluded_by_brute_force(
        units: &Units,
        masks: &[Mask],
        cells: &[usize],
        excluders: &[usize],
    ) -> Vec<(usize, u8)> {
        let mut allowed = vec![0 as Mask; cells.len()];
        let options: Vec<Vec<u8>> = cells.iter().map(|&c| digits(masks[c]).collect()).collect();
        let total: usize = options.iter().map(Vec::len).product();
        for mut n in 0..total {
            let combo: Vec<u8> = options
                .iter()
                .map(|o| {
                    let d = o[n % o.len()];
                    n /= o.len();
                    d
                })
                .collect();
            let clash = (0..cells.len()).any(|x| {
                (x + 1..cells.len()).any(|y| combo[x] == combo[y] && units.sees(cells[x], cells[y]))
            });
            let held = combo.iter().fold(0, |m, &d| m | bit(d));
            if !clash && excluders.iter().all(|&e| masks[e] & !held != 0) {
                for (a, &d) in allowed.iter_mut().zip(&combo) {
                    *a |= bit(d);
                }
            }
        }
        let mut out = Vec::new();
        for (&c, &a) in cells.iter().zip(&allowed) {
            out.extend(digits(masks[c] & !a).map(|d| (c, d)));
        }
        out
    }

    proptest! {
        /// On random candidates of three cells and their excluders, the
        /// digits ruled out are those no combination of every digit holds.
        #[test]
        fn exclusions_match_every_combination(
            // Base cells of two or three candidates, excluders of two (the
            // digits few, so that excluders often empty).
            base in proptest::collection::vec(
                (1u64..6, 1u64..6, 1u64..6)
                    .prop_map(|(a, b, c)| 1 << a | 1 << b | 1 << c)
                    .prop_filter("two candidates or more", |m: &u64| m.count_ones() >= 2),
                3,
            ),
            excluded in proptest::collection::vec(
                ((1u64..6, 1u64..6).prop_filter("two digits", |(a, b)| a != b), 0usize..81),
                0..5,
            ),
            pair in any::<bool>(),
        ) {
            let units = units();
            // r1c1, r1c2 and r2c4: the first two see each other.
            let cells: &[usize] = if pair { &[0, 1] } else { &[0, 1, 12] };
            let mut masks = vec![0 as Mask; 81];
            for (&c, &m) in cells.iter().zip(&base) {
                masks[c] = m;
            }
            let mut excluders = Vec::new();
            for &((a, b), cell) in &excluded {
                if !cells.contains(&cell) && !excluders.contains(&cell) {
                    masks[cell] = 1 << a | 1 << b;
                    excluders.push(cell);
                }
            }
            excluders.sort_unstable();
            let mut common = vec![0u64; 2];
            for &e in &excluders {
                common[e / 64] |= 1 << (e % 64);
            }
            let expected = excluded_by_brute_force(&units, &masks, cells, &excluders);
            let step = AlignedExclusion::TRIPLET.exclude(&units, &masks, cells, &common);
            let found = step.map(|s| s.eliminations).unwrap_or_default();
            prop_assert_eq!(found, expected);
        }
    }

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
