//! `dlx sum`: add up counts, one whole number per line.
//!
//! The end of a distributed count: each part of a split problem was counted
//! somewhere, and the counts come back as files or as one stream. Blank
//! lines are skipped; anything else that is not a whole number stops the sum
//! with `file:line: not a count: ...`, and a file without a count is an
//! error too: a part whose count failed must never be silently left out.
//! A line is read only up to [`MAX_LINE`] bytes: a longer one is no count,
//! and is reported without being read whole.
//! The total is written alone on a line, or as one [`JsonSum`].

use std::io::{BufRead, Read, Write};

use anyhow::{Context, Result, bail};
use serde::Serialize;

use crate::config::{Output, SumConfig};
use crate::exit::ExitStatus;
use crate::input::Input;
use crate::out::Out;

/// The longest piece of a bad line quoted in an error.
const QUOTE: usize = 40;

/// The most bytes a line may hold: far more than a count needs (39 digits
/// and some blanks).
const MAX_LINE: u64 = 1 << 10;

/// Runs `dlx sum`.
pub fn run(config: &SumConfig) -> Result<ExitStatus> {
    let mut sum = Sum::default();
    for input in &config.inputs {
        let reader = input.open().with_context(|| format!("{input}"))?;
        sum.add_all(input, reader)?;
    }
    match config.expect {
        Some(expected) if expected != sum.counts => {
            bail!("expected {expected} counts, read {}", sum.counts)
        }
        _ => {}
    }
    let mut out = Out::new();
    match config.output {
        Output::Text => writeln!(out, "{}", sum.total)?,
        Output::Json => out.json_line(&JsonSum { total: sum.total, counts: sum.counts })?,
    }
    out.flush()?;
    Ok(if sum.total > 0 { ExitStatus::Success } else { ExitStatus::NoSolution })
}

/// The sum as `--format json` writes it.
#[derive(Debug, Serialize)]
struct JsonSum {
    /// The sum of the counts.
    total: u128,
    /// How many counts were added.
    counts: u64,
}

/// A running sum.
#[derive(Debug, Default)]
struct Sum {
    total: u128,
    /// How many counts were added.
    counts: u64,
}

impl Sum {
    /// Adds every count of one input.
    fn add_all(&mut self, input: &Input, mut reader: impl BufRead) -> Result<()> {
        let before = self.counts;
        let mut line = Vec::new();
        let mut number = 0;
        loop {
            line.clear();
            // One byte more than a line may hold, to tell a long line.
            let n = (&mut reader)
                .take(MAX_LINE + 2)
                .read_until(b'\n', &mut line)
                .with_context(|| format!("{input}"))?;
            if n == 0 {
                break;
            }
            number += 1;
            let text = String::from_utf8_lossy(&line);
            if line.strip_suffix(b"\n").unwrap_or(&line).len() as u64 > MAX_LINE {
                bail!(
                    "{input}:{number}: not a count: the line is longer than {MAX_LINE} bytes: `{}`",
                    quote(text.trim())
                );
            }
            // A byte-order mark is no part of the text (`Input::open`
            // drops it; this reader may be given text directly).
            let text = if number == 1 { text.trim_start_matches('\u{feff}') } else { &text };
            let text = text.trim();
            if text.is_empty() {
                continue;
            }
            let Some(count) = parse_count(text) else {
                if text.bytes().all(|b| b.is_ascii_digit()) {
                    bail!("{input}:{number}: the count is too large (over 2^128)");
                }
                bail!("{input}:{number}: not a count: `{}`", quote(text));
            };
            let Some(total) = self.total.checked_add(count) else {
                bail!("{input}:{number}: the sum is too large (over 2^128)");
            };
            self.total = total;
            self.counts += 1;
        }
        // An empty stdin may just mean "nothing to add" (`--expect` catches
        // a missing count); an empty file is a count that never came.
        if self.counts == before && *input != Input::Stdin {
            bail!("{input}: no count in the file");
        }
        Ok(())
    }
}

