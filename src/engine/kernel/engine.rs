//! The engine: variables, posted propagators, watch lists, and propagation to fixpoint.

use super::queue::Queue;
use super::trail::Trail;
use super::{
    Conflict, Domain, PropId, Propagator, Rng, Stats, Strategy, ValueOrder, VarId, WakeOn,
};
use hashbrown::HashMap;
use log::{Level, log_enabled, trace};

/// Names for variables and values, used only to make logs readable.
#[derive(Debug, Default, Clone)]
pub struct Labels {
    /// Name of each variable by index; `x<i>` where missing.
    pub vars: Vec<String>,
    /// Name of each value index; the index itself where missing.
    pub values: Vec<String>,
    /// Value names of the variables whose values mean something else (such as which
    /// combination a sum takes), by variable index; `values` for the others.
    pub own_values: HashMap<usize, Vec<String>>,
}

impl Labels {
    /// The variable's name.
    pub fn var(&self, v: VarId) -> String {
        self.vars
            .get(v.index())
            .cloned()
            .unwrap_or_else(|| format!("x{}", v.0))
    }

    /// The value's name.
    pub fn value(&self, v: usize) -> String {
        self.values.get(v).cloned().unwrap_or_else(|| v.to_string())
    }

    /// The name of value `v` of variable `var`.
    pub fn value_of(&self, var: VarId, v: usize) -> String {
        match self.own_values.get(&var.index()) {
            Some(names) => names.get(v).cloned().unwrap_or_else(|| v.to_string()),
            None => self.value(v),
        }
    }

    /// The set of values as `{a,b,c}`.
    pub fn values<D: Domain>(&self, d: D) -> String {
        braced(d, |v| self.value(v))
    }

    /// The set of values of variable `var` as `{a,b,c}`.
    pub fn values_of<D: Domain>(&self, var: VarId, d: D) -> String {
        braced(d, |v| self.value_of(var, v))
    }
}

/// The values of `d`, each named by `name`, as `{a,b,c}`.
fn braced<D: Domain>(d: D, name: impl Fn(usize) -> String) -> String {
    let mut s = String::from("{");
    for (i, v) in d.iter().enumerate() {
        if i > 0 {
            s.push(',');
        }
        s.push_str(&name(v));
    }
    s.push('}');
    s
}

/// Saved domains and strategy of an [`Engine`], for [`Engine::reset`].
#[derive(Debug, Clone)]
pub struct Snapshot<D> {
    doms: Vec<D>,
    strategy: Strategy,
}

/// A constraint network over bitset domains of type `D`, with a propagation queue and a trail.
///
/// Build it with [`Engine::new_var`] and [`Engine::post`], narrow domains from outside with
/// [`Engine::restrict`], then call [`Engine::propagate`] or [`Engine::search`].
#[derive(Debug)]
pub struct Engine<D: Domain> {
    pub(crate) doms: Vec<D>,
    pub(crate) props: Vec<Box<dyn Propagator<D>>>,
    /// Each propagator's name, kept apart so a running propagator's context can show it.
    pub(crate) prop_names: Vec<String>,
    /// Each propagator's kind, for profiles.
    pub(crate) prop_kinds: Vec<&'static str>,
    /// Each propagator's profile counters, while one is kept ([`Engine::keep_profile`]).
    pub(crate) counters: Option<Box<super::profile::Counters>>,
    /// The search tree being recorded, if one is ([`Engine::record_tree`]).
    pub(crate) recorder: Option<Box<crate::engine::search::tree::Recorder>>,
    /// For each variable, the propagators watching it: all are woken when it is fixed.
    pub(crate) watchers: Vec<Vec<PropId>>,
    /// For each variable, the propagators woken by any change of it (those watching it with
    /// [`WakeOn::Change`], in the same order): a change that fixes nothing reads only these.
    on_change: Vec<Vec<PropId>>,
    pub(crate) queue: Queue,
    pub(crate) trail: Trail<D>,
    pub(crate) labels: Labels,
    pub(crate) stats: Stats,
    /// How search branches.
    pub(crate) strategy: Strategy,
    /// Conflict weight of each propagator (1 + the failures it raised), for dom/wdeg.
    pub(crate) weights: Vec<u32>,
    /// The variable of each of a propagator's watches, by propagator: those whose weight its
    /// failures add to (none for a propagator that is not [`Propagator::weighted`]).
    pub(crate) watched: Vec<Vec<VarId>>,
    /// Each variable's dom/wdeg weight: the sum of `weights` over the propagators whose
    /// `watched` lists it, kept up to date as failures add to `weights` (summing at each
    /// branching cost a quarter of the instructions on wide-open models).
    pub(crate) var_weights: Vec<u64>,
    /// How much each failure of a propagator watching a variable adds to its weight (1 unless
    /// set with [`Engine::set_weight_factor`]).
    pub(crate) var_factors: Vec<u64>,
    /// Draws values for [`ValueOrder::Random`].
    pub(crate) rng: Rng,
    /// Groups of variables that take every value once, for
    /// [`Strategy::places`](super::Strategy::places).
    pub(crate) branch_groups: Vec<Vec<VarId>>,
    /// Each variable's activity, for [`Heuristic::DomWdegActivity`](super::Heuristic).
    pub(crate) activity: Vec<f64>,
    /// The value search tries first for each variable, by index (empty: no hints), set with
    /// [`Engine::set_hints`].
    pub(crate) hints: Vec<Option<u16>>,
    /// The value each variable had at the deepest node of the current search (`u16::MAX`:
    /// none), for [`Strategy::phases`](super::Strategy::phases); empty when not saved.
    pub(crate) phases: Vec<u16>,
}

