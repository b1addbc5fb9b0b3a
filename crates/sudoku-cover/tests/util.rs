//! Helpers shared by the tests: an independent checker of solutions, a
//! brute-force counter, full grids to start from, and the data files.
//!
//! Nothing here uses the encoder: the checker and the counter work from
//! the rules as a player states them.

use std::path::PathBuf;

/// The constraints of a sudoku, stated independently of the crate.
#[derive(Debug, Clone)]
pub struct Check {
    pub n: usize,
    /// Sets of cells `(row, col)` that hold every symbol once.
    pub houses: Vec<Vec<(usize, usize)>>,
    /// Cell offsets (one direction of each) whose two ends must differ.
    pub moves: Vec<(isize, isize)>,
}

impl Check {
    /// Rows, columns and `box_rows × box_cols` boxes.
    pub fn classic(box_rows: usize, box_cols: usize) -> Check {
        let n = box_rows * box_cols;
        let mut houses = Check::lines(n).houses;
        for b in 0..n {
            let (r0, c0) = (b / box_rows * box_rows, b % box_rows * box_cols);
            houses.push((0..n).map(|k| (r0 + k / box_cols, c0 + k % box_cols)).collect());
        }
        Check { n, houses, moves: Vec::new() }
    }

    /// Rows and columns only: a Latin square.
    pub fn lines(n: usize) -> Check {
        let mut houses = Vec::new();
        for i in 0..n {
            houses.push((0..n).map(|j| (i, j)).collect());
            houses.push((0..n).map(|j| (j, i)).collect());
        }
        Check { n, houses, moves: Vec::new() }
    }

    /// Rows, columns and regions given as one label per cell.
    pub fn jigsaw(labels: &str) -> Check {
        let labels: Vec<char> = labels.chars().filter(|c| !c.is_whitespace()).collect();
        let n = (1..=64).find(|n| n * n == labels.len()).expect("square map");
        let mut check = Check::lines(n);
        let mut seen: Vec<char> = Vec::new();
        for (i, &l) in labels.iter().enumerate() {
            if !seen.contains(&l) {
                seen.push(l);
                check.houses.push(Vec::new());
            }
            let k = seen.iter().position(|&s| s == l).unwrap();
            let base = check.houses.len() - seen.len();
            check.houses[base + k].push((i / n, i % n));
        }
        check
    }

    pub fn diagonal(mut self) -> Check {
        let n = self.n;
        self.houses.push((0..n).map(|i| (i, i)).collect());
        self.houses.push((0..n).map(|i| (i, n - 1 - i)).collect());
        self
    }

    /// The four windows of a 9x9 windoku, or the one of a 4x4.
    pub fn hyper(mut self) -> Check {
        let corners: &[(usize, usize)] = match self.n {
            9 => &[(1, 1), (1, 5), (5, 1), (5, 5)],
            4 => &[(1, 1)],
            n => panic!("no hyper windows written down for {n}x{n}"),
        };
        let side = if self.n == 9 { 3 } else { 2 };
        for &(r0, c0) in corners {
            self.houses.push((0..side * side).map(|k| (r0 + k / side, c0 + k % side)).collect());
        }
        self
    }

    pub fn anti_king(mut self) -> Check {
        self.moves.extend([(0, 1), (1, 0), (1, 1), (1, -1)]);
        self
    }

    pub fn anti_knight(mut self) -> Check {
        self.moves.extend([(1, 2), (2, 1), (1, -2), (2, -1)]);
        self
    }

    /// The hyper windows of `box_rows × box_cols` boxes, as the variant's
    /// docs state them: windows of the box shape, one cell in from the
    /// corner and one cell apart.
    pub fn hyper_windows(mut self, box_rows: usize, box_cols: usize) -> Check {
        let n = self.n;
        for wr in 0..(n - 1) / (box_rows + 1) {
            for wc in 0..(n - 1) / (box_cols + 1) {
                let (r0, c0) = (1 + wr * (box_rows + 1), 1 + wc * (box_cols + 1));
                let cells =
                    (0..box_rows * box_cols).map(|k| (r0 + k / box_cols, c0 + k % box_cols));
                self.houses.push(cells.collect());
            }
        }
        self
    }

    /// For each cell, the cells that must not hold its value.
    fn peers(&self) -> Vec<Vec<usize>> {
        let n = self.n;
        let mut peers = vec![Vec::new(); n * n];
        for house in &self.houses {
            for &(r, c) in house {
                peers[r * n + c].extend(house.iter().map(|&(r2, c2)| r2 * n + c2));
            }
        }
        for r in 0..n as isize {
            for c in 0..n as isize {
                for &(dr, dc) in &self.moves {
                    let (r2, c2) = (r + dr, c + dc);
                    if (0..n as isize).contains(&r2) && (0..n as isize).contains(&c2) {
                        let (a, b) =
                            ((r * n as isize + c) as usize, (r2 * n as isize + c2) as usize);
                        peers[a].push(b);
                        peers[b].push(a);
                    }
                }
            }
        }
        for (i, list) in peers.iter_mut().enumerate() {
            list.sort_unstable();
            list.dedup();
            list.retain(|&j| j != i);
        }
        peers
    }

