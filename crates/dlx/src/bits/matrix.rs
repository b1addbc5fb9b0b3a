//! [`BitMatrix`]: the immutable bit-parallel form of a problem.

use std::sync::OnceLock;

use super::MAX_OPTIONS;
use super::count::{Count, LANES};
use super::dominance::Pairs;
use super::sliced::SliceMatrix;
use crate::matrix::{Matrix, SPACER};

/// The immutable part: which options hold which items, as bitsets.
#[derive(Debug, Clone)]
pub(crate) struct BitMatrix {
    /// `u64` words per option bitset.
    pub(super) words: usize,
    /// Primary items (internal numbers `0..primaries`; secondary items come
    /// after them).
    pub(super) primaries: usize,
    /// Bytes of counts per level: `primaries` rounded up to a multiple of
    /// [`LANES`], the padding counted as covered.
    pub(super) stride: usize,
    /// For each item, the bitset of options that contain it, sparse: the
    /// words that are not zero, as (word index, bits), flattened.
    pub(super) item_words: Vec<(u32, u64)>,
    pub(super) item_start: Vec<u32>,
    /// The items of each option, flattened.
    pub(super) option_items: Vec<u32>,
    /// The primary items of each option (they have counts), `width` per
    /// option, padded with `stride` (a scratch byte past the scanned counts)
    /// so that every option has the same number.
    pub(super) option_primaries: Vec<u32>,
    pub(super) width: usize,
    /// Whether every option has exactly `width` primary items (no padding).
    pub(super) uniform: bool,
    /// The items that share two options or more, for the dominance check,
    /// built when a solver first asks; `None` if it would be too large.
    pairs: OnceLock<Option<Pairs>>,
    /// The bit-sliced form, built when a solver first asks; `None` if its
    /// table would be too large.
    sliced: OnceLock<Option<SliceMatrix>>,
    /// The number of items of each option minus one: the updates dancing
    /// links would make to hide it.
    pub(super) cost: Vec<u32>,

    pub(super) option_start: Vec<u32>,
    /// Level-0 state: every option alive, every item's count.
    pub(super) initial_alive: Vec<u64>,
    pub(super) initial_counts: Vec<u32>,
}

impl BitMatrix {
    /// The bit-parallel form of a problem, if this engine can take it.
    pub(crate) fn new(m: &Matrix, num_options: usize) -> Option<BitMatrix> {
        if m.has_colors()
            || m.has_multiplicities()
            || num_options > MAX_OPTIONS
            || m.usable.iter().any(|&u| !u)
        {
            return None;
        }
        let primaries = m.num_primary();
        let items = m.num_items();
        let words = num_options.div_ceil(64).max(1);
        // Each item's options, in increasing order (options are visited in
        // order), as sparse words built as they come.
        let mut item_options: Vec<Vec<(u32, u64)>> = vec![Vec::new(); items];
        let (mut option_items, mut primaries_of) = (Vec::new(), Vec::new());
        let mut option_start = vec![0u32];
        let mut counts = vec![0u32; primaries];
        for (o, &x) in m.option_node.iter().enumerate() {
            let mut q = x as usize;
            while m.nodes[q].top != SPACER {
                let i = m.nodes[q].top as usize - 1;
                let list = &mut item_options[i];
                match list.last_mut() {
                    Some((k, bits)) if *k as usize == o / 64 => *bits |= 1 << (o % 64),
                    _ => list.push(((o / 64) as u32, 1 << (o % 64))),
                }
                option_items.push(i as u32);
                if i < primaries {
                    counts[i] += 1;
                }
                q += 1;
            }
            let start = *option_start.last().expect("starts at 0") as usize;
            let own: Vec<u32> = option_items[start..]
                .iter()
                .copied()
                .filter(|&i| (i as usize) < primaries)
                .collect();
            primaries_of.push(own);
            option_start.push(option_items.len() as u32);
        }
        let mut item_words = Vec::new();
        let mut item_start = vec![0u32];
        for list in &item_options {
            item_words.extend_from_slice(list);
            item_start.push(item_words.len() as u32);
        }
        if counts.iter().any(|&c| c >= u32::from(u16::MAX)) {
            return None;
        }
        let stride = primaries.div_ceil(LANES) * LANES;
        let width = primaries_of.iter().map(Vec::len).max().unwrap_or(0);
        let uniform = primaries_of.iter().all(|own| own.len() == width);
        let mut option_primaries = Vec::with_capacity(num_options * width);
        for own in &primaries_of {
            option_primaries.extend(own);
            option_primaries.extend(std::iter::repeat_n(stride as u32, width - own.len()));
        }
        let cost = option_start.windows(2).map(|w| w[1] - w[0] - 1).collect();
        let mut initial_alive = vec![0u64; words];
        for o in 0..num_options {
            initial_alive[o / 64] |= 1 << (o % 64);
        }
        Some(BitMatrix {
            words,
            primaries,
            stride,
            item_words,
            item_start,
            option_items,
            option_primaries,
            width,
            uniform,
            pairs: OnceLock::new(),
            sliced: OnceLock::new(),
            cost,
            option_start,
            initial_alive,
            initial_counts: counts,
        })
    }

    #[inline(always)]
    pub(super) fn items(&self, o: usize) -> &[u32] {
        &self.option_items[self.option_start[o] as usize..self.option_start[o + 1] as usize]
    }

    #[inline(always)]
    pub(super) fn primaries_of(&self, o: usize) -> &[u32] {
        &self.option_primaries[o * self.width..(o + 1) * self.width]
    }

    /// Bytes of counts per level: the scanned ones and a scratch lane.
    #[inline(always)]
    pub(super) fn level_bytes(&self) -> usize {
        self.stride + LANES
    }

    /// The options of item `i`, as sparse bitset words.
    #[inline(always)]
    pub(super) fn options_of(&self, i: usize) -> &[(u32, u64)] {
        &self.item_words[self.item_start[i] as usize..self.item_start[i + 1] as usize]
    }

    /// The options of item `b` that do not contain item `a`, as sparse
    /// bitset words over `b`'s (some may be zero).
    pub(super) fn options_without(&self, b: usize, a: usize) -> impl Iterator<Item = (u32, u64)> {
        let ours = self.options_of(a);
        self.options_of(b).iter().map(move |&(wi, bits)| {
            let spare = ours.iter().find(|&&(k, _)| k == wi).map_or(0, |&(_, bits)| bits);
            (wi, bits & !spare)
        })
    }

    /// The pair table for the dominance check (built on first use), if not
    /// too large.
    pub(super) fn pairs(&self) -> Option<&Pairs> {
        self.pairs.get_or_init(|| Pairs::new(self)).as_ref()
    }

    /// The bit-sliced form (built on first use), if its table is small
    /// enough.
    pub(crate) fn sliced(&self) -> Option<&SliceMatrix> {
        self.sliced.get_or_init(|| SliceMatrix::new(self)).as_ref()
    }

    /// Whether one byte holds every count (else two bytes do).
    pub(crate) fn narrow(&self) -> bool {
        self.initial_counts.iter().all(|&c| c < u32::from(u8::MAX))
    }

    /// The level-0 counts in `T`, padded with covered slots (the lanes past
    /// the last item, and the scratch lane).
    pub(super) fn counts<T: Count>(&self) -> Vec<T> {
        let mut c: Vec<T> = self.initial_counts.iter().map(|&c| T::from_u32(c)).collect();
        c.resize(self.level_bytes(), T::COVERED);
        c
    }
}
