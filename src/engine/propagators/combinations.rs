//! The combinations of a sum: every set of k distinct values whose weights reach a total,
//! enumerated, counted with a cap, and kept as domain bitsets (cached per thread for repeated
//! weights, sizes and totals).

use super::Domain;
use std::sync::Arc;

/// Calls `f` with the value indices (ascending) of every set of `k` distinct values whose
/// `weights` sum to `total`, until `f` returns false. Weights need not be sorted.
pub fn for_each_combination(
    weights: &[u64],
    k: usize,
    total: u64,
    mut f: impl FnMut(&[usize]) -> bool,
) {
    if k > weights.len() {
        return; // no k distinct values
    }
    // Values in increasing weight order, so sums can be bounded from both ends.
    let mut order: Vec<usize> = (0..weights.len()).collect();
    order.sort_by_key(|&v| weights[v]);
    let w: Vec<u64> = order.iter().map(|&v| weights[v]).collect();
    let mut chosen = Vec::with_capacity(k);
    let mut sorted = Vec::with_capacity(k);
    rec(&w, &order, k, total, 0, &mut chosen, &mut sorted, &mut f);

    #[allow(clippy::too_many_arguments, reason = "a private recursive helper")]
    fn rec(
        w: &[u64],
        order: &[usize],
        k: usize,
        left: u64,
        from: usize,
        chosen: &mut Vec<usize>,
        sorted: &mut Vec<usize>,
        f: &mut impl FnMut(&[usize]) -> bool,
    ) -> bool {
        let need = k - chosen.len();
        if need == 0 {
            if left != 0 {
                return true;
            }
            sorted.clear();
            sorted.extend(chosen.iter().map(|&i| order[i]));
            sorted.sort_unstable();
            return f(sorted);
        }
        // Sums in u128: weights may be as large as u64 allows. The largest completion takes
        // the heaviest values, wherever the choice starts.
        let high: u128 = w[w.len() - need..].iter().map(|&x| u128::from(x)).sum();
        if high < u128::from(left) {
            return true;
        }
        for i in from..=w.len().saturating_sub(need) {
            // the smallest completion from i on
            let low: u128 = w[i..i + need].iter().map(|&x| u128::from(x)).sum();
            if low > u128::from(left) {
                break;
            }
            chosen.push(i);
            let go_on = rec(w, order, k, left - w[i], i + 1, chosen, sorted, f);
            chosen.pop();
            if !go_on {
                return false;
            }
        }
        true
    }
}

/// The weights a table was made for, and its combinations (as value masks) by (size, total).
type MaskTable = (Vec<u64>, hashbrown::HashMap<(usize, u64), Arc<[u64]>>);

thread_local! {
    /// Combinations already enumerated for the last weights seen (a batch of puzzles keeps
    /// its symbols, so tables are enumerated once per batch, not once per puzzle).
    static MASKS: std::cell::RefCell<MaskTable> = std::cell::RefCell::default();
}

/// [`combinations`], remembered per thread for the last weights when there are at most 64
/// values.
pub fn combinations_cached<D: Domain>(weights: &[u64], k: usize, total: u64) -> Vec<D> {
    let Some(masks) = combination_masks(weights, k, total) else {
        return combinations(weights, k, total);
    };
    masks
        .iter()
        .map(|&m| {
            let mut d = D::empty();
            let mut bits = m;
            while bits != 0 {
                d.insert(bits.trailing_zeros() as usize);
                bits &= bits - 1;
            }
            d
        })
        .collect()
}

/// The combinations of `k` values reaching `total` as value masks (bit `v` for value `v`),
/// remembered per thread for the last weights; `None` past 64 values.
pub fn combination_masks(weights: &[u64], k: usize, total: u64) -> Option<Arc<[u64]>> {
    if weights.len() > 64 {
        return None;
    }
    Some(MASKS.with_borrow_mut(|(seen, table)| {
        if seen.as_slice() != weights {
            seen.clear();
            seen.extend_from_slice(weights);
            table.clear();
        }
        let entry = table.entry((k, total)).or_insert_with(|| {
            let mut out = Vec::new();
            for_each_combination(weights, k, total, |values| {
                out.push(values.iter().fold(0u64, |m, &v| m | 1 << v));
                true
            });
            out.into()
        });
        Arc::clone(entry)
    }))
}

/// How many sets of `k` distinct values reach `total`, counted up to `cap` (the count stops
/// there: a caller learns whether a table of them would be too large without making it).
pub fn count_combinations(weights: &[u64], k: usize, total: u64, cap: usize) -> usize {
    let mut count = 0;
    for_each_combination(weights, k, total, |_| {
        count += 1;
        count < cap
    });
    count
}

/// Every combination of `k` distinct values reaching `total`, as domains.
pub fn combinations<D: Domain>(weights: &[u64], k: usize, total: u64) -> Vec<D> {
    let mut out = Vec::new();
    for_each_combination(weights, k, total, |values| {
        out.push(
            values
                .iter()
                .fold(D::empty(), |d, &v| d.or(D::singleton(v))),
        );
        true
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counting_combinations_stops_at_the_cap() {
        let w: Vec<u64> = (1..=9).collect();
        // 20 = 9+8+3 = 9+7+4 = 9+6+5 = 8+7+5: four sets of three
        assert_eq!(count_combinations(&w, 3, 20, 100), 4);
        assert_eq!(count_combinations(&w, 3, 20, 2), 2);
        assert_eq!(count_combinations(&w, 3, 30, 100), 0);
        let wide: Vec<u64> = (1..=36).collect();
        // C(36, 18) sets of 18 exist; the count stops at the cap at once
        assert_eq!(count_combinations(&wide, 18, 333, 1000), 1000);
    }
}
