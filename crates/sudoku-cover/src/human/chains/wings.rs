//! [`AlsWing`]: WXYZ-Wing (5.5 and up) and VWXYZ-Wing (6.2 and up), the
//! two-link chains SukakuExplainer builds from an almost locked set and a
//! bivalue cell, and rates by the largest cell of the set.

use super::links::open_masks;
use crate::human::candidates::{Bits, Candidates, Mask, bit, digits};
use crate::human::difficulty::Difficulty;
use crate::human::step::Step;
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
    note: String,
}

impl Technique for AlsWing {
    fn name(&self) -> &'static str {
        if self.k == 3 { "WXYZ-Wing" } else { "VWXYZ-Wing" }
    }

    fn difficulty(&self) -> Difficulty {
        Difficulty::tenths(self.tenths(self.k as u32 + 1).min(self.tenths(2)))
    }

    fn find(&self, grid: &Candidates) -> Option<Step> {
        let units = grid.units();
        let masks = open_masks(grid);
        let k = self.k;
        let cells: Vec<usize> = (0..masks.len())
            .filter(|&c| (2..=k as u32 + 1).contains(&masks[c].count_ones()))
            .collect();
        let bivalue: Vec<usize> =
            (0..masks.len()).filter(|&c| masks[c].count_ones() == 2).collect();
        let mut best: Option<Wing> = None;
        let mut set = Vec::with_capacity(k);
        self.sets(units, &masks, &cells, 0, 0, &mut set, &mut |set, union| {
            for &y in &bivalue {
                if set.contains(&y) || masks[y] & !union != 0 {
                    continue;
                }
                if let Some(wing) = self.wing(units, &masks, set, union, y)
                    && best.as_ref().is_none_or(|b| {
                        (wing.tenths, std::cmp::Reverse(wing.removed.len()))
                            < (b.tenths, std::cmp::Reverse(b.removed.len()))
                    })
                {
                    best = Some(wing);
                }
            }
        });
        let wing = best?;
        let mut step = Step::new(self.name(), Difficulty::tenths(wing.tenths), units.size())
            .with_cells(wing.set.iter().copied().chain([wing.pivot]))
            .with_digits(wing.set.iter().fold(0, |m, &c| m | masks[c]))
            .with_note(wing.note);
        for (c, d) in wing.removed {
            step = step.eliminate(c, d);
        }
        Some(step)
    }
}

impl AlsWing {
    /// Calls `found` on every set of `k` cells of `cells` (from index
    /// `from`) that see each other and hold `k + 1` digits together.
    #[allow(clippy::too_many_arguments)]
    fn sets(
        &self,
        units: &Units,
        masks: &[Mask],
        cells: &[usize],
        from: usize,
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
        for i in from..cells.len() {
            let c = cells[i];
            let u = union | masks[c];
            if u.count_ones() as usize > k + 1 || !set.iter().all(|&s| units.sees(s, c)) {
                continue;
            }
            set.push(c);
            self.sets(units, masks, cells, i + 1, u, set, found);
            set.pop();
        }
    }

    /// The wing of set `set` and bivalue cell `y`, if it removes anything.
    fn wing(
        &self,
        units: &Units,
        masks: &[Mask],
        set: &[usize],
        union: Mask,
        y: usize,
    ) -> Option<Wing> {
        let holders = |d: u8| set.iter().copied().filter(move |&c| masks[c] & bit(d) != 0);
        let linked = |d: u8| holders(d).all(|c| units.sees(c, y));
        let pair: Vec<u8> = digits(masks[y]).collect();
        let mut best: Option<Wing> = None;
        for (x, z) in [(pair[0], pair[1]), (pair[1], pair[0])] {
            if !linked(x) {
                continue;
            }
            let double = linked(z);
            let outside = |c: usize| c != y && !set.contains(&c);
            let seeing_all = |d: u8, with_y: bool| -> Vec<(usize, u8)> {
                let places: Vec<usize> = holders(d).chain(with_y.then_some(y)).collect();
                (0..masks.len())
                    .filter(|&c| outside(c) && masks[c] & bit(d) != 0)
                    .filter(|&c| places.iter().all(|&p| units.sees(p, c)))
                    .map(|c| (c, d))
                    .collect()
            };
            let mut removed = seeing_all(z, true);
            if double {
                removed.extend(seeing_all(x, true));
                for w in digits(union & !masks[y]) {
                    removed.extend(seeing_all(w, false));
                }
                removed.sort_unstable();
                removed.dedup();
            }
            if removed.is_empty() {
                continue;
            }
            let largest = set.iter().map(|&c| masks[c].count_ones()).max().unwrap_or(0);
            let n = units.size();
            let names: Vec<String> = set.iter().map(|&c| cell_name(n, c)).collect();
            let note = format!(
                "{} hold {} digits; {} is {x} or {z}, {x} linked{}",
                names.join(","),
                Bits(union).count(),
                cell_name(n, y),
                if double { format!(", {z} linked") } else { String::new() }
            );
            let wing =
                Wing { tenths: self.tenths(largest), set: set.to_vec(), pivot: y, removed, note };
            if best.as_ref().is_none_or(|b| wing.removed.len() > b.removed.len()) {
                best = Some(wing);
            }
        }
        best
    }
}
