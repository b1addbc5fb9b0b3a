//! [`Symmetry`]: the patterns a puzzle's clues may keep, and the orbits of
//! cells they tie together.

use std::fmt;
use std::str::FromStr;

use super::GenerateError;

/// A symmetry of the clues' places (not of their values): a cell is a clue
/// exactly when its images are.
///
/// ```
/// use sudoku_cover::generate::Symmetry;
///
/// assert_eq!("rot180".parse::<Symmetry>()?, Symmetry::Rot180);
/// // On 4x4, 180° turns tie the 16 cells in pairs.
/// let orbits = Symmetry::Rot180.orbits(4);
/// assert_eq!(orbits.len(), 8);
/// assert!(orbits.contains(&vec![0, 15]));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Symmetry {
    /// No symmetry: each cell on its own.
    #[default]
    None,
    /// Half-turn: `(r, c)` and `(n-1-r, n-1-c)`.
    Rot180,
    /// Quarter-turn: `(r, c)`, `(c, n-1-r)` and their turns.
    Rot90,
    /// Left-right mirror: `(r, c)` and `(r, n-1-c)`.
    Mirror,
    /// Mirror in the main diagonal: `(r, c)` and `(c, r)`.
    Diagonal,
}

impl Symmetry {
    /// Every symmetry, in a fixed order.
    pub const ALL: [Symmetry; 5] =
        [Symmetry::None, Symmetry::Rot180, Symmetry::Rot90, Symmetry::Mirror, Symmetry::Diagonal];

    /// The name: `none`, `rot180`, `rot90`, `mirror` or `diagonal`.
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rot180 => "rot180",
            Symmetry::Rot90 => "rot90",
            Symmetry::Mirror => "mirror",
            Symmetry::Diagonal => "diagonal",
        }
    }

    /// The images of a cell (`(row, col)` on a side of `n`) under the
    /// symmetry's moves, the cell itself first; repeats possible.
    pub fn images(self, n: usize, row: usize, col: usize) -> Vec<(usize, usize)> {
        let m = n - 1;
        match self {
            Symmetry::None => vec![(row, col)],
            Symmetry::Rot180 => vec![(row, col), (m - row, m - col)],
            Symmetry::Rot90 => {
                vec![(row, col), (col, m - row), (m - row, m - col), (m - col, row)]
            }
            Symmetry::Mirror => vec![(row, col), (row, m - col)],
            Symmetry::Diagonal => vec![(row, col), (col, row)],
        }
    }

    /// The orbits of the cells of a grid of side `n`: sets of cell indexes
    /// (row major, ascending) that the symmetry maps onto each other, in
    /// the order of their first cells. Every cell is in exactly one.
    pub fn orbits(self, n: usize) -> Vec<Vec<usize>> {
        let mut seen = vec![false; n * n];
        let mut orbits = Vec::new();
        for i in 0..n * n {
            if seen[i] {
                continue;
            }
            let mut orbit: Vec<usize> =
                self.images(n, i / n, i % n).into_iter().map(|(r, c)| r * n + c).collect();
            orbit.sort_unstable();
            orbit.dedup();
            for &j in &orbit {
                seen[j] = true;
            }
            orbits.push(orbit);
        }
        orbits
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Reads a symmetry's name (case and `-` ignored).
impl FromStr for Symmetry {
    type Err = GenerateError;

    fn from_str(s: &str) -> Result<Symmetry, GenerateError> {
        let key: String = s.trim().chars().filter(|&c| c != '-').collect::<String>().to_lowercase();
        Symmetry::ALL
            .into_iter()
            .find(|sym| sym.name() == key)
            .ok_or_else(|| GenerateError::UnknownSymmetry(s.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orbits_partition_the_cells() {
        for sym in Symmetry::ALL {
            for n in [4, 5, 6, 9] {
                let orbits = sym.orbits(n);
                let mut cells: Vec<usize> = orbits.concat();
                cells.sort_unstable();
                assert_eq!(cells, (0..n * n).collect::<Vec<_>>(), "{sym} {n}");
                // Each orbit is closed under the symmetry.
                for orbit in &orbits {
                    for &i in orbit {
                        for (r, c) in sym.images(n, i / n, i % n) {
                            assert!(orbit.contains(&(r * n + c)), "{sym} {n} {orbit:?}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn orbit_sizes() {
        // 9x9: the centre is fixed by turns; the mirror fixes a column, the
        // diagonal mirror the diagonal.
        let sizes = |sym: Symmetry| {
            let mut sizes: Vec<usize> = sym.orbits(9).iter().map(Vec::len).collect();
            sizes.sort_unstable();
            sizes.dedup();
            sizes
        };
        assert_eq!(Symmetry::None.orbits(9).len(), 81);
        assert_eq!(Symmetry::Rot180.orbits(9).len(), 41);
        assert_eq!(Symmetry::Rot90.orbits(9).len(), 21);
        assert_eq!(Symmetry::Mirror.orbits(9).len(), 45);
        assert_eq!(Symmetry::Diagonal.orbits(9).len(), 45);
        assert_eq!(sizes(Symmetry::Rot90), [1, 4]);
        assert_eq!(Symmetry::Rot90.orbits(4).len(), 4);
    }

    #[test]
    fn names_round_trip() {
        for sym in Symmetry::ALL {
            assert_eq!(sym.name().parse::<Symmetry>().unwrap(), sym);
        }
        assert_eq!("ROT-180".parse::<Symmetry>().unwrap(), Symmetry::Rot180);
        assert!("spiral".parse::<Symmetry>().is_err());
    }
}
