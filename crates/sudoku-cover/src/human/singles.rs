//! Singles: a house's last empty cell (Full House), a digit's only place in
//! a house (Hidden Single), a cell's only candidate (Naked Single).

use super::candidates::{Candidates, all_digits};
use super::difficulty::Difficulty;
use super::step::{Digit, Step};
use super::technique::Technique;

/// Full House (SE 1.0): the last empty cell of a house takes the digit the
/// house lacks.
#[derive(Debug, Clone, Copy)]
pub struct FullHouse;

impl Technique for FullHouse {
    fn name(&self) -> &'static str {
        "Full House"
    }

    fn difficulty(&self) -> Difficulty {
        Difficulty::tenths(10)
    }

    fn find(&self, grid: &Candidates) -> Option<Step> {
        let units = grid.units();
        let all = all_digits(grid.size());
        units.scan_order().find_map(|h| {
            let house = units.house(h);
            let mut empty = house.cells.iter().filter(|&&c| grid.is_empty(c));
            let (Some(&cell), None) = (empty.next(), empty.next()) else { return None };
            let missing = all & !grid.placed_in(h);
            if missing.count_ones() != 1 || grid.candidates(cell) & missing == 0 {
                return None;
            }
            let digit = missing.trailing_zeros() as u8 + 1;
            let step = Step::new(self.name(), self.difficulty(), grid.size())
                .in_house(h)
                .place(cell, digit)
                .with_note(format!("last empty cell of {house}"));
            Some(step)
        })
    }
}

/// Hidden Single: the only place left for a digit in a house. In a box or
/// jigsaw region it is SE 1.2 ([`IN_BOX`](HiddenSingle::IN_BOX)); in a row,
/// a column or a variant's house SE 1.5
/// ([`IN_LINE`](HiddenSingle::IN_LINE)).
#[derive(Debug, Clone, Copy)]
pub struct HiddenSingle {
    blocks: bool,
}

impl HiddenSingle {
    /// In boxes and jigsaw regions (SE 1.2).
    pub const IN_BOX: HiddenSingle = HiddenSingle { blocks: true };
    /// In rows, columns and the variants' houses (SE 1.5).
    pub const IN_LINE: HiddenSingle = HiddenSingle { blocks: false };
}

impl Technique for HiddenSingle {
    fn name(&self) -> &'static str {
        "Hidden Single"
    }

    fn difficulty(&self) -> Difficulty {
        Difficulty::tenths(if self.blocks { 12 } else { 15 })
    }

    fn find(&self, grid: &Candidates) -> Option<Step> {
        let units = grid.units();
        let n = grid.size();
        let houses = units.scan_order().filter(|&h| units.house(h).kind.is_block() == self.blocks);
        for h in houses {
            let house = units.house(h);
            for digit in 1..=n as u8 {
                let places = grid.positions(h, digit);
                if places.count_ones() == 1 {
                    let cell = house.cells[places.trailing_zeros() as usize];
                    let step = Step::new(self.name(), self.difficulty(), n)
                        .in_house(h)
                        .place(cell, digit)
                        .with_note(format!("only place for {} in {house}", Digit(digit)));
                    return Some(step);
                }
            }
        }
        None
    }
}

/// Naked Single (SE 2.3): a cell with one candidate left.
#[derive(Debug, Clone, Copy)]
pub struct NakedSingle;

impl Technique for NakedSingle {
    fn name(&self) -> &'static str {
        "Naked Single"
    }

    fn difficulty(&self) -> Difficulty {
        Difficulty::tenths(23)
    }

    fn find(&self, grid: &Candidates) -> Option<Step> {
        let cell = grid.empty_cells().find(|&c| grid.candidates(c).count_ones() == 1)?;
        let digit = grid.candidates(cell).trailing_zeros() as u8 + 1;
        let step = Step::new(self.name(), self.difficulty(), grid.size())
            .place(cell, digit)
            .with_note("only candidate left");
        Some(step)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::human::testing::{check_position, only_step, units};

    #[test]
    fn full_house_takes_the_missing_digit() {
        let mut grid = Candidates::new(units());
        for d in 1..=8 {
            grid.place(usize::from(d) - 1, d);
        }
        let step = only_step(&FullHouse, &grid);
        assert_eq!(step.to_string(), "Full House: r1c9 = 9 (last empty cell of row 1)");
    }

    #[test]
    fn hidden_single_in_a_box() {
        // The 1s of r2c4, r3c7, r4c1 and r5c2 leave r1c3 in box 1.
        let mut grid = Candidates::new(units());
        for cell in [12, 24, 27, 37] {
            grid.place(cell, 1);
        }
        let step = only_step(&HiddenSingle::IN_BOX, &grid);
        assert_eq!(step.to_string(), "Hidden Single: r1c3 = 1 (only place for 1 in box 1)");
        assert_eq!(step.difficulty, Difficulty::tenths(12));
    }

    #[test]
    fn hidden_single_in_a_row() {
        let mut grid = Candidates::new(units());
        for cell in 0..8 {
            grid.eliminate(cell, 9);
        }
        let step = only_step(&HiddenSingle::IN_LINE, &grid);
        assert_eq!(step.to_string(), "Hidden Single: r1c9 = 9 (only place for 9 in row 1)");
    }

    #[test]
    fn naked_single() {
        let mut grid = Candidates::new(units());
        for d in 2..=9 {
            grid.eliminate(40, d);
        }
        let step = only_step(&NakedSingle, &grid);
        assert_eq!(step.to_string(), "Naked Single: r5c5 = 1 (only candidate left)");
    }

    /// A position met solving a real puzzle, where this is the first
    /// technique of the ladder that applies. (A naked single or a full
    /// house cannot be written in pencil marks: a cell with one candidate
    /// reads as placed.)
    #[test]
    fn in_real_puzzles() {
        check_position(
            &HiddenSingle::IN_BOX,
            "\
            ...4.....1....67.912...67.91.3.....9.23..6..912...6..9.......8.123.....9....5....\
            .2...6789..3......12..567891..45..89.2.456..912.456.8912...67.912.4....912.4.67.9\
            .2...6.891...56.8912..56.89......7...23456..912.456.89123..6..91234....91234.6..9\
            ..3...789.2.......1.3.5.789..345...9..345.7.9...45.7.91.3.5.7.9.....6...1.3...789\
            ..3..67.91...567.91.3.567.9..3.5...9.......8..2..567.9...4.....123.5...9123...7.9\
            ..3..6789...456789..3.56789..345...91.........2.4567.9.23.5.7.9.23.5..89.23...789\
            .2.....89.......89.2.....89.....6......45...9..3......12..5...9......7..12.4...89\
            ....5.........6789..3..6789.2..........4..7.91..4..7891.3..6..91.34...891.34.6.89\
            1.............6789...4.........5..89....5.7.9....5.789.23.56..9.23.5..89.23..6.89",
            "Hidden Single: r6c2 = 4 (only place for 4 in box 4)",
        );
    }
}
