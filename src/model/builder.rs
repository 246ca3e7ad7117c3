//! The CP model of a puzzle: one variable per cell, one propagator per region, cage and
//! derived sum; built fresh, or reused from puzzle to puzzle of the same size and rules.

use super::*;
use crate::engine::{
    AllDifferent, CageSum, Conflict, Domain, Engine, HallSets, Heuristic, Labels, LinearSum,
    SameValues, Snapshot, Strategy, VarId, combinations_cached,
};
use crate::puzzle::Puzzle;
use crate::puzzle::Rules;
use crate::puzzle::*;
use hashbrown::HashMap;
use std::any::Any;
use std::cell::RefCell;
use std::sync::Arc;

/// The CP model of a puzzle: one variable per cell (row-major), one all-different per region,
/// givens applied, built as `tuning` says. Domains of type `D` must hold `n` values.
pub fn build<D: Domain>(
    puzzle: &Puzzle,
    rules: &Rules,
    tuning: &Tuning,
) -> Result<Engine<D>, Conflict> {
    let mut engine = model(puzzle, rules, tuning, log::log_enabled!(log::Level::Debug));
    apply_givens(&mut engine, puzzle, rules)?;
    Ok(engine)
}

/// [`build`] with every variable, value and propagator named, whatever the log level: for a
/// profile or a search tree that names what it shows.
pub fn build_named<D: Domain>(
    puzzle: &Puzzle,
    rules: &Rules,
    tuning: &Tuning,
) -> Result<Engine<D>, Conflict> {
    let mut engine = model(puzzle, rules, tuning, true);
    apply_givens(&mut engine, puzzle, rules)?;
    Ok(engine)
}

/// A model kept for reuse by [`with_model`].
pub(super) struct Cached<D: Domain> {
    n: usize,
    boxes: BoxShape,
    rules: Rules,
    tuning: Tuning,
    engine: Engine<D>,
    root: Snapshot<D>,
}

thread_local! {
    /// This thread's last model without cages, of whichever domain type it was built for.
    static MODEL: RefCell<Option<Box<dyn Any>>> = const { RefCell::new(None) };
}

/// Runs `f` on the model of `puzzle` with its givens applied, as [`build`] makes it.
///
/// Building the model (variables, propagators, watch lists) costs more than solving an easy
/// 9×9 puzzle, and it depends only on the size, the rules and the tuning when there are no cages. So each
/// thread keeps its last such model and, for the next puzzle of the same size, rules and tuning, only
/// resets its domains ([`Engine::reset`]) and applies the new givens. Puzzles with cages and
/// runs with debug logs on (which name cells by the puzzle's symbols) build a fresh model.
pub(crate) fn with_model<D: Domain, R>(
    puzzle: &Puzzle,
    rules: &Rules,
    tuning: &Tuning,
    f: impl FnOnce(&mut Engine<D>) -> R,
) -> Result<R, Conflict> {
    let cages_apply = rules.cages && !puzzle.cages().is_empty();
    let reusable =
        !cages_apply && puzzle.constraints().is_empty() && !log::log_enabled!(log::Level::Debug);
    if !reusable {
        return build(puzzle, rules, tuning).map(|mut e| f(&mut e));
    }
    MODEL.with(|cell| {
        let Ok(mut slot) = cell.try_borrow_mut() else {
            // `f` itself asked for a model: build this one fresh.
            return build(puzzle, rules, tuning).map(|mut e| f(&mut e));
        };
        let n = puzzle.size();
        let hit = slot
            .as_mut()
            .and_then(|b| b.downcast_mut::<Cached<D>>())
            .is_some_and(|c| {
                c.n == n
                    && c.boxes == puzzle.boxes()
                    && c.rules.all_different == rules.all_different
                    && c.rules.cages == rules.cages
                    && c.tuning == *tuning
            });
        if !hit {
            let engine = model::<D>(puzzle, rules, tuning, false);
            let root = engine.snapshot();
            *slot = Some(Box::new(Cached {
                n,
                boxes: puzzle.boxes(),
                rules: rules.clone(),
                tuning: *tuning,
                engine,
                root,
            }));
        }
        let cached = slot
            .as_mut()
            .and_then(|b| b.downcast_mut::<Cached<D>>())
            .expect("stored above");
        cached.engine.reset(&cached.root);
        apply_givens(&mut cached.engine, puzzle, rules)?;
        Ok(f(&mut cached.engine))
    })
}

