//! The reader thread of a sudoku batch: every source in order, every
//! puzzle in each, with the compiled rules for its shape ([`Encoders`]).

use std::collections::HashMap;
use std::io::{self, BufRead, Read};
use std::sync::Arc;

use sudoku_cover::{ErrorKind, PuzzleReader, Regions, Shape, Sudoku};

use super::{Item, ItemKind};
use crate::batch::Sink;
use crate::config::{RuleSpec, Source, SudokuConfig};
use crate::input::Input;
use crate::progress::Progress;

/// The most compiled rules kept at once (one per puzzle size met).
const MAX_ENCODERS: usize = 8;

/// The fewest items [`Reading::chunk`] asks for.
const LAST_CHUNK: usize = 8;

/// Reads every source in order, and sends an item for each puzzle (or text
/// that is none) into the sink.
pub(super) fn read_sources(sources: &[Source], spec: &RuleSpec, sink: &Sink<Item>) {
    let mut reading = Reading::new(sources, spec);
    while let Some(item) = reading.next() {
        if !sink.send(item) {
            return;
        }
    }
}

/// Every source in order, an item for each puzzle (or text that is none);
/// a source that cannot be opened, or holds no puzzle at all, gets an item
/// that says so. Read by a reader thread ([`read_sources`]) or, a chunk at
/// a time, by the workers themselves ([`Pool::relay`]).
///
/// [`Pool::relay`]: crate::batch::Pool::relay
pub(super) struct Reading<'s> {
    sources: std::slice::Iter<'s, Source>,
    spec: &'s RuleSpec,
    encoders: Encoders<'s>,
    /// The source being read: its name, its puzzles, and whether it gave
    /// any yet.
    current: Option<(Arc<str>, Puzzles, bool)>,
    /// The bytes of the current source (as stored: less than those read
    /// if it is compressed) and of the sources after it; `None` where one
    /// is stdin.
    sizes: Option<(u64, u64)>,
    /// Items given, and the bytes read for them before the current source.
    items: u64,
    bytes: u64,
    /// The next item, read ahead by [`Reading::at_end`].
    ahead: Option<Item>,
}

/// The puzzles of one source.
type Puzzles = PuzzleReader<Counted>;

/// A source's bytes, counted as they are read.
struct Counted {
    inner: Box<dyn BufRead + Send>,
    read: u64,
}

impl Read for Counted {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.read += n as u64;
        Ok(n)
    }
}

impl BufRead for Counted {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        self.inner.fill_buf()
    }

    fn consume(&mut self, amount: usize) {
        self.inner.consume(amount);
        self.read += amount as u64;
    }
}

impl std::fmt::Debug for Reading<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Reading").finish_non_exhaustive()
    }
}

