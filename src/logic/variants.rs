//! The puzzle's variant constraints in the logic: each posted alone on an engine of its own and
//! run on the board's candidates, so that what it removes is a step named for its kind and, in
//! forcing chains, a link printed with the constraint that made it.
//!
//! A constraint's step is exactly what its own propagator (the one `solve` posts) deduces from
//! the candidates, so it is sound by the propagator's soundness; the steps' names and scores
//! place each kind among Sudoku Explainer's techniques by what a person does for it.

use super::{Board, Step, Technique};
use crate::constraints::{Houses, Post};
use crate::engine::{Domain, Engine, Snapshot, VarId};
use crate::puzzle::{self, Constraint, Puzzle, Rules};
use std::sync::{Arc, Mutex};

/// One variant constraint as the board knows it.
#[derive(Debug, Clone)]
pub(super) struct Variant {
    /// The constraint.
    pub(super) constraint: Constraint,
    /// Its name in steps: `thermometer at r1c1`.
    pub(super) name: String,
    /// Every cell it reads, once each, in order.
    pub(super) cells: Vec<usize>,
}

/// The engines the variants run on, one each, with the domains to reset them to.
#[derive(Debug)]
pub(super) struct Engines<D: Domain> {
    engines: Vec<(Engine<D>, Snapshot<D>)>,
    /// The cells' variables: the first n² of every engine, so the same in each.
    vars: Vec<VarId>,
}

/// Runs one variant's propagator on candidates (the engines, behind a type the board, which
/// bounds nothing, can hold).
trait Narrow<D>: std::fmt::Debug + Send {
    /// What variant `k` removes from `cand`, cells in `cells`; `Err` when it cannot be kept.
    fn narrow(&mut self, k: usize, cells: &[usize], cand: &[D]) -> Result<Vec<(usize, D)>, ()>;
}

impl<D: Domain> Narrow<D> for Engines<D> {
    fn narrow(&mut self, k: usize, cells: &[usize], cand: &[D]) -> Result<Vec<(usize, D)>, ()> {
        let Engines { engines, vars } = self;
        let (engine, snapshot) = &mut engines[k];
        engine.reset(snapshot);
        for &c in cells {
            engine.restrict(vars[c], cand[c], "board").map_err(|_| ())?;
        }
        engine.propagate().map_err(|_| ())?;
        Ok(cells
            .iter()
            .filter_map(|&c| {
                let lost = cand[c].minus(engine.dom(vars[c]));
                (!lost.is_empty()).then_some((c, lost))
            })
            .collect())
    }
}

/// The variants of a board and their engines (shared by a board's copies; one runs at a time).
#[derive(Debug, Clone)]
pub(super) struct Variants<D> {
    pub(super) list: Arc<[Variant]>,
    engines: Arc<Mutex<Box<dyn Narrow<D>>>>,
}

/// Whether the board reasons with `constraint` in its own way (units, groups and sums), not
/// through its propagator.
fn board_reasons_with(constraint: &Constraint) -> bool {
    matches!(
        constraint,
        Constraint::Region(_)
            | Constraint::Cage(_)
            | Constraint::Renban(_)
            | Constraint::Pair(crate::constraints::Pair {
                kind: crate::constraints::PairKind::Different,
                ..
            })
    )
}

impl<D: Domain> Variants<D> {
    /// The puzzle's variant constraints, each posted on an engine of its own; `None` when it
    /// has none the board does not reason with directly.
    pub(super) fn new(puzzle: &Puzzle, rules: &Rules) -> Option<Self> {
        let mut seen = std::collections::HashSet::new();
        let constraints: Vec<&Constraint> = puzzle
            .constraints()
            .iter()
            .filter(|c| !board_reasons_with(c) && seen.insert(*c))
            .collect();
        if constraints.is_empty() {
            return None;
        }
        let n = puzzle.size();
        let regions = puzzle::regions(rules, n, puzzle.boxes());
        let houses = Houses::new(puzzle, &regions);
        let weights: Vec<u64> = puzzle.symbols().as_slice().to_vec();
        let w: Vec<i64> = weights.iter().map(|&x| x as i64).collect();
        let mut list = Vec::new();
        let mut engines = Vec::new();
        let mut vars = Vec::new();
        for constraint in constraints {
            let mut engine = Engine::<D>::new();
            vars = (0..n * n).map(|_| engine.new_var(D::full(n))).collect();
            let name = constraint.describe(|c| puzzle.cell_name(c));
            constraint.post(&mut Post {
                engine: &mut engine,
                vars: &vars,
                puzzle,
                regions: &regions,
                houses: &houses,
                constraint,
                name: name.clone(),
                w: &w,
                weights: &weights,
            });
            let snapshot = engine.snapshot();
            engines.push((engine, snapshot));
            let mut cells = constraint.cells();
            cells.sort_unstable();
            cells.dedup();
            list.push(Variant {
                constraint: constraint.clone(),
                name,
                cells,
            });
        }
        Some(Variants {
            list: list.into(),
            engines: Arc::new(Mutex::new(Box::new(Engines { engines, vars }))),
        })
    }

