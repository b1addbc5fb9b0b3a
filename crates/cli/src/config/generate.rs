//! [`GenerateConfig`]: `dlx sudoku generate`, settled: the generator
//! built (rules compiled, options checked), the seed chosen.

use std::hash::{BuildHasher, Hasher};

use anyhow::{Context, Result, bail};
use sudoku_cover::generate::Generator;
use sudoku_cover::{Alphabet, Rules, Shape};

use super::Output;
use super::rules::read_regions;
use crate::args::{RegionsArg, SudokuGenerateArgs};

/// `dlx sudoku generate`, ready to run.
#[derive(Debug)]
pub struct GenerateConfig {
    /// The generator, with every option set.
    pub generator: Generator,
    /// How many puzzles.
    pub count: u64,
    /// The seed: given, or drawn at random.
    pub seed: u64,
    /// Whether the seed was drawn here (and is to be printed on stderr).
    pub random_seed: bool,
    /// The symbols puzzles are written in.
    pub alphabet: Alphabet,
    /// The number of threads.
    pub threads: usize,
    /// Text or JSON.
    pub output: Output,
    /// Write statistics to stderr.
    pub stats: bool,
}

impl GenerateConfig {
    /// Checks the options and builds the generator.
    pub fn new(args: SudokuGenerateArgs, threads: usize) -> Result<GenerateConfig> {
        let variants: Vec<sudoku_cover::Variant> = args.variant.iter().map(|&v| v.into()).collect();
        let (regions, random) = match &args.regions {
            Some(RegionsArg::File(path)) => (Some(read_regions(path)?), false),
            Some(RegionsArg::Random) => (None, true),
            Some(RegionsArg::Inline) => bail!(
                "--regions inline reads puzzles that carry their own map; to make puzzles with \
                 random regions, use --regions random"
            ),
            None => (None, false),
        };
        let side = args.size.or(regions.as_ref().map(|r| r.size())).unwrap_or(9);
        let shape = match (args.box_shape, &regions) {
            (Some(shape), Some(r)) if shape.size() != r.size() => {
                let (n, m) = (shape.size(), r.size());
                bail!("--box {shape} makes {n}x{n} grids, but the region map is {m}x{m}");
            }
            (Some(shape), _) => shape,
            (None, Some(r)) if args.size.is_some_and(|n| n != r.size()) => {
                let m = r.size();
                bail!("--size {side} makes {side}x{side} grids, but the region map is {m}x{m}");
            }
            // A jigsaw's boxes only shape its start (random regions) or
            // nothing at all: a prime side takes rows.
            (None, _) if random || regions.is_some() => {
                Shape::for_size(side).or_else(|| Shape::new(1, side).ok()).context("a side")?
            }
            (None, _) => Shape::for_size(side).with_context(|| {
                format!(
                    "--size {side}: a {side}x{side} grid has no boxes ({side} is prime); give \
                     --regions FILE, --regions random or --box 1x{side}"
                )
            })?,
        };
        let mut rules = match regions {
            Some(regions) => Rules::new(shape).with_regions(regions),
            None => Rules::new(shape),
        };
        for v in variants {
            rules = rules.with_variant(v);
        }
        let mut generator = Generator::new(rules)?
            .symmetry(args.symmetry.into())
            .minimal(args.minimal)
            .clues(args.clues)
            .rating(args.rating)
            // Threads the puzzles leave idle help each puzzle's checks.
            .threads(threads / (args.count.clamp(1, threads as u64) as usize));
        if random {
            generator = generator.random_regions();
        }
        if let Some(tries) = args.tries {
            generator = generator.tries(tries);
        }
        generator.check().context("--clues")?;
        let (seed, random_seed) = match args.seed {
            Some(seed) => (seed, false),
            None => (random_seed(), true),
        };
        Ok(GenerateConfig {
            generator,
            count: args.count,
            seed,
            random_seed,
            alphabet: Alphabet::default_for(side),
            threads,
            output: args.format.into(),
            stats: args.stats,
        })
    }
}

/// A seed from the standard library's per-process random keys (which the
/// operating system seeds).
fn random_seed() -> u64 {
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_u64(std::process::id().into());
    hasher.finish()
}
