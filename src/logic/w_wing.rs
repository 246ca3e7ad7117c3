//! W-wings: two cells holding only {x, y} that do not see each other, joined by y's two places
//! in a unit, one seen by each. Were neither cell x, both would be y, and y's two places would
//! both be empty of it; so one of them is x, and a cell seeing both loses x.

use super::{Board, Step, Technique};
use crate::engine::Domain;

impl<D: Domain> Board<D> {
    /// Every W-wing on the board, each with its eliminations applied.
    pub(super) fn w_wings(&mut self) -> Vec<Step> {
        let n = self.puzzle.size();
        let cells = self.cand.len();
        let mut steps = Vec::new();
        let two: Vec<usize> = (0..cells)
            .filter(|&c| self.value[c].is_none() && self.cand[c].len() == 2)
            .collect();
        // Every strong link: a value with exactly two places in a unit.
        let mut links: Vec<(usize, usize, usize, usize)> = Vec::new();
        for u in 0..self.units.len() {
            for v in D::full(n).minus(self.held[u]).iter() {
                let mut at = self.places(u, v);
                if let (Some(p), Some(q), None) = (at.next(), at.next(), at.next()) {
                    links.push((v, p, q, u));
                }
            }
        }
        for (i, &a) in two.iter().enumerate() {
            for &b in &two[i + 1..] {
                if self.cand[a] != self.cand[b] || self.sees(a, b) || self.clock.out() {
                    continue;
                }
                let pair = self.cand[a];
                for &(y, p, q, u) in &links {
                    if !pair.contains(y) || [p, q].iter().any(|c| [a, b].contains(c)) {
                        continue;
                    }
                    let (p, q) = match (
                        self.sees(a, p) && self.sees(b, q),
                        self.sees(a, q) && self.sees(b, p),
                    ) {
                        (true, _) => (p, q),
                        (_, true) => (q, p),
                        _ => continue,
                    };
                    let Some(x) = pair.minus(D::singleton(y)).min() else {
                        continue;
                    };
                    let seeing: Vec<usize> = (0..cells)
                        .filter(|&t| t != a && t != b && self.sees(t, a) && self.sees(t, b))
                        .collect();
                    let hit: Vec<usize> =
                        seeing.into_iter().filter(|&t| self.remove(t, x)).collect();
                    if hit.is_empty() {
                        continue;
                    }
                    let head = format!(
                        "w-wing: {} and {} {{{}}} joined by {} in {} at {}, {}",
                        self.cell(a),
                        self.cell(b),
                        self.syms(pair),
                        self.sym(y),
                        self.units[u].name,
                        self.cell(p),
                        self.cell(q),
                    );
                    steps.push(self.removal_step(Technique::WWing, head, &hit, x));
                }
            }
        }
        steps
    }
}

#[cfg(test)]
mod tests {
    use super::super::crafted::{board, eliminated};
    use super::*;

    /// r1c1 and r5c9 hold {1,2}; 2 has two places in row 9, r9c1 and r9c9, seen by one each.
    /// One of the two cells is 1: r1c9 and r5c1, seeing both, lose 1.
    #[test]
    fn a_w_wing_joins_two_pairs_through_a_strong_link() {
        let mut b = board(1, &[(8, &[0, 8])], &[(0, 0b11), (44, 0b11)]);
        let steps = b.w_wings();
        assert_eq!(steps.len(), 1, "{steps:?}");
        assert_eq!(steps[0].technique, Technique::WWing);
        assert_eq!(eliminated(&steps), vec![(8, 0), (36, 0)]);
        // Without the strong link (2 free in row 9) there is none.
        let mut b = board(1, &[], &[(0, 0b11), (44, 0b11)]);
        assert!(b.w_wings().is_empty());
    }
}
