//! Small, limit-checked `u32` indices.
//!
//! [`ItemId`] names an item (a column of the exact-cover matrix), [`OptionId`]
//! an option (a row) and [`ColorId`] a color on a secondary item. All three are
//! `u32` newtypes: they keep the arena compact and can never be confused with
//! one another. Their numbering is the order in which the items, options and
//! colors were added to a [`ProblemBuilder`](crate::ProblemBuilder) (or read
//! from Knuth's text format), starting at zero.

use std::fmt;

/// The largest number of items, options, colors or nodes a problem may hold.
///
/// Links are stored as `u32`; a few values at the top of the range are kept
/// free as sentinels.
pub const MAX_INDEX: usize = (u32::MAX - 2) as usize;

macro_rules! define_id {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
        pub struct $name(u32);

        impl $name {
            /// Creates an id from a zero-based index.
            ///
            /// # Panics
            ///
            /// Panics if `index` exceeds [`MAX_INDEX`].
            #[inline]
            pub fn new(index: usize) -> Self {
                assert!(index <= MAX_INDEX, "index {index} too large for {}", stringify!($name));
                Self(index as u32)
            }

            /// Creates an id from a zero-based index, or `None` if it is too large.
            #[inline]
            pub fn try_new(index: usize) -> Option<Self> {
                (index <= MAX_INDEX).then(|| Self(index as u32))
            }

            /// The zero-based index of this id.
            #[inline]
            pub fn index(self) -> usize {
                self.0 as usize
            }

            /// The raw `u32` value of this id.
            #[inline]
            pub fn as_u32(self) -> u32 {
                self.0
            }
        }

        impl fmt::Debug for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{}({})", stringify!($name), self.0)
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt::Display::fmt(&self.0, f)
            }
        }

        impl From<$name> for usize {
            #[inline]
            fn from(id: $name) -> usize {
                id.index()
            }
        }
    };
}

define_id!(
    /// An item of a problem: primary (must be covered) or secondary (may be covered).
    ItemId
);
define_id!(
    /// An option of a problem: a set of items that is chosen as a whole.
    OptionId
);
define_id!(
    /// A color that an option can give a secondary item (Knuth's Algorithm C).
    ColorId
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_limits() {
        let id = ItemId::new(42);
        assert_eq!(id.index(), 42);
        assert_eq!(usize::from(id), 42);
        assert_eq!(format!("{id:?}"), "ItemId(42)");
        assert_eq!(OptionId::try_new(MAX_INDEX + 1), None);
        assert!(OptionId::try_new(MAX_INDEX).is_some());
    }
}
