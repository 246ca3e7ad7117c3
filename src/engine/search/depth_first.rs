//! Depth-first search with MRV branching, solution and resource limits, and statistics.
//!
//! Branching is binary: the left child fixes the chosen variable to its smallest value, or its
//! hint or saved phase (`x = v`, a guess), the right child removes it (`x ≠ v`) in the parent's
//! state. The variable is the unfixed one with the fewest values (MRV), ties broken by lowest
//! index, so runs are deterministic. State is restored through the trail; the search loop is
//! iterative, so deep trees (tens of thousands of variables) cannot overflow the stack.

use super::share::Sharing;
use super::strategy::{Heuristic, ValueOrder, luby};
use super::{Domain, Engine, VarId};
use log::debug;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Counters of one or more searches.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Stats {
    /// Search nodes: the root, and every child explored (left or right).
    pub nodes: u64,
    /// Branching decisions (left children, `x = v`).
    pub guesses: u64,
    /// Nodes whose propagation failed.
    pub failures: u64,
    /// Propagator runs.
    pub propagations: u64,
    /// Values removed from domains by propagation (and by decisions and refutations).
    pub removed: u64,
    /// Solutions found.
    pub solutions: u64,
    /// Restarts (back to the root with the weights learned so far).
    pub restarts: u64,
    /// Deepest decision level reached.
    pub max_depth: u64,
    /// Wall time spent in search.
    pub time: Duration,
}

/// What a search racing searches of the same model on other threads is given
/// ([`Engine::search_racing`]).
pub struct Race<'a> {
    /// Set when another search's answer makes this one's moot.
    pub halt: &'a AtomicBool,
    /// Called once, when the search passes [`Tuning::help_after`](super::Tuning::help_after)
    /// nodes: it starts the others, so that a puzzle solved sooner costs no other thread
    /// anything.
    pub start_others: Option<&'a (dyn Fn() + Sync)>,
}

impl std::fmt::Debug for Race<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Race")
            .field("halt", &self.halt)
            .field("start_others", &self.start_others.is_some())
            .finish()
    }
}

/// When a search stops early.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Stop after this many solutions (1: first solution; 2: enough to prove uniqueness).
    pub solutions: u64,
    /// Stop after this many nodes.
    pub nodes: Option<u64>,
    /// Stop after this point in time.
    pub deadline: Option<Instant>,
}

impl Limits {
    /// Stop after `n` solutions, no other limit.
    pub fn solutions(n: u64) -> Self {
        Limits {
            solutions: n,
            nodes: None,
            deadline: None,
        }
    }
}

/// Why a search ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    /// The whole tree was explored: every solution was reported.
    Exhausted,
    /// The solution limit was reached.
    SolutionLimit,
    /// The node limit was reached.
    NodeLimit,
    /// The deadline passed.
    Timeout,
}

impl<D: Domain> Engine<D> {
    /// Searches for solutions, calling `on_solution` with the (all fixed) domains of each.
    ///
    /// Propagates first, so posting and narrowing need no separate propagation call. On return
    /// the domains are exactly as they were before the call, so a model can be searched again.
    pub fn search(&mut self, limits: &Limits, on_solution: impl FnMut(&[D])) -> Stop {
        self.search_with(limits, None, on_solution)
    }

    /// [`Engine::search`] racing searches of the same model on other threads: it stops, with
    /// [`Stop::Timeout`], at its first node after `race.halt` is set, and starts the others
    /// once it passes [`Tuning::help_after`](super::Tuning::help_after) nodes.
    pub fn search_racing(
        &mut self,
        limits: &Limits,
        race: Race<'_>,
        on_solution: impl FnMut(&[D]),
    ) -> Stop {
        self.search_with(limits, Some(race), on_solution)
    }

