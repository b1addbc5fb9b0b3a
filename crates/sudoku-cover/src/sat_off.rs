//! Clause learning for big grids, left out: the crate was built without
//! its `sat` feature, so [`Sat::new`] never gives a search and the race
//! goes on without one.

use std::convert::Infallible;
use std::marker::PhantomData;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use crate::grid::Grid;
use crate::houses::Model;
use crate::restarts::Race;

/// Never decided: see the module's docs.
pub(crate) fn decide(
    _: &Model,
    _: &Grid,
    _: &[(usize, u64)],
    _: i32,
    _: &[&AtomicBool],
) -> Option<bool> {
    None
}

/// No search: see the module's docs.
#[derive(Debug)]
pub(crate) struct Sat<'r> {
    never: Infallible,
    race: PhantomData<&'r Race>,
}

impl<'r> Sat<'r> {
    /// Whether the crate was built with clause learning.
    pub(crate) const AVAILABLE: bool = false;

    /// Never a search.
    pub(crate) fn new(_: &Model, _: &Grid, _: &'r Race, _: u64) -> Option<Sat<'r>> {
        None
    }

    /// Never called: there is no `Sat`.
    pub(crate) fn run(&mut self, _: &Race, _: Option<Instant>) {
        match self.never {}
    }

    /// Never called: there is no `Sat`.
    pub(crate) fn elapsed(&self) -> Duration {
        match self.never {}
    }
}
