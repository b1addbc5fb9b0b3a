//! [`Source`]: where sudoku puzzles come from, a file, stdin, or a puzzle
//! given on the command line.

use std::fmt;
use std::io::{self, BufRead};
use std::path::{Path, PathBuf};

use crate::input::Input;

/// Where sudoku puzzles come from: an input, or a puzzle given on the
/// command line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    /// A file or stdin.
    Input(Input),
    /// A puzzle given as an argument: the text, and the argument's place
    /// among the inputs (from 1), which names it in messages.
    Argument {
        /// The puzzle.
        text: String,
        /// Its place among the inputs, from 1.
        index: usize,
    },
}

impl Source {
    /// Opens the source for buffered reading.
    pub fn open(&self) -> io::Result<Box<dyn BufRead + Send>> {
        match self {
            Source::Input(input) => input.open(),
            Source::Argument { text, .. } => Ok(Box::new(io::Cursor::new(text.clone()))),
        }
    }

    /// The source's size in bytes, if it is known before reading (not for
    /// stdin, nor for a file that cannot be read).
    pub fn size(&self) -> Option<u64> {
        match self {
            Source::Input(Input::File(path)) => std::fs::metadata(path).ok().map(|m| m.len()),
            Source::Input(Input::Stdin) => None,
            Source::Argument { text, .. } => Some(text.len() as u64),
        }
    }

    /// The size of the source's text, if it is known before reading and
    /// at most `most` bytes: not for stdin, a larger file, or a compressed
    /// one (whose text may be much longer).
    pub fn text_size_within(&self, most: u64) -> Option<u64> {
        let size = self.size().filter(|&size| size <= most)?;
        match self {
            Source::Input(input) if input.is_compressed_file() => None,
            _ => Some(size),
        }
    }
}

impl fmt::Display for Source {
    /// The name used in messages: the input's, or `<argument N>`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Source::Input(input) => input.fmt(f),
            Source::Argument { index, .. } => write!(f, "<argument {index}>"),
        }
    }
}

/// The sources of a sudoku batch: stdin when no argument is given; an
/// argument that is no file but looks like a puzzle is that puzzle.
pub(super) fn sources(args: &[PathBuf]) -> Vec<Source> {
    let inputs = Input::list(args);
    inputs
        .into_iter()
        .enumerate()
        .map(|(i, input)| match &input {
            Input::File(path) if !path.exists() && looks_like_a_puzzle(path) => {
                Source::Argument { text: path.to_string_lossy().into_owned(), index: i + 1 }
            }
            _ => Source::Input(input),
        })
        .collect()
}

/// Whether an argument that names no file looks like a one-line puzzle
/// rather than a file name mistyped: 16 characters or more, no path
/// separator, no file extension (a dot and two to four lower-case letters
/// at the end), and at least half of its characters digits, blanks or
/// separators (or letters too, when it has N² characters for a side N of
/// 10 or more: a big puzzle's symbols).
fn looks_like_a_puzzle(arg: &Path) -> bool {
    let Some(text) = arg.to_str() else { return false };
    let chars: Vec<char> = text.trim().chars().collect();
    if chars.len() < 16 || text.contains(['/', '\\']) {
        return false;
    }
    let extension = text.rsplit_once('.').is_some_and(|(_, ext)| {
        (2..=4).contains(&ext.len()) && ext.chars().all(|c| c.is_ascii_lowercase())
    });
    // A puzzle of side 10 or more, N² cells, writes letters too.
    let side = chars.len().isqrt();
    let big = side >= 10 && side * side == chars.len();
    let plain = chars
        .iter()
        .filter(|c| {
            c.is_ascii_digit()
                || ['.', '_', '*', ' ', ',', '|', '-', '+'].contains(c)
                || (big && (c.is_ascii_alphabetic() || ['@', '$', '%'].contains(c)))
        })
        .count();
    !extension && 2 * plain >= chars.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_big_puzzle_with_letters_may_be_an_argument() {
        let mut puzzle = "ABCDEFGHIJKLMNOPQRSTUVWXYZ1234".repeat(30);
        puzzle.replace_range(..300, &".".repeat(300));
        assert!(looks_like_a_puzzle(Path::new(&puzzle)));
        // Not a square: a name.
        assert!(!looks_like_a_puzzle(Path::new(&puzzle[1..])));
    }

    #[test]
    fn a_puzzle_may_be_an_argument() {
        let puzzle =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let sources = sources(&["-".into(), puzzle.into(), "no/such.txt".into()]);
        assert_eq!(
            sources,
            [
                Source::Input(Input::Stdin),
                Source::Argument { text: puzzle.to_owned(), index: 2 },
                Source::Input(Input::File("no/such.txt".into())),
            ]
        );
        assert_eq!(sources[1].to_string(), "<argument 2>");
        for text in [puzzle, "1.3...2.........", "0 0 3 0 1 0 0 0 0 0 0 0 0 0 0 0"] {
            assert!(looks_like_a_puzzle(Path::new(text)), "{text}");
        }
        for text in
            ["puzzles.txt", "my_sudoku_puzzles_2024.txt", "data/1234567890123456", "123456789.txt"]
        {
            assert!(!looks_like_a_puzzle(Path::new(text)), "{text}");
        }
    }
}
