//! The builder's bookkeeping of names: mistakes are reported by `build`,
//! never a panic, whatever is added after them.

use dlx::{Entry, ErrorKind, ItemId, ProblemBuilder};

#[test]
fn a_duplicate_name_is_reported_and_later_calls_still_work() {
    let mut b = ProblemBuilder::new();
    let a = b.add_primary("a");
    let again = b.add_primary("a");
    let x = b.add_secondary("x");
    assert_eq!((a.index(), again.index(), x.index()), (0, 1, 2));
    assert_eq!(b.item("a"), Some(a));
    let red = b.add_color("red");
    assert_eq!(b.add_color("red"), red);
    // Mistakes after the first: an item twice in an option, a color on a
    // primary item, by the duplicate's number.
    b.add_option([Entry::from(again), Entry::from(again)]);
    b.add_option([Entry::from((again, red)), Entry::from((x, red))]);
    let e = b.build().unwrap_err();
    assert_eq!(*e.kind(), ErrorKind::DuplicateItem("a".into()));
}

#[test]
fn names_and_colors_read_back_after_build() {
    let mut b = ProblemBuilder::new();
    let items: Vec<ItemId> = (0..3000).map(|i| b.add_primary(format!("p{i}"))).collect();
    let y = b.add_secondary("y");
    let colors: Vec<_> = (0..50).map(|c| b.add_color(format!("c{c}"))).collect();
    for (k, pair) in items.chunks(2).enumerate() {
        let color = colors[k % 50];
        b.add_option([Entry::from(pair[0]), Entry::from(pair[1]), Entry::from((y, color))]);
    }
    let p = b.build().unwrap();
    assert_eq!((p.num_items(), p.num_colors()), (3001, 50));
    for (i, &item) in items.iter().enumerate() {
        assert_eq!(p.item_name(item), format!("p{i}"));
        assert_eq!(p.item_by_name(&format!("p{i}")), Some(item));
    }
    assert_eq!(p.format_option(dlx::OptionId::new(51)), "p102 p103 y:c1");
    assert_eq!(p.item_by_name("p3000"), None);
}
