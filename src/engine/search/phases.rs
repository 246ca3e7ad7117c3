//! Best phases: the values of the deepest node search has reached, tried first afterwards.

use super::strategy::ValueOrder;
use super::{Domain, Engine, VarId};

/// No phase saved for a variable.
const NONE: u16 = u16::MAX;

/// What a search keeps beside its phases: how many variables the deepest node fixed, and for
/// how many restarts that has not grown.
#[derive(Debug, Default)]
pub(super) struct Deepest {
    /// Variables fixed at the deepest node whose values are the phases.
    fixed: usize,
    /// `fixed` at the last restart.
    at_restart: usize,
    /// Restarts in a row that found no deeper node.
    stale: u64,
}

impl<D: Domain> Engine<D> {
    /// Starts a search's phases: none yet, and none at all unless the strategy saves them and
    /// its values are not drawn at random.
    pub(super) fn start_phases(&mut self) -> Deepest {
        self.phases.clear();
        if self.strategy.phases && self.strategy.values == ValueOrder::Smallest {
            self.phases.resize(self.doms.len(), NONE);
        }
        Deepest::default()
    }

    /// At a consistent node that search backtracked to: if it fixes more variables than the
    /// deepest node so far, the values it fixes become those variables' phases; the open ones
    /// keep theirs (clearing them, three 36×36 sets decided 39 of 58 puzzles instead of 45).
    /// It costs a pass over the variables, so it runs where search backtracks, never on a path
    /// that does not fail.
    pub(super) fn note_depth(&mut self, deepest: &mut Deepest) {
        if self.phases.is_empty() {
            return;
        }
        let fixed = self.doms.iter().filter(|d| d.is_single()).count();
        if fixed <= deepest.fixed {
            return;
        }
        deepest.fixed = fixed;
        for (phase, d) in self.phases.iter_mut().zip(&self.doms) {
            if let Some(v) = d.single() {
                *phase = u16::try_from(v).unwrap_or(NONE);
            }
        }
    }

    /// At a restart: after [`Tuning::phase_patience`](super::Tuning::phase_patience) restarts
    /// in a row without a deeper node, forgets the phases, so that search leaves a region
    /// that only looked close to a solution.
    pub(super) fn restart_phases(&mut self, deepest: &mut Deepest) {
        if self.phases.is_empty() {
            return;
        }
        if deepest.fixed > deepest.at_restart {
            deepest.stale = 0;
        } else {
            deepest.stale += 1;
        }
        if deepest.stale >= self.strategy.tuning.phase_patience {
            self.phases.fill(NONE);
            *deepest = Deepest::default();
        }
        deepest.at_restart = deepest.fixed;
    }

    /// `var`'s phase, if it has one and its domain holds it.
    pub(super) fn phase_value(&self, var: VarId) -> Option<usize> {
        let phase = *self.phases.get(var.index())?;
        (phase != NONE && self.doms[var.index()].contains(usize::from(phase)))
            .then_some(usize::from(phase))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::search::depth_first::tests::latin;
    use crate::engine::{Strategy, Tuning};

    fn with_phases(n: usize, patience: u64) -> Engine<u16> {
        let mut e = latin(n);
        e.set_strategy(Strategy {
            restarts: true,
            phases: true,
            tuning: Tuning {
                phase_patience: patience,
                ..Tuning::DEFAULT
            },
            ..Strategy::default()
        });
        e
    }

    #[test]
    fn the_deepest_node_sets_the_phases_and_the_left_branch_takes_them() {
        let mut e = with_phases(3, 2);
        let mut deepest = e.start_phases();
        assert_eq!(e.phase_value(VarId(0)), None, "no phases before a node");
        e.trail.checkpoint();
        e.restrict(VarId(0), u16::singleton(2), "test").unwrap();
        e.restrict(VarId(1), u16::singleton(0), "test").unwrap();
        e.note_depth(&mut deepest);
        e.trail.restore(&mut e.doms);
        assert_eq!(e.phase_value(VarId(0)), Some(2));
        assert_eq!(e.phase_value(VarId(1)), Some(0));
        assert_eq!(e.phase_value(VarId(2)), None, "an open variable has none");
        assert_eq!(
            e.select_value(VarId(0)),
            2,
            "the phase, not the smallest value"
        );
        // A hint still comes first.
        let mut hints = vec![None; 9];
        hints[0] = Some(1);
        e.set_hints(&hints);
        assert_eq!(e.select_value(VarId(0)), 1);
        // One fixed variable is not deeper than two: nothing changes.
        e.trail.checkpoint();
        e.restrict(VarId(1), u16::singleton(1), "test").unwrap();
        e.note_depth(&mut deepest);
        assert_eq!(
            e.phase_value(VarId(1)),
            None,
            "0 is no longer in the domain"
        );
        e.trail.restore(&mut e.doms);
        assert_eq!(e.phase_value(VarId(1)), Some(0));
    }

    #[test]
    fn stale_restarts_forget_the_phases() {
        let mut e = with_phases(3, 2);
        let mut deepest = e.start_phases();
        e.restrict(VarId(0), u16::singleton(2), "test").unwrap();
        e.note_depth(&mut deepest);
        e.restart_phases(&mut deepest); // deeper than at the start: not stale
        e.restart_phases(&mut deepest); // stale once
        assert_eq!(e.phase_value(VarId(0)), Some(2));
        e.restart_phases(&mut deepest); // stale twice: forgotten
        assert_eq!(e.phase_value(VarId(0)), None);
        // A shallower node than the forgotten one now sets the phases.
        e.note_depth(&mut deepest);
        assert_eq!(e.phase_value(VarId(0)), Some(2));
    }

    #[test]
    fn random_values_and_strategies_without_phases_keep_none() {
        for strategy in [
            Strategy::default(),
            Strategy {
                phases: true,
                values: ValueOrder::Random { seed: 3 },
                ..Strategy::default()
            },
        ] {
            let mut e = latin(3);
            e.set_strategy(strategy);
            let mut deepest = e.start_phases();
            e.restrict(VarId(0), u16::singleton(2), "test").unwrap();
            e.note_depth(&mut deepest);
            assert_eq!(e.phase_value(VarId(0)), None);
        }
    }
}