impl<'s> Reading<'s> {
    pub(super) fn new(sources: &'s [Source], spec: &'s RuleSpec) -> Reading<'s> {
        let sizes = sources.iter().map(Source::size).sum::<Option<u64>>().map(|all| (0, all));
        Reading {
            sources: sources.iter(),
            spec,
            encoders: Encoders::new(spec),
            current: None,
            sizes,
            items: 0,
            bytes: 0,
            ahead: None,
        }
    }

    /// Whether every item has been given: reads the next one ahead if
    /// need be (so that a chunk of one big puzzle knows it is the only
    /// one, and races on every thread).
    pub(super) fn at_end(&mut self) -> bool {
        if self.ahead.is_none() {
            self.ahead = self.read_next();
        }
        self.ahead.is_none()
    }

    /// How many items to take next so that the workers, `threads` of them,
    /// finish together: at most `most`, and some share of the items left
    /// near the end (estimated from the bytes left and the bytes an item
    /// took so far), so that the last chunks are small. `most` where the
    /// bytes left are not known (stdin, or a compressed file read past its
    /// stored size).
    pub(super) fn chunk(&self, most: usize, threads: usize) -> usize {
        let read = self.current.as_ref().map_or(0, |(_, puzzles, _)| puzzles.get_ref().read);
        let left = self.sizes.and_then(|(current, after)| Some(current.checked_sub(read)? + after));
        match left {
            Some(left) if self.items > 0 => {
                let per_item = ((self.bytes + read) / self.items).max(1);
                let share = left / per_item / (4 * threads as u64);
                (share as usize).clamp(LAST_CHUNK.min(most), most)
            }
            _ => most,
        }
    }

    /// Drops the items of a chunk written, their puzzles' memory given
    /// back to the source being read for the next ones (see
    /// [`PuzzleReader::recycle`]).
    pub(super) fn recycle(&mut self, items: &mut Vec<Item>) {
        let Some((_, reader, _)) = &mut self.current else { return items.clear() };
        for item in items.drain(..) {
            if let ItemKind::Puzzle { puzzle, .. } = item.kind {
                reader.recycle(puzzle);
            }
        }
    }

    /// The next item; `None` after the last source.
    pub(super) fn next(&mut self) -> Option<Item> {
        self.ahead.take().or_else(|| self.read_next())
    }

    /// The next item from the sources.
    fn read_next(&mut self) -> Option<Item> {
        loop {
            let Some((name, reader, any)) = &mut self.current else {
                let source = self.sources.next()?;
                let name: Arc<str> = source.to_string().into();
                if let Some((current, after)) = &mut self.sizes {
                    *current = source.size().unwrap_or(0);
                    *after = after.saturating_sub(*current);
                }
                match source.open() {
                    Ok(inner) => {
                        let puzzles = self.spec.reader(Counted { inner, read: 0 });
                        self.current = Some((name, puzzles, false));
                    }
                    Err(e) => {
                        let kind = ItemKind::Nothing(format!("{name}: {e}"));
                        return Some(Item { source: name, kind });
                    }
                }
                continue;
            };
            let Some(result) = reader.next() else {
                let (name, puzzles, any) = self.current.take()?;
                self.bytes += puzzles.get_ref().read;
                if any {
                    continue;
                }
                let kind = ItemKind::Nothing(format!("no puzzle in {name}"));
                return Some(Item { source: name, kind });
            };
            *any = true;
            let kind = match result {
                Ok(puzzle) => {
                    let sudoku = match &puzzle.regions {
                        Some(regions) => self.encoders.jigsaw(regions),
                        None => self.encoders.get(puzzle.grid.shape()),
                    };
                    ItemKind::Puzzle { puzzle, sudoku }
                }
                Err(e) => {
                    let explained = self.spec.explain(&e);
                    ItemKind::Unreadable(e, explained)
                }
            };
            self.items += 1;
            return Some(Item { source: name.clone(), kind });
        }
    }
}

/// Lets the progress bar show the time left: counts the puzzles in the
/// sources on a thread of its own (reading is fast next to solving).
/// Stdin cannot be read twice, so a batch from stdin shows a spinner.
pub(super) fn count_puzzles_in_background(config: &SudokuConfig, progress: &Progress) {
    if config.sources.contains(&Source::Input(Input::Stdin)) {
        return;
    }
    let (sources, spec, set_total) =
        (config.sources.clone(), config.rules.clone(), progress.total_setter());
    let _ = std::thread::Builder::new().name("dlx-counter".into()).spawn(move || {
        let total = sources
            .iter()
            .filter_map(|source| source.open().ok())
            .map(|reader| spec.reader(reader).count() as u64)
            .sum();
        set_total(total);
    });
}

/// Compiled rules by shape, so that a batch of same-size puzzles builds its
/// encoder once; and by region map, for puzzles that carry their own
/// (`--regions inline`).
#[derive(Debug)]
struct Encoders<'s> {
    spec: &'s RuleSpec,
    built: HashMap<Shape, Compiled>,
    jigsaws: HashMap<Regions, Compiled>,
    /// The shape asked for last, and its rules: a batch of one size finds
    /// them without hashing.
    last: Option<(Shape, Compiled)>,
}

/// Rules compiled, or why they cannot be.
type Compiled = Result<Arc<Sudoku>, sudoku_cover::Error>;

