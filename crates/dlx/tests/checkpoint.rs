//! Checkpoints: a count stopped anywhere and resumed (through the text
//! form) finds exactly the solutions, in the same order, and visits
//! exactly the nodes of a count never stopped, on every engine and setting,
//! on one thread or many; a checkpoint that does not fit is an error.

use std::time::{Duration, Instant};

use dlx::{
    Checkpoint, Config, Engine, ErrorKind, Heuristic, Limits, Memo, OptionId, Parallel, Problem,
    ProblemBuilder, Propagation, Solver, Status, Stop,
};
use proptest::prelude::*;

use crate::knuth::load;
use crate::prop::{Spec, spec};

/// Every engine, heuristic and propagation.
fn configs() -> Vec<Config> {
    let mut configs = Vec::new();
    for propagation in [Propagation::None, Propagation::Dominance] {
        for heuristic in
            [Heuristic::MinimumRemaining, Heuristic::First, Heuristic::MinimumRemainingMostRemoved]
        {
            for engine in [Engine::DancingLinks, Engine::Bitset, Engine::BitSliced] {
                configs.push(
                    Config::new()
                        .heuristic(heuristic)
                        .engine(engine)
                        .propagation(propagation)
                        .memo(Memo::Off),
                );
            }
        }
    }
    configs
}

/// Through the text form and back.
fn through_text(checkpoint: &Checkpoint) -> Checkpoint {
    let text = checkpoint.to_string();
    let back: Checkpoint = text.parse().unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(&back, checkpoint);
    back
}

/// A search never stopped: its solutions in order, and its statistics.
struct Whole {
    solutions: Vec<Vec<OptionId>>,
    nodes: u64,
    updates: u64,
    max_depth: usize,
}

fn whole(problem: &Problem, config: Config, forced: &[OptionId]) -> Whole {
    let mut s = Solver::with_config(problem, config);
    s.choose_all(forced).unwrap();
    let solutions = s.solutions().collect();
    let st = s.stats();
    Whole { solutions, nodes: st.nodes(), updates: st.updates(), max_depth: st.max_depth() }
}

/// Runs `s` until it has visited `nodes` nodes in all (or the end),
/// collecting the solutions.
fn run_to(s: &mut Solver, nodes: u64, out: &mut Vec<Vec<OptionId>>) {
    loop {
        let left = nodes.saturating_sub(s.stats().nodes());
        match s.run(left) {
            Status::Solution => out.push(s.solution().to_vec()),
            _ => return,
        }
    }
}

/// A solver as `problem`, `config`, `forced` make it, resumed from `c`.
fn resumed<'p>(
    problem: &'p Problem,
    config: Config,
    forced: &[OptionId],
    c: &Checkpoint,
) -> Solver<'p> {
    let mut s = Solver::with_config(problem, config);
    s.choose_all(forced).unwrap();
    s.resume(&through_text(c)).unwrap_or_else(|e| panic!("{e}"));
    s
}

/// Stops after `stops` (node counts, increasing), each time through a
/// checkpoint in text and a new solver, and checks the solutions, their
/// order and the statistics against `w`.
fn check_stops(
    problem: &Problem,
    config: Config,
    forced: &[OptionId],
    w: &Whole,
    stops: &[u64],
) -> Result<(), TestCaseError> {
    let mut found = Vec::new();
    let mut s = Solver::with_config(problem, config);
    s.choose_all(forced).unwrap();
    for &k in stops {
        run_to(&mut s, k, &mut found);
        let c = s.checkpoint();
        prop_assert_eq!(c.is_finished(), k >= w.nodes, "{:?} at {}", config, k);
        prop_assert_eq!(c.solutions(), found.len() as u128);
        prop_assert!((0.0..=1.0).contains(&c.fraction()));
        s = resumed(problem, config, forced, &c);
    }
    found.extend(s.solutions());
    let st = s.stats();
    prop_assert_eq!(&found, &w.solutions, "{:?} stopped at {:?}", config, stops);
    prop_assert_eq!(st.solutions(), w.solutions.len() as u128);
    prop_assert_eq!(st.nodes(), w.nodes, "{:?} stopped at {:?}", config, stops);
    prop_assert_eq!(st.updates(), w.updates, "{:?} stopped at {:?}", config, stops);
    prop_assert_eq!(st.max_depth(), w.max_depth, "{:?} stopped at {:?}", config, stops);
    Ok(())
}

