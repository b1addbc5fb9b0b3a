//! The random choices of a seeded search ([`Config::seed`](crate::Config::seed)),
//! the same in every engine that randomizes, so that they visit the same
//! tree: each branching node has a random *key*, which follows from the
//! seed and the branches taken above it, so that a path replayed
//! (`descend`, a parallel task) meets the same choices. A node's key picks
//! which of the items tied under the heuristic it branches on ([`below`]
//! the number of ties, counted in item order) and which of the item's
//! options it tries first ([`option_offset`]); the others follow in order,
//! wrapping around.

/// SplitMix64's finalizer: a well-mixed 64-bit value of `z`.
#[inline]
pub(crate) fn mix(z: u64) -> u64 {
    let mut z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A number below `n` (at least 1) from a random key.
#[inline]
pub(crate) fn below(key: u64, n: u32) -> u32 {
    ((u128::from(key) * u128::from(n)) >> 64) as u32
}

/// What a node's key is mixed with for its option order, so that it does
/// not follow from its item choice.
const OPTION_SALT: u64 = 0x5851_F42D_4C95_7F2D;

/// The key of the node the search stands on, from the seed and the level
/// above it, `(key, branch, degree)`, if any: a level with one branch (a
/// forced move) passes its key on, a branching level mixes in the branch
/// taken.
#[inline]
pub(crate) fn node_key(seed: u64, parent: Option<(u64, u32, u32)>) -> u64 {
    match parent {
        None => mix(seed),
        Some((key, _, degree)) if degree <= 1 => key,
        Some((key, branch, _)) => mix(key ^ mix(u64::from(branch) + 1)),
    }
}

/// How many options down its list (of `len`) a level at a node of key
/// `key` starts.
#[inline]
pub(crate) fn option_offset(key: u64, len: u32) -> u32 {
    below(mix(key ^ OPTION_SALT), len)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn below_stays_below_and_spreads() {
        let mut seen = [0u32; 5];
        for k in 0..1000u64 {
            let r = below(mix(k), 5);
            assert!(r < 5);
            seen[r as usize] += 1;
        }
        // Each of the five values about 200 times.
        assert!(seen.iter().all(|&c| (150..250).contains(&c)), "{seen:?}");
        assert_eq!(below(u64::MAX, 1), 0);
    }

    #[test]
    fn keys_change_only_at_branches() {
        let top = node_key(7, None);
        assert_ne!(top, node_key(8, None));
        assert_eq!(node_key(7, Some((top, 0, 1))), top);
        let (a, b) = (node_key(7, Some((top, 0, 2))), node_key(7, Some((top, 1, 2))));
        assert!(a != b && a != top && b != top);
    }
}
