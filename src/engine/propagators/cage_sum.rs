//! Cage sum: the variables take distinct values whose weights (e.g. the symbols' integer values)
//! add up to a target.
//!
//! When posted, the caller supplies every combination: every set of as many distinct values as
//! there are variables whose weights reach the target
//! ([`combinations`](fn@super::combinations) enumerates them). When woken, a combination
//! survives if it holds every fixed value, meets every domain, and the variables can take
//! distinct members of it (a perfect matching). Each variable keeps the values it takes in some
//! matching of some surviving combination. That is domain consistency for sum ∧ distinct ∧
//! domains: it also places a value that every combination needs and only one variable can
//! take, and fails when no combination survives. An optional choice variable,
//! whose value `i` stands for combination `i`, follows the survivors, so search can branch on
//! which combination the cage takes.

use super::cage_memo::{MEMO_BYTES, Memo};
use super::matching::Matcher;
use super::{Conflict, Ctx, Domain, Propagator, VarId, WakeOn};
use log::{Level, log_enabled, trace};
use std::sync::Arc;

/// The cage-sum propagator.
#[derive(Debug, Clone)]
pub struct CageSum<D> {
    name: String,
    vars: Vec<VarId>,
    combos: Arc<[D]>,
    /// The all-different groups meeting the cage: which cage positions lie in each (a bit per
    /// position) and its variables outside the cage.
    groups: Vec<(u64, Vec<VarId>)>,
    /// Each variable outside the cage that shares a group with some variable of it, with the cage
    /// positions it shares a group with (a bit per position).
    neighbours: Vec<(VarId, u64)>,
    /// For a cage of at most [`SEERS_MAX_VARS`] variables: the neighbours sharing a group with
    /// every cage position in a mask `at` are `seers[seers_from[at]..seers_from[at + 1]]`, in
    /// `neighbours`' order. Empty for larger cages, which test every neighbour.
    seers_from: Vec<u32>,
    seers: Vec<VarId>,
    // scratch, rebuilt on every run
    doms: Vec<D>,
    trial: Vec<D>,
    support: Vec<D>,
    matcher: Matcher,
    /// The last matching found for each combination (`k` values each), where the next run's
    /// matching of that combination starts.
    mates: Vec<usize>,
    /// Earlier runs' results, by their input.
    memo: Memo<D>,
    /// A variable whose values index `combos`: the combinations still possible.
    choice: Option<VarId>,
    /// The combinations that survived the last pass (bit per index).
    alive: D,
}

/// Most variables a cage may have for its neighbours to be listed by the positions they see
/// (`2^k` lists). Locked values then read only the neighbours that lose a value, where a scan
/// of every neighbour for every needed value took a third of a cage's own time.
const SEERS_MAX_VARS: usize = 6;
impl<D: Domain> CageSum<D> {
    /// A cage over `vars` whose allowed value sets are `combos` (each with `vars.len()` values).
    pub fn new(name: impl Into<String>, vars: Vec<VarId>, combos: Arc<[D]>) -> Self {
        CageSum::with_memo_bytes(name, vars, combos, MEMO_BYTES)
    }

    /// [`CageSum::new`] with at most `bytes` (64 KiB by default) for its memo of combination
    /// passes, for a model of so many cages that their tables would not fit in memory.
    pub fn with_memo_bytes(
        name: impl Into<String>,
        vars: Vec<VarId>,
        combos: Arc<[D]>,
        bytes: usize,
    ) -> Self {
        let k = vars.len();
        let mates = vec![usize::MAX; k * combos.len()];
        CageSum {
            name: name.into(),
            vars,
            combos,
            groups: Vec::new(),
            neighbours: Vec::new(),
            seers_from: Vec::new(),
            seers: Vec::new(),
            doms: vec![D::empty(); k],
            trial: vec![D::empty(); k],
            support: vec![D::empty(); k],
            matcher: Matcher::new(k, D::CAPACITY),
            mates,
            memo: Memo::within(k, bytes.min(MEMO_BYTES)),
            choice: None,
            alive: D::empty(),
        }
    }

    /// Channels the surviving combinations to `choice`, whose value `i` stands for combination
    /// `i` (so the cage may have at most `D::CAPACITY` of them): the combinations it no longer
    /// allows are skipped, and it loses those that no longer fit. Search may then branch on
    /// which combination the cage takes.
    pub fn with_choice(mut self, choice: VarId) -> Self {
        assert!(
            self.combos.len() <= D::CAPACITY,
            "a choice variable holds every combination"
        );
        self.choice = Some(choice);
        self
    }
}

