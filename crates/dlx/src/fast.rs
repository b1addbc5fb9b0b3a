//! The crate's one module with `unsafe` code, all three parts there for
//! speed and each measured:
//!
//! - unchecked access to the dancing-links node arena, for the innermost
//!   loops ([`Arena`], [`View`]), and to values kept per item
//!   ([`PerItem`]);
//! - the bit engine's search loop, and its forcing of many options at
//!   once, compiled for AVX2 (with BMI1, BMI2 and POPCNT), run when the CPU
//!   has them ([`run`], any [`Kernel`]; for the bit-sliced form only,
//!   where it pays; the CPU's features read once, from three `cpuid`
//!   leaves);
//! - BMI2's `pdep` instruction where the CPU has it ([`Bmi2`]), for the
//!   bit-sliced form's tie-break.
//!
//! # Unchecked arena access
//!
//! PERF: `hide` and `unhide` do almost all of the search's work: one read
//! and three writes per node, at indices loaded from the arena itself, so
//! the compiler cannot prove them in bounds. Skipping the bounds checks
//! there measurably speeds the search up (see `benches/` and the README).
//!
//! The invariant that makes this sound: every `up`, `down` and `top` value
//! stored in the arena is the index of a node of the same arena (and every
//! `prev` and `next` of the item links an index of the links). The views
//! that skip the checks ([`Arena`], [`View`]) are made only from a
//! [`Valid`] vector, whose constructor checks the invariant, one pass over
//! the records, once per problem (`Matrix::new`; solvers clone it, which
//! keeps it). It has no way to shrink, and the dance steps only ever store
//! values they read from the arena, or indices of nodes they walk: an
//! option's nodes end with a spacer, whose `up` leads back to its first
//! node. Every access is still checked in debug builds, and the test suite
//! runs under Miri.
//!
//! # The bit engine's loop for AVX2
//!
//! PERF: the bit-sliced engine's moves are runs of word operations over a
//! slot of state (64 words for a 9x9 sudoku); with 256-bit vectors they
//! take half the instructions. Built for the baseline x86-64 CPU, the crate
//! cannot use them, so [`run`] calls a copy of the loop compiled with those
//! features where the CPU reports them (measured, `--example speed`: 9x9
//! sudoku 6-10% faster in the bit-sliced form; the counted form ran 37%
//! slower so compiled, and does not use it). The only requirement for
//! soundness is that the CPU has the features, which `run` checks first;
//! the code is the same safe Rust either way.

use std::ops::{Deref, DerefMut};

use crate::arena::{Link, Node};

/// A record of the arena or of the item links, whose fields hold indices
/// of the same vector.
pub(crate) trait Linked: Copy {
    /// The largest index the record holds.
    fn max_index(&self) -> u32;
}

impl Linked for Node {
    #[inline]
    fn max_index(&self) -> u32 {
        self.up.max(self.down).max(self.top)
    }
}

impl Linked for Link {
    #[inline]
    fn max_index(&self) -> u32 {
        self.prev.max(self.next)
    }
}

/// Arena records (or item links) whose every index is in bounds (see
/// [`Linked`]): checked when made, kept by the writers (module docs). The
/// views without bounds checks are made only from one. It reads and
/// writes as a slice, which cannot change its length.
#[derive(Debug, Clone)]
pub(crate) struct Valid<T>(Vec<T>);

impl<T: Linked> Valid<T> {
    /// `records`, if every index they hold is one of theirs.
    pub(crate) fn new(records: Vec<T>) -> Option<Valid<T>> {
        // The largest index, not a test per record: no branch in the pass.
        let max = records.iter().fold(0, |m, r| m.max(r.max_index()));
        ((max as usize) < records.len() || records.is_empty()).then_some(Valid(records))
    }
}

impl<T> Deref for Valid<T> {
    type Target = [T];

    #[inline(always)]
    fn deref(&self) -> &[T] {
        &self.0
    }
}

impl<T> DerefMut for Valid<T> {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut [T] {
        &mut self.0
    }
}

/// A view of the arena (or of the item links) that reads and writes
/// without bounds checks.
pub(crate) struct Arena<'a, T = Node> {
    nodes: *mut T,
    len: usize,
    _marker: std::marker::PhantomData<&'a mut [T]>,
}

