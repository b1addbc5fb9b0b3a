//! A rota: who works which shift in a week. The example of
//! **multiplicities** (Knuth's Algorithm M).
//!
//! Every shift needs a crew of `need` people; every person works between
//! `lo` and `hi` shifts in the week, never two shifts on one day, never a
//! late shift followed by an early one the next morning, and never when
//! they said they're off.
//!
//! # The model
//!
//! - one primary item per shift, `Mon-early`, to be covered exactly
//!   `need` times (bounds `need..need`);
//! - one primary item per person, `Ann`, to be covered between `lo` and
//!   `hi` times;
//! - one secondary item per person and day, `Ann@Mon`: at most one shift a
//!   day;
//! - one secondary item per person and night, `Ann@Mon>Tue`, in the last
//!   shift of Monday and the first of Tuesday: not both;
//! - one option per person and shift they can work: `Mon-early Ann Ann@Mon`
//!   (and the night items that apply).
//!
//! # What Algorithm M buys
//!
//! Plain exact cover (Algorithm X) covers each item exactly once, so both
//! kinds of counting constraint would have to be spelled out in the
//! options:
//!
//! - a crew of 2 would become one option per *pair* of people who can
//!   work the shift (10 pairs of 5 people, and with them every combination
//!   of day and night items), instead of one option per person;
//! - "between 4 and 6 shifts" can't be said at all without numbering a
//!   person's shifts: items `Ann#1` … `Ann#6`, the first 4 primary and the
//!   rest secondary, and an option for each shift *and* each number. Every
//!   rota would then be found once for each way of numbering Ann's shifts
//!   (4! = 24 times or more), unless more items force the numbers to
//!   increase through the week.
//!
//! With multiplicities the options stay one per person and shift, and the
//! bounds live where they belong, on the items. The search still branches
//! on one item at a time: to fill `Mon-early` it picks a first person, then
//! a second from those *after* the first in the item's list, so each crew
//! is tried once, not in both orders.
//!
//! ```
//! use dlx_examples::rota::Rota;
//!
//! let rota = Rota::parse(
//!     "days Mon Tue\nshifts day\nneed 1\nperson Ann 1 1\nperson Ben 1 1\n",
//! )?;
//! // Ann works Monday and Ben Tuesday, or the other way round.
//! assert_eq!(rota.model().count(), 2);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # The rota text format
//!
//! ```text
//! // comments start with `//`, here or at the end of a line
//! days Mon Tue Wed Thu Fri Sat Sun
//! shifts early late            // in time order
//! need 2                       // people on every shift
//! need 3 Sat-late              // ... or on some shifts
//! person Ann 4 6               // works 4 to 6 shifts
//! person Ben 3 5 off Sun late  // never on Sunday, never late
//! person Cy 4 6 off Mon-early  // one shift off
//! ```

use dlx::{ItemId, OptionId, ProblemBuilder};

use crate::error::Error;
use crate::model::Model;

/// The rota bundled with the example: a week of early and late shifts for
/// five people.
pub const WEEK: &str = include_str!("../data/rota-week.txt");

/// A person and how much they work.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Person {
    /// The name.
    pub name: String,
    /// The fewest shifts they work.
    pub lo: u32,
    /// The most shifts they work.
    pub hi: u32,
    /// For each day and shift (`day * shifts + shift`): whether they're
    /// off.
    pub off: Vec<bool>,
}

/// Someone working a shift: the meaning of an option.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Assignment {
    /// The person, an index into [`Rota::people`].
    pub person: usize,
    /// The day, an index into [`Rota::days`].
    pub day: usize,
    /// The shift of the day, an index into [`Rota::shifts`].
    pub shift: usize,
}

/// A rota problem, modelled.
#[derive(Debug, Clone)]
pub struct Rota {
    days: Vec<String>,
    shifts: Vec<String>,
    need: Vec<u32>,
    people: Vec<Person>,
    model: Model<Assignment>,
}

