//! Counting under Algorithm M without walking the last levels.
//!
//! With multiplicities about half of the nodes are solutions, most of them
//! below a node where one primary item `i` is left: every option still in
//! `i`'s list then has no other primary item (a covered item hid its
//! options; an item given up by the null move had tweaked all of its own
//! out), and where it has no secondary item either, the options are
//! interchangeable. The subtree below such a node depends only on the
//! length of `i`'s list, `i`'s bound and its slack: a count ([`Lone`])
//! gives its nodes, solutions, updates and depth without touching the
//! links, exactly as the walk would find them. [`Links::count`] uses it
//! when no solution is to be reported, and only where the whole subtree
//! fits in the node budget and stays short of the solution limit, so the
//! search stops where the walk would.

use super::Links;
use crate::arena::{ROOT, SPACER};
use crate::engine::{Level, Walk, count_each};
use crate::problem::Problem;
use crate::status::Status;

/// A lone item's table is computed for at most this many (bound, list
/// length) pairs; a bigger subtree is walked.
const MAX_CELLS: usize = 1 << 12;

/// What the walk does below a node where one item is left (the node
/// itself not included). The sums saturate: a subtree of `u64::MAX` nodes
/// never fits a node budget, so it is walked.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Below {
    /// Nodes entered, solutions included.
    pub(crate) nodes: u64,
    /// Solutions (never more than the nodes).
    pub(crate) solutions: u64,
    /// Updates (covers and tweaks: the options are alone, so their hides
    /// remove nothing).
    pub(crate) updates: u64,
    /// Levels opened below the node, at the deepest.
    pub(crate) depth: u32,
}

impl Below {
    /// Adds this subtree, below the node `walk` stands on (its level not
    /// yet opened), to `walk`'s statistics but the updates (each engine
    /// keeps its own), unless that would pass the node budget or reach
    /// `stop_at` solutions: whether it did.
    #[inline(always)]
    pub(crate) fn add_to<F: Level>(self, walk: &mut Walk<F>, stop_at: u128) -> bool {
        let stats = &mut walk.stats;
        let solutions = stats.solutions.saturating_add(u128::from(self.solutions));
        // (`u128::MAX` is no limit: a count that passes it stays there.)
        if self.nodes >= walk.pause_at.saturating_sub(stats.nodes)
            || solutions >= stop_at && stop_at < u128::MAX
        {
            return false;
        }
        stats.nodes += self.nodes;
        stats.solutions = solutions;
        let depth = walk.frames.len() + self.depth as usize;
        stats.max_depth = stats.max_depth.max(depth);
        true
    }

    /// Adds a child node and the subtree below it (`child`), entered
    /// after `updates` more updates (a `tweak` 1, the null move 0).
    fn add_child(&mut self, child: Below, updates: u64) {
        self.nodes = self.nodes.saturating_add(child.nodes.saturating_add(1));
        self.solutions = self.solutions.saturating_add(child.solutions);
        self.updates = self.updates.saturating_add(child.updates.saturating_add(updates));
        self.depth = self.depth.max(child.depth + 1);
    }
}

/// The subtrees below a lone item, by slack, bound and list length,
/// computed as they are asked for.
#[derive(Debug, Clone)]
pub(crate) struct Lone {
    /// Whether every option of the problem is alone once its item is the
    /// last one (no secondary items); otherwise the list is checked.
    always_alone: bool,
    /// Per item (header index), the table of its slack.
    table_of: Vec<u32>,
    /// Per slack (`slacks`), `rows[b - 1][l]` for bound `b` and list
    /// length `l`.
    tables: Vec<Vec<Vec<Below>>>,
    slacks: Vec<u32>,
}

impl Lone {
    pub(crate) fn new(problem: &Problem) -> Lone {
        let slack = &problem.matrix.slack;
        let mut slacks: Vec<u32> = slack.clone();
        slacks.sort_unstable();
        slacks.dedup();
        let table_of = slack.iter().map(|s| slacks.binary_search(s).unwrap_or(0) as u32).collect();
        Lone {
            always_alone: problem.num_secondary() == 0,
            table_of,
            tables: vec![Vec::new(); slacks.len()],
            slacks,
        }
    }

    /// The subtree below a node whose lone item `i` has `len` options and
    /// bound `bound`; `None` if it is too big to tabulate.
    #[inline(always)]
    pub(crate) fn below(&mut self, i: u32, len: u32, bound: u32) -> Option<Below> {
        let k = self.table_of[i as usize] as usize;
        let row = self.tables[k].get((bound as usize).wrapping_sub(1));
        match row.and_then(|row| row.get(len as usize)) {
            Some(&below) => Some(below),
            None => self.tabulate(k, len, bound),
        }
    }

