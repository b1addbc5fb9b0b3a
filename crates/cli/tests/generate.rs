//! `dlx sudoku generate`: the puzzles it prints, checked by a small
//! backtracking solver of this file (nothing shared with the library):
//! unique, minimal with `--minimal`, symmetric with `--symmetry`, the same
//! on any number of threads; and read back by `dlx sudoku solve` (and by
//! `dlx sudoku rate`, for `--rating`).

use crate::util::{data, dlx};

/// The houses of a grid: rows, columns, and boxes or jigsaw regions (one
/// label per cell); `diagonals` adds the two main diagonals.
struct Checker {
    n: usize,
    houses: Vec<Vec<usize>>,
    /// For each cell, the cells that share a house with it.
    peers: Vec<Vec<usize>>,
}

impl Checker {
    fn new(n: usize, box_rows: usize, box_cols: usize) -> Checker {
        let labels: Vec<usize> =
            (0..n * n).map(|i| (i / n / box_rows) * (n / box_cols) + (i % n) / box_cols).collect();
        Checker::with_regions(n, &labels)
    }

    fn jigsaw(map: &str) -> Checker {
        let chars: Vec<char> = map.chars().filter(|c| !c.is_whitespace()).collect();
        let n = chars.len().isqrt();
        let mut seen: Vec<char> = Vec::new();
        let labels: Vec<usize> = chars
            .iter()
            .map(|&c| {
                if !seen.contains(&c) {
                    seen.push(c);
                }
                seen.iter().position(|&s| s == c).unwrap()
            })
            .collect();
        assert_eq!(seen.len(), n, "{map}: {n} regions");
        Checker::with_regions(n, &labels)
    }

    fn with_regions(n: usize, labels: &[usize]) -> Checker {
        let mut houses: Vec<Vec<usize>> = Vec::new();
        for i in 0..n {
            houses.push((0..n).map(|j| i * n + j).collect());
            houses.push((0..n).map(|j| j * n + i).collect());
            houses.push((0..n * n).filter(|&c| labels[c] == i).collect());
        }
        assert!(houses.iter().all(|h| h.len() == n), "every region has {n} cells");
        Checker { n, houses, peers: Vec::new() }.with_peers()
    }

    fn diagonals(mut self) -> Checker {
        let n = self.n;
        self.houses.push((0..n).map(|i| i * n + i).collect());
        self.houses.push((0..n).map(|i| i * n + n - 1 - i).collect());
        self.with_peers()
    }

    fn with_peers(mut self) -> Checker {
        let n = self.n;
        self.peers = (0..n * n)
            .map(|i| {
                let mut peers: Vec<usize> =
                    self.houses.iter().filter(|h| h.contains(&i)).flatten().copied().collect();
                peers.sort_unstable();
                peers.dedup();
                peers.retain(|&j| j != i);
                peers
            })
            .collect();
        self
    }

    /// Solutions of `cells` (0 for blank), up to `limit`: backtracking on
    /// the blank cell with the fewest values its houses allow.
    fn count(&self, cells: &mut [u8], limit: usize) -> usize {
        let mut best: Option<(usize, u32)> = None;
        for i in (0..cells.len()).filter(|&i| cells[i] == 0) {
            let used = self.peers[i].iter().fold(0u32, |m, &j| m | 1 << cells[j]);
            let allowed = !used & ((1 << (self.n + 1)) - 2);
            if best.is_none_or(|(_, b)| allowed.count_ones() < b.count_ones()) {
                best = Some((i, allowed));
            }
        }
        let Some((i, allowed)) = best else { return 1 };
        let mut found = 0;
        for v in (1..=self.n as u8).filter(|v| allowed >> v & 1 == 1) {
            cells[i] = v;
            found += self.count(cells, limit - found);
            if found >= limit {
                break;
            }
        }
        cells[i] = 0;
        found
    }

    /// Whether no two givens clash.
    fn consistent(&self, cells: &[u8]) -> bool {
        self.houses.iter().all(|h| {
            let mut seen = vec![false; self.n + 1];
            h.iter()
                .all(|&j| cells[j] == 0 || !std::mem::replace(&mut seen[cells[j] as usize], true))
        })
    }

