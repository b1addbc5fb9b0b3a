//! Smoke test of the generator comparison: a few puzzles, one round; the
//! table comes out whole and every puzzle is unique.

use dlx_benches::generators::{self, Settings};

#[test]
fn the_table_has_every_contender() {
    let mut out = Vec::new();
    let settings = Settings { puzzles: 3, runs: 1, threads: 2 };
    let wrong = generators::run(&settings, &mut out).expect("a run");
    let text = String::from_utf8(out).unwrap();
    assert_eq!(wrong, 0, "{text}");
    for row in [
        "| ours, no symmetry | ",
        "| sudoku 0.8, no symmetry | ",
        "| ours, rot180 | ",
        "| sudoku 0.8, rot180 | ",
        "| ours, rot180, `--minimal` (every clue checked) | ",
        "| ours, no symmetry, 2 threads | ",
    ] {
        assert_eq!(text.matches(row).count(), 1, "{row}\n{text}");
    }
}
