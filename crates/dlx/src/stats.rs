//! Search statistics.

use std::ops::AddAssign;
use std::time::Duration;

/// What a search did: the figures Knuth's programs print, plus time.
///
/// Search-tree nodes are counted as in DLX1: every node where an item is
/// chosen, plus one per solution; both engines count the same nodes. A
/// memoized count ([`Memo`](crate::Memo), the bounded engine's) counts the
/// nodes it visits: DLX3's tree less the subtrees below a repeated state.
/// Updates count list removals (one per covered item and one per node
/// removed from a list). The bit-parallel engine counts the removals
/// dancing links would make, but for each branch it tries rather than once
/// per level, so its figure runs higher (12% on queens14); in its
/// bit-sliced form ([`Engine::BitSliced`](crate::Engine::BitSliced)) it
/// removes options in bulk, unseen one by one, and counts no updates (0).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stats {
    pub(crate) nodes: u64,
    pub(crate) updates: u64,
    pub(crate) solutions: u128,
    pub(crate) max_depth: usize,
    pub(crate) elapsed: Duration,
}

impl Stats {
    /// Search-tree nodes visited (solutions included).
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// List updates (removals) made.
    pub fn updates(&self) -> u64 {
        self.updates
    }

    /// Solutions found. A count that passes `u128::MAX` (2^128 - 1) stays
    /// there: read `u128::MAX` as at least that many.
    pub fn solutions(&self) -> u128 {
        self.solutions
    }

    /// The deepest level reached: the most options chosen at once by the
    /// search (options forced with `Solver::choose` not included).
    pub fn max_depth(&self) -> usize {
        self.max_depth
    }

    /// Time spent searching.
    pub fn elapsed(&self) -> Duration {
        self.elapsed
    }

    /// Counts a search-tree node about to be entered, the one way both
    /// engines count them; returns `false`, counting nothing, if the node
    /// budget (nodes up to `pause_at`, exclusive) is spent.
    #[inline(always)]
    pub(crate) fn enter_node(&mut self, pause_at: u64) -> bool {
        if !self.has_room(pause_at) {
            return false;
        }
        self.nodes += 1;
        true
    }

    /// Whether the budget has room for one more node.
    #[inline(always)]
    pub(crate) fn has_room(&self, pause_at: u64) -> bool {
        self.nodes + 1 < pause_at
    }

    /// The statistics of a search outside this crate's engines that counts
    /// only its nodes, its deepest level and its time, to be added to an
    /// engine's with `+=`.
    ///
    /// ```
    /// use std::time::Duration;
    ///
    /// let mut total = dlx::Stats::default();
    /// total += dlx::Stats::from_nodes(120, 30, Duration::from_millis(5));
    /// assert_eq!((total.nodes(), total.updates(), total.max_depth()), (120, 0, 30));
    /// ```
    pub fn from_nodes(nodes: u64, max_depth: usize, elapsed: Duration) -> Stats {
        Stats { nodes, max_depth, elapsed, ..Stats::default() }
    }

    /// Updates per second of search time (0 if no time was measured).
    pub fn updates_per_second(&self) -> f64 {
        let s = self.elapsed.as_secs_f64();
        if s > 0.0 { self.updates as f64 / s } else { 0.0 }
    }
}

impl AddAssign for Stats {
    fn add_assign(&mut self, rhs: Stats) {
        self.nodes += rhs.nodes;
        self.updates += rhs.updates;
        self.solutions = self.solutions.saturating_add(rhs.solutions);
        self.max_depth = self.max_depth.max(rhs.max_depth);
        self.elapsed += rhs.elapsed;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn add_assign_sums_and_maxes() {
        let mut a = Stats { nodes: 1, updates: 2, solutions: 3, max_depth: 4, ..Stats::default() };
        let b = Stats { nodes: 10, updates: 20, solutions: 30, max_depth: 2, ..Stats::default() };
        a += b;
        assert_eq!((a.nodes(), a.updates(), a.solutions(), a.max_depth()), (11, 22, 33, 4));
        assert_eq!(a.updates_per_second(), 0.0);
    }
}
