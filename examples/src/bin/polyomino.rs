//! Tile a board with polyominoes: draw a tiling, count them, write an SVG.
//!
//! ```text
//! polyomino                       # a tiling of 6x10 by the 12 pentominoes
//! polyomino --count               # 2339 tilings up to symmetry (9356 with --all)
//! polyomino --board scott --count --svg scott.svg
//! polyomino --pieces tetrominoes --copies 2 --board 5x8 --all --count
//! ```

use std::error::Error;
use std::fs;
use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use dlx_examples::cli::{self, ColorChoice, Outcome};
use dlx_examples::polyomino::{
    Board, Copies, Piece, Rules, Tiling, draw_svg, draw_text, named_board, named_pieces,
    parse_pieces,
};

/// Tile a board with polyominoes, as exact cover.
///
/// Every piece is used once, in any rotation or reflection; every cell of
/// the board is covered once. Without arguments: draw a tiling of the 6x10
/// rectangle by the twelve pentominoes. Exits with 1 when there is no
/// tiling.
#[derive(Debug, Parser)]
#[command(version, about, long_about)]
struct Args {
    /// The board: `RxC` for a rectangle (6x10, 5x12, 4x15, 3x20, 8x8, ...),
    /// `scott` for the 8x8 board with a 2x2 hole in the middle, or a file
    /// drawing the board with `#` for cells and `.` for holes.
    #[arg(short, long, default_value = "6x10")]
    board: String,

    /// The pieces: `pentominoes`, `tetrominoes`, `hexominoes`, or a file
    /// with a name line and then `#`/`.` rows for each piece, pieces
    /// separated by blank lines.
    #[arg(short, long, default_value = "pentominoes")]
    pieces: String,

    /// Count the tilings (after drawing the ones --show asks for).
    #[arg(short, long)]
    count: bool,

    /// Count every tiling, rotations and reflections of the board included.
    /// By default each tiling is counted once up to the board's symmetries,
    /// by restricting one piece (X for the pentominoes) to part of the
    /// board.
    #[arg(short, long)]
    all: bool,

    /// How many times each piece is used: `2`, or `0..2` for at most
    /// twice. Anything but 1 uses Algorithm M (multiplicities); it needs
    /// --all.
    #[arg(long, default_value = "1", value_name = "N|LO..HI")]
    copies: Copies,

    /// Pieces may be rotated but not turned over.
    #[arg(long)]
    one_sided: bool,

    /// Draw this many tilings.
    #[arg(short = 'n', long, default_value_t = 1, value_name = "N")]
    show: usize,

    /// Write the first tiling as an SVG picture to FILE.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,

    /// Write the exact-cover problem in Knuth's format to standard output
    /// (for `dlx solve` and `dlx count`) and stop.
    #[arg(long)]
    emit: bool,

    /// When to colour the pieces.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto, value_name = "WHEN")]
    color: ColorChoice,
}

fn main() -> ExitCode {
    cli::exit(try_main())
}

fn try_main() -> Result<Outcome, Box<dyn Error>> {
    let args = Args::parse();
    let board = read_board(&args.board)?;
    let pieces = read_pieces(&args.pieces)?;
    let rules = Rules { up_to_symmetry: !args.all, one_sided: args.one_sided, copies: args.copies };
    let tiling = Tiling::new(&board, &pieces, &rules)?;
    let mut out = io::stdout().lock();
    if args.emit {
        let comment = format!(
            "polyomino --board {} --pieces {}{}{}{}",
            args.board,
            args.pieces,
            if args.all { " --all" } else { "" },
            if args.one_sided { " --one-sided" } else { "" },
            if args.copies != Copies::ONCE {
                format!(" --copies {}", args.copies)
            } else {
                String::new()
            },
        );
        cli::emit(tiling.model().problem(), &comment, &mut out)?;
        return Ok(Outcome::Found);
    }

    if let Some(why) = tiling.area_mismatch() {
        writeln!(out, "No tilings: {why}.")?;
        return Ok(Outcome::NotFound);
    }
    let color = args.color.enabled();
    let model = tiling.model();
    let mut solver = model.solver();
    let shown = cli::show(&mut solver, args.show, &mut out, |k, solution| {
        let solution = model.decode(solution);
        if let (0, Some(path)) = (k, &args.svg) {
            fs::write(path, draw_svg(&tiling, &solution))
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        }
        Ok(draw_text(&tiling, &solution, color))
    })?;
    if !args.count {
        if shown == 0 && args.show > 0 {
            writeln!(out, "No tilings.")?;
            return Ok(Outcome::NotFound);
        }
        let gap = if shown > 0 { "\n" } else { "" };
        writeln!(out, "{gap}Count the tilings with --count.")?;
        return Ok(Outcome::Found);
    }
    let count = shown as u128 + solver.count();
    let nodes = solver.stats().nodes();
    if shown > 0 {
        writeln!(out)?;
    }
    if tiling.symmetries() > 1 {
        let restricted = tiling.restricted().join(" and ");
        writeln!(
            out,
            "{count} tilings, up to the {} symmetries of the board ({restricted} restricted; --all counts every one).",
            tiling.symmetries()
        )?;
    } else {
        writeln!(out, "{count} tilings.")?;
    }
    writeln!(out, "({nodes} search-tree nodes, {:.2?})", solver.stats().elapsed())?;
    Ok(Outcome::found_if(count > 0))
}

fn read_board(spec: &str) -> Result<Board, Box<dyn Error>> {
    if let Some(board) = named_board(spec) {
        return Ok(board?);
    }
    let text = fs::read_to_string(spec).map_err(|e| {
        format!("cannot read the board `{spec}` ({e}); give RxC, `scott` or a file")
    })?;
    Ok(Board::parse(&text).map_err(|e| e.in_file(spec))?)
}

fn read_pieces(spec: &str) -> Result<Vec<Piece>, Box<dyn Error>> {
    if let Some(pieces) = named_pieces(spec) {
        return Ok(pieces);
    }
    let text = fs::read_to_string(spec).map_err(|e| {
        format!(
            "cannot read the pieces `{spec}` ({e}); give pentominoes, tetrominoes, hexominoes or a file"
        )
    })?;
    Ok(parse_pieces(&text).map_err(|e| e.in_file(spec))?)
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    #[test]
    fn arguments_are_consistent() {
        super::Args::command().debug_assert();
    }
}
