//! The text form of a [`Checkpoint`]: small, versioned and line based, so
//! that a program can write it to a file (then rename it over the last
//! one, for an atomic save) and read it back. An example:
//!
//! ```text
//! dlx-checkpoint 2
//! problem 6e2bc3d40fa1c2b7
//! engine sliced
//! heuristic mrv
//! propagation none
//! forced 17 42
//! solutions 212
//! nodes 15077
//! updates 0
//! max-depth 12
//! elapsed-ns 1904331
//! positions 2
//! position 1 3/12 0/9 5/7
//! position 2 4/12 1/9
//! end 0b3c6f29a17e8d45
//! ```
//!
//! Every line is a key and its values, separated by one space, in this
//! order: the format's version; the problem's fingerprint
//! ([`Problem::fingerprint`](crate::Problem::fingerprint), 16 hex
//! digits); the engine that ran (`links`, `bits`, `sliced`), heuristic
//! (`mrv`, `first`, `mrv-most-removed`) and propagation (`none`,
//! `dominance`); `memo off` if the bounded engine ran without its table
//! of counted subtrees (it then walks another tree: [`Memo`];
//! a checkpoint of version 1, from before the line, had no table's tree
//! there); a randomized search's seed (`seed 42`, only if it has
//! one: [`Config::seed`]); the forced options (none, or their ids); the [`Stats`];
//! the number of open positions and each one (its floor, then
//! `branch/degree` per level from the top); last, a 64-bit FNV-1a checksum
//! of all the text before the `end` line. Any departure — a missing,
//! extra or misplaced line, a malformed number, a wrong version or
//! checksum — is an [`ErrorKind::BadCheckpoint`] naming the line, never a
//! panic.

use std::fmt;
use std::fmt::Write as _;
use std::str::FromStr;
use std::time::Duration;

use super::{
    Checkpoint, Fingerprint, Fnv, Position, engine_word, heuristic_word, propagation_word,
};
use crate::config::{Config, Engine, Heuristic, Memo, Propagation};
use crate::error::{Error, ErrorKind};
use crate::id::OptionId;
use crate::stats::Stats;

/// The format's first line, before the version.
const MAGIC: &str = "dlx-checkpoint";
/// The version this code writes and reads (and 1, the version before
/// the `memo` line).
const VERSION: u32 = 2;

impl fmt::Display for Checkpoint {
    /// Writes the text form (see `text.rs`), ending with a newline.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (fp, s) = (&self.fingerprint, &self.stats);
        let mut body = String::new();
        let _ = writeln!(body, "{MAGIC} {VERSION}");
        let _ = writeln!(body, "problem {:016x}", fp.problem);
        let _ = writeln!(body, "engine {}", engine_word(fp.config.get_engine()));
        let _ = writeln!(body, "heuristic {}", heuristic_word(fp.config.get_heuristic()));
        let _ = writeln!(body, "propagation {}", propagation_word(fp.config.get_propagation()));
        if !fp.config.get_memo().is_on() {
            body.push_str("memo off\n");
        }
        if let Some(seed) = fp.config.get_seed() {
            let _ = writeln!(body, "seed {seed}");
        }
        body.push_str("forced");
        for o in &fp.forced {
            let _ = write!(body, " {o}");
        }
        body.push('\n');
        let _ = writeln!(body, "solutions {}", s.solutions);
        let _ = writeln!(body, "nodes {}", s.nodes);
        let _ = writeln!(body, "updates {}", s.updates);
        let _ = writeln!(body, "max-depth {}", s.max_depth);
        let _ = writeln!(
            body,
            "elapsed-ns {}",
            u64::try_from(s.elapsed.as_nanos()).unwrap_or(u64::MAX)
        );
        let _ = writeln!(body, "positions {}", self.positions.len());
        for p in &self.positions {
            let _ = write!(body, "position {}", p.floor());
            for &(b, d) in p.levels() {
                let _ = write!(body, " {b}/{d}");
            }
            body.push('\n');
        }
        let mut sum = Fnv::new();
        sum.bytes(body.as_bytes());
        f.write_str(&body)?;
        writeln!(f, "end {:016x}", sum.finish())
    }
}

impl FromStr for Checkpoint {
    type Err = Error;

