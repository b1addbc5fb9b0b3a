//! Batches.
