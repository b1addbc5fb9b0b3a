//! [`Sliced`]: the state bit-sliced by item, for problems small enough for
//! a table of one slot per option (a 9x9 sudoku, n queens).
//!
//! Primary item `i`'s options are numbered by *slot*, `0..degree(i)`, in
//! option order. A state slot holds, for each group of 64 primary items,
//! one word per option slot (*plane*) — bit `i % 64` of plane `j` says
//! whether item `i`'s `j`-th option is alive — and one more word marking
//! the items not yet covered. An option lives in several planes, once per
//! primary item it has.
//!
//! Choosing option `o` clears `table[o]` from the slot: the bits of every
//! option that shares an item with `o` (so `o`'s own items lose all their
//! options) and the uncovered bits of `o`'s items. That is a fixed run of
//! `and-not`s (vector instructions) with no branch on the data, however
//! many options die. A *scan* adds the planes of each group up, bit-sliced
//! (`twos |= ones & x; ones |= x`), and so finds at once the uncovered
//! items with no option left (a dead end) and those with one (forced
//! moves); only where the search branches does it add the planes up into
//! counts, bit-sliced too, to find the fewest, and (for the tie-break)
//! spread them into one small integer per item with BMI2's `pdep`.
//! Without dominance a scan follows every choice, and the search is
//! Algorithm X node for node: the same tree as [`Counted`](super::Counted),
//! in the same order, under every [`Heuristic`] (property-tested). Under
//! dominance the items a scan finds with one option are taken one after
//! another with no scan between them (each checked first: a move since may
//! have covered it, or killed its last option — a dead end), two at a time
//! with one clear where neither touches the other's item (`Slots::listed`),
//! and the next scan comes when none is left: forced moves in bulk, with
//! the same branches and solutions. Dominance itself checks the same items
//! in the same order as `Counted` does, sixteen at a time, so both forms
//! reach the same state where they branch.
//!
//! The loops over the planes are monomorphized for the plane counts that
//! occur most (`by_planes!`). The engine does not count updates: options
//! die in bulk, unseen one by one.
//!
//! The code, by job: this file holds the state and the [`Slots`] calls;
//! `planes.rs` the plane arithmetic (chunked clears and copies, sums of
//! planes, `by_planes!`); `scan.rs` the scans and the lists of forced
//! moves; `choice.rs` the item to branch on and its tie-break;
//! `dominance.rs` the dominance pass; `matrix.rs` the table of masks.

mod choice;
mod dominance;
mod matrix;
mod planes;
mod scan;

use dominance::{NO_PAIRS, PlanePairs};
pub(crate) use matrix::SliceMatrix;
use planes::{CHUNK, MAX_COUNT_BITS, and_not, by_planes, chunk, planes};
use scan::Scan;

use super::dominance::Pairs;
use super::{BitMatrix, Listed, NONE, Slots};
use crate::config::{Heuristic, Propagation};
use crate::engine::Node;
use crate::error::{Error, ErrorKind};
use crate::fast::Bmi2;
use crate::id::OptionId;

/// The most options a primary item may have here.
const MAX_DEGREE: usize = 64;

/// The state of every level, bit-sliced by item.
#[derive(Debug, Clone)]
pub(crate) struct Sliced<'p> {
    m: &'p BitMatrix,
    t: &'p SliceMatrix,
    heuristic: Heuristic,
    /// See [`Slots::root`].
    root: usize,
    /// The pair table, under dominance.
    pairs: Option<&'p Pairs>,
    /// Its form on the planes (empty without dominance).
    planes_pairs: &'p PlanePairs,
    /// Level `l`'s slot: `state[l * words..(l + 1) * words]`.
    state: Vec<u64>,
    /// Under dominance, the root slot at its last dominance pass, sixteen
    /// items at a time (as `Counted` keeps counts).
    seen: Vec<u64>,
    /// The scan made by the last `apply`, and its slot: the next node's.
    scan: Option<(usize, Scan)>,
    /// Whether forced moves are made in bulk (under dominance, with the
    /// fewest-options rules): see the module docs.
    bulk: bool,
    /// In bulk, the slot whose last scan `forced` holds, or `usize::MAX`.
    forced_slot: usize,
    /// In bulk, per group of 64 primary items, the items the last scan of
    /// `forced_slot` found with one option and not yet taken.
    forced: Vec<u64>,
    /// In bulk, the first group whose list `forced` may not be empty.
    forced_group: usize,
    /// The option of the last item `next_forced` returned, if it has one:
    /// the next `first_option`.
    taken: u32,
    /// Scratch: the counts of a slot, bit-sliced, per group of 64 items
    /// (`count_bits` words used).
    counts: Vec<[u64; MAX_COUNT_BITS]>,
    /// Scratch, for the tie-break: the same counts one per item, in lanes
    /// of [`lane_bits`](planes::lane_bits) bits (item `i`'s at bit `i * lane_bits`), so that
    /// each takes one look-up.
    lanes: Vec<u64>,
    /// BMI2, if the CPU has it (for [`spread`](planes::spread)).
    bmi2: Option<Bmi2>,
    /// Scratch: slot 0 while `choose_all` may fail.
    backup: Vec<u64>,
}