/// Fixes each given cell's variable (variable i is cell i), and gives search the pattern hint
/// when one fits ([`super::hints::pattern_hint`]).
pub(super) fn apply_givens<D: Domain>(
    engine: &mut Engine<D>,
    puzzle: &Puzzle,
    rules: &Rules,
) -> Result<(), Conflict> {
    match super::hints::pattern_hint(puzzle, rules) {
        Some(mut hints) => {
            hints.resize(engine.num_vars(), None);
            engine.set_hints(&hints);
        }
        None => engine.clear_hints(),
    }
    for (cell, given) in puzzle.givens().enumerate() {
        if let Some(v) = given {
            engine.restrict(VarId(cell as u32), D::singleton(v), "given")?;
        }
    }
    if let Some(marks) = puzzle.candidates() {
        let n = puzzle.size();
        for (cell, &mask) in marks.iter().enumerate() {
            let mut dom = D::full(n);
            (0..n)
                .filter(|v| mask >> v & 1 == 0)
                .for_each(|v| dom.remove(v));
            engine.restrict(VarId(cell as u32), dom, "pencil marks")?;
        }
    }
    Ok(())
}

/// The values of a solution's cells (variable `i` is cell `i`; the variables after the cells
/// are the cages' choices of combination).
pub(crate) fn grid_of<D: Domain>(puzzle: &Puzzle, doms: &[D]) -> Vec<usize> {
    let cells = puzzle.size() * puzzle.size();
    Engine::values_of(&doms[..cells])
}

/// The model without its givens: the variables, then each step's propagators, named when
/// `labelled`.
pub(super) fn model<D: Domain>(
    puzzle: &Puzzle,
    rules: &Rules,
    tuning: &Tuning,
    labelled: bool,
) -> Engine<D> {
    let mut model = Builder::new(puzzle, rules, tuning, labelled);
    model.post_regions();
    if puzzle.size() >= tuning.same_values_from {
        model.post_same_values();
    }
    if !puzzle.constraints().is_empty() {
        let labelled = model.labels.is_some();
        super::variants::post_variants(
            &mut model.engine,
            &model.vars,
            puzzle,
            &model.regions,
            labelled,
        );
    }
    if rules.cages {
        let mut sums = Sums::new(puzzle, &model.regions);
        let first = model.engine.num_props();
        let chosen = model.post_cages(&mut sums);
        model.engine.set_kinds_since(first, "killer cage");
        let first = model.engine.num_props();
        model.post_shared_values(&chosen, &sums);
        model
            .engine
            .set_kinds_since(first, "values two cages share");
        let first = model.engine.num_props();
        model.post_house_sums(&mut sums);
        model.engine.set_kinds_since(first, "rule of 45");
        let first = model.engine.num_props();
        model.post_union_sums();
        model
            .engine
            .set_kinds_since(first, "rule of 45 over rows and columns");
    }
    model.set_strategy();
    model.finish()
}

/// A model being built: the engine with one variable per cell, and what the steps share.
struct Builder<'p, D: Domain> {
    puzzle: &'p Puzzle,
    rules: &'p Rules,
    tuning: &'p Tuning,
    engine: Engine<D>,
    vars: Vec<VarId>,
    /// Names for logs, made only when debug logs are on: building them costs more than an
    /// easy puzzle's search.
    labels: Option<Labels>,
    regions: Vec<Region>,
    /// Each region's variables.
    houses: Vec<Vec<VarId>>,
}

/// What the sums of a killer share while they are posted: each cell's houses, the houses
/// meeting the sum at hand, the peer and memo budgets, and one combination table per (cage
/// size, total).
struct Sums<D> {
    kinds: usize,
    house_of: Vec<usize>,
    /// The houses meeting the sum at hand, each with the positions of its cells inside it.
    near: Vec<(usize, u64)>,
    budget: PeerBudget,
    memo_bytes: usize,
    tables: HashMap<(usize, u64), Arc<[D]>>,
}

impl<D: Domain> Sums<D> {
    fn new(puzzle: &Puzzle, regions: &[Region]) -> Self {
        let n = puzzle.size();
        let (kinds, house_of) = regions_of_cells(regions, n);
        Sums {
            kinds,
            house_of,
            near: Vec::with_capacity(3 * n),
            budget: PeerBudget(MAX_PEERS),
            // The cages share a memory budget for their memos of combination passes.
            memo_bytes: MEMO_BUDGET / puzzle.cages().len().max(1),
            tables: HashMap::new(),
        }
    }

