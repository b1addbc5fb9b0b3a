//! Reading and writing puzzles: the one-line form, grids as people write
//! them, alphabets, the numbers form, errors with line and column, and
//! streaming.

use std::io::{BufRead, BufReader, Read};

use sudoku_cover::{
    Alphabet, Grid, Layout, Puzzle, PuzzleReader, ReadErrorKind, Rules, Shape, Sudoku, Uniqueness,
};

use crate::fixture;
use crate::util::pattern_grid;

fn read_all<R: BufRead>(reader: PuzzleReader<R>) -> Vec<Puzzle> {
    reader.collect::<Result<_, _>>().expect("puzzles")
}

fn read_str(text: &str) -> Vec<Puzzle> {
    read_all(PuzzleReader::new(text.as_bytes()))
}

#[test]
fn blanks_are_interchangeable() {
    let top95 = fixture!("top95_first5.txt").lines().next().unwrap();
    let expected: Grid = top95.parse().unwrap();
    for blank in ['0', '_', '*'] {
        let line = top95.replace('.', &blank.to_string());
        assert_eq!(line.parse::<Grid>().unwrap(), expected, "{blank}");
    }
}

#[test]
fn one_line_files() {
    let puzzles = read_str(fixture!("top95_first5.txt"));
    assert_eq!(puzzles.len(), 5);
    for (k, p) in puzzles.iter().enumerate() {
        assert_eq!((p.line, p.layout, p.grid.size()), (k + 1, Layout::Line, 9));
    }
    assert_eq!(puzzles[0].grid.get(0, 0), 4);
    assert_eq!(puzzles[0].grid.get(8, 2), 4);
}

#[test]
fn grids_as_people_write_them() {
    let puzzles = read_str(fixture!("grids.txt"));
    let sizes: Vec<(usize, usize, Layout)> =
        puzzles.iter().map(|p| (p.grid.size(), p.line, p.layout)).collect();
    assert_eq!(
        sizes,
        [(9, 2, Layout::Grid), (9, 15, Layout::Grid), (6, 26, Layout::Grid), (4, 36, Layout::Grid)]
    );
    let top95: Grid = fixture!("top95_first5.txt").lines().next().unwrap().parse().unwrap();
    assert_eq!(puzzles[0].grid, top95);
    assert_eq!(puzzles[1].grid, top95);
    assert_eq!(puzzles[2].grid.shape(), Shape::new(2, 3).unwrap());
    assert_eq!(puzzles[2].grid.num_givens(), 11);
    for p in &puzzles {
        let sudoku = Sudoku::new(Rules::new(p.grid.shape())).unwrap();
        let solution = sudoku.solver().solve(&p.grid).unwrap().expect("solvable");
        assert!(solution.extends(&p.grid));
    }
}

#[test]
fn sixteen_by_sixteen_in_three_alphabets() {
    let default = read_str(fixture!("sixteen.txt"));
    let hex = read_all(
        PuzzleReader::new(fixture!("sixteen_hex.txt").as_bytes())
            .alphabet(Alphabet::new("0123456789ABCDEF").unwrap()),
    );
    let numbers = read_str(fixture!("sixteen_numbers.txt"));
    assert_eq!(default.len(), 3);
    let grids = |ps: &[Puzzle]| ps.iter().map(|p| p.grid.clone()).collect::<Vec<_>>();
    assert_eq!(grids(&hex), grids(&default));
    assert_eq!(grids(&numbers), grids(&default));
    assert_eq!(numbers[2].layout, Layout::Grid);
    assert_eq!(default[0].grid.get(0, 2), 13); // 'D'

    let sudoku = Sudoku::new(Rules::new(Shape::for_size(16).unwrap())).unwrap();
    let mut solver = sudoku.solver();
    for p in &default {
        assert_eq!(solver.check(&p.grid).unwrap(), Uniqueness::Unique);
    }
}

#[test]
fn lower_case_letters_read_as_upper_case() {
    let line = fixture!("sixteen.txt").lines().next().unwrap();
    let lower: Grid = line.to_lowercase().parse().unwrap();
    assert_eq!(lower, line.parse().unwrap());
}

#[test]
fn forced_box_shape() {
    let line = "1.....3.....2.....4.....5.....6.....";
    let default: Grid = line.parse().unwrap();
    assert_eq!(default.shape(), Shape::new(2, 3).unwrap());
    let three_by_two = Shape::new(3, 2).unwrap();
    let puzzles = read_all(PuzzleReader::new(line.as_bytes()).shape(three_by_two));
    assert_eq!(puzzles[0].grid.shape(), three_by_two);
}