/// Stops right after the `j`th solution, for every `j`, and resumes.
fn check_stops_at_solutions(
    problem: &Problem,
    config: Config,
    w: &Whole,
) -> Result<(), TestCaseError> {
    for j in 0..w.solutions.len() {
        let mut s = Solver::with_config(problem, config);
        let mut found: Vec<Vec<OptionId>> = s.solutions().take(j + 1).collect();
        let c = s.checkpoint();
        prop_assert_eq!(c.solutions(), j as u128 + 1);
        // The solution is kept; the search has moved on past it.
        prop_assert_eq!(s.solution(), &found[j][..]);
        let mut r = resumed(problem, config, &[], &c);
        found.extend(r.solutions());
        prop_assert_eq!(&found, &w.solutions, "{:?} after solution {}", config, j);
        prop_assert_eq!(r.stats().nodes(), w.nodes, "{:?} after solution {}", config, j);
    }
    Ok(())
}

/// Every way to stop a small problem's count once, some ways to stop it
/// many times, and the limits of `count_within`, on every setting.
fn check_solver(spec: &Spec, seed: u64) -> Result<(), TestCaseError> {
    let problem = spec.build();
    let expected = spec.oracle(&[]).len() as u128;
    let mut rng = seed | 1;
    for config in configs() {
        let w = whole(&problem, config, &[]);
        prop_assert_eq!(w.solutions.len() as u128, expected);
        for k in 0..=w.nodes + 1 {
            check_stops(&problem, config, &[], &w, &[k])?;
        }
        for _ in 0..3 {
            let mut stops: Vec<u64> = (0..4).map(|_| next(&mut rng) % (w.nodes + 2)).collect();
            stops.sort();
            check_stops(&problem, config, &[], &w, &stops)?;
        }
        check_stops_at_solutions(&problem, config, &w)?;
        // Node limits, a few nodes at a time, each count from a checkpoint.
        let step = 1 + next(&mut rng) % 4;
        let mut s = Solver::with_config(&problem, config);
        let mut outcome = s.count_within(&Limits::new().nodes(step));
        while let Some(c) = outcome.checkpoint.take() {
            prop_assert!(!outcome.complete);
            outcome = resumed(&problem, config, &[], &c).count_within(&Limits::new().nodes(step));
        }
        prop_assert!(outcome.complete);
        prop_assert_eq!(outcome.solutions, expected);
        prop_assert_eq!(outcome.stats.nodes(), w.nodes);
    }
    Ok(())
}

/// Node-limited parallel counts, each resumed from the last one's
/// checkpoint (through its text), splitting as eagerly as possible: the
/// count and the nodes add up.
fn check_parallel(spec: &Spec, seed: u64) -> Result<(), TestCaseError> {
    let problem = spec.build();
    let expected = spec.oracle(&[]).len() as u128;
    let mut rng = seed | 1;
    for config in configs() {
        let w = whole(&problem, config, &[]);
        let threads = 2 + (next(&mut rng) % 2) as usize;
        let step = 1 + next(&mut rng) % 6;
        let search = || Parallel::new(&problem).threads(threads).granularity(1).config(config);
        let mut outcome = search().node_limit(step).count().unwrap();
        let mut rounds = 0;
        while let Some(c) = outcome.checkpoint.take() {
            prop_assert!(!outcome.complete);
            prop_assert!(outcome.stats.nodes() <= w.nodes);
            let c = through_text(&c);
            rounds += 1;
            // Now and then a single position goes on in a solver instead.
            if c.positions().len() == 1 && rounds % 2 == 0 {
                let mut s = resumed(&problem, config, &[], &c);
                outcome = s.count_within(&Limits::new().nodes(step));
            } else {
                outcome = search().resume(c).node_limit(step).count().unwrap();
            }
        }
        prop_assert!(outcome.complete);
        prop_assert_eq!(outcome.solutions, expected, "{:?}", config);
        prop_assert_eq!(outcome.stats.nodes(), w.nodes, "{:?}", config);
        prop_assert_eq!(outcome.stats.max_depth(), w.max_depth, "{:?}", config);
    }
    Ok(())
}

/// xorshift64: the test's own choices of where to stop.
fn next(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(if cfg!(miri) { 0 } else { 1500 }))]

    #[test]
    fn stopped_anywhere_a_count_resumes_exactly(
        seed in any::<u64>(),
        spec in (0..4usize).prop_flat_map(|k| spec(k & 1 == 1, k & 2 == 2)),
    ) {
        check_solver(&spec, seed)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(if cfg!(miri) { 0 } else { 300 }))]

    #[test]
    fn parallel_counts_stopped_and_resumed_add_up(
        seed in any::<u64>(),
        spec in (0..4usize).prop_flat_map(|k| spec(k & 1 == 1, k & 2 == 2)),
    ) {
        check_parallel(&spec, seed)?;
    }
}

