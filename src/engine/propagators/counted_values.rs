//! Counted values: each value the variables take, they take exactly as many times as its count
//! says (counting circles).
//!
//! Rules, run until they change nothing, for each value `a` with count `c`:
//! - more than `c` variables fixed to `a` fails;
//! - when fewer than `c` groups can still take `a` (the variables split into groups that take
//!   distinct values, in one way or several), `a` is removed everywhere, and a variable fixed to
//!   it fails;
//! - the counts of the values taken add up to the number of variables, so a value is kept only
//!   when some set of still possible values, holding every value already taken, adds up to it,
//!   and a value in every such set must be taken;
//! - a value that must be taken and has exactly `c` variables left that can take it fixes them;
//!   with `c` fixed already it leaves the others; with exactly `c` groups of a split left, a
//!   group with one variable left that can take it fixes that variable, and variables outside
//!   that differ from a whole group that must take it lose it.

use super::{Conflict, Ctx, Domain, Propagator, VarId, WakeOn};
use log::{Level, log_enabled, trace};

/// The variables `vars`; a value any of them takes is taken by exactly `counts[value]` of them
/// (0, or past the end: by none).
#[derive(Debug, Clone)]
pub struct CountedValues {
    name: String,
    vars: Vec<VarId>,
    counts: Vec<usize>,
    /// Ways of splitting the variables into groups of distinct values.
    partitions: Vec<Vec<Group>>,
    /// Scratch: the sums of counts a set of values can reach, a bit per sum.
    reach: Vec<u64>,
    /// Scratch: the values still possible.
    open: Vec<usize>,
}

/// Some of the variables, which take distinct values.
#[derive(Debug, Clone)]
struct Group {
    /// Their positions in `vars`.
    at: Vec<usize>,
    /// Variables not among `vars` that differ from every one of them.
    outside: Vec<VarId>,
}

impl CountedValues {
    /// The constraint over `vars` with `counts`, its variables in no groups yet.
    pub fn new(name: impl Into<String>, vars: Vec<VarId>, counts: Vec<usize>) -> Self {
        let words = vars.len() / 64 + 1;
        CountedValues {
            name: name.into(),
            vars,
            counts,
            partitions: Vec::new(),
            reach: vec![0; words],
            open: Vec::new(),
        }
    }

    /// Adds a split of the variables: `groups` partitions their positions into groups whose
    /// variables must differ; `outside[g]` are variables not among them that differ from
    /// every variable of group `g` (a value group `g` must take leaves them).
    pub fn grouped(mut self, groups: Vec<Vec<usize>>, mut outside: Vec<Vec<VarId>>) -> Self {
        debug_assert_eq!(
            groups.iter().map(Vec::len).sum::<usize>(),
            self.vars.len(),
            "each variable in one group"
        );
        outside.resize(groups.len(), Vec::new());
        let split = groups
            .into_iter()
            .zip(outside)
            .map(|(at, outside)| Group { at, outside })
            .collect();
        self.partitions.push(split);
        self
    }

    fn count(&self, a: usize) -> usize {
        self.counts.get(a).copied().unwrap_or(0)
    }

    /// Whether some set of the open values, holding every value of `must` and not `without`,
    /// has counts adding up to the number of variables.
    fn reachable<D: Domain>(&mut self, must: D, without: Option<usize>) -> bool {
        let target = self.vars.len();
        self.reach.fill(0);
        self.reach[0] = 1;
        for i in 0..self.open.len() {
            let a = self.open[i];
            if Some(a) == without {
                continue;
            }
            shift_in(&mut self.reach, self.counts[a], must.contains(a));
        }
        self.reach[target / 64] >> (target % 64) & 1 == 1
    }

    /// One pass of the rules; `Ok(true)` when it narrowed a domain.
    fn pass<D: Domain>(&mut self, cx: &mut Ctx<'_, D>) -> Result<bool, Conflict> {
        let mut union = D::empty();
        let mut taken = D::empty();
        for &v in &self.vars {
            let d = cx.dom(v);
            union = union.or(d);
            if let Some(a) = d.single() {
                taken.insert(a);
            }
        }
        let mut changed = false;
        self.open.clear();
        for a in union.iter() {
            let c = self.count(a);
            let (fixed, groups) = self.tally(cx, a);
            if fixed > c {
                return Err(cx.conflict(None));
            }
            if groups < c || c == 0 {
                if fixed > 0 {
                    return Err(cx.conflict(None));
                }
                self.trace(cx, a, "too few cells can take it");
                changed |= self.remove_everywhere(cx, a)?;
            } else {
                self.open.push(a);
            }
        }
        if !self.reachable(taken, None) {
            return Err(cx.conflict(None));
        }
        let mut needed = taken;
        for i in 0..self.open.len() {
            let a = self.open[i];
            if taken.contains(a) {
                continue;
            }
            let mut with = taken;
            with.insert(a);
            if !self.reachable(with, None) {
                self.trace(cx, a, "no set of counts with it adds up");
                changed |= self.remove_everywhere(cx, a)?;
            } else if !self.reachable(taken, Some(a)) {
                needed.insert(a);
            }
        }
        for a in needed.iter() {
            changed |= self.place(cx, a)?;
        }
        Ok(changed)
    }

