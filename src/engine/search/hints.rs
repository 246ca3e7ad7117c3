//! Solution hints: a value per variable that search tries first, and all of them at once.

use super::strategy::ValueOrder;
use super::{Domain, Engine, Limits, Stop, VarId};

impl<D: Domain> Engine<D> {
    /// Gives search a value to try first for each variable (`None`: no hint), as a solver's
    /// solution hint does. Hints never cost a solution: they only order values. When one
    /// solution is asked for, the search first fixes every hinted variable to its hint at once
    /// and propagates (one node); if that fixes everything consistently, it is the solution,
    /// else search goes on as if nothing had been tried. Ignored under
    /// [`ValueOrder::Random`], whose point is varied solutions. Cleared by
    /// [`Engine::reset`].
    pub fn set_hints(&mut self, hints: &[Option<usize>]) {
        assert_eq!(hints.len(), self.doms.len(), "one hint per variable");
        self.hints.clear();
        self.hints.extend(
            hints
                .iter()
                .map(|h| h.map(|v| u16::try_from(v).expect("a value below 2^16"))),
        );
    }

    /// Removes every hint.
    pub fn clear_hints(&mut self) {
        self.hints.clear();
    }

    /// Whether search follows the hints: there are some, and values are not drawn at random.
    fn follows_hints(&self) -> bool {
        !self.hints.is_empty() && !matches!(self.strategy.values, ValueOrder::Random { .. })
    }

    /// The hint for `var`, if it has one, search follows hints and its domain holds it.
    pub(super) fn hinted_value(&self, var: VarId) -> Option<usize> {
        if !self.follows_hints() {
            return None;
        }
        let hint = usize::from((*self.hints.get(var.index())?)?);
        self.doms[var.index()].contains(hint).then_some(hint)
    }

    /// The first search node when one solution is asked for and there are hints: every hinted
    /// variable fixed to its hint, then propagation. `Some` with the stop when that gave a
    /// solution (reported to `on_solution`); `None`, with the state as before, when it did not.
    pub(super) fn follow_hints(
        &mut self,
        limits: &Limits,
        on_solution: &mut impl FnMut(&[D]),
    ) -> Option<Stop> {
        if limits.solutions != 1 || !self.follows_hints() {
            return None;
        }
        self.trail.checkpoint();
        self.stats.nodes += 1;
        if let Some(r) = self.recorder.as_mut() {
            r.node(None, "the hinted values".to_string(), false);
        }
        let solved = (0..self.doms.len()).all(|i| {
            let var = VarId(i as u32);
            match self.hints[i] {
                Some(h) => self
                    .restrict(var, D::singleton(usize::from(h)), "hint")
                    .is_ok(),
                None => true,
            }
        }) && self.propagate().is_ok()
            && self.doms.iter().all(|d| d.is_single());
        if solved {
            self.stats.solutions += 1;
            if let Some(r) = self.recorder.as_mut() {
                r.solved();
            }
            on_solution(&self.doms);
        }
        self.trail.restore(&mut self.doms);
        self.queue.clear();
        solved.then_some(Stop::SolutionLimit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::search::depth_first::tests::latin;

    /// The cyclic Latin square of order n: row r is r, r+1, … mod n.
    fn cyclic(n: usize) -> Vec<Option<usize>> {
        (0..n * n).map(|i| Some((i / n + i % n) % n)).collect()
    }

    #[test]
    fn a_complete_consistent_hint_is_the_solution_in_one_node() {
        let mut e = latin(7);
        e.set_hints(&cyclic(7));
        let mut found = Vec::new();
        let stop = e.search(&Limits::solutions(1), |d| found.push(Engine::values_of(d)));
        assert_eq!(stop, Stop::SolutionLimit);
        let expected: Vec<usize> = cyclic(7).into_iter().flatten().collect();
        assert_eq!(found, [expected]);
        assert_eq!((e.stats().nodes, e.stats().failures), (1, 0)); // the hint, nothing else
        assert!(
            e.domains().iter().all(|&d| d == u16::full(7)),
            "state restored"
        );
    }

    #[test]
    fn a_wrong_hint_costs_no_solution_and_counts_stay_exact() {
        // Every cell hinted 0: the dive fails, and search orders values by the hints.
        let mut e = latin(4);
        e.set_hints(&[Some(0); 16]);
        let mut first = None;
        let stop = e.search(&Limits::solutions(1), |d| {
            first = Some(Engine::values_of(d))
        });
        assert_eq!(stop, Stop::SolutionLimit);
        let square = first.expect("a Latin square of order 4");
        for i in 0..4 {
            let row: std::collections::HashSet<_> = square[i * 4..i * 4 + 4].iter().collect();
            let col: std::collections::HashSet<_> = (0..4).map(|j| square[j * 4 + i]).collect();
            assert_eq!((row.len(), col.len()), (4, 4));
        }
        // Counting ignores the dive: every square once.
        let mut seen = std::collections::HashSet::new();
        e.set_hints(&cyclic(4));
        e.search(&Limits::solutions(u64::MAX), |d| {
            assert!(seen.insert(Engine::values_of(d)));
        });
        assert_eq!(seen.len(), 576);
    }

    #[test]
    fn hints_order_values_where_the_domain_holds_them() {
        let mut e = latin(5);
        let mut hints = vec![None; 25];
        hints[0] = Some(3);
        e.set_hints(&hints);
        assert_eq!(e.hinted_value(VarId(0)), Some(3));
        assert_eq!(e.hinted_value(VarId(1)), None);
        let mut first = None;
        e.search(&Limits::solutions(2), |d| {
            first.get_or_insert(Engine::values_of(d));
        });
        assert_eq!(first.expect("solutions")[0], 3);
        e.restrict(VarId(0), 0b00111, "test").unwrap();
        assert_eq!(
            e.hinted_value(VarId(0)),
            None,
            "3 is no longer in the domain"
        );
        e.set_strategy(crate::engine::Strategy {
            values: ValueOrder::Random { seed: 1 },
            ..Default::default()
        });
        e.restrict(VarId(1), 0b11111, "test").unwrap();
        hints[1] = Some(2);
        e.set_hints(&hints);
        assert_eq!(e.hinted_value(VarId(1)), None, "random values ignore hints");
    }
}
