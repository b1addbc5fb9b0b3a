//! Knuth's text format for exact-cover problems, as read by his DLX1, DLX2
//! and DLX3: [`Problem::read_knuth`] and [`Problem::write_knuth`].
//!
//! - Lines whose first non-blank character is `|` are comments; blank lines
//!   are skipped. Lines may end in LF or CRLF; the last may lack one.
//! - The first other line names the items: primary items, then a `|`, then
//!   secondary items. A primary item may carry bounds, `lo:hi|name` or
//!   `hi|name` (covered between `lo` and `hi` times; `hi|` means exactly
//!   `hi`).
//! - Every further line is an option: item names separated by blanks; a
//!   secondary item may carry a color, `name:color`.
//!
//! Unlike Knuth's programs, names and colors may be of any length (any
//! characters but blanks, `:` and `|`). Options without a primary item are
//! kept (so that option numbers match the lines of the input) but can never
//! be chosen, which is what Knuth's programs do when they ignore them.

use std::io::{self, BufRead, Write};

use crate::error::{Error, ErrorKind};
use crate::id::ItemId;
use crate::lines::{LineRead, read_line_capped};
use crate::problem::{Entry, OptionEntries, Problem, ProblemBuilder};

/// The most bytes a line may hold (its line ending aside): 16 MiB.
const MAX_LINE: usize = 16 << 20;

fn syntax(msg: impl Into<String>, line: usize, column: usize) -> Error {
    Error::new(ErrorKind::Syntax(msg.into())).at(line, column)
}

/// Splits a line into tokens with their one-based columns.
fn tokens(line: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut rest = line;
    let mut offset = 0;
    std::iter::from_fn(move || {
        let start = rest.find(|c: char| !c.is_whitespace())?;
        let tail = &rest[start..];
        let len = tail.find(char::is_whitespace).unwrap_or(tail.len());
        let token = &tail[..len];
        let column = offset + start + 1;
        offset += start + len;
        rest = &tail[len..];
        Some((column, token))
    })
}

fn valid_name(name: &str) -> bool {
    !name.is_empty() && !name.contains([':', '|']) && !name.contains(char::is_whitespace)
}

fn parse_bound(text: &str, line: usize, column: usize) -> Result<u32, Error> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(syntax(format!("bad bound `{text}`: expected a number"), line, column));
    }
    text.parse().map_err(|_| syntax(format!("bound `{text}` is too large"), line, column))
}

struct Parser {
    builder: ProblemBuilder,
    /// The primary items, by item index.
    primary: Vec<bool>,
    stamp: Vec<u32>,
    have_items: bool,
    options: u32,
}

impl Parser {
    fn item_line(&mut self, text: &str, line: usize) -> Result<(), Error> {
        let mut secondary = false;
        for (column, mut token) in tokens(text) {
            let mut column = column;
            if let Some(rest) = token.strip_prefix('|') {
                if secondary {
                    return Err(syntax("item line contains `|` twice", line, column));
                }
                secondary = true;
                if rest.is_empty() {
                    continue;
                }
                token = rest;
                column += 1;
            }
            let (bounds, name) = match token.rsplit_once('|') {
                Some((spec, name)) => {
                    if secondary {
                        let msg = format!("secondary item `{name}` cannot have bounds");
                        return Err(syntax(msg, line, column));
                    }
                    let (lo, hi) = match spec.split_once(':') {
                        Some((lo, hi)) => {
                            (parse_bound(lo, line, column)?, parse_bound(hi, line, column)?)
                        }
                        None => {
                            let hi = parse_bound(spec, line, column)?;
                            (hi, hi)
                        }
                    };
                    if hi == 0 {
                        return Err(syntax(
                            format!("item `{name}` has upper bound 0"),
                            line,
                            column,
                        ));
                    }
                    if lo > hi {
                        let msg =
                            format!("item `{name}` has lower bound {lo} above upper bound {hi}");
                        return Err(syntax(msg, line, column));
                    }
                    (Some((lo, hi)), name)
                }
                None => (None, token),
            };
            if !valid_name(name) {
                return Err(syntax(format!("bad item name `{name}`"), line, column));
            }
            if self.builder.item(name).is_some() {
                return Err(syntax(format!("duplicate item name `{name}`"), line, column));
            }
            match (secondary, bounds) {
                (true, _) => self.builder.add_secondary(name),
                (false, Some((lo, hi))) => self.builder.add_primary_with_bounds(name, lo, hi),
                (false, None) => self.builder.add_primary(name),
            };
            self.primary.push(!secondary);
            self.stamp.push(0);
        }
        if self.builder.num_items() == 0 {
            return Err(syntax("no item names found", line, 1));
        }
        Ok(())
    }