impl<'p> Sliced<'p> {
    /// The sliced engine for a problem, if its table is small enough.
    pub(crate) fn new(
        m: &'p BitMatrix,
        heuristic: Heuristic,
        propagation: Propagation,
    ) -> Option<Sliced<'p>> {
        let t = m.sliced()?;
        let pairs = if propagation == Propagation::Dominance { m.pairs() } else { None };
        let planes_pairs = pairs.map_or(&NO_PAIRS, |p| t.plane_pairs(m, p));
        Some(Sliced {
            m,
            t,
            heuristic,
            root: usize::from(pairs.is_some()),
            pairs,
            planes_pairs,
            state: t.initial.clone(),
            seen: vec![0; t.words],
            scan: None,
            bulk: pairs.is_some() && heuristic != Heuristic::First,
            forced_slot: usize::MAX,
            forced: vec![0; t.groups],
            forced_group: 0,
            taken: NONE,
            // One more group of zeros: the counts of the padding of short
            // options.
            counts: vec![[0; MAX_COUNT_BITS]; (m.stride / 64 + 1).max(t.groups)],
            lanes: vec![0; 8 * (m.stride / 64 + 1).max(t.groups)],
            bmi2: Bmi2::detect(),
            backup: Vec::new(),
        })
    }

    /// Checks that `option` exists and is alive in slot 0.
    fn check(&self, option: OptionId) -> Result<usize, Error> {
        let o = option.index();
        if o + 1 >= self.t.bits_start.len() {
            return Err(Error::new(ErrorKind::OutOfRange("option", o)));
        }
        if !self.alive(0, o) {
            return Err(Error::new(ErrorKind::Conflict { option: o }));
        }
        Ok(o)
    }
}

