//! Polyomino tilings: cover a board with a set of pieces, each used once.
//!
//! The board is any set of cells ([`Board`], drawn as a text mask); the
//! pieces are any shapes ([`Piece`], drawn as text, see [`parse_pieces`]).
//! The twelve pentominoes are built in ([`pentominoes`]), the tetrominoes
//! and hexominoes come as data ([`tetrominoes`], [`hexominoes`]).
//!
//! # The model
//!
//! - one primary item per piece, named after it (`F`, `I`, …): each piece
//!   is used exactly once;
//! - one primary item per cell of the board, named by two base-36 digits,
//!   row then column (`00` … `59` on a 6x10 board): each cell is covered
//!   exactly once;
//! - one option per placement of a piece: the piece and the cells it
//!   covers, for every rotation and reflection of the piece (each distinct
//!   orientation once) and every position where it fits.
//!
//! On the 6x10 board the 12 pentominoes have 2056 placements; these are the
//! names and options of Knuth's `pentomino` files.
//!
//! # Counting up to symmetry
//!
//! A tiling rotated or reflected is another tiling of a symmetric board, so
//! a plain count of the 6x10 board (9356) counts each "really different"
//! tiling 4 times. The usual remedy restricts a piece: allow the X
//! pentomino only in one quarter of the board. In general
//! ([`Rules::up_to_symmetry`]):
//!
//! 1. find the board's symmetry group `G` (4 elements for a rectangle, 8
//!    for a square, 1 for an irregular board);
//! 2. pick the piece `A` whose placements fall into the fewest orbits under
//!    `G` (that is X), and keep one placement per orbit: every class of
//!    tilings has a member with `A` there;
//! 3. a kept placement `p` may be symmetric itself (X on the centre line of
//!    5x12, or on the diagonal of 8x8): the symmetries `H` that fix `p` still
//!    pair up tilings. Then pick a piece `B` that no symmetry in `H` maps
//!    onto itself (F, which has no symmetry at all), and forbid each
//!    placement of `B` that is not the least of its images under `H` —
//!    but only when `A` is at `p`. That condition is one more
//!    secondary item, `X@…`, put in the option for `A` at `p` and in each
//!    forbidden option of `B`: they can't both be chosen.
//!
//! Each class of tilings is then counted exactly once: 2339 for 6x10, 65
//! for Dana Scott's 8x8 board with a hole in the middle.
//!
//! # Pieces used more than once
//!
//! With [`Rules::copies`] each piece item is covered between `lo` and `hi`
//! times: Knuth's Algorithm M. The options stay the same; only the item's
//! bounds change. (Without multiplicities one would need a separate item
//! and a separate set of options for every copy, and then every tiling
//! would be found once per way of numbering the identical copies.)
//!
//! ```
//! use dlx_examples::polyomino::{pentominoes, Board, Rules, Tiling};
//!
//! let board = Board::rectangle(3, 20)?;
//! let all = Tiling::new(&board, &pentominoes(), &Rules::all())?;
//! assert_eq!(all.model().count(), 8);
//! let distinct = Tiling::new(&board, &pentominoes(), &Rules::default())?;
//! assert_eq!(distinct.model().count(), 2);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod board;
mod draw;
mod shape;

use std::fmt;
use std::str::FromStr;

use dlx::{Entry, ItemId, ProblemBuilder};

pub use board::{Board, BoardSymmetry, MAX_SIDE};
pub use draw::{draw_svg, draw_text};
pub use shape::{Cell, Isometry, Piece, Shape, parse_pieces};

use crate::error::Error;
use crate::model::Model;

/// The 12 pentominoes, in the text format of [`parse_pieces`].
pub const PENTOMINOES: &str = include_str!("../../data/pentominoes.txt");
/// The 5 free tetrominoes.
pub const TETROMINOES: &str = include_str!("../../data/tetrominoes.txt");
/// The 35 free hexominoes.
pub const HEXOMINOES: &str = include_str!("../../data/hexominoes.txt");
/// Dana Scott's board: 8x8 with the centre 2x2 removed.
pub const SCOTT: &str = include_str!("../../data/boards/scott.txt");

/// The 12 pentominoes F I L N P T U V W X Y Z.
pub fn pentominoes() -> Vec<Piece> {
    parse_pieces(PENTOMINOES).expect("the built-in pentominoes are valid")
}

/// The 5 free tetrominoes I O T S L.
pub fn tetrominoes() -> Vec<Piece> {
    parse_pieces(TETROMINOES).expect("the built-in tetrominoes are valid")
}

