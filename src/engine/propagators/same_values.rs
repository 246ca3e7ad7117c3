//! Same values: two groups of variables take the same set of values (locked candidates).
//!
//! When two permutation all-differents over one universe overlap,
//! the variables of the first outside the overlap take exactly the values the overlap does not,
//! and so do the variables of the second outside it. So both rests take the same set of values: a
//! value that no variable of one rest can take is removed from the other rest. That is
//! "locked candidates" (pointing and claiming) in puzzle solvers' words.
//!
//! Rules, run until they change nothing: each rest is narrowed to the union of the other
//! rest's domains; fewer values in that common union than variables in a rest fails.

use super::{Conflict, Ctx, Domain, Priority, Propagator, VarId, WakeOn};

/// Two disjoint groups of variables that take the same set of distinct values.
#[derive(Debug, Clone)]
pub struct SameValues<D> {
    name: String,
    a: Vec<VarId>,
    b: Vec<VarId>,
    /// The values either group could take when posted.
    universe: D,
    /// Runs only below a search decision ([`Ctx::decisions`] > 0).
    after_guess: bool,
}

impl<D: Domain> SameValues<D> {
    /// The groups `a` and `b`: the rests of two permutation all-differents over the same
    /// values, outside their overlap. Both rests have as many variables as each other. Their
    /// current domains (`doms`, by variable index) fix the universe: post before narrowing.
    pub fn new(name: impl Into<String>, a: Vec<VarId>, b: Vec<VarId>, doms: &[D]) -> Self {
        debug_assert_eq!(a.len(), b.len(), "the rests of two equal permutations");
        let universe = a
            .iter()
            .chain(&b)
            .fold(D::empty(), |u, v| u.or(doms[v.index()]));
        SameValues {
            name: name.into(),
            a,
            b,
            universe,
            after_guess: false,
        }
    }

    /// Runs only below a search decision, so that puzzles propagation alone solves pay
    /// nothing for it.
    pub fn after_guess(mut self) -> Self {
        self.after_guess = true;
        self
    }
}

/// The union of the domains of `vars`, or `universe` as soon as it is reached: while most
/// values are still open (sparse models), a few domains settle that nothing can be narrowed.
fn union<D: Domain>(cx: &Ctx<'_, D>, vars: &[VarId], universe: D) -> D {
    let mut u = D::empty();
    for &v in vars {
        u = u.or(cx.dom(v));
        if u == universe {
            break;
        }
    }
    u
}

impl<D: Domain> Propagator<D> for SameValues<D> {
    fn name(&self) -> &str {
        &self.name
    }

