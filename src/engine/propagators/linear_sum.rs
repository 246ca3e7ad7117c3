//! Linear sum: Σ weight(xᵢ) − Σ weight(yⱼ) = target over variables that need not be distinct,
//! filtered to domain consistency by a reachable-sums dynamic program, or (when asked) to
//! bounds consistency by the terms' smallest and largest amounts.
//!
//! Each term's value is shifted to a non-negative amount (`w` for a plus term, `W − w` for a
//! minus term, `W` the largest weight), so the constraint becomes Σ amounts = target + (#minus)·W.
//! The forward pass builds, for each prefix of the terms, the set of sums it can reach (a
//! bitset, shift-or per value); the backward pass does the same for suffixes towards the
//! target. A value is kept if some prefix sum plus its amount meets some suffix sum: exactly
//! the values that appear in a solution of the constraint alone. One pass reaches fixpoint.

use super::{Conflict, Ctx, Domain, Propagator, VarId, WakeOn};
use log::{Level, log_enabled, trace};

/// Most words a reachable-sums table may take (`(terms + 1) × (goal / 64 + 1)`; 512 KB): past
/// it, a [`LinearSum`] filters to bounds consistency. Sums of a few terms over values up to 9
/// need a few hundred words; weights in the millions would need gigabytes.
const MAX_TABLE_WORDS: usize = 1 << 16;

/// `Σ plus − Σ minus = target`, each term the weight of the variable's value.
#[derive(Debug)]
pub struct LinearSum {
    name: String,
    /// Variables and whether they count negatively.
    terms: Vec<(VarId, bool)>,
    /// Amount of each value index for a plus term (its weight) and a minus term (`W − weight`).
    plus_amount: Vec<usize>,
    minus_amount: Vec<usize>,
    /// The target in amounts; `None` if it is negative, so that nothing satisfies the sum.
    goal: Option<usize>,
    /// Words per reachable-sums bitset (bits `0..=goal`).
    words: usize,
    /// Scratch: `forward[i]` = sums reachable by terms `..i`, `backward[i]` = sums from which
    /// terms `i..` reach the goal; `(terms + 1) × words` each.
    forward: Vec<u64>,
    backward: Vec<u64>,
    /// Bounds consistency only (see [`LinearSum::bounds_only`]).
    bounds_only: bool,
    /// Whether weights increase with the value index, so a domain's smallest and largest
    /// amounts sit at its ends.
    monotone: bool,
    /// Scratch for the bounds passes: each term's smallest and largest amount.
    ranges: Vec<(usize, usize)>,
}

impl LinearSum {
    /// `Σ weights[plus] − Σ weights[minus] = target`. `weights[v]` is the weight of value index
    /// `v`; every domain must lie within `weights`. When its reachable-sums tables would take
    /// more than 512 KB each (large weights), the sum filters to bounds consistency instead.
    ///
    /// # Panics
    ///
    /// If the terms' largest weights add up to more than `i64::MAX`: the sums are kept in 64
    /// bits. (A model checks this of its weights before posting.)
    pub fn new(
        name: impl Into<String>,
        plus: &[VarId],
        minus: &[VarId],
        weights: &[u64],
        target: i64,
    ) -> Self {
        let top = weights.iter().copied().max().unwrap_or(0);
        let terms = plus.len() + minus.len();
        assert!(
            terms as u128 * u128::from(top) <= i64::MAX as u128,
            "{terms} terms of weight up to {top} can pass i64::MAX"
        );
        let plus_amount: Vec<usize> = weights.iter().map(|&w| w as usize).collect();
        let minus_amount: Vec<usize> = weights.iter().map(|&w| (top - w) as usize).collect();
        let goal = i128::from(target) + minus.len() as i128 * i128::from(top);
        let goal = usize::try_from(goal).ok();
        let words = goal.map_or(1, |g| g / 64 + 1);
        let terms: Vec<(VarId, bool)> = plus
            .iter()
            .map(|&v| (v, false))
            .chain(minus.iter().map(|&v| (v, true)))
            .collect();
        let len = (terms.len() + 1) * words;
        let tables = len <= MAX_TABLE_WORDS;
        let ranges = vec![(0, 0); terms.len()];
        LinearSum {
            name: name.into(),
            terms,
            plus_amount,
            minus_amount,
            goal,
            words,
            forward: if tables { vec![0; len] } else { Vec::new() },
            backward: if tables { vec![0; len] } else { Vec::new() },
            bounds_only: !tables,
            monotone: weights.windows(2).all(|w| w[0] < w[1]),
            ranges,
        }
    }