    fn search_with(
        &mut self,
        limits: &Limits,
        race: Option<Race<'_>>,
        mut on_solution: impl FnMut(&[D]),
    ) -> Stop {
        let start = Instant::now();
        self.trail.checkpoint(); // the root's own changes, undone at the end
        let stop = match self.follow_hints(limits, &mut on_solution) {
            Some(stop) => stop,
            None => self.search_inner(limits, &mut on_solution, None, race),
        };
        while self.trail.depth() > 0 {
            self.trail.restore(&mut self.doms);
        }
        self.queue.clear();
        self.stats.time += start.elapsed();
        stop
    }

    /// The search loop. With `share`, it also gives work away when another search is idle, and
    /// counts solutions over all the searches.
    pub(crate) fn search_inner(
        &mut self,
        limits: &Limits,
        on_solution: &mut impl FnMut(&[D]),
        mut share: Option<&mut Sharing<'_, '_, D>>,
        mut race: Option<Race<'_>>,
    ) -> Stop {
        let node_budget = limits.nodes.map(|n| self.stats.nodes + n);
        let help_at = self.stats.nodes + self.strategy.tuning.help_after;
        let mut found = 0;
        // Decisions on the path from the root: (variable, value) of each open left child, and
        // whether its right branch was given to another search.
        let mut path: Vec<(VarId, usize, bool)> = Vec::new();
        // With `share`: the refutations (x ≠ v) on the current path, as (level, variable,
        // value), the level being the number of guesses above them.
        let mut refuted: Vec<(usize, VarId, usize)> = Vec::new();
        let mut run: u64 = 1;
        let mut run_failures: u64 = 0;
        // With `Strategy::last_conflict`: the variable of the last failed guess.
        let mut last_conflict: Option<VarId> = None;
        // With `Strategy::phases`: the deepest node so far.
        let mut deepest = self.start_phases();
        self.stats.nodes += 1;
        let removed = self.stats.removed;
        if let Some(r) = self.recorder.as_mut() {
            r.node(None, String::new(), false);
        }
        let root = self.recorder.as_ref().and_then(|r| r.at);
        let mut consistent = self.propagate_weighted();
        self.note_node(removed, !consistent);
        loop {
            if !consistent {
                run_failures += 1;
                if let Some(s) = share.as_deref_mut()
                    && run_failures.is_multiple_of(self.strategy.tuning.merge_every)
                {
                    self.merge_weights(s);
                }
                if self.strategy.restarts
                    && found == 0
                    && !path.is_empty()
                    && run_failures >= self.strategy.tuning.restart_unit * luby(run)
                {
                    // Back to the root: keep what was refuted there and the weights. The
                    // innermost guess was made at a consistent node, which may be the deepest.
                    self.trail.restore(&mut self.doms);
                    self.note_depth(&mut deepest);
                    while self.trail.depth() > 1 {
                        self.trail.restore(&mut self.doms);
                    }
                    self.queue.clear();
                    path.clear();
                    last_conflict = None;
                    self.restart_phases(&mut deepest);
                    if let Some(r) = self.recorder.as_mut() {
                        (r.at, r.made_at) = (root, Vec::new());
                    }
                    run += 1;
                    run_failures = 0;
                    self.stats.restarts += 1;
                    debug!(target: crate::engine::LOG_SEARCH, "restart {run}");
                    consistent = true;
                }
            }
            if consistent {
                match self.select_var() {
                    None => {
                        let (report, enough) = match &share {
                            Some(s) => s.shared.count_solution(limits.solutions),
                            None => (true, found + 1 >= limits.solutions),
                        };
                        if !report {
                            return Stop::Exhausted; // another search reached the limit
                        }
                        self.stats.solutions += 1;
                        if let Some(r) = self.recorder.as_mut() {
                            r.solved();
                        }
                        found += 1;
                        debug!(target: crate::engine::LOG_SEARCH, "solution {found} at depth {}", path.len());
                        on_solution(&self.doms);
                        if enough {
                            return Stop::SolutionLimit;
                        }
                    }
                    Some(var) => {
                        let conflict_var = self.last_conflict_var(&mut last_conflict);
                        if node_budget.is_some_and(|b| self.stats.nodes >= b) {
                            return Stop::NodeLimit;
                        }
                        // The clock is read at every node: a node costs from microseconds to
                        // half a second on models of 65,536 variables, and reading it 25 ns.
                        if let Some(deadline) = limits.deadline
                            && Instant::now() >= deadline
                        {
                            return Stop::Timeout;
                        }
                        if let Some(r) = race.as_mut() {
                            if r.halt.load(Ordering::Relaxed) {
                                return Stop::Timeout;
                            }
                            if self.stats.nodes >= help_at
                                && let Some(start) = r.start_others.take()
                            {
                                start();
                            }
                        }
                        if let Some(s) = share.as_deref_mut() {
                            if s.shared.halted() {
                                return Stop::Exhausted; // another search stopped them all
                            }
                            if self.stats.nodes >= help_at
                                && let Some(help) = s.help.take()
                            {
                                help();
                            }
                            if s.shared.wants_work() {
                                self.give_away(&mut path, &refuted, s);
                            }
                        }
                        let places = self.strategy.places && run.is_multiple_of(2);
                        let (var, value) = match conflict_var {
                            Some(x) => (x, self.select_value(x)),
                            None => match places.then(|| self.two_places(var)).flatten() {
                                Some(pair) => pair,
                                None => (var, self.select_value(var)),
                            },
                        };
                        self.trail.checkpoint();
                        path.push((var, value, false));
                        self.stats.nodes += 1;
                        self.stats.guesses += 1;
                        self.stats.max_depth = self.stats.max_depth.max(path.len() as u64);
                        debug!(
                            target: crate::engine::LOG_SEARCH,
                            "depth {}: guess {} = {} (of {})",
                            path.len(),
                            self.labels.var(var),
                            self.labels.value_of(var, value),
                            self.labels.values_of(var, self.doms[var.index()])
                        );
                        let mark = self.trail.len();
                        let removed = self.stats.removed;
                        self.record_decision(var, value, true);
                        consistent = self.restrict(var, D::singleton(value), "decision").is_ok()
                            && self.propagate_weighted();
                        self.note_node(removed, !consistent);
                        self.note_activity(mark);
                        if !consistent {
                            self.stats.failures += 1;
                            if self.strategy.last_conflict {
                                last_conflict = Some(var);
                            }
                        } else if last_conflict == Some(var) {
                            last_conflict = None;
                        }
                        continue;
                    }
                }
            }
            // Backtrack: undo the innermost guess and take its right branch (x ≠ v).
            let Some((var, value, given)) = path.pop() else {
                return Stop::Exhausted;
            };
            self.trail.restore(&mut self.doms);
            self.queue.clear();
            self.note_depth(&mut deepest);
            if share.is_some() {
                while refuted.last().is_some_and(|r| r.0 > path.len()) {
                    refuted.pop();
                }
                if given {
                    // Another search has the right branch: back up further.
                    consistent = false;
                    continue;
                }
                refuted.push((path.len(), var, value));
            }
            self.stats.nodes += 1;
            debug!(
                target: crate::engine::LOG_SEARCH,
                "depth {}: backtrack, {} <> {}",
                path.len(),
                self.labels.var(var),
                self.labels.value_of(var, value)
            );
            let not_value = D::full(D::CAPACITY).minus(D::singleton(value));
            let mark = self.trail.len();
            let removed = self.stats.removed;
            self.record_decision(var, value, false);
            consistent =
                self.restrict(var, not_value, "refutation").is_ok() && self.propagate_weighted();
            self.note_node(removed, !consistent);
            self.note_activity(mark);
            if !consistent {
                self.stats.failures += 1;
            }
        }
    }