/// The 35 free hexominoes H01 … H35.
pub fn hexominoes() -> Vec<Piece> {
    parse_pieces(HEXOMINOES).expect("the built-in hexominoes are valid")
}

/// A built-in piece set by name: `pentominoes`, `tetrominoes` or
/// `hexominoes`.
pub fn named_pieces(name: &str) -> Option<Vec<Piece>> {
    match name {
        "pentominoes" => Some(pentominoes()),
        "tetrominoes" => Some(tetrominoes()),
        "hexominoes" => Some(hexominoes()),
        _ => None,
    }
}

/// A built-in board by name: `RxC` for a rectangle (`6x10`), or `scott`.
/// `None` if the name is neither.
pub fn named_board(name: &str) -> Option<Result<Board, Error>> {
    if name == "scott" {
        return Some(Board::parse(SCOTT));
    }
    let (rows, columns) = name.split_once('x')?;
    let rows = rows.parse().ok()?;
    let columns = columns.parse().ok()?;
    Some(Board::rectangle(rows, columns))
}

/// How many times each piece may be used: between `lo` and `hi`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Copies {
    /// The least number of times.
    pub lo: u32,
    /// The most number of times.
    pub hi: u32,
}

impl Copies {
    /// Each piece exactly once.
    pub const ONCE: Copies = Copies { lo: 1, hi: 1 };
}

impl Default for Copies {
    fn default() -> Copies {
        Copies::ONCE
    }
}

impl fmt::Display for Copies {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.lo == self.hi {
            write!(f, "{}", self.hi)
        } else {
            write!(f, "{}..{}", self.lo, self.hi)
        }
    }
}

impl FromStr for Copies {
    type Err = String;

    /// `2` (exactly twice) or `0..2` (at most twice).
    fn from_str(s: &str) -> Result<Copies, String> {
        let sizes: crate::cli::Sizes = s.parse()?;
        let (lo, hi) = (sizes.first(), sizes.last());
        if hi == 0 || hi > 1000 {
            return Err(format!("the number of copies must be 1 to 1000, not {hi}"));
        }
        Ok(Copies { lo: lo as u32, hi: hi as u32 })
    }
}

/// The rules of a tiling problem, besides the board and the pieces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rules {
    /// Count each tiling once up to the board's symmetries (the default)
    /// rather than every rotation and reflection of it. Needs each piece
    /// used exactly once.
    pub up_to_symmetry: bool,
    /// Pieces may not be turned over: only rotations (the default allows
    /// reflections). The board's reflections then don't count as
    /// symmetries either.
    pub one_sided: bool,
    /// How many times each piece is used.
    pub copies: Copies,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules { up_to_symmetry: true, one_sided: false, copies: Copies::ONCE }
    }
}

impl Rules {
    /// Count every tiling, rotations and reflections included.
    pub fn all() -> Rules {
        Rules { up_to_symmetry: false, ..Rules::default() }
    }
}

/// One piece put on the board: the meaning of an option.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Placement {
    /// The index of the piece in the piece set.
    pub piece: usize,
    /// The cells covered, sorted.
    pub cells: Vec<Cell>,
}

/// A tiling problem, modelled: a board, a piece set and the rules.
#[derive(Debug, Clone)]
pub struct Tiling {
    board: Board,
    pieces: Vec<Piece>,
    rules: Rules,
    symmetries: usize,
    restricted: Vec<String>,
    model: Model<Placement>,
}

