//! Streaming parallel batches: [`Feed`], [`Pool`], [`Pipe`] and the relay.
//!
//! A batch is read by one thread, solved by many and written by one, in
//! input order, with memory bounded however long the input is:
//!
//! 1. [`Feed::spawn`] starts a reader thread that sends items into a
//!    bounded queue (it waits when [`QUEUE`](feed::QUEUE) items wait);
//! 2. [`Feed::next_chunk`] waits for the next item (or a request to stop),
//!    then takes whatever else is already waiting, up to [`CHUNK`](feed::CHUNK) items: a
//!    file gives full chunks, puzzles typed by hand are answered one by one
//!    at once;
//! 3. [`Pool::map`] solves a chunk on all threads, keeping its order, with
//!    per-thread state (a sudoku solver) made by `init`;
//! 4. the caller writes the chunk's answers, and goes back to 2.
//!
//! Or pipelined, so that the solvers wait neither for the writer nor for
//! the next chunk: in [`Pool::pipeline`], the calling thread starts a
//! chunk ([`Pipe::start`], solved by [`fill`]) while the workers solve the
//! one before, then writes the one before that ([`Pipe::oldest`]);
//! [`Feed::ready_chunk`] takes the next chunk only if it is already there
//! (if not, the answers solved are written first, then the caller waits
//! for input). One worker solves its chunk in a plain loop.
//!
//! Or relayed ([`Pool::relay`]): with no reader thread and no writing
//! thread, each worker reads its own chunk under a lock, solves it, and
//! writes the chunks that come next in input order unless another worker
//! is writing; so that `N` workers keep `N` cores busy, and no more.

mod feed;
mod relay;

pub use feed::{Feed, Next, Sink};
pub use relay::Claim;

use std::fmt;
use std::sync::mpsc::{self, Receiver, Sender};

use anyhow::{Context, Result};
use rayon::prelude::*;

/// Worker threads.
#[derive(Debug)]
pub struct Pool {
    pool: rayon::ThreadPool,
}

impl Pool {
    /// A pool of `threads` workers.
    pub fn new(threads: usize) -> Result<Pool> {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads.max(1))
            .thread_name(|i| format!("dlx-worker-{i}"))
            .build()
            .context("cannot start the worker threads")?;
        Ok(Pool { pool })
    }

    /// A pool whose one worker is the calling thread: no thread started.
    /// Its jobs run when the calling thread waits for them (at the end of
    /// a scope, in [`relay`](Self::relay)). Once per thread: rayon refuses
    /// to make a thread the worker of a second pool.
    pub fn on_this_thread() -> Result<Pool> {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .use_current_thread()
            .build()
            .context("cannot make the calling thread a worker")?;
        Ok(Pool { pool })
    }

    /// Maps `items` to `out` (cleared first) in parallel, keeping the
    /// order. `init` makes the state each worker keeps while it works
    /// through its share of the chunk.
    pub fn map<'a, T, S, R>(
        &self,
        items: &'a [T],
        out: &mut Vec<R>,
        init: impl Fn() -> S + Sync + Send,
        work: impl Fn(&mut S, &'a T) -> R + Sync + Send,
    ) where
        T: Sync,
        R: Send,
    {
        self.pool.install(|| items.par_iter().map_init(init, work).collect_into_vec(out));
    }

    /// Runs `body` on the calling thread with a [`Pipe`], through which
    /// it hands chunks to the workers and takes them back solved, in the
    /// order given; returns once `body` has returned and every chunk is
    /// solved.
    pub fn pipeline<'env, T, R, X>(
        &self,
        body: impl for<'a> FnOnce(&mut Pipe<'a, 'env, T, R>) -> X,
    ) -> X
    where
        T: Send + 'env,
        R: Send + Default + 'env,
    {
        let (tx, rx) = mpsc::channel();
        self.pool.in_place_scope(|scope| {
            let mut pipe =
                Pipe { scope, tx, rx, started: 0, taken: 0, early: Vec::new(), spare: Vec::new() };
            body(&mut pipe)
        })
    }
}

/// A chunk's items and their answers.
type Chunk<T, R> = (Vec<T>, Vec<R>);

/// A chunk handed back by its job, by number: `None` if the job panicked.
type Back<T, R> = (u64, Option<Chunk<T, R>>);

