//! [`Step`]: one deduction, what justifies it and what it changes.

use std::fmt::{self, Write};

use super::candidates::{Mask, digits};
use super::difficulty::Difficulty;
use super::units::cell_name;
use crate::alphabet::Alphabet;
use crate::grid::Grid;

/// One deduction a person makes: the technique, the cells, digits and
/// houses that justify it, and the digits it places or the candidates it
/// eliminates.
///
/// Its text form names the technique, then the pattern (its cells and
/// digits), then what it does, then a note:
/// `Naked Pair: r1c2,r1c7 {3,8}: r1c4<>3, r1c9<>8`,
/// `Hidden Single: r3c5 = 7 (only place for 7 in box 2)`.
///
/// ```
/// use sudoku_cover::human::{Difficulty, Step, bit};
///
/// let step = Step::new("Naked Pair", Difficulty::tenths(30), 9)
///     .with_cells([1, 6])
///     .with_digits(bit(3) | bit(8))
///     .eliminate(3, 3)
///     .eliminate(8, 8);
/// assert_eq!(step.to_string(), "Naked Pair: r1c2,r1c7 {3,8}: r1c4<>3, r1c9<>8");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// The technique's name, as Sudoku Explainer spells it (`Hidden Pair`).
    pub technique: &'static str,
    /// The difficulty of this step on Sudoku Explainer's scale.
    pub difficulty: Difficulty,
    /// The side of the grid, to name cells.
    pub size: usize,
    /// The cells of the pattern, in the order the technique gives them.
    pub cells: Vec<usize>,
    /// The digits of the pattern.
    pub digits: Mask,
    /// The houses of the pattern (indexes into
    /// [`Units::houses`](super::Units::houses)).
    pub houses: Vec<usize>,
    /// A note for people (`only place for 7 in box 2`, or a chain written
    /// out); empty if the pattern says it all. A digit in it is written
    /// with [`Digit`] (`#7`), which the text forms show in the puzzle's
    /// symbols.
    pub note: String,
    /// The digits placed, as `(cell, digit)`.
    pub placements: Vec<(usize, u8)>,
    /// The candidates removed, as `(cell, digit)`.
    pub eliminations: Vec<(usize, u8)>,
}

impl Step {
    /// A step of a technique, with nothing in it yet.
    pub fn new(technique: &'static str, difficulty: Difficulty, size: usize) -> Step {
        Step {
            technique,
            difficulty,
            size,
            cells: Vec::new(),
            digits: 0,
            houses: Vec::new(),
            note: String::new(),
            placements: Vec::new(),
            eliminations: Vec::new(),
        }
    }

    /// The pattern's cells.
    pub fn with_cells(mut self, cells: impl IntoIterator<Item = usize>) -> Step {
        self.cells.extend(cells);
        self
    }

    /// The pattern's digits.
    pub fn with_digits(mut self, digits: Mask) -> Step {
        self.digits |= digits;
        self
    }

    /// A house of the pattern.
    pub fn in_house(mut self, house: usize) -> Step {
        self.houses.push(house);
        self
    }

    /// The note.
    pub fn with_note(mut self, note: impl Into<String>) -> Step {
        self.note = note.into();
        self
    }

    /// Places `digit` in `cell`.
    pub fn place(mut self, cell: usize, digit: u8) -> Step {
        self.placements.push((cell, digit));
        self
    }

    /// Eliminates `digit` from `cell`.
    pub fn eliminate(mut self, cell: usize, digit: u8) -> Step {
        self.eliminations.push((cell, digit));
        self
    }

    /// Whether the step places or eliminates anything.
    pub fn is_productive(&self) -> bool {
        !self.placements.is_empty() || !self.eliminations.is_empty()
    }

    /// Checks the step against the solution: every placement is the
    /// solution's digit and no elimination removes it. The error names the
    /// first move that does not agree.
    pub fn check(&self, solution: &Grid) -> Result<(), String> {
        let cells = solution.cells();
        for &(cell, digit) in &self.placements {
            if cells.get(cell) != Some(&digit) {
                let name = cell_name(self.size, cell);
                return Err(format!("{}: {name} = {digit} is not the solution", self.technique));
            }
        }
        for &(cell, digit) in &self.eliminations {
            if cells.get(cell).is_none_or(|&v| v == digit) {
                let name = cell_name(self.size, cell);
                return Err(format!("{}: {name}<>{digit} removes the solution", self.technique));
            }
        }
        Ok(())
    }