impl Tiling {
    /// Builds the exact-cover model. Fails if a piece name clashes with a
    /// cell name, or if the tilings can't be counted up to symmetry with
    /// these rules (then [`Rules::all`] still works).
    pub fn new(board: &Board, pieces: &[Piece], rules: &Rules) -> Result<Tiling, Error> {
        let reflections = !rules.one_sided;
        let placements: Vec<Vec<Vec<Cell>>> =
            pieces.iter().map(|p| board.placements(&p.shape, reflections)).collect();
        let group = board.symmetries(reflections);
        let restriction = if rules.up_to_symmetry && group.len() > 1 {
            if rules.copies != Copies::ONCE {
                return Err(Error::new(
                    "counting up to symmetry needs each piece used exactly once; count all tilings instead",
                ));
            }
            Some(Restriction::find(pieces, &placements, &group)?)
        } else {
            None
        };

        let mut b = ProblemBuilder::new();
        let Copies { lo, hi } = rules.copies;
        let piece_items: Vec<ItemId> = pieces
            .iter()
            .map(|p| {
                if rules.copies == Copies::ONCE {
                    b.add_primary(&p.name)
                } else {
                    b.add_primary_with_bounds(&p.name, lo, hi)
                }
            })
            .collect();
        let mut cell_items = vec![None; board.rows() * board.columns()];
        for cell in board.cells() {
            let name = cell_name(board, cell);
            if let Some(piece) = pieces.iter().find(|p| p.name == name) {
                return Err(Error::new(format!(
                    "the piece name `{}` is also the name of a cell; rename the piece",
                    piece.name
                )));
            }
            cell_items[index(board, cell)] = Some(b.add_primary(name));
        }
        let mut tags = Vec::new();
        if let Some(r) = &restriction {
            for tag in &r.tags {
                let cell = placements[r.piece][tag.placement][0];
                let name = format!("{}@{}", pieces[r.piece].name, cell_name(board, cell));
                tags.push(b.add_secondary(name));
            }
        }

        let mut meanings = Vec::new();
        for (piece, placements) in placements.iter().enumerate() {
            for (k, cells) in placements.iter().enumerate() {
                if restriction.as_ref().is_some_and(|r| piece == r.piece && !r.kept[k]) {
                    continue;
                }
                let mut entries: Vec<Entry> = vec![piece_items[piece].into()];
                // Every cell of a placement is a cell of the board, so it has an item.
                entries.extend(
                    cells.iter().filter_map(|&c| cell_items[index(board, c)]).map(Entry::from),
                );
                if let Some(r) = &restriction {
                    for (tag, item) in r.tags.iter().zip(&tags) {
                        let hit = if piece == r.piece {
                            tag.placement == k
                        } else {
                            Some(piece) == r.other && tag.forbidden[k]
                        };
                        if hit {
                            entries.push((*item).into());
                        }
                    }
                }
                b.add_option(entries);
                meanings.push(Placement { piece, cells: cells.clone() });
            }
        }
        let restricted = restriction
            .map(|r| [r.piece].into_iter().chain(r.other).map(|p| pieces[p].name.clone()).collect())
            .unwrap_or_default();
        Ok(Tiling {
            board: board.clone(),
            pieces: pieces.to_vec(),
            rules: *rules,
            symmetries: if rules.up_to_symmetry { group.len() } else { 1 },
            restricted,
            model: Model::new(b.build()?, meanings),
        })
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The pieces.
    pub fn pieces(&self) -> &[Piece] {
        &self.pieces
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The number of board symmetries each counted tiling stands for: 1
    /// when counting all tilings or when the board has no symmetry.
    pub fn symmetries(&self) -> usize {
        self.symmetries
    }

    /// The pieces restricted to count up to symmetry: `A`, or `A` and `B`
    /// (see the [module documentation](self)); empty when nothing is.
    pub fn restricted(&self) -> &[String] {
        &self.restricted
    }

    /// The exact-cover model.
    pub fn model(&self) -> &Model<Placement> {
        &self.model
    }

    /// Why no tiling can exist, if the areas alone show it: the pieces
    /// cover too few or too many cells.
    pub fn area_mismatch(&self) -> Option<String> {
        let area: usize = self.pieces.iter().map(|p| p.shape.len()).sum();
        let (lo, hi) = (area * self.rules.copies.lo as usize, area * self.rules.copies.hi as usize);
        let cells = self.board.num_cells();
        if (lo..=hi).contains(&cells) {
            return None;
        }
        let pieces = if lo == hi { format!("{lo}") } else { format!("{lo} to {hi}") };
        Some(format!("the pieces cover {pieces} cells and the board has {cells}"))
    }
}

fn index(board: &Board, (row, column): Cell) -> usize {
    row as usize * board.columns() + column as usize
}

/// The item name of a cell: two base-36 digits, row then column (`3B` is
/// row 3, column 11), or `r{row}c{column}` on boards wider or taller than
/// 36.
pub fn cell_name(board: &Board, (row, column): Cell) -> String {
    const DIGITS: &[u8; 36] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    if board.rows() <= 36 && board.columns() <= 36 {
        let digit = |k: i32| DIGITS[k as usize] as char;
        format!("{}{}", digit(row), digit(column))
    } else {
        format!("r{row}c{column}")
    }
}

/// How a tiling problem is cut down to count up to symmetry.
struct Restriction {
    /// The piece kept to one placement per orbit (`A`).
    piece: usize,
    /// For each placement of `A`: whether it is kept.
    kept: Vec<bool>,
    /// The piece restricted when `A` is on a symmetric spot (`B`).
    other: Option<usize>,
    /// The kept placements of `A` that some symmetry fixes.
    tags: Vec<Tag>,
}

struct Tag {
    /// The placement of `A`.
    placement: usize,
    /// For each placement of `B`: whether it is forbidden with `A` here.
    forbidden: Vec<bool>,
}

impl Restriction {
    fn find(
        pieces: &[Piece],
        placements: &[Vec<Vec<Cell>>],
        group: &[BoardSymmetry],
    ) -> Result<Restriction, Error> {
        // A placement is kept if it is the least of its images.
        let is_least = |cells: &Vec<Cell>| group.iter().all(|g| g.apply_all(cells) >= *cells);
        let piece = (0..pieces.len())
            .min_by_key(|&i| placements[i].iter().filter(|p| is_least(p)).count())
            .expect("a piece set is never empty");
        let kept: Vec<bool> = placements[piece].iter().map(is_least).collect();
        // The kept placements that symmetries other than the identity fix.
        let fixed: Vec<(usize, Vec<&BoardSymmetry>)> = placements[piece]
            .iter()
            .enumerate()
            .filter(|&(k, _)| kept[k])
            .map(|(k, cells)| {
                let fixers =
                    group.iter().filter(|g| !g.is_identity() && g.apply_all(cells) == *cells);
                (k, fixers.collect::<Vec<_>>())
            })
            .filter(|(_, fixers)| !fixers.is_empty())
            .collect();
        if fixed.is_empty() {
            return Ok(Restriction { piece, kept, other: None, tags: Vec::new() });
        }
        // B: a piece none of whose placements those symmetries fix.
        let other = (0..pieces.len()).find(|&j| {
            j != piece
                && placements[j].iter().all(|q| {
                    fixed.iter().all(|(_, fixers)| fixers.iter().all(|g| g.apply_all(q) != *q))
                })
        });
        let Some(other) = other else {
            return Err(Error::new(format!(
                "can't count up to symmetry: piece `{}` can sit on a symmetric spot and no other piece is asymmetric enough to break the tie; count all tilings instead",
                pieces[piece].name
            )));
        };
        let tags = fixed
            .into_iter()
            .map(|(placement, fixers)| Tag {
                placement,
                forbidden: placements[other]
                    .iter()
                    .map(|q| fixers.iter().any(|g| g.apply_all(q) < *q))
                    .collect(),
            })
            .collect();
        Ok(Restriction { piece, kept, other: Some(other), tags })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn built_in_sets_parse() {
        assert_eq!(pentominoes().len(), 12);
        assert_eq!(tetrominoes().len(), 5);
        assert_eq!(hexominoes().len(), 35);
        assert_eq!(Board::parse(SCOTT).unwrap().num_cells(), 60);
    }

    #[test]
    fn named_boards() {
        assert_eq!(named_board("6x10").unwrap().unwrap().num_cells(), 60);
        assert!(named_board("0x10").unwrap().is_err());
        assert!(named_board("board.txt").is_none());
    }

    #[test]
    fn copies_parse() {
        assert_eq!("2".parse(), Ok(Copies { lo: 2, hi: 2 }));
        assert_eq!("0..2".parse(), Ok(Copies { lo: 0, hi: 2 }));
        assert!("0".parse::<Copies>().is_err());
    }

    #[test]
    fn cell_names() {
        let b = Board::rectangle(6, 12).unwrap();
        assert_eq!(cell_name(&b, (3, 11)), "3B");
        let b = Board::rectangle(1, 40).unwrap();
        assert_eq!(cell_name(&b, (0, 39)), "r0c39");
    }

    #[test]
    fn x_is_restricted_to_a_quarter_of_6x10() {
        let t = Tiling::new(&Board::rectangle(6, 10).unwrap(), &pentominoes(), &Rules::default())
            .unwrap();
        assert_eq!(t.restricted(), ["X"]);
        assert_eq!(t.model().problem().num_options(), 2032);
        assert_eq!(t.symmetries(), 4);
        let all =
            Tiling::new(&Board::rectangle(6, 10).unwrap(), &pentominoes(), &Rules::all()).unwrap();
        assert_eq!(all.model().problem().num_options(), 2056);
    }

    #[test]
    fn scott_needs_a_second_piece() {
        let board = Board::parse(SCOTT).unwrap();
        let t = Tiling::new(&board, &pentominoes(), &Rules::default()).unwrap();
        assert_eq!(t.restricted(), ["X", "F"]);
        assert_eq!(t.symmetries(), 8);
        assert!(t.model().problem().num_secondary() > 0);
    }
}
