//! Writes a random exact-cover problem with costs in Knuth's DLX5 format,
//! the same for the same arguments
//! (`cargo run --release -p dlx-benches --bin costed -- N M SEED`): `N`
//! primary items `p0..`, a planted solution (the items shuffled and cut
//! into options of 3 to 6), then random options of 3 to 6 distinct items
//! up to `M` options in all, shuffled; each option ends with a cost `|c`,
//! `c` from 1 to 50. `data/xc/cost_random48.dlx` is `48 1500 7`.

use std::process::ExitCode;

use dlx_benches::rng::Rng;

/// The problem's text.
fn problem(n: usize, m: usize, seed: u64) -> String {
    let mut rng = Rng(seed);
    let mut options: Vec<Vec<usize>> = Vec::new();
    let mut items: Vec<usize> = (0..n).collect();
    rng.shuffle(&mut items);
    let mut rest = &items[..];
    while !rest.is_empty() {
        let size = (3 + rng.below(4)).min(rest.len());
        options.push(rest[..size].to_vec());
        rest = &rest[size..];
    }
    while options.len() < m {
        rng.shuffle(&mut items);
        options.push(items[..3 + rng.below(4)].to_vec());
    }
    rng.shuffle(&mut options);
    let names: Vec<String> = (0..n).map(|i| format!("p{i}")).collect();
    let mut text = format!("| random costed exact cover: n={n} m={m} seed={seed}\n");
    text.push_str(&names.join(" "));
    text.push('\n');
    for option in options {
        let words: Vec<&str> = option.iter().map(|&i| names[i].as_str()).collect();
        text.push_str(&format!("{} |{}\n", words.join(" "), 1 + rng.below(50)));
    }
    text
}

fn main() -> ExitCode {
    let args: Vec<u64> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let &[n, m, seed] = &args[..] else {
        eprintln!("usage: costed N M SEED   (N items, at least 6; M options)");
        return ExitCode::from(2);
    };
    if n < 6 {
        eprintln!("costed: N must be at least 6");
        return ExitCode::from(2);
    }
    print!("{}", problem(n as usize, m as usize, seed));
    ExitCode::SUCCESS
}
