//! Group sum: Σ coefficient(g) × Σ weight(x ∈ g) = target, where the variables of each group
//! take distinct values, filtered to bounds: each group's sum lies between the sums of its
//! smallest and its largest distinct values, and a value stays if, with it, the groups' ranges
//! can still meet the target. Weaker than domain consistency, but it sees what a sum of
//! independent terms cannot: that nine distinct values of a row add up to 45.

use super::{Conflict, Ctx, Domain, Propagator, VarId, WakeOn};

/// `Σ coefficient × (Σ weights of the group's values) = target`, each group's variables
/// pairwise distinct.
#[derive(Debug, Clone)]
pub struct GroupSum<D> {
    name: String,
    /// Each group's variables and coefficient.
    groups: Vec<(Vec<VarId>, i64)>,
    /// Weight of each value index.
    weights: Vec<i64>,
    target: i64,
    /// Scratch: each group's sum range, and the domains of a group's variables.
    ranges: Vec<(i64, i64)>,
    doms: Vec<D>,
    /// Scratch: weights of a union of domains, sorted.
    sorted: Vec<i64>,
}

impl<D: Domain> GroupSum<D> {
    /// The sum of `groups` (variables, coefficient) equals `target`; `weights[v]` is the weight
    /// of value index `v`. The caller makes sure each group's variables must differ.
    pub fn new(
        name: impl Into<String>,
        groups: Vec<(Vec<VarId>, i64)>,
        weights: &[u64],
        target: i64,
    ) -> Self {
        let widest = groups.iter().map(|(g, _)| g.len()).max().unwrap_or(0);
        GroupSum {
            name: name.into(),
            ranges: vec![(0, 0); groups.len()],
            groups,
            weights: weights.iter().map(|&w| w as i64).collect(),
            target,
            doms: Vec::with_capacity(widest),
            sorted: Vec::with_capacity(weights.len()),
        }
    }

    /// The smallest and largest sum of `k` distinct values from `union` (weights sorted into
    /// `sorted`), or `None` when the union has fewer than `k` values.
    fn extremes(weights: &[i64], union: D, k: usize, sorted: &mut Vec<i64>) -> Option<(i64, i64)> {
        sorted.clear();
        sorted.extend(union.iter().map(|v| weights[v]));
        if sorted.len() < k {
            return None;
        }
        sorted.sort_unstable();
        let lo = sorted[..k].iter().sum();
        let hi = sorted[sorted.len() - k..].iter().sum();
        Some((lo, hi))
    }

    /// The range of the group's sum from its domains `doms`: between the k smallest and the k
    /// largest values of their union, and between the sums of each domain's own extremes.
    fn range(&mut self, doms: &[D]) -> Option<(i64, i64)> {
        let union = doms.iter().fold(D::empty(), |u, &d| u.or(d));
        let (lo, hi) = Self::extremes(&self.weights, union, doms.len(), &mut self.sorted)?;
        let own_lo: i64 = doms
            .iter()
            .map(|d| self.weights[d.min().unwrap_or(0)])
            .sum();
        let own_hi: i64 = doms
            .iter()
            .map(|d| self.weights[d.max().unwrap_or(0)])
            .sum();
        Some((lo.max(own_lo), hi.min(own_hi)))
    }
}

/// The range of `k × s` for `s` in `(lo, hi)`.
fn scaled(k: i64, (lo, hi): (i64, i64)) -> (i64, i64) {
    if k >= 0 {
        (k * lo, k * hi)
    } else {
        (k * hi, k * lo)
    }
}

impl<D: Domain> Propagator<D> for GroupSum<D> {
    fn name(&self) -> &str {
        &self.name
    }

    fn kind(&self) -> &'static str {
        "group sum"
    }

    fn watches(&self) -> Vec<(VarId, WakeOn)> {
        self.groups
            .iter()
            .flat_map(|(g, _)| g.iter().map(|&v| (v, WakeOn::Change)))
            .collect()
    }

    /// Runs passes until one removes nothing: the queue does not wake a propagator on its own
    /// changes, so it must reach its own fixpoint.
    fn propagate(&mut self, cx: &mut Ctx<'_, D>) -> Result<(), Conflict> {
        while self.pass(cx)? {}
        Ok(())
    }
}

