//! Counts of live options per item, and the vector scans over them.

/// Counts are scanned this many at a time; a multiple of 8.
pub(super) const LANES: usize = 16;

/// A count of live options per item: `u8` when no item has more than 254
/// options (a sudoku), `u16` otherwise (a pentomino's pieces). The largest
/// value marks a covered item.
pub(crate) trait Count: Copy + Ord + std::fmt::Debug + Send + Sync + 'static {
    /// The count of a covered item.
    const COVERED: Self;
    fn from_u32(x: u32) -> Self;
    fn to_u32(self) -> u32;
    /// Subtracts one, wrapping (only the scratch slot ever wraps).
    fn dec(self) -> Self;
    /// The index of the first element equal to `x`, which must occur.
    fn first_equal(xs: &[Self], x: Self) -> usize;

    /// Bit `k` set where `chunk[k] == x`.
    #[inline(always)]
    fn equal_mask(chunk: &[Self; LANES], x: Self) -> u32 {
        let mut mask = 0;
        for (k, &c) in chunk.iter().enumerate() {
            mask |= u32::from(c == x) << k;
        }
        mask
    }

    /// Bit `k` set where `now[k] <= limit[k]` and `now[k] != seen[k]`;
    /// limits below 127.
    #[inline(always)]
    fn changed_within(now: &[Self; LANES], seen: &[Self; LANES], limit: &[Self; LANES]) -> u32 {
        let mut mask = 0;
        for k in 0..LANES {
            mask |= u32::from(now[k] <= limit[k] && now[k] != seen[k]) << k;
        }
        mask
    }
}

/// The classic "has a zero byte" test, on the eight bytes of a `u64`: after
/// `xor` with the pattern, it marks the first match exactly (false marks can
/// only follow a true one).
#[inline(always)]
fn first_zero_byte(v: u64) -> Option<usize> {
    let zero = v.wrapping_sub(0x0101_0101_0101_0101) & !v & 0x8080_8080_8080_8080;
    (zero != 0).then(|| (zero.trailing_zeros() / 8) as usize)
}

/// Whether `x` occurs in `chunk`; written so that it compiles to one vector
/// compare and a mask.
#[inline(always)]
fn holds<T: Count, const N: usize>(chunk: &[T; N], x: T) -> bool {
    let mut any = false;
    for &c in chunk {
        any |= c == x;
    }
    any
}

/// `0x01` and `0x80` in every byte.
const LOW: u64 = 0x0101_0101_0101_0101;
const HIGH: u64 = 0x8080_8080_8080_8080;

/// The high bit of each byte of `v` below the same byte of `n` (each at
/// most 127), exactly: with each byte's high bit set first, no subtraction
/// borrows from the next.
#[inline(always)]
fn bytes_below(v: u64, n: u64) -> u64 {
    !((v | HIGH) - n) & !v & HIGH
}

/// The high bit of each byte of `v` that is not zero, exactly.
#[inline(always)]
fn bytes_nonzero(v: u64) -> u64 {
    (((v & !HIGH) + !HIGH) | v) & HIGH
}

