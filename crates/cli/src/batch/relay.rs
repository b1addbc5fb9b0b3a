//! [`Pool::relay`]: workers that read their own chunks, so that a batch
//! of `N` workers keeps `N` threads busy and no more (a reader thread and
//! a writing thread beside the workers take cores from them).
//!
//! The input sits behind a lock with the number of the next chunk: a job
//! takes the lock, reads a chunk and numbers it, lets go, solves the chunk
//! alone (a plain loop: the chunks are small, so the last one keeps the
//! other workers idle only briefly) and sends it back. The calling thread
//! writes the chunks in their numbers' order and starts a job for each one
//! written, so that at most [`DEPTH`] chunks beyond the workers' are read
//! ahead, however long the input.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Sender};
use std::sync::{Mutex, PoisonError};

use anyhow::Result;

use super::{Chunk, Pool};

/// Chunks in flight beyond one per worker: read and waiting for a worker,
/// or solved and waiting to be written.
pub const DEPTH: usize = 2;

/// What a job of [`Pool::relay`] is told of its chunk.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Claim {
    /// The chunk is the whole input (read first, and the input ended
    /// with it): the other workers have nothing else to do.
    pub alone: bool,
}

/// What a job hands back.
enum Back<T, R> {
    /// A chunk solved, by number.
    Solved(u64, Chunk<T, R>),
    /// Nothing was read: the input had ended.
    Ended,
    /// The job panicked.
    Died,
}

/// Sends [`Back::Died`] if the job ends without saying anything else.
struct Handback<T, R> {
    tx: Option<Sender<Back<T, R>>>,
}

impl<T, R> Handback<T, R> {
    fn send(mut self, back: Back<T, R>) {
        if let Some(tx) = self.tx.take() {
            let _ = tx.send(back);
        }
    }
}

impl<T, R> Drop for Handback<T, R> {
    fn drop(&mut self) {
        if let Some(tx) = self.tx.take() {
            let _ = tx.send(Back::Died);
        }
    }
}

/// The shared input: its reader, the next chunk's number, whether it ended.
struct Input<S> {
    state: S,
    next: u64,
    ended: bool,
}

impl Pool {
    /// Reads, solves and writes a batch with no thread but the workers and
    /// the calling one (see the [module's docs](self)).
    ///
    /// `read` fills an empty chunk with the next items under the input's
    /// lock and says whether the input may hold more (an empty chunk ends
    /// it); `solve` fills the answers, one slot per item (each holds what
    /// it held before, or `R::default()`); `write` is called on the calling
    /// thread with each chunk in input order, and ends the batch with
    /// `Some`. Returns what `write` ended with, or `None` at the end of the
    /// input.
    pub fn relay<S, T, R, Y>(
        &self,
        input: S,
        read: impl Fn(&mut S, &mut Vec<T>) -> bool + Sync,
        solve: impl Fn(Claim, &[T], &mut [R]) + Sync,
        mut write: impl FnMut(&[T], &[R]) -> Result<Option<Y>>,
    ) -> Result<Option<Y>>
    where
        S: Send,
        T: Send,
        R: Send + Default,
    {
        let input = Mutex::new(Input { state: input, next: 0, ended: false });
        let quit = AtomicBool::new(false);
        let (read, solve) = (&read, &solve);
        let (tx, rx) = mpsc::channel();
        let job = |(mut items, mut answers): Chunk<T, R>, back: Handback<T, R>| {
            items.clear();
            let claimed = {
                let mut input = input.lock().unwrap_or_else(PoisonError::into_inner);
                if input.ended || quit.load(Ordering::Relaxed) {
                    None
                } else {
                    let more = read(&mut input.state, &mut items);
                    input.ended = !more || items.is_empty();
                    let seq = input.next;
                    input.next += 1;
                    Some((seq, Claim { alone: seq == 0 && !more }))
                }
            };
            match claimed {
                Some((seq, claim)) if !items.is_empty() => {
                    answers.resize_with(items.len(), R::default);
                    solve(claim, &items, &mut answers);
                    back.send(Back::Solved(seq, (items, answers)));
                }
                _ => back.send(Back::Ended),
            }
        };
        let job = &job;
        self.pool.in_place_scope(|scope| {
            let threads = self.pool.current_num_threads();
            let start = |buffers: Chunk<T, R>| {
                let back = Handback { tx: Some(tx.clone()) };
                scope.spawn(move |_| job(buffers, back));
            };
            for _ in 0..threads + DEPTH {
                start(Chunk::default());
            }
            let mut running = threads + DEPTH;
            let (mut next, mut ended) = (0, false);
            let mut early: Vec<(u64, Chunk<T, R>)> = Vec::new();
            let result = loop {
                let chunk = match early.iter().position(|(seq, _)| *seq == next) {
                    Some(k) => early.swap_remove(k).1,
                    None if running == 0 => break Ok(None),
                    None => {
                        running -= 1;
                        match rx.recv() {
                            Ok(Back::Solved(seq, chunk)) if seq == next => chunk,
                            Ok(Back::Solved(seq, chunk)) => {
                                early.push((seq, chunk));
                                continue;
                            }
                            Ok(Back::Ended) => {
                                ended = true;
                                continue;
                            }
                            Ok(Back::Died) | Err(_) => {
                                break Err(anyhow::anyhow!(
                                    "internal error: a worker stopped before the end of its chunk"
                                ));
                            }
                        }
                    }
                };
                next += 1;
                match write(&chunk.0, &chunk.1) {
                    Ok(None) => {}
                    done => break done,
                }
                if !ended {
                    start(chunk);
                    running += 1;
                }
            };
            // The jobs still to run read nothing more.
            quit.store(true, Ordering::Relaxed);
            result
        })
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
