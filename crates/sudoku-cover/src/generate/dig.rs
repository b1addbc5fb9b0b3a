//! Taking clues out of a full grid while the puzzle stays unique:
//! [`dig`], and [`is_minimal`], the check that no clue can go.
//!
//! [`dig`] tries each orbit of the symmetry once, in the order given:
//! its cells are blanked, and put back unless the puzzle is still proved
//! unique within the node budget. Taking clues out only ever adds
//! solutions, so an orbit that could not go when it was tried cannot go
//! later either: a pass that tried every orbit with exact answers leaves no
//! orbit that could be removed. With single cells as orbits (no symmetry)
//! that is a minimal puzzle; with larger orbits, single clues may still be
//! removable, which [`is_minimal`] tells.
//!
//! A check that the quick tests leave open runs one search per other
//! value of a blanked cell; the values left open past the engine's budget
//! go to clause learning in [`SAT_GROUPS`] questions, which a [`Checker`]
//! with several threads asks at the same time. Each question's answer is
//! the same on any thread, and the questions do not depend on the number
//! of threads, so the puzzle is the one a single thread makes.

use std::sync::atomic::{AtomicBool, Ordering};

use crate::grid::Grid;
use crate::human::Bits;
use crate::sat;
use crate::solver::SudokuSolver;

use super::fill::Peers;
use super::probe::Probe;

/// The branches the [`Probe`] may take on one question before the engine
/// takes over: on 9x9 nearly every question is answered within them (two
/// or three branches on average), while on 16x16 and larger the questions
/// that need more run long on the probe (it branches on cells only) and
/// are better left to the engine (64 against unlimited: 16x16 1.5 times
/// faster, 25x25 from minutes to seconds).
const PROBE_BRANCHES: u64 = 64;

/// The conflicts clause learning ([`sat::decide`]) may take on a question
/// the engine left open within its node budget, in a dig that must be
/// minimal: on 25x25, one question of 427 runs out.
pub(super) const SAT_CONFLICTS: i32 = 100_000;

/// The conflicts of a question in a dig that need not be minimal
/// ([`Checker::quick`]): `generate --size 25 --seed 1 -j2` takes 0.83 s
/// and keeps 279 clues, where 100,000 take 138 s for 269 (3,000: 2.3 s,
/// 277; 10,000: 57 s, 272).
const QUICK_SAT_CONFLICTS: i32 = 1_000;

/// Into how many questions to clause learning the values of a cell that
/// the engine left open are split, every other value to each: one
/// question for all of them is cheaper than one a value (on 25x25, 137 s
/// against 185 s on one thread), and two of them, side by side, use a
/// second thread (103 s on two, 157 s on one). Fixed, not the number of
/// threads, so that the answers, and the puzzles, are the same on any
/// number of threads (a question may run out of conflicts where its
/// values asked apart would not).
const SAT_GROUPS: usize = 2;

/// After how many checks in a row that clause learning left open a dig
/// that need not be minimal asks it nothing more: from there on the checks
/// that reach it are its hardest (36x36, from about 670 clues of 1,296 on,
/// nearly every one runs out of even [`SAT_CONFLICTS`], 13 s each), and
/// the rest of the dig takes out only the clues that the quick tests and
/// the engine's budget can prove redundant.
pub(super) const SAT_RUN_OUTS: u32 = 3;

/// What answers the dig's questions: the [`Probe`]'s singles first, the
/// exact-cover engine where they do not settle the answer.
pub(super) struct Searches<'s, 'a> {
    /// The engine, under the puzzle's rules.
    pub(super) solver: &'s mut SudokuSolver<'a>,
    /// The probe, under the same rules.
    pub(super) probe: &'s mut Probe,
}

/// The dig's checks on one full grid: the searches, and the threads their
/// clause learning may use (see the module docs).
pub(super) struct Checker<'s, 'a, 'g> {
    search: Searches<'s, 'a>,
    cycles: Cycles,
    /// The puzzle of the engine's searches, a value given.
    grid: Grid,
    threads: usize,
    solution: &'g Grid,
    peers: &'g Peers,
    budget: u64,
    /// The conflicts of one question to clause learning.
    conflicts: i32,
    /// The checks in a row that clause learning left open.
    run_outs: u32,
    /// How many of those end the asking (see [`SAT_RUN_OUTS`]).
    patience: u32,
    /// Asked to stop: the dig and the checks end at once, unanswered.
    halt: &'g dlx::Stop,
    /// Whether the dig must be minimal: once clause learning is given up
    /// ([`gave_up`](Self::gave_up)), the dig ends, its puzzle unprovable.
    minimal: bool,
}

