//! The words of Knuth's format, read one at a time in bounded memory:
//! [`Words`] splits the input at blanks and line ends without ever holding
//! a line, so that a line of ten million item names costs no more than the
//! names themselves, and a word longer than any name may be is an error as
//! soon as its cap is passed.

use std::io::{self, BufRead};

use crate::error::{Error, ErrorKind};
use crate::lines::{fill, skip_line};

/// What [`Words::next`] found.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Word<'a> {
    /// A word, and the one-based column (in characters) where it starts.
    Text(&'a str, usize),
    /// The end of a line: its `\n` was read.
    LineEnd,
    /// The end of the input (which may end a line without `\n`).
    End,
}

/// The blanks between words: ASCII white space but the line feed.
fn is_blank(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\x0b' | b'\x0c')
}

/// Splits a reader into words and line ends.
#[derive(Debug)]
pub(super) struct Words<R> {
    reader: R,
    word: Vec<u8>,
    /// The most bytes a word may hold.
    max_word: usize,
    /// The one-based line being read.
    line: usize,
    /// The characters of the line read so far.
    column: usize,
}

impl<R: BufRead> Words<R> {
    pub(super) fn new(reader: R, max_word: usize) -> Words<R> {
        Words { reader, word: Vec::new(), max_word, line: 1, column: 0 }
    }

    /// The one-based line of the last word (or of the next one, after a
    /// line end).
    pub(super) fn line(&self) -> usize {
        self.line
    }

    /// The number of lines begun so far (at least 1): the last line of the
    /// text once [`Word::End`] is read.
    pub(super) fn lines(&self) -> usize {
        if self.column == 0 && self.line > 1 { self.line - 1 } else { self.line }
    }

    fn io_error(&self, e: &io::Error) -> Error {
        Error::new(ErrorKind::Io(e.to_string())).at(self.line, self.column + 1)
    }

    /// The next word or line end.
    pub(super) fn next(&mut self) -> Result<Word<'_>, Error> {
        self.word.clear();
        let mut start = 0;
        loop {
            let available = match fill(&mut self.reader) {
                Ok(available) => available,
                Err(e) => return Err(self.io_error(&e)),
            };
            if available.is_empty() {
                if self.word.is_empty() {
                    return Ok(Word::End);
                }
                break;
            }
            let mut i = 0;
            if self.word.is_empty() {
                while i < available.len() && is_blank(available[i]) {
                    i += 1;
                }
                self.column += i;
                if available.get(i) == Some(&b'\n') {
                    self.reader.consume(i + 1);
                    self.line += 1;
                    self.column = 0;
                    return Ok(Word::LineEnd);
                }
                if i == available.len() {
                    self.reader.consume(i);
                    continue;
                }
                start = self.column + 1;
            }
            let from = i;
            while i < available.len() && !is_blank(available[i]) && available[i] != b'\n' {
                // A character starts at every byte but UTF-8's continuation bytes.
                self.column += usize::from(available[i] & 0xc0 != 0x80);
                i += 1;
            }
            if self.word.len() + (i - from) > self.max_word {
                let msg = format!(
                    "a word longer than {} bytes, the most a name or color may have",
                    self.max_word
                );
                return Err(Error::new(ErrorKind::Syntax(msg)).at(self.line, start));
            }
            self.word.extend_from_slice(&available[from..i]);
            let ended = i < available.len();
            self.reader.consume(i);
            if ended {
                break;
            }
        }
        match std::str::from_utf8(&self.word) {
            Ok(text) => Ok(Word::Text(text, start)),
            Err(e) => {
                let valid = String::from_utf8_lossy(&self.word[..e.valid_up_to()]).chars().count();
                let msg = "input is not valid UTF-8".to_owned();
                Err(Error::new(ErrorKind::Syntax(msg)).at(self.line, start + valid))
            }
        }
    }

    /// Skips the rest of the line, keeping none of it; `true` at the end of
    /// the input.
    pub(super) fn skip_line(&mut self) -> Result<bool, Error> {
        let end = skip_line(&mut self.reader).map_err(|e| self.io_error(&e))?;
        if !end {
            self.line += 1;
            self.column = 0;
        }
        Ok(end)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &[u8], capacity: usize) -> Vec<String> {
        let mut w = Words::new(io::BufReader::with_capacity(capacity, text), 8);
        let mut out = Vec::new();
        loop {
            let line = w.line();
            match w.next() {
                Ok(Word::Text(t, c)) => out.push(format!("{line}:{c}:{t}")),
                Ok(Word::LineEnd) => out.push("/".into()),
                Ok(Word::End) => return out,
                Err(e) => {
                    out.push(format!("error {e}"));
                    return out;
                }
            }
        }
    }

    #[test]
    fn words_have_lines_and_columns_whatever_the_buffer() {
        let text = "  ab c\td\r\n\néé x\n  \nlast".as_bytes();
        let expected =
            ["1:3:ab", "1:6:c", "1:8:d", "/", "/", "3:1:éé", "3:4:x", "/", "/", "5:1:last"];
        for capacity in [1, 2, 3, 7, 64] {
            assert_eq!(words(text, capacity), expected, "capacity {capacity}");
        }
    }

    #[test]
    fn a_long_word_is_an_error_at_its_start() {
        for capacity in [1, 4, 64] {
            let out = words(b"a 12345678\n  123456789 b", capacity);
            assert_eq!(
                out.last().unwrap(),
                "error 2:3: a word longer than 8 bytes, the most a name or color may have"
            );
        }
    }

    #[test]
    fn invalid_utf8_names_its_column() {
        assert_eq!(words(b"ab c\xffd", 2).last().unwrap(), "error 1:5: input is not valid UTF-8");
    }
}
