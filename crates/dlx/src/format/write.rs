//! [`Problem::write_knuth`]: a problem back in Knuth's format.

use std::io::{self, Write};

use super::valid_name;
use crate::id::ItemId;
use crate::problem::Problem;

impl Problem {
    /// Writes the problem in Knuth's format, an option's cost (if not 0)
    /// as a last entry `|n` (DLX5's form); reading it back gives the same
    /// problem (a first item name that starts with U+FEFF, which reads as a
    /// byte-order mark, gets one written before it). Fails with [`io::ErrorKind::InvalidInput`] if a name cannot
    /// be written (it is empty or holds a blank, `:` or `|`), an option is
    /// empty, or there is no primary item.
    pub fn write_knuth<W: Write>(&self, mut w: W) -> io::Result<()> {
        let bad = |what: &str| io::Error::new(io::ErrorKind::InvalidInput, what.to_owned());
        if self.num_primary() == 0 {
            // The item line would start with `|`, which reads as a comment.
            return Err(bad("a problem without primary items cannot be written"));
        }
        let mut line = String::new();
        let items: Vec<ItemId> = self.items().collect();
        for pass in [true, false] {
            for &item in items.iter().filter(|&&i| self.is_primary(i) == pass) {
                let name = self.item_name(item);
                if !valid_name(name) {
                    return Err(bad(&format!("item name `{name}` cannot be written")));
                }
                if !line.is_empty() {
                    line.push(' ');
                }
                match self.bounds(item) {
                    Some(b) if b.lo == b.hi && b.hi != 1 => line.push_str(&format!("{}|", b.hi)),
                    Some(b) if b.lo != b.hi => line.push_str(&format!("{}:{}|", b.lo, b.hi)),
                    _ => {}
                }
                line.push_str(name);
            }
            if pass && self.num_secondary() > 0 {
                line.push_str(" |");
            }
        }
        if line.starts_with('\u{feff}') {
            // The reader drops a byte-order mark at the start of the text:
            // one written first keeps the first name whole.
            w.write_all("\u{feff}".as_bytes())?;
        }
        writeln!(w, "{line}")?;
        for c in 0..self.num_colors() {
            let name = self.color_name(crate::id::ColorId::new(c));
            if !valid_name(name) {
                return Err(bad(&format!("color `{name}` cannot be written")));
            }
        }
        // Written as they go, no `String` an option: a problem's
        // fingerprint hashes this text whenever a search stops with its
        // tree open.
        for o in self.options() {
            if self.option(o).is_empty() {
                return Err(bad(&format!("option {o} is empty")));
            }
            self.write_option(o, &mut w)?;
            match self.cost(o) {
                0 => w.write_all(b"\n")?,
                cost => writeln!(w, " |{cost}")?,
            }
        }
        Ok(())
    }
}
