//! Tests of [`Config::from_args`](super::Config::from_args): the command line turned into
//! plain settings.

use super::*;
use clap::Parser;

fn config(argv: &[&str]) -> Config {
    let mut full = vec!["dlx"];
    full.extend_from_slice(argv);
    Config::from_args(Args::try_parse_from(full).unwrap()).unwrap()
}

#[test]
fn solve_limits() {
    let limit = |argv: &[&str]| match config(argv) {
        Config::Solve(c) => c.limit,
        other => panic!("{other:?}"),
    };
    assert_eq!(limit(&["solve"]), Some(1));
    assert_eq!(limit(&["solve", "--all"]), None);
    assert_eq!(limit(&["solve", "--limit", "5"]), Some(5));
    assert_eq!(limit(&["solve", "--all", "-n", "3"]), Some(3));
}

#[test]
fn min_cost_settings() {
    let min_cost = |argv: &[&str]| match config(argv) {
        Config::MinCost(c, m) => (c.threads(), m),
        other => panic!("{other:?}"),
    };
    let one = MinCost { best: 1, time_limit: None };
    assert_eq!(min_cost(&["solve", "--min-cost"]), (1, one));
    let (threads, m) =
        min_cost(&["solve", "--min-cost", "--best", "4", "-j", "3", "--time-limit", "1.5"]);
    assert_eq!(threads, 3);
    assert_eq!(m, MinCost { best: 4, time_limit: Some(std::time::Duration::from_millis(1500)) });
    for bad in [&["solve", "--best", "2"][..], &["solve", "--time-limit", "1"]] {
        let mut full = vec!["dlx"];
        full.extend_from_slice(bad);
        assert!(Args::try_parse_from(full).is_err(), "{bad:?}");
    }
}

#[test]
fn stdin_by_default() {
    let Config::Count(c, _) = config(&["count"]) else { panic!() };
    assert_eq!(c.input, Input::Stdin);
    let Config::Count(c, _) = config(&["count", "-"]) else { panic!() };
    assert_eq!(c.input, Input::Stdin);
    let Config::Count(c, _) = config(&["count", "x.dlx"]) else { panic!() };
    assert_eq!(c.input, Input::File("x.dlx".into()));
}

#[test]
fn no_progress_bar_off_a_terminal() {
    // Under the test runner stderr is captured, never a terminal.
    let Config::Count(c, _) = config(&["count", "--stats"]) else { panic!() };
    assert_eq!(c.report, Report { stats: true, progress: false });
}

#[test]
fn threads_default_to_one_for_solve_and_every_core_for_count() {
    let Config::Solve(c) = config(&["solve"]) else { panic!() };
    assert_eq!(c.threads, Some(1));
    let Config::Solve(c) = config(&["solve", "-j", "4"]) else { panic!() };
    assert_eq!(c.threads, Some(4));
    // Every core, asked when needed.
    let Config::Count(c, _) = config(&["count"]) else { panic!() };
    assert_eq!((c.threads, c.threads()), (None, all_cores()));
    let Config::Count(c, _) = config(&["count", "--threads", "3"]) else { panic!() };
    assert_eq!(c.threads, Some(3));
}

#[test]
fn split_defaults() {
    let Config::Split(c) = config(&["split", "dir/queens12.dlx"]) else { panic!() };
    assert_eq!(c.at, SplitAt::Parts(DEFAULT_PARTS));
    assert_eq!((c.prefix.as_str(), c.dir.as_path()), ("queens12", Path::new(".")));
    let Config::Split(c) = config(&["split", "-d", "3", "-o", "p", "-p", "q"]) else { panic!() };
    assert_eq!(
        (c.at, c.prefix.as_str(), c.dir.as_path()),
        (SplitAt::Depth(3), "q", Path::new("p"))
    );
    assert_eq!(c.input, Input::Stdin);
    let Config::Split(c) = config(&["split", "--parts", "7", "-"]) else { panic!() };
    assert_eq!((c.at, c.prefix.as_str()), (SplitAt::Parts(7), "part"));
}

#[test]
fn a_prefix_is_a_name_not_a_path() {
    let args = Args::try_parse_from(["dlx", "split", "--prefix", "a/b", "x.dlx"]).unwrap();
    assert!(Config::from_args(args).is_err());
    let args = Args::try_parse_from(["dlx", "split", "--prefix", "", "x.dlx"]).unwrap();
    assert!(Config::from_args(args).is_err());
}

#[test]
fn search_settings() {
    use dlx::{Heuristic, Propagation};
    let settings = |c: dlx::Config| (c.get_propagation(), c.get_heuristic());
    // Plain Algorithm X by default for exact cover, Knuth's rule.
    let Config::Count(c, _) = config(&["count"]) else { panic!() };
    assert_eq!(settings(c.search), (Propagation::None, Heuristic::MinimumRemaining));
    let Config::Solve(c) =
        config(&["solve", "--heuristic", "mrv-most-removed", "--propagation", "dominance"])
    else {
        panic!()
    };
    assert_eq!(
        settings(c.search),
        (Propagation::Dominance, Heuristic::MinimumRemainingMostRemoved)
    );
    // The sudoku solvers' settings by default for sudoku; each flag
    // replaces one.
    let Config::Sudoku(c) = config(&["sudoku", "solve"]) else { panic!() };
    assert_eq!(c.search, sudoku_cover::Sudoku::config());
    let Config::Sudoku(c) = config(&["sudoku", "count", "--heuristic", "mrv"]) else { panic!() };
    assert_eq!(settings(c.search), (Propagation::Dominance, Heuristic::MinimumRemaining));
    let Config::Sudoku(c) = config(&["sudoku", "check", "--propagation", "none"]) else { panic!() };
    assert_eq!(settings(c.search), (Propagation::None, Heuristic::MinimumRemainingMostRemoved));
}