    /// The combinations of `k` distinct symbols adding up to `total`, listed once.
    fn table(&mut self, weights: &[u64], k: usize, total: u64) -> Arc<[D]> {
        let table = self
            .tables
            .entry((k, total))
            .or_insert_with(|| combinations_cached::<D>(weights, k, total).into());
        Arc::clone(table)
    }

    /// Fills `near` with the houses meeting `cells`.
    fn find_near(&mut self, cells: &[usize]) {
        self.near.clear();
        let kinds = self.kinds;
        for (i, &c) in cells.iter().enumerate().take(64) {
            for &h in &self.house_of[c * kinds..(c + 1) * kinds] {
                if h == usize::MAX {
                    continue;
                }
                match self.near.iter_mut().find(|(g, _)| *g == h) {
                    Some((_, mask)) => *mask |= 1 << i,
                    None => self.near.push((h, 1 << i)),
                }
            }
        }
    }
}

impl<'p, D: Domain> Builder<'p, D> {
    fn new(puzzle: &'p Puzzle, rules: &'p Rules, tuning: &'p Tuning, labelled: bool) -> Self {
        let n = puzzle.size();
        assert!(n <= D::CAPACITY, "domain type too small for size {n}");
        let mut engine = Engine::new();
        let vars: Vec<VarId> = (0..n * n).map(|_| engine.new_var(D::full(n))).collect();
        let labels = labelled.then(|| Labels {
            vars: (0..n * n).map(|c| puzzle.cell_name(c)).collect(),
            values: puzzle
                .symbols()
                .as_slice()
                .iter()
                .map(u64::to_string)
                .collect(),
            ..Labels::default()
        });
        let regions = regions(rules, n, puzzle.boxes());
        let houses = regions
            .iter()
            .map(|region| region.cells().map(|c| vars[c]).collect())
            .collect();
        Builder {
            puzzle,
            rules,
            tuning,
            engine,
            vars,
            labels,
            regions,
            houses,
        }
    }

    /// `name()` when the model is labelled, else nothing.
    fn name(&self, name: impl FnOnce() -> String) -> String {
        if self.labels.is_some() {
            name()
        } else {
            String::new()
        }
    }

    fn vars_of(&self, cells: &[usize]) -> Vec<VarId> {
        cells.iter().map(|&c| self.vars[c]).collect()
    }

    /// Whether search restarts: on large grids without cages ([`Tuning::restarts_from`]).
    fn restarts(&self) -> bool {
        let killer = self.rules.cages && !self.puzzle.cages().is_empty();
        self.puzzle.size() >= self.tuning.restarts_from && !killer
    }

    /// One all-different per region, and its Hall sets below the first guess on large grids
    /// ([`Tuning::hall_sets_from`]). With restarts, each region is a branch group.
    fn post_regions(&mut self) {
        // Pencil marks and variant constraints leave few givens and many subsets to find.
        let hall_sets = self.puzzle.size() >= self.tuning.hall_sets_from
            || self.puzzle.candidates().is_some()
            || !self.puzzle.constraints().is_empty();
        let restarts = self.restarts();
        for (region, cells) in self.regions.iter().zip(&self.houses) {
            let name = self.name(|| format!("alldiff({region})"));
            let doms = self.engine.domains();
            self.engine
                .post(AllDifferent::new(name, cells.clone(), doms));
            if restarts {
                self.engine.branch_group(cells.clone());
            }
            if hall_sets {
                let name = self.name(|| format!("hall sets({region})"));
                if let Some(h) = HallSets::new(name, cells.clone(), self.engine.domains()) {
                    self.engine.post(h.after_guess());
                }
            }
        }
    }

    /// Locked candidates below the first guess: where two regions overlap in two cells or
    /// more, their rests take the same symbols.
    fn post_same_values(&mut self) {
        let regions = &self.regions;
        for overlap in overlaps(regions, self.puzzle.size()) {
            let (a, b) = (regions[overlap.a], regions[overlap.b]);
            let name = self.name(|| format!("same values({a} \\ {b}, {b} \\ {a})"));
            let rest_a = self.vars_of(&overlap.rest_a);
            let rest_b = self.vars_of(&overlap.rest_b);
            let doms = self.engine.domains();
            self.engine
                .post(SameValues::new(name, rest_a, rest_b, doms).after_guess());
        }
    }

