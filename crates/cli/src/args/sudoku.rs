//! The sudoku commands, as clap parses them: [`SudokuCommand`] and the
//! arguments every sudoku command shares, [`SudokuArgs`].

use std::path::PathBuf;

use clap::{Args as ClapArgs, Subcommand, ValueEnum};
use sudoku_cover::Shape;
use sudoku_cover::generate::RatingRange;

use super::{HeuristicArg, OutputFormat, PropagationArg, ReportArgs, at_least_one, seconds};

/// The sudoku commands, each one's arguments deferred (see `args`).
#[derive(Debug, Subcommand)]
#[command(defer = true)]
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
    /// Exits with 0 only when every puzzle is unique; with 3 when some
    /// puzzle was not answered within `--time-limit` (its word `unknown`).
    #[command(after_help = "\
Examples:
  dlx sudoku check puzzles.txt
  dlx sudoku check puzzles.txt | sort | uniq -c
  dlx sudoku check --format json puzzles.txt
  dlx sudoku check --time-limit 10 --box 7x7 big.txt     `unknown` after 10 s")]
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
  dlx sudoku rate puzzles.txt | sort -n | tail -3      the three hardest
  dlx sudoku rate --time-limit 10 big.txt               `? out of time (...)` after 10 s")]
    Rate(SudokuWalkArgs),

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
    Explain(SudokuWalkArgs),

    /// Make random puzzles, each with exactly one solution: one per line.
    ///
    /// Each puzzle comes from a random full grid whose clues are taken out
    /// one by one (in the symmetry's groups of cells, in a random order)
    /// while the puzzle keeps its one solution: no group of clues left can
    /// go. Puzzles are written one per line in the form `dlx sudoku solve`
    /// reads; with `--regions random`, each line is the puzzle, a space and
    /// its region map (read back with `--regions inline`). The same `--seed`
    /// and options give the same puzzles on any number of threads; without
    /// it a random seed is taken and printed on stderr (`seed: N`). Puzzles
    /// are made on all cores and written in order.
    ///
    /// 9x9 puzzles take a fraction of a millisecond, 16x16 a tenth of a
    /// second, 25x25 about one, 36x36 four, 49x49 twenty and 64x64 two
    /// minutes. From 25x25 on the checks past the engine's budget go to
    /// clause learning with a small limit, and a clue whose check runs out
    /// stays: the puzzle is unique, with a few clues that could go (25x25:
    /// 279 clues where the minimal puzzle of the same grid has 269).
    #[command(after_help = "\
Examples:
  dlx sudoku generate --count 10 --seed 1
  dlx sudoku generate --symmetry rot180 --minimal
  dlx sudoku generate --size 16 --clues 120
  dlx sudoku generate --rating 7.0.. --count 5 --format json
  dlx sudoku generate --box 2x3 --variant x,anti-knight
  dlx sudoku generate --regions random --seed 7 | dlx sudoku solve --regions inline
  dlx sudoku generate --regions jigsaw.txt --count 100 > jigsaw-puzzles.txt

Exit status: 0 when every puzzle was made; 1 when no puzzle could meet the
demands (no grid keeps the rules, no try came down to --clues, or none was
rated in --rating's range within --tries); 2 when
the command line was wrong; 3 when stopped (Ctrl-C, SIGTERM): the puzzles
made before the first stopped one are written, `dlx: stopped: N puzzles
made` on stderr.")]
    Generate(SudokuGenerateArgs),
}

#[cfg_attr(doc, doc = "`dlx sudoku solve`.")]
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

    /// The most time one puzzle may take, in seconds (decimals allowed): a
    /// puzzle not answered by then is written as `unknown` and the batch goes
    /// on (exit status 3). It bounds the searches that can run long: grids
    /// from 25x25 on; smaller ones take milliseconds.
    #[arg(long, value_name = "SECS", value_parser = seconds, conflicts_with_all = ["all", "limit"])]
    pub time_limit: Option<std::time::Duration>,

    #[command(flatten)]
    pub sudoku: SudokuArgs,
}

#[cfg_attr(doc, doc = "`dlx sudoku count`.")]
#[derive(Debug, ClapArgs)]
pub struct SudokuCountArgs {
    /// Stop counting each puzzle's solutions at N.
    #[arg(short = 'n', long, value_name = "N", value_parser = at_least_one::<u64>)]
    pub limit: Option<u64>,

    /// How to write the counts: `text`, one number per line, or `json`, one
    /// object per puzzle.
    #[arg(short, long, value_enum, value_name = "FORMAT", default_value = "text")]
    pub format: OutputFormat,

    /// The most time one puzzle may take, in seconds (decimals allowed): a
    /// puzzle not counted to the end by then is written as `at least N`, N
    /// the solutions counted by then, and the batch goes on (exit status
    /// 3). It bounds every count, of pencil marks too.
    #[arg(long, value_name = "SECS", value_parser = seconds)]
    pub time_limit: Option<std::time::Duration>,

