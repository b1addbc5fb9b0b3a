//! `dlx estimate`: how big is a search, and how long would it take?
//!
//! Two measurements, both short:
//!
//! 1. Knuth's random-path estimate ([`Solver::estimate`]): each random path
//!    down the search tree, taking each branch with equal chance, gives an
//!    unbiased estimate of the number of nodes and solutions; their mean over
//!    many paths, with its standard error, is what is printed. Paths are
//!    walked in [`batches`] of fixed sizes and seeds, so the same seed and
//!    number of samples always give the same figures; by default sampling
//!    stops at [`DEFAULT_SAMPLES`] or after [`SAMPLING_TIME`].
//! 2. A calibration run of the real search, for at most [`CALIBRATION`],
//!    gives this machine's speed in nodes per second, which turns the node
//!    estimate into a time. If the whole search ends within it, the exact
//!    figures are printed too.
//!
//! The figures are written as `key: value` lines, or as one
//! [`JsonEstimate`].

use std::io::Write;
use std::time::{Duration, Instant};

use anyhow::Result;
use dlx::{Estimate, Solver, Status};
use serde::Serialize;

use crate::config::{EstimateConfig, Output};
use crate::exit::ExitStatus;
use crate::out::Out;
use crate::problem;
use crate::report::{self, human_time};

/// Random paths walked by default.
const DEFAULT_SAMPLES: u64 = 10_000;

/// How long the default sampling may go on.
const SAMPLING_TIME: Duration = Duration::from_secs(1);

/// The longest calibration run.
const CALIBRATION: Duration = Duration::from_millis(200);

/// Nodes between looks at the clock while calibrating.
const CALIBRATION_SLICE: u64 = 1 << 12;

/// Runs `dlx estimate`.
pub fn run(config: &EstimateConfig) -> Result<ExitStatus> {
    let problem = problem::read(&config.input)?;
    let mut solver = Solver::new(&problem);
    let speed = calibrate(&mut solver);
    let estimate = match config.samples {
        Some(n) => sample(&mut solver, n, config.seed, None),
        None => sample(&mut solver, DEFAULT_SAMPLES, config.seed, Some(SAMPLING_TIME)),
    };
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut out = Out::new();
    match config.output {
        Output::Text => write!(out, "{}", render(&estimate, &speed, cores))?,
        Output::Json => out.json_line(&json(&config.input.to_string(), &estimate, &speed))?,
    }
    out.flush()?;
    Ok(ExitStatus::Success)
}

/// What the calibration run measured.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Speed {
    nodes: u64,
    solutions: u128,
    time: Duration,
    /// Whether the whole search ended within the calibration.
    finished: bool,
}

impl Speed {
    fn nodes_per_second(&self) -> f64 {
        report::per_second(self.nodes as f64, self.time)
    }
}

/// Runs the real search for at most [`CALIBRATION`].
fn calibrate(solver: &mut Solver<'_>) -> Speed {
    let start = Instant::now();
    let mut solutions = 0;
    let finished = loop {
        match solver.run(CALIBRATION_SLICE) {
            Status::Done => break true,
            Status::Solution => solutions += 1,
            _ => {}
        }
        if start.elapsed() >= CALIBRATION {
            break false;
        }
    };
    Speed { nodes: solver.stats().nodes(), solutions, time: start.elapsed(), finished }
}

/// The sizes of the batches of paths: 100, 200, 400, 800, then 1600 each,
/// the last cut to make `samples` in all.
fn batches(samples: u64) -> impl Iterator<Item = u64> {
    let mut left = samples;
    let mut size = 100;
    std::iter::from_fn(move || {
        if left == 0 {
            return None;
        }
        let n = size.min(left);
        left -= n;
        size = (size * 2).min(1600);
        Some(n)
    })
}

/// Walks `samples` random paths in batches, each with a seed of its own
/// made from `seed`; with a `budget`, stops after the batch that exceeds it.
/// The batches are pooled exactly (Chan's formula for means and variances).
fn sample(solver: &mut Solver<'_>, samples: u64, seed: u64, budget: Option<Duration>) -> Estimate {
    let start = Instant::now();
    let (mut nodes, mut solutions) = (Pool::default(), Pool::default());
    let mut max_depth = 0;
    for (i, n) in batches(samples).enumerate() {
        let e = solver.estimate(n, splitmix(seed.wrapping_add(i as u64)));
        nodes.add(n, e.nodes, e.nodes_stderr);
        solutions.add(n, e.solutions, e.solutions_stderr);
        max_depth = max_depth.max(e.max_depth);
        if budget.is_some_and(|b| start.elapsed() >= b) {
            break;
        }
    }
    Estimate {
        samples: nodes.n,
        nodes: nodes.mean,
        nodes_stderr: nodes.stderr(),
        solutions: solutions.mean,
        solutions_stderr: solutions.stderr(),
        max_depth,
        elapsed: start.elapsed(),
    }
}

