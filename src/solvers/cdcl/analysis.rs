//! Conflict analysis of clause learning: the first unique implication point of a conflict,
//! the learnt clause minimised by removing the literals their reasons imply.

use super::{Conflict, Lit, Reason, Search, neg, pos, var};

impl Search<'_> {
    /// The literals of a reason or conflict other than the implied one, all false.
    pub(super) fn antecedents(&self, reason: Reason, implied: usize, out: &mut Vec<Lit>) {
        out.clear();
        match reason {
            Reason::Decision => {}
            Reason::Pair(r) => out.push(neg(pos(r as usize))),
            Reason::Column(c) => out.extend(
                self.rows_of(c as usize)
                    .iter()
                    .filter(|&&r| r as usize != implied)
                    .map(|&r| pos(r as usize)),
            ),
            Reason::Clause(ci) => out.extend(
                self.arena
                    .lits(ci)
                    .iter()
                    .copied()
                    .filter(|&l| var(l) != implied),
            ),
        }
    }

    /// First-UIP analysis of `conflict`: leaves the learnt clause in `self.learnt`, asserting
    /// literal first, its LBD in `self.lbd`, and returns the level to go back to.
    pub(super) fn analyze(&mut self, conflict: Conflict) -> usize {
        let level = self.trail_lim.len() as u32;
        let mut learnt = std::mem::take(&mut self.learnt);
        let mut lits = std::mem::take(&mut self.scratch);
        learnt.clear();
        learnt.push(0);
        lits.clear();
        match conflict {
            Conflict::Pair(a, b) => lits.extend([neg(pos(a as usize)), neg(pos(b as usize))]),
            Conflict::Column(c) => {
                lits.extend(self.rows_of(c as usize).iter().map(|&r| pos(r as usize)))
            }
            Conflict::Clause(ci) => {
                self.bump_clause(ci);
                lits.extend_from_slice(self.arena.lits(ci))
            }
        }
        let mut pending = 0;
        let mut index = self.trail.len();
        loop {
            for &q in &lits {
                let v = var(q);
                if !self.seen[v] && self.level[v] > 0 {
                    self.seen[v] = true;
                    self.bump_var(v);
                    if self.level[v] == level {
                        pending += 1;
                    } else {
                        learnt.push(q);
                    }
                }
            }
            // the next marked literal of this level on the trail
            let p = loop {
                index -= 1;
                let p = self.trail[index];
                if self.seen[var(p)] {
                    break p;
                }
            };
            self.seen[var(p)] = false;
            pending -= 1;
            if pending == 0 {
                learnt[0] = neg(p);
                break;
            }
            let reason = self.reason[var(p)];
            if let Reason::Clause(ci) = reason {
                self.bump_clause(ci);
            }
            self.antecedents(reason, var(p), &mut lits);
        }
        self.scratch = lits;
        self.minimise(&mut learnt);
        // the LBD: distinct levels among the literals
        self.stamp += 1;
        self.lbd = 0;
        for &q in &learnt {
            let l = self.level[var(q)] as usize;
            if self.level_stamp[l] != self.stamp {
                self.level_stamp[l] = self.stamp;
                self.lbd += 1;
            }
        }
        // the second watch: the literal of the highest level below
        let mut back = 0;
        if learnt.len() > 1 {
            let at = (1..learnt.len())
                .max_by_key(|&i| self.level[var(learnt[i])])
                .unwrap_or(1);
            learnt.swap(1, at);
            back = self.level[var(learnt[1])] as usize;
        }
        self.learnt = learnt;
        back
    }

    /// Drops from `learnt` (asserting literal first) each literal that the others imply
    /// through the reasons, recursively. The rows of `learnt[1..]` are marked seen on entry, and
    /// no row is on return.
    fn minimise(&mut self, learnt: &mut Vec<Lit>) {
        #[cfg(test)]
        let simply = self.minimised_simply(learnt);
        let mut cleared = std::mem::take(&mut self.cleared);
        cleared.clear();
        cleared.extend_from_slice(&learnt[1..]);
        let levels = learnt[1..]
            .iter()
            .fold(0u64, |a, &q| a | 1 << (self.level[var(q)] % 64));
        let mut keep = 1;
        for i in 1..learnt.len() {
            let q = learnt[i];
            if self.reason[var(q)] == Reason::Decision || !self.implied(q, levels, &mut cleared) {
                learnt[keep] = q;
                keep += 1;
            }
        }
        learnt.truncate(keep);
        cleared.iter().for_each(|&q| self.seen[var(q)] = false);
        self.cleared = cleared;
        for &v in &self.poisoned {
            self.poison[v] = false;
        }
        self.poisoned.clear();
        #[cfg(test)]
        assert_eq!(*learnt, simply, "minimisation differs from the simple one");
    }

    /// Whether the (false) literal `q` follows from literals marked seen, through reasons whose
    /// levels are among `levels` (a bit per level modulo 64). A depth-first search: each
    /// literal it proves is marked seen and recorded in `cleared`, and each it cannot is marked
    /// poisoned, so that no later search of this analysis looks at either again.
    fn implied(&mut self, q: Lit, levels: u64, cleared: &mut Vec<Lit>) -> bool {
        let mut frames = std::mem::take(&mut self.frames);
        frames.clear();
        frames.push((q, 0));
        let mut implied = true;
        while let Some((p, i)) = frames.last_mut() {
            let (p, v) = (*p, var(*p));
            let Some(a) = self.reason_lit(self.reason[v], *i as usize) else {
                // every antecedent of p is proven
                frames.pop();
                if !frames.is_empty() {
                    self.seen[v] = true;
                    cleared.push(p);
                }
                continue;
            };
            *i += 1;
            let u = var(a);
            if u == v || self.seen[u] || self.level[u] == 0 {
                continue;
            }
            if self.poison[u]
                || self.reason[u] == Reason::Decision
                || levels >> (self.level[u] % 64) & 1 == 0
            {
                for &(f, _) in &frames[1..] {
                    self.poison[var(f)] = true;
                    self.poisoned.push(var(f));
                }
                implied = false;
                break;
            }
            frames.push((a, 0));
        }
        self.frames = frames;
        implied
    }

    /// The `i`th literal of the clause behind `reason`, the literal it implies among them.
    fn reason_lit(&self, reason: Reason, i: usize) -> Option<Lit> {
        match reason {
            Reason::Decision => None,
            Reason::Pair(r) => (i == 0).then(|| neg(pos(r as usize))),
            Reason::Column(c) => self.rows_of(c as usize).get(i).map(|&r| pos(r as usize)),
            Reason::Clause(ci) => self.arena.lits(ci).get(i).copied(),
        }
    }
}
