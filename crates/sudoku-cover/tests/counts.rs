//! Solution counts against known values.

use sudoku_cover::{Grid, Rules, Shape, Sudoku, Uniqueness};

use crate::util::{Check, pattern_grid};

fn count(shape: Shape, grid: &Grid, limit: Option<u128>) -> u128 {
    let sudoku = Sudoku::new(Rules::new(shape)).unwrap();
    sudoku.solver().count(grid, limit).unwrap()
}

#[test]
fn empty_four_by_four_has_288() {
    let shape = Shape::new(2, 2).unwrap();
    assert_eq!(count(shape, &Grid::new(shape), None), 288);
}

/// 28,200,960 = 720 · 39,168: fixing the first row to 1..6 leaves 39,168
/// grids, and each of the 720 relabelings of the symbols gives as many.
#[test]
fn six_by_six_with_first_row_fixed_has_39168() {
    let shape = Shape::for_size(6).unwrap();
    let mut grid = Grid::new(shape);
    for c in 0..6 {
        grid.set(0, c, c as u8 + 1);
    }
    assert_eq!(count(shape, &grid, None), 39_168);
    assert_eq!(39_168 * 720, 28_200_960);
}

/// The whole count: about 12 seconds in the test build (the engine is
/// built optimized even there).
#[test]
fn empty_six_by_six_has_28200960() {
    let shape = Shape::new(2, 3).unwrap();
    assert_eq!(count(shape, &Grid::new(shape), None), 28_200_960);
}

/// 3x2 boxes are the 2x3 grid transposed: the same number of grids.
#[test]
fn three_by_two_boxes_count_the_same() {
    let shape = Shape::new(3, 2).unwrap();
    let mut grid = Grid::new(shape);
    for c in 0..6 {
        grid.set(c, 0, c as u8 + 1);
    }
    assert_eq!(count(shape, &grid, None), 39_168);
}

#[test]
fn counts_agree_with_brute_force_on_four_by_four() {
    let shape = Shape::new(2, 2).unwrap();
    let check = Check::classic(2, 2);
    let sudoku = Sudoku::new(Rules::new(shape)).unwrap();
    let mut solver = sudoku.solver();
    // Every placement of two givens in the first row and column.
    for (a, b) in [(1u8, 2u8), (1, 1), (2, 3), (4, 4)] {
        for cell in 1..16 {
            let mut grid = Grid::new(shape);
            grid.set(0, 0, a);
            grid.set(cell / 4, cell % 4, b);
            let expected = check.brute_count(grid.cells(), u64::MAX) as u128;
            match solver.count(&grid, None) {
                Ok(n) => assert_eq!(n, expected, "{grid}"),
                Err(_) => assert!(!check.consistent(grid.cells()), "{grid}"),
            }
        }
    }
}

#[test]
fn count_up_to_and_check() {
    let shape = Shape::new(2, 2).unwrap();
    let sudoku = Sudoku::new(Rules::new(shape)).unwrap();
    let mut solver = sudoku.solver();
    let empty = Grid::new(shape);
    assert_eq!(solver.count(&empty, Some(100)).unwrap(), 100);
    assert_eq!(solver.count(&empty, Some(1000)).unwrap(), 288);
    assert_eq!(solver.check(&empty).unwrap(), Uniqueness::Multiple);
    let full: Grid = "1234341221434321".parse().unwrap();
    assert_eq!(solver.check(&full).unwrap(), Uniqueness::Unique);
    let mut one_blank = full.clone();
    one_blank.set(3, 3, 0);
    assert_eq!(solver.solve(&one_blank).unwrap(), Some(full));
}

#[test]
fn solutions_are_lazy_and_distinct() {
    let shape = Shape::new(2, 2).unwrap();
    let sudoku = Sudoku::new(Rules::new(shape)).unwrap();
    let mut solver = sudoku.solver();
    let check = Check::classic(2, 2);
    let empty = Grid::new(shape);
    let first: Vec<Grid> = solver.solutions(&empty).unwrap().take(5).collect();
    assert_eq!(first.len(), 5);
    let mut all: Vec<Grid> = solver.solutions(&empty).unwrap().collect();
    assert!(all.iter().all(|g| check.solved(g.cells())));
    all.sort_by(|a, b| a.cells().cmp(b.cells()));
    all.dedup();
    assert_eq!(all.len(), 288);
}

#[test]
fn larger_shapes_solve_from_empty() {
    for (r, c) in [(2, 4), (2, 5), (3, 4), (4, 4), (5, 5), (1, 5)] {
        let shape = Shape::new(r, c).unwrap();
        let sudoku = Sudoku::new(Rules::new(shape)).unwrap();
        let solution = sudoku.solver().solve(&Grid::new(shape)).unwrap().expect("a grid");
        let check = if r == 1 { Check::lines(c) } else { Check::classic(r, c) };
        assert!(check.solved(solution.cells()), "{r}x{c}");
    }
}