    /// Filters to bounds consistency instead: each term keeps the values whose amount fits
    /// between the goal minus the others' largest amounts and the goal minus their smallest.
    /// A few additions per term instead of three passes over every value: for sums whose
    /// pruning is almost all at the bounds, as fast as the search it saves costs.
    pub fn bounds_only(mut self) -> Self {
        self.bounds_only = true;
        // The reachable-sums tables are not used.
        self.forward = Vec::new();
        self.backward = Vec::new();
        self
    }
}

/// `dst |= src << k` over `words`-long bitsets, dropping bits past the end.
fn shl_or(dst: &mut [u64], src: &[u64], k: usize) {
    let (w, b) = (k / 64, k % 64);
    for i in (w..dst.len()).rev() {
        let lo = src[i - w] << b;
        let hi = if b > 0 && i > w {
            src[i - w - 1] >> (64 - b)
        } else {
            0
        };
        dst[i] |= lo | hi;
    }
}

/// `dst |= src >> k`.
fn shr_or(dst: &mut [u64], src: &[u64], k: usize) {
    let (w, b) = (k / 64, k % 64);
    for i in 0..dst.len().saturating_sub(w) {
        let lo = src[i + w] >> b;
        let hi = if b > 0 && i + w + 1 < src.len() {
            src[i + w + 1] << (64 - b)
        } else {
            0
        };
        dst[i] |= lo | hi;
    }
}

/// Whether `(a << k) & b` has a bit set.
fn meets_shifted(a: &[u64], b: &[u64], k: usize) -> bool {
    let (w, s) = (k / 64, k % 64);
    (w..b.len()).any(|i| {
        let lo = a[i - w] << s;
        let hi = if s > 0 && i > w {
            a[i - w - 1] >> (64 - s)
        } else {
            0
        };
        (lo | hi) & b[i] != 0
    })
}

impl<D: Domain> Propagator<D> for LinearSum {
    fn name(&self) -> &str {
        &self.name
    }

    fn kind(&self) -> &'static str {
        "linear sum"
    }

    fn watches(&self) -> Vec<(VarId, WakeOn)> {
        self.terms
            .iter()
            .map(|&(v, _)| (v, WakeOn::Change))
            .collect()
    }

    fn propagate(&mut self, cx: &mut Ctx<'_, D>) -> Result<(), Conflict> {
        let Some(goal) = self.goal else {
            return Err(cx.conflict(None));
        };
        if self.bounds_only {
            return self.propagate_bounds(cx, goal);
        }
        if self.words == 1 {
            return self.propagate_in_one_word(cx, goal);
        }
        let (k, words) = (self.terms.len(), self.words);
        let amount = |minus: bool, v: usize| {
            if minus {
                self.minus_amount[v]
            } else {
                self.plus_amount[v]
            }
        };
        // Forward: sums reachable by each prefix, capped at the goal.
        self.forward.fill(0);
        self.forward[0] = 1;
        for (i, &(var, minus)) in self.terms.iter().enumerate() {
            let (done, rest) = self.forward.split_at_mut((i + 1) * words);
            let (src, dst) = (&done[i * words..], &mut rest[..words]);
            for v in cx.dom(var).iter() {
                shl_or(dst, src, amount(minus, v));
            }
            clear_past(dst, goal);
        }
        let reached = self.forward[k * words + goal / 64] >> (goal % 64) & 1 == 1;
        if !reached {
            if log_enabled!(target: crate::engine::LOG_PROPAGATE, Level::Trace) {
                trace!(target: crate::engine::LOG_PROPAGATE, "  {}: no values reach the sum", self.name);
            }
            return Err(cx.conflict(None));
        }
        // Backward: sums from which each suffix reaches the goal exactly.
        self.backward.fill(0);
        self.backward[k * words + goal / 64] = 1 << (goal % 64);
        for (i, &(var, minus)) in self.terms.iter().enumerate().rev() {
            let (head, tail) = self.backward.split_at_mut((i + 1) * words);
            let (dst, src) = (&mut head[i * words..], &tail[..words]);
            for v in cx.dom(var).iter() {
                shr_or(dst, src, amount(minus, v));
            }
        }
        // Supports: a prefix sum, plus the value's amount, from which the suffix reaches it.
        for (i, &(var, minus)) in self.terms.iter().enumerate() {
            let dom = cx.dom(var);
            let before = &self.forward[i * words..(i + 1) * words];
            let after = &self.backward[(i + 1) * words..(i + 2) * words];
            let mut keep = D::empty();
            for v in dom.iter() {
                if meets_shifted(before, after, amount(minus, v)) {
                    keep.insert(v);
                }
            }
            if keep != dom {
                cx.intersect(var, keep)?;
            }
        }
        Ok(())
    }
}

