//! [`Entry`] and [`Bounds`]: the facts a problem is made of, an option's
//! entries and a primary item's multiplicity. A leaf module, so that the
//! problem, its arena and the engines share them without importing one
//! another.

use smallvec::SmallVec;

use crate::id::{ColorId, ItemId};

/// One entry of an option: an item and, for a secondary item, an optional color.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Entry {
    /// The item this entry covers.
    pub item: ItemId,
    /// The color given to the item, if any (secondary items only).
    pub color: Option<ColorId>,
}

/// The entries of one option while it is assembled (parsed, or read off a
/// search): most options are short enough to stay inline.
pub(crate) type OptionEntries = SmallVec<[Entry; 16]>;

impl From<ItemId> for Entry {
    #[inline]
    fn from(item: ItemId) -> Self {
        Entry { item, color: None }
    }
}

impl From<(ItemId, ColorId)> for Entry {
    #[inline]
    fn from((item, color): (ItemId, ColorId)) -> Self {
        Entry { item, color: Some(color) }
    }
}

impl From<(ItemId, Option<ColorId>)> for Entry {
    #[inline]
    fn from((item, color): (ItemId, Option<ColorId>)) -> Self {
        Entry { item, color }
    }
}

/// How often a primary item must be covered: between `lo` and `hi` times.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Bounds {
    /// The least number of chosen options that contain the item.
    pub lo: u32,
    /// The most number of chosen options that contain the item.
    pub hi: u32,
}

impl Bounds {
    /// Exactly once: the bounds of an ordinary primary item.
    pub const ONCE: Bounds = Bounds { lo: 1, hi: 1 };
}
