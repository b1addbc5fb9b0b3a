//! The words of Knuth's format, read one at a time in bounded memory:
//! [`Words`] splits the input at blanks and line ends without ever holding
//! a line, so that a line of ten million item names costs no more than the
//! names themselves, and a word longer than any name may be is an error as
//! soon as its cap is passed. The input is read in chunks into a buffer of
//! at most 64 KiB plus the longest word.

use std::io::{self, BufRead};

use crate::error::{Error, ErrorKind};

/// What [`Words::next`] found.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Word<'a> {
    /// A word, and the one-based column (in characters) where it starts.
    /// Its bytes are not checked to be UTF-8: a name the parser finds
    /// among those it has is, and any other it checks itself.
    Text(&'a [u8], usize),
    /// The end of a line: its `\n` was read.
    LineEnd,
    /// The end of the input (which may end a line without `\n`).
    End,
}

/// The blanks between words: ASCII white space but the line feed.
fn is_blank(b: u8) -> bool {
    CLASS[usize::from(b)] == BLANK
}

/// What each byte is to [`Words`]: a word's, a blank or the line feed.
const WORD: u8 = 0;
const BLANK: u8 = 1;
const NEWLINE: u8 = 2;
const CLASS: [u8; 256] = {
    let mut class = [WORD; 256];
    let mut blanks = [b' ', b'\t', b'\r', b'\x0b', b'\x0c'].as_slice();
    while let [b, rest @ ..] = blanks {
        class[*b as usize] = BLANK;
        blanks = rest;
    }
    class[b'\n' as usize] = NEWLINE;
    class
};

/// The high bit of each byte of a word.
const HIGH_BITS: u64 = 0x8080_8080_8080_8080;
/// Each byte of a word 0x21, one past the largest blank (the space).
const PAST_BLANKS: u64 = 0x2121_2121_2121_2121;

/// Where the word at `bytes[i..]` ends (the first blank or line feed from
/// `i`, else the end of `bytes`), its bytes OR-ed into `high`. Eight bytes
/// at a time while they hold no byte below 0x21 (the blanks and the line
/// feed are all below it): `x - PAST_BLANKS` borrows into the high bit of
/// every byte below 0x21 that `x` itself does not set, exactly at the
/// first such byte (later ones may be flagged falsely, by the borrow),
/// so the first flag is checked against the byte table.
fn scan_word(bytes: &[u8], mut i: usize, high: &mut u64) -> usize {
    while let Some(eight) = bytes.get(i..i + 8) {
        let x = u64::from_le_bytes(eight.try_into().expect("eight bytes"));
        let flags = x.wrapping_sub(PAST_BLANKS) & !x & HIGH_BITS;
        if flags == 0 {
            *high |= x;
            i += 8;
            continue;
        }
        let k = flags.trailing_zeros() as usize / 8;
        *high |= x & ((1u64 << (8 * k)) - 1);
        i += k;
        if CLASS[usize::from(bytes[i])] != WORD {
            return i;
        }
        // A control character below 0x21 but not a blank: a word's byte.
        *high |= u64::from(bytes[i]);
        i += 1;
    }
    while let Some(&b) = bytes.get(i).filter(|&&b| CLASS[usize::from(b)] == WORD) {
        *high |= u64::from(b);
        i += 1;
    }
    i
}

/// The most bytes a read asks for, once the input has shown it is long.
const CHUNK: usize = 1 << 16;
/// The bytes of the first read: a small problem touches no more memory.
const FIRST_CHUNK: usize = 1 << 12;

/// Splits a reader into words and line ends. The input is read in chunks
/// into a buffer of its own and split there, so a word within a chunk is
/// neither copied nor handed through the reader's layers; a word that runs
/// past the chunk is moved to the front and the buffer read on.
#[derive(Debug)]
pub(super) struct Words<R> {
    reader: R,
    /// The bytes read: `buf[pos..end]` are not yet split.
    buf: Vec<u8>,
    pos: usize,
    end: usize,
    /// The most bytes a read asks for.
    chunk: usize,
    /// A read returned nothing: the input is over and is never read again
    /// (the end of a terminal's input shows once).
    ended: bool,
    /// The most bytes a word may hold.
    max_word: usize,
    /// The one-based line being read.
    line: usize,
    /// The characters of the line read so far.
    column: usize,
}