    /// Counts completions of `cells` up to `limit`, by backtracking: on
    /// the cell with the fewest candidates (bit sets of values), or on the
    /// house and value with the fewest places if that is fewer. Fast
    /// enough for generated 9x9 and 16x16 puzzles, and nothing shared with
    /// the crate.
    pub fn count(&self, cells: &[u8], limit: u64) -> u64 {
        if !self.consistent(cells) {
            return 0;
        }
        let n = self.n;
        let peers = self.peers();
        let houses: Vec<Vec<usize>> =
            self.houses.iter().map(|h| h.iter().map(|&(r, c)| r * n + c).collect()).collect();
        let mut cells = cells.to_vec();
        let mut count = 0;
        self.mrv(&peers, &houses, &mut cells, limit, &mut count);
        count
    }

    fn mrv(
        &self,
        peers: &[Vec<usize>],
        houses: &[Vec<usize>],
        cells: &mut [u8],
        limit: u64,
        count: &mut u64,
    ) {
        let all = if self.n == 64 { u64::MAX } else { (1u64 << self.n) - 1 };
        let mut free = vec![0u64; cells.len()];
        let mut best: Option<(usize, u64)> = None;
        for i in (0..cells.len()).filter(|&i| cells[i] == 0) {
            let used = peers[i].iter().fold(0u64, |m, &j| match cells[j] {
                0 => m,
                v => m | 1 << (v - 1),
            });
            free[i] = all & !used;
            if free[i] == 0 {
                return;
            }
            if best.is_none_or(|(_, b)| free[i].count_ones() < b.count_ones()) {
                best = Some((i, free[i]));
            }
        }
        let Some((cell, mut values)) = best else {
            *count += 1;
            return;
        };
        // The house and value with the fewest places, if fewer than the
        // cell's candidates.
        let mut places: Option<(u8, Vec<usize>)> = None;
        for house in houses {
            let placed = house.iter().fold(0u64, |m, &j| match cells[j] {
                0 => m,
                v => m | 1 << (v - 1),
            });
            let mut open = all & !placed;
            while open != 0 {
                let v = open.trailing_zeros() as u8 + 1;
                open &= open - 1;
                let can = |j: &usize| free[*j] >> (v - 1) & 1 == 1;
                let len = house.iter().filter(|j| can(j)).count();
                if len == 0 {
                    return;
                }
                let fewest = places.as_ref().map_or(values.count_ones() as usize, |p| p.1.len());
                if len < fewest {
                    // Listed only when it is the best so far.
                    places = Some((v, house.iter().copied().filter(can).collect()));
                }
            }
        }
        match places {
            Some((v, at)) => {
                for i in at {
                    if *count >= limit {
                        break;
                    }
                    cells[i] = v;
                    self.mrv(peers, houses, cells, limit, count);
                    cells[i] = 0;
                }
            }
            None => {
                while values != 0 && *count < limit {
                    cells[cell] = values.trailing_zeros() as u8 + 1;
                    values &= values - 1;
                    self.mrv(peers, houses, cells, limit, count);
                }
                cells[cell] = 0;
            }
        }
    }

