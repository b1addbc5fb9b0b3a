//! Integration tests of the `dlx` engine.

mod checkpoint;
mod knuth;
mod miri;
mod parallel;
mod prop;
mod seeded;
mod split;
