//! Puzzles of a chosen difficulty: [`RatingRange`], a range of Sudoku
//! Explainer ratings, and the check a dug puzzle passes to be kept.
//!
//! A puzzle's rating is what [`Ladder::rate`] gives it with
//! [`Ladder::standard`] (as `dlx sudoku rate` does): the difficulty of its
//! hardest step, in tenths. A puzzle the ladder cannot finish ("beyond the
//! techniques known") is rated above every finite bound: only a range with
//! no upper bound (`7.0..`) takes it. The walk stops as soon as a step is
//! harder than the upper bound, so that rejecting a puzzle as too hard
//! costs no more than the steps up to it.

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

use crate::grid::Grid;
use crate::human::{Candidates, Difficulty, End, Ladder, Rating, Units};

/// A range of ratings on Sudoku Explainer's scale, both bounds included,
/// either one open; written `LO..HI`, `LO..` or `..HI` with ratings in
/// tenths (`2.0..4.5`).
///
/// ```
/// use sudoku_cover::generate::RatingRange;
/// use sudoku_cover::human::Difficulty;
///
/// let range: RatingRange = "2..4.5".parse()?;
/// assert_eq!(range.lo(), Some(Difficulty::tenths(20)));
/// assert_eq!(range.hi(), Some(Difficulty::tenths(45)));
/// assert_eq!(range.to_string(), "2.0..4.5");
/// assert!("4.5..2.0".parse::<RatingRange>().is_err());
/// # Ok::<(), sudoku_cover::generate::RatingRangeError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RatingRange {
    lo: Option<Difficulty>,
    hi: Option<Difficulty>,
}

/// Why a text is not a [`RatingRange`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RatingRangeError {
    text: String,
    why: String,
}

impl fmt::Display for RatingRangeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "rating range `{}`: {}", self.text, self.why)
    }
}

impl std::error::Error for RatingRangeError {}

impl RatingRange {
    /// The ratings from `lo` to `hi`, both included (`None`: no bound);
    /// an error if `lo` is above `hi`.
    pub fn new(lo: Option<Difficulty>, hi: Option<Difficulty>) -> Result<RatingRange, String> {
        match (lo, hi) {
            (Some(lo), Some(hi)) if lo > hi => Err(format!("{lo} is above {hi}")),
            _ => Ok(RatingRange { lo, hi }),
        }
    }

    /// The lowest rating taken, if bounded.
    pub fn lo(&self) -> Option<Difficulty> {
        self.lo
    }

    /// The highest rating taken, if bounded.
    pub fn hi(&self) -> Option<Difficulty> {
        self.hi
    }

    /// Whether a puzzle rated `rating` is in the range: a solved puzzle by
    /// its difficulty (0.0 if it took no step), one beyond the techniques
    /// known only if there is no upper bound, one whose walk failed or did
    /// not end never.
    pub fn contains(&self, rating: &Rating) -> bool {
        match rating.end {
            End::Solved => {
                let d = rating.difficulty.unwrap_or_default();
                self.lo.is_none_or(|lo| d >= lo) && self.hi.is_none_or(|hi| d <= hi)
            }
            End::Stuck => self.hi.is_none(),
            End::Failed(_) | End::Stopped | End::OutOfTime => false,
        }
    }

    /// The rating of a unique `puzzle` whose solution is `solution`, if it
    /// is in the range (see the module docs); `Err` with the difficulty
    /// reached when it is not (the hardest step taken, a step above the
    /// upper bound, `None` for a puzzle beyond the techniques known, or
    /// when `stop` ended the walk), its steps searched on `threads`.
    pub(super) fn rate(
        &self,
        ladder: &Ladder,
        units: &Arc<Units>,
        puzzle: &Grid,
        solution: &Grid,
        (stop, threads): (&dlx::Stop, usize),
    ) -> Result<Rating, Option<Difficulty>> {
        let Ok(grid) = Candidates::from_grid(units.clone(), puzzle) else {
            return Err(None);
        };
        let mut walk = ladder.walk(grid, Some(solution)).stop_on(stop).threads(threads);
        let mut rating = Rating { difficulty: None, hardest: None, steps: 0, end: End::Solved };
        for step in walk.by_ref() {
            if self.hi.is_some_and(|hi| step.difficulty > hi) {
                return Err(Some(step.difficulty));
            }
            rating.steps += 1;
            if rating.difficulty.is_none_or(|d| step.difficulty > d) {
                rating.difficulty = Some(step.difficulty);
                rating.hardest = Some(step.technique);
            }
        }
        rating.end = walk.end().cloned().unwrap_or(End::Solved);
        match self.contains(&rating) {
            true => Ok(rating),
            false if rating.end == End::Solved => Err(rating.difficulty),
            false => Err(None),
        }
    }
}

