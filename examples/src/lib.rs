//! Puzzles modelled as exact cover (work in progress).
