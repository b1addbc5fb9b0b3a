//! The searches that take turns with a lone solver's restarts: by houses
//! (with local search from side 49 on) and by clause learning.

use std::time::{Duration, Instant};

use dlx::Stats;

use super::luby;
use super::race::Race;
use crate::encode::Sudoku;
use crate::grid::Grid;
use crate::houses;
use crate::local::Local;
use crate::sat::Sat;

/// Dead ends of a restart of the search by houses, times Luby's sequence.
pub(crate) const HOUSES_UNIT: u64 = 100;

/// The search by houses probes the cells of at most [`PROBE_DOM`] digits
/// at nodes of at most [`PROBE_DEPTH`] decisions
/// ([`houses::Search::set_probing`]).
const PROBE_DOM: u32 = 3;

/// See [`PROBE_DOM`].
const PROBE_DEPTH: usize = 4;

/// The side from which local search races (beside the search by houses,
/// with [`LOCAL_SHARE`] times its time). Below it, the grids it answered
/// in measurements were answered as fast without it, and taking time from
/// the search by houses made some slower.
const LOCAL_FIRST_SIDE: usize = 49;

/// Local search's time for each unit of the search by houses' time.
const LOCAL_SHARE: u32 = 4;

/// Steps of local search between looks at the clock and the race.
const LOCAL_SLICE: u64 = 256;

/// Whether `solution` is a solution of the puzzle `grid` under `sudoku`'s
/// rules: it keeps the givens, and exact cover with every cell given
/// finds it.
fn verified(sudoku: &Sudoku, grid: &Grid, solution: &Grid) -> bool {
    solution.is_complete()
        && solution.extends(grid)
        && sudoku.solver().count(solution, Some(2)).is_ok_and(|count| count == 1)
}

/// The searches that take turns with a solver's restarts.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Turns {
    /// Exact cover under [`dlx::Heuristic::ConflictWeighted`], on a spare engine.
    pub(crate) weighted: bool,
    /// The search by houses ([`crate::houses`]), where the rules allow it.
    pub(crate) houses: bool,
    /// Clause learning ([`crate::sat`]), where the rules allow it and the
    /// crate has it, with as much time as the other searches of its round.
    pub(crate) sat: bool,
}

/// The share of blank cells up to which a grid is dense enough for
/// clause learning to race from the start ([`crate::sat`]): measured, it
/// answers the grids of 50% and 60% blank that the other searches do not,
/// while from 70% on the search by houses and local search answer sooner
/// and the formula grows past a gigabyte on 64x64.
const SAT_MAX_BLANK: f64 = 0.65;

/// Whether `grid` is dense enough for clause learning: at most
/// [`SAT_MAX_BLANK`] of its cells blank.
pub(crate) fn dense(grid: &Grid) -> bool {
    let cells = grid.cells().len();
    ((cells - grid.num_givens()) as f64) <= SAT_MAX_BLANK * cells as f64
}

/// Clause learning taking turns with a lone solver's restarts: the formula
/// is built at its first turn, so that a puzzle answered before never pays
/// for it, and kept with what it learned from turn to turn.
pub(super) struct SatTurns<'r> {
    wanted: bool,
    /// The seed of its numbering of the variables.
    seed: u64,
    sat: Option<Sat<'r>>,
}

impl<'r> SatTurns<'r> {
    /// Turns if `wanted`, the variables numbered by `seed` (see
    /// [`Sat::new`]).
    pub(super) fn new(wanted: bool, seed: u64) -> SatTurns<'r> {
        SatTurns { wanted, seed, sat: None }
    }

    /// A turn as long as `others`, the time of the other searches' turns
    /// in this round.
    pub(super) fn turn(&mut self, sudoku: &Sudoku, grid: &Grid, race: &'r Race, others: Duration) {
        if !self.wanted || race.done() {
            return;
        }
        if self.sat.is_none() {
            self.sat = sudoku.houses().and_then(|model| Sat::new(model, grid, race, self.seed));
            self.wanted = self.sat.is_some();
        }
        if let Some(sat) = self.sat.as_mut() {
            sat.run(race, Some(Instant::now() + others));
        }
    }

    /// Its statistics: the time it took (it counts no nodes).
    pub(super) fn stats(&self) -> Stats {
        let elapsed = self.sat.as_ref().map_or(Duration::ZERO, Sat::elapsed);
        Stats::from_nodes(0, 0, elapsed)
    }
}

