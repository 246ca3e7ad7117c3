//! Predicate: the variables' values satisfy a test, checked once every one is fixed. The
//! exact fallback for a constraint that has no propagator of its own within its budget: it
//! prunes nothing, and fails exactly the full assignments the test refuses.

use super::{Conflict, Ctx, Domain, Propagator, VarId, WakeOn};
use log::{Level, log_enabled, trace};

/// The test a [`Predicate`] applies: the value index of each variable, in order.
pub type Test = Box<dyn Fn(&[usize]) -> bool + Send>;

/// `test(values of vars)` holds once all `vars` are fixed.
pub struct Predicate {
    name: String,
    vars: Vec<VarId>,
    test: Test,
    /// Scratch: the fixed values, in `vars` order.
    values: Vec<usize>,
}

impl std::fmt::Debug for Predicate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Predicate")
            .field("name", &self.name)
            .field("vars", &self.vars)
            .finish_non_exhaustive()
    }
}

impl Predicate {
    /// Checks `test` on the values of `vars` (a variable may appear more than once) whenever
    /// all of them are fixed.
    pub fn new(name: impl Into<String>, vars: Vec<VarId>, test: Test) -> Self {
        Predicate {
            name: name.into(),
            values: Vec::with_capacity(vars.len()),
            vars,
            test,
        }
    }
}

impl<D: Domain> Propagator<D> for Predicate {
    fn name(&self) -> &str {
        &self.name
    }

    fn kind(&self) -> &'static str {
        "check of a full assignment"
    }

    fn watches(&self) -> Vec<(VarId, WakeOn)> {
        self.vars.iter().map(|&v| (v, WakeOn::Fixed)).collect()
    }

    fn propagate(&mut self, cx: &mut Ctx<'_, D>) -> Result<(), Conflict> {
        self.values.clear();
        for &v in &self.vars {
            let dom = cx.dom(v);
            if !dom.is_single() {
                return Ok(());
            }
            self.values.extend(dom.min());
        }
        if (self.test)(&self.values) {
            return Ok(());
        }
        if log_enabled!(target: crate::engine::LOG_PROPAGATE, Level::Trace) {
            trace!(target: crate::engine::LOG_PROPAGATE, "  {}: its values break it", self.name);
        }
        Err(cx.conflict(None))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Rng;
    use crate::engine::testing::{Seen, Strength, check, random_assignment};

    /// Sound, and a checker: fails exactly the full assignments the test refuses.
    #[test]
    fn fails_exactly_the_assignments_its_test_refuses() {
        let mut rng = Rng::new(5);
        let mut seen = Seen::default();
        for _ in 0..800 {
            let len = 1 + rng.below(4);
            let values = 2 + rng.below(5);
            let target = rng.below(values * len);
            let holds = |word: &[usize]| word.iter().sum::<usize>() != target;
            // Mostly fixed, so that the test is often asked.
            let doms: Vec<u16> = (0..len)
                .map(|_| match rng.below(4) {
                    0 => 1 + rng.below((1 << values) - 1) as u16,
                    _ => 1 << rng.below(values),
                })
                .collect();
            let post = |e: &mut crate::engine::Engine<u16>, v: &[VarId]| {
                let test: Test = Box::new(move |w: &[usize]| w.iter().sum::<usize>() != target);
                e.post(Predicate::new("p", v.to_vec(), test));
            };
            let fixed = random_assignment(&mut rng, &doms);
            seen.add(check(&doms, &fixed, &holds, &post, Strength::Sound));
        }
        assert!(seen.failed > 50, "{seen:?}");
    }
}
