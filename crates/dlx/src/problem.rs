//! Exact-cover problems: [`ProblemBuilder`] collects items and options,
//! [`Problem`] is the validated, immutable result.
//!
//! A problem has *primary* items, which every solution must cover (exactly
//! once, or between `lo` and `hi` times when given bounds), and *secondary*
//! items, which a solution may cover at most once — or any number of times
//! when every option that covers it gives it the same color.
//!
//! The builder never fails while items and options are added; it records the
//! first mistake and [`ProblemBuilder::build`] reports it. The built problem
//! also holds its initial dancing-links arena, so that every
//! [`Solver`](crate::Solver) starts from a copy instead of rebuilding it.

use std::io;
use std::sync::OnceLock;

use crate::arena::Matrix;
use crate::bits::{BitMatrix, BoundedMatrix};
use crate::entry::OptionEntries;
use crate::entry::{Bounds, Entry};
use crate::error::{Error, ErrorKind};
use crate::id::{ColorId, ItemId, MAX_INDEX, OptionId};
use crate::names::{AddError, Names};

/// Collects the items and options of a problem, then validates them.
///
/// ```
/// use dlx::{Entry, ProblemBuilder, Solver};
///
/// let mut b = ProblemBuilder::new();
/// let [a, c] = [b.add_primary("a"), b.add_primary("c")];
/// let x = b.add_secondary("x");
/// let red = b.add_color("red");
/// b.add_option([Entry::from(a), Entry::from((x, red))]);
/// b.add_option([Entry::from(c), Entry::from((x, red))]);
/// let problem = b.build()?;
/// assert_eq!(Solver::new(&problem).count(), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Default, Clone)]
pub struct ProblemBuilder {
    names: Names,
    /// Each item's bounds, `None` for a secondary item.
    bounds: Vec<Option<Bounds>>,
    colors: Names,
    entries: Vec<Entry>,
    option_start: Vec<u32>,
    /// Each option's cost; empty while every option costs 0.
    costs: Vec<u64>,
    /// For each item, the last option that mentioned it plus one.
    seen: Vec<u32>,
    error: Option<Error>,
}

impl ProblemBuilder {
    /// An empty builder.
    pub fn new() -> Self {
        ProblemBuilder { option_start: vec![0], ..Default::default() }
    }

    fn fail(&mut self, kind: ErrorKind) {
        if self.error.is_none() {
            self.error = Some(Error::new(kind));
        }
    }

    fn push_item(&mut self, name: &str, bounds: Option<Bounds>) -> ItemId {
        let id = match ItemId::try_new(self.bounds.len()) {
            Some(id) => id,
            None => {
                self.fail(ErrorKind::TooLarge("items"));
                ItemId::new(0)
            }
        };
        if let Some(b) = bounds {
            if b.hi == 0 || b.lo > b.hi {
                self.fail(ErrorKind::BadBounds { item: name.to_owned(), lo: b.lo, hi: b.hi });
            }
        }
        match self.names.add(name) {
            Ok(_) => {}
            Err(AddError::Duplicate(_)) => self.fail(ErrorKind::DuplicateItem(name.to_owned())),
            Err(AddError::TooLarge) => self.fail(ErrorKind::TooLarge("item names")),
        }
        self.bounds.push(bounds);
        self.seen.push(0);
        id
    }

    /// Adds a primary item that must be covered exactly once.
    pub fn add_primary(&mut self, name: impl AsRef<str>) -> ItemId {
        self.push_item(name.as_ref(), Some(Bounds::ONCE))
    }

    /// Adds a primary item that must be covered between `lo` and `hi` times
    /// (Knuth's Algorithm M). `lo` may be 0; `hi` must be at least 1 and at
    /// least `lo`, or [`build`](Self::build) fails.
    pub fn add_primary_with_bounds(&mut self, name: impl AsRef<str>, lo: u32, hi: u32) -> ItemId {
        self.push_item(name.as_ref(), Some(Bounds { lo, hi }))
    }

