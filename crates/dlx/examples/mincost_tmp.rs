fn main() {
    let path = std::env::args().nth(1).unwrap();
    let k: usize = std::env::args().nth(2).unwrap().parse().unwrap();
    let threads: usize = std::env::args().nth(3).map_or(1, |t| t.parse().unwrap());
    let text = std::fs::read_to_string(path).unwrap();
    let p = dlx::Problem::parse_knuth(&text).unwrap();
    let t = std::time::Instant::now();
    let out = if threads > 1 {
        dlx::Parallel::new(&p).threads(threads).granularity(64).min_cost(k).unwrap()
    } else {
        dlx::Solver::new(&p).min_cost_within(k, &dlx::Limits::new()).unwrap()
    };
    for c in &out.solutions {
        println!("{} {:?}", c.cost, c.options);
    }
    println!("{:?} {:?} {:?}", out.complete, out.stats, t.elapsed());
}
