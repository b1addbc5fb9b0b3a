//! Counting Knuth's reference instances, ours next to the baselines, and
//! building a problem; one instance of each kind of problem beyond plain
//! exact cover (group `kinds`), ours with the engine it picks and with
//! dancing links alone.

use std::hint::black_box;

use criterion::Criterion;
use dlx::{Config, Engine, Problem, Solver};

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

/// One instance per kind of problem, with its known count (for costs, the
/// three optimum costs, as Knuth's DLX5 finds them): `kinds/KIND/INSTANCE/ENGINE`.
pub(crate) fn define_kinds(c: &mut Criterion) {
    let mut g = c.benchmark_group("kinds");
    let counted = [
        ("plain_big", "sudoku36_450blanks", 2),
        ("colors", "colored80", 1),
        ("multiplicities", "mcc_random22", 15_669_630),
    ];
    for (kind, name, solutions) in counted {
        let (_, problem) = load(name);
        for (engine, config) in
            [("default", Config::new()), ("links", Config::new().engine(Engine::DancingLinks))]
        {
            g.bench_function(format!("{kind}/{name}/{engine}"), |b| {
                b.iter(|| {
                    let n = Solver::with_config(black_box(&problem), config).count();
                    assert_eq!(n, solutions);
                })
            });
        }
    }
    let (_, problem) = load("cost_random32");
    g.bench_function("costs/cost_random32/default", |b| {
        b.iter(|| {
            let best = Solver::new(black_box(&problem)).min_cost(3).expect("costs");
            let costs: Vec<u64> = best.iter().map(|s| s.cost).collect();
            assert_eq!(costs, [62, 68, 69]);
        })
    });
    g.finish();
}
