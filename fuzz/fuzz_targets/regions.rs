//! The region-map parser on arbitrary text and labels: it never panics,
//! and a map it accepts has `n` regions of `n` cells.

#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_cover::Regions;

fn check(regions: &Regions) {
    let n = regions.size();
    assert_eq!(regions.cells().len(), n * n);
    let members = regions.members();
    assert_eq!(members.len(), n);
    assert!(members.iter().all(|m| m.len() == n));
}

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        if let Ok(regions) = Regions::parse(text) {
            check(&regions);
        }
    }
    if let Ok(regions) = Regions::from_cells(data) {
        check(&regions);
    }
});
