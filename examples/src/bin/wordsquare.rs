//! Word squares and word rectangles from a word list, with colours
//! (Algorithm C).
//!
//! ```text
//! wordsquare                 # three 5x5 word squares (rows = columns)
//! wordsquare 4 --double -c   # 4x4 squares whose 8 words all differ, counted
//! wordsquare 3x5             # 3 words of 5 letters over 5 words of 3
//! ```

use std::error::Error;
use std::fs;
use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use dlx_examples::cli::{self, Outcome};
use dlx_examples::wordsquare::{Kind, MAX_LEN, WordList, WordSquare, draw};

/// Fill a grid with words so that every row and every column is a word.
///
/// A word square (the default) has the same words down as across. With
/// --double its rows and columns are all different; a rectangle (`3x5`)
/// always is. Letters are colours of the cells, secondary items shared by
/// a row and a column that agree: Knuth's Algorithm C. Exits with 1 when
/// no grid can be made from the words, with 2 when the word list has no
/// words of the length the grid needs.
#[derive(Debug, Parser)]
#[command(version, about, long_about)]
struct Args {
    /// The grid: `5` for 5x5, or `RxC` for R rows of C letters.
    #[arg(default_value = "5", value_name = "N|RxC")]
    size: String,

    /// Rows and columns must be different words (rectangles always are).
    #[arg(short, long)]
    double: bool,

    /// A word list, one word a line (default: the bundled list of about
    /// 3700 common words of 3 to 5 letters).
    #[arg(short, long, value_name = "FILE")]
    words: Option<PathBuf>,

    /// Show this many grids.
    #[arg(short = 'n', long, default_value_t = 3, value_name = "N")]
    show: usize,

    /// Count the grids (this can take a while for 5x5 and larger).
    #[arg(short, long)]
    count: bool,

    /// Write the problem in Knuth's format to standard output (for `dlx
    /// solve` and `dlx count`) and stop.
    #[arg(long)]
    emit: bool,
}

fn main() -> ExitCode {
    cli::exit(try_main())
}

fn try_main() -> Result<Outcome, Box<dyn Error>> {
    let args = Args::parse();
    let (rows, columns) = parse_size(&args.size)?;
    let words = match &args.words {
        None => WordList::bundled(),
        Some(path) => {
            let text = fs::read_to_string(path)
                .map_err(|e| format!("cannot read the word list {}: {e}", path.display()))?;
            WordList::parse(&text).map_err(|e| e.in_file(path.display().to_string()))?
        }
    };
    let kind = if args.double || rows != columns { Kind::Double } else { Kind::Symmetric };
    let square = WordSquare::new(&words, rows, columns, kind)?;
    for len in [columns, rows] {
        if words.of_length(len).next().is_none() {
            return Err(no_words_of_length(&words, len).into());
        }
    }
    let mut out = io::stdout().lock();
    if args.emit {
        let comment = format!(
            "wordsquare {}{} ({} words)",
            args.size,
            if args.double { " --double" } else { "" },
            words.len()
        );
        cli::emit(square.model().problem(), &comment, &mut out)?;
        return Ok(Outcome::Found);
    }
    let mut solver = square.model().solver();
    let shown = cli::show(&mut solver, args.show, &mut out, |_, s| Ok(draw(&square.grid(s))))?;
    // Nothing asked for (`-n 0` without `--count`) is nothing missing.
    let mut found = shown > 0 || args.show == 0;
    if args.count {
        let (count, stats) = cli::count_all(&mut solver);
        let what = match kind {
            Kind::Symmetric => "word squares",
            Kind::Double if rows == columns => "double word squares (each with its transpose)",
            Kind::Double => "word rectangles",
        };
        if shown > 0 {
            writeln!(out)?;
        }
        writeln!(
            out,
            "{count} {what} ({} search-tree nodes, {:.2?}).",
            stats.nodes(),
            stats.elapsed()
        )?;
        found = count > 0;
    }
    if shown == 0 && args.show > 0 {
        writeln!(out, "No {rows}x{columns} grid can be made from these words.")?;
    }
    Ok(Outcome::found_if(found))
}

/// Why no grid can be made when the list has no word of `len` letters:
/// the lengths it has.
fn no_words_of_length(words: &WordList, len: usize) -> String {
    let lengths: Vec<usize> =
        (1..=MAX_LEN).filter(|&l| words.of_length(l).next().is_some()).collect();
    let has = match (lengths.first(), lengths.last()) {
        (Some(a), Some(b)) if a == b => format!("its words have {a} letters"),
        (Some(a), Some(b)) => format!("its words have {a} to {b} letters"),
        _ => "it has no words".to_owned(),
    };
    format!("the word list has no words of {len} letters ({has}), which the grid needs")
}

/// `5` or `4x5`.
fn parse_size(size: &str) -> Result<(usize, usize), String> {
    let number =
        |s: &str| s.parse::<usize>().map_err(|_| format!("bad grid size `{size}`: give N or RxC"));
    match size.split_once('x') {
        Some((r, c)) => Ok((number(r)?, number(c)?)),
        None => number(size).map(|n| (n, n)),
    }
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    #[test]
    fn arguments_are_consistent() {
        super::Args::command().debug_assert();
    }
}