impl<D: Domain> CageSum<D> {
    /// Adds all-different groups (e.g. the other permutations of the model).
    ///
    /// Locked values: when every surviving combination needs a value, every variable outside
    /// the cage that shares a group with each variable of the cage that can still take the value
    /// loses it (when those variables all lie in one group, that is the group's other variables).
    ///
    /// Forced values: when a group's variables can take only as many values as there are of
    /// them (so each of those values is used once in it), a value none of its variables outside
    /// the cage can take goes to the cage's part of the group; the cage's combinations must hold
    /// it, and its variables outside the group lose it.
    ///
    /// `near` lists the groups worth watching (those sharing a variable with the cage), each with
    /// the cage positions lying in it (bit `i` for `vars[i]`). A cage of more than 64 variables
    /// ignores groups.
    pub fn with_groups(mut self, groups: &[Vec<VarId>], near: &[(usize, u64)]) -> Self {
        if self.vars.len() > 64 {
            return self;
        }
        self.groups.reserve_exact(near.len());
        // Where each neighbour stands in `neighbours`, so that building stays linear in the
        // neighbours on large groups; on small ones a scan is cheaper than the map.
        let large = near.iter().map(|&(g, _)| groups[g].len()).sum::<usize>() > 128;
        let mut at: hashbrown::HashMap<VarId, usize> = hashbrown::HashMap::new();
        for &(g, mask) in near {
            debug_assert!(
                (0..self.vars.len())
                    .all(|i| { (mask >> i & 1 == 1) == groups[g].contains(&self.vars[i]) })
            );
            if mask != 0 && groups[g].len() > mask.count_ones() as usize {
                let outside = groups[g]
                    .iter()
                    .copied()
                    .filter(|v| !self.vars.contains(v))
                    .collect();
                for &v in &outside {
                    let found = if large {
                        at.get(&v).copied()
                    } else {
                        self.neighbours.iter().position(|&(u, _)| u == v)
                    };
                    match found {
                        Some(i) => self.neighbours[i].1 |= mask,
                        None => {
                            if large {
                                at.insert(v, self.neighbours.len());
                            }
                            self.neighbours.push((v, mask));
                        }
                    }
                }
                self.groups.push((mask, outside));
            }
        }
        if self.vars.len() <= SEERS_MAX_VARS && !self.neighbours.is_empty() {
            for at in 0..1u64 << self.vars.len() {
                self.seers_from.push(self.seers.len() as u32);
                let seeing = self.neighbours.iter().filter(|&&(_, sees)| at & !sees == 0);
                self.seers.extend(seeing.map(|&(v, _)| v));
            }
            self.seers_from.push(self.seers.len() as u32);
        }
        self
    }

    /// Leaves out of the forced values the groups that hold one variable of the cage: a value
    /// such a group forces into the cage is a hidden single of the group, for a caller whose
    /// groups also have propagators that assign hidden singles. The fixpoint is the same; the
    /// cage reads fewer domains (the cage r1c1–r1c4, r2c1 then reads three of its eight
    /// groups).
    pub fn singles_placed_elsewhere(mut self) -> Self {
        self.groups.retain(|(mask, _)| mask.count_ones() > 1);
        self
    }

    /// Locked values: each value every combination still possible needs (`required`) is
    /// removed from every variable outside the cage that shares a group with each of the
    /// value's candidate variables in the cage, since one of those variables takes it.
    fn lock(&self, cx: &mut Ctx<'_, D>, required: D) -> Result<(), Conflict> {
        for value in required.iter() {
            let mut at = 0u64;
            for (i, s) in self.support.iter().enumerate() {
                if s.contains(value) {
                    at |= 1 << i;
                }
            }
            if self.seers_from.is_empty() {
                for &(v, sees) in &self.neighbours {
                    if at & !sees == 0 {
                        self.strike(cx, v, value)?;
                    }
                }
            } else {
                let (from, to) = (
                    self.seers_from[at as usize],
                    self.seers_from[at as usize + 1],
                );
                for &v in &self.seers[from as usize..to as usize] {
                    self.strike(cx, v, value)?;
                }
            }
        }
        Ok(())
    }