/// Whether a word can name a day, a shift or a person.
fn is_name(word: &str) -> bool {
    let mut chars = word.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// The words of a line with their one-based columns, comment removed.
fn words(line: &str) -> Vec<(usize, &str)> {
    let line = line.split("//").next().unwrap_or("");
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in line.char_indices().chain([(line.len(), ' ')]) {
        match (c.is_whitespace(), start) {
            (false, None) => start = Some(i),
            (true, Some(s)) => {
                out.push((line[..s].chars().count() + 1, &line[s..i]));
                start = None;
            }
            _ => {}
        }
    }
    out
}

impl Rota {
    /// The bundled week.
    pub fn week() -> Rota {
        Rota::parse(WEEK).expect("the bundled rota is valid")
    }

    /// Reads a rota in the text format above and builds its model.
    pub fn parse(text: &str) -> Result<Rota, Error> {
        let mut days: Vec<String> = Vec::new();
        let mut shifts: Vec<String> = Vec::new();
        let mut need: Option<Vec<u32>> = None;
        let mut people: Vec<Person> = Vec::new();
        let mut last_line = 0;
        for (index, line) in text.lines().enumerate() {
            let number = index + 1;
            last_line = number;
            let words = words(line);
            let Some(&(column, keyword)) = words.first() else { continue };
            let at = |column: usize, message: String| Error::at(number, column, message);
            let names = |list: &[(usize, &str)]| -> Result<Vec<String>, Error> {
                let mut names: Vec<String> = Vec::new();
                for &(column, word) in list {
                    if !is_name(word) {
                        return Err(at(
                            column,
                            format!(
                                "`{word}` is not a name (a letter, then letters, digits or `_`)"
                            ),
                        ));
                    }
                    if names.iter().any(|n| n == word) {
                        return Err(at(column, format!("`{word}` is named twice")));
                    }
                    names.push(word.to_owned());
                }
                if names.is_empty() {
                    return Err(at(
                        column + keyword.len(),
                        format!("`{keyword}` needs at least one name"),
                    ));
                }
                Ok(names)
            };
            let number_at = |&(column, word): &(usize, &str)| -> Result<u32, Error> {
                word.parse::<u32>().ok().filter(|&n| n <= 1000).ok_or_else(|| {
                    at(column, format!("expected a number from 0 to 1000, found `{word}`"))
                })
            };
            let slots = days.len() * shifts.len();
            let after_header = |what: &str| -> Result<(), Error> {
                if slots == 0 {
                    Err(at(
                        column,
                        format!("`{what}` must come after the `days` and `shifts` lines"),
                    ))
                } else {
                    Ok(())
                }
            };
            match keyword {
                "days" | "shifts" => {
                    if need.is_some() || !people.is_empty() {
                        return Err(at(
                            column,
                            format!("`{keyword}` must come before `need` and `person`"),
                        ));
                    }
                    let list = names(&words[1..])?;
                    let target = if keyword == "days" { &mut days } else { &mut shifts };
                    if !target.is_empty() {
                        return Err(at(column, format!("`{keyword}` is given twice")));
                    }
                    *target = list;
                }
                "need" => {
                    after_header("need")?;
                    let Some(count) = words.get(1) else {
                        return Err(at(column + 4, "`need` needs a number".to_owned()));
                    };
                    let count = number_at(count)?;
                    let need = need.get_or_insert_with(|| vec![0; slots]);
                    if words.len() == 2 {
                        need.fill(count);
                    }
                    for &(column, word) in &words[2..] {
                        for slot in
                            Self::resolve(&days, &shifts, word).map_err(|m| at(column, m))?
                        {
                            need[slot] = count;
                        }
                    }
                }
                "person" => {
                    after_header("person")?;
                    if words.len() < 4 {
                        return Err(at(
                            column,
                            "expected `person NAME LO HI [off DAY|SHIFT|DAY-SHIFT ...]`".to_owned(),
                        ));
                    }
                    let (name_column, name) = words[1];
                    if !is_name(name) {
                        return Err(at(
                            name_column,
                            format!(
                                "`{name}` is not a name (a letter, then letters, digits or `_`)"
                            ),
                        ));
                    }
                    if people.iter().any(|p| p.name == name) {
                        return Err(at(name_column, format!("two people are named `{name}`")));
                    }
                    let (lo, hi) = (number_at(&words[2])?, number_at(&words[3])?);
                    if hi == 0 || lo > hi {
                        return Err(at(
                            words[2].0,
                            format!(
                                "`{lo} {hi}` is not a range of shifts (need 0 <= lo <= hi, hi >= 1)"
                            ),
                        ));
                    }
                    let mut off = vec![false; slots];
                    match words.get(4) {
                        None => {}
                        Some(&(_, "off")) if words.len() > 5 => {
                            for &(column, word) in &words[5..] {
                                for slot in Self::resolve(&days, &shifts, word)
                                    .map_err(|m| at(column, m))?
                                {
                                    off[slot] = true;
                                }
                            }
                        }
                        Some(&(column, word)) => {
                            return Err(at(
                                column,
                                format!("expected `off` and days or shifts, found `{word}`"),
                            ));
                        }
                    }
                    people.push(Person { name: name.to_owned(), lo, hi, off });
                }
                _ => {
                    return Err(at(
                        column,
                        format!(
                            "unknown keyword `{keyword}` (expected days, shifts, need or person)"
                        ),
                    ));
                }
            }
        }
        let end = |message: &str| Error::at(last_line.max(1), 1, message.to_owned());
        if days.is_empty() || shifts.is_empty() {
            return Err(end("a rota needs a `days` line and a `shifts` line"));
        }
        let Some(need) = need else { return Err(end("a rota needs a `need` line")) };
        if people.is_empty() {
            return Err(end("a rota needs at least one `person` line"));
        }
        Rota::new(days, shifts, need, people)
    }

    /// The slots (`day * shifts + shift`) a word names: `Mon` (every shift
    /// of the day), `late` (the shift on every day) or `Mon-late`.
    fn resolve(days: &[String], shifts: &[String], word: &str) -> Result<Vec<usize>, String> {
        let find = |list: &[String], name: &str| list.iter().position(|x| x == name);
        let n = shifts.len();
        if let Some((day, shift)) = word.split_once('-') {
            return match (find(days, day), find(shifts, shift)) {
                (Some(d), Some(s)) => Ok(vec![d * n + s]),
                (None, _) => Err(format!("unknown day `{day}`")),
                (_, None) => Err(format!("unknown shift `{shift}`")),
            };
        }
        if let Some(d) = find(days, word) {
            return Ok((0..n).map(|s| d * n + s).collect());
        }
        if let Some(s) = find(shifts, word) {
            return Ok((0..days.len()).map(|d| d * n + s).collect());
        }
        Err(format!("`{word}` is not a day, a shift or DAY-SHIFT"))
    }

    /// Builds the model of a rota. `need` and each person's `off` have one
    /// entry per day and shift, `day * shifts.len() + shift`.
    pub fn new(
        days: Vec<String>,
        shifts: Vec<String>,
        need: Vec<u32>,
        people: Vec<Person>,
    ) -> Result<Rota, Error> {
        let n = shifts.len();
        if need.len() != days.len() * n || people.iter().any(|p| p.off.len() != need.len()) {
            return Err(Error::new("need and off must have one entry per day and shift"));
        }
        let mut b = ProblemBuilder::new();
        // A shift that needs nobody gets no item: nobody may work it.
        let shift_items: Vec<Option<ItemId>> = (0..need.len())
            .map(|slot| {
                let name = format!("{}-{}", days[slot / n], shifts[slot % n]);
                (need[slot] > 0).then(|| b.add_primary_with_bounds(name, need[slot], need[slot]))
            })
            .collect();
        let person_items: Vec<ItemId> =
            people.iter().map(|p| b.add_primary_with_bounds(&p.name, p.lo, p.hi)).collect();
        let mut meanings = Vec::new();
        for (person, p) in people.iter().enumerate() {
            let day_items: Vec<ItemId> =
                days.iter().map(|d| b.add_secondary(format!("{}@{d}", p.name))).collect();
            // The night between day d and d+1, when there are early and late shifts.
            let night_items: Vec<ItemId> = if n > 1 {
                days.windows(2)
                    .map(|w| b.add_secondary(format!("{}@{}>{}", p.name, w[0], w[1])))
                    .collect()
            } else {
                Vec::new()
            };
            for (slot, item) in shift_items.iter().enumerate() {
                let (day, shift) = (slot / n, slot % n);
                let Some(item) = *item else { continue };
                if p.off[slot] {
                    continue;
                }
                let mut entries = vec![item, person_items[person], day_items[day]];
                if n > 1 && shift == n - 1 && day + 1 < days.len() {
                    entries.push(night_items[day]);
                }
                if n > 1 && shift == 0 && day > 0 {
                    entries.push(night_items[day - 1]);
                }
                b.add_option(entries);
                meanings.push(Assignment { person, day, shift });
            }
        }
        let model = Model::new(b.build()?, meanings);
        Ok(Rota { days, shifts, need, people, model })
    }

    /// The days.
    pub fn days(&self) -> &[String] {
        &self.days
    }

    /// The shifts of a day, in time order.
    pub fn shifts(&self) -> &[String] {
        &self.shifts
    }

    /// How many people each shift needs, `day * shifts + shift`.
    pub fn need(&self) -> &[u32] {
        &self.need
    }

    /// The people.
    pub fn people(&self) -> &[Person] {
        &self.people
    }

    /// The exact-cover model.
    pub fn model(&self) -> &Model<Assignment> {
        &self.model
    }

    /// Draws a solution as a table: a row per person, a column per day,
    /// the first letter of the shift they work (or `.`), then their total.
    pub fn draw(&self, solution: &[OptionId]) -> String {
        let n = self.shifts.len();
        let mut work = vec![vec![None; self.days.len()]; self.people.len()];
        for a in self.model.decode(solution) {
            work[a.person][a.day] = Some(a.shift);
        }
        // Shift letters: initials if they differ, else numbers.
        let initials: Vec<char> = self
            .shifts
            .iter()
            .map(|s| s.chars().next().unwrap_or('?').to_ascii_uppercase())
            .collect();
        let distinct = (1..n).all(|i| !initials[..i].contains(&initials[i]));
        let letter = |s: usize| {
            if distinct { initials[s].to_string() } else { (s + 1).to_string() }
        };
        let width = self.people.iter().map(|p| p.name.len()).max().unwrap_or(0).max(6);
        let column = self.days.iter().map(|d| d.len()).max().unwrap_or(1).max(1);
        let mut out = format!("{:width$}", "");
        for day in &self.days {
            out.push_str(&format!("  {day:>column$}"));
        }
        out.push_str("  shifts\n");
        for (p, row) in self.people.iter().zip(&work) {
            out.push_str(&format!("{:width$}", p.name));
            for shift in row {
                let cell = shift.map_or(".".to_owned(), letter);
                out.push_str(&format!("  {cell:>column$}"));
            }
            let total = row.iter().flatten().count();
            out.push_str(&format!("  {total} ({}..{})\n", p.lo, p.hi));
        }
        let key: Vec<String> =
            (0..n).map(|s| format!("{} = {}", letter(s), self.shifts[s])).collect();
        out.push_str(&format!("({}, . = off)\n", key.join(", ")));
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_have_columns_and_comments_go() {
        assert_eq!(words("  need 2 // two"), [(3, "need"), (8, "2")]);
    }

    #[test]
    fn errors_name_the_place() {
        let e =
            Rota::parse("days Mon\nshifts early\nneed 1\nperson Ann 1 1 off Tue\n").unwrap_err();
        assert_eq!(e.to_string(), "4:20: `Tue` is not a day, a shift or DAY-SHIFT");
        let e = Rota::parse("person Ann 1 1\n").unwrap_err();
        assert_eq!(e.to_string(), "1:1: `person` must come after the `days` and `shifts` lines");
        let e = Rota::parse("days Mon\nshifts early\nneed x\n").unwrap_err();
        assert_eq!(e.to_string(), "3:6: expected a number from 0 to 1000, found `x`");
        let e = Rota::parse("days Mon\nshifts a\nneed 1\nperson Ann 2 1\n").unwrap_err();
        assert_eq!((e.line(), e.column()), (Some(4), Some(12)));
        let e = Rota::parse("dayz Mon\n").unwrap_err();
        assert_eq!((e.line(), e.column()), (Some(1), Some(1)));
        let e = Rota::parse("days Mon\nshifts a\n").unwrap_err();
        assert_eq!(e.to_string(), "2:1: a rota needs a `need` line");
    }

    #[test]
    fn off_days_shifts_and_single_shifts() {
        let days = ["A", "B", "C"].map(String::from).to_vec();
        let shifts = ["x", "y"].map(String::from).to_vec();
        assert_eq!(Rota::resolve(&days, &shifts, "B").unwrap(), [2, 3]);
        assert_eq!(Rota::resolve(&days, &shifts, "y").unwrap(), [1, 3, 5]);
        assert_eq!(Rota::resolve(&days, &shifts, "C-x").unwrap(), [4]);
        assert!(Rota::resolve(&days, &shifts, "D-x").is_err());
    }
}
