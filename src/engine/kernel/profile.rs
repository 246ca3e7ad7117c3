//! Per-propagator statistics (a profile): how often each propagator ran, how many values it
//! removed, how often it failed, and the time it took, as Gecode's and Choco's propagator
//! statistics give them. Kept only when asked ([`Engine::profile`]): timing every run costs
//! two clock reads.

use super::{Domain, Engine, PropId};
use std::time::Duration;

/// What one propagator did during a search.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PropagatorProfile {
    /// What kind of constraint it keeps (its role in the model: `thermometer`, `rule of 45`).
    pub kind: &'static str,
    /// Its name (`alldiff(row 1)`), when the model named its propagators.
    pub name: String,
    /// Runs.
    pub runs: u64,
    /// Values it removed from domains.
    pub removed: u64,
    /// Runs that failed.
    pub failures: u64,
    /// Time spent in its runs.
    pub time: Duration,
}

impl PropagatorProfile {
    /// Adds `other`'s counts (the kind and name stay).
    pub fn add(&mut self, other: &PropagatorProfile) {
        self.runs += other.runs;
        self.removed += other.removed;
        self.failures += other.failures;
        self.time += other.time;
    }
}

/// The counters being kept, a slot per propagator.
#[derive(Debug, Clone, Default)]
pub(crate) struct Counters {
    pub(crate) runs: Vec<u64>,
    pub(crate) removed: Vec<u64>,
    pub(crate) failures: Vec<u64>,
    pub(crate) time: Vec<Duration>,
}

impl<D: Domain> Engine<D> {
    /// Starts keeping a profile of every propagator (counters cleared); [`Engine::profile`]
    /// reads it.
    pub fn keep_profile(&mut self) {
        let k = self.props.len();
        self.counters = Some(Box::new(Counters {
            runs: vec![0; k],
            removed: vec![0; k],
            failures: vec![0; k],
            time: vec![Duration::ZERO; k],
        }));
    }

    /// The profile kept since [`Engine::keep_profile`], a row per propagator in the order they
    /// were posted; empty when none is kept.
    pub fn profile(&self) -> Vec<PropagatorProfile> {
        let Some(c) = &self.counters else {
            return Vec::new();
        };
        (0..self.props.len())
            .map(|p| PropagatorProfile {
                kind: self.prop_kinds[p],
                name: self.prop_names[p].clone(),
                runs: c.runs[p],
                removed: c.removed[p],
                failures: c.failures[p],
                time: c.time[p],
            })
            .collect()
    }

    /// Number of propagators posted.
    pub fn num_props(&self) -> usize {
        self.props.len()
    }

    /// Sets the kind of every propagator posted since there were `first` (a model's step,
    /// or the propagators of one constraint): its role in the model.
    pub fn set_kinds_since(&mut self, first: usize, kind: &'static str) {
        for k in &mut self.prop_kinds[first..] {
            *k = kind;
        }
    }

    /// Sets the kind a profile shows for propagator `p` (its role in the model), in place of
    /// the propagator's own ([`Propagator::kind`](super::Propagator::kind)).
    pub fn set_kind(&mut self, p: PropId, kind: &'static str) {
        self.prop_kinds[p.0 as usize] = kind;
    }
}

/// The rows of `profile` summed by kind, in the order each kind first appears, each named by
/// its kind.
pub fn by_kind(profile: &[PropagatorProfile]) -> Vec<PropagatorProfile> {
    let mut out: Vec<PropagatorProfile> = Vec::new();
    for row in profile {
        match out.iter_mut().find(|k| k.kind == row.kind) {
            Some(k) => k.add(row),
            None => out.push(PropagatorProfile {
                name: row.kind.to_string(),
                ..row.clone()
            }),
        }
    }
    out
}
