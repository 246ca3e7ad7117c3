//! Conflict-driven clause learning on the exact-cover matrix ([`Matrix`]): each row is a
//! boolean, each column says "exactly one of my rows", and every dead end teaches a clause.
//!
//! The columns are propagated natively rather than as clauses: a true row makes every other
//! row of its columns false (the reason is the pair), and a column with one row left that is
//! not false makes it true (the reason is the column's "at least one"). A column with none left,
//! or two true rows, is a conflict. Conflict analysis walks the trail back to the first unique
//! implication point and learns that clause (minimised by removing literals their reasons
//! imply); learnt clauses are watched by two literals. Each row has a target phase, its value on
//! the longest trail that propagated without a conflict, so that search keeps returning to its
//! most complete partial assignment. A decision makes true, among the most active open rows
//! (VSIDS) whose target phase is true, the one whose tightest column has fewest open rows; rows
//! the target has false are left to propagation, and decided false only when no open row's
//! target is true. Restarts follow the Luby sequence, and learnt clauses of high LBD are halved
//! now and then. Counting solutions adds a clause barring each solution's decisions.

mod analysis;

use super::activity_heap::Heap;
use super::clause_arena::{ClauseArena, relocated};
use super::exact_cover::{self, Columns, Matrix};
use super::{Outcome, SolveStats, Solver};
use crate::engine::{Limits, Rng, Stop};
use crate::puzzle::{Puzzle, Rules};
use log::{Level, debug, log_enabled, trace};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// Clause learning on the exact-cover matrix.
#[derive(Debug, Clone, Copy)]
pub struct Cdcl;

impl Solver for Cdcl {
    fn name(&self) -> &'static str {
        "cdcl"
    }
    fn aliases(&self) -> &'static [&'static str] {
        &["sat"]
    }
    fn description(&self) -> &'static str {
        "clause learning on the exact-cover matrix (VSIDS, restarts)"
    }
    fn refuses(&self, puzzle: &Puzzle, rules: &Rules) -> Option<String> {
        exact_cover::too_large(puzzle, rules)
    }

    fn search(&self, puzzle: &Puzzle, rules: &Rules, limits: &Limits) -> Outcome {
        Cdcl::solve_racing(puzzle, rules, limits, None, 0)
    }
}

impl Cdcl {
    /// [`Solver::solve`], giving up as at a deadline once `halt` is set: a search racing
    /// others, whose first answer makes the rest moot. A `seed` other than 0 starts the rows'
    /// activities at tiny random values, so that searches racing each other go different ways
    /// from the first decision on (0 is [`Solver::solve`]'s order).
    pub(crate) fn solve_racing(
        puzzle: &Puzzle,
        rules: &Rules,
        limits: &Limits,
        halt: Option<&AtomicBool>,
        seed: u64,
    ) -> Outcome {
        let cells = puzzle.size() * puzzle.size();
        exact_cover::solve_with(puzzle, rules, |m| {
            let mut search = Search::new(m, halt);
            if log_enabled!(target: crate::engine::LOG_SEARCH, Level::Debug) {
                search.names = Some(puzzle);
                search.tracing = log_enabled!(target: crate::engine::LOG_PROPAGATE, Level::Trace);
                if search.tracing {
                    for r in m.given_rows(puzzle) {
                        trace!(target: crate::engine::LOG_PROPAGATE, "given {}", m.describe(r, puzzle));
                    }
                }
            }
            if seed != 0 {
                search.scatter_activities(seed);
            }
            let mut first = None;
            let (count, stop) = search.run(limits, |rows| {
                if first.is_none() {
                    first = Some(m.grid(rows.iter().copied(), cells));
                }
            });
            Outcome {
                solution: first,
                count,
                stop,
                stats: search.stats,
                observed: None,
                refused: None,
            }
        })
    }
}

/// A literal: row `l >> 1` is true (`l` even) or false (`l` odd).
type Lit = u32;

fn pos(row: usize) -> Lit {
    (row as Lit) << 1
}
fn var(l: Lit) -> usize {
    (l >> 1) as usize
}
fn neg(l: Lit) -> Lit {
    l ^ 1
}