    /// What variant `k`'s propagator removes from the candidates `cand`: each cell it narrows
    /// with the values it loses, or `Err` when it cannot be kept at all.
    pub(super) fn narrow(&self, k: usize, cand: &[D]) -> Result<Vec<(usize, D)>, ()> {
        let mut engines = self.engines.lock().unwrap_or_else(|e| e.into_inner());
        engines.narrow(k, &self.list[k].cells, cand)
    }
}

/// The step a variant kind's deduction is called (`thermometer bounds`).
pub(super) fn step_name(kind: &str) -> String {
    match kind {
        "thermometer" | "slow thermometer" => "thermometer bounds".into(),
        "arrow" => "arrow sum".into(),
        "white dot" | "black dot" => "kropki pair".into(),
        "X" | "V" => "XV pair".into(),
        "odd cell" | "even cell" => "odd/even cell".into(),
        "sum" => "sum combinations".into(),
        "sandwich clue" => "sandwich sum".into(),
        "x-sum clue" => "x-sum".into(),
        "skyscraper clue" => "skyscraper view".into(),
        "quadruple" => "quadruple digits".into(),
        "greater-than sign" => "inequality".into(),
        kind if kind.ends_with("pair") => "pair rule".into(),
        kind => format!("{kind} values"),
    }
}

/// A variant kind's step on Sudoku Explainer's scale, by what a person does for it: one look
/// at a cell or a pair of cells is single-like (a parity 1.0, a dot, a sign or a pair rule 1.7,
/// a thermometer's bounds 1.8), a sum's combinations are a cage's (2.0, arrows and little
/// killers too), a line's values read along the line a little more (2.2), and an outside clue
/// that counts over a whole row (sandwich, x-sum, skyscraper) as innies and outies (2.5).
pub(super) fn step_score(kind: &str) -> f64 {
    match kind {
        "odd cell" | "even cell" => 1.0,
        "thermometer" | "slow thermometer" => 1.8,
        "arrow" | "sum" | "quadruple" => 2.0,
        "sandwich clue" | "x-sum clue" | "skyscraper clue" => 2.5,
        kind if kind.ends_with("pair") || kind == "greater-than sign" => 1.7,
        "white dot" | "black dot" | "X" | "V" => 1.7,
        _ => 2.2,
    }
}

/// Each candidate's weak links through the variant constraints: what each constraint's
/// propagator removes once the candidate is assumed, as (cell, value, variant).
#[derive(Debug, Default)]
pub(super) struct WeakLinks {
    /// By candidate (`cell · n + value`); empty without variants.
    of: Vec<Vec<(usize, usize, usize)>>,
}

impl WeakLinks {
    /// The links from candidate `at` (`cell · n + value`).
    pub(super) fn of(&self, at: usize) -> &[(usize, usize, usize)] {
        self.of.get(at).map_or(&[], Vec::as_slice)
    }

    /// The variant that links candidate `from` to `to` (`cell · n + value` both), if one does.
    pub(super) fn by(&self, from: usize, to: (usize, usize)) -> Option<usize> {
        self.of(from)
            .iter()
            .find(|&&(c, v, _)| (c, v) == to)
            .map(|&(.., k)| k)
    }
}

impl<D: Domain> Board<D> {
    /// The board's weak links through its variant constraints, each open candidate probed
    /// against each constraint on its cell.
    pub(super) fn weak_links(&self) -> WeakLinks {
        let Some(variants) = &self.variants else {
            return WeakLinks::default();
        };
        let n = self.puzzle.size();
        let mut on_cell = vec![Vec::new(); self.cand.len()];
        for (k, v) in variants.list.iter().enumerate() {
            v.cells.iter().for_each(|&c| on_cell[c].push(k));
        }
        let mut of = vec![Vec::new(); self.cand.len() * n];
        let mut trial = self.cand.clone();
        for c in (0..self.cand.len()).filter(|&c| self.value[c].is_none()) {
            for v in self.cand[c].iter() {
                trial[c] = D::singleton(v);
                for &k in &on_cell[c] {
                    // A candidate the constraint cannot take at all is its own step's.
                    let Ok(lost) = variants.narrow(k, &trial) else {
                        continue;
                    };
                    for (y, d) in lost {
                        of[c * n + v].extend(d.iter().map(|w| (y, w, k)));
                    }
                }
            }
            trial[c] = self.cand[c];
        }
        WeakLinks { of }
    }