impl<D: Domain> Default for Engine<D> {
    fn default() -> Self {
        Self::new()
    }
}

impl<D: Domain> Engine<D> {
    /// An engine with no variables.
    pub fn new() -> Self {
        Engine {
            doms: Vec::new(),
            props: Vec::new(),
            prop_names: Vec::new(),
            prop_kinds: Vec::new(),
            counters: None,
            recorder: None,
            watchers: Vec::new(),
            on_change: Vec::new(),
            queue: Queue::default(),
            trail: Trail::new(),
            labels: Labels::default(),
            stats: Stats::default(),
            strategy: Strategy::default(),
            weights: Vec::new(),
            watched: Vec::new(),
            var_weights: Vec::new(),
            var_factors: Vec::new(),
            rng: Rng::new(0),
            branch_groups: Vec::new(),
            activity: Vec::new(),
            hints: Vec::new(),
            phases: Vec::new(),
        }
    }

    /// Adds a variable with the given initial domain.
    pub fn new_var(&mut self, dom: D) -> VarId {
        let id = VarId(u32::try_from(self.doms.len()).expect("fewer than 2^32 variables"));
        self.doms.push(dom);
        self.watchers.push(Vec::with_capacity(8));
        self.on_change.push(Vec::with_capacity(8));
        self.var_weights.push(0);
        self.var_factors.push(1);
        self.activity.push(0.0);
        self.trail.add_var();
        id
    }

    /// Makes dom/wdeg weigh `var` `factor` times as much as a variable watched by the same
    /// propagators: each of their failures (and each posting) adds `factor` to its weight. For
    /// a variable whose value decides more than one ordinary variable's does, such as which
    /// combination a sum takes.
    pub fn set_weight_factor(&mut self, var: VarId, factor: u64) {
        let v = var.index();
        let factor = factor.max(1);
        self.var_weights[v] = self.var_weights[v] / self.var_factors[v] * factor;
        self.var_factors[v] = factor;
    }

    /// Declares that `vars` take every value once (a permutation), so that search with
    /// [`Strategy::places`](super::Strategy::places) may branch on a value's places among
    /// them. Branching stays complete whatever is declared; a wrong group only guides it badly.
    pub fn branch_group(&mut self, vars: Vec<VarId>) {
        self.branch_groups.push(vars);
    }

    /// Posts a propagator: records its watches and queues it for the next propagation.
    pub fn post(&mut self, p: impl Propagator<D> + 'static) -> PropId {
        let id = PropId(u32::try_from(self.props.len()).expect("fewer than 2^32 propagators"));
        let watches = p.watches();
        for &(var, on) in &watches {
            self.watchers[var.index()].push(id);
            if on == WakeOn::Change {
                self.on_change[var.index()].push(id);
            }
        }
        let weighed: Vec<VarId> = if p.weighted() {
            watches.into_iter().map(|(var, _)| var).collect()
        } else {
            Vec::new()
        };
        for var in &weighed {
            self.var_weights[var.index()] += self.var_factors[var.index()];
        }
        self.watched.push(weighed);
        self.prop_names.push(p.name().to_string());
        self.prop_kinds.push(p.kind());
        if let Some(c) = &mut self.counters {
            c.runs.push(0);
            c.removed.push(0);
            c.failures.push(0);
            c.time.push(std::time::Duration::ZERO);
        }
        self.queue.add_prop(p.priority());
        self.props.push(Box::new(p));
        self.weights.push(1);
        self.queue.push(id);
        id
    }

