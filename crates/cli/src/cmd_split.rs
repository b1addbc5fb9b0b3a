//! `dlx split`: cut a problem into parts that can be counted anywhere.
//!
//! [`dlx::split`] cuts the search tree; each part is written as a file of
//! its own in Knuth's format, `DIR/PREFIX-0001.dlx` and so on, and its name
//! printed on stdout (or, with `--format json`, one [`JsonPart`] per part). The counts of the parts add up to the count of the
//! whole, which is what makes a distributed count correct, so a part left
//! over from an earlier split must never sit beside the new ones: `dlx
//! split` refuses to run where parts with the same name exist, and
//! `--force` removes them all before writing.

use std::fs::{self, File};
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{Context, Result, anyhow, bail};
use dlx::Problem;
use serde::Serialize;

use crate::config::{Output, SplitConfig};
use crate::exit::ExitStatus;
use crate::out::Out;
use crate::problem;
use crate::report::Stats;

/// The fewest digits in a part's number: `0001`.
const MIN_DIGITS: usize = 4;

/// Runs `dlx split`.
pub fn run(config: &SplitConfig) -> Result<ExitStatus> {
    let problem = problem::read(&config.input)?;
    let start = Instant::now();
    let parts = dlx::split(&problem, dlx::Config::new(), &[], config.at)
        .map_err(|e| anyhow!("{}: {e}", config.input))?;
    if !parts.is_empty() {
        let names = part_names(&config.dir, &config.prefix, parts.len());
        make_room(config)?;
        let mut out = Out::new();
        for (i, (part, name)) in parts.iter().zip(&names).enumerate() {
            write_part(name, |w| part.write_knuth(&problem, w))?;
            match config.output {
                Output::Text => writeln!(out, "{}", name.display())?,
                Output::Json => out.json_line(&JsonPart::new(&problem, part, i + 1, name))?,
            }
        }
        out.flush()?;
    }
    if config.stats {
        let depth = parts.iter().map(|p| p.path.len()).max().unwrap_or(0);
        let mut s = Stats::new();
        s.add("items", problem.num_items())
            .add("options", problem.num_options())
            .add("parts", parts.len())
            .add("depth", depth)
            .add_time("time", start.elapsed());
        s.print();
    }
    // No part: every path above the cut ended in a dead end.
    Ok(if parts.is_empty() { ExitStatus::NoSolution } else { ExitStatus::Success })
}

/// One part as `--format json` writes it.
#[derive(Debug, Serialize)]
struct JsonPart {
    /// The part's number, from 1, in the order the search would visit it.
    index: usize,
    /// The file the part was written to.
    file: String,
    /// The branch taken at each level of the search tree to reach it.
    path: Vec<u32>,
    /// The options chosen on the way, written as in the input.
    chosen: Vec<String>,
    /// The items of the part's problem.
    items: usize,
    /// The options of the part's problem.
    options: usize,
}

impl JsonPart {
    fn new(whole: &Problem, part: &dlx::Part, index: usize, file: &Path) -> JsonPart {
        JsonPart {
            index,
            file: file.display().to_string(),
            path: part.path.clone(),
            chosen: part.chosen.iter().map(|&o| whole.format_option(o)).collect(),
            items: part.problem.num_items(),
            options: part.problem.num_options(),
        }
    }
}

/// `DIR/PREFIX-0001.dlx` ...: numbered from 1, zero-padded to the same
/// width so that they sort in order. In the current directory, the bare
/// file names.
fn part_names(dir: &Path, prefix: &str, n: usize) -> Vec<PathBuf> {
    let width = n.to_string().len().max(MIN_DIGITS);
    (1..=n)
        .map(|i| {
            let name = format!("{prefix}-{i:0width$}.dlx");
            if dir == Path::new(".") { PathBuf::from(name) } else { dir.join(name) }
        })
        .collect()
}

/// Whether `file` is named like a part of a split with this prefix.
fn is_part_name(file: &str, prefix: &str) -> bool {
    file.strip_prefix(prefix)
        .and_then(|rest| rest.strip_prefix('-'))
        .and_then(|rest| rest.strip_suffix(".dlx"))
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

/// Creates the directory, and clears it of the parts of an earlier split
/// with the same prefix if `--force` allows it (refuses otherwise).
fn make_room(config: &SplitConfig) -> Result<()> {
    let dir = &config.dir;
    fs::create_dir_all(dir).with_context(|| format!("{}", dir.display()))?;
    let mut earlier = Vec::new();
    for entry in fs::read_dir(dir).with_context(|| format!("{}", dir.display()))? {
        let entry = entry.with_context(|| format!("{}", dir.display()))?;
        if entry.file_name().to_str().is_some_and(|f| is_part_name(f, &config.prefix)) {
            earlier.push(entry.path());
        }
    }
    earlier.sort();
    if let Some(first) = earlier.first() {
        if !config.force {
            bail!(
                "{} exists: {} part{} of an earlier split named {}-*.dlx {} in {} \
                 (--force replaces them all)",
                first.display(),
                earlier.len(),
                if earlier.len() == 1 { "" } else { "s" },
                config.prefix,
                if earlier.len() == 1 { "is" } else { "are" },
                dir.display()
            );
        }
        for path in &earlier {
            fs::remove_file(path).with_context(|| format!("{}", path.display()))?;
        }
    }
    Ok(())
}

/// Writes one part into a new file.
fn write_part(
    path: &Path,
    write: impl FnOnce(&mut BufWriter<File>) -> std::io::Result<()>,
) -> Result<()> {
    let context = || format!("{}", path.display());
    let mut w = BufWriter::new(File::create_new(path).with_context(context)?);
    write(&mut w).with_context(context)?;
    w.flush().with_context(context)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_zero_padded_and_numbered_from_one() {
        let names = part_names(Path::new("parts"), "q", 3);
        assert_eq!(names[0], Path::new("parts/q-0001.dlx"));
        assert_eq!(names[2], Path::new("parts/q-0003.dlx"));
        let names = part_names(Path::new("."), "q", 12_345);
        assert_eq!(names[0], Path::new("q-00001.dlx"));
        assert_eq!(names[12_344], Path::new("q-12345.dlx"));
    }

    #[test]
    fn part_names_are_recognised() {
        assert!(is_part_name("q-0001.dlx", "q"));
        assert!(is_part_name("q-123456.dlx", "q"));
        for other in
            ["q-.dlx", "q-0001.txt", "q0001.dlx", "qq-0001.dlx", "q-00a1.dlx", "r-0001.dlx"]
        {
            assert!(!is_part_name(other, "q"), "{other}");
        }
    }
}