    fn kind(&self) -> &'static str {
        "same values"
    }

    fn watches(&self) -> Vec<(VarId, WakeOn)> {
        self.a
            .iter()
            .chain(&self.b)
            .map(|&v| (v, WakeOn::Change))
            .collect()
    }

    fn priority(&self) -> Priority {
        Priority::Expensive
    }

    fn propagate(&mut self, cx: &mut Ctx<'_, D>) -> Result<(), Conflict> {
        if self.after_guess && cx.decisions() == 0 {
            return Ok(());
        }
        let mut ua = union(cx, &self.a, self.universe);
        if ua == self.universe && union(cx, &self.b, self.universe) == self.universe {
            return Ok(());
        }
        let mut ub = union(cx, &self.b, self.universe);
        loop {
            let common = ua.and(ub);
            if (common.len() as usize) < self.a.len() {
                return Err(cx.conflict(None));
            }
            let (mut changed, narrow_a, narrow_b) = (false, ua != common, ub != common);
            if narrow_a {
                for &v in &self.a {
                    changed |= cx.intersect(v, common)?;
                }
            }
            if narrow_b {
                for &v in &self.b {
                    changed |= cx.intersect(v, common)?;
                }
            }
            if !changed {
                return Ok(());
            }
            ua = union(cx, &self.a, self.universe);
            ub = union(cx, &self.b, self.universe);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::testing::{Seen, Strength, check, random_assignment, random_domains};
    use crate::engine::{AllDifferent, Engine, Limits};

    /// Two permutations of four variables share variables 0 and 1: the rests are variables 2, 3
    /// (of the first) and 4, 5 (of the second). Value 3 fits neither of 2 and 3, so it leaves
    /// the second rest.
    #[test]
    fn a_value_locked_in_the_overlap_leaves_the_other_rest() {
        let mut e = Engine::<u16>::new();
        let full = u16::full(4);
        let v: Vec<VarId> = (0..6).map(|_| e.new_var(full)).collect();
        e.post(AllDifferent::new(
            "first",
            vec![v[0], v[1], v[2], v[3]],
            e.domains(),
        ));
        e.post(AllDifferent::new(
            "second",
            vec![v[0], v[1], v[4], v[5]],
            e.domains(),
        ));
        e.post(SameValues::new(
            "same",
            vec![v[2], v[3]],
            vec![v[4], v[5]],
            e.domains(),
        ));
        e.restrict(v[2], 0b0111, "test").unwrap();
        e.restrict(v[3], 0b0111, "test").unwrap();
        e.propagate().unwrap();
        assert_eq!(e.dom(v[4]), 0b0111);
        assert_eq!(e.dom(v[5]), 0b0111);
        assert_eq!(e.dom(v[0]), full, "the overlap keeps every value");
        // Two values left for two variables on one side, none shared with the other: fails.
        e.restrict(v[4], 0b0011, "test").unwrap();
        e.restrict(v[5], 0b0011, "test").unwrap();
        e.restrict(v[2], 0b0110, "test").unwrap();
        e.restrict(v[3], 0b0110, "test").unwrap();
        assert!(e.propagate().is_err());
    }

    /// Alone on two rests of two or three variables over five values, the propagator keeps
    /// every value of an assignment where both rests hold the same distinct values (what two
    /// overlapping permutations imply), is idempotent, and refuses every other full assignment.
    #[test]
    fn is_sound_and_checks_the_common_set_of_values() {
        let mut rng = crate::engine::Rng::new(9);
        let mut seen = Seen::default();
        for _ in 0..2000 {
            let k = 2 + rng.below(2);
            let keep = 2 + rng.below(4);
            let doms = random_domains(&mut rng, 2 * k, 5, keep);
            if doms.contains(&0) {
                continue;
            }
            let holds = |vals: &[usize]| {
                let set = |part: &[usize]| part.iter().fold(0u16, |m, &v| m | 1 << v);
                let (a, b) = vals.split_at(k);
                set(a) == set(b) && set(a).count_ones() as usize == k
            };
            let universe = vec![u16::full(5); 2 * k];
            let post = |e: &mut Engine<u16>, vars: &[VarId]| {
                let (a, b) = vars.split_at(k);
                e.post(SameValues::new("s", a.to_vec(), b.to_vec(), &universe));
            };
            let fixed = random_assignment(&mut rng, &doms);
            seen.add(check(&doms, &fixed, &holds, &post, Strength::Sound));
        }
        assert!(seen.pruned > 200 && seen.failed > 200, "{seen:?}");
    }

    /// On random partial Latin squares of order 4 with 2×2 blocks, the propagator loses no
    /// solution: counts with and without it agree.
    #[test]
    fn never_removes_a_solution() {
        let count = |same: bool, fixed: &[(usize, usize)]| {
            let mut e = Engine::<u16>::new();
            let v: Vec<VarId> = (0..16).map(|_| e.new_var(u16::full(4))).collect();
            let across = |r: usize| (0..4).map(|c| v[r * 4 + c]).collect::<Vec<_>>();
            let down = |c: usize| (0..4).map(|r| v[r * 4 + c]).collect::<Vec<_>>();
            let block = |b: usize| {
                let (r0, c0) = (b / 2 * 2, b % 2 * 2);
                (0..4)
                    .map(|i| v[(r0 + i / 2) * 4 + c0 + i % 2])
                    .collect::<Vec<_>>()
            };
            for i in 0..4 {
                e.post(AllDifferent::new("a", across(i), e.domains()));
                e.post(AllDifferent::new("d", down(i), e.domains()));
                e.post(AllDifferent::new("b", block(i), e.domains()));
            }
            if same {
                for b in 0..4 {
                    let variables = block(b);
                    for line in [
                        across(b / 2 * 2),
                        across(b / 2 * 2 + 1),
                        down(b % 2 * 2),
                        down(b % 2 * 2 + 1),
                    ] {
                        let a: Vec<VarId> = line
                            .iter()
                            .copied()
                            .filter(|x| !variables.contains(x))
                            .collect();
                        let r: Vec<VarId> = variables
                            .iter()
                            .copied()
                            .filter(|x| !line.contains(x))
                            .collect();
                        e.post(SameValues::new("s", a, r, e.domains()));
                    }
                }
            }
            for &(variable, value) in fixed {
                if e.restrict(v[variable], u16::singleton(value), "fixed")
                    .is_err()
                {
                    return None;
                }
            }
            let mut n = 0;
            e.search(&Limits::solutions(u64::MAX), |_| n += 1);
            Some(n)
        };
        let mut rng = crate::engine::Rng::new(5);
        for _ in 0..300 {
            let fixed: Vec<(usize, usize)> = (0..rng.below(6))
                .map(|_| (rng.below(16), rng.below(4)))
                .collect();
            assert_eq!(count(true, &fixed), count(false, &fixed), "{fixed:?}");
        }
    }
}
