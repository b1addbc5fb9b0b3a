//! `dlx sudoku` (to come).
