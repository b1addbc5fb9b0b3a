//! Where input comes from: a named file or stdin.

use std::fmt;
use std::fs::File;
use std::io::{self, BufRead, BufReader};
use std::path::{Path, PathBuf};

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

    /// Opens the input for buffered reading. The reader can be sent to
    /// another thread.
    pub fn open(&self) -> io::Result<Box<dyn BufRead + Send>> {
        match self {
            // `Stdin` (unlike its lock) can move between threads; it
            // buffers on its own, so a small outer buffer is enough.
            Input::Stdin => Ok(Box::new(BufReader::with_capacity(1 << 12, io::stdin()))),
            Input::File(path) => {
                let file = File::open(path)?;
                // Opening a directory succeeds on Unix; reading it fails
                // later with a less helpful message.
                if file.metadata()?.is_dir() {
                    return Err(io::Error::new(io::ErrorKind::IsADirectory, "is a directory"));
                }
                Ok(Box::new(BufReader::with_capacity(1 << 16, file)))
            }
        }
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
}
