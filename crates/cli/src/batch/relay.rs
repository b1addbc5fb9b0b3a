//! [`Pool::relay`]: workers that read, solve and write their own chunks,
//! so that a batch of `N` workers keeps `N` threads busy and no more (a
//! reader thread and a writing thread beside the workers take cores from
//! them, and keep them waiting).
//!
//! Each worker, in a loop: takes the input's lock, reads a chunk and
//! numbers it, lets go; solves the chunk alone (a plain loop: the chunks
//! are small, so the last one keeps the other workers idle only briefly);
//! puts it on the board of chunks solved; and, if no other worker is
//! writing, writes every chunk of the board that comes next in input
//! order. A worker that finds the writer busy goes back to reading: the
//! one writing takes its chunk too (it looks at the board once more after
//! it lets go of the writer). At most [`DEPTH`] chunks beyond one per
//! worker are read and not yet written, however long the input: a worker
//! ahead of that waits.
//!
//! The calling thread only waits for the workers.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError, TryLockError};

use anyhow::Result;

use super::{Chunk, Pool};

/// Chunks read and not yet written, beyond one per worker.
pub const DEPTH: usize = 4;

/// What a job of [`Pool::relay`] is told of its chunk.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Claim {
    /// The chunk is the whole input (read first, and the input ended
    /// with it): the other workers have nothing else to do.
    pub alone: bool,
}

/// The shared input: its reader, the next chunk's number, whether it ended.
struct Input<S> {
    state: S,
    next: u64,
    ended: bool,
}

/// Chunks solved and not yet written, and the buffers of chunks written.
struct Board<T, R> {
    solved: Vec<(u64, Chunk<T, R>)>,
    spare: Vec<Chunk<T, R>>,
    /// Chunks written (the number of the next to write).
    written: u64,
    /// No chunk is to be read any more: the writer ended the batch, or a
    /// worker died.
    quit: bool,
}

/// The writing end: the caller's `write`, and how it ended the batch.
struct Writing<W, Y> {
    write: W,
    ended: Option<Result<Option<Y>>>,
}

/// Everything the workers share.
struct Shared<S, T, R, W, Y> {
    input: Mutex<Input<S>>,
    board: Mutex<Board<T, R>>,
    /// A chunk was written (or the batch quit): for the workers ahead.
    room: Condvar,
    writing: Mutex<Writing<W, Y>>,
    /// Chunks read (the input's own count, where a worker waiting for
    /// room looks without taking its lock).
    read: AtomicU64,
    /// The most chunks read and not yet written.
    ahead: u64,
}

/// Locks a mutex whose holder may have panicked (the scope passes the
/// panic on; the others only need to stop).
fn lock<X>(mutex: &Mutex<X>) -> MutexGuard<'_, X> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Tells the other workers to stop if its worker panics (with a chunk
/// claimed, or taken to write, they would wait for it forever).
struct Alarm<'a, T, R> {
    board: &'a Mutex<Board<T, R>>,
    room: &'a Condvar,
}

impl<T, R> Drop for Alarm<'_, T, R> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            lock(self.board).quit = true;
            self.room.notify_all();
        }
    }
}

impl<S, T, R, W, Y> Shared<S, T, R, W, Y>
where
    W: FnMut(&[T], &[R]) -> Result<Option<Y>>,
    R: Default,
{
    /// One worker's loop: read a chunk, solve it, write what is next.
    fn work(
        &self,
        read: &(impl Fn(&mut S, &mut Vec<T>) -> bool + Sync),
        solve: &(impl Fn(Claim, &[T], &mut [R]) + Sync),
    ) {
        let _alarm = Alarm { board: &self.board, room: &self.room };
        loop {
            let (mut items, mut answers) = {
                let mut board = lock(&self.board);
                loop {
                    if board.quit {
                        return;
                    }
                    // (Chunks read, seen without the input's lock: at
                    // most one per worker more.)
                    if self.read.load(Ordering::Acquire) < board.written + self.ahead {
                        break;
                    }
                    board = self.room.wait(board).unwrap_or_else(PoisonError::into_inner);
                }
                board.spare.pop().unwrap_or_default()
            };
            let (seq, claim) = {
                let mut input = lock(&self.input);
                if input.ended {
                    return;
                }
                let more = read(&mut input.state, &mut items);
                input.ended = !more || items.is_empty();
                if items.is_empty() {
                    return;
                }
                input.next += 1;
                self.read.store(input.next, Ordering::Release);
                (input.next - 1, Claim { alone: input.next == 1 && !more })
            };
            answers.resize_with(items.len(), R::default);
            solve(claim, &items, &mut answers);
            lock(&self.board).solved.push((seq, (items, answers)));
            self.write();
        }
    }

    /// Writes the chunks solved that come next in input order, unless
    /// another worker is writing (it writes them instead).
    fn write(&self) {
        loop {
            let mut writing = match self.writing.try_lock() {
                Ok(writing) => writing,
                Err(TryLockError::Poisoned(poisoned)) => poisoned.into_inner(),
                Err(TryLockError::WouldBlock) => return,
            };
            while let Some(chunk) = self.next_solved() {
                if writing.ended.is_none() {
                    match (writing.write)(&chunk.0, &chunk.1) {
                        Ok(None) => {}
                        ended => {
                            writing.ended = Some(ended);
                            lock(&self.board).quit = true;
                        }
                    }
                }
                let mut board = lock(&self.board);
                board.written += 1;
                board.spare.push(chunk);
                drop(board);
                self.room.notify_all();
            }
            drop(writing);
            // A chunk put on the board while the writer was held, by a
            // worker that then found it busy.
            let board = lock(&self.board);
            if !board.solved.iter().any(|(seq, _)| *seq == board.written) {
                return;
            }
        }
    }

    /// Takes the chunk to write next off the board, if it is solved.
    fn next_solved(&self) -> Option<Chunk<T, R>> {
        let mut board = lock(&self.board);
        let next = board.written;
        let k = board.solved.iter().position(|(seq, _)| *seq == next)?;
        Some(board.solved.swap_remove(k).1)
    }
}

