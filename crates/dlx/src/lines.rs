//! Lines of text read in bounded memory, for every reader of untrusted
//! input: [`read_line_capped`] stops at a cap instead of growing a buffer
//! without end, and [`skip_line`] passes over the rest of a long line
//! keeping none of it. `sudoku-cover`'s puzzle reader reads with them.

use std::io::{self, BufRead};

/// [`BufRead::fill_buf`] with a read interrupted by a signal tried again:
/// the reader's buffered bytes, read in if there were none (none at the
/// end of the input, which is never read past).
pub(crate) fn fill<R: BufRead>(reader: &mut R) -> io::Result<&[u8]> {
    let len = loop {
        match reader.fill_buf() {
            Ok(available) => break available.len(),
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    };
    if len == 0 {
        return Ok(&[]);
    }
    // Bytes are buffered: this returns them without reading.
    reader.fill_buf()
}

/// What [`read_line_capped`] found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineRead {
    /// The end of the input: nothing was read.
    End,
    /// A line, with its `\n` if it has one.
    Line,
    /// A line longer than the cap: what was read of it is dropped, the
    /// rest is still to be read.
    TooLong,
}

/// Appends the next line of `reader`, `\n` included, to `buf`, reading no
/// further than `max` bytes into it.
pub fn read_line_capped<R: BufRead>(
    reader: &mut R,
    buf: &mut Vec<u8>,
    max: usize,
) -> io::Result<LineRead> {
    let start = buf.len();
    loop {
        // Each `fill_buf` is a read when the buffer is empty: the end of a
        // terminal's input shows once, and must not be read past.
        let available = fill(reader)?;
        if available.is_empty() {
            return Ok(if buf.len() == start { LineRead::End } else { LineRead::Line });
        }
        let newline = memchr::memchr(b'\n', available);
        let text = newline.unwrap_or(available.len());
        if buf.len() - start + text > max {
            buf.truncate(start);
            return Ok(LineRead::TooLong);
        }
        let used = newline.map_or(text, |at| at + 1);
        buf.extend_from_slice(&available[..used]);
        reader.consume(used);
        if newline.is_some() {
            return Ok(LineRead::Line);
        }
    }
}

/// Skips the rest of a line, its `\n` included, keeping none of it;
/// `true` if it met the end of the input.
pub fn skip_line<R: BufRead>(reader: &mut R) -> io::Result<bool> {
    loop {
        let available = fill(reader)?;
        if available.is_empty() {
            return Ok(true);
        }
        match memchr::memchr(b'\n', available) {
            Some(at) => {
                reader.consume(at + 1);
                return Ok(false);
            }
            None => {
                let n = available.len();
                reader.consume(n);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_capped_and_skipped_in_bounded_memory() {
        let mut r = io::Cursor::new(&b"abc\ntoo long\nxy"[..]);
        let mut buf = Vec::new();
        assert_eq!(read_line_capped(&mut r, &mut buf, 4).unwrap(), LineRead::Line);
        assert_eq!(buf, b"abc\n");
        buf.clear();
        assert_eq!(read_line_capped(&mut r, &mut buf, 4).unwrap(), LineRead::TooLong);
        assert!(buf.is_empty());
        assert!(!skip_line(&mut r).unwrap());
        assert_eq!(read_line_capped(&mut r, &mut buf, 4).unwrap(), LineRead::Line);
        assert_eq!(buf, b"xy");
        buf.clear();
        assert_eq!(read_line_capped(&mut r, &mut buf, 4).unwrap(), LineRead::End);
        assert!(skip_line(&mut r).unwrap());
    }
}
