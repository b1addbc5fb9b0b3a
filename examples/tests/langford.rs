use dlx_examples::langford::{KNOWN_COUNTS, Langford};

use crate::util::{count_checked, emitted, option_set, reference, run_err, run_ok};

const LANGFORD: &str = env!("CARGO_BIN_EXE_langford");

#[test]
fn counts_both_and_halved_up_to_eleven() {
    for n in 3..=11 {
        let both = Langford::new(n, false).unwrap();
        let half = Langford::new(n, true).unwrap();
        assert_eq!(count_checked(both.model().problem()), KNOWN_COUNTS[n - 1] as u128, "n={n}");
        assert_eq!(count_checked(half.model().problem()), KNOWN_COUNTS[n - 1] as u128 / 2);
    }
}

#[test]
fn counts_twelve() {
    assert_eq!(Langford::new(12, false).unwrap().model().count(), 216288);
    assert_eq!(Langford::new(12, true).unwrap().model().count(), 108144);
}

#[test]
fn halving_keeps_one_of_each_mirror_pair() {
    let both = Langford::new(8, false).unwrap();
    let half = Langford::new(8, true).unwrap();
    let all: Vec<Vec<usize>> =
        both.model().solver().solutions().map(|s| both.sequence(&s)).collect();
    for s in half.model().solver().solutions() {
        let row = half.sequence(&s);
        let mirror: Vec<usize> = row.iter().rev().copied().collect();
        assert!(all.contains(&row) && all.contains(&mirror) && row != mirror);
        for k in 1..=8 {
            let first = row.iter().position(|&v| v == k).unwrap();
            assert_eq!(row[first + k + 1], k, "the two {k}s are {k} apart");
        }
    }
}

#[test]
fn emit_matches_knuths_langford11_and_counts_agree() {
    let ours = emitted(LANGFORD, &["11"]);
    assert_eq!(option_set(&ours), option_set(&reference("langford11.dlx")));
    let half = emitted(LANGFORD, &["7", "--half"]);
    assert_eq!(dlx::Solver::new(&half).count(), 26);
}

#[test]
fn binary_default_prints_the_table() {
    let out = run_ok(LANGFORD, &[]);
    assert!(out.contains(" 7            52            26  "), "{out}");
    assert!(out.contains(" 8           300           150  "), "{out}");
    assert!(run_err(LANGFORD, &["3..5", "--emit"]).contains("single n"));
}
