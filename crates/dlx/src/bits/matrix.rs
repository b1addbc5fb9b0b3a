//! [`BitMatrix`]: the immutable bit-parallel form of a problem.

use std::collections::HashMap;
use std::sync::OnceLock;

use super::count::{Count, LANES};
use super::dominance::Pairs;
use super::sliced::SliceMatrix;
use super::{MAX_OPTIONS, NONE};
use crate::arena::{Matrix, SPACER};

/// Which copy of the counted form's `apply` a problem runs: options of a
/// fixed number of primary items (the loop over them unrolled), any number,
/// many options per primary item (`Dense`: counts made again by popcount
/// when many options die), or colors (`BitMatrix::kills`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Kernel {
    Width2,
    Width3,
    Width4,
    Width6,
    Any,
    Dense,
    Colored,
}

/// The fewest options per primary item for [`Kernel::Dense`].
const DENSE: usize = 64;

/// Sets option `o`'s bit in a sparse bitset built in increasing order.
pub(super) fn push_bit(list: &mut Vec<(u32, u64)>, o: usize) {
    match list.last_mut() {
        Some((k, bits)) if *k as usize == o / 64 => *bits |= 1 << (o % 64),
        _ => list.push(((o / 64) as u32, 1 << (o % 64))),
    }
}

/// Each item's options, in increasing order, as sparse words (word index,
/// bits), all the items' lists in one vector: item `i`'s from `start[i]` to
/// `start[i + 1]`. For a matrix whose options are all linked, so that an
/// item's list length (its header's `top`) bounds its words, as does
/// `words`: each list is written into a run of that size, then the runs
/// are closed up.
fn item_lists(m: &Matrix, words: usize) -> (Vec<(u32, u64)>, Vec<u32>) {
    let items = m.num_items();
    let mut start = Vec::with_capacity(items + 1);
    start.push(0u32);
    for i in 0..items {
        let room = (m.nodes[i + 1].top as usize).min(words) as u32;
        start.push(start[i] + room);
    }
    let mut lists = vec![(0u32, 0u64); start[items] as usize];
    let mut used = vec![0u32; items];
    for (o, &x) in m.option_node.iter().enumerate() {
        let (wi, bit) = ((o / 64) as u32, 1u64 << (o % 64));
        let mut q = x as usize;
        while m.nodes[q].top != SPACER {
            let i = m.nodes[q].top as usize - 1;
            let end = (start[i] + used[i]) as usize;
            match lists[..end].last_mut() {
                Some((k, bits)) if used[i] > 0 && *k == wi => *bits |= bit,
                _ => {
                    lists[end] = (wi, bit);
                    used[i] += 1;
                }
            }
            q += 1;
        }
    }
    let mut filled = 0;
    for i in 0..items {
        let run = start[i] as usize;
        lists.copy_within(run..run + used[i] as usize, filled);
        start[i] = filled as u32;
        filled += used[i] as usize;
    }
    start[items] = filled as u32;
    lists.truncate(filled);
    (lists, start)
}

