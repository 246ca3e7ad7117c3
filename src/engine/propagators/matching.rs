//! Variables matched to distinct values: a perfect matching (Kuhn's augmenting paths) and the
//! (variable, value) pairs that some perfect matching uses (Régin's filter), for all-different
//! and cage sum.
//!
//! The filter needs a permutation: as many values in the union of the domains as variables, so
//! that every value is matched. Then variable `x` can take the value matched to `y` in some
//! perfect matching exactly when `x` and `y` lie in one strongly connected component of the
//! graph "x can take the value matched to y" (an alternating cycle swaps the value to `x`).
//! The components come one at a time from a forward search in value space and a backward one
//! inside what it reached, with sets of variables held in the domain type (tests compare them
//! with a transitive closure). No allocation after `new`.

use super::Domain;

/// Scratch for matching up to `k` variables; reused from run to run.
#[derive(Debug, Clone)]
pub struct Matcher {
    /// Each variable's value (`usize::MAX` when unmatched).
    mate: Vec<usize>,
    /// Each value's variable (`usize::MAX` when free), indexed by value.
    owner: Vec<usize>,
}

impl Matcher {
    /// Scratch for `k` variables over values below `capacity`.
    pub fn new(k: usize, capacity: usize) -> Self {
        Matcher {
            mate: vec![usize::MAX; k],
            owner: vec![usize::MAX; capacity],
        }
    }

    /// Matches every variable of `doms` to a distinct value of its domain; false when that is
    /// impossible. Pairs of the previous matching that still hold are kept, so a run after a
    /// small change augments only the variables that lost their value.
    pub fn perfect<D: Domain>(&mut self, doms: &[D]) -> bool {
        let k = doms.len();
        debug_assert!(k <= self.mate.len());
        let union = doms.iter().fold(D::empty(), |u, &d| u.or(d));
        for v in union.iter() {
            self.owner[v] = usize::MAX;
        }
        for (i, d) in doms.iter().enumerate() {
            let m = self.mate[i];
            if m != usize::MAX && d.contains(m) && self.owner[m] == usize::MAX {
                self.owner[m] = i;
            } else {
                self.mate[i] = usize::MAX;
            }
        }
        (0..k).all(|i| {
            self.mate[i] != usize::MAX
                || augment(i, doms, &mut self.owner, &mut self.mate, &mut D::empty())
        })
    }

    /// The size of a largest matching of the variables of `doms` to distinct values of their
    /// domains (which need not be a permutation, nor all matchable).
    pub fn maximum<D: Domain>(&mut self, doms: &[D]) -> usize {
        debug_assert!(doms.len() <= self.mate.len());
        let union = doms.iter().fold(D::empty(), |u, &d| u.or(d));
        for v in union.iter() {
            self.owner[v] = usize::MAX;
        }
        (0..doms.len())
            .filter(|&i| {
                self.mate[i] = usize::MAX;
                augment(i, doms, &mut self.owner, &mut self.mate, &mut D::empty())
            })
            .count()
    }

    /// [`Matcher::perfect`] starting from `mates` (each variable's value, `usize::MAX` for
    /// none) instead of the last matching, and leaving the new matching there: for a caller
    /// that matches several domain sets in turn and keeps a start for each.
    pub fn perfect_from<D: Domain>(&mut self, doms: &[D], mates: &mut [usize]) -> bool {
        let k = doms.len();
        self.mate[..k].copy_from_slice(mates);
        let found = self.perfect(doms);
        mates.copy_from_slice(&self.mate[..k]);
        found
    }

    /// After [`Matcher::perfect`] succeeded on `doms` whose union holds exactly `doms.len()`
    /// values: adds to `out[x]` the values `x` takes in some perfect matching. Values already
    /// in `out` are not looked at again, so callers can gather support over several runs.
    ///
    /// One strongly connected component at a time. From the lowest variable not yet placed
    /// (`root`), the variables it reaches are found in value space (what `root` can take, then
    /// what the owners of those values can take, …); of those, the ones that reach `root` back
    /// form its component. A variable keeps the values matched inside its component. Sets of
    /// variables are domains too (a permutation has no more variables than values). Each step
    /// of a search changes little, so a group is mostly one component and a few fixed variables: a
    /// few dozen word operations, where a transitive closure costs `k³` bit operations.
    pub fn supported<D: Domain>(&self, doms: &[D], out: &mut [D]) {
        let k = doms.len();
        debug_assert!(
            k <= D::CAPACITY,
            "a permutation has as many values as variables"
        );
        if doms
            .iter()
            .zip(out.iter())
            .all(|(d, o)| d.minus(*o).is_empty())
        {
            return;
        }
        if k <= 64 {
            self.components::<D, u64>(doms, out);
        } else {
            self.components::<D, D>(doms, out);
        }
    }

