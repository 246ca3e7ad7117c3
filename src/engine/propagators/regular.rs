//! Regular: a sequence of variables spells a word that a layered automaton accepts, filtered to
//! domain consistency by a forward and a backward pass over the layers (Pesant's regular
//! constraint).
//!
//! The automaton is unfolded once, when the constraint is made, from a step function over any
//! hashable state: layer `i` holds the states reachable after `i` values, and only states from
//! which an accepting end is reachable are kept. A run marks the states the domains reach from
//! the start, then walks back from the end: a value stays if some edge labelled with it joins a
//! state reached from the start to one that reaches the end.

use super::{Conflict, Ctx, Domain, Propagator, VarId, WakeOn};
use hashbrown::{HashMap, HashSet};
use log::{Level, log_enabled, trace};
use std::hash::Hash;

/// One edge of a layer while unfolding: from a state of the layer, on a value, to a state of
/// the next layer.
#[derive(Debug, Clone, Copy)]
struct Edge {
    from: u32,
    value: u32,
    to: u32,
}

/// An edge as kept, listed under the state it leaves: on a value, to a state of the next layer.
#[derive(Debug, Clone, Copy)]
struct Arc {
    value: u32,
    to: u32,
}

/// An automaton unfolded over a word of fixed length: the edges of each layer, grouped by the
/// state they leave, so a pass follows only the edges of states it reached.
#[derive(Debug, Clone)]
pub struct Layered {
    /// `arcs[i]`: the edges read at position `i`, those leaving state 0 first.
    arcs: Vec<Vec<Arc>>,
    /// `out[i][s]..out[i][s + 1]`: where the edges leaving state `s` of layer `i` lie in
    /// `arcs[i]`.
    out: Vec<Vec<u32>>,
    /// `states[i]`: how many states layer `i` has (`len + 1` layers).
    states: Vec<usize>,
}

impl Layered {
    /// Unfolds the automaton that starts in `start`, moves by `step(position, state, value)`
    /// (`None`: the value is not allowed there) over values `0..values` at each of `len`
    /// positions, and accepts the end states where `accept` holds. `None` when the unfolding
    /// passes `max_edges` edges.
    pub fn unfold<S: Hash + Eq + Clone>(
        len: usize,
        values: usize,
        start: S,
        step: impl Fn(usize, &S, usize) -> Option<S>,
        accept: impl Fn(&S) -> bool,
        max_edges: usize,
    ) -> Option<Self> {
        Self::unfold_from(len, values, vec![start], step, accept, max_edges)
    }

    /// As [`unfold`](Self::unfold), from any of several start states: a word is accepted
    /// when it leads some start to an accepting end. One deterministic automaton per guess
    /// made before the first value (where a loop starts, say) is often far smaller than the
    /// single automaton that keeps every guess still open in its state.
    pub fn unfold_from<S: Hash + Eq + Clone>(
        len: usize,
        values: usize,
        starts: Vec<S>,
        step: impl Fn(usize, &S, usize) -> Option<S>,
        accept: impl Fn(&S) -> bool,
        max_edges: usize,
    ) -> Option<Self> {
        let mut seen = HashSet::new();
        let mut layer: Vec<S> = starts
            .into_iter()
            .filter(|s| seen.insert(s.clone()))
            .collect();
        let first = layer.len();
        let mut edges: Vec<Vec<Edge>> = Vec::with_capacity(len);
        let mut total = 0usize;
        for pos in 0..len {
            let mut index: HashMap<S, u32> = HashMap::new();
            let mut next: Vec<S> = Vec::new();
            let mut out = Vec::new();
            for (from, state) in layer.iter().enumerate() {
                for value in 0..values {
                    if let Some(s) = step(pos, state, value) {
                        let to = *index.entry(s.clone()).or_insert_with(|| {
                            next.push(s);
                            (next.len() - 1) as u32
                        });
                        out.push(Edge {
                            from: from as u32,
                            value: value as u32,
                            to,
                        });
                    }
                }
            }
            total += out.len();
            if total > max_edges {
                return None;
            }
            edges.push(out);
            layer = next;
        }
        // Keep only what leads to an accepting end, walking back layer by layer.
        let mut alive: Vec<bool> = layer.iter().map(&accept).collect();
        for layer_edges in edges.iter_mut().rev() {
            layer_edges.retain(|e| alive.get(e.to as usize).copied().unwrap_or(false));
            let from_count = layer_edges
                .iter()
                .map(|e| e.from as usize + 1)
                .max()
                .unwrap_or(0);
            let mut before = vec![false; from_count];
            layer_edges
                .iter()
                .for_each(|e| before[e.from as usize] = true);
            alive = before;
        }
        let mut states = vec![first];
        for layer_edges in &edges {
            states.push(
                layer_edges
                    .iter()
                    .map(|e| e.to as usize + 1)
                    .max()
                    .unwrap_or(0),
            );
        }
        let (mut arcs, mut out) = (Vec::with_capacity(len), Vec::with_capacity(len));
        for (layer_edges, &count) in edges.iter_mut().zip(&states) {
            layer_edges.sort_by_key(|e| e.from);
            let mut starts = vec![0u32; count + 1];
            layer_edges
                .iter()
                .for_each(|e| starts[e.from as usize + 1] += 1);
            (0..count).for_each(|s| starts[s + 1] += starts[s]);
            out.push(starts);
            arcs.push(
                layer_edges
                    .iter()
                    .map(|e| Arc {
                        value: e.value,
                        to: e.to,
                    })
                    .collect(),
            );
        }
        Some(Layered { arcs, out, states })
    }

