//! [`Table`]: the bounded engine's table of counted subtrees. The subtree
//! below a node depends on its slot alone (the live options and each
//! primary item's bound left: colors act only through which options are
//! live, and a tweak's killed options are dead in the slot), so a count
//! that meets a slot it has counted before adds that count and backs up.
//!
//! A fixed number of entries (a power of two), each a head (the state's
//! hash and its count) and the whole state (the live options, the bounds
//! four to a word), so a hit is checked against the full state: the count
//! is exact, whatever the hash (and of any size: a count of 2^62 or more
//! is kept beside the heads). The states sit apart from the heads, each
//! in the next free place the first time its entry is reserved (the
//! place's number kept in the head, in the hash's index bits), so a count
//! of a few thousand nodes touches a few pages of states, not the whole
//! table: both arrays start zeroed, and the system maps a page at its
//! first touch. A branching node *reserves* its entry on the
//! way down (the state is written while its slot still holds it: later
//! branches kill options in it) and fills in the count once every branch
//! is done, if the entry is still its own. A reservation is `PENDING`
//! with a stamp, one per node; an entry reserved by a node still open is
//! never taken by another node, so the big subtrees near the root keep
//! their entries; any other entry is replaced by the newest node.

/// The count field of an entry reserved by an open node: this bit and
/// the node's stamp. Stamp 0 is never given: `PENDING` alone is empty.
const PENDING: u64 = 1 << 63;
/// The count field of an entry whose count is this or more: this bit
/// alone, the count in `Table::big` at the entry's index.
const BIG: u64 = 1 << 62;
/// Words of an entry's head: hash, count.
const HEAD: usize = 2;
/// A state's hash multiplier (Fx's), and the final mix's.
const K: u64 = 0x517c_c1b7_2722_0a95;
const MIX: u64 = 0x9e37_79b9_7f4a_7c15;

/// What [`Table::probe`] found for a node.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Probe {
    /// The node's state was counted before: this many solutions below.
    Hit(u128),
    /// The node now owns entry `index` (to [`Table::store`] its count).
    Reserved { index: u32, stamp: u64 },
    /// The entry is an open node's: this node's count is not kept.
    Busy,
}

/// The table (see the module docs).
#[derive(Debug, Clone)]
pub(super) struct Table {
    /// Per entry, its tag and its count (or a reservation), all zero for
    /// an entry never reserved: apart from the states, so that a probe
    /// reads one small line. The tag is the state's place plus one in its
    /// top `64 - place_shift` bits (0: no place yet), the state's hash
    /// below (its top bits, the index, left out).
    heads: Vec<[u64; 2]>,
    /// `stride` words a place, in the order the entries were first
    /// reserved: the live options, then the bounds.
    states: Vec<u64>,
    stride: usize,
    /// Places given so far.
    places: usize,
    /// Per entry, the counts of [`BIG`] or more (none until the first).
    big: Vec<u128>,
    /// The hash's top bits index the table: `64 - log2(entries)`.
    shift: u32,
    /// A tag's place starts at this bit: one bit more than the index, so
    /// that the place plus one (up to `entries`) fits.
    place_shift: u32,
    /// The next reservation's stamp.
    next: u64,
    /// Reservations stamped below this belong to nodes the search has
    /// left without finishing them (it was unwound): free to take.
    open_from: u64,
}

impl Table {
    /// A table of `entries` (rounded up to a power of two, from 2 to
    /// 2^30) for slots of `words` words of live options and `primaries`
    /// bounds.
    pub(super) fn new(words: usize, primaries: usize, entries: usize) -> Table {
        let entries = entries.clamp(2, 1 << 30).next_power_of_two();
        let stride = words + primaries.div_ceil(4);
        let shift = 64 - entries.trailing_zeros();
        Table {
            heads: vec![[0, 0]; entries],
            states: vec![0; entries * stride],
            stride,
            places: 0,
            big: Vec::new(),
            shift,
            place_shift: shift - 1,
            next: 1,
            open_from: 1,
        }
    }

    /// The words an entry takes for such slots.
    pub(super) fn entry_words(words: usize, primaries: usize) -> usize {
        HEAD + words + primaries.div_ceil(4)
    }

    /// Looks up the state (`alive`, `bounds`) of a branching node: its
    /// count if the table has it, else its entry reserved (unless an open
    /// node holds it).
    #[inline(always)]
    pub(super) fn probe(&mut self, alive: &[u64], bounds: &[u16]) -> Probe {
        let h = hash(alive, bounds);
        let index = (h >> self.shift) as usize;
        let [tag, count] = self.heads[index];
        let low = (1u64 << self.place_shift) - 1;
        let place = (tag >> self.place_shift) as usize;
        let place = if place == 0 {
            // Never reserved: nothing to find, and no node holds it.
            self.places += 1;
            self.places - 1
        } else {
            let state = &self.states[(place - 1) * self.stride..place * self.stride];
            if count & PENDING == 0 && (tag ^ h) & low == 0 && same(state, alive, bounds) {
                return Probe::Hit(if count == BIG { self.big[index] } else { u128::from(count) });
            }
            if count & PENDING != 0 && count & !PENDING >= self.open_from {
                return Probe::Busy;
            }
            place - 1
        };
        let stamp = self.next;
        self.next += 1;
        self.heads[index] = [((place + 1) as u64) << self.place_shift | h & low, PENDING | stamp];
        let state = &mut self.states[place * self.stride..(place + 1) * self.stride];
        let (a, b) = state.split_at_mut(alive.len());
        a.copy_from_slice(alive);
        for (w, c) in b.iter_mut().zip(bounds.chunks(4)) {
            *w = pack(c);
        }
        Probe::Reserved { index: index as u32, stamp }
    }

