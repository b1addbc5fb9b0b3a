//! Estimates: Knuth's random-path estimate of a search ([`Estimate`], made
//! by [`Solver::estimate`](crate::Solver::estimate)) and the fraction of a
//! tree explored so far, from the branches taken.

/// The result of [`Solver::estimate`](crate::Solver::estimate): Knuth's Monte Carlo estimate of
/// the size of the search tree and of the number of solutions.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Estimate {
    /// How many random paths were walked.
    pub samples: u64,
    /// Estimated search-tree nodes (as counted by [`Stats::nodes`](crate::Stats::nodes)).
    pub nodes: f64,
    /// Standard error of `nodes`.
    pub nodes_stderr: f64,
    /// Estimated number of solutions.
    pub solutions: f64,
    /// Standard error of `solutions`.
    pub solutions_stderr: f64,
    /// The deepest path walked.
    pub max_depth: usize,
    /// Time the estimate took.
    pub elapsed: std::time::Duration,
}

/// Running mean and variance (Welford's method).
#[derive(Default)]
pub(crate) struct Welford {
    n: f64,
    pub(crate) mean: f64,
    m2: f64,
}

impl Welford {
    pub(crate) fn push(&mut self, x: f64) {
        self.n += 1.0;
        let delta = x - self.mean;
        self.mean += delta / self.n;
        self.m2 += delta * (x - self.mean);
    }

    pub(crate) fn stderr(&self) -> f64 {
        if self.n < 2.0 { f64::INFINITY } else { (self.m2 / (self.n - 1.0) / self.n).sqrt() }
    }
}

/// xorshift64*: small, fast, and good enough to pick branches.
pub(crate) fn next_random(state: &mut u64) -> u64 {
    let mut x = *state;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *state = x;
    x.wrapping_mul(0x2545_F491_4F6C_DD1D)
}

/// Knuth's estimate of the fraction of a search tree explored, from the
/// branch taken at each level (from 0) out of how many: branch `k` of `d`
/// at the top stands for `k / d` of the tree done, and so on down, plus
/// half of the subtree at the bottom.
pub(crate) fn fraction(levels: impl Iterator<Item = (u32, u32)>) -> f64 {
    let (mut f, mut fd) = (0.0, 1.0);
    for (branch, degree) in levels {
        let d = f64::from(degree.max(branch + 1));
        fd *= d;
        f += f64::from(branch) / fd;
    }
    f + 0.5 / fd
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fraction_of_a_uniform_tree() {
        assert_eq!(fraction(std::iter::empty()), 0.5);
        // Second of two branches, then first of two: 1/2 + 0/4 + 1/8.
        assert_eq!(fraction([(1, 2), (0, 2)].into_iter()), 0.625);
    }

    #[test]
    fn welford_mean_and_error() {
        let mut w = Welford::default();
        for x in [1.0, 2.0, 3.0, 4.0] {
            w.push(x);
        }
        assert_eq!(w.mean, 2.5);
        assert!((w.stderr() - (5.0f64 / 3.0 / 4.0).sqrt()).abs() < 1e-12);
    }
}
