//! The text form of a checkpoint on arbitrary text: reading never panics,
//! and a checkpoint that reads is written back as text that reads again.

#![no_main]

use dlx::Checkpoint;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(checkpoint) = text.parse::<Checkpoint>() else {
        return;
    };
    let again: Checkpoint =
        checkpoint.to_string().parse().expect("a written checkpoint reads back");
    assert_eq!(again, checkpoint);
});
