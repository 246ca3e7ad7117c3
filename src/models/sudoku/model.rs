//! The CP model of a puzzle: one variable per cell, one propagator per region, cage and
//! derived sum; built fresh, or reused from puzzle to puzzle of the same size and rules.

use super::*;
use crate::engine::{
    AllDifferent, CageSum, Conflict, Domain, Engine, HallSets, Heuristic, Labels, LinearSum,
    SameValues, Snapshot, Strategy, VarId, combinations_cached,
};
use crate::models::puzzle::Puzzle;
use crate::models::rules::Rules;
use hashbrown::HashMap;
use std::any::Any;
use std::cell::RefCell;
use std::sync::Arc;

/// The CP model of a puzzle: one variable per cell (row-major), one all-different per region,
/// givens applied. Domains of type `D` must hold `n` values.
pub fn build<D: Domain>(puzzle: &Puzzle, rules: &Rules) -> Result<Engine<D>, Conflict> {
    let mut engine = model(puzzle, rules);
    apply_givens(&mut engine, puzzle)?;
    Ok(engine)
}

/// A model kept for reuse by [`with_model`].
pub(super) struct Cached<D: Domain> {
    n: usize,
    rules: Rules,
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
/// 9×9 puzzle, and it depends only on the size and the rules when there are no cages. So each
/// thread keeps its last such model and, for the next puzzle of the same size and rules, only
/// resets its domains ([`Engine::reset`]) and applies the new givens. Puzzles with cages and
/// runs with debug logs on (which name cells by the puzzle's symbols) build a fresh model.
pub fn with_model<D: Domain, R>(
    puzzle: &Puzzle,
    rules: &Rules,
    f: impl FnOnce(&mut Engine<D>) -> R,
) -> Result<R, Conflict> {
    let cages_apply = rules.cages && !puzzle.cages().is_empty();
    let reusable = !cages_apply && !log::log_enabled!(log::Level::Debug);
    if !reusable {
        return build(puzzle, rules).map(|mut e| f(&mut e));
    }
    MODEL.with(|cell| {
        let Ok(mut slot) = cell.try_borrow_mut() else {
            // `f` itself asked for a model: build this one fresh.
            return build(puzzle, rules).map(|mut e| f(&mut e));
        };
        let n = puzzle.size();
        let hit = slot
            .as_mut()
            .and_then(|b| b.downcast_mut::<Cached<D>>())
            .is_some_and(|c| {
                c.n == n
                    && c.rules.all_different == rules.all_different
                    && c.rules.cages == rules.cages
            });
        if !hit {
            let engine = model::<D>(puzzle, rules);
            let root = engine.snapshot();
            *slot = Some(Box::new(Cached {
                n,
                rules: rules.clone(),
                engine,
                root,
            }));
        }
        let cached = slot
            .as_mut()
            .and_then(|b| b.downcast_mut::<Cached<D>>())
            .expect("stored above");
        cached.engine.reset(&cached.root);
        apply_givens(&mut cached.engine, puzzle)?;
        Ok(f(&mut cached.engine))
    })
}

/// Fixes each given cell's variable (variable i is cell i).
pub(super) fn apply_givens<D: Domain>(
    engine: &mut Engine<D>,
    puzzle: &Puzzle,
) -> Result<(), Conflict> {
    for (cell, given) in puzzle.givens().iter().enumerate() {
        if let Some(v) = *given {
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

/// How much more dom/wdeg weighs a cage's choice of combination than a cell watched by the
/// same propagators ([`Engine::set_weight_factor`]). Whole trees of 16 hard ISS killers (two
/// threads): 19.1 s and 1.57 M nodes without choice variables; with them, factor 1: 15.0 s,
/// 1.26 M; 2: 17.1 s, 1.33 M; 3: 14.4 s, 1.12 M; 4: 16.3 s, 1.31 M. Whole trees of all 63:
/// factor 1 3.34 M nodes, 2 3.20 M (40.4 s), 3 2.74 M (35.8 s), 4 3.23 M (39.9 s).
pub(super) const CHOICE_WEIGHT: u64 = 3;

/// The values of a solution's cells (variable `i` is cell `i`; the variables after the cells
/// are the cages' choices of combination).
pub fn grid_of<D: Domain>(puzzle: &Puzzle, doms: &[D]) -> Vec<usize> {
    let cells = puzzle.size() * puzzle.size();
    Engine::values_of(&doms[..cells])
}

/// The model without its givens.
pub(super) fn model<D: Domain>(puzzle: &Puzzle, rules: &Rules) -> Engine<D> {
    let n = puzzle.size();
    assert!(n <= D::CAPACITY, "domain type too small for size {n}");
    let mut engine = Engine::new();
    let vars: Vec<VarId> = (0..n * n).map(|_| engine.new_var(D::full(n))).collect();
    // Names only matter to logs, and building them costs more than an easy puzzle's search.
    let labelled = log::log_enabled!(log::Level::Debug);
    let mut labels = Labels::default();
    if labelled {
        labels.vars = (0..n * n).map(|c| puzzle.cell_name(c)).collect();
        labels.values = puzzle
            .symbols()
            .as_slice()
            .iter()
            .map(u64::to_string)
            .collect();
    }
    let killer = rules.cages && !puzzle.cages().is_empty();
    // Restarts pay on 25×25 and up, where some runs go far astray; on killers they lost (52
    // against 56 ISS puzzles).
    let restarts = n >= 25 && !killer;
    let all_regions = regions(rules, n, puzzle.box_size());
    let houses: Vec<Vec<VarId>> = all_regions
        .iter()
        .map(|region| region.cells().map(|c| vars[c]).collect())
        .collect();
    for (region, cells) in all_regions.iter().zip(houses.iter()) {
        let name = if labelled {
            format!("alldiff({region})")
        } else {
            String::new()
        };
        let hall_name = if labelled {
            format!("hall sets({region})")
        } else {
            String::new()
        };
        engine.post(AllDifferent::new(name, cells.clone(), engine.domains()));
        if restarts {
            engine.branch_group(cells.clone());
        }
        // Hall sets, below the first guess only (puzzles propagation solves pay next to
        // nothing). They pay on 25×25 (2,089 → 2,096 of 2,100 decided in 2 s, 1,514 → 332
        // guesses). On 16×16 they found next to nothing and made it five times slower. On
        // killers they once paid (ISS Tarek set: 1,387 → 865 guesses a puzzle); beside the
        // cages' locked and forced values they changed a domain in 1% of their runs, for 9% of
        // the propagation time (mathemagic-13), and without them the 63 ISS whole trees take
        // 4.5% less time with 15% more guesses (README, Killer). Ten generated 16×16 killers
        // (`generate --size 16 --killer --count 10 --seed 7`), whole trees, one thread: 317
        // ms and 1,124 guesses a puzzle with them, 277 ms and 873 without.
        if n >= 25
            && let Some(h) = HallSets::new(hall_name, cells.clone(), engine.domains())
        {
            engine.post(h.after_guess());
        }
    }
    // Locked candidates, below the first guess, from 25×25 up: where two regions overlap in
    // two cells or more, their rests take the same symbols. 25×25 (bench, 2 threads, 2 s):
    // 2,096 → 2,099 of 2,100 decided, 14.1 → 9.2 ms mean; puzzles with 343 gaps 206 → 94 ms,
    // empty grids 7.8 → 13.7 ms. On 16×16 they made it slower (218 → 404 µs a puzzle).
    if n >= 25 {
        for overlap in overlaps(&all_regions, n) {
            let name = if labelled {
                format!(
                    "same values({} \\ {}, {} \\ {})",
                    all_regions[overlap.a],
                    all_regions[overlap.b],
                    all_regions[overlap.b],
                    all_regions[overlap.a]
                )
            } else {
                String::new()
            };
            let a = overlap.rest_a.iter().map(|&c| vars[c]).collect();
            let b = overlap.rest_b.iter().map(|&c| vars[c]).collect();
            engine.post(SameValues::new(name, a, b, engine.domains()).after_guess());
        }
    }
    if rules.cages {
        // The houses each cell lies in (at most one per kind of region), for locked values.
        let (kinds, house_of) = regions_of_cells(&all_regions, n);
        // The houses meeting a set of cells, each with the positions of the cells inside it.
        let mut near: Vec<(usize, u64)> = Vec::with_capacity(3 * n);
        let houses_meeting = |cells: &[usize], near: &mut Vec<(usize, u64)>| {
            near.clear();
            for (i, &c) in cells.iter().enumerate().take(64) {
                for &h in &house_of[c * kinds..(c + 1) * kinds] {
                    if h == usize::MAX {
                        continue;
                    }
                    match near.iter_mut().find(|(g, _)| *g == h) {
                        Some((_, mask)) => *mask |= 1 << i,
                        None => near.push((h, 1 << i)),
                    }
                }
            }
        };
        let mut budget = PeerBudget(MAX_PEERS);
        // The cages share a memory budget for their memos of combination passes.
        let memo_bytes = MEMO_BUDGET / puzzle.cages().len().max(1);
        // One combination table per (cage size, total), shared by the cages that have them.
        let mut tables: HashMap<(usize, u64), Arc<[D]>> = HashMap::new();
        let weights = puzzle.symbols().as_slice();
        let mut chosen: Vec<Chosen<'_, D>> = Vec::new();
        for cage in puzzle.cages() {
            if !fits_a_table(weights, cage.cells.len(), cage.total) {
                // Too many combinations to list: distinct values adding up to the total.
                let cells: Vec<VarId> = cage.cells.iter().map(|&c| vars[c]).collect();
                let name = if labelled {
                    cage_name(puzzle, cage)
                } else {
                    String::new()
                };
                engine.post(AllDifferent::new(
                    format!("alldiff({name})"),
                    cells.clone(),
                    engine.domains(),
                ));
                engine.post(LinearSum::new(
                    name,
                    &cells,
                    &[],
                    weights,
                    cage.total as i64,
                ));
                continue;
            }
            let combos = tables
                .entry((cage.cells.len(), cage.total))
                .or_insert_with(|| {
                    combinations_cached::<D>(weights, cage.cells.len(), cage.total).into()
                });
            let name = if labelled {
                cage_name(puzzle, cage)
            } else {
                String::new()
            };
            let cells = cage.cells.iter().map(|&c| vars[c]).collect();
            houses_meeting(&cage.cells, &mut near);
            let choice_name = labelled.then(|| format!("combination of {name}"));
            // The houses' all-differents place hidden singles, so the cage looks for forced
            // values only in houses holding two of its cells or more: ISS whole trees 404–408
            // → 398 ms (2 threads), from fewer reads a run (4% more guesses, as failures are
            // met by other propagators and weigh other variables).
            let mut sum = CageSum::with_memo_bytes(name, cells, Arc::clone(combos), memo_bytes);
            if budget.take(&cage.cells, n) {
                sum = sum.with_groups(&houses, &near).singles_placed_elsewhere();
            }
            // Which combination the cage takes, for search to branch on.
            if combos.len() > 1 && combos.len() <= D::CAPACITY {
                let choice = engine.new_var(D::full(combos.len()));
                engine.set_weight_factor(choice, CHOICE_WEIGHT);
                if let Some(choice_name) = choice_name {
                    labels.vars.push(choice_name);
                    let names = combos
                        .iter()
                        .map(|c| {
                            let values: Vec<String> = c.iter().map(|v| labels.value(v)).collect();
                            values.join("+")
                        })
                        .collect();
                    labels.own_values.insert(choice.index(), names);
                }
                sum = sum.with_choice(choice);
                chosen.push((&cage.cells[..], choice, Arc::clone(combos)));
            }
            engine.post(sum);
        }
        post_shared_values(
            &mut engine,
            &chosen,
            &house_of,
            kinds,
            labelled.then_some(&labels),
        );
        for sum in posted_house_sums(puzzle, &all_regions, labelled) {
            if !fits_a_table(weights, sum.cells.len(), sum.total) {
                continue;
            }
            houses_meeting(&sum.cells, &mut near);
            let combos = tables
                .entry((sum.cells.len(), sum.total))
                .or_insert_with(|| {
                    combinations_cached::<D>(weights, sum.cells.len(), sum.total).into()
                });
            let name = sum.name;
            let cells = sum.cells.iter().map(|&c| vars[c]).collect();
            let mut cage_sum =
                CageSum::with_memo_bytes(name, cells, Arc::clone(combos), memo_bytes);
            if budget.take(&sum.cells, n) {
                cage_sum = cage_sum
                    .with_groups(&houses, &near)
                    .singles_placed_elsewhere();
            }
            engine.post(cage_sum);
        }
        // Bounds consistency: domain consistency pruned almost nothing more (see
        // `LinearSum::bounds_only`) at several times the cost.
        for sum in union_sums(puzzle, rules, labelled) {
            let name = sum.name;
            let plus: Vec<VarId> = sum.plus.iter().map(|&c| vars[c]).collect();
            let minus: Vec<VarId> = sum.minus.iter().map(|&c| vars[c]).collect();
            engine.post(LinearSum::new(name, &plus, &minus, weights, sum.total).bounds_only());
        }
    }
    if labelled {
        engine.set_labels(labels);
    }
    // Failures concentrate where a puzzle is hard: dom/wdeg lets them steer branching. It
    // needs fewer guesses than MRV at every size (README, Speed). With restarts, every second
    // run may also branch on a value's two places in a region (`Strategy::places`). Killers
    // up to 9×9 weigh dom/wdeg by activity: ISS hard killers, whole trees (`bench --unique`,
    // one thread), 358 → 227 ms and 18.9 k → 11.4 k guesses a puzzle; killer-x-hs 22.8 → 11.7
    // ms. Elsewhere it lost: 16×16 killers (`generate --size 16 --killer --count 20 --seed
    // 8`, whole trees) 340 → 598 ms; the lloyd Sudoku sets, 16×16 on one thread 121 → 149 µs
    // a puzzle, 25×25 on two 5.7 → 9.6 ms (one puzzle undecided at 10 s).
    engine.set_strategy(Strategy {
        heuristic: if killer && n <= 9 {
            Heuristic::DomWdegActivity
        } else {
            Heuristic::DomWdeg
        },
        restarts,
        places: restarts,
        ..Strategy::default()
    });
    engine
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Limits, Stats, Stop};
    use crate::models::puzzle::Symbols;

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
                let fresh = build::<u16>(p, rules).map(|mut e| run(&mut e, limit));
                let reused = with_model::<u16, _>(p, rules, |e| run(e, limit));
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
        let mut e = build::<u16>(&p, &Rules::sudoku()).unwrap();
        let mut bad = 0;
        let stop = e.search(&Limits::solutions(u64::MAX), |d| {
            let grid = Engine::values_of(d);
            bad += usize::from(!check_solution(&p, &Rules::sudoku(), &grid).is_empty());
        });
        assert_eq!((stop, e.stats().solutions, bad), (Stop::Exhausted, 288, 0));
    }
}
