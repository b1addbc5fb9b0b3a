//! [`Sudoku`]: rules compiled into an exact-cover [`Problem`].
//!
//! See [`Sudoku`] for the encoding.

use std::sync::OnceLock;

use dlx::{ItemId, OptionId, Problem, ProblemBuilder};

use crate::error::{Error, ErrorKind};
use crate::grid::Grid;
use crate::houses::Model;
use crate::rules::Rules;
use crate::solver::SudokuSolver;

/// Rules compiled into a [`dlx::Problem`]; build once, solve many puzzles.
///
/// # The encoding
///
/// The classic one. Items:
///
/// - one primary item per cell (`p3,7`: the cell is filled);
/// - one primary item per house and symbol (`r3#5`: row 3 holds a 5; `c`
///   for columns, `b` boxes, `j` jigsaw regions, `d` diagonals, `w` hyper
///   windows), so `4·n²` for the classic rules;
/// - one secondary item per exclusion and symbol (`x12#5`: the two cells of
///   exclusion 12 do not both hold 5), covered at most once.
///
/// Options: one per cell and symbol, numbered `cell·n + symbol − 1`, which
/// covers the cell, the symbol in each house of the cell, and the symbol
/// in each exclusion of the cell.
///
/// The problem is built once per [`Rules`]; a puzzle's givens are forced
/// into the search with [`dlx::Solver::choose`], which removes every option
/// they clash with before the search starts. The engine never rediscovers
/// what the givens settle, and solving a puzzle allocates nothing.
///
/// Of the items' orders tried (cells first, as here and in Knuth's
/// programs; cells last; boxes first), cells first visits the fewest
/// search-tree nodes on hard puzzles, and as few as any on easy ones.
///
/// ```
/// use sudoku_cover::{Rules, Sudoku};
///
/// let sudoku = Sudoku::new(Rules::classic())?;
/// assert_eq!(sudoku.problem().num_primary(), 324);
/// assert_eq!(sudoku.problem().num_options(), 729);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct Sudoku {
    rules: Rules,
    problem: Problem,
    n: usize,
    /// `⌈2³² / n⌉`: an option's cell is `(option · recip) >> 32`, exact for
    /// every option (fewer than 2¹⁸ of them, `n` at most 64), and cheaper
    /// than a division on the path of every solution decoded.
    recip: u64,
    /// The candidates a puzzle given as pencil marks left (see
    /// [`with_candidates`](Self::with_candidates)).
    marks: Option<Vec<u64>>,
    /// The same rules for the search by houses, compiled the first time a
    /// big grid asks (`None` inside when a house does not hold every digit).
    houses: OnceLock<Option<Model>>,
}

impl Sudoku {
    /// Compiles the rules. Fails if jigsaw regions do not fit the side or
    /// a variant does not fit the shape.
    pub fn new(rules: Rules) -> Result<Sudoku, Error> {
        Sudoku::build(rules, None)
    }

