//! The reference instances of `shared/data/xc`: solutions and node counts.

use std::path::PathBuf;

use dlx::{Problem, Solver};

fn xc(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/xc").join(name)
}

pub(crate) fn load(name: &str) -> Problem {
    let file = std::fs::File::open(xc(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
    Problem::read_knuth(std::io::BufReader::new(file)).unwrap()
}

fn count(name: &str) -> (u128, u64) {
    let p = load(name);
    let mut s = Solver::new(&p);
    let n = s.count();
    (n, s.stats().nodes())
}

#[test]
fn dlx1_example() {
    assert_eq!(count("knuth_dlx1_example.dlx"), (1, 6));
}

#[test]
fn dlx2_example() {
    assert_eq!(count("knuth_dlx2_example.dlx"), (1, 4));
}

#[test]
fn dlx3_example() {
    assert_eq!(count("knuth_dlx3_example.dlx"), (1, 6));
}

#[test]
fn queens12() {
    assert_eq!(count("queens12.dlx"), (14_200, 327_813));
}

#[test]
fn langford11() {
    assert_eq!(count("langford11.dlx"), (35_584, 439_747));
}

#[test]
fn colored80() {
    assert_eq!(count("colored80.dlx"), (1, 161_034));
}
