//! Variants: puzzles with known solutions, verified by the independent
//! checker, and brute-force counts on small grids.

use sudoku_cover::{Grid, Regions, Rules, Shape, Sudoku, Uniqueness, Variant};

use crate::fixture;
use crate::util::Check;

/// Rules and the matching independent checker from variant names.
fn rules_for(words: &[&str], regions: Option<&str>, shape: Shape) -> (Rules, Check) {
    let (mut rules, mut check) = match regions {
        Some(labels) => (Rules::jigsaw(Regions::parse(labels).unwrap()), Check::jigsaw(labels)),
        None => (Rules::new(shape), Check::classic(shape.box_rows(), shape.box_cols())),
    };
    for &word in words {
        if word == "jigsaw" {
            continue;
        }
        let variant: Variant = word.parse().unwrap();
        rules = rules.with_variant(variant);
        check = match variant {
            Variant::Diagonal => check.diagonal(),
            Variant::Hyper => check.hyper(),
            Variant::AntiKing => check.anti_king(),
            Variant::AntiKnight => check.anti_knight(),
            v => panic!("no checker for {v}"),
        };
    }
    (rules, check)
}

#[test]
fn variant_puzzles_have_their_known_solutions() {
    let text = fixture!("variants.txt");
    let mut blocks = 0;
    let mut lines = text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty());
    while let Some(rules_line) = lines.next() {
        let words: Vec<&str> = rules_line.split_whitespace().skip(1).collect();
        let mut next = || lines.next().unwrap().split_whitespace().nth(1).unwrap();
        let regions = words.contains(&"jigsaw").then(&mut next);
        let (puzzle, solution) = (next(), next());
        let (rules, check) = rules_for(&words, regions, Shape::CLASSIC);
        let puzzle: Grid = puzzle.parse().unwrap();
        let known: Grid = solution.parse().unwrap();
        assert!(check.solved(known.cells()), "{words:?}: the fixture's solution is wrong");
        assert!(known.extends(&puzzle), "{words:?}");

        let sudoku = Sudoku::new(rules).unwrap();
        let mut solver = sudoku.solver();
        let (found, uniqueness) = solver.solve_and_check(&puzzle).unwrap();
        assert_eq!(uniqueness, Uniqueness::Unique, "{words:?}");
        let found = found.unwrap();
        assert!(check.solved(found.cells()), "{words:?}");
        assert_eq!(found.cells(), known.cells(), "{words:?}");
        blocks += 1;
    }
    assert_eq!(blocks, 8);
}

#[test]
fn variants_are_not_ignored() {
    // The diagonal fixture's solution breaks the anti-knight rule, so the
    // same puzzle with that rule added is invalid, or has another answer
    // or none.
    let text = fixture!("variants.txt");
    let puzzle: Grid =
        text.lines().find(|l| l.starts_with("puzzle")).unwrap()[9..].parse().unwrap();
    let known: Grid =
        text.lines().find(|l| l.starts_with("solution")).unwrap()[9..].parse().unwrap();
    let (_, anti_knight) = rules_for(&["diagonal", "anti-knight"], None, Shape::CLASSIC);
    assert!(!anti_knight.solved(known.cells()));
    let rules = Rules::classic().with_variant(Variant::Diagonal).with_variant(Variant::AntiKnight);
    let sudoku = Sudoku::new(rules).unwrap();
    let answer = sudoku.solver().solve(&puzzle);
    assert!(!matches!(answer, Ok(Some(ref s)) if *s == known), "{answer:?}");
}

#[test]
fn jigsaw_map_reads_from_a_grid_of_labels() {
    let grid = Regions::parse(fixture!("jigsaw_regions.txt")).unwrap();
    let text = fixture!("variants.txt");
    let line = text.lines().find(|l| l.starts_with("regions")).unwrap();
    assert_eq!(grid, Regions::parse(&line[8..]).unwrap());
    assert_eq!(grid.region(2, 1), grid.region(5, 0));
}