impl Pool {
    /// Reads, solves and writes a batch on the workers alone (see the
    /// [module's docs](self)); the calling thread waits.
    ///
    /// `read` replaces a chunk's items (those of a chunk written, to
    /// drop or reuse; none at first) with the next items, under the
    /// input's lock, and says whether the input may hold more (an empty
    /// chunk ends it); `solve` fills the answers, one slot per item (each holds what
    /// it held before, or `R::default()`); `write` is called with each
    /// chunk in input order, one call at a time, and ends the batch with
    /// `Some` or an error. Returns what `write` ended with, or `None` at
    /// the end of the input.
    pub fn relay<S, T, R, Y>(
        &self,
        input: S,
        read: impl Fn(&mut S, &mut Vec<T>) -> bool + Sync,
        solve: impl Fn(Claim, &[T], &mut [R]) + Sync,
        write: impl FnMut(&[T], &[R]) -> Result<Option<Y>> + Send,
    ) -> Result<Option<Y>>
    where
        S: Send,
        T: Send,
        R: Send + Default,
        Y: Send,
    {
        let threads = self.pool.current_num_threads();
        let shared = Shared {
            input: Mutex::new(Input { state: input, next: 0, ended: false }),
            board: Mutex::new(Board {
                solved: Vec::new(),
                spare: Vec::new(),
                written: 0,
                quit: false,
            }),
            room: Condvar::new(),
            writing: Mutex::new(Writing { write, ended: None }),
            read: AtomicU64::new(0),
            ahead: (threads + DEPTH) as u64,
        };
        let (shared, read, solve) = (&shared, &read, &solve);
        self.pool.in_place_scope(|scope| {
            for _ in 0..threads {
                scope.spawn(move |_| shared.work(read, solve));
            }
        });
        let writing = lock(&shared.writing).ended.take();
        if let Some(ended) = writing {
            return ended;
        }
        let board = lock(&shared.board);
        match board.quit || !board.solved.is_empty() {
            true => anyhow::bail!("internal error: a worker stopped before the end of its chunk"),
            false => Ok(None),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The numbers below `n` through a relay of `threads` workers, in
    /// chunks of up to `size`, the first chunk slowest (so that later ones
    /// come back first), until `stop_at` numbers are written: each answer
    /// ten times its number, plus one in a chunk that is the whole input.
    fn relayed(n: u64, threads: usize, size: usize, stop_at: Option<u64>) -> Vec<u64> {
        let pool = Pool::new(threads).unwrap();
        let mut all = Vec::new();
        let read = |next: &mut u64, chunk: &mut Vec<u64>| {
            chunk.clear();
            while chunk.len() < size && *next < n {
                chunk.push(*next);
                *next += 1;
            }
            *next < n
        };
        let solve = |claim: Claim, items: &[u64], answers: &mut [u64]| {
            if items[0] == 0 {
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
            for (i, a) in items.iter().zip(answers) {
                *a = i * 10 + u64::from(claim.alone);
            }
        };
        let stopped = pool
            .relay(0, read, solve, |items: &[u64], answers: &[u64]| {
                assert_eq!(items.len(), answers.len());
                all.extend_from_slice(answers);
                Ok(stop_at.filter(|s| all.len() as u64 >= *s))
            })
            .unwrap();
        assert_eq!(stopped.is_some(), stop_at.is_some_and(|s| s <= n));
        all
    }

    #[test]
    fn relayed_chunks_keep_order_and_end() {
        for (threads, size) in [(1, 7), (2, 1), (2, 100), (3, 64)] {
            let all = relayed(3000, threads, size, None);
            assert_eq!(all, (0..3000).map(|i| i * 10).collect::<Vec<_>>(), "{threads} {size}");
        }
        // A chunk that is the whole input, and an empty input.
        assert_eq!(relayed(5, 2, 10, None), vec![1, 11, 21, 31, 41]);
        assert_eq!(relayed(0, 2, 10, None), Vec::<u64>::new());
    }

    #[test]
    fn a_relay_stops_when_the_writer_says() {
        let all = relayed(10_000, 2, 10, Some(50));
        assert_eq!(all, (0..50).map(|i| i * 10).collect::<Vec<_>>());
    }

    #[test]
    fn a_job_that_dies_is_an_error() {
        let pool = Pool::new(2).unwrap();
        let read = |next: &mut u64, chunk: &mut Vec<u64>| {
            chunk.clear();
            chunk.push(*next);
            *next += 1;
            *next < 10
        };
        let solve = |_: Claim, items: &[u64], _: &mut [u64]| assert!(items[0] != 3, "a bug");
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            pool.relay(0, read, solve, |_: &[u64], _: &[u64]| Ok(None::<()>))
        }));
        // The scope passes the panic on, or the relay names the worker.
        assert!(result.is_err() || result.unwrap().is_err());
    }
}
