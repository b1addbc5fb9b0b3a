//! `--stats`: statistics written to stderr, one `key: value` per line.
//!
//! The keys are part of the scriptable interface, so they never change:
//! `items`, `options`, `solutions`, `nodes`, `updates`, `depth`, `time`,
//! `updates/s`, `threads`, `engine`, and for sudoku batches `puzzles`, `solved`, `no-solution`,
//! `invalid`, `unique`, `multiple` and `puzzles/s`.
//!
//! For `dlx solve` and `dlx count`, `time` is the wall-clock time of the
//! search and `updates/s` the updates made per second of it, on all
//! `threads` together. For a sudoku batch, `time` is the wall
//! clock from start to end (reading and writing included, on all threads),
//! and the rates are throughputs over that time; `nodes` and `updates` are
//! summed over all puzzles, `depth` is the deepest any search went.
//! `updates` (and `updates/s`) are 0 where the engine does not count them:
//! its bit-sliced form, which takes 9x9 sudoku and other small problems
//! (see `dlx::Engine::BitSliced`), and its bounded form (small colored
//! problems with multiplicities, `dlx::Engine::BitBounded`). `engine` names
//! the engine the search ran: `bit-sliced`, `bitset` (the counted bit
//! form), `bit-bounded` or `dancing-links`;
//! for a sudoku batch of several sizes, each engine used, in order.

use std::fmt::Display;
use std::io::{self, Write};
use std::time::Duration;

/// Statistics to be written, in order.
#[derive(Debug, Default)]
pub struct Stats {
    lines: Vec<(&'static str, String)>,
}

impl Stats {
    /// No statistics yet.
    pub fn new() -> Stats {
        Stats::default()
    }

    /// Adds `key: value`.
    pub fn add(&mut self, key: &'static str, value: impl Display) -> &mut Stats {
        self.lines.push((key, value.to_string()));
        self
    }

    /// Adds a duration, in seconds with millisecond precision.
    pub fn add_time(&mut self, key: &'static str, time: Duration) -> &mut Stats {
        self.add(key, seconds(time))
    }

    /// Adds a rate, in scientific notation.
    pub fn add_rate(&mut self, key: &'static str, per_second: f64) -> &mut Stats {
        self.add(key, rate(per_second))
    }

    /// Adds the figures of a search: solutions, nodes, updates, depth.
    pub fn add_search(&mut self, stats: &dlx::Stats) -> &mut Stats {
        self.add("solutions", stats.solutions())
            .add("nodes", stats.nodes())
            .add("updates", stats.updates())
            .add("depth", stats.max_depth())
    }

    /// The lines, as they will be written.
    pub fn render(&self) -> String {
        self.lines.iter().map(|(k, v)| format!("{k}: {v}\n")).collect()
    }

    /// Writes the lines to stderr, ignoring errors (stderr may be closed,
    /// and statistics are not worth failing over).
    pub fn print(&self) {
        let _ = io::stderr().lock().write_all(self.render().as_bytes());
    }
}

/// How `--stats` names an engine.
pub fn engine_name(engine: dlx::Engine) -> &'static str {
    match engine {
        dlx::Engine::BitSliced => "bit-sliced",
        dlx::Engine::Bitset => "bitset",
        dlx::Engine::BitBounded => "bit-bounded",
        dlx::Engine::DancingLinks => "dancing-links",
        _ => "auto",
    }
}

/// `1.234s`.
pub fn seconds(time: Duration) -> String {
    format!("{:.3}s", time.as_secs_f64())
}

/// `1.235e9`, or `0` when nothing was measured.
pub fn rate(per_second: f64) -> String {
    if per_second > 0.0 && per_second.is_finite() {
        format!("{per_second:.3e}")
    } else {
        "0".to_owned()
    }
}

/// A duration for people, to two or three significant figures: `0.052s`,
/// `12s`, `3.5 min`, `2.1 h`, `4.0 days`, `1.3e3 years`.
pub fn human_time(secs: f64) -> String {
    const MIN: f64 = 60.0;
    const HOUR: f64 = 60.0 * MIN;
    const DAY: f64 = 24.0 * HOUR;
    const YEAR: f64 = 365.25 * DAY;
    match secs {
        s if !s.is_finite() => "forever".to_owned(),
        s if s < 1.0 => format!("{:.2}s", s.max(0.0)),
        s if s < 10.0 => format!("{s:.1}s"),
        s if s < 100.0 => format!("{s:.0}s"),
        s if s < HOUR => format!("{:.1} min", s / MIN),
        s if s < DAY => format!("{:.1} h", s / HOUR),
        s if s < YEAR => format!("{:.1} days", s / DAY),
        s if s < 1000.0 * YEAR => format!("{:.0} years", s / YEAR),
        s => format!("{:.1e} years", s / YEAR),
    }
}

/// `n / time`, 0 when no time passed.
pub fn per_second(n: f64, time: Duration) -> f64 {
    let s = time.as_secs_f64();
    if s > 0.0 { n / s } else { 0.0 }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_key_colon_value() {
        let mut s = Stats::new();
        s.add("items", 7)
            .add_time("time", Duration::from_millis(1234))
            .add_rate("updates/s", 1.5e9);
        assert_eq!(s.render(), "items: 7\ntime: 1.234s\nupdates/s: 1.500e9\n");
    }

    #[test]
    fn human_times() {
        let cases = [
            (0.0521, "0.05s"),
            (3.25, "3.2s"),
            (42.0, "42s"),
            (210.0, "3.5 min"),
            (7560.0, "2.1 h"),
            (4.0 * 86400.0, "4.0 days"),
            (3.0e9, "95 years"),
            (4.2e12, "1.3e5 years"),
            (f64::INFINITY, "forever"),
        ];
        for (secs, text) in cases {
            assert_eq!(human_time(secs), text, "{secs}");
        }
    }

    #[test]
    fn rates_of_nothing_are_zero() {
        assert_eq!(rate(0.0), "0");
        assert_eq!(rate(f64::NAN), "0");
        assert_eq!(per_second(5.0, Duration::ZERO), 0.0);
        assert_eq!(per_second(5.0, Duration::from_secs(2)), 2.5);
    }
}
