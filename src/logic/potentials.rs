//! Dynamic forcing chains as Sudoku Explainer finds and scores them: what assuming a candidate
//! true or false implies, as a graph of potentials (a candidate on or off) that each keep the
//! potentials they follow from, and a conclusion scored by how many ancestors it has.

use super::{Board, Forcing, Step, Technique};
use crate::engine::Domain;
use crate::puzzle::RegionKind;
use std::collections::VecDeque;
use std::fmt::Write;

/// A candidate true (on) or false (off): `2 · (cell · n + value) + on`.
type Potential = usize;

/// The cause of a true potential that is its cell's last value (other causes of true
/// potentials are the unit whose last place for the value they take).
const NAKED: u32 = u32::MAX;
/// The cause of a false potential: a true peer, or another value of its cell, struck it.
const STRUCK: u32 = u32::MAX - 1;

/// What one assumption implied: the potentials in the order reached, each with its parents.
struct Implications {
    start: Potential,
    /// The potentials reached, the assumption first; a contradiction's second potential last.
    order: Vec<Potential>,
    /// Each potential's parents: a range of `links`, which holds positions in `order`.
    span: Vec<(u32, u32)>,
    links: Vec<u32>,
    /// Why each potential holds: a unit, [`NAKED`] or [`STRUCK`].
    cause: Vec<u32>,
    /// (potential, position in `order`) sorted, for lookups; without a contradiction's second
    /// potential, which Sudoku Explainer never adds to what the assumption implies.
    sorted: Vec<(u32, u32)>,
    /// A potential reached both on and off: the positions of its two potentials.
    absurd: Option<(usize, usize)>,
}

impl Implications {
    /// Where `p` stands in `order`, if the assumption implies it.
    fn find(&self, p: Potential) -> Option<usize> {
        self.sorted
            .binary_search_by_key(&(p as u32), |&(q, _)| q)
            .ok()
            .map(|i| self.sorted[i].1 as usize)
    }

    /// How many distinct potentials the one at `at` follows from, itself and the assumption
    /// included (Sudoku Explainer's ancestor count), marking them in `need`.
    fn ancestors(&self, at: usize, need: &mut [bool]) -> usize {
        let mut stack = vec![at];
        let mut seen = vec![false; self.order.len()];
        seen[at] = true;
        let mut count = 0;
        while let Some(i) = stack.pop() {
            count += 1;
            need[i] = true;
            let (a, b) = self.span[i];
            for &q in &self.links[a as usize..b as usize] {
                if !std::mem::replace(&mut seen[q as usize], true) {
                    stack.push(q as usize);
                }
            }
        }
        count
    }

    /// [`Implications::ancestors`], counted only.
    fn complexity(&self, at: usize) -> usize {
        self.ancestors(at, &mut vec![false; self.order.len()])
    }
}

/// A conclusion and the assumptions that reach it.
struct Hint {
    kind: Forcing,
    /// The implications each branch is (indices into the pass's list).
    branches: Vec<usize>,
    /// The potential concluded (for a contradiction: the assumption's negation).
    target: Potential,
    /// What the set of assumptions is, for the text.
    on: String,
    complexity: usize,
    /// Sudoku Explainer's order among hints of equal complexity.
    sort_key: u8,
}

impl<D: Domain> Board<D> {
    /// Each cell's units as Sudoku Explainer visits them: box, row, column, then the others.
    fn explainer_units(&self) -> Vec<Vec<usize>> {
        let rank = |u: usize| match self.units[u].kind {
            RegionKind::Box => 0,
            RegionKind::Row => 1,
            RegionKind::Column => 2,
            _ => 3,
        };
        self.cell_units
            .iter()
            .map(|units| {
                let mut units = units.clone();
                units.sort_by_key(|&u| rank(u));
                units
            })
            .collect()
    }

