//! How the ratings of generated puzzles fall, and what rating costs:
//! `cargo run -p sudoku-cover --release --example rating_bands -- [PUZZLES]
//! [SEED] [SYMMETRY]`. Makes PUZZLES (1000) 9x9 puzzles with
//! `Generator::generate(SEED, i)` (no rating range), rates each with the
//! standard ladder, and prints per band of Sudoku Explainer's scale how
//! many fell in it (so the tries a puzzle in that band takes, on average)
//! and the mean time to make and to rate one.

use std::error::Error;
use std::sync::Arc;
use std::time::{Duration, Instant};

use sudoku_cover::Rules;
use sudoku_cover::generate::{Generator, Symmetry};
use sudoku_cover::human::{Candidates, End, Ladder, Units};

/// The lower ends of the bands, in tenths; the last is open.
const BANDS: [u16; 12] = [0, 15, 20, 25, 30, 45, 60, 70, 75, 80, 85, 90];

fn main() -> Result<(), Box<dyn Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let puzzles: u64 = args.first().map_or(Ok(1000), |a| a.parse())?;
    let seed: u64 = args.get(1).map_or(Ok(1), |a| a.parse())?;
    let symmetry: Symmetry = args.get(2).map_or(Ok(Symmetry::None), |a| a.parse())?;
    let generator = Generator::new(Rules::classic())?.symmetry(symmetry);
    let units = Arc::new(Units::new(&Rules::classic())?);
    let ladder = Ladder::standard();
    let mut counts = [0u64; BANDS.len()];
    let (mut beyond, mut make, mut rate) = (0u64, Duration::ZERO, Duration::ZERO);
    let mut band_time = [Duration::ZERO; BANDS.len()];
    for i in 0..puzzles {
        let start = Instant::now();
        let made = generator.generate(seed, i)?;
        make += start.elapsed();
        let start = Instant::now();
        let grid = Candidates::from_grid(units.clone(), &made.puzzle)?;
        let rating = ladder.rate(grid, Some(&made.solution));
        let took = start.elapsed();
        rate += took;
        let band = match rating.end {
            End::Solved => {
                let t = rating.difficulty.map_or(0, |d| d.in_tenths());
                BANDS.iter().rposition(|&lo| t >= lo).unwrap_or(0)
            }
            _ => {
                beyond += 1;
                continue;
            }
        };
        counts[band] += 1;
        band_time[band] += took;
    }
    let per = |d: Duration, k: u64| d.as_secs_f64() * 1e3 / k.max(1) as f64;
    println!("{puzzles} puzzles, seed {seed}, {symmetry}");
    println!(
        "made in {:.3} ms each, rated in {:.3} ms each",
        per(make, puzzles),
        per(rate, puzzles)
    );
    println!("band | puzzles | share | tries per puzzle | rating ms (mean in band)");
    for (b, &lo) in BANDS.iter().enumerate() {
        let hi =
            BANDS.get(b + 1).map_or(String::new(), |h| format!("{:.1}", f64::from(h - 1) / 10.0));
        let share = counts[b] as f64 / puzzles as f64;
        let tries = if counts[b] == 0 { f64::INFINITY } else { 1.0 / share };
        println!(
            "{:.1}..{hi} | {} | {:.4} | {:.1} | {:.3}",
            f64::from(lo) / 10.0,
            counts[b],
            share,
            tries,
            per(band_time[b], counts[b])
        );
    }
    println!("beyond the techniques known | {beyond}");
    Ok(())
}