    /// Whether no word is accepted.
    pub fn is_empty(&self) -> bool {
        self.arcs.iter().any(Vec::is_empty)
    }

    /// Number of edges, all layers together.
    pub fn edges(&self) -> usize {
        self.arcs.iter().map(Vec::len).sum()
    }
}

/// `vars` spell a word the [`Layered`] automaton accepts.
#[derive(Debug, Clone)]
pub struct Regular<D> {
    name: String,
    vars: Vec<VarId>,
    automaton: Layered,
    /// Whether a variable reads more than one position: then a pass's removals can take
    /// another position's support away, and passes repeat until none removes anything.
    repeats: bool,
    /// Scratch: the states of each layer reached from the start, listed in `front`, and
    /// those of them that also reach the end; a pass clears only what the last one set.
    reached: Vec<Vec<bool>>,
    front: Vec<Vec<u32>>,
    ends: Vec<Vec<bool>>,
    support: Vec<D>,
}

impl<D: Domain> Regular<D> {
    /// `vars[i]` takes the value read at position `i` of an accepted word.
    ///
    /// # Panics
    ///
    /// If the automaton's length is not the number of variables.
    pub fn new(name: impl Into<String>, vars: Vec<VarId>, automaton: Layered) -> Self {
        assert_eq!(vars.len(), automaton.arcs.len(), "one variable per layer");
        let reached = automaton.states.iter().map(|&s| vec![false; s]).collect();
        let ends = automaton.states.iter().map(|&s| vec![false; s]).collect();
        let front = automaton
            .states
            .iter()
            .map(|&s| Vec::with_capacity(s))
            .collect();
        let repeats = (1..vars.len()).any(|i| vars[..i].contains(&vars[i]));
        Regular {
            repeats,
            name: name.into(),
            support: vec![D::empty(); vars.len()],
            vars,
            automaton,
            reached,
            front,
            ends,
        }
    }
}

impl<D: Domain> Propagator<D> for Regular<D> {
    fn name(&self) -> &str {
        &self.name
    }

    fn kind(&self) -> &'static str {
        "automaton"
    }

    fn watches(&self) -> Vec<(VarId, WakeOn)> {
        self.vars.iter().map(|&v| (v, WakeOn::Change)).collect()
    }

    fn propagate(&mut self, cx: &mut Ctx<'_, D>) -> Result<(), Conflict> {
        while self.pass(cx)? && self.repeats {}
        Ok(())
    }
}