    /// Notes in the tree being recorded how the current node's propagation went: the values
    /// removed since `removed`, and whether it failed.
    fn note_node(&mut self, removed: u64, failed: bool) {
        let now = self.stats.removed;
        if let Some(r) = self.recorder.as_mut() {
            r.propagated(now - removed, failed);
        }
    }

    /// The variable of the last failed guess while it is open, which is then branched on
    /// first ([`Strategy::last_conflict`](super::Strategy::last_conflict)); forgets it once
    /// propagation has fixed it.
    fn last_conflict_var(&self, last_conflict: &mut Option<VarId>) -> Option<VarId> {
        if last_conflict.is_some_and(|x| self.doms[x.index()].is_single()) {
            *last_conflict = None;
        }
        *last_conflict
    }

    /// The value the left branch gives `var`: its hint, else its phase, else the strategy's
    /// value order's choice.
    pub(super) fn select_value(&mut self, var: VarId) -> usize {
        if let Some(value) = self.hinted_value(var).or_else(|| self.phase_value(var)) {
            return value;
        }
        let d = self.doms[var.index()];
        match self.strategy.values {
            ValueOrder::Smallest => d.min(),
            ValueOrder::Random { .. } => {
                let k = self.rng.below(d.len() as usize);
                d.iter().nth(k)
            }
        }
        .expect("an unfixed variable has values")
    }