impl<'a, T: Copy> Arena<'a, T> {
    #[inline(always)]
    pub(crate) fn new(nodes: &'a mut Valid<T>) -> Arena<'a, T> {
        let nodes: &'a mut [T] = nodes;
        Arena { nodes: nodes.as_mut_ptr(), len: nodes.len(), _marker: std::marker::PhantomData }
    }

    #[inline(always)]
    pub(crate) fn get(&self, i: u32) -> T {
        debug_assert!((i as usize) < self.len);
        // SAFETY: `i` was read from the arena (or is a node being walked),
        // so it is in bounds by the invariant of `Valid` (module docs); the
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
    pub(crate) fn new(items: &'a Valid<T>) -> View<'a, T> {
        View { items }
    }

    #[inline(always)]
    pub(crate) fn get(&self, i: u32) -> T {
        debug_assert!((i as usize) < self.items.len());
        // SAFETY: `i` is an item read from the item links, an index of the
        // links by the invariant of `Valid` (module docs), and of the arena
        // too: its heads and item headers come first, one node each
        // (`Matrix::new`).
        unsafe { *self.items.get_unchecked(i as usize) }
    }
}

/// Plain values, one per item of the item links (`links[k]` and
/// `values[k]` belong to item `k`), read without bounds checks at an item
/// read from the links: the lengths are checked equal when made, and
/// neither can change (a [`Valid`] and this type only read and write as
/// slices).
#[derive(Debug, Clone)]
pub(crate) struct PerItem<T>(Vec<T>);

impl<T: Copy> PerItem<T> {
    /// `values`, if there is one per record of `links`.
    pub(crate) fn new(values: Vec<T>, links: &Valid<Link>) -> Option<PerItem<T>> {
        (values.len() == links.len()).then_some(PerItem(values))
    }

    /// The value of item `k`, an item read from the links.
    #[inline(always)]
    pub(crate) fn item(&self, k: u32) -> T {
        debug_assert!((k as usize) < self.0.len());
        // SAFETY: `k` is an item read from the item links, an index of the
        // links by the invariant of `Valid` (module docs), and the values
        // are as many as the links (checked in `new`; neither length can
        // change).
        unsafe { *self.0.get_unchecked(k as usize) }
    }
}

impl<T> Deref for PerItem<T> {
    type Target = [T];

    #[inline(always)]
    fn deref(&self) -> &[T] {
        &self.0
    }
}

impl<T> DerefMut for PerItem<T> {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut [T] {
        &mut self.0
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

    /// Sets the `color` field (no index: any value keeps the arena valid).
    #[inline(always)]
    pub(crate) fn set_color(&self, i: u32, color: u32) {
        debug_assert!((i as usize) < self.len);
        // SAFETY: as in `get`; no reference into the arena is live here.
        unsafe { (*self.nodes.add(i as usize)).color = color }
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

/// Work that can be compiled for more than the baseline CPU: the search
/// loop, and the forcing of many options at once.
pub(crate) trait Kernel {
    /// What the work returns.
    type Output;
    /// Does the work. Implementations are `#[inline(always)]`, so that
    /// [`run`] compiles them with its target features.
    fn call(self) -> Self::Output;
}

/// Runs `kernel.call()`, compiled for AVX2, BMI1, BMI2 and POPCNT when the
/// CPU has them.
#[inline]
pub(crate) fn run<K: Kernel>(kernel: K) -> K::Output {
    #[cfg(target_arch = "x86_64")]
    if has_avx2() {
        // SAFETY: the CPU has every feature `run_avx2` is compiled for.
        return unsafe { run_avx2(kernel) };
    }
    kernel.call()
}

/// Whether the CPU has the features of [`run_avx2`].
#[cfg(target_arch = "x86_64")]
#[inline]
fn has_avx2() -> bool {
    cpu::features() & cpu::AVX2 != 0
}

/// The CPU features the fast paths ask for, read once a process.
///
/// PERF: the standard library's `is_x86_feature_detected!` reads every
/// feature it knows at its first call, about eight `cpuid` instructions,
/// and in a virtual machine each `cpuid` traps to the hypervisor (10-14 µs
/// each on the machine of docs/performance.md, "Start-up of the command
/// line"): 0.1 ms of every process that searched. Three leaves answer
/// what is asked here.
#[cfg(target_arch = "x86_64")]
mod cpu {
    use std::sync::atomic::{AtomicU8, Ordering};

    /// POPCNT.
    pub(super) const POPCNT: u8 = 1;
    /// BMI2.
    pub(super) const BMI2: u8 = 2;
    /// AVX2, BMI1, BMI2 and POPCNT, with the AVX state saved by the system.
    pub(super) const AVX2: u8 = 4;
    /// Set once the features are read.
    const READ: u8 = 0x80;

    /// The features (the bits above), read at the first call.
    #[inline]
    pub(super) fn features() -> u8 {
        static FEATURES: AtomicU8 = AtomicU8::new(0);
        let features = FEATURES.load(Ordering::Relaxed);
        if features != 0 {
            return features;
        }
        let features = read() | READ;
        FEATURES.store(features, Ordering::Relaxed);
        features
    }

    /// `cpuid` leaves 0, 1 and 7, and the system's saved state (`xgetbv`).
    #[cfg(not(miri))]
    fn read() -> u8 {
        let bit = |word: u32, b: u32| word >> b & 1 != 0;
        let max_leaf = leaf(0).eax;
        let one = leaf(1);
        let popcnt = bit(one.ecx, 23);
        let (osxsave, avx) = (bit(one.ecx, 27), bit(one.ecx, 28));
        let seven = if max_leaf >= 7 { leaf(7).ebx } else { 0 };
        let (bmi1, avx2, bmi2) = (bit(seven, 3), bit(seven, 5), bit(seven, 8));
        // The system saves the SSE and AVX registers (XCR0 bits 1 and 2).
        // SAFETY: OSXSAVE is set, so the CPU has XGETBV and the system
        // enabled it.
        let ymm_saved = osxsave && unsafe { std::arch::x86_64::_xgetbv(0) } & 0b110 == 0b110;
        let mut features = 0;
        if popcnt {
            features |= POPCNT;
        }
        if bmi2 {
            features |= BMI2;
        }
        if popcnt && avx && avx2 && bmi1 && bmi2 && ymm_saved {
            features |= AVX2;
        }
        features
    }

    /// `cpuid` of a leaf, subleaf 0.
    #[cfg(not(miri))]
    #[allow(unused_unsafe)] // safe in recent Rust, unsafe in older versions
    fn leaf(leaf: u32) -> std::arch::x86_64::CpuidResult {
        // SAFETY: every x86-64 CPU has CPUID.
        unsafe { std::arch::x86_64::__cpuid_count(leaf, 0) }
    }

    /// Under Miri, which runs no `cpuid`: none.
    #[cfg(miri)]
    fn read() -> u8 {
        0
    }
}

/// `kernel.call()`, compiled for AVX2, BMI1, BMI2 and POPCNT.
///
/// # Safety
///
/// The CPU must have those features.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt")]
unsafe fn run_avx2<K: Kernel>(kernel: K) -> K::Output {
    kernel.call()
}

/// Proof that the CPU has BMI2: its `pdep` instruction, behind a safe call.
///
/// PERF: the bit-sliced form's tie-break turns its bit-sliced counts into
/// one small integer per item with `pdep` (16 items per instruction) where
/// it branches; measured (`--example speed`, forum and magictour sets):
/// 3-5% faster than reading each count bit by bit, while doing it without
/// `pdep` (shifts and masks) was slower than that. Inlined into [`run`]'s
/// AVX2 copy (compiled with BMI2), the call is one instruction.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Bmi2(());

impl Bmi2 {
    /// `Some` if the CPU has BMI2.
    pub(crate) fn detect() -> Option<Bmi2> {
        #[cfg(target_arch = "x86_64")]
        if cpu::features() & cpu::BMI2 != 0 {
            return Some(Bmi2(()));
        }
        None
    }

    /// The low bits of `x`, deposited one by one at the set bits of `mask`
    /// from the lowest up (`pdep`).
    #[inline(always)]
    pub(crate) fn deposit(self, x: u64, mask: u64) -> u64 {
        #[cfg(target_arch = "x86_64")]
        {
            // SAFETY: a `Bmi2` exists only if the CPU has BMI2 (`detect`).
            unsafe { std::arch::x86_64::_pdep_u64(x, mask) }
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            let _ = (x, mask);
            unreachable!("`Bmi2::detect` is `None` here")
        }
    }
}

/// How many options of `list` (a sparse bitset: word index, bits) are set
/// in `alive`: a popcount per word, with the POPCNT instruction where the
/// CPU has it (the search loop of the counted form is compiled for the
/// baseline CPU, where a popcount is a dozen instructions).
///
/// PERF: the counted form's dense kernel makes counts again this way;
/// `big_random30.dlx` 2.09 s → 1.45 s (docs/performance.md).
#[inline]
pub(crate) fn live_in(alive: &[u64], list: &[(u32, u64)]) -> u32 {
    #[cfg(target_arch = "x86_64")]
    if cpu::features() & cpu::POPCNT != 0 {
        // SAFETY: the CPU has POPCNT.
        return unsafe { live_in_popcnt(alive, list) };
    }
    live_in_plain(alive, list)
}

/// [`live_in`] for any CPU.
#[inline(always)]
fn live_in_plain(alive: &[u64], list: &[(u32, u64)]) -> u32 {
    list.iter().map(|&(wi, bits)| (alive[wi as usize] & bits).count_ones()).sum()
}

/// [`live_in`] compiled with POPCNT.
///
/// # Safety
///
/// The CPU must have POPCNT.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt")]
unsafe fn live_in_popcnt(alive: &[u64], list: &[(u32, u64)]) -> u32 {
    live_in_plain(alive, list)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn valid_takes_only_records_whose_indices_are_theirs() {
        // The color is no index: any value passes.
        let node = |up, down, top| Node { up, down, top, color: u32::MAX };
        assert!(Valid::new(vec![node(0, 1, 1), node(1, 0, 0)]).is_some());
        for bad in [node(2, 0, 0), node(0, 2, 0), node(0, 0, 2), node(u32::MAX, 0, 0)] {
            assert!(Valid::new(vec![node(0, 1, 1), bad]).is_none(), "{bad:?}");
        }
        let link = |prev, next| Link { prev, next };
        assert!(Valid::new(vec![link(1, 1), link(0, 0)]).is_some());
        assert!(Valid::new(vec![link(1, 1), link(0, 2)]).is_none());
        assert!(Valid::new(vec![link(2, 1), link(0, 0)]).is_none());
    }

    #[test]
    fn the_views_read_and_write_a_valid_arena() {
        let node = |up, down, top| Node { up, down, top, color: 0 };
        let mut nodes = Valid::new(vec![node(0, 0, 0), node(2, 2, 1), node(1, 1, 1)]).unwrap();
        let arena = Arena::new(&mut nodes);
        let n = arena.get(2);
        arena.set_down(n.up, 0);
        arena.set_up(n.down, 0);
        arena.add_top(n.top, u32::MAX);
        arena.set_color(1, 5);
        assert_eq!(arena.get(1), Node { color: 5, ..node(0, 0, 0) });
        assert_eq!(View::new(&nodes).get(2), node(1, 1, 1));
    }

    #[test]
    fn per_item_values_are_one_per_link() {
        let links = Valid::new(vec![Link { prev: 1, next: 1 }, Link { prev: 0, next: 0 }]).unwrap();
        assert!(PerItem::new(vec![7u32], &links).is_none());
        assert!(PerItem::new(vec![7u32, 8, 9], &links).is_none());
        let mut values = PerItem::new(vec![7u32, 8], &links).unwrap();
        values[1] += 1;
        assert_eq!(values.item(links[0].next), 9);
    }

    /// The features read from three `cpuid` leaves are the ones the
    /// standard library finds.
    #[cfg(all(target_arch = "x86_64", not(miri)))]
    #[test]
    fn cpu_features_agree_with_the_standard_library() {
        let features = cpu::features();
        let has = |bit| features & bit != 0;
        assert_eq!(has(cpu::POPCNT), std::is_x86_feature_detected!("popcnt"));
        assert_eq!(has(cpu::BMI2), std::is_x86_feature_detected!("bmi2"));
        let avx2 = std::is_x86_feature_detected!("avx2")
            && std::is_x86_feature_detected!("bmi1")
            && std::is_x86_feature_detected!("bmi2")
            && std::is_x86_feature_detected!("popcnt");
        assert_eq!(has(cpu::AVX2), avx2);
        assert_eq!(cpu::features(), features, "read once, the same after");
    }
}
