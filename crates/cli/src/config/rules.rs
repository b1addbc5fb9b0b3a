//! [`RuleSpec`]: the rules and symbols of a sudoku batch, from
//! `--variant`, `--box`, `--symbols` and `--regions`, as plain values; and
//! [`read_regions`], a region map file read, which `dlx sudoku generate`
//! shares.

use std::fs;
use std::io::{BufRead, Read};
use std::path::Path;
use std::sync::Arc;

use anyhow::{Context, Result, anyhow, bail};
use sudoku_cover::{
    Alphabet, PuzzleReader, ReadError, ReadErrorKind, Regions, Rules, Shape, Sudoku, Variant,
};

/// The rules and symbols of a batch. The size of a puzzle, and so its
/// rules, is only known once it is read; [`RuleSpec::rules_for`] gives
/// them. `--box` and `--regions` fix the size: a puzzle of another size is
/// invalid, and so is one larger than `--symbols` can write; [`explain`]
/// words those errors in terms of the options.
///
/// [`explain`]: RuleSpec::explain
#[derive(Debug, Clone)]
pub struct RuleSpec {
    variants: Vec<Variant>,
    shape: Option<Shape>,
    /// `--symbols`: the alphabet, and the symbols as given.
    alphabet: Option<(Alphabet, String)>,
    /// `--regions`: the one compiled jigsaw sudoku every puzzle uses, and
    /// the file's name.
    jigsaw: Option<(Arc<Sudoku>, String)>,
    /// `--regions inline`: each puzzle carries its own region map.
    inline: bool,
}

/// Where a batch's jigsaw regions come from (`--regions`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RegionSource<'a> {
    /// One map for every puzzle, in this file.
    File(&'a Path),
    /// Each puzzle's own map, after it on its line.
    Inline,
}

/// Reads a region map file; errors name the file, line and column.
pub fn read_regions(path: &Path) -> Result<Regions> {
    let name = path.display().to_string();
    let text = read_capped(path, MAX_REGIONS).with_context(|| name.clone())?;
    // A `ReadError` displays as `line:column: message`.
    Regions::parse(&text).map_err(|e| anyhow!("{name}:{e}"))
}

/// Jigsaw rules: `--box` (whose side must be the map's) or the default
/// shape for the map's side, the regions, the variants.
fn jigsaw_rules(
    shape: Option<Shape>,
    regions: Regions,
    variants: &[Variant],
) -> std::result::Result<Rules, String> {
    let rules = match shape {
        Some(shape) if shape.size() != regions.size() => {
            let (n, m) = (shape.size(), regions.size());
            return Err(format!("--box {shape} makes {n}x{n} grids, but the regions are {m}x{m}"));
        }
        Some(shape) => Rules::new(shape).with_regions(regions),
        None => Rules::jigsaw(regions),
    };
    Ok(variants.iter().fold(rules, |rules, &v| rules.with_variant(v)))
}

impl RuleSpec {
    /// Checks the rule options; reads and compiles the `--regions` file.
    pub fn new(
        variants: Vec<Variant>,
        shape: Option<Shape>,
        symbols: Option<&str>,
        regions: Option<RegionSource<'_>>,
    ) -> Result<RuleSpec> {
        let alphabet = match symbols {
            Some(symbols) => {
                Some((Alphabet::new(symbols).context("--symbols")?, symbols.to_owned()))
            }
            None => None,
        };
        let jigsaw = match regions {
            Some(RegionSource::File(path)) => {
                let name = path.display().to_string();
                let rules = jigsaw_rules(shape, read_regions(path)?, &variants)
                    .map_err(|e| anyhow!("{name}: {e}"))?;
                let sudoku = Sudoku::new(rules).map_err(|e| anyhow!("{name}: {e}"))?;
                Some((Arc::new(sudoku), name))
            }
            Some(RegionSource::Inline) | None => None,
        };
        let inline = regions == Some(RegionSource::Inline);
        Ok(RuleSpec { variants, shape, alphabet, jigsaw, inline })
    }

    /// No options: the classic rules for each size, the default symbols.
    #[cfg(test)]
    pub fn plain(variants: Vec<Variant>) -> RuleSpec {
        RuleSpec { variants, shape: None, alphabet: None, jigsaw: None, inline: false }
    }

    /// The rules for puzzles of this shape (without `--regions`).
    pub fn rules_for(&self, shape: Shape) -> Rules {
        self.variants.iter().fold(Rules::new(shape), |rules, &v| rules.with_variant(v))
    }

