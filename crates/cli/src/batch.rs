//! Streaming parallel batches: [`Feed`] and [`Pool`].
//!
//! A batch is read by one thread, solved by many and written by one, in
//! input order, with memory bounded however long the input is:
//!
//! 1. [`Feed::spawn`] starts a reader thread that sends items into a
//!    bounded channel (it blocks when [`QUEUE`] items wait);
//! 2. [`Feed::next_chunk`] waits for the next item (or a request to stop),
//!    then takes whatever else is already waiting, up to [`CHUNK`] items: a
//!    file gives full chunks, puzzles typed by hand are answered one by one
//!    at once;
//! 3. [`Pool::map`] solves a chunk on all threads, keeping its order, with
//!    per-thread state (a sudoku solver) made by `init`;
//! 4. the caller writes the chunk's answers, and goes back to 2.
//!
//! Or pipelined, so that the solvers never wait for the writer:
//! [`Pool::map_during`] solves a chunk while the calling thread writes the
//! one before, and [`Feed::ready_chunk`] takes the next chunk only if it is
//! already there (if not, the answers solved are written first, then the
//! caller waits for input).
//!
//! The reader thread is detached rather than joined: if the output is
//! closed, `dlx` exits at once, even while the reader waits for more input
//! on a terminal.

use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender, TryRecvError};
use std::thread::JoinHandle;
use std::time::Duration;

use dlx::Stop;

use anyhow::{Context, Result};
use rayon::prelude::*;

/// The most items solved and written together.
pub const CHUNK: usize = 512;

/// The most items read ahead of the solvers.
pub const QUEUE: usize = 2 * CHUNK;

/// How often a wait for input looks whether the batch is to stop.
const POLL: Duration = Duration::from_millis(50);

/// What [`Feed::next_chunk`] found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Next {
    /// A chunk of items.
    Chunk,
    /// The end of the input.
    End,
    /// A stop was requested while waiting for input.
    Stopped,
    /// Nothing waiting yet ([`Feed::ready_chunk`] only).
    Empty,
}

/// The receiving end of a reader thread: items in input order.
#[derive(Debug)]
pub struct Feed<T> {
    rx: Receiver<T>,
    reader: JoinHandle<()>,
}

/// The sending end, handed to the reader thread.
#[derive(Debug)]
pub struct Sink<T> {
    tx: SyncSender<T>,
}

impl<T> Sink<T> {
    /// Sends an item; `false` when nobody listens any more, and reading
    /// should stop.
    pub fn send(&self, item: T) -> bool {
        self.tx.send(item).is_ok()
    }
}

impl<T: Send + 'static> Feed<T> {
    /// Starts `read` on its own thread; it sends items into the sink.
    pub fn spawn(read: impl FnOnce(Sink<T>) + Send + 'static) -> Result<Feed<T>> {
        let (tx, rx) = mpsc::sync_channel(QUEUE);
        let reader = std::thread::Builder::new()
            .name("dlx-reader".into())
            .spawn(move || read(Sink { tx }))
            .context("cannot start the reader thread")?;
        Ok(Feed { rx, reader })
    }
}

impl<T> Feed<T> {
    /// Fills `chunk` with the next items: waits for one (until `stop` is
    /// requested: input typed on a terminal may never come), then takes
    /// those already waiting, up to [`CHUNK`].
    pub fn next_chunk(&self, chunk: &mut Vec<T>, stop: &Stop) -> Next {
        chunk.clear();
        let first = loop {
            if stop.is_requested() {
                return Next::Stopped;
            }
            match self.rx.recv_timeout(POLL) {
                Ok(first) => break first,
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => return Next::End,
            }
        };
        chunk.push(first);
        self.fill(chunk);
        Next::Chunk
    }

    /// Like [`next_chunk`](Self::next_chunk), without waiting:
    /// [`Next::Empty`] when no item is waiting yet.
    pub fn ready_chunk(&self, chunk: &mut Vec<T>) -> Next {
        chunk.clear();
        match self.rx.try_recv() {
            Ok(first) => chunk.push(first),
            Err(TryRecvError::Empty) => return Next::Empty,
            Err(TryRecvError::Disconnected) => return Next::End,
        }
        self.fill(chunk);
        Next::Chunk
    }

    /// Adds the items already waiting to `chunk`, up to [`CHUNK`].
    fn fill(&self, chunk: &mut Vec<T>) {
        while chunk.len() < CHUNK {
            match self.rx.try_recv() {
                Ok(item) => chunk.push(item),
                Err(TryRecvError::Empty | TryRecvError::Disconnected) => break,
            }
        }
    }

