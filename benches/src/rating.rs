//! The human solver's ratings against Sudoku Explainer's: Spearman's rank
//! correlation and the share of puzzles in the same whole-number band
//! (`cargo run --release -p dlx-benches --bin rating [-- FILE]`).

use std::sync::Arc;

use sudoku_cover::human::Candidates;
use sudoku_cover::human::{Difficulty, End, Ladder, Units};
use sudoku_cover::{Grid, Rules, Sudoku, Uniqueness};

/// One puzzle's two ratings.
#[derive(Debug, Clone, PartialEq)]
pub struct Pair {
    /// Sudoku Explainer's rating.
    pub se: f64,
    /// Ours, `None` when the ladder got stuck.
    pub ours: Option<Difficulty>,
    /// The hardest technique we used.
    pub hardest: Option<&'static str>,
}

/// The comparison over a set of puzzles.
#[derive(Debug, Clone, PartialEq)]
pub struct Summary {
    /// Puzzles compared.
    pub puzzles: usize,
    /// Puzzles our ladder solved.
    pub solved: usize,
    /// Spearman's rank correlation, a stuck puzzle ranked above every
    /// solved one (tied among themselves).
    pub spearman: f64,
    /// The share of puzzles whose two ratings have the same whole part; a
    /// stuck puzzle counts as a miss.
    pub same_band: f64,
    /// The share of solved puzzles rated exactly as SE rated them.
    pub exact_among_solved: f64,
}

/// Reads `puzzle rating` lines, rates each puzzle with the standard
/// ladder (checking its solution first), and pairs the ratings.
pub fn rate_lines(text: &str) -> Result<Vec<Pair>, String> {
    let sudoku = Sudoku::new(Rules::classic()).map_err(|e| e.to_string())?;
    let units = Arc::new(Units::new(&Rules::classic()).map_err(|e| e.to_string())?);
    let mut solver = sudoku.solver();
    let ladder = Ladder::standard();
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        let at = |what: &str| format!("line {}: {what}", i + 1);
        let mut fields = line.split_whitespace();
        let (Some(puzzle), Some(se)) = (fields.next(), fields.next()) else {
            return Err(at("expected a puzzle and a rating"));
        };
        let grid: Grid = puzzle.parse().map_err(|e| at(&format!("{e}")))?;
        let se: f64 = se.parse().map_err(|_| at("the rating is not a number"))?;
        let (solution, uniqueness) =
            solver.solve_and_check(&grid).map_err(|e| at(&e.to_string()))?;
        let (Some(solution), Uniqueness::Unique) = (solution, uniqueness) else {
            return Err(at("the puzzle has no unique solution"));
        };
        let start = Candidates::from_grid(units.clone(), &grid).map_err(|e| at(&e.to_string()))?;
        let rating = ladder.rate(start, Some(&solution));
        if let End::Failed(why) = &rating.end {
            return Err(at(why));
        }
        let solved = rating.end == End::Solved;
        out.push(Pair { se, ours: rating.difficulty.filter(|_| solved), hardest: rating.hardest });
    }
    Ok(out)
}

/// The summary of some pairs.
pub fn summarize(pairs: &[Pair]) -> Summary {
    let beyond =
        pairs.iter().filter_map(|p| p.ours).map(|d| d.as_f64()).fold(0.0, f64::max) + 100.0;
    let ours: Vec<f64> = pairs.iter().map(|p| p.ours.map_or(beyond, |d| d.as_f64())).collect();
    let se: Vec<f64> = pairs.iter().map(|p| p.se).collect();
    let solved: Vec<&Pair> = pairs.iter().filter(|p| p.ours.is_some()).collect();
    let band =
        pairs.iter().filter(|p| p.ours.is_some_and(|d| d.as_f64().floor() == p.se.floor())).count();
    let exact =
        solved.iter().filter(|p| p.ours.is_some_and(|d| (d.as_f64() - p.se).abs() < 0.05)).count();
    let share = |k: usize, of: usize| if of == 0 { 0.0 } else { k as f64 / of as f64 };
    Summary {
        puzzles: pairs.len(),
        solved: solved.len(),
        spearman: spearman(&ours, &se),
        same_band: share(band, pairs.len()),
        exact_among_solved: share(exact, solved.len()),
    }
}

/// Ranks from 1, ties given their average rank.
fn ranks(xs: &[f64]) -> Vec<f64> {
    let mut order: Vec<usize> = (0..xs.len()).collect();
    order.sort_by(|&a, &b| xs[a].total_cmp(&xs[b]));
    let mut ranks = vec![0.0; xs.len()];
    let mut i = 0;
    while i < order.len() {
        let mut j = i;
        while j + 1 < order.len() && xs[order[j + 1]] == xs[order[i]] {
            j += 1;
        }
        let avg = (i + j) as f64 / 2.0 + 1.0;
        for &k in &order[i..=j] {
            ranks[k] = avg;
        }
        i = j + 1;
    }
    ranks
}

/// Spearman's rank correlation: Pearson's correlation of the ranks (ties
/// averaged); 0 when either side has no spread.
pub fn spearman(a: &[f64], b: &[f64]) -> f64 {
    let (ra, rb) = (ranks(a), ranks(b));
    let n = ra.len() as f64;
    if n == 0.0 {
        return 0.0;
    }
    let (ma, mb) = (ra.iter().sum::<f64>() / n, rb.iter().sum::<f64>() / n);
    let cov: f64 = ra.iter().zip(&rb).map(|(x, y)| (x - ma) * (y - mb)).sum();
    let va: f64 = ra.iter().map(|x| (x - ma).powi(2)).sum();
    let vb: f64 = rb.iter().map(|y| (y - mb).powi(2)).sum();
    if va == 0.0 || vb == 0.0 { 0.0 } else { cov / (va * vb).sqrt() }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spearman_of_known_orders() {
        assert!((spearman(&[1.0, 2.0, 3.0], &[10.0, 20.0, 30.0]) - 1.0).abs() < 1e-12);
        assert!((spearman(&[1.0, 2.0, 3.0], &[3.0, 2.0, 1.0]) + 1.0).abs() < 1e-12);
        // Ties: ranks (1.5, 1.5, 3) against (1, 2, 3): r = 0.866...
        assert!((spearman(&[5.0, 5.0, 7.0], &[1.0, 2.0, 3.0]) - 0.75f64.sqrt()).abs() < 1e-12);
        assert_eq!(spearman(&[1.0, 1.0], &[1.0, 2.0]), 0.0);
    }

    #[test]
    fn summary_counts_bands_and_stuck_puzzles() {
        let d = |t| Some(Difficulty::tenths(t));
        let pairs = [
            Pair { se: 3.4, ours: d(34), hardest: None },
            Pair { se: 5.6, ours: d(49), hardest: None },
            Pair { se: 7.2, ours: None, hardest: None },
        ];
        let s = summarize(&pairs);
        assert_eq!((s.puzzles, s.solved), (3, 2));
        assert!((s.same_band - 1.0 / 3.0).abs() < 1e-12);
        assert!((s.exact_among_solved - 0.5).abs() < 1e-12);
        assert!((s.spearman - 1.0).abs() < 1e-12);
    }

    #[test]
    fn rates_a_line() {
        let pairs = rate_lines("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.. 1.2\n").unwrap();
        assert_eq!(pairs[0].ours, Some(Difficulty::tenths(12)));
        assert!(rate_lines("123 4.5").is_err());
    }
}
