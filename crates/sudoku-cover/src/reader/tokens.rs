//! The cells of one line of text, as tokens with their columns: the
//! character form (`4..3`, `1 . | 3 .`) and the numbers form (`10 . 3 16`),
//! and what a row's `|` marks say about its box width; and the shapes of
//! lines that are not plain puzzles: CSV records and their header, and
//! grid rows with spaces for blanks.

use super::notation::Separator;
use crate::alphabet::{BLANKS, SEPARATORS};
use crate::error::{ReadError, ReadErrorKind};
use crate::shape::MAX_SIZE;

/// One cell of a line: its one-based column and what is written there.
#[derive(Debug, Clone, Copy)]
pub(super) struct Token {
    pub(super) column: usize,
    pub(super) kind: TokenKind,
}

/// A cell as written: a symbol, or a value of the numbers form (0 for a
/// blank).
#[derive(Debug, Clone, Copy)]
pub(super) enum TokenKind {
    Char(char),
    Number(u32),
}

/// How a line writes its cells.
#[derive(Debug, Clone, Copy)]
pub(super) struct LineForm {
    /// Nothing but cells: no spaces or separators between them.
    pub(super) compact: bool,
    /// The numbers form.
    pub(super) numbers: bool,
    /// What stands between the first two cells.
    pub(super) separator: Separator,
}

/// The box width that a row's `|` marks show: the number of cells between
/// them, when they split the row into two or more equal groups.
pub(super) fn box_width(line: &str, tokens: &[Token]) -> Option<usize> {
    let bars: Vec<usize> =
        line.chars().enumerate().filter(|&(_, c)| c == '|').map(|(i, _)| i + 1).collect();
    let mut groups: Vec<usize> = vec![0; bars.len() + 1];
    for t in tokens {
        groups[bars.partition_point(|&b| b < t.column)] += 1;
    }
    groups.retain(|&g| g > 0);
    let width = *groups.first()?;
    (groups.len() > 1 && groups.iter().all(|&g| g == width)).then_some(width)
}

/// Whether a character separates fields of the numbers form.
fn is_field_separator(c: char) -> bool {
    c.is_whitespace() || c == ',' || c == '|'
}

/// Splits a line into cell tokens, and tells how it writes them.
pub(super) fn tokenize(
    line: &str,
    line_no: usize,
    numbers: bool,
    tokens: &mut Vec<Token>,
) -> Result<LineForm, ReadError> {
    tokens.clear();
    let trimmed = line.trim();
    let compact = !trimmed.contains(is_field_separator);
    // The bytes from the end of the first cell to the start of the second.
    let mut gap = (0, 0);
    // A compact line is one field: never the numbers form.
    let numbers = !compact && (numbers || looks_like_numbers(line));
    if numbers {
        let mut column = 0;
        let mut start: Option<(usize, usize)> = None; // (byte, column)
        for (i, c) in line.char_indices().chain(std::iter::once((line.len(), ' '))) {
            column += 1;
            if is_field_separator(c) {
                if let Some((b, col)) = start.take() {
                    let before = tokens.len();
                    field_token(&line[b..i], col, line_no, tokens)?;
                    if before == 0 && tokens.len() == 1 {
                        gap.0 = i;
                    }
                }
            } else if start.is_none() {
                start = Some((i, column));
                if tokens.len() == 1 && gap.1 == 0 {
                    gap.1 = i;
                }
            }
        }
    } else {
        if line.is_ascii() {
            // The common case, a byte a character.
            for (i, &b) in line.as_bytes().iter().enumerate() {
                let space = b == b' ' || (b'\t'..=b'\r').contains(&b);
                if !space && !matches!(b, b'|' | b'-' | b'+' | b',') {
                    tokens.push(Token { column: i + 1, kind: TokenKind::Char(char::from(b)) });
                }
            }
        } else {
            for (i, c) in line.chars().enumerate() {
                if !c.is_whitespace() && !SEPARATORS.contains(&c) {
                    tokens.push(Token { column: i + 1, kind: TokenKind::Char(c) });
                }
            }
        }
        if !compact && tokens.len() >= 2 {
            // The bytes between the first two cells, one character each, at
            // character indices `first` and `second`.
            let (first, second) = (tokens[0].column - 1, tokens[1].column - 1);
            let mut at = line.char_indices().map(|(b, _)| b).skip(first + 1);
            gap.0 = at.next().unwrap_or(line.len());
            gap.1 = match second - first {
                1 => gap.0,
                d => at.nth(d - 2).unwrap_or(line.len()),
            };
        }
    }
    let separator = match tokens.len() {
        0 | 1 => Separator::None,
        _ => Separator::of_gap(&line[gap.0..gap.1.max(gap.0)]),
    };
    Ok(LineForm { compact, numbers, separator })
}