    /// Sets how search branches and restarts (default: MRV, smallest value, no restarts).
    /// A random value order restarts its generator from the strategy's seed.
    pub fn set_strategy(&mut self, strategy: Strategy) {
        self.strategy = strategy;
        if let ValueOrder::Random { seed } = strategy.values {
            self.rng = Rng::new(seed);
        }
    }

    /// How search branches and restarts.
    pub fn strategy(&self) -> Strategy {
        self.strategy
    }

    /// The state to come back to with [`Engine::reset`]: every domain and the strategy.
    pub fn snapshot(&self) -> Snapshot<D> {
        Snapshot {
            doms: self.doms.clone(),
            strategy: self.strategy,
        }
    }

    /// Back to `snapshot` (taken from this engine, with the same propagators): domains and
    /// strategy as they were, statistics, conflict weights, activities and hints cleared,
    /// every propagator queued.
    /// A model built once can so be reused for many inputs without building it again.
    pub fn reset(&mut self, snapshot: &Snapshot<D>) {
        debug_assert_eq!(snapshot.doms.len(), self.doms.len());
        debug_assert_eq!(self.trail.depth(), 0, "reset outside search");
        self.doms.copy_from_slice(&snapshot.doms);
        self.set_strategy(snapshot.strategy);
        self.stats = Stats::default();
        self.weights.iter_mut().for_each(|w| *w = 1);
        self.var_weights.iter_mut().for_each(|w| *w = 0);
        self.activity.iter_mut().for_each(|a| *a = 0.0);
        self.hints.clear();
        for var in self.watched.iter().flatten() {
            self.var_weights[var.index()] += self.var_factors[var.index()];
        }
        self.queue.clear();
        for p in 0..self.props.len() {
            self.queue.push(PropId(p as u32));
        }
    }

    /// Names variables and values in logs.
    pub fn set_labels(&mut self, labels: Labels) {
        self.labels = labels;
    }

    /// The labels used in logs.
    pub fn labels(&self) -> &Labels {
        &self.labels
    }

    /// Number of variables.
    pub fn num_vars(&self) -> usize {
        self.doms.len()
    }

    /// The current domain of `v`.
    pub fn dom(&self, v: VarId) -> D {
        self.doms[v.index()]
    }

    /// All current domains, by variable index.
    pub fn domains(&self) -> &[D] {
        &self.doms
    }

    /// Statistics gathered so far.
    pub fn stats(&self) -> &Stats {
        &self.stats
    }

    /// Narrows `v` to `dom(v) ∩ mask` from outside any propagator, waking its watchers;
    /// `reason` (e.g. `decision`) names the change in trace logs. Run
    /// [`Engine::propagate`] afterwards.
    pub fn restrict(&mut self, v: VarId, mask: D, reason: &str) -> Result<bool, Conflict> {
        self.ctx(PropId::OUTSIDE, reason).intersect(v, mask)
    }

    fn ctx<'a>(&'a mut self, me: PropId, name: &'a str) -> Ctx<'a, D> {
        Ctx {
            doms: &mut self.doms,
            trail: &mut self.trail,
            watchers: &self.watchers,
            on_change: &self.on_change,
            queue: &mut self.queue,
            labels: &self.labels,
            removed: &mut self.stats.removed,
            me,
            me_name: name,
        }
    }

