//! What a long step looks at: a walk's stop, deadline and threads, set on
//! its thread for the time of one step, so that the chain rungs (seconds
//! a step at their hardest: the nested forcing chains, the dynamic ones on
//! 25x25) give up in the middle of one, and the forcing-chain rungs search
//! on the walk's threads. A rung that gives up returns what it has, which
//! the walk then drops.

use std::cell::RefCell;
use std::time::Instant;

/// A walk's stop, deadline and threads, and whether a rung has seen the
/// stop or the deadline.
#[derive(Debug)]
struct Watch {
    stop: Option<dlx::Stop>,
    deadline: Option<Instant>,
    threads: usize,
    tripped: bool,
}

thread_local! {
    static WATCH: RefCell<Option<Watch>> = const { RefCell::new(None) };
}

/// Runs `step` watched by `stop` and `deadline`, on up to `threads`
/// threads ([`threads`]); returns its result and whether a rung gave up on
/// seeing the stop or the deadline ([`given_up`]).
pub(crate) fn watched<T>(
    stop: Option<&dlx::Stop>,
    deadline: Option<Instant>,
    threads: usize,
    step: impl FnOnce() -> T,
) -> (T, bool) {
    /// Takes the watch down however `step` ends.
    struct Guard;
    impl Drop for Guard {
        fn drop(&mut self) {
            WATCH.with(|w| w.borrow_mut().take());
        }
    }
    if stop.is_none() && deadline.is_none() && threads <= 1 {
        return (step(), false);
    }
    let watch = Watch { stop: stop.cloned(), deadline, threads, tripped: false };
    WATCH.with(|w| *w.borrow_mut() = Some(watch));
    let guard = Guard;
    let out = step();
    let tripped = WATCH.with(|w| w.borrow().as_ref().is_some_and(|w| w.tripped));
    drop(guard);
    (out, tripped)
}

/// Whether the step under way should give up: its walk's stop was
/// requested or its deadline has passed (never outside a watched step).
/// A rung that sees `true` may stop searching at once.
pub(crate) fn given_up() -> bool {
    WATCH.with(|w| {
        let mut w = w.borrow_mut();
        let Some(watch) = w.as_mut() else { return false };
        if !watch.tripped {
            let stopped = watch.stop.as_ref().is_some_and(|s| s.is_requested());
            watch.tripped = stopped || watch.deadline.is_some_and(|d| Instant::now() >= d);
        }
        watch.tripped
    })
}

/// The threads the step under way may search on (1 outside a watched
/// step).
pub(crate) fn threads() -> usize {
    WATCH.with(|w| w.borrow().as_ref().map_or(1, |w| w.threads.max(1)))
}

/// The stop of the step under way.
pub(crate) fn stop() -> Option<dlx::Stop> {
    WATCH.with(|w| w.borrow().as_ref().and_then(|w| w.stop.clone()))
}

/// The deadline of the step under way.
pub(crate) fn deadline() -> Option<Instant> {
    WATCH.with(|w| w.borrow().as_ref().and_then(|w| w.deadline))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_watched_step_gives_up() {
        assert!(!given_up());
        let stop = dlx::Stop::new();
        let ((), tripped) = watched(Some(&stop), None, 1, || assert!(!given_up()));
        assert!(!tripped);
        stop.request();
        let (seen, tripped) = watched(Some(&stop), None, 1, given_up);
        assert!(seen && tripped);
        let past = Instant::now();
        assert!(watched(None, Some(past), 1, given_up).1);
        assert_eq!(watched(None, Some(past), 1, deadline).0, Some(past));
        assert!(watched(Some(&stop), None, 1, super::stop).0.is_some_and(|s| s.is_requested()));
        // The watch ends with the step.
        assert!(!given_up());
        assert!(!watched(None, None, 1, given_up).1);
        assert_eq!(deadline(), None);
        assert_eq!(threads(), 1);
        assert_eq!(watched(None, None, 3, threads), (3, false));
        assert_eq!(threads(), 1);
    }
}
