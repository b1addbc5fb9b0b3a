//! Property tests: random full grids with random cells blanked solve to
//! grids that keep the givens; clashing givens are always reported; small
//! puzzles count as brute force does; any text, valid or mangled, reads to
//! puzzles or to errors that name their line and column.

use proptest::prelude::*;
use sudoku_cover::{Alphabet, ErrorKind, Grid, PuzzleReader, Rules, Shape, Sudoku, Uniqueness};

use crate::util::{Check, Rng, random_full_grid};

const SHAPES: [(usize, usize); 6] = [(2, 2), (2, 3), (3, 2), (2, 4), (3, 3), (3, 4)];

fn puzzle(shape_index: usize, seed: u64, blank_percent: usize) -> (Shape, Check, Grid, Vec<u8>) {
    let (r, c) = SHAPES[shape_index];
    let mut rng = Rng(seed);
    let full = random_full_grid(r, c, &mut rng);
    let mut cells = full.clone();
    for cell in cells.iter_mut() {
        if rng.below(100) < blank_percent {
            *cell = 0;
        }
    }
    let shape = Shape::new(r, c).unwrap();
    (shape, Check::classic(r, c), Grid::from_cells(shape, cells).unwrap(), full)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn blanked_grids_solve_keeping_their_givens(
        shape_index in 0..SHAPES.len(),
        seed in any::<u64>(),
        blank_percent in 0usize..=100,
    ) {
        let (shape, check, grid, full) = puzzle(shape_index, seed, blank_percent);
        prop_assert!(check.solved(&full));
        let sudoku = Sudoku::new(Rules::new(shape)).unwrap();
        let mut solver = sudoku.solver();
        let solution = solver.solve(&grid).unwrap().expect("the full grid is a solution");
        prop_assert!(check.solved(solution.cells()));
        prop_assert!(solution.extends(&grid));
        let uniqueness = solver.check(&grid).unwrap();
        prop_assert_ne!(uniqueness, Uniqueness::None);
        if uniqueness == Uniqueness::Unique {
            prop_assert_eq!(solution.cells(), &full[..]);
        }
    }

    #[test]
    fn clashing_givens_are_always_invalid(
        shape_index in 0..SHAPES.len(),
        seed in any::<u64>(),
        blank_percent in 0usize..=90,
        cell in any::<prop::sample::Index>(),
        house in 0usize..3,
        other in any::<prop::sample::Index>(),
    ) {
        let (shape, check, mut grid, full) = puzzle(shape_index, seed, blank_percent);
        let n = shape.size();
        // Copy the value of cell a into another cell b of one of its houses.
        let a = cell.index(n * n);
        let (ar, ac) = (a / n, a % n);
        let peers: Vec<(usize, usize)> = (0..n * n)
            .map(|i| (i / n, i % n))
            .filter(|&(r, c)| (r, c) != (ar, ac))
            .filter(|&(r, c)| match house {
                0 => r == ar,
                1 => c == ac,
                _ => shape.box_of(r, c) == shape.box_of(ar, ac),
            })
            .collect();
        let (br, bc) = peers[other.index(peers.len())];
        let v = full[a];
        grid.set(ar, ac, v);
        grid.set(br, bc, v);
        prop_assert!(!check.consistent(grid.cells()));

        let sudoku = Sudoku::new(Rules::new(shape)).unwrap();
        let e = sudoku.solver().solve(&grid).unwrap_err();
        let ErrorKind::Clash { first, second, value } = *e.kind() else {
            panic!("not a clash: {e}");
        };
        // The two named cells hold the value and really clash.
        prop_assert_eq!(grid.get(first.0, first.1), value);
        prop_assert_eq!(grid.get(second.0, second.1), value);
        prop_assert!(first < second);
        let mut pair = Grid::new(shape);
        pair.set(first.0, first.1, value);
        pair.set(second.0, second.1, value);
        prop_assert!(!check.consistent(pair.cells()), "{}", e);
    }

    #[test]
    fn four_by_four_counts_match_brute_force(
        givens in prop::collection::vec((0usize..4, 0usize..4, 1u8..=4), 0..7),
    ) {
        let shape = Shape::new(2, 2).unwrap();
        let check = Check::classic(2, 2);
        let mut grid = Grid::new(shape);
        for (r, c, v) in givens {
            grid.set(r, c, v);
        }
        let sudoku = Sudoku::new(Rules::new(shape)).unwrap();
        match sudoku.solver().count(&grid, None) {
            Ok(count) => {
                prop_assert!(check.consistent(grid.cells()));
                prop_assert_eq!(count, u128::from(check.brute_count(grid.cells(), u64::MAX)));
            }
            Err(_) => prop_assert!(!check.consistent(grid.cells())),
        }
    }
}

