//! Word squares and word rectangles: grids whose rows and columns are all
//! words.
//!
//! ```text
//! H E A R T
//! E M B E R
//! A B U S E
//! R E S I N
//! T R E N D
//! ```
//!
//! In a *symmetric* word square (the classic kind, above) row `i` and
//! column `i` are the same word. In a *double* word square the rows and the
//! columns are `2n` different words, and a *word rectangle* has `m` rows of
//! `n` letters and `n` columns of `m` letters.
//!
//! # The model: colours (Algorithm C)
//!
//! - one primary item per row, `r0` …, and per column, `c0` … (not for a
//!   symmetric square, where row `i` is column `i`): each gets a word;
//! - one secondary item per cell, named by its row and column (`03` is
//!   row 0, column 3): the letter in the cell is the item's **colour**;
//! - one secondary item per word (named by the word): no word is used
//!   twice.
//!
//! An option puts a word in a row (or column): the row's item, each of its
//! cells coloured with the word's letters, and the word. Where a row and a
//! column cross, both options name the same cell; plain exact cover would
//! forbid that, but with colours two options may share a secondary item as
//! long as they give it the same colour — the same letter. This is the
//! classic use of Knuth's Algorithm C: once a row is chosen its cells are
//! "purified", and every column word that disagrees with it is gone.
//!
//! A symmetric square needs only the rows: the option for row `i` colours
//! cells `(i, j)` and `(j, i)`, which are one item, `min max`.
//!
//! ```
//! use dlx_examples::wordsquare::{Kind, WordList, WordSquare};
//!
//! let words = WordList::parse("bit\nice\ntea\nace\nbat\n")?;
//! let square = WordSquare::new(&words, 3, 3, Kind::Symmetric)?;
//! let mut grids: Vec<Vec<String>> =
//!     square.model().solver().solutions().map(|s| square.grid(&s)).collect();
//! grids.sort();
//! assert_eq!(grids, [["bat", "ace", "tea"], ["bit", "ice", "tea"]]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::collections::BTreeSet;

use dlx::{Entry, OptionId, ProblemBuilder};

use crate::error::Error;
use crate::model::Model;

/// The word list bundled with the example: about 3700 common English words
/// of 3 to 5 letters.
pub const WORDS: &str = include_str!("../data/words.txt");

/// The longest word (and so the largest square) this example handles.
pub const MAX_LEN: usize = 36;

/// A list of distinct lowercase words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WordList {
    words: BTreeSet<String>,
}

impl WordList {
    /// The bundled list.
    pub fn bundled() -> WordList {
        WordList::parse(WORDS).expect("the bundled word list is valid")
    }

    /// Reads a word list: one word a line, letters `a` to `z` (capitals are
    /// lowered). Blank lines and lines starting with `//` are skipped;
    /// repeated words count once.
    pub fn parse(text: &str) -> Result<WordList, Error> {
        let mut words = BTreeSet::new();
        for (index, line) in text.lines().enumerate() {
            let word = line.trim();
            if word.is_empty() || word.starts_with("//") {
                continue;
            }
            let indent = line.len() - line.trim_start().len();
            if let Some((at, ch)) = word.char_indices().find(|(_, c)| !c.is_ascii_alphabetic()) {
                return Err(Error::at(
                    index + 1,
                    indent + word[..at].chars().count() + 1,
                    format!("unexpected character `{ch}` (a word is letters a to z, one a line)"),
                ));
            }
            if word.len() > MAX_LEN {
                return Err(Error::at(
                    index + 1,
                    indent + 1,
                    format!("words are at most {MAX_LEN} letters long"),
                ));
            }
            words.insert(word.to_ascii_lowercase());
        }
        Ok(WordList { words })
    }

    /// The words of a given length, in alphabetical order.
    pub fn of_length(&self, len: usize) -> impl Iterator<Item = &str> + '_ {
        self.words.iter().map(String::as_str).filter(move |w| w.len() == len)
    }

    /// The number of words.
    pub fn len(&self) -> usize {
        self.words.len()
    }

    /// Whether the list is empty.
    pub fn is_empty(&self) -> bool {
        self.words.is_empty()
    }
}

/// Which grids to look for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Row `i` and column `i` are the same word (needs a square).
    Symmetric,
    /// All rows and columns are different words. A rectangle's rows and
    /// columns differ anyway; a square and its transpose both count.
    Double,
}

/// A word placed in a row or column: the meaning of an option.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Placed {
    /// Whether the word is a row (else a column).
    pub is_row: bool,
    /// The row or column, from 0.
    pub index: usize,
    /// The word.
    pub word: String,
}

/// The word-square problem for one shape and kind.
#[derive(Debug, Clone)]
pub struct WordSquare {
    rows: usize,
    columns: usize,
    kind: Kind,
    model: Model<Placed>,
}

