//! Memoized counts (`Memo`, on the bounded engine): on small random
//! problems with bounds 0..=3, with and without colors, a count with the
//! table equals the oracle's and the count without it, with tables of two
//! entries (every state fighting for them) and larger ones, stopped at
//! solution limits and node budgets, checkpointed and resumed, on two
//! threads; listing finds the same solutions (the table's canonical
//! bounds walk another tree); a checkpoint says whether the table ran;
//! and on `data/xc` it counts DLX3's solutions through fewer nodes.

use dlx::{
    Checkpoint, Config, Engine, Heuristic, Limits, Memo, OptionId, Parallel, Problem, Solver,
};
use proptest::prelude::*;

use crate::bounded::spec;
use crate::knuth::{MCC_DLX3, load};

/// The bounded engine under `heuristic` with the table `memo`.
fn bounded(heuristic: Heuristic, memo: Memo) -> Config {
    Config::new().engine(Engine::BitBounded).heuristic(heuristic).memo(memo)
}

/// Counted with node budgets of `budget`, each slice resumed by another
/// solver from the last one's checkpoint (through its text) if `resume`,
/// else by the same solver (which keeps its table).
fn count_in_slices(problem: &Problem, config: Config, budget: u64, resume: bool) -> u128 {
    let mut s = Solver::with_config(problem, config);
    loop {
        let outcome = s.count_within(&Limits::new().nodes(budget));
        if outcome.complete {
            return outcome.solutions;
        }
        if resume {
            let checkpoint = outcome.checkpoint.expect("a stopped count has one");
            let read: Checkpoint = checkpoint.to_string().parse().expect("reads back");
            s = Solver::with_config(problem, config);
            s.resume(&read).expect("resumes");
        }
    }
}

fn sorted(solution: impl AsRef<[OptionId]>) -> Vec<usize> {
    let mut v: Vec<usize> = solution.as_ref().iter().map(|o| o.index()).collect();
    v.sort();
    v
}

