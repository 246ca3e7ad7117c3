//! Killer cages on the board: each cage's combinations (the engine's cage propagator on the
//! candidates), and the rule-of-45 sums as innies and outies.

use super::{Board, Step};
use crate::engine::{CageSum, Domain, Engine, VarId};
use std::sync::Arc;

impl<D: Domain> Board<D> {
    /// Each cage (and rule-of-45 set) narrowed by the engine's cage-sum propagator.
    pub(super) fn cage_combinations(&mut self) -> Vec<Step> {
        let mut steps = Vec::new();
        let sums = Arc::clone(&self.sums);
        for sum in sums.iter() {
            let mut engine = Engine::<D>::new();
            let vars: Vec<VarId> = sum
                .cells
                .iter()
                .map(|&c| engine.new_var(self.cand[c]))
                .collect();
            engine.post(CageSum::new("", vars.clone(), Arc::clone(&sum.combos)));
            if engine.propagate().is_err() {
                let why = format!("{} cannot reach its total", sum.name);
                self.broken.get_or_insert(why);
                return steps;
            }
            let mut s = self.step(sum.technique, Some(sum.name.clone()), String::new());
            let mut changes = Vec::new();
            for (&c, &var) in sum.cells.iter().zip(&vars) {
                let lost = self.cand[c].minus(engine.dom(var));
                if self.value[c].is_none() && !lost.is_empty() {
                    changes.push(format!("{} <> {}", self.cell(c), self.syms(lost)));
                    for v in lost.iter() {
                        self.remove(c, v);
                        s.eliminate.push((c, v));
                    }
                }
            }
            if changes.is_empty() {
                continue;
            }
            let live: Vec<String> = sum
                .combos
                .iter()
                .filter(|&&combo| sum.cells.iter().all(|&c| self.cand[c].intersects(combo)))
                .map(|&combo| format!("{{{}}}", self.syms(combo)))
                .collect();
            s.text = format!("{}: {} => {}", sum.name, live.join(" "), changes.join("; "));
            steps.push(s);
        }
        steps
    }
}