impl Slots for Sliced<'_> {
    const AVX2: bool = true;
    const RANDOMIZES: bool = false;

    fn root(&self) -> usize {
        self.root
    }

    fn enter_root(&mut self) {
        // A scan kept from a search left after a move (paused, then reset
        // or moved elsewhere) is not of this root's state.
        self.scan = None;
        if self.root == 1 {
            self.push_level(1);
            // Everything counts as changed for the first pass.
            self.seen.fill(0);
        }
    }

    fn reset(&mut self) {
        self.state[..self.t.words].copy_from_slice(&self.t.initial);
        self.scan = None;
        self.forced_slot = usize::MAX;
    }

    fn choose(&mut self, option: OptionId) -> Result<(), Error> {
        let o = self.check(option)?;
        self.clear(0, o);
        self.scan = None;
        self.forced_slot = usize::MAX;
        Ok(())
    }

    #[inline(always)]
    fn choose_all(&mut self, options: &[OptionId]) -> Result<(), Error> {
        let words = self.t.words;
        self.backup.clear();
        self.backup.extend_from_slice(&self.state[..words]);
        self.scan = None;
        self.forced_slot = usize::MAX;
        for &option in options {
            match self.check(option) {
                // The search scans slot 0 once, when it starts.
                Ok(o) => self.clear(0, o),
                Err(e) => {
                    self.state[..words].copy_from_slice(&self.backup);
                    return Err(e);
                }
            }
        }
        Ok(())
    }

    #[inline(always)]
    fn choose_item(&mut self, level: usize) -> Node {
        self.taken = NONE;
        if self.bulk {
            if let Some(pick) = self.next_forced(level) {
                return pick;
            }
        }
        let scan = match self.scan.take() {
            Some((l, scan)) if l == level => scan,
            _ => self.sweep(level, None),
        };
        if !scan.open {
            return Node::Solution;
        }
        if self.heuristic == Heuristic::First {
            let t = self.t;
            let slot = &self.state[level * t.words..level * t.words + t.groups * t.planes];
            let uncovered = slot.chunks_exact(t.planes).map(|c| c[t.planes - 1]);
            let Some((g, u)) = uncovered.enumerate().find(|&(_, u)| u != 0) else {
                return Node::Solution;
            };
            let i = g * 64 + u.trailing_zeros() as usize;
            return Node::on(i as u32, self.degree(level, i));
        }
        if scan.empty != NONE {
            return Node::DeadEnd;
        }
        if scan.single != NONE {
            if self.bulk {
                // The other items with one option are taken next, without
                // a scan each.
                let i = scan.single as usize;
                self.forced[i / 64] &= !(1 << (i % 64));
                self.keep_list(level, scan.single);
            }
            return Node::Branch { item: scan.single, degree: 1 };
        }
        let (item, degree) = by_planes!(self.t.planes, P => self.branch_item::<P>(level));
        Node::on(item, degree)
    }

    #[inline(always)]
    fn dominate(&mut self, level: usize) -> bool {
        match self.pairs {
            Some(pairs) => by_planes!(self.t.planes, P => self.dominance::<P>(pairs, level)),
            None => false,
        }
    }

    #[inline(always)]
    fn listed(&mut self, level: usize, two: bool) -> Listed {
        if !self.bulk {
            return Listed::Nothing;
        }
        if self.forced_slot != level {
            // No list: the scan `choose_item` would make first, made here
            // (and kept for it if the search is to branch or is done), so
            // that the first move it lists pairs with the next too.
            let scan = self.sweep(level, None);
            if scan.empty != NONE {
                return Listed::DeadEnd;
            }
            if scan.single == NONE {
                self.scan = Some((level, scan));
                return Listed::Nothing;
            }
            self.keep_list(level, scan.single);
        }
        by_planes!(self.t.planes, P => self.next_listed::<P>(level, two))
    }

    #[inline(always)]
    fn apply_pair(&mut self, level: usize, a: usize, b: usize) {
        // One pass: both rows (bulk moves only: no scan).
        let words = self.t.words;
        let slot = &mut self.state[level * words..(level + 1) * words];
        let (ra, rb) =
            (&self.t.table[a * words..(a + 1) * words], &self.t.table[b * words..(b + 1) * words]);
        for c in 0..words / CHUNK {
            let y = and_not(and_not(chunk(slot, c), ra, c), rb, c);
            slot[c * CHUNK..(c + 1) * CHUNK].copy_from_slice(&y);
        }
    }

    #[inline(always)]
    fn first_option(&self, level: usize, item: u32) -> u32 {
        if self.taken != NONE {
            return self.taken;
        }
        // No loop that stops at the option: gathering the item's bits is
        // a fixed run of shifts, and where it stops would mispredict.
        let i = item as usize;
        let live = by_planes!(self.t.planes, P => self.fresh_live_slots::<P>(level, i));
        self.t.first_live(i, live)
    }

    #[inline(always)]
    fn next_option(&self, level: usize, item: u32, after: u32) -> u32 {
        let i = item as usize;
        let mut live = self.live_slots::<0>(level, i);
        if after != NONE {
            // The padding (`NONE`) sorts after every option.
            let from = self.t.slot_options_of(i).partition_point(|&q| q <= after);
            live &= u64::MAX.checked_shl(from as u32).unwrap_or(0);
        }
        self.t.first_live(i, live)
    }

    #[inline(always)]
    fn push_level(&mut self, level: usize) {
        self.copy_clear(level, None);
    }

    #[inline(always)]
    fn branch(&mut self, level: usize, o: usize) {
        if self.bulk {
            // One pass: the copy and the clear.
            self.copy_clear(level, Some(o));
        } else {
            self.copy_clear(level, None);
            self.apply(level, o);
        }
    }

    #[inline(always)]
    fn apply(&mut self, level: usize, o: usize) {
        if self.bulk {
            // The next node takes the forced moves of the last scan first.
            self.clear(level, o);
        } else {
            let scan = self.sweep(level, Some(o));
            self.scan = Some((level, scan));
        }
    }

    fn updates(&self) -> u64 {
        0
    }

    fn clear_updates(&mut self) {}
}