    /// Propagates; on failure adds one to the failing propagator's weight (unless it is not
    /// [`weighted`](super::Propagator::weighted)). `true` if consistent.
    fn propagate_weighted(&mut self) -> bool {
        match self.propagate() {
            Ok(()) => true,
            Err(conflict) => {
                let p = conflict.prop.0 as usize;
                if let Some(vars) = self.watched.get(p).filter(|vars| !vars.is_empty()) {
                    self.weights[p] += 1;
                    for v in vars {
                        self.var_weights[v.index()] += self.var_factors[v.index()];
                    }
                }
                false
            }
        }
    }

    /// The variable to branch on, by the strategy's heuristic; `None` when every variable is
    /// fixed.
    fn select_var(&self) -> Option<VarId> {
        match self.strategy.heuristic {
            Heuristic::Mrv => self.select_mrv(),
            Heuristic::DomWdeg => self.select_dom_wdeg(),
            Heuristic::DomWdegActivity => self.select_dom_wdeg_activity(),
        }
    }

    /// Under [`Heuristic::DomWdegActivity`], after the propagation of a guess or a refutation
    /// (whether or not it failed): every open variable's activity fades, and each variable the
    /// trail saved since `mark` (each changed one, once per level) gains one.
    fn note_activity(&mut self, mark: usize) {
        if self.strategy.heuristic != Heuristic::DomWdegActivity {
            return;
        }
        let decay = self.strategy.tuning.activity_decay;
        for (a, d) in self.activity.iter_mut().zip(&self.doms) {
            if !d.is_single() {
                *a *= decay;
            }
        }
        for v in self.trail.vars_since(mark) {
            self.activity[v.index()] += 1.0;
        }
    }

    /// The unfixed variable with the largest `(activity + 1) · weight / values` (lowest index
    /// on ties).
    fn select_dom_wdeg_activity(&self) -> Option<VarId> {
        let mut best: Option<(f64, usize)> = None;
        for (i, d) in self.doms.iter().enumerate() {
            let n = d.len();
            if n <= 1 {
                continue;
            }
            let w = self.var_weights[i].max(1) as f64;
            let score = (self.activity[i] + 1.0) * w / f64::from(n);
            if best.is_none_or(|(b, _)| score > b) {
                best = Some((score, i));
            }
        }
        best.map(|(_, i)| VarId(i as u32))
    }

    /// The unfixed variable with the smallest domain size / weight (lowest index on ties).
    fn select_dom_wdeg(&self) -> Option<VarId> {
        let mut best: Option<(u64, u64, usize)> = None;
        for (i, d) in self.doms.iter().enumerate() {
            let n = u64::from(d.len());
            if n <= 1 {
                continue;
            }
            let w = self.var_weights[i].max(1);
            // n / w < bn / bw  <=>  n * bw < bn * w
            if best.is_none_or(|(bn, bw, _)| n * bw < bn * w) {
                best = Some((n, w, i));
            }
        }
        best.map(|(_, _, i)| VarId(i as u32))
    }

