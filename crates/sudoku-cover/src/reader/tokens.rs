//! The cells of one line of text, as tokens with their columns: the
//! character form (`4..3`, `1 . | 3 .`) and the numbers form (`10 . 3 16`),
//! and what a row's `|` marks say about its box width.

use crate::alphabet::{BLANKS, SEPARATORS};
use crate::error::{ReadError, ReadErrorKind};

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

/// Splits a line into cell tokens. Returns whether the cells are written
/// with nothing between them.
pub(super) fn tokenize(
    line: &str,
    line_no: usize,
    numbers: bool,
    tokens: &mut Vec<Token>,
) -> Result<bool, ReadError> {
    tokens.clear();
    let trimmed = line.trim();
    let compact = !trimmed.contains(is_field_separator);
    if numbers && !compact || looks_like_numbers(line) {
        let mut column = 0;
        let mut start: Option<(usize, usize)> = None; // (byte, column)
        for (i, c) in line.char_indices().chain(std::iter::once((line.len(), ' '))) {
            column += 1;
            if is_field_separator(c) {
                if let Some((b, col)) = start.take() {
                    field_token(&line[b..i], col, line_no, tokens)?;
                }
            } else if start.is_none() {
                start = Some((i, column));
            }
        }
    } else {
        for (i, c) in line.chars().enumerate() {
            if !c.is_whitespace() && !SEPARATORS.contains(&c) {
                tokens.push(Token { column: i + 1, kind: TokenKind::Char(c) });
            }
        }
    }
    Ok(compact)
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
