//! Lists of ids for `IN (…)`: one statement text per size class, so a database connection's
//! prepared-statement cache serves the look-ups of any number of ids (a new list length is a
//! new statement to parse: a fifth of a post page's miss on SQLite before this).

/// `ids` sorted, without repeats, and lengthened to the next power of two (at least 4) by
/// repeating the last id, which changes nothing an `IN` list matches.
pub fn for_in(ids: impl IntoIterator<Item = i64>) -> Vec<i64> {
    let mut ids: Vec<i64> = ids.into_iter().collect();
    ids.sort_unstable();
    ids.dedup();
    if let Some(&last) = ids.last() {
        let size = ids.len().next_power_of_two().max(4);
        ids.resize(size, last);
    }
    ids
}

#[cfg(test)]
mod tests {
    use super::for_in;

    #[test]
    fn lists_come_in_few_sizes_and_match_the_same_ids() {
        assert_eq!(for_in([]), Vec::<i64>::new());
        assert_eq!(for_in([7]), vec![7, 7, 7, 7]);
        assert_eq!(for_in([3, 1, 3, 2, 9]), vec![1, 2, 3, 9]);
        assert_eq!(for_in([3, 1, 3, 2, 9, 4]), vec![1, 2, 3, 4, 9, 9, 9, 9]);
        let sizes: std::collections::BTreeSet<usize> =
            (1..=100).map(|n| for_in(0..n as i64).len()).collect();
        assert_eq!(
            sizes.into_iter().collect::<Vec<_>>(),
            vec![4, 8, 16, 32, 64, 128]
        );
    }
}