    /// [`Matcher::supported`], with sets of variables held in `S` (which must hold `k` bits).
    /// A `u64` for up to 64 variables: 2% fewer instructions than sets in `u16` domains.
    fn components<D: Domain, S: Domain>(&self, doms: &[D], out: &mut [D]) {
        let k = doms.len();
        let mut rest = S::full(k);
        while let Some(root) = rest.min() {
            // Forward: the variables whose matched value `root` reaches.
            let mut ahead = S::singleton(root);
            let mut seen = D::singleton(self.mate[root]);
            let mut reach = doms[root];
            while let Some(value) = reach.minus(seen).min() {
                seen.insert(value);
                let y = self.owner[value];
                if rest.contains(y) {
                    ahead.insert(y);
                    reach = reach.or(doms[y]);
                }
            }
            // Backward, inside `ahead`: a path back to `root` never leaves its component.
            let mut component = S::singleton(root);
            let mut values = D::singleton(self.mate[root]);
            loop {
                let before = component;
                for x in ahead.minus(component).iter() {
                    if doms[x].intersects(values) {
                        component.insert(x);
                        values.insert(self.mate[x]);
                    }
                }
                if component == before {
                    break;
                }
            }
            for x in component.iter() {
                out[x] = out[x].or(doms[x].and(values));
            }
            rest = rest.minus(component);
        }
    }
}

