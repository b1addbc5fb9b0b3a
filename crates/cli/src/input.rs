//! Where input comes from: a named file or stdin, plain or compressed.
//!
//! [`Input::open`] looks at the first bytes of what it opens, whatever the
//! file is called: gzip and zstd data, known by their magic numbers, are
//! decompressed as they are read, so every command reads `puzzles.txt.gz`,
//! or `gzip -c` piped into it, as it reads plain text. The first bytes are
//! only peeked at, never consumed, so plain text reaches the command whole.
//! xz data is recognised only to say that it is not supported.
//!
//! A UTF-8 byte-order mark (EF BB BF), which some editors put at the start
//! of a text file, is skipped (after decompression), so that no command
//! takes it for part of the first line.
//!
//! Data that is not what its magic number promised is an error:
//! `invalid gzip data: ...`, at once if the first block is bad, and as a
//! read error of the line it breaks otherwise. Errors of the file itself
//! (a disk error) keep their own message.
//!
//! When a command is about to read stdin and stdin is a terminal, a hint
//! ([`typing_hint`]) goes to stderr first, so that `dlx count` without a
//! file does not seem to hang.

use std::error::Error;
use std::fmt;
use std::fs::File;
use std::io::{self, BufRead, BufReader, IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};

/// One input: a file, or stdin (named `-` on the command line).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Input {
    /// The standard input, shown as `<stdin>` in messages.
    Stdin,
    /// A file.
    File(PathBuf),
}

impl Input {
    /// `-` means stdin, anything else a file.
    pub fn from_path(path: &Path) -> Input {
        if path.as_os_str() == "-" { Input::Stdin } else { Input::File(path.to_owned()) }
    }

    /// The input of a command that takes at most one file.
    pub fn from_optional(path: Option<&Path>) -> Input {
        path.map_or(Input::Stdin, Input::from_path)
    }

    /// The inputs a command names, or stdin when it names none.
    pub fn list(paths: &[PathBuf]) -> Vec<Input> {
        if paths.is_empty() {
            vec![Input::Stdin]
        } else {
            paths.iter().map(|p| Input::from_path(p)).collect()
        }
    }

    /// Whether the input is a file whose first bytes say it is compressed
    /// (or that cannot be read): its size then says little about its text.
    pub fn is_compressed_file(&self) -> bool {
        let Input::File(path) = self else { return false };
        let mut start = [0u8; MAGIC_LEN];
        let mut read = 0;
        let Ok(mut file) = File::open(path) else { return true };
        while read < MAGIC_LEN {
            match file.read(&mut start[read..]) {
                Ok(0) => break,
                Ok(n) => read += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(_) => return true,
            }
        }
        Encoding::sniff(&start[..read], true) != Some(Encoding::Plain)
    }

    /// Opens the input for buffered reading, decompressing gzip and zstd
    /// data and skipping a byte-order mark (see the [module docs](self)).
    /// The reader can be sent to another thread.
    ///
    /// Opening stdin when it is a terminal first prints the [`typing_hint`]
    /// to stderr, once per run.
    pub fn open(&self) -> io::Result<Box<dyn BufRead + Send>> {
        let raw: Box<dyn BufRead + Send> = match self {
            // `Stdin` (unlike its lock) can move between threads; it
            // buffers on its own, so a small outer buffer is enough.
            Input::Stdin => {
                hint_if_typing();
                Box::new(BufReader::with_capacity(1 << 12, io::stdin()))
            }
            Input::File(path) => {
                let file = File::open(path)?;
                // Opening a directory succeeds on Unix; reading it fails
                // later with a less helpful message.
                if file.metadata()?.is_dir() {
                    return Err(io::Error::new(io::ErrorKind::IsADirectory, "is a directory"));
                }
                Box::new(BufReader::with_capacity(1 << 16, file))
            }
        };
        without_bom(decompressed(raw)?)
    }
}

impl fmt::Display for Input {
    /// The name used in messages: the path as given, or `<stdin>`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Input::Stdin => f.write_str("<stdin>"),
            Input::File(path) => write!(f, "{}", path.display()),
        }
    }
}

/// The command being run, as `dlx sudoku solve`: the hint for typed input
/// points to its `--help`.
static COMMAND: OnceLock<String> = OnceLock::new();

