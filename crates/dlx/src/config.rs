//! Search settings: [`Config`], the item-choice [`Heuristic`], the
//! [`Propagation`] before branching and the [`Engine`].

use crate::error::{Error, ErrorKind};

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
    /// Fewest remaining options, as [`Heuristic::MinimumRemaining`], but
    /// when that is two or more (the search branches), of the first
    /// [`TIED_ITEMS`] items tied for it, in item order, the one whose
    /// options remove the most others: the largest sum, over its options,
    /// of the option counts of their primary items (ties to the first).
    /// About a thousand instructions more at each branch (none at forced
    /// moves), for a smaller tree on Latin-square-like problems (9x9
    /// sudoku: 15% fewer nodes on a sample of forum_hardest, 22% on
    /// magictour, about half on the hardest lists; it is the sudoku
    /// solvers' setting); on n queens, Langford pairs and pentominoes it
    /// changes the tree by a few percent either way and costs time. Both engines
    /// visit the same tree with it; node counts differ from Knuth's. Under
    /// multiplicities it is [`Heuristic::MinimumRemaining`].
    MinimumRemainingMostRemoved,
    /// Conflict-directed (dom/wdeg, after Boussemart, Hemery, Lecoutre and
    /// Sais): each primary item has a weight, at first 1, which grows by one
    /// each time the search dead-ends on it (the item is left with no
    /// option). An item with one option left or none is chosen as under
    /// [`Heuristic::MinimumRemaining`]; where the search branches, it takes
    /// the item with the fewest options per unit of weight (ties to the
    /// first in item order; in a seeded search, to the first from a random
    /// item on, wrapping around). The search turns towards the items that
    /// keep failing, for problems with a hard core among many easy items
    /// (a big sudoku with half its cells blank), and with randomized
    /// restarts ([`Solver::reseed`](crate::Solver::reseed)) the weights
    /// carry over from one search to the next; [`Solver::reset`](crate::Solver::reset)
    /// sets them back to 1.
    ///
    /// The tree depends on the search's own history, so it cannot be
    /// replayed: [`Parallel`](crate::Parallel), [`split`](crate::split())
    /// and resuming a [`Checkpoint`](crate::Checkpoint) refuse it
    /// ([`ErrorKind::Unsupported`]). Every
    /// search is still complete: the same solutions, in another order.
    /// Dancing links and the counted bit engine learn alike and visit the
    /// same trees; the bit-sliced form runs it in its counted form; under
    /// multiplicities it is [`Heuristic::MinimumRemaining`].
    ConflictWeighted,
}

impl Heuristic {
    /// Fails with [`ErrorKind::Unsupported`] for a heuristic whose tree
    /// cannot be replayed ([`Heuristic::ConflictWeighted`]), naming `what`
    /// asked to replay it.
    pub(crate) fn replayable(self, what: &str) -> Result<(), Error> {
        if self == Heuristic::ConflictWeighted {
            return Err(Error::new(ErrorKind::Unsupported(format!(
                "{what} replays the search tree, and the conflict-weighted heuristic's tree \
                 depends on the search's own history: search with one Solver instead"
            ))));
        }
        Ok(())
    }
}

/// How many tied items [`Heuristic::MinimumRemainingMostRemoved`] compares.
pub const TIED_ITEMS: usize = 8;

/// The tie-break of [`Heuristic::MinimumRemainingMostRemoved`] as it goes:
/// the tied items are offered in item order, each with its score, and the
/// first of the largest scores among the first [`TIED_ITEMS`] wins. Every
/// engine keeps its choice here, so they all choose alike.
#[derive(Debug, Clone, Copy)]
pub(crate) struct TieBreak {
    best: u32,
    item: usize,
    left: usize,
}

impl TieBreak {
    /// A tie-break whose first tied item is `first`.
    #[inline(always)]
    pub(crate) fn new(first: usize) -> TieBreak {
        TieBreak { best: 0, item: first, left: TIED_ITEMS }
    }

    /// Offers `item`, of score `score`; returns whether it was the last
    /// tied item to look at.
    #[inline(always)]
    pub(crate) fn offer(&mut self, item: usize, score: u32) -> bool {
        if score > self.best {
            (self.best, self.item) = (score, item);
        }
        self.left -= 1;
        self.left == 0
    }

    /// The item chosen so far.
    #[inline(always)]
    pub(crate) fn item(&self) -> usize {
        self.item
    }
}

