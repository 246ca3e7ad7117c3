//! What the propagators' tests share: random domains from the one seeded generator, supports
//! found by enumeration, and the checks every propagator must pass.

use super::{Engine, Rng, VarId};

/// Posts the propagators under test on the variables given (each with its domain in the engine).
pub type Post<'a> = &'a dyn Fn(&mut Engine<u16>, &[VarId]);

/// How much a propagator claims to prune, alone on its variables.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Strength {
    /// Keeps exactly the values some solution of the constraint uses; fails exactly when there
    /// is none.
    Exact,
    /// Keeps every value some solution uses, maybe more; fails only when there is no solution.
    Sound,
}

/// What one checked case showed, for tests that want the checks to have bitten.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Seen {
    /// Cases where the propagator removed a value.
    pub pruned: usize,
    /// Cases where it failed.
    pub failed: usize,
}

impl Seen {
    /// Adds what `other` saw to this.
    pub fn add(&mut self, other: Seen) {
        self.pruned += other.pruned;
        self.failed += other.failed;
    }
}

/// `k` random domains over values `0..values` (at most 16), each value kept with probability
/// `keep` in 1/8ths; a domain may come out empty.
pub fn random_domains(rng: &mut Rng, k: usize, values: usize, keep: usize) -> Vec<u16> {
    (0..k)
        .map(|_| {
            (0..values)
                .filter(|_| rng.below(8) < keep)
                .fold(0u16, |d, v| d | 1 << v)
        })
        .collect()
}

/// The values each variable takes in some assignment within `doms` that `holds`, by
/// enumeration; `None` when no assignment holds.
pub fn supports(doms: &[u16], holds: &dyn Fn(&[usize]) -> bool) -> Option<Vec<u16>> {
    fn walk(
        i: usize,
        doms: &[u16],
        holds: &dyn Fn(&[usize]) -> bool,
        vals: &mut Vec<usize>,
        out: &mut [u16],
    ) -> bool {
        if i == doms.len() {
            let ok = holds(vals);
            if ok {
                vals.iter()
                    .zip(out.iter_mut())
                    .for_each(|(&v, o)| *o |= 1 << v);
            }
            return ok;
        }
        let mut any = false;
        for v in (0..16).filter(|v| doms[i] >> v & 1 == 1) {
            vals.push(v);
            any |= walk(i + 1, doms, holds, vals, out);
            vals.pop();
        }
        any
    }
    let mut out = vec![0u16; doms.len()];
    walk(0, doms, holds, &mut Vec::new(), &mut out).then_some(out)
}

/// The domains of the variables after a fresh engine with `doms`, and what `post` posts over
/// them, propagates; `None` on a failure.
pub fn propagate_alone(doms: &[u16], post: Post<'_>) -> Option<Vec<u16>> {
    let mut e = Engine::<u16>::new();
    let vars: Vec<VarId> = doms.iter().map(|&d| e.new_var(d)).collect();
    post(&mut e, &vars);
    e.propagate().ok()?;
    Some(e.domains()[..doms.len()].to_vec())
}

/// Checks a propagator on `doms` against enumeration of the constraint `holds`:
/// - sound: no value of a solution is removed, and no failure while a solution exists;
/// - exact, when it claims [`Strength::Exact`]: the supports are all that is kept, and it fails
///   whenever there is no solution;
/// - idempotent: propagating again from what it kept changes nothing;
/// - a checker: on `fixed`, a full assignment within `doms`, it fails exactly when the
///   assignment breaks the constraint.
pub fn check(
    doms: &[u16],
    fixed: &[usize],
    holds: &dyn Fn(&[usize]) -> bool,
    post: Post<'_>,
    strength: Strength,
) -> Seen {
    let expected = supports(doms, holds);
    let got = propagate_alone(doms, post);
    let mut seen = Seen::default();
    match (&got, &expected) {
        (None, Some(_)) => panic!("failed on {doms:?}, which has a solution"),
        (None, None) => seen.failed += 1,
        (Some(kept), None) => {
            assert!(
                strength == Strength::Sound,
                "{doms:?} has no solution, kept {kept:?}"
            );
        }
        (Some(kept), Some(support)) => {
            for ((&k, &s), &d) in kept.iter().zip(support).zip(doms) {
                assert_eq!(
                    k & s,
                    s,
                    "{doms:?}: lost support {support:?}, kept {kept:?}"
                );
                assert_eq!(k & !d, 0, "{doms:?}: kept {kept:?}, more than it had");
            }
            if strength == Strength::Exact {
                assert_eq!(kept, support, "{doms:?}");
            }
        }
    }
    if let Some(kept) = &got {
        seen.pruned += usize::from(kept.as_slice() != doms);
        assert_eq!(
            propagate_alone(kept, post).as_ref(),
            Some(kept),
            "{doms:?}: not idempotent"
        );
    }
    if !fixed.is_empty() {
        let singletons: Vec<u16> = fixed.iter().map(|&v| 1 << v).collect();
        assert_eq!(
            propagate_alone(&singletons, post).is_some(),
            holds(fixed),
            "the assignment {fixed:?}"
        );
    }
    seen
}

/// A random full assignment within `doms` (each non-empty), for [`check`].
pub fn random_assignment(rng: &mut Rng, doms: &[u16]) -> Vec<usize> {
    doms.iter()
        .map(|&d| {
            let values: Vec<usize> = (0..16).filter(|v| d >> v & 1 == 1).collect();
            values[rng.below(values.len())]
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn supports_are_the_values_of_the_holding_assignments() {
        let distinct = |v: &[usize]| v[0] != v[1];
        assert_eq!(supports(&[0b01, 0b11], &distinct), Some(vec![0b01, 0b10]));
        assert_eq!(supports(&[0b01, 0b01], &distinct), None);
        assert_eq!(supports(&[0b11, 0b00], &|_| true), None);
        assert_eq!(supports(&[], &|_| true), Some(vec![]));
    }

    #[test]
    fn random_domains_keep_about_the_share_asked() {
        let mut rng = Rng::new(1);
        let doms = random_domains(&mut rng, 1000, 8, 4);
        let kept: u32 = doms.iter().map(|d| d.count_ones()).sum();
        assert!((3600..4400).contains(&kept), "{kept} of 8,000");
        assert!(doms.iter().all(|&d| d < 1 << 8));
    }
}