impl<'s> Encoders<'s> {
    fn new(spec: &'s RuleSpec) -> Encoders<'s> {
        Encoders { spec, built: HashMap::new(), jigsaws: HashMap::new(), last: None }
    }

    /// The compiled rules for a puzzle with its own region map.
    fn jigsaw(&mut self, regions: &Regions) -> Compiled {
        if let Some(built) = self.jigsaws.get(regions) {
            return built.clone();
        }
        if self.jigsaws.len() >= MAX_ENCODERS {
            self.jigsaws.clear();
        }
        let built = match self.spec.rules_for_regions(regions.clone()) {
            Ok(rules) => Sudoku::new(rules).map(Arc::new),
            Err(msg) => Err(ErrorKind::BadRegions(msg).into()),
        };
        self.jigsaws.insert(regions.clone(), built.clone());
        built
    }

    /// The compiled rules for puzzles of this shape.
    fn get(&mut self, shape: Shape) -> Result<Arc<Sudoku>, sudoku_cover::Error> {
        if let Some(jigsaw) = self.spec.jigsaw() {
            return Ok(jigsaw.clone());
        }
        if let Some((last, built)) = &self.last {
            if *last == shape {
                return built.clone();
            }
        }
        if self.built.len() >= MAX_ENCODERS && !self.built.contains_key(&shape) {
            // Puzzles of many sizes: start over rather than grow.
            self.built.clear();
        }
        let spec = self.spec;
        let built = self
            .built
            .entry(shape)
            .or_insert_with(|| Sudoku::new(spec.rules_for(shape)).map(Arc::new))
            .clone();
        self.last = Some((shape, built.clone()));
        built
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_cover::Variant;

    #[test]
    fn chunks_shrink_near_the_end_of_the_input() {
        let line =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n";
        let argument = |n: usize, index| Source::Argument { text: line.repeat(n), index };
        let spec = RuleSpec::plain(vec![]);
        let sources = [argument(1000, 1), argument(600, 2)];
        let mut reading = Reading::new(&sources, &spec);
        // Nothing read yet: no size an item to go by.
        assert_eq!(reading.chunk(256, 2), 256);
        let take = |reading: &mut Reading<'_>, n| {
            (0..n).for_each(|_| assert!(reading.next().is_some()));
        };
        take(&mut reading, 200);
        // 1,400 puzzles left: an eighth of them (two workers, four chunks
        // each), or the most.
        assert_eq!(reading.chunk(256, 2), 175);
        assert_eq!(reading.chunk(100, 2), 100);
        take(&mut reading, 1000);
        // 400 left, across the two sources: a share of 50.
        assert_eq!(reading.chunk(256, 2), 50);
        assert_eq!(reading.chunk(256, 4), 25);
        take(&mut reading, 390);
        assert_eq!(reading.chunk(256, 2), LAST_CHUNK);
        assert_eq!(reading.chunk(4, 2), 4);
        take(&mut reading, 10);
        assert!(reading.next().is_none());
        // Stdin has no size: the most, always.
        let stdin = [Source::Input(Input::Stdin), argument(10, 2)];
        assert_eq!(Reading::new(&stdin, &spec).chunk(256, 2), 256);
    }

    #[test]
    fn the_end_is_seen_ahead_without_losing_an_item() {
        let line =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n";
        let argument = |n: usize, index| Source::Argument { text: line.repeat(n), index };
        let spec = RuleSpec::plain(vec![]);
        // Two sources of one puzzle each: the end is after the second.
        let sources = [argument(1, 1), argument(1, 2)];
        let mut reading = Reading::new(&sources, &spec);
        assert!(!reading.at_end());
        assert!(!reading.at_end(), "asking twice reads no further");
        let first = reading.next().expect("the first puzzle");
        assert_eq!(&*first.source, "<argument 1>");
        assert!(!reading.at_end());
        let second = reading.next().expect("the second puzzle");
        assert_eq!(&*second.source, "<argument 2>");
        assert!(reading.at_end());
        assert!(reading.next().is_none());
    }

    #[test]
    fn encoders_are_built_once_per_shape() {
        let spec = RuleSpec::plain(vec![]);
        let mut encoders = Encoders::new(&spec);
        let a = encoders.get(Shape::CLASSIC).unwrap();
        let b = encoders.get(Shape::CLASSIC).unwrap();
        assert!(Arc::ptr_eq(&a, &b));
        let c = encoders.get(Shape::new(2, 2).unwrap()).unwrap();
        assert_eq!(c.size(), 4);
        // Back to the first shape: the same rules, not the last ones.
        assert!(Arc::ptr_eq(&a, &encoders.get(Shape::CLASSIC).unwrap()));
    }

    #[test]
    fn inline_maps_are_compiled_once_each() {
        let spec = RuleSpec::plain(vec![Variant::Diagonal]);
        let mut encoders = Encoders::new(&spec);
        let map = Regions::parse("AAABCABBCCDBCDDD").unwrap();
        let a = encoders.jigsaw(&map).unwrap();
        assert!(Arc::ptr_eq(&a, &encoders.jigsaw(&map).unwrap()));
        assert_eq!(a.rules().regions(), Some(&map));
        assert!(a.rules().has_variant(Variant::Diagonal));
        let other = Regions::parse("AABBAABBCCDDCCDD").unwrap();
        assert!(!Arc::ptr_eq(&a, &encoders.jigsaw(&other).unwrap()));
    }

    #[test]
    fn variants_that_do_not_fit_are_errors_per_shape() {
        let spec = RuleSpec::plain(vec![Variant::Hyper]);
        let mut encoders = Encoders::new(&spec);
        assert!(encoders.get(Shape::new(1, 5).unwrap()).is_err());
        assert!(encoders.get(Shape::CLASSIC).is_ok());
    }
}