/// A whole number in decimal digits (nothing else: no sign, no separators).
fn parse_count(text: &str) -> Option<u128> {
    if text.bytes().all(|b| b.is_ascii_digit()) { text.parse().ok() } else { None }
}

/// The start of a bad line, short enough for one line of error.
fn quote(text: &str) -> String {
    match text.char_indices().nth(QUOTE) {
        Some((end, _)) => format!("{}...", &text[..end]),
        None => text.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sum(text: &str) -> Result<Sum> {
        let mut sum = Sum::default();
        sum.add_all(&Input::File("counts.txt".into()), text.as_bytes())?;
        Ok(sum)
    }

    #[test]
    fn counts_add_up_and_blank_lines_are_skipped() {
        let s = sum("12\n\n  30 \r\n0\n").unwrap();
        assert_eq!((s.total, s.counts), (42, 3));
        let s = sum("340282366920938463463374607431768211455").unwrap();
        assert_eq!(s.total, u128::MAX);
    }

    #[test]
    fn a_bad_line_is_named() {
        let err = sum("1\n2\nitems: 7\n").err().unwrap();
        assert_eq!(err.to_string(), "counts.txt:3: not a count: `items: 7`");
        for bad in ["-1", "+1", "1e6", "1,000", "0x10", "½"] {
            assert!(sum(bad).is_err(), "{bad}");
        }
        let long = "x".repeat(100);
        let err = sum(&long).err().unwrap().to_string();
        assert!(err.ends_with(&format!("`{}...`", "x".repeat(QUOTE))), "{err}");
    }

    #[test]
    fn a_byte_order_mark_is_skipped() {
        let s = sum("\u{feff}12\n30\n").unwrap();
        assert_eq!((s.total, s.counts), (42, 2));
        let err = sum("12\n\u{feff}30\n").err().unwrap();
        assert_eq!(err.to_string(), "counts.txt:2: not a count: `\u{feff}30`");
    }

    #[test]
    fn a_long_line_is_not_read_whole() {
        let long = format!("{}\n7\n", "1".repeat(10_000_000));
        let mut reader = long.as_bytes();
        let mut s = Sum::default();
        let err = s.add_all(&Input::File("counts.txt".into()), &mut reader).err().unwrap();
        assert_eq!(
            err.to_string(),
            format!(
                "counts.txt:1: not a count: the line is longer than 1024 bytes: `{}...`",
                "1".repeat(QUOTE)
            )
        );
        assert!(reader.len() > 9_000_000, "read {} bytes", long.len() - reader.len());
        // Up to the limit, blanks included, a line is read.
        let s = sum(&format!("{}1{}\r\n", " ".repeat(1000), " ".repeat(22))).unwrap();
        assert_eq!(s.total, 1);
        assert!(sum(&format!("{}1{}\r\n", " ".repeat(1000), " ".repeat(23))).is_err());
    }

    #[test]
    fn invalid_utf8_is_not_a_count() {
        let mut s = Sum::default();
        let err = s.add_all(&Input::File("c".into()), &b"1\n\xff2\n"[..]).err().unwrap();
        assert_eq!(err.to_string(), "c:2: not a count: `\u{fffd}2`");
    }

    #[test]
    fn overflow_and_empty_files_are_errors() {
        let err = sum("340282366920938463463374607431768211455\n1\n").err().unwrap();
        assert_eq!(err.to_string(), "counts.txt:2: the sum is too large (over 2^128)");
        let err = sum("340282366920938463463374607431768211456\n").err().unwrap();
        assert_eq!(err.to_string(), "counts.txt:1: the count is too large (over 2^128)");
        assert_eq!(sum("\n\n").err().unwrap().to_string(), "counts.txt: no count in the file");
        let mut s = Sum::default();
        s.add_all(&Input::Stdin, &b""[..]).unwrap();
        assert_eq!((s.total, s.counts), (0, 0));
    }
}