impl<'s, 'a, 'g> Checker<'s, 'a, 'g> {
    /// Checks of puzzles whose one solution is `solution`, by `search`
    /// within `budget` nodes, clause learning on up to `threads` threads,
    /// until `halt` is requested.
    pub(super) fn new(
        search: Searches<'s, 'a>,
        threads: usize,
        solution: &'g Grid,
        peers: &'g Peers,
        budget: u64,
        halt: &'g dlx::Stop,
    ) -> Checker<'s, 'a, 'g> {
        let (cycles, grid) = (Cycles::new(solution), solution.clone());
        let threads = threads.max(1);
        let (conflicts, run_outs, patience) = (SAT_CONFLICTS, 0, u32::MAX);
        Checker {
            search,
            cycles,
            grid,
            threads,
            solution,
            peers,
            budget,
            conflicts,
            run_outs,
            patience,
            halt,
            minimal: false,
        }
    }

    /// Stops asking clause learning after `run_outs` checks in a row that
    /// it left open (by default it never stops).
    pub(super) fn give_up_after(self, run_outs: u32) -> Self {
        Checker { patience: run_outs, ..self }
    }

    /// Checks for a dig that need not be minimal: [`QUICK_SAT_CONFLICTS`]
    /// a question to clause learning, none after [`SAT_RUN_OUTS`] in a row
    /// ran out. A clue whose check runs out stays.
    pub(super) fn quick(self) -> Self {
        Checker { conflicts: QUICK_SAT_CONFLICTS, ..self }.give_up_after(SAT_RUN_OUTS)
    }

    /// Checks for a dig that must be minimal: [`SAT_CONFLICTS`] a
    /// question, and after [`SAT_RUN_OUTS`] in a row ran out the dig ends
    /// ([`Dug::gave_up`]). On 25x25 about one question in 400 runs out; on
    /// 36x36, from about 670 clues of 1,296 on, nearly every one does, and
    /// hundreds of clues are left to check.
    pub(super) fn minimal(self) -> Self {
        Checker { minimal: true, ..self }.give_up_after(SAT_RUN_OUTS)
    }

    /// Whether clause learning is no longer asked: the questions of the
    /// last checks in a row that reached it ran out of conflicts.
    pub(super) fn gave_up(&self) -> bool {
        self.run_outs >= self.patience
    }
}

/// A puzzle dug out of a full grid.
#[derive(Debug)]
pub(super) struct Dug {
    /// The puzzle: the grid with the removed cells blank.
    pub(super) puzzle: Grid,
    /// The number of clues left.
    pub(super) clues: usize,
    /// Whether every orbit was tried and every check answered within the
    /// budget, so that no orbit of clues left can be removed.
    pub(super) settled: bool,
    /// Whether a dig that must be minimal ended because clause learning
    /// was given up ([`Checker::minimal`]).
    pub(super) gave_up: bool,
}

/// Removes orbits of the checker's solution's cells, in order, while the
/// puzzle stays unique (see the module docs), never going below `target`
/// clues and stopping when it is reached, or when the checker's `halt` is
/// requested (the puzzle, unique, is then not settled).
pub(super) fn dig(
    checker: &mut Checker<'_, '_, '_>,
    orbits: &[Vec<usize>],
    target: Option<usize>,
) -> Dug {
    let solution = checker.solution;
    let mut puzzle = solution.clone();
    let mut clues = puzzle.cells().len();
    let mut settled = true;
    let floor = target.unwrap_or(0);
    for orbit in orbits {
        if checker.halt.is_requested() || (checker.minimal && checker.gave_up()) {
            settled = false;
            break;
        }
        if clues == floor {
            // Stopped before trying every orbit.
            settled = false;
            break;
        }
        if clues - orbit.len() < floor {
            settled = false;
            continue;
        }
        for &cell in orbit {
            puzzle.cells_mut()[cell] = 0;
        }
        match another_solution(checker, &mut puzzle, orbit) {
            Some(false) => clues -= orbit.len(),
            answer => {
                settled &= answer.is_some();
                for &cell in orbit {
                    puzzle.cells_mut()[cell] = solution.cells()[cell];
                }
            }
        }
    }
    let gave_up = checker.minimal && checker.gave_up();
    Dug { puzzle, clues, settled, gave_up }
}

