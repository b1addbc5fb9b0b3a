//! Table 3: counting with `dlx::Parallel` on one thread and on all.

use std::fs::File;
use std::io::BufReader;
use std::time::Instant;

use dlx::{Parallel, Problem};

use super::fmt::{self, median, secs, thousands};
use super::{Error, Report, Settings};

pub(crate) fn table(settings: &Settings, report: &mut Report) -> Result<String, Error> {
    let threads = settings.threads;
    let mut rows = String::new();
    for instance in &settings.parallel {
        let path = instance.path();
        let file = File::open(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let problem = Problem::read_knuth(BufReader::new(file))
            .map_err(|e| format!("{}:{e}", path.display()))?;
        settings.say(&format!("parallel: {} ({} runs)", instance.name, settings.runs));
        let mut times = [Vec::new(), Vec::new()];
        for _ in 0..settings.runs {
            for (k, t) in [1, threads].into_iter().enumerate() {
                let start = Instant::now();
                let outcome = Parallel::new(&problem).threads(t).count()?;
                times[k].push(start.elapsed().as_secs_f64());
                if outcome.solutions != instance.solutions {
                    report.mismatch(format!(
                        "{}: dlx::Parallel on {t} thread(s) counted {} solutions, not {}",
                        instance.name,
                        outcome.solutions,
                        thousands(instance.solutions)
                    ));
                }
            }
        }
        let [one, all] = times.map(|t| median(&t));
        rows += &format!(
            "| {} | {} | {} | {} | {} |\n",
            instance.name,
            thousands(instance.solutions),
            secs(one),
            secs(all),
            fmt::ratio(one, all)
        );
    }
    let runs = settings.runs;
    Ok(format!(
        "### Parallel counting\n\n\
         `dlx::Parallel::count` with the default settings, on 1 thread and on {threads}, \
         median wall time of {runs} interleaved run{} (the problem read once beforehand).\n\n\
         | problem | solutions | 1 thread | {threads} threads | speedup |\n\
         |---|---:|---:|---:|---:|\n{rows}",
        if runs == 1 { "" } else { "s" },
    ))
}
