//! Prints the README's performance tables as Markdown:
//! `cargo run --release -p dlx-benches --bin tables [-- --knuth DIR] [--quick]`.
//! See `dlx_benches::tables` for what is measured and how.

use std::process::ExitCode;

use dlx_benches::tables::{self, Settings};

fn main() -> ExitCode {
    let settings = match Settings::from_args(std::env::args().skip(1)) {
        Ok(Some(settings)) => settings,
        Ok(None) => {
            println!("{}", tables::USAGE);
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("tables: {e}\n\n{}", tables::USAGE);
            return ExitCode::from(2);
        }
    };
    match tables::run(&settings, &mut std::io::stdout().lock()) {
        Ok(report) if report.mismatches.is_empty() => ExitCode::SUCCESS,
        Ok(report) => {
            eprintln!("tables: {} count mismatch(es), listed above", report.mismatches.len());
            ExitCode::from(1)
        }
        Err(e) => {
            eprintln!("tables: {e}");
            ExitCode::from(2)
        }
    }
}