/// Writes full grids of many sides in each form and reads them back.
#[test]
fn written_forms_read_back() {
    for (r, c) in [(2, 2), (2, 3), (2, 4), (3, 3), (3, 4), (4, 4), (5, 5), (6, 6), (5, 7), (8, 8)] {
        let shape = Shape::new(r, c).unwrap();
        let mut cells = pattern_grid(r, c);
        for i in (0..cells.len()).step_by(3) {
            cells[i] = 0;
        }
        let grid = Grid::from_cells(shape, cells).unwrap();
        let n = shape.size();
        for alphabet in [Alphabet::default_for(n), Alphabet::numbers()] {
            let line = grid.to_line(&alphabet);
            let pretty = grid.to_pretty(&alphabet);
            let text = format!("{line}\n\n{pretty}\n{pretty}");
            // The side settles whether a spaced line of 16 numbers is a
            // 4x4 puzzle or a 16x16 row.
            let reader =
                PuzzleReader::new(text.as_bytes()).shape(shape).size(n).alphabet(alphabet.clone());
            let back = read_all(reader);
            assert_eq!(back.len(), 3, "{r}x{c} {alphabet:?}\n{text}");
            for p in back {
                assert_eq!(p.grid, grid, "{r}x{c}\n{text}");
            }
        }
    }
}

#[test]
fn pretty_nine_by_nine() {
    let grid: Grid = fixture!("top95_first5.txt").lines().next().unwrap().parse().unwrap();
    let pretty = grid.to_pretty(&Alphabet::default_for(9));
    let expected: String =
        fixture!("grids.txt").lines().skip(1).take(11).map(|l| format!("{l}\n")).collect();
    assert_eq!(pretty, expected);
}

#[test]
fn errors_name_line_and_column() {
    let text = "\
# comment
4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
4.....8.5.3..........7......2..x..6.....8.4......1.......6.3.7.5..2.....1.4......
4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4.....
4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
";
    let results: Vec<_> = PuzzleReader::new(text.as_bytes()).collect();
    assert_eq!(results.len(), 4);
    let e = results[1].as_ref().unwrap_err();
    assert_eq!(e.to_string(), "3:32: unknown symbol 'x'");
    let e = results[2].as_ref().unwrap_err();
    assert_eq!((e.line(), e.column()), (4, 1));
    assert!(matches!(e.kind(), ReadErrorKind::NotAPuzzle { cells: 80 }));
    assert!(results[3].is_ok());

    let grid = "1 2 | 3 4\n3 4 | 1 2\n2 1 | 4 3 3\n4 3 | 2 1\n";
    let e = PuzzleReader::new(grid.as_bytes()).next().unwrap().unwrap_err();
    assert_eq!(e.to_string(), "3:11: expected 4 cells in this grid row, found 5");

    let e = "1.3.....2...G...".parse::<Grid>().unwrap_err();
    assert_eq!(e.to_string(), "1:13: unknown symbol 'G'");
    let hex = Alphabet::new("0123456789ABCDEF").unwrap();
    let e =
        PuzzleReader::new("1.3.....2...F...".as_bytes()).alphabet(hex).next().unwrap().unwrap_err();
    assert_eq!(e.to_string(), "1:13: symbol value 16 is out of range for a 4x4 grid");
    let numbers = format!("1 . 3 10{}", " .".repeat(77));
    let e = numbers.parse::<Grid>().unwrap_err();
    assert_eq!(e.to_string(), "1:7: symbol value 10 is out of range for a 9x9 grid");
}

/// An endless source of puzzles: the reader must yield them one by one.
struct Endless {
    line: &'static [u8],
    at: usize,
}

impl Read for Endless {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let mut n = 0;
        while n < buf.len() {
            buf[n] = self.line[self.at];
            self.at = (self.at + 1) % self.line.len();
            n += 1;
        }
        Ok(n)
    }
}

#[test]
fn reading_streams() {
    let line = fixture!("top95_first5.txt").lines().next().unwrap();
    let source = Endless { line: format!("{line}\n").leak().as_bytes(), at: 0 };
    let puzzles: Vec<_> = PuzzleReader::new(BufReader::new(source)).take(1000).collect();
    assert_eq!(puzzles.len(), 1000);
    assert_eq!(puzzles[999].as_ref().unwrap().line, 1000);
}
