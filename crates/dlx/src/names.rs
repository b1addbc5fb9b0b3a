//! [`Names`]: the names of items or colors, interned in one buffer.
//!
//! A problem of ten million items must not cost a `String` and a hash-map
//! key per name (about 130 bytes each): the names live end to end in one
//! `String`, each known by where it ends (4 bytes), and the index from name
//! to number is a [`hashbrown::HashTable`] of those numbers alone (4 bytes
//! a slot), hashed by the text they point at. So a name costs its bytes
//! plus about 10.

use hashbrown::{DefaultHashBuilder, HashTable};
use std::hash::BuildHasher;

/// Names numbered 0, 1, 2, … in the order they were added, each found by
/// its text.
#[derive(Clone, Default)]
pub(crate) struct Names {
    text: String,
    /// Where each name ends in `text`.
    ends: Vec<u32>,
    index: HashTable<u32>,
    hasher: DefaultHashBuilder,
}

impl std::fmt::Debug for Names {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries((0..self.len()).map(|i| self.get(i))).finish()
    }
}

/// Why a name could not be added.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum AddError {
    /// The name is there already, with this number.
    Duplicate(usize),
    /// The names would hold more than 4 GiB of text.
    TooLarge,
}

impl Names {
    /// The number of names.
    pub(crate) fn len(&self) -> usize {
        self.ends.len()
    }

    /// The name numbered `i`.
    pub(crate) fn get(&self, i: usize) -> &str {
        let (start, end) = bounds(&self.ends, i);
        &self.text[start..end]
    }

    /// The number of this name.
    pub(crate) fn find(&self, name: &str) -> Option<usize> {
        self.find_bytes(name.as_bytes())
    }

    /// The number of the name with these bytes (which need not be UTF-8:
    /// then none is found).
    pub(crate) fn find_bytes(&self, name: &[u8]) -> Option<usize> {
        let hash = self.hasher.hash_one(name);
        let (text, ends) = (self.text.as_bytes(), &self.ends[..]);
        self.index.find(hash, |&i| nth(text, ends, i as usize) == name).map(|&i| i as usize)
    }

    /// Adds a name, numbered [`len`](Self::len) before the call. A name
    /// that is there already, or that would take the text past 4 GiB (then
    /// kept empty), is numbered all the same, so that numbers stay in step
    /// with the caller's, but is not found by its text: the error says why.
    pub(crate) fn add(&mut self, name: &str) -> Result<usize, AddError> {
        let i = self.len();
        let Ok(end) = u32::try_from(self.text.len() + name.len()) else {
            self.ends.push(self.ends.last().copied().unwrap_or(0));
            return Err(AddError::TooLarge);
        };
        let duplicate = self.find(name);
        self.text.push_str(name);
        self.ends.push(end);
        if let Some(j) = duplicate {
            return Err(AddError::Duplicate(j));
        }
        let hash = self.hasher.hash_one(name.as_bytes());
        let Names { text, ends, index, hasher } = self;
        let rehash = |&j: &u32| hasher.hash_one(nth(text.as_bytes(), ends, j as usize));
        index.insert_unique(hash, i as u32, rehash);
        Ok(i)
    }

    /// Drops the spare capacity of the growing phase.
    pub(crate) fn shrink_to_fit(&mut self) {
        self.text.shrink_to_fit();
        self.ends.shrink_to_fit();
        let Names { text, ends, index, hasher } = self;
        index.shrink_to_fit(|&j| hasher.hash_one(nth(text.as_bytes(), ends, j as usize)));
    }
}

/// Where the name numbered `i` starts and ends in the text cut at `ends`.
fn bounds(ends: &[u32], i: usize) -> (usize, usize) {
    let start = if i == 0 { 0 } else { ends[i - 1] as usize };
    (start, ends[i] as usize)
}

/// The bytes of the name numbered `i` of `text` cut at `ends` (bytes, so
/// that no character boundary is checked on the way to a comparison).
fn nth<'a>(text: &'a [u8], ends: &[u32], i: usize) -> &'a [u8] {
    let (start, end) = bounds(ends, i);
    &text[start..end]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_numbered_found_and_unique() {
        let mut names = Names::default();
        let n = if cfg!(miri) { 300 } else { 5000 };
        let words: Vec<String> = (0..n).map(|i| format!("n{i}")).collect();
        for (i, w) in words.iter().enumerate() {
            assert_eq!(names.add(w), Ok(i));
        }
        assert_eq!(names.add(""), Ok(n));
        assert_eq!(names.add("n17"), Err(AddError::Duplicate(17)));
        assert_eq!((names.len(), names.get(n + 1), names.find("n17")), (n + 2, "n17", Some(17)));
        names.shrink_to_fit();
        for (i, w) in words.iter().enumerate() {
            assert_eq!((names.get(i), names.find(w)), (w.as_str(), Some(i)));
        }
        assert_eq!((names.find(""), names.get(n)), (Some(n), ""));
        assert_eq!(names.find(&format!("n{n}")), None);
    }
}
