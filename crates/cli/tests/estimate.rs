//! `dlx estimate`.

use crate::util::{data, dlx, queens};

/// The `key: value` lines of the output.
fn fields(out: &str) -> Vec<(&str, &str)> {
    out.lines().map(|l| l.split_once(": ").expect("key: value")).collect()
}

/// `1.42e4 ± 3.1e2` as numbers.
fn plus_minus(text: &str) -> (f64, f64) {
    let (value, error) = text.split_once(" ± ").expect("value ± error");
    (value.parse().unwrap(), error.parse().unwrap())
}

#[test]
fn estimate_prints_its_fields() {
    let out = dlx(&["estimate", &data("langford11.dlx")]).success();
    let keys: Vec<&str> = fields(&out).iter().map(|(k, _)| *k).collect();
    assert!(keys.starts_with(&["solutions", "nodes", "samples", "depth", "time"]), "{out}");
    let time = fields(&out)[4].1;
    assert!(time.contains("on 1 thread"), "{out}");
}

#[test]
fn queens12_is_estimated_within_a_generous_factor() {
    let out = dlx(&["estimate", "--samples", "10000", &data("queens12.dlx")]).success();
    let f = fields(&out);
    let (solutions, solutions_error) = plus_minus(f[0].1);
    let (nodes, _) = plus_minus(f[1].1);
    // Knuth's figures: 14,200 solutions, 327,813 nodes.
    assert!((14_200.0 / 3.0..14_200.0 * 3.0).contains(&solutions), "{out}");
    assert!((327_813.0 / 3.0..327_813.0 * 3.0).contains(&nodes), "{out}");
    assert!(solutions_error > 0.0 && solutions_error < solutions, "{out}");
    assert_eq!(f[2], ("samples", "10000"));
    assert_eq!(f[3], ("depth", "12"));
    // If the calibration run got to the end, the exact figures are there.
    if let Some((_, exact)) = f.iter().find(|(k, _)| *k == "exact") {
        assert_eq!(*exact, "14200 solutions, 327813 nodes");
    }
}

#[test]
fn the_same_seed_gives_the_same_estimate() {
    let run = |seed: &str| {
        let out =
            dlx(&["estimate", "--samples", "500", "--seed", seed]).stdin(queens(10)).success();
        // The time depends on the machine; the estimate does not.
        out.lines().take(4).collect::<Vec<_>>().join("\n")
    };
    assert_eq!(run("7"), run("7"));
    assert_ne!(run("7"), run("8"));
    assert!(run("7").contains("samples: 500"));
}

#[test]
fn a_tree_without_solutions_is_estimated_as_such() {
    let out = dlx(&["estimate", &data("no_solution.dlx")]).success();
    assert!(out.starts_with("solutions: 0 ± 0\n"), "{out}");
}

#[test]
fn bad_input_is_named() {
    let out = dlx(&["estimate"]).stdin(fixture!("bad_item.dlx")).expect_code(2);
    assert_eq!(out.stderr, "dlx: <stdin>:5:3: unknown item `Q`\n");
    let out = dlx(&["estimate", "--samples", "0", &data("queens12.dlx")]).expect_code(2);
    assert!(out.stderr.starts_with("error: "), "{}", out.stderr);
}