    /// Whether the puzzle has exactly one solution.
    fn unique(&self, cells: &[u8]) -> bool {
        self.consistent(cells) && self.count(&mut cells.to_vec(), 2) == 1
    }

    /// Whether each clue is needed.
    fn minimal(&self, cells: &[u8]) -> bool {
        let mut cells = cells.to_vec();
        (0..cells.len()).all(|i| {
            let v = std::mem::replace(&mut cells[i], 0);
            let needed = v == 0 || self.count(&mut cells, 2) == 2;
            cells[i] = v;
            needed
        })
    }
}

/// A puzzle line's cells, in the default symbols (`.` blank).
fn cells(line: &str) -> Vec<u8> {
    line.chars()
        .map(|c| match c {
            '.' => 0,
            c => "123456789ABCDEFG".find(c).expect("a symbol") as u8 + 1,
        })
        .collect()
}

fn generate(args: &[&str]) -> Vec<String> {
    let out = dlx(&[&["sudoku", "generate"], args].concat()).success();
    out.lines().map(str::to_owned).collect()
}

#[test]
fn nine_by_nine_puzzles_are_unique() {
    let lines = generate(&["--count", "12", "--seed", "1"]);
    assert_eq!(lines.len(), 12);
    let checker = Checker::new(9, 3, 3);
    for line in &lines {
        assert_eq!(line.len(), 81, "{line}");
        assert!(checker.unique(&cells(line)), "{line}");
    }
    let distinct: std::collections::HashSet<_> = lines.iter().collect();
    assert_eq!(distinct.len(), 12);
}

#[test]
fn the_same_seed_gives_the_same_puzzles_on_any_number_of_threads() {
    for options in [&["--size", "6"][..], &["--symmetry", "rot180", "--regions", "random"]] {
        let run = |threads: &str| {
            let args = [&["--count", "24", "--seed", "99", "--threads", threads], options].concat();
            generate(&args)
        };
        let one = run("1");
        assert_eq!(one.len(), 24);
        assert_eq!(run("2"), one, "{options:?}");
        assert_eq!(run("3"), one, "{options:?}");
    }
    // And another seed, other puzzles.
    assert_ne!(generate(&["--seed", "1", "-n", "3"]), generate(&["--seed", "2", "-n", "3"]));
}

#[test]
fn without_a_seed_one_is_drawn_and_named() {
    let out = dlx(&["sudoku", "generate", "--size", "4", "-n", "3"]).expect_code(0);
    let seed = out.stderr.strip_prefix("seed: ").and_then(|s| s.trim().parse::<u64>().ok());
    let seed = seed.unwrap_or_else(|| panic!("stderr: {}", out.stderr)).to_string();
    assert_eq!(out.stdout.lines().count(), 3);
    let again = generate(&["--size", "4", "-n", "3", "--seed", &seed]);
    assert_eq!(out.stdout.lines().collect::<Vec<_>>(), again);
}

#[test]
fn minimal_and_symmetric_puzzles_are() {
    let cases: &[(&[&str], usize, (usize, usize))] = &[
        (&["--size", "4", "--symmetry", "rot90"], 4, (2, 2)),
        (&["--box", "3x2", "--symmetry", "mirror"], 6, (3, 2)),
        (&["--symmetry", "rot180"], 9, (3, 3)),
        (&["--symmetry", "diagonal"], 9, (3, 3)),
        (&[], 9, (3, 3)),
    ];
    for &(options, n, (r, c)) in cases {
        let checker = Checker::new(n, r, c);
        let args = [&["--minimal", "--seed", "4", "-n", "4"], options].concat();
        for line in generate(&args) {
            let grid = cells(&line);
            assert!(checker.unique(&grid), "{options:?}: {line}");
            assert!(checker.minimal(&grid), "{options:?}: {line} is not minimal");
            let m = n - 1;
            for i in (0..n * n).filter(|&i| grid[i] != 0) {
                let (r, c) = (i / n, i % n);
                let image = match options.get(options.len().wrapping_sub(1)) {
                    Some(&"rot90") => c * n + m - r,
                    Some(&"rot180") => (m - r) * n + m - c,
                    Some(&"mirror") => r * n + m - c,
                    Some(&"diagonal") => c * n + r,
                    _ => i,
                };
                assert_ne!(
                    grid[image],
                    0,
                    "{options:?}: {line}: r{}c{} has no image",
                    r + 1,
                    c + 1
                );
            }
        }
    }
}

