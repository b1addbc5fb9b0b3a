//! The level operations of [`Links`]: entering a level, committing its
//! current choice, undoing it for the next, and leaving the level. They are
//! the only code that changes the links.

use super::{Frame, Links};
use crate::arena::Node;
use crate::random::option_offset;

impl Links<'_> {
    /// Enters a level that branches on item `i`: covers it (or, under
    /// Algorithm M, uses up one unit of its bound) and stands on its first
    /// option.
    #[inline(always)]
    pub(super) fn open_level<const C: bool, const M: bool>(&mut self, i: u32, degree: u32) {
        let d = &mut self.dance;
        if M {
            let b = d.bound[i as usize] - 1;
            d.bound[i as usize] = b;
            if b == 0 {
                d.cover::<C>(i);
            }
        } else {
            d.cover::<C>(i);
        }
        let mut x = d.nodes[i as usize].down;
        let first_tweak = x;
        let mut key = 0;
        if !M {
            if let Some(k) = self.node_key() {
                key = k;
                for _ in 0..option_offset(k, self.dance.len(i)) {
                    x = self.dance.nodes[x as usize].down;
                }
            }
        }
        self.walk.frames.push(Frame {
            item: i,
            choice: x,
            first_tweak,
            branch: 0,
            degree,
            start: x,
            key,
        });
    }

    /// The option the top level tries after `choice`: the next in the
    /// item's list, wrapping around past the item, or the item itself when
    /// the list is back at the level's first option (no choice left). Not
    /// under Algorithm M, whose levels go down the list from its top.
    #[inline(always)]
    pub(super) fn next_choice(nodes: &[Node], f: &Frame) -> u32 {
        let mut x = nodes[f.choice as usize].down;
        if x == f.item {
            x = nodes[x as usize].down;
        }
        if x == f.start { f.item } else { x }
    }

    /// Commits the top level's current choice. Returns `false`, committing
    /// nothing, when the level has no choice left.
    #[inline(always)]
    pub(super) fn try_choice<const C: bool, const M: bool>(&mut self) -> bool {
        let np = self.num_primary;
        let Frame { item: i, choice: x, .. } = *self.walk.frames.last().unwrap();
        let d = &mut self.dance;
        if !M {
            if x == i {
                return false;
            }
            d.commit_others::<C, false>(x, np);
        } else if d.bound[i as usize] == 0 {
            if x != i {
                d.commit_others::<C, true>(x, np);
            } else if d.bound.slack(i) == 0 {
                return false;
            }
            // else: the null move; `i` is covered already.
        } else {
            let need = d.bound[i as usize] as i64 - d.bound.slack(i) as i64;
            if (d.len(i) as i64) <= need {
                return false;
            }
            if x != i {
                d.tweak::<C>(x, i);
                d.commit_others::<C, true>(x, np);
            } else {
                // The null move: no more options for `i` at all.
                d.deactivate(i);
            }
        }
        true
    }

    /// Undoes the top level's committed choice and moves to the next one.
    /// Returns `false` when that was the level's last choice.
    #[inline(always)]
    pub(super) fn undo_choice<const C: bool, const M: bool>(&mut self) -> bool {
        let np = self.num_primary;
        let f = self.walk.frames.last_mut().unwrap();
        let (i, x) = (f.item, f.choice);
        let d = &mut self.dance;
        if M && x == i {
            if d.bound[i as usize] != 0 {
                d.reactivate(i);
            }
            return false;
        }
        d.uncommit_others::<C, M>(x, np);
        f.choice = if M { d.nodes[x as usize].down } else { Self::next_choice(&d.nodes, f) };
        f.branch += 1;
        true
    }

    /// Leaves the top level, restoring its item.
    #[inline(always)]
    pub(super) fn close_level<const C: bool, const M: bool>(&mut self) {
        let f = self.walk.frames.pop().unwrap();
        let i = f.item;
        let d = &mut self.dance;
        if !M {
            d.uncover::<C>(i);
        } else {
            if d.bound[i as usize] == 0 {
                d.uncover::<C>(i);
            } else {
                d.untweak::<C>(i, f.first_tweak);
            }
            d.bound[i as usize] += 1;
        }
    }
}
