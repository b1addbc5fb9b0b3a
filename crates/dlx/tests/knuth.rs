//! The reference instances of `data/xc`: solutions and node counts.

use std::path::PathBuf;

use dlx::{Config, Engine, Memo, Problem, Propagation, Solver};

fn xc(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data/xc").join(name)
}

/// DLX3's figures (solutions, nodes) on the instances of `data/xc` with
/// multiplicities: random with colors, the examples' rota, random.
pub(crate) const MCC_DLX3: [(&str, u128, u64); 3] = [
    ("mcc_colored28.dlx", 4_465_369, 24_393_034),
    ("mcc_rota.dlx", 304_884, 2_356_466),
    ("mcc_random22.dlx", 15_669_630, 33_125_644),
];

pub(crate) fn load(name: &str) -> Problem {
    let file = std::fs::File::open(xc(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
    Problem::read_knuth(std::io::BufReader::new(file)).unwrap()
}

/// Counts solutions and search-tree nodes, with each engine that takes the
/// problem (they must agree; without the memo, which on the bounded
/// engine walks another tree).
fn count(name: &str) -> (u128, u64) {
    let p = load(name);
    let mut results = Vec::new();
    for engine in [Engine::DancingLinks, Engine::Bitset, Engine::BitSliced] {
        let mut s = Solver::with_config(&p, Config::new().engine(engine).memo(Memo::Off));
        let n = s.count();
        results.push((n, s.stats().nodes()));
    }
    assert_eq!(results[0], results[1], "{name}: the engines disagree");
    assert_eq!(results[0], results[2], "{name}: the engines disagree");
    results[0]
}

/// The bit-sliced engine takes the problems with small tables, and only
/// those.
#[test]
fn bit_sliced_where_its_table_is_small() {
    for (name, sliced) in [
        ("queens12.dlx", true),
        ("langford11.dlx", true),
        ("pentomino6x10_quarter.dlx", false),
        ("colored80.dlx", false),
    ] {
        let p = load(name);
        let engine = Solver::with_config(&p, Config::new().engine(Engine::BitSliced)).engine();
        assert_eq!(engine == Engine::BitSliced, sliced, "{name}: {engine:?}");
    }
    // n queens up to n = 39 (as `Engine::BitSliced` says); at 40 the
    // table passes a megabyte.
    for (n, sliced) in [(39, true), (40, false)] {
        let p = queens(n);
        let engine = Solver::with_config(&p, Config::new().engine(Engine::BitSliced)).engine();
        assert_eq!(engine == Engine::BitSliced, sliced, "queens {n}: {engine:?}");
    }
}

/// The options of the only solution, as written in the file, sorted.
fn only_solution(name: &str) -> Vec<String> {
    let p = load(name);
    let mut s = Solver::new(&p);
    let sol = s.first().expect("a solution");
    assert_eq!(s.count(), 0, "{name} has one solution");
    let mut v: Vec<String> = sol.iter().map(|&o| p.format_option(o)).collect();
    v.sort();
    v
}

#[test]
fn dlx1_example() {
    assert_eq!(count("knuth_dlx1_example.dlx"), (1, 6));
    assert_eq!(only_solution("knuth_dlx1_example.dlx"), ["A D", "B G", "C E F"]);
}

/// With dominance, at the top: A's options `A D G` and `A D` both cover D,
/// so `D E G` goes; E is left `C E F` alone, then B `B G`, then A `A D`:
/// three forced moves and the solution, four nodes instead of six.
#[test]
fn dlx1_example_under_dominance() {
    let p = load("knuth_dlx1_example.dlx");
    let mut s = Solver::with_config(&p, Config::new().propagation(Propagation::Dominance));
    let mut sol: Vec<String> = s.first().unwrap().iter().map(|&o| p.format_option(o)).collect();
    sol.sort();
    assert_eq!(sol, ["A D", "B G", "C E F"]);
    assert_eq!(s.count(), 0);
    assert_eq!(s.stats().nodes(), 4);
}

#[test]
fn dlx2_example() {
    assert_eq!(count("knuth_dlx2_example.dlx"), (1, 4));
    assert_eq!(only_solution("knuth_dlx2_example.dlx"), ["A C X:1 Y:1", "B X:1"]);
}

#[test]
fn dlx3_example() {
    assert_eq!(count("knuth_dlx3_example.dlx"), (1, 6));
    assert_eq!(only_solution("knuth_dlx3_example.dlx"), ["A C X:1 Y:1", "B X:1", "C Y:1"]);
}

#[test]
fn queens14() {
    assert_eq!(count("queens14.dlx"), (365_596, 8_770_997));
}

#[test]
fn langford12() {
    assert_eq!(count("langford12.dlx"), (216_288, 2_831_065));
}

#[test]
fn pentomino6x10_quarter() {
    assert_eq!(count("pentomino6x10_quarter.dlx"), (2_339, 909_153));
}

#[test]
fn pentomino6x10() {
    assert_eq!(count("pentomino6x10.dlx"), (9_356, 3_637_261));
}

/// n queens built through the API: rows and columns primary, diagonals
/// secondary.
fn queens(n: usize) -> Problem {
    let mut b = dlx::ProblemBuilder::new();
    let rows: Vec<_> = (0..n).map(|i| b.add_primary(format!("r{i}"))).collect();
    let cols: Vec<_> = (0..n).map(|i| b.add_primary(format!("c{i}"))).collect();
    let a: Vec<_> = (0..2 * n - 1).map(|i| b.add_secondary(format!("a{i}"))).collect();
    let d: Vec<_> = (0..2 * n - 1).map(|i| b.add_secondary(format!("b{i}"))).collect();
    for r in 0..n {
        for c in 0..n {
            b.add_option([rows[r], cols[c], a[r + c], d[n - 1 + r - c]]);
        }
    }
    b.build().unwrap()
}

#[test]
fn queens_1_to_12() {
    let known = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200];
    for (n, &k) in (1..=12).zip(&known) {
        let p = queens(n);
        let mut s = Solver::new(&p);
        let mut count = 0;
        // Check each solution: one queen per row and column, none sharing a
        // diagonal.
        while let Some(sol) = s.next_solution() {
            let cells: Vec<(usize, usize)> =
                sol.iter().map(|o| (o.index() / n, o.index() % n)).collect();
            assert_eq!(cells.len(), n);
            for (i, &(r1, c1)) in cells.iter().enumerate() {
                for &(r2, c2) in &cells[i + 1..] {
                    assert!(r1 != r2 && c1 != c2 && r1.abs_diff(r2) != c1.abs_diff(c2));
                }
            }
            count += 1;
        }
        assert_eq!(count, k, "queens {n}");
    }
}

#[test]
fn queens12() {
    assert_eq!(count("queens12.dlx"), (14_200, 327_813));
}

#[test]
fn langford11() {
    assert_eq!(count("langford11.dlx"), (35_584, 439_747));
}

/// The tie-break heuristic visits a tree of its own, the same in both
/// engines, and counts the same solutions. Its options have 2, 3 and 6
/// primary items here, every one as many (the bit engine's fixed-width
/// path).
#[test]
fn most_removed_tie_break_in_both_engines() {
    use dlx::Heuristic;
    for (name, solutions) in
        [("queens12.dlx", 14_200), ("langford11.dlx", 35_584), ("pentomino6x10_quarter.dlx", 2_339)]
    {
        let p = load(name);
        let mut results = Vec::new();
        for engine in [Engine::DancingLinks, Engine::Bitset, Engine::BitSliced] {
            let config =
                Config::new().engine(engine).heuristic(Heuristic::MinimumRemainingMostRemoved);
            let mut s = Solver::with_config(&p, config);
            results.push((s.count(), s.stats().nodes()));
        }
        assert_eq!(results[0], results[1], "{name}: the engines disagree");
        assert_eq!(results[0], results[2], "{name}: the engines disagree");
        assert_eq!(results[0].0, solutions, "{name}");
        assert_ne!(results[0].1, count(name).1, "{name}: the same tree as plain MRV");
    }
}

#[test]
fn colored80() {
    assert_eq!(count("colored80.dlx"), (1, 161_034));
}
