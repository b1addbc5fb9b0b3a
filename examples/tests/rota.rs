use dlx::{OptionId, Problem};
use dlx_examples::rota::Rota;

use crate::util::{check_solution, count_checked, emitted, run, run_err, run_ok};

const ROTA: &str = env!("CARGO_BIN_EXE_rota");

/// The number of sets of options that satisfy every item's bounds, by
/// trying every subset.
fn brute_force(problem: &Problem) -> u128 {
    let options: Vec<OptionId> = problem.options().collect();
    assert!(options.len() <= 20, "too many options to try every subset");
    let mut count = 0;
    for mask in 0u32..1 << options.len() {
        let mut times = vec![0u32; problem.num_items()];
        for (k, &o) in options.iter().enumerate() {
            if mask & (1 << k) != 0 {
                for e in problem.option(o) {
                    times[e.item.index()] += 1;
                }
            }
        }
        let ok = problem.items().all(|i| match problem.bounds(i) {
            Some(b) => (b.lo..=b.hi).contains(&times[i.index()]),
            None => times[i.index()] <= 1,
        });
        count += u128::from(ok);
    }
    count
}

#[test]
fn small_rotas_agree_with_brute_force() {
    for text in [
        "days Mon Tue Wed\nshifts early late\nneed 1\nperson Ann 1 3\nperson Ben 2 3\nperson Cy 0 2 off Tue\n",
        "days Mon Tue Wed\nshifts day\nneed 2\nneed 1 Tue\nperson Ann 1 2\nperson Ben 1 3\nperson Cy 1 1\nperson Di 0 3 off Mon\n",
        "days A B C D\nshifts e l\nneed 1\nneed 2 B-e\nperson P 2 3\nperson Q 2 4 off l\nperson R 1 2\n",
    ] {
        let rota = Rota::parse(text).unwrap();
        let problem = rota.model().problem();
        assert!(problem.has_multiplicities());
        let expected = brute_force(problem);
        assert!(expected > 0, "{text}");
        assert_eq!(count_checked(problem), expected, "{text}");
    }
}

#[test]
fn the_week_follows_every_rule() {
    let rota = Rota::week();
    let problem = rota.model().problem();
    let mut solver = rota.model().solver();
    for solution in solver.solutions().take(200) {
        check_solution(problem, &solution);
        let assignments = rota.model().decode(&solution);
        let shifts = rota.shifts().len();
        for (p, person) in rota.people().iter().enumerate() {
            let mine: Vec<_> = assignments.iter().filter(|a| a.person == p).collect();
            assert!((person.lo..=person.hi).contains(&(mine.len() as u32)));
            for a in &mine {
                assert!(!person.off[a.day * shifts + a.shift]);
                // One shift a day, and no early shift after a late one.
                assert!(!mine.iter().any(|b| b.day == a.day && b.shift != a.shift));
                let next_early = mine.iter().any(|b| b.day == a.day + 1 && b.shift == 0);
                assert!(!(a.shift == shifts - 1 && next_early));
            }
        }
        for (slot, &need) in rota.need().iter().enumerate() {
            let crew = assignments.iter().filter(|a| a.day * shifts + a.shift == slot).count();
            assert_eq!(crew as u32, need);
        }
    }
}

#[test]
fn the_week_count_and_emit_agree() {
    let rota = Rota::week();
    let count = rota.model().count();
    assert_eq!(count, 304884);
    let problem = emitted(ROTA, &[]);
    assert!(problem.has_multiplicities());
    assert_eq!(dlx::Solver::new(&problem).count(), count);
}

#[test]
fn binary_default_draws_a_table_and_counts() {
    let out = run_ok(ROTA, &[]);
    assert!(out.starts_with("        Mon  Tue  Wed  Thu  Fri  Sat  Sun  shifts\nAnn "), "{out}");
    assert!(out.contains("304884 rotas"), "{out}");
}

#[test]
fn binary_rejects_bad_files() {
    let dir = std::env::temp_dir().join(format!("rota-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("week.txt");
    std::fs::write(&file, "days Mon Tue\nshifts early\nneed 1\nperson Ann 1 2 off Wed\n").unwrap();
    let err = run_err(ROTA, &[file.to_str().unwrap()]);
    assert!(err.contains("week.txt:4:20: `Wed` is not a day"), "{err}");
    std::fs::write(&file, "days Mon\nshifts early\nneed 2\nperson Ann 1 1\n").unwrap();
    let out = run(ROTA, &[file.to_str().unwrap()]);
    assert_eq!(out.status, 1, "no rota: {}", out.stderr);
    assert!(out.stdout.contains("No rota meets every rule."), "{}", out.stdout);
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(run_err(ROTA, &["/no/such/rota.txt"]).contains("cannot read the rota"));
}
