//! Writes a random colored exact-cover problem in Knuth's DLX2 format, the
//! same for the same arguments
//! (`cargo run --release -p dlx-benches --bin colored -- N S M K SEED`):
//! `N` primary items `p0..`, `S` secondary items `q0..`, `K` colors `a..`;
//! a planted solution (the primary items shuffled and cut into options of
//! 4 to 8, each with up to 3 secondary items, never two options giving one
//! item different colors), then random options of 4 to 8 distinct primary
//! items and up to 3 distinct secondary items, each colored at random or
//! (one time in `K + 1`) not, up to `M` options in all, shuffled.

use std::process::ExitCode;

use dlx_benches::rng::Rng;

/// An option: primary items, and secondary items with a color (`None`:
/// none).
type Option_ = (Vec<usize>, Vec<(usize, Option<usize>)>);

/// Up to 3 distinct secondary items of `s`, each colored from `k` colors
/// or not; with `fixed`, an item's color is the one it already has there.
fn secondaries(
    rng: &mut Rng,
    s: usize,
    k: usize,
    fixed: &mut [Option<Option<usize>>],
) -> Vec<(usize, Option<usize>)> {
    let mut out: Vec<(usize, Option<usize>)> = Vec::new();
    for _ in 0..rng.below(4).min(s) {
        let j = rng.below(s);
        if out.iter().any(|&(i, _)| i == j) {
            continue;
        }
        let color = if rng.below(k + 1) == 0 { None } else { Some(rng.below(k)) };
        let color = match fixed.get_mut(j) {
            // In the planted solution an uncolored item is used once, a
            // colored one always in its first color.
            Some(Some(None)) => continue,
            Some(Some(c)) if color.is_some() => *c,
            Some(Some(_)) => continue,
            Some(f) => {
                *f = Some(color);
                color
            }
            None => color,
        };
        out.push((j, color));
    }
    out.sort_unstable();
    out
}

/// The problem's text.
fn problem(n: usize, s: usize, m: usize, k: usize, seed: u64) -> String {
    let mut rng = Rng(seed);
    let mut options: Vec<Option_> = Vec::new();
    let mut items: Vec<usize> = (0..n).collect();
    rng.shuffle(&mut items);
    let mut planted = vec![None; s];
    let mut rest = &items[..];
    while !rest.is_empty() {
        let size = (4 + rng.below(5)).min(rest.len());
        options.push((rest[..size].to_vec(), secondaries(&mut rng, s, k, &mut planted)));
        rest = &rest[size..];
    }
    while options.len() < m {
        rng.shuffle(&mut items);
        let primary = items[..4 + rng.below(5)].to_vec();
        options.push((primary, secondaries(&mut rng, s, k, &mut [])));
    }
    rng.shuffle(&mut options);
    let colors = b"abcdefghijklmnopqrstuvwxyz";
    let mut text = format!("| random colored exact cover: n={n} s={s} m={m} k={k} seed={seed}\n");
    let names: Vec<String> = (0..n).map(|i| format!("p{i}")).collect();
    let seconds: Vec<String> = (0..s).map(|i| format!("q{i}")).collect();
    text.push_str(&format!("{} | {}\n", names.join(" "), seconds.join(" ")));
    for (primary, secondary) in options {
        let mut words: Vec<String> = primary.iter().map(|&i| names[i].clone()).collect();
        for (j, color) in secondary {
            match color {
                Some(c) => words.push(format!("{}:{}", seconds[j], colors[c] as char)),
                None => words.push(seconds[j].clone()),
            }
        }
        text.push_str(&words.join(" "));
        text.push('\n');
    }
    text
}

fn main() -> ExitCode {
    let args: Vec<u64> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let &[n, s, m, k, seed] = &args[..] else {
        eprintln!(
            "usage: colored N S M K SEED   (N primary items, at least 8; S secondary; M options; K colors, 1 to 26)"
        );
        return ExitCode::from(2);
    };
    if n < 8 || !(1..=26).contains(&k) {
        eprintln!("colored: N must be at least 8 and K from 1 to 26");
        return ExitCode::from(2);
    }
    print!("{}", problem(n as usize, s as usize, m as usize, k as usize, seed));
    ExitCode::SUCCESS
}