    /// Each variant constraint's own deduction on the candidates, one step each, applied as
    /// found (so the next constraint sees it).
    pub(super) fn variant_steps(&mut self) -> Vec<Step> {
        let Some(variants) = self.variants.clone() else {
            return Vec::new();
        };
        let mut steps = Vec::new();
        for (k, variant) in variants.list.iter().enumerate() {
            let Ok(lost) = variants.narrow(k, &self.cand) else {
                let why = format!("{} cannot be kept", variant.name);
                self.broken.get_or_insert(why);
                return steps;
            };
            let lost: Vec<(usize, D)> = lost
                .into_iter()
                .filter(|&(c, _)| self.value[c].is_none())
                .collect();
            if lost.is_empty() {
                continue;
            }
            let kind = variant.constraint.kind();
            let changes: Vec<String> = lost
                .iter()
                .map(|&(c, d)| format!("{} <> {}", self.cell(c), self.syms(d)))
                .collect();
            let text = format!(
                "{} ({}): {}",
                step_name(kind),
                variant.name,
                changes.join("; ")
            );
            let mut s = self.step(
                Technique::Variant { kind },
                Some(variant.name.clone()),
                text,
            );
            for (c, d) in lost {
                for v in d.iter() {
                    self.remove(c, v);
                    s.eliminate.push((c, v));
                }
            }
            steps.push(s);
        }
        steps
    }

    /// The first variant constraint a filled board breaks: one whose cells are all placed
    /// and whose values it does not keep.
    pub(super) fn broken_variant(&self) -> Option<String> {
        let variants = self.variants.as_ref()?;
        let symbols = self.puzzle.symbols();
        variants.list.iter().find_map(|v| {
            let placed = v.cells.iter().all(|&c| self.value[c].is_some());
            let value = |c: usize| self.value[c].map_or(0, |x| symbols.symbol(x) as i64);
            (placed && !v.constraint.holds(&value)).then(|| format!("{} is broken", v.name))
        })
    }

