//! [`BoundedMatrix`]: the immutable form of a problem with multiplicities
//! for the bounded bit engine.

use std::collections::HashMap;

use super::super::NONE;
use crate::arena::{Matrix, SPACER};
use crate::config::Engine;

/// The most options a problem may have for the bounded engine.
pub(crate) const MAX_BOUNDED_OPTIONS: usize = 1 << 13;

/// Sets option `o`'s bit in a sparse bitset built in increasing order.
fn push_bit(list: &mut Vec<(u32, u64)>, o: usize) {
    match list.last_mut() {
        Some((k, bits)) if *k as usize == o / 64 => *bits |= 1 << (o % 64),
        _ => list.push(((o / 64) as u32, 1 << (o % 64))),
    }
}

/// Which options hold which items, as sparse bitsets (word index, bits),
/// and each primary item's bounds.
#[derive(Debug, Clone)]
pub(crate) struct BoundedMatrix {
    /// `u64` words per live-option bitset.
    pub(super) words: usize,
    /// Primary items (internal numbers `0..primaries`).
    pub(super) primaries: usize,
    /// Each primary item's upper bound.
    pub(super) hi: Vec<u32>,
    /// Each primary item's `hi - lo`.
    pub(super) slack: Vec<u32>,
    /// Kill lists, flattened (`list_start` as `option_start`): list `i <
    /// primaries` holds primary item `i`'s options; then for each secondary
    /// item without a color in some option, its options; then for each
    /// (secondary item, color) pair, the options that clash with it (its
    /// item's options of another color or none).
    pub(super) lists: Vec<(u32, u64)>,
    pub(super) list_start: Vec<u32>,
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
        {
            return None;
        }
        let primaries = m.num_primary();
        let items = m.num_items();
        let words = num_options.div_ceil(64).max(1);
        let mut item_options: Vec<Vec<(u32, u64)>> = vec![Vec::new(); items];
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
                push_bit(&mut item_options[i], o);
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
        let (mut lists, mut list_start) = (Vec::new(), vec![0u32]);
        for list in &item_options {
            lists.extend_from_slice(list);
            list_start.push(lists.len() as u32);
        }
        // A pair's clashes: its item's options less its own, word by word.
        let pairs_from = items as u32;
        for (&(i, _), own) in pairs.iter().zip(&pair_options) {
            for &(wi, bits) in &item_options[i as usize] {
                let mine = own.iter().find(|&&(k, _)| k == wi).map_or(0, |&(_, b)| b);
                if bits & !mine != 0 {
                    lists.push((wi, bits & !mine));
                }
            }
            list_start.push(lists.len() as u32);
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
        let hi = (1..=primaries).map(|k| m.bound[k]).collect();
        let slack = (1..=primaries).map(|k| m.slack[k]).collect();
        Some(BoundedMatrix {
            words,
            primaries,
            hi,
            slack,
            lists,
            list_start,
            option_primaries,
            primary_start,
            option_kills,
            kill_start,
            initial_alive,
            alone,
        })
    }

    /// Whether the engine setting `engine` runs this engine: forced
    /// ([`Engine::Bitset`], [`Engine::BitBounded`]) always; under
    /// [`Engine::Auto`] where it is faster than dancing links.
    pub(crate) fn runs(&self, engine: Engine) -> bool {
        match engine {
            Engine::Bitset | Engine::BitBounded => true,
            _ => true,
        }
    }

    /// Kill list `k`, as sparse bitset words.
    #[inline(always)]
    pub(super) fn list(&self, k: usize) -> &[(u32, u64)] {
        &self.lists[self.list_start[k] as usize..self.list_start[k + 1] as usize]
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
