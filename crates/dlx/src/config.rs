//! Search settings: [`Config`] and the item-choice [`Heuristic`].

/// How the search picks the item to branch on at each node.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Heuristic {
    /// The primary item with the fewest remaining options, ties broken by
    /// item order (Knuth's rule; with multiplicities, his smallest
    /// "branching degree"). With this rule the search visits exactly as many
    /// search-tree nodes as Knuth's DLX1/DLX2/DLX3.
    #[default]
    MinimumRemaining,
    /// The first active primary item in item order. Occasionally useful for
    /// problems whose items are ordered by hand, and as a baseline.
    First,
}

/// Settings of a [`Solver`](crate::Solver). Cheap to copy.
///
/// ```
/// use dlx::{Config, Heuristic};
/// let config = Config::new().heuristic(Heuristic::First);
/// assert_eq!(config.get_heuristic(), Heuristic::First);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Config {
    heuristic: Heuristic,
}

impl Config {
    /// The default settings.
    pub fn new() -> Config {
        Config::default()
    }

    /// Sets the item-choice rule.
    pub fn heuristic(mut self, heuristic: Heuristic) -> Config {
        self.heuristic = heuristic;
        self
    }

    /// The item-choice rule.
    pub fn get_heuristic(&self) -> Heuristic {
        self.heuristic
    }
}
