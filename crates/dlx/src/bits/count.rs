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
}