#[test]
fn clue_counts_are_exact() {
    let checker = Checker::new(9, 3, 3);
    for line in generate(&["--clues", "30", "--seed", "3", "-n", "5"]) {
        assert_eq!(line.chars().filter(|&c| c != '.').count(), 30, "{line}");
        assert!(checker.unique(&cells(&line)), "{line}");
    }
}

#[test]
fn random_regions_are_written_beside_the_puzzle_and_read_back() {
    let lines = generate(&["--regions", "random", "--box", "2x3", "--seed", "8", "-n", "6"]);
    for line in &lines {
        let (puzzle, map) = line.split_once(' ').expect("puzzle and map");
        let checker = Checker::jigsaw(map);
        assert!(checker.unique(&cells(puzzle)), "{line}");
        // Each region is one piece.
        let labels: Vec<char> = map.chars().collect();
        for label in labels.iter().copied().collect::<std::collections::BTreeSet<_>>() {
            let members: Vec<usize> = (0..36).filter(|&i| labels[i] == label).collect();
            let mut reached = vec![members[0]];
            let mut k = 0;
            while k < reached.len() {
                let (r, c) = (reached[k] / 6, reached[k] % 6);
                for &j in &members {
                    if (j / 6).abs_diff(r) + (j % 6).abs_diff(c) == 1 && !reached.contains(&j) {
                        reached.push(j);
                    }
                }
                k += 1;
            }
            assert_eq!(reached.len(), 6, "{map}: region {label} is not one piece");
        }
    }
    let text = lines.join("\n") + "\n";
    let checked = dlx(&["sudoku", "check", "--regions", "inline"]).stdin(&text).success();
    assert_eq!(checked, "unique\n".repeat(6));
    let solved = dlx(&["sudoku", "solve", "--regions", "inline"]).stdin(&text).success();
    for (solution, line) in solved.lines().zip(&lines) {
        let (puzzle, map) = line.split_once(' ').unwrap();
        let solution = cells(solution);
        assert!(!solution.contains(&0) && Checker::jigsaw(map).consistent(&solution));
        assert!(cells(puzzle).iter().zip(&solution).all(|(&p, &s)| p == 0 || p == s));
    }
}

#[test]
fn a_region_file_and_variants_are_kept() {
    let regions = data("jigsaw6.txt");
    let map = std::fs::read_to_string(&regions).unwrap();
    let checker = Checker::jigsaw(&map);
    for line in generate(&["--regions", &regions, "--seed", "2", "-n", "4"]) {
        assert_eq!(line.len(), 36, "{line}");
        assert!(checker.unique(&cells(&line)), "{line}");
    }
    let checker = Checker::new(9, 3, 3).diagonals();
    let lines = generate(&["--variant", "x", "--seed", "2", "-n", "3"]);
    for line in &lines {
        assert!(checker.unique(&cells(line)), "{line}");
    }
    let text = lines.join("\n") + "\n";
    let checked = dlx(&["sudoku", "check", "--variant", "x"]).stdin(text).success();
    assert_eq!(checked, "unique\n".repeat(3));
}

#[test]
fn json_records_carry_the_solution() {
    let out = dlx(&["sudoku", "generate", "--format", "json", "--seed", "5", "-n", "2"]).success();
    let text = generate(&["--seed", "5", "-n", "2"]);
    for (k, (record, line)) in out.lines().zip(&text).enumerate() {
        let v: serde_json::Value = serde_json::from_str(record).unwrap();
        assert_eq!(v["index"], k + 1);
        assert_eq!(v["seed"], 5);
        assert_eq!(v["puzzle"], line.as_str());
        let clues = line.chars().filter(|&c| c != '.').count();
        assert_eq!(v["clues"], clues);
        let solution = cells(v["solution"].as_str().unwrap());
        assert!(Checker::new(9, 3, 3).consistent(&solution) && !solution.contains(&0));
        assert!(v.get("regions").is_none());
    }
    let out = dlx(&[
        "sudoku",
        "generate",
        "-f",
        "json",
        "--regions",
        "random",
        "--seed",
        "5",
        "--size",
        "4",
    ])
    .success();
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["regions"].as_str().unwrap().len(), 16);
}