impl LinearSum {
    /// The amount of each value index for a minus or a plus term.
    fn amounts(&self, minus: bool) -> &[usize] {
        if minus {
            &self.minus_amount
        } else {
            &self.plus_amount
        }
    }

    /// The smallest and largest amount a term can still give.
    fn amount_range<D: Domain>(&self, dom: D, minus: bool) -> (usize, usize) {
        let amount = self.amounts(minus);
        match (self.monotone, dom.min(), dom.max()) {
            (true, Some(lo), Some(hi)) if minus => (amount[hi], amount[lo]),
            (true, Some(lo), Some(hi)) => (amount[lo], amount[hi]),
            _ => dom.iter().fold((usize::MAX, 0), |(lo, hi), v| {
                (lo.min(amount[v]), hi.max(amount[v]))
            }),
        }
    }

    /// Bounds consistency, to a fixpoint: while some term has an amount the others cannot
    /// complete to the goal even at their extremes, it loses the values giving such amounts.
    fn propagate_bounds<D: Domain>(
        &mut self,
        cx: &mut Ctx<'_, D>,
        goal: usize,
    ) -> Result<(), Conflict> {
        loop {
            // The sums of the smallest and of the largest amounts.
            let (mut low, mut high) = (0, 0);
            for (i, &(var, minus)) in self.terms.iter().enumerate() {
                let dom = cx.dom(var);
                if dom.is_empty() {
                    return Err(cx.conflict(Some(var)));
                }
                let (lo, hi) = self.amount_range(dom, minus);
                self.ranges[i] = (lo, hi);
                low += lo;
                high += hi;
            }
            if goal < low || goal > high {
                if log_enabled!(target: crate::engine::LOG_PROPAGATE, Level::Trace) {
                    trace!(target: crate::engine::LOG_PROPAGATE, "  {}: no values reach the sum", self.name);
                }
                return Err(cx.conflict(None));
            }
            let mut changed = false;
            for (&(var, minus), &(lo, hi)) in self.terms.iter().zip(&self.ranges) {
                // The others give between low − lo and high − hi (bounds from before this
                // pass's narrowing: looser, so still safe; saturating, as a variable may appear
                // in two terms).
                let least = goal.saturating_sub(high.saturating_sub(hi));
                let most = goal - low.saturating_sub(lo);
                if lo >= least && hi <= most {
                    continue;
                }
                let amount = self.amounts(minus);
                let mut keep = D::empty();
                for v in cx.dom(var).iter() {
                    if (least..=most).contains(&amount[v]) {
                        keep.insert(v);
                    }
                }
                cx.intersect(var, keep)?;
                changed = true;
            }
            if !changed {
                return Ok(());
            }
        }
    }

