//! [`SliceMatrix`]: the immutable part of the bit-sliced form, built once
//! per problem (on first use).

use std::sync::OnceLock;

use super::MAX_DEGREE;
use super::dominance::PlanePairs;
use crate::bits::BitMatrix;
use crate::bits::NONE;
use crate::bits::dominance::Pairs;

/// The most words the option table may hold (1 MiB).
const MAX_TABLE_WORDS: usize = 1 << 17;
/// The most words of a slot.
const MAX_SLOT_WORDS: usize = 128;

/// The immutable part: each item's options by slot, each option's bits, and
/// the mask each option clears.
#[derive(Debug, Clone)]
pub(crate) struct SliceMatrix {
    /// Words per group of 64 primary items: one plane per option slot, then
    /// the uncovered items.
    pub(super) planes: usize,
    /// Groups of 64 primary items.
    pub(super) groups: usize,
    /// Words per state slot: `planes` per group, then zeros up to a
    /// multiple of [`CHUNK`](super::CHUNK).
    pub(super) words: usize,
    /// Bits that hold any count (of at most the largest degree).
    pub(super) count_bits: usize,
    /// Primary item `i`'s options in slot order (ascending), `planes` per
    /// item and padded with `NONE` (at least one): its option at slot `j`
    /// in one look-up ([`first_live`](Self::first_live)).
    slot_options: Vec<u32>,
    /// Each option's bits in a slot (`word * 64 + bit`), one per primary
    /// item: `option_bits[bits_start[o]..bits_start[o + 1]]`.
    pub(super) option_bits: Vec<u32>,
    pub(super) bits_start: Vec<u32>,
    /// `words` words per option: what choosing it clears.
    pub(super) table: Vec<u64>,
    /// The slot with every option alive and every item uncovered.
    pub(super) initial: Vec<u64>,
    /// The pair table on the planes, for dominance (built on first use).
    plane_pairs: OnceLock<PlanePairs>,
}

impl SliceMatrix {
    /// The sliced form of a problem, if its table is small enough.
    pub(in crate::bits) fn new(m: &BitMatrix) -> Option<SliceMatrix> {
        if m.colored() {
            return None;
        }
        let p = m.primaries;
        let options = m.option_start.len() - 1;
        let mut item_options = Vec::new();
        let mut item_start = vec![0u32];
        for i in 0..p {
            for &(wi, bits) in m.options_of(i) {
                let mut bits = bits;
                while bits != 0 {
                    item_options.push(wi * 64 + bits.trailing_zeros());
                    bits &= bits - 1;
                }
            }
            item_start.push(item_options.len() as u32);
        }
        let degree = item_start.windows(2).map(|w| (w[1] - w[0]) as usize).max()?;
        let planes = degree + 1;
        let groups = p.div_ceil(64);
        let words = (groups * planes).next_multiple_of(super::CHUNK);
        if degree > MAX_DEGREE
            || words > MAX_SLOT_WORDS
            || options.checked_mul(words)? > MAX_TABLE_WORDS
        {
            return None;
        }
        let bit = |i: usize, plane: usize| ((i / 64 * planes + plane) * 64 + i % 64) as u32;
        let mut option_bits = Vec::new();
        let mut bits_start = vec![0u32];
        for o in 0..options {
            for &i in m.items(o) {
                let i = i as usize;
                if i < p {
                    let mine = &item_options[item_start[i] as usize..item_start[i + 1] as usize];
                    let slot = mine.binary_search(&(o as u32)).expect("an option of its item");
                    option_bits.push(bit(i, slot));
                }
            }
            bits_start.push(option_bits.len() as u32);
        }
        let own = |o: usize| &option_bits[bits_start[o] as usize..bits_start[o + 1] as usize];
        let set = |v: &mut [u64], b: u32| v[b as usize / 64] |= 1 << (b % 64);
        // Each item's share of a mask, once, as its words (index, bits):
        // the bits of every option of it, and for a primary item its
        // `degree` plane's bit, gathered on a scratch slot. Few words: the
        // bits of an option's other items fall in the plane of their slot,
        // shared by their group of 64 items.
        let (mut share, mut share_start) = (Vec::new(), vec![0u32]);
        let mut scratch = vec![0u64; words];
        for i in 0..m.items {
            for &(wi, bits) in m.options_of(i) {
                let mut bits = bits;
                while bits != 0 {
                    let q = wi as usize * 64 + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    for &b in own(q) {
                        set(&mut scratch, b);
                    }
                }
            }
            if i < p {
                set(&mut scratch, bit(i, degree));
            }
            for (w, x) in scratch.iter_mut().enumerate() {
                if *x != 0 {
                    share.push((w as u32, std::mem::take(x)));
                }
            }
            share_start.push(share.len() as u32);
        }
        let mut table = vec![0u64; options * words];
        for o in 0..options {
            let mask = &mut table[o * words..(o + 1) * words];
            for &i in m.items(o) {
                let i = i as usize;
                for &(w, x) in &share[share_start[i] as usize..share_start[i + 1] as usize] {
                    mask[w as usize] |= x;
                }
            }
        }
        let mut initial = vec![0u64; words];
        for i in 0..p {
            for slot in 0..(item_start[i + 1] - item_start[i]) as usize {
                set(&mut initial, bit(i, slot));
            }
            set(&mut initial, bit(i, degree));
        }
        let mut slot_options = vec![NONE; p * planes];
        for i in 0..p {
            let mine = &item_options[item_start[i] as usize..item_start[i + 1] as usize];
            slot_options[i * planes..i * planes + mine.len()].copy_from_slice(mine);
        }
        Some(SliceMatrix {
            planes,
            groups,
            words,
            count_bits: (usize::BITS - degree.leading_zeros()) as usize,
            slot_options,
            option_bits,
            bits_start,
            table,
            initial,
            plane_pairs: OnceLock::new(),
        })
    }

    /// The pair table `pairs` (of `m`, this matrix's problem) on the
    /// planes, built on first use.
    pub(super) fn plane_pairs(&self, m: &BitMatrix, pairs: &Pairs) -> &PlanePairs {
        self.plane_pairs.get_or_init(|| PlanePairs::new(m, self, pairs))
    }

    /// Item `i`'s option at slot `j`: the one whose bit is the lowest of
    /// `live` (an item's live slots), or `NONE` if `live` is 0.
    #[inline(always)]
    pub(super) fn first_live(&self, i: usize, live: u64) -> u32 {
        let j = (live.trailing_zeros() as usize).min(self.planes - 1);
        self.slot_options[i * self.planes + j]
    }

    /// Item `i`'s options in slot order, padded with `NONE` to `planes`.
    #[inline(always)]
    pub(super) fn slot_options_of(&self, i: usize) -> &[u32] {
        &self.slot_options[i * self.planes..(i + 1) * self.planes]
    }

    /// Item `i`'s options in slot order.
    pub(super) fn options_of(&self, i: usize) -> &[u32] {
        let padded = self.slot_options_of(i);
        &padded[..padded.partition_point(|&q| q != NONE)]
    }

    #[inline(always)]
    pub(super) fn bits_of(&self, o: usize) -> &[u32] {
        &self.option_bits[self.bits_start[o] as usize..self.bits_start[o + 1] as usize]
    }
}