    /// Takes `value`, which one of the cage's variables that `v` sees must take, from `v`.
    #[inline(always)]
    fn strike(&self, cx: &mut Ctx<'_, D>, v: VarId, value: usize) -> Result<(), Conflict> {
        if !cx.dom(v).contains(value) {
            return Ok(());
        }
        if log_enabled!(target: crate::engine::LOG_PROPAGATE, Level::Trace) {
            trace!(
                target: crate::engine::LOG_PROPAGATE,
                "  {}: every combination needs {} and each variable that can take it shares a group with {}",
                self.name,
                cx.labels().value(value),
                cx.labels().var(v)
            );
        }
        cx.exclude(v, D::singleton(value))?;
        Ok(())
    }
}

impl<D: Domain> Propagator<D> for CageSum<D> {
    fn name(&self) -> &str {
        &self.name
    }

    fn kind(&self) -> &'static str {
        "cage sum"
    }

    fn watches(&self) -> Vec<(VarId, WakeOn)> {
        self.vars
            .iter()
            .chain(self.choice.iter())
            .map(|&v| (v, WakeOn::Change))
            .collect()
    }

    fn propagate(&mut self, cx: &mut Ctx<'_, D>) -> Result<(), Conflict> {
        let mut fixed = D::empty();
        for (i, &v) in self.vars.iter().enumerate() {
            self.doms[i] = cx.dom(v);
            if let Some(value) = self.doms[i].single() {
                if fixed.contains(value) {
                    return Err(cx.conflict(Some(v)));
                }
                fixed.insert(value);
            }
        }
        let tracing = log_enabled!(target: crate::engine::LOG_PROPAGATE, Level::Trace);
        // The values the cage must hold: its fixed values and those a group forces into it.
        let mut must = fixed;
        for (mask, outside) in &self.groups {
            let mut inside = D::empty();
            let mut at = *mask;
            while at != 0 {
                inside = inside.or(self.doms[at.trailing_zeros() as usize]);
                at &= at - 1;
            }
            // Usually the other variables can take every open value: stop reading them then.
            let open = inside.minus(fixed);
            let mut rest = D::empty();
            for &v in outside {
                rest = rest.or(cx.dom(v));
                if open.minus(rest).is_empty() {
                    break;
                }
            }
            let forced = open.minus(rest);
            if forced.is_empty() {
                continue;
            }
            // Every other variable was read: is each of the group's values used once in it?
            let in_group = mask.count_ones() as usize + outside.len();
            if inside.or(rest).len() as usize != in_group {
                continue;
            }
            if tracing {
                trace!(
                    target: crate::engine::LOG_PROPAGATE,
                    "  {} must hold {}: the other variables of a group with {} cannot take it",
                    self.name,
                    cx.labels().values(forced),
                    cx.labels().var(outside[0])
                );
            }
            must = must.or(forced);
            for (i, d) in self.doms.iter_mut().enumerate() {
                if mask >> i & 1 == 0 {
                    *d = d.minus(forced);
                }
            }
        }
        // A run with the same input as an earlier one reuses its result (except when tracing,
        // which wants the combinations' reasons).
        let allowed = self.choice.map_or(D::empty(), |c| cx.dom(c));
        let remembered = (!tracing)
            .then(|| self.memo.get(&self.doms, must, allowed))
            .flatten();
        let required = match remembered {
            Some((support, required, alive)) => {
                self.support.copy_from_slice(support);
                self.alive = alive;
                required
            }
            None => {
                let required = self.combination_pass(cx, must, allowed, tracing);
                if !tracing {
                    let found = (&self.support[..], required, self.alive);
                    self.memo.put(&self.doms, must, allowed, found);
                }
                required
            }
        };
        let Some(required) = required else {
            if tracing {
                trace!(target: crate::engine::LOG_PROPAGATE, "  {}: no combination is left", self.name);
            }
            return Err(cx.conflict(None));
        };
        for (i, &v) in self.vars.iter().enumerate() {
            cx.intersect(v, self.support[i])?;
        }
        if let Some(c) = self.choice {
            cx.intersect(c, self.alive)?;
        }
        if !self.neighbours.is_empty() {
            self.lock(cx, required.minus(fixed))?;
        }
        Ok(())
    }
}

