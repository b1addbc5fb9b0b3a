//! Helpers for the techniques' tests: grids from text, and the check that
//! a technique's step is the one expected where nothing easier applies.

use std::sync::Arc;

use super::{Candidates, Ladder, Step, Technique, Units};
use crate::Rules;

/// Classic 9x9 geometry.
pub(crate) fn units() -> Arc<Units> {
    Arc::new(Units::new(&Rules::classic()).unwrap())
}

/// A classic grid from a one-line puzzle.
pub(crate) fn classic(line: &str) -> Candidates {
    Candidates::from_grid(units(), &line.parse().unwrap()).unwrap()
}

/// A classic grid from the 729-character pencil-mark form: per cell nine
/// characters, the digit where it is a candidate and `.` where not
/// (spaces and newlines ignored).
pub(crate) fn pencil(text: &str) -> Candidates {
    let chars: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
    assert_eq!(chars.len(), 729, "729 characters");
    let marks: Vec<u64> = chars
        .chunks(9)
        .map(|cell| {
            cell.iter().enumerate().filter(|(_, c)| **c != '.').fold(0, |m, (i, _)| m | 1 << i)
        })
        .collect();
    Candidates::from_marks(units(), &marks).unwrap()
}

/// The step the technique finds in `grid`, checking that no easier
/// technique of the standard ladder finds one.
pub(crate) fn only_step(technique: &dyn Technique, grid: &Candidates) -> Step {
    let ladder = Ladder::standard();
    for easier in ladder.techniques().take_while(|t| t.difficulty() < technique.difficulty()) {
        assert_eq!(
            easier.find(grid),
            None,
            "{} applies before {}",
            easier.name(),
            technique.name()
        );
    }
    technique.find(grid).expect("the technique applies")
}

/// Checks that in the grid of pencil marks `marks` no technique easier
/// than `technique` applies and that it finds the step written `expected`.
pub(crate) fn check_position(technique: &dyn Technique, marks: &str, expected: &str) {
    let step = only_step(technique, &pencil(marks));
    assert_eq!(step.to_string(), expected);
}

/// The first `count` puzzles of a file of `data/sudoku`.
pub(crate) fn data_puzzles(name: &str, count: usize) -> Vec<crate::Grid> {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/sudoku").join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .take(count)
        .map(|l| l.split_whitespace().next().unwrap_or("").parse().expect("a puzzle"))
        .collect()
}

/// The pencil-mark form of a grid: nine characters per cell.
pub(crate) fn to_pencil(grid: &Candidates) -> String {
    grid.masks()
        .iter()
        .flat_map(|&m| {
            (0..9).map(move |i| if m >> i & 1 == 1 { char::from(b'1' + i) } else { '.' })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pencil_marks_round_trip() {
        let grid = classic(
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
        );
        let text = to_pencil(&grid);
        assert_eq!(&text[..9], "...45...."); // r1c1: {4,5}
        // Cells with one candidate left read back as placed digits, and
        // take their digit from the cells they see; nothing else changes.
        let again = pencil(&text);
        for cell in 0..81 {
            let (was, is) = (grid.candidates(cell), again.candidates(cell));
            assert_eq!(again.value(cell) != 0, was.count_ones() == 1);
            let placed = grid.units().peers(cell).iter().fold(0, |m, &p| {
                m | if again.value(p) != 0 && grid.value(p) == 0 { again.candidates(p) } else { 0 }
            });
            assert_eq!(is, if again.value(cell) != 0 { was } else { was & !placed });
        }
    }
}