/// Why a literal holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Reason {
    /// A decision (or a unit at level 0).
    Decision,
    /// The row is false because this row is true and shares a column.
    Pair(u32),
    /// The row is true because it is the last of this column not false.
    Column(u32),
    /// Implied by this clause, whose first literal it is.
    Clause(u32),
}

/// A watch on a clause; `blocker` is one of its literals, true means the clause is satisfied.
#[derive(Debug, Clone, Copy)]
struct Watch {
    clause: u32,
    blocker: Lit,
}

/// The search state.
struct Search<'m> {
    m: &'m Matrix,
    /// The puzzle, to name rows in logs: set only when the search logs its decisions.
    names: Option<&'m Puzzle>,
    /// Whether every row set is logged too (trace level; with `names`).
    tracing: bool,
    /// Set when a racing search has answered.
    halt: Option<&'m AtomicBool>,
    columns: Columns,
    /// Per row: 0 open, 1 true, 2 false.
    value: Vec<u8>,
    level: Vec<u32>,
    reason: Vec<Reason>,
    trail: Vec<Lit>,
    trail_lim: Vec<usize>,
    /// Trail entries before this one have been propagated.
    head: usize,
    /// Per column: rows not made false by a propagated literal.
    open: Vec<u32>,
    /// Per column: the XOR of the rows `open` counts, which is the last one when one is left.
    open_xor: Vec<u32>,
    /// Learnt and solution-barring clauses, with their literal block distance: distinct
    /// decision levels among the literals when learnt, 0 for a clause barring a solution
    /// already reported. Clauses of LBD 2 or less are kept for ever.
    arena: ClauseArena,
    watches: Vec<Vec<Watch>>,
    activity: Vec<f64>,
    var_inc: f64,
    clause_inc: f32,
    /// Per row, its value on the longest trail without a conflict seen so far (the target
    /// phase): the value a decision gives it.
    phase: Vec<bool>,
    /// The length of that trail.
    target_len: usize,
    /// Open rows by activity: those whose target phase is true in `heap`, the others in
    /// `heap_false`. A row whose phase has changed is moved when [`Search::pick`] meets it.
    heap: Heap,
    heap_false: Heap,
    /// The rows [`Search::pick`] weighs, kept to reuse its memory.
    candidates: Vec<usize>,
    seen: Vec<bool>,
    /// Buffers of conflict analysis, kept to reuse their memory.
    learnt: Vec<Lit>,
    scratch: Vec<Lit>,
    /// The search of [`Search::implied`]: a literal and its next antecedent to look at.
    frames: Vec<(Lit, u32)>,
    /// Per row, whether minimisation found its literal not implied; the rows so marked.
    poison: Vec<bool>,
    poisoned: Vec<usize>,
    cleared: Vec<Lit>,
    /// The learnt clause's LBD, and a stamp per level to count them.
    lbd: u32,
    stamp: u64,
    level_stamp: Vec<u64>,
    /// Learnt clauses kept before the first halving; each halving allows this many more.
    learnt_step: usize,
    stats: SolveStats,
}

const OPEN: u8 = 0;
const TRUE: u8 = 1;
const FALSE: u8 = 2;
/// Conflicts in the first run; run `i` gets `luby(i)` times as many.
const RESTART_UNIT: u64 = 100;
/// How many of the most active rows a decision chooses among.
const CANDIDATES: usize = 16;
/// The usual [`Search::learnt_step`].
const LEARNT_STEP: usize = 4_000;