    /// The same rules with some candidates ruled out, for a puzzle given as
    /// pencil marks: `marks[cell]` has bit `d - 1` set where digit `d` is
    /// still possible. Every option keeps its number (one ruled out covers
    /// no primary item, so the search never takes it), so
    /// [`decode`](Self::decode) and [`option`](Self::option) work alike.
    /// Fails as [`new`](Self::new) does, or if there are not `n²` marks.
    ///
    /// ```
    /// use sudoku_cover::{Grid, Rules, Shape, Sudoku};
    ///
    /// let sudoku = Sudoku::new(Rules::new(Shape::for_size(4).unwrap()))?;
    /// let empty = Grid::new(Shape::for_size(4).unwrap());
    /// assert_eq!(sudoku.solver().count(&empty, None)?, 288);
    /// let mut marks = vec![0b1111; 16];
    /// marks[0] = 0b0011; // r1c1 is 1 or 2
    /// let fewer = sudoku.with_candidates(&marks)?;
    /// assert_eq!(fewer.solver().count(&empty, None)?, 144);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_candidates(&self, marks: &[u64]) -> Result<Sudoku, Error> {
        let cells = self.n * self.n;
        if marks.len() != cells {
            return Err(ErrorKind::CellCount { expected: cells, found: marks.len() }.into());
        }
        Sudoku::build(self.rules.clone(), Some(marks))
    }

    /// Compiles the rules; with `marks`, the options of ruled-out
    /// candidates cover only a secondary item of their own.
    fn build(rules: Rules, marks: Option<&[u64]>) -> Result<Sudoku, Error> {
        let n = rules.size();
        let constraints = rules.constraints()?;
        let mut b = ProblemBuilder::new();
        // Names are written into one buffer (`p1,1`, `r1#1`, `x1#1`, ...).
        let mut name = String::new();
        let cell_items: Vec<ItemId> = (0..n * n)
            .map(|i| {
                name.clear();
                name.push('p');
                push_number(&mut name, i / n + 1);
                name.push(',');
                push_number(&mut name, i % n + 1);
                b.add_primary(&name)
            })
            .collect();

        // For each cell, the first item of each (house or exclusion, symbol)
        // block it takes part in; symbol s adds s - 1.
        let mut per_cell: Vec<Vec<ItemId>> = vec![Vec::new(); n * n];
        let mut counts = [0usize; 128];
        for house in &constraints.houses {
            let k = &mut counts[house.tag as usize & 127];
            *k += 1;
            name.clear();
            name.push(house.tag);
            push_number(&mut name, *k);
            let first = add_block(&mut b, n, &mut name, true);
            for &cell in &house.cells {
                per_cell[cell].push(first);
            }
        }
        for (k, &(x, y)) in constraints.exclusions.iter().enumerate() {
            name.clear();
            name.push('x');
            push_number(&mut name, k + 1);
            let first = add_block(&mut b, n, &mut name, false);
            per_cell[x].push(first);
            per_cell[y].push(first);
        }

        let ruled_out = marks.map(|_| b.add_secondary("ruled-out"));
        let mut entries = Vec::new();
        for (cell, blocks) in per_cell.iter().enumerate() {
            for s in 0..n {
                entries.clear();
                match (marks, ruled_out) {
                    (Some(marks), Some(item)) if marks[cell] >> s & 1 == 0 => entries.push(item),
                    _ => {
                        entries.push(cell_items[cell]);
                        entries.extend(blocks.iter().map(|first| ItemId::new(first.index() + s)));
                    }
                }
                b.add_option(entries.iter().copied());
            }
        }
        let problem = b.build().map_err(|e| Error::new(ErrorKind::Engine(e)))?;
        let recip = (1_u64 << 32).div_ceil(n as u64);
        let (marks, houses) = (marks.map(<[u64]>::to_vec), OnceLock::new());
        Ok(Sudoku { rules, problem, n, recip, marks, houses })
    }

    /// The rules.
    #[inline]
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The side.
    #[inline]
    pub fn size(&self) -> usize {
        self.n
    }

    /// The rules as houses of cells, for the search by houses; `None`
    /// when a house does not hold every digit.
    pub(crate) fn houses(&self) -> Option<&Model> {
        self.houses
            .get_or_init(|| {
                let constraints = self.rules.constraints().ok()?;
                Model::new(self.n, &constraints, self.marks.as_deref())
            })
            .as_ref()
    }

    /// The exact-cover problem.
    #[inline]
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// A solver for puzzles under these rules, with the engine settings of
    /// [`config`](Self::config). Keep it and reuse it: it holds the
    /// engine's working copy of the problem.
    pub fn solver(&self) -> SudokuSolver<'_> {
        SudokuSolver::new(self, Sudoku::config())
    }

    /// The engine settings [`solver`](Self::solver) uses, for a
    /// [`dlx::Solver`] or [`dlx::Parallel`] of your own:
    /// [`dlx::Propagation::Dominance`] and
    /// [`dlx::Heuristic::MinimumRemainingMostRemoved`]. Before its first
    /// guess the search removes the candidates that locked candidates rule
    /// out (a digit's two cells left in a box share a row, say); at each
    /// guess, of the first few cells or house-digits tied for fewest
    /// candidates, it takes the one whose candidates rule out the most. In
    /// the benchmarks, against plain Algorithm X: 17-clue puzzles are solved
    /// and proved unique about 20% faster and magictour ones about 60%
    /// faster (a third and a half fewer nodes); a sample of
    /// forum_hardest visits 15% fewer nodes in the same time, and the
    /// hardest lists (msolve's) are solved nearly twice as fast.
    /// [`solver_with_config`](Self::solver_with_config) with
    /// [`dlx::Config::default`] searches plain Algorithm X (Knuth's node
    /// counts).
    pub fn config() -> dlx::Config {
        dlx::Config::new()
            .propagation(dlx::Propagation::Dominance)
            .heuristic(dlx::Heuristic::MinimumRemainingMostRemoved)
    }

    /// A solver with engine settings.
    pub fn solver_with_config(&self, config: dlx::Config) -> SudokuSolver<'_> {
        SudokuSolver::new(self, config)
    }

    /// The option that puts `value` (1 to the side) in cell `cell` (row
    /// major), both in range: the one place that knows the numbering.
    #[inline]
    pub(crate) fn cell_option(&self, cell: usize, value: u8) -> OptionId {
        OptionId::new(cell * self.n + usize::from(value) - 1)
    }

    /// The option that puts `value` (1 to the side) in a cell (zero-based).
    /// `None` when the cell or value is out of range.
    #[inline]
    pub fn option(&self, row: usize, col: usize, value: u8) -> Option<OptionId> {
        let n = self.n;
        let v = usize::from(value);
        (row < n && col < n && (1..=n).contains(&v)).then(|| self.cell_option(row * n + col, value))
    }

    /// The cell (zero-based row and column) and value of an option, `None`
    /// for an option of another problem.
    #[inline]
    pub fn cell_of(&self, option: OptionId) -> Option<(usize, usize, u8)> {
        let n = self.n;
        let (cell, s) = (option.index() / n, option.index() % n);
        (cell < n * n).then(|| (cell / n, cell % n, s as u8 + 1))
    }

    /// The grid that a solution (or any set of options) fills in; cells no
    /// option fills are blank.
    pub fn decode(&self, options: &[OptionId]) -> Grid {
        let mut grid = Grid::new(self.rules.shape());
        self.decode_into(options, &mut grid);
        grid
    }

    /// Like [`decode`](Self::decode), into an existing grid of the rules'
    /// shape (it is blanked first).
    pub fn decode_into(&self, options: &[OptionId], grid: &mut Grid) {
        let n = self.n;
        if grid.shape() != self.rules.shape() {
            *grid = Grid::new(self.rules.shape());
        }
        let cells = grid.cells_mut();
        cells.fill(0);
        for o in options {
            let (cell, s) = split_option(o.index() as u64, n as u64, self.recip);
            if let Some(c) = cells.get_mut(cell as usize) {
                *c = s as u8 + 1;
            }
        }
    }
}