impl<D: Domain> Regular<D> {
    /// One forward and backward pass, keeping each position's supported values; whether it
    /// removed any.
    fn pass(&mut self, cx: &mut Ctx<'_, D>) -> Result<bool, Conflict> {
        let len = self.vars.len();
        let a = &self.automaton;
        for ((front, reached), ends) in self
            .front
            .iter_mut()
            .zip(&mut self.reached)
            .zip(&mut self.ends)
        {
            for &s in front.iter() {
                reached[s as usize] = false;
                ends[s as usize] = false;
            }
            front.clear();
        }
        self.reached[0].fill(true);
        self.front[0].extend(0..a.states[0] as u32);
        self.support.fill(D::empty());
        for i in 0..len {
            let dom = cx.dom(self.vars[i]);
            let (now, later) = self.front.split_at_mut(i + 1);
            let (next, reached) = (&mut later[0], &mut self.reached[i + 1]);
            for &s in &now[i] {
                let edges = a.out[i][s as usize] as usize..a.out[i][s as usize + 1] as usize;
                for e in &a.arcs[i][edges] {
                    if dom.contains(e.value as usize) && !reached[e.to as usize] {
                        reached[e.to as usize] = true;
                        next.push(e.to);
                    }
                }
            }
            if next.is_empty() {
                break; // no word: every support stays empty
            }
        }
        // Every end state kept by the unfolding accepts.
        if !self.front[len].is_empty() {
            for &s in &self.front[len] {
                self.ends[len][s as usize] = true;
            }
            for i in (0..len).rev() {
                let dom = cx.dom(self.vars[i]);
                let mut support = D::empty();
                let (now, later) = self.ends.split_at_mut(i + 1);
                for &s in &self.front[i] {
                    let edges = a.out[i][s as usize] as usize..a.out[i][s as usize + 1] as usize;
                    for e in &a.arcs[i][edges] {
                        if dom.contains(e.value as usize) && later[0][e.to as usize] {
                            now[i][s as usize] = true;
                            support.insert(e.value as usize);
                        }
                    }
                }
                self.support[i] = support;
            }
        }
        let mut removed = false;
        for (i, &var) in self.vars.iter().enumerate() {
            let old = cx.dom(var);
            let kept = self.support[i];
            removed |= !old.minus(kept).is_empty();
            if kept != old && log_enabled!(target: crate::engine::LOG_PROPAGATE, Level::Trace) {
                trace!(
                    target: crate::engine::LOG_PROPAGATE,
                    "  {}: {} on no accepted word",
                    self.name,
                    cx.labels().values_of(var, old.minus(kept))
                );
            }
            cx.intersect(var, kept)?;
        }
        Ok(removed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Rng;
    use crate::engine::testing::{Seen, Strength, check, random_assignment};

    /// Domain consistency against brute force, on random automata: words whose running
    /// weighted sum modulo m, from one of a random set of starts, ends in a random set of
    /// residues.
    #[test]
    fn keeps_exactly_the_values_on_some_accepted_word() {
        let mut rng = Rng::new(11);
        let mut seen = Seen::default();
        for _ in 0..1500 {
            let len = 1 + rng.below(4);
            let values = 2 + rng.below(5);
            let m = 2 + rng.below(5);
            let weights: Vec<usize> = (0..len).map(|_| 1 + rng.below(4)).collect();
            let accepting: Vec<bool> = (0..m).map(|_| rng.below(2) == 0).collect();
            let starts: Vec<usize> = (0..1 + rng.below(3)).map(|_| rng.below(m)).collect();
            let banned = rng.below(values * len + 3);
            let step = |pos: usize, s: &usize, v: usize| {
                (pos * values + v != banned).then_some((s + weights[pos] * v) % m)
            };
            let accepted_from = |mut s: usize, word: &[usize]| {
                for (pos, &v) in word.iter().enumerate() {
                    match step(pos, &s, v) {
                        Some(t) => s = t,
                        None => return false,
                    }
                }
                accepting[s]
            };
            let holds = |word: &[usize]| starts.iter().any(|&s| accepted_from(s, word));
            let accept = |s: &usize| accepting[*s];
            let automaton = Layered::unfold_from(len, values, starts.clone(), step, accept, 10_000)
                .expect("small");
            let doms: Vec<u16> = (0..len)
                .map(|_| 1 + rng.below((1 << values) - 1) as u16)
                .collect();
            let post = |e: &mut crate::engine::Engine<u16>, v: &[VarId]| {
                e.post(Regular::new("r", v.to_vec(), automaton.clone()));
            };
            let fixed = random_assignment(&mut rng, &doms);
            seen.add(check(&doms, &fixed, &holds, &post, Strength::Exact));
        }
        assert!(seen.pruned > 100 && seen.failed > 100, "{seen:?}");
    }

    /// A variable read at several positions: sound, idempotent, and exact once every
    /// variable is fixed, on random automata over words longer than the variables.
    #[test]
    fn a_variable_read_twice_keeps_to_its_words_at_both_places() {
        let mut rng = Rng::new(12);
        let mut seen = Seen::default();
        for _ in 0..1500 {
            let k = 1 + rng.below(3);
            let len = k + 1 + rng.below(3);
            let at: Vec<usize> = (0..len)
                .map(|i| if i < k { i } else { rng.below(k) })
                .collect();
            let values = 2 + rng.below(4);
            let m = 2 + rng.below(5);
            let weights: Vec<usize> = (0..len).map(|_| 1 + rng.below(4)).collect();
            let accepting: Vec<bool> = (0..m).map(|_| rng.below(2) == 0).collect();
            let step = |pos: usize, s: &usize, v: usize| Some((s * 3 + weights[pos] * v) % m);
            let holds = |assigned: &[usize]| {
                let s = (0..len).fold(0, |s, pos| step(pos, &s, assigned[at[pos]]).unwrap_or(s));
                accepting[s]
            };
            let automaton = Layered::unfold(len, values, 0usize, step, |s| accepting[*s], 10_000)
                .expect("small");
            let doms: Vec<u16> = (0..k)
                .map(|_| 1 + rng.below((1 << values) - 1) as u16)
                .collect();
            let post = |e: &mut crate::engine::Engine<u16>, v: &[VarId]| {
                let word = at.iter().map(|&i| v[i]).collect();
                e.post(Regular::new("r", word, automaton.clone()));
            };
            let fixed = random_assignment(&mut rng, &doms);
            seen.add(check(&doms, &fixed, &holds, &post, Strength::Sound));
        }
        assert!(seen.pruned > 100 && seen.failed > 100, "{seen:?}");
    }

    #[test]
    fn unfolding_stops_past_its_edge_budget() {
        let step = |_: usize, s: &u64, v: usize| Some(s * 10 + v as u64);
        assert!(Layered::unfold(6, 10, 0u64, step, |_| true, 1000).is_none());
        let small = Layered::unfold(2, 10, 0u64, step, |s| *s == 42, 1000).expect("fits");
        assert_eq!(small.edges(), 2);
        assert!(!small.is_empty());
    }
}