impl<D: Domain> CageSum<D> {
    /// The combinations that fit the domains (`self.doms`), hold `must` and (with a choice
    /// variable) are among the `allowed` indices: each variable's supported values into
    /// `self.support`, the fitting combinations' indices into `self.alive` (with a choice
    /// variable), and the values every fitting combination holds; `None` when no combination
    /// fits. After an early stop (every value supported), the later combinations that pass
    /// the cheap tests count as fitting: `alive` is then a superset and the required set a
    /// subset, both still safe.
    fn combination_pass(
        &mut self,
        cx: &Ctx<'_, D>,
        must: D,
        allowed: D,
        tracing: bool,
    ) -> Option<D> {
        let k = self.vars.len();
        let mut viable = false;
        self.support.iter_mut().for_each(|s| *s = D::empty());
        let union = self.doms.iter().fold(D::empty(), |u, &d| u.or(d));
        let mut required = union;
        let chosen = self.choice.is_some();
        self.alive = D::empty();
        for (ci, &combo) in self.combos.iter().enumerate() {
            if chosen && !allowed.contains(ci) {
                continue;
            }
            // Why the combination cannot be used, if it cannot (formatted only when tracing).
            let why = if !must.minus(combo).is_empty() {
                Some((None, "a value the cage must hold is not in it"))
            } else if !combo.minus(union).is_empty() {
                Some((None, "one of its values fits no variable"))
            } else if let Some(i) = (0..k).find(|&i| !self.doms[i].intersects(combo)) {
                Some((Some(i), "can take none of it"))
            } else {
                (0..k).for_each(|i| self.trial[i] = self.doms[i].and(combo));
                let mates = &mut self.mates[ci * k..(ci + 1) * k];
                (!self.matcher.perfect_from(&self.trial[..k], mates))
                    .then_some((None, "the variables cannot take distinct members of it"))
            };
            if let Some((variable, reason)) = why {
                if tracing {
                    let who = variable.map(|i| format!("{} ", cx.labels().var(self.vars[i])));
                    trace!(
                        target: crate::engine::LOG_PROPAGATE,
                        "  {} drops {}: {}{reason}",
                        self.name,
                        cx.labels().values(combo),
                        who.unwrap_or_default()
                    );
                }
                continue;
            }
            viable = true;
            if chosen {
                self.alive.insert(ci);
            }
            // Each (variable, value) on some perfect matching of this combination: the combination
            // has as many values as the cage has variables, so the matching is a permutation.
            self.matcher
                .supported(&self.trial[..k], &mut self.support[..k]);
            let complete = (0..k).all(|i| self.support[i] == self.doms[i]);
            required = required.and(combo);
            if complete {
                // Nothing left to support: the other combinations cannot narrow more.
                if !self.neighbours.is_empty() || chosen {
                    for (cj, &rest) in self.combos.iter().enumerate().skip(ci + 1) {
                        if (!chosen || allowed.contains(cj))
                            && must.minus(rest).is_empty()
                            && self.doms.iter().all(|d| d.intersects(rest))
                            && rest.minus(union).is_empty()
                        {
                            required = required.and(rest);
                            if chosen {
                                self.alive.insert(cj);
                            }
                        }
                    }
                }
                break;
            }
        }
        viable.then_some(required)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::testing::{Seen, Strength, check, random_assignment};
    use crate::engine::{Engine, Rng};
    use crate::engine::{combinations, for_each_combination};

    fn values() -> Vec<u64> {
        (1..=9).collect()
    }

    fn sets(weights: &[u64], k: usize, total: u64) -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        for_each_combination(weights, k, total, |vals| {
            out.push(vals.iter().map(|&v| weights[v]).collect());
            true
        });
        out.sort();
        out
    }

    #[test]
    fn combination_tables() {
        assert_eq!(sets(&values(), 2, 17), vec![vec![8, 9]]);
        assert_eq!(sets(&values(), 3, 7), vec![vec![1, 2, 4]]);
        assert_eq!(sets(&values(), 9, 45), vec![values()]);
        assert_eq!(sets(&values(), 2, 3), vec![vec![1, 2]]);
        assert!(sets(&values(), 2, 18).is_empty());
        assert_eq!(sets(&values(), 4, 20).len(), 12); // the most of any key over 1..=9
        // odd symbols, in any order: RMIT's 2 12 4 5 6 7 8 9 10
        let odd = [2, 12, 4, 5, 6, 7, 8, 9, 10];
        let mut got = sets(&odd, 2, 14);
        got.iter_mut().for_each(|s| s.sort());
        got.sort();
        assert_eq!(got, vec![vec![2, 12], vec![4, 10], vec![5, 9], vec![6, 8]]);
        assert_eq!(combinations::<u16>(&odd, 2, 14).len(), 4);
    }

