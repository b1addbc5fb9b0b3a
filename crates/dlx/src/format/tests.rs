use std::io;

use super::*;
use crate::id::{ItemId, OptionId};

#[test]
fn errors_name_line_and_column() {
    let e = Problem::parse_knuth("| comment\nA B | X\nA Q\n").unwrap_err();
    assert_eq!((e.line(), e.column()), (Some(3), Some(3)));
    assert_eq!(e.to_string(), "3:3: unknown item `Q`");
    let e = Problem::parse_knuth("A B | X\nA A\n").unwrap_err();
    assert_eq!(e.to_string(), "2:3: item `A` appears twice in this option");
    let e = Problem::parse_knuth("A B | X\nA:1 X\n").unwrap_err();
    assert_eq!(e.to_string(), "2:1: primary item `A` cannot have a color");
    let e = Problem::parse_knuth("3:2|A B\n").unwrap_err();
    assert_eq!(e.to_string(), "1:1: item `A` has lower bound 3 above upper bound 2");
    let e = Problem::parse_knuth("0|A B\n").unwrap_err();
    assert_eq!(e.to_string(), "1:1: item `A` has upper bound 0");
    let e = Problem::parse_knuth("A | B | C\n").unwrap_err();
    assert_eq!(e.to_string(), "1:7: item line contains `|` twice");
    let e = Problem::parse_knuth("A A\n").unwrap_err();
    assert_eq!(e.to_string(), "1:3: duplicate item name `A`");
    let e = Problem::parse_knuth("| only a comment\n\n").unwrap_err();
    assert_eq!(*e.kind(), ErrorKind::NoItems);
}

#[test]
fn crlf_missing_newline_and_long_names() {
    let p = Problem::parse_knuth("alpha_long_name beta\r\n|c\r\nalpha_long_name\r\nbeta").unwrap();
    assert_eq!(p.num_options(), 2);
    assert_eq!(p.item_name(ItemId::new(0)), "alpha_long_name");
}

#[test]
fn bounds_and_separator_forms() {
    let p = Problem::parse_knuth("A 2|B 1:3|C |X Y\nA B\n").unwrap();
    assert_eq!(p.num_primary(), 3);
    assert_eq!(p.num_secondary(), 2);
    let b = p.bounds(p.item_by_name("B").unwrap()).unwrap();
    assert_eq!((b.lo, b.hi), (2, 2));
    let c = p.bounds(p.item_by_name("C").unwrap()).unwrap();
    assert_eq!((c.lo, c.hi), (1, 3));
}

#[test]
fn write_then_read_is_identity() {
    let text = "A 2|B 0:3|C | X Y\nA B X:red\nB C Y:1\nC X:red Y:2\nX\n";
    let p = Problem::parse_knuth(text).unwrap();
    let mut out = Vec::new();
    p.write_knuth(&mut out).unwrap();
    let out = String::from_utf8(out).unwrap();
    assert_eq!(out, text);
    let q = Problem::parse_knuth(&out).unwrap();
    assert_eq!(q.num_options(), p.num_options());
    for o in p.options() {
        assert_eq!(p.format_option(o), q.format_option(o));
    }
}

#[test]
fn a_byte_order_mark_is_skipped() {
    let p = Problem::parse_knuth("\u{feff}A B\nA\nB\n").unwrap();
    assert_eq!(p.item_name(ItemId::new(0)), "A");
    assert_eq!(p.num_options(), 2);
    // Before a comment, and on its own line.
    assert_eq!(Problem::parse_knuth("\u{feff}| c\nA\nA\n").unwrap().num_options(), 1);
    assert_eq!(Problem::parse_knuth("\u{feff}\nA\nA\n").unwrap().num_options(), 1);
    // Only the first: a second one is part of a name.
    let p = Problem::parse_knuth("\u{feff}\u{feff}A\n").unwrap();
    assert_eq!(p.item_name(ItemId::new(0)), "\u{feff}A");
    let e = Problem::parse_knuth("A\n\u{feff}A\n").unwrap_err();
    assert_eq!(e.to_string(), "2:1: unknown item `\u{feff}A`");
}

#[test]
fn a_word_over_the_cap_is_an_error_naming_the_limit_line_and_column() {
    let text = format!("A B\nA\nB {}\nB\n", "B".repeat(17));
    let e = Problem::read_knuth_capped(text.as_bytes(), 16).unwrap_err();
    assert_eq!(
        e.to_string(),
        "3:3: a word longer than 16 bytes, the most a name or color may have"
    );
    // Exactly the cap is fine, and so is a line of any length.
    let text = format!("{} B\n{}\n B {}\n", "A".repeat(16), "A".repeat(16), " ".repeat(100));
    assert_eq!(Problem::read_knuth_capped(text.as_bytes(), 16).unwrap().num_options(), 2);
}