    /// Whether no two filled cells break a rule (blanks are 0).
    pub fn consistent(&self, cells: &[u8]) -> bool {
        let n = self.n;
        assert_eq!(cells.len(), n * n);
        for house in &self.houses {
            let mut seen = vec![false; n + 1];
            for &(r, c) in house {
                let v = cells[r * n + c] as usize;
                if v > n || (v != 0 && std::mem::replace(&mut seen[v], true)) {
                    return false;
                }
            }
        }
        for r in 0..n {
            for c in 0..n {
                for &(dr, dc) in &self.moves {
                    let (r2, c2) = (r as isize + dr, c as isize + dc);
                    if r2 < 0 || c2 < 0 || r2 >= n as isize || c2 >= n as isize {
                        continue;
                    }
                    let (a, b) = (cells[r * n + c], cells[r2 as usize * n + c2 as usize]);
                    if a != 0 && a == b {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// Whether `cells` is a full grid that keeps the rules.
    pub fn solved(&self, cells: &[u8]) -> bool {
        cells.iter().all(|&v| v != 0) && self.consistent(cells)
    }

    /// Counts completions of `cells` by plain backtracking, up to `limit`.
    pub fn brute_count(&self, cells: &[u8], limit: u64) -> u64 {
        let mut cells = cells.to_vec();
        if !self.consistent(&cells) {
            return 0;
        }
        let mut count = 0;
        self.brute(&mut cells, 0, limit, &mut count);
        count
    }

    fn brute(&self, cells: &mut [u8], from: usize, limit: u64, count: &mut u64) {
        let Some(i) = (from..cells.len()).find(|&i| cells[i] == 0) else {
            *count += 1;
            return;
        };
        for v in 1..=self.n as u8 {
            cells[i] = v;
            if self.consistent(cells) {
                self.brute(cells, i + 1, limit, count);
                if *count >= limit {
                    break;
                }
            }
        }
        cells[i] = 0;
    }
}

/// A full grid with `box_rows × box_cols` boxes, by the shifting pattern.
pub fn pattern_grid(box_rows: usize, box_cols: usize) -> Vec<u8> {
    let n = box_rows * box_cols;
    (0..n * n)
        .map(|i| {
            let (r, c) = (i / n, i % n);
            (((r % box_rows) * box_cols + r / box_rows + c) % n + 1) as u8
        })
        .collect()
}

/// A small deterministic generator, seeded by proptest.
pub struct Rng(pub u64);

impl Rng {
    pub fn below(&mut self, n: usize) -> usize {
        self.0 =
            self.0.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) % n as u64) as usize
    }

    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

/// Pencil marks made from `masks` (a grid's candidates) by removing each
/// candidate that is not `solution`'s digit with `percent`% chance: a
/// position no walk meets, with the same solution.
pub fn thinned_marks(masks: &[u64], solution: &[u8], percent: usize, rng: &mut Rng) -> Vec<u64> {
    masks
        .iter()
        .zip(solution)
        .map(|(&m, &v)| {
            (0..64)
                .filter(|&d| {
                    m >> d & 1 == 1 && (d + 1 == usize::from(v) || rng.below(100) >= percent)
                })
                .fold(0, |a, d| a | 1 << d)
        })
        .collect()
}

/// A random full grid: the pattern grid with its symbols relabeled and its
/// rows and columns shuffled within and across bands and stacks, which
/// keeps it a solution.
pub fn random_full_grid(box_rows: usize, box_cols: usize, rng: &mut Rng) -> Vec<u8> {
    let n = box_rows * box_cols;
    let base = pattern_grid(box_rows, box_cols);
    let mut symbols: Vec<u8> = (1..=n as u8).collect();
    rng.shuffle(&mut symbols);
    // A band is box_rows rows; there are box_cols bands. Likewise stacks.
    let order = |rng: &mut Rng, groups: usize, size: usize| {
        let mut group: Vec<usize> = (0..groups).collect();
        rng.shuffle(&mut group);
        let mut out = Vec::with_capacity(n);
        for g in group {
            let mut within: Vec<usize> = (0..size).collect();
            rng.shuffle(&mut within);
            out.extend(within.into_iter().map(|k| g * size + k));
        }
        out
    };
    let rows = order(rng, box_cols, box_rows);
    let cols = order(rng, box_rows, box_cols);
    (0..n * n).map(|i| symbols[usize::from(base[rows[i / n] * n + cols[i % n]]) - 1]).collect()
}

/// The repository's folder of public sudoku sets, `data/sudoku`
/// (`SUDOKU_DATA_DIR` overrides it).
pub fn data_dir() -> PathBuf {
    let dir = match std::env::var_os("SUDOKU_DATA_DIR") {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data/sudoku"),
    };
    assert!(
        dir.join("README.md").is_file(),
        "the sudoku data files are not at {}; set SUDOKU_DATA_DIR",
        dir.display()
    );
    dir
}

/// Loads a fixture from `tests/data/` at compile time.
#[macro_export]
macro_rules! fixture {
    ($name:literal) => {
        include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/", $name))
    };
}

#[test]
fn pattern_grids_are_solutions() {
    for (r, c) in [(2, 2), (2, 3), (3, 2), (2, 4), (3, 3), (3, 4), (4, 4), (5, 5)] {
        assert!(Check::classic(r, c).solved(&pattern_grid(r, c)), "{r}x{c}");
    }
}

#[test]
fn checker_catches_mistakes() {
    let mut g = pattern_grid(3, 3);
    g.swap(0, 1);
    assert!(!Check::classic(3, 3).solved(&g));
    assert_eq!(Check::classic(2, 2).brute_count(&[0; 16], u64::MAX), 288);
}

#[test]
fn the_fast_counter_agrees_with_the_plain_one() {
    assert_eq!(Check::classic(2, 2).count(&[0; 16], u64::MAX), 288);
    let mut six = pattern_grid(2, 3);
    for i in (0..36).step_by(2) {
        six[i] = 0;
    }
    let check = Check::classic(2, 3);
    assert_eq!(check.count(&six, u64::MAX), check.brute_count(&six, u64::MAX));
    let diagonal = Check::classic(2, 2).diagonal().anti_knight();
    assert_eq!(diagonal.count(&[0; 16], u64::MAX), diagonal.brute_count(&[0; 16], u64::MAX));
    assert_eq!(Check::classic(3, 3).count(&pattern_grid(3, 3), 5), 1);
    // The windows of 9x9 hyper, as written down by hand.
    let by_rule = Check::classic(3, 3).hyper_windows(3, 3);
    let by_hand = Check::classic(3, 3).hyper();
    assert_eq!(by_rule.houses, by_hand.houses);
}
