use std::collections::BTreeSet;

use dlx_examples::wordsquare::{Kind, WordList, WordSquare};

use crate::util::{check_solution, count_checked, emitted, run, run_err, run_ok};

const WORDSQUARE: &str = env!("CARGO_BIN_EXE_wordsquare");

/// Three-letter words of the bundled list that use only these letters: a
/// list small enough to check by brute force, with many squares.
fn small_list() -> (WordList, Vec<String>) {
    let bundled = WordList::bundled();
    let words: Vec<String> = bundled
        .of_length(3)
        .filter(|w| w.chars().all(|c| "aeiostnrd".contains(c)))
        .map(str::to_owned)
        .collect();
    (WordList::parse(&words.join("\n")).unwrap(), words)
}

fn column(rows: &[&String], j: usize) -> String {
    rows.iter().map(|r| r.as_bytes()[j] as char).collect()
}

/// Every 3x3 grid of distinct row words whose columns are words: as
/// (rows, columns) pairs.
fn brute_force(words: &[String]) -> Vec<(Vec<String>, Vec<String>)> {
    let set: BTreeSet<&String> = words.iter().collect();
    let mut found = Vec::new();
    for a in words {
        for b in words {
            for c in words {
                let rows = [a, b, c];
                let columns: Vec<String> = (0..3).map(|j| column(&rows, j)).collect();
                if columns.iter().all(|w| set.contains(w)) {
                    let rows: Vec<String> = rows.iter().map(|s| s.to_string()).collect();
                    found.push((rows, columns));
                }
            }
        }
    }
    found
}

fn distinct(words: &[String]) -> bool {
    words.iter().collect::<BTreeSet<_>>().len() == words.len()
}

#[test]
fn counts_agree_with_brute_force() {
    let (list, words) = small_list();
    assert!(words.len() > 30, "{}", words.len());
    let grids = brute_force(&words);
    let symmetric = grids.iter().filter(|(r, c)| r == c && distinct(r)).count();
    let double = grids.iter().filter(|(r, c)| distinct(&[r.clone(), c.clone()].concat())).count();
    assert!(symmetric > 0 && double > 0);

    let square = WordSquare::new(&list, 3, 3, Kind::Symmetric).unwrap();
    assert_eq!(count_checked(square.model().problem()), symmetric as u128);
    let square = WordSquare::new(&list, 3, 3, Kind::Double).unwrap();
    assert_eq!(count_checked(square.model().problem()), double as u128);
}

#[test]
fn solutions_are_word_grids() {
    let words = WordList::bundled();
    let all: BTreeSet<String> =
        [3, 4, 5].iter().flat_map(|&n| words.of_length(n).map(str::to_owned)).collect();
    for (rows, columns, kind) in
        [(5, 5, Kind::Symmetric), (4, 4, Kind::Double), (3, 5, Kind::Double)]
    {
        let square = WordSquare::new(&words, rows, columns, kind).unwrap();
        let mut solver = square.model().solver();
        for solution in solver.solutions().take(20) {
            check_solution(square.model().problem(), &solution);
            let grid = square.grid(&solution);
            let refs: Vec<&String> = grid.iter().collect();
            let downs: Vec<String> = (0..columns).map(|j| column(&refs, j)).collect();
            assert!(grid.iter().chain(&downs).all(|w| all.contains(w)), "{grid:?}");
            match kind {
                Kind::Symmetric => assert_eq!(grid, downs),
                Kind::Double => assert!(distinct(&[grid.clone(), downs].concat()), "{grid:?}"),
            }
        }
    }
}

#[test]
fn emit_counts_agree() {
    let problem = emitted(WORDSQUARE, &["3"]);
    assert!(problem.has_colors());
    let ours = WordSquare::new(&WordList::bundled(), 3, 3, Kind::Symmetric).unwrap();
    assert_eq!(dlx::Solver::new(&problem).count(), ours.model().count());
    assert_eq!(dlx::Solver::new(&problem).count(), 8784);
}

#[test]
fn binary_default_shows_three_squares() {
    let out = run_ok(WORDSQUARE, &[]);
    let grids: Vec<&str> = out.split("\n\n").collect();
    assert_eq!(grids.len(), 3, "{out}");
    for grid in grids {
        assert_eq!(grid.trim_end().lines().count(), 5);
    }
    let out = run_ok(WORDSQUARE, &["3", "-c", "-n", "0"]);
    assert_eq!(out.trim(), out.trim().lines().next().unwrap());
    assert!(out.starts_with("8784 word squares"), "{out}");
}

#[test]
fn binary_rejects_bad_input() {
    let dir = std::env::temp_dir().join(format!("wordsquare-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("words.txt");
    std::fs::write(&file, "cat\ndog\nca t\n").unwrap();
    let err = run_err(WORDSQUARE, &["-w", file.to_str().unwrap()]);
    assert!(err.contains("words.txt:3:3: unexpected character ` `"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(run_err(WORDSQUARE, &["five"]).contains("bad grid size `five`"));
    assert!(run_err(WORDSQUARE, &["0"]).contains("1 to 36"));
}

#[test]
fn a_size_the_word_list_has_no_words_for_is_an_error() {
    let err = run_err(WORDSQUARE, &["9"]);
    assert_eq!(
        err,
        "error: the word list has no words of 9 letters (its words have 3 to 5 letters), \
         which the grid needs\n"
    );
    // A rectangle needs words of both lengths.
    assert!(run_err(WORDSQUARE, &["3x6"]).contains("no words of 6 letters"));
    assert!(run_err(WORDSQUARE, &["6x3", "--emit"]).contains("no words of 6 letters"));
}

#[test]
fn no_grid_exits_with_1() {
    let dir = std::env::temp_dir().join(format!("wordsquare-none-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("words.txt");
    std::fs::write(&file, "abc\nxyz\n").unwrap();
    let list = file.to_str().unwrap();
    let out = run(WORDSQUARE, &["3", "-w", list]);
    assert_eq!(out.status, 1, "{}", out.stderr);
    assert_eq!(out.stdout, "No 3x3 grid can be made from these words.\n");
    let out = run(WORDSQUARE, &["3", "-w", list, "-c", "-n", "0"]);
    assert_eq!(out.status, 1, "{}", out.stderr);
    assert!(out.stdout.starts_with("0 word squares"), "{}", out.stdout);
    // Asking for nothing finds nothing missing.
    assert_eq!(run(WORDSQUARE, &["3", "-w", list, "-n", "0"]).status, 0);
    std::fs::remove_dir_all(&dir).unwrap();
}
