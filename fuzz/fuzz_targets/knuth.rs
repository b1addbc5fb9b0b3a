//! Knuth's format on arbitrary bytes: reading never panics, and a problem
//! that reads is searched for a few thousand nodes by every engine, and
//! reads back the same after being written.

#![no_main]

use dlx::{Config, Engine, Problem, Solver};
use libfuzzer_sys::fuzz_target;

/// The search-tree nodes each engine may visit.
const NODES: u64 = 2_000;

fuzz_target!(|data: &[u8]| {
    let Ok(problem) = Problem::read_knuth(data) else {
        return;
    };
    if let Ok(text) = std::str::from_utf8(data) {
        let again = Problem::parse_knuth(text).expect("read_knuth and parse_knuth agree");
        assert_eq!(again.num_options(), problem.num_options());
    }
    let mut found = Vec::new();
    for engine in [Engine::Auto, Engine::DancingLinks, Engine::Bitset, Engine::BitSliced] {
        let mut solver = Solver::with_config(&problem, Config::new().engine(engine));
        found.push(solver.run(NODES));
    }
    let mut text = Vec::new();
    if problem.write_knuth(&mut text).is_ok() {
        let again = Problem::read_knuth(&text[..]).expect("a written problem reads back");
        assert_eq!(again.num_items(), problem.num_items());
        assert_eq!(again.num_options(), problem.num_options());
        for o in problem.options() {
            assert_eq!(again.format_option(o), problem.format_option(o));
        }
    }
});
