//! [`AlsWing`]: WXYZ-Wing (5.5 and up) and VWXYZ-Wing (6.2 and up), the
//! two-link chains SukakuExplainer builds from an almost locked set and a
//! bivalue cell, and rates by the largest cell of the set.

use super::links::open_masks;
use crate::human::candidates::{Bits, Candidates, Mask, bit, digits, members};
use crate::human::difficulty::Difficulty;
use crate::human::step::{Digit, Step};
use crate::human::technique::Technique;
use crate::human::units::{Units, cell_name};

/// WXYZ-Wing and VWXYZ-Wing, as SukakuExplainer finds and rates them: an
/// *almost locked set* of `k` cells that all see each other holding `k + 1`
/// digits (k = 3, 4), and a bivalue cell {x, z} outside it whose digits
/// are both in the set. When every cell of the set holding x sees the
/// bivalue cell, x is true in one of them or in the bivalue cell, so
/// either the bivalue cell is z or the set is locked and holds z: z leaves
/// every cell that sees the bivalue cell and the set's z cells. When z is
/// linked that way too (doubly linked), both digits leave the cells that
/// see all their places, and each other digit of the set leaves the cells
/// that see all its places in the set.
///
/// The rating depends on the largest cell of the set: 5.5, 5.6 when it
/// holds three digits (WXYZ); 6.2 to 6.4, highest for three digits
/// (VWXYZ). The easiest wing is returned, then the one removing most.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AlsWing {
    k: usize,
}

impl AlsWing {
    /// WXYZ-Wing: a set of three cells.
    pub const WXYZ: AlsWing = AlsWing { k: 3 };
    /// VWXYZ-Wing: a set of four cells.
    pub const VWXYZ: AlsWing = AlsWing { k: 4 };

    /// Sukaku's rating: middle sizes of the largest cell rate higher.
    fn tenths(self, largest: u32) -> u16 {
        let (base, reach) = if self.k == 3 { (55, 1) } else { (62, 2) };
        let off = (3i32 - largest as i32).abs();
        (base + (reach - off).max(0)) as u16
    }
}

/// The best wing so far.
#[derive(Debug)]
struct Wing {
    tenths: u16,
    set: Vec<usize>,
    pivot: usize,
    removed: Vec<(usize, u8)>,
    /// The bivalue cell's digit linked to the set, the other, and whether
    /// that one is linked too.
    x: u8,
    z: u8,
    double: bool,
}

impl Wing {
    /// Whether it comes before `other`: easier, then removing more.
    fn beats(&self, other: Option<&Wing>) -> bool {
        other.is_none_or(|b| {
            (self.tenths, std::cmp::Reverse(self.removed.len()))
                < (b.tenths, std::cmp::Reverse(b.removed.len()))
        })
    }

    /// What the step's note says.
    fn note(&self, n: usize, union: Mask) -> String {
        let names: Vec<String> = self.set.iter().map(|&c| cell_name(n, c)).collect();
        let (x, z) = (Digit(self.x), Digit(self.z));
        format!(
            "{} hold {} digits; {} is {x} or {z}, {x} linked{}",
            names.join(","),
            Bits(union).count(),
            cell_name(n, self.pivot),
            if self.double { format!(", {z} linked") } else { String::new() }
        )
    }
}

