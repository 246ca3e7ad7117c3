//! Forcing chains, the ladder's last rung: static chains, then dynamic ones, then those through
//! the variant constraints and sums, then nested contradictions (what follows from assuming a
//! candidate by singles, sums and variant constraints, each candidate of the trial board itself
//! tested by contradiction), and the difficulty a chain's length adds.

use super::{Board, Step, Technique};
use crate::engine::Domain;
use std::fmt::Write;

/// Which kind of forcing chain a step is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Forcing {
    /// Static: an assumption leads to a contradiction, or a candidate's truth and its
    /// falsehood lead to the same conclusion, by single-premise links (Sudoku Explainer's
    /// forcing chain).
    Chain,
    /// Static: each value of a cell leads to the same conclusion.
    StaticCell,
    /// Static: each place of a value in a unit leads to the same conclusion.
    StaticRegion,
    /// An assumption (a candidate true, or false) leads to a contradiction: it does not hold.
    Contradiction,
    /// A candidate's truth and its falsehood lead to the same conclusion.
    Double,
    /// Each value of a cell leads to the same conclusion.
    Cell,
    /// Each place of a value in a unit leads to the same conclusion.
    Region,
    /// An assumption leads to a contradiction when what follows from it is itself tested by
    /// contradiction forcing chains (Sudoku Explainer's nested forcing chains).
    Nested,
}

/// Why a conclusion followed from an assumption.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Because {
    /// The cell's only value left.
    NakedSingle,
    /// The only place left for the value in this unit.
    HiddenSingle(usize),
    /// Assuming the value in the cell led to a contradiction (nested chains only).
    Contradiction,
    /// This variant constraint (by index) rules the value out of the cell.
    Variant(usize),
    /// This sum (by index: a cage, a renban line, a rule-of-45 set) rules the value out of the
    /// cell.
    Sum(usize),
}

/// A conclusion reached while following an assumption: a single placed, or (nested) a
/// candidate a contradiction removed.
#[derive(Debug, Clone, Copy)]
pub(super) struct Implied {
    cell: usize,
    value: usize,
    because: Because,
}

/// What following one assumption gave: the singles in order, and why it broke, if it did.
pub(super) struct Followed<D> {
    pub(super) implied: Vec<Implied>,
    pub(super) broken: Option<String>,
    /// The trial board's candidates at the end.
    pub(super) after: Vec<D>,
}

/// The most open candidates a board may have for forcing chains to be looked for: each pass
/// follows every candidate, and a 25×25 board's thousands of them take seconds a pass.
pub(super) const MAX_CANDIDATES: usize = 2_000;

/// The most open candidates for nested chains, which follow every candidate once for every
/// candidate: a 9×9 board has at most a few hundred.
const MAX_NESTED_CANDIDATES: usize = 400;

/// Sudoku Explainer's difficulty added for a chain of `length` links: 0.1 each time the length
/// passes 4, 6, 8, 12, 16, 24, 32, 48, … (thresholds growing by 3/2 and 4/3 in turn).
pub(super) fn length_difficulty(length: usize) -> f64 {
    let (mut ceil, mut added, mut odd) = (4usize, 0.0, false);
    while length > ceil {
        added += 0.1;
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
    }
    added
}

/// The links of a chain: each conclusion alone, but a variant's removals from one cell
/// together (`r6c7 <> 2,3,4 (arrow at r7c6)` is one link).
pub(super) fn links(implied: &[Implied]) -> impl Iterator<Item = &[Implied]> {
    implied.chunk_by(|a, b| {
        matches!(a.because, Because::Variant(_) | Because::Sum(_))
            && a.because == b.because
            && a.cell == b.cell
    })
}