/// How much the search deduces at a node before it branches.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Propagation {
    /// Nothing: plain Algorithm X. An item with one option left is chosen
    /// like any other, one search-tree node each, so node counts equal
    /// Knuth's DLX1/DLX2/DLX3 (with [`Heuristic::MinimumRemaining`]).
    #[default]
    None,
    /// Before the search first branches, the bit-parallel engine removes
    /// *dominated* options: when both options left for an item A cover an
    /// item B, B's other options can be in no solution (in sudoku terms,
    /// locked candidates). It does so after the options forced with
    /// [`Solver::choose`](crate::Solver::choose) and the forced moves they
    /// lead to, until nothing more goes, like Knuth's DLX-PRE preprocessor
    /// but on the problem the search really starts from; deeper in the tree
    /// it costs more than it saves. The same solutions, usually from a
    /// smaller tree (9x9 sudoku: about 30% fewer nodes on 17-clue and on
    /// magictour puzzles), but the tree, the node counts and the order of
    /// solutions may differ from plain Algorithm X, and now and then the
    /// tree is larger. Dancing links search as with [`Propagation::None`],
    /// and so does the bit engine on a colored problem (an option covering
    /// A may share a colored B with B's other options).
    ///
    /// The bit-sliced engine ([`Engine::BitSliced`]) also makes forced
    /// moves in bulk under it (except with [`Heuristic::First`]): each scan
    /// of the state lists every item left with one option, and they are
    /// taken one after the other without a scan each. Where that ends in a
    /// dead end, the dead end may show a few moves later (about 8% more
    /// nodes on hard sudoku), but the branches, the solutions and their
    /// order are those of [`Engine::Bitset`] under dominance; only the
    /// forced options within a solution may come in another order.
    Dominance,
}

/// Which search engine a [`Solver`](crate::Solver) uses. All find the
/// same solutions, in the same order, visiting the same search tree (with
/// [`Propagation::None`]; only the bit-parallel engine does dominance).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Engine {
    /// The bit-parallel engine wherever it can run (it is faster there:
    /// 9x9 sudoku, n queens, Langford pairs, pentominoes), bit-sliced where
    /// its tables are small ([`Engine::BitSliced`], plain exact cover
    /// only), [`Engine::Bitset`] elsewhere (colored problems too);
    /// [`Engine::BitBounded`] for problems with multiplicities up to 128
    /// items and 2,048 options when counts are memoized (the default),
    /// for small or dense ones when listing (see
    /// [`Solver::listing_config`](crate::Solver::listing_config)) or
    /// under [`Memo::Off`]; dancing links for the rest.
    #[default]
    Auto,
    /// Dancing links, for every problem.
    DancingLinks,
    /// The bit-parallel engine where it can run (exact cover without
    /// multiplicities, every option with a primary item, at most 262,144
    /// options, fewer than 65,535 options per primary item), dancing links
    /// where it cannot. Its state is a bitset of live options and a count
    /// per item. On a problem with multiplicities, [`Engine::BitBounded`].
    Bitset,
    /// The bit-parallel engine with its state bit-sliced by item, where its
    /// table (a slot of state per option) is small — at most 64 options per
    /// primary item, 128 words of state, a megabyte of table: a 9x9 sudoku,
    /// n queens (up to n = 39), Langford pairs; not a 16x16 sudoku nor
    /// pentominoes — and [`Engine::Bitset`] where not. Choosing an option
    /// is a fixed run of word operations with no branch on the data, and
    /// one pass finds every item left with one option or none: 1.8x to 2.1x
    /// as fast as [`Engine::Bitset`] on 9x9 sudoku, 1.4x to 1.9x on queens
    /// and Langford pairs. The same tree as the other engines (under
    /// dominance it makes forced moves in bulk: see
    /// [`Propagation::Dominance`]); it does not count updates
    /// ([`Stats::updates`](crate::Stats::updates) stays 0).
    BitSliced,
    /// The bit-parallel engine for multiplicities (Algorithm M, with or
    /// without colors) where it can run (every option with a primary item,
    /// at most 8,192 options, bounds below 65,535), [`Engine::Bitset`]
    /// elsewhere. Its state is a bitset of live options and each primary
    /// item's bound left. Under [`Memo::Off`] it visits dancing links'
    /// tree, DLX3's, node for node; with its table of counted subtrees
    /// (the default) it makes bounds canonical, which leaves out the null
    /// moves of items with no options left and no need of any: the same
    /// solutions through fewer nodes. It does not count updates
    /// ([`Stats::updates`](crate::Stats::updates) stays 0). Any bit engine
    /// forced on a problem with multiplicities runs it; [`Engine::Auto`]
    /// picks it where the primary items times the words of options (64 a
    /// word) are at most 4096 (128 items and 2,048 options) when counts
    /// are memoized, its counts then mostly 1.3x to 20x as fast as
    /// dancing links'. Its item choice counts every open item's options at
    /// every node, so a walk without the table (a listing, or a count
    /// under [`Memo::Off`]) takes it only where that product is at most
    /// 144 (36 items and 256 options), or on dense problems (options of 5
    /// primary items or more on average, such as pentominoes: a sixth of
    /// dancing links' time) up to 4096: on sparse problems above 144
    /// dancing links list up to 3.4x as fast.
    BitBounded,
}