impl<'m> Search<'m> {
    fn new(m: &'m Matrix, halt: Option<&'m AtomicBool>) -> Self {
        let rows = m.rows();
        let columns = m.transpose();
        let open = (0..m.columns)
            .map(|c| columns.rows_of(c).len() as u32)
            .collect();
        let open_xor = (0..m.columns)
            .map(|c| columns.rows_of(c).iter().fold(0, |x, &r| x ^ r))
            .collect();
        Search {
            m,
            names: None,
            tracing: false,
            halt,
            columns,
            value: vec![OPEN; rows],
            level: vec![0; rows],
            reason: vec![Reason::Decision; rows],
            trail: Vec::with_capacity(rows),
            trail_lim: Vec::new(),
            head: 0,
            open,
            open_xor,
            arena: ClauseArena::default(),
            watches: vec![Vec::new(); 2 * rows],
            activity: vec![0.0; rows],
            var_inc: 1.0,
            clause_inc: 1.0,
            phase: vec![true; rows],
            target_len: 0,
            heap: Heap::new(rows),
            heap_false: Heap::empty(rows),
            candidates: Vec::with_capacity(CANDIDATES),
            seen: vec![false; rows],
            learnt: Vec::new(),
            scratch: Vec::new(),
            frames: Vec::new(),
            poison: vec![false; rows],
            poisoned: Vec::new(),
            cleared: Vec::new(),
            lbd: 0,
            stamp: 0,
            level_stamp: vec![0; rows + 1],
            learnt_step: LEARNT_STEP,
            stats: SolveStats::default(),
        }
    }

    /// Gives every row a random activity far below one conflict's bump, so that it orders
    /// only the rows no conflict has yet told apart.
    fn scatter_activities(&mut self, seed: u64) {
        let mut rng = Rng::new(seed);
        for r in 0..self.activity.len() {
            self.activity[r] = rng.below(1 << 20) as f64 * 1e-9;
            self.heap.raised(r, &self.activity);
        }
    }

    fn rows_of(&self, c: usize) -> &[u32] {
        self.columns.rows_of(c)
    }

    fn lit_value(&self, l: Lit) -> u8 {
        value_of(&self.value, l)
    }

    /// Row `r` in words for logs (`r1c2 = 3`, or a cage's combination).
    fn row_name(&self, r: usize) -> String {
        self.names
            .map_or_else(|| format!("row {r}"), |p| self.m.describe(r, p))
    }

    fn assign(&mut self, l: Lit, reason: Reason) {
        let r = var(l);
        if self.tracing && !matches!(reason, Reason::Decision) {
            let set = if l & 1 == 0 { "" } else { "not " };
            trace!(target: crate::engine::LOG_PROPAGATE, "  {set}{} (implied)", self.row_name(r));
        }
        self.value[r] = if l & 1 == 0 { TRUE } else { FALSE };
        self.level[r] = self.trail_lim.len() as u32;
        self.reason[r] = reason;
        self.trail.push(l);
    }

    /// Searches, calling `on_solution` with the true rows of each solution, until `limits`
    /// stop it or every solution is found; returns the solutions found and why it stopped.
    fn run(&mut self, limits: &Limits, mut on_solution: impl FnMut(&[usize])) -> (u64, Stop) {
        let mut count = 0;
        if !self.m.feasible {
            return (0, Stop::Exhausted);
        }
        // Columns with one row force it at level 0; an empty column has no solution.
        for c in 0..self.m.columns {
            match self.rows_of(c) {
                [] => return (0, Stop::Exhausted),
                &[r] if self.value[r as usize] == OPEN => {
                    self.assign(pos(r as usize), Reason::Decision)
                }
                _ => {}
            }
        }
        let mut run = 1;
        let mut run_conflicts = 0;
        let mut max_learnts = self.learnt_step;
        loop {
            if let Some(conflict) = self.propagate() {
                self.stats.failures += 1;
                run_conflicts += 1;
                if self.trail_lim.is_empty() {
                    return (count, Stop::Exhausted);
                }
                self.save_target();
                let back = self.analyze(conflict);
                if self.names.is_some() {
                    debug!(
                        target: crate::engine::LOG_SEARCH,
                        "conflict at level {}: learnt a clause of {} rows, back to level {back}",
                        self.trail_lim.len(),
                        self.learnt.len()
                    );
                }
                self.backtrack(back);
                self.learn();
                self.var_inc /= 0.95;
                self.clause_inc /= 0.999;
                if self.stats.failures.is_multiple_of(256) && self.must_stop(limits) {
                    return (count, Stop::Timeout);
                }
                continue;
            }
            if run_conflicts >= RESTART_UNIT * crate::engine::luby(run) {
                run += 1;
                run_conflicts = 0;
                self.backtrack(0);
                debug!(target: crate::engine::LOG_SEARCH, "restart {run}");
            }
            if self.arena.live() >= max_learnts {
                self.reduce();
                max_learnts += self.learnt_step;
            }
            let Some(row) = self.pick() else {
                count += 1;
                let rows: Vec<usize> = (0..self.value.len())
                    .filter(|&r| self.value[r] == TRUE)
                    .collect();
                debug!(target: crate::engine::LOG_SEARCH, "solution {count}");
                on_solution(&rows);
                if count >= limits.solutions || !self.bar_solution() {
                    let stop = if count >= limits.solutions {
                        Stop::SolutionLimit
                    } else {
                        Stop::Exhausted
                    };
                    return (count, stop);
                }
                continue;
            };
            if limits.nodes.is_some_and(|n| self.stats.nodes >= n) {
                return (count, Stop::NodeLimit);
            }
            if self.stats.nodes.is_multiple_of(1024) && self.must_stop(limits) {
                return (count, Stop::Timeout);
            }
            self.stats.nodes += 1;
            self.stats.guesses += 1;
            self.trail_lim.push(self.trail.len());
            let depth = self.trail_lim.len() as u64;
            self.stats.max_depth = self.stats.max_depth.max(depth);
            let lit = if self.phase[row] {
                pos(row)
            } else {
                neg(pos(row))
            };
            if self.names.is_some() {
                let not = if self.phase[row] { "" } else { "not " };
                debug!(
                    target: crate::engine::LOG_SEARCH,
                    "level {depth}: guess {not}{}",
                    self.row_name(row)
                );
            }
            self.assign(lit, Reason::Decision);
        }
    }

