//! Tests of the puzzle reader as a whole.

use super::*;

pub(super) fn read(text: &str) -> Vec<Result<Puzzle, ReadError>> {
    PuzzleReader::new(text.as_bytes()).collect()
}

pub(super) fn errors(text: &str) -> Vec<String> {
    read(text).into_iter().filter_map(|r| r.err().map(|e| e.to_string())).collect()
}

#[test]
fn bad_line_does_not_stop_reading() {
    let good = "1.3...2.........";
    let text = format!("{good}\n1.3..x2.........\n{good}\n");
    let results = read(&text);
    assert_eq!(results.len(), 3);
    assert!(results[0].is_ok() && results[2].is_ok());
    assert_eq!(results[1].as_ref().unwrap_err().to_string(), "2:6: unknown symbol 'x'");
}

#[test]
fn size_option_settles_sixteen_cells() {
    let row = "1.3...2.........\n";
    let text = row.repeat(16);
    let as_lines: Vec<_> = PuzzleReader::new(text.as_bytes()).collect();
    assert_eq!(as_lines.len(), 16);
    let as_grid: Vec<_> = PuzzleReader::new(text.as_bytes()).size(16).collect();
    assert_eq!(as_grid.len(), 1);
    assert_eq!(as_grid[0].as_ref().unwrap().grid.size(), 16);
}

pub(super) const TOP95: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

#[test]
fn a_comment_may_follow_a_puzzle() {
    let results = read(&format!("{TOP95} # hard\n{TOP95}#\n  # alone\n"));
    assert_eq!(results.len(), 2, "{results:?}");
    assert_eq!(results[0].as_ref().unwrap().grid, TOP95.parse().unwrap());
    assert_eq!(results[1].as_ref().unwrap().line, 2);
    // Inside a grid, a comment line is skipped and a trailing one cut.
    let grid = "1 2 3 4 # row 1\n# between\n3 4 1 2\n2 1 4 3\n4 3 2 1\n";
    let results = read(grid);
    assert_eq!(results.len(), 1);
    assert_eq!(results[0].as_ref().unwrap().grid.to_string(), "1234341221434321");
}

#[test]
fn kaggle_csv_reads_the_first_field_and_skips_the_header() {
    let puzzle =
        "004300209005009001070060043006002087190007400050083000600000105003508690042910300";
    let solution =
        "864371259325849761971265843436192587198657432257483916689734125713528694542916378";
    let text = format!("quizzes,solutions\n{puzzle},{solution}\n{puzzle},{solution}\n");
    let results = read(&text);
    assert_eq!(results.len(), 2, "{results:?}");
    let p = results[0].as_ref().unwrap();
    assert_eq!((p.line, p.layout, p.notation), (2, Layout::Line, Notation::default()));
    assert_eq!(p.grid, puzzle.parse().unwrap());
    // Another CSV form: the puzzle is the second field, with `.` blanks.
    let dots = puzzle.replace('0', ".");
    let text = format!("id,puzzle,solution,clues,difficulty\n7,{dots},{solution},27,1.5\n");
    assert_eq!(read(&text)[0].as_ref().unwrap().grid, puzzle.parse().unwrap());
    // A mistake in the field is placed in the line.
    let bad = format!("{}x{},{solution}", &puzzle[..10], &puzzle[11..]);
    assert_eq!(errors(&bad), ["1:11: unknown symbol 'x'"]);
    // A long field that is no puzzle.
    let short = format!("{},{solution}", &puzzle[..80]);
    let e = errors(&format!("{short}\n7,{short}"));
    assert_eq!(e.len(), 2);
    assert!(e[1].starts_with("2:3: this looks like CSV, but its field 2 (80 characters)"));
}

#[test]
fn a_puzzle_of_another_side_than_the_one_set() {
    let four = "1.3...2.........";
    let results: Vec<_> =
        PuzzleReader::new(format!("{four}\n{TOP95}\n").as_bytes()).size(9).collect();
    let e = results[0].as_ref().unwrap_err();
    assert_eq!(e.kind(), &ReadErrorKind::WrongSide { expected: 9, found: 4 });
    assert!(results[1].is_ok());
    // A 4x4 grid: one error, its other rows skipped.
    let grid = "1 . 3 .\n. . 2 .\n. . . .\n. . . .\n";
    let results: Vec<_> =
        PuzzleReader::new(format!("{grid}{TOP95}\n").as_bytes()).size(9).collect();
    assert_eq!(results.len(), 2, "{results:?}");
    let e = results[0].as_ref().unwrap_err();
    assert_eq!(e.to_string(), "1:1: a 4x4 puzzle where the puzzles are 9x9");
}