    /// What assuming `start` implies, breadth-first as Sudoku Explainer's dynamic chaining: a
    /// true candidate makes its cell's other values and its peers' same value false; a false
    /// one, once applied to the grid, makes true its cell's last value and the last place of its
    /// value in a unit. A potential's parents are the one it follows from and every candidate
    /// of the cell (unit) removed before it. Stops at the first potential reached both ways.
    /// `slot` (a position per potential, all `u32::MAX`) is scratch, left as it was found.
    fn implications(
        &self,
        start: Potential,
        source: &[D],
        units_of: &[Vec<usize>],
        slot: &mut [u32],
    ) -> Implications {
        let n = self.puzzle.size();
        let mut grid = source.to_vec();
        let mut imp = Implications {
            start,
            order: vec![start],
            span: vec![(0, 0)],
            links: Vec::new(),
            cause: vec![STRUCK],
            sorted: Vec::new(),
            absurd: None,
        };
        slot[start] = 0;
        let mut pending_on = VecDeque::from([0usize]);
        let mut pending_off = VecDeque::new();
        if start.is_multiple_of(2) {
            std::mem::swap(&mut pending_on, &mut pending_off);
        }
        // What the potential taken implies: each with its cause and its parents, a range of
        // `parents`.
        let mut found: Vec<(Potential, u32, std::ops::Range<usize>)> = Vec::new();
        let mut parents: Vec<Potential> = Vec::new();
        let mut added = vec![false; self.cand.len()];
        // Sudoku Explainer takes every pending true potential before the next false one.
        while let Some((at, on)) = pending_on
            .pop_front()
            .map(|at| (at, true))
            .or_else(|| pending_off.pop_front().map(|at| (at, false)))
        {
            let p = imp.order[at];
            let (cell, v) = (p / 2 / n, p / 2 % n);
            found.clear();
            parents.clear();
            if on {
                parents.push(p);
                for w in grid[cell].iter().filter(|&w| w != v) {
                    found.push((2 * (cell * n + w), STRUCK, 0..1));
                }
                added[cell] = true;
                for &u in &units_of[cell] {
                    for &q in &self.units[u].cells {
                        if !added[q] && grid[q].contains(v) {
                            added[q] = true;
                            found.push((2 * (q * n + v), STRUCK, 0..1));
                        }
                    }
                }
                added[cell] = false;
                found.iter().for_each(|&(q, _, _)| added[q / 2 / n] = false);
            } else {
                if grid[cell].len() == 2 {
                    let w = grid[cell].minus(D::singleton(v)).min().expect("two values");
                    let a = parents.len();
                    parents.push(p);
                    let gone = source[cell].minus(grid[cell]).iter();
                    parents.extend(gone.map(|x| 2 * (cell * n + x)));
                    found.push((2 * (cell * n + w) + 1, NAKED, a..parents.len()));
                }
                for &u in &units_of[cell] {
                    let unit = &self.units[u].cells;
                    let mut others = unit.iter().filter(|&&q| q != cell && grid[q].contains(v));
                    if let (Some(&q), None) = (others.next(), others.next()) {
                        let a = parents.len();
                        parents.push(p);
                        let gone = unit
                            .iter()
                            .filter(|&&r| source[r].contains(v) && !grid[r].contains(v))
                            .map(|&r| 2 * (r * n + v));
                        parents.extend(gone);
                        found.push((2 * (q * n + v) + 1, u as u32, a..parents.len()));
                    }
                }
                grid[cell].remove(v);
            }
            for (q, cause, from) in found.drain(..) {
                if slot[q] != u32::MAX {
                    continue;
                }
                let i = imp.order.len();
                let a = imp.links.len() as u32;
                imp.links.extend(parents[from].iter().map(|&r| slot[r]));
                imp.span.push((a, imp.links.len() as u32));
                imp.cause.push(cause);
                imp.order.push(q);
                if slot[q ^ 1] != u32::MAX {
                    let other = slot[q ^ 1] as usize;
                    imp.absurd = Some(if q % 2 == 1 { (i, other) } else { (other, i) });
                    break;
                }
                slot[q] = i as u32;
                if on {
                    pending_off.push_back(i);
                } else {
                    pending_on.push_back(i);
                }
            }
            if imp.absurd.is_some() {
                break;
            }
        }
        imp.sorted = imp
            .order
            .iter()
            .enumerate()
            .filter(|&(_, &q)| slot[q] != u32::MAX)
            .map(|(i, &q)| (q as u32, i as u32))
            .collect();
        imp.sorted.sort_unstable();
        imp.order.iter().for_each(|&q| slot[q] = u32::MAX);
        imp
    }

    /// `r4c5 = 7 => r4c6 = 2 => r7c6 = 7 (column 6)`: an assumption and the true candidates
    /// among the ancestors of the potentials at `ends`, in the order reached.
    fn implications_text(&self, imp: &Implications, ends: &[usize]) -> String {
        let n = self.puzzle.size();
        let mut need = vec![false; imp.order.len()];
        for &e in ends {
            imp.ancestors(e, &mut need);
        }
        let show = |p: Potential| {
            let (cell, v) = (self.cell(p / 2 / n), self.sym(p / 2 % n));
            if p % 2 == 1 {
                format!("{cell} = {v}")
            } else {
                format!("{cell} <> {v}")
            }
        };
        let mut text = show(imp.start);
        for (i, &p) in imp.order.iter().enumerate().skip(1) {
            if need[i] && p % 2 == 1 {
                let _ = write!(text, " => {}", show(p));
                if let Some(unit) = self.units.get(imp.cause[i] as usize) {
                    let _ = write!(text, " ({})", unit.name);
                }
            }
        }
        text
    }

