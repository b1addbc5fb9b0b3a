//! [`BoundedMatrix`]: the immutable form of a problem with multiplicities
//! for the bounded bit engine.

use std::collections::HashMap;

use super::super::NONE;
use super::super::matrix::push_bit;
use crate::arena::{Matrix, SPACER};
use crate::config::Engine;

/// The most options a problem may have for the bounded engine.
pub(crate) const MAX_BOUNDED_OPTIONS: usize = 1 << 13;
/// The most words of masks (one per item and per (item, color) pair, a
/// bit per option) the bounded engine builds.
const MAX_MASK_WORDS: usize = 1 << 20;
/// The largest upper bound the bounded engine takes (bounds are `u16`).
const MAX_BOUND: u32 = u16::MAX as u32 - 1;
/// [`Engine::Auto`] takes the bounded engine on every problem of at most
/// this many primary items times words of options when it walks without
/// the table of counted subtrees (a listing, or a count under
/// `Memo::Off`): its item choice counts every open item's options, word
/// by word, at every node, where dancing links pay per option removed.
/// Listing the first million nodes of 162 problems (docs/performance.md,
/// "Listing: the engine"), dancing links were faster on 94 of the 98
/// sparse ones above this (1.06x to 3.4x; the other four 0.80x to
/// 0.99x); at or below it on 32 of 62, each engine by up to 1.6x, and
/// the structured ones ran faster here (Langford pairs at 33 x 4: 0.54x,
/// mcc_colored28 0.46x).
const AUTO_MAX_WORK: usize = 144;
/// Options of at least this many primary items on average make a problem
/// dense: dancing links pay for every item of every option they remove,
/// and the bounded engine lists pentominoes (6 a piece, 72 x 32) in 0.16x
/// their time. Dense problems take the bounded engine up to
/// [`AUTO_MAX_WORK_MEMO`] when listing too.
const DENSE_OPTION: usize = 5;
/// [`Engine::Auto`] takes the bounded engine on every problem of at most
/// this many primary items times words of options when counts are
/// memoized: a count then meets states it has counted, and was 1.3x to
/// 20x as fast as on dancing links on every instance measured but one
/// (0.85x), up to 72 x 32 (pentominoes) (docs/performance.md, "Memoized
/// counts: canonical bounds").
const AUTO_MAX_WORK_MEMO: usize = 4096;

/// Which options hold which items, as bitsets of `words` words, and each
/// primary item's bounds.
#[derive(Debug, Clone)]
pub(crate) struct BoundedMatrix {
    /// `u64` words per bitset: 1, 2, 4 or 8 (the search is compiled for
    /// each), or more.
    pub(super) words: usize,
    /// Primary items (internal numbers `0..primaries`).
    pub(super) primaries: usize,
    /// Each primary item's upper bound.
    pub(super) hi: Vec<u16>,
    /// Each primary item's `hi - lo`.
    pub(super) slack: Vec<u16>,
    /// Kill masks, `words` words each: mask `i < primaries` holds primary
    /// item `i`'s options; then each secondary item's; then for each
    /// (secondary item, color) pair, the options that clash with it (its
    /// item's options of another color or none).
    pub(super) masks: Vec<u64>,
    /// The primary items of each option, flattened.
    pub(super) option_primaries: Vec<u32>,
    pub(super) primary_start: Vec<u32>,
    /// The kill list of each secondary entry of each option, flattened.
    pub(super) option_kills: Vec<u32>,
    pub(super) kill_start: Vec<u32>,
    /// Level-0 state: every option alive.
    pub(super) initial_alive: Vec<u64>,
    /// The options of one item alone, as a bitset; `None` if every option
    /// is (no secondary item).
    pub(super) alone: Option<Vec<u64>>,
}

