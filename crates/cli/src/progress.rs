//! The progress bar on stderr: [`Progress`].
//!
//! A bar is only ever drawn when stderr is a terminal (the caller decides,
//! see [`Report`](crate::config::Report)), and only once the work has gone
//! on for [`DELAY`]: quick runs never flash a bar. Until then the bar exists
//! but is hidden, so it still counts and measures the rate from the start.

use std::sync::mpsc::{self, RecvTimeoutError, Sender};
use std::thread::JoinHandle;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};

/// How long work runs before its bar appears.
const DELAY: Duration = Duration::from_millis(400);

/// How often a visible bar is redrawn even when nothing moves (the
/// spinner and the elapsed time).
const TICK: Duration = Duration::from_millis(120);

/// A progress bar on stderr that may stay hidden. All methods are cheap when
/// it is disabled, and it can be shared between threads by reference.
#[derive(Debug)]
pub struct Progress {
    bar: ProgressBar,
    /// Tells the thread that would show the bar that the work is over.
    stop: Option<(Sender<()>, JoinHandle<()>)>,
}

impl Progress {
    /// A bar that is never shown.
    pub fn disabled() -> Progress {
        Progress { bar: ProgressBar::hidden(), stop: None }
    }

    /// A bar counting puzzles: done, rate and elapsed time, then (once
    /// [`total_setter`](Self::total_setter) tells the total) a bar with the time
    /// left.
    pub fn puzzles(enabled: bool) -> Progress {
        Progress::start(enabled, spinner_style("puzzles"))
    }

    /// A spinner counting solutions: found, rate and elapsed time.
    pub fn solutions(enabled: bool) -> Progress {
        Progress::start(enabled, spinner_style("solutions"))
    }

    fn start(enabled: bool, style: ProgressStyle) -> Progress {
        if !enabled {
            return Progress::disabled();
        }
        let bar =
            ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden()).with_style(style);
        let (tx, rx) = mpsc::channel::<()>();
        let shown = bar.clone();
        let handle = std::thread::spawn(move || {
            // Either the work ends first (a message, or the sender dropped),
            // or the delay runs out and the bar appears.
            if let Err(RecvTimeoutError::Timeout) = rx.recv_timeout(DELAY) {
                shown.set_draw_target(ProgressDrawTarget::stderr());
                shown.enable_steady_tick(TICK);
            }
        });
        Progress { bar, stop: Some((tx, handle)) }
    }

    /// Adds `n` to the count.
    #[inline]
    pub fn inc(&self, n: u64) {
        self.bar.inc(n);
    }

    /// Sets the count.
    #[inline]
    pub fn set_position(&self, n: u64) {
        self.bar.set_position(n);
    }

    /// A function that tells the total (from any thread), turning the
    /// spinner into a bar with the time left.
    pub fn total_setter(&self) -> impl FnOnce(u64) + Send + 'static {
        let bar = self.bar.clone();
        move |total| {
            bar.set_length(total);
            bar.set_style(bar_style());
        }
    }

    /// Whether a bar may be shown at all.
    pub fn is_enabled(&self) -> bool {
        self.stop.is_some()
    }

    /// Runs `f` (which writes to the terminal) with the bar cleared, then
    /// draws the bar again.
    pub fn suspend<R>(&self, f: impl FnOnce() -> R) -> R {
        if self.is_enabled() { self.bar.suspend(f) } else { f() }
    }

    /// Ends the work: the bar, if shown, is wiped from the terminal.
    pub fn finish(mut self) {
        self.stop_and_clear();
    }

    fn stop_and_clear(&mut self) {
        if let Some((tx, handle)) = self.stop.take() {
            drop(tx);
            let _ = handle.join();
            self.bar.finish_and_clear();
        }
    }
}

impl Drop for Progress {
    /// A bar left behind by an error is wiped too, so that the error
    /// message starts on a clean line.
    fn drop(&mut self) {
        self.stop_and_clear();
    }
}

/// Writes the rate as a whole number per second (indicatif's `{per_sec}`
/// shows four decimals).
fn rate(state: &ProgressState, w: &mut dyn std::fmt::Write) {
    let r = state.per_sec();
    let _ = if r >= 100.0 { write!(w, "{r:.0}/s") } else { write!(w, "{r:.1}/s") };
}

fn spinner_style(what: &str) -> ProgressStyle {
    let template = format!("{{spinner}} {{human_pos}} {what}  {{rate}}  {{elapsed}}");
    ProgressStyle::with_template(&template).expect("a valid template").with_key("rate", rate)
}

fn bar_style() -> ProgressStyle {
    ProgressStyle::with_template(
        "{wide_bar} {human_pos}/{human_len} puzzles  {rate}  {elapsed} elapsed, {eta} left",
    )
    .expect("a valid template")
    .with_key("rate", rate)
    .progress_chars("=> ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_disabled_bar_still_runs_closures() {
        let p = Progress::disabled();
        assert!(!p.is_enabled());
        p.inc(3);
        assert_eq!(p.suspend(|| 7), 7);
        p.finish();
    }

    #[test]
    fn the_styles_are_valid() {
        let _ = spinner_style("puzzles");
        let _ = bar_style();
    }

    #[test]
    fn an_enabled_bar_finishes_before_its_delay() {
        // stderr is not a terminal under the test runner; the bar stays
        // hidden because it finishes before the delay.
        let p = Progress::puzzles(true);
        p.inc(1);
        p.total_setter()(10);
        p.finish();
    }
}
