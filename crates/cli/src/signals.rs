//! Ctrl-C and SIGTERM: [`catch`] turns them into a request to stop that the
//! work looks at between steps, so that what was found is still written;
//! a second signal, while the first is being honoured, ends the process at
//! once with [`ExitStatus::Stopped`].

use std::sync::Arc;

use anyhow::{Context, Result};
use dlx::Stop;
use signal_hook::consts::{SIGINT, SIGTERM};

use crate::exit::ExitStatus;

/// Starts catching SIGINT and SIGTERM; the returned [`Stop`] is requested
/// by the first of them.
pub fn catch() -> Result<Stop> {
    let stop = Stop::new();
    for signal in [SIGINT, SIGTERM] {
        // In this order: the first signal finds the flag unset, and sets it;
        // the second finds it set, and ends the process.
        let code = i32::from(ExitStatus::Stopped.code());
        signal_hook::flag::register_conditional_shutdown(signal, code, Arc::clone(stop.flag()))
            .context("cannot catch signals")?;
        signal_hook::flag::register(signal, Arc::clone(stop.flag()))
            .context("cannot catch signals")?;
    }
    Ok(stop)
}