    /// Weights near `u64::MAX`, whose sums overflow 64 bits, and more values asked for than
    /// there are: the enumeration neither wraps around nor panics.
    #[test]
    fn combination_tables_of_huge_weights_and_too_many_cells() {
        let big = u64::MAX - 2;
        let weights = [1, 2, 3, big];
        assert_eq!(sets(&weights, 2, big + 1), vec![vec![1, big]]);
        assert_eq!(sets(&weights, 2, u64::MAX), vec![vec![2, big]]);
        assert!(sets(&weights, 3, u64::MAX).is_empty()); // 1 + 2 + big wraps around to 0
        assert!(sets(&weights, 5, 10).is_empty());
        assert!(sets(&[], 1, 0).is_empty());
    }

    /// On random small instances, the propagator keeps exactly the values that some solution
    /// of the cage alone uses, fails exactly when there is none, is idempotent, and refuses
    /// every full assignment that is not a solution.
    #[test]
    fn propagation_is_exact_against_brute_force() {
        let weights = [1u64, 2, 3, 4, 5];
        let mut rng = Rng::new(12345);
        let mut seen = Seen::default();
        for _ in 0..3000 {
            let k = 2 + rng.below(2);
            let total = 3 + rng.below(11) as u64;
            let doms: Vec<u16> = (0..k).map(|_| 1 + rng.below(31) as u16).collect();
            let holds = |vals: &[usize]| {
                let distinct = (0..k).all(|i| (0..i).all(|j| vals[i] != vals[j]));
                distinct && vals.iter().map(|&v| weights[v]).sum::<u64>() == total
            };
            let combos: Arc<[u16]> = combinations::<u16>(&weights, k, total).into();
            let post = |e: &mut Engine<u16>, vars: &[VarId]| {
                e.post(CageSum::new("cage", vars.to_vec(), Arc::clone(&combos)));
            };
            let fixed = random_assignment(&mut rng, &doms);
            seen.add(check(&doms, &fixed, &holds, &post, Strength::Exact));
        }
        assert!(seen.pruned > 500 && seen.failed > 500, "{seen:?}");
    }

    #[test]
    fn a_choice_variable_keeps_the_combinations_in_use_and_restricts_the_cells() {
        let weights = [1u64, 2, 3, 4, 5, 6];
        let mut rng = crate::engine::Rng::new(11);
        let (mut narrowed, mut fixed) = (0, 0);
        for _ in 0..3000 {
            let k = 2 + rng.below(3);
            let total = 3 + rng.below(15) as u64;
            let combos: Arc<[u16]> = combinations::<u16>(&weights, k, total).into();
            if combos.len() < 2 {
                continue;
            }
            let doms: Vec<u16> = (0..k).map(|_| 1 + rng.below(63) as u16).collect();
            let allowed = 1 + rng.below((1 << combos.len()) - 1) as u16;
            // Brute force: every assignment, and the combination each solution uses.
            let (mut support, mut used) = (vec![0u16; k], 0u16);
            for code in 0..6usize.pow(k as u32) {
                let vals: Vec<usize> = (0..k).map(|i| code / 6usize.pow(i as u32) % 6).collect();
                let set = vals.iter().fold(0u16, |s, &v| s | 1 << v);
                let Some(ci) = combos.iter().position(|&c| c == set) else {
                    continue; // repeated values, or a wrong sum
                };
                if allowed >> ci & 1 == 1 && (0..k).all(|i| doms[i] >> vals[i] & 1 == 1) {
                    used |= 1 << ci;
                    (0..k).for_each(|i| support[i] |= 1 << vals[i]);
                }
            }
            let mut e = Engine::<u16>::new();
            let vars: Vec<VarId> = doms.iter().map(|&d| e.new_var(d)).collect();
            let choice = e.new_var(allowed);
            e.post(CageSum::new("cage", vars, combos).with_choice(choice));
            match e.propagate() {
                Err(_) => assert_eq!(used, 0, "failed on satisfiable {doms:?} total {total}"),
                Ok(()) => {
                    assert_ne!(used, 0, "kept unsatisfiable {doms:?} total {total}");
                    assert_eq!(e.domains()[..k], support[..], "{doms:?} total {total}");
                    let left = e.dom(choice);
                    assert_eq!(left & used, used, "a combination in use was removed");
                    assert_eq!(left & !allowed, 0, "a combination came back");
                    narrowed += usize::from(left != allowed);
                    fixed += usize::from(left != allowed && left.len() == 1);
                }
            }
        }
        assert!(
            narrowed > 100 && fixed > 50,
            "{narrowed} narrowed, {fixed} fixed"
        );
    }
}