    /// [`below`](Self::below) where the table is not yet long enough.
    #[cold]
    #[inline(never)]
    fn tabulate(&mut self, k: usize, len: u32, bound: u32) -> Option<Below> {
        let (l, b, slack) = (len as usize, bound as usize, self.slacks[k]);
        if b == 0 || b.saturating_mul(l + 1) > MAX_CELLS {
            return None;
        }
        let rows = &mut self.tables[k];
        while rows.len() < b {
            rows.push(Vec::new());
        }
        for r in 0..b {
            if rows[r].len() <= l {
                let (done, rest) = rows.split_at_mut(r);
                extend_row(&mut rest[0], done.last().map(Vec::as_slice), r as u32 + 1, slack, l);
            }
        }
        Some(rows[b - 1][l])
    }
}

/// Extends the row of bound `bound` to lengths `0..=len`, from the row of
/// `bound - 1` (`prev`, long enough: its lengths up to `len - 1`).
///
/// The walk below a node with list length `l`, bound `b`, slack `s`: its
/// branching degree is `l + min(s, b) - b + 1`, none if that is not
/// positive. With `b = 1` the level covers the item (one update) and every
/// branch is a solution: each option, and the null move if `s > 0`. With
/// `b > 1` the options are tweaked one by one (an update each) while more
/// than `need = b - 1 - s` are left, each child a node of bound `b - 1`
/// with the options after it; the null move follows, a solution, if
/// `need < 0`.
fn extend_row(row: &mut Vec<Below>, prev: Option<&[Below]>, bound: u32, slack: u32, len: usize) {
    let need = bound as i64 - 1 - slack as i64;
    let lo = need.max(0) as usize;
    // The options' children of a node of length `l` are those of lengths
    // `lo..l`: a running sum from `lo`.
    let mut children = Below::default();
    if let Some(prev) = prev {
        for &child in prev.iter().take(row.len()).skip(lo) {
            children.add_child(child, 1);
        }
    }
    for l in row.len()..=len {
        let degree = l as i64 + slack.min(bound) as i64 - bound as i64 + 1;
        let below = if degree <= 0 {
            Below::default()
        } else if bound == 1 {
            let k = l as u64 + u64::from(slack != 0);
            Below { nodes: k, solutions: k, updates: 1, depth: 1 }
        } else {
            let mut b = children;
            if need < 0 {
                b.add_child(Below { solutions: 1, ..Below::default() }, 0);
            }
            b
        };
        row.push(below);
        if let Some(prev) = prev
            && l >= lo
        {
            children.add_child(prev[l], 1);
        }
    }
}

impl Links<'_> {
    /// [`Search::count`](crate::engine::Search::count): under Algorithm M a loop that counts solutions
    /// where it finds them and the subtrees below a lone item in one step;
    /// every other search one solution at a time.
    pub(crate) fn count(&mut self, max_nodes: u64, limit: u128) -> (u128, Status) {
        if !self.problem.has_multiplicities() || self.cost.is_some() || limit == 0 {
            return count_each(self, max_nodes, limit);
        }
        if !self.walk.begin(max_nodes) {
            return (0, Status::Done);
        }
        let before = self.walk.stats.solutions;
        let stop_at = before.saturating_add(limit);
        let status = if self.problem.has_colors() {
            self.run_with::<true, true, false, true>(stop_at)
        } else {
            self.run_with::<false, true, false, true>(stop_at)
        };
        (self.walk.stats.solutions - before, status)
    }

    /// At a node branching on item `i` (degree positive), in a count under
    /// Algorithm M: if `i` is the only primary item left and its options
    /// are alone, counts the subtree below it into the statistics and
    /// returns `true`, unless that would pass the node budget or reach
    /// `stop_at` solutions (the walk stops there, so it walks).
    #[inline(always)]
    pub(super) fn count_lone(&mut self, i: u32, stop_at: u128) -> bool {
        let links = &self.dance.links;
        if links[ROOT as usize].next != i || links[i as usize].next != ROOT {
            return false;
        }
        self.count_lone_below(i, stop_at)
    }

    #[inline(never)]
    fn count_lone_below(&mut self, i: u32, stop_at: u128) -> bool {
        let d = &self.dance;
        if !self.lone.always_alone {
            if d.len(i) == 0 {
                // Only the null move, a solution (the degree is positive):
                // covering `i` first if that used up its bound.
                let updates = u64::from(d.bound[i as usize] == 1);
                let below = Below { nodes: 1, solutions: 1, updates, depth: 1 };
                return self.add_below(below, stop_at);
            }
            let mut x = d.nodes[i as usize].down;
            while x != i {
                if d.nodes[x as usize - 1].top != SPACER || d.nodes[x as usize + 1].top != SPACER {
                    return false;
                }
                x = d.nodes[x as usize].down;
            }
        }
        let Some(below) = self.lone.below(i, d.len(i), d.bound[i as usize]) else {
            return false;
        };
        self.add_below(below, stop_at)
    }

    /// Adds the subtree `below` to the statistics, unless that would pass
    /// the node budget or reach `stop_at` solutions.
    #[inline(always)]
    fn add_below(&mut self, below: Below, stop_at: u128) -> bool {
        if !below.add_to(&mut self.walk, stop_at) {
            return false;
        }
        self.dance.updates += below.updates;
        true
    }
}
