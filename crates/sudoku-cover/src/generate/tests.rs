//! Unit tests of the generator's decisions; the puzzles themselves are
//! checked by an independent solver in `tests/generate.rs`.

use super::*;
use crate::{Shape, Uniqueness, Variant};

fn four() -> Rules {
    Rules::new(Shape::for_size(4).unwrap())
}

#[test]
fn puzzles_are_unique_and_extend_to_their_solution() {
    let generator = Generator::new(Rules::classic()).unwrap();
    let sudoku = generator.sudoku().unwrap();
    let mut solver = sudoku.solver();
    for index in 0..5 {
        let made = generator.generate(1, index).unwrap();
        assert!(made.solution.is_complete());
        assert!(made.solution.extends(&made.puzzle));
        assert_eq!(solver.check(&made.puzzle).unwrap(), Uniqueness::Unique);
        assert_eq!(made.origin, Some((1, index)));
        assert!(made.regions.is_none());
    }
}

#[test]
fn the_same_seed_and_index_give_the_same_puzzle() {
    let generator = Generator::new(four()).unwrap().symmetry(Symmetry::Rot90);
    assert_eq!(generator.generate(9, 3).unwrap(), generator.generate(9, 3).unwrap());
    let others: Vec<Grid> = (0..8).map(|i| generator.generate(9, i).unwrap().puzzle).collect();
    assert!(others.iter().any(|p| *p != others[0]), "eight puzzles, all the same");
}

#[test]
fn a_clue_count_is_met_or_named() {
    let generator = Generator::new(Rules::classic()).unwrap().clues(Some(30));
    assert_eq!(generator.generate(5, 0).unwrap().clues(), 30);
    let e = Generator::new(four()).unwrap().clues(Some(17)).generate(5, 0).unwrap_err();
    assert_eq!(e, GenerateError::TooManyClues { clues: 17, cells: 16 });
    // No 4x4 puzzle has 3 clues (4 at least are needed).
    let e = Generator::new(four()).unwrap().clues(Some(3)).tries(5).generate(5, 0).unwrap_err();
    let GenerateError::GaveUp { tries: 5, reason: Shortfall::Clues { target: 3, fewest } } = e
    else {
        panic!("{e:?}")
    };
    assert!(fewest >= 4);
    assert!(e.to_string().starts_with("could not come down to 3 clues in 5 tries"), "{e}");
}

#[test]
fn clue_counts_out_of_the_symmetry_reach_are_named() {
    let generator = Generator::new(Rules::classic()).unwrap().symmetry(Symmetry::Rot90);
    let e = generator.clone().clues(Some(34)).generate(1, 0).unwrap_err();
    assert_eq!(e, GenerateError::UnreachableClues { clues: 34, symmetry: Symmetry::Rot90 });
    assert!(e.to_string().starts_with("no puzzle with rot90 symmetry has 34 clues"), "{e}");
    // 33 = 8 fours and the centre.
    assert_eq!(generator.clues(Some(33)).generate(1, 0).unwrap().clues(), 33);
    // A 4x4 grid has no centre cell.
    let generator = Generator::new(four()).unwrap().symmetry(Symmetry::Rot180).clues(Some(7));
    assert!(matches!(generator.generate(1, 0), Err(GenerateError::UnreachableClues { .. })));
}

#[test]
fn rules_without_a_grid_are_named() {
    // No 4x4 grid keeps both anti-king and anti-knight rules.
    let rules = four().with_variant(Variant::AntiKing).with_variant(Variant::AntiKnight);
    assert_eq!(Generator::new(rules).unwrap().generate(1, 0), Err(GenerateError::NoGrid));
}

#[test]
fn rules_that_do_not_compile_are_an_error() {
    let rules = Rules::new(Shape::new(1, 5).unwrap()).with_variant(Variant::Hyper);
    assert!(matches!(Generator::new(rules), Err(GenerateError::Rules(_))));
}

#[test]
fn random_regions_come_with_the_puzzle() {
    let generator = Generator::new(Rules::new(Shape::new(2, 3).unwrap())).unwrap().random_regions();
    assert!(generator.sudoku().is_none());
    let made = generator.generate(4, 0).unwrap();
    let regions = made.regions.clone().unwrap();
    let line = made.to_line(&Alphabet::default_for(6));
    let (puzzle, map) = line.split_once(' ').unwrap();
    assert_eq!(puzzle, made.puzzle.to_line(&Alphabet::default_for(6)));
    assert_eq!(Regions::parse(map).unwrap(), regions);
    let sudoku = Sudoku::new(Rules::jigsaw(regions)).unwrap();
    assert_eq!(sudoku.solver().check(&made.puzzle).unwrap(), Uniqueness::Unique);
}

#[test]
fn a_tiny_budget_still_gives_unique_puzzles_or_an_error() {
    let generator = Generator::new(Rules::classic()).unwrap().node_budget(30).tries(3);
    match generator.generate(2, 0) {
        Ok(made) => {
            let sudoku = generator.sudoku().unwrap();
            assert_eq!(sudoku.solver().check(&made.puzzle).unwrap(), Uniqueness::Unique);
        }
        Err(e) => assert!(matches!(e, GenerateError::GaveUp { reason: Shortfall::Grid, .. })),
    }
}

