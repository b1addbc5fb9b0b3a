//! [`first_combination`]: the k-element subsets of a list, in
//! lexicographic order, until one gives an answer.

/// Calls `f` on each `k`-element subset of `items` (in lexicographic order
/// of positions, each subset in the list's order) and returns the first
/// answer it gives. `k = 0` or `k > items.len()` gives nothing.
pub(crate) fn first_combination<T, R>(
    items: &[T],
    k: usize,
    mut f: impl FnMut(&[T]) -> Option<R>,
) -> Option<R>
where
    T: Copy,
{
    let n = items.len();
    if k == 0 || k > n {
        return None;
    }
    let mut idx: Vec<usize> = (0..k).collect();
    let mut pick: Vec<T> = idx.iter().map(|&i| items[i]).collect();
    loop {
        if let Some(r) = f(&pick) {
            return Some(r);
        }
        // Advance the rightmost index that can move.
        let mut i = k;
        while i > 0 && idx[i - 1] == n - k + i - 1 {
            i -= 1;
        }
        if i == 0 {
            return None;
        }
        idx[i - 1] += 1;
        for j in i..k {
            idx[j] = idx[j - 1] + 1;
        }
        for j in i - 1..k {
            pick[j] = items[idx[j]];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_subset_once_in_order() {
        let mut seen = Vec::new();
        let none: Option<()> = first_combination(&[1, 2, 3, 4], 2, |s| {
            seen.push(s.to_vec());
            None
        });
        assert_eq!(none, None);
        assert_eq!(seen, [[1, 2], [1, 3], [1, 4], [2, 3], [2, 4], [3, 4]]);
        assert_eq!(first_combination(&[5, 6, 7], 3, |s| Some(s.iter().sum::<i32>())), Some(18));
        assert_eq!(first_combination(&[5, 6, 7], 4, |_| Some(())), None);
        assert_eq!(first_combination(&[5, 6, 7], 2, |s| (s[1] == 7).then_some(s[0])), Some(5));
    }
}