#[test]
fn impossible_demands_are_named() {
    let cases: &[(&[&str], i32, &str)] = &[
        (&["--size", "7"], 2, "7 is prime"),
        (&["--size", "3"], 2, "expected a side from 4 to 64"),
        (&["--clues", "82"], 2, "82 clues asked for, but the grid has 81 cells"),
        (
            &["--symmetry", "rot90", "--clues", "30"],
            2,
            "no puzzle with rot90 symmetry has 30 clues",
        ),
        (&["--regions", "inline"], 2, "--regions inline reads puzzles"),
        (&["--rating", "4.5..2"], 2, "rating range `4.5..2`: 4.5 is above 2.0"),
        (&["--rating", "3"], 2, "expected LO..HI, LO.. or ..HI"),
        (&["--rating", "1.25.."], 2, "at most one decimal"),
        (
            &["--rating", "0.1..0.5", "--tries", "5", "--seed", "1"],
            1,
            "no puzzle rated 0.1..0.5 in 5 tries",
        ),
        (&["--box", "2x2", "--regions", &data("jigsaw6.txt")], 2, "the region map is 6x6"),
        (&["--size", "4", "--variant", "anti-king"], 1, "no full grid keeps these rules"),
        (
            &["--clues", "17", "--tries", "3", "--seed", "1"],
            1,
            "could not come down to 17 clues in 3 tries",
        ),
        (
            &["--clues", "17", "--tries", "2", "-n", "2", "--seed", "1"],
            1,
            "puzzle 1 of 2: could not",
        ),
    ];
    for &(args, code, message) in cases {
        let out = dlx(&[&["sudoku", "generate"], args].concat()).expect_code(code);
        assert!(out.stderr.contains(message), "{args:?}: {}", out.stderr);
        assert_eq!(out.stdout, "", "{args:?}");
    }
    let out = dlx(&["sudoku", "solve", "--regions", "random", "1.3............."]).expect_code(2);
    assert!(out.stderr.contains("--regions random makes regions for `dlx sudoku generate`"));
}

/// The ratings `dlx sudoku rate` gives the lines, as numbers (`None` for
/// a puzzle beyond the techniques known).
fn rate(lines: &[String]) -> Vec<Option<f64>> {
    let out = dlx(&["sudoku", "rate", "-"]).stdin(lines.join("\n")).success();
    out.lines().map(|l| l.split(' ').next().and_then(|r| r.parse().ok())).collect()
}

#[test]
fn rated_puzzles_are_rated_in_range_by_sudoku_rate() {
    for (range, lo, hi) in [("2.0..4.5", 2.0, 4.5), ("..1.5", 0.0, 1.5), ("6.6..", 6.6, 99.0)] {
        let args = ["--rating", range, "-n", "4", "--seed", "21"];
        let lines = generate(&[&args[..], &["-j", "1"]].concat());
        assert_eq!(lines.len(), 4);
        assert_eq!(generate(&[&args[..], &["-j", "2"]].concat()), lines, "{range}");
        let checker = Checker::new(9, 3, 3);
        for (line, rating) in lines.iter().zip(rate(&lines)) {
            assert!(checker.unique(&cells(line)), "{line}");
            // Beyond the techniques known counts only in an open range.
            let rating = rating.unwrap_or(f64::INFINITY);
            assert!(
                (lo..=hi).contains(&rating) || (hi == 99.0 && rating.is_infinite()),
                "{range}: {line} rated {rating}"
            );
        }
    }
}

#[test]
fn rated_json_records_carry_the_rating() {
    let out =
        dlx(&["sudoku", "generate", "-f", "json", "--rating", "3.0..5", "--seed", "4", "-n", "3"])
            .success();
    let records: Vec<serde_json::Value> =
        out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let lines: Vec<String> =
        records.iter().map(|v| v["puzzle"].as_str().unwrap().to_owned()).collect();
    for (v, rating) in records.iter().zip(rate(&lines)) {
        assert_eq!(v["rating"].as_f64(), rating);
        assert!(v["technique"].is_string());
    }
    // Without --rating, no rating is made.
    let out = dlx(&["sudoku", "generate", "-f", "json", "--seed", "4"]).success();
    assert!(!out.contains("rating"), "{out}");
}
