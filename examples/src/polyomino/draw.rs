//! Pictures of a tiling: coloured text for the terminal ([`draw_text`]) and
//! SVG ([`draw_svg`]).

use std::fmt::Write;

use crate::cli::on_color;
use crate::polyomino::{Cell, Placement, Tiling};

/// For each square of the board, the index (in `solution`) of the
/// placement covering it.
fn owners(tiling: &Tiling, solution: &[&Placement]) -> Vec<Vec<Option<usize>>> {
    let board = tiling.board();
    let mut grid = vec![vec![None; board.columns()]; board.rows()];
    for (k, placement) in solution.iter().enumerate() {
        for &(r, c) in &placement.cells {
            grid[r as usize][c as usize] = Some(k);
        }
    }
    grid
}

/// Draws a tiling as text, two characters per square: the first letter of
/// the piece's name, and with `color` a background colour per piece.
///
/// ```
/// use dlx_examples::polyomino::{draw_text, pentominoes, Board, Rules, Tiling};
///
/// let tiling = Tiling::new(&Board::rectangle(3, 20)?, &pentominoes(), &Rules::default())?;
/// let solution = tiling.model().first().expect("3x20 has a tiling");
/// let text = draw_text(&tiling, &solution, false);
/// assert_eq!(text.lines().count(), 3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn draw_text(tiling: &Tiling, solution: &[&Placement], color: bool) -> String {
    let mut out = String::new();
    for row in owners(tiling, solution) {
        let mut line = String::new();
        for owner in row {
            match owner {
                None => line.push_str("  "),
                Some(k) => {
                    let piece = solution[k].piece;
                    let letter = tiling.pieces()[piece].name.chars().next().unwrap_or('?');
                    if color {
                        line.push_str(&on_color(piece, &format!("{letter} ")));
                    } else {
                        line.push(letter);
                        line.push(' ');
                    }
                }
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// The fill colour of piece `index` of `count`: twelve hand-picked colours,
/// or evenly spaced hues for larger sets.
fn fill(index: usize, count: usize) -> String {
    const COLORS: [&str; 12] = [
        "#f28b82", "#fbbc04", "#fff475", "#ccff90", "#a7ffeb", "#aecbfa", "#d7aefb", "#fdcfe8",
        "#e6c9a8", "#81c995", "#ffb570", "#8ab4f8",
    ];
    if count <= COLORS.len() {
        COLORS[index].to_owned()
    } else {
        format!("hsl({}, 70%, 62%)", index * 360 / count)
    }
}

/// Draws a tiling as an SVG picture: each piece filled with its colour,
/// outlined, and labelled with its name.
pub fn draw_svg(tiling: &Tiling, solution: &[&Placement]) -> String {
    const SIDE: i32 = 40;
    const MARGIN: i32 = 10;
    let board = tiling.board();
    let grid = owners(tiling, solution);
    let owner = |(r, c): Cell| -> Option<usize> {
        let row = grid.get(usize::try_from(r).ok()?)?;
        *row.get(usize::try_from(c).ok()?)?
    };
    let (width, height) =
        (board.columns() as i32 * SIDE + 2 * MARGIN, board.rows() as i32 * SIDE + 2 * MARGIN);
    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}">"#
    );
    let _ = writeln!(svg, r#"<rect width="{width}" height="{height}" fill="white"/>"#);
    let x = |c: i32| MARGIN + c * SIDE;
    let y = |r: i32| MARGIN + r * SIDE;
    // The squares, with faint lines between the squares of one piece.
    for (k, placement) in solution.iter().enumerate() {
        let color = fill(placement.piece, tiling.pieces().len());
        let _ = writeln!(
            svg,
            r#"<g fill="{color}" stroke="white" stroke-opacity="0.4" data-piece="{k}">"#
        );
        for &(r, c) in &placement.cells {
            let _ = writeln!(
                svg,
                r#"  <rect x="{}" y="{}" width="{SIDE}" height="{SIDE}"/>"#,
                x(c),
                y(r)
            );
        }
        svg.push_str("</g>\n");
    }
    // The outlines: every edge between squares of different pieces, or
    // between a piece and a hole or the outside.
    let mut path = String::new();
    for r in 0..=board.rows() as i32 {
        for c in 0..=board.columns() as i32 {
            let here = owner((r, c));
            if here != owner((r - 1, c)) {
                let _ = write!(path, "M{} {}h{SIDE}", x(c), y(r));
            }
            if here != owner((r, c - 1)) {
                let _ = write!(path, "M{} {}v{SIDE}", x(c), y(r));
            }
        }
    }
    let _ = writeln!(
        svg,
        r##"<path d="{path}" fill="none" stroke="#222" stroke-width="3" stroke-linecap="round"/>"##
    );
    // The names, on the square nearest each piece's centre.
    for placement in solution {
        let n = placement.cells.len() as f64;
        let (mr, mc) = placement
            .cells
            .iter()
            .fold((0.0, 0.0), |(a, b), &(r, c)| (a + r as f64 / n, b + c as f64 / n));
        let distance = |&&(r, c): &&Cell| {
            let (dr, dc) = (r as f64 - mr, c as f64 - mc);
            dr * dr + dc * dc
        };
        let Some(&(r, c)) =
            placement.cells.iter().min_by(|a, b| distance(a).total_cmp(&distance(b)))
        else {
            continue;
        };
        let name = &tiling.pieces()[placement.piece].name;
        let _ = writeln!(
            svg,
            r##"<text x="{}" y="{}" font-family="sans-serif" font-size="18" font-weight="bold" text-anchor="middle" dominant-baseline="central" fill="#222">{name}</text>"##,
            x(c) + SIDE / 2,
            y(r) + SIDE / 2
        );
    }
    svg.push_str("</svg>\n");
    svg
}