/// Whether the hint for typed input has been printed.
static HINTED: AtomicBool = AtomicBool::new(false);

/// Names the command being run (`dlx count`, `dlx sudoku solve`), for the
/// hint printed when it reads stdin from a terminal. Only the first call
/// counts.
pub fn set_command(name: String) {
    let _ = COMMAND.set(name);
}

/// The hint printed to stderr when `command` (`dlx count`) starts reading
/// stdin and stdin is a terminal: without it, a command given no file seems
/// to hang. The one place this text is written.
pub fn typing_hint(command: &str) -> String {
    let what = match command.split(' ').nth(1) {
        Some("sudoku") => "puzzles",
        Some("sum") => "counts",
        _ => "the problem",
    };
    let end = if cfg!(windows) { "Ctrl-Z, Enter" } else { "Ctrl-D" };
    format!("dlx: reading {what} from standard input (end with {end}); see {command} --help")
}

/// Prints the [`typing_hint`] if stdin is a terminal, once per run.
fn hint_if_typing() {
    if io::stdin().is_terminal() && !HINTED.swap(true, Ordering::Relaxed) {
        let command = COMMAND.get().map_or("dlx", String::as_str);
        // A closed stderr is no reason to fail (`eprintln!` would panic).
        let _ = writeln!(io::stderr(), "{}", typing_hint(command));
    }
}

/// How an input's bytes are encoded, told by its first bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Encoding {
    /// Anything else: read as it is.
    Plain,
    /// gzip (RFC 1952), one member or several one after the other.
    Gzip,
    /// Zstandard (RFC 8878), one frame or several.
    Zstd,
    /// xz, which is recognised only to say that it is not supported.
    Xz,
}

/// The magic number each compressed encoding starts with. None of them is
/// valid UTF-8, so no text is ever taken for compressed data.
const MAGIC: [(Encoding, &[u8]); 3] = [
    (Encoding::Gzip, &[0x1f, 0x8b]),
    (Encoding::Zstd, &[0x28, 0xb5, 0x2f, 0xfd]),
    (Encoding::Xz, &[0xfd, b'7', b'z', b'X', b'Z', 0x00]),
];

/// The longest magic number.
const MAGIC_LEN: usize = 6;

impl Encoding {
    /// The encoding of data that starts with `start`, or `None` when more
    /// bytes are needed to tell (`start` is a proper prefix of a magic
    /// number and the data may go on).
    fn sniff(start: &[u8], at_end: bool) -> Option<Encoding> {
        let mut undecided = false;
        for (encoding, magic) in MAGIC {
            if start.starts_with(magic) {
                return Some(encoding);
            }
            undecided |= magic.starts_with(start);
        }
        if undecided && !at_end { None } else { Some(Encoding::Plain) }
    }

    /// The name in messages.
    fn name(self) -> &'static str {
        match self {
            Encoding::Plain => "plain",
            Encoding::Gzip => "gzip",
            Encoding::Zstd => "zstd",
            Encoding::Xz => "xz",
        }
    }
}

