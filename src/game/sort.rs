//! Sorting for the short lists the engines make.

/// Sorts a short list (a few dozen items; a few hundred at most). A plain insertion sort:
/// on lists this short it is as quick as `sort_unstable`, which takes 10 to 17 kB of wasm
/// for every item type it sorts (the page's size budget, docs/PERFORMANCE.md).
pub fn sort_short<T: Ord>(items: &mut [T]) {
    sort_short_by_key(items, |item| item);
}

/// [`sort_short`] by a key.
pub fn sort_short_by_key<T, K: Ord>(items: &mut [T], key: impl Fn(&T) -> &K) {
    for i in 1..items.len() {
        let mut j = i;
        while j > 0 && key(&items[j - 1]) > key(&items[j]) {
            items.swap(j - 1, j);
            j -= 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::sort_short;
    use crate::rng::Rng;

    #[test]
    fn sort_short_sorts_as_the_standard_sort() {
        let mut rng = Rng::new(3);
        for len in 0..40 {
            for _ in 0..20 {
                let items: Vec<(u8, u16)> = (0..len)
                    .map(|_| (rng.below(4) as u8, rng.below(50) as u16))
                    .collect();
                let mut ours = items.clone();
                sort_short(&mut ours);
                let mut theirs = items;
                theirs.sort();
                assert_eq!(ours, theirs);
            }
        }
    }
}
