//! Sudoku batches (in progress).
use crate::args::SudokuArgs;
use crate::config::SudokuConfig;
use crate::exit::ExitStatus;
use anyhow::Result;

/// The rules.
#[derive(Debug)]
pub struct RuleSpec;
impl RuleSpec {
    /// Builds the rules.
    pub fn new(_args: &SudokuArgs) -> Result<RuleSpec> {
        Ok(RuleSpec)
    }
}
/// Runs.
pub fn run(_c: &SudokuConfig) -> Result<ExitStatus> {
    Ok(ExitStatus::Success)
}
/// Temporary.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shape(usize, usize);
impl Shape {
    /// Temporary.
    pub const CLASSIC: Shape = Shape(3, 3);
    /// Temporary.
    pub fn new(r: usize, c: usize) -> Result<Shape, String> {
        if (4..=64).contains(&(r * c)) { Ok(Shape(r, c)) } else { Err("bad".into()) }
    }
}
