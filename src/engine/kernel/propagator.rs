//! The propagator interface: what a constraint implements to take part in propagation.
//!
//! A propagator is posted once, declares the variables it watches and on which event
//! ([`WakeOn`]), and is run by the engine's queue whenever one of those variables changes.
//! It reads and narrows domains through a [`Ctx`] and reports failure as
//! `Err(Conflict)`, so `?` is the failure path.

use super::{Ctx, Domain};
use std::fmt::Debug;

/// Index of a variable in an [`Engine`](super::Engine).
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct VarId(pub u32);

impl VarId {
    /// The variable's position, for indexing.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// Index of a posted propagator in an [`Engine`](super::Engine).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct PropId(pub u32);

impl PropId {
    /// Stands for changes made from outside any propagator (an instance's data, decisions).
    pub const OUTSIDE: PropId = PropId(u32::MAX);
}

/// Which domain events wake a propagator on a watched variable.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum WakeOn {
    /// Only when the variable becomes fixed (one value left).
    Fixed,
    /// On any change to the domain, including becoming fixed.
    Change,
}

/// Propagation found that no solution extends the current domains.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Conflict {
    /// The propagator that failed ([`PropId::OUTSIDE`] for a decision or a restriction from
    /// outside).
    pub prop: PropId,
    /// The variable whose domain became empty, when there is one.
    pub var: Option<VarId>,
}

/// When a woken propagator runs: cheap ones first, expensive ones only once no cheap one is
/// waiting, so costly reasoning sees domains the cheap rules have already narrowed.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub enum Priority {
    /// A few word operations per variable (singles, sums).
    #[default]
    Cheap,
    /// More than linear work per run (matchings, closures).
    Expensive,
}

/// A constraint's filtering algorithm.
///
/// Rules every implementation keeps:
/// - any state it keeps must be derivable from the domains (scratch buffers are fine), because
///   the engine restores domains on backtracking and nothing else;
/// - it is not woken by its own changes, so `propagate` must leave its constraint at fixpoint
///   (run its own rules until they change nothing);
/// - it must never remove a value that belongs to a solution of its constraint.
pub trait Propagator<D: Domain>: Debug + Send {
    /// A short name for logs and statistics, e.g. `alldiff(group 1)`.
    fn name(&self) -> &str;
    /// What kind of propagator it is, for profiles (`all-different`, `cage sum`); a model may
    /// name the role a propagator plays instead ([`Engine::set_kind`](super::Engine::set_kind)).
    fn kind(&self) -> &'static str {
        "propagator"
    }
    /// The variables this propagator watches, each with the event that wakes it. Asked once,
    /// when the propagator is posted.
    fn watches(&self) -> Vec<(VarId, WakeOn)>;
    /// Narrows domains through `cx`; returns `Err` when the constraint cannot be satisfied.
    fn propagate(&mut self, cx: &mut Ctx<'_, D>) -> Result<(), Conflict>;
    /// When it runs once woken (asked once, when posted).
    fn priority(&self) -> Priority {
        Priority::Cheap
    }
    /// Whether its failures (and its watches, when posted) add to the dom/wdeg weights of the
    /// variables it watches (asked once, when posted). A cheap propagator that finds early
    /// what others would find a little later may opt out, so that branching stays steered by
    /// the constraints that cause the failures.
    fn weighted(&self) -> bool {
        true
    }
}