    /// Adds a secondary item: covered at most once, or by any number of
    /// options that all give it the same color.
    pub fn add_secondary(&mut self, name: impl AsRef<str>) -> ItemId {
        self.push_item(name.as_ref(), None)
    }

    /// Returns the color with this name, creating it on first use.
    pub fn add_color(&mut self, name: impl AsRef<str>) -> ColorId {
        let name = name.as_ref();
        if let Some(c) = self.colors.find(name) {
            return ColorId::new(c);
        }
        let id = match ColorId::try_new(self.colors.len()) {
            Some(id) => id,
            None => {
                self.fail(ErrorKind::TooLarge("colors"));
                return ColorId::new(0);
            }
        };
        if self.colors.add(name).is_err() {
            self.fail(ErrorKind::TooLarge("color names"));
        }
        id
    }

    /// The item with this name, if it has been added.
    pub fn item(&self, name: &str) -> Option<ItemId> {
        self.names.find(name).map(ItemId::new)
    }

    /// The item whose name has these bytes, if it has been added.
    pub(crate) fn item_by_bytes(&self, name: &[u8]) -> Option<ItemId> {
        self.names.find_bytes(name).map(ItemId::new)
    }

    /// The color whose name has these bytes, if it has been added.
    pub(crate) fn color_by_bytes(&self, name: &[u8]) -> Option<ColorId> {
        self.colors.find_bytes(name).map(ColorId::new)
    }

    /// The number of items added so far.
    pub fn num_items(&self) -> usize {
        self.bounds.len()
    }

    /// The number of options added so far.
    pub fn num_options(&self) -> usize {
        self.option_start.len() - 1
    }

    /// Adds an option: a set of items, each with an optional color.
    ///
    /// Mistakes (an unknown item id, an item listed twice, a color on a
    /// primary item) are reported by [`build`](Self::build).
    pub fn add_option<I>(&mut self, entries: I) -> OptionId
    where
        I: IntoIterator,
        I::Item: Into<Entry>,
    {
        let index = self.num_options();
        let stamp = index as u32 + 1;
        for entry in entries {
            let entry = entry.into();
            let Some(bounds) = self.bounds.get(entry.item.index()) else {
                self.fail(ErrorKind::OutOfRange("item", entry.item.index()));
                continue;
            };
            if self.seen[entry.item.index()] == stamp {
                let item = self.names.get(entry.item.index()).to_owned();
                self.fail(ErrorKind::RepeatedItem { item, option: index });
                continue;
            }
            if entry.color.is_some() && bounds.is_some() {
                let item = self.names.get(entry.item.index()).to_owned();
                self.fail(ErrorKind::ColorOnPrimary { item, option: index });
                continue;
            }
            if let Some(c) = entry.color {
                if c.index() >= self.colors.len() {
                    self.fail(ErrorKind::OutOfRange("color", c.index()));
                    continue;
                }
            }
            self.seen[entry.item.index()] = stamp;
            self.entries.push(entry);
        }
        if self.entries.len() > MAX_INDEX / 2 {
            self.fail(ErrorKind::TooLarge("nodes"));
        }
        self.option_start.push(self.entries.len() as u32);
        OptionId::try_new(index).unwrap_or_else(|| {
            self.fail(ErrorKind::TooLarge("options"));
            OptionId::new(0)
        })
    }

    /// Adds an option that costs `cost` (Knuth's DLX5: a minimum-cost
    /// search, [`Solver::min_cost`](crate::Solver::min_cost), finds the
    /// solutions whose options cost least in total). Options added with
    /// [`add_option`](Self::add_option) cost 0. [`build`](Self::build)
    /// fails if the costs of all options add up past `u64::MAX`, so that no
    /// solution's cost can overflow.
    ///
    /// ```
    /// use dlx::{ProblemBuilder, Solver};
    ///
    /// let mut b = ProblemBuilder::new();
    /// let [x, y] = [b.add_primary("x"), b.add_primary("y")];
    /// let both = b.add_option_with_cost([x, y], 5);
    /// b.add_option_with_cost([x], 1);
    /// b.add_option_with_cost([y], 2);
    /// let problem = b.build()?;
    /// assert_eq!(problem.cost(both), 5);
    /// let best = Solver::new(&problem).min_cost(1)?;
    /// assert_eq!(best[0].cost, 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn add_option_with_cost<I>(&mut self, entries: I, cost: u64) -> OptionId
    where
        I: IntoIterator,
        I::Item: Into<Entry>,
    {
        let id = self.add_option(entries);
        if cost != 0 {
            let n = self.num_options();
            self.costs.resize(n, 0);
            self.costs[n - 1] = cost;
        }
        id
    }

