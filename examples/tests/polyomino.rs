use std::collections::BTreeSet;

use dlx_examples::polyomino::{
    Board, Copies, Rules, SCOTT, Shape, Tiling, draw_svg, hexominoes, pentominoes, tetrominoes,
};

use crate::util::{
    check_first, count_checked, emitted, option_set, reference, run, run_err, run_ok,
};

const POLYOMINO: &str = env!("CARGO_BIN_EXE_polyomino");

fn count(board: &Board, rules: Rules) -> u128 {
    let tiling = Tiling::new(board, &pentominoes(), &rules).unwrap();
    count_checked(tiling.model().problem())
}

fn rect(rows: usize, columns: usize) -> Board {
    Board::rectangle(rows, columns).unwrap()
}

#[test]
fn pentominoes_3x20() {
    assert_eq!(count(&rect(3, 20), Rules::default()), 2);
    assert_eq!(count(&rect(3, 20), Rules::all()), 8);
}

#[test]
fn pentominoes_scott() {
    let board = Board::parse(SCOTT).unwrap();
    assert_eq!(count(&board, Rules::default()), 65);
}

#[test]
fn pentominoes_4x15() {
    assert_eq!(count(&rect(4, 15), Rules::default()), 368);
}

#[test]
fn pentominoes_5x12() {
    assert_eq!(count(&rect(5, 12), Rules::default()), 1010);
}

#[test]
fn pentominoes_6x10() {
    assert_eq!(count(&rect(6, 10), Rules::default()), 2339);
}

#[test]
fn pentominoes_all_on_symmetric_boards() {
    // Every tiling of these boards is asymmetric (F is), so each class
    // holds as many tilings as the board has symmetries.
    assert_eq!(count(&rect(4, 15), Rules::all()), 4 * 368);
    assert_eq!(count(&Board::parse(SCOTT).unwrap(), Rules::all()), 8 * 65);
}

/// A few seconds: the engine is built optimized even in test builds.
#[test]
fn pentominoes_6x10_all() {
    assert_eq!(count(&rect(6, 10), Rules::all()), 9356);
}

#[test]
fn emit_6x10_matches_knuths_files() {
    let all = emitted(POLYOMINO, &["--all"]);
    assert_eq!(option_set(&all), option_set(&reference("pentomino6x10.dlx")));
    let quarter = emitted(POLYOMINO, &[]);
    assert_eq!(option_set(&quarter), option_set(&reference("pentomino6x10_quarter.dlx")));
    // The solutions found are tilings.
    assert_eq!(check_first(&quarter, 20), 20);
}

#[test]
fn emit_counts_agree() {
    let problem = emitted(POLYOMINO, &["--board", "3x20"]);
    assert_eq!(dlx::Solver::new(&problem).count(), 2);
    let problem = emitted(POLYOMINO, &["--board", "scott"]);
    assert!(problem.num_secondary() > 0);
    assert_eq!(dlx::Solver::new(&problem).count(), 65);
}

/// All free polyominoes with `n` cells, grown cell by cell.
fn free_polyominoes(n: usize) -> BTreeSet<Shape> {
    let mut shapes = BTreeSet::from([Shape::new([(0, 0)])]);
    for _ in 1..n {
        let mut grown = BTreeSet::new();
        for shape in &shapes {
            for &(r, c) in shape.cells() {
                for (dr, dc) in [(0, 1), (1, 0), (0, -1), (-1, 0)] {
                    let cells = shape.cells().iter().copied().chain([(r + dr, c + dc)]);
                    let bigger = Shape::new(cells);
                    if bigger.len() == shape.len() + 1 {
                        grown.insert(bigger.canonical());
                    }
                }
            }
        }
        shapes = grown;
    }
    shapes
}

#[test]
fn built_in_piece_sets_are_the_free_polyominoes() {
    for (n, pieces) in [(4, tetrominoes()), (5, pentominoes()), (6, hexominoes())] {
        let ours: BTreeSet<Shape> = pieces.iter().map(|p| p.shape.canonical()).collect();
        assert_eq!(ours.len(), pieces.len(), "two pieces of size {n} are the same");
        assert_eq!(ours, free_polyominoes(n), "size {n}");
    }
}

#[test]
fn tetromino_pairs_with_multiplicities() {
    // Two of each of the five tetrominoes tile 5x8 (Algorithm M: each piece
    // item is covered exactly twice).
    let rules = Rules { copies: Copies { lo: 2, hi: 2 }, ..Rules::all() };
    let tiling = Tiling::new(&rect(5, 8), &tetrominoes(), &rules).unwrap();
    assert!(tiling.model().problem().has_multiplicities());
    assert_eq!(check_first(tiling.model().problem(), 50), 50);
    // At most twice each on 4x5: 20 cells from any five pieces.
    let rules = Rules { copies: Copies { lo: 0, hi: 2 }, ..Rules::all() };
    let tiling = Tiling::new(&rect(4, 5), &tetrominoes(), &rules).unwrap();
    let n = count_checked(tiling.model().problem());
    assert!(n > 0);
    // Counting up to symmetry needs single copies.
    let rules = Rules { copies: Copies { lo: 2, hi: 2 }, ..Rules::default() };
    assert!(Tiling::new(&rect(5, 8), &tetrominoes(), &rules).is_err());
}