    /// Whether the deadline has passed or a racing search has answered.
    fn must_stop(&self, limits: &Limits) -> bool {
        limits.deadline.is_some_and(|d| Instant::now() >= d)
            || self.halt.is_some_and(|h| h.load(Ordering::Relaxed))
    }

    /// On a conflict: if the trail below its level, which propagated without one, is the
    /// longest yet, takes its values as the phases.
    fn save_target(&mut self) {
        let consistent = self.trail_lim.last().copied().unwrap_or(0);
        if consistent > self.target_len {
            self.target_len = consistent;
            for &l in &self.trail[..consistent] {
                self.phase[var(l)] = l & 1 == 0;
            }
        }
    }

    /// Among the [`CANDIDATES`] open rows of highest activity whose target phase is true, the
    /// one with the fewest alternatives: whose tightest column has the fewest open rows (ties
    /// to the more active). With no such row, the open row of highest activity, or `None`
    /// when every row is set.
    fn pick(&mut self) -> Option<usize> {
        let mut best: Option<(u32, usize)> = None;
        while self.candidates.len() < CANDIDATES {
            let Some(r) = self.heap.pop(&self.activity) else {
                break;
            };
            if self.value[r] != OPEN {
                continue;
            }
            if !self.phase[r] {
                self.heap_false.insert(r, &self.activity);
                continue;
            }
            let tightest =
                (self.m.cols(r).iter().map(|&c| self.open[c as usize]).min()).unwrap_or(0);
            if best.is_none_or(|(t, _)| tightest < t) {
                best = Some((tightest, r));
            }
            self.candidates.push(r);
        }
        if let Some((_, r)) = best {
            for &other in &self.candidates {
                if other != r {
                    self.heap.insert(other, &self.activity);
                }
            }
            self.candidates.clear();
            return Some(r);
        }
        while let Some(r) = self.heap_false.pop(&self.activity) {
            if self.value[r] == OPEN {
                return Some(r);
            }
        }
        None
    }

    /// Propagates the trail; returns the conflict's clause (its literals all false) if any.
    fn propagate(&mut self) -> Option<Conflict> {
        while self.head < self.trail.len() {
            let l = self.trail[self.head];
            self.head += 1;
            self.stats.propagations += 1;
            let r = var(l);
            if l & 1 == 0 {
                if let Some(c) = self.propagate_true(r) {
                    return Some(c);
                }
            } else if let Some(c) = self.propagate_false(r) {
                return Some(c);
            }
            if let Some(c) = self.propagate_clauses(neg(l)) {
                return Some(c);
            }
        }
        None
    }

