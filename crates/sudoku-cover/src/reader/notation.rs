//! [`Notation`]: how a puzzle writes its cells, so that an answer can be
//! written the same way.

/// What separates the cells of a one-line puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Separator {
    /// Nothing: `4..3.1`.
    #[default]
    None,
    /// A space: `4 . . 3`, `10 . 3 16`.
    Space,
    /// A tab.
    Tab,
    /// A comma: `10,.,3,16`.
    Comma,
    /// A comma and a space: `10, ., 3, 16`.
    CommaSpace,
}

impl Separator {
    /// The separator as text.
    pub fn as_str(self) -> &'static str {
        match self {
            Separator::None => "",
            Separator::Space => " ",
            Separator::Tab => "\t",
            Separator::Comma => ",",
            Separator::CommaSpace => ", ",
        }
    }

    /// The separator that the text between two cells shows.
    pub(crate) fn of_gap(gap: &str) -> Separator {
        let comma = gap.contains(',');
        let space = gap.contains(' ');
        let tab = gap.contains('\t');
        match (comma, space, tab) {
            (true, false, false) => Separator::Comma,
            (true, _, _) => Separator::CommaSpace,
            (false, false, true) => Separator::Tab,
            (false, true, _) => Separator::Space,
            (false, false, false) => Separator::None,
        }
    }
}

/// How a puzzle writes its cells: symbols or the numbers form, and what
/// separates the cells of a one-line puzzle.
///
/// ```
/// use sudoku_cover::{Layout, PuzzleReader, Separator};
///
/// // A 4x4 on one line, its cells set apart by commas (`size` settles that
/// // 16 spaced cells make a puzzle, not a grid row).
/// let text = "1, ., 3, ., ., ., ., 2, ., ., ., ., ., ., ., .";
/// let puzzle = PuzzleReader::new(text.as_bytes()).size(4).next().unwrap()?;
/// assert_eq!(puzzle.layout, Layout::Line);
/// assert!(!puzzle.notation.numbers);
/// assert_eq!(puzzle.notation.separator, Separator::CommaSpace);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Notation {
    /// Whether the values are written in decimal (the numbers form,
    /// `10 . 3 16`), rather than as symbols of an alphabet.
    pub numbers: bool,
    /// What separates the cells of a one-line puzzle; [`Separator::None`]
    /// for a grid, whose rows are written the usual way.
    pub separator: Separator,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gaps() {
        assert_eq!(Separator::of_gap(""), Separator::None);
        assert_eq!(Separator::of_gap(" "), Separator::Space);
        assert_eq!(Separator::of_gap("   "), Separator::Space);
        assert_eq!(Separator::of_gap(","), Separator::Comma);
        assert_eq!(Separator::of_gap(" , "), Separator::CommaSpace);
        assert_eq!(Separator::of_gap("\t"), Separator::Tab);
        for s in [Separator::None, Separator::Space, Separator::Comma, Separator::CommaSpace] {
            assert_eq!(Separator::of_gap(s.as_str()), s);
        }
    }
}