/// Whether a line is in the numbers form: several fields, all numbers,
/// blanks or separators, and one number of two digits or more.
fn looks_like_numbers(line: &str) -> bool {
    let mut fields = 0;
    let mut long = false;
    for f in line.split(is_field_separator).filter(|f| !f.is_empty()) {
        fields += 1;
        if f.bytes().all(|b| b.is_ascii_digit()) {
            long |= f.len() > 1;
        } else if !is_blank_field(f) && !f.chars().all(|c| SEPARATORS.contains(&c)) {
            return false;
        }
    }
    fields > 1 && long
}

/// Whether a line looks like a grid row written with spaces for blank
/// cells: cells of one character and spaces only, no wider than the widest
/// grid, with two spaces in a row between cells, or cells side by side as
/// well as spaces apart; and not a row of the numbers form (`10  .  3 16`,
/// whose values are at most the number of its cells).
pub(super) fn spaces_for_blanks(line: &str) -> bool {
    let line = line.trim();
    if line.is_empty()
        || line.len() > 4 * MAX_SIZE
        || line.chars().count() > MAX_SIZE
        || line.chars().any(|c| SEPARATORS.contains(&c) || c.is_whitespace() && c != ' ')
    {
        return false;
    }
    let double = line.contains("  ");
    let touching = line.split(' ').any(|f| f.chars().count() > 1);
    if !(double || touching && line.contains(' ')) {
        return false;
    }
    let fields: Vec<&str> = line.split_whitespace().collect();
    let numbers = touching
        && fields
            .iter()
            .all(|f| is_blank_field(f) || f.parse::<usize>().is_ok_and(|v| v <= fields.len()));
    !numbers
}

/// Whether a line is the header of a CSV file: comma-separated names, such
/// as `quizzes,solutions` or `id,puzzle,solution,clues,difficulty`.
pub(super) fn is_csv_header(line: &str) -> bool {
    line.contains(',')
        && line.split(',').all(|f| {
            let f = f.trim().trim_matches('"');
            f.len() >= 2
                && f.starts_with(|c: char| c.is_ascii_alphabetic())
                && f.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == ' ')
        })
}

/// The fields of a CSV record (a line with commas), each without the
/// spaces and quotes around it, with the byte offset where it starts.
pub(super) fn csv_fields(line: &str) -> impl Iterator<Item = (usize, &str)> {
    let commas = line.contains(',');
    line.split(',').filter(move |_| commas).scan(0, |offset, field| {
        let start = *offset;
        *offset += field.len() + 1;
        let inner = field.trim().trim_matches('"');
        let lead = inner.as_ptr() as usize - field.as_ptr() as usize;
        Some((start + lead, inner))
    })
}

fn is_blank_field(f: &str) -> bool {
    let mut chars = f.chars();
    matches!((chars.next(), chars.next()), (Some(c), None) if BLANKS.contains(&c))
}

