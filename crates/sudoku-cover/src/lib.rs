//! Sudoku as exact cover (work in progress).