    /// Adds an option written as item names, each optionally followed by
    /// `:color` (as in Knuth's format, `x:red`). Unknown names are reported
    /// by [`build`](Self::build).
    pub fn add_option_by_names<S: AsRef<str>>(&mut self, names: &[S]) -> OptionId {
        let mut entries = OptionEntries::new();
        for name in names {
            let name = name.as_ref();
            let (item, color) = match name.split_once(':') {
                Some((item, color)) => (item, Some(color)),
                None => (name, None),
            };
            match self.item(item) {
                Some(id) => {
                    let color = color.map(|c| self.add_color(c));
                    entries.push(Entry { item: id, color });
                }
                None => self.fail(ErrorKind::UnknownItem(item.to_owned())),
            }
        }
        self.add_option(entries)
    }

    /// Validates the problem and lays out its dancing-links arena.
    pub fn build(mut self) -> Result<Problem, Error> {
        if let Some(e) = self.error {
            return Err(e);
        }
        let matrix = Matrix::new(&self.bounds, &self.entries, &self.option_start)?;
        self.names.shrink_to_fit();
        self.bounds.shrink_to_fit();
        self.entries.shrink_to_fit();
        self.option_start.shrink_to_fit();
        if !self.costs.is_empty() {
            self.costs.resize(self.option_start.len() - 1, 0);
            let total = self.costs.iter().try_fold(0u64, |t, &c| t.checked_add(c));
            if total.is_none() {
                return Err(Error::new(ErrorKind::CostOverflow));
            }
        }
        let bits = BitMatrix::new(&matrix, self.option_start.len() - 1);
        let bounded = BoundedMatrix::new(&matrix, self.option_start.len() - 1);
        Ok(Problem {
            bits,
            bounded,
            names: self.names,
            bounds: self.bounds,
            colors: self.colors,
            entries: self.entries,
            option_start: self.option_start,
            costs: self.costs,
            matrix,
            fingerprint: OnceLock::new(),
        })
    }
}

/// A validated exact-cover problem. Immutable; search it with a
/// [`Solver`](crate::Solver).
#[derive(Debug, Clone)]
pub struct Problem {
    names: Names,
    /// Each item's bounds, `None` for a secondary item.
    bounds: Vec<Option<Bounds>>,
    colors: Names,
    entries: Vec<Entry>,
    option_start: Vec<u32>,
    /// Each option's cost; empty when every option costs 0.
    costs: Vec<u64>,
    pub(crate) matrix: Matrix,
    /// The bit-parallel form, when the problem is small and plain enough.
    pub(crate) bits: Option<BitMatrix>,
    /// The bit-parallel form under multiplicities, when the problem has
    /// them and is small enough.
    pub(crate) bounded: Option<BoundedMatrix>,
    /// [`Problem::fingerprint`] (written in `checkpoint`, which needs
    /// it), computed on first use.
    pub(crate) fingerprint: OnceLock<u64>,
}

impl Problem {
    /// A new, empty [`ProblemBuilder`].
    pub fn builder() -> ProblemBuilder {
        ProblemBuilder::new()
    }

    /// The number of items, primary and secondary.
    pub fn num_items(&self) -> usize {
        self.bounds.len()
    }

    /// The number of primary items.
    pub fn num_primary(&self) -> usize {
        self.matrix.num_primary()
    }

    /// The number of secondary items.
    pub fn num_secondary(&self) -> usize {
        self.num_items() - self.num_primary()
    }

