//! Counts the solutions of a problem in Knuth's format and prints Knuth's
//! statistics: `cargo run --release -p dlx --example count -- FILE [THREADS]`.
//! Set `DLX_ENGINE=links`, `bits`, `sliced` or `bounded` to choose the engine, and
//! `DLX_PROPAGATION=dominance` to remove dominated options at the top,
//! `DLX_MEMO=0` to count without the bounded engine's table of counted
//! subtrees (`1`, the default: with it; `N`: with `N` entries), and
//! `DLX_MAX_NODES=N` to stop after N nodes (one thread: the engines visit
//! the same tree, so a tree's first N nodes compare them on big problems).

use std::error::Error;
use std::fs::File;
use std::io::{BufReader, ErrorKind, Write};

use dlx::{Config, Engine, Limits, Memo, Parallel, Problem, Propagation, Solver};

fn try_main() -> Result<(), Box<dyn Error>> {
    let path = std::env::args().nth(1).ok_or("usage: count FILE")?;
    let file = File::open(&path).map_err(|e| format!("{path}: {e}"))?;
    let problem = Problem::read_knuth(BufReader::new(file)).map_err(|e| format!("{path}:{e}"))?;
    let threads: usize = match std::env::args().nth(2) {
        Some(t) => t.parse().map_err(|_| format!("bad thread count `{t}`"))?,
        None => 1,
    };
    let engine = match std::env::var("DLX_ENGINE").as_deref() {
        Ok("links") => Engine::DancingLinks,
        Ok("bits") => Engine::Bitset,
        Ok("sliced") => Engine::BitSliced,
        Ok("bounded") => Engine::BitBounded,
        _ => Engine::Auto,
    };
    let propagation = match std::env::var("DLX_PROPAGATION").as_deref() {
        Ok("dominance") => Propagation::Dominance,
        _ => Propagation::None,
    };
    let memo = match std::env::var("DLX_MEMO").as_deref() {
        Ok("0") => Memo::Off,
        Ok("1") | Err(_) => Memo::Auto,
        Ok(n) => Memo::Entries(n.parse().map_err(|_| format!("bad DLX_MEMO `{n}`"))?),
    };
    let config = Config::new().engine(engine).propagation(propagation).memo(memo);
    // Written at the end, so that a closed pipe is one error to ignore.
    let mut out = String::new();
    let (count, s) = if threads > 1 {
        let outcome = Parallel::new(&problem).threads(threads).config(config).count()?;
        out += &format!("wall time {:.3}s on {threads} threads\n", outcome.wall.as_secs_f64());
        (outcome.solutions, outcome.stats)
    } else {
        let mut solver = Solver::with_config(&problem, config);
        out += &format!("engine: {:?}\n", solver.engine());
        match std::env::var("DLX_MAX_NODES") {
            Ok(n) => {
                let n = n.parse().map_err(|_| format!("bad DLX_MAX_NODES `{n}`"))?;
                let outcome = solver.count_within(&Limits::new().nodes(n));
                (outcome.solutions, outcome.stats)
            }
            Err(_) => (solver.count(), solver.stats()),
        }
    };
    out += &format!(
        "{count} solutions, {} nodes, {} updates, {:.3}s, {:.0} M updates/s\n",
        s.nodes(),
        s.updates(),
        s.elapsed().as_secs_f64(),
        s.updates_per_second() / 1e6
    );
    match std::io::stdout().lock().write_all(out.as_bytes()) {
        Err(e) if e.kind() != ErrorKind::BrokenPipe => Err(e.into()),
        _ => Ok(()),
    }
}

fn main() {
    if let Err(e) = try_main() {
        eprintln!("count: {e}");
        std::process::exit(2);
    }
}