/// Every combination of variants on the empty 4x4 grid, and with one
/// given, counted by the encoder and by brute force.
#[test]
fn four_by_four_counts_agree_with_brute_force() {
    let shape = Shape::new(2, 2).unwrap();
    let names = ["diagonal", "hyper", "anti-king", "anti-knight"];
    let maps = [None, Some("AAAB ACBB CCDB CDDD"), Some("AAAA BBCC BBCC DDDD")];
    let mut solvable = 0;
    for map in maps {
        for mask in 0..16 {
            let mut words: Vec<&str> =
                (0..4).filter(|b| mask >> b & 1 == 1).map(|b| names[b]).collect();
            if map.is_some() {
                words.push("jigsaw");
            }
            let (rules, check) = rules_for(&words, map, shape);
            let sudoku = Sudoku::new(rules).unwrap();
            let mut solver = sudoku.solver();
            for given in [None, Some((0, 1, 3u8)), Some((2, 2, 1))] {
                let mut grid = Grid::new(shape);
                if let Some((r, c, v)) = given {
                    grid.set(r, c, v);
                }
                let expected = u128::from(check.brute_count(grid.cells(), u64::MAX));
                let found = solver.count(&grid, None).unwrap();
                assert_eq!(found, expected, "{words:?} {map:?} {given:?}");
                if given.is_none() && map.is_none() && words == ["diagonal"] {
                    assert_eq!(found, 48); // the known count of 4x4 X sudoku
                }
                solvable += usize::from(found > 0);
                for solution in solver.solutions(&grid).unwrap() {
                    assert!(check.solved(solution.cells()), "{words:?} {map:?}");
                }
            }
        }
    }
    // Not a vacuous agreement on zero.
    assert!(solvable > 20, "{solvable}");
}

#[test]
fn six_by_six_diagonal_agrees_with_brute_force() {
    let shape = Shape::for_size(6).unwrap();
    let (rules, check) = rules_for(&["diagonal", "anti-king"], None, shape);
    let sudoku = Sudoku::new(rules).unwrap();
    let mut grid = Grid::new(shape);
    for (c, v) in [1, 2, 3].into_iter().enumerate() {
        grid.set(0, c, v);
    }
    grid.set(5, 5, 6);
    let expected = u128::from(check.brute_count(grid.cells(), u64::MAX));
    assert_eq!(sudoku.solver().count(&grid, None).unwrap(), expected);
}

#[test]
fn variants_that_do_not_fit_are_errors() {
    let five = Shape::new(1, 5).unwrap();
    let e = Sudoku::new(Rules::new(five).with_variant(Variant::Hyper)).unwrap_err();
    assert_eq!(e.to_string(), "hyper windows need boxes at least 2x2, not 1x5");
    let regions = Regions::parse("AAAB ACBB CCDB CDDD").unwrap();
    let e = Sudoku::new(Rules::classic().with_regions(regions)).unwrap_err();
    assert_eq!(e.to_string(), "the region map is 4x4 but the grid is 9x9");
}

#[test]
fn clashes_under_variant_rules_name_both_cells() {
    let sudoku = Sudoku::new(Rules::classic().with_variant(Variant::AntiKnight)).unwrap();
    let mut grid = Grid::new(Shape::CLASSIC);
    grid.set(0, 0, 7);
    grid.set(2, 1, 7);
    let e = sudoku.solver().solve(&grid).unwrap_err();
    assert_eq!(e.to_string(), "r1c1 and r3c2 both hold 7");
    let sudoku = Sudoku::new(Rules::classic().with_variant(Variant::Diagonal)).unwrap();
    grid.set(2, 1, 0);
    grid.set(8, 8, 7);
    let e = sudoku.solver().check(&grid).unwrap_err();
    assert_eq!(e.to_string(), "r1c1 and r9c9 both hold 7");
}