/// Chunks on their way through the workers (see [`Pool::pipeline`]).
///
/// The caller starts a chunk while the one before is still being solved,
/// then writes the one before that: so the workers find the next chunk
/// queued when they finish one, instead of sleeping until the calling
/// thread wakes up and hands it over (on a virtual machine that took
/// 0.15 ms a chunk, 5% of the time at one thread).
pub struct Pipe<'a, 'env, T, R> {
    scope: &'a rayon::Scope<'env>,
    tx: Sender<Back<T, R>>,
    rx: Receiver<Back<T, R>>,
    /// Chunks started, and taken back.
    started: u64,
    taken: u64,
    /// Chunks solved before an older one.
    early: Vec<(u64, Chunk<T, R>)>,
    /// Buffers of chunks written, to reuse.
    spare: Vec<Chunk<T, R>>,
}

impl<T, R> fmt::Debug for Pipe<'_, '_, T, R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Pipe").field("started", &self.started).field("taken", &self.taken).finish()
    }
}

/// Sends a chunk back when its job ends, or `None` if the job panicked
/// (so that nobody waits for it forever).
struct Handback<T, R> {
    tx: Option<Sender<Back<T, R>>>,
    seq: u64,
}

impl<T, R> Handback<T, R> {
    /// Sends the chunk solved.
    fn solved(mut self, chunk: Chunk<T, R>) {
        if let Some(tx) = self.tx.take() {
            let _ = tx.send((self.seq, Some(chunk)));
        }
    }
}

impl<T, R> Drop for Handback<T, R> {
    fn drop(&mut self) {
        if let Some(tx) = self.tx.take() {
            let _ = tx.send((self.seq, None));
        }
    }
}

impl<'env, T: Send + 'env, R: Send + Default + 'env> Pipe<'_, 'env, T, R> {
    /// Empty buffers for the next chunk (a written chunk's, whose answers
    /// hold what they held, for their memory to be reused).
    pub fn buffers(&mut self) -> Chunk<T, R> {
        self.spare.pop().unwrap_or_default()
    }

    /// Gives a written chunk's buffers back, for [`buffers`](Self::buffers).
    pub fn recycle(&mut self, chunk: Chunk<T, R>) {
        self.spare.push(chunk);
    }

    /// Starts solving a chunk on the workers: `job` fills the answers,
    /// one slot per item (each slot holds what it held before, or
    /// `R::default()`); see [`fill`].
    pub fn start(
        &mut self,
        (items, mut answers): Chunk<T, R>,
        job: impl FnOnce(&[T], &mut [R]) + Send + 'env,
    ) {
        answers.resize_with(items.len(), R::default);
        let back = Handback { tx: Some(self.tx.clone()), seq: self.started };
        self.started += 1;
        self.scope.spawn(move |_| {
            job(&items, &mut answers);
            back.solved((items, answers));
        });
    }

    /// Chunks started and not yet taken back.
    pub fn in_flight(&self) -> usize {
        (self.started - self.taken) as usize
    }

    /// Waits for the oldest chunk not yet taken back, solved; `None` if
    /// there is none.
    pub fn oldest(&mut self) -> Option<Chunk<T, R>> {
        if self.taken == self.started {
            return None;
        }
        let seq = self.taken;
        self.taken += 1;
        if let Some(k) = self.early.iter().position(|(s, _)| *s == seq) {
            return Some(self.early.swap_remove(k).1);
        }
        loop {
            match self.rx.recv() {
                Ok((s, Some(chunk))) if s == seq => return Some(chunk),
                Ok((s, Some(chunk))) => self.early.push((s, chunk)),
                // The scope passes the worker's panic on once it ends.
                Ok((_, None)) | Err(_) => return None,
            }
        }
    }

    /// Waits until every chunk started is solved (they stay to be taken
    /// back in order): the workers are then idle.
    pub fn settle(&mut self) {
        let pending = self.in_flight() - self.early.len();
        for _ in 0..pending {
            match self.rx.recv() {
                Ok((s, Some(chunk))) => self.early.push((s, chunk)),
                Ok((_, None)) | Err(_) => return,
            }
        }
    }
}