    /// The dynamic forcing chain Sudoku Explainer would take, if any: from every assumption
    /// on and off, contradictions, conclusions both reach (double), and conclusions every value
    /// of a cell or every place of a value in a unit reaches; the one with the fewest
    /// ancestors in all, applied.
    pub(super) fn dynamic_chains(&mut self) -> Vec<Step> {
        let n = self.puzzle.size();
        let cells = self.cand.len();
        let source: Vec<D> = (0..cells)
            .map(|c| {
                if self.value[c].is_none() {
                    self.cand[c]
                } else {
                    D::empty()
                }
            })
            .collect();
        let units_of = self.explainer_units();
        let mut slot = vec![u32::MAX; cells * n * 2];
        let mut imps: Vec<Implications> = Vec::new();
        let mut index = vec![usize::MAX; cells * n * 2];
        for c in (0..cells).filter(|&c| source[c].len() > 1) {
            for v in source[c].iter() {
                for p in [2 * (c * n + v) + 1, 2 * (c * n + v)] {
                    if self.clock.out() {
                        return Vec::new();
                    }
                    index[p] = imps.len();
                    imps.push(self.implications(p, &source, &units_of, &mut slot));
                }
            }
        }
        // A conclusion is worth a step when it removes a candidate.
        let worth = |q: Potential| {
            let (cell, v) = (q / 2 / n, q / 2 % n);
            source[cell].contains(v) && (q.is_multiple_of(2) || source[cell].len() > 1)
        };
        let mut hints: Vec<Hint> = Vec::new();
        for c in (0..cells).filter(|&c| source[c].len() > 1) {
            let name = self.cell(c);
            for v in source[c].iter() {
                let (i_on, i_off) = (index[2 * (c * n + v) + 1], index[2 * (c * n + v)]);
                for i in [i_on, i_off] {
                    if let Some((a, b)) = imps[i].absurd {
                        hints.push(Hint {
                            kind: Forcing::Contradiction,
                            branches: vec![i],
                            target: imps[i].start ^ 1,
                            on: name.clone(),
                            complexity: imps[i].complexity(a) + imps[i].complexity(b),
                            sort_key: 7,
                        });
                    }
                }
                if source[c].len() >= 3 {
                    let on = format!("{name}={}", self.sym(v));
                    hints.extend(self.reached_by_all(
                        &imps,
                        Forcing::Double,
                        &[i_on, i_off],
                        &on,
                        &worth,
                    ));
                }
            }
            let branches: Vec<usize> = source[c]
                .iter()
                .map(|v| index[2 * (c * n + v) + 1])
                .collect();
            hints.extend(self.reached_by_all(&imps, Forcing::Cell, &branches, &name, &worth));
        }
        for u in 0..self.units.len() {
            for v in D::full(n).minus(self.held[u]).iter() {
                let branches: Vec<usize> = self.units[u]
                    .cells
                    .iter()
                    .filter(|&&p| source[p].contains(v))
                    .map(|&p| index[2 * (p * n + v) + 1])
                    .collect();
                if branches.len() >= 2 && branches.iter().all(|&i| i != usize::MAX) {
                    let name = format!("{} in {}", self.sym(v), self.units[u].name);
                    hints.extend(self.reached_by_all(
                        &imps,
                        Forcing::Region,
                        &branches,
                        &name,
                        &worth,
                    ));
                }
            }
        }
        let Some(hint) = hints.into_iter().min_by_key(|h| (h.complexity, h.sort_key)) else {
            return Vec::new();
        };
        vec![self.hint_step(&imps, hint)]
    }

    /// Every worthwhile conclusion all of `branches` reach (of whose assumptions one holds),
    /// as hints of `kind`.
    fn reached_by_all(
        &self,
        imps: &[Implications],
        kind: Forcing,
        branches: &[usize],
        on: &str,
        worth: &dyn Fn(Potential) -> bool,
    ) -> Vec<Hint> {
        let sort_key = match kind {
            Forcing::Double => 1,
            Forcing::Cell => 5,
            _ => 6,
        };
        let first = &imps[branches[0]];
        let mut out = Vec::new();
        for &q in &first.order[1..] {
            if !worth(q) || branches.iter().any(|&i| imps[i].start / 2 == q / 2) {
                continue;
            }
            let at: Option<Vec<usize>> = branches.iter().map(|&i| imps[i].find(q)).collect();
            let Some(at) = at else {
                continue;
            };
            let complexity = branches
                .iter()
                .zip(&at)
                .map(|(&i, &a)| imps[i].complexity(a))
                .sum();
            out.push(Hint {
                kind,
                branches: branches.to_vec(),
                target: q,
                on: on.to_string(),
                complexity,
                sort_key,
            });
        }
        out
    }