/// Whether a count under multiplicities on [`Engine::BitBounded`]
/// remembers the subtrees it has counted. Below a node the subtree
/// depends only on the node's state (the live options and each primary
/// item's bound left), and in Algorithm M's tree many nodes repeat an
/// earlier node's state; a count that meets a state it has counted
/// before adds that count and backs up. So that more states are alike,
/// the engine makes bounds canonical with the table on: an item that
/// needs no more options and has fewer live options than its bound left
/// takes their number as its bound (0, done, if none). The solutions and
/// their count are the same; the tree is DLX3's without the null moves of
/// such items, and [`Stats::nodes`](crate::Stats::nodes) counts the nodes
/// visited, that tree less the repeated subtrees. Only
/// [`Solver::count`](crate::Solver::count) and the counts built on it
/// (limits, [`Parallel`](crate::Parallel), checkpoints) use the table;
/// listing solutions, `descend` and estimates walk the whole tree (the
/// canonical one). A checkpoint says whether the table ran, and resumes
/// only a search that agrees. Each solver has its own table, made at its
/// first count, of fixed size (entries replaced by newer ones), with each
/// entry's whole state, so a count is exact.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Memo {
    /// On, with a table of up to 2^16 entries and 2 MiB; and
    /// [`Engine::Auto`] takes the bounded engine on problems with
    /// multiplicities up to 128 items and 2,048 options, plain ones too.
    #[default]
    Auto,
    /// Off: the bounded engine walks DLX3's whole tree.
    Off,
    /// On, with a table of this many entries (rounded up to a power of
    /// two, from 2 to 2^30; 0 is off).
    Entries(usize),
}

impl Memo {
    /// Whether counts are memoized.
    pub fn is_on(self) -> bool {
        !matches!(self, Memo::Off | Memo::Entries(0))
    }
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
    propagation: Propagation,
    seed: Option<u64>,
    memo: Memo,
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

    /// Sets how much the search deduces before it branches.
    pub fn propagation(mut self, propagation: Propagation) -> Config {
        self.propagation = propagation;
        self
    }

    /// How much the search deduces before it branches.
    pub fn get_propagation(&self) -> Propagation {
        self.propagation
    }

    /// Randomizes the search with `seed` (`None`, the default, searches in
    /// the problem's order). A seeded search breaks the heuristic's ties at
    /// random (of the items tied for fewest options, a random one; under
    /// [`Heuristic::MinimumRemainingMostRemoved`] the tied items compared
    /// start at a random one) and tries each item's options from a random
    /// one on, in list order, wrapping around. It finds the same solutions,
    /// in another order, through another tree; the same seed gives the same
    /// tree, on any number of threads, since each node's random choices
    /// follow from the seed and the path to it. Randomized restarts (short
    /// searches with growing node budgets, each with its own seed) find a
    /// first solution where one fixed order can take very long: an empty
    /// 49x49 sudoku, say.
    ///
    /// Dancing links and the counted bit engine randomize, alike (the same
    /// seed gives both the same tree); the bit-sliced form does not, so a
    /// seeded search runs the counted form where the engine setting would
    /// pick it ([`Engine::Auto`], [`Engine::BitSliced`]). Under
    /// multiplicities (Algorithm M) the choices are not randomized.
    pub fn seed(mut self, seed: Option<u64>) -> Config {
        self.seed = seed;
        self
    }

    /// Sets whether counts under multiplicities remember counted subtrees
    /// (see [`Memo`]).
    pub fn memo(mut self, memo: Memo) -> Config {
        self.memo = memo;
        self
    }

    /// Whether counts under multiplicities remember counted subtrees.
    pub fn get_memo(&self) -> Memo {
        self.memo
    }

    /// The seed of a randomized search, if any (see [`seed`](Self::seed)).
    pub fn get_seed(&self) -> Option<u64> {
        self.seed
    }
}

#[cfg(test)]
mod tests {
    use super::{TIED_ITEMS, TieBreak};

    /// The rule every engine's tie-break follows (the engines' own tests
    /// only show that they agree with one another).
    #[test]
    fn tie_break_takes_the_first_largest_score_of_the_first_tied_items() {
        let mut tie = TieBreak::new(3);
        assert!(!tie.offer(3, 5));
        assert!(!tie.offer(4, 7));
        // A tie keeps the first.
        assert!(!tie.offer(6, 7));
        assert_eq!(tie.item(), 4);
        for k in 0..TIED_ITEMS - 4 {
            assert!(!tie.offer(10 + k, 1));
        }
        // The last item looked at can still win, and says it was the last.
        assert!(tie.offer(99, 8));
        assert_eq!(tie.item(), 99);
        // Nothing scores: the first.
        let mut tie = TieBreak::new(2);
        tie.offer(2, 0);
        tie.offer(5, 0);
        assert_eq!(tie.item(), 2);
    }
}