    /// [`Propagator::propagate`] when every sum up to the goal fits in one word (up to seven
    /// terms over values up to 9): the same passes on plain `u64`s, half the instructions a
    /// run. The general passes stay for larger sums; the tests check both against enumeration.
    fn propagate_in_one_word<D: Domain>(
        &mut self,
        cx: &mut Ctx<'_, D>,
        goal: usize,
    ) -> Result<(), Conflict> {
        let k = self.terms.len();
        let below_goal = if goal >= 63 {
            u64::MAX
        } else {
            (2u64 << goal) - 1
        };
        let amounts = |minus: bool| {
            if minus {
                &self.minus_amount
            } else {
                &self.plus_amount
            }
        };
        let (forward, backward) = (&mut self.forward, &mut self.backward);
        forward[0] = 1;
        for (i, &(var, minus)) in self.terms.iter().enumerate() {
            let (src, amount) = (forward[i], amounts(minus));
            let mut dst = 0;
            for v in cx.dom(var).iter() {
                dst |= shift_up(src, amount[v]);
            }
            forward[i + 1] = dst & below_goal;
        }
        if forward[k] >> goal & 1 == 0 {
            if log_enabled!(target: crate::engine::LOG_PROPAGATE, Level::Trace) {
                trace!(target: crate::engine::LOG_PROPAGATE, "  {}: no values reach the sum", self.name);
            }
            return Err(cx.conflict(None));
        }
        backward[k] = 1 << goal;
        for (i, &(var, minus)) in self.terms.iter().enumerate().rev() {
            let (src, amount) = (backward[i + 1], amounts(minus));
            let mut dst = 0;
            for v in cx.dom(var).iter() {
                dst |= src.checked_shr(amount[v] as u32).unwrap_or(0);
            }
            backward[i] = dst;
        }
        for (i, &(var, minus)) in self.terms.iter().enumerate() {
            let (before, after, amount) = (forward[i], backward[i + 1], amounts(minus));
            let dom = cx.dom(var);
            let mut keep = D::empty();
            for v in dom.iter() {
                if shift_up(before, amount[v]) & after != 0 {
                    keep.insert(v);
                }
            }
            if keep != dom {
                cx.intersect(var, keep)?;
            }
        }
        Ok(())
    }
}

/// `x << k`, zero once `k` passes the word.
fn shift_up(x: u64, k: usize) -> u64 {
    x.checked_shl(k as u32).unwrap_or(0)
}

