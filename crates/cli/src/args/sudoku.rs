//! The sudoku commands, as clap parses them: [`SudokuCommand`] and the
//! arguments every sudoku command shares, [`SudokuArgs`].

use std::path::PathBuf;

use clap::{Args as ClapArgs, Subcommand, ValueEnum};
use sudoku_cover::Shape;

use super::{HeuristicArg, OutputFormat, PropagationArg, ReportArgs, at_least_one};

/// The sudoku commands.
#[derive(Debug, Subcommand)]
pub enum SudokuCommand {
    /// Solve every puzzle: one answer per puzzle, in input order.
    ///
    /// Each answer is written in the form of its puzzle: a one-line puzzle
    /// gets one line, a grid a grid, in the same symbols (numbers for
    /// numbers, with the same separators). A puzzle without solution gets
    /// the line `no solution`; an invalid puzzle gets the line `invalid`,
    /// its reason goes to stderr as `file:line: message`, and the batch goes
    /// on. A puzzle with several solutions gets one of them, and a note on
    /// stderr, `file:line: not unique: this is one of several solutions`
    /// (to tell, each puzzle is searched for a second solution). With
    /// `--all` or `--limit`, every solution (or the first N) is listed.
    #[command(after_help = "\
Examples:
  dlx sudoku solve puzzles.txt
  dlx sudoku solve --format json puzzles.txt > answers.ndjson
  dlx sudoku solve --box 2x3 six-by-six.txt
  dlx sudoku solve --regions jigsaw.txt jigsaw-puzzles.txt
  dlx sudoku solve --limit 5 --format grid ................
  dlx sudoku solve 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")]
    Solve(SudokuSolveArgs),

    /// Count the solutions of every puzzle: one whole number per puzzle.
    ///
    /// Prints one line per puzzle, in input order: its number of solutions
    /// (at most N with `--limit N`). An invalid puzzle has no solution: it
    /// gets `0`, its reason goes to stderr as `file:line: message`, and the
    /// exit status is 2. So the output always adds up with `dlx sum`, and
    /// the status tells whether every puzzle was valid. Exits with 1 when
    /// some puzzle has no solution. A puzzle whose count takes long is
    /// counted on all threads at once, with its own progress line.
    #[command(after_help = "\
Examples:
  dlx sudoku count puzzles.txt
  dlx sudoku count --limit 1000 --variant anti-knight puzzles.txt
  dlx sudoku count puzzles.txt | dlx sum          the solutions of all of them")]
    Count(SudokuCountArgs),

    /// Check every puzzle: one word per puzzle, `unique`, `multiple`, `none`
    /// or `invalid`.
    ///
    /// Exits with 0 only when every puzzle is unique.
    #[command(after_help = "\
Examples:
  dlx sudoku check puzzles.txt
  dlx sudoku check puzzles.txt | sort | uniq -c
  dlx sudoku check --format json puzzles.txt")]
    Check(SudokuCheckArgs),

    /// Rate every puzzle as a person would solve it, on Sudoku Explainer's
    /// scale: one line per puzzle, the difficulty and the hardest
    /// technique needed (`3.4 Hidden Pair`).
    ///
    /// The puzzle is solved with techniques from the easiest, always taking
    /// the easiest that applies (Sudoku Explainer's rule), and rated by the
    /// hardest step: 1.0 for the easiest singles, 2.6 pointing, 3.2 X-Wing,
    /// 4.2 XY-Wing, 4.5 and up unique rectangles, 5.6 BUG, and beyond for
    /// chains. A puzzle the techniques known cannot finish gets `? beyond
    /// the techniques known (after D TECHNIQUE)` and exit status 1; so does
    /// one with no solution (`no solution`) or several (`not unique`),
    /// checked first by exact cover. A puzzle may be given as pencil marks
    /// (729 characters: the digit where a candidate, `.` where not).
    #[command(after_help = "\
Examples:
  dlx sudoku rate puzzles.txt
  dlx sudoku rate --format json puzzles.txt
  dlx sudoku rate puzzles.txt | sort -n | tail -3      the three hardest")]
    Rate(SudokuHumanArgs),

