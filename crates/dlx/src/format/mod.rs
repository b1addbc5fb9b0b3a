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
//!   secondary item may carry a color, `name:color`. As in Knuth's DLX5,
//!   an option may end with entries `|n` (`n` a nonnegative integer that
//!   fits in 64 bits): the option's cost is their sum.
//!
//! Unlike Knuth's programs, names and colors may be of any length up to
//! [`MAX_WORD`] (any characters but blanks, `:` and `|`), and lines of any
//! length: the input is read a word at a time ([`words`]), never a line at a
//! time, so memory follows the problem's size, not its lines'. Options
//! without a primary item are kept (so that option numbers match the lines
//! of the input) but can never be chosen, which is what Knuth's programs do
//! when they ignore them.

use std::io::BufRead;

use crate::entry::{Entry, OptionEntries};
use crate::error::{Error, ErrorKind};
use crate::problem::{Problem, ProblemBuilder};

mod words;
mod write;

use words::{Word, Words};

/// The most bytes a name or a color may hold: 1 MiB.
pub const MAX_WORD: usize = 1 << 20;

fn syntax(msg: impl Into<String>, line: usize, column: usize) -> Error {
    Error::new(ErrorKind::Syntax(msg.into())).at(line, column)
}

/// `word` as text, or an error at the column of its first character
/// that is not UTF-8 (`at` is the word's line and first column).
fn text(word: &[u8], (line, column): (usize, usize)) -> Result<&str, Error> {
    std::str::from_utf8(word).map_err(|e| {
        let valid = std::str::from_utf8(&word[..e.valid_up_to()]).map_or(0, |t| t.chars().count());
        syntax("input is not valid UTF-8", line, column + valid)
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

/// What the line being read is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum LineKind {
    /// No word of it read yet.
    Start,
    /// The item line; `true` once past its `|`.
    Items { secondary: bool },
    /// An option.
    Option,
}

struct Parser {
    builder: ProblemBuilder,
    /// The primary items, by item index.
    primary: Vec<bool>,
    /// For each item, the last option that named it (one-based).
    stamp: Vec<u32>,
    have_items: bool,
    options: u32,
    /// The option being read.
    entries: OptionEntries,
    /// The cost of the option being read, once a `|n` entry is read.
    cost: Option<u64>,
    /// The costs of the options read before it, added up.
    total: u64,
}

impl Parser {
    /// One word of the item line.
    fn item(&mut self, token: &str, secondary: &mut bool, at: (usize, usize)) -> Result<(), Error> {
        let (line, mut column) = at;
        let mut token = token;
        if let Some(rest) = token.strip_prefix('|') {
            if *secondary {
                return Err(syntax("item line contains `|` twice", line, column));
            }
            *secondary = true;
            if rest.is_empty() {
                return Ok(());
            }
            token = rest;
            column += 1;
        }
        let (bounds, name) = match token.rsplit_once('|') {
            Some((spec, name)) => {
                if *secondary {
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
                    let msg = format!("item `{name}` has upper bound 0");
                    return Err(syntax(msg, line, column));
                }
                if lo > hi {
                    let msg = format!("item `{name}` has lower bound {lo} above upper bound {hi}");
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
        match (*secondary, bounds) {
            (true, _) => self.builder.add_secondary(name),
            (false, Some((lo, hi))) => self.builder.add_primary_with_bounds(name, lo, hi),
            (false, None) => self.builder.add_primary(name),
        };
        self.primary.push(!*secondary);
        self.stamp.push(0);
        Ok(())
    }

    /// A cost entry `|n` of an option (`digits` is what follows the `|`).
    fn cost(&mut self, digits: &str, (line, column): (usize, usize)) -> Result<(), Error> {
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            let msg = format!("bad cost `|{digits}`: expected a nonnegative integer after `|`");
            return Err(syntax(msg, line, column));
        }
        let Ok(n) = digits.parse::<u64>() else {
            return Err(syntax(format!("cost `|{digits}` is too large"), line, column));
        };
        let sum = self.cost.unwrap_or(0).checked_add(n);
        let Some(sum) = sum.filter(|s| s.checked_add(self.total).is_some()) else {
            return Err(syntax("the options' costs add up past 2^64 - 1", line, column));
        };
        self.cost = Some(sum);
        Ok(())
    }

    /// One word of an option. Names and colors are found by their bytes;
    /// only a word that is not found, or that is in error, is checked to be
    /// UTF-8 (a word found is: it equals a name that is).
    fn entry(&mut self, token: &[u8], at: (usize, usize)) -> Result<(), Error> {
        let (line, column) = at;
        if token.first() == Some(&b'|') {
            return self.cost(&text(token, at)?[1..], at);
        }
        if self.cost.is_some() {
            let token = text(token, at)?;
            let msg = format!("item `{token}` after the option's cost: costs come last");
            return Err(syntax(msg, line, column));
        }
        let (name, color) = match token.iter().position(|&b| b == b':') {
            Some(k) => (&token[..k], Some(&token[k + 1..])),
            None => (token, None),
        };
        let Some(item) = self.builder.item_by_bytes(name) else {
            let name = &text(token, at)?[..name.len()];
            return Err(syntax(format!("unknown item `{name}`"), line, column));
        };
        let k = item.index();
        if self.stamp[k] == self.options {
            let name = &text(token, at)?[..name.len()];
            let msg = format!("item `{name}` appears twice in this option");
            return Err(syntax(msg, line, column));
        }
        self.stamp[k] = self.options;
        let color = match color {
            None => None,
            Some(_) if self.primary[k] => {
                let name = &text(token, at)?[..name.len()];
                let msg = format!("primary item `{name}` cannot have a color");
                return Err(syntax(msg, line, column));
            }
            Some(c) => match self.builder.color_by_bytes(c) {
                Some(id) => Some(id),
                None => {
                    let c = &text(token, at)?[name.len() + 1..];
                    if !valid_name(c) {
                        return Err(syntax(format!("bad color `{c}`"), line, column));
                    }
                    Some(self.builder.add_color(c))
                }
            },
        };
        self.entries.push(Entry { item, color });
        Ok(())
    }

    /// The end of a line of the kind given.
    fn end_line(&mut self, kind: LineKind) {
        match kind {
            LineKind::Start => {}
            LineKind::Items { .. } => self.have_items = true,
            LineKind::Option => {
                let cost = self.cost.take().unwrap_or(0);
                self.total += cost;
                self.builder.add_option_with_cost(self.entries.drain(..), cost);
            }
        }
    }
}

impl Problem {
    /// Reads a problem in Knuth's format, a word at a time. Errors carry
    /// the line and column of the mistake.
    ///
    /// A byte-order mark (U+FEFF) at the start of the text is skipped.
    /// Lines may be of any length; a name or color may hold at most
    /// 1 MiB (far more than any real problem needs): a longer
    /// one is an error as soon as that much is read, so that memory stays
    /// in proportion to the problem whatever the input.
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
        Problem::read_knuth_capped(reader, MAX_WORD)
    }

    /// [`Problem::read_knuth`] with words of at most `max_word` bytes.
    fn read_knuth_capped<R: BufRead>(reader: R, max_word: usize) -> Result<Problem, Error> {
        let mut p = Parser {
            builder: ProblemBuilder::new(),
            primary: Vec::new(),
            stamp: Vec::new(),
            have_items: false,
            options: 0,
            entries: OptionEntries::new(),
            cost: None,
            total: 0,
        };
        let mut words = Words::new(reader, max_word);
        let mut kind = LineKind::Start;
        loop {
            let line = words.line();
            let (token, column) = match words.next()? {
                Word::Text(token, column) => (token, column),
                Word::LineEnd => {
                    p.end_line(std::mem::replace(&mut kind, LineKind::Start));
                    continue;
                }
                Word::End => {
                    p.end_line(kind);
                    break;
                }
            };
            // A byte-order mark, as some editors write, is no part of the text.
            let token = match (line, column) {
                (1, 1) => token.strip_prefix("\u{feff}".as_bytes()).unwrap_or(token),
                _ => token,
            };
            let at = (line, column);
            match kind {
                _ if token.is_empty() => {}
                LineKind::Start if token.first() == Some(&b'|') => {
                    // A comment.
                    if words.skip_line()? {
                        break;
                    }
                }
                LineKind::Start if !p.have_items => {
                    let mut secondary = false;
                    p.item(text(token, at)?, &mut secondary, at)?;
                    kind = LineKind::Items { secondary };
                }
                LineKind::Start => {
                    p.options += 1;
                    p.entry(token, at)?;
                    kind = LineKind::Option;
                }
                LineKind::Items { mut secondary } => {
                    p.item(text(token, at)?, &mut secondary, at)?;
                    kind = LineKind::Items { secondary };
                }
                LineKind::Option => p.entry(token, at)?,
            }
        }
        if !p.have_items {
            return Err(Error::new(ErrorKind::NoItems).at(words.lines(), 1));
        }
        p.builder.build()
    }

    /// Reads a problem in Knuth's format from a string.
    pub fn parse_knuth(text: &str) -> Result<Problem, Error> {
        Problem::read_knuth(text.as_bytes())
    }
}

#[cfg(test)]
mod tests;
