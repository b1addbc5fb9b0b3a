//! The reader's options, set when it is made: the symbols, a box shape,
//! the side, region maps on the puzzles' lines.

use std::io::BufRead;

use super::PuzzleReader;
use super::compact::Compact;
use crate::alphabet::Alphabet;
use crate::shape::{MAX_SIZE, MIN_SIZE, Shape};
#[cfg(doc)]
use crate::{ReadErrorKind, Regions};

impl<R: BufRead> PuzzleReader<R> {
    /// Reads symbols with this alphabet instead of the default one. A
    /// puzzle larger than the alphabet can write is an error
    /// ([`ReadErrorKind::FewSymbols`]).
    pub fn alphabet(mut self, alphabet: Alphabet) -> Self {
        self.compact = Compact::new(&alphabet);
        self.alphabet = Some(alphabet);
        self
    }

    /// Gives puzzles of this shape's side this box shape, whatever their
    /// separators draw (others keep theirs): a 6x6 puzzle with 3x2 boxes,
    /// say.
    pub fn shape(mut self, shape: Shape) -> Self {
        self.shape = Some(shape);
        self.compact = Compact::new(self.alphabet.as_ref().unwrap_or(&self.default_alphabet));
        self
    }

    /// Reads every puzzle as of side `n`: a line of `n²` cells is a puzzle,
    /// a line of `n` cells a grid row, anything else an error
    /// ([`ReadErrorKind::WrongSide`] for a puzzle or a grid of another
    /// side, whose other rows are skipped). This settles
    /// the one ambiguity of the inferred side (see the [module
    /// docs](crate::reader)). A side outside 4 to 64 is ignored.
    pub fn size(mut self, n: usize) -> Self {
        self.size = (MIN_SIZE..=MAX_SIZE).contains(&n).then_some(n);
        self
    }

    /// Reads jigsaw puzzles that carry their own region map: each puzzle
    /// is one line, then whitespace and the map, one label per cell (any
    /// characters but whitespace and `#`), as [`Regions::parse`] reads it.
    /// A line without a map, or with a map of another side, is an error
    /// ([`ReadErrorKind::MissingRegions`], [`ReadErrorKind::RegionSide`]);
    /// grids of several lines cannot carry one.
    ///
    /// ```
    /// use sudoku_cover::{PuzzleReader, Regions};
    ///
    /// let text = "1.3...2......... AAABCABBCCDBCDDD\n";
    /// let puzzle = PuzzleReader::new(text.as_bytes()).inline_regions().next().unwrap()?;
    /// assert_eq!(puzzle.grid.get(0, 2), 3);
    /// assert_eq!(puzzle.regions, Some(Regions::parse("AAABCABBCCDBCDDD")?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn inline_regions(mut self) -> Self {
        self.inline_regions = true;
        self
    }
}
