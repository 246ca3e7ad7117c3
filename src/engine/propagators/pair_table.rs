//! Pair table: two variables take a pair of values from a given table (a binary constraint in
//! extension), filtered to arc consistency with one mask per value.

use super::{Conflict, Ctx, Domain, Propagator, VarId, WakeOn};
use log::{Level, log_enabled, trace};

/// `(x, y)` takes a pair the table allows: `x_supports[a]` holds the values of `y` that go
/// with value `a` of `x`, and `y_supports[b]` those of `x` that go with `b`.
///
/// A run keeps each value of `x` that some value of `y` supports, then each value of `y` that
/// some remaining value of `x` supports. That is the fixpoint: a value of `y` kept this way
/// supports the value of `x` that supports it, so no value of `x` loses its last support.
#[derive(Debug, Clone)]
pub struct PairTable<D> {
    name: String,
    x: VarId,
    y: VarId,
    x_supports: Vec<D>,
    y_supports: Vec<D>,
    /// Whether its failures steer dom/wdeg (see [`PairTable::unweighted`]).
    weighted: bool,
}

impl<D: Domain> PairTable<D> {
    /// The pairs `(a, b)`, `a < x_values` and `b < y_values`, for which `allowed(a, b)` holds.
    pub fn new(
        name: impl Into<String>,
        (x, x_values): (VarId, usize),
        (y, y_values): (VarId, usize),
        allowed: impl Fn(usize, usize) -> bool,
    ) -> Self {
        let mut x_supports = vec![D::empty(); x_values];
        let mut y_supports = vec![D::empty(); y_values];
        for (a, xs) in x_supports.iter_mut().enumerate() {
            for (b, ys) in y_supports.iter_mut().enumerate() {
                if allowed(a, b) {
                    xs.insert(b);
                    ys.insert(a);
                }
            }
        }
        PairTable {
            name: name.into(),
            x,
            y,
            x_supports,
            y_supports,
            weighted: true,
        }
    }

    /// Its failures leave the dom/wdeg weights alone ([`Propagator::weighted`]).
    pub fn unweighted(mut self) -> Self {
        self.weighted = false;
        self
    }

    /// Whether every pair of values is allowed, so that the table never prunes anything.
    pub fn allows_all(&self) -> bool {
        let ys = D::full(self.y_supports.len());
        self.x_supports.iter().all(|&s| s == ys)
    }

    /// The values of `dom` that some value of `other` supports, by `supports`.
    #[inline]
    fn supported(dom: D, other: D, supports: &[D]) -> D {
        let mut kept = D::empty();
        for a in dom.iter() {
            if supports.get(a).is_some_and(|s| s.intersects(other)) {
                kept.insert(a);
            }
        }
        kept
    }
}

impl<D: Domain> Propagator<D> for PairTable<D> {
    fn name(&self) -> &str {
        &self.name
    }

    fn kind(&self) -> &'static str {
        "pair table"
    }

    fn watches(&self) -> Vec<(VarId, WakeOn)> {
        vec![(self.x, WakeOn::Change), (self.y, WakeOn::Change)]
    }

    fn weighted(&self) -> bool {
        self.weighted
    }

    fn propagate(&mut self, cx: &mut Ctx<'_, D>) -> Result<(), Conflict> {
        let (dx, dy) = (cx.dom(self.x), cx.dom(self.y));
        let kx = Self::supported(dx, dy, &self.x_supports);
        let ky = Self::supported(dy, kx, &self.y_supports);
        for (v, old, kept) in [(self.x, dx, kx), (self.y, dy, ky)] {
            if kept != old && log_enabled!(target: crate::engine::LOG_PROPAGATE, Level::Trace) {
                trace!(
                    target: crate::engine::LOG_PROPAGATE,
                    "  {}: {} has no partner left",
                    self.name,
                    cx.labels().values_of(v, old.minus(kept))
                );
            }
            cx.intersect(v, kept)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::testing::{Seen, Strength, check, random_assignment};
    use crate::engine::{Engine, Limits, Rng};

    /// Arc consistency against brute force: on random tables and domains, each value kept has
    /// a partner, each value removed has none, and failure comes exactly when nothing is left.
    #[test]
    fn keeps_exactly_the_values_with_a_partner() {
        let mut rng = Rng::new(5);
        let mut seen = Seen::default();
        for _ in 0..2000 {
            let (nx, ny) = (1 + rng.below(8), 1 + rng.below(8));
            let table: Vec<bool> = (0..nx * ny).map(|_| rng.below(3) == 0).collect();
            let doms = [
                1 + rng.below((1 << nx) - 1) as u16,
                1 + rng.below((1 << ny) - 1) as u16,
            ];
            let holds = |v: &[usize]| table[v[0] * ny + v[1]];
            let post = |e: &mut Engine<u16>, v: &[VarId]| {
                e.post(PairTable::new("t", (v[0], nx), (v[1], ny), |a, b| {
                    table[a * ny + b]
                }));
            };
            let fixed = random_assignment(&mut rng, &doms);
            seen.add(check(&doms, &fixed, &holds, &post, Strength::Exact));
        }
        assert!(seen.pruned > 200 && seen.failed > 200, "{seen:?}");
    }

    #[test]
    fn search_finds_exactly_the_allowed_pairs() {
        let mut engine = Engine::<u16>::new();
        let x = engine.new_var(u16::full(4));
        let y = engine.new_var(u16::full(5));
        let allowed = |a: usize, b: usize| (a + b).is_multiple_of(3);
        let table = PairTable::<u16>::new("sum divisible by 3", (x, 4), (y, 5), allowed);
        assert!(!table.allows_all());
        engine.post(table);
        let mut pairs = Vec::new();
        engine.search(&Limits::solutions(u64::MAX), |d| {
            pairs.push((Domain::min(&d[0]).unwrap(), Domain::min(&d[1]).unwrap()));
        });
        let expected: Vec<_> = (0..4)
            .flat_map(|a| (0..5).map(move |b| (a, b)))
            .filter(|&(a, b)| allowed(a, b))
            .collect();
        assert_eq!(pairs, expected);
        let all = PairTable::<u16>::new("any", (x, 4), (y, 5), |_, _| true);
        assert!(all.allows_all());
    }
}