/// Kuhn's augmenting path from variable `i`: on success `i` holds a value, and earlier holders
/// may have moved along the path. `seen` holds the values already tried.
fn augment<D: Domain>(
    i: usize,
    doms: &[D],
    owner: &mut [usize],
    mate: &mut [usize],
    seen: &mut D,
) -> bool {
    for v in doms[i].minus(*seen).iter() {
        seen.insert(v);
        if owner[v] == usize::MAX || augment(owner[v], doms, owner, mate, seen) {
            owner[v] = i;
            mate[i] = v;
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Rng;

    /// Brute force: the values each variable takes in some assignment of distinct values.
    fn brute(doms: &[u16]) -> Option<Vec<u16>> {
        let k = doms.len();
        let mut out = vec![0u16; k];
        let mut any = false;
        let mut vals = vec![0usize; k];
        fn rec(i: usize, doms: &[u16], vals: &mut [usize], out: &mut [u16], any: &mut bool) {
            if i == doms.len() {
                *any = true;
                for (o, &v) in out.iter_mut().zip(vals.iter()) {
                    *o |= 1 << v;
                }
                return;
            }
            for v in doms[i].iter() {
                if !vals[..i].contains(&v) {
                    vals[i] = v;
                    rec(i + 1, doms, vals, out, any);
                }
            }
        }
        rec(0, doms, &mut vals, &mut out, &mut any);
        any.then_some(out)
    }

    #[test]
    fn matches_brute_force_on_random_permutations() {
        let mut rng = Rng::new(99);
        let mut next = || rng.next_u64() as u16;
        let mut m = Matcher::new(6, 16);
        // A start kept from case to case, as a cage keeps one per combination: stale pairs.
        let mut start = [usize::MAX; 6];
        for _ in 0..4000 {
            let k = 1 + next() as usize % 6;
            let full = (1u16 << k) - 1;
            let doms: Vec<u16> = (0..k).map(|_| next() & full).collect();
            let expected = brute(&doms);
            let union = doms.iter().fold(0, |u, &d| u | d);
            let from_start = m.perfect_from(&doms, &mut start[..k]);
            assert_eq!(from_start, expected.is_some(), "{doms:?} from {start:?}");
            if from_start {
                let mut used = 0u16;
                for (d, &v) in doms.iter().zip(&start[..k]) {
                    assert!(d >> v & 1 == 1 && used >> v & 1 == 0, "{doms:?}: {start:?}");
                    used |= 1 << v;
                }
            }
            let found = m.perfect(&doms);
            assert_eq!(found, expected.is_some(), "{doms:?}");
            if found {
                assert_eq!(union, full, "a perfect matching uses every value");
                let mut out = vec![0u16; k];
                m.supported(&doms, &mut out);
                // Support already known is kept and not looked at again.
                let mut again = out.clone();
                m.supported(&doms, &mut again);
                assert_eq!(again, out);
                assert_eq!(Some(out), expected, "{doms:?}");
            }
        }
    }

    /// Brute force: the most variables of `doms` that take distinct values of their domains.
    fn brute_maximum(doms: &[u16], used: u16) -> usize {
        match doms.split_first() {
            None => 0,
            Some((d, rest)) => {
                let skip = brute_maximum(rest, used);
                (*d & !used).iter().fold(skip, |best, v| {
                    best.max(1 + brute_maximum(rest, used | 1 << v))
                })
            }
        }
    }

    /// Random bipartite graphs, most with no perfect matching, after runs that left matchings
    /// behind: the largest matching has the brute-force size.
    #[test]
    fn maximum_matches_brute_force() {
        let mut rng = Rng::new(5);
        let mut m = Matcher::new(7, 16);
        for _ in 0..3000 {
            let k = rng.below(8);
            let values = 1 + rng.below(9);
            let full = (1u16 << values) - 1;
            let doms: Vec<u16> = (0..k).map(|_| rng.next_u64() as u16 & full).collect();
            assert_eq!(m.maximum(&doms), brute_maximum(&doms, 0), "{doms:?}");
            m.perfect(&doms);
        }
    }

    /// [`Matcher::supported`] by a transitive closure over a bit matrix (Warshall): `x` keeps
    /// the value matched to `y` when `y` reaches `x` back. The oracle of the component search.
    fn supported_by_closure<D: Domain>(m: &Matcher, doms: &[D], out: &mut [D]) {
        let k = doms.len();
        let words = k.div_ceil(64);
        let mut reach = vec![0u64; k * words];
        for (x, d) in doms.iter().enumerate() {
            for value in d.iter() {
                let y = m.owner[value];
                assert!(y < k, "value {value} unmatched: not a permutation");
                reach[x * words + y / 64] |= 1 << (y % 64);
            }
        }
        for mid in 0..k {
            let (w, bit) = (mid / 64, 1u64 << (mid % 64));
            for x in 0..k {
                if x != mid && reach[x * words + w] & bit != 0 {
                    for i in 0..words {
                        reach[x * words + i] |= reach[mid * words + i];
                    }
                }
            }
        }
        for (x, (d, o)) in doms.iter().zip(out.iter_mut()).enumerate() {
            for value in d.minus(*o).iter() {
                let y = m.owner[value];
                if y == x || reach[y * words + x / 64] >> (x % 64) & 1 == 1 {
                    o.insert(value);
                }
            }
        }
    }

    /// `rounds` random permutations of `sizes` variables (a hidden perfect matching plus up
    /// to `noise − 1` extra values a variable): the component search against the closure.
    /// Returns how many cases pruned something.
    fn components_agree<D: Domain + std::fmt::Debug>(
        seed: u64,
        rounds: usize,
        sizes: std::ops::Range<usize>,
        noise: usize,
    ) -> usize {
        let mut rng = crate::engine::Rng::new(seed);
        let mut m = Matcher::new(sizes.end, D::CAPACITY);
        let mut split = 0;
        for _ in 0..rounds {
            let k = sizes.start + rng.below(sizes.len());
            let mut perm: Vec<usize> = (0..k).collect();
            rng.shuffle(&mut perm);
            let extra = rng.below(noise);
            let doms: Vec<D> = (0..k)
                .map(|i| {
                    let mut d = D::singleton(perm[i]);
                    for _ in 0..extra {
                        d.insert(rng.below(k));
                    }
                    d
                })
                .collect();
            assert!(m.perfect(&doms));
            let mut fast = vec![D::empty(); k];
            m.supported(&doms, &mut fast);
            let mut slow = vec![D::empty(); k];
            supported_by_closure(&m, &doms, &mut slow);
            assert_eq!(fast, slow, "{doms:?}");
            split += usize::from(fast != doms);
        }
        split
    }

    /// Up to 40 variables, sparse enough that groups split into several components.
    #[test]
    fn components_agree_with_the_closure() {
        let split = components_agree::<u64>(7, 3000, 1..41, 4);
        assert!(split > 500, "only {split} cases pruned anything");
    }

    /// Wide domains, 65 to 256 variables.
    #[test]
    fn components_agree_with_the_closure_past_64_variables() {
        let split = components_agree::<crate::engine::Wide<4>>(11, 200, 65..257, 3);
        assert!(split > 50, "only {split} cases pruned anything");
    }

    #[test]
    fn rows_span_several_words() {
        // 70 variables, each may take its own value or the next one's (a long cycle when the
        // last may take value 0): every pair is on a perfect matching.
        let k = 70;
        let doms: Vec<crate::engine::Wide<2>> = (0..k)
            .map(|i| {
                let mut d = crate::engine::Wide::<2>::singleton(i);
                d.insert((i + 1) % k);
                d
            })
            .collect();
        let mut m = Matcher::new(k, 128);
        assert!(m.perfect(&doms));
        let mut out = doms.clone();
        out.iter_mut().for_each(|d| *d = Domain::empty());
        m.supported(&doms, &mut out);
        assert_eq!(out, doms);
        // Without the wrap, every variable must keep its own value.
        let mut open = doms.clone();
        open[k - 1] = crate::engine::Wide::<2>::singleton(k - 1);
        assert!(m.perfect(&open));
        out.iter_mut().for_each(|d| *d = Domain::empty());
        m.supported(&open, &mut out);
        for (i, d) in out.iter().enumerate() {
            assert_eq!(*d, crate::engine::Wide::<2>::singleton(i), "variable {i}");
        }
    }
}