/// Adds the token of one field of the numbers form.
fn field_token(
    field: &str,
    column: usize,
    line_no: usize,
    tokens: &mut Vec<Token>,
) -> Result<(), ReadError> {
    if field.chars().all(|c| SEPARATORS.contains(&c)) {
        return Ok(());
    }
    if is_blank_field(field) {
        tokens.push(Token { column, kind: TokenKind::Number(0) });
        return Ok(());
    }
    if let Some(bad) = field.char_indices().find(|(_, c)| !c.is_ascii_digit()) {
        let column = column + field[..bad.0].chars().count();
        return Err(ReadError::new(line_no, column, ReadErrorKind::UnknownSymbol(bad.1)));
    }
    // Too many digits for a u32 is out of range anyway.
    let value = field.parse::<u32>().unwrap_or(u32::MAX);
    tokens.push(Token { column, kind: TokenKind::Number(value) });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_form_is_detected() {
        assert!(looks_like_numbers("10 . 3 16"));
        assert!(looks_like_numbers("10,.,3,16"));
        assert!(!looks_like_numbers("1 . 3 6"));
        assert!(!looks_like_numbers("123456789"));
        assert!(!looks_like_numbers("10 A 3"));
    }

    #[test]
    fn tokens_carry_columns() {
        let mut t = Vec::new();
        let e = tokenize("  12, 3 x", 1, true, &mut t).unwrap_err();
        assert_eq!(e.to_string(), "1:9: unknown symbol 'x'");
        tokenize("  12, 3 .", 1, false, &mut t).unwrap();
        let cols: Vec<usize> = t.iter().map(|t| t.column).collect();
        assert_eq!(cols, [3, 7, 9]);
    }

    #[test]
    fn separators_between_cells() {
        let mut t = Vec::new();
        let sep = |line: &str, t: &mut Vec<Token>| tokenize(line, 1, false, t).unwrap().separator;
        assert_eq!(sep("4..3", &mut t), Separator::None);
        assert_eq!(sep("4 . . 3", &mut t), Separator::Space);
        assert_eq!(sep("10 . 3 16", &mut t), Separator::Space);
        assert_eq!(sep("10,.,3,16", &mut t), Separator::Comma);
        assert_eq!(sep("  10, ., 3", &mut t), Separator::CommaSpace);
        assert_eq!(sep("1\t.\t3", &mut t), Separator::Tab);
        assert_eq!(sep("4", &mut t), Separator::None);
        assert_eq!(sep("ab c d", &mut t), Separator::None);
        assert_eq!(sep("α  β γ", &mut t), Separator::Space);
        assert_eq!(sep("|1|2|", &mut t), Separator::None);
        let form = tokenize("10 . 3 16", 1, false, &mut t).unwrap();
        assert!(form.numbers && !form.compact);
        let form = tokenize("4..3", 1, false, &mut t).unwrap();
        assert!(!form.numbers && form.compact);
    }

    #[test]
    fn the_ascii_way_reads_as_the_general_way() {
        let mut t = Vec::new();
        for b in 1..128u8 {
            let c = char::from(b);
            let line = format!("{c}x");
            tokenize(&line, 1, false, &mut t).unwrap();
            let cell = !c.is_whitespace() && !SEPARATORS.contains(&c);
            assert_eq!(t.len(), 1 + usize::from(cell), "{c:?}");
        }
    }

    #[test]
    fn rows_with_spaces_for_blanks() {
        for row in ["53  7    ", "6  195   ", " 98    6 ", "8   6   3", "4  8 3  1", "   419  5"] {
            assert!(spaces_for_blanks(row), "{row:?}");
        }
        for row in [
            "5 3 . . 7 . . . .",
            "  1 . . 3",
            "10  .  3 16  .  .  .  .  .  .  .  .  .  .  .  .",
            "1 2 | 3 4",
            "53..7....",
            "",
            &".".repeat(81),
        ] {
            assert!(!spaces_for_blanks(row), "{row:?}");
        }
    }

    #[test]
    fn csv_headers_and_fields() {
        assert!(is_csv_header("quizzes,solutions"));
        assert!(is_csv_header("id,puzzle,solution,clues,difficulty"));
        assert!(is_csv_header("\"puzzle\", \"solution\""));
        assert!(!is_csv_header("puzzle"));
        assert!(!is_csv_header("1,2,3,4"));
        assert!(!is_csv_header("A,B,C,D"));
        let fields: Vec<_> = csv_fields("004,8643, \"12\"").collect();
        assert_eq!(fields, [(0, "004"), (4, "8643"), (11, "12")]);
        assert_eq!(csv_fields("no commas").count(), 0);
    }

    #[test]
    fn box_width_from_the_bars() {
        assert_eq!(box_width("|1 .|. 4|", &tokens_of("|1 .|. 4|")), Some(2));
        assert_eq!(box_width("1 . . 4", &tokens_of("1 . . 4")), None);
    }

    fn tokens_of(line: &str) -> Vec<Token> {
        let mut t = Vec::new();
        tokenize(line, 1, false, &mut t).unwrap();
        t
    }
}
