//! Checkpoints: where a count stands, as a value that can be saved as text
//! and resumed by another [`Solver`](crate::Solver) or
//! [`Parallel`](crate::Parallel) search, in this process or another.
//!
//! A [`Position`] is the next node to enter, by its path; a [`Checkpoint`]
//! the open positions, the work done and a [`Fingerprint`] of what was
//! searched (their docs say what they mean). Resuming replays each path
//! with `descend`, as parallel tasks do, and compares the degrees on the
//! way. The text form (`Display`, `FromStr`) is in `text.rs`.

mod text;

use std::fmt::Write as _;
use std::io;

use crate::config::{Config, Engine, Heuristic, Memo, Propagation};
use crate::error::{Error, ErrorKind};
use crate::estimate::fraction;
use crate::id::OptionId;
use crate::problem::Problem;
use crate::stats::Stats;

/// 64-bit FNV-1a: the problem's fingerprint and the text's checksum. Not a
/// defence against forgery, only against accidents.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Fnv(u64);

impl Fnv {
    pub(crate) fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }

    pub(crate) fn bytes(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }

    pub(crate) fn finish(&self) -> u64 {
        self.0
    }
}

impl io::Write for Fnv {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.bytes(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl Problem {
    /// A 64-bit hash (FNV-1a) of the problem's text in Knuth's format, as
    /// [`write_knuth`](Self::write_knuth) writes it (for a problem it
    /// cannot write, of the same data in another form): equal problems have
    /// equal fingerprints, whether read or built. Computed once, on first
    /// use. Checkpoints carry it, to tell the problem they were made of.
    pub fn fingerprint(&self) -> u64 {
        *self.fingerprint.get_or_init(|| problem_hash(self))
    }
}

/// The hash of a problem's Knuth text (see [`Problem::fingerprint`]); for a
/// problem that cannot be written in Knuth's format, of an encoding of the
/// same data.
fn problem_hash(problem: &Problem) -> u64 {
    let mut h = Fnv::new();
    if problem.write_knuth(&mut h).is_ok() {
        return h.finish();
    }
    let mut h = Fnv::new();
    h.bytes(b"unwritable\n");
    let word = |h: &mut Fnv, x: usize| h.bytes(&(x as u64).to_le_bytes());
    for item in problem.items() {
        let name = problem.item_name(item);
        word(&mut h, name.len());
        h.bytes(name.as_bytes());
        let bounds = problem.bounds(item).map_or((0, 0), |b| (b.lo, b.hi));
        word(&mut h, usize::from(problem.is_primary(item)));
        word(&mut h, bounds.0 as usize);
        word(&mut h, bounds.1 as usize);
    }
    for c in 0..problem.num_colors() {
        let name = problem.color_name(crate::id::ColorId::new(c));
        word(&mut h, name.len());
        h.bytes(name.as_bytes());
    }
    for o in problem.options() {
        let entries = problem.option(o);
        word(&mut h, entries.len());
        for e in entries {
            word(&mut h, e.item.index());
            word(&mut h, e.color.map_or(0, |c| c.index() + 1));
        }
    }
    h.finish()
}

/// What a checkpoint was made for: the problem, the settings and the
/// forced options. Resuming needs all three to be the same.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Fingerprint {
    /// [`Problem::fingerprint`].
    pub(crate) problem: u64,
    /// The settings, with the engine that ran (never `Engine::Auto`).
    pub(crate) config: Config,
    pub(crate) forced: Vec<OptionId>,
}

impl Fingerprint {
    pub(crate) fn new(problem: &Problem, config: Config, forced: &[OptionId]) -> Fingerprint {
        // The memo is a cache: a search resumes with or without it, but
        // on the bounded engine it also makes bounds canonical, another
        // tree: there only, on or off is kept.
        let off = config.get_engine() == Engine::BitBounded && !config.get_memo().is_on();
        let config = config.memo(if off { Memo::Off } else { Memo::Auto });
        Fingerprint { problem: problem.fingerprint(), config, forced: forced.to_vec() }
    }