impl Technique for AlsWing {
    fn name(&self) -> &'static str {
        if self.k == 3 { "WXYZ-Wing" } else { "VWXYZ-Wing" }
    }

    fn difficulty(&self) -> Difficulty {
        Difficulty::tenths(self.tenths(self.k as u32 + 1).min(self.tenths(2)))
    }

    fn find(&self, grid: &Candidates) -> Option<Step> {
        if grid.size() > super::MAX_SIDE {
            return None;
        }
        let units = grid.units();
        let masks = open_masks(grid);
        let k = self.k;
        let words = masks.len().div_ceil(64);
        // One row of cells a level: the first holds every cell of 2 to k + 1
        // digits.
        let mut open = vec![0u64; words * (k + 1)];
        for c in (0..masks.len()).filter(|&c| (2..=k as u32 + 1).contains(&masks[c].count_ones())) {
            open[c / 64] |= 1 << (c % 64);
        }
        let bivalue: Vec<usize> =
            (0..masks.len()).filter(|&c| masks[c].count_ones() == 2).collect();
        let mut best: Option<Wing> = None;
        let mut set = Vec::with_capacity(k);
        let mut seen = vec![0u64; words];
        self.sets(units, &masks, &mut open, words, 0, &mut set, &mut |set, union| {
            for &y in &bivalue {
                if set.contains(&y) || masks[y] & !union != 0 {
                    continue;
                }
                if let Some(wing) = self.wing(units, &masks, set, union, y, &mut seen)
                    && wing.beats(best.as_ref())
                {
                    best = Some(wing);
                }
            }
        });
        let wing = best?;
        let union = wing.set.iter().fold(0, |m, &c| m | masks[c]);
        let mut step = Step::new(self.name(), Difficulty::tenths(wing.tenths), units.size())
            .with_cells(wing.set.iter().copied().chain([wing.pivot]))
            .with_digits(union)
            .with_note(wing.note(units.size(), union));
        for (c, d) in wing.removed {
            step = step.eliminate(c, d);
        }
        Some(step)
    }
}

impl AlsWing {
    /// Calls `found` on every set of `k` cells of `open` that see each
    /// other and hold `k + 1` digits together, in order: `open` holds the
    /// cells (bit `c % 64` of word `c / 64` for cell `c`) after the last
    /// of `set` that see all of `set`, a row of `words` words; the rows
    /// past it are the deeper levels' room.
    #[allow(clippy::too_many_arguments)]
    fn sets(
        &self,
        units: &Units,
        masks: &[Mask],
        open: &mut [u64],
        words: usize,
        union: Mask,
        set: &mut Vec<usize>,
        found: &mut dyn FnMut(&[usize], Mask),
    ) {
        let k = self.k;
        if set.len() == k {
            if union.count_ones() as usize == k + 1 {
                found(set, union);
            }
            return;
        }
        let (here, deeper) = open.split_at_mut(words);
        for w in 0..words {
            for c in Bits(here[w]).map(|b| w * 64 + b) {
                let u = union | masks[c];
                if u.count_ones() as usize > k + 1 {
                    continue;
                }
                // The cells after c that see c and all of the set.
                for (v, (next, &peers)) in deeper.iter_mut().zip(units.peer_bits(c)).enumerate() {
                    let after = match v.cmp(&w) {
                        std::cmp::Ordering::Less => 0,
                        std::cmp::Ordering::Equal => !(2u64 << (c % 64)).wrapping_sub(1),
                        std::cmp::Ordering::Greater => u64::MAX,
                    };
                    *next = here[v] & peers & after;
                }
                set.push(c);
                self.sets(units, masks, deeper, words, u, set, found);
                set.pop();
            }
        }
    }