/// Packs the high bits of the bytes of `v` (nothing else set) into a
/// byte, the first byte's to bit 0: the multiply moves each to its place in
/// the top byte without carries.
#[inline(always)]
fn pack_high_bits(v: u64) -> u32 {
    ((v >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32
}

impl Count for u8 {
    const COVERED: u8 = u8::MAX;

    #[inline(always)]
    fn from_u32(x: u32) -> u8 {
        x as u8
    }

    #[inline(always)]
    fn to_u32(self) -> u32 {
        u32::from(self)
    }

    #[inline(always)]
    fn dec(self) -> u8 {
        self.wrapping_sub(1)
    }

    #[inline(always)]
    fn first_equal(xs: &[u8], x: u8) -> usize {
        let pattern = u64::from_le_bytes([x; 8]);
        for (k, chunk) in xs.chunks_exact(16).enumerate() {
            let chunk: &[u8; 16] = chunk.try_into().expect("16 bytes");
            if holds(chunk, x) {
                let (lo, hi) = chunk.split_at(8);
                let lo = u64::from_le_bytes(lo.try_into().expect("8 bytes")) ^ pattern;
                let hi = u64::from_le_bytes(hi.try_into().expect("8 bytes")) ^ pattern;
                let i = first_zero_byte(lo).or_else(|| first_zero_byte(hi).map(|i| i + 8));
                return k * 16 + i.unwrap_or(0);
            }
        }
        0
    }

    #[inline(always)]
    fn equal_mask(chunk: &[u8; LANES], x: u8) -> u32 {
        let word = |x: &[u8]| u64::from_le_bytes(x.try_into().expect("8 bytes"));
        let pattern = u64::from_le_bytes([x; 8]);
        // A byte of `v ^ pattern` is zero exactly where the count is `x`.
        let lo = bytes_below(word(&chunk[..8]) ^ pattern, LOW);
        let hi = bytes_below(word(&chunk[8..]) ^ pattern, LOW);
        pack_high_bits(lo) | pack_high_bits(hi) << 8
    }

    #[inline(always)]
    fn changed_within(now: &[u8; LANES], seen: &[u8; LANES], limit: &[u8; LANES]) -> u32 {
        let word = |x: &[u8]| u64::from_le_bytes(x.try_into().expect("8 bytes"));
        let mut mask = 0;
        for half in 0..2 {
            let r = 8 * half..8 * half + 8;
            let (v, s, n) = (word(&now[r.clone()]), word(&seen[r.clone()]), word(&limit[r]));
            let hits = bytes_below(v, n + LOW) & bytes_nonzero(v ^ s);
            mask |= pack_high_bits(hits) << (8 * half);
        }
        mask
    }
}

impl Count for u16 {
    const COVERED: u16 = u16::MAX;

    #[inline(always)]
    fn from_u32(x: u32) -> u16 {
        x as u16
    }

    #[inline(always)]
    fn to_u32(self) -> u32 {
        u32::from(self)
    }

    #[inline(always)]
    fn dec(self) -> u16 {
        self.wrapping_sub(1)
    }

    #[inline(always)]
    fn first_equal(xs: &[u16], x: u16) -> usize {
        for (k, chunk) in xs.chunks_exact(8).enumerate() {
            let chunk: &[u16; 8] = chunk.try_into().expect("8 counts");
            if holds(chunk, x) {
                return k * 8 + chunk.iter().position(|&c| c == x).unwrap_or(0);
            }
        }
        0
    }
}

/// The smallest count (`T::COVERED` if there are none); `counts.len()` is a
/// multiple of [`LANES`]. Written lane by lane so that it compiles to
/// vector minimums.
#[inline(always)]
pub(super) fn minimum<T: Count>(counts: &[T]) -> T {
    let mut lanes = [T::COVERED; LANES];
    for chunk in counts.chunks_exact(LANES) {
        let chunk: &[T; LANES] = chunk.try_into().expect("LANES counts");
        for k in 0..LANES {
            lanes[k] = lanes[k].min(chunk[k]);
        }
    }
    let mut m = T::COVERED;
    for l in lanes {
        m = m.min(l);
    }
    m
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn minimum_and_first_equal() {
        fn check<T: Count + From<u8>>() {
            let mut xs = vec![T::COVERED; 48];
            assert_eq!(minimum(&xs), T::COVERED);
            xs[37] = T::from(3);
            xs[41] = T::from(3);
            xs[45] = T::from(7);
            assert_eq!(minimum(&xs), T::from(3));
            assert_eq!(T::first_equal(&xs, T::from(3)), 37);
            assert_eq!(T::first_equal(&xs, T::from(7)), 45);
            // A lane one above the pattern must not be mistaken for it.
            xs[2] = T::from(4);
            xs[3] = T::from(1);
            assert_eq!(T::first_equal(&xs, T::from(1)), 3);
            xs[0] = T::from(0);
            assert_eq!((minimum(&xs), T::first_equal(&xs, T::from(0))), (T::from(0), 0));
        }
        check::<u8>();
        check::<u16>();
    }

    #[test]
    fn equal_mask_matches_a_plain_loop() {
        fn check<T: Count + From<u8>>() {
            let values = [0u8, 1, 2, 3, 9, 127, 128, 129, 254, 255];
            let mut seed = 0x2545_f491_4f6c_dd1du64;
            for _ in 0..if cfg!(miri) { 200 } else { 5_000 } {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let chunk: [T; LANES] = std::array::from_fn(|k| {
                    T::from(values[(seed >> (4 * k)) as usize % values.len()])
                });
                let x = T::from(values[(seed >> 60) as usize % values.len()]);
                let mut want = 0;
                for (k, &c) in chunk.iter().enumerate() {
                    want |= u32::from(c == x) << k;
                }
                assert_eq!(T::equal_mask(&chunk, x), want, "{chunk:?} {x:?}");
            }
        }
        check::<u8>();
        check::<u16>();
    }

    #[test]
    fn changed_within_matches_a_plain_loop() {
        fn check<T: Count + From<u8>>() {
            // Counts and snapshots mixing small values, values past the
            // limit, the largest ones and a byte's high bit.
            let mut seed = 0x9e37_79b9_7f4a_7c15u64;
            let mut next = || {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                seed
            };
            let values = [0u8, 1, 2, 3, 4, 5, 7, 127, 128, 129, 200, 254];
            // Miri is a thousand times slower; a few hundred cases still
            // cover every value pair.
            for _ in 0..if cfg!(miri) { 300 } else { 20_000 } {
                let mut now = [T::COVERED; LANES];
                let mut seen = [T::COVERED; LANES];
                for k in 0..LANES {
                    let r = next();
                    if r % 5 != 0 {
                        now[k] = T::from(values[(r >> 8) as usize % values.len()]);
                    }
                    seen[k] = if r >> 20 & 1 == 0 {
                        now[k]
                    } else {
                        T::from(values[(r >> 24) as usize % values.len()])
                    };
                }
                let limits = [0u8, 1, 2, 3, 4, 8, 126];
                let limit: [T; LANES] =
                    std::array::from_fn(|k| T::from(limits[(next() >> (k % 8)) as usize % 7]));
                let mut want = 0;
                for k in 0..LANES {
                    want |= u32::from(now[k] <= limit[k] && now[k] != seen[k]) << k;
                }
                assert_eq!(T::changed_within(&now, &seen, &limit), want);
            }
        }
        check::<u8>();
        check::<u16>();
    }
}