    /// Checks that a checkpoint made for `self` can resume a search made
    /// for `search`.
    pub(crate) fn check(&self, search: &Fingerprint) -> Result<(), Error> {
        let mismatch = |msg: String| Err(Error::new(ErrorKind::CheckpointMismatch(msg)));
        if self.problem != search.problem {
            return mismatch(format!(
                "the checkpoint is of another problem (fingerprint {:016x}; this problem's is {:016x})",
                self.problem, search.problem
            ));
        }
        let (a, b) = (self.config, search.config);
        let settings = [
            ("engine", engine_word(a.get_engine()), engine_word(b.get_engine())),
            ("heuristic", heuristic_word(a.get_heuristic()), heuristic_word(b.get_heuristic())),
            (
                "propagation",
                propagation_word(a.get_propagation()),
                propagation_word(b.get_propagation()),
            ),
            ("memo", memo_word(a.get_memo()), memo_word(b.get_memo())),
        ];
        let seed = |c: Config| c.get_seed().map_or_else(|| "none".to_owned(), |s| s.to_string());
        if a.get_seed() != b.get_seed() {
            return mismatch(format!(
                "the checkpoint was made with seed `{}`; this search uses `{}`",
                seed(a),
                seed(b)
            ));
        }
        for (what, theirs, ours) in settings {
            if theirs != ours {
                return mismatch(format!(
                    "the checkpoint was made with {what} `{theirs}`; this search uses `{ours}`"
                ));
            }
        }
        if self.forced != search.forced {
            return mismatch(format!(
                "the checkpoint was made with {}; this search has {}",
                forced_list(&self.forced),
                forced_list(&search.forced)
            ));
        }
        Ok(())
    }
}

/// "no forced options", or "3 forced options (4 17 22)" (the first eight).
fn forced_list(forced: &[OptionId]) -> String {
    if forced.is_empty() {
        return "no forced options".to_owned();
    }
    let mut s =
        format!("{} forced option{} (", forced.len(), if forced.len() == 1 { "" } else { "s" });
    for (k, o) in forced.iter().take(8).enumerate() {
        let _ = write!(s, "{}{o}", if k == 0 { "" } else { " " });
    }
    s.push_str(if forced.len() > 8 { " ...)" } else { ")" });
    s
}

pub(crate) fn engine_word(engine: Engine) -> &'static str {
    match engine {
        Engine::Auto => "auto",
        Engine::DancingLinks => "links",
        Engine::Bitset => "bits",
        Engine::BitSliced => "sliced",
        Engine::BitBounded => "bounded",
    }
}

/// `on` or `off`, as a checkpoint says it.
pub(crate) fn memo_word(memo: Memo) -> &'static str {
    if memo.is_on() { "on" } else { "off" }
}

pub(crate) fn heuristic_word(heuristic: Heuristic) -> &'static str {
    match heuristic {
        Heuristic::MinimumRemaining => "mrv",
        Heuristic::First => "first",
        Heuristic::MinimumRemainingMostRemoved => "mrv-most-removed",
        Heuristic::ConflictWeighted => "conflict-weighted",
    }
}

pub(crate) fn propagation_word(propagation: Propagation) -> &'static str {
    match propagation {
        Propagation::None => "none",
        Propagation::Dominance => "dominance",
    }
}

/// A node of the search tree not yet entered, where a search goes on: the
/// path to it from the top (the branch taken at each level, from 0, and
/// the level's number of branches, its degree), and the *floor*, the depth
/// above which the search does not back up (0 for a whole search; deeper
/// for a parallel task, whose levels above the floor lead to the subtree
/// it owns).
///
/// Resuming walks down the path without counting the nodes on the way
/// (they were counted before), enters the node and goes on as the
/// interrupted search would have, to the end of the subtree at the floor.
/// A search asked where it stands is between two nodes: a node budget ran
/// out before the next node, or a solution was just reported. In the second
/// case it first moves on to the next untried node without entering it
/// (what it would do next anyway), so that a position always names work
/// not yet done, and nothing is visited twice or skipped.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Position {
    levels: Vec<(u32, u32)>,
    floor: usize,
}

