//! The plane arithmetic of [`Sliced`]: slots cleared and copied a
//! [`CHUNK`] at a time, the planes of a group added up (`ones_twos`,
//! `count_bits`), counts spread into lanes (`spread`), and `by_planes!`,
//! which monomorphizes the loops over the planes.

use super::{MAX_DEGREE, SliceMatrix, Sliced};
use crate::bits::dominance::DOMINANCE_MAX;

/// Slots are cleared and copied this many words at a time, from their
/// start (a slot's words are a multiple of it): whole vectors, with no
/// checks for overlap or odd words at the end, and the same stores every
/// time (see the invariant in ARCHITECTURE.md).
pub(super) const CHUNK: usize = 16;

/// Chunk `c` of `words`, copied out.
#[inline(always)]
pub(super) fn chunk(words: &[u64], c: usize) -> [u64; CHUNK] {
    words[c * CHUNK..(c + 1) * CHUNK].try_into().expect("a whole chunk")
}

/// `x` without the bits of chunk `c` of `row`.
#[inline(always)]
pub(super) fn and_not(mut x: [u64; CHUNK], row: &[u64], c: usize) -> [u64; CHUNK] {
    for (x, k) in x.iter_mut().zip(chunk(row, c)) {
        *x &= !k;
    }
    x
}

/// The most bits a count takes (of at most [`MAX_DEGREE`]).
pub(super) const MAX_COUNT_BITS: usize = 7;

/// Runs `$body` with `$p` a constant: the number of planes per group, for
/// the counts that occur most (a 9x9 sudoku's 10), else 0 (any number).
/// Loops of fixed length, unrolled, are measurably faster.
macro_rules! by_planes {
    ($planes:expr, $p:ident => $body:expr) => {
        match $planes {
            5 => {
                const $p: usize = 5;
                $body
            }
            7 => {
                const $p: usize = 7;
                $body
            }
            9 => {
                const $p: usize = 9;
                $body
            }
            10 => {
                const $p: usize = 10;
                $body
            }
            13 => {
                const $p: usize = 13;
                $body
            }
            17 => {
                const $p: usize = 17;
                $body
            }
            _ => {
                const $p: usize = 0;
                $body
            }
        }
    };
}
pub(super) use by_planes;

/// The planes per group: `P`, or the matrix's if `P` is 0.
#[inline(always)]
pub(super) fn planes<const P: usize>(t: &SliceMatrix) -> usize {
    if P == 0 { t.planes } else { P }
}

/// The bits of a count in [`Sliced::lanes`]: 4 where `P` is known and
/// counts stay below 16 (a 9x9 sudoku's), else 8.
#[inline(always)]
pub(super) const fn lane_bits<const P: usize>() -> usize {
    if P != 0 && P <= 16 { 4 } else { 8 }
}

/// Bit `k` of `x` moved to bit `W * k`, for the `64 / W` low bits of `x`
/// (`W` is 4 or 8), with shifts and masks: what BMI2's `pdep` does in one
/// instruction, for CPUs without it.
#[inline(always)]
pub(super) fn spread<const W: usize>(x: u64) -> u64 {
    if W == 4 {
        let x = x & 0xFFFF;
        let x = (x | x << 24) & 0x0000_00FF_0000_00FF;
        let x = (x | x << 12) & 0x000F_000F_000F_000F;
        let x = (x | x << 6) & 0x0303_0303_0303_0303;
        (x | x << 3) & 0x1111_1111_1111_1111
    } else {
        let x = x & 0xFF;
        let x = (x | x << 28) & 0x0000_000F_0000_000F;
        let x = (x | x << 14) & 0x0003_0003_0003_0003;
        (x | x << 7) & 0x0101_0101_0101_0101
    }
}

/// The bits a count takes: enough for `P - 1`, or the matrix's if `P` is 0.
#[inline(always)]
pub(super) fn count_bits<const P: usize>(t: &SliceMatrix) -> usize {
    if P == 0 { t.count_bits } else { (usize::BITS - (P - 1).leading_zeros()) as usize }
}

// The dominance pass (`dominance.rs`) looks for items with exactly two
// options.
const _: () = assert!(DOMINANCE_MAX == 2);