impl<D: Domain> Board<D> {
    /// Places naked and hidden singles until none is left or the board breaks, recording each.
    fn follow_singles(&mut self, implied: &mut Vec<Implied>) {
        let n = self.puzzle.size();
        let full = D::full(n);
        loop {
            let mut changed = false;
            for c in 0..self.cand.len() {
                if self.value[c].is_some() {
                    continue;
                }
                match self.cand[c].single() {
                    Some(v) => {
                        self.place(c, v);
                        implied.push(Implied {
                            cell: c,
                            value: v,
                            because: Because::NakedSingle,
                        });
                        changed = true;
                    }
                    None if self.cand[c].is_empty() => {
                        let why = format!("{} has no candidate", self.cell(c));
                        self.broken.get_or_insert(why);
                    }
                    None => {}
                }
            }
            for u in 0..self.units.len() {
                if self.broken.is_some() {
                    break;
                }
                // Values with one place and with two or more among the unit's empty cells.
                let (mut once, mut twice) = (D::empty(), D::empty());
                for &c in &self.units[u].cells {
                    if self.value[c].is_none() {
                        twice = twice.or(once.and(self.cand[c]));
                        once = once.or(self.cand[c]);
                    }
                }
                let open = full.minus(self.held[u]);
                if let Some(v) = open.minus(once).min() {
                    let why = format!("{} has no place for {}", self.units[u].name, self.sym(v));
                    self.broken.get_or_insert(why);
                    break;
                }
                for v in once.minus(twice).and(open).iter() {
                    let units = std::sync::Arc::clone(&self.units);
                    let at = units[u]
                        .cells
                        .iter()
                        .copied()
                        .find(|&c| self.value[c].is_none() && self.cand[c].contains(v));
                    if let Some(c) = at {
                        self.place(c, v);
                        implied.push(Implied {
                            cell: c,
                            value: v,
                            because: Because::HiddenSingle(u),
                        });
                        changed = true;
                    }
                }
            }
            if self.broken.is_none() && !changed {
                // Singles are done: the variant constraints and the sums narrow the candidates
                // in turn.
                let (mut by_variants, mut by_sums) = (Vec::new(), Vec::new());
                changed = self.narrow_by_variants(&mut by_variants);
                changed |= self.broken.is_none() && self.narrow_by_sums(&mut by_sums);
                let implied_by = |because: fn(usize) -> Because| {
                    move |(cell, value, k)| Implied {
                        cell,
                        value,
                        because: because(k),
                    }
                };
                implied.extend(by_variants.into_iter().map(implied_by(Because::Variant)));
                implied.extend(by_sums.into_iter().map(implied_by(Because::Sum)));
            }
            if self.broken.is_some() || !changed {
                return;
            }
        }
    }

    /// Follows the assumption `cell = v` on a copy of the board.
    pub(super) fn follow(&self, cell: usize, v: usize) -> Followed<D> {
        let mut trial = self.clone();
        trial.place(cell, v);
        let mut implied = Vec::new();
        if trial.broken.is_none() {
            trial.follow_singles(&mut implied);
        }
        let broken = trial.broken.take().or_else(|| trial.contradiction());
        Followed {
            implied,
            broken,
            after: trial.cand,
        }
    }

    /// [`Board::follow`], where each candidate of the trial board is also tested by a
    /// contradiction forcing chain, and removed when it breaks, until nothing changes. Stops
    /// early (unbroken) when time runs out.
    fn follow_nested(&self, cell: usize, v: usize) -> Followed<D> {
        let mut trial = self.clone();
        trial.place(cell, v);
        let mut implied = Vec::new();
        'again: while trial.broken.is_none() {
            trial.follow_singles(&mut implied);
            if trial.broken.is_some() || trial.contradiction().is_some() {
                break;
            }
            let mut order: Vec<usize> = (0..trial.cand.len())
                .filter(|&c| trial.value[c].is_none())
                .collect();
            order.sort_by_key(|&c| trial.cand[c].len());
            for &c in &order {
                for w in trial.cand[c].iter() {
                    if self.clock.out() {
                        break 'again;
                    }
                    if trial.follow(c, w).broken.is_some() {
                        trial.remove(c, w);
                        implied.push(Implied {
                            cell: c,
                            value: w,
                            because: Because::Contradiction,
                        });
                        continue 'again;
                    }
                }
            }
            break;
        }
        let broken = trial.broken.take().or_else(|| trial.contradiction());
        Followed {
            implied,
            broken,
            after: trial.cand,
        }
    }

    /// The step removing `v` from `c`, whose assumption `f` followed to a contradiction.
    pub(super) fn contradiction_step(
        &mut self,
        kind: Forcing,
        c: usize,
        v: usize,
        f: Followed<D>,
    ) -> Step {
        let why = f.broken.unwrap_or_default();
        let t = Technique::ForcingChain {
            kind,
            length: links(&f.implied).count() + 1,
        };
        let text = format!(
            "{}: {} => contradiction: {why}; so {} <> {}",
            t.name(),
            self.chain_text(c, v, &f.implied),
            self.cell(c),
            self.sym(v)
        );
        let mut s = self.step(t, None, text);
        s.eliminate.push((c, v));
        self.remove(c, v);
        s
    }

    /// `r4c5 = 7 => r4c6 = 2 => r7c6 = 7 (column 6) => …`: an assumption and what follows.
    fn chain_text(&self, cell: usize, v: usize, implied: &[Implied]) -> String {
        let mut text = format!("{} = {}", self.cell(cell), self.sym(v));
        for link in links(implied) {
            let i = &link[0];
            let (cell, value) = (self.cell(i.cell), self.sym(i.value));
            let _ = match i.because {
                Because::NakedSingle => write!(text, " => {cell} = {value}"),
                Because::HiddenSingle(u) => {
                    write!(text, " => {cell} = {value} ({})", self.units[u].name)
                }
                Because::Contradiction => write!(text, " => {cell} <> {value} (contradiction)"),
                Because::Variant(k) => {
                    let name = self
                        .variants
                        .as_ref()
                        .map_or("", |v| v.list[k].name.as_str());
                    let values: Vec<String> = link.iter().map(|i| self.sym(i.value)).collect();
                    write!(text, " => {cell} <> {} ({name})", values.join(","))
                }
                Because::Sum(k) => {
                    let values: Vec<String> = link.iter().map(|i| self.sym(i.value)).collect();
                    write!(
                        text,
                        " => {cell} <> {} ({})",
                        values.join(","),
                        self.sums[k].name
                    )
                }
            };
        }
        text
    }

    /// One forcing-chain step, the simplest found: static chains, then dynamic ones (the
    /// conclusion with the fewest ancestors, as Sudoku Explainer scores them), then
    /// contradictions through the variant constraints, then nested contradictions. Nothing
    /// when none applies, or time runs out.
    pub(super) fn forcing_chains(&mut self) -> Vec<Step> {
        let cells = self.cand.len();
        let open: usize = (0..cells)
            .filter(|&c| self.value[c].is_none())
            .map(|c| self.cand[c].len() as usize)
            .sum();
        if open > MAX_CANDIDATES {
            return Vec::new();
        }
        let by_static_links = self.static_chains(false, usize::MAX, true);
        if !by_static_links.is_empty() {
            return by_static_links;
        }
        let dynamic = self.dynamic_chains();
        if !dynamic.is_empty() {
            return dynamic;
        }
        let through_variants = self.variant_contradictions();
        // Nested chains on a plain grid stop at 400 candidates (Sudoku Explainer's puzzles
        // never need them wider); variants and cages narrow each trial more and are tried
        // wider, within the clock.
        let widest = if self.variants.is_none() && self.sums.is_empty() {
            MAX_NESTED_CANDIDATES
        } else {
            MAX_CANDIDATES
        };
        if !through_variants.is_empty() || open > widest {
            return through_variants;
        }
        let mut order: Vec<usize> = (0..cells).filter(|&c| self.value[c].is_none()).collect();
        order.sort_by_key(|&c| self.cand[c].len());
        self.nested_forcing_chain(&order)
    }
}

