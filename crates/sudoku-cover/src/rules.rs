//! [`Rules`]: what makes a grid a solution — the shape, the regions
//! (boxes or a jigsaw map) and any [`Variant`]s.
//!
//! Rules reduce to two kinds of constraint, which is all the encoder sees:
//!
//! - *houses*: `n` cells that hold every symbol once (rows, columns,
//!   boxes or jigsaw regions, diagonals, hyper windows);
//! - *exclusions*: two cells that must not hold the same symbol (a king's
//!   or knight's move apart).

use crate::error::{Error, ErrorKind};
use crate::regions::Regions;
use crate::shape::Shape;
use crate::variant::Variant;

/// The rules of a sudoku: a [`Shape`], boxes or jigsaw [`Regions`], and
/// [`Variant`]s. Compile them into a [`Sudoku`](crate::Sudoku) to solve.
///
/// ```
/// use sudoku_cover::{Rules, Shape, Variant};
///
/// let rules = Rules::new(Shape::CLASSIC)
///     .with_variant(Variant::Diagonal)
///     .with_variant(Variant::AntiKnight);
/// assert_eq!(rules.size(), 9);
/// assert_eq!(rules.variants(), [Variant::Diagonal, Variant::AntiKnight]);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Rules {
    shape: Shape,
    regions: Option<Regions>,
    variants: Vec<Variant>,
}

/// A set of cells that holds every symbol once; `tag` names it in item
/// names (`r` row, `c` column, `b` box, `j` jigsaw region, `d` diagonal,
/// `w` hyper window).
#[derive(Debug, Clone)]
pub(crate) struct House {
    pub(crate) tag: char,
    /// Cell indexes in reading order.
    pub(crate) cells: Vec<usize>,
}

/// The constraints of some rules, as the encoder wants them.
#[derive(Debug, Clone)]
pub(crate) struct Constraints {
    pub(crate) houses: Vec<House>,
    /// Pairs of cells (indexes, smaller first) that must differ and share
    /// no house; sorted, without repeats.
    pub(crate) exclusions: Vec<(usize, usize)>,
}

impl Rules {
    /// Classic rules for a shape: rows, columns and boxes.
    pub fn new(shape: Shape) -> Rules {
        Rules { shape, regions: None, variants: Vec::new() }
    }

    /// Classic 9x9 rules.
    pub fn classic() -> Rules {
        Rules::new(Shape::CLASSIC)
    }

    /// Jigsaw rules: the regions replace the boxes. The shape is the
    /// default one for the side (boxes one row tall for a prime side); it
    /// only matters for the pretty form of grids.
    pub fn jigsaw(regions: Regions) -> Rules {
        let shape = Shape::for_size_or_rows(regions.size()).unwrap_or_default();
        Rules::new(shape).with_regions(regions)
    }

    /// Adds a variant (once; adding it again changes nothing).
    pub fn with_variant(mut self, variant: Variant) -> Rules {
        if !self.variants.contains(&variant) {
            self.variants.push(variant);
        }
        self
    }

    /// Replaces the boxes with jigsaw regions. Their side must be the
    /// shape's, or [`Sudoku::new`](crate::Sudoku::new) fails.
    pub fn with_regions(mut self, regions: Regions) -> Rules {
        self.regions = Some(regions);
        self
    }

    /// The shape.
    #[inline]
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The side.
    #[inline]
    pub fn size(&self) -> usize {
        self.shape.size()
    }

    /// The jigsaw regions, if any.
    pub fn regions(&self) -> Option<&Regions> {
        self.regions.as_ref()
    }

    /// The variants, in the order they were added.
    pub fn variants(&self) -> &[Variant] {
        &self.variants
    }

    /// Whether a variant is among the rules.
    pub fn has_variant(&self, variant: Variant) -> bool {
        self.variants.contains(&variant)
    }