impl<D: Domain> GroupSum<D> {
    /// One pass over every variable; whether it removed anything.
    fn pass(&mut self, cx: &mut Ctx<'_, D>) -> Result<bool, Conflict> {
        let mut changed = false;
        let (mut lo, mut hi) = (0i64, 0i64);
        for gi in 0..self.groups.len() {
            let mut doms = std::mem::take(&mut self.doms);
            doms.clear();
            doms.extend(self.groups[gi].0.iter().map(|&v| cx.dom(v)));
            let range = self.range(&doms);
            self.doms = doms;
            let Some(range) = range else {
                return Err(cx.conflict(None));
            };
            self.ranges[gi] = range;
            let (l, h) = scaled(self.groups[gi].1, range);
            lo += l;
            hi += h;
        }
        if self.target < lo || self.target > hi {
            return Err(cx.conflict(None));
        }
        for gi in 0..self.groups.len() {
            let k = self.groups[gi].1;
            let (gl, gh) = scaled(k, self.ranges[gi]);
            // What the other groups leave this group's scaled sum to reach.
            let (need_lo, need_hi) = (self.target - (hi - gh), self.target - (lo - gl));
            let size = self.groups[gi].0.len();
            for i in 0..size {
                let var = self.groups[gi].0[i];
                let dom = cx.dom(var);
                let others = (0..size)
                    .filter(|&j| j != i)
                    .fold(D::empty(), |u, j| u.or(cx.dom(self.groups[gi].0[j])));
                let mut kept = D::empty();
                for v in dom.iter() {
                    let mut rest = others;
                    rest.remove(v);
                    let Some(rest) =
                        Self::extremes(&self.weights, rest, size - 1, &mut self.sorted)
                    else {
                        continue;
                    };
                    let w = self.weights[v];
                    let (sl, sh) = scaled(k, (w + rest.0, w + rest.1));
                    if sh >= need_lo && sl <= need_hi {
                        kept.insert(v);
                    }
                }
                changed |= cx.intersect(var, kept)?;
            }
        }
        Ok(changed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Rng;
    use crate::engine::testing::{Seen, Strength, check, random_assignment};

    /// Sound against brute force on random groups, coefficients and domains: every value on a
    /// solution stays, and failure only when there is none.
    #[test]
    fn keeps_every_value_of_every_solution() {
        let mut rng = Rng::new(23);
        let mut seen = Seen::default();
        for _ in 0..2000 {
            let values = 3 + rng.below(4);
            let sizes: Vec<usize> = (0..1 + rng.below(3)).map(|_| 1 + rng.below(3)).collect();
            let coeffs: Vec<i64> = sizes.iter().map(|_| rng.below(5) as i64 - 2).collect();
            let weights: Vec<u64> = (1..=values as u64).collect();
            let vars: usize = sizes.iter().sum();
            let target = rng.below(4 * values) as i64 - values as i64;
            let doms: Vec<u16> = (0..vars)
                .map(|_| 1 + rng.below((1 << values) - 1) as u16)
                .collect();
            let holds = |x: &[usize]| {
                let mut at = 0;
                let mut total = 0;
                for (&s, &k) in sizes.iter().zip(&coeffs) {
                    let g = &x[at..at + s];
                    if g.iter().enumerate().any(|(i, v)| g[..i].contains(v)) {
                        return false;
                    }
                    total += k * g.iter().map(|&v| weights[v] as i64).sum::<i64>();
                    at += s;
                }
                total == target
            };
            let post = |e: &mut crate::engine::Engine<u16>, v: &[VarId]| {
                let mut at = 0;
                let groups = sizes
                    .iter()
                    .zip(&coeffs)
                    .map(|(&s, &k)| {
                        at += s;
                        (v[at - s..at].to_vec(), k)
                    })
                    .collect();
                e.post(GroupSum::new("g", groups, &weights, target));
            };
            let fixed = random_assignment(&mut rng, &doms);
            seen.add(check(&doms, &fixed, &holds, &post, Strength::Sound));
        }
        assert!(seen.pruned > 100 && seen.failed > 100, "{seen:?}");
    }
}