impl FromStr for RatingRange {
    type Err = RatingRangeError;

    fn from_str(text: &str) -> Result<RatingRange, RatingRangeError> {
        let error = |why: String| RatingRangeError { text: text.to_string(), why };
        let Some((lo, hi)) = text.split_once("..") else {
            return Err(error("expected LO..HI, LO.. or ..HI, like 2.0..4.5".into()));
        };
        let lo = bound(lo).map_err(error)?;
        let hi = bound(hi).map_err(error)?;
        if lo.is_none() && hi.is_none() {
            return Err(error("give at least one bound, like 7.0.. or ..2.5".into()));
        }
        RatingRange::new(lo, hi).map_err(error)
    }
}

/// One bound of a range: empty for none, else a rating with at most one
/// decimal (Sudoku Explainer's ratings are whole tenths), below 6553.5.
fn bound(text: &str) -> Result<Option<Difficulty>, String> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    let bad = || format!("`{text}` is not a rating like 4.5 (a number with at most one decimal)");
    let (whole, tenth) = text.split_once('.').unwrap_or((text, "0"));
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(whole) || !digits(tenth) || tenth.len() > 1 {
        return Err(bad());
    }
    let whole: u16 = whole.parse().map_err(|_| bad())?;
    let tenths = whole.checked_mul(10).and_then(|t| t.checked_add(tenth.parse().ok()?));
    tenths.map(|t| Some(Difficulty::tenths(t))).ok_or_else(bad)
}

impl fmt::Display for RatingRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(lo) = self.lo {
            write!(f, "{lo}")?;
        }
        f.write_str("..")?;
        if let Some(hi) = self.hi {
            write!(f, "{hi}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tenths(t: u16) -> Option<Difficulty> {
        Some(Difficulty::tenths(t))
    }

    #[test]
    fn ranges_parse_with_either_bound_open() {
        let parse = |s: &str| s.parse::<RatingRange>();
        assert_eq!(parse("2.0..4.5"), Ok(RatingRange { lo: tenths(20), hi: tenths(45) }));
        assert_eq!(parse("7.."), Ok(RatingRange { lo: tenths(70), hi: None }));
        assert_eq!(parse(" ..2.5"), Ok(RatingRange { lo: None, hi: tenths(25) }));
        assert_eq!(parse("3.3..3.3").unwrap().to_string(), "3.3..3.3");
        for bad in ["", "..", "2.0", "2.0-4.5", "4.5..2.0", "2.05..3", "a..3", "-1..3", "1...3"] {
            assert!(parse(bad).is_err(), "{bad:?}");
        }
        assert_eq!(
            parse("4.5..2").unwrap_err().to_string(),
            "rating range `4.5..2`: 4.5 is above 2.0"
        );
        assert!(parse("9999..").is_err());
    }

    #[test]
    fn ratings_beyond_the_ladder_are_above_every_finite_bound() {
        let rating = |d: Option<u16>, end: End| Rating {
            difficulty: d.map(Difficulty::tenths),
            hardest: None,
            steps: 1,
            end,
        };
        let range: RatingRange = "2.0..4.5".parse().unwrap();
        assert!(range.contains(&rating(Some(20), End::Solved)));
        assert!(range.contains(&rating(Some(45), End::Solved)));
        assert!(!range.contains(&rating(Some(46), End::Solved)));
        assert!(!range.contains(&rating(Some(19), End::Solved)));
        assert!(!range.contains(&rating(Some(30), End::Stuck)));
        let open: RatingRange = "9.0..".parse().unwrap();
        assert!(open.contains(&rating(Some(30), End::Stuck)));
        assert!(!open.contains(&rating(Some(95), End::Failed("bug".into()))));
        let easy: RatingRange = "..1.0".parse().unwrap();
        assert!(easy.contains(&rating(None, End::Solved)));
    }
}
