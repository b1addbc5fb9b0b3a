//! Unchecked access to the node arena, for the innermost loops only.
//!
//! PERF: `hide` and `unhide` do almost all of the search's work: one read
//! and three writes per node, at indices loaded from the arena itself, so
//! the compiler cannot prove them in bounds. Skipping the bounds checks
//! there measurably speeds the search up (see `benches/` and the README).
//!
//! The invariant that makes this sound: every `up`, `down` and `top` value
//! stored in an option node is the index of a node of the same arena.
//! `Matrix::new` establishes it (it only stores indices of nodes it has
//! pushed), the arena never shrinks, and the dance steps only ever store
//! values they read from the arena, or indices of nodes they walk. Every
//! access is still checked in debug builds, and the test suite runs under
//! Miri.

use crate::matrix::Node;

/// A view of the arena (or of the item links, which obey the same
/// invariant) that reads and writes without bounds checks.
pub(crate) struct Arena<'a, T = Node> {
    nodes: *mut T,
    len: usize,
    _marker: std::marker::PhantomData<&'a mut [T]>,
}

impl<'a, T: Copy> Arena<'a, T> {
    #[inline(always)]
    pub(crate) fn new(nodes: &'a mut [T]) -> Arena<'a, T> {
        Arena { nodes: nodes.as_mut_ptr(), len: nodes.len(), _marker: std::marker::PhantomData }
    }

    #[inline(always)]
    pub(crate) fn get(&self, i: u32) -> T {
        debug_assert!((i as usize) < self.len);
        // SAFETY: `i` was read from the arena (or is a node being walked),
        // so it is in bounds by the invariant in the module docs; the
        // pointer is valid for `len` elements and uniquely borrowed for 'a.
        unsafe { *self.nodes.add(i as usize) }
    }
}

/// A read-only view without bounds checks, for the item-choice scan.
pub(crate) struct View<'a, T> {
    items: &'a [T],
}

impl<'a, T: Copy> View<'a, T> {
    #[inline(always)]
    pub(crate) fn new(items: &'a [T]) -> View<'a, T> {
        View { items }
    }

    #[inline(always)]
    pub(crate) fn get(&self, i: u32) -> T {
        debug_assert!((i as usize) < self.items.len());
        // SAFETY: `i` is an item index read from the item links, which only
        // ever hold indices of items (module docs).
        unsafe { *self.items.get_unchecked(i as usize) }
    }
}

impl Arena<'_, Node> {
    #[inline(always)]
    pub(crate) fn set_up(&self, i: u32, up: u32) {
        debug_assert!((i as usize) < self.len);
        // SAFETY: as in `get`; no reference into the arena is live here.
        unsafe { (*self.nodes.add(i as usize)).up = up }
    }

    #[inline(always)]
    pub(crate) fn set_down(&self, i: u32, down: u32) {
        debug_assert!((i as usize) < self.len);
        // SAFETY: as in `get`; no reference into the arena is live here.
        unsafe { (*self.nodes.add(i as usize)).down = down }
    }

    /// Adds `delta` (wrapping) to the `top` field: a header's list length.
    #[inline(always)]
    pub(crate) fn add_top(&self, i: u32, delta: u32) {
        debug_assert!((i as usize) < self.len);
        // SAFETY: as in `get`; no reference into the arena is live here.
        unsafe {
            let n = self.nodes.add(i as usize);
            (*n).top = (*n).top.wrapping_add(delta);
        }
    }
}
