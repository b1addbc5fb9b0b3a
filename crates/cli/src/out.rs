//! Standard output: [`Out`], buffered, with whole records.

use std::io::{self, BufWriter, IsTerminal, StdoutLock, Write};

use serde::Serialize;

/// Buffered stdout. On a terminal every record (a solution, a puzzle's
/// answer) is flushed as soon as it is complete, so that the answers to
/// puzzles typed by hand appear at once and never mix with a progress bar;
/// into a pipe or a file it is written in large blocks.
#[derive(Debug)]
pub struct Out {
    w: BufWriter<StdoutLock<'static>>,
    terminal: bool,
}

impl Out {
    /// Locks stdout for the rest of the run.
    pub fn new() -> Out {
        let stdout = io::stdout();
        let terminal = stdout.is_terminal();
        Out { w: BufWriter::with_capacity(1 << 16, stdout.lock()), terminal }
    }

    /// Ends a record: flushes on a terminal.
    pub fn end_record(&mut self) -> io::Result<()> {
        if self.terminal { self.w.flush() } else { Ok(()) }
    }

    /// Writes one record of JSON Lines: the object on one line.
    pub fn json_line(&mut self, value: &impl Serialize) -> io::Result<()> {
        serde_json::to_writer(&mut self.w, value)?;
        self.w.write_all(b"\n")?;
        self.end_record()
    }
}

impl Write for Out {
    #[inline]
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.w.write(buf)
    }

    #[inline]
    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.w.write_all(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.w.flush()
    }
}
