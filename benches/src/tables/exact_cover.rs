//! Table 1: the problems of `data/xc` counted on one thread, by our
//! default engine, by dancing links alone and by Knuth's programs.

use std::fs::File;
use std::io::BufReader;
use std::path::{Path, PathBuf};
use std::time::Instant;

use dlx::{Config, Engine, Problem, Solver};

use super::fmt::{self, median, secs, thousands};
use super::knuth::{self, Kind, Knuth};
use super::{Error, Instance, Report, Settings};

/// One contender's times on one instance, and the first wrong count it
/// gave, if any.
struct Column {
    who: String,
    times: Vec<f64>,
    wrong: Option<u128>,
}

impl Column {
    fn new(who: impl Into<String>) -> Column {
        Column { who: who.into(), times: Vec::new(), wrong: None }
    }

    fn record(&mut self, instance: &Instance, (count, time): (u128, f64)) {
        self.times.push(time);
        if count != instance.solutions && self.wrong.is_none() {
            self.wrong = Some(count);
        }
    }

    /// The median time, after reporting a wrong count.
    fn finish(&self, instance: &Instance, report: &mut Report) -> f64 {
        if let Some(n) = self.wrong {
            let (name, known) = (instance.name, thousands(instance.solutions));
            report.mismatch(format!("{name}: {} counted {} solutions, not {known}", self.who, n));
        }
        median(&self.times)
    }
}

fn read(path: &Path) -> Result<Problem, Error> {
    let file = File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(Problem::read_knuth(BufReader::new(file)).map_err(|e| format!("{}:{e}", path.display()))?)
}

/// Reads, parses and counts, as Knuth's programs do, on one thread:
/// the count and the wall time of the whole, in seconds.
fn count_ours(path: &Path, config: Config) -> Result<(u128, f64), Error> {
    let start = Instant::now();
    let problem = read(path)?;
    let count = Solver::with_config(&problem, config).count();
    Ok((count, start.elapsed().as_secs_f64()))
}

fn engine_name(engine: Engine) -> &'static str {
    match engine {
        Engine::BitSliced => "bit-sliced",
        Engine::Bitset => "bitset",
        Engine::BitBounded => "bit-bounded",
        Engine::DancingLinks => "dancing links",
        _ => "other",
    }
}

/// A column of Knuth's for one instance.
enum Theirs {
    /// No program of his of that sort applies to this kind of problem.
    None,
    /// The folder does not have the program.
    Missing(&'static str),
    /// The program and its times.
    Timed(PathBuf, Column),
}

impl Theirs {
    fn new(knuth: &Knuth, program: Option<&'static str>) -> Theirs {
        match program {
            None => Theirs::None,
            Some(name) => match knuth.program(name) {
                Some(path) => Theirs::Timed(path, Column::new(name.to_uppercase())),
                None => Theirs::Missing(name),
            },
        }
    }

    fn run(&mut self, instance: &Instance, input: &Path) -> Result<(), Error> {
        if let Theirs::Timed(program, column) = self {
            column.record(instance, knuth::count(program, input)?);
        }
        Ok(())
    }

    /// The two cells: the time, and our time `ours` over it.
    fn cells(&self, instance: &Instance, ours: f64, report: &mut Report) -> String {
        match self {
            Theirs::None => " | |".to_string(),
            Theirs::Missing(name) => format!(" (no {name} in the folder) | |"),
            Theirs::Timed(_, column) => {
                let t = column.finish(instance, report);
                format!(" {} ({}) | {} |", secs(t), column.who, fmt::ratio(ours, t))
            }
        }
    }
}

pub(crate) fn table(
    settings: &Settings,
    knuth: Option<&Knuth>,
    report: &mut Report,
) -> Result<String, Error> {
    let mut rows = String::new();
    for instance in &settings.instances {
        let path = instance.path();
        // Once, untimed: which engine the default picks, which programs apply.
        let (kind, engine) = {
            let problem = read(&path)?;
            (Kind::of(&problem), Solver::new(&problem).engine())
        };
        settings.say(&format!("exact cover: {} ({} runs)", instance.name, settings.runs));
        let mut ours = Column::new("our default engine");
        let mut links = (engine != Engine::DancingLinks).then(|| Column::new("dancing links"));
        let mut theirs: Option<[Theirs; 2]> =
            knuth.map(|k| kind.programs().map(|p| Theirs::new(k, p)));
        let links_only = Config::new().engine(Engine::DancingLinks);
        for _ in 0..settings.runs {
            // Ours and theirs take turns.
            ours.record(instance, count_ours(&path, Config::new())?);
            if let Some([dlx, _]) = &mut theirs {
                dlx.run(instance, &path)?;
            }
            if let Some(c) = &mut links {
                c.record(instance, count_ours(&path, links_only)?);
            }
            if let Some([_, ss]) = &mut theirs {
                ss.run(instance, &path)?;
            }
        }
        let t = ours.finish(instance, report);
        rows += &format!(
            "| {} | {} | {} | {} ({}) | {} |",
            instance.name,
            kind.name(),
            thousands(instance.solutions),
            secs(t),
            engine_name(engine),
            match &links {
                Some(c) => secs(c.finish(instance, report)),
                None => "(the default)".to_string(),
            },
        );
        for column in theirs.iter().flatten() {
            rows += &column.cells(instance, t, report);
        }
        rows += "\n";
    }
    Ok(format!("{}{}{rows}", heading(settings, knuth.is_some()), header(knuth.is_some())))
}

fn heading(settings: &Settings, knuth: bool) -> String {
    let runs = settings.runs;
    let mut s = format!(
        "### Exact cover, one thread, wall time\n\n\
         Median wall time of {runs} interleaved run{} ({}), on one thread. Ours is \
         `dlx::Solver::count` with the default `dlx::Config` (the engine it picks in \
         parentheses) and with `dlx::Engine::DancingLinks` forced; each time includes \
         reading and parsing the file, as Knuth's programs' times do",
        if runs == 1 { "" } else { "s" },
        if knuth { "ours and Knuth's programs take turns" } else { "our two engines take turns" },
    );
    if knuth {
        s += " (theirs also include starting the process, about a millisecond). His program \
              for each kind of problem: DLX1 for plain exact cover, DLX2 and SSXCC for \
              colors, DLX3 and SSMCC for multiplicities. Ratio: our default's time over \
              his (below 1, ours is faster).";
    } else {
        s += ". `--knuth DIR` times Knuth's programs too (DLX1, DLX2, DLX3, SSXCC, SSMCC, \
              compiled in DIR).";
    }
    s + " With multiplicities the default count remembers the subtrees it has counted \
         (`dlx::Memo`: a state met again adds its count at once), where dancing links walk \
         the whole tree, as DLX3 and SSMCC do. Every count is checked against the known one.\n\n"
}

fn header(knuth: bool) -> String {
    let mut h = "| instance (`data/xc`) | kind | solutions | ours, default | dancing links only |"
        .to_string();
    let mut rule = "|---|---|---:|---:|---:|".to_string();
    if knuth {
        h += " Knuth DLX1/2/3 | ours / DLX | Knuth SSXCC/SSMCC | ours / SS |";
        rule += "---:|---:|---:|---:|";
    }
    format!("{h}\n{rule}\n")
}