    /// The text form with the puzzle's symbols (`A` for 10 on 16x16, say);
    /// [`Display`](fmt::Display) writes digits as decimal numbers.
    pub fn describe(&self, alphabet: &Alphabet) -> String {
        let symbols = alphabet.fits(self.size) && !alphabet.is_numbers();
        let mut s = String::new();
        self.write(&mut s, &|d| match alphabet.symbol(d) {
            Some(c) if symbols => c.to_string(),
            _ => d.to_string(),
        })
        .expect("writing to a String");
        s
    }

    fn write(&self, out: &mut impl Write, symbol: &dyn Fn(u8) -> String) -> fmt::Result {
        let n = self.size;
        write!(out, "{}: ", self.technique)?;
        if !self.cells.is_empty() {
            let cells: Vec<String> = self.cells.iter().map(|&c| cell_name(n, c)).collect();
            write!(out, "{}", cells.join(","))?;
            if self.digits != 0 {
                let ds: Vec<String> = digits(self.digits).map(symbol).collect();
                write!(out, " {{{}}}", ds.join(","))?;
            }
            write!(out, ": ")?;
        }
        let placed =
            self.placements.iter().map(|&(c, d)| format!("{} = {}", cell_name(n, c), symbol(d)));
        let removed =
            self.eliminations.iter().map(|&(c, d)| format!("{}<>{}", cell_name(n, c), symbol(d)));
        let effects: Vec<String> = placed.chain(removed).collect();
        write!(out, "{}", effects.join(", "))?;
        if !self.note.is_empty() {
            write!(out, " ({})", render_note(&self.note, symbol))?;
        }
        Ok(())
    }
}

/// A digit in a [`Step::note`]: written `#7`, shown as `7` by
/// [`Step`]'s `Display` and in the puzzle's symbol (`G` for 16 on 16x16) by
/// [`Step::describe`].
///
/// ```
/// use sudoku_cover::Alphabet;
/// use sudoku_cover::human::{Difficulty, Digit, Step};
///
/// let step = Step::new("Hidden Single", Difficulty::tenths(12), 16)
///     .place(0, 16)
///     .with_note(format!("only place for {} in box 1", Digit(16)));
/// assert_eq!(step.to_string(), "Hidden Single: r1c1 = 16 (only place for 16 in box 1)");
/// assert_eq!(
///     step.describe(&Alphabet::default_for(16)),
///     "Hidden Single: r1c1 = G (only place for G in box 1)"
/// );
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Digit(pub u8);

impl fmt::Display for Digit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

/// `note` with each `#N` written by `symbol(N)`.
fn render_note(note: &str, symbol: &dyn Fn(u8) -> String) -> String {
    let mut out = String::with_capacity(note.len());
    let mut rest = note;
    while let Some(at) = rest.find('#') {
        out.push_str(&rest[..at]);
        let tail = &rest[at + 1..];
        let len = tail.bytes().take_while(u8::is_ascii_digit).count();
        match tail[..len].parse::<u8>() {
            Ok(d) => out.push_str(&symbol(d)),
            Err(_) => {
                out.push('#');
                out.push_str(&tail[..len]);
            }
        }
        rest = &tail[len..];
    }
    out.push_str(rest);
    out
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f, &|d| d.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::human::bit;

    #[test]
    fn text_forms() {
        let single = Step::new("Hidden Single", Difficulty::tenths(12), 9)
            .in_house(19)
            .place(22, 7)
            .with_note("only place for 7 in box 2");
        assert_eq!(single.to_string(), "Hidden Single: r3c5 = 7 (only place for 7 in box 2)");
        let big = Step::new("Naked Pair", Difficulty::tenths(30), 16)
            .with_cells([0, 1])
            .with_digits(bit(10) | bit(16))
            .eliminate(2, 10);
        assert_eq!(big.to_string(), "Naked Pair: r1c1,r1c2 {10,16}: r1c3<>10");
        assert_eq!(
            big.describe(&Alphabet::default_for(16)),
            "Naked Pair: r1c1,r1c2 {A,G}: r1c3<>A"
        );
    }

    #[test]
    fn checked_against_the_solution() {
        let solution: Grid = "1234341221434321".parse().unwrap();
        let good = Step::new("X", Difficulty::tenths(10), 4).place(0, 1).eliminate(1, 1);
        assert_eq!(good.check(&solution), Ok(()));
        let bad = Step::new("X", Difficulty::tenths(10), 4).eliminate(1, 2);
        assert_eq!(bad.check(&solution).unwrap_err(), "X: r1c2<>2 removes the solution");
        let bad = Step::new("X", Difficulty::tenths(10), 4).place(15, 2);
        assert_eq!(bad.check(&solution).unwrap_err(), "X: r4c4 = 2 is not the solution");
    }
}
