//! Closed pipes (to come).
