//! [`Alphabet`]: how cell values are written as text.
//!
//! A value is `0` for a blank cell or `1..=n` for the `n` symbols of a grid
//! of side `n`. An alphabet is either a list of one-character symbols (the
//! first stands for 1) or the *numbers* form, where values are written in
//! decimal and separated by spaces or commas (`10 . 3 16 …`).
//!
//! Blanks are `.`, `_`, `*`, and `0` when `0` is not a symbol.

use crate::error::{Error, ErrorKind};
use crate::shape::MAX_SIZE;

/// The default symbols: `1`-`9`, then `A`-`Z`, then `a`-`z`, then `@`, `$`
/// and `%` (64 in all). The first `n` serve a grid of side `n`.
pub const DEFAULT_SYMBOLS: &str =
    "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz@$%";

/// Characters that stand for a blank cell (`0` too, unless it is a symbol).
pub const BLANKS: [char; 3] = ['.', '_', '*'];

/// Characters that separate cells and are otherwise ignored.
pub(crate) const SEPARATORS: [char; 4] = ['|', '-', '+', ','];

/// The symbols that stand for cell values.
///
/// ```
/// use sudoku_cover::Alphabet;
///
/// let hex = Alphabet::new("0123456789ABCDEF")?;
/// assert_eq!(hex.value('0'), Some(1));
/// assert_eq!(hex.value('.'), Some(0));
/// assert_eq!(hex.symbol(16), Some('F'));
///
/// let default = Alphabet::default_for(16);
/// assert_eq!(default.value('G'), Some(16));
/// assert_eq!(default.value('g'), Some(16)); // letters in either case
/// assert_eq!(default.value('0'), Some(0)); // 0 is a blank here
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Alphabet {
    /// The symbols, or empty for the numbers form.
    symbols: Vec<char>,
    /// The value of each ASCII character plus one: 1 for a blank, 0 when
    /// it is neither a blank nor a symbol.
    ascii: [u8; 128],
    /// When every symbol is ASCII: the byte that writes each value (`.`
    /// for 0, and for values past the symbols).
    bytes: Option<[u8; MAX_SIZE + 1]>,
    /// Whether letters may be given in either case.
    fold_case: bool,
}

impl Alphabet {
    /// The first `n` of [`DEFAULT_SYMBOLS`] (at most 64). Letters are read
    /// in either case while the symbols hold no lower-case letter, that is
    /// for sides up to 35.
    pub fn default_for(n: usize) -> Alphabet {
        let n = n.min(MAX_SIZE);
        Alphabet::from_symbols(DEFAULT_SYMBOLS.chars().take(n).collect())
    }

    /// A custom symbol set, such as `"0123456789ABCDEF"`: at most 64
    /// distinct characters, none of them a blank (`.` `_` `*`), a
    /// separator (`|` `-` `+` `,`), `#` or whitespace. Letters are read in
    /// either case unless both cases of a letter are symbols.
    pub fn new(symbols: &str) -> Result<Alphabet, Error> {
        let chars: Vec<char> = symbols.chars().collect();
        let bad = |msg: String| Err(Error::new(ErrorKind::BadAlphabet(msg)));
        if chars.is_empty() || chars.len() > MAX_SIZE {
            return bad(format!("{} symbols; an alphabet has 1 to 64", chars.len()));
        }
        for (i, &c) in chars.iter().enumerate() {
            if BLANKS.contains(&c) || SEPARATORS.contains(&c) || c == '#' || c.is_whitespace() {
                return bad(format!("{c:?} cannot be a symbol"));
            }
            if chars[..i].contains(&c) {
                return bad(format!("{c:?} appears twice"));
            }
        }
        Ok(Alphabet::from_symbols(chars))
    }

    /// The numbers form: values in decimal, separated by spaces or commas,
    /// with `.` (or `0`) for a blank.
    pub fn numbers() -> Alphabet {
        let mut ascii = [0; 128];
        for d in 0..=9u8 {
            ascii[usize::from(b'0' + d)] = d + 1;
        }
        for b in BLANKS {
            ascii[b as usize] = 1;
        }
        Alphabet { symbols: Vec::new(), ascii, bytes: None, fold_case: false }
    }

