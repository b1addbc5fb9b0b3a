//! The progress bar on stderr: [`Progress`], for batches of puzzles, for
//! solutions found, and for a long search ([`Progress::search`]: solutions,
//! rate, fraction of the tree explored and time left, the last from the
//! engine's estimate of the nodes left and the node rate seen by the bar).
//!
//! A bar is only ever drawn when stderr is a terminal (the caller decides,
//! see [`Report`](crate::config::Report)), and only once the work has gone
//! on for [`DELAY`]: quick runs never flash a bar. Until then the bar exists
//! but is hidden, so it still counts and measures the rate from the start.

use std::cell::RefCell;
use std::sync::Mutex;
use std::sync::mpsc::{self, RecvTimeoutError, Sender};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use indicatif::{HumanCount, ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};

use crate::report::human_time;

/// How long work runs before its bar appears.
const DELAY: Duration = Duration::from_millis(400);

/// How often a search's progress line is brought up to date (the refresh
/// period a search reports its progress at).
pub const REFRESH: Duration = Duration::from_millis(200);

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
    /// The pace of the search shown by [`show_search`](Self::show_search).
    pace: Mutex<Pace>,
}

/// The pace of a search as its reports come: the time since the first
/// report (or since the bar was made) and the nodes searched per second
/// since the first report. It runs across the searches of one count (a
/// count that saves checkpoints is a search per checkpoint, each with its
/// own clock) and is blind to the nodes of a resumed checkpoint.
#[derive(Debug)]
struct Pace {
    start: Instant,
    first: Option<(Instant, u64)>,
}

impl Pace {
    fn new() -> Pace {
        Pace { start: Instant::now(), first: None }
    }

    /// The line for `at`.
    fn message(&mut self, at: &dlx::Progress) -> String {
        let now = Instant::now();
        let (t0, n0) = *self.first.get_or_insert((now, at.nodes));
        let secs = (now - t0).as_secs_f64();
        let rate = (secs > 0.0 && at.nodes > n0).then(|| (at.nodes - n0) as f64 / secs);
        search_message(at, now - self.start, rate)
    }
}

