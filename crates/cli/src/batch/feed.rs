//! [`Feed`]: the reader thread of a batch and the queue it fills.
//!
//! The reader thread is detached rather than joined: if the output is
//! closed, `dlx` exits at once, even while the reader waits for more input
//! on a terminal.
//!
//! The queue wakes each side only when it has to: the batch when an item
//! comes while it waits for one, the reader when a whole chunk's room is
//! free again (not at every item taken, which on a loaded machine cost two
//! context switches an item).

use std::collections::VecDeque;
use std::fmt;
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::thread::JoinHandle;
use std::time::Duration;

use dlx::Stop;

use anyhow::{Context, Result};

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

/// The items read and not yet taken, and who waits for whom.
struct Queue<T> {
    items: VecDeque<T>,
    /// The reader is done (or died): no item will come any more.
    ended: bool,
    /// The feed is gone: nobody takes items any more.
    dropped: bool,
    /// The reader waits for room.
    reader_waits: bool,
    /// The batch waits for an item.
    batch_waits: bool,
}

/// The queue and its two signals.
struct Shared<T> {
    queue: Mutex<Queue<T>>,
    /// Room was made (or the feed is gone): for the reader.
    room: Condvar,
    /// An item came (or the reader ended): for the batch.
    item: Condvar,
}

impl<T> Shared<T> {
    fn lock(&self) -> MutexGuard<'_, Queue<T>> {
        // Neither side panics while it holds the lock.
        self.queue.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// The receiving end of a reader thread: items in input order.
pub struct Feed<T> {
    shared: Arc<Shared<T>>,
    reader: Option<JoinHandle<()>>,
}

impl<T> fmt::Debug for Feed<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Feed").finish_non_exhaustive()
    }
}

/// The sending end, handed to the reader thread. Dropping it (at the end
/// of the input, or when the reader dies) ends the feed.
pub struct Sink<T> {
    shared: Arc<Shared<T>>,
}

impl<T> fmt::Debug for Sink<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Sink").finish_non_exhaustive()
    }
}

impl<T> Sink<T> {
    /// Sends an item, waiting while [`QUEUE`] items wait; `false` when
    /// nobody listens any more, and reading should stop.
    pub fn send(&self, item: T) -> bool {
        let mut queue = self.shared.lock();
        while queue.items.len() >= QUEUE && !queue.dropped {
            queue.reader_waits = true;
            queue = self.shared.room.wait(queue).unwrap_or_else(PoisonError::into_inner);
        }
        if queue.dropped {
            return false;
        }
        queue.items.push_back(item);
        let wake = std::mem::take(&mut queue.batch_waits);
        drop(queue);
        if wake {
            self.shared.item.notify_one();
        }
        true
    }
}

impl<T> Drop for Sink<T> {
    fn drop(&mut self) {
        self.shared.lock().ended = true;
        self.shared.item.notify_all();
    }
}

impl<T: Send + 'static> Feed<T> {
    /// Starts `read` on its own thread; it sends items into the sink.
    pub fn spawn(read: impl FnOnce(Sink<T>) + Send + 'static) -> Result<Feed<T>> {
        let queue = Queue {
            items: VecDeque::with_capacity(QUEUE),
            ended: false,
            dropped: false,
            reader_waits: false,
            batch_waits: false,
        };
        let shared = Arc::new(Shared {
            queue: Mutex::new(queue),
            room: Condvar::new(),
            item: Condvar::new(),
        });
        let sink = Sink { shared: shared.clone() };
        let reader = std::thread::Builder::new()
            .name("dlx-reader".into())
            .spawn(move || read(sink))
            .context("cannot start the reader thread")?;
        Ok(Feed { shared, reader: Some(reader) })
    }
}

impl<T> Feed<T> {
    /// Fills `chunk` with the next items: waits for one (until `stop` is
    /// requested: input typed on a terminal may never come), then takes
    /// those already waiting, up to [`CHUNK`].
    pub fn next_chunk(&self, chunk: &mut Vec<T>, stop: &Stop) -> Next {
        chunk.clear();
        let mut queue = self.shared.lock();
        loop {
            if stop.is_requested() {
                return Next::Stopped;
            }
            if !queue.items.is_empty() {
                break;
            }
            if queue.ended {
                return Next::End;
            }
            queue.batch_waits = true;
            queue = self
                .shared
                .item
                .wait_timeout(queue, POLL)
                .unwrap_or_else(PoisonError::into_inner)
                .0;
        }
        self.take(queue, chunk);
        Next::Chunk
    }

    /// Like [`next_chunk`](Self::next_chunk), without waiting:
    /// [`Next::Empty`] when no item is waiting yet.
    pub fn ready_chunk(&self, chunk: &mut Vec<T>) -> Next {
        chunk.clear();
        let queue = self.shared.lock();
        if queue.items.is_empty() {
            return if queue.ended { Next::End } else { Next::Empty };
        }
        self.take(queue, chunk);
        Next::Chunk
    }

    /// Moves the items waiting into `chunk`, up to [`CHUNK`], and wakes
    /// the reader if it waits and a chunk's room is free.
    fn take(&self, mut queue: MutexGuard<'_, Queue<T>>, chunk: &mut Vec<T>) {
        let n = queue.items.len().min(CHUNK);
        chunk.extend(queue.items.drain(..n));
        let wake = queue.reader_waits && queue.items.len() + CHUNK <= QUEUE;
        if wake {
            queue.reader_waits = false;
        }
        drop(queue);
        if wake {
            self.shared.room.notify_one();
        }
    }

    /// After the last chunk: checks that the reader got to the end of the
    /// input rather than dying on the way (which would be a bug), so that a
    /// batch never ends with answers silently missing.
    pub fn finish(mut self) -> Result<()> {
        self.hang_up();
        match self.reader.take().map(JoinHandle::join) {
            Some(Err(_)) => anyhow::bail!(
                "internal error: the reader thread stopped before the end of the input"
            ),
            _ => Ok(()),
        }
    }

    /// Tells the reader that nobody listens any more, and drops the items
    /// waiting.
    fn hang_up(&self) {
        let items = {
            let mut queue = self.shared.lock();
            queue.dropped = true;
            std::mem::take(&mut queue.items)
        };
        self.shared.room.notify_all();
        drop(items);
    }
}

impl<T> Drop for Feed<T> {
    fn drop(&mut self) {
        self.hang_up();
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use std::sync::mpsc;

    /// A feed of the numbers below `n`.
    pub(in crate::batch) fn numbers(n: u64) -> Feed<u64> {
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
    fn a_full_queue_wakes_the_reader_a_chunk_at_a_time() {
        let feed = numbers(10 * QUEUE as u64);
        let mut chunk = Vec::new();
        let mut next = 0;
        // Each chunk taken frees room; the reader fills it while we wait.
        while feed.next_chunk(&mut chunk, &Stop::new()) == Next::Chunk {
            assert_eq!(chunk, (next..next + chunk.len() as u64).collect::<Vec<_>>());
            next += chunk.len() as u64;
        }
        assert_eq!(next, 10 * QUEUE as u64);
        feed.finish().unwrap();
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
