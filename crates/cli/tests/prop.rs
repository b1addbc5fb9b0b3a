//! Random small problems, with colors and multiplicities: counted on one
//! and several threads, and split at random depths, the parts counted and
//! summed, always agree with a brute-force count that knows nothing of
//! `dlx`. The part files are read by this file's own reader of Knuth's
//! format, so they must be valid for a reader other than `dlx`'s.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::fs;

use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;

use crate::util::{dlx, scratch_dir, scratch_file};

/// An exact-cover problem, as Knuth's format has it.
#[derive(Debug, Clone)]
struct Problem {
    /// Primary items: name and bounds `lo..=hi`.
    primary: Vec<(String, u32, u32)>,
    secondary: Vec<String>,
    /// Options: item names with an optional color.
    options: Vec<Vec<(String, Option<char>)>>,
}

impl Problem {
    fn to_knuth(&self) -> String {
        let mut text = String::new();
        for (name, lo, hi) in &self.primary {
            let _ = match (lo, hi) {
                (1, 1) => write!(text, "{name} "),
                _ => write!(text, "{lo}:{hi}|{name} "),
            };
        }
        if !self.secondary.is_empty() {
            text += "| ";
            text += &self.secondary.join(" ");
        }
        text += "\n";
        for option in &self.options {
            let entries: Vec<String> = option
                .iter()
                .map(|(item, color)| match color {
                    Some(c) => format!("{item}:{c}"),
                    None => item.clone(),
                })
                .collect();
            text += &entries.join(" ");
            text += "\n";
        }
        text
    }

    /// Reads Knuth's format: comments `|...`, blank lines, the item line
    /// (bounds `lo:hi|name` or `hi|name`), then options.
    fn parse(text: &str) -> Problem {
        let mut lines =
            text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('|'));
        let header = lines.next().expect("an item line");
        let (mut primary, mut secondary) = (Vec::new(), Vec::new());
        let mut in_secondary = false;
        for token in header.split_whitespace() {
            if token == "|" {
                in_secondary = true;
            } else if in_secondary {
                secondary.push(token.to_owned());
            } else if let Some((bounds, name)) = token.split_once('|') {
                let (lo, hi) = match bounds.split_once(':') {
                    Some((lo, hi)) => (lo.parse().unwrap(), hi.parse().unwrap()),
                    None => (bounds.parse().unwrap(), bounds.parse().unwrap()),
                };
                primary.push((name.to_owned(), lo, hi));
            } else {
                primary.push((token.to_owned(), 1, 1));
            }
        }
        let options = lines
            .map(|l| {
                l.split_whitespace()
                    .map(|t| match t.split_once(':') {
                        Some((item, color)) => (item.to_owned(), color.chars().next()),
                        None => (t.to_owned(), None),
                    })
                    .collect()
            })
            .collect();
        Problem { primary, secondary, options }
    }

    /// Counts the sets of options that cover every primary item within its
    /// bounds and every secondary item at most once or only in one color.
    /// Options without a primary item are ignored, as in Knuth's programs.
    fn brute_force_count(&self) -> u128 {
        let bounds: HashMap<&str, (u32, u32)> =
            self.primary.iter().map(|(n, lo, hi)| (n.as_str(), (*lo, *hi))).collect();
        let usable: Vec<&Vec<(String, Option<char>)>> = self
            .options
            .iter()
            .filter(|o| o.iter().any(|(item, _)| bounds.contains_key(item.as_str())))
            .collect();
        assert!(usable.len() <= 16, "too many options to brute-force");
        let mut count = 0;
        for set in 0u32..1 << usable.len() {
            let mut primary: HashMap<&str, u32> = HashMap::new();
            let mut secondary: HashMap<&str, Vec<Option<char>>> = HashMap::new();
            for (i, option) in usable.iter().enumerate() {
                if set & (1 << i) == 0 {
                    continue;
                }
                for (item, color) in option.iter() {
                    if bounds.contains_key(item.as_str()) {
                        *primary.entry(item).or_default() += 1;
                    } else {
                        secondary.entry(item).or_default().push(*color);
                    }
                }
            }
            let primary_ok = bounds.iter().all(|(item, &(lo, hi))| {
                let n = primary.get(item).copied().unwrap_or(0);
                lo <= n && n <= hi
            });
            let secondary_ok = secondary.values().all(|colors| {
                colors.len() <= 1 || colors.iter().all(|c| c.is_some() && *c == colors[0])
            });
            if primary_ok && secondary_ok {
                count += 1;
            }
        }
        count
    }
}