    /// How many variables are fixed to `a`, and how many groups of the tightest split can
    /// take it (the variables, without splits).
    fn tally<D: Domain>(&self, cx: &Ctx<'_, D>, a: usize) -> (usize, usize) {
        let doms = || self.vars.iter().map(|&v| cx.dom(v));
        let fixed = doms().filter(|d| d.single() == Some(a)).count();
        let mut groups = doms().filter(|d| d.contains(a)).count();
        for split in &self.partitions {
            groups = groups.min(self.groups_taking(cx, split, a));
        }
        (fixed, groups)
    }

    /// How many groups of `split` can take `a`.
    fn groups_taking<D: Domain>(&self, cx: &Ctx<'_, D>, split: &[Group], a: usize) -> usize {
        split
            .iter()
            .filter(|g| g.at.iter().any(|&p| cx.dom(self.vars[p]).contains(a)))
            .count()
    }

    /// Places `a`, a value that must be taken `count(a)` times.
    fn place<D: Domain>(&self, cx: &mut Ctx<'_, D>, a: usize) -> Result<bool, Conflict> {
        let c = self.count(a);
        let (fixed, _) = self.tally(cx, a);
        let mut changed = false;
        let possible = self.vars.iter().filter(|&&v| cx.dom(v).contains(a)).count();
        if possible == c {
            for &v in &self.vars {
                if cx.dom(v).contains(a) {
                    changed |= cx.assign(v, a)?;
                }
            }
        } else if fixed == c {
            for &v in &self.vars {
                if !cx.dom(v).is_single() {
                    changed |= cx.exclude(v, D::singleton(a))?;
                }
            }
        }
        for split in &self.partitions {
            if self.groups_taking(cx, split, a) != c {
                continue;
            }
            // Every group that can take it takes it once: its one variable that can, when that
            // is all; and the variables outside that differ from the whole group lose it.
            for g in split {
                let mut can = g.at.iter().filter(|&&p| cx.dom(self.vars[p]).contains(a));
                match (can.next(), can.next()) {
                    (None, _) => continue,
                    (Some(&p), None) => changed |= cx.assign(self.vars[p], a)?,
                    _ => {}
                }
                for &v in &g.outside {
                    changed |= cx.exclude(v, D::singleton(a))?;
                }
            }
        }
        Ok(changed)
    }

    fn remove_everywhere<D: Domain>(
        &self,
        cx: &mut Ctx<'_, D>,
        a: usize,
    ) -> Result<bool, Conflict> {
        let mut changed = false;
        for &v in &self.vars {
            changed |= cx.exclude(v, D::singleton(a))?;
        }
        Ok(changed)
    }

    fn trace<D: Domain>(&self, cx: &Ctx<'_, D>, a: usize, why: &str) {
        if log_enabled!(target: crate::engine::LOG_PROPAGATE, Level::Trace) {
            let value = cx.labels().values(D::singleton(a));
            trace!(target: crate::engine::LOG_PROPAGATE, "  {}: {value}: {why}", self.name);
        }
    }
}

/// `reach` becomes `reach << shift` (`must`) or `reach | reach << shift`, cut to its words.
fn shift_in(reach: &mut [u64], shift: usize, must: bool) {
    let (words, bits) = (shift / 64, shift % 64);
    for i in (0..reach.len()).rev() {
        let lo = i.checked_sub(words).map_or(0, |j| reach[j]);
        let below = i
            .checked_sub(words + 1)
            .filter(|_| bits > 0)
            .map_or(0, |j| reach[j] >> (64 - bits));
        let shifted = lo << bits | below;
        reach[i] = if must { shifted } else { reach[i] | shifted };
    }
}

impl<D: Domain> Propagator<D> for CountedValues {
    fn name(&self) -> &str {
        &self.name
    }

