//! The first line of the output: when, on what, by which command.

use std::time::{SystemTime, UNIX_EPOCH};

/// `Measured 2025-11-25 11:02 UTC on Intel(R) Xeon(R) ... (2 CPUs,
/// x86_64-linux) by `COMMAND`.`
pub(crate) fn header_line(command: &str) -> String {
    let secs = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let (y, m, d) = civil_date(secs.div_euclid(86_400) as i64);
    let minute = secs % 86_400 / 60;
    let cpus = std::thread::available_parallelism().map_or(1, |n| n.get());
    format!(
        "Measured {y:04}-{m:02}-{d:02} {:02}:{:02} UTC on {} ({cpus} CPU{}, {}-{}) by `{command}`.",
        minute / 60,
        minute % 60,
        cpu_model().unwrap_or_else(|| "an unknown CPU".to_string()),
        if cpus == 1 { "" } else { "s" },
        std::env::consts::ARCH,
        std::env::consts::OS,
    )
}

/// The first "model name" of `/proc/cpuinfo` (Linux only).
fn cpu_model() -> Option<String> {
    let info = std::fs::read_to_string("/proc/cpuinfo").ok()?;
    info.lines()
        .find_map(|l| l.strip_prefix("model name")?.trim_start().strip_prefix(':'))
        .map(|m| m.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|m| !m.is_empty())
}

/// The proleptic Gregorian (year, month, day) of a count of days since
/// 1970-01-01 (Howard Hinnant's `civil_from_days`: eras of 400 years that
/// start on March 1st, so that the leap day ends each year).
fn civil_date(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468; // days since 0000-03-01
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097); // day of the era, 0..146_097
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365; // 0..400
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100); // from March 1st
    let mp = (5 * doy + 2) / 153; // month from March, 0..12
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (yoe + era * 400 + i64::from(month <= 2), month, day)
}

#[cfg(test)]
mod tests {
    use super::civil_date;

    #[test]
    fn dates() {
        assert_eq!(civil_date(0), (1970, 1, 1));
        assert_eq!(civil_date(-1), (1969, 12, 31));
        assert_eq!(civil_date(59), (1970, 3, 1));
        assert_eq!(civil_date(10_957), (2000, 1, 1));
        assert_eq!(civil_date(11_016), (2000, 2, 29));
        assert_eq!(civil_date(19_723), (2024, 1, 1));
        assert_eq!(civil_date(20_000), (2024, 10, 4));
        assert_eq!(civil_date(47_541), (2100, 3, 1)); // 2100 is no leap year
    }

    #[test]
    fn header() {
        let line = super::header_line("cmd");
        assert!(line.starts_with("Measured 20") && line.ends_with(" by `cmd`."), "{line}");
    }
}
