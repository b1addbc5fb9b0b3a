//! Integration tests of the `dlx` engine.

mod knuth;
mod prop;