/// The immutable part: which options hold which items, as bitsets.
#[derive(Debug, Clone)]
pub(crate) struct BitMatrix {
    /// `u64` words per option bitset.
    pub(super) words: usize,
    /// Primary items (internal numbers `0..primaries`; secondary items come
    /// after them).
    pub(super) primaries: usize,
    /// Items, primary and secondary.
    pub(super) items: usize,
    /// How `Counted::apply` is compiled for this problem.
    pub(super) kernel: Kernel,
    /// Bytes of counts per level: `primaries` rounded up to a multiple of
    /// [`LANES`], the padding counted as covered.
    pub(super) stride: usize,
    /// For each item, the bitset of options that contain it, sparse: the
    /// words that are not zero, as (word index, bits), flattened. In a
    /// colored problem, list `items + k` follows: the options that clash
    /// with the `k`-th (secondary item, color) pair, those of the item with
    /// another color or none.
    pub(super) item_words: Vec<(u32, u64)>,
    pub(super) item_start: Vec<u32>,
    /// The items of each option, flattened.
    pub(super) option_items: Vec<u32>,
    /// In a colored problem, beside `option_items`: the list of
    /// `item_words` each entry kills (the item's own, or its color's
    /// clashes); empty otherwise.
    pub(super) option_kills: Vec<u32>,
    /// In a colored problem, the primary items of each option, unpadded
    /// (`exact_start` as `option_start`); empty otherwise. Options of
    /// varied lengths spend less here than on the padded lists, and the
    /// padding's scratch count, decremented by every short option, makes a
    /// chain of dependent stores.
    pub(super) exact_primaries: Vec<u32>,
    pub(super) exact_start: Vec<u32>,
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
        if m.has_multiplicities() || num_options > MAX_OPTIONS || m.usable.iter().any(|&u| !u) {
            return None;
        }
        let primaries = m.num_primary();
        let items = m.num_items();
        let words = num_options.div_ceil(64).max(1);
        // Each item's options, in increasing order, as sparse words: all
        // items' lists in one vector (one allocation, not one per item).
        let (mut item_words, mut item_start) = item_lists(m, words);
        // Each option's items, and its primary items (an option's own
        // list, all of them in one vector).
        let (mut option_items, mut option_start) = (Vec::with_capacity(m.nodes.len()), vec![0u32]);
        let (mut own, mut own_start) = (Vec::with_capacity(m.nodes.len()), vec![0u32]);
        // Colors: each (secondary item, color) pair's options, and each
        // entry's pair (`NONE`: no color).
        let mut pairs: Vec<(u32, u32)> = Vec::new();
        let mut pair_index: HashMap<(u32, u32), u32> = HashMap::new();
        let mut pair_options: Vec<Vec<(u32, u64)>> = Vec::new();
        let mut option_pairs = Vec::new();
        let mut counts = vec![0u32; primaries];
        for (o, &x) in m.option_node.iter().enumerate() {
            let mut q = x as usize;
            while m.nodes[q].top != SPACER {
                let i = m.nodes[q].top as usize - 1;
                option_items.push(i as u32);
                let color = m.nodes[q].color;
                if m.has_colors() {
                    let pair = if color == 0 {
                        NONE
                    } else {
                        let k = *pair_index.entry((i as u32, color)).or_insert_with(|| {
                            pairs.push((i as u32, color));
                            pair_options.push(Vec::new());
                            pairs.len() as u32 - 1
                        });
                        push_bit(&mut pair_options[k as usize], o);
                        k
                    };
                    option_pairs.push(pair);
                }
                if i < primaries {
                    counts[i] += 1;
                    own.push(i as u32);
                }
                q += 1;
            }
            option_start.push(option_items.len() as u32);
            own_start.push(own.len() as u32);
        }
        // A pair's clashes: its item's options less its own, word by word.
        for (&(i, _), mine) in pairs.iter().zip(&pair_options) {
            for k in item_start[i as usize]..item_start[i as usize + 1] {
                let (wi, bits) = item_words[k as usize];
                let mine = mine.iter().find(|&&(k, _)| k == wi).map_or(0, |&(_, b)| b);
                if bits & !mine != 0 {
                    item_words.push((wi, bits & !mine));
                }
            }
            item_start.push(item_words.len() as u32);
        }
        let option_kills = option_items
            .iter()
            .zip(&option_pairs)
            .map(|(&i, &k)| if k == NONE { i } else { (items as u32) + k })
            .collect();
        if counts.iter().any(|&c| c >= u32::from(u16::MAX)) {
            return None;
        }
        let stride = primaries.div_ceil(LANES) * LANES;
        let own_len = |o: usize| (own_start[o + 1] - own_start[o]) as usize;
        let width = (0..num_options).map(own_len).max().unwrap_or(0);
        let uniform = (0..num_options).all(|o| own_len(o) == width);
        let kernel = match width {
            _ if m.has_colors() => Kernel::Colored,
            _ if num_options >= DENSE * primaries.max(1) => Kernel::Dense,
            2 => Kernel::Width2,
            3 => Kernel::Width3,
            4 => Kernel::Width4,
            6 => Kernel::Width6,
            _ => Kernel::Any,
        };
        let mut option_primaries = Vec::with_capacity(num_options * width);
        for o in 0..num_options {
            option_primaries.extend(&own[own_start[o] as usize..own_start[o + 1] as usize]);
            option_primaries.extend(std::iter::repeat_n(stride as u32, width - own_len(o)));
        }
        let (exact_primaries, exact_start) =
            if m.has_colors() { (own, own_start) } else { (Vec::new(), Vec::new()) };
        let cost = option_start.windows(2).map(|w| w[1] - w[0] - 1).collect();
        let mut initial_alive = vec![0u64; words];
        for o in 0..num_options {
            initial_alive[o / 64] |= 1 << (o % 64);
        }
        Some(BitMatrix {
            words,
            primaries,
            items,
            kernel,
            stride,
            item_words,
            item_start,
            option_items,
            option_kills,
            exact_primaries,
            exact_start,
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

    /// The lists of `item_words` that choosing option `o` kills, one per
    /// item of `o` (an item's own list where it is primary or has no
    /// color); a list below `primaries` is a primary item's.
    #[inline(always)]
    pub(super) fn kills(&self, o: usize) -> &[u32] {
        if self.kernel == Kernel::Colored { self.colored_kills(o) } else { self.items(o) }
    }

    /// [`kills`](Self::kills) in a colored problem.
    #[inline(always)]
    pub(super) fn colored_kills(&self, o: usize) -> &[u32] {
        &self.option_kills[self.option_start[o] as usize..self.option_start[o + 1] as usize]
    }

    /// The primary items of option `o` in a colored problem, unpadded.
    #[inline(always)]
    pub(super) fn exact_primaries_of(&self, o: usize) -> &[u32] {
        &self.exact_primaries[self.exact_start[o] as usize..self.exact_start[o + 1] as usize]
    }

    /// Whether some option gives a secondary item a color.
    pub(crate) fn colored(&self) -> bool {
        self.kernel == Kernel::Colored
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
