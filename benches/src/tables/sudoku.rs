//! Table 2: puzzles per second on the public sudoku sets, one thread, ours
//! next to the published exact-cover crates.

use std::fs::File;
use std::hint::black_box;
use std::io::BufReader;
use std::time::Instant;

use sudoku_cover::{Grid, PuzzleReader, Rules, Sudoku, Uniqueness};

use super::fmt::{self, median, ordinal, rate, thousands};
use super::{Error, Report, Sample, Settings};
use crate::baseline::Baseline;

/// The puzzles of a sample, and its label: `17_clue (every 24th: 2,000)`.
fn load(sample: &Sample) -> Result<(Vec<Grid>, String), Error> {
    let path = crate::data(&format!("sudoku/{}", sample.file));
    let file = File::open(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let puzzles: Vec<Grid> = PuzzleReader::new(BufReader::new(file))
        .step_by(sample.step)
        .take(sample.max)
        .map(|p| p.map(|p| p.grid))
        .collect::<Result<_, _>>()
        .map_err(|e| format!("{}:{e}", path.display()))?;
    if puzzles.is_empty() {
        return Err(format!("{}: no puzzles", path.display()).into());
    }
    let n = thousands(puzzles.len() as u128);
    let name = sample.file.strip_suffix(".txt").unwrap_or(sample.file);
    let how = match (sample.step, sample.max) {
        (1, usize::MAX) => "all".to_string(),
        (1, _) => "the first".to_string(),
        (step, _) => format!("every {}", ordinal(step)),
    };
    Ok((puzzles, format!("{name} ({how}: {n})")))
}

/// One contender's rates on one sample, and how many puzzles it got wrong
/// in its worst pass.
#[derive(Default)]
struct Column {
    rates: Vec<f64>,
    wrong: usize,
}

impl Column {
    /// Times one pass of `solve` (which says whether it got the puzzle
    /// right) over the puzzles.
    fn pass(&mut self, puzzles: &[Grid], mut solve: impl FnMut(&Grid) -> bool) {
        let start = Instant::now();
        let right = puzzles.iter().filter(|&p| solve(black_box(p))).count();
        self.rates.push(puzzles.len() as f64 / start.elapsed().as_secs_f64());
        self.wrong = self.wrong.max(puzzles.len() - right);
    }

    fn finish(&self, what: &str, report: &mut Report) -> f64 {
        if self.wrong > 0 {
            report.mismatch(format!("{what}: {} puzzles not solved as expected", self.wrong));
        }
        median(&self.rates)
    }
}

pub(crate) fn table(settings: &Settings, report: &mut Report) -> Result<String, Error> {
    let sudoku = Sudoku::new(Rules::classic())?;
    let mut solver = sudoku.solver();
    let mut rows = String::new();
    for sample in &settings.sudoku {
        let (puzzles, label) = load(sample)?;
        settings.say(&format!("sudoku: {label} ({} runs)", settings.runs));
        let mut out = Grid::new(puzzles[0].shape());
        let [mut first, mut unique] = [Column::default(), Column::default()];
        let mut baselines = Baseline::ALL.map(|b| (b, Column::default()));
        for _ in 0..settings.runs {
            // Every set is of proper puzzles: one solution each.
            first.pass(&puzzles, |p| solver.solve_into(p, &mut out).unwrap_or(false));
            unique.pass(&puzzles, |p| solver.check(p).is_ok_and(|u| u == Uniqueness::Unique));
            for (b, column) in &mut baselines {
                column.pass(&puzzles, |p| b.sudoku_count(p, 2) == 1);
            }
        }
        let ours = unique.finish(&format!("{label}, ours unique"), report);
        rows += &format!(
            "| {label} | {} | {} |",
            rate(first.finish(&format!("{label}, ours first"), report)),
            rate(ours)
        );
        let mut best: f64 = 0.0;
        for (b, column) in &baselines {
            let r = column.finish(&format!("{label}, {} unique", b.title()), report);
            best = best.max(r);
            rows += &format!(" {} |", rate(r));
        }
        rows += &format!(" {} |\n", fmt::ratio(ours, best));
    }
    let mut header = "| set (sample) | ours first | ours unique |".to_string();
    let mut rule = "|---|---:|---:|".to_string();
    for b in Baseline::ALL {
        header += &format!(" {} unique |", b.title());
        rule += "---:|";
    }
    let runs = settings.runs;
    Ok(format!(
        "### Sudoku, one thread, puzzles per second\n\n\
         Median rate of {runs} interleaved pass{} over each sample (ours first, ours unique, \
         then each baseline), on one thread. `first` stops at a first solution, `unique` \
         counts up to 2 (as tdoku's benchmark does). Ours is `sudoku_cover`'s solver with \
         its default settings; the baselines are the published exact-cover crates with the \
         usual 324-item encoding, their matrix built per puzzle as their APIs require. \
         Ratio: our unique rate over the best baseline's (above 1, ours is faster).\n\n\
         {header} ours / best baseline |\n{rule}---:|\n{rows}",
        if runs == 1 { "" } else { "es" },
    ))
}