    fn from_symbols(symbols: Vec<char>) -> Alphabet {
        let mut ascii = [0u8; 128];
        let fold_case =
            !symbols.iter().any(|&c| c.is_ascii_alphabetic() && symbols.contains(&flip_case(c)));
        for (i, &c) in symbols.iter().enumerate() {
            if c.is_ascii() {
                ascii[c as usize] = i as u8 + 2;
            }
        }
        if fold_case {
            for &c in &symbols {
                let f = flip_case(c);
                if f != c && f.is_ascii() && ascii[f as usize] == 0 {
                    ascii[f as usize] = ascii[c as usize];
                }
            }
        }
        for b in BLANKS {
            ascii[b as usize] = 1;
        }
        if !symbols.contains(&'0') {
            // `0` is a blank unless it is a symbol.
            ascii[usize::from(b'0')] = 1;
        }
        let bytes = symbols.iter().all(char::is_ascii).then(|| {
            let mut bytes = [b'.'; MAX_SIZE + 1];
            for (i, &c) in symbols.iter().enumerate().take(MAX_SIZE) {
                bytes[i + 1] = c as u8;
            }
            bytes
        });
        Alphabet { symbols, ascii, bytes, fold_case }
    }

    /// Whether this is the numbers form.
    #[inline]
    pub fn is_numbers(&self) -> bool {
        self.symbols.is_empty()
    }

    /// The number of symbols (0 for the numbers form, which has no limit).
    #[inline]
    pub fn len(&self) -> usize {
        self.symbols.len()
    }

    /// Whether the alphabet has no symbols, which is the numbers form.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.symbols.is_empty()
    }

    /// Whether this alphabet can write every value of a grid of side `n`.
    #[inline]
    pub fn fits(&self, n: usize) -> bool {
        self.is_numbers() || self.symbols.len() >= n
    }

    /// The symbols, in value order.
    pub fn symbols(&self) -> &[char] {
        &self.symbols
    }

    /// The value a character stands for: `Some(0)` for a blank,
    /// `Some(1..)` for a symbol, `None` for anything else. In the numbers
    /// form, single digits read as their value.
    #[inline]
    pub fn value(&self, c: char) -> Option<u8> {
        if c.is_ascii() {
            // Blanks, symbols and (in the numbers form) digits, in one look.
            return self.ascii[c as usize].checked_sub(1);
        }
        if self.is_numbers() {
            return None;
        }
        self.symbols.iter().position(|&s| s == c).map(|i| i as u8 + 1)
    }

    /// The symbol that writes a value (`1..=len`); `None` for 0 or a value
    /// past the symbols, and always in the numbers form.
    #[inline]
    pub fn symbol(&self, value: u8) -> Option<char> {
        let i = usize::from(value).checked_sub(1)?;
        self.symbols.get(i).copied()
    }

    /// The byte that writes each value (`b'.'` for 0), when every symbol
    /// is ASCII: the fast way to write a grid.
    #[inline]
    pub(crate) fn ascii_bytes(&self) -> Option<&[u8; MAX_SIZE + 1]> {
        self.bytes.as_ref()
    }

    /// Whether letters are read in either case.
    pub fn folds_case(&self) -> bool {
        self.fold_case
    }
}

impl Default for Alphabet {
    /// The 9x9 alphabet, `1`-`9`.
    fn default() -> Self {
        Alphabet::default_for(9)
    }
}

fn flip_case(c: char) -> char {
    if c.is_ascii_uppercase() { c.to_ascii_lowercase() } else { c.to_ascii_uppercase() }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_alphabets() {
        let a = Alphabet::default_for(9);
        assert_eq!(a.len(), 9);
        assert_eq!(a.value('9'), Some(9));
        assert_eq!(a.value('A'), None);
        for blank in ['.', '0', '_', '*'] {
            assert_eq!(a.value(blank), Some(0));
        }
        let big = Alphabet::default_for(64);
        assert_eq!(big.symbol(64), Some('%'));
        assert_eq!(big.value('a'), Some(36));
        assert_eq!(big.value('A'), Some(10));
        assert!(!big.folds_case());
        assert_eq!(Alphabet::default_for(100).len(), 64);
        assert_eq!(DEFAULT_SYMBOLS.chars().count(), 64);
    }

    #[test]
    fn custom_alphabets() {
        let hex = Alphabet::new("0123456789abcdef").unwrap();
        assert_eq!(hex.value('0'), Some(1));
        assert_eq!(hex.value('F'), Some(16));
        assert_eq!(hex.symbol(11), Some('a'));
        assert!(Alphabet::new("12.").is_err());
        assert!(Alphabet::new("1231").is_err());
        assert!(Alphabet::new("").is_err());
        let greek = Alphabet::new("αβγδ").unwrap();
        assert_eq!(greek.value('γ'), Some(3));
        assert_eq!(greek.value('x'), None);
    }

    #[test]
    fn numbers_form() {
        let n = Alphabet::numbers();
        assert!(n.is_numbers() && n.fits(64));
        assert_eq!(n.value('7'), Some(7));
        assert_eq!(n.value('0'), Some(0));
        assert_eq!(n.symbol(7), None);
    }
}