/// `reader`, decompressed if its first bytes say it is compressed.
fn decompressed(mut reader: Box<dyn BufRead + Send>) -> io::Result<Box<dyn BufRead + Send>> {
    // Usually the first `fill_buf` holds enough bytes to tell, and nothing
    // is consumed. A pipe may deliver fewer: the bytes that start like a
    // magic number are then taken out, kept, and put back in front.
    let mut held = Vec::new();
    let ended;
    let encoding = loop {
        let buf = match reader.fill_buf() {
            Ok(buf) => buf,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        let at_end = buf.is_empty();
        let decided = if held.is_empty() {
            Encoding::sniff(buf, at_end)
        } else {
            let mut start = held.clone();
            start.extend_from_slice(&buf[..buf.len().min(MAGIC_LEN)]);
            Encoding::sniff(&start, at_end)
        };
        if let Some(encoding) = decided {
            ended = at_end;
            break encoding;
        }
        held.extend_from_slice(buf);
        let n = buf.len();
        reader.consume(n);
    };
    // Past its end, the input is never read again: the end of a terminal's
    // input shows once, and another read would wait for more typing.
    let reader: Box<dyn BufRead + Send> = if ended {
        Box::new(io::Cursor::new(held))
    } else if held.is_empty() {
        reader
    } else {
        Box::new(io::Cursor::new(held).chain(reader))
    };
    match encoding {
        Encoding::Plain => Ok(reader),
        Encoding::Gzip => decoder(flate2::bufread::MultiGzDecoder::new(Source(reader)), encoding),
        Encoding::Zstd => {
            decoder(zstd::stream::read::Decoder::with_buffer(Source(reader))?, encoding)
        }
        Encoding::Xz => Err(io::Error::new(
            io::ErrorKind::Unsupported,
            "xz-compressed data is not supported, only gzip and zstd: decompress it first \
             (`xz -dc FILE | dlx ...`)",
        )),
    }
}

/// The UTF-8 byte-order mark.
const BOM: &[u8] = b"\xef\xbb\xbf";

/// `reader` without the byte-order mark it may start with.
fn without_bom(mut reader: Box<dyn BufRead + Send>) -> io::Result<Box<dyn BufRead + Send>> {
    // As in `decompressed`: the bytes of a mark cut short by a slow pipe
    // are taken out and kept, and put back if they are no mark after all.
    let mut held = Vec::new();
    loop {
        let buf = match reader.fill_buf() {
            Ok(buf) => buf,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            // The end, which is not to be read again (see `decompressed`).
            return Ok(Box::new(io::Cursor::new(held)));
        }
        let rest = &BOM[held.len()..];
        let n = buf.len().min(rest.len());
        if buf[..n] != rest[..n] {
            break;
        }
        held.extend_from_slice(&buf[..n]);
        reader.consume(n);
        if held == BOM {
            return Ok(reader);
        }
    }
    Ok(if held.is_empty() { reader } else { Box::new(io::Cursor::new(held).chain(reader)) })
}

/// A buffered reader of what `decoder` decompresses. The first block is
/// decompressed at once, so that data that is not what its magic number
/// promised fails here, with a message naming no line.
fn decoder(
    decoder: impl Read + Send + 'static,
    encoding: Encoding,
) -> io::Result<Box<dyn BufRead + Send>> {
    let mut reader = BufReader::with_capacity(1 << 16, Decoded { decoder, encoding });
    loop {
        match reader.fill_buf() {
            Ok(_) => return Ok(Box::new(reader)),
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        }
    }
}

/// A decompressing reader whose errors say what was wrong with the data:
/// `invalid gzip data: ...` (errors of the compressed input itself pass
/// through as they are).
struct Decoded<D> {
    decoder: D,
    encoding: Encoding,
}

impl<D: Read> Read for Decoded<D> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.decoder.read(buf).map_err(|e| {
            if e.kind() == io::ErrorKind::Interrupted {
                return e;
            }
            let message = e.to_string();
            match e.into_inner().map(|inner| inner.downcast::<SourceError>()) {
                Some(Ok(source)) => source.0,
                // Not `InvalidData`, which readers take for bad UTF-8.
                _ => io::Error::other(format!("invalid {} data: {message}", self.encoding.name())),
            }
        })
    }
}

/// The compressed input under a decoder. Its errors are marked as
/// [`SourceError`]s, so that a failed read of the file is not taken for
/// bad compressed data.
struct Source<R>(R);

/// An error reading the compressed input, passed through the decoder.
#[derive(Debug)]
struct SourceError(io::Error);

impl fmt::Display for SourceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl Error for SourceError {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        Some(&self.0)
    }
}

/// Marks an error of the compressed input (retries stay plain).
fn mark(e: io::Error) -> io::Error {
    if e.kind() == io::ErrorKind::Interrupted {
        e
    } else {
        io::Error::new(e.kind(), SourceError(e))
    }
}

impl<R: BufRead> Read for Source<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.0.read(buf).map_err(mark)
    }
}