#[test]
fn grids_the_engine_gives_up_on_are_filled_by_the_search_by_houses() {
    // Within one node the engine fills no grid; the search by houses does.
    let sixteen = Rules::new(Shape::for_size(16).unwrap());
    for rules in [Rules::classic(), sixteen, Rules::classic().with_variant(Variant::Diagonal)] {
        let compiled = Compiled::new(rules.clone()).unwrap();
        let mut solver = compiled.sudoku.solver();
        let mut grids = Vec::new();
        for seed in 0..4 {
            let mut rng = Rng::new(seed);
            let size = rules.size();
            let fill = fill::random_solution(
                &mut solver,
                &compiled.peers,
                &mut rng,
                size,
                1,
                None,
                &dlx::Stop::new(),
            );
            let Fill::Grid(grid) = fill else { panic!("{rules:?}: {fill:?}") };
            // A full grid that keeps the rules is its own unique solution.
            assert_eq!(solver.check(&grid).unwrap(), Uniqueness::Unique, "{rules:?}");
            grids.push(grid);
        }
        assert!(grids.iter().any(|g| *g != grids[0]), "{rules:?}: four grids, all the same");
        let Fill::Grid(first) = fill::first_grid(&mut solver, 1) else { panic!("{rules:?}") };
        assert_eq!(solver.check(&first).unwrap(), Uniqueness::Unique, "{rules:?}");
    }
}

/// Digs one full grid of 16x16 with every check past the engine's first
/// node going to clause learning, giving up on it after `run_outs` in a row
/// if given; a dig that must be `minimal` then ends.
#[cfg(feature = "sat")]
fn dig_sixteen(seed: u64, run_outs: Option<u32>, minimal: bool) -> (dig::Dug, Grid) {
    let compiled = Compiled::new(Rules::new(Shape::for_size(16).unwrap())).unwrap();
    let mut solver = compiled.sudoku.solver();
    let mut rng = Rng::new(seed);
    let Fill::Grid(solution) = fill::random_solution(
        &mut solver,
        &compiled.peers,
        &mut rng,
        16,
        1,
        None,
        &dlx::Stop::new(),
    ) else {
        panic!("no grid")
    };
    let mut orbits = Symmetry::None.orbits(16);
    rng.shuffle(&mut orbits);
    let mut probe = compiled.probe.clone();
    let search = dig::Searches { solver: &mut solver, probe: &mut probe };
    let halt = dlx::Stop::new();
    let mut checker = dig::Checker::new(search, 1, &solution, &compiled.peers, 1, &halt);
    if minimal {
        checker = checker.minimal();
    }
    if let Some(run_outs) = run_outs {
        checker = checker.give_up_after(run_outs);
    }
    (dig::dig(&mut checker, &orbits, None), solution)
}

#[cfg(feature = "sat")]
#[test]
fn a_dig_that_gives_up_on_clause_learning_keeps_more_clues_and_stays_unique() {
    // A grid (seed 4) where clause learning takes out five clues more.
    let (all, solution) = dig_sixteen(4, None, false);
    let (none, same) = dig_sixteen(4, Some(0), false);
    assert_eq!(solution, same);
    let sudoku = Sudoku::new(Rules::new(Shape::for_size(16).unwrap())).unwrap();
    for dug in [&all, &none] {
        assert_eq!(sudoku.solver().check(&dug.puzzle).unwrap(), Uniqueness::Unique);
        assert!(solution.extends(&dug.puzzle));
    }
    // Every check answered in the first; in the second, those that needed
    // clause learning left their clue in.
    assert!(all.settled && !none.settled);
    assert!(none.clues > all.clues, "{} clues, {} without giving up", none.clues, all.clues);
}

#[cfg(feature = "sat")]
#[test]
fn a_minimal_dig_ends_when_clause_learning_is_given_up() {
    // On 16x16 no question runs out of conflicts: the dig that must be
    // minimal is the one that never gives up.
    let (all, solution) = dig_sixteen(4, None, false);
    let (minimal, _) = dig_sixteen(4, None, true);
    assert_eq!((minimal.puzzle, minimal.settled, minimal.gave_up), (all.puzzle, true, false));
    // Given up from the start: the dig that need not be minimal goes on
    // with the engine's answers, the minimal one ends at once.
    let (quick, _) = dig_sixteen(4, Some(0), false);
    let (ended, _) = dig_sixteen(4, Some(0), true);
    assert!(!quick.gave_up && quick.clues < 256);
    assert!(ended.gave_up && !ended.settled);
    assert_eq!(ended.puzzle, solution);
}

#[test]
fn a_stop_requested_while_a_big_puzzle_is_dug_gives_it_up() {
    let stop = dlx::Stop::new();
    let rules = Rules::new(Shape::new(6, 6).unwrap());
    let generator = Generator::new(rules).unwrap().threads(2).stop_on(stop.clone());
    let made = std::thread::scope(|scope| {
        let making = scope.spawn(|| generator.generate(1, 0));
        std::thread::sleep(std::time::Duration::from_millis(100));
        stop.request();
        making.join().unwrap()
    });
    assert_eq!(made, Err(GenerateError::Stopped));
}