/// The empty 64x64 grid sends plain dancing links on a long hunt, so this
/// starts from a full grid with a quarter of its cells blanked.
#[test]
fn sixty_four_by_sixty_four() {
    let shape = Shape::new(8, 8).unwrap();
    let mut cells = pattern_grid(8, 8);
    let mut seed = 12345u32;
    for cell in cells.iter_mut() {
        seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
        if (seed >> 16) % 4 == 0 {
            *cell = 0;
        }
    }
    let puzzle = Grid::from_cells(shape, cells).unwrap();
    assert!((900..1200).contains(&(4096 - puzzle.num_givens())), "{}", puzzle.num_givens());
    let sudoku = Sudoku::new(Rules::new(shape)).unwrap();
    let solution = sudoku.solver().solve(&puzzle).unwrap().expect("a grid");
    assert!(Check::classic(8, 8).solved(solution.cells()));
    assert!(solution.extends(&puzzle));
}

/// Under dominance (the solver's default), a path of branch indices must
/// replay to the node it came from, or parallel tasks would search other
/// trees: parallel counts, and node counts, equal the sequential ones. The
/// puzzles are 17-clue ones with their last given taken away, which
/// dominance prunes at the top of the tree.
#[test]
fn parallel_search_agrees_under_dominance() {
    let sudoku = Sudoku::new(Rules::classic()).unwrap();
    let dominance = dlx::Config::new().propagation(dlx::Propagation::Dominance);
    let file = std::fs::File::open(crate::util::data_dir().join("17_clue.txt")).unwrap();
    let mut pruned = 0;
    for puzzle in sudoku_cover::PuzzleReader::new(std::io::BufReader::new(file)).take(8) {
        let mut grid = puzzle.unwrap().grid;
        let (r, c, _) = grid.givens().last().unwrap();
        grid.set(r, c, 0);
        let mut solver = sudoku.solver_with_config(dominance);
        let count = solver.count(&grid, None).unwrap();
        let nodes = solver.last_stats().nodes();
        let mut plain = sudoku.solver_with_config(dlx::Config::new());
        assert_eq!(plain.count(&grid, None).unwrap(), count);
        pruned += usize::from(plain.last_stats().nodes() != nodes);
        let givens: Vec<dlx::OptionId> =
            grid.givens().map(|(r, c, v)| sudoku.option(r, c, v).unwrap()).collect();
        for threads in [2, 3] {
            let outcome = dlx::Parallel::new(sudoku.problem())
                .threads(threads)
                .granularity(1)
                .config(dominance)
                .force(&givens)
                .count()
                .unwrap();
            assert_eq!(outcome.solutions, count);
            assert_eq!(outcome.stats.nodes(), nodes, "every node counted once");
        }
    }
    assert!(pruned > 0, "dominance changed no tree: the test tests nothing");
}

/// The bit-sliced engine makes two listed forced moves at once where the
/// node budget has room for both; a search run one node at a time never
/// has, so it takes them one by one. Both ways must visit the same nodes
/// and find the same solutions, in the same order (hard puzzles, many
/// dead ends among the forced moves).
#[test]
fn forced_moves_in_pairs_visit_the_same_nodes() {
    let sudoku = Sudoku::new(Rules::classic()).unwrap();
    let file = std::fs::File::open(crate::util::data_dir().join("forum_hardest_1106.txt")).unwrap();
    for puzzle in sudoku_cover::PuzzleReader::new(std::io::BufReader::new(file)).take(20) {
        let grid = puzzle.unwrap().grid;
        let givens: Vec<dlx::OptionId> =
            grid.givens().map(|(r, c, v)| sudoku.option(r, c, v).unwrap()).collect();
        let search = |step: u64| {
            let mut solver = dlx::Solver::with_config(sudoku.problem(), Sudoku::config());
            solver.choose_all(&givens).unwrap();
            let mut solutions = Vec::new();
            loop {
                match solver.run(step) {
                    dlx::Status::Solution => {
                        let mut s = solver.solution().to_vec();
                        s.sort();
                        solutions.push(s);
                    }
                    dlx::Status::Paused => {}
                    _ => break,
                }
            }
            (solutions, solver.stats().nodes())
        };
        let (whole, one_by_one) = (search(u64::MAX), search(1));
        assert!(!whole.0.is_empty());
        assert_eq!(whole, one_by_one);
    }
}