    /// Row `r` is true: the other rows of its columns are false.
    fn propagate_true(&mut self, r: usize) -> Option<Conflict> {
        let m = self.m;
        for &c in m.cols(r) {
            let c = c as usize;
            for i in self.columns.col_start[c]..self.columns.col_start[c + 1] {
                let r2 = self.columns.col_rows[i as usize] as usize;
                if r2 == r {
                    continue;
                }
                match self.value[r2] {
                    OPEN => self.assign(neg(pos(r2)), Reason::Pair(r as u32)),
                    TRUE => return Some(Conflict::Pair(r as u32, r2 as u32)),
                    _ => {}
                }
            }
        }
        None
    }

    /// Row `r` is false: each of its columns has one row fewer; the last one left is true.
    fn propagate_false(&mut self, r: usize) -> Option<Conflict> {
        let m = self.m;
        for &c in m.cols(r) {
            self.open[c as usize] -= 1;
            self.open_xor[c as usize] ^= r as u32;
        }
        for &c in m.cols(r) {
            match self.open[c as usize] {
                0 => return Some(Conflict::Column(c)),
                1 => {
                    let last = self.open_xor[c as usize] as usize;
                    match self.value[last] {
                        OPEN => self.assign(pos(last), Reason::Column(c)),
                        // its last row is false but not yet propagated
                        FALSE => return Some(Conflict::Column(c)),
                        _ => {}
                    }
                }
                _ => {}
            }
        }
        None
    }

    /// Literal `f` became false: each clause watching it finds another watch or implies its
    /// other watched literal.
    fn propagate_clauses(&mut self, f: Lit) -> Option<Conflict> {
        let mut ws = std::mem::take(&mut self.watches[f as usize]);
        let mut keep = 0;
        let mut conflict = None;
        let mut i = 0;
        while i < ws.len() {
            let w = ws[i];
            i += 1;
            if self.lit_value(w.blocker) == TRUE {
                ws[keep] = w;
                keep += 1;
                continue;
            }
            let lits = self.arena.lits_mut(w.clause);
            if lits[0] == f {
                lits.swap(0, 1);
            }
            let first = lits[0];
            if first != w.blocker && self.lit_value(first) == TRUE {
                ws[keep] = Watch {
                    clause: w.clause,
                    blocker: first,
                };
                keep += 1;
                continue;
            }
            // a literal not false to watch instead, searching on from where the last search
            // ended and wrapping around
            let (lits, search) = self.arena.lits_and_search(w.clause);
            let start = *search as usize;
            let other = (start..lits.len())
                .chain(2..start)
                .find(|&k| value_of(&self.value, lits[k]) != FALSE);
            if let Some(k) = other {
                *search = k as u32;
                lits.swap(1, k);
                self.watches[lits[1] as usize].push(Watch {
                    clause: w.clause,
                    blocker: first,
                });
                continue;
            }
            ws[keep] = Watch {
                clause: w.clause,
                blocker: first,
            };
            keep += 1;
            match self.lit_value(first) {
                TRUE => {}
                OPEN => self.assign(first, Reason::Clause(w.clause)),
                _ => {
                    conflict = Some(Conflict::Clause(w.clause));
                    while i < ws.len() {
                        ws[keep] = ws[i];
                        keep += 1;
                        i += 1;
                    }
                }
            }
        }
        ws.truncate(keep);
        self.watches[f as usize] = ws;
        conflict
    }

    /// Adds `self.learnt` (already backtracked to) and asserts its first literal.
    fn learn(&mut self) {
        let first = self.learnt[0];
        if self.learnt.len() == 1 {
            self.assign(first, Reason::Decision);
        } else {
            let learnt = std::mem::take(&mut self.learnt);
            let ci = self.add_clause(&learnt, self.lbd);
            self.learnt = learnt;
            self.assign(first, Reason::Clause(ci));
        }
    }

    fn add_clause(&mut self, lits: &[Lit], lbd: u32) -> u32 {
        let ci = self.arena.add(lits, lbd, self.clause_inc);
        self.watch(ci);
        ci
    }