    /// The unfixed variable with the fewest values (lowest index on ties), or `None` when every
    /// variable is fixed.
    fn select_mrv(&self) -> Option<VarId> {
        let mut best: Option<(u32, usize)> = None;
        for (i, d) in self.doms.iter().enumerate() {
            let n = d.len();
            if n > 1 && best.is_none_or(|(b, _)| n < b) {
                best = Some((n, i));
                if n == 2 {
                    break;
                }
            }
        }
        best.map(|(_, i)| VarId(i as u32))
    }

    /// Convenience: the value of each variable in a solution passed to `on_solution`.
    pub fn values_of(doms: &[D]) -> Vec<usize> {
        doms.iter()
            .map(|d| d.single().expect("a solution fixes every variable"))
            .collect()
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::engine::{AllDifferent, Strategy, Tuning};

    /// A Latin square of order n: its lines across and down all-different.
    pub(crate) fn latin(n: usize) -> Engine<u16> {
        let mut e = Engine::new();
        let vars: Vec<VarId> = (0..n * n).map(|_| e.new_var(u16::full(n))).collect();
        for i in 0..n {
            let across = (0..n).map(|j| vars[i * n + j]).collect();
            let down = (0..n).map(|j| vars[j * n + i]).collect();
            e.post(AllDifferent::new(
                format!("across {i}"),
                across,
                e.domains(),
            ));
            e.post(AllDifferent::new(format!("down {i}"), down, e.domains()));
        }
        e
    }

    #[test]
    fn counts_all_latin_squares_of_order_4() {
        let mut e = latin(4);
        let mut seen = std::collections::HashSet::new();
        let stop = e.search(&Limits::solutions(u64::MAX), |d| {
            assert!(seen.insert(Engine::values_of(d)), "each solution once");
        });
        assert_eq!(stop, Stop::Exhausted);
        assert_eq!(seen.len(), 576); // the number of Latin squares of order 4
        let s = e.stats();
        assert_eq!(s.solutions, 576);
        assert!(s.guesses > 0 && s.nodes > s.guesses && s.propagations > 0);
        // back as before the search: root refutations (x ≠ v at depth 0) are undone too
        assert!(e.domains().iter().all(|&d| d == u16::full(4)));
        let mut again = 0;
        e.search(&Limits::solutions(u64::MAX), |_| again += 1);
        assert_eq!(again, 576);
    }

    #[test]
    fn dom_wdeg_and_restarts_count_the_same_solutions() {
        for (heuristic, restarts, places, last_conflict, phases) in [
            (Heuristic::DomWdeg, false, false, false, false),
            (Heuristic::DomWdeg, true, false, false, false),
            (Heuristic::DomWdeg, true, true, false, false),
            (Heuristic::DomWdeg, true, true, true, false),
            (Heuristic::DomWdeg, true, true, true, true),
            (Heuristic::DomWdegActivity, false, false, false, false),
            (Heuristic::DomWdegActivity, true, true, false, true),
            (Heuristic::Mrv, false, false, true, true),
        ] {
            let mut e = latin(4);
            e.set_strategy(Strategy {
                heuristic,
                restarts,
                places,
                last_conflict,
                phases,
                ..Strategy::default()
            });
            let mut seen = std::collections::HashSet::new();
            e.search(&Limits::solutions(u64::MAX), |d| {
                assert!(seen.insert(Engine::values_of(d)), "each solution once");
            });
            assert_eq!(seen.len(), 576);
        }
    }

    #[test]
    fn activity_counts_the_changes_a_guess_makes_and_fades_on_open_variables() {
        // a = b, b ≠ c: guessing a = 0 changes a, b (to 0) and c (loses 0).
        let mut e = Engine::<u16>::new();
        let [a, b, c, d] = [0; 4].map(|_| e.new_var(u16::full(3)));
        e.post(crate::engine::LinearSum::new(
            "a = b",
            &[a],
            &[b],
            &[0, 1, 2],
            0,
        ));
        e.post(AllDifferent::new("b, c", vec![b, c], e.domains()));
        e.set_strategy(Strategy {
            heuristic: Heuristic::DomWdegActivity,
            ..Strategy::default()
        });
        assert!(e.propagate().is_ok());
        e.activity[d.index()] = 10.0;
        e.trail.checkpoint();
        let mark = e.trail.len();
        assert!(e.restrict(a, u16::singleton(0), "decision").is_ok() && e.propagate().is_ok());
        e.note_activity(mark);
        // a and b are fixed: no fading, one change each; c and d are open and fade first.
        assert_eq!(e.activity[a.index()], 1.0);
        assert_eq!(e.activity[b.index()], 1.0);
        assert_eq!(e.activity[c.index()], 1.0);
        assert_eq!(e.activity[d.index()], 10.0 * Tuning::DEFAULT.activity_decay);
        // (10·0.999 + 1)·1/3 beats (1 + 1)·1/2: the variable that was busy before.
        assert_eq!(e.select_var(), Some(d));
        // Plain dom/wdeg keeps no activity.
        e.trail.restore(&mut e.doms);
        e.set_strategy(Strategy::default());
        let before = e.activity.clone();
        e.note_activity(0);
        assert_eq!(e.activity, before);
    }

    /// Ten unconstrained variables of two values, branched on first by MRV, then four
    /// variables over three values, pairwise different. Plain search proves the four
    /// impossible again under each of the 2^10 assignments of the ten; with last-conflict
    /// reasoning, a failed variable of the four is branched on first after each backtrack,
    /// so the four are proved impossible once for each of the ten, not for each assignment.
    #[test]
    fn last_conflict_climbs_to_the_cause_instead_of_retrying_it_under_each_guess() {
        let nodes = |last_conflict: bool| {
            let mut e = Engine::<u16>::new();
            for _ in 0..10 {
                e.new_var(u16::full(2));
            }
            let core: Vec<VarId> = (0..4).map(|_| e.new_var(u16::full(3))).collect();
            for i in 0..4 {
                for j in i + 1..4 {
                    e.post(AllDifferent::new(
                        "pair",
                        vec![core[i], core[j]],
                        e.domains(),
                    ));
                }
            }
            e.set_strategy(Strategy {
                heuristic: Heuristic::Mrv,
                last_conflict,
                ..Strategy::default()
            });
            let mut found = 0;
            let stop = e.search(&Limits::solutions(u64::MAX), |_| found += 1);
            assert_eq!((stop, found), (Stop::Exhausted, 0));
            e.stats().nodes
        };
        let (plain, last_conflict) = (nodes(false), nodes(true));
        assert!(plain > 1024, "{plain} nodes");
        assert!(
            last_conflict * 20 < plain,
            "{last_conflict} against {plain} nodes"
        );
    }

    /// Seven variables over six values, pairwise different: unsatisfiable, and only search
    /// shows it (no single constraint sees the pigeonhole), with hundreds of failures.
    pub(crate) fn pigeons() -> Engine<u16> {
        let mut e = Engine::new();
        let v: Vec<VarId> = (0..7).map(|_| e.new_var(u16::full(6))).collect();
        for i in 0..7 {
            for j in i + 1..7 {
                e.post(AllDifferent::new("pair", vec![v[i], v[j]], e.domains()));
            }
        }
        e
    }

    #[test]
    fn a_weight_factor_counts_each_failure_that_many_times() {
        let mut e = Engine::<u16>::new();
        let a = e.new_var(0b0111);
        let b = e.new_var(0b1111);
        e.set_weight_factor(b, 3);
        e.post(AllDifferent::new("pair", vec![a, b], e.domains()));
        e.set_strategy(Strategy {
            heuristic: Heuristic::DomWdeg,
            ..Strategy::default()
        });
        // 3 values over weight 1 against 4 values over weight 3.
        assert_eq!((e.var_weights[a.index()], e.var_weights[b.index()]), (1, 3));
        assert_eq!(e.select_var(), Some(b));
        let start = e.snapshot();
        e.restrict(a, 0b0001, "test").unwrap();
        e.restrict(b, 0b0001, "test").unwrap();
        assert!(!e.propagate_weighted());
        assert_eq!((e.var_weights[a.index()], e.var_weights[b.index()]), (2, 6));
        e.reset(&start);
        assert_eq!((e.var_weights[a.index()], e.var_weights[b.index()]), (1, 3));
    }

    /// An unweighted propagator adds nothing to its variables' weights, neither when posted
    /// nor when it fails, nor after a reset; a weighted one on the same variables does.
    #[test]
    fn an_unweighted_propagator_leaves_the_weights_alone() {
        let mut e = Engine::<u16>::new();
        let a = e.new_var(0b11);
        let b = e.new_var(0b11);
        let differ = |p: usize, q: usize| p != q;
        e.post(crate::engine::PairTable::new("t", (a, 2), (b, 2), differ).unweighted());
        assert_eq!((e.var_weights[a.index()], e.var_weights[b.index()]), (0, 0));
        let start = e.snapshot();
        e.restrict(a, 0b01, "test").unwrap();
        e.restrict(b, 0b01, "test").unwrap();
        assert!(!e.propagate_weighted());
        assert_eq!((e.var_weights[a.index()], e.var_weights[b.index()]), (0, 0));
        e.reset(&start);
        assert_eq!((e.var_weights[a.index()], e.var_weights[b.index()]), (0, 0));
        let mut e = Engine::<u16>::new();
        let a = e.new_var(0b11);
        let b = e.new_var(0b11);
        e.post(crate::engine::PairTable::new("t", (a, 2), (b, 2), differ));
        assert_eq!((e.var_weights[a.index()], e.var_weights[b.index()]), (1, 1));
        e.restrict(a, 0b01, "test").unwrap();
        e.restrict(b, 0b01, "test").unwrap();
        assert!(!e.propagate_weighted());
        assert_eq!((e.var_weights[a.index()], e.var_weights[b.index()]), (2, 2));
    }

    #[test]
    fn restarts_still_prove_unsatisfiability() {
        let mut plain = pigeons();
        assert_eq!(plain.search(&Limits::solutions(1), |_| {}), Stop::Exhausted);
        let mut e = pigeons();
        e.set_strategy(Strategy {
            heuristic: Heuristic::DomWdeg,
            restarts: true,
            phases: true,
            ..Strategy::default()
        });
        let mut n = 0;
        assert_eq!(e.search(&Limits::solutions(1), |_| n += 1), Stop::Exhausted);
        assert_eq!(n, 0);
        assert!(e.stats().restarts > 0, "{:?}", e.stats());
        assert!(plain.stats().failures > Tuning::DEFAULT.restart_unit);
        // Each variable's weight is still the sum over its watches, after the failures.
        for (i, watches) in e.watchers.iter().enumerate() {
            let sum: u64 = watches
                .iter()
                .map(|p| u64::from(e.weights[p.0 as usize]))
                .sum();
            assert_eq!(e.var_weights[i], sum, "variable {i}");
        }
        assert!(e.weights.iter().any(|&w| w > 1));
    }

    #[test]
    fn solution_limit_stops_early() {
        let mut e = latin(4);
        let mut n = 0;
        assert_eq!(
            e.search(&Limits::solutions(2), |_| n += 1),
            Stop::SolutionLimit
        );
        assert_eq!(n, 2);
    }

    #[test]
    fn node_limit_and_deadline_stop_the_search() {
        let mut e = latin(9);
        let limits = Limits {
            solutions: u64::MAX,
            nodes: Some(100),
            deadline: None,
        };
        assert_eq!(e.search(&limits, |_| {}), Stop::NodeLimit);
        let mut e = latin(9);
        let limits = Limits {
            solutions: u64::MAX,
            nodes: None,
            deadline: Some(Instant::now()),
        };
        assert_eq!(e.search(&limits, |_| {}), Stop::Timeout);
        // The clock is read at the first branching, not after some number of nodes: a node of
        // a large model can take half a second.
        assert_eq!(e.stats().nodes, 1, "{:?}", e.stats());
    }

    #[test]
    fn a_racing_search_starts_the_others_once_and_stops_when_halted() {
        let halt = AtomicBool::new(false);
        let calls = std::sync::atomic::AtomicUsize::new(0);
        let start = || {
            calls.fetch_add(1, Ordering::Relaxed);
        };
        let mut e = latin(5);
        let help_after = e.strategy().tuning.help_after;
        let race = Race {
            halt: &halt,
            start_others: Some(&start),
        };
        let mut racing = 0;
        assert_eq!(
            e.search_racing(&Limits::solutions(u64::MAX), race, |_| racing += 1),
            Stop::Exhausted
        );
        assert!(e.stats().nodes > help_after, "{:?}", e.stats());
        assert_eq!(calls.load(Ordering::Relaxed), 1);
        // Unhalted, it finds what a plain search finds: the 161,280 Latin squares of order 5.
        let mut plain = 0;
        latin(5).search(&Limits::solutions(u64::MAX), |_| plain += 1);
        assert_eq!((racing, plain), (161_280, 161_280));
        // Halted, it stops at its first node, before it reaches `help_after`.
        halt.store(true, Ordering::Relaxed);
        let mut e = latin(5);
        let race = Race {
            halt: &halt,
            start_others: Some(&start),
        };
        assert_eq!(
            e.search_racing(&Limits::solutions(u64::MAX), race, |_| {}),
            Stop::Timeout
        );
        assert_eq!(e.stats().nodes, 1);
        assert_eq!(calls.load(Ordering::Relaxed), 1);
    }

    #[test]
    fn first_solution_is_deterministic() {
        let first = |_: ()| {
            let mut e = latin(5);
            let mut sol = None;
            e.search(&Limits::solutions(1), |d| sol = Some(Engine::values_of(d)));
            sol
        };
        assert_eq!(first(()), first(()));
        // MRV with lowest-index ties and smallest value first gives the cyclic square
        let s = first(()).unwrap();
        assert_eq!(&s[..5], &[0, 1, 2, 3, 4]);
    }

    #[test]
    fn random_values_give_seeded_varied_solutions() {
        let first = |seed| {
            let mut e = latin(5);
            e.set_strategy(Strategy {
                values: ValueOrder::Random { seed },
                ..Strategy::default()
            });
            let mut sol = None;
            e.search(&Limits::solutions(1), |d| sol = Some(Engine::values_of(d)));
            sol.expect("a Latin square of order 5 exists")
        };
        assert_eq!(first(1), first(1), "same seed, same solution");
        let distinct: std::collections::HashSet<Vec<usize>> = (0..20).map(first).collect();
        assert!(distinct.len() > 10, "{} distinct squares", distinct.len());
    }

    #[test]
    fn an_unsatisfiable_root_is_exhausted_without_solutions() {
        let mut e = Engine::<u16>::new();
        let vars: Vec<VarId> = (0..3).map(|_| e.new_var(u16::full(2))).collect();
        e.post(AllDifferent::new("three in two", vars, e.domains()));
        let mut n = 0;
        assert_eq!(e.search(&Limits::solutions(1), |_| n += 1), Stop::Exhausted);
        assert_eq!((n, e.stats().failures), (0, 0));
    }
}