    fn kind(&self) -> &'static str {
        "counted values"
    }

    fn watches(&self) -> Vec<(VarId, WakeOn)> {
        self.vars.iter().map(|&v| (v, WakeOn::Change)).collect()
    }

    fn propagate(&mut self, cx: &mut Ctx<'_, D>) -> Result<(), Conflict> {
        while self.pass(cx)? {}
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::testing::{Seen, Strength, check, random_assignment, random_domains};
    use crate::engine::{Engine, Limits, PairTable, Rng};

    /// Whether `values` keep the counts, and each group's values differ.
    fn holds(values: &[usize], counts: &[usize], groups: &[Vec<usize>]) -> bool {
        let count = |a: usize| counts.get(a).copied().unwrap_or(0);
        let distinct = groups.iter().all(|g| {
            g.iter()
                .enumerate()
                .all(|(i, &p)| g[..i].iter().all(|&q| values[q] != values[p]))
        });
        distinct
            && values
                .iter()
                .all(|&a| values.iter().filter(|&&b| b == a).count() == count(a))
    }

    /// Sound against brute force, and a checker of full assignments, on random domains,
    /// counts and groups, with a few variables outside that differ from a whole group.
    #[test]
    fn keeps_every_solution_value_and_checks_assignments() {
        let mut rng = Rng::new(11);
        let mut seen = Seen::default();
        for _ in 0..3000 {
            let k = 1 + rng.below(6);
            let extra = rng.below(3);
            let values = 2 + rng.below(5);
            let counts: Vec<usize> = (0..values)
                .map(|a| {
                    if rng.below(4) == 0 {
                        rng.below(4)
                    } else {
                        a + 1
                    }
                })
                .collect();
            let mut groups: Vec<Vec<usize>> = Vec::new();
            for p in 0..k {
                match groups.last_mut() {
                    Some(g) if rng.below(2) == 0 => g.push(p),
                    _ => groups.push(vec![p]),
                }
            }
            // Each outside variable differs from one whole group.
            let outside_of: Vec<usize> = (0..extra).map(|_| rng.below(groups.len())).collect();
            let split_twice = rng.below(2) == 0;
            let doms = random_domains(&mut rng, k + extra, values, 5);
            if doms.contains(&0) {
                continue;
            }
            let post = |e: &mut Engine<u16>, v: &[VarId]| {
                let outside = (0..groups.len())
                    .map(|g| {
                        (0..extra)
                            .filter(|&x| outside_of[x] == g)
                            .map(|x| v[k + x])
                            .collect()
                    })
                    .collect();
                let mut counted = CountedValues::new("c", v[..k].to_vec(), counts.clone())
                    .grouped(groups.clone(), outside);
                if split_twice {
                    counted = counted.grouped((0..k).map(|p| vec![p]).collect(), Vec::new());
                }
                e.post(counted);
                for (x, &g) in outside_of.iter().enumerate() {
                    for &p in &groups[g] {
                        e.post(PairTable::new(
                            "≠",
                            (v[p], values),
                            (v[k + x], values),
                            |a, b| a != b,
                        ));
                    }
                }
            };
            let fixed = random_assignment(&mut rng, &doms);
            let holds = |v: &[usize]| {
                holds(&v[..k], &counts, &groups)
                    && outside_of
                        .iter()
                        .enumerate()
                        .all(|(x, &g)| groups[g].iter().all(|&p| v[p] != v[k + x]))
            };
            seen.add(check(&doms, &fixed, &holds, &post, Strength::Sound));
        }
        assert!(seen.pruned > 300 && seen.failed > 300, "{seen:?}");
    }

    /// Six variables over values with counts 1 to 4 take {1, 2, 3} or {2, 4}, each as often as
    /// its count: the search finds each such assignment once, as many as brute force counts.
    #[test]
    fn search_finds_exactly_the_counted_assignments() {
        let counts = vec![1, 2, 3, 4];
        let groups: Vec<Vec<usize>> = (0..6).map(|p| vec![p]).collect();
        let mut engine = Engine::<u16>::new();
        let vars: Vec<VarId> = (0..6).map(|_| engine.new_var(u16::full(4))).collect();
        engine.post(CountedValues::new("c", vars, counts.clone()));
        let mut found = 0u64;
        engine.search(&Limits::solutions(u64::MAX), |d| {
            let v: Vec<usize> = d.iter().map(|x| Domain::min(x).unwrap_or(0)).collect();
            assert!(holds(&v, &counts, &groups), "{v:?}");
            found += 1;
        });
        let brute = (0..4usize.pow(6))
            .filter(|&i| {
                let v: Vec<usize> = (0..6).map(|p| i / 4usize.pow(p) % 4).collect();
                holds(&v, &counts, &groups)
            })
            .count() as u64;
        // 1+2+3: 6!/(1!2!3!) = 60; 2+4: 6!/(2!4!) = 15.
        assert_eq!((found, brute), (75, 75));
    }

    #[test]
    fn shifts_carry_across_words() {
        let mut reach = vec![1u64 << 63, 0, 0];
        shift_in(&mut reach, 65, false);
        assert_eq!(reach, vec![1 << 63, 0, 1]);
        shift_in(&mut reach, 64, true);
        assert_eq!(reach, vec![0, 1 << 63, 0]);
    }
}