    fn option_line(&mut self, text: &str, line: usize) -> Result<(), Error> {
        self.options += 1;
        let stamp = self.options;
        let mut entries = OptionEntries::new();
        for (column, token) in tokens(text) {
            let (name, color) = match token.split_once(':') {
                Some((name, color)) => (name, Some(color)),
                None => (token, None),
            };
            let Some(item) = self.builder.item(name) else {
                return Err(syntax(format!("unknown item `{name}`"), line, column));
            };
            let k = item.index();
            if self.stamp[k] == stamp {
                return Err(syntax(
                    format!("item `{name}` appears twice in this option"),
                    line,
                    column,
                ));
            }
            self.stamp[k] = stamp;
            let color = match color {
                None => None,
                Some(_) if self.primary[k] => {
                    let msg = format!("primary item `{name}` cannot have a color");
                    return Err(syntax(msg, line, column));
                }
                Some(c) if !valid_name(c) => {
                    return Err(syntax(format!("bad color `{c}`"), line, column));
                }
                Some(c) => Some(self.builder.add_color(c)),
            };
            entries.push(Entry { item, color });
        }
        self.builder.add_option(entries.iter().copied());
        Ok(())
    }
}

impl Problem {
    /// Reads a problem in Knuth's format, line by line. Errors carry the
    /// line and column of the mistake.
    ///
    /// A byte-order mark (U+FEFF) at the start of the text is skipped. A
    /// line may hold at most 16 MiB (far more than any real problem needs):
    /// a longer one is an error as soon as its first 16 MiB are read, so that
    /// memory stays bounded whatever the input.
    ///
    /// ```
    /// use dlx::{Problem, Solver};
    /// let text = "| Knuth's DLX2 example\nA B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nX:0 Y:1\nB X:1\nC Y:1\n";
    /// let problem = Problem::read_knuth(text.as_bytes())?;
    /// assert_eq!((problem.num_primary(), problem.num_secondary()), (3, 2));
    /// assert_eq!(Solver::new(&problem).count(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn read_knuth<R: BufRead>(reader: R) -> Result<Problem, Error> {
        Problem::read_knuth_capped(reader, MAX_LINE)
    }

    /// [`Problem::read_knuth`] with lines of at most `max_line` bytes.
    fn read_knuth_capped<R: BufRead>(mut reader: R, max_line: usize) -> Result<Problem, Error> {
        let mut p = Parser {
            builder: ProblemBuilder::new(),
            primary: Vec::new(),
            stamp: Vec::new(),
            have_items: false,
            options: 0,
        };
        let mut buf = Vec::new();
        let mut line = 0;
        loop {
            buf.clear();
            let read = read_line_capped(&mut reader, &mut buf, max_line)
                .map_err(|e| Error::new(ErrorKind::Io(e.to_string())).at(line + 1, 1))?;
            match read {
                LineRead::End => break,
                LineRead::Line => line += 1,
                LineRead::TooLong => {
                    let msg = format!(
                        "the line is longer than {max_line} bytes, the most a line of a problem \
                         may have"
                    );
                    return Err(syntax(msg, line + 1, 1));
                }
            }
            let text = std::str::from_utf8(&buf).map_err(|e| {
                let column = String::from_utf8_lossy(&buf[..e.valid_up_to()]).chars().count();
                syntax("input is not valid UTF-8", line, column + 1)
            })?;
            let text = text.trim_end_matches(['\n', '\r']);
            // A byte-order mark, as some editors write, is no part of the text.
            let text = if line == 1 { text.strip_prefix('\u{feff}').unwrap_or(text) } else { text };
            let trimmed = text.trim_start();
            if trimmed.is_empty() || trimmed.starts_with('|') && p.have_items {
                continue;
            }
            if !p.have_items {
                if trimmed.starts_with('|') {
                    continue; // a comment before the item line
                }
                p.item_line(text, line)?;
                p.have_items = true;
            } else {
                p.option_line(text, line)?;
            }
        }
        if !p.have_items {
            return Err(Error::new(ErrorKind::NoItems).at(line.max(1), 1));
        }
        p.builder.build()
    }

    /// Reads a problem in Knuth's format from a string.
    pub fn parse_knuth(text: &str) -> Result<Problem, Error> {
        Problem::read_knuth(text.as_bytes())
    }

    /// Writes the problem in Knuth's format; reading it back gives the same
    /// problem (a first item name that starts with U+FEFF, which reads as a
    /// byte-order mark, gets one written before it). Fails with [`io::ErrorKind::InvalidInput`] if a name cannot
    /// be written (it is empty or holds a blank, `:` or `|`), an option is
    /// empty, or there is no primary item.
    pub fn write_knuth<W: Write>(&self, mut w: W) -> io::Result<()> {
        let bad = |what: &str| io::Error::new(io::ErrorKind::InvalidInput, what.to_owned());
        if self.num_primary() == 0 {
            // The item line would start with `|`, which reads as a comment.
            return Err(bad("a problem without primary items cannot be written"));
        }
        let mut line = String::new();
        let items: Vec<ItemId> = self.items().collect();
        for pass in [true, false] {
            for &item in items.iter().filter(|&&i| self.is_primary(i) == pass) {
                let name = self.item_name(item);
                if !valid_name(name) {
                    return Err(bad(&format!("item name `{name}` cannot be written")));
                }
                if !line.is_empty() {
                    line.push(' ');
                }
                match self.bounds(item) {
                    Some(b) if b.lo == b.hi && b.hi != 1 => line.push_str(&format!("{}|", b.hi)),
                    Some(b) if b.lo != b.hi => line.push_str(&format!("{}:{}|", b.lo, b.hi)),
                    _ => {}
                }
                line.push_str(name);
            }
            if pass && self.num_secondary() > 0 {
                line.push_str(" |");
            }
        }
        if line.starts_with('\u{feff}') {
            // The reader drops a byte-order mark at the start of the text:
            // one written first keeps the first name whole.
            w.write_all("\u{feff}".as_bytes())?;
        }
        writeln!(w, "{line}")?;
        for c in 0..self.num_colors() {
            let name = self.color_name(crate::id::ColorId::new(c));
            if !valid_name(name) {
                return Err(bad(&format!("color `{name}` cannot be written")));
            }
        }
        for o in self.options() {
            if self.option(o).is_empty() {
                return Err(bad(&format!("option {o} is empty")));
            }
            writeln!(w, "{}", self.format_option(o))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::id::OptionId;

    #[test]
    fn tokens_have_columns() {
        let t: Vec<_> = tokens("  ab c\td").collect();
        assert_eq!(t, [(3, "ab"), (6, "c"), (8, "d")]);
    }

    #[test]
    fn errors_name_line_and_column() {
        let e = Problem::parse_knuth("| comment\nA B | X\nA Q\n").unwrap_err();
        assert_eq!((e.line(), e.column()), (Some(3), Some(3)));
        assert_eq!(e.to_string(), "3:3: unknown item `Q`");
        let e = Problem::parse_knuth("A B | X\nA A\n").unwrap_err();
        assert_eq!(e.to_string(), "2:3: item `A` appears twice in this option");
        let e = Problem::parse_knuth("A B | X\nA:1 X\n").unwrap_err();
        assert_eq!(e.to_string(), "2:1: primary item `A` cannot have a color");
        let e = Problem::parse_knuth("3:2|A B\n").unwrap_err();
        assert_eq!(e.to_string(), "1:1: item `A` has lower bound 3 above upper bound 2");
        let e = Problem::parse_knuth("0|A B\n").unwrap_err();
        assert_eq!(e.to_string(), "1:1: item `A` has upper bound 0");
        let e = Problem::parse_knuth("A | B | C\n").unwrap_err();
        assert_eq!(e.to_string(), "1:7: item line contains `|` twice");
        let e = Problem::parse_knuth("A A\n").unwrap_err();
        assert_eq!(e.to_string(), "1:3: duplicate item name `A`");
        let e = Problem::parse_knuth("| only a comment\n\n").unwrap_err();
        assert_eq!(*e.kind(), ErrorKind::NoItems);
    }

    #[test]
    fn crlf_missing_newline_and_long_names() {
        let p =
            Problem::parse_knuth("alpha_long_name beta\r\n|c\r\nalpha_long_name\r\nbeta").unwrap();
        assert_eq!(p.num_options(), 2);
        assert_eq!(p.item_name(ItemId::new(0)), "alpha_long_name");
    }

    #[test]
    fn bounds_and_separator_forms() {
        let p = Problem::parse_knuth("A 2|B 1:3|C |X Y\nA B\n").unwrap();
        assert_eq!(p.num_primary(), 3);
        assert_eq!(p.num_secondary(), 2);
        let b = p.bounds(p.item_by_name("B").unwrap()).unwrap();
        assert_eq!((b.lo, b.hi), (2, 2));
        let c = p.bounds(p.item_by_name("C").unwrap()).unwrap();
        assert_eq!((c.lo, c.hi), (1, 3));
    }

    #[test]
    fn write_then_read_is_identity() {
        let text = "A 2|B 0:3|C | X Y\nA B X:red\nB C Y:1\nC X:red Y:2\nX\n";
        let p = Problem::parse_knuth(text).unwrap();
        let mut out = Vec::new();
        p.write_knuth(&mut out).unwrap();
        let out = String::from_utf8(out).unwrap();
        assert_eq!(out, text);
        let q = Problem::parse_knuth(&out).unwrap();
        assert_eq!(q.num_options(), p.num_options());
        for o in p.options() {
            assert_eq!(p.format_option(o), q.format_option(o));
        }
    }

    #[test]
    fn a_byte_order_mark_is_skipped() {
        let p = Problem::parse_knuth("\u{feff}A B\nA\nB\n").unwrap();
        assert_eq!(p.item_name(ItemId::new(0)), "A");
        assert_eq!(p.num_options(), 2);
        // Before a comment, and on its own line.
        assert_eq!(Problem::parse_knuth("\u{feff}| c\nA\nA\n").unwrap().num_options(), 1);
        assert_eq!(Problem::parse_knuth("\u{feff}\nA\nA\n").unwrap().num_options(), 1);
        // Only the first: a second one is part of a name.
        let p = Problem::parse_knuth("\u{feff}\u{feff}A\n").unwrap();
        assert_eq!(p.item_name(ItemId::new(0)), "\u{feff}A");
        let e = Problem::parse_knuth("A\n\u{feff}A\n").unwrap_err();
        assert_eq!(e.to_string(), "2:1: unknown item `\u{feff}A`");
    }

    #[test]
    fn a_line_over_the_cap_is_an_error_naming_the_limit_and_line() {
        let text = format!("A B\nA\n{}\nB\n", "B ".repeat(20));
        let e = Problem::read_knuth_capped(text.as_bytes(), 16).unwrap_err();
        assert_eq!(
            e.to_string(),
            "3:1: the line is longer than 16 bytes, the most a line of a problem may have"
        );
        // Exactly the cap, with or without a line ending, is fine.
        let p = Problem::read_knuth_capped(&b"A B\nA B  \n  A B"[..], 5).unwrap();
        assert_eq!(p.num_options(), 2);
        let e = Problem::read_knuth_capped(&b"A B\nA B   \n"[..], 5).unwrap_err();
        assert_eq!(e.line(), Some(2));
    }

    #[test]
    fn a_long_line_is_not_read_whole() {
        /// Endless `A`s, and the bytes handed out.
        struct Endless(usize);
        impl io::Read for Endless {
            fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
                buf.fill(b'A');
                self.0 += buf.len();
                Ok(buf.len())
            }
        }
        let mut source = Endless(0);
        let e = Problem::read_knuth_capped(io::BufReader::new(&mut source), 1 << 20).unwrap_err();
        assert_eq!(e.line(), Some(1));
        assert!(source.0 < (1 << 20) + (1 << 14), "read {} bytes", source.0);
    }

    #[test]
    fn lines_read_capped_end_where_they_should() {
        let mut r = io::BufReader::with_capacity(3, &b"ab\ncdefg\nh"[..]);
        let mut buf = Vec::new();
        assert_eq!(read_line_capped(&mut r, &mut buf, 4).unwrap(), LineRead::Line);
        assert_eq!(buf, b"ab\n");
        buf.clear();
        assert_eq!(read_line_capped(&mut r, &mut buf, 4).unwrap(), LineRead::TooLong);
        assert_eq!(buf, b"");
        let mut r = io::BufReader::with_capacity(3, &b"abcd"[..]);
        assert_eq!(read_line_capped(&mut r, &mut buf, 4).unwrap(), LineRead::Line);
        assert_eq!(read_line_capped(&mut r, &mut buf, 4).unwrap(), LineRead::End);
        assert_eq!(buf, b"abcd");
    }

    #[test]
    fn invalid_utf8_names_its_line_and_column() {
        let e = Problem::read_knuth(&b"A B\nA \xff\n"[..]).unwrap_err();
        assert_eq!(e.to_string(), "2:3: input is not valid UTF-8");
    }

    /// Found by fuzzing: a first item name starting with U+FEFF lost it
    /// when written and read back, the mark taken for a byte-order mark.
    #[test]
    fn a_name_like_a_byte_order_mark_is_written_to_read_back() {
        let p = Problem::parse_knuth("| comment\n\u{feff} Q\n\u{feff}\n").unwrap();
        assert_eq!(p.num_items(), 2);
        let mut out = Vec::new();
        p.write_knuth(&mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(text, "\u{feff}\u{feff} Q\n\u{feff}\n");
        let q = Problem::parse_knuth(&text).unwrap();
        assert_eq!((q.num_items(), q.item_name(ItemId::new(0))), (2, "\u{feff}"));
        assert_eq!(q.format_option(OptionId::new(0)), "\u{feff}");
    }
}