    /// A sum over its combinations on `cells`, which also takes its forced values from the
    /// houses meeting it while the peer budget lasts.
    fn cage_sum(
        &self,
        sums: &mut Sums<D>,
        name: String,
        cells: &[usize],
        combos: &Arc<[D]>,
    ) -> CageSum<D> {
        let sum = CageSum::with_memo_bytes(
            name,
            self.vars_of(cells),
            Arc::clone(combos),
            sums.memo_bytes,
        );
        if sums.budget.take(cells, self.puzzle.size()) {
            sums.find_near(cells);
            // The houses' all-differents place hidden singles, so the sum looks for forced
            // values only in houses holding two of its cells or more.
            sum.with_groups(&self.houses, &sums.near)
                .singles_placed_elsewhere()
        } else {
            sum
        }
    }

    /// Each cage: a sum over its combinations with a variable for its choice of combination
    /// (weighted by [`Tuning::choice_weight`]), or, when it has too many combinations to list,
    /// distinct values adding up to its total. Returns the cages with a choice variable.
    fn post_cages(&mut self, sums: &mut Sums<D>) -> Vec<Chosen<'p, D>> {
        let puzzle = self.puzzle;
        let weights = puzzle.symbols().as_slice();
        let mut chosen = Vec::new();
        for cage in puzzle.cages() {
            let name = self.name(|| cage_name(puzzle, cage));
            if !fits_a_table(weights, cage.cells.len(), cage.total) {
                let cells = self.vars_of(&cage.cells);
                let doms = self.engine.domains();
                self.engine.post(AllDifferent::new(
                    format!("alldiff({name})"),
                    cells.clone(),
                    doms,
                ));
                self.engine.post(LinearSum::new(
                    name,
                    &cells,
                    &[],
                    weights,
                    cage.total as i64,
                ));
                continue;
            }
            let combos = sums.table(weights, cage.cells.len(), cage.total);
            let choice_name = self
                .labels
                .as_ref()
                .map(|_| format!("combination of {name}"));
            let mut sum = self.cage_sum(sums, name, &cage.cells, &combos);
            if combos.len() > 1 && combos.len() <= D::CAPACITY {
                let choice = self.engine.new_var(D::full(combos.len()));
                self.engine
                    .set_weight_factor(choice, self.tuning.choice_weight);
                if let (Some(labels), Some(choice_name)) = (self.labels.as_mut(), choice_name) {
                    let names = combos
                        .iter()
                        .map(|c| {
                            let values: Vec<String> = c.iter().map(|v| labels.value(v)).collect();
                            values.join("+")
                        })
                        .collect();
                    labels.vars.push(choice_name);
                    labels.own_values.insert(choice.index(), names);
                }
                sum = sum.with_choice(choice);
                chosen.push((&cage.cells[..], choice, combos));
            }
            self.engine.post(sum);
        }
        chosen
    }

    /// Pair tables on the choices of cages that cannot share many values.
    fn post_shared_values(&mut self, chosen: &[Chosen<'p, D>], sums: &Sums<D>) {
        post_shared_values(
            &mut self.engine,
            chosen,
            &sums.house_of,
            sums.kinds,
            self.labels.as_ref(),
        );
    }

    /// The rule of 45 inside each house, as sums over their combinations.
    fn post_house_sums(&mut self, sums: &mut Sums<D>) {
        let weights = self.puzzle.symbols().as_slice();
        let named = self.labels.is_some();
        for sum in posted_house_sums(self.puzzle, &self.regions, named) {
            if fits_a_table(weights, sum.cells.len(), sum.total) {
                let combos = sums.table(weights, sum.cells.len(), sum.total);
                let cage_sum = self.cage_sum(sums, sum.name, &sum.cells, &combos);
                self.engine.post(cage_sum);
            }
        }
    }

    /// The rule of 45 over unions of houses, as linear sums of at most
    /// [`Tuning::union_sum_max_cells`] cells, to bounds consistency: domain consistency pruned
    /// almost nothing more at several times the cost.
    fn post_union_sums(&mut self) {
        let weights = self.puzzle.symbols().as_slice();
        let max_cells = self.tuning.union_sum_max_cells;
        let named = self.labels.is_some();
        for sum in union_sums(self.puzzle, self.rules, max_cells, named) {
            let plus = self.vars_of(&sum.plus);
            let minus = self.vars_of(&sum.minus);
            self.engine
                .post(LinearSum::new(sum.name, &plus, &minus, weights, sum.total).bounds_only());
        }
    }

    /// Dom/wdeg, which lets failures steer branching (fewer guesses than MRV at every size);
    /// weighed by activity on small killers ([`Tuning::activity_up_to`]); restarts, alternating
    /// with a value's places in a region, and last-conflict reasoning on large grids (last
    /// conflicts help 25×25 and cost killers guesses). Best phases
    /// from 36×36 up ([`Tuning::phases_from`]).
    fn set_strategy(&mut self) {
        let killer = self.rules.cages && !self.puzzle.cages().is_empty();
        let restarts = self.restarts();
        self.engine.set_strategy(Strategy {
            heuristic: if killer && self.puzzle.size() <= self.tuning.activity_up_to {
                Heuristic::DomWdegActivity
            } else {
                Heuristic::DomWdeg
            },
            restarts,
            places: restarts,
            last_conflict: restarts,
            phases: restarts && self.puzzle.size() >= self.tuning.phases_from,
            tuning: self.tuning.search,
            ..Strategy::default()
        });
    }

    fn finish(mut self) -> Engine<D> {
        if let Some(labels) = self.labels.take() {
            self.engine.set_labels(labels);
        }
        self.engine
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Limits, Stats, Stop};
    use crate::puzzle::Symbols;

    /// A reused model must search exactly as a fresh one: same solutions, same statistics,
    /// whatever the previous puzzle did to it (contradicting givens, an interrupted search,
    /// another size or rules in between).
    #[test]
    fn a_reused_model_searches_as_a_fresh_one() {
        let grid = [0, 1, 2, 3, 2, 3, 0, 1, 1, 0, 3, 2, 3, 2, 1, 0];
        let x = Rules::parse("name x\nall-different rows columns boxes diagonal", "x").unwrap();
        let mut puzzles = Vec::new();
        for keep in [0usize, 3, 5, 7, 11, 16] {
            let mut p = Puzzle::empty(4, Symbols::default_for(4)).unwrap();
            for c in (0..16).filter(|c| c * 7 % 16 < keep) {
                p.set_given(c, Some(grid[c]));
            }
            puzzles.push((p.clone(), Rules::sudoku()));
            puzzles.push((p.clone(), x.clone()));
            p.set_given(15, Some(grid[0])); // r4c4 = r1c1: contradicts for some
            puzzles.push((p, Rules::sudoku()));
        }
        puzzles.push((
            Puzzle::empty(9, Symbols::default_for(9)).unwrap(),
            Rules::sudoku(),
        ));
        let run = |e: &mut Engine<u16>, limit: u64| {
            let mut sols = Vec::new();
            let limits = Limits {
                solutions: limit,
                nodes: Some(200),
                deadline: None,
            };
            let stop = e.search(&limits, |d| sols.push(Engine::values_of(d)));
            (sols, stop, *e.stats())
        };
        for round in 0..2 {
            for (i, (p, rules)) in puzzles.iter().enumerate() {
                let limit = 1 + (i as u64 + round) % 3 * 50;
                let fresh =
                    build::<u16>(p, rules, &Tuning::DEFAULT).map(|mut e| run(&mut e, limit));
                let reused = with_model::<u16, _>(p, rules, &Tuning::DEFAULT, |e| run(e, limit));
                // Searches compare by solutions, stop, nodes and propagator runs.
                let key = |r: Result<(Vec<Vec<usize>>, Stop, Stats), Conflict>| {
                    r.map(|(s, t, st)| (s, t, st.nodes, st.propagations))
                };
                assert_eq!(key(fresh), key(reused), "puzzle {i}, round {round}");
            }
        }
    }

    #[test]
    fn the_empty_4x4_sudoku_has_288_solutions() {
        let p = Puzzle::empty(4, Symbols::default_for(4)).unwrap();
        let mut e = build::<u16>(&p, &Rules::sudoku(), &Tuning::DEFAULT).unwrap();
        let mut bad = 0;
        let stop = e.search(&Limits::solutions(u64::MAX), |d| {
            let grid = Engine::values_of(d);
            bad += usize::from(!check_solution(&p, &Rules::sudoku(), &grid).is_empty());
        });
        assert_eq!((stop, e.stats().solutions, bad), (Stop::Exhausted, 288, 0));
    }
}