#[test]
fn an_alphabet_too_small_for_the_puzzle_is_an_error() {
    let letters = Alphabet::new("ABCD").unwrap();
    let text = format!("{}\nA.C.....B.......\n", TOP95.replace(['4', '8', '5'], "."));
    let results: Vec<_> = PuzzleReader::new(text.as_bytes()).alphabet(letters).collect();
    let e = results[0].as_ref().unwrap_err();
    assert_eq!(e.kind(), &ReadErrorKind::FewSymbols { symbols: 4, size: 9 });
    assert_eq!(e.to_string(), "1:1: a 9x9 puzzle needs 9 symbols, and the alphabet has 4");
    assert!(results[1].is_ok());
}

#[test]
fn the_notation_of_each_puzzle() {
    let numbers = format!("10 . 3 16{}", " .".repeat(252));
    let commas = format!("10,.,3,16{}", ",.".repeat(252));
    let text = format!("{TOP95}\n{numbers}\n{commas}\n1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 1\n");
    let notations: Vec<Notation> = read(&text).into_iter().map(|r| r.unwrap().notation).collect();
    let (none, space, comma) = (Separator::None, Separator::Space, Separator::Comma);
    assert_eq!(
        notations,
        [
            Notation { numbers: false, separator: none },
            Notation { numbers: true, separator: space },
            Notation { numbers: true, separator: comma },
            Notation { numbers: false, separator: none },
        ]
    );
}

#[test]
fn invalid_utf8_is_one_error() {
    let mut bytes = b"1.3...2...\xff.....\n".to_vec();
    bytes.extend_from_slice(b"1.3...2.........\n");
    let results: Vec<_> = PuzzleReader::new(&bytes[..]).collect();
    assert_eq!(results.len(), 2);
    assert_eq!(results[0].as_ref().unwrap_err().column(), 11);
    assert!(results[1].is_ok());
}

#[test]
fn a_byte_order_mark_is_skipped() {
    let results = read(&format!("\u{feff}{TOP95}\n{TOP95}\n"));
    assert_eq!(results.len(), 2, "{results:?}");
    assert_eq!(results[0].as_ref().unwrap().grid, TOP95.parse().unwrap());
    // Before a grid, a comment and a CSV header.
    let grid = "\u{feff}1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 1\n";
    assert_eq!(read(grid)[0].as_ref().unwrap().grid.to_string(), "1234341221434321");
    assert_eq!(read(&format!("\u{feff}# c\n{TOP95}\n")).len(), 1);
    let csv = format!("\u{feff}quizzes,solutions\n{},x\n", TOP95.replace('.', "0"));
    let results = read(&csv);
    assert_eq!(results.len(), 1, "{results:?}");
    assert!(results[0].is_ok());
}

#[test]
fn a_line_over_the_cap_is_one_error_and_reading_goes_on() {
    let text = format!("{TOP95}\n{}\n{TOP95}\n{}", ".".repeat(1000), ".".repeat(201));
    let results: Vec<_> = PuzzleReader::new(text.as_bytes()).max_line(200).collect();
    assert_eq!(results.len(), 4, "{results:?}");
    assert!(results[0].is_ok());
    let e = results[1].as_ref().unwrap_err();
    assert_eq!(e.kind(), &ReadErrorKind::LineTooLong { max: 200 });
    assert_eq!(
        e.to_string(),
        "2:1: the line is longer than 200 bytes, more than any puzzle can be; it is skipped"
    );
    assert_eq!(results[2].as_ref().unwrap().line, 3);
    assert_eq!(results[3].as_ref().unwrap_err().line(), 4);
    // Inside a grid: the grid is dropped, the next puzzle read.
    let text = format!("1 2 3 4\n{}\n2 1 4 3\n4 3 2 1\n\n{TOP95}\n", "3".repeat(300));
    let results: Vec<_> = PuzzleReader::new(text.as_bytes()).max_line(200).collect();
    assert_eq!(results.len(), 2, "{results:?}");
    assert_eq!(results[0].as_ref().unwrap_err().line(), 2);
    assert_eq!(results[1].as_ref().unwrap().line, 6);
}

