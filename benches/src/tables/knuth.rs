//! Knuth's exact-cover programs, run as child processes: each reads a
//! problem in his format on stdin and reports "Altogether N solutions, ..."
//! on stderr.

use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use dlx::Problem;

use super::Error;

/// The kind of a problem, which says which of Knuth's programs solve it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    Plain,
    Colors,
    Multiplicities,
}

impl Kind {
    pub(crate) fn of(problem: &Problem) -> Kind {
        if problem.has_multiplicities() {
            Kind::Multiplicities
        } else if problem.has_colors() {
            Kind::Colors
        } else {
            Kind::Plain
        }
    }

    pub(crate) fn name(self) -> &'static str {
        match self {
            Kind::Plain => "plain",
            Kind::Colors => "colors",
            Kind::Multiplicities => "multiplicities",
        }
    }

    /// His dancing-links program for this kind (DLX1, DLX2, DLX3), and his
    /// dancing-cells one (SSXCC, SSMCC; none for plain exact cover, where
    /// DLX1 is the reference).
    pub(crate) fn programs(self) -> [Option<&'static str>; 2] {
        match self {
            Kind::Plain => [Some("dlx1"), None],
            Kind::Colors => [Some("dlx2"), Some("ssxcc")],
            Kind::Multiplicities => [Some("dlx3"), Some("ssmcc")],
        }
    }
}

/// Every program the tables can use.
const PROGRAMS: [&str; 5] = ["dlx1", "dlx2", "dlx3", "ssxcc", "ssmcc"];

/// A folder of Knuth's programs, compiled by the user.
#[derive(Debug)]
pub(crate) struct Knuth {
    dir: PathBuf,
}

impl Knuth {
    /// The folder, which must hold at least one of the programs.
    pub(crate) fn new(dir: &Path) -> Result<Knuth, Error> {
        let knuth = Knuth { dir: dir.to_path_buf() };
        if !PROGRAMS.iter().any(|p| knuth.program(p).is_some()) {
            let list = PROGRAMS.join(", ");
            return Err(format!("--knuth {}: none of {list} is there", dir.display()).into());
        }
        Ok(knuth)
    }

    /// The program of that name, if the folder has it.
    pub(crate) fn program(&self, name: &str) -> Option<PathBuf> {
        let path = self.dir.join(name);
        path.is_file().then_some(path)
    }
}

/// Runs `program` on the problem in `input` and returns the number of
/// solutions it reports and its wall time in seconds, from just before the
/// process starts to just after it ends.
pub(crate) fn count(program: &Path, input: &Path) -> Result<(u128, f64), Error> {
    let stdin = File::open(input).map_err(|e| format!("{}: {e}", input.display()))?;
    let start = Instant::now();
    let output = Command::new(program)
        .stdin(stdin)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .output()
        .map_err(|e| format!("{}: {e}", program.display()))?;
    let wall = start.elapsed().as_secs_f64();
    let stderr = String::from_utf8_lossy(&output.stderr);
    let last = stderr.lines().last().unwrap_or("");
    if !output.status.success() {
        let (p, i) = (program.display(), input.display());
        return Err(format!("{p} < {i}: {} ({last})", output.status).into());
    }
    let n = altogether(&stderr).ok_or_else(|| {
        format!("{} < {}: no \"Altogether\" line ({last})", program.display(), input.display())
    })?;
    Ok((n, wall))
}

/// The N of the "Altogether N solution(s)" that ends each of his runs.
fn altogether(stderr: &str) -> Option<u128> {
    let rest = &stderr[stderr.rfind("Altogether ")? + "Altogether ".len()..];
    let (n, rest) = rest.split_once(' ')?;
    rest.starts_with("solution").then(|| n.parse().ok()).flatten()
}

#[cfg(test)]
mod tests {
    use super::altogether;

    #[test]
    fn solutions_line() {
        let dlx1 = "Altogether 14200 solutions, 30926+90591221 mems, 6285452 updates, \
                    13840 bytes, 327813 nodes, ccost 5%.\n";
        assert_eq!(altogether(dlx1), Some(14_200));
        assert_eq!(altogether("Altogether 1 solution, 331770+407092448 mems\n"), Some(1));
        assert_eq!(altogether("1: 2 of 3\nAltogether 0 solutions, 5 mems\n"), Some(0));
        assert_eq!(altogether("No items!\n"), None);
        assert_eq!(altogether("Altogether many solutions"), None);
        assert_eq!(altogether("Altogether 5 mems"), None);
    }
}
