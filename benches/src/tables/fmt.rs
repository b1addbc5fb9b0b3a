//! Numbers as the tables print them, and the median of a run's figures.

/// The median of some figures (the mean of the middle two of an even
/// number of them).
pub(crate) fn median(figures: &[f64]) -> f64 {
    assert!(!figures.is_empty(), "a median of nothing");
    let mut v = figures.to_vec();
    v.sort_by(f64::total_cmp);
    let mid = v.len() / 2;
    if v.len() % 2 == 1 { v[mid] } else { (v[mid - 1] + v[mid]) / 2.0 }
}

/// Seconds, to the millisecond: `0.476 s`.
pub(crate) fn secs(s: f64) -> String {
    format!("{s:.3} s")
}

/// A ratio of two figures, to two decimals.
pub(crate) fn ratio(a: f64, b: f64) -> String {
    format!("{:.2}", a / b)
}

/// A whole number with thousands separated: `49,158`.
pub(crate) fn thousands(n: u128) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (k, c) in digits.chars().enumerate() {
        if k > 0 && (digits.len() - k) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A rate per second, rounded: `234,045/s`.
pub(crate) fn rate(per_second: f64) -> String {
    format!("{}/s", thousands(per_second.round() as u128))
}

/// `1st`, `2nd`, `24th`, `97th`, `111th`.
pub(crate) fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// An argument as a POSIX shell reads it back: quoted when it holds
/// anything but letters, digits and `-_./=:,+~`.
pub(crate) fn shell_quote(arg: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "-_./=:,+~".contains(c);
    if !arg.is_empty() && arg.chars().all(plain) {
        arg.to_string()
    } else {
        format!("'{}'", arg.replace('\'', r"'\''"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn figures() {
        assert_eq!(median(&[3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(&[4.0, 1.0, 2.0, 3.0]), 2.5);
        assert_eq!(median(&[7.0]), 7.0);
        assert_eq!(secs(0.4756), "0.476 s");
        assert_eq!(ratio(1.0, 3.0), "0.33");
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1_000), "1,000");
        assert_eq!(thousands(15_669_630), "15,669,630");
        assert_eq!(rate(234_044.6), "234,045/s");
    }

    #[test]
    fn words() {
        let o: Vec<String> = [1, 2, 3, 4, 11, 12, 13, 21, 24, 97, 102, 111].map(ordinal).into();
        assert_eq!(
            o,
            [
                "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "24th", "97th",
                "102nd", "111th"
            ]
        );
        assert_eq!(shell_quote("--knuth"), "--knuth");
        assert_eq!(shell_quote("/root/.cache/knuth-bin"), "/root/.cache/knuth-bin");
        assert_eq!(shell_quote("a b"), "'a b'");
        assert_eq!(shell_quote("it's"), r"'it'\''s'");
        assert_eq!(shell_quote(""), "''");
    }
}