    /// The next step a person would take in every puzzle: the technique,
    /// its cells and digits, and what it places or eliminates.
    ///
    /// One line per puzzle, e.g. `Hidden Single: r3c5 = 7 (only place for 7
    /// in box 2)` or `Naked Pair: r1c2,r1c7 {3,8}: r1c4<>3, r1c9<>8 (in row
    /// 1)`: the easiest step that applies. A solved puzzle gets `solved`;
    /// one no technique known applies to, `? beyond the techniques known`.
    /// Give the puzzle as pencil marks to ask from a position with
    /// candidates already ruled out.
    #[command(after_help = "\
Examples:
  dlx sudoku hint puzzle.txt
  dlx sudoku hint --format json puzzle.txt
  dlx sudoku hint ..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..")]
    Hint(SudokuHumanArgs),

    /// The whole path to the solution, one step per line, as `hint` gives
    /// them one after another; puzzles set apart by a blank line.
    ///
    /// A path the techniques known cannot finish ends with `? beyond the
    /// techniques known`.
    #[command(after_help = "\
Examples:
  dlx sudoku explain puzzle.txt
  dlx sudoku explain --format json puzzle.txt
  dlx sudoku explain puzzle.txt | grep -v Single        the steps past singles")]
    Explain(SudokuHumanArgs),
}

/// `dlx sudoku solve`.
#[derive(Debug, ClapArgs)]
pub struct SudokuSolveArgs {
    /// How to write solutions: `text`, as each puzzle was written (the
    /// default), or always as a `line` or a `grid`, or `json`.
    #[arg(short, long, value_enum, value_name = "FORMAT", default_value = "text")]
    pub format: SolveFormat,

    /// List every solution of each puzzle, in the search's order (a puzzle
    /// at a time, on one thread).
    #[arg(short, long)]
    pub all: bool,

    /// List at most N solutions of each puzzle (as --all, stopping at N).
    #[arg(short = 'n', long, value_name = "N", value_parser = at_least_one::<u64>)]
    pub limit: Option<u64>,

    #[command(flatten)]
    pub sudoku: SudokuArgs,
}

/// `dlx sudoku count`.
#[derive(Debug, ClapArgs)]
pub struct SudokuCountArgs {
    /// Stop counting each puzzle's solutions at N.
    #[arg(short = 'n', long, value_name = "N", value_parser = at_least_one::<u64>)]
    pub limit: Option<u64>,

    /// How to write the counts: `text`, one number per line, or `json`, one
    /// object per puzzle.
    #[arg(short, long, value_enum, value_name = "FORMAT", default_value = "text")]
    pub format: OutputFormat,

    #[command(flatten)]
    pub sudoku: SudokuArgs,
}

/// `dlx sudoku check`.
#[derive(Debug, ClapArgs)]
pub struct SudokuCheckArgs {
    /// How to write the answers: `text`, one word per line, or `json`, one
    /// object per puzzle.
    #[arg(short, long, value_enum, value_name = "FORMAT", default_value = "text")]
    pub format: OutputFormat,

    #[command(flatten)]
    pub sudoku: SudokuArgs,
}

/// `dlx sudoku rate`, `hint` and `explain`.
#[derive(Debug, ClapArgs)]
pub struct SudokuHumanArgs {
    /// How to write the answers: `text`, one line per puzzle (a line per
    /// step for `explain`), or `json`, one object per puzzle.
    #[arg(short, long, value_enum, value_name = "FORMAT", default_value = "text")]
    pub format: OutputFormat,

    #[command(flatten)]
    pub sudoku: SudokuArgs,
}

/// What every sudoku command takes: the input, the rules, the threads.
#[derive(Debug, ClapArgs)]
pub struct SudokuArgs {
    /// Files of puzzles, read in order; stdin when none or `-`. An argument
    /// that is no file but looks like a one-line puzzle (16 cells or more,
    /// no `/`, no file extension) is that puzzle.
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,

    /// Extra rules, comma-separated or repeated; they combine freely.
    #[arg(short, long, value_enum, value_name = "VARIANT", value_delimiter = ',')]
    pub variant: Vec<VariantArg>,

    /// A jigsaw sudoku: the regions replace the boxes. FILE has one label
    /// per cell (any character but a blank; spaces and line breaks are
    /// ignored), N labels of N cells each.
    #[arg(short, long, value_name = "FILE")]
    pub regions: Option<PathBuf>,

    /// The box shape, ROWSxCOLS (a 6x6 sudoku has boxes 2x3 or 3x2); every
    /// puzzle must then be of its size (a puzzle of another size is
    /// invalid). By default the squarest boxes that fit each puzzle's size.
    #[arg(short, long = "box", value_name = "RxC", value_parser = parse_box)]
    pub box_shape: Option<Shape>,