    #[command(flatten)]
    pub sudoku: SudokuArgs,
}

#[cfg_attr(doc, doc = "`dlx sudoku check`.")]
#[derive(Debug, ClapArgs)]
pub struct SudokuCheckArgs {
    /// How to write the answers: `text`, one word per line, or `json`, one
    /// object per puzzle.
    #[arg(short, long, value_enum, value_name = "FORMAT", default_value = "text")]
    pub format: OutputFormat,

    /// The most time one puzzle may take, in seconds (decimals allowed): a
    /// puzzle not answered by then is written as `unknown` and the batch goes
    /// on (exit status 3). It bounds the searches that can run long: grids
    /// from 25x25 on; smaller ones take milliseconds.
    #[arg(long, value_name = "SECS", value_parser = seconds)]
    pub time_limit: Option<std::time::Duration>,

    #[command(flatten)]
    pub sudoku: SudokuArgs,
}

#[cfg_attr(doc, doc = "`dlx sudoku rate`, `hint` and `explain`.")]
#[derive(Debug, ClapArgs)]
pub struct SudokuHumanArgs {
    /// How to write the answers: `text`, one line per puzzle (a line per
    /// step for `explain`), or `json`, one object per puzzle.
    #[arg(short, long, value_enum, value_name = "FORMAT", default_value = "text")]
    pub format: OutputFormat,

    #[command(flatten)]
    pub sudoku: SudokuArgs,
}

#[cfg_attr(
    doc,
    doc = "`dlx sudoku rate` and `explain`: a walk to the solution, which may be bounded in time."
)]
#[derive(Debug, ClapArgs)]
pub struct SudokuWalkArgs {
    /// The most time one puzzle may take, in seconds (decimals allowed),
    /// looked at between two steps of its walk and inside the chain
    /// rungs' steps (a nested forcing chain's step on 16x16 takes up to
    /// tens of seconds; a step cut short is dropped): a puzzle not walked
    /// to the end by then is written `? out of time (after D
    /// TECHNIQUE)` (the hardest step so far; in JSON the status
    /// `unknown`), and the batch goes on (exit status 3).
    #[arg(long, value_name = "SECS", value_parser = seconds)]
    pub time_limit: Option<std::time::Duration>,

    #[command(flatten)]
    pub human: SudokuHumanArgs,
}

#[cfg_attr(doc, doc = "`dlx sudoku generate`.")]
#[derive(Debug, ClapArgs)]
pub struct SudokuGenerateArgs {
    /// How many puzzles to make.
    #[arg(short = 'n', long, value_name = "K", default_value_t = 1, value_parser = at_least_one::<u64>)]
    pub count: u64,

    /// The seed of the random choices: the same seed and options make the
    /// same puzzles, on any machine and number of threads. By default a
    /// random seed, printed on stderr as `seed: N`.
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,

    /// The side of the grid, 4 to 64, with the squarest boxes that fit; 9
    /// by default (or the side of the `--regions` map). A prime side has no
    /// boxes: give `--regions` (or `--box 1xN` for Latin squares).
    #[arg(long, value_name = "N", conflicts_with = "box_shape", value_parser = parse_side)]
    pub size: Option<usize>,

    /// The box shape, ROWSxCOLS: `2x3` makes 6x6 grids of boxes two rows
    /// tall.
    #[arg(short, long = "box", value_name = "RxC", value_parser = parse_box)]
    pub box_shape: Option<Shape>,

    /// Extra rules, comma-separated or repeated; they combine freely.
    #[arg(short, long, value_enum, value_name = "VARIANT", value_delimiter = ',')]
    pub variant: Vec<VariantArg>,

    /// Jigsaw regions in place of boxes: a region map FILE (as `dlx sudoku
    /// solve --regions` reads it), or `random`: a new random map for each
    /// puzzle (N connected regions of N cells, one a grid fits), written
    /// after the puzzle on its line, a space between them.
    #[arg(short, long, value_name = "FILE|random", value_parser = parse_regions)]
    pub regions: Option<RegionsArg>,

    /// The symmetry of the clues' places.
    #[arg(long, value_enum, value_name = "SYMMETRY", default_value = "none")]
    pub symmetry: SymmetryArg,

    /// Make only minimal puzzles: no clue can be removed with the puzzle
    /// keeping one solution (every clue is checked). Without a symmetry
    /// every puzzle made is minimal anyway, unless a search ran long; with
    /// one, few grids give a minimal puzzle (9x9: 1 in 50 with rot180, 1 in
    /// 1,600 with rot90), so it takes longer. From 25x25 on, near half the
    /// cells blank, proving a puzzle unique is hard: the checks that run
    /// past the search's budget go to clause learning (CaDiCaL, when built
    /// with it; without, it gives up after its tries), and a minimal 25x25
    /// puzzle takes two to three minutes on one thread, under two on two.
    /// From 36x36 on it is out of reach: after three checks in a row run
    /// past clause learning's limit, the run ends with status 1.
    #[arg(long)]
    pub minimal: bool,

