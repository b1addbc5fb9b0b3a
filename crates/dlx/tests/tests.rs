//! Integration tests of the `dlx` engine.

mod bounded;
mod builder;
mod checkpoint;
mod colors;
mod cost;
mod dense;
mod knuth;
mod memo;
mod miri;
mod multiplicities;
mod parallel;
mod progress;
mod prop;
mod seeded;
mod split;
mod weighted;