/// A sudoku of box size `b`, with the givens `(row, column, digit)`: its
/// problem and the options to force.
fn sudoku(b: usize, givens: &[(usize, usize, usize)]) -> (Problem, Vec<OptionId>) {
    let n = b * b;
    let mut p = ProblemBuilder::new();
    let mut items = |what: &str| -> Vec<_> {
        (0..n * n).map(|k| p.add_primary(format!("{what}{}_{}", k / n, k % n))).collect()
    };
    let (cell, row, col, boxes) = (items("p"), items("r"), items("c"), items("b"));
    for r in 0..n {
        for c in 0..n {
            for d in 0..n {
                let x = r / b * b + c / b;
                p.add_option([cell[r * n + c], row[r * n + d], col[c * n + d], boxes[x * n + d]]);
            }
        }
    }
    let forced = givens.iter().map(|&(r, c, d)| OptionId::new((r * n + c) * n + d)).collect();
    (p.build().unwrap(), forced)
}

/// A 9x9 sudoku whose givens are a pattern of the cells of a solved grid,
/// and those of row or column `line`: long chains of forced moves, which
/// the bit-sliced engine makes in bulk under dominance, and there meets
/// some dead ends later (row 4: 13 solutions, 289 nodes, not 286; column 4:
/// 347 solutions, 5385 nodes, not 5289).
fn sudoku9(line: Line) -> (Problem, Vec<OptionId>) {
    const GRID: &str = "534678912 672195348 198342567 859761423 426853791 713924856 \
                        961537284 287419635 345286179";
    let mut givens = Vec::new();
    for (r, digits) in GRID.split(' ').enumerate() {
        for (c, d) in digits.bytes().enumerate() {
            let on_line = match line {
                Line::Row(k) => r == k,
                Line::Column(k) => c == k,
            };
            if (r * 7 + c * 3) % 4 < 1 || r == c || on_line {
                givens.push((r, c, usize::from(d - b'1')));
            }
        }
    }
    sudoku(3, &givens)
}

/// A row or a column of a sudoku.
#[derive(Clone, Copy)]
enum Line {
    Row(usize),
    Column(usize),
}