    /// Runs queued propagators until none is queued (fixpoint) or one fails. On failure the
    /// queue is emptied; the domains are then only fit to be restored by backtracking.
    pub fn propagate(&mut self) -> Result<(), Conflict> {
        while let Some(p) = self.queue.pop_running() {
            self.stats.propagations += 1;
            let removed_before = self.stats.removed;
            let started = self.counters.is_some().then(std::time::Instant::now);
            let Engine {
                doms,
                props,
                prop_names,
                watchers,
                on_change,
                queue,
                trail,
                labels,
                stats,
                ..
            } = self;
            let me_name = prop_names[p.0 as usize].as_str();
            trace!(target: crate::engine::LOG_PROPAGATE, "run {me_name}");
            let mut cx = Ctx {
                doms,
                trail,
                watchers,
                on_change,
                queue,
                labels,
                removed: &mut stats.removed,
                me: p,
                me_name,
            };
            let result = props[p.0 as usize].propagate(&mut cx);
            self.queue.finished(p);
            if let (Some(c), Some(started)) = (&mut self.counters, started) {
                let i = p.0 as usize;
                c.runs[i] += 1;
                c.removed[i] += self.stats.removed - removed_before;
                c.failures[i] += u64::from(result.is_err());
                c.time[i] += started.elapsed();
            }
            if let Err(conflict) = result {
                trace!(target: crate::engine::LOG_PROPAGATE, "{me_name} fails");
                self.queue.clear();
                return Err(conflict);
            }
        }
        Ok(())
    }
}

/// What a running propagator sees: read domains, narrow them, report conflicts.
///
/// Every narrowing is saved on the trail, logged at `trace` level (which variable lost which
/// values, from which propagator) and wakes the propagators watching that variable.
#[derive(Debug)]
pub struct Ctx<'a, D: Domain> {
    doms: &'a mut [D],
    trail: &'a mut Trail<D>,
    watchers: &'a [Vec<PropId>],
    on_change: &'a [Vec<PropId>],
    queue: &'a mut Queue,
    labels: &'a Labels,
    /// Values removed so far by every propagator ([`Stats::removed`]).
    removed: &'a mut u64,
    me: PropId,
    me_name: &'a str,
}

impl<D: Domain> Ctx<'_, D> {
    /// The current domain of `v`.
    #[inline]
    pub fn dom(&self, v: VarId) -> D {
        self.doms[v.index()]
    }

    /// Names for logs.
    pub fn labels(&self) -> &Labels {
        self.labels
    }

    /// How many search decisions the current domains rest on (0 at the root and outside
    /// search). Lets a propagator keep costly reasoning for nodes below a guess.
    #[inline]
    pub fn decisions(&self) -> usize {
        self.trail.depth().saturating_sub(1)
    }

    /// A conflict raised by the running propagator.
    pub fn conflict(&self, var: Option<VarId>) -> Conflict {
        Conflict { prop: self.me, var }
    }

    /// Narrows `v` to `dom(v) ∩ mask`. `Ok(true)` when the domain changed.
    #[inline]
    pub fn intersect(&mut self, v: VarId, mask: D) -> Result<bool, Conflict> {
        let old = self.doms[v.index()];
        let new = old.and(mask);
        if new == old {
            return Ok(false);
        }
        self.set(v, old, new)
    }

    /// Removes the values of `mask` from `v`. `Ok(true)` when the domain changed.
    #[inline]
    pub fn exclude(&mut self, v: VarId, mask: D) -> Result<bool, Conflict> {
        let old = self.doms[v.index()];
        let new = old.minus(mask);
        if new == old {
            return Ok(false);
        }
        self.set(v, old, new)
    }

    /// Fixes `v` to `value`. `Ok(true)` when the domain changed.
    #[inline]
    pub fn assign(&mut self, v: VarId, value: usize) -> Result<bool, Conflict> {
        self.intersect(v, D::singleton(value))
    }

    fn set(&mut self, v: VarId, old: D, new: D) -> Result<bool, Conflict> {
        if log_enabled!(target: crate::engine::LOG_PROPAGATE, Level::Trace) {
            trace!(
                target: crate::engine::LOG_PROPAGATE,
                "  {} loses {} -> {} ({})",
                self.labels.var(v),
                self.labels.values_of(v, old.minus(new)),
                self.labels.values_of(v, new),
                self.me_name
            );
        }
        *self.removed += u64::from(old.len() - new.len());
        if new.is_empty() {
            return Err(self.conflict(Some(v)));
        }
        self.trail.save(v, old);
        self.doms[v.index()] = new;
        // The running propagator counts as queued (`Queue::pop_running`): its own changes do
        // not wake it.
        if new.is_single() {
            self.queue.push_all(&self.watchers[v.index()]);
        } else {
            self.queue.push_all(&self.on_change[v.index()]);
        }
        Ok(true)
    }
}