impl Position {
    /// The top of the tree: a whole search, not yet started.
    pub(crate) fn root() -> Position {
        Position { levels: Vec::new(), floor: 0 }
    }

    /// A position; `floor <= levels.len()`.
    pub(crate) fn new(levels: Vec<(u32, u32)>, floor: usize) -> Position {
        debug_assert!(floor <= levels.len());
        Position { levels, floor }
    }

    /// The branch taken at each level (from 0) and the level's number of
    /// branches, from the top of the tree down.
    pub fn levels(&self) -> &[(u32, u32)] {
        &self.levels
    }

    /// The depth above which this search does not back up: the levels
    /// above it lead to the subtree the search owns.
    pub fn floor(&self) -> usize {
        self.floor
    }

    /// The branch indices alone: the path `descend` walks.
    pub(crate) fn path(&self) -> Vec<u32> {
        self.levels.iter().map(|&(b, _)| b).collect()
    }

    /// The share of the whole tree the subtree at the floor stands for,
    /// under Knuth's uniform estimate (every branch of a level the same
    /// size): 1 for a whole search.
    pub fn share(&self) -> f64 {
        let d = |&(b, d): &(u32, u32)| f64::from(d.max(b + 1));
        self.levels[..self.floor].iter().map(|l| 1.0 / d(l)).product()
    }

    /// The estimated fraction of the subtree at the floor already searched,
    /// from the branches taken below it (as
    /// [`Solver::progress`](crate::Solver::progress) estimates it).
    pub fn fraction(&self) -> f64 {
        fraction(self.levels[self.floor..].iter().copied())
    }
}