#[cfg(test)]
mod memo_tests {
    use super::*;
    use crate::engine::Engine;
    use crate::engine::combinations;

    /// A cage that has seen a state before answers from its memo: the answers must be those of
    /// a fresh cage, which has seen nothing.
    #[test]
    fn a_remembered_result_equals_a_fresh_one() {
        let weights: Vec<u64> = (1..=5).collect();
        let pool: [u16; 6] = [0b11111, 0b00111, 0b11010, 0b10101, 0b01100, 0b10001];
        let mut rng = crate::engine::Rng::new(7);
        for total in 6..=12 {
            let combos: Arc<[u16]> = combinations::<u16>(&weights, 3, total).into();
            let all = u16::full(combos.len());
            // Three variables and the cage's choice of combination.
            let cage = |e: &mut Engine<u16>| {
                let vars: Vec<VarId> = (0..3).map(|_| e.new_var(0b11111)).collect();
                let choice = e.new_var(all);
                e.post(CageSum::new("cage", vars.clone(), Arc::clone(&combos)).with_choice(choice));
                [vars[0], vars[1], vars[2], choice]
            };
            let run = |e: &mut Engine<u16>, vars: &[VarId], doms: &[u16]| {
                for (&v, &d) in vars.iter().zip(doms) {
                    e.restrict(v, d, "test").map_err(|_| ())?;
                }
                e.propagate().map_err(|_| ())?;
                Ok::<Vec<u16>, ()>(e.domains().to_vec())
            };
            let mut warm = Engine::<u16>::new();
            let vars = cage(&mut warm);
            let start = warm.snapshot();
            let mut hits = 0;
            let mut seen = std::collections::HashSet::new();
            for _ in 0..400 {
                let mut doms: Vec<u16> = (0..3).map(|_| pool[rng.below(pool.len())]).collect();
                doms.push([all, all, 1, all & 0b10][rng.below(4)]);
                hits += usize::from(!seen.insert(doms.clone()));
                warm.reset(&start);
                let remembered = run(&mut warm, &vars, &doms);
                let mut fresh = Engine::<u16>::new();
                let fresh_vars = cage(&mut fresh);
                assert_eq!(
                    remembered,
                    run(&mut fresh, &fresh_vars, &doms),
                    "{doms:?} total {total}"
                );
            }
            assert!(hits > 100, "the states repeat, so the memo is used");
        }
    }
}

#[cfg(test)]
mod lock_tests {
    use super::*;
    use crate::engine::Engine;
    use crate::engine::{combinations, combinations_cached};

    #[test]
    fn cached_tables_equal_fresh_ones() {
        for weights in [(1..=9).collect::<Vec<u64>>(), vec![2, 12, 4, 7]] {
            for k in 1..=weights.len() {
                for total in 0..60 {
                    let fresh = combinations::<u16>(&weights, k, total);
                    assert_eq!(combinations_cached::<u16>(&weights, k, total), fresh);
                    assert_eq!(combinations_cached::<u16>(&weights, k, total), fresh);
                }
            }
        }
    }

    #[test]
    fn a_value_a_group_forces_into_the_cage_picks_its_combination() {
        // Weights 1..4. Cage {x0, x3} = 5: value sets {1, 4} or {2, 3}. Group {x0, x1, x2}: x1
        // and x2 can take 1 or 2 only, and the group's three variables can take only three
        // values (1, 2, 4), so each is used once in it; 4 fits x0 alone. The cage must hold
        // 4: it takes {1, 4}, with 4 on x0 and 1 on x3.
        let w: Vec<u64> = (1..=4).collect();
        let run = |x2: u16| {
            let mut e = Engine::<u16>::new();
            let doms = [0b1011, 0b0011, x2, 0b1111];
            let x: Vec<VarId> = doms.iter().map(|&d| e.new_var(d)).collect();
            let groups = [vec![x[0], x[1], x[2]]];
            let combos: Arc<[u16]> = combinations::<u16>(&w, 2, 5).into();
            e.post(CageSum::new("c", vec![x[0], x[3]], combos).with_groups(&groups, &[(0, 0b01)]));
            e.propagate().unwrap();
            e.domains().to_vec()
        };
        assert_eq!(run(0b0011), [0b1000, 0b0011, 0b0011, 0b0001]);
        // When x2 can also take 3, the group's variables can take four values: nothing is
        // forced, and both value sets stay (x3 loses only 2, which needs 3 on x0).
        assert_eq!(run(0b0111), [0b1011, 0b0011, 0b0111, 0b1101]);
    }

