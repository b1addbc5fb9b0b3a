//! Pencil marks: a 9x9 puzzle given as its candidates, 729 characters on
//! one line (nine per cell, the digit itself where it is a candidate and
//! `.` where it is not; spaces between them are ignored).

use super::{Layout, Notation, Puzzle};
use crate::error::{ReadError, ReadErrorKind};
use crate::grid::Grid;
use crate::shape::Shape;

/// The side pencil marks are read for.
const SIDE: usize = 9;

/// Whether a line is pencil marks: 729 characters, each a digit 1 to 9 or
/// `.`, spaces aside.
pub(super) fn is_marks_line(line: &str) -> bool {
    // Every line is asked: most are far too short to hold 729 marks.
    if line.len() < SIDE * SIDE * SIDE {
        return false;
    }
    let mut count = 0;
    for c in line.chars().filter(|&c| c != ' ' && c != '\t') {
        if !(c == '.' || c.is_ascii_digit() && c != '0') {
            return false;
        }
        count += 1;
    }
    count == SIDE * SIDE * SIDE
}

/// Reads a line that [`is_marks_line`]: the cells with one candidate are
/// the puzzle's givens, and [`Puzzle::marks`] holds every cell's
/// candidates. A digit out of its place, or a cell without candidates, is
/// an error naming its column.
pub(super) fn read(line: &str, line_no: usize, shape: Shape) -> Result<Puzzle, ReadError> {
    let mut marks = vec![0u64; SIDE * SIDE];
    let mut k = 0;
    for (i, c) in line.chars().enumerate() {
        if c == ' ' || c == '\t' {
            continue;
        }
        let (cell, place) = (k / SIDE, k % SIDE);
        let expected = char::from(b'1' + place as u8);
        if c == expected {
            marks[cell] |= 1 << place;
        } else if c != '.' {
            return Err(ReadError::new(
                line_no,
                i + 1,
                ReadErrorKind::MisplacedMark { found: c, expected },
            ));
        }
        if place == SIDE - 1 && marks[cell] == 0 {
            let kind = ReadErrorKind::NoCandidate { row: cell / SIDE, col: cell % SIDE };
            return Err(ReadError::new(line_no, i + 1, kind));
        }
        k += 1;
    }
    let cells = marks
        .iter()
        .map(|&m| if m.count_ones() == 1 { m.trailing_zeros() as u8 + 1 } else { 0 })
        .collect();
    let grid = Grid::from_cells(shape, cells).expect("digits 1 to 9");
    Ok(Puzzle {
        grid,
        line: line_no,
        layout: Layout::Line,
        notation: Notation::default(),
        marks: Some(marks),
        regions: None,
    })
}

/// The pencil-mark line of a 9x9 puzzle's candidates (bit `d - 1` of
/// `marks[cell]` for digit `d`): nine characters a cell, the digit where it
/// is a candidate, `.` where not.
///
/// ```
/// use sudoku_cover::reader::marks_line;
///
/// let mut marks = vec![0b1_1111_1111; 81];
/// marks[0] = 0b1_0000_0001; // r1c1: 1 or 9
/// let line = marks_line(&marks);
/// assert_eq!(line.len(), 729);
/// assert_eq!(&line[..18], "1.......9123456789");
/// ```
pub fn marks_line(marks: &[u64]) -> String {
    marks
        .iter()
        .flat_map(|&m| {
            (0..SIDE as u8).map(move |d| if m >> d & 1 == 1 { char::from(b'1' + d) } else { '.' })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::PuzzleReader;

    fn all() -> Vec<u64> {
        vec![0b1_1111_1111; 81]
    }

    #[test]
    fn single_candidates_are_givens() {
        let mut marks = all();
        marks[10] = 1 << 4; // r2c2 = 5
        let text = format!("# marks\n{}\n", marks_line(&marks));
        let puzzles: Vec<Puzzle> =
            PuzzleReader::new(text.as_bytes()).collect::<Result<_, _>>().unwrap();
        assert_eq!(puzzles.len(), 1);
        let p = &puzzles[0];
        assert_eq!((p.line, p.grid.get(1, 1), p.grid.num_givens()), (2, 5, 1));
        assert_eq!(p.marks.as_deref(), Some(&marks[..]));
    }

    #[test]
    fn spaces_between_cells_are_ignored() {
        let marks = all();
        let spaced: Vec<String> = marks_line(&marks)
            .as_bytes()
            .chunks(9)
            .map(|c| String::from_utf8_lossy(c).into())
            .collect();
        let p = PuzzleReader::new(spaced.join(" ").as_bytes()).next().unwrap().unwrap();
        assert_eq!(p.marks, Some(marks));
    }

    #[test]
    fn errors_name_line_and_column() {
        let mut line = marks_line(&all()).into_bytes();
        line[22] = b'7'; // cell 3, place 5 (expects '5')
        let text = format!("\n{}\n", String::from_utf8(line).unwrap());
        let e = PuzzleReader::new(text.as_bytes()).next().unwrap().unwrap_err();
        assert_eq!(
            e.to_string(),
            "2:23: pencil marks: '7' where this cell's candidate '5' (or `.`) goes"
        );
        let mut line = marks_line(&all()).into_bytes();
        line[9..18].fill(b'.');
        let e = PuzzleReader::new(&line[..]).next().unwrap().unwrap_err();
        assert_eq!(e.to_string(), "1:18: pencil marks: r1c2 has no candidate");
        assert!(matches!(e.kind(), ReadErrorKind::NoCandidate { row: 0, col: 1 }));
    }

    #[test]
    fn a_side_of_27_reads_a_puzzle_instead() {
        let line = marks_line(&all());
        let p = PuzzleReader::new(line.as_bytes()).size(27).next().unwrap().unwrap();
        assert_eq!((p.grid.size(), p.marks), (27, None));
    }
}