    /// After the last chunk: checks that the reader got to the end of the
    /// input rather than dying on the way (which would be a bug), so that a
    /// batch never ends with answers silently missing.
    pub fn finish(self) -> Result<()> {
        drop(self.rx);
        match self.reader.join() {
            Ok(()) => Ok(()),
            Err(_) => anyhow::bail!(
                "internal error: the reader thread stopped before the end of the input"
            ),
        }
    }
}

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

    /// Like [`map`](Self::map), but `during` runs on the calling thread
    /// meanwhile (the writer, writing the chunk before), and `work` fills
    /// the item's slot of `out`, which holds what it held for the chunk
    /// before (or `R::default()`), so that its memory can be reused.
    /// Returns what `during` returned, once the chunk is done.
    pub fn map_during<'a, T, S, R, D>(
        &self,
        items: &'a [T],
        out: &mut Vec<R>,
        init: impl Fn() -> S + Sync + Send,
        work: impl Fn(&mut S, &'a T, &mut R) + Sync + Send,
        during: impl FnOnce() -> D,
    ) -> D
    where
        T: Sync,
        R: Send + Default,
    {
        out.resize_with(items.len(), R::default);
        let (init, work) = (&init, &work);
        self.pool.in_place_scope(|scope| {
            scope.spawn(move |_| {
                items
                    .par_iter()
                    .zip(out.par_iter_mut())
                    .for_each_init(init, |state, (item, slot)| work(state, item, slot));
            });
            during()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A feed of the numbers below `n`.
    fn numbers(n: u64) -> Feed<u64> {
        Feed::spawn(move |sink| {
            for i in 0..n {
                if !sink.send(i) {
                    return;
                }
            }
        })
        .unwrap()
    }

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

    #[test]
    fn pipelined_chunks_keep_order_and_reuse_slots() {
        let feed = numbers(3000);
        let pool = Pool::new(2).unwrap();
        let (mut chunk, mut out, mut all) = (Vec::new(), Vec::new(), Vec::new());
        let mut during = 0_u32;
        // Each slot counts the chunks it served.
        let work = |_: &mut (), &i: &u64, slot: &mut (u64, u32)| *slot = (i * 10, slot.1 + 1);
        loop {
            let next = match feed.ready_chunk(&mut chunk) {
                Next::Empty => feed.next_chunk(&mut chunk, &Stop::new()),
                next => next,
            };
            if next != Next::Chunk {
                break;
            }
            assert!(!chunk.is_empty() && chunk.len() <= CHUNK);
            let ran = pool.map_during(&chunk, &mut out, || (), work, || during + 1);
            during = ran;
            assert_eq!(out.len(), chunk.len());
            // Slot 0 served every chunk so far.
            assert_eq!(out[0].1, during);
            all.extend(out.iter().map(|&(v, _)| v));
        }
        assert_eq!(all, (0..3000).map(|i| i * 10).collect::<Vec<_>>());
        assert!(during >= 3000_usize.div_ceil(CHUNK) as u32);
        feed.finish().unwrap();
    }

    #[test]
    fn a_reader_that_dies_is_an_error() {
        let feed = Feed::spawn(|sink: Sink<u32>| {
            sink.send(1);
            panic!("a bug in the reader");
        })
        .unwrap();
        let mut chunk = Vec::new();
        while feed.next_chunk(&mut chunk, &Stop::new()) == Next::Chunk {}
        assert!(feed.finish().is_err());
    }

    #[test]
    fn a_stop_ends_the_wait_for_input() {
        let (keep_tx, keep_rx) = mpsc::channel::<()>();
        // A reader that never sends, as a terminal nobody types on.
        let feed = Feed::spawn(move |_sink: Sink<u32>| {
            let _ = keep_rx.recv();
        })
        .unwrap();
        let stop = Stop::new();
        stop.request();
        let mut chunk = Vec::new();
        assert_eq!(feed.next_chunk(&mut chunk, &stop), Next::Stopped);
        drop(keep_tx);
        assert_eq!(feed.next_chunk(&mut chunk, &Stop::new()), Next::End);
    }

    #[test]
    fn a_dropped_feed_stops_the_reader() {
        let (done_tx, done_rx) = mpsc::channel();
        let feed = Feed::spawn(move |sink| {
            let mut sent = 0;
            while sink.send(sent) {
                sent += 1;
            }
            done_tx.send(sent).unwrap();
        })
        .unwrap();
        let mut chunk = Vec::new();
        assert_eq!(feed.next_chunk(&mut chunk, &Stop::new()), Next::Chunk);
        drop(feed);
        let sent = done_rx.recv().unwrap();
        assert!(sent <= QUEUE + CHUNK + 1, "the reader ran {sent} items ahead");
    }
}
