//! A binary max-heap of indices keyed by an activity array, for picking the most active open
//! variable of a clause-learning search.

/// A binary max-heap of rows by activity, with each row's position for raising it.
pub(super) struct Heap {
    items: Vec<u32>,
    /// Per row: its index in `items`, or `u32::MAX` when absent.
    at: Vec<u32>,
}

impl Heap {
    pub(super) fn new(rows: usize) -> Self {
        Heap {
            items: (0..rows as u32).collect(),
            at: (0..rows as u32).collect(),
        }
    }

    /// A heap that holds none of `rows` rows yet.
    pub(super) fn empty(rows: usize) -> Self {
        Heap {
            items: Vec::new(),
            at: vec![u32::MAX; rows],
        }
    }

    pub(super) fn insert(&mut self, r: usize, key: &[f64]) {
        if self.at[r] == u32::MAX {
            self.at[r] = self.items.len() as u32;
            self.items.push(r as u32);
            self.up(self.items.len() - 1, key);
        }
    }

    pub(super) fn raised(&mut self, r: usize, key: &[f64]) {
        if self.at[r] != u32::MAX {
            self.up(self.at[r] as usize, key);
        }
    }

    pub(super) fn pop(&mut self, key: &[f64]) -> Option<usize> {
        let top = *self.items.first()?;
        let last = self.items.pop().expect("not empty");
        self.at[top as usize] = u32::MAX;
        if !self.items.is_empty() {
            self.items[0] = last;
            self.at[last as usize] = 0;
            self.down(0, key);
        }
        Some(top as usize)
    }

    fn up(&mut self, mut i: usize, key: &[f64]) {
        let r = self.items[i];
        while i > 0 {
            let parent = (i - 1) / 2;
            let p = self.items[parent];
            if key[p as usize] >= key[r as usize] {
                break;
            }
            self.items[i] = p;
            self.at[p as usize] = i as u32;
            i = parent;
        }
        self.items[i] = r;
        self.at[r as usize] = i as u32;
    }

    fn down(&mut self, mut i: usize, key: &[f64]) {
        let r = self.items[i];
        loop {
            let left = 2 * i + 1;
            if left >= self.items.len() {
                break;
            }
            let right = left + 1;
            let child = if right < self.items.len()
                && key[self.items[right] as usize] > key[self.items[left] as usize]
            {
                right
            } else {
                left
            };
            let c = self.items[child];
            if key[c as usize] <= key[r as usize] {
                break;
            }
            self.items[i] = c;
            self.at[c as usize] = i as u32;
            i = child;
        }
        self.items[i] = r;
        self.at[r as usize] = i as u32;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Rng;

    #[test]
    fn pops_in_order_of_activity_after_raises_and_reinserts() {
        let mut rng = Rng::new(3);
        let mut key = vec![0.0; 50];
        let mut heap = Heap::new(key.len());
        // bumps, each followed by a raise, as the search does
        for _ in 0..200 {
            let r = rng.below(key.len());
            key[r] += rng.below(100) as f64;
            heap.raised(r, &key);
        }
        let first: Vec<usize> = (0..20).map(|_| heap.pop(&key).unwrap()).collect();
        let ordered = |rows: &[usize], key: &[f64]| rows.windows(2).all(|w| key[w[0]] >= key[w[1]]);
        assert!(ordered(&first, &key), "{first:?}");
        key[first[5]] += 5000.0;
        heap.insert(first[5], &key);
        heap.insert(first[5], &key); // a second insert changes nothing
        let rest: Vec<usize> = std::iter::from_fn(|| heap.pop(&key)).collect();
        assert_eq!(rest[0], first[5], "the raised row comes first");
        let mut popped = [&first[..], &rest[1..]].concat();
        popped.sort_unstable();
        assert_eq!(popped, (0..50).collect::<Vec<_>>(), "every row once");
        assert!(ordered(&rest, &key), "{rest:?}");
    }
}