/// One mixing step of SplitMix64: unrelated seeds for neighbouring batches.
fn splitmix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Pooled mean and variance of batches given as (size, mean, standard
/// error of the mean).
#[derive(Debug, Default)]
struct Pool {
    n: u64,
    mean: f64,
    /// Sum of squared deviations from the mean.
    m2: f64,
}

impl Pool {
    fn add(&mut self, n: u64, mean: f64, stderr: f64) {
        if n == 0 {
            return;
        }
        let nf = n as f64;
        // A batch of one has no spread of its own (its error is infinite).
        let m2 = if n > 1 && stderr.is_finite() { stderr * stderr * nf * (nf - 1.0) } else { 0.0 };
        let total = (self.n + n) as f64;
        let delta = mean - self.mean;
        self.mean += delta * nf / total;
        self.m2 += m2 + delta * delta * self.n as f64 * nf / total;
        self.n += n;
    }

    fn stderr(&self) -> f64 {
        if self.n < 2 {
            return f64::INFINITY;
        }
        let n = self.n as f64;
        (self.m2 / (n - 1.0) / n).sqrt()
    }
}

/// `1.42e4 ± 3.1e2`.
fn plus_minus(value: f64, error: f64) -> String {
    let sci = |x: f64, digits: usize| {
        if x == 0.0 {
            "0".to_owned()
        } else if x.is_finite() {
            format!("{x:.digits$e}")
        } else {
            "inf".to_owned()
        }
    };
    format!("{} ± {}", sci(value, 2), sci(error, 1))
}

/// The lines `dlx estimate` prints.
fn render(estimate: &Estimate, speed: &Speed, cores: usize) -> String {
    let mut text = format!(
        "solutions: {}\nnodes: {}\nsamples: {}\ndepth: {}\n",
        plus_minus(estimate.solutions, estimate.solutions_stderr),
        plus_minus(estimate.nodes, estimate.nodes_stderr),
        estimate.samples,
        estimate.max_depth,
    );
    let rate = speed.nodes_per_second();
    if speed.finished {
        text += &format!(
            "time: {} on 1 thread (measured: the whole search ran)\nexact: {} solutions, {} nodes\n",
            report::seconds(speed.time),
            speed.solutions,
            speed.nodes
        );
    } else if rate > 0.0 {
        let secs = estimate.nodes / rate;
        let more = if cores > 1 {
            format!(", ~{} on {cores}", human_time(secs / cores as f64))
        } else {
            String::new()
        };
        text += &format!(
            "time: ~{} on 1 thread{more} (at {} nodes/s measured here)\n",
            human_time(secs),
            report::rate(rate)
        );
    }
    text
}

/// The estimate as `--format json` writes it. Floating-point figures are
/// JSON numbers; an error that is infinite (fewer than two paths) is
/// `null`.
#[derive(Debug, Serialize)]
struct JsonEstimate<'a> {
    /// The input's name (`<stdin>` for standard input).
    file: &'a str,
    /// The estimated number of solutions.
    solutions: f64,
    /// Its standard error.
    solutions_error: Option<f64>,
    /// The estimated number of search-tree nodes.
    nodes: f64,
    /// Its standard error.
    nodes_error: Option<f64>,
    /// The random paths walked.
    samples: u64,
    /// The deepest path.
    depth: usize,
    /// The speed of the search on this machine, measured.
    nodes_per_second: f64,
    /// The time of the search on one thread: estimated, or measured when
    /// the whole search ran (`exact`); `null` when nothing was measured.
    seconds: Option<f64>,
    /// The true figures, when the whole search ran within the
    /// calibration; `null` otherwise.
    exact: Option<JsonExact>,
}

/// The true figures of a search that ran in full.
#[derive(Debug, Serialize)]
struct JsonExact {
    /// The number of solutions.
    solutions: u128,
    /// The number of search-tree nodes.
    nodes: u64,
}