/// Stops spread over the whole count of small reference problems (colors,
/// multiplicities) and sudokus (long chains of forced moves) in every
/// engine and setting, and of two larger ones in fewer settings.
#[test]
fn reference_counts_stopped_and_resumed() {
    if cfg!(miri) {
        return;
    }
    /// A problem, its forced options, the settings to try, and how many
    /// single stops (at every node if the tree is smaller).
    struct Case(&'static str, Problem, Vec<OptionId>, Vec<Config>, u64);
    let mut cases = Vec::new();
    for name in ["knuth_dlx1_example.dlx", "knuth_dlx2_example.dlx", "knuth_dlx3_example.dlx"] {
        cases.push(Case(name, load(name), Vec::new(), configs(), 30));
    }
    let (p, forced) = sudoku(2, &[]);
    cases.push(Case("shidoku", p, forced, configs(), 30));
    // Stopped at every node (but under `Heuristic::First`: a larger tree).
    let (p, forced) = sudoku9(Line::Row(4));
    cases.push(Case("sudoku", p, forced, configs(), 400));
    // Without dancing links (slower here), at 40 nodes.
    let bits = configs().into_iter().filter(|c| c.get_engine() != Engine::DancingLinks);
    let (p, forced) = sudoku9(Line::Column(4));
    cases.push(Case("larger sudoku", p, forced, bits.collect(), 40));
    // The default heuristic only.
    let mrv = |c: &Config| c.get_heuristic() == Heuristic::MinimumRemaining;
    for name in ["langford11.dlx", "queens12.dlx"] {
        cases.push(Case(
            name,
            load(name),
            Vec::new(),
            configs().into_iter().filter(mrv).collect(),
            6,
        ));
    }
    for Case(name, problem, forced, configs, stops) in &cases {
        for &config in configs {
            let w = whole(problem, config, forced);
            let singles: Vec<u64> = if w.nodes < *stops {
                (0..=w.nodes + 1).collect()
            } else {
                (0..*stops).map(|k| w.nodes * k / stops + k % 7).collect()
            };
            for k in singles {
                check_stops(problem, config, forced, &w, &[k])
                    .unwrap_or_else(|e| panic!("{name}: {e}"));
            }
            // A chain of stops, each resumed from the last.
            let mut chain: Vec<u64> = (1..30).map(|k| w.nodes * k / 30 + k % 3).collect();
            chain.sort();
            check_stops(problem, config, forced, &w, &chain)
                .unwrap_or_else(|e| panic!("{name}: {e}"));
        }
    }
}

/// Sixteen queens: far too many solutions to count in a test.
fn queens16() -> Problem {
    let n = 16;
    let mut b = ProblemBuilder::new();
    let rows: Vec<_> = (0..n).map(|r| b.add_primary(format!("r{r}"))).collect();
    let cols: Vec<_> = (0..n).map(|c| b.add_primary(format!("c{c}"))).collect();
    let up: Vec<_> = (0..2 * n - 1).map(|d| b.add_secondary(format!("a{d}"))).collect();
    let down: Vec<_> = (0..2 * n - 1).map(|d| b.add_secondary(format!("b{d}"))).collect();
    for r in 0..n {
        for c in 0..n {
            b.add_option([rows[r], cols[c], up[r + c], down[n - 1 + r - c]]);
        }
    }
    b.build().unwrap()
}

/// A stop request and a time limit end a long count well within a second,
/// with a checkpoint that resumes; on one thread and on several.
#[test]
fn stop_requests_and_time_limits_end_long_counts_soon() {
    if cfg!(miri) {
        return;
    }
    let problem = queens16();
    let wait = Duration::from_millis(100);
    // A stop request, from another thread.
    let stop = Stop::new();
    let search = Parallel::new(&problem).threads(3).stop_on(stop.clone());
    let (outcome, late) = std::thread::scope(|s| {
        s.spawn(|| {
            std::thread::sleep(wait);
            stop.request();
        });
        let start = Instant::now();
        let outcome = search.count().unwrap();
        (outcome, start.elapsed().saturating_sub(wait))
    });
    assert!(!outcome.complete);
    assert!(late < Duration::from_millis(500), "stopped {late:?} after the request");
    let c = through_text(outcome.checkpoint.as_ref().unwrap());
    assert_eq!(c.solutions(), outcome.solutions);
    assert!(c.fraction() > 0.0 && c.fraction() < 1.0, "{}", c.fraction());
    // It goes on from there, and stops again at once when asked.
    let again = Parallel::new(&problem).threads(2).resume(c.clone()).node_limit(10_000);
    let more = again.count().unwrap();
    assert!(!more.complete);
    let nodes = more.stats.nodes() - c.stats().nodes();
    assert!(0 < nodes && nodes <= 10_000, "{nodes} nodes");
    assert!(more.solutions >= c.solutions());
    // A stop requested before the start changes nothing.
    let stopped = Stop::new();
    stopped.request();
    let same = Parallel::new(&problem).resume(c.clone()).stop_on(stopped.clone()).count().unwrap();
    let same = same.checkpoint.unwrap();
    assert_eq!((same.positions(), same.solutions()), (c.positions(), c.solutions()));
    assert_eq!(same.stats().nodes(), c.stats().nodes());
    // A time limit.
    let start = Instant::now();
    let timed = Parallel::new(&problem).threads(2).time_limit(wait).count().unwrap();
    assert!(!timed.complete);
    assert!(start.elapsed() < wait + Duration::from_millis(500), "{:?}", start.elapsed());
    // On one thread.
    let mut solver = Solver::new(&problem);
    let start = Instant::now();
    let one = solver.count_within(&Limits::new().time(wait));
    assert!(!one.complete);
    assert!(start.elapsed() < wait + Duration::from_millis(500), "{:?}", start.elapsed());
    let one = solver.count_within(&Limits::new().stop(stopped));
    assert!(!one.complete, "a requested stop ends the count after one slice");
    let c = through_text(one.checkpoint.as_ref().unwrap());
    let mut again = Solver::new(&problem);
    again.resume(&c).unwrap();
    let same = again.count_within(&Limits::new().nodes(0)).checkpoint.unwrap();
    assert_eq!((same.positions(), same.stats().nodes()), (c.positions(), c.stats().nodes()));
}

/// Counts cut short by time limits of a millisecond, resumed again and
/// again, on one thread and on two: the exact count and nodes.
#[test]
fn many_short_counts_add_up() {
    if cfg!(miri) {
        return;
    }
    let problem = load("queens12.dlx");
    let w = whole(&problem, Config::new(), &[]);
    let limit = Limits::new().time(Duration::from_millis(1));
    let mut outcome = Parallel::new(&problem).threads(2).limits(limit.clone()).count().unwrap();
    let mut rounds = 0;
    while let Some(c) = outcome.checkpoint.take() {
        rounds += 1;
        outcome = if rounds % 3 == 0 && c.positions().len() == 1 {
            resumed(&problem, Config::new(), &[], &c).count_within(&limit)
        } else {
            let search = Parallel::new(&problem).threads(2).resume(through_text(&c));
            search.limits(limit.clone()).count().unwrap()
        };
    }
    assert_eq!(outcome.solutions, w.solutions.len() as u128);
    assert_eq!(outcome.stats.nodes(), w.nodes);
}

/// The text with its `end` line made to fit (FNV-1a, as the format says).
fn resum(text: &str) -> String {
    let body = &text[..text.rfind("end ").unwrap()];
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in body.as_bytes() {
        h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
    format!("{body}end {h:016x}\n")
}

fn mismatch(result: Result<(), dlx::Error>, words: &str) {
    let e = result.expect_err(words);
    assert!(matches!(e.kind(), ErrorKind::CheckpointMismatch(_)), "{e}");
    assert!(e.to_string().contains(words), "{e}");
}

/// Resuming with another problem, other settings or forced options, or
/// from a position that is not in the tree, is an error (with a message
/// that says which), never a panic or a wrong count.
#[test]
fn checkpoints_that_do_not_fit_are_errors() {
    let problem = load("queens12.dlx");
    let config = Config::new().engine(Engine::Bitset);
    let mut s = Solver::with_config(&problem, config);
    s.run(5000);
    let c = s.checkpoint();
    let text = c.to_string();
    assert!(text.contains("\nengine bits\n"), "{text}");
    // Another problem, engine, heuristic, propagation, forced options.
    let other = load("langford11.dlx");
    mismatch(Solver::with_config(&other, config).resume(&c), "another problem");
    let links = Config::new().engine(Engine::DancingLinks);
    mismatch(Solver::with_config(&problem, links).resume(&c), "engine `bits`");
    let first = config.heuristic(Heuristic::First);
    mismatch(Solver::with_config(&problem, first).resume(&c), "heuristic `mrv`");
    let dominance = config.propagation(Propagation::Dominance);
    mismatch(Solver::with_config(&problem, dominance).resume(&c), "propagation `none`");
    let mut forcing = Solver::with_config(&problem, config);
    forcing.choose(OptionId::new(3)).unwrap();
    mismatch(forcing.resume(&c), "1 forced option (3)");
    let parallel = Parallel::new(&problem).config(first).resume(c.clone()).count();
    mismatch(parallel.map(|_| ()), "heuristic");
    // Positions not in the tree: a branch past the level's last, a degree
    // changed, a path far too long, absurd numbers.
    let line = text.lines().find(|l| l.starts_with("position ")).unwrap();
    let (head, last) = line.rsplit_once(' ').unwrap();
    let (b, d) = last.split_once('/').unwrap();
    let d: u32 = d.parse().unwrap();
    let long = format!("{line}{}", " 0/1".repeat(10_000));
    for changed in [
        format!("{head} {d}/{d}"),
        format!("{head} {b}/{}", d + 1),
        long,
        format!("{head} 4294967295/4294967295"),
    ] {
        let bad: Checkpoint = resum(&text.replace(line, &changed)).parse().unwrap();
        let mut s = Solver::with_config(&problem, config);
        mismatch(s.resume(&bad), "not in this search tree");
        // The solver is left as new.
        assert_eq!(s.count(), 14200);
        let parallel = Parallel::new(&problem).config(config).resume(bad).count();
        mismatch(parallel.map(|_| ()), "not in this search tree");
    }
    // A parallel search's checkpoint of several positions: not for a
    // solver, but for a parallel search on any number of threads.
    let search = Parallel::new(&problem).threads(2).granularity(64).config(config);
    let c = search.clone().node_limit(50_000).count().unwrap().checkpoint.unwrap();
    assert!(c.positions().len() > 1, "{c}");
    mismatch(Solver::with_config(&problem, config).resume(&c), "Parallel::resume");
    let outcome = search.threads(1).resume(c).count().unwrap();
    assert_eq!((outcome.solutions, outcome.complete), (14200, true));
    // A finished search's checkpoint resumes to the end.
    let mut s = Solver::with_config(&problem, config);
    s.count();
    let c = s.checkpoint();
    assert!(c.is_finished() && c.fraction() == 1.0);
    let mut s = Solver::with_config(&problem, config);
    s.resume(&c).unwrap();
    assert_eq!((s.count(), s.stats().solutions()), (0, 14200));
}