    /// Reads the text form (see `text.rs`), checking its syntax, version
    /// and checksum. Whether it fits a problem is checked on resuming.
    fn from_str(text: &str) -> Result<Checkpoint, Error> {
        Reader::new(text).checkpoint()
    }
}

/// A damaged checkpoint, at `line` (one-based).
fn bad(msg: impl Into<String>, line: usize) -> Error {
    Error::new(ErrorKind::BadCheckpoint(msg.into())).at(line, 1)
}

/// The text, line by line, with line numbers and byte offsets.
struct Reader<'t> {
    text: &'t str,
    /// Byte offset of the next line.
    offset: usize,
    /// Number of the last line read (one-based).
    line: usize,
}

impl<'t> Reader<'t> {
    fn new(text: &'t str) -> Reader<'t> {
        Reader { text, offset: 0, line: 0 }
    }

    /// The next line, without its line end; `None` at the end of the text.
    fn next_line(&mut self) -> Option<&'t str> {
        let rest = &self.text[self.offset..];
        if rest.is_empty() {
            return None;
        }
        let len = rest.find('\n').map_or(rest.len(), |k| k + 1);
        self.offset += len;
        self.line += 1;
        Some(rest[..len].trim_end_matches('\n'))
    }

    /// The next line, which must start with `key`: its values.
    fn field(&mut self, key: &str) -> Result<&'t str, Error> {
        let Some(line) = self.next_line() else {
            return Err(bad(
                format!("truncated: the text ends where `{key}` should be"),
                self.line + 1,
            ));
        };
        if key != "end" && !self.text[..self.offset].ends_with('\n') {
            return Err(bad(
                format!("truncated: the text ends inside the `{key}` line"),
                self.line,
            ));
        }
        match line.strip_prefix(key) {
            Some("") => Ok(""),
            Some(rest) if rest.starts_with(' ') => Ok(&rest[1..]),
            _ => {
                let found: String = line.chars().take(40).collect();
                Err(bad(format!("expected `{key}`, found `{found}`"), self.line))
            }
        }
    }

    /// A decimal number, digits only.
    fn number<T: FromStr>(&self, text: &str, what: &str) -> Result<T, Error> {
        if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
            let shown: String = text.chars().take(40).collect();
            return Err(bad(format!("bad {what} `{shown}`: expected a number"), self.line));
        }
        text.parse().map_err(|_| bad(format!("{what} `{text}` is too large"), self.line))
    }

    /// The value of a field `key` that holds one number.
    fn number_field<T: FromStr>(&mut self, key: &str) -> Result<T, Error> {
        let value = self.field(key)?;
        self.number(value, key)
    }

    /// A 64-bit hash: 16 hex digits.
    fn hash(&self, text: &str, what: &str) -> Result<u64, Error> {
        if text.len() != 16 || !text.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(bad(format!("bad {what} `{text}`: expected 16 hex digits"), self.line));
        }
        u64::from_str_radix(text, 16).map_err(|_| bad(format!("bad {what} `{text}`"), self.line))
    }

    /// One of `words`, by its name.
    fn word<T: Copy>(&mut self, key: &str, words: &[(&str, T)]) -> Result<T, Error> {
        let value = self.field(key)?;
        match words.iter().find(|(w, _)| *w == value) {
            Some(&(_, x)) => Ok(x),
            None => {
                let names: Vec<String> = words.iter().map(|(w, _)| format!("`{w}`")).collect();
                let shown: String = value.chars().take(40).collect();
                let msg = format!("unknown {key} `{shown}`: expected {}", names.join(", "));
                Err(bad(msg, self.line))
            }
        }
    }

    fn checkpoint(mut self) -> Result<Checkpoint, Error> {
        let version = match self.next_line().and_then(|l| l.strip_prefix(MAGIC)) {
            Some(v) => v.strip_prefix(' ').unwrap_or(v),
            None => {
                return Err(bad(
                    format!("not a dlx checkpoint: the first line should be `{MAGIC} {VERSION}`"),
                    1,
                ));
            }
        };
        let version: u32 = self.number(version, "version")?;
        if version != VERSION && version != 1 {
            return Err(bad(
                format!("checkpoint format version {version}; this dlx reads version {VERSION}"),
                1,
            ));
        }
        let problem = self.field("problem")?;
        let problem = self.hash(problem, "problem fingerprint")?;
        let engine = self.word(
            "engine",
            &[
                ("links", Engine::DancingLinks),
                ("bits", Engine::Bitset),
                ("sliced", Engine::BitSliced),
                ("bounded", Engine::BitBounded),
            ],
        )?;
        let heuristic = self.word(
            "heuristic",
            &[
                ("mrv", Heuristic::MinimumRemaining),
                ("first", Heuristic::First),
                ("mrv-most-removed", Heuristic::MinimumRemainingMostRemoved),
                ("conflict-weighted", Heuristic::ConflictWeighted),
            ],
        )?;
        let propagation = self.word(
            "propagation",
            &[("none", Propagation::None), ("dominance", Propagation::Dominance)],
        )?;
        let before = (self.offset, self.line);
        let memo = match self.next_line() {
            Some("memo off") => Memo::Off,
            _ => {
                (self.offset, self.line) = before;
                // Before version 2 the bounded engine walked the tree it
                // now walks without the table.
                if version == 1 && engine == Engine::BitBounded { Memo::Off } else { Memo::Auto }
            }
        };
        let before = (self.offset, self.line);
        let seed = match self.next_line().and_then(|l| l.strip_prefix("seed ")) {
            Some(seed) => Some(self.number(seed, "seed")?),
            None => {
                (self.offset, self.line) = before;
                None
            }
        };
        let config = Config::new()
            .engine(engine)
            .heuristic(heuristic)
            .propagation(propagation)
            .memo(memo)
            .seed(seed);
        let mut forced = Vec::new();
        for id in self.field("forced")?.split(' ').filter(|s| !s.is_empty()) {
            let id: usize = self.number(id, "forced option")?;
            let id = OptionId::try_new(id)
                .ok_or_else(|| bad(format!("forced option {id} is too large"), self.line))?;
            forced.push(id);
        }
        let solutions = self.number_field("solutions")?;
        let nodes = self.number_field("nodes")?;
        let updates = self.number_field("updates")?;
        let max_depth = self.number_field("max-depth")?;
        let elapsed = Duration::from_nanos(self.number_field("elapsed-ns")?);
        let stats = Stats { nodes, updates, solutions, max_depth, elapsed };
        let count: usize = self.number_field("positions")?;
        let mut positions = Vec::new();
        let mut lines = Vec::new();
        loop {
            let before = (self.offset, self.line);
            let line = self.next_line();
            match line.and_then(|l| l.strip_prefix("position ")) {
                Some(values) => {
                    positions.push(self.position(values)?);
                    lines.push(self.line);
                }
                None => {
                    (self.offset, self.line) = before;
                    break;
                }
            }
        }
        if positions.len() != count {
            let msg = format!("{count} positions announced, {} found", positions.len());
            return Err(bad(msg, self.line + 1));
        }
        check_disjoint(&positions, &lines)?;
        let body_end = self.offset;
        let sum = self.field("end")?;
        let sum = self.hash(sum, "checksum")?;
        let mut actual = Fnv::new();
        actual.bytes(&self.text.as_bytes()[..body_end]);
        if actual.finish() != sum {
            return Err(bad("checksum mismatch: the checkpoint was changed or damaged", self.line));
        }
        if self.next_line().is_some() {
            return Err(bad("text after the `end` line", self.line));
        }
        let fingerprint = Fingerprint { problem, config, forced };
        Ok(Checkpoint { fingerprint, stats, positions })
    }

    /// A position's values: the floor, then `branch/degree` per level.
    fn position(&self, values: &str) -> Result<Position, Error> {
        let mut words = values.split(' ');
        let floor: usize = self.number(words.next().unwrap_or(""), "floor")?;
        let mut levels = Vec::new();
        for w in words {
            let Some((b, d)) = w.split_once('/') else {
                let shown: String = w.chars().take(40).collect();
                return Err(bad(format!("bad level `{shown}`: expected branch/degree"), self.line));
            };
            levels.push((self.number(b, "branch")?, self.number(d, "degree")?));
        }
        if floor > levels.len() {
            let msg = format!("floor {floor} below the position's {} levels", levels.len());
            return Err(bad(msg, self.line));
        }
        Ok(Position::new(levels, floor))
    }
}

