//! Standard output: [`Out`], buffered, with whole records.

use std::io::{self, IsTerminal, Stdout, Write};

use serde::Serialize;

/// The bytes kept before they are written to stdout.
const CAPACITY: usize = 1 << 16;

/// Buffered stdout. On a terminal every record (a solution, a puzzle's
/// answer) is flushed as soon as it is complete, so that the answers to
/// puzzles typed by hand appear at once and never mix with a progress bar;
/// into a pipe or a file it is written in large blocks. A record can be
/// written straight into the buffer ([`append`](Self::append)), with no
/// copy on the way. Whatever is left is written when it is dropped. It
/// may move between threads (a batch's workers take turns writing), so
/// stdout is locked for each block written, not for the whole run.
#[derive(Debug)]
pub struct Out {
    buf: Vec<u8>,
    w: Stdout,
    terminal: bool,
}

impl Out {
    /// Writes to stdout.
    pub fn new() -> Out {
        let stdout = io::stdout();
        let terminal = stdout.is_terminal();
        Out { buf: Vec::with_capacity(CAPACITY), w: stdout, terminal }
    }

    /// Lets `write` append to the buffer (the bytes it appends go out in
    /// order with the rest), and returns what it returned.
    pub fn append<R>(&mut self, write: impl FnOnce(&mut Vec<u8>) -> R) -> io::Result<R> {
        let r = write(&mut self.buf);
        self.spill()?;
        Ok(r)
    }

    /// Ends a record: flushes on a terminal.
    pub fn end_record(&mut self) -> io::Result<()> {
        if self.terminal { self.flush() } else { Ok(()) }
    }

    /// Writes one record of JSON Lines: the object on one line.
    pub fn json_line(&mut self, value: &impl Serialize) -> io::Result<()> {
        let line = serde_json::to_vec(value).map_err(io::Error::other)?;
        self.buf.extend_from_slice(&line);
        self.buf.push(b'\n');
        self.spill()?;
        self.end_record()
    }

    /// Writes the buffer out once it holds [`CAPACITY`] bytes.
    fn spill(&mut self) -> io::Result<()> {
        if self.buf.len() >= CAPACITY { self.write_buffer() } else { Ok(()) }
    }

    /// Writes the buffer to stdout and empties it (even if the write
    /// failed: a closed pipe is not tried again).
    fn write_buffer(&mut self) -> io::Result<()> {
        if self.buf.is_empty() {
            return Ok(());
        }
        let written = self.w.lock().write_all(&self.buf);
        self.buf.clear();
        written
    }
}

impl Write for Out {
    #[inline]
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.write_all(buf)?;
        Ok(buf.len())
    }

    #[inline]
    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.buf.extend_from_slice(buf);
        self.spill()
    }

    fn flush(&mut self) -> io::Result<()> {
        self.write_buffer()?;
        self.w.lock().flush()
    }
}

impl Drop for Out {
    fn drop(&mut self) {
        let _ = self.write_buffer();
    }
}