/// Whether no single clue of a unique `puzzle` can be blanked with the
/// puzzle staying unique: `Some(false)` when one can, `None` when a check
/// ran out of budget before the answer was known (or `halt` came first).
pub(super) fn is_minimal(checker: &mut Checker<'_, '_, '_>, puzzle: &Grid) -> Option<bool> {
    let mut blanked = puzzle.clone();
    for cell in 0..puzzle.cells().len() {
        let value = puzzle.cells()[cell];
        if value == 0 {
            continue;
        }
        if checker.halt.is_requested() {
            return None;
        }
        blanked.cells_mut()[cell] = 0;
        let another = another_solution(checker, &mut blanked, &[cell])?;
        blanked.cells_mut()[cell] = value;
        if !another {
            return Some(false);
        }
    }
    Some(true)
}

/// Whether `puzzle`, whose cells in `blanked` were just blanked from a
/// puzzle whose only solution is the checker's, has a solution besides
/// it; `None` when a search ran out of budget before the answer was known.
///
/// Any other solution differs from the checker's in a blanked cell
/// (elsewhere it is the unique puzzle's). A blanked cell whose value a
/// single forces (its peers leave it no other, or no other cell of one of
/// its houses can take it) cannot differ: most cells early in a dig need
/// nothing more. A second solution is often at hand as a swap of two
/// values along a cycle of blank cells ([`Cycles::another`]). Then the
/// [`Probe`] tries each blanked cell with its own value taken out: naked
/// and hidden singles alone most often end in a contradiction (no other
/// solution there) or a full grid (another solution). Where they do not,
/// the engine searches, one search per other value the cell's peers leave
/// it, each with that value given ([`other_values`]): a second solution is
/// found at once where counting to two can wander a long way first (on
/// 16x16, about five times faster), and proving none costs about as much.
fn another_solution(
    checker: &mut Checker<'_, '_, '_>,
    puzzle: &mut Grid,
    blanked: &[usize],
) -> Option<bool> {
    let (solution, peers) = (checker.solution, checker.peers);
    let own = |cell: usize| solution.cells()[cell];
    let settled = |cell: usize| {
        peers.candidates(puzzle.cells(), cell) == 1 << (own(cell) - 1)
            || peers.only_place(puzzle.cells(), cell, own(cell))
    };
    if blanked.iter().all(|&cell| settled(cell)) {
        return Some(false);
    }
    let cycles = &mut checker.cycles;
    if blanked.iter().any(|&cell| cycles.another(peers, puzzle.cells(), solution.cells(), cell)) {
        return Some(true);
    }
    checker.search.probe.load(puzzle.cells());
    let mut unknown = false;
    for &cell in blanked {
        match checker.search.probe.other_than(cell, own(cell), PROBE_BRANCHES) {
            Some(true) => return Some(true),
            Some(false) => continue,
            None => {}
        }
        let others = peers.candidates(puzzle.cells(), cell) & !(1 << (own(cell) - 1));
        match other_values(checker, puzzle, cell, others) {
            Some(true) => return Some(true),
            Some(false) => {}
            None => unknown = true,
        }
    }
    (!unknown).then_some(false)
}