/// Checks that no position's subtree (its path down to its floor) holds
/// another's: each part of the tree is searched once.
fn check_disjoint(positions: &[Position], lines: &[usize]) -> Result<(), Error> {
    let mut order: Vec<usize> = (0..positions.len()).collect();
    let prefix = |k: usize| {
        let p = &positions[k];
        p.levels()[..p.floor()].iter().map(|&(b, _)| b).collect::<Vec<u32>>()
    };
    order.sort_by_key(|&k| prefix(k));
    // In sorted order a prefix of one path is a prefix of the next.
    for w in order.windows(2) {
        if prefix(w[1]).starts_with(&prefix(w[0])) {
            let (a, b) = (lines[w[0]].min(lines[w[1]]), lines[w[0]].max(lines[w[1]]));
            let msg = format!("positions on lines {a} and {b} overlap");
            return Err(bad(msg, b));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::Problem;

    fn sample() -> Checkpoint {
        let problem = Problem::parse_knuth("A B C\nA B\nC\nA\nB C\n").unwrap();
        let config = Config::new().engine(Engine::BitSliced);
        let fingerprint = Fingerprint::new(&problem, config, &[OptionId::new(1)]);
        let stats = Stats {
            nodes: 15077,
            updates: 3,
            solutions: 212,
            max_depth: 12,
            elapsed: Duration::from_nanos(1_904_331),
        };
        let positions = vec![
            Position::new(vec![(3, 12), (0, 9), (5, 7)], 1),
            Position::new(vec![(4, 12), (1, 9)], 2),
        ];
        Checkpoint::new(fingerprint, stats, positions)
    }

    /// The text with its `end` line made to fit what comes before.
    fn resum(text: &str) -> String {
        let body = &text[..text.rfind("end ").unwrap_or(text.len())];
        let mut sum = Fnv::new();
        sum.bytes(body.as_bytes());
        format!("{body}end {:016x}\n", sum.finish())
    }

    fn error(text: &str) -> (String, usize) {
        let e = text.parse::<Checkpoint>().unwrap_err();
        assert!(matches!(e.kind(), ErrorKind::BadCheckpoint(_)), "{e}");
        (e.to_string(), e.line().expect("a line"))
    }

    #[test]
    fn text_round_trips() {
        let c = sample();
        let text = c.to_string();
        assert!(text.starts_with("dlx-checkpoint 2\nproblem "), "{text}");
        assert!(text.contains("\nforced 1\nsolutions 212\n"), "{text}");
        assert!(text.contains("\nposition 1 3/12 0/9 5/7\nposition 2 4/12 1/9\nend "), "{text}");
        assert_eq!(text.parse::<Checkpoint>().unwrap(), c);
        // No forced options, no positions.
        let mut c = c;
        c.fingerprint.forced.clear();
        c.positions.clear();
        let text = c.to_string();
        assert!(text.contains("\nforced\n"), "{text}");
        assert_eq!(text.parse::<Checkpoint>().unwrap(), c);
    }

    #[test]
    fn every_truncation_is_an_error() {
        let text = sample().to_string();
        // (Under Miri, slow, a sample of them.)
        let step = if cfg!(miri) { 13 } else { 1 };
        for (k, _) in text.char_indices().take(text.len() - 1).step_by(step) {
            let e = text[..k].parse::<Checkpoint>();
            assert!(e.is_err(), "prefix of {k} bytes was read");
        }
        // Only the last newline may go.
        assert!(text[..text.len() - 1].parse::<Checkpoint>().is_ok());
        let (msg, line) = error(&text[..text.find("nodes").unwrap()]);
        assert_eq!(line, 8);
        assert!(msg.contains("truncated"), "{msg}");
        let (msg, line) = error(&text[..text.find("nodes").unwrap() + 7]);
        assert_eq!(line, 8);
        assert!(msg.contains("truncated: the text ends inside the `nodes` line"), "{msg}");
    }

    #[test]
    fn wrong_version_or_kind_of_file() {
        let text = sample().to_string().replacen("dlx-checkpoint 2", "dlx-checkpoint 3", 1);
        let (msg, line) = error(&text);
        assert_eq!(line, 1);
        assert!(msg.contains("version 2"), "{msg}");
        let (msg, _) = error("A B C\nA B\n");
        assert!(msg.contains("not a dlx checkpoint"), "{msg}");
        let (msg, _) = error("");
        assert!(msg.contains("not a dlx checkpoint"), "{msg}");
    }

    #[test]
    fn a_changed_byte_fails_the_checksum() {
        let text = sample().to_string().replace("nodes 15077", "nodes 15078");
        let (msg, line) = error(&text);
        assert!(msg.contains("checksum"), "{msg}");
        assert_eq!(line, text.lines().count());
        // With the checksum made to fit, it reads.
        assert_eq!(resum(&text).parse::<Checkpoint>().unwrap().stats().nodes(), 15078);
    }

    #[test]
    fn garbage_numbers_name_their_line() {
        let text = sample().to_string();
        let cases = [
            ("problem ", "problem zz", 2, "hex digits"),
            ("engine ", "engine fast", 3, "unknown engine"),
            ("heuristic ", "heuristic best", 4, "unknown heuristic"),
            ("propagation ", "propagation all", 5, "unknown propagation"),
            ("forced ", "forced 1 x", 6, "bad forced option `x`"),
            ("forced ", "forced 99999999999", 6, "too large"),
            ("solutions ", "solutions -3", 7, "bad solutions"),
            ("nodes ", "nodes 1e6", 8, "bad nodes"),
            ("nodes ", "nodes 99999999999999999999999", 8, "too large"),
            ("updates ", "updates ", 9, "bad updates"),
            ("max-depth ", "max-depth +4", 10, "bad max-depth"),
            ("elapsed-ns ", "elapsed-ns 1.5", 11, "bad elapsed-ns"),
            ("positions ", "positions 3", 15, "3 positions announced, 2 found"),
            ("position 1", "position 1 3/12 0/x 5/7", 13, "bad degree"),
            ("position 1", "position 1 3/12 09 5/7", 13, "bad level"),
            ("position 1", "position 4 3/12 0/9 5/7", 13, "floor 4 below"),
            ("position 1", "position x 3/12 0/9 5/7", 13, "bad floor"),
            ("position 2", "position 2 3/12 1/9", 14, "overlap"),
            ("position 1", "position 0 3/12 0/9 5/7", 14, "overlap"),
            ("nodes ", "node 5", 8, "expected `nodes`"),
        ];
        for (start, replacement, line, message) in cases {
            let from = text.find(start).unwrap();
            let to = from + text[from..].find('\n').unwrap();
            let damaged = resum(&format!("{}{replacement}{}", &text[..from], &text[to..]));
            let (msg, at) = error(&damaged);
            assert!(msg.contains(message), "{replacement}: {msg}");
            assert_eq!(at, line, "{replacement}: {msg}");
        }
        // A line too many, or text after the end.
        let (msg, _) = error(&resum(&text.replacen("nodes ", "nodes 1\nnodes ", 1)));
        assert!(msg.contains("expected `updates`"), "{msg}");
        let (msg, _) = error(&format!("{text}more\n"));
        assert!(msg.contains("after the `end`"), "{msg}");
    }

    #[test]
    fn any_damage_is_an_error_not_a_panic() {
        let text = sample().to_string();
        let bytes = text.as_bytes();
        // Every byte changed to a few others, and every byte deleted (under
        // Miri, slow, a sample of them).
        let step = if cfg!(miri) { 29 } else { 1 };
        for k in (0..bytes.len()).step_by(step).chain([bytes.len() - 1]) {
            for c in [b'0', b'9', b' ', b'\n', b'/', b'x'] {
                if bytes[k] != c {
                    let mut b = bytes.to_vec();
                    b[k] = c;
                    let s = String::from_utf8(b).unwrap();
                    assert!(s.parse::<Checkpoint>().is_err(), "{s}");
                    let _ = resum(&s).parse::<Checkpoint>();
                }
            }
            let mut b = bytes.to_vec();
            b.remove(k);
            let s = String::from_utf8(b).unwrap();
            // Only the final newline may go.
            assert_eq!(s.parse::<Checkpoint>().is_ok(), k == bytes.len() - 1, "{s}");
        }
    }
}