/// The [`JsonEstimate`] of a problem read from `file`.
fn json<'a>(file: &'a str, estimate: &Estimate, speed: &Speed) -> JsonEstimate<'a> {
    let finite = |x: f64| x.is_finite().then_some(x);
    let rate = speed.nodes_per_second();
    let seconds = if speed.finished {
        Some(speed.time.as_secs_f64())
    } else {
        (rate > 0.0).then(|| estimate.nodes / rate)
    };
    JsonEstimate {
        file,
        solutions: estimate.solutions,
        solutions_error: finite(estimate.solutions_stderr),
        nodes: estimate.nodes,
        nodes_error: finite(estimate.nodes_stderr),
        samples: estimate.samples,
        depth: estimate.max_depth,
        nodes_per_second: rate,
        seconds,
        exact: speed
            .finished
            .then_some(JsonExact { solutions: speed.solutions, nodes: speed.nodes }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn batches_grow_then_stay_and_add_up() {
        assert_eq!(
            batches(10_000).collect::<Vec<_>>(),
            [100, 200, 400, 800, 1600, 1600, 1600, 1600, 1600, 500]
        );
        assert_eq!(batches(150).collect::<Vec<_>>(), [100, 50]);
        assert_eq!(batches(1).collect::<Vec<_>>(), [1]);
        assert_eq!(batches(0).count(), 0);
    }

    #[test]
    fn pooled_batches_equal_one_sample() {
        // 1..=10 in one go: mean 5.5, sample variance 55/6.
        let xs: Vec<f64> = (1..=10).map(f64::from).collect();
        let batch = |xs: &[f64]| {
            let n = xs.len() as f64;
            let mean = xs.iter().sum::<f64>() / n;
            let var = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
            (xs.len() as u64, mean, (var / n).sqrt())
        };
        let mut pool = Pool::default();
        for part in [&xs[..3], &xs[3..4], &xs[4..]] {
            let (n, mean, se) =
                if part.len() == 1 { (1, part[0], f64::INFINITY) } else { batch(part) };
            pool.add(n, mean, se);
        }
        let (_, mean, se) = batch(&xs);
        assert_eq!(pool.n, 10);
        assert!((pool.mean - mean).abs() < 1e-12);
        assert!((pool.stderr() - se).abs() < 1e-12, "{} vs {se}", pool.stderr());
    }

    #[test]
    fn figures_and_errors() {
        assert_eq!(plus_minus(14_213.7, 312.4), "1.42e4 ± 3.1e2");
        assert_eq!(plus_minus(0.0, 0.0), "0 ± 0");
        assert_eq!(plus_minus(1.0, f64::INFINITY), "1.00e0 ± inf");
    }

    #[test]
    fn the_time_is_estimated_unless_the_search_ended() {
        let estimate = Estimate {
            samples: 10,
            nodes: 2.0e9,
            nodes_stderr: 1.0e8,
            solutions: 5.0e5,
            solutions_stderr: 2.5e4,
            max_depth: 12,
            elapsed: Duration::ZERO,
        };
        let speed = Speed {
            nodes: 2_000_000,
            solutions: 1,
            time: Duration::from_millis(200),
            finished: false,
        };
        assert_eq!(
            render(&estimate, &speed, 2),
            "solutions: 5.00e5 ± 2.5e4\nnodes: 2.00e9 ± 1.0e8\nsamples: 10\ndepth: 12\n\
             time: ~3.3 min on 1 thread, ~1.7 min on 2 (at 1.000e7 nodes/s measured here)\n"
        );
        let done = Speed { finished: true, ..speed };
        assert!(render(&estimate, &done, 1).ends_with(
            "time: 0.200s on 1 thread (measured: the whole search ran)\n\
             exact: 1 solutions, 2000000 nodes\n"
        ));
        let text = serde_json::to_string(&json("q.dlx", &estimate, &speed)).unwrap();
        assert_eq!(
            text,
            r#"{"file":"q.dlx","solutions":500000.0,"solutions_error":25000.0,"nodes":2000000000.0,"nodes_error":100000000.0,"samples":10,"depth":12,"nodes_per_second":10000000.0,"seconds":200.0,"exact":null}"#
        );
        let infinite = Estimate { nodes_stderr: f64::INFINITY, ..estimate };
        let text = serde_json::to_string(&json("q.dlx", &infinite, &done)).unwrap();
        assert!(text.contains(r#""nodes_error":null"#), "{text}");
        assert!(text.ends_with(r#""seconds":0.2,"exact":{"solutions":1,"nodes":2000000}}"#));
    }
}