#[test]
fn random_full_grids_are_solutions() {
    let mut rng = Rng(7);
    for (r, c) in SHAPES {
        for _ in 0..20 {
            assert!(Check::classic(r, c).solved(&random_full_grid(r, c, &mut rng)));
        }
    }
}

/// Pieces of the puzzle formats (cells, blanks, separators, comments,
/// numbers) and things that do not belong in them.
const FORMAT_PIECES: [&str; 26] = [
    "1", "2", "3", "4", "9", ".", "0", "_", "*", "A", "G", "|", "-", "+", " ", "  ", ",", "\n",
    "\n\n", "\r\n", "# x\n", " #", "10", "99999999", "é", "\u{0}",
];

/// Text in or near the puzzle formats: pieces in any order, a fixture
/// (grids of three sizes, one-line puzzles) with pieces put in at random
/// places and characters cut out, or random 4x4 puzzles.
fn format_like_text() -> impl Strategy<Value = String> {
    let piece = prop::sample::select(FORMAT_PIECES.to_vec());
    let jumble = prop::collection::vec(piece.clone(), 0..120).prop_map(|v| v.concat());
    // Kaggle's CSV form: a header, then `puzzle,solution` with 0 for a blank.
    let csv = "quizzes,solutions\n\
               004300209005009001070060043006002087190007400050083000600000105003508690042910300,\
               864371259325849761971265843436192587198657432257483916689734125713528694542916378\n";
    // A grid with spaces for blanks.
    let spaced = "53  7    \n6  195   \n 98    6 \n8   6   3\n4  8 3  1\n\n";
    let files = [crate::fixture!("grids.txt"), crate::fixture!("top95_first5.txt"), csv, spaced];
    let edits = prop::collection::vec((any::<prop::sample::Index>(), piece, any::<bool>()), 1..6);
    let edited = (prop::sample::select(files.to_vec()), edits).prop_map(|(file, edits)| {
        let mut text: Vec<char> = file.chars().collect();
        for (at, piece, cut) in edits {
            let k = at.index(text.len() + 1);
            if cut && k < text.len() {
                text.remove(k);
            } else {
                text.splice(k..k, piece.chars());
            }
        }
        text.into_iter().collect::<String>()
    });
    // 4x4 puzzles, one per line, clashing, unsolvable or not.
    let cell = prop::sample::select(vec!['1', '2', '3', '4', '.', '.', '.', '.']);
    let line = prop::collection::vec(cell, 16).prop_map(|c| c.into_iter().collect::<String>());
    let small = prop::collection::vec(line, 1..8).prop_map(|lines| lines.join("\n"));
    prop_oneof![jumble, edited, small]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// Whatever the text, the reader yields at most one result per line
    /// (and then stops), each error names a line and column of the text,
    /// and each puzzle it reads solves, when it does, to a grid that keeps
    /// its givens (checked independently of the encoder).
    #[test]
    fn any_text_reads_to_puzzles_or_errors_with_their_place(
        text in format_like_text(),
        numbers in any::<bool>(),
        side in prop::option::of(prop::sample::select(vec![4usize, 9])),
    ) {
        let lines = text.lines().count();
        let reader = PuzzleReader::new(text.as_bytes());
        let reader = if numbers { reader.alphabet(Alphabet::numbers()) } else { reader };
        let reader = match side {
            Some(n) => reader.size(n),
            None => reader,
        };
        let mut results = 0;
        for result in reader {
            results += 1;
            prop_assert!(results <= lines, "more results than lines");
            match result {
                Ok(puzzle) => {
                    let grid = puzzle.grid;
                    prop_assert!((1..=lines).contains(&puzzle.line));
                    let shape = grid.shape();
                    if grid.size() > 9 {
                        continue;
                    }
                    let sudoku = Sudoku::new(Rules::new(shape)).unwrap();
                    let check = Check::classic(shape.box_rows(), shape.box_cols());
                    match sudoku.solver().solve(&grid) {
                        Ok(Some(solution)) => {
                            prop_assert!(check.solved(solution.cells()));
                            prop_assert!(solution.extends(&grid));
                        }
                        // Plain backtracking proves "none" quickly only on
                        // the smallest grids.
                        Ok(None) if grid.size() == 4 => {
                            prop_assert_eq!(check.brute_count(grid.cells(), 1), 0);
                        }
                        Ok(None) => {}
                        Err(e) => prop_assert!(!check.consistent(grid.cells()), "{}", e),
                    }
                }
                Err(e) => {
                    prop_assert!((1..=lines).contains(&e.line()), "{}", e);
                    // A row short of cells is marked just past its end.
                    let width = text.lines().nth(e.line() - 1).map_or(0, |l| l.chars().count());
                    prop_assert!((1..=width + 1).contains(&e.column()), "{}", e);
                }
            }
        }
    }
}