impl Progress {
    /// A bar that is never shown.
    pub fn disabled() -> Progress {
        Progress { bar: ProgressBar::hidden(), stop: None, pace: Mutex::new(Pace::new()) }
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

    /// A line about a long search, kept up to date with
    /// [`show_search`](Self::show_search): solutions so far, their rate, the
    /// estimated fraction of the search tree explored and the time left
    /// (the estimated nodes left over the node rate seen so far).
    pub fn search(enabled: bool) -> Progress {
        let style = ProgressStyle::with_template("{spinner} {msg}").expect("a valid template");
        Progress::start(enabled, style)
    }

    /// Shows where a search stands (on a bar made by
    /// [`search`](Self::search)).
    pub fn show_search(&self, at: &dlx::Progress) {
        if self.is_enabled() {
            let message = self.pace.lock().unwrap_or_else(|e| e.into_inner()).message(at);
            self.bar.set_message(message);
        }
    }

    /// Runs `search`, which reports with the function it is given where
    /// the search of one puzzle (named by `what`) stands; meanwhile the bar
    /// shows that instead of a rate and a time left that stand still.
    pub fn while_searching<R>(
        &self,
        what: &str,
        search: impl FnOnce(&dyn Fn(&dlx::Progress)) -> R,
    ) -> R {
        if !self.is_enabled() {
            return search(&|_| {});
        }
        let style = ProgressStyle::with_template("{spinner} {human_pos} puzzles done  {msg}")
            .expect("a valid template");
        self.bar.set_style(style);
        let pace = RefCell::new(Pace::new());
        let result = search(&|at| {
            self.bar.set_message(format!("{what}: {}", pace.borrow_mut().message(at)))
        });
        self.bar.set_message("");
        // The total may have come meanwhile.
        let style = match self.bar.length() {
            Some(_) => bar_style(),
            None => spinner_style("puzzles"),
        };
        self.bar.set_style(style);
        result
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
        Progress { bar, stop: Some((tx, handle)), pace: Mutex::new(Pace::new()) }
    }

    /// Adds `n` to the count; nothing at all when the bar is disabled (a
    /// batch counts every puzzle, and the hidden bar's clock is not free).
    #[inline]
    pub fn inc(&self, n: u64) {
        if self.is_enabled() {
            self.bar.inc(n);
        }
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

/// `1,234 solutions  56.7/s  ~12.5% explored  8s elapsed, ~56s left`, for
/// a search `elapsed` long whose nodes go at `node_rate` per second (not
/// known yet: `None`). The fraction is the engine's (nodes searched over
/// those plus the estimated nodes left); the time left is the estimated
/// nodes left over the node rate.
fn search_message(at: &dlx::Progress, elapsed: Duration, node_rate: Option<f64>) -> String {
    let solutions = HumanCount(u64::try_from(at.solutions).unwrap_or(u64::MAX));
    let secs = elapsed.as_secs_f64();
    let rate = if secs > 0.0 { at.solutions as f64 / secs } else { 0.0 };
    let rate = match rate {
        r if r >= 100.0 => format!("{}/s", HumanCount(r as u64)),
        r => format!("{r:.1}/s"),
    };
    let f = at.fraction.clamp(0.0, 1.0);
    let percent = 100.0 * f;
    let percent = match percent {
        p if p >= 1.0 => format!("{p:.1}%"),
        p if p >= 0.001 => format!("{p:.3}%"),
        p => format!("{p:.1e}%"),
    };
    let left = match node_rate {
        Some(r) if r > 0.0 && at.nodes_left.is_finite() => human_time(at.nodes_left / r),
        _ => "?".to_owned(),
    };
    format!(
        "{solutions} solutions  {rate}  ~{percent} explored  {} elapsed, ~{left} left",
        human_time(secs)
    )
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
    fn a_search_line_tells_rate_fraction_and_time_left() {
        let at = dlx::Progress {
            solutions: 12_345,
            nodes: 1_000,
            elapsed: Duration::from_secs(10),
            fraction: 0.25,
            nodes_left: 3_000.0,
        };
        let ten = Duration::from_secs(10);
        // 3,000 nodes left at 100 nodes a second.
        assert_eq!(
            search_message(&at, ten, Some(100.0)),
            "12,345 solutions  1,234/s  ~25.0% explored  10s elapsed, ~30s left"
        );
        let start = search_message(&at, Duration::ZERO, None);
        assert!(start.ends_with("~? left"), "{start}");
        let tiny = dlx::Progress { fraction: 1e-7, ..at };
        let tiny = search_message(&tiny, ten, Some(1.0));
        assert!(tiny.contains("~1.0e-5% explored"), "{tiny}");
    }

    #[test]
    fn the_pace_is_the_node_rate_since_the_first_report() {
        let mut pace = Pace::new();
        let at = dlx::Progress { nodes: 500, nodes_left: 1e6, ..dlx::Progress::default() };
        // The first report sets the mark: no rate yet.
        assert!(pace.message(&at).ends_with("~? left"));
        std::thread::sleep(Duration::from_millis(20));
        let later = dlx::Progress { nodes: 1_500, ..at };
        // 1,000 nodes in 20 ms or more: at most 50,000 a second, so at
        // least 20 s for a million.
        let line = pace.message(&later);
        assert!(!line.ends_with("~? left") && !line.contains("~0s left"), "{line}");
    }

    #[test]
    fn a_bar_counts_and_takes_its_total_before_it_shows() {
        // Enabled but not shown yet (under the test runner it finishes
        // long before the delay): it counts from the start all the same.
        let p = Progress::puzzles(true);
        assert!(p.is_enabled());
        p.inc(2);
        p.inc(1);
        assert_eq!(p.bar.position(), 3);
        p.set_position(5);
        assert_eq!(p.bar.position(), 5);
        assert_eq!(p.bar.length(), None);
        p.total_setter()(10);
        assert_eq!(p.bar.length(), Some(10));
        p.finish();
    }

    #[test]
    fn a_bar_tells_where_a_search_stands() {
        let at = dlx::Progress {
            solutions: 12_345,
            nodes: 1,
            elapsed: Duration::from_secs(10),
            fraction: 0.25,
            nodes_left: 3.0,
        };
        let p = Progress::search(true);
        p.show_search(&at);
        assert!(p.bar.message().contains("~25.0% explored"), "{}", p.bar.message());
        p.finish();

        // A batch names the puzzle while it is searched, then clears it.
        let p = Progress::puzzles(true);
        let during = p.while_searching("a.txt:3", |show| {
            show(&at);
            p.bar.message()
        });
        assert!(during.starts_with("a.txt:3: 12,345 solutions"), "{during}");
        assert!(during.contains("~25.0% explored"), "{during}");
        assert_eq!(p.bar.message(), "");
        p.finish();

        // A disabled bar runs the search with a reporter that does nothing.
        let p = Progress::disabled();
        p.show_search(&at);
        assert_eq!(
            p.while_searching("a.txt:3", |show| {
                show(&at);
                7
            }),
            7
        );
        assert_eq!(p.bar.message(), "");
    }
}
