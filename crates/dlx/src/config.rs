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

/// Which search engine a [`Solver`](crate::Solver) uses. Both find the
/// same solutions, in the same order, visiting the same search tree.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Engine {
    /// The bit-parallel engine wherever it can run (it is faster there:
    /// 9x9 sudoku, n queens, Langford pairs, pentominoes), dancing links for
    /// the rest.
    #[default]
    Auto,
    /// Dancing links, for every problem.
    DancingLinks,
    /// The bit-parallel engine where it can run (exact cover without colors
    /// or multiplicities, every option with a primary item, at most 8192
    /// options, fewer than 65,535 options per primary item), dancing links
    /// where it cannot.
    Bitset,
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
    engine: Engine,
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

    /// Sets the search engine.
    pub fn engine(mut self, engine: Engine) -> Config {
        self.engine = engine;
        self
    }

    /// The search engine.
    pub fn get_engine(&self) -> Engine {
        self.engine
    }
}