impl WordSquare {
    /// The problem of filling `rows` × `columns` with words from `words`.
    pub fn new(
        words: &WordList,
        rows: usize,
        columns: usize,
        kind: Kind,
    ) -> Result<WordSquare, Error> {
        if !(1..=MAX_LEN).contains(&rows) || !(1..=MAX_LEN).contains(&columns) {
            return Err(Error::new(format!(
                "a grid is 1 to {MAX_LEN} letters on a side, not {rows}x{columns}"
            )));
        }
        if kind == Kind::Symmetric && rows != columns {
            return Err(Error::new("a symmetric word square must be square"));
        }
        let mut b = ProblemBuilder::new();
        let row_items: Vec<_> = (0..rows).map(|i| b.add_primary(format!("r{i}"))).collect();
        let column_items: Vec<_> = match kind {
            Kind::Symmetric => Vec::new(),
            Kind::Double => (0..columns).map(|j| b.add_primary(format!("c{j}"))).collect(),
        };
        let mut cells = vec![vec![None; columns]; rows];
        for (i, row) in cells.iter_mut().enumerate() {
            for (j, cell) in row.iter_mut().enumerate() {
                // In a symmetric square, (i, j) and (j, i) are one item.
                if kind == Kind::Double || i <= j {
                    *cell = Some(b.add_secondary(cell_name(i, j)));
                }
            }
        }
        let cell = |i: usize, j: usize| match kind {
            Kind::Symmetric => cells[i.min(j)][i.max(j)],
            Kind::Double => cells[i][j],
        };
        let mut word_items = std::collections::HashMap::new();
        let mut meanings = Vec::new();
        let mut slots = vec![(true, rows, columns)];
        if kind == Kind::Double {
            slots.push((false, columns, rows));
        }
        for (is_row, count, len) in slots {
            for word in words.of_length(len) {
                let word_item =
                    *word_items.entry(word.to_owned()).or_insert_with(|| b.add_secondary(word));
                for index in 0..count {
                    let mut entries: Vec<Entry> =
                        vec![if is_row { row_items[index] } else { column_items[index] }.into()];
                    for (k, letter) in word.chars().enumerate() {
                        let (i, j) = if is_row { (index, k) } else { (k, index) };
                        let color = b.add_color(letter.to_string());
                        // Every (i, j) in the grid has an item (see above).
                        if let Some(item) = cell(i, j) {
                            entries.push((item, color).into());
                        }
                    }
                    entries.push(word_item.into());
                    b.add_option(entries);
                    meanings.push(Placed { is_row, index, word: word.to_owned() });
                }
            }
        }
        Ok(WordSquare { rows, columns, kind, model: Model::new(b.build()?, meanings) })
    }

    /// The kind of grid.
    pub fn kind(&self) -> Kind {
        self.kind
    }

    /// The exact-cover model.
    pub fn model(&self) -> &Model<Placed> {
        &self.model
    }

    /// A solution as its rows, top to bottom.
    pub fn grid(&self, solution: &[OptionId]) -> Vec<String> {
        let mut rows = vec![String::new(); self.rows];
        for placed in self.model.decode(solution) {
            if placed.is_row {
                rows[placed.index] = placed.word.clone();
            }
        }
        // A double square's rows are all placed; so are a symmetric one's.
        debug_assert!(rows.iter().all(|r| r.len() == self.columns));
        rows
    }
}

/// The item name of a cell: two base-36 digits, row then column, in
/// capitals so that no (lowercase) word has the same name.
fn cell_name(i: usize, j: usize) -> String {
    let digit = |k: usize| char::from_digit(k as u32, 36).map_or('?', |c| c.to_ascii_uppercase());
    format!("{}{}", digit(i), digit(j))
}

/// Draws a grid in capitals, letters spaced out.
pub fn draw(grid: &[String]) -> String {
    let mut out = String::new();
    for row in grid {
        let letters: Vec<String> =
            row.chars().map(|c| c.to_ascii_uppercase().to_string()).collect();
        out.push_str(&letters.join(" "));
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bundled_list_has_thousands_of_words() {
        let words = WordList::bundled();
        assert!(words.len() > 3000);
        assert!(words.of_length(5).count() > 1500);
    }

    #[test]
    fn bad_words_are_errors() {
        let e = WordList::parse("cat\n  do-g\n").unwrap_err();
        assert_eq!((e.line(), e.column()), (Some(2), Some(5)));
        assert_eq!(WordList::parse("Cat\ncat\n").unwrap().len(), 1);
    }

    #[test]
    fn shapes_out_of_range() {
        let words = WordList::bundled();
        assert!(WordSquare::new(&words, 0, 3, Kind::Double).is_err());
        assert!(WordSquare::new(&words, 3, 4, Kind::Symmetric).is_err());
    }
}
