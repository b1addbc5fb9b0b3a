//! The inline form of jigsaw puzzles: a one-line puzzle, whitespace, and
//! the puzzle's own region map as one word of `n²` labels, as
//! `dlx sudoku generate --regions random` writes them.

use crate::error::{ReadError, ReadErrorKind};
use crate::regions::Regions;

/// A line of the inline form split: the puzzle's text, its region map,
/// and the one-based column where the map starts.
pub(super) fn split_map(line: &str, line_no: usize) -> Result<(&str, Regions, usize), ReadError> {
    let trimmed = line.trim_end();
    let Some((at, space)) = trimmed.char_indices().rev().find(|(_, c)| c.is_whitespace()) else {
        let column = trimmed.chars().count() + 1;
        return Err(ReadError::new(line_no, column, ReadErrorKind::MissingRegions));
    };
    let (puzzle, map) = (&trimmed[..at], &trimmed[at + space.len_utf8()..]);
    let column = puzzle.chars().count() + 2;
    // A map error names the map's own line 1; shift it onto this line.
    let regions = Regions::parse(map)
        .map_err(|e| ReadError::new(line_no, column + e.column() - 1, e.kind().clone()))?;
    Ok((puzzle, regions, column))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_map_is_the_last_word() {
        let (puzzle, regions, column) = split_map("1.3. 2... AABBAABBCCDDCCDD  ", 4).unwrap();
        assert_eq!((puzzle, column), ("1.3. 2...", 11));
        assert_eq!(regions, Regions::parse("AABB AABB CCDD CCDD").unwrap());
    }

    #[test]
    fn a_missing_or_bad_map_is_placed() {
        let e = split_map("1.3.............", 2).unwrap_err();
        assert_eq!((e.line(), e.column()), (2, 17));
        assert_eq!(*e.kind(), ReadErrorKind::MissingRegions);
        let e = split_map("1.3............. AABBAABBCCDDCCDE", 3).unwrap_err();
        assert_eq!(e.to_string(), "3:33: region 'E' is one more than the 4 regions of the grid");
    }
}
