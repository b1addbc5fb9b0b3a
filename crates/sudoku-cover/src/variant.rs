//! [`Variant`]: constraints that sudoku variants add to the classic rules.
//!
//! A variant contributes *houses* (sets of `n` cells that hold every symbol
//! once, like a row) or *exclusions* (pairs of cells that must differ). The
//! encoder turns houses into primary items and exclusions into secondary
//! items, whatever variant they come from, so variants combine freely.

use std::fmt;
use std::str::FromStr;

use crate::error::{Error, ErrorKind};
use crate::shape::Shape;

/// A house as a one-letter tag and its `(row, col)` cells.
pub(crate) type TaggedHouse = (char, Vec<(usize, usize)>);

/// A sudoku variant: extra constraints on top of rows, columns and boxes
/// (or jigsaw regions).
///
/// ```
/// use sudoku_cover::Variant;
///
/// assert_eq!("anti-knight".parse::<Variant>()?, Variant::AntiKnight);
/// assert_eq!(Variant::Diagonal.to_string(), "diagonal");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Variant {
    /// X sudoku: both main diagonals hold every symbol once.
    Diagonal,
    /// Hyper sudoku (windoku): extra box-sized windows, each holding every
    /// symbol once. On 9x9, the four 3x3 windows with top-left cells r2c2,
    /// r2c6, r6c2 and r6c6. In general, windows of the box shape start at
    /// rows `1 + k·(box_rows + 1)` and columns `1 + k·(box_cols + 1)`
    /// (zero-based) for every `k` that fits; boxes must be at least 2x2.
    Hyper,
    /// No two equal symbols a king's move apart (including diagonally).
    AntiKing,
    /// No two equal symbols a knight's move apart.
    AntiKnight,
}

impl Variant {
    /// Every variant, in a fixed order.
    pub const ALL: [Variant; 4] =
        [Variant::Diagonal, Variant::Hyper, Variant::AntiKing, Variant::AntiKnight];

    /// The variant's name: `diagonal`, `hyper`, `anti-king` or
    /// `anti-knight`.
    pub fn name(self) -> &'static str {
        match self {
            Variant::Diagonal => "diagonal",
            Variant::Hyper => "hyper",
            Variant::AntiKing => "anti-king",
            Variant::AntiKnight => "anti-knight",
        }
    }

    /// The houses the variant adds, as lists of `(row, col)` cells, each
    /// holding every symbol once. A house has a one-letter tag used in item
    /// names.
    pub(crate) fn houses(self, shape: Shape) -> Result<Vec<TaggedHouse>, Error> {
        let n = shape.size();
        match self {
            Variant::Diagonal => Ok(vec![
                ('d', (0..n).map(|i| (i, i)).collect()),
                ('d', (0..n).map(|i| (i, n - 1 - i)).collect()),
            ]),
            Variant::Hyper => {
                let (br, bc) = (shape.box_rows(), shape.box_cols());
                if br < 2 || bc < 2 {
                    let msg = format!("hyper windows need boxes at least 2x2, not {shape}");
                    return Err(ErrorKind::BadVariant(msg).into());
                }
                let mut houses = Vec::new();
                for wr in 0..(n - 1) / (br + 1) {
                    for wc in 0..(n - 1) / (bc + 1) {
                        let (r0, c0) = (1 + wr * (br + 1), 1 + wc * (bc + 1));
                        let cells = (0..br).flat_map(|r| (0..bc).map(move |c| (r0 + r, c0 + c)));
                        houses.push(('w', cells.collect()));
                    }
                }
                Ok(houses)
            }
            Variant::AntiKing | Variant::AntiKnight => Ok(Vec::new()),
        }
    }

    /// The moves (one direction of each) whose two ends must differ.
    pub(crate) fn moves(self) -> &'static [(isize, isize)] {
        match self {
            Variant::AntiKing => &[(0, 1), (1, -1), (1, 0), (1, 1)],
            Variant::AntiKnight => &[(1, -2), (1, 2), (2, -1), (2, 1)],
            Variant::Diagonal | Variant::Hyper => &[],
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Reads a variant name, ignoring case, `-` and `_`: `diagonal` (or `x`),
/// `hyper` (or `windoku`), `anti-king`, `anti-knight`.
impl FromStr for Variant {
    type Err = Error;

    fn from_str(s: &str) -> Result<Variant, Error> {
        let key: String =
            s.trim().chars().filter(|c| !matches!(c, '-' | '_')).collect::<String>().to_lowercase();
        match key.as_str() {
            "diagonal" | "x" | "xsudoku" => Ok(Variant::Diagonal),
            "hyper" | "windoku" => Ok(Variant::Hyper),
            "antiking" => Ok(Variant::AntiKing),
            "antiknight" => Ok(Variant::AntiKnight),
            _ => Err(ErrorKind::BadVariant(format!("unknown variant {s:?}")).into()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hyper_windows() {
        let h = Variant::Hyper.houses(Shape::CLASSIC).unwrap();
        let corners: Vec<_> = h.iter().map(|(_, cells)| cells[0]).collect();
        assert_eq!(corners, [(1, 1), (1, 5), (5, 1), (5, 5)]);
        assert!(h.iter().all(|(_, cells)| cells.len() == 9));
        assert_eq!(Variant::Hyper.houses(Shape::for_size(16).unwrap()).unwrap().len(), 9);
        assert_eq!(Variant::Hyper.houses(Shape::for_size(4).unwrap()).unwrap().len(), 1);
        assert!(Variant::Hyper.houses(Shape::new(1, 7).unwrap()).is_err());
    }

    #[test]
    fn names_round_trip() {
        for v in Variant::ALL {
            assert_eq!(v.name().parse::<Variant>().unwrap(), v);
        }
        assert_eq!("Anti_King".parse::<Variant>().unwrap(), Variant::AntiKing);
        assert!("sandwich".parse::<Variant>().is_err());
    }
}