/// A search by houses racing one restart at a time: seeded `seed`, `seed +
/// step`, ..., under growing budgets of dead ends, its weights kept from
/// one restart to the next; once a solution is known, each choice steers
/// away from it.
pub(super) struct HouseTurns<'m> {
    sudoku: &'m Sudoku,
    search: houses::Search<'m>,
    /// Local search ([`crate::local`]) on grids of side
    /// [`LOCAL_FIRST_SIDE`] or more under classic rules: after each
    /// restart by houses, it goes on until it has had [`LOCAL_SHARE`]
    /// times the time of the search by houses.
    local: Option<Local>,
    /// Time spent in local search.
    local_elapsed: Duration,
    /// Whether local search has taken up a solution another search found.
    adopted: bool,
    seed: u64,
    step: u64,
    /// Its place in Luby's sequence.
    i: u64,
    /// Time spent in its turns.
    elapsed: Duration,
}

impl<'m> HouseTurns<'m> {
    /// `None` when the rules are not all houses of `n` cells. When
    /// propagating the givens alone shows there is no solution, the race
    /// is settled at once.
    pub(super) fn new(
        sudoku: &'m Sudoku,
        grid: &Grid,
        race: &Race,
        seed: u64,
        step: u64,
    ) -> Option<HouseTurns<'m>> {
        let mut search = houses::Search::new(sudoku.houses()?, seed);
        search.set_probing(PROBE_DOM, PROBE_DEPTH);
        if !search.start(grid) {
            race.finished();
        }
        let local = match sudoku.size() >= LOCAL_FIRST_SIDE {
            true => Local::new(sudoku, grid, seed),
            false => None,
        };
        Some(HouseTurns {
            sudoku,
            search,
            local,
            local_elapsed: Duration::ZERO,
            adopted: false,
            seed,
            step,
            i: 1,
            elapsed: Duration::ZERO,
        })
    }

    /// One restart, unless the race has its answer.
    pub(super) fn turn(&mut self, grid: &Grid, race: &Race) {
        if race.done() {
            return;
        }
        let start = Instant::now();
        self.search.restart(self.seed);
        let avoid = race.first();
        let mut report = |doms: &[u64]| {
            race.add(houses::grid_of(grid, doms));
            !race.done()
        };
        let budget = HOUSES_UNIT * luby(self.i);
        let end = self.search.run(budget, avoid.as_ref(), &|| race.done(), &mut report);
        if end == houses::End::Exhausted {
            race.finished();
        }
        self.seed = self.seed.wrapping_add(self.step);
        self.i += 1;
        self.elapsed += start.elapsed();
        self.local_turn(grid, race);
    }

    /// Local search until it has had [`LOCAL_SHARE`] times the time of the
    /// search by houses; a solution another search found is taken up once.
    fn local_turn(&mut self, grid: &Grid, race: &Race) {
        let Some(local) = self.local.as_mut() else {
            return;
        };
        let start = Instant::now();
        let sudoku = self.sudoku;
        let mut report = |solution: Grid| {
            // Trusted only once the full rules and the givens agree.
            if verified(sudoku, grid, &solution) {
                race.add(solution);
            }
            !race.done()
        };
        let mut going = true;
        if !self.adopted {
            if let Some(first) = race.first() {
                self.adopted = true;
                going = local.adopt(&first);
            }
        }
        while going
            && !race.done()
            && self.local_elapsed + start.elapsed() < self.elapsed * LOCAL_SHARE
        {
            going = local.run(LOCAL_SLICE, &mut report);
        }
        self.local_elapsed += start.elapsed();
        if !going {
            self.local = None;
        }
    }

    /// Its statistics: decisions as nodes, no updates.
    pub(super) fn stats(&self) -> Stats {
        let (nodes, deepest) = self.search.nodes();
        Stats::from_nodes(nodes, deepest, self.elapsed + self.local_elapsed)
    }
}