/// Which bits are set in at least one word of `x`, and in at least two.
/// With the number of planes `P` known (not 0), added up as a tree, which
/// the compiler unrolls: fewer values live at once than in a running sum
/// (no spills to the stack), and independent halves.
#[inline(always)]
pub(super) fn ones_twos<const P: usize>(x: &[u64]) -> (u64, u64) {
    if P == 0 {
        let (mut ones, mut twos) = (0, 0);
        for &x in x {
            twos |= ones & x;
            ones |= x;
        }
        return (ones, twos);
    }
    // Two planes side by side, as `[u64; 2]` lanes, added up as a tree,
    // then the two halves, then an odd plane left over. Measured against a
    // tree of single words: 2% fewer instructions, forum sample +3-5%,
    // 17-clue +0.5-1% (`--example speed`, 15 interleaved rounds).
    let or = |a: [u64; 2], b: [u64; 2]| [a[0] | b[0], a[1] | b[1]];
    let and = |a: [u64; 2], b: [u64; 2]| [a[0] & b[0], a[1] & b[1]];
    let mut n = x.len() / 2;
    let (mut ones, mut twos) = ([[0u64; 2]; MAX_DEGREE / 2], [[0u64; 2]; MAX_DEGREE / 2]);
    for (k, o) in ones[..n].iter_mut().enumerate() {
        *o = [x[2 * k], x[2 * k + 1]];
    }
    while n > 1 {
        let half = n / 2;
        for k in 0..half {
            let (a, b) = (ones[2 * k], ones[2 * k + 1]);
            twos[k] = or(or(twos[2 * k], twos[2 * k + 1]), and(a, b));
            ones[k] = or(a, b);
        }
        if n % 2 == 1 {
            ones[half] = ones[n - 1];
            twos[half] = twos[n - 1];
        }
        n = half + n % 2;
    }
    let [a, b] = ones[0];
    let (mut ones, mut twos) = (a | b, twos[0][0] | twos[0][1] | (a & b));
    if x.len() % 2 == 1 {
        let x = x[x.len() - 1];
        twos |= ones & x;
        ones |= x;
    }
    (ones, twos)
}

impl Sliced<'_> {
    /// Clears option `o`'s mask from slot `level`, without a scan.
    #[inline(always)]
    pub(super) fn clear(&mut self, level: usize, o: usize) {
        let words = self.t.words;
        let slot = &mut self.state[level * words..(level + 1) * words];
        let row = &self.t.table[o * words..(o + 1) * words];
        for c in 0..words / CHUNK {
            let y = and_not(chunk(slot, c), row, c);
            slot[c * CHUNK..(c + 1) * CHUNK].copy_from_slice(&y);
        }
    }

    /// Copies slot `level - 1` into slot `level` (making room for it) and
    /// clears option `o`'s mask from the copy, if any, a [`CHUNK`] at a
    /// time as [`clear`](Self::clear) does (the slot was just written
    /// so; a copy in other sizes would wait on the stores).
    #[inline(always)]
    pub(super) fn copy_clear(&mut self, level: usize, o: Option<usize>) {
        if self.forced_slot >= level {
            self.forced_slot = usize::MAX;
        }
        let words = self.t.words;
        if self.state.len() < (level + 1) * words {
            self.state.resize((level + 1) * words, 0);
        }
        let (before, after) = self.state.split_at_mut(level * words);
        let (from, to) = (&before[(level - 1) * words..], &mut after[..words]);
        let row = o.map(|o| &self.t.table[o * words..(o + 1) * words]);
        for c in 0..words / CHUNK {
            let y = chunk(from, c);
            let y = row.map_or(y, |row| and_not(y, row, c));
            to[c * CHUNK..(c + 1) * CHUNK].copy_from_slice(&y);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fast::Bmi2;

    /// Bit `k` of `x` at bit `w * k`, one bit at a time.
    fn spread_slowly(x: u64, w: usize) -> u64 {
        (0..64 / w).map(|k| (x >> k & 1) << (w * k)).fold(0, |a, b| a | b)
    }

    #[test]
    fn spread_matches_a_plain_loop_and_pdep() {
        let bmi2 = Bmi2::detect();
        // Every 16-bit value (a sample under Miri, which is slow).
        for x in (0..1u64 << 16).step_by(if cfg!(miri) { 257 } else { 1 }) {
            // High bits past the lanes are ignored.
            let x = x | 0xDEAD_0000_0000_0000;
            assert_eq!(spread::<4>(x), spread_slowly(x, 4), "{x:#x}");
            assert_eq!(spread::<8>(x), spread_slowly(x, 8), "{x:#x}");
            if let Some(bmi2) = bmi2 {
                assert_eq!(bmi2.deposit(x, u64::MAX / 15), spread::<4>(x));
                assert_eq!(bmi2.deposit(x, u64::MAX / 255), spread::<8>(x));
            }
        }
    }
}