    /// The step of `hint`, applied to the board.
    fn hint_step(&mut self, imps: &[Implications], hint: Hint) -> Step {
        let n = self.puzzle.size();
        let t = Technique::ForcingChain {
            kind: hint.kind,
            length: hint.complexity.saturating_sub(2),
        };
        let (cell, v) = (hint.target / 2 / n, hint.target / 2 % n);
        let mut text = t.name();
        if hint.kind == Forcing::Contradiction {
            let imp = &imps[hint.branches[0]];
            let (a, b) = imp.absurd.expect("a contradiction");
            let p = imp.order[a];
            let (x, w) = (self.cell(p / 2 / n), self.sym(p / 2 % n));
            let chain = self.implications_text(imp, &[a, b]);
            let _ = write!(text, ": {chain} => contradiction: {x} = {w} and {x} <> {w}");
        } else {
            let _ = write!(text, " on {}:", hint.on);
            for &i in &hint.branches {
                let at = imps[i].find(hint.target).expect("reached by every branch");
                let _ = write!(text, " [{}]", self.implications_text(&imps[i], &[at]));
            }
        }
        let so = if hint.target % 2 == 1 { "=" } else { "<>" };
        let _ = write!(text, "; so {} {so} {}", self.cell(cell), self.sym(v));
        let mut s = self.step(t, None, text);
        if hint.target % 2 == 1 {
            s.place.push((cell, v));
            self.place(cell, v);
        } else {
            s.eliminate.push((cell, v));
            self.remove(cell, v);
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::super::crafted::board;
    use super::*;

    /// r1c1 {1,2}, r1c2 {1,2}, r1c3 {1,2,3}: assuming r1c3 = 1 strikes 1 from r1c1 and r1c2,
    /// which leaves each only 2; r1c1 = 2 strikes r1c2's 2, which r1c2 = 2 needs. The two
    /// potentials of r1c2's 2 have 3 and 4 ancestors (r1c2 = 2 ← r1c2 <> 1 ← r1c3 = 1, and
    /// r1c2 <> 2 ← r1c1 = 2 ← r1c1 <> 1 ← r1c3 = 1): Sudoku Explainer's complexity 7.
    #[test]
    fn a_contradiction_counts_the_ancestors_of_both_its_potentials() {
        let b = board(0, &[], &[(0, 0b011), (1, 0b011), (2, 0b111)]);
        let source = b.cand.clone();
        let units = b.explainer_units();
        let mut slot = vec![u32::MAX; 81 * 9 * 2];
        let r1c3_is_1 = 2 * (2 * 9) + 1;
        let imp = b.implications(r1c3_is_1, &source, &units, &mut slot);
        let (on, off) = imp.absurd.expect("a contradiction");
        assert_eq!(imp.order[on], 2 * (9 + 1) + 1, "r1c2 = 2");
        assert_eq!(imp.order[off], 2 * (9 + 1), "r1c2 <> 2");
        assert_eq!((imp.complexity(on), imp.complexity(off)), (3, 4));
        assert!(
            slot.iter().all(|&s| s == u32::MAX),
            "the scratch is left clean"
        );
        let r1c3_is_3 = 2 * (2 * 9 + 2) + 1;
        assert!(
            b.implications(r1c3_is_3, &source, &units, &mut slot)
                .absurd
                .is_none()
        );
    }

    /// On the same board the cheapest conclusion is a cell forcing chain on r1c1 (or r1c2): its
    /// 1 strikes a peer's 1 at once (2 potentials), its 2 reaches the same through r1c2 = 1
    /// (4 potentials), 6 in all against the contradiction's 7.
    #[test]
    fn the_step_taken_has_the_fewest_ancestors() {
        let mut b = board(0, &[], &[(0, 0b011), (1, 0b011), (2, 0b111)]);
        let steps = b.dynamic_chains();
        assert_eq!(steps.len(), 1);
        let s = &steps[0];
        assert_eq!(
            s.technique,
            Technique::ForcingChain {
                kind: Forcing::Cell,
                length: 4
            },
            "{}",
            s.text
        );
        let [(cell, v)] = s.eliminate[..] else {
            panic!("one elimination: {s:?}");
        };
        assert!(v < 2 && cell > 1 && (cell < 9 || cell % 9 < 3), "{s:?}");
        assert!(!b.cand[cell].contains(v));
    }
}