    /// Make puzzles of exactly N clues: taking clues out stops there. A
    /// grid that does not come down to N is dropped and another tried.
    #[arg(long, value_name = "N")]
    pub clues: Option<usize>,

    /// Make only puzzles rated in this range on Sudoku Explainer's scale,
    /// as `dlx sudoku rate` rates them: LO..HI, LO.. or ..HI, both ends
    /// included (`2.0..4.5`). A puzzle beyond the techniques known counts
    /// as harder than any HI (so only LO.. takes it). Each try is a new
    /// puzzle, rated; see --tries.
    #[arg(long, value_name = "LO..HI", value_parser = parse_rating)]
    pub rating: Option<RatingRange>,

    /// The most full grids tried for one puzzle before giving up (with
    /// --clues, --rating, or --minimal and a symmetry): 100 by default,
    /// 10,000 with --rating or `--regions random` (a new map each try),
    /// 20,000 for minimal puzzles with a symmetry.
    #[arg(long, value_name = "N", value_parser = at_least_one::<u32>)]
    pub tries: Option<u32>,

    /// Make puzzles on N threads; by default on every core. With fewer
    /// puzzles than threads, each puzzle's clause-learning checks (from
    /// 25x25 on) share the threads left over. The puzzles are the same on
    /// any number.
    #[arg(short = 'j', long, value_name = "N", value_parser = at_least_one::<usize>)]
    pub threads: Option<usize>,

    /// How to write the puzzles: `text`, one line each, or `json`, one
    /// object each (with its solution).
    #[arg(short, long, value_enum, value_name = "FORMAT", default_value = "text")]
    pub format: OutputFormat,

    /// Write statistics to stderr when done, one `key: value` per line:
    /// puzzles, clues (on average), tries, time, puzzles/s.
    #[arg(long)]
    pub stats: bool,
}

/// The symmetry of a generated puzzle's clues.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SymmetryArg {
    /// None.
    None,
    /// A half turn maps the clues onto clues.
    Rot180,
    /// A quarter turn maps the clues onto clues.
    Rot90,
    /// The clues mirror each other left and right.
    Mirror,
    /// The clues mirror each other across the main diagonal.
    Diagonal,
}

impl From<SymmetryArg> for sudoku_cover::Symmetry {
    fn from(arg: SymmetryArg) -> sudoku_cover::Symmetry {
        match arg {
            SymmetryArg::None => sudoku_cover::Symmetry::None,
            SymmetryArg::Rot180 => sudoku_cover::Symmetry::Rot180,
            SymmetryArg::Rot90 => sudoku_cover::Symmetry::Rot90,
            SymmetryArg::Mirror => sudoku_cover::Symmetry::Mirror,
            SymmetryArg::Diagonal => sudoku_cover::Symmetry::Diagonal,
        }
    }
}

/// Parses a grid's side, 4 to 64.
fn parse_side(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(n) if (sudoku_cover::MIN_SIZE..=sudoku_cover::MAX_SIZE).contains(&n) => Ok(n),
        _ => Err(format!("expected a side from 4 to 64, not `{text}`")),
    }
}

#[cfg_attr(doc, doc = "What every sudoku command takes: the input, the rules, the threads.")]
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
    /// ignored), N labels of N cells each. `inline`: each puzzle is one line
    /// followed by its own region map, a space between them (what `dlx
    /// sudoku generate --regions random` writes).
    #[arg(short, long, value_name = "FILE|inline", value_parser = parse_regions)]
    pub regions: Option<RegionsArg>,

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

    /// Solve on N threads; by default on every core. A batch spreads its
    /// puzzles over them; a puzzle alone in its input has all of them for
    /// itself (big grids race, `rate`, `hint` and `explain` search each
    /// forcing-chain step on them, with the same steps as on one). A few
    /// small puzzles to solve or check (at most 256 bytes of text in all)
    /// run on one thread: starting more would take longer.
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
    /// (`solved`, `no solution`, `invalid`, `unknown`), solution, unique,
    /// and error;
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

/// Where jigsaw regions come from, as `--regions` names it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RegionsArg {
    /// A region map file.
    File(PathBuf),
    /// `inline`: each puzzle's own map, after it on its line.
    Inline,
    /// `random`: a random map for each puzzle generated.
    Random,
}

/// Parses `--regions`: `inline`, `random`, or a file name (`./random` for
/// a file of that name).
fn parse_regions(text: &str) -> Result<RegionsArg, String> {
    Ok(match text {
        "inline" => RegionsArg::Inline,
        "random" => RegionsArg::Random,
        "" => return Err("expected a file name, `inline` or `random`".to_owned()),
        file => RegionsArg::File(file.into()),
    })
}

/// Parses `RxC`, e.g. `2x3`, into a box shape.
/// A `--rating` range: `LO..HI`, `LO..` or `..HI`.
fn parse_rating(text: &str) -> Result<RatingRange, String> {
    text.parse().map_err(|e: sudoku_cover::generate::RatingRangeError| e.to_string())
}

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