    /// The rules for a puzzle that carries its own region map
    /// (`--regions inline`); an error says why they cannot be built.
    pub fn rules_for_regions(&self, regions: Regions) -> std::result::Result<Rules, String> {
        jigsaw_rules(self.shape, regions, &self.variants)
    }

    /// Whether puzzles are jigsaws: `--regions FILE` or `--regions inline`.
    pub fn is_jigsaw(&self) -> bool {
        self.jigsaw.is_some() || self.inline
    }

    /// The compiled jigsaw rules every puzzle uses, with `--regions`.
    pub fn jigsaw(&self) -> Option<&Arc<Sudoku>> {
        self.jigsaw.as_ref().map(|(sudoku, _)| sudoku)
    }

    /// The `--symbols` alphabet, if given.
    pub fn alphabet(&self) -> Option<&Alphabet> {
        self.alphabet.as_ref().map(|(alphabet, _)| alphabet)
    }

    /// A puzzle reader with the batch's symbols, shapes and size.
    pub fn reader<R: BufRead>(&self, input: R) -> PuzzleReader<R> {
        let mut reader = PuzzleReader::new(input);
        if let Some((alphabet, _)) = &self.alphabet {
            reader = reader.alphabet(alphabet.clone());
        }
        if let Some(shape) = self.shape {
            reader = reader.shape(shape).size(shape.size());
        }
        if let Some((jigsaw, _)) = &self.jigsaw {
            reader = reader.size(jigsaw.size());
        }
        if self.inline {
            reader = reader.inline_regions();
        }
        reader
    }

    /// A reading error that the options caused, worded in their terms: a
    /// puzzle of another size than `--box` or `--regions` make, or larger
    /// than `--symbols` can write. `None` for any other error.
    pub fn explain(&self, error: &ReadError) -> Option<String> {
        match *error.kind() {
            ReadErrorKind::WrongSide { expected: n, found: m } => {
                let option = match (&self.jigsaw, self.shape) {
                    (Some((_, name)), _) => format!("the regions in {name} are for"),
                    (None, Some(shape)) => format!("--box {shape} makes"),
                    (None, None) => return None,
                };
                Some(format!("{option} {n}x{n} puzzles, but this puzzle is {m}x{m}"))
            }
            ReadErrorKind::FewSymbols { symbols, size } => {
                let (_, given) = self.alphabet.as_ref()?;
                Some(format!(
                    "--symbols {given} has {symbols} symbols, too few for this {size}x{size} \
                     puzzle"
                ))
            }
            _ => None,
        }
    }
}

/// The most bytes a region map file may hold: 1 MiB, far above the 12 KiB
/// or so of a 64x64 map with comments.
const MAX_REGIONS: u64 = 1 << 20;

/// Reads a small text file whole, refusing one longer than `max` bytes
/// after reading no more than that.
fn read_capped(path: &Path, max: u64) -> Result<String> {
    let mut text = String::new();
    fs::File::open(path)?.take(max + 1).read_to_string(&mut text)?;
    if text.len() as u64 > max {
        bail!("larger than {max} bytes, more than any region map can be");
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn first_error(spec: &RuleSpec, text: &str) -> String {
        let error = spec.reader(text.as_bytes()).next().unwrap().unwrap_err();
        spec.explain(&error).unwrap_or_else(|| error.to_string())
    }

    const NINE: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    #[test]
    fn a_box_of_another_size_is_named() {
        let spec = RuleSpec::new(vec![], Some(Shape::new(2, 2).unwrap()), None, None).unwrap();
        assert_eq!(first_error(&spec, NINE), "--box 2x2 makes 4x4 puzzles, but this puzzle is 9x9");
    }

    #[test]
    fn too_few_symbols_are_named() {
        let spec = RuleSpec::new(vec![], None, Some("ABCD"), None).unwrap();
        let letters = NINE.replace(['4', '5', '6', '7', '8'], "A");
        assert_eq!(
            first_error(&spec, &letters),
            "--symbols ABCD has 4 symbols, too few for this 9x9 puzzle"
        );
    }

    #[test]
    fn other_errors_are_left_alone() {
        let spec = RuleSpec::plain(vec![]);
        let error = spec.reader("1.3..x2.........".as_bytes()).next().unwrap().unwrap_err();
        assert_eq!(spec.explain(&error), None);
    }
}