#[test]
fn a_long_line_is_not_kept() {
    // A line of a million dots, then a puzzle, through a small buffer.
    let mut text = vec![b'.'; 1_000_000];
    text.push(b'\n');
    text.extend_from_slice(TOP95.as_bytes());
    let reader = std::io::BufReader::with_capacity(1 << 12, &text[..]);
    let mut puzzles = PuzzleReader::new(reader).max_line(1 << 16);
    let e = puzzles.next().unwrap().unwrap_err();
    assert_eq!(e.kind(), &ReadErrorKind::LineTooLong { max: 1 << 16 });
    assert!(puzzles.buf.capacity() <= 1 << 17, "{}", puzzles.buf.capacity());
    assert_eq!(puzzles.next().unwrap().unwrap().line, 2);
    assert!(puzzles.next().is_none());
}

#[test]
fn the_real_cap_takes_the_longest_puzzle() {
    // 64x64 in numbers, with `, ` between cells: about 16 KiB.
    let line = vec!["64"; 64 * 64].join(", ");
    assert!(line.len() < MAX_LINE);
    let results = read(&line);
    assert_eq!(results.len(), 1);
    assert_ne!(
        results[0].as_ref().err().map(ReadError::kind),
        Some(&ReadErrorKind::LineTooLong { max: MAX_LINE })
    );
    let long = ".".repeat(MAX_LINE + 1);
    let results = read(&format!("{long}\n{TOP95}\n"));
    assert_eq!(results.len(), 2);
    assert_eq!(
        results[0].as_ref().unwrap_err().kind(),
        &ReadErrorKind::LineTooLong { max: MAX_LINE }
    );
    assert!(results[1].is_ok());
}

/// A terminal's end of input shows once: reading on after it waits
/// for more typing. The reader must stop at the first.
#[test]
fn the_end_of_input_is_read_once() {
    struct EndsOnce(Option<&'static [u8]>, bool);
    impl std::io::Read for EndsOnce {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            match self.0.take() {
                Some(text) => {
                    buf[..text.len()].copy_from_slice(text);
                    Ok(text.len())
                }
                None if self.1 => panic!("read past the end of input"),
                None => {
                    self.1 = true;
                    Ok(0)
                }
            }
        }
    }
    let typed = EndsOnce(Some(b"1.3...2.........\n"), false);
    let results: Vec<_> = PuzzleReader::new(std::io::BufReader::new(typed)).collect();
    assert_eq!(results.len(), 1);
    let typed = EndsOnce(Some(b"1.3...2........."), false);
    let results: Vec<_> = PuzzleReader::new(std::io::BufReader::new(typed)).collect();
    assert_eq!(results.len(), 1);
    let typed = EndsOnce(Some(b"...................."), false);
    let results: Vec<_> = PuzzleReader::new(std::io::BufReader::new(typed)).max_line(8).collect();
    assert_eq!(results.len(), 1);
}

#[test]
fn inline_region_maps() {
    let text = "\
# a 4x4 jigsaw puzzle and its regions
1.3...2......... AAABCABBCCDBCDDD
1 . 3 . . . 2 . . . . . . . . .   AABBAABBCCDDCCDD # numbers form, spaced
1.3.............
1.3............. AABBAABBCCDDCCD
1.3...2.... AABBAABBCCDDCCDD
";
    let read: Vec<_> = PuzzleReader::new(text.as_bytes()).inline_regions().collect();
    assert_eq!(read.len(), 5);
    let first = read[0].as_ref().unwrap();
    assert_eq!((first.line, first.grid.get(1, 2)), (2, 2));
    assert_eq!(first.regions, Some(Regions::parse("AAAB CABB CCDB CDDD").unwrap()));
    let second = read[1].as_ref().unwrap();
    assert_eq!(second.grid.get(0, 2), 3);
    assert_eq!(second.regions, Some(Regions::parse("AABBAABBCCDDCCDD").unwrap()));
    let errors: Vec<String> =
        read[2..].iter().map(|r| r.as_ref().unwrap_err().to_string()).collect();
    assert_eq!(
        errors,
        [
            "4:17: expected the puzzle's region map after it, set apart by a space (one label \
             per cell)",
            "5:32: a region map of 15 cells is not a square grid of side 4 to 64",
            "6:1: 11 cells on a line make no puzzle: a one-line puzzle has a square number of \
             cells (16 to 4096), a grid as many rows as cells in a row (4 to 64)",
        ]
    );
    // A map of another side than its puzzle.
    let nine = format!("{} {}", ".".repeat(81), "AABBAABBCCDDCCDD");
    let e = PuzzleReader::new(nine.as_bytes()).inline_regions().next().unwrap().unwrap_err();
    assert_eq!(e.to_string(), "1:83: the region map is 4x4 but the puzzle is 9x9");
}