/// Clears the bits of `set` above `goal`.
fn clear_past(set: &mut [u64], goal: usize) {
    let (w, b) = (goal / 64, goal % 64);
    if b < 63 {
        set[w] &= (1u64 << (b + 1)) - 1;
    }
    set[w + 1..].iter_mut().for_each(|x| *x = 0);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::testing::{Seen, Strength, check, propagate_alone, random_assignment};
    use crate::engine::{Engine, Limits, Rng};

    /// Weights big enough that sums cross a 64-bit word.
    const WEIGHTS: [u64; 9] = [1, 2, 3, 5, 8, 13, 21, 40, 70];

    /// A random sum of one to five terms over nine values: each term's domain, whether it
    /// counts negatively, and the target.
    fn random_sum(rng: &mut Rng) -> (Vec<u16>, Vec<bool>, i64) {
        let k = 1 + rng.below(5);
        let doms = (0..k).map(|_| 1 + rng.below(511) as u16).collect();
        let signs = (0..k).map(|_| rng.below(3) == 0).collect();
        (doms, signs, rng.below(200) as i64 - 40)
    }

    /// Whether the values `vals` (with `signs`) add up to `target`.
    fn adds_up(vals: &[usize], signs: &[bool], weights: &[u64], target: i64) -> bool {
        let signed = |(&v, &minus): (&usize, &bool)| {
            let w = weights[v] as i64;
            if minus { -w } else { w }
        };
        vals.iter().zip(signs).map(signed).sum::<i64>() == target
    }

    /// Posts `sum` (given the plus and the minus variables) over `vars`, split by `signs`.
    fn post_split(
        e: &mut Engine<u16>,
        vars: &[VarId],
        signs: &[bool],
        sum: impl FnOnce(&[VarId], &[VarId]) -> LinearSum,
    ) {
        let side = |minus: bool| -> Vec<VarId> {
            (0..vars.len())
                .filter(|&i| signs[i] == minus)
                .map(|i| vars[i])
                .collect()
        };
        e.post(sum(&side(false), &side(true)));
    }

    #[test]
    fn keeps_exactly_the_supported_values() {
        let mut rng = Rng::new(0x2545_f491_4f6c_dd1d);
        // runs of the general passes and of the one-word ones
        let one_word = std::cell::Cell::new([0; 2]);
        let mut seen = Seen::default();
        for _ in 0..400 {
            let (doms, signs, target) = random_sum(&mut rng);
            let holds = |vals: &[usize]| adds_up(vals, &signs, &WEIGHTS, target);
            let post = |e: &mut Engine<u16>, vars: &[VarId]| {
                post_split(e, vars, &signs, |plus, minus| {
                    let sum = LinearSum::new("s", plus, minus, &WEIGHTS, target);
                    let mut runs = one_word.get();
                    runs[usize::from(sum.words == 1)] += 1;
                    one_word.set(runs);
                    sum
                });
            };
            let fixed = random_assignment(&mut rng, &doms);
            seen.add(check(&doms, &fixed, &holds, &post, Strength::Exact));
        }
        assert!(one_word.get().iter().all(|&n| n > 50), "{one_word:?}");
        assert!(seen.pruned > 50 && seen.failed > 50, "{seen:?}");
    }

    /// Bounds only: sound, idempotent and a checker like the exact filter, and stops at bounds
    /// consistency: each domain's smallest and largest values fit the target with the other
    /// terms anywhere between their own smallest and largest values.
    #[test]
    fn bounds_only_keeps_every_support_and_reaches_bounds_consistency() {
        let mut rng = Rng::new(0x9e37_79b9_7f4a_7c15);
        let mut seen = Seen::default();
        for round in 0..600 {
            // Every second round, weights out of order: the ends of a domain are then not its
            // smallest and largest weights.
            let mut weights = WEIGHTS;
            if round % 2 == 1 {
                weights.reverse();
            }
            let (doms, signs, target) = random_sum(&mut rng);
            let k = doms.len();
            let holds = |vals: &[usize]| adds_up(vals, &signs, &weights, target);
            let post = |e: &mut Engine<u16>, vars: &[VarId]| {
                post_split(e, vars, &signs, |plus, minus| {
                    LinearSum::new("s", plus, minus, &weights, target).bounds_only()
                });
            };
            let fixed = random_assignment(&mut rng, &doms);
            seen.add(check(&doms, &fixed, &holds, &post, Strength::Sound));
            let Some(after) = propagate_alone(&doms, &post) else {
                continue;
            };
            let why = format!("{doms:?} {signs:?} {target} {weights:?}");
            // Each term's signed contributions.
            let values = |i: usize| -> Vec<i64> {
                let sign = if signs[i] { -1 } else { 1 };
                (0..9)
                    .filter(|&v| after[i] >> v & 1 == 1)
                    .map(|v| sign * weights[v] as i64)
                    .collect()
            };
            let ranges: Vec<(i64, i64)> = (0..k)
                .map(|i| {
                    let vs = values(i);
                    (*vs.iter().min().unwrap(), *vs.iter().max().unwrap())
                })
                .collect();
            for i in 0..k {
                let others = |f: fn(&(i64, i64)) -> i64| -> i64 {
                    (0..k).filter(|&j| j != i).map(|j| f(&ranges[j])).sum()
                };
                let (least, most) = (others(|r| r.0), others(|r| r.1));
                for end in [ranges[i].0, ranges[i].1] {
                    assert!((least..=most).contains(&(target - end)), "{why}");
                }
            }
        }
        assert!(seen.pruned > 100 && seen.failed > 50, "{seen:?}");
    }

    #[test]
    fn counts_the_solutions_of_a_sum() {
        // x + y - z = 5 over 1..4: count by search against enumeration
        let mut e = Engine::<u16>::new();
        let v: Vec<VarId> = (0..3).map(|_| e.new_var(u16::full(4))).collect();
        e.post(LinearSum::new("s", &v[..2], &v[2..], &[1, 2, 3, 4], 5));
        let mut n = 0;
        e.search(&Limits::solutions(u64::MAX), |_| n += 1);
        let expect = (1..=4)
            .flat_map(|x| (1..=4).flat_map(move |y| (1..=4).map(move |z| x + y - z)))
            .filter(|&s| s == 5)
            .count();
        assert_eq!(n, expect);
    }
}