    /// Four variables over 1..4 and the cage {x0, x1} = 3 on them, with `groups` (of variable
    /// indices) and which of the cage's variables each group holds (`near`, as in `with_groups`).
    fn cage_x0_x1_sum_3(groups: &[&[usize]], near: &[(usize, u64)]) -> (Engine<u16>, Vec<VarId>) {
        let w: Vec<u64> = (1..=4).collect();
        let mut e = Engine::<u16>::new();
        let x: Vec<VarId> = (0..4).map(|_| e.new_var(u16::full(4))).collect();
        let groups: Vec<Vec<VarId>> = groups
            .iter()
            .map(|g| g.iter().map(|&i| x[i]).collect())
            .collect();
        let combos: Arc<[u16]> = combinations::<u16>(&w, 2, 3).into();
        e.post(CageSum::new("c", vec![x[0], x[1]], combos).with_groups(&groups, near));
        (e, x)
    }

    #[test]
    fn a_needed_value_confined_to_a_group_leaves_the_rest_of_it() {
        // Cage {x0, x1} = 3 over 1..4 needs 1 and 2. Group A = {x0, x1, x2} holds the whole
        // cage: x2 loses 1 and 2. Group B = {x1, x3}: nothing is confined to it at first.
        let (mut e, x) = cage_x0_x1_sum_3(&[&[0, 1, 2], &[1, 3]], &[(0, 0b11), (1, 0b10)]);
        e.propagate().unwrap();
        assert_eq!(e.dom(x[2]), 0b1100);
        assert_eq!(e.dom(x[3]), 0b1111);
        // once x0 cannot be 2, value 2 can only go to x1, which group B holds: x3 loses 2
        e.restrict(x[0], 0b0001, "test").unwrap();
        e.propagate().unwrap();
        assert_eq!(e.dom(x[1]), 0b0010);
        assert_eq!(e.dom(x[3]), 0b1101);
    }

    #[test]
    fn a_needed_value_leaves_a_variable_that_shares_a_group_with_each_of_its_cells() {
        // Cage {x0, x1} = 3 over 1..4 needs 1 and 2, and its variables lie in no common group.
        // Group A = {x0, x2}, group B = {x1, x2}, group C = {x1, x3}: x2 shares a group with
        // both variables, so whichever takes 1 or 2 keeps it from x2; x3 shares one with x1 only.
        let (mut e, x) = cage_x0_x1_sum_3(
            &[&[0, 2], &[1, 2], &[1, 3]],
            &[(0, 0b01), (1, 0b10), (2, 0b10)],
        );
        e.propagate().unwrap();
        assert_eq!(e.dom(x[2]), 0b1100);
        assert_eq!(e.dom(x[3]), 0b1111);
    }