impl BoundedMatrix {
    /// The bounded form of a problem with multiplicities, if this engine
    /// can take it: every option has a primary item, and there are at most
    /// [`MAX_BOUNDED_OPTIONS`] options.
    pub(crate) fn new(m: &Matrix, num_options: usize) -> Option<BoundedMatrix> {
        if !m.has_multiplicities()
            || num_options > MAX_BOUNDED_OPTIONS
            || m.usable.iter().any(|&u| !u)
            || m.bound.iter().any(|&b| b > MAX_BOUND)
        {
            return None;
        }
        let primaries = m.num_primary();
        let items = m.num_items();
        let words = match num_options.div_ceil(64) {
            0 | 1 => 1,
            2 => 2,
            3 | 4 => 4,
            5..=8 => 8,
            w => w,
        };
        if items.saturating_mul(words) > MAX_MASK_WORDS {
            return None;
        }
        // Each item's options as a dense mask, written as they come; the
        // pairs' masks follow once their number is known.
        let mut masks = vec![0u64; items * words];
        let mut pair_index: HashMap<(u32, u32), u32> = HashMap::new();
        let mut pairs: Vec<(u32, u32)> = Vec::new();
        let mut pair_options: Vec<Vec<(u32, u64)>> = Vec::new();
        // Per option: its primary items; its secondary entries as (item,
        // pair or `NONE`).
        let (mut option_primaries, mut primary_start) = (Vec::new(), vec![0u32]);
        let mut secondary_entries: Vec<Vec<(u32, u32)>> = Vec::with_capacity(num_options);
        for (o, &x) in m.option_node.iter().enumerate() {
            let mut q = x as usize;
            let mut own = Vec::new();
            while m.nodes[q].top != SPACER {
                let i = m.nodes[q].top as usize - 1;
                masks[i * words + o / 64] |= 1 << (o % 64);
                let color = m.nodes[q].color;
                if i < primaries {
                    option_primaries.push(i as u32);
                } else if color == 0 {
                    own.push((i as u32, NONE));
                } else {
                    let k = *pair_index.entry((i as u32, color)).or_insert_with(|| {
                        pairs.push((i as u32, color));
                        pair_options.push(Vec::new());
                        pairs.len() as u32 - 1
                    });
                    push_bit(&mut pair_options[k as usize], o);
                    own.push((i as u32, k));
                }
                q += 1;
            }
            primary_start.push(option_primaries.len() as u32);
            secondary_entries.push(own);
        }
        if (items + pairs.len()).saturating_mul(words) > MAX_MASK_WORDS {
            return None;
        }
        // A pair's clashes: its item's options less its own.
        let pairs_from = items as u32;
        for (&(i, _), own) in pairs.iter().zip(&pair_options) {
            let at = masks.len();
            masks.extend_from_within(i as usize * words..(i as usize + 1) * words);
            for &(wi, bits) in own {
                masks[at + wi as usize] &= !bits;
            }
        }
        let (mut option_kills, mut kill_start) = (Vec::new(), vec![0u32]);
        for own in &secondary_entries {
            option_kills
                .extend(own.iter().map(|&(i, k)| if k == NONE { i } else { pairs_from + k }));
            kill_start.push(option_kills.len() as u32);
        }
        let alone = (items > primaries).then(|| {
            let mut alone = vec![0u64; words];
            for o in 0..num_options {
                let one = primary_start[o + 1] - primary_start[o] == 1;
                if one && kill_start[o + 1] == kill_start[o] {
                    alone[o / 64] |= 1 << (o % 64);
                }
            }
            alone
        });
        let mut initial_alive = vec![0u64; words];
        for o in 0..num_options {
            initial_alive[o / 64] |= 1 << (o % 64);
        }
        let hi = (1..=primaries).map(|k| m.bound[k] as u16).collect();
        let slack = (1..=primaries).map(|k| m.slack[k] as u16).collect();
        Some(BoundedMatrix {
            words,
            primaries,
            hi,
            slack,
            masks,
            option_primaries,
            primary_start,
            option_kills,
            kill_start,
            initial_alive,
            alone,
        })
    }

    /// Whether the engine setting `engine` runs this engine: a bit engine
    /// forced ([`Engine::Bitset`], [`Engine::BitSliced`],
    /// [`Engine::BitBounded`]) always; under [`Engine::Auto`] where it is
    /// faster than dancing links: small problems, dense ones, and bigger
    /// ones of every kind where counts are memoized (`memo`).
    pub(crate) fn runs(&self, engine: Engine, memo: bool) -> bool {
        match engine {
            Engine::Auto => {
                let work = self.primaries * self.words;
                let options = self.primary_start.len() - 1;
                let dense = self.option_primaries.len() >= DENSE_OPTION * options;
                work <= AUTO_MAX_WORK || (memo || dense) && work <= AUTO_MAX_WORK_MEMO
            }
            Engine::DancingLinks => false,
            Engine::Bitset | Engine::BitSliced | Engine::BitBounded => true,
        }
    }

    /// Kill mask `k`, `W` words (`W` is `words`, or 0 for `words`
    /// known only at run time).
    #[inline(always)]
    pub(super) fn mask<const W: usize>(&self, k: usize) -> &[u64] {
        let w = if W > 0 { W } else { self.words };
        &self.masks[k * w..(k + 1) * w]
    }

    /// The primary items of option `o`.
    #[inline(always)]
    pub(super) fn primaries_of(&self, o: usize) -> &[u32] {
        &self.option_primaries[self.primary_start[o] as usize..self.primary_start[o + 1] as usize]
    }

    /// The kill lists of option `o`'s secondary entries.
    #[inline(always)]
    pub(super) fn kills_of(&self, o: usize) -> &[u32] {
        &self.option_kills[self.kill_start[o] as usize..self.kill_start[o + 1] as usize]
    }

    /// The number of options.
    pub(super) fn options(&self) -> usize {
        self.primary_start.len() - 1
    }
}