    /// The houses and exclusions of these rules.
    pub(crate) fn constraints(&self) -> Result<Constraints, Error> {
        let n = self.size();
        let mut houses = Vec::with_capacity(3 * n + 2);
        let house = |tag, cells: Vec<usize>| House { tag, cells };
        houses.extend((0..n).map(|r| house('r', (0..n).map(|c| r * n + c).collect())));
        houses.extend((0..n).map(|c| house('c', (0..n).map(|r| r * n + c).collect())));
        let (tag, regions) = match &self.regions {
            Some(regions) if regions.size() != n => {
                let m = regions.size();
                let msg = format!("the region map is {m}x{m} but the grid is {n}x{n}");
                return Err(ErrorKind::BadRegions(msg).into());
            }
            Some(regions) => ('j', regions.members()),
            None => ('b', Regions::boxes(self.shape).members()),
        };
        let index =
            |cells: Vec<(usize, usize)>| cells.into_iter().map(|(r, c)| r * n + c).collect();
        houses.extend(regions.into_iter().map(|cells| house(tag, index(cells))));
        for v in &self.variants {
            for (tag, cells) in v.houses(self.shape)? {
                houses.push(house(tag, index(cells)));
            }
        }

        let mut in_house = vec![Vec::new(); n * n];
        for (h, house) in houses.iter().enumerate() {
            for &cell in &house.cells {
                in_house[cell].push(h);
            }
        }
        let share = |a: usize, b: usize| in_house[a].iter().any(|h| in_house[b].contains(h));
        let mut exclusions = Vec::new();
        for v in &self.variants {
            for &(dr, dc) in v.moves() {
                for r in 0..n {
                    for c in 0..n {
                        let (Some(r2), Some(c2)) =
                            (r.checked_add_signed(dr), c.checked_add_signed(dc))
                        else {
                            continue;
                        };
                        if r2 >= n || c2 >= n {
                            continue;
                        }
                        let (a, b) = (r * n + c, r2 * n + c2);
                        if !share(a, b) {
                            exclusions.push((a.min(b), a.max(b)));
                        }
                    }
                }
            }
        }
        exclusions.sort_unstable();
        exclusions.dedup();
        Ok(Constraints { houses, exclusions })
    }
}

impl Default for Rules {
    /// Classic 9x9 rules.
    fn default() -> Self {
        Rules::classic()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classic_constraints() {
        let c = Rules::classic().constraints().unwrap();
        assert_eq!(c.houses.len(), 27);
        assert!(c.houses.iter().all(|h| h.cells.len() == 9));
        assert!(c.exclusions.is_empty());
    }

    #[test]
    fn anti_king_keeps_only_new_pairs() {
        let c = Rules::classic().with_variant(Variant::AntiKing).constraints().unwrap();
        // Diagonal neighbours across a box border: 2 directions, 8x8
        // diagonal pairs each, minus the 2·3·3·... within a box.
        let in_box = c.exclusions.iter().filter(|&&(a, b)| {
            Shape::CLASSIC.box_of(a / 9, a % 9) == Shape::CLASSIC.box_of(b / 9, b % 9)
        });
        assert_eq!(in_box.count(), 0);
        assert!(c.exclusions.iter().all(|&(a, b)| a / 9 != b / 9 && a % 9 != b % 9));
        // 128 diagonal neighbour pairs, 8 per box (9 boxes) are in a box.
        assert_eq!(c.exclusions.len(), 128 - 9 * 8);
    }

    #[test]
    fn anti_knight_pairs() {
        let c = Rules::new(Shape::for_size(4).unwrap())
            .with_variant(Variant::AntiKnight)
            .constraints()
            .unwrap();
        // 4·(n-1)(n-2) knight pairs on a 4x4 board, none inside a 2x2 box.
        assert_eq!(c.exclusions.len(), 24);
    }

    #[test]
    fn regions_must_fit() {
        let regions = Regions::boxes(Shape::for_size(4).unwrap());
        let e = Rules::classic().with_regions(regions).constraints().unwrap_err();
        assert_eq!(e.to_string(), "the region map is 4x4 but the grid is 9x9");
    }
}
