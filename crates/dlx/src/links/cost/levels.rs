//! The level operations of a minimum-cost search, and the dance steps they
//! need: covering and purifying only the options within a threshold (the
//! affordable ones, at the front of the sorted lists), and undoing exactly
//! that with the same threshold, as DLX5 does.

use super::Links;
use crate::arena::{DONE, Node, SPACER};
use crate::dance::Dance;
use crate::links::Frame;

impl Dance {
    /// The last node of item `i`'s list, from the top, whose option's
    /// reduced cost is at most `limit` (`i` itself if none).
    #[inline(always)]
    fn last_within(&self, i: u32, limit: u64, reduced: &[u64]) -> u32 {
        let (mut last, mut p) = (i, self.nodes[i as usize].down);
        while p != i && reduced[p as usize] <= limit {
            last = p;
            p = self.nodes[p as usize].down;
        }
        last
    }

    /// Covers item `i`, hiding only the options within `limit`.
    #[inline(always)]
    fn cover_within<const C: bool>(&mut self, i: u32, limit: u64, reduced: &[u64]) {
        self.cover_while::<C>(i, |p| reduced[p as usize] <= limit);
    }

    /// Undoes [`cover_within`](Self::cover_within) with the same `limit`.
    #[inline(always)]
    fn uncover_within<const C: bool>(&mut self, i: u32, limit: u64, reduced: &[u64]) {
        let last = self.last_within(i, limit, reduced);
        self.uncover_from::<C>(i, last);
    }

    /// Keeps, of the options within `limit`, only those that give `p`'s
    /// item `p`'s color.
    fn purify_within(&mut self, p: u32, limit: u64, reduced: &[u64]) {
        self.purify_while(p, |q| reduced[q as usize] <= limit);
    }

    /// Undoes [`purify_within`](Self::purify_within) with the same `limit`.
    fn unpurify_within(&mut self, p: u32, limit: u64, reduced: &[u64]) {
        let i = self.nodes[p as usize].top;
        let last = self.last_within(i, limit, reduced);
        self.unpurify_from(p, last);
    }

    /// Commits every node of `x`'s option except `x`, left to right, within
    /// `limit`.
    #[inline(always)]
    fn commit_others_within<const C: bool>(&mut self, x: u32, limit: u64, reduced: &[u64]) {
        let mut p = x + 1;
        while p != x {
            let Node { top: j, color, up, .. } = self.nodes[p as usize];
            if j == SPACER {
                p = up;
                continue;
            }
            if !C || color == 0 {
                self.cover_within::<C>(j, limit, reduced);
            } else if color != DONE {
                self.purify_within(p, limit, reduced);
            }
            p += 1;
        }
    }

    /// Undoes [`commit_others_within`](Self::commit_others_within), right to
    /// left, with the same `limit`.
    #[inline(always)]
    fn uncommit_others_within<const C: bool>(&mut self, x: u32, limit: u64, reduced: &[u64]) {
        let mut p = x - 1;
        while p != x {
            let Node { top: j, color, down, .. } = self.nodes[p as usize];
            if j == SPACER {
                p = down;
                continue;
            }
            if !C || color == 0 {
                self.uncover_within::<C>(j, limit, reduced);
            } else if color != DONE {
                self.unpurify_within(p, limit, reduced);
            }
            p -= 1;
        }
    }
}

impl Links<'_> {
    /// Enters a level that branches on item `i` (with `degree` affordable
    /// options): covers it within the current threshold and stands on its
    /// first option.
    #[inline(always)]
    pub(in crate::links) fn open_level_costed<const C: bool>(&mut self, i: u32, degree: u32) {
        let c = self.cost.as_deref_mut().expect("a costed search");
        let limit = c.limit();
        c.limits.push([limit, 0]);
        self.dance.cover_within::<C>(i, limit, &c.reduced);
        let x = self.dance.nodes[i as usize].down;
        let frame =
            Frame { item: i, choice: x, first_tweak: x, branch: 0, degree, start: x, key: 0 };
        self.walk.frames.push(frame);
    }

    /// Commits the top level's current option. Returns `false`, committing
    /// nothing, when the level has no option left or the current one (and
    /// so every later one) is not affordable.
    #[inline(always)]
    pub(in crate::links) fn try_choice_costed<const C: bool>(&mut self) -> bool {
        let Frame { item: i, choice: x, .. } = *self.walk.frames.last().expect("a level is open");
        let c = self.cost.as_deref_mut().expect("a costed search");
        if x == i || c.beyond(c.reduced(x)) {
            return false;
        }
        c.level += c.reduced(x);
        let limit = c.limit();
        c.limits.last_mut().expect("a level is open")[1] = limit;
        self.dance.commit_others_within::<C>(x, limit, &c.reduced);
        true
    }

    /// Undoes the top level's committed option and moves to the next one.
    #[inline(always)]
    pub(in crate::links) fn undo_choice_costed<const C: bool>(&mut self) {
        let f = self.walk.frames.last_mut().expect("a level is open");
        let c = self.cost.as_deref_mut().expect("a costed search");
        let limit = c.limits.last().expect("a level is open")[1];
        self.dance.uncommit_others_within::<C>(f.choice, limit, &c.reduced);
        c.level -= c.reduced(f.choice);
        f.choice = self.dance.nodes[f.choice as usize].down;
        f.branch += 1;
    }

    /// Leaves the top level, restoring its item.
    #[inline(always)]
    pub(in crate::links) fn close_level_costed<const C: bool>(&mut self) {
        let f = self.walk.frames.pop().expect("a level is open");
        let c = self.cost.as_deref_mut().expect("a costed search");
        let [limit, _] = c.limits.pop().expect("a level is open");
        self.dance.uncover_within::<C>(f.item, limit, &c.reduced);
    }

    /// Takes back every choice of a costed search.
    pub(in crate::links) fn unwind_costed<const C: bool>(&mut self) {
        while !self.walk.frames.is_empty() {
            self.undo_choice_costed::<C>();
            self.close_level_costed::<C>();
        }
    }
}