    /// The node that reserved entry `index` with `stamp` is done, with
    /// `count` solutions below it: kept if the entry is still its own.
    #[inline(always)]
    pub(super) fn store(&mut self, index: u32, stamp: u64, count: u128) {
        let entries = self.heads.len();
        let head = &mut self.heads[index as usize];
        if head[1] == PENDING | stamp {
            head[1] = match u64::try_from(count) {
                Ok(c) if c < BIG => c,
                _ => {
                    if self.big.is_empty() {
                        self.big = vec![0; entries];
                    }
                    self.big[index as usize] = count;
                    BIG
                }
            };
        }
    }

    /// The search left its open nodes (unwound): their reservations are
    /// free.
    pub(super) fn forget_open(&mut self) {
        self.open_from = self.next;
    }
}

/// Up to four bounds in a word.
#[inline(always)]
fn pack(c: &[u16]) -> u64 {
    match *c {
        [a, b, c, d] => u64::from(a) | u64::from(b) << 16 | u64::from(c) << 32 | u64::from(d) << 48,
        _ => c.iter().rev().fold(0, |w, &b| w << 16 | u64::from(b)),
    }
}

/// A state's hash: two chains of words, for speed.
#[inline(always)]
fn hash(alive: &[u64], bounds: &[u16]) -> u64 {
    let (mut h, mut g) = (0u64, 0u64);
    for &a in alive {
        (h, g) = (g, (h.rotate_left(5) ^ a).wrapping_mul(K));
    }
    for c in bounds.chunks(4) {
        (h, g) = (g, (h.rotate_left(5) ^ pack(c)).wrapping_mul(K));
    }
    h = (h ^ g.rotate_left(32)).wrapping_mul(K);
    h ^= h >> 32;
    h = h.wrapping_mul(MIX);
    h ^ h >> 29
}

/// Whether an entry's state (after its head) is (`alive`, `bounds`).
#[inline(always)]
fn same(e: &[u64], alive: &[u64], bounds: &[u16]) -> bool {
    let (a, b) = e.split_at(alive.len());
    a == alive && b.iter().zip(bounds.chunks(4)).all(|(&w, c)| w == pack(c))
}

#[cfg(test)]
mod tests {
    use super::{Probe, Table};

    fn probe(memo: &mut Table, alive: &[u64], bounds: &[u16]) -> Probe {
        memo.probe(alive, bounds)
    }

    #[test]
    fn a_stored_count_is_found_for_the_same_state_only() {
        let mut memo = Table::new(2, 5, 4);
        let (alive, bounds) = ([3u64, 9], [1u16, 0, 2, 0, 7]);
        let Probe::Reserved { index, stamp } = probe(&mut memo, &alive, &bounds) else {
            panic!("an empty table reserves")
        };
        // Open: a node with the same state (none can exist) would be busy.
        assert_eq!(probe(&mut memo, &alive, &bounds), Probe::Busy);
        memo.store(index, stamp, 42);
        assert_eq!(probe(&mut memo, &alive, &bounds), Probe::Hit(42));
        // Another bound, another state.
        assert_ne!(probe(&mut memo, &alive, &[1, 0, 2, 0, 6]), Probe::Hit(42));
    }

    #[test]
    fn counts_past_64_bits_are_kept() {
        let mut memo = Table::new(1, 1, 8);
        for (x, count) in [(1u64, 1u128 << 62), (2, u128::MAX), (3, (1 << 62) - 1)] {
            let Probe::Reserved { index, stamp } = probe(&mut memo, &[x], &[1]) else {
                panic!("an empty table reserves")
            };
            memo.store(index, stamp, count);
            assert_eq!(probe(&mut memo, &[x], &[1]), Probe::Hit(count));
        }
    }

    #[test]
    fn states_take_places_in_order_one_per_entry() {
        let mut memo = Table::new(1, 2, 1024);
        let mut indices = std::collections::BTreeSet::new();
        for round in 0..2 {
            for x in 1..=40u64 {
                match probe(&mut memo, &[x], &[1, 2]) {
                    Probe::Reserved { index, stamp } => {
                        indices.insert(index);
                        memo.store(index, stamp, u128::from(x));
                    }
                    Probe::Hit(n) => {
                        assert_eq!((round, n), (1, u128::from(x)), "a hit is its own count")
                    }
                    Probe::Busy => panic!("no node is open"),
                }
            }
        }
        // An entry taken again keeps its place; nothing past the places
        // given is written.
        assert_eq!(memo.places, indices.len());
        assert!(memo.states[memo.places * memo.stride..].iter().all(|&w| w == 0));
    }

    #[test]
    fn a_reservation_taken_over_or_left_open_stores_nothing() {
        // One entry's worth of index bits: every state lands in one of two.
        let mut memo = Table::new(1, 1, 2);
        let mut reserved = Vec::new();
        for x in 0..8u64 {
            if let Probe::Reserved { index, stamp } = probe(&mut memo, &[x], &[1]) {
                reserved.push((x, index, stamp));
            }
        }
        assert!(reserved.len() <= 2, "open nodes keep their entries");
        memo.forget_open();
        let Probe::Reserved { index, stamp } = probe(&mut memo, &[100], &[1]) else {
            panic!("an unwound search's entries are free")
        };
        for &(x, i, s) in &reserved {
            memo.store(i, s, 5);
            if i == index {
                assert_ne!(probe(&mut memo, &[x], &[1]), Probe::Hit(5));
            }
        }
        memo.store(index, stamp, 7);
        assert_eq!(probe(&mut memo, &[100], &[1]), Probe::Hit(7));
    }
}