impl<R: BufRead> BufRead for Source<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        self.0.fill_buf().map_err(mark)
    }

    fn consume(&mut self, n: usize) {
        self.0.consume(n);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_directory_is_not_an_input() {
        let dir = Input::File(std::env::temp_dir());
        let err = dir.open().err().expect("an error");
        assert_eq!(err.to_string(), "is a directory");
    }

    #[test]
    fn dash_and_nothing_mean_stdin() {
        assert_eq!(Input::list(&[]), [Input::Stdin]);
        let list = Input::list(&[PathBuf::from("-"), PathBuf::from("a.txt")]);
        assert_eq!(list, [Input::Stdin, Input::File("a.txt".into())]);
        assert_eq!(list[0].to_string(), "<stdin>");
        assert_eq!(list[1].to_string(), "a.txt");
    }

    fn gzip(data: &[u8]) -> Vec<u8> {
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        gz.write_all(data).unwrap();
        gz.finish().unwrap()
    }

    fn read_all(bytes: Vec<u8>) -> io::Result<Vec<u8>> {
        let mut out = Vec::new();
        without_bom(decompressed(Box::new(io::Cursor::new(bytes)))?)?.read_to_end(&mut out)?;
        Ok(out)
    }

    /// A reader that hands out one byte per read, as a slow pipe may.
    struct Trickle(io::Cursor<Vec<u8>>);

    impl Read for Trickle {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let n = buf.len().min(1);
            self.0.read(&mut buf[..n])
        }
    }

    fn read_trickled(bytes: Vec<u8>) -> io::Result<Vec<u8>> {
        let reader = BufReader::with_capacity(1, Trickle(io::Cursor::new(bytes)));
        let mut out = Vec::new();
        without_bom(decompressed(Box::new(reader))?)?.read_to_end(&mut out)?;
        Ok(out)
    }

    #[test]
    fn encodings_are_told_by_their_first_bytes() {
        assert_eq!(Encoding::sniff(b"A B C\n", false), Some(Encoding::Plain));
        assert_eq!(Encoding::sniff(&[0x1f, 0x8b, 8], false), Some(Encoding::Gzip));
        assert_eq!(Encoding::sniff(&[0x28, 0xb5, 0x2f, 0xfd], false), Some(Encoding::Zstd));
        assert_eq!(Encoding::sniff(b"\xfd7zXZ\0", false), Some(Encoding::Xz));
        // A start of a magic number needs more bytes, unless there are none.
        assert_eq!(Encoding::sniff(&[0x1f], false), None);
        assert_eq!(Encoding::sniff(&[0x1f], true), Some(Encoding::Plain));
        assert_eq!(Encoding::sniff(b"", false), None);
        assert_eq!(Encoding::sniff(b"", true), Some(Encoding::Plain));
        assert_eq!(Encoding::sniff(b"(", false), None);
        assert_eq!(Encoding::sniff(b"(A", false), Some(Encoding::Plain));
    }

    #[test]
    fn plain_and_compressed_read_the_same() {
        let text = b"A B C\nA B\nC\n".repeat(1000);
        assert_eq!(read_all(text.clone()).unwrap(), text);
        assert_eq!(read_all(gzip(&text)).unwrap(), text);
        assert_eq!(read_all(zstd::encode_all(&text[..], 3).unwrap()).unwrap(), text);
        // Concatenated members and frames, as `cat a.gz b.gz` makes.
        let twice = [gzip(b"1\n"), gzip(b"2\n")].concat();
        assert_eq!(read_all(twice).unwrap(), b"1\n2\n");
        let twice =
            [zstd::encode_all(&b"1\n"[..], 1).unwrap(), zstd::encode_all(&b"2\n"[..], 1).unwrap()]
                .concat();
        assert_eq!(read_all(twice).unwrap(), b"1\n2\n");
        assert_eq!(read_all(Vec::new()).unwrap(), b"");
        assert_eq!(read_all(vec![0x1f]).unwrap(), [0x1f]);
    }

    #[test]
    fn bytes_that_trickle_in_are_all_read() {
        let text = b"(A B) C\n".repeat(100);
        assert_eq!(read_trickled(text.clone()).unwrap(), text);
        assert_eq!(read_trickled(gzip(&text)).unwrap(), text);
        assert_eq!(read_trickled(vec![0x28, 0xb5]).unwrap(), [0x28, 0xb5]);
    }

    #[test]
    fn a_byte_order_mark_is_skipped_compressed_or_not() {
        let text = b"A B\nA\n".to_vec();
        let marked = [BOM, &text].concat();
        assert_eq!(read_all(marked.clone()).unwrap(), text);
        assert_eq!(read_trickled(marked.clone()).unwrap(), text);
        assert_eq!(read_all(gzip(&marked)).unwrap(), text);
        assert_eq!(read_trickled(gzip(&marked)).unwrap(), text);
        assert_eq!(read_all(BOM.to_vec()).unwrap(), b"");
        // Only one mark, only at the start; anything like it is kept.
        let twice = [BOM, BOM, b"A"].concat();
        assert_eq!(read_all(twice).unwrap(), [BOM, b"A"].concat());
        let inside = [b"A", BOM].concat();
        assert_eq!(read_all(inside.clone()).unwrap(), inside);
        for cut in [&BOM[..1], &BOM[..2], b"\xef\xbbA", b"\xefA"] {
            assert_eq!(read_all(cut.to_vec()).unwrap(), cut);
            assert_eq!(read_trickled(cut.to_vec()).unwrap(), cut);
        }
    }

    /// A terminal's end of input shows once; a read after it would wait
    /// for more typing.
    #[test]
    fn the_end_of_input_is_read_once() {
        struct EndsOnce(Vec<u8>, bool);
        impl Read for EndsOnce {
            fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
                if !self.0.is_empty() {
                    let n = self.0.len().min(buf.len()).min(1);
                    buf[..n].copy_from_slice(&self.0[..n]);
                    self.0.drain(..n);
                    return Ok(n);
                }
                assert!(!self.1, "read past the end of input");
                self.1 = true;
                Ok(0)
            }
        }
        for typed in [&b""[..], b"\xef", b"\xef\xbb", BOM, b"\x1f", b"(\xb5", b"A\n"] {
            let reader = BufReader::with_capacity(1, EndsOnce(typed.to_vec(), false));
            let mut out = Vec::new();
            without_bom(decompressed(Box::new(reader)).unwrap())
                .unwrap()
                .read_to_end(&mut out)
                .unwrap();
            let expected = if typed == BOM { &b""[..] } else { typed };
            assert_eq!(out, expected);
        }
    }

    #[test]
    fn bad_compressed_data_is_named() {
        let message = |bytes: Vec<u8>| read_all(bytes).expect_err("an error").to_string();
        let mut bad = gzip(b"A B\n");
        bad.truncate(12);
        assert!(message(bad).starts_with("invalid gzip data: "));
        let mut corrupt = gzip(&b"A B\n".repeat(100));
        let n = corrupt.len();
        corrupt[n - 6] ^= 0xff; // the checksum
        assert!(message(corrupt).starts_with("invalid gzip data: "));
        let msg = message(vec![0x28, 0xb5, 0x2f, 0xfd, 0, 0, 0, 0, 0, 0]);
        assert!(msg.starts_with("invalid zstd data: "), "{msg}");
        assert!(
            message(b"\xfd7zXZ\0rest".to_vec()).starts_with("xz-compressed data is not supported")
        );
        // Whatever went wrong, it is never taken for bad UTF-8.
        let err = read_all(gzip(b"A").into_iter().take(15).collect()).unwrap_err();
        assert_ne!(err.kind(), io::ErrorKind::InvalidData);
    }

    #[test]
    fn errors_of_the_compressed_input_keep_their_message() {
        struct Failing;
        impl Read for Failing {
            fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
                Err(io::Error::other("the disk is on fire"))
            }
        }
        let start = io::Cursor::new(vec![0x1f, 0x8b]).chain(BufReader::new(Failing));
        let err = decompressed(Box::new(start)).err().expect("an error");
        assert_eq!(err.to_string(), "the disk is on fire");
    }

    #[test]
    fn the_hint_names_what_is_read_and_the_help() {
        assert_eq!(
            typing_hint("dlx count"),
            if cfg!(windows) {
                "dlx: reading the problem from standard input (end with Ctrl-Z, Enter); see dlx count --help"
            } else {
                "dlx: reading the problem from standard input (end with Ctrl-D); see dlx count --help"
            }
        );
        assert!(typing_hint("dlx sudoku solve").starts_with("dlx: reading puzzles from"));
        assert!(typing_hint("dlx sudoku solve").ends_with("see dlx sudoku solve --help"));
        assert!(typing_hint("dlx sum").starts_with("dlx: reading counts from"));
    }
}