/// Whether `puzzle` has a solution with one of the values of `others`
/// (bit `v - 1` for value `v`) in `cell`: one search per value by the
/// engine, and for those past its budget [`SAT_GROUPS`] questions to
/// clause learning, the cell restricted to some of those values in each,
/// side by side on the checker's threads (each takes from milliseconds to
/// seconds, where most of the engine's take microseconds). `None` when no
/// search found one and one ran out of budget.
fn other_values(
    checker: &mut Checker<'_, '_, '_>,
    puzzle: &Grid,
    cell: usize,
    others: u64,
) -> Option<bool> {
    let Checker { search, grid, budget, threads, conflicts, run_outs, patience, halt, .. } =
        checker;
    let (mut hard, mut unknown) = (0u64, false);
    for value in Bits(others).map(|v| v as u8 + 1) {
        grid.cells_mut().copy_from_slice(puzzle.cells());
        grid.cells_mut()[cell] = value;
        match search.solver.has_solution_within(grid, *budget) {
            Ok(Some(true)) => return Some(true),
            Ok(Some(false)) => {}
            Ok(None) => hard |= 1 << (value - 1),
            Err(_) => unknown = true,
        }
    }
    if hard == 0 {
        return (!unknown).then_some(false);
    }
    // Past the engine's budget: clause learning, where built. A solution
    // found by one question settles the check: the others stop (their
    // answers no longer matter).
    let model = search.solver.sudoku().houses()?;
    if *run_outs >= *patience {
        return None;
    }
    let k = SAT_GROUPS.min(hard.count_ones() as usize);
    let mut groups = vec![0; k];
    for (i, d) in Bits(hard).enumerate() {
        groups[i % k] |= 1 << d;
    }
    let (found, mut open) = (AtomicBool::new(false), false);
    let decide = |digits: &u64| {
        let stops = [&found, &**halt.flag()];
        let answer = sat::decide(model, puzzle, &[(cell, *digits)], *conflicts, &stops);
        if answer == Some(true) {
            found.store(true, Ordering::Relaxed);
        }
        answer
    };
    for round in groups.chunks(*threads) {
        let answers: Vec<Option<bool>> = match round {
            [digits] => vec![decide(digits)],
            _ => std::thread::scope(|scope| {
                let handles: Vec<_> =
                    round[1..].iter().map(|digits| scope.spawn(|| decide(digits))).collect();
                let mut answers = vec![decide(&round[0])];
                for handle in handles {
                    answers.push(handle.join().unwrap_or_else(|e| std::panic::resume_unwind(e)));
                }
                answers
            }),
        };
        if answers.contains(&Some(true)) {
            *run_outs = 0;
            return Some(true);
        }
        open |= answers.contains(&None);
    }
    *run_outs = if open { *run_outs + 1 } else { 0 };
    unknown |= open;
    (!unknown).then_some(false)
}

/// Where each value is in each row and column of a full grid, to follow
/// the cycles of two values (see [`Cycles::another`]).
struct Cycles {
    n: usize,
    /// `in_row[r * n + v - 1]`: the column of value `v` in row `r`.
    in_row: Vec<usize>,
    /// `in_col[c * n + v - 1]`: the row of value `v` in column `c`.
    in_col: Vec<usize>,
    /// The new value of each cell of the cycle being tried, 0 elsewhere.
    swapped: Vec<u8>,
    cycle: Vec<usize>,
}

impl Cycles {
    fn new(solution: &Grid) -> Cycles {
        let n = solution.size();
        let (mut in_row, mut in_col) = (vec![0; n * n], vec![0; n * n]);
        for (i, &v) in solution.cells().iter().enumerate() {
            let (r, c, v) = (i / n, i % n, usize::from(v) - 1);
            in_row[r * n + v] = c;
            in_col[c * n + v] = r;
        }
        Cycles { n, in_row, in_col, swapped: vec![0; n * n], cycle: Vec::new() }
    }

    /// Whether a second solution of `puzzle` is at hand without a search:
    /// the solution with two values swapped along a cycle through `cell`
    /// (from `cell`'s value `a` to the `b` in its row, to the `a` in that
    /// one's column, and so on back to `cell`), every cell of it blank, if
    /// the swap keeps every rule. Rows and columns keep their values
    /// whatever the cycle; boxes, regions and variants are checked against
    /// every peer. On 9x9 this finds most of the second solutions that
    /// searches would (the generator makes a fifth fewer instructions).
    fn another(&mut self, peers: &Peers, puzzle: &[u8], solution: &[u8], cell: usize) -> bool {
        let n = self.n;
        let a = solution[cell];
        (1..=n as u8).filter(|&b| b != a).any(|b| {
            self.cycle.clear();
            let mut at = cell;
            loop {
                let partner = (at / n) * n + self.in_row[(at / n) * n + usize::from(b) - 1];
                if puzzle[at] != 0 || puzzle[partner] != 0 {
                    return false;
                }
                self.cycle.extend([at, partner]);
                at = self.in_col[(partner % n) * n + usize::from(a) - 1] * n + partner % n;
                if at == cell {
                    break;
                }
            }
            for &q in &self.cycle {
                self.swapped[q] = if solution[q] == a { b } else { a };
            }
            let value = |p: usize| match self.swapped[p] {
                0 => solution[p],
                v => v,
            };
            let keeps = self.cycle.iter().all(|&q| {
                let t = self.swapped[q];
                peers.peers[q].iter().all(|&p| value(usize::from(p)) != t)
            });
            for &q in &self.cycle {
                self.swapped[q] = 0;
            }
            keeps
        })
    }
}
