//! Counting Knuth's reference instances, ours next to the baselines, and
//! building a problem.

use std::hint::black_box;

use criterion::Criterion;
use dlx::{Problem, Solver};

use dlx_benches::baseline::{Baseline, Options};
use dlx_benches::data;

fn load(name: &str) -> (String, Problem) {
    let text = std::fs::read_to_string(data(&format!("xc/{name}.dlx"))).expect("data set");
    let problem = Problem::parse_knuth(&text).expect("valid problem");
    (text, problem)
}

pub(crate) fn define(c: &mut Criterion) {
    let mut g = c.benchmark_group("xc");
    for (name, solutions) in
        [("queens12", 14_200), ("langford11", 35_584), ("pentomino6x10_quarter", 2_339)]
    {
        let (_, problem) = load(name);
        g.bench_function(format!("{name}/count/ours"), |b| {
            b.iter(|| {
                let n = Solver::new(black_box(&problem)).count();
                assert_eq!(n, solutions);
            })
        });
        let options = Options::from_problem(&problem);
        for baseline in Baseline::ALL {
            g.bench_function(format!("{name}/count/{}", baseline.name()), |b| {
                b.iter(|| {
                    let n = baseline.count(black_box(&options));
                    assert_eq!(n as u128, solutions);
                })
            });
        }
    }
    let (text, _) = load("pentomino6x10");
    g.bench_function("pentomino6x10/build", |b| {
        b.iter(|| {
            let p = Problem::parse_knuth(black_box(&text)).unwrap();
            assert_eq!(p.num_options(), 2056);
        })
    });
    g.finish();
}