#[test]
fn a_long_word_is_not_read_whole() {
    /// Endless `A`s, and the bytes handed out.
    struct Endless(usize);
    impl io::Read for Endless {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            buf.fill(b'A');
            self.0 += buf.len();
            Ok(buf.len())
        }
    }
    let mut source = Endless(0);
    let cap = if cfg!(miri) { 1 << 12 } else { 1 << 20 };
    let e = Problem::read_knuth_capped(io::BufReader::new(&mut source), cap).unwrap_err();
    assert_eq!(e.line(), Some(1));
    // Read in chunks of at most 64 KiB: one chunk past the cap at most.
    assert!(source.0 <= cap + (1 << 16), "read {} bytes", source.0);
}

#[test]
fn a_line_of_many_items_and_comments_of_any_length() {
    // Smaller under Miri, which runs this a thousand times slower.
    let n = if cfg!(miri) { 200 } else { 20_000 };
    let items: Vec<String> = (0..n).map(|i| format!("i{i}")).collect();
    let mut text = format!("| {}\n{}\n", "c".repeat(5 * n), items.join(" "));
    for pair in items.chunks(2) {
        text.push_str(&format!("{}\n", pair.join("\t ")));
    }
    let reader = io::BufReader::with_capacity(7, text.as_bytes());
    let p = Problem::read_knuth_capped(reader, 8).unwrap();
    assert_eq!((p.num_items(), p.num_options()), (n, n / 2));
    let last = format!("i{} i{}", n - 2, n - 1);
    assert_eq!(p.format_option(OptionId::new(n / 2 - 1)), last);
}

#[test]
fn invalid_utf8_names_its_line_and_column() {
    let e = Problem::read_knuth(&b"A B\nA \xff\n"[..]).unwrap_err();
    assert_eq!(e.to_string(), "2:3: input is not valid UTF-8");
}

/// Found by fuzzing: a first item name starting with U+FEFF lost it
/// when written and read back, the mark taken for a byte-order mark.
#[test]
fn a_name_like_a_byte_order_mark_is_written_to_read_back() {
    let p = Problem::parse_knuth("| comment\n\u{feff} Q\n\u{feff}\n").unwrap();
    assert_eq!(p.num_items(), 2);
    let mut out = Vec::new();
    p.write_knuth(&mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert_eq!(text, "\u{feff}\u{feff} Q\n\u{feff}\n");
    let q = Problem::parse_knuth(&text).unwrap();
    assert_eq!((q.num_items(), q.item_name(ItemId::new(0))), (2, "\u{feff}"));
    assert_eq!(q.format_option(OptionId::new(0)), "\u{feff}");
}

#[test]
fn costs_add_up_and_write_back() {
    let text = "A B | X\nA X:red |3 |4\nB |0\nA B |18446744073709551000\n";
    let p = Problem::parse_knuth(text).unwrap();
    assert!(p.has_costs());
    let costs: Vec<u64> = p.options().map(|o| p.cost(o)).collect();
    assert_eq!(costs, [7, 0, 18_446_744_073_709_551_000]);
    let mut out = Vec::new();
    p.write_knuth(&mut out).unwrap();
    let out = String::from_utf8(out).unwrap();
    assert_eq!(out, "A B | X\nA X:red |7\nB\nA B |18446744073709551000\n");
    let q = Problem::parse_knuth(&out).unwrap();
    assert_eq!(q.fingerprint(), p.fingerprint());
    assert!(q.options().all(|o| q.cost(o) == p.cost(o)));
    // Zero costs only: no costs at all.
    assert!(!Problem::parse_knuth("A\nA |0\n").unwrap().has_costs());
}

#[test]
fn bad_costs_name_line_and_column() {
    let cases = [
        ("A B\nA |\n", "2:3: bad cost `|`: expected a nonnegative integer after `|`"),
        ("A B\nA |-3\n", "2:3: bad cost `|-3`: expected a nonnegative integer after `|`"),
        ("A B\nA |x1\n", "2:3: bad cost `|x1`: expected a nonnegative integer after `|`"),
        ("A B\nA |18446744073709551616\n", "2:3: cost `|18446744073709551616` is too large"),
        ("A B\nA |3 B\n", "2:6: item `B` after the option's cost: costs come last"),
        ("A B\nA |18446744073709551615 |1\n", "2:25: the options' costs add up past 2^64 - 1"),
        ("A B\nA |18446744073709551615\nB |1\n", "3:3: the options' costs add up past 2^64 - 1"),
    ];
    for (text, message) in cases {
        let e = Problem::parse_knuth(text).unwrap_err();
        assert_eq!(e.to_string(), message, "{text:?}");
    }
}

#[test]
fn the_fingerprint_is_fnv_1a_of_the_written_text() {
    // Saved checkpoints carry it: the same text must keep the same hash.
    let text = "A 2|B 0:3|C | X Y\nA B X:red\nB C Y:1\nC X:red Y:2 |5\nX\n";
    let p = Problem::parse_knuth(text).unwrap();
    let fnv = text
        .bytes()
        .fold(0xcbf2_9ce4_8422_2325_u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3));
    assert_eq!(p.fingerprint(), fnv);
    assert_eq!(fnv, 0x22e2_3cd3_1ca7_1a1c, "FNV-1a of the text");
}