    /// Beside all-differents that place hidden singles, a cage that leaves its one-variable
    /// groups to them reaches the same fixpoint (or fails alike).
    #[test]
    fn leaving_hidden_singles_to_the_groups_keeps_the_fixpoint() {
        let w: Vec<u64> = (1..=9).collect();
        let mut rng = crate::engine::Rng::new(17);
        let mut forced = 0;
        for case in 0..600 {
            let k = 2 + case % 4;
            // Two permutations of nine variables over nine values: the cage's first variable lies
            // in the first, its others in the second. Often some value leaves the first's other
            // variables, a hidden single the all-different places on the cage's first variable.
            let first: Vec<usize> = std::iter::once(0).chain(k..k + 8).collect();
            let second: Vec<usize> = (1..k).chain(k + 8..18).collect();
            let n = 18;
            let gone = if rng.below(2) == 0 {
                1u16 << rng.below(9)
            } else {
                0
            };
            let doms: Vec<u16> = (0..n)
                .map(|i| {
                    let d = 0x1ff & !(1 << rng.below(9));
                    if first[1..].contains(&i) {
                        d & !gone
                    } else {
                        d
                    }
                })
                .collect();
            let total = (5 * k + rng.below(4)) as u64;
            let combos: Arc<[u16]> = combinations::<u16>(&w, k, total).into();
            let run = |leave: bool| {
                let mut e = Engine::<u16>::new();
                let x: Vec<VarId> = (0..n).map(|_| e.new_var(0x1ff)).collect();
                let groups: Vec<Vec<VarId>> = [&first, &second]
                    .iter()
                    .map(|g| g.iter().map(|&i| x[i]).collect())
                    .collect();
                for g in &groups {
                    e.post(crate::engine::AllDifferent::new(
                        "g",
                        g.clone(),
                        e.domains(),
                    ));
                }
                let mask =
                    |g: &[usize]| (0..k).filter(|i| g.contains(i)).fold(0, |m, i| m | 1 << i);
                let near = [(0, mask(&first)), (1, mask(&second))];
                let cage = CageSum::new("c", x[..k].to_vec(), Arc::clone(&combos))
                    .with_groups(&groups, &near);
                e.post(if leave {
                    cage.singles_placed_elsewhere()
                } else {
                    cage
                });
                let ok = x
                    .iter()
                    .zip(&doms)
                    .all(|(&v, &d)| e.restrict(v, d, "test").is_ok());
                (ok && e.propagate().is_ok()).then(|| e.domains().to_vec())
            };
            let kept = run(false);
            assert_eq!(kept, run(true), "case {case}");
            forced += usize::from(kept.is_some_and(|d| d[0].count_ones() == 1));
        }
        assert!(
            forced > 20,
            "the first variable must often be placed ({forced})"
        );
    }

    /// The neighbours listed by the positions they see lose exactly what a scan of every neighbour
    /// takes from them (the scan serves cages of more than `SEERS_MAX_VARS` variables).
    #[test]
    fn listed_peers_lose_what_a_scan_of_every_peer_takes() {
        let w: Vec<u64> = (1..=9).collect();
        let mut rng = crate::engine::Rng::new(5);
        let mut pruned = 0;
        for case in 0..400 {
            let k = 2 + case % 5;
            let n = 12;
            // The cage's variables random, the others full.
            let doms: Vec<u16> = (0..n)
                .map(|i| {
                    if i < k {
                        rng.below(512) as u16 | rng.below(512) as u16
                    } else {
                        0x1ff
                    }
                })
                .collect();
            // Groups: random sets of the variables, each at most 9 (distinct values).
            let groups: Vec<Vec<usize>> = (0..6)
                .map(|_| {
                    let mut g: Vec<usize> = (0..n).filter(|_| rng.below(3) == 0).collect();
                    g.truncate(9);
                    g
                })
                .collect();
            // A total near the smallest, so that few combinations need many values.
            let total = (k * (k + 1) / 2 + rng.below(3)) as u64;
            let combos: Arc<[u16]> = combinations::<u16>(&w, k, total).into();
            let run = |scan: bool| {
                let mut e = Engine::<u16>::new();
                let x: Vec<VarId> = doms.iter().map(|&d| e.new_var(d)).collect();
                let var_groups: Vec<Vec<VarId>> = groups
                    .iter()
                    .map(|g| g.iter().map(|&i| x[i]).collect())
                    .collect();
                let near: Vec<(usize, u64)> = groups
                    .iter()
                    .enumerate()
                    .map(|(gi, g)| {
                        (
                            gi,
                            (0..k).filter(|i| g.contains(i)).fold(0, |m, i| m | 1 << i),
                        )
                    })
                    .filter(|&(_, m)| m != 0)
                    .collect();
                let mut cage = CageSum::new("c", x[..k].to_vec(), Arc::clone(&combos))
                    .with_groups(&var_groups, &near);
                if scan {
                    cage.seers_from.clear();
                } else {
                    assert!(!cage.seers_from.is_empty() || cage.neighbours.is_empty());
                }
                e.post(cage);
                e.propagate().ok().map(|()| e.domains().to_vec())
            };
            let listed = run(false);
            assert_eq!(listed, run(true), "case {case}");
            if let Some(after) = &listed {
                pruned += usize::from(after[k..] != doms[k..]);
            }
        }
        assert!(
            pruned > 20,
            "the cases must often take values from neighbours ({pruned})"
        );
    }
}
