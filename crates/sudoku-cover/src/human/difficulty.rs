//! [`Difficulty`]: a rating on Sudoku Explainer's scale, in tenths.

use std::fmt;

/// A difficulty on Sudoku Explainer's (SE) scale: 1.0 for the easiest
/// singles, past 11 for the hardest nested chains. SE's values are whole
/// tenths, so a difficulty is kept as a number of tenths and compares
/// exactly.
///
/// ```
/// use sudoku_cover::human::Difficulty;
///
/// let hidden_pair = Difficulty::tenths(34);
/// assert_eq!(hidden_pair.to_string(), "3.4");
/// assert_eq!(hidden_pair.as_f64(), 3.4);
/// assert!(hidden_pair > Difficulty::tenths(30));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Difficulty(u16);

impl Difficulty {
    /// A difficulty of `tenths` tenths: `Difficulty::tenths(34)` is 3.4.
    pub const fn tenths(tenths: u16) -> Difficulty {
        Difficulty(tenths)
    }

    /// The number of tenths.
    pub const fn in_tenths(self) -> u16 {
        self.0
    }

    /// This difficulty plus `tenths` tenths (saturating).
    pub const fn plus(self, tenths: u16) -> Difficulty {
        Difficulty(self.0.saturating_add(tenths))
    }

    /// The value as a float (3.4).
    pub fn as_f64(self) -> f64 {
        f64::from(self.0) / 10.0
    }
}

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.0 / 10, self.0 % 10)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shows_one_decimal() {
        assert_eq!(Difficulty::tenths(10).to_string(), "1.0");
        assert_eq!(Difficulty::tenths(115).to_string(), "11.5");
        assert_eq!(Difficulty::tenths(45).plus(3).to_string(), "4.8");
        assert_eq!(Difficulty::tenths(u16::MAX).plus(1).in_tenths(), u16::MAX);
    }
}