mod compact_lines {
    use proptest::prelude::*;

    use super::*;

    /// Everything a reader gives, written out to compare.
    fn all(reader: PuzzleReader<&[u8]>) -> Vec<String> {
        reader.map(|r| format!("{r:?}")).collect()
    }

    /// The same, each puzzle given back to the reader once written out
    /// (its cells then hold a later one, of any side).
    fn all_recycled(mut reader: PuzzleReader<&[u8]>) -> Vec<String> {
        let mut out = Vec::new();
        while let Some(r) = reader.next() {
            out.push(format!("{r:?}"));
            if let Ok(puzzle) = r {
                reader.recycle(puzzle);
            }
        }
        out
    }

    /// A reader of `text` with the options drawn.
    fn reader(text: &str, size: Option<usize>, letters: bool) -> PuzzleReader<&[u8]> {
        let mut reader = PuzzleReader::new(text.as_bytes());
        if let Some(n) = size {
            reader = reader.size(n);
        }
        if letters {
            reader = reader.alphabet(Alphabet::new("ABCDEFGHI").unwrap());
        }
        reader
    }

    /// Lines of one character a cell, most of them clean (symbols and
    /// blanks only), the others with a stray character or two.
    fn lines() -> impl Strategy<Value = String> {
        let clean = proptest::sample::select(&['.', '0', '1', '5', '9', 'A', 'c', 'G'][..]);
        let stray = proptest::sample::select(&['Z', 'g', '|', ',', ' ', '#', 'é', '_', '*'][..]);
        let length = prop_oneof![
            Just(16usize),
            Just(25),
            Just(80),
            Just(81),
            Just(82),
            Just(256),
            Just(729),
            0usize..100,
        ];
        let line = (length, proptest::collection::vec((any::<usize>(), stray), 0..3))
            .prop_flat_map(move |(k, strays)| {
                proptest::collection::vec(clean.clone(), k).prop_map(move |mut cells| {
                    for &(at, c) in &strays {
                        if !cells.is_empty() {
                            let i = at % cells.len();
                            cells[i] = c;
                        }
                    }
                    cells.into_iter().collect::<String>()
                })
            });
        // Lines end in `\n` or `\r\n` (the reader's raw fast path strips both).
        let end = prop_oneof![Just("\n"), Just("\r\n")];
        (proptest::collection::vec(line, 1..6), end).prop_map(|(lines, end)| lines.join(end) + end)
    }

    proptest! {
        #[test]
        fn read_as_the_general_path_reads_them(
            text in lines(),
            size in prop_oneof![Just(None), Just(Some(4)), Just(Some(9)), Just(Some(16))],
            letters in any::<bool>(),
        ) {
            let fast = all(reader(&text, size, letters));
            let recycled = all_recycled(reader(&text, size, letters));
            let general = all(reader(&text, size, letters).general_only());
            prop_assert_eq!(&fast, &general);
            prop_assert_eq!(recycled, general);
        }
    }

    #[test]
    fn common_forms_take_the_fast_path() {
        let line =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        for text in [line.to_string(), line.replace('.', "0"), "1.3...2.........".into()] {
            let mut fast = PuzzleReader::new(text.as_bytes());
            fast.default_alphabet = Alphabet::default_for(text.len().isqrt());
            fast.compact = Compact::new(&fast.default_alphabet);
            assert!(fast.compact.digits, "digits read by arithmetic");
            let puzzle = fast.compact_line(text.as_bytes(), 1).expect("the fast path");
            let general = PuzzleReader::new(text.as_bytes()).general_only().next();
            assert_eq!(format!("{:?}", Some(Ok::<_, ReadError>(puzzle))), format!("{general:?}"));
        }
    }

    /// Only the alphabets whose every byte reads as its digit (or blank)
    /// take the arithmetic; the others keep the table.
    #[test]
    fn digits_by_arithmetic_only_where_they_read_the_same() {
        for (alphabet, digits) in [
            (Alphabet::default_for(4), true),
            (Alphabet::default_for(9), true),
            (Alphabet::new("123456789").unwrap(), true),
            (Alphabet::default_for(16), false),
            (Alphabet::new("ABCDEFGHI").unwrap(), false),
            (Alphabet::new("987654321").unwrap(), false),
            (Alphabet::new("0123").unwrap(), false),
        ] {
            assert_eq!(Compact::new(&alphabet).digits, digits, "{:?}", alphabet.symbols());
        }
    }
}
