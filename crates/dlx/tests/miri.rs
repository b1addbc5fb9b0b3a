//! Small problems that exercise every unsafe access path of the engine
//! (the arena's unchecked reads and writes in the dance steps), quick
//! enough to run under Miri in CI: `cargo +nightly miri test -p dlx --test
//! integration miri::`.

use dlx::{
    Config, Engine, Heuristic, Memo, OptionId, Problem, Propagation, Solver, SplitAt, split,
};

const EXAMPLES: [(&str, u128); 4] = [
    ("A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n", 1),
    ("A B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nX:0 Y:1\nB X:1\nC Y:1\n", 1),
    ("A B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n", 1),
    // Five queens: primary rows and columns, secondary diagonals.
    (
        "r0 r1 r2 r3 r4 c0 c1 c2 c3 c4 | a0 a1 a2 a3 a4 a5 a6 a7 a8 b0 b1 b2 b3 b4 b5 b6 b7 b8\n\
         r0 c0 a0 b4\nr0 c1 a1 b3\nr0 c2 a2 b2\nr0 c3 a3 b1\nr0 c4 a4 b0\n\
         r1 c0 a1 b5\nr1 c1 a2 b4\nr1 c2 a3 b3\nr1 c3 a4 b2\nr1 c4 a5 b1\n\
         r2 c0 a2 b6\nr2 c1 a3 b5\nr2 c2 a4 b4\nr2 c3 a5 b3\nr2 c4 a6 b2\n\
         r3 c0 a3 b7\nr3 c1 a4 b6\nr3 c2 a5 b5\nr3 c3 a6 b4\nr3 c4 a7 b3\n\
         r4 c0 a4 b8\nr4 c1 a5 b7\nr4 c2 a6 b6\nr4 c3 a7 b5\nr4 c4 a8 b4\n",
        10,
    ),
];

#[test]
fn both_engines_search_force_reset_and_split() {
    for (text, expected) in EXAMPLES {
        let p = Problem::parse_knuth(text).unwrap();
        for engine in [Engine::DancingLinks, Engine::Bitset, Engine::BitSliced] {
            let mut s = Solver::with_config(&p, Config::new().engine(engine));
            assert_eq!(s.count(), expected);
            s.reset();
            let first = s.first().unwrap();
            // Force the first solution's first option, stop mid-search, reset.
            s.reset();
            s.choose(first[0]).unwrap();
            assert!(s.count_up_to(1) == 1);
            s.reset();
            assert_eq!(s.count(), expected);
        }
        let parts = split(&p, Config::new(), &[], SplitAt::Depth(2)).unwrap();
        let total: u128 = parts.iter().map(|part| Solver::new(&part.problem).count()).sum();
        assert_eq!(total, expected);
        let e = Solver::new(&p).estimate(20, 1);
        assert!(e.nodes >= 1.0);
    }
}

#[test]
fn conflicting_forced_options_leave_the_solver_intact() {
    let p = Problem::parse_knuth(EXAMPLES[0].0).unwrap();
    let mut s = Solver::with_config(&p, Config::new().engine(Engine::DancingLinks));
    s.choose(OptionId::new(1)).unwrap(); // A D G
    assert!(s.choose(OptionId::new(3)).is_err()); // A D clashes
    assert_eq!(s.count(), 0);
    s.reset();
    assert_eq!(s.count(), 1);
}

/// The tie-break reads counts the bit-sliced form turns into lanes with
/// BMI2's `pdep` where the CPU has it (under Miri: where the build enables
/// it, as CI's second run does), else with shifts: the same tree as the
/// counted form's either way, and the same solutions in the same order.
#[test]
fn the_tie_break_counts_agree() {
    for (text, expected) in EXAMPLES {
        let p = Problem::parse_knuth(text).unwrap();
        for propagation in [Propagation::None, Propagation::Dominance] {
            let run = |engine| {
                let config = Config::new()
                    .engine(engine)
                    .heuristic(Heuristic::MinimumRemainingMostRemoved)
                    .propagation(propagation);
                let mut s = Solver::with_config(&p, config);
                // In bulk forced moves may come in another order within a
                // solution; the solutions come in the same order.
                let solutions: Vec<_> = s
                    .solutions()
                    .map(|mut solution| {
                        solution.sort();
                        solution
                    })
                    .collect();
                (solutions, s.stats().solutions())
            };
            let (counted, sliced) = (run(Engine::Bitset), run(Engine::BitSliced));
            assert_eq!(counted.1, expected);
            assert_eq!(counted, sliced, "{propagation:?}");
        }
    }
}

/// The bounded engine's memoized count (its search loop compiled for the
/// CPU, `fast::run`) against the same count walked in full, on a small
/// problem with multiplicities whose states repeat.
#[test]
fn memoized_counts_equal_walked_ones() {
    let text = "2|a 2|b 1:2|c d\na b\na c\nb c\na d\nb d\nc d\na\nb\nc\n";
    let p = Problem::parse_knuth(text).unwrap();
    let walked = Solver::with_config(&p, Config::new().memo(Memo::Off)).count();
    assert!(walked > 1);
    for memo in [Memo::Auto, Memo::Entries(2)] {
        let config = Config::new().engine(Engine::BitBounded).memo(memo);
        assert_eq!(Solver::with_config(&p, config).count(), walked, "{memo:?}");
    }
}