#[test]
fn a_few_puzzles_known_before_reading_take_the_bitset_form() {
    let puzzle =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let bitset = sudoku_cover::Sudoku::config().engine(dlx::Engine::Bitset);
    let search = |argv: &[&str]| match config(argv) {
        Config::Sudoku(c) => c.search,
        _ => panic!("a sudoku command"),
    };
    assert_eq!(search(&["sudoku", "solve", puzzle, puzzle]), bitset);
    // Files: by their size (three puzzles, 246 bytes; five, 410 bytes).
    let data = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/");
    let (three, five) = (format!("{data}serg_first3.txt"), format!("{data}top95_first5.txt"));
    assert_eq!(search(&["sudoku", "check", &three]), bitset);
    assert_eq!(search(&["sudoku", "check", &five]), sudoku_cover::Sudoku::config());
    assert_eq!(search(&["sudoku", "check", puzzle, &three]), sudoku_cover::Sudoku::config());
    // Stdin, or a file that cannot be read, may hold any number.
    assert_eq!(search(&["sudoku", "solve"]), sudoku_cover::Sudoku::config());
    assert_eq!(search(&["sudoku", "check", puzzle, "puzzles.txt"]), sudoku_cover::Sudoku::config());
    // So may a small compressed file: 40 puzzles in well under 256 bytes.
    let gz = std::env::temp_dir().join(format!("dlx-few-{}.txt.gz", std::process::id()));
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    std::io::Write::write_all(&mut encoder, format!("{puzzle}\n").repeat(40).as_bytes()).unwrap();
    std::fs::write(&gz, encoder.finish().unwrap()).unwrap();
    assert!(std::fs::metadata(&gz).unwrap().len() <= 256);
    let compressed = search(&["sudoku", "check", gz.to_str().unwrap()]);
    std::fs::remove_file(&gz).unwrap();
    assert_eq!(compressed, sudoku_cover::Sudoku::config());
}

#[test]
fn a_few_puzzles_to_solve_or_check_run_on_the_calling_thread() {
    let puzzle =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let alone = |argv: &[&str]| match config(argv) {
        Config::Sudoku(c) => (c.alone, c.threads),
        _ => panic!("a sudoku command"),
    };
    assert_eq!(alone(&["sudoku", "solve", "-j", "4", puzzle]), (true, 1));
    assert_eq!(alone(&["sudoku", "check", puzzle, puzzle]), (true, 1));
    // Listing, counting and rating keep their threads; so do inputs of
    // unknown size.
    assert_eq!(alone(&["sudoku", "solve", "--all", "-j", "3", puzzle]), (false, 3));
    assert_eq!(alone(&["sudoku", "count", "-j", "3", puzzle]), (false, 3));
    assert_eq!(alone(&["sudoku", "rate", "-j", "3", puzzle]), (false, 3));
    assert_eq!(alone(&["sudoku", "check", "-j", "3"]), (false, 3));
}

#[test]
fn sudoku_threads() {
    let Config::Sudoku(c) = config(&["sudoku", "check", "-j", "3"]) else { panic!() };
    assert_eq!((c.threads, c.task), (3, Task::Check));
    let Config::Sudoku(c) = config(&["sudoku", "count", "a", "b"]) else { panic!() };
    assert!(c.threads >= 1);
    assert_eq!(c.sources.len(), 2);
}

#[test]
fn sudoku_solve_tasks() {
    let task = |argv: &[&str]| match config(argv) {
        Config::Sudoku(c) => (c.task, c.output),
        other => panic!("{other:?}"),
    };
    let solve = |form, limit| Task::Solve(SolveTask { form, limit });
    assert_eq!(task(&["sudoku", "solve"]), (solve(Form::AsWritten, Some(1)), Output::Text));
    assert_eq!(
        task(&["sudoku", "solve", "-f", "text", "--all"]),
        (solve(Form::AsWritten, None), Output::Text)
    );
    assert_eq!(
        task(&["sudoku", "solve", "-f", "grid", "-n", "3"]),
        (solve(Form::Grid, Some(3)), Output::Text)
    );
    assert_eq!(
        task(&["sudoku", "solve", "--format", "json"]),
        (solve(Form::AsWritten, Some(1)), Output::Json)
    );
    assert_eq!(task(&["sudoku", "check", "-f", "json"]), (Task::Check, Output::Json));
    assert!(!SolveTask { form: Form::Line, limit: Some(1) }.lists());
    assert!(SolveTask { form: Form::Line, limit: None }.lists());
}

#[test]
fn every_command_takes_a_format() {
    let output = |argv: &[&str]| match config(argv) {
        Config::Solve(c) | Config::Count(c, _) | Config::MinCost(c, _) => c.output,
        Config::Estimate(c) => c.output,
        Config::Split(c) => c.output,
        Config::Sum(c) => c.output,
        Config::Sudoku(c) => c.output,
        Config::Generate(c) => c.output,
    };
    for command in [
        &["solve"][..],
        &["solve", "--min-cost"],
        &["count"],
        &["estimate"],
        &["split"],
        &["sum"],
        &["sudoku", "solve"],
        &["sudoku", "count"],
        &["sudoku", "check"],
        &["sudoku", "generate"],
    ] {
        assert_eq!(output(command), Output::Text, "{command:?}");
        let json = [command, &["--format", "json"]].concat();
        assert_eq!(output(&json), Output::Json, "{command:?}");
    }
}
