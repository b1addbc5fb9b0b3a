//! [`Table`]: the bounded engine's table of counted subtrees. The subtree
//! below a node depends on its slot alone (the live options and each
//! primary item's bound left: colors act only through which options are
//! live, and a tweak's killed options are dead in the slot), so a count
//! that meets a slot it has counted before adds that count and backs up.
//!
//! A fixed number of entries (a power of two), the state's hash indexing
//! them. An entry is a head of four bytes, the place of its record plus
//! one (0: never reserved), and the record: the state's hash, its count,
//! and the whole state (the live options, the bounds four to a word), so
//! a hit is checked against the full state: the count is exact, whatever
//! the hash (and of any size: a count of 2^62 or more is kept beside the
//! records). A record takes the next free place the first time its entry
//! is reserved, and both arrays start zeroed, so a count of a few thousand
//! nodes touches a few pages of records and the small array of heads, not
//! the whole table: the system maps a page at its first touch. A branching
//! node *reserves* its entry on the way down (the state is written while
//! its slot still holds it: later branches kill options in it) and fills
//! in the count once every branch is done, if the entry is still its own. A reservation is `PENDING`
//! with a stamp, one per node; an entry reserved by a node still open is
//! never taken by another node, so the big subtrees near the root keep
//! their entries; any other entry is replaced by the newest node.

/// The count field of an entry reserved by an open node: this bit and
/// the node's stamp. Stamp 0 is never given: `PENDING` alone is empty.
const PENDING: u64 = 1 << 63;
/// The count field of an entry whose count is this or more: this bit
/// alone, the count in `Table::big` at the record's place.
const BIG: u64 = 1 << 62;
/// Words of a record before its state: hash, count.
const HEAD: usize = 2;
/// A state's hash multiplier (Fx's), and the final mix's.
const K: u64 = 0x517c_c1b7_2722_0a95;
const MIX: u64 = 0x9e37_79b9_7f4a_7c15;

/// What [`Table::probe`] found for a node.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Probe {
    /// The node's state was counted before: this many solutions below.
    Hit(u128),
    /// The node now owns the record at `place` (to [`Table::store`] its
    /// count).
    Reserved { place: u32, stamp: u64 },
    /// The entry is an open node's: this node's count is not kept.
    Busy,
}

/// The table (see the module docs).
#[derive(Debug, Clone)]
pub(super) struct Table {
    /// Per entry, its record's place plus one (0: never reserved). Four
    /// bytes an entry, so that the pages a count touches at random are
    /// few (a 16-byte head of hash and count touched four times as many).
    heads: Vec<u32>,
    /// `stride` words a record, in the order the entries were first
    /// reserved: the state's hash, its count (or a reservation), the live
    /// options, then the bounds.
    records: Vec<u64>,
    stride: usize,
    /// Places given so far.
    places: usize,
    /// Per place, the counts of [`BIG`] or more (none until the first).
    big: Vec<u128>,
    /// The hash's top bits index the table: `64 - log2(entries)`.
    shift: u32,
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
        let stride = Table::entry_words(words, primaries);
        Table {
            heads: vec![0; entries],
            records: vec![0; entries * stride],
            stride,
            places: 0,
            big: Vec::new(),
            shift: 64 - entries.trailing_zeros(),
            next: 1,
            open_from: 1,
        }
    }

    /// The words a record takes for such slots.
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
        let place = match self.heads[index] {
            0 => {
                // Never reserved: nothing to find, and no node holds it.
                self.places += 1;
                self.heads[index] = self.places as u32;
                self.places - 1
            }
            head => {
                let place = head as usize - 1;
                let record = &self.records[place * self.stride..(place + 1) * self.stride];
                let count = record[1];
                if count & PENDING == 0 && record[0] == h && same(&record[HEAD..], alive, bounds) {
                    let big = count == BIG;
                    return Probe::Hit(if big { self.big[place] } else { u128::from(count) });
                }
                if count & PENDING != 0 && count & !PENDING >= self.open_from {
                    return Probe::Busy;
                }
                place
            }
        };
        let stamp = self.next;
        self.next += 1;
        let record = &mut self.records[place * self.stride..(place + 1) * self.stride];
        let (head, state) = record.split_at_mut(HEAD);
        head.copy_from_slice(&[h, PENDING | stamp]);
        let (a, b) = state.split_at_mut(alive.len());
        a.copy_from_slice(alive);
        for (w, c) in b.iter_mut().zip(bounds.chunks(4)) {
            *w = pack(c);
        }
        Probe::Reserved { place: place as u32, stamp }
    }

    /// The node that reserved the record at `place` with `stamp` is done,
    /// with `count` solutions below it: kept if the entry is still its own.
    #[inline(always)]
    pub(super) fn store(&mut self, place: u32, stamp: u64, count: u128) {
        let place = place as usize;
        let field = &mut self.records[place * self.stride + 1];
        if *field == PENDING | stamp {
            *field = match u64::try_from(count) {
                Ok(c) if c < BIG => c,
                _ => {
                    if self.big.is_empty() {
                        self.big = vec![0; self.heads.len()];
                    }
                    self.big[place] = count;
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

/// Whether a record's state (after its hash and count) is (`alive`,
/// `bounds`).
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
        let Probe::Reserved { place, stamp } = probe(&mut memo, &alive, &bounds) else {
            panic!("an empty table reserves")
        };
        // Open: a node with the same state (none can exist) would be busy.
        assert_eq!(probe(&mut memo, &alive, &bounds), Probe::Busy);
        memo.store(place, stamp, 42);
        assert_eq!(probe(&mut memo, &alive, &bounds), Probe::Hit(42));
        // Another bound, another state.
        assert_ne!(probe(&mut memo, &alive, &[1, 0, 2, 0, 6]), Probe::Hit(42));
    }

    #[test]
    fn counts_past_64_bits_are_kept() {
        let mut memo = Table::new(1, 1, 8);
        for (x, count) in [(1u64, 1u128 << 62), (2, u128::MAX), (3, (1 << 62) - 1)] {
            let Probe::Reserved { place, stamp } = probe(&mut memo, &[x], &[1]) else {
                panic!("an empty table reserves")
            };
            memo.store(place, stamp, count);
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
                    Probe::Reserved { place, stamp } => {
                        indices.insert(place);
                        memo.store(place, stamp, u128::from(x));
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
        assert!(memo.records[memo.places * memo.stride..].iter().all(|&w| w == 0));
    }

    #[test]
    fn a_reservation_taken_over_or_left_open_stores_nothing() {
        // One entry's worth of index bits: every state lands in one of two.
        let mut memo = Table::new(1, 1, 2);
        let mut reserved = Vec::new();
        for x in 0..8u64 {
            if let Probe::Reserved { place, stamp } = probe(&mut memo, &[x], &[1]) {
                reserved.push((x, place, stamp));
            }
        }
        assert!(reserved.len() <= 2, "open nodes keep their entries");
        memo.forget_open();
        let Probe::Reserved { place, stamp } = probe(&mut memo, &[100], &[1]) else {
            panic!("an unwound search's entries are free")
        };
        for &(x, i, s) in &reserved {
            memo.store(i, s, 5);
            if i == place {
                assert_ne!(probe(&mut memo, &[x], &[1]), Probe::Hit(5));
            }
        }
        memo.store(place, stamp, 7);
        assert_eq!(probe(&mut memo, &[100], &[1]), Probe::Hit(7));
    }
}