/// An option's cell and symbol (from 0), `option / n` and `option % n`,
/// by the reciprocal `⌈2³² / n⌉` (exact below `2³² / n²`, past every
/// option of a grid of side `n`; never less than the quotient above it).
#[inline]
fn split_option(option: u64, n: u64, recip: u64) -> (u64, u64) {
    let cell = (option * recip) >> 32;
    (cell, option.wrapping_sub(cell * n))
}

/// Adds `n` items named `{prefix}#1` to `{prefix}#n` (`prefix` is left
/// holding the last name); returns the first.
fn add_block(b: &mut ProblemBuilder, n: usize, prefix: &mut String, primary: bool) -> ItemId {
    let first = ItemId::new(b.num_items());
    prefix.push('#');
    let len = prefix.len();
    for s in 1..=n {
        prefix.truncate(len);
        push_number(prefix, s);
        if primary {
            b.add_primary(&*prefix);
        } else {
            b.add_secondary(&*prefix);
        }
    }
    first
}

/// Appends `x` in decimal (what `write!` does, without its formatting
/// machinery: a few hundred items are named for every rule set built).
fn push_number(out: &mut String, mut x: usize) {
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    loop {
        at -= 1;
        digits[at] = b'0' + (x % 10) as u8;
        x /= 10;
        if x == 0 {
            break;
        }
    }
    out.extend(digits[at..].iter().map(|&d| char::from(d)));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Shape, Variant};

    #[test]
    fn numbers_are_written_as_format_writes_them() {
        for x in [0, 7, 10, 99, 100, 12_345, usize::MAX] {
            let mut out = String::from("p");
            push_number(&mut out, x);
            assert_eq!(out, format!("p{x}"));
        }
    }

    #[test]
    fn options_split_by_the_reciprocal_as_by_division() {
        for n in crate::shape::MIN_SIZE as u64..=crate::shape::MAX_SIZE as u64 {
            let recip = (1_u64 << 32).div_ceil(n);
            for o in 0..n * n * n {
                assert_eq!(split_option(o, n, recip), (o / n, o % n), "option {o}, side {n}");
            }
            // Past the grid's options: a cell past the grid, never wrapped.
            for o in [n * n * n, 1 << 20, u64::from(u32::MAX)] {
                assert!(split_option(o, n, recip).0 >= n * n, "option {o}, side {n}");
            }
        }
    }

    #[test]
    fn classic_sizes() {
        for n in [4, 6, 9, 16] {
            let s = Sudoku::new(Rules::new(Shape::for_size(n).unwrap())).unwrap();
            let p = s.problem();
            assert_eq!((p.num_primary(), p.num_secondary()), (4 * n * n, 0));
            assert_eq!(p.num_options(), n * n * n);
            assert_eq!(p.num_entries(), 4 * n * n * n);
        }
    }

    #[test]
    fn option_numbering() {
        let s = Sudoku::new(Rules::classic()).unwrap();
        let o = s.option(2, 6, 5).unwrap();
        assert_eq!(s.cell_of(o), Some((2, 6, 5)));
        assert_eq!(s.problem().format_option(o), "p3,7 r3#5 c7#5 b3#5");
        assert_eq!(s.option(9, 0, 1), None);
        assert_eq!(s.option(0, 0, 10), None);
        assert_eq!(s.option(0, 0, 0), None);
    }

    #[test]
    fn variant_items() {
        let rules =
            Rules::classic().with_variant(Variant::Diagonal).with_variant(Variant::AntiKing);
        let s = Sudoku::new(rules).unwrap();
        assert_eq!(s.problem().num_primary(), 324 + 18);
        // The anti-king pairs across box borders, but for the four on a
        // diagonal.
        assert_eq!(s.problem().num_secondary(), (128 - 72 - 4) * 9);
        let o = s.option(0, 0, 1).unwrap();
        assert_eq!(s.problem().format_option(o), "p1,1 r1#1 c1#1 b1#1 d1#1");
    }
}