#[test]
fn one_sided_pieces_are_not_turned_over() {
    // Without turning pieces over, none of the 8 tilings of 3x20 survives.
    let rules = Rules { one_sided: true, ..Rules::all() };
    let tiling = Tiling::new(&rect(3, 20), &pentominoes(), &rules).unwrap();
    assert_eq!(count_checked(tiling.model().problem()), 0);
    // On 4x15 some do. Up to symmetry, only the board's rotations count.
    let tiling = Tiling::new(&rect(4, 15), &pentominoes(), &rules).unwrap();
    let all = count_checked(tiling.model().problem());
    let rules = Rules { one_sided: true, ..Rules::default() };
    let tiling = Tiling::new(&rect(4, 15), &pentominoes(), &rules).unwrap();
    assert_eq!(tiling.symmetries(), 2);
    let distinct = count_checked(tiling.model().problem());
    assert!(distinct > 0 && distinct < 368);
    assert_eq!(2 * distinct, all);
}

#[test]
fn svg_draws_every_piece() {
    let tiling = Tiling::new(&rect(3, 20), &pentominoes(), &Rules::default()).unwrap();
    let solution = tiling.model().first().unwrap();
    let svg = draw_svg(&tiling, &solution);
    assert!(svg.starts_with("<svg") && svg.ends_with("</svg>\n"));
    assert_eq!(svg.matches("<rect x=").count(), 60);
    for name in "FILNPTUVWXYZ".chars() {
        assert!(svg.contains(&format!(">{name}</text>")), "{name}");
    }
}

#[test]
fn binary_default_draws_a_6x10_tiling() {
    let out = run_ok(POLYOMINO, &[]);
    let rows: Vec<&str> = out.lines().take(6).collect();
    assert!(rows.iter().all(|r| r.split(' ').count() == 10), "{out}");
    let letters: BTreeSet<char> =
        rows.iter().flat_map(|r| r.chars()).filter(|c| *c != ' ').collect();
    assert_eq!(letters.len(), 12);
}

#[test]
fn binary_counts_and_writes_svg() {
    let dir = std::env::temp_dir().join(format!("polyomino-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("t.svg");
    let out = run_ok(POLYOMINO, &["-b", "3x20", "-c", "--svg", svg.to_str().unwrap()]);
    assert!(out.contains("2 tilings, up to the 4 symmetries"), "{out}");
    assert!(std::fs::read_to_string(&svg).unwrap().contains("</svg>"));
    let out = run_ok(POLYOMINO, &["-b", "3x20", "-c", "--all"]);
    assert!(out.contains("8 tilings."), "{out}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn binary_reads_board_and_piece_files() {
    let dir = std::env::temp_dir().join(format!("polyomino-files-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let board = dir.join("board.txt");
    let pieces = dir.join("pieces.txt");
    std::fs::write(&board, "// a 2x3 with a bite\n###\n##.\n").unwrap();
    std::fs::write(&pieces, "L\n##\n#.\n\nI\n##\n").unwrap();
    let (b, p) = (board.to_str().unwrap(), pieces.to_str().unwrap());
    let out = run_ok(POLYOMINO, &["-b", b, "-p", p, "-c", "--all"]);
    assert!(out.contains("2 tilings."), "{out}");

    std::fs::write(&board, "###\n#x#\n").unwrap();
    let err = run_err(POLYOMINO, &["-b", b, "-p", p]);
    assert!(err.contains("board.txt:2:2: unexpected character `x`"), "{err}");
    std::fs::write(&pieces, "L\n##\n#.\n\n2\n##\n").unwrap();
    let err = run_err(POLYOMINO, &["-p", p]);
    assert!(err.contains("pieces.txt:5:1: expected a piece name"), "{err}");
    let err = run_err(POLYOMINO, &["-b", "no-such-board"]);
    assert!(err.contains("cannot read the board `no-such-board`"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
    // Areas that can't match are reported without searching, as no tiling.
    let out = run(POLYOMINO, &["-b", "8x8"]);
    assert_eq!(out.status, 1);
    assert!(
        out.stdout.contains("the pieces cover 60 cells and the board has 64"),
        "{}",
        out.stdout
    );
}

#[test]
fn committed_svg_is_the_first_6x10_tiling() {
    // The README shows examples/pentomino-6x10.svg; it must be what
    // `polyomino --svg` draws today.
    let tiling = Tiling::new(&rect(6, 10), &pentominoes(), &Rules::default()).unwrap();
    let solution = tiling.model().first().unwrap();
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/pentomino-6x10.svg");
    assert_eq!(std::fs::read_to_string(path).unwrap(), draw_svg(&tiling, &solution));
}