/// Problems of 1 to 5 primary items (some with bounds other than 1:1), up
/// to 3 secondary items, and up to 10 options, each with a primary item.
fn problems() -> impl Strategy<Value = Problem> {
    let primary = prop::collection::vec(
        prop_oneof![4 => Just((1u32, 1u32)), 1 => (0u32..=2, 1u32..=3)
            .prop_map(|(lo, hi)| (lo.min(hi), hi))],
        1..=5,
    );
    (primary, 0usize..=3).prop_flat_map(|(bounds, s)| {
        let p = bounds.len();
        let option = (
            prop::collection::btree_set(0..p, 1..=p.min(3)),
            prop::collection::btree_map(
                0..s.max(1),
                prop::option::of(prop::sample::select(vec!['a', 'b'])),
                0..=s,
            ),
        );
        prop::collection::vec(option, 1..=10).prop_map(move |raw| Problem {
            primary: bounds
                .iter()
                .enumerate()
                .map(|(i, &(lo, hi))| (format!("p{i}"), lo, hi))
                .collect(),
            secondary: (0..s).map(|i| format!("s{i}")).collect(),
            options: raw
                .into_iter()
                .map(|(ps, ss)| {
                    ps.into_iter()
                        .map(|i| (format!("p{i}"), None))
                        .chain(
                            ss.into_iter()
                                .filter(|&(i, _)| i < s)
                                .map(|(i, c)| (format!("s{i}"), c)),
                        )
                        .collect()
                })
                .collect(),
        })
    })
}

/// The count `dlx count` prints.
fn count(args: &[&str], problem: &str) -> u128 {
    let out = dlx(args).stdin(problem).run();
    assert!(matches!(out.code, Some(0 | 1)), "{args:?}: {}\n{problem}", out.stderr);
    out.stdout.trim().parse().expect("a count")
}

/// The solutions `dlx solve` prints, sorted. A solution without options
/// (when every primary item may stay uncovered) prints as nothing, so it is
/// left out, and the blank lines around it are not counted.
fn all_solutions(args: &[&str], problem: &str) -> Vec<String> {
    let out = dlx(args).stdin(problem).run();
    assert!(matches!(out.code, Some(0 | 1)), "{args:?}: {}\n{problem}", out.stderr);
    let mut all: Vec<String> = out
        .stdout
        .split("\n\n")
        .map(|s| s.trim_matches('\n').to_owned())
        .filter(|s| !s.is_empty())
        .collect();
    all.sort();
    all
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 64,
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource("proptest-regressions"))),
        ..ProptestConfig::default()
    })]

    #[test]
    fn counts_on_threads_and_split_parts_agree_with_brute_force(
        problem in problems(),
        depth in 0usize..4,
        case in 0u64..u64::MAX,
    ) {
        let text = problem.to_knuth();
        let truth = problem.brute_force_count();
        prop_assert_eq!(count(&["count", "-j", "1"], &text), truth, "{}", text);
        prop_assert_eq!(count(&["count", "-j", "3"], &text), truth, "{}", text);
        // The same solutions on one thread and on three, in any order.
        let one = all_solutions(&["solve", "--all"], &text);
        let three = all_solutions(&["solve", "--all", "-j", "3"], &text);
        prop_assert_eq!(one, three, "{}", text);

        let dir = scratch_dir(&format!("prop_split_{case}"));
        let file = scratch_file(&format!("prop_problem_{case}.dlx"), &text);
        let depth = depth.to_string();
        let out = dlx(&["split", "--depth", &depth, "-o", dir.to_str().unwrap(), &file]).run();
        prop_assert!(matches!(out.code, Some(0 | 1)), "{}", out.stderr);
        let mut sum = 0;
        for part in out.stdout.lines() {
            let part = fs::read_to_string(part).unwrap();
            sum += Problem::parse(&part).brute_force_count();
        }
        prop_assert_eq!(sum, truth, "split at depth {}:\n{}", depth, text);
        prop_assert_eq!(out.code == Some(1), out.stdout.is_empty());
        fs::remove_dir_all(&dir).unwrap();
        fs::remove_file(&file).unwrap();
    }
}