    /// The symbols of the cells, in order, e.g. `ABCDEFGHI` or
    /// `0123456789ABCDEF`; as many as the size needs, or more (a puzzle
    /// larger than they can write is invalid). By default the first N of
    /// `123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz@$%`:
    /// `1`-`9`, then `A`-`Z` (read in either case up to 35x35), then `a`-`z`,
    /// `@`, `$` and `%` for the largest sizes; or decimal numbers set apart
    /// by spaces or commas (`10 . 3 16 ...`), recognized on their own.
    #[arg(short, long, value_name = "SYMBOLS")]
    pub symbols: Option<String>,

    /// Solve on N threads; by default on every core.
    #[arg(short = 'j', long, value_name = "N", value_parser = at_least_one::<usize>)]
    pub threads: Option<usize>,

    /// What the search deduces before its first guess: by default what
    /// the sudoku solvers of sudoku-cover do (`dominance`: locked
    /// candidates); `none` for plain Algorithm X.
    #[arg(long, value_enum, value_name = "RULE")]
    pub propagation: Option<PropagationArg>,

    /// How the search picks the cell or house-digit to guess on: by
    /// default what the sudoku solvers of sudoku-cover do
    /// (`mrv-most-removed`); `mrv` for Knuth's node counts (with
    /// `--propagation none`), and when counting many solutions (it is
    /// faster there).
    #[arg(long, value_enum, value_name = "RULE")]
    pub heuristic: Option<HeuristicArg>,

    #[command(flatten)]
    pub report: ReportArgs,
}

/// How `sudoku solve` writes a solution.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SolveFormat {
    /// As each puzzle was written: a line for a line, a grid for a grid,
    /// in the same symbols and separators.
    Text,
    /// One line of N² symbols (in the puzzle's symbols).
    Line,
    /// N lines of N symbols, boxes set apart; a blank line between grids.
    Grid,
    /// One JSON object per line (JSON Lines): file, line, puzzle, status
    /// (`solved`, `no solution`, `invalid`), solution, unique, and error;
    /// index too with `--all` or `--limit`.
    Json,
}

impl From<VariantArg> for sudoku_cover::Variant {
    fn from(arg: VariantArg) -> sudoku_cover::Variant {
        match arg {
            VariantArg::X => sudoku_cover::Variant::Diagonal,
            VariantArg::Hyper => sudoku_cover::Variant::Hyper,
            VariantArg::AntiKing => sudoku_cover::Variant::AntiKing,
            VariantArg::AntiKnight => sudoku_cover::Variant::AntiKnight,
        }
    }
}

/// A sudoku variant, as named on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, ValueEnum)]
pub enum VariantArg {
    /// X-sudoku (also `diagonal`): each main diagonal holds every symbol
    /// once.
    #[value(name = "x", alias = "diagonal")]
    X,
    /// Hyper (also `windoku`): extra windows the size of a box, each holding
    /// every symbol once (four on 9x9, one cell in from each corner).
    #[value(alias = "windoku")]
    Hyper,
    /// No two equal symbols a king's move apart.
    AntiKing,
    /// No two equal symbols a knight's move apart.
    AntiKnight,
}

/// Parses `RxC`, e.g. `2x3`, into a box shape.
fn parse_box(text: &str) -> Result<Shape, String> {
    let bad = || format!("expected ROWSxCOLS, like 3x3 or 2x3, not `{text}`");
    let (r, c) = text.split_once(['x', 'X']).ok_or_else(bad)?;
    let r: usize = r.trim().parse().map_err(|_| bad())?;
    let c: usize = c.trim().parse().map_err(|_| bad())?;
    Shape::new(r, c).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::{Args, Command};
    use clap::Parser;

    #[test]
    fn box_shapes_parse() {
        assert_eq!(parse_box("2x3"), Ok(Shape::new(2, 3).unwrap()));
        assert_eq!(parse_box("3X3"), Ok(Shape::CLASSIC));
        assert!(parse_box("1x3").is_err());
        assert!(parse_box("3").is_err());
        assert!(parse_box("0x3").is_err());
        assert!(parse_box("ax3").is_err());
    }

    #[test]
    fn variants_are_comma_separated_or_repeated() {
        let args = Args::try_parse_from([
            "dlx",
            "sudoku",
            "check",
            "-v",
            "x,anti-knight",
            "--variant",
            "hyper",
        ])
        .unwrap();
        let Command::Sudoku(SudokuCommand::Check(check)) = args.command else { panic!() };
        assert_eq!(
            check.sudoku.variant,
            [VariantArg::X, VariantArg::AntiKnight, VariantArg::Hyper]
        );
    }
}