    /// Watches clause `ci`'s first two literals.
    fn watch(&mut self, ci: u32) {
        let lits = self.arena.lits(ci);
        for (w, other) in [(lits[0], lits[1]), (lits[1], lits[0])] {
            self.watches[w as usize].push(Watch {
                clause: ci,
                blocker: other,
            });
        }
    }

    /// Bars the solution on the trail by negating its decisions; false when there were none
    /// (the solution was the only one).
    fn bar_solution(&mut self) -> bool {
        let decisions: Vec<Lit> = self.trail_lim.iter().map(|&i| neg(self.trail[i])).collect();
        let Some(&last) = decisions.last() else {
            return false;
        };
        self.backtrack(decisions.len() - 1);
        if decisions.len() == 1 {
            self.assign(last, Reason::Decision);
        } else {
            let mut lits = decisions;
            lits.reverse();
            let ci = self.add_clause(&lits, 0);
            self.assign(last, Reason::Clause(ci));
        }
        true
    }

    /// Undoes every level above `level`.
    fn backtrack(&mut self, level: usize) {
        let Some(&start) = self.trail_lim.get(level) else {
            return;
        };
        for i in (start..self.trail.len()).rev() {
            let l = self.trail[i];
            let r = var(l);
            if i < self.head && l & 1 == 1 {
                let m = self.m;
                for &c in m.cols(r) {
                    self.open[c as usize] += 1;
                    self.open_xor[c as usize] ^= r as u32;
                }
            }
            self.value[r] = OPEN;
            if self.phase[r] {
                self.heap.insert(r, &self.activity);
            } else {
                self.heap_false.insert(r, &self.activity);
            }
        }
        self.trail.truncate(start);
        self.trail_lim.truncate(level);
        self.head = start;
    }

    fn bump_var(&mut self, v: usize) {
        self.activity[v] += self.var_inc;
        if self.activity[v] > 1e100 {
            self.activity.iter_mut().for_each(|a| *a *= 1e-100);
            self.var_inc *= 1e-100;
        }
        self.heap.raised(v, &self.activity);
        self.heap_false.raised(v, &self.activity);
    }

    fn bump_clause(&mut self, ci: u32) {
        if self.arena.bump(ci, self.clause_inc, 1e20) {
            self.arena.scale_activities(1e-20);
            self.clause_inc *= 1e-20;
        }
    }

    /// Deletes half the learnt clauses of LBD above 2, the least active first, keeping those
    /// that are the reason of a literal on the trail; then packs the rest and watches them anew.
    fn reduce(&mut self) {
        let mut locked: Vec<u32> = (self.trail.iter())
            .filter_map(|&l| match self.reason[var(l)] {
                Reason::Clause(ci) => Some(ci),
                _ => None,
            })
            .collect();
        locked.sort_unstable();
        let arena = &self.arena;
        let mut candidates: Vec<u32> = (arena.live_clauses())
            .filter(|&ci| arena.lbd(ci) > 2 && locked.binary_search(&ci).is_err())
            .collect();
        candidates.sort_by(|&a, &b| {
            (arena.lbd(b).cmp(&arena.lbd(a))).then(arena.activity(a).total_cmp(&arena.activity(b)))
        });
        for &ci in &candidates[..candidates.len() / 2] {
            self.arena.delete(ci);
        }
        let moved = self.arena.compact();
        for &l in &self.trail {
            if let Reason::Clause(ci) = &mut self.reason[var(l)] {
                *ci = relocated(&moved, *ci).expect("a locked clause is kept");
            }
        }
        self.watches.iter_mut().for_each(Vec::clear);
        for (_, ci) in moved {
            self.watch(ci);
        }
    }
}

/// The value of literal `l` under the rows' `values`: open, true or false.
fn value_of(values: &[u8], l: Lit) -> u8 {
    match values[var(l)] {
        OPEN => OPEN,
        v if (v == TRUE) == (l & 1 == 0) => TRUE,
        _ => FALSE,
    }
}

/// A conflict: the clause whose literals are all false.
#[derive(Debug, Clone, Copy)]
enum Conflict {
    /// Two true rows sharing a column.
    Pair(u32, u32),
    /// A column whose rows are all false.
    Column(u32),
    /// A learnt clause.
    Clause(u32),
}

#[cfg(test)]
mod tests;
