//! [`Error`]: a mistake in a puzzle's input, with where it is.
//!
//! Boards, piece sets, word lists and rotas are read from text. When the
//! text is wrong the error names the line and column (both one-based) and,
//! once the caller attaches it with [`Error::in_file`], the file.

use std::fmt;

/// A mistake in a puzzle's input (or a model the engine rejects).
///
/// ```
/// use dlx_examples::polyomino::Board;
///
/// let err = Board::parse("##\n#x\n").unwrap_err();
/// assert_eq!((err.line(), err.column()), (Some(2), Some(2)));
/// assert_eq!(err.to_string(), "2:2: unexpected character `x` (a board has `#` for a cell and `.` for a hole)");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    file: Option<String>,
    position: Option<(usize, usize)>,
    message: String,
}

impl Error {
    /// An error with no position.
    pub(crate) fn new(message: impl Into<String>) -> Error {
        Error { file: None, position: None, message: message.into() }
    }

    /// An error at a one-based line and column.
    pub(crate) fn at(line: usize, column: usize, message: impl Into<String>) -> Error {
        Error { file: None, position: Some((line, column)), message: message.into() }
    }

    /// The same error, said to be in the named file.
    pub fn in_file(mut self, file: impl Into<String>) -> Error {
        self.file = Some(file.into());
        self
    }

    /// The one-based line of the mistake, if it has one.
    pub fn line(&self) -> Option<usize> {
        self.position.map(|(line, _)| line)
    }

    /// The one-based column of the mistake, if it has one.
    pub fn column(&self) -> Option<usize> {
        self.position.map(|(_, column)| column)
    }

    /// What is wrong, without the position.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(file) = &self.file {
            write!(f, "{file}:")?;
        }
        if let Some((line, column)) = self.position {
            write!(f, "{line}:{column}:")?;
        }
        if self.file.is_some() || self.position.is_some() {
            f.write_str(" ")?;
        }
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}

impl From<dlx::Error> for Error {
    fn from(e: dlx::Error) -> Error {
        Error::new(format!("the exact-cover model is invalid: {e}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_has_file_position_and_message() {
        assert_eq!(Error::new("oops").to_string(), "oops");
        assert_eq!(Error::at(3, 4, "oops").to_string(), "3:4: oops");
        assert_eq!(Error::at(3, 4, "oops").in_file("a.txt").to_string(), "a.txt:3:4: oops");
        assert_eq!(Error::new("oops").in_file("a.txt").to_string(), "a.txt: oops");
    }
}
