//! Random jigsaw region maps: `n` connected regions of `n` cells each.
//!
//! The map starts as the boxes of a shape (or, where the side has no boxes
//! at least two cells each way, as a snake: the cells in boustrophedon
//! order, cut into runs of `n`) and is then stirred: a cell of region A
//! next to region B joins B while a cell of B next to A joins A, and the
//! trade is undone if either region falls apart. Sizes never change, and
//! every region stays connected, so every map made is a valid one; whether
//! a sudoku fits it is for the generator to find out. A map that comes out
//! as the boxes of some shape of the side (likely on 4x4) is stirred again:
//! a jigsaw is never a plain sudoku in disguise.

use crate::regions::Regions;
use crate::shape::Shape;

use super::rng::Rng;

/// Trades tried per cell of the grid: enough that a map no longer shows
/// the boxes it started from.
const TRADES_PER_CELL: usize = 12;

/// A random map of `shape.size()` connected regions of as many cells.
pub(super) fn random_regions(shape: Shape, rng: &mut Rng) -> Regions {
    let n = shape.size();
    let mut labels = start(shape);
    loop {
        stir(n, &mut labels, rng);
        if !is_boxes(n, &labels) {
            return Regions::from_cells(&labels).expect("n regions of n cells each");
        }
    }
}

/// Whether `labels` cut the grid into the boxes of some shape of side `n`
/// (the same cells together, whatever the labels).
fn is_boxes(n: usize, labels: &[u8]) -> bool {
    let canonical = first_seen_order(labels);
    (1..=n).filter(|r| n % r == 0).any(|r| {
        Shape::new(r, n / r).is_ok_and(|s| first_seen_order(Regions::boxes(s).cells()) == canonical)
    })
}

/// The labels renamed 0, 1, 2, ... in the order they first appear.
fn first_seen_order(labels: &[u8]) -> Vec<u8> {
    let mut names = [u8::MAX; 256];
    let mut next = 0u8;
    labels
        .iter()
        .map(|&l| {
            if names[usize::from(l)] == u8::MAX {
                names[usize::from(l)] = next;
                next = next.wrapping_add(1);
            }
            names[usize::from(l)]
        })
        .collect()
}

/// Trades cells between neighbouring regions, keeping every region whole.
fn stir(n: usize, labels: &mut [u8], rng: &mut Rng) {
    let mut neighbours = Vec::with_capacity(4);
    let mut scratch = Scratch::new(n);
    for _ in 0..TRADES_PER_CELL * n * n {
        let a = rng.below(n * n);
        neighbours.clear();
        neighbours.extend(adjacent(n, a).filter(|&b| labels[b] != labels[a]));
        let Some(&b) = rng.pick(&neighbours) else { continue };
        let (ra, rb) = (labels[a], labels[b]);
        // A cell of B, other than b, that touches A once a has left it.
        let givers: Vec<usize> = (0..n * n)
            .filter(|&c| {
                labels[c] == rb && c != b && adjacent(n, c).any(|d| d != a && labels[d] == ra)
            })
            .collect();
        let Some(&c) = rng.pick(&givers) else { continue };
        labels[a] = rb;
        labels[c] = ra;
        if !scratch.connected(n, labels, ra, c) || !scratch.connected(n, labels, rb, a) {
            labels[a] = ra;
            labels[c] = rb;
        }
    }
}

/// The map to stir: the shape's boxes, or a snake for boxes one cell
/// thick.
fn start(shape: Shape) -> Vec<u8> {
    let n = shape.size();
    if shape.box_rows() >= 2 && shape.box_cols() >= 2 {
        return Regions::boxes(shape).cells().to_vec();
    }
    let mut labels = vec![0u8; n * n];
    for k in 0..n * n {
        let (r, i) = (k / n, k % n);
        let c = if r % 2 == 0 { i } else { n - 1 - i };
        labels[r * n + c] = (k / n) as u8;
    }
    labels
}

/// The cells next to cell `i` (up, down, left, right).
fn adjacent(n: usize, i: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (i / n, i % n);
    [
        (r > 0).then(|| i - n),
        (r + 1 < n).then(|| i + n),
        (c > 0).then(|| i - 1),
        (c + 1 < n).then(|| i + 1),
    ]
    .into_iter()
    .flatten()
}

/// The memory of the connectivity checks, kept from one to the next.
struct Scratch {
    seen: Vec<bool>,
    stack: Vec<usize>,
}

impl Scratch {
    fn new(n: usize) -> Scratch {
        Scratch { seen: vec![false; n * n], stack: Vec::new() }
    }

    /// Whether the `n` cells labelled `label` are one piece, searching from
    /// `from`, one of them.
    fn connected(&mut self, n: usize, labels: &[u8], label: u8, from: usize) -> bool {
        self.seen.fill(false);
        self.stack.clear();
        self.stack.push(from);
        self.seen[from] = true;
        let mut reached = 1;
        while let Some(i) = self.stack.pop() {
            for j in adjacent(n, i) {
                if labels[j] == label && !self.seen[j] {
                    self.seen[j] = true;
                    reached += 1;
                    self.stack.push(j);
                }
            }
        }
        reached == n
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether every region of the map is one piece.
    fn all_connected(regions: &Regions) -> bool {
        let n = regions.size();
        let labels = regions.cells();
        let mut scratch = Scratch::new(n);
        (0..n).all(|r| {
            let from = labels.iter().position(|&l| usize::from(l) == r).unwrap();
            scratch.connected(n, labels, r as u8, from)
        })
    }

    #[test]
    fn maps_are_valid_and_stirred() {
        for (shape, seed) in [((2, 2), 1), ((2, 3), 2), ((3, 3), 3), ((1, 5), 4), ((1, 7), 5)] {
            let shape = Shape::new(shape.0, shape.1).unwrap();
            let regions = random_regions(shape, &mut Rng::new(seed));
            assert_eq!(regions.size(), shape.size());
            assert!(regions.members().iter().all(|m| m.len() == shape.size()));
            assert!(all_connected(&regions), "{shape}: {:?}", regions.cells());
        }
        let boxes = Regions::boxes(Shape::CLASSIC);
        assert_ne!(random_regions(Shape::CLASSIC, &mut Rng::new(9)), boxes);
    }

    #[test]
    fn maps_are_never_boxes() {
        let four = Shape::new(2, 2).unwrap();
        assert!(is_boxes(4, Regions::boxes(four).cells()));
        let six = Shape::new(3, 2).unwrap();
        let mut relabelled = Regions::boxes(six).cells().to_vec();
        relabelled.iter_mut().for_each(|l| *l = 5 - *l);
        assert!(is_boxes(6, &relabelled));
        // The snake is the rows: the boxes of a 1xn shape.
        assert!(is_boxes(5, &start(Shape::new(1, 5).unwrap())));
        let mut stirred = Regions::boxes(four).cells().to_vec();
        stirred.swap(1, 2);
        assert!(!is_boxes(4, &stirred));
        for seed in 0..2000 {
            let map = random_regions(four, &mut Rng::new(seed));
            assert!(!is_boxes(4, map.cells()), "seed {seed}: {:?}", map.cells());
        }
    }

    #[test]
    fn the_snake_is_connected() {
        let labels = start(Shape::new(1, 5).unwrap());
        let regions = Regions::from_cells(&labels).unwrap();
        assert!(all_connected(&regions));
    }

    #[test]
    fn the_same_rng_gives_the_same_map() {
        let a = random_regions(Shape::CLASSIC, &mut Rng::new(11));
        let b = random_regions(Shape::CLASSIC, &mut Rng::new(11));
        assert_eq!(a, b);
    }
}