/// Where a count stands: the [`Position`]s still open (one for a
/// [`Solver`](crate::Solver); for a [`Parallel`](crate::Parallel) search,
/// every worker's and every task's not yet started), the work done (its
/// [`Stats`], solutions included) and a fingerprint of what was searched: a
/// hash of the problem ([`Problem::fingerprint`]), the settings (the engine
/// that ran, the heuristic, the propagation) and the forced options.
/// Resuming under another fingerprint is an error, as is a position not in
/// the search tree, so a checkpoint gives the exact count or none.
///
/// Its text form is [`Display`](std::fmt::Display) and
/// [`FromStr`](std::str::FromStr): a few lines, versioned, ending in a
/// checksum, so that damage is an
/// [`ErrorKind::BadCheckpoint`] naming
/// the line, never a wrong count:
///
/// ```text
/// dlx-checkpoint 2
/// problem 6e2bc3d40fa1c2b7
/// engine sliced
/// heuristic mrv
/// propagation none
/// forced 17 42
/// solutions 212
/// nodes 15077
/// updates 0
/// max-depth 12
/// elapsed-ns 1904331
/// positions 2
/// position 1 3/12 0/9 5/7
/// position 2 4/12 1/9
/// end 0b3c6f29a17e8d45
/// ```
///
/// (a position: its floor, then `branch/degree` per level from the top;
/// `end`: a 64-bit FNV-1a checksum of the lines before it).
///
/// Made by [`Solver::checkpoint`](crate::Solver::checkpoint) and by a
/// stopped count ([`Outcome::checkpoint`](crate::Outcome::checkpoint));
/// resumed by [`Solver::resume`](crate::Solver::resume) (one open position
/// at most) or [`Parallel::resume`](crate::Parallel::resume) (any number).
///
/// ```
/// use dlx::{Checkpoint, Limits, Parallel, ProblemBuilder, Solver};
///
/// // Eight queens: a queen per row and per column, at most one per diagonal.
/// let n = 8;
/// let mut b = ProblemBuilder::new();
/// let rows: Vec<_> = (0..n).map(|r| b.add_primary(format!("r{r}"))).collect();
/// let cols: Vec<_> = (0..n).map(|c| b.add_primary(format!("c{c}"))).collect();
/// let up: Vec<_> = (0..2 * n - 1).map(|d| b.add_secondary(format!("a{d}"))).collect();
/// let down: Vec<_> = (0..2 * n - 1).map(|d| b.add_secondary(format!("b{d}"))).collect();
/// for r in 0..n {
///     for c in 0..n {
///         b.add_option([rows[r], cols[c], up[r + c], down[n - 1 + r - c]]);
///     }
/// }
/// let queens = b.build()?;
///
/// // Count for 500 nodes, then save where the count stands.
/// let mut solver = Solver::new(&queens);
/// let partial = solver.count_within(&Limits::new().nodes(500));
/// assert!(!partial.complete);
/// let saved: String = partial.checkpoint.expect("stopped early").to_string();
///
/// // Later, perhaps in another process: read it back and finish.
/// let checkpoint: Checkpoint = saved.parse()?;
/// assert!(checkpoint.solutions() < 92);
/// let mut solver = Solver::new(&queens);
/// solver.resume(&checkpoint)?;
/// let outcome = solver.count_within(&Limits::new());
/// assert!(outcome.complete);
/// assert_eq!(outcome.solutions, 92);
/// assert_eq!(outcome.stats.nodes(), Solver::new(&queens).count_within(&Limits::new()).stats.nodes());
///
/// // Or on several threads.
/// let outcome = Parallel::new(&queens).threads(2).resume(checkpoint).count()?;
/// assert_eq!(outcome.solutions, 92);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Checkpoint {
    pub(crate) fingerprint: Fingerprint,
    pub(crate) stats: Stats,
    pub(crate) positions: Vec<Position>,
}

impl Checkpoint {
    /// A checkpoint; the positions are put in tree order.
    pub(crate) fn new(
        fingerprint: Fingerprint,
        stats: Stats,
        mut positions: Vec<Position>,
    ) -> Checkpoint {
        positions.sort();
        Checkpoint { fingerprint, stats, positions }
    }

    /// Solutions counted so far.
    pub fn solutions(&self) -> u128 {
        self.stats.solutions
    }

    /// The statistics of the work done so far.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// The positions still open, in tree order: none once the count is
    /// finished.
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// Whether nothing is left to search.
    pub fn is_finished(&self) -> bool {
        self.positions.is_empty()
    }

    /// The estimated fraction of the tree searched, from the branch
    /// positions alone (every branch of a level taken to be as large as
    /// the others): 1 minus each open position's
    /// [share](Position::share) not yet [searched](Position::fraction).
    /// Quick and without the problem, but blind to lopsided trees: a
    /// search resumed from the checkpoint reports its progress
    /// ([`Solver::progress`](crate::Solver::progress), a
    /// [`Parallel`](crate::Parallel) count's reports) from the nodes
    /// searched and estimates of the subtrees left instead.
    pub fn fraction(&self) -> f64 {
        let left: f64 = self.positions.iter().map(|p| p.share() * (1.0 - p.fraction())).sum();
        (1.0 - left).clamp(0.0, 1.0)
    }

    /// The settings the checkpoint was made with, the engine being the one
    /// that ran (never [`Engine::Auto`]).
    pub fn config(&self) -> Config {
        self.fingerprint.config
    }

    /// The options forced in the search the checkpoint was made of.
    pub fn forced(&self) -> &[OptionId] {
        &self.fingerprint.forced
    }

    /// The [fingerprint](Problem::fingerprint) of the problem searched.
    pub fn problem_fingerprint(&self) -> u64 {
        self.fingerprint.problem
    }
}