impl<D: Domain> Board<D> {
    /// The first nested contradiction found, cells with the fewest candidates first: nested
    /// chains cost a chain per candidate per assumption, so the search stops at the first.
    fn nested_forcing_chain(&mut self, order: &[usize]) -> Vec<Step> {
        for &c in order {
            for v in self.cand[c].iter() {
                if self.clock.out() {
                    return Vec::new();
                }
                let f = self.follow_nested(c, v);
                if f.broken.is_some() {
                    return vec![self.contradiction_step(Forcing::Nested, c, v, f)];
                }
            }
        }
        Vec::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn longer_chains_are_harder_by_sudoku_explainers_steps() {
        let added: Vec<f64> = [4, 5, 6, 7, 8, 9, 12, 13, 16, 17, 24, 25]
            .iter()
            .map(|&l| (length_difficulty(l) * 10.0).round() / 10.0)
            .collect();
        assert_eq!(
            added,
            [0.0, 0.1, 0.1, 0.2, 0.2, 0.3, 0.3, 0.4, 0.4, 0.5, 0.5, 0.6]
        );
    }
}

#[cfg(test)]
mod crafted_tests {
    use super::super::crafted::board;
    use super::*;

    /// r1c1 {1,2}, r1c2 {1,2}, r1c3 {1,2,3}: assuming r1c3 = 1 leaves r1c1 only 2, then r1c2
    /// nothing; assuming r1c3 = 3 breaks nothing. The dynamic contradiction step removes 1 (or
    /// 2) from r1c3 and names the single it followed.
    #[test]
    fn an_assumption_followed_by_singles_to_a_contradiction_is_false() {
        let b = board(0, &[], &[(0, 0b011), (1, 0b011), (2, 0b111)]);
        let f = b.follow(2, 0);
        assert!(f.broken.is_some());
        assert!(f.implied.iter().any(|i| (i.cell, i.value) == (0, 1)));
        assert!(b.follow(2, 2).broken.is_none());
        let mut b = b;
        let f = b.follow(2, 0);
        let s = b.contradiction_step(Forcing::Contradiction, 2, 0, f);
        assert_eq!(s.eliminate, vec![(2, 0)]);
        assert!(
            s.text
                .starts_with("dynamic contradiction forcing chain: r1c3 = 1 => r1c1 = 2")
        );
        assert!(!b.candidates()[2].contains(0));
    }
}