fn check(spec: &crate::prop::Spec) -> Result<(), TestCaseError> {
    let problem = spec.build();
    if !problem.has_multiplicities() {
        return Ok(());
    }
    let expected = spec.oracle(&[]).len() as u128;
    for heuristic in [Heuristic::MinimumRemaining, Heuristic::First] {
        let off = bounded(heuristic, Memo::Off);
        let mut walked: Vec<_> =
            Solver::with_config(&problem, off).solutions().map(sorted).collect();
        walked.sort();
        for memo in [Memo::Entries(2), Memo::Entries(64), Memo::Auto] {
            let config = bounded(heuristic, memo);
            // With the table's canonical bounds, another tree: the same
            // solutions.
            let order: Vec<_> = Solver::with_config(&problem, config).solutions().collect();
            let mut listed: Vec<_> = order.iter().map(sorted).collect();
            listed.sort();
            prop_assert_eq!(&listed, &walked, "{:?}", config);
            let mut s = Solver::with_config(&problem, config);
            prop_assert_eq!(s.engine(), Engine::BitBounded);
            prop_assert_eq!(s.count(), expected, "{:?}", config);
            // Counted again with the table full: the same.
            s.reset();
            prop_assert_eq!(s.count(), expected, "{:?} again", config);
            // Listing, after counts, walks its tree in the same order.
            s.reset();
            let listed: Vec<_> = s.solutions().collect();
            prop_assert_eq!(&listed, &order, "{:?}", config);
            // Up to a limit, then the rest.
            for limit in 1..=expected.min(12) {
                let mut s = Solver::with_config(&problem, config);
                prop_assert_eq!(s.count_up_to(limit), limit);
                prop_assert_eq!(s.count(), expected - limit, "{:?} limit {}", config, limit);
            }
            for budget in [1, 2, 5] {
                for resume in [false, true] {
                    let n = count_in_slices(&problem, config, budget, resume);
                    prop_assert_eq!(n, expected, "{:?} budget {} {}", config, budget, resume);
                }
            }
        }
    }
    // On two threads, splitting as eagerly as possible, each its own table.
    for memo in [Memo::Entries(2), Memo::Auto] {
        let config = bounded(Heuristic::MinimumRemaining, memo);
        let outcome = Parallel::new(&problem).threads(2).granularity(1).config(config).count();
        prop_assert_eq!(outcome.unwrap().solutions, expected, "{:?}", memo);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn memoized_counts_match_the_oracle(spec in spec(false)) {
        check(&spec)?;
    }

    #[test]
    fn memoized_counts_with_colors_match_the_oracle(spec in spec(true)) {
        check(&spec)?;
    }
}

/// The instances of `data/xc` with multiplicities: DLX3's counts, through
/// fewer nodes than DLX3's tree (repeated subtrees are not walked), with
/// the default table and a small one; and on two threads.
#[test]
fn mcc_instances_count_as_dlx3_through_fewer_nodes() {
    for (name, solutions, nodes) in MCC_DLX3 {
        let problem = load(name);
        for memo in [Memo::Auto, Memo::Entries(1 << 10)] {
            let mut s = Solver::with_config(&problem, Config::new().memo(memo));
            assert_eq!(s.engine(), Engine::BitBounded, "{name}");
            assert_eq!(s.count(), solutions, "{name} {memo:?}");
            assert!(s.stats().nodes() < nodes, "{name} {memo:?}: {} nodes", s.stats().nodes());
        }
        let outcome = Parallel::new(&problem).threads(2).count().unwrap();
        assert_eq!(outcome.solutions, solutions, "{name} on two threads");
    }
}

/// On the bounded engine the table walks another tree, so a checkpoint
/// says whether it ran (`memo off`), resumes only a search that agrees,
/// and reads back; a checkpoint of version 1 (before the line) was made
/// on the tree without the table.
#[test]
fn a_checkpoint_keeps_whether_the_table_ran() {
    let problem = load("mcc_rota.dlx");
    let stopped = |memo: Memo| {
        let mut s =
            Solver::with_config(&problem, Config::new().engine(Engine::BitBounded).memo(memo));
        assert_eq!(s.engine(), Engine::BitBounded);
        let outcome = s.count_within(&Limits::new().nodes(5_000));
        outcome.checkpoint.expect("stopped early")
    };
    let (on, off) = (stopped(Memo::Auto), stopped(Memo::Off));
    assert!(!on.to_string().contains("\nmemo"));
    assert!(off.to_string().contains("\nmemo off\n"));
    for (checkpoint, made) in [(&on, Memo::Auto), (&off, Memo::Off)] {
        let read: Checkpoint = checkpoint.to_string().parse().expect("reads back");
        assert_eq!(&read, checkpoint);
        let other = if made.is_on() { Memo::Off } else { Memo::Entries(64) };
        let mut s =
            Solver::with_config(&problem, Config::new().engine(Engine::BitBounded).memo(other));
        let e = s.resume(&read).expect_err("another tree");
        assert!(e.to_string().contains("memo"), "{e}");
        let mut s =
            Solver::with_config(&problem, Config::new().engine(Engine::BitBounded).memo(made));
        s.resume(&read).expect("the same tree");
        assert_eq!(s.count_within(&Limits::new()).solutions, 304_884);
    }
    // Version 1: the tree without the table.
    let text = off.to_string().replacen("dlx-checkpoint 2", "dlx-checkpoint 1", 1);
    let text = text.replacen("memo off\n", "", 1);
    let body = &text[..text.rfind("end ").expect("an end line")];
    let text = format!("{body}end {:016x}\n", fnv(body));
    let read: Checkpoint = text.parse().expect("version 1 reads");
    let mut s =
        Solver::with_config(&problem, Config::new().engine(Engine::BitBounded).memo(Memo::Off));
    s.resume(&read).expect("version 1 is the tree without the table");
    assert_eq!(s.count_within(&Limits::new()).solutions, 304_884);
}

/// FNV-1a, 64 bits: a checkpoint's checksum.
fn fnv(text: &str) -> u64 {
    text.bytes()
        .fold(0xcbf2_9ce4_8422_2325, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

/// A cycle of `n` items (`n` even), each taken once but the first (`0:1`),
/// an option for each two neighbours (option `i` holds items `i` and
/// `i + 1`): two solutions, the cycle's two perfect matchings, and many
/// items with two options each.
fn sparse_cycle(n: usize) -> Problem {
    cycle(n, |i| i == 0)
}

/// A cycle of `n` items, item `i` taken at most once (`0:1`) where
/// `optional(i)`, else exactly once, and an option for each two neighbours
/// (option `i` holds items `i` and `i + 1`).
fn cycle(n: usize, optional: impl Fn(usize) -> bool) -> Problem {
    let mut text: String =
        (0..n).map(|i| if optional(i) { format!("0:1|i{i} ") } else { format!("i{i} ") }).collect();
    text.push('\n');
    for i in 0..n {
        text += &format!("i{i} i{}\n", (i + 1) % n);
    }
    Problem::parse_knuth(&text).expect("a valid problem")
}

#[test]
fn a_listing_moves_to_the_listing_engine_at_its_first_step() {
    let problem = sparse_cycle(300);
    let config = Config::new();
    assert_eq!(Solver::engine_for(&problem, config), Engine::BitBounded);
    let listing = Solver::listing_config(&problem, config);
    assert_eq!(Solver::engine_for(&problem, listing), Engine::DancingLinks);

    let mut s = Solver::with_config(&problem, config);
    assert_eq!(s.engine(), Engine::BitBounded);
    let mut found: Vec<_> = s.solutions().map(sorted).collect();
    assert_eq!(s.engine(), Engine::DancingLinks);
    found.sort();
    assert_eq!(found, [(0..300).step_by(2).collect::<Vec<_>>(), (1..300).step_by(2).collect()]);
    for engine in [Engine::BitBounded, Engine::DancingLinks] {
        let mut s = Solver::with_config(&problem, config.engine(engine));
        let mut all: Vec<_> = s.solutions().map(sorted).collect();
        all.sort();
        assert_eq!(all, found, "{engine:?}");
        assert_eq!(s.engine(), engine, "a forced engine stays");
    }

    // The forced options are chosen again on the new engine.
    let mut s = Solver::with_config(&problem, config);
    s.choose(OptionId::new(1)).expect("no conflict");
    let forced: Vec<_> = s.solutions().map(sorted).collect();
    assert_eq!(forced, [found[1].clone()]);
    assert_eq!(s.engine(), Engine::DancingLinks);

    // A listing's checkpoint resumes on a new solver, which moves to the
    // listing's engine.
    let mut s = Solver::with_config(&problem, config);
    let first = sorted(s.next_solution().expect("a solution"));
    let checkpoint = s.checkpoint();
    let mut resumed = Solver::with_config(&problem, config);
    resumed.resume(&checkpoint).expect("the listing's engine");
    assert_eq!(resumed.engine(), Engine::DancingLinks);
    let mut rest: Vec<_> = resumed.solutions().map(sorted).collect();
    rest.push(first);
    rest.sort();
    assert_eq!(rest, found);

    // A search that counted first keeps its engine.
    let mut s = Solver::with_config(&problem, config);
    assert_eq!(s.count_up_to(1), 1);
    assert!(s.next_solution().is_some());
    assert_eq!(s.engine(), Engine::BitBounded);

    // Two threads list the same solutions.
    let seen = std::sync::Mutex::new(Vec::new());
    let outcome = Parallel::new(&problem)
        .threads(2)
        .for_each(|s| {
            seen.lock().unwrap().push(sorted(s));
            true
        })
        .expect("a valid search");
    let mut seen = seen.into_inner().unwrap();
    seen.sort();
    assert_eq!((seen, outcome.solutions), (found, 2));
}

/// Without the table, `Auto` keeps the bounded engine on dense problems
/// (options of five primary items or more), however many items.
#[test]
fn a_dense_problem_lists_on_the_bounded_engine() {
    let mut text: String = (0..50).map(|i| format!("0:1|i{i} ")).collect();
    text.push('\n');
    for k in 0..300 {
        // Six items, eight apart.
        text += &(0..6).map(|j| format!("i{} ", (k * 7 + j * 8) % 50)).collect::<String>();
        text.push('\n');
    }
    let problem = Problem::parse_knuth(&text).expect("a valid problem");
    let config = Config::new();
    assert_eq!(Solver::listing_config(&problem, config), config);
    assert_eq!(Solver::engine_for(&problem, config.memo(Memo::Off)), Engine::BitBounded);
    // Two items an option: dancing links.
    let sparse = sparse_cycle(300);
    assert_eq!(Solver::engine_for(&sparse, config.memo(Memo::Off)), Engine::DancingLinks);
}

/// The matchings of a cycle of `n` items (every item `0:1`, an option for
/// each two neighbours): Lucas's number `L(n)`, past 2^64 from n = 93.
fn matchings(n: usize) -> (Problem, u128) {
    let (mut a, mut b) = (2u128, 1u128);
    for _ in 0..n {
        (a, b) = (b, a + b);
    }
    (ring(n), a)
}

/// The problem of [`matchings`], without its count.
fn ring(n: usize) -> Problem {
    cycle(n, |_| true)
}

#[test]
fn counts_past_64_bits_are_exact_and_limits_stop_at_once() {
    let (problem, lucas) = matchings(140);
    assert!(lucas > u128::from(u64::MAX));
    assert_eq!(Solver::new(&problem).count(), lucas);
    let outcome = Parallel::new(&problem).threads(2).count().expect("a valid search");
    assert_eq!(outcome.solutions, lucas);
    // A limit stops the count within its first slice, the table's whole
    // subtrees refused past it.
    for threads in [1, 2] {
        let outcome =
            Parallel::new(&problem).threads(threads).limit(3).count().expect("a valid search");
        assert_eq!(outcome.solutions, 3);
        assert!(outcome.stats.nodes() < 10_000, "{} nodes", outcome.stats.nodes());
    }
    assert_eq!(Solver::new(&problem).count_up_to(3), 3);
}

/// A count past 2^128 - 1 (the matchings of a cycle of 200 items: about
/// 6.3 x 10^41) stays at `u128::MAX`, through the table, at once.
#[test]
fn a_count_past_128_bits_saturates() {
    let (problem, _) = matchings(180);
    let mut s = Solver::new(&problem);
    assert!(s.count() < u128::MAX, "L(180) fits");
    let problem = ring(200);
    let mut s = Solver::new(&problem);
    assert_eq!(s.count(), u128::MAX);
    assert!(s.stats().nodes() < 10_000, "{} nodes", s.stats().nodes());
    let outcome = Parallel::new(&problem).threads(2).count().expect("a valid search");
    assert_eq!(outcome.solutions, u128::MAX);
}
