//! Integration tests of the `dlx` engine.

mod knuth;
mod parallel;
mod prop;
mod split;