    /// The wing of set `set` and bivalue cell `y`, if it removes anything
    /// (`seen`: room for a bit set of cells).
    fn wing(
        &self,
        units: &Units,
        masks: &[Mask],
        set: &[usize],
        union: Mask,
        y: usize,
        seen: &mut [u64],
    ) -> Option<Wing> {
        let holders = |d: u8| set.iter().copied().filter(move |&c| masks[c] & bit(d) != 0);
        let linked = |d: u8| holders(d).all(|c| units.sees(c, y));
        let (low, high) =
            (masks[y].trailing_zeros() as u8 + 1, 64 - masks[y].leading_zeros() as u8);
        let mut best: Option<Wing> = None;
        for (x, z) in [(low, high), (high, low)] {
            if !linked(x) {
                continue;
            }
            let double = linked(z);
            // The cells outside the set and y that hold `d` and see all its
            // places (y's too if `with_y`), in order: cells do not see
            // themselves, so seeing a place leaves that place out.
            let mut seeing_all = |d: u8, with_y: bool, removed: &mut Vec<(usize, u8)>| {
                seen.fill(u64::MAX);
                for p in holders(d).chain(with_y.then_some(y)) {
                    seen.iter_mut().zip(units.peer_bits(p)).for_each(|(s, &q)| *s &= q);
                }
                for c in members(&*seen) {
                    if masks.get(c).is_some_and(|m| m & bit(d) != 0) && c != y && !set.contains(&c)
                    {
                        removed.push((c, d));
                    }
                }
            };
            let mut removed = Vec::new();
            seeing_all(z, true, &mut removed);
            if double {
                seeing_all(x, true, &mut removed);
                for w in digits(union & !masks[y]) {
                    seeing_all(w, false, &mut removed);
                }
                removed.sort_unstable();
                removed.dedup();
            }
            if removed.is_empty() || best.as_ref().is_some_and(|b| removed.len() <= b.removed.len())
            {
                continue;
            }
            let largest = set.iter().map(|&c| masks[c].count_ones()).max().unwrap_or(0);
            let tenths = self.tenths(largest);
            best = Some(Wing { tenths, set: set.to_vec(), pivot: y, removed, x, z, double });
        }
        best
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
        // WXYZ-Wing
        check_first(
            &AlsWing::WXYZ,
            "\
            1..4..7.........8....4..7....345...91...5...91.3...........6..9.2..........456...\
            .....6...........9..3.........45..8..2..5..8..2.4...8.1...........45..........7..\
            12.4.........5.....2.4...........7..1.......9.....6.....3.....9.......8...34.....\
            ....5.78..2...67..1............56.8...3.......2....78....4.........567..........9\
            ..345.78..2.4.67.....4567..1.........2..5678.........9..3....8.....567....3.5..8.\
            ..3.5.78......67..........9....56.8....4...........78..2.......1...567..1.3.5..8.\
            ...4..7....3.........4.67...2.......1....678.....5.........678.........91..4.....\
            ........9...4.67.........8...3..6...1....67..1.3..........5....1..4......2.......\
            .2..5....1.........2..5.......4.6.89.....6789...4..78......678...3...........6.8.",
            "WXYZ-Wing: r3c5,r3c7,r3c9,r7c9 {1,3,4,9}: r7c5<>1 (r3c5,r3c7,r3c9 hold 4 digits; r7c9 is 4 or 1, 4 linked)",
        );
        // VWXYZ-Wing
        check_first(
            &AlsWing::VWXYZ,
            "\
            ....5678.1...5......3.......2..5.78..2..56789.2..56..91..4.67.9...45.7...2.45...9\
            ....5678.........9....5.78.1.........2..5678....4..........67....3.......2..5....\
            .2..........4.....1...5.7....3.5.7....3.567.9..3.56..91....67.9....5.7.........8.\
            1.............6..........89..3.5......3.5..........7...2..........4...8....4....9\
            ....5...9......7...2..........4.....1...............8.....5...9.....6.....3......\
            ..3.5..8...3.5.......4.............9.2...6....2...6.......5..8.1..............7..\
            ...4......23.5.........6....23.5.78..23.5.78..23.5..........78.........91........\
            ..3.5.7.9.......8.....5.7.9.....6.....345.7.91...........4..7...2..........45....\
            ....5.7.912..5....1...5.7.9.2..5.78..2.45.789.2..5...9..3.........45.78......6...",
            "VWXYZ-Wing: r5c7,r6c7,r7c7,r8c7,r4c9 {4,5,7,8,9}: r8c9<>4 (r5c7,r6c7,r7c7,r8c7 hold 5 digits; r4c9 is 9 or 4, 9 linked)",
        );
    }
}