    /// Runs every variant constraint on the candidates until none removes more, as a trial
    /// follows an assumption: each removal pushed with the variant that made it. `false` when
    /// nothing was removed.
    pub(super) fn narrow_by_variants(&mut self, removed: &mut Vec<(usize, usize, usize)>) -> bool {
        let Some(variants) = self.variants.clone() else {
            return false;
        };
        let mut any = false;
        for (k, variant) in variants.list.iter().enumerate() {
            if self.broken.is_some() {
                break;
            }
            match variants.narrow(k, &self.cand) {
                Err(()) => {
                    let why = format!("{} cannot be kept", variant.name);
                    self.broken.get_or_insert(why);
                }
                Ok(lost) => {
                    for (c, d) in lost {
                        for v in d.iter() {
                            if self.remove(c, v) {
                                removed.push((c, v, k));
                                any = true;
                            }
                        }
                    }
                }
            }
        }
        any
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::constraints::{Arrow, Pair, PairKind, Thermo};
    use crate::logic::Rung;
    use crate::puzzle::Symbols;

    /// The one step the variants' rung takes on an empty 9×9 grid with `constraint` and the
    /// pencil marks `marks` (a cell and its value indices): its technique's name, its text and
    /// its eliminations as (cell, value) with values 1-based, sorted.
    fn only_step(
        constraint: Constraint,
        marks: &[(usize, &[usize])],
    ) -> (String, String, Vec<(usize, usize)>) {
        let mut p = Puzzle::empty(9, Symbols::default_for(9)).unwrap();
        p.add_constraint(constraint).unwrap();
        for &(cell, values) in marks {
            let mask = values.iter().fold(0u64, |m, &v| m | 1 << (v - 1));
            p.restrict(cell, mask).unwrap();
        }
        let mut board = Board::<u16>::new(&p, &Rules::sudoku());
        let steps = board.apply(Rung::Variants);
        assert_eq!(steps.len(), 1, "{steps:?}");
        let s = &steps[0];
        let mut gone: Vec<(usize, usize)> = s.eliminate.iter().map(|&(c, v)| (c, v + 1)).collect();
        gone.sort_unstable();
        (s.technique.name(), s.text.clone(), gone)
    }

    fn each(cells: &[usize], values: &[usize]) -> Vec<(usize, usize)> {
        let mut out: Vec<_> = cells
            .iter()
            .flat_map(|&c| values.iter().map(move |&v| (c, v)))
            .collect();
        out.sort_unstable();
        out
    }

    #[test]
    fn a_thermometer_bounds_each_cell_by_its_place_on_it() {
        let thermo = Thermo {
            cells: vec![0, 1, 2],
            slow: false,
        };
        let (name, text, gone) = only_step(thermo.into(), &[]);
        assert_eq!(name, "thermometer bounds");
        assert_eq!(
            text,
            "thermometer bounds (thermometer at r1c1): r1c1 <> 8,9; r1c2 <> 1,9; r1c3 <> 1,2"
        );
        let mut want = each(&[0], &[8, 9]);
        want.extend(each(&[1], &[1, 9]));
        want.extend(each(&[2], &[1, 2]));
        want.sort_unstable();
        assert_eq!(gone, want);
    }

    #[test]
    fn an_arrow_sum_bounds_its_circle_and_its_shaft() {
        // r1c2 + r1c3 = r1c1, all in row 1: the shaft's two distinct digits make at least 3,
        // and neither can be 9 (the circle holds at most 9, the other shaft cell at least 1).
        let arrow = Arrow {
            circle: vec![0],
            arrow: vec![1, 2],
        };
        let (name, _, gone) = only_step(arrow.into(), &[]);
        assert_eq!(name, "arrow sum");
        let mut want = each(&[0], &[1, 2]);
        want.extend(each(&[1, 2], &[9]));
        want.sort_unstable();
        assert_eq!(gone, want);
    }

    #[test]
    fn a_white_dot_keeps_the_neighbours_of_the_other_cells_values() {
        let dot = Pair {
            kind: PairKind::WhiteDot,
            a: 0,
            b: 1,
        };
        let (name, text, gone) = only_step(dot.into(), &[(0, &[1, 9])]);
        assert_eq!(name, "kropki pair");
        assert_eq!(
            text,
            "kropki pair (white dot at r1c1): r1c2 <> 1,3,4,5,6,7,9"
        );
        assert_eq!(gone, each(&[1], &[1, 3, 4, 5, 6, 7, 9]));
    }

    #[test]
    fn a_black_dot_rules_out_the_digits_without_a_double_or_a_half() {
        let dot = Pair {
            kind: PairKind::BlackDot,
            a: 0,
            b: 9,
        };
        let (name, _, gone) = only_step(dot.into(), &[]);
        assert_eq!(name, "kropki pair");
        assert_eq!(gone, each(&[0, 9], &[5, 7, 9]));
    }

    #[test]
    fn x_and_v_keep_the_complements_of_the_other_cells_values() {
        let x = Pair {
            kind: PairKind::X,
            a: 0,
            b: 1,
        };
        let (name, _, gone) = only_step(x.into(), &[(0, &[1, 2, 3])]);
        assert_eq!(name, "XV pair");
        assert_eq!(gone, each(&[1], &[1, 2, 3, 4, 5, 6]));
        let v = Pair {
            kind: PairKind::V,
            a: 0,
            b: 9,
        };
        let (_, _, gone) = only_step(v.into(), &[]);
        assert_eq!(gone, each(&[0, 9], &[5, 6, 7, 8, 9]));
    }

    #[test]
    fn a_broken_variant_shows_once_its_cells_are_filled() {
        let mut p = Puzzle::empty(4, Symbols::default_for(4)).unwrap();
        p.add_constraint(
            Pair {
                kind: PairKind::V,
                a: 0,
                b: 1,
            }
            .into(),
        )
        .unwrap();
        let mut board = Board::<u16>::new(&p, &Rules::sudoku());
        board.place(0, 0);
        assert_eq!(board.contradiction(), None);
        board.place(1, 1);
        assert_eq!(
            board.contradiction().as_deref(),
            Some("V at r1c1 is broken")
        );
    }

    #[test]
    fn unique_rectangles_are_off_beside_a_variant() {
        let mut p = Puzzle::empty(9, Symbols::default_for(9)).unwrap();
        let thermo = Thermo {
            cells: vec![0, 1],
            slow: false,
        };
        p.add_constraint(thermo.into()).unwrap();
        assert!(!Board::<u16>::new(&p, &Rules::sudoku()).swaps_keep_solutions());
    }
}