/// Fills `out[i]` from `items[i]` on the workers of the pool this runs on
/// (in a job of [`Pipe::start`]), keeping the order: `work` is given the
/// item's slot of `out`, and the state `init` made for the worker's share
/// of the chunk. On one worker, a plain loop.
pub fn fill<'a, T, S, R>(
    items: &'a [T],
    out: &mut [R],
    init: impl Fn() -> S + Sync + Send,
    work: impl Fn(&mut S, &'a T, &mut R) + Sync + Send,
) where
    T: Sync,
    R: Send,
{
    if rayon::current_num_threads() == 1 {
        fill_here(items, out, init, work);
    } else {
        items
            .par_iter()
            .zip(out.par_iter_mut())
            .for_each_init(init, |state, (item, slot)| work(state, item, slot));
    }
}

/// Fills `out[i]` from `items[i]` as [`fill`] does, on the calling thread
/// alone.
pub fn fill_here<'a, T, S, R>(
    items: &'a [T],
    out: &mut [R],
    init: impl FnOnce() -> S,
    work: impl Fn(&mut S, &'a T, &mut R),
) {
    let mut state = init();
    for (item, slot) in items.iter().zip(out.iter_mut()) {
        work(&mut state, item, slot);
    }
}

#[cfg(test)]
mod tests {
    use super::feed::CHUNK;
    use super::feed::tests::numbers;
    use super::*;
    use dlx::Stop;
    use std::time::Duration;

    #[test]
    fn chunks_keep_order_and_end() {
        let feed = numbers(2000);
        let pool = Pool::new(3).unwrap();
        let (mut chunk, mut out, mut all) = (Vec::new(), Vec::new(), Vec::new());
        while feed.next_chunk(&mut chunk, &Stop::new()) == Next::Chunk {
            assert!(!chunk.is_empty() && chunk.len() <= CHUNK);
            pool.map(&chunk, &mut out, || 10, |k, &i| i * *k);
            all.extend_from_slice(&out);
        }
        assert_eq!(all, (0..2000).map(|i| i * 10).collect::<Vec<_>>());
        feed.finish().unwrap();
    }

    /// Runs `n` numbers through a pipeline of `threads` workers with up
    /// to `depth` chunks in flight, the first chunk slowest (so that later
    /// ones come back first), settling every fifth chunk; returns the
    /// answers in order and the most chunks one slot served.
    fn pipelined(n: u64, threads: usize, depth: usize) -> (Vec<u64>, u32) {
        let feed = numbers(n);
        let pool = Pool::new(threads).unwrap();
        let (mut all, mut most) = (Vec::new(), 0);
        // Each slot counts the chunks it served.
        let work = |_: &mut (), &i: &u64, slot: &mut (u64, u32)| *slot = (i * 10, slot.1 + 1);
        pool.pipeline(|pipe| {
            let mut started = 0;
            loop {
                let (mut chunk, answers) = pipe.buffers();
                let next = match pipe.in_flight() {
                    0 => feed.next_chunk(&mut chunk, &Stop::new()),
                    _ => feed.ready_chunk(&mut chunk),
                };
                if next == Next::Chunk {
                    assert!(!chunk.is_empty() && chunk.len() <= CHUNK);
                    let slow = started == 0;
                    pipe.start((chunk, answers), move |items, answers| {
                        if slow {
                            std::thread::sleep(Duration::from_millis(20));
                        }
                        fill(items, answers, || (), work);
                    });
                    started += 1;
                    if started % 5 == 0 {
                        pipe.settle();
                    }
                    if pipe.in_flight() < depth {
                        continue;
                    }
                } else {
                    pipe.recycle((chunk, answers));
                }
                let Some((items, answers)) = pipe.oldest() else { break };
                assert_eq!(items.len(), answers.len());
                all.extend(answers.iter().map(|&(v, _)| v));
                most = most.max(answers.iter().map(|&(_, k)| k).max().unwrap_or(0));
                pipe.recycle((items, answers));
            }
        });
        feed.finish().unwrap();
        (all, most)
    }

    #[test]
    fn pipelined_chunks_keep_order_and_reuse_slots() {
        for (threads, depth) in [(1, 1), (1, 2), (2, 2), (2, 3)] {
            let (all, most) = pipelined(3000, threads, depth);
            assert_eq!(all, (0..3000).map(|i| i * 10).collect::<Vec<_>>(), "{threads} {depth}");
            // The buffers of a chunk written serve a later one.
            assert!(most > 1, "{threads} threads, {depth} in flight");
        }
    }
}