    /// The number of options, including any that have no primary item
    /// (those are kept, so that ids match the input, but never chosen).
    pub fn num_options(&self) -> usize {
        self.option_start.len() - 1
    }

    /// The total number of entries (item occurrences) over all options.
    pub fn num_entries(&self) -> usize {
        self.entries.len()
    }

    /// The number of distinct colors.
    pub fn num_colors(&self) -> usize {
        self.colors.len()
    }

    /// All item ids, in the order they were added.
    pub fn items(&self) -> impl ExactSizeIterator<Item = ItemId> + '_ {
        (0..self.bounds.len()).map(ItemId::new)
    }

    /// All option ids, in the order they were added.
    pub fn options(&self) -> impl ExactSizeIterator<Item = OptionId> + '_ {
        (0..self.num_options()).map(OptionId::new)
    }

    /// The name of an item.
    pub fn item_name(&self, item: ItemId) -> &str {
        self.names.get(item.index())
    }

    /// The item with this name.
    pub fn item_by_name(&self, name: &str) -> Option<ItemId> {
        self.names.find(name).map(ItemId::new)
    }

    /// Whether the item is primary.
    pub fn is_primary(&self, item: ItemId) -> bool {
        self.bounds[item.index()].is_some()
    }

    /// The bounds of a primary item, `None` for a secondary item.
    pub fn bounds(&self, item: ItemId) -> Option<Bounds> {
        self.bounds[item.index()]
    }

    /// Whether some primary item has bounds other than exactly once, so that
    /// the search uses Knuth's Algorithm M.
    pub fn has_multiplicities(&self) -> bool {
        self.matrix.has_multiplicities()
    }

    /// Whether some option gives a color to a secondary item (Algorithm C).
    pub fn has_colors(&self) -> bool {
        self.matrix.has_colors()
    }

    /// What an option costs (0 unless given, as with
    /// [`ProblemBuilder::add_option_with_cost`] or `|n` entries in Knuth's
    /// format).
    pub fn cost(&self, option: OptionId) -> u64 {
        self.costs.get(option.index()).copied().unwrap_or(0)
    }

    /// Whether some option costs more than 0.
    pub fn has_costs(&self) -> bool {
        !self.costs.is_empty()
    }

    /// The name of a color.
    pub fn color_name(&self, color: ColorId) -> &str {
        self.colors.get(color.index())
    }

    /// The entries of an option, in the order they were given.
    pub fn option(&self, option: OptionId) -> &[Entry] {
        let i = option.index();
        &self.entries[self.option_start[i] as usize..self.option_start[i + 1] as usize]
    }

    /// Whether an option contains at least one primary item (only those can
    /// be part of a solution).
    pub fn is_usable(&self, option: OptionId) -> bool {
        self.option(option).iter().any(|e| self.is_primary(e.item))
    }

    /// An option written as in Knuth's format: item names separated by
    /// spaces, colors as `name:color`.
    pub fn format_option(&self, option: OptionId) -> String {
        let mut text = Vec::with_capacity(64);
        self.write_option(option, &mut text).expect("a Vec takes every write");
        String::from_utf8(text).expect("names and colors are text")
    }

    /// Writes [`format_option`](Self::format_option)'s text (no line end)
    /// to `w`, without building a `String`: for writing many solutions.
    ///
    /// ```
    /// use dlx::{OptionId, Problem};
    /// let problem = Problem::parse_knuth("A | X\nA X:red\n")?;
    /// let mut out = Vec::new();
    /// problem.write_option(OptionId::new(0), &mut out)?;
    /// assert_eq!(out, b"A X:red");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn write_option<W: io::Write>(&self, option: OptionId, mut w: W) -> io::Result<()> {
        for (k, e) in self.option(option).iter().enumerate() {
            if k > 0 {
                w.write_all(b" ")?;
            }
            w.write_all(self.item_name(e.item).as_bytes())?;
            if let Some(c) = e.color {
                w.write_all(b":")?;
                w.write_all(self.color_name(c).as_bytes())?;
            }
        }
        Ok(())
    }
}
