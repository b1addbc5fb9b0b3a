//! The memo of the nested searches: what a chain search found on a
//! grid, kept for the next time the same grid comes back. Each thread has
//! one; a step searched on several threads shares the searching thread's
//! with its helpers ([`shared`], [`adopt`]).

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use super::advanced::Deduction;
use crate::human::candidates::Mask;

/// The grids whose nested deductions are remembered, per thread (and its
/// helpers): the last half of them at least.
const MEMO_GRIDS: usize = 4096;

/// A remembered search: its rule, the rules' links
/// ([`Layout::fingerprint`](super::links::Layout::fingerprint)), the grid a chain started from, the grid it
/// made, and what the search ruled out there.
pub(super) struct Remembered {
    pub rule: u8,
    pub links: u64,
    pub source: Box<[Mask]>,
    pub work: Box<[Mask]>,
    pub found: Vec<Deduction>,
}

/// The deductions of the nested searches met lately, by a hash of their
/// key (the key itself kept to tell collisions apart, so that a lookup
/// allocates nothing), in two generations: once the recent one holds half
/// of [`MEMO_GRIDS`], it becomes the older one and the older is dropped.
#[derive(Default)]
pub(super) struct Memo {
    recent: HashMap<u64, Vec<Remembered>>,
    older: HashMap<u64, Vec<Remembered>>,
}

impl Memo {
    /// What was found on the search filed under `hash` that is `same`.
    pub fn get(&self, hash: u64, same: impl Fn(&Remembered) -> bool) -> Option<Vec<Deduction>> {
        self.find(hash, same).map(|r| r.found.clone())
    }

    /// The search filed under `hash` that is `same`.
    fn find(&self, hash: u64, same: impl Fn(&Remembered) -> bool) -> Option<&Remembered> {
        [&self.recent, &self.older].into_iter().find_map(|m| m.get(&hash)?.iter().find(|r| same(r)))
    }

    /// Files `remembered` under `hash`, unless a search that is `same` is
    /// filed already.
    pub fn insert(
        &mut self,
        hash: u64,
        remembered: Remembered,
        same: impl Fn(&Remembered) -> bool,
    ) {
        if self.find(hash, &same).is_some() {
            return;
        }
        if self.recent.len() >= MEMO_GRIDS / 2 {
            self.older = std::mem::take(&mut self.recent);
        }
        self.recent.entry(hash).or_default().push(remembered);
    }
}

thread_local! {
    /// This thread's [`Memo`], shared with the helpers of a step searched
    /// on several threads. A level runs the chains of the level below
    /// again (level 3 seeks level 2's forcing chains first, and the same
    /// grids come back), and the nested searches are most of a rung's
    /// time.
    static MEMO: RefCell<Arc<Mutex<Memo>>> = RefCell::default();
}

/// Runs `f` on this thread's memo.
pub(super) fn with_memo<T>(f: impl FnOnce(&mut Memo) -> T) -> T {
    MEMO.with(|m| f(&mut m.borrow().lock().unwrap_or_else(PoisonError::into_inner)))
}

/// This thread's memo, for the helpers of a step to [`adopt`].
pub(super) fn shared() -> Arc<Mutex<Memo>> {
    MEMO.with(|m| m.borrow().clone())
}

/// Makes `memo` this thread's.
pub(super) fn adopt(memo: Arc<Mutex<Memo>>) {
    MEMO.with(|m| *m.borrow_mut() = memo);
}

/// Gives this thread a memo of its own, empty.
#[cfg(test)]
pub(super) fn forget() {
    adopt(Arc::default());
}

/// How many searches the memo holds.
#[cfg(test)]
pub(super) fn len() -> usize {
    with_memo(|m| m.recent.values().chain(m.older.values()).flatten().count())
}

/// Whether a search is filed under `hash`.
#[cfg(test)]
pub(super) fn holds(hash: u64) -> bool {
    with_memo(|m| m.recent.contains_key(&hash) || m.older.contains_key(&hash))
}