impl<R: BufRead> Words<R> {
    pub(super) fn new(reader: R, max_word: usize) -> Words<R> {
        Words::with_chunk(reader, max_word, CHUNK)
    }

    /// Reads of at most `chunk` bytes (at least 1).
    fn with_chunk(reader: R, max_word: usize, chunk: usize) -> Words<R> {
        Words {
            reader,
            buf: Vec::new(),
            pos: 0,
            end: 0,
            chunk: chunk.max(1),
            ended: false,
            max_word,
            line: 1,
            column: 0,
        }
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

    /// Moves the bytes not yet split to the front and reads more after
    /// them; `false` at the end of the input. Each read asks for twice the
    /// buffer's size before, from 4 KiB up to `chunk`, so that a small
    /// input touches little memory; past that, the buffer grows only to
    /// hold a word longer than it (up to the cap, checked by the caller).
    fn refill(&mut self) -> Result<bool, Error> {
        if self.ended {
            return Ok(false);
        }
        self.buf.copy_within(self.pos..self.end, 0);
        self.end -= self.pos;
        self.pos = 0;
        let want = match self.buf.len() {
            0 => FIRST_CHUNK.min(self.chunk),
            n => (2 * n).min(self.chunk),
        };
        let len = self.buf.len().max(self.end + want);
        self.buf.resize(len, 0);
        loop {
            match self.reader.read(&mut self.buf[self.end..]) {
                Ok(0) => {
                    self.ended = true;
                    return Ok(false);
                }
                Ok(n) => {
                    self.end += n;
                    return Ok(true);
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(self.io_error(&e)),
            }
        }
    }

    /// The next word or line end.
    pub(super) fn next(&mut self) -> Result<Word<'_>, Error> {
        loop {
            while self.pos < self.end && is_blank(self.buf[self.pos]) {
                self.pos += 1;
                self.column += 1;
            }
            if self.pos < self.end {
                break;
            }
            if !self.refill()? {
                return Ok(Word::End);
            }
        }
        if self.buf[self.pos] == b'\n' {
            self.pos += 1;
            self.line += 1;
            self.column = 0;
            return Ok(Word::LineEnd);
        }
        let start = self.column + 1;
        let mut i = self.pos;
        // The bytes OR-ed together: no high bit set, all ASCII.
        let mut high = 0u64;
        loop {
            i = scan_word(&self.buf[..self.end], i, &mut high);
            if i - self.pos > self.max_word {
                let msg = format!(
                    "a word longer than {} bytes, the most a name or color may have",
                    self.max_word
                );
                return Err(Error::new(ErrorKind::Syntax(msg)).at(self.line, start));
            }
            if i < self.end {
                break;
            }
            // The word may go on past the bytes read.
            let read = i - self.pos;
            let more = self.refill()?;
            i = self.pos + read;
            if !more {
                break;
            }
        }
        let word = &self.buf[self.pos..i];
        self.pos = i;
        // A character starts at every byte but UTF-8's continuation bytes.
        self.column += if high & HIGH_BITS == 0 {
            word.len()
        } else {
            word.iter().filter(|&&b| b & 0xc0 != 0x80).count()
        };
        Ok(Word::Text(word, start))
    }

    /// Skips the rest of the line, keeping none of it; `true` at the end of
    /// the input.
    pub(super) fn skip_line(&mut self) -> Result<bool, Error> {
        loop {
            if let Some(at) = memchr::memchr(b'\n', &self.buf[self.pos..self.end]) {
                self.pos += at + 1;
                self.line += 1;
                self.column = 0;
                return Ok(false);
            }
            self.pos = self.end;
            if !self.refill()? {
                return Ok(true);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The words of `text` read in chunks of `chunk` bytes, words capped at 8.
    fn words(text: &[u8], chunk: usize) -> Vec<String> {
        capped(text, chunk, 8)
    }

    fn capped(text: &[u8], chunk: usize, max_word: usize) -> Vec<String> {
        let mut w = Words::with_chunk(text, max_word, chunk);
        let mut out = Vec::new();
        loop {
            let line = w.line();
            match w.next() {
                Ok(Word::Text(t, c)) => {
                    out.push(format!("{line}:{c}:{}", String::from_utf8_lossy(t)))
                }
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
    fn words_have_lines_and_columns_whatever_the_chunk() {
        let text = "  ab c\td\r\n\néé x\n  \nlast".as_bytes();
        let expected =
            ["1:3:ab", "1:6:c", "1:8:d", "/", "/", "3:1:éé", "3:4:x", "/", "/", "5:1:last"];
        for chunk in [1, 2, 3, 7, 64, CHUNK] {
            assert_eq!(words(text, chunk), expected, "chunk {chunk}");
        }
    }

    #[test]
    fn a_long_word_is_an_error_at_its_start() {
        for chunk in [1, 4, 64] {
            let out = words(b"a 12345678\n  123456789 b", chunk);
            assert_eq!(
                out.last().unwrap(),
                "error 2:3: a word longer than 8 bytes, the most a name or color may have"
            );
        }
    }

    #[test]
    fn bytes_past_ascii_count_as_characters() {
        for chunk in [1, 2, 64] {
            let text = ["é\u{feff}b c".as_bytes(), b"\xffd ab"].concat();
            let out = words(&text, chunk);
            assert_eq!(out, ["1:1:é\u{feff}b", "1:5:c\u{fffd}d", "1:9:ab"]);
        }
    }

    #[test]
    fn lines_are_skipped_across_chunks() {
        for chunk in [1, 2, 5, 64] {
            let mut w = Words::with_chunk(&b"a | a comment\nb\n| last"[..], 8, chunk);
            assert_eq!(w.next().unwrap(), Word::Text(b"a", 1));
            assert!(!w.skip_line().unwrap());
            assert_eq!((w.line(), w.next().unwrap()), (2, Word::Text(b"b", 1)));
            assert_eq!(w.next().unwrap(), Word::LineEnd);
            assert!(w.skip_line().unwrap());
            assert_eq!(w.next().unwrap(), Word::End);
        }
    }

    #[test]
    fn the_buffer_stays_within_a_chunk_and_a_word() {
        // Words of up to 8 bytes on one line, read 16 bytes at a time.
        let n = if cfg!(miri) { 500 } else { 10_000 };
        let text: String = (0..n).map(|i| format!("w{i} ")).collect();
        let mut w = Words::with_chunk(text.as_bytes(), 8, 16);
        let mut words = 0;
        while let Word::Text(..) = w.next().unwrap() {
            words += 1;
            assert!(w.buf.len() <= 8 + 16, "buffer of {} bytes", w.buf.len());
        }
        assert_eq!(words, n);
    }

    /// Splits `text` as the format does, all at once.
    fn reference(text: &str) -> Vec<String> {
        let blank = |c: char| matches!(c, ' ' | '\t' | '\r' | '\x0b' | '\x0c');
        let mut out = Vec::new();
        for (k, line) in text.split('\n').enumerate() {
            let mut column = 0;
            let mut chars = line.chars().peekable();
            while let Some(&c) = chars.peek() {
                if blank(c) {
                    chars.next();
                    column += 1;
                    continue;
                }
                let start = column + 1;
                let mut word = String::new();
                while let Some(&c) = chars.peek().filter(|&&c| !blank(c)) {
                    word.push(c);
                    chars.next();
                    column += 1;
                }
                out.push(format!("{}:{start}:{word}", k + 1));
            }
            out.push("/".into());
        }
        out.pop();
        out
    }

    proptest::proptest! {
        // Not under Miri (no `unsafe` here), where generating the texts
        // alone takes minutes.
        #[test]
        #[cfg_attr(miri, ignore)]
        fn words_match_a_plain_split(
            text in "([a-cé|:\x01\x1f\x7f\u{80}ÿ]{1,12}|[ \t\r\n\x0b\x0c]){0,40}",
            chunk in 1usize..12,
        ) {
            proptest::prop_assert_eq!(capped(text.as_bytes(), chunk, 1000), reference(&text));
        }
    }
}
