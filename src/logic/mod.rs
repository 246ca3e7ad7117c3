//! Human-style solving: pencil marks, a ladder of named techniques applied in passes, guesses
//! on demand, and a difficulty rating from the hardest technique a puzzle needs.
//!
//! # Data flow
//! A [`Board`] holds, for each cell, its placed value or its candidates (pencil marks) as an
//! engine [`Domain`]; its units are the rules' regions ([`puzzle::regions`]).
//! [`explain`](fn@explain) climbs the [`Rung`]s of a ladder: each pass applies the first rung
//! that deduces anything (every deduction it finds in one sweep) and starts again from the
//! bottom, so each step is explained by the easiest technique that finds it. Cage steps reuse
//! the engine's [`CageSum`](crate::engine::CageSum) propagator on the cage's candidates; every
//! other variant constraint is posted alone on an engine of its own (`variants`), its step what
//! that propagator removes, and trials in forcing chains run the sums and those engines too. With
//! guessing on, a stuck board picks the cell with fewest candidates, tries each value on a
//! copy, and a contradiction becomes an elimination in the parent.

mod als;
mod bug;
mod cages;
mod chains;
#[cfg(test)]
mod crafted;
mod explain;
mod finned_fish;
mod fish;
mod forcing;
mod intersections;
pub mod latex;
mod potentials;
mod rectangles;
mod singles;
mod subsets;
mod sue_de_coq;
mod technique;
mod variant_chains;
mod variants;
mod w_wing;
mod wings;

pub use explain::{
    Budget, Ending, Explanation, Rating, explain, explain_within, rate, rate_by, rate_within,
    solves_within,
};
pub use forcing::Forcing;
pub use technique::{Level, Technique};

use crate::constraints;
use crate::engine::{Domain, combinations_cached};
use crate::model;
use crate::puzzle;
use crate::puzzle::{Constraint, Puzzle, RegionKind, Rules};
use std::sync::Arc;

/// One rung of the ladder: a technique family, applied in one sweep over the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rung {
    /// Crook's forced digits.
    Forced,
    /// Naked singles.
    NakedSingles,
    /// Hidden singles in every unit.
    HiddenSingles,
    /// Cage combinations and rule-of-45 sums (killer puzzles).
    Cages,
    /// Each variant constraint's own deduction (thermometer bounds, arrow sums, kropki pairs …).
    Variants,
    /// Pointing (from a box) or claiming that leave a hidden single at once (Sudoku
    /// Explainer's direct intersections), and nothing else.
    DirectLocked {
        /// Pointing, or claiming.
        pointing: bool,
    },
    /// Hidden subsets of this size that leave a hidden single at once, and nothing else.
    DirectHidden(usize),
    /// Pointing (from a box) or claiming.
    Locked {
        /// Pointing, or claiming.
        pointing: bool,
    },
    /// Naked subsets of this size.
    Naked(usize),
    /// Hidden subsets of this size.
    Hidden(usize),
    /// Fish of this size over rows and columns.
    Fish(usize),
    /// Finned and sashimi fish of this size.
    FinnedFish(usize),
    /// XY-wings.
    XyWing,
    /// Wings of this many cells.
    Wing(usize),
    /// Unique rectangles (types 1 to 4), for puzzles proved unique.
    UniqueRectangles,
    /// BUG+1, for puzzles proved unique.
    BugPlusOne,
    /// X-chains: static chains on one value, of at most this many strong links.
    XChains(usize),
    /// W-wings.
    WWing,
    /// Static forcing chains from one candidate (contradictions and double implications).
    StaticChains,
    /// Sue de Coq.
    SueDeCoq,
    /// ALS-XZ.
    AlsXz,
    /// ALS-XY-wings.
    AlsXyWing,
    /// Forcing chains.
    ForcingChains,
}

impl Rung {
    /// The level of the techniques the rung applies.
    pub fn level(self) -> Level {
        match self {
            Rung::Forced
            | Rung::NakedSingles
            | Rung::HiddenSingles
            | Rung::DirectLocked { .. }
            | Rung::DirectHidden(_) => Level::Easy,
            Rung::Cages | Rung::Variants | Rung::Locked { .. } => Level::Medium,
            Rung::Naked(m) => Technique::NakedSubset(m).level(),
            Rung::Hidden(m) => Technique::HiddenSubset(m).level(),
            Rung::Fish(m) => Technique::Fish(m).level(),
            Rung::FinnedFish(m) => Technique::FinnedFish {
                size: m,
                sashimi: false,
            }
            .level(),
            Rung::XyWing => Technique::XyWing.level(),
            Rung::Wing(k) => Technique::Wing { size: k, widest: k }.level(),
            Rung::UniqueRectangles => Level::Hard,
            Rung::BugPlusOne => Technique::BugPlusOne.level(),
            Rung::XChains(most) => Technique::XChain {
                strong: most,
                grouped: false,
            }
            .level(),
            Rung::WWing => Technique::WWing.level(),
            Rung::StaticChains => Level::Diabolical,
            Rung::SueDeCoq => Technique::SueDeCoq.level(),
            Rung::AlsXz => Technique::AlsXz.level(),
            Rung::AlsXyWing => Technique::AlsXyWing.level(),
            Rung::ForcingChains => Level::Diabolical,
        }
    }
}

/// Why logic cannot take `puzzle`, if it cannot: a constraint the engine cannot post exactly
/// (as `solve` refuses it), or a cage with more than 65,536 combinations, too many to list.
pub fn refuses(puzzle: &Puzzle, rules: &Rules) -> Option<String> {
    if let Some(why) = model::refusal(puzzle) {
        return Some(why);
    }
    let weights = puzzle.symbols().as_slice();
    let cages = if rules.cages { puzzle.cages() } else { &[] };
    cages.iter().find_map(|cage| {
        (!model::fits_a_table(weights, cage.cells.len(), cage.total)).then(|| {
            format!(
                "{} has more than {} combinations, too many for logic to reason with \
                 (solve and count can take it)",
                puzzle::cage_name(puzzle, cage),
                model::MAX_COMBINATIONS
            )
        })
    })
}

/// The full ladder for an n×n grid, in Sudoku Explainer's order: singles and the direct
/// techniques, cages, locked candidates, then naked and hidden subsets of every size from 2 to
/// n − 1, smallest first, with fish, wings and chains among them.
pub fn ladder(n: usize) -> Vec<Rung> {
    let mut rungs = vec![
        Rung::Forced,
        Rung::HiddenSingles,
        Rung::DirectLocked { pointing: true },
        Rung::DirectLocked { pointing: false },
        Rung::DirectHidden(2),
        Rung::NakedSingles,
        Rung::DirectHidden(3),
        Rung::Cages,
        Rung::Variants,
        Rung::Locked { pointing: true },
        Rung::Locked { pointing: false },
    ];
    for m in 2..n {
        rungs.push(Rung::Naked(m));
        if m == 2 {
            rungs.push(Rung::Fish(2));
        }
        if m == 4 {
            rungs.push(Rung::Fish(4));
        }
        rungs.push(Rung::Hidden(m));
        if m == 3 {
            rungs.push(Rung::XChains(2));
            rungs.push(Rung::Fish(3));
            rungs.push(Rung::FinnedFish(2));
            rungs.push(Rung::XyWing);
            rungs.push(Rung::Wing(3));
        }
        if m == 4 {
            rungs.push(Rung::FinnedFish(3));
            rungs.push(Rung::XChains(3));
        }
        if (4..=6).contains(&m) {
            rungs.push(Rung::Wing(m));
        }
        if m == 4 {
            rungs.push(Rung::FinnedFish(4));
            rungs.push(Rung::XChains(4));
        }
        if m == 6 || (m == n - 1 && m < 6) {
            rungs.push(Rung::XChains(usize::MAX));
        }
    }
    rungs.extend([Rung::WWing, Rung::StaticChains]);
    // Sudoku Explainer looks for TUVWXYZ-wings (7.5) after static forcing chains (7.0 up).
    if n > 7 {
        rungs.push(Rung::Wing(7));
    }
    rungs.extend([
        Rung::SueDeCoq,
        Rung::AlsXz,
        Rung::AlsXyWing,
        Rung::ForcingChains,
    ]);
    rungs
}

/// [`ladder`] with unique rectangles and BUG+1, for a puzzle proved to have exactly one
/// solution: they reason from that uniqueness, so on any other puzzle they could remove a
/// solution.
pub fn ladder_unique(n: usize) -> Vec<Rung> {
    let mut rungs = ladder(n);
    if let Some(at) = rungs.iter().position(|&r| r == Rung::Wing(3)) {
        rungs.insert(at + 1, Rung::UniqueRectangles);
    }
    if let Some(at) = rungs.iter().position(|&r| r == Rung::Wing(4)) {
        rungs.insert(at + 1, Rung::BugPlusOne);
    }
    rungs
}

/// One deduction (or guess) with everything needed to print it, check it, and replay it.
#[derive(Debug, Clone, PartialEq)]
pub struct Step {
    /// The pass it belongs to (1-based; every pass applies one rung).
    pub pass: usize,
    /// How many guesses it depends on (0: pure logic from the givens).
    pub depth: usize,
    /// The technique.
    pub technique: Technique,
    /// The unit or cage it works in, if any (`box 4`, `cage 17/2 at r1c1`).
    pub unit: Option<String>,
    /// The line printed for it, e.g. `hidden single in box 4: r5c6 = 3`.
    pub text: String,
    /// Cells it fills, as (cell, value index).
    pub place: Vec<(usize, usize)>,
    /// Candidates it removes, as (cell, value index).
    pub eliminate: Vec<(usize, usize)>,
}

/// A sum constraint the board knows: a cage, or a rule-of-45 set of distinct cells.
#[derive(Debug, Clone)]
struct Sum<D> {
    name: String,
    cells: Vec<usize>,
    technique: Technique,
    combos: Arc<[D]>,
}

/// The time a board's techniques may take, read inside their searches (every
/// [`Clock::EVERY`] visits) so that one pass over a large grid cannot overrun it.
#[derive(Debug, Clone, Default)]
struct Clock {
    deadline: Option<std::time::Instant>,
    visits: std::cell::Cell<u32>,
    expired: std::cell::Cell<bool>,
}

impl Clock {
    const EVERY: u32 = 1024;

    /// Whether the time is up; reads the clock every [`Clock::EVERY`] calls.
    fn out(&self) -> bool {
        if self.expired.get() {
            return true;
        }
        let Some(deadline) = self.deadline else {
            return false;
        };
        let v = self.visits.get().wrapping_add(1);
        self.visits.set(v);
        if v.is_multiple_of(Self::EVERY) && std::time::Instant::now() >= deadline {
            self.expired.set(true);
        }
        self.expired.get()
    }
}

/// A unit: cells that take distinct values (a region of the rules), named for the steps.
#[derive(Debug, Clone)]
pub(crate) struct Unit {
    /// Its cells.
    pub(crate) cells: Vec<usize>,
    /// Its name in steps: `row 3`, `box 5`, `main diagonal`.
    pub(crate) name: String,
    /// What kind of region it is.
    pub(crate) kind: RegionKind,
}

/// The grid being worked on: placed values and pencil marks.
#[derive(Debug, Clone)]
pub struct Board<D> {
    puzzle: Arc<Puzzle>,
    /// The units, each with its cells, name and kind.
    units: Arc<[Unit]>,
    /// Units of each cell.
    cell_units: Arc<[Vec<usize>]>,
    /// Cells that hold distinct values without being a unit (which holds every value):
    /// regions of fewer than n cells, cages, renban lines, pairs that differ. Placing a value removes it from
    /// the cell's groups too; no technique reads them as units.
    groups: Arc<[Vec<usize>]>,
    /// Groups of each cell.
    cell_groups: Arc<[Vec<usize>]>,
    sums: Arc<[Sum<D>]>,
    /// The constraints reasoned with through their propagators, if any.
    variants: Option<variants::Variants<D>>,
    /// The value placed in each cell.
    value: Vec<Option<usize>>,
    /// The values placed in each unit: asking a unit whether it holds a value is then one
    /// test, not a pass over its cells (25×25 explanations spent most of their time there).
    held: Vec<D>,
    /// Candidates of each cell (the placed value alone once placed).
    cand: Vec<D>,
    /// The first contradiction met, if any.
    broken: Option<String>,
    /// When the techniques must stop.
    clock: Clock,
}

impl<D: Domain> Board<D> {
    /// The puzzle's givens placed and every empty cell marked with the values no peer holds.
    pub fn new(puzzle: &Puzzle, rules: &Rules) -> Self {
        let n = puzzle.size();
        let mut units: Vec<Unit> = puzzle::regions(rules, n, puzzle.boxes())
            .into_iter()
            .map(|r| Unit {
                cells: r.cells().collect(),
                name: r.to_string(),
                kind: r.kind,
            })
            .collect();
        let mut sums = Vec::new();
        let mut groups: Vec<Vec<usize>> = Vec::new();
        let weights = puzzle.symbols().as_slice();
        let values: Vec<i64> = weights.iter().map(|&w| w as i64).collect();
        for constraint in puzzle.constraints() {
            let name = constraint.describe(|c| puzzle.cell_name(c));
            match constraint {
                // A unit holds every value: a region of fewer cells is only a group.
                Constraint::Region(constraints::Region { label, cells }) if cells.len() == n => {
                    units.push(Unit {
                        cells: cells.clone(),
                        name: label.clone(),
                        kind: RegionKind::Extra,
                    })
                }
                Constraint::Region(constraints::Region { cells, .. }) => groups.push(cells.clone()),
                // Two cells that differ (anti-knight, anti-king): a group of two.
                Constraint::Pair(constraints::Pair {
                    kind: constraints::PairKind::Different,
                    a,
                    b,
                }) => groups.push(vec![*a, *b]),
                Constraint::Cage(constraints::Cage { total, cells }) => sums.push(Sum {
                    name: format!("{name} ({total})"),
                    cells: cells.clone(),
                    technique: Technique::CageCombination,
                    combos: u64::try_from(*total).map_or_else(
                        |_| Vec::new().into(),
                        |t| combinations_cached::<D>(weights, cells.len(), t).into(),
                    ),
                }),
                Constraint::Renban(constraints::Renban { cells }) => sums.push(Sum {
                    name,
                    cells: cells.clone(),
                    technique: Technique::CageCombination,
                    combos: model::runs::<D>(&values, cells.len()).into(),
                }),
                _ => {}
            }
            if let Constraint::Cage(constraints::Cage { cells, .. })
            | Constraint::Renban(constraints::Renban { cells }) = constraint
            {
                groups.push(cells.clone());
            }
        }
        let mut cell_units = vec![Vec::new(); n * n];
        for (u, unit) in units.iter().enumerate() {
            unit.cells.iter().for_each(|&c| cell_units[c].push(u));
        }
        if rules.cages {
            let weights = puzzle.symbols().as_slice();
            for cage in puzzle.cages() {
                groups.push(cage.cells.clone());
                sums.push(Sum {
                    name: puzzle::cage_name(puzzle, cage),
                    cells: cage.cells.clone(),
                    technique: Technique::CageCombination,
                    combos: combinations_cached::<D>(weights, cage.cells.len(), cage.total).into(),
                });
            }
            let regions = puzzle::regions(rules, n, puzzle.boxes());
            for s in model::house_sums(puzzle, &regions, true) {
                // A sum with too many combinations to list says too little to reason with.
                if !model::fits_a_table(weights, s.cells.len(), s.total) {
                    continue;
                }
                sums.push(Sum {
                    name: format!("{} = {}", s.name, s.total),
                    combos: combinations_cached::<D>(weights, s.cells.len(), s.total).into(),
                    cells: s.cells,
                    technique: Technique::Innies,
                });
            }
        }
        let units_len = units.len();
        let mut cell_groups = vec![Vec::new(); n * n];
        for (g, cells) in groups.iter().enumerate() {
            cells.iter().for_each(|&c| cell_groups[c].push(g));
        }
        let mut board = Board {
            puzzle: Arc::new(puzzle.clone()),
            units: units.into(),
            cell_units: cell_units.into(),
            groups: groups.into(),
            cell_groups: cell_groups.into(),
            sums: sums.into(),
            variants: variants::Variants::new(puzzle, rules),
            value: vec![None; n * n],
            held: vec![D::empty(); units_len],
            cand: vec![D::full(n); n * n],
            broken: None,
            clock: Clock::default(),
        };
        for (cell, given) in puzzle.givens().enumerate() {
            if let Some(v) = given {
                board.place(cell, v);
            }
        }
        for cell in 0..n * n {
            for v in (0..n).filter(|&v| !puzzle.allows(cell, v)) {
                board.remove(cell, v);
            }
        }
        board
    }

    /// The puzzle being worked on.
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// The placed value of every cell.
    pub fn values(&self) -> &[Option<usize>] {
        &self.value
    }

    /// The candidates of every cell.
    pub fn candidates(&self) -> &[D] {
        &self.cand
    }

    /// Whether every cell is filled and nothing is broken ([`Board::contradiction`]).
    pub fn solved(&self) -> bool {
        self.value.iter().all(Option::is_some) && self.contradiction().is_none()
    }

    /// Number of empty cells.
    pub fn unknown(&self) -> usize {
        self.value.iter().filter(|v| v.is_none()).count()
    }

    fn cell(&self, c: usize) -> String {
        self.puzzle.cell_name(c)
    }

    fn sym(&self, v: usize) -> String {
        self.puzzle.symbols().label(v).to_string()
    }

    fn syms(&self, d: D) -> String {
        let list: Vec<String> = d.iter().map(|v| self.sym(v)).collect();
        list.join(",")
    }

    /// Places `v` in `cell` and removes it from the cell's peers.
    fn place(&mut self, cell: usize, v: usize) {
        if !self.cand[cell].contains(v) || self.value[cell].is_some_and(|x| x != v) {
            let why = format!("{} cannot be {}", self.cell(cell), self.sym(v));
            self.broken.get_or_insert(why);
        }
        self.value[cell] = Some(v);
        self.cand[cell] = D::singleton(v);
        let units = Arc::clone(&self.cell_units);
        for &u in &units[cell] {
            self.held[u].insert(v);
        }
        let (all_units, groups) = (Arc::clone(&self.units), Arc::clone(&self.groups));
        let cell_groups = Arc::clone(&self.cell_groups);
        for &u in &units[cell] {
            self.clear_peers(&all_units[u].cells, cell, v);
        }
        for &g in &cell_groups[cell] {
            self.clear_peers(&groups[g], cell, v);
        }
    }

    /// Removes `v`, just placed in `cell`, from the other cells of `cells`, noting a
    /// contradiction where one of them holds it.
    fn clear_peers(&mut self, cells: &[usize], cell: usize, v: usize) {
        for &p in cells {
            if p != cell {
                if self.value[p] == Some(v) {
                    let why = format!(
                        "{} and {} both hold {}",
                        self.cell(p),
                        self.cell(cell),
                        self.sym(v)
                    );
                    self.broken.get_or_insert(why);
                }
                self.cand[p].remove(v);
            }
        }
    }

    /// A hidden single that removing the candidates `eliminated` (already removed) left in
    /// one of `units`: a value of theirs with one place left there. Sudoku Explainer then calls
    /// the step direct and takes the single alone.
    fn hidden_single_in(
        &self,
        units: impl IntoIterator<Item = usize>,
        eliminated: &[(usize, usize)],
    ) -> Option<(usize, usize, usize)> {
        units.into_iter().find_map(|u| {
            eliminated.iter().find_map(|&(_, v)| {
                if self.held[u].contains(v) {
                    return None;
                }
                let mut at = self.units[u]
                    .cells
                    .iter()
                    .filter(|&&p| self.value[p].is_none() && self.cand[p].contains(v));
                match (at.next(), at.next()) {
                    (Some(&c), None) => Some((c, v, u)),
                    _ => None,
                }
            })
        })
    }

    /// Places the hidden single of each direct step of a sweep, as Sudoku Explainer applies
    /// them (without their eliminations), keeping one step per cell.
    fn place_direct(&mut self, mut steps: Vec<Step>) -> Vec<Step> {
        let mut placed = Vec::new();
        steps.retain(|s| {
            let Some(&(c, v)) = s.place.first() else {
                return false;
            };
            if placed.contains(&c) {
                return false;
            }
            placed.push(c);
            self.place(c, v);
            true
        });
        steps
    }

    /// Removes `v` from the candidates of an empty `cell`; `true` if it was there.
    fn remove(&mut self, cell: usize, v: usize) -> bool {
        if self.value[cell].is_some() || !self.cand[cell].contains(v) {
            return false;
        }
        self.cand[cell].remove(v);
        true
    }

    /// Why the board cannot be completed, when that shows directly: a contradiction met, an
    /// empty cell without candidates, or a unit missing a value no cell of it can take.
    pub fn contradiction(&self) -> Option<String> {
        if let Some(why) = &self.broken {
            return Some(why.clone());
        }
        if let Some(c) = (0..self.cand.len()).find(|&c| self.cand[c].is_empty()) {
            return Some(format!("{} has no candidate left", self.cell(c)));
        }
        let n = self.puzzle.size();
        for Unit { cells, name, .. } in self.units.iter() {
            let seen = cells.iter().fold(D::empty(), |d, &c| d.or(self.cand[c]));
            if let Some(v) = D::full(n).minus(seen).min() {
                return Some(format!("{} has no place for {}", name, self.sym(v)));
            }
        }
        // A sum whose cells are all placed holds one of its combinations.
        for sum in self.sums.iter() {
            let mut placed = D::empty();
            for &c in &sum.cells {
                match self.value[c] {
                    Some(v) => placed.insert(v),
                    None => break,
                }
            }
            let full = sum.cells.iter().all(|&c| self.value[c].is_some());
            if full && !sum.combos.contains(&placed) {
                return Some(format!("{} is broken", sum.name));
            }
        }
        self.broken_variant()
    }

    /// Applies one rung to the whole board, returning its deductions (pass 0, depth 0: the
    /// caller numbers them).
    pub fn apply(&mut self, rung: Rung) -> Vec<Step> {
        match rung {
            Rung::Forced => self.forced_digits(),
            Rung::NakedSingles => self.naked_singles(),
            Rung::HiddenSingles => self.hidden_singles(),
            Rung::Cages => self.cage_combinations(),
            Rung::Variants => self.variant_steps(),
            Rung::DirectLocked { pointing } => {
                let found = self.locked_candidates(pointing, true);
                self.place_direct(found)
            }
            Rung::DirectHidden(m) => {
                let found = self.hidden_subsets(m, true);
                self.place_direct(found)
            }
            Rung::Locked { pointing } => self.locked_candidates(pointing, false),
            Rung::Naked(m) => self.naked_subsets(m),
            Rung::Hidden(m) => self.hidden_subsets(m, false),
            Rung::Fish(m) => self.fish(m),
            Rung::FinnedFish(m) => self.finned_fish(m),
            Rung::XyWing => self.xy_wings(),
            Rung::Wing(k) => self.wings(k),
            Rung::UniqueRectangles => self.unique_rectangles(),
            Rung::BugPlusOne => self.bug_plus_one(),
            Rung::XChains(most) => self.static_chains(true, most, false),
            Rung::StaticChains => self.static_chains(false, usize::MAX, false),
            Rung::WWing => self.w_wings(),
            Rung::SueDeCoq => self.sue_de_coq(),
            Rung::AlsXz => self.als_xz(),
            Rung::AlsXyWing => self.als_xy_wings(),
            Rung::ForcingChains => self.forcing_chains(),
        }
    }

    fn step(&self, technique: Technique, unit: Option<String>, text: String) -> Step {
        Step {
            pass: 0,
            depth: 0,
            technique,
            unit,
            text,
            place: Vec::new(),
            eliminate: Vec::new(),
        }
    }

    /// The cells' names, comma-separated: `r1c2, r3c4`.
    fn cells_text(&self, cells: &[usize]) -> String {
        let names: Vec<String> = cells.iter().map(|&c| self.cell(c)).collect();
        names.join(", ")
    }

    /// A step of `technique` that removes `v` from `cells`, printed `{head} => r1c2, r3c4 <> v`.
    fn removal_step(&self, technique: Technique, head: String, cells: &[usize], v: usize) -> Step {
        let text = format!("{head} => {} <> {}", self.cells_text(cells), self.sym(v));
        let mut s = self.step(technique, None, text);
        s.eliminate = cells.iter().map(|&c| (c, v)).collect();
        s
    }

    /// Places `v` in `c` as a step of `technique`, e.g. `hidden single in box 4: r5c6 = 3`.
    fn place_step(
        &mut self,
        technique: Technique,
        unit: Option<String>,
        c: usize,
        v: usize,
    ) -> Step {
        let what = match &unit {
            Some(u) => format!("{} in {u}", technique.name()),
            None => technique.name(),
        };
        let text = format!("{what}: {} = {}", self.cell(c), self.sym(v));
        let mut s = self.step(technique, unit, text);
        s.place.push((c, v));
        self.place(c, v);
        s
    }

    /// The grid with each empty cell's candidates, columns aligned, boxes separated
    /// ([`format::write_marks`](crate::format::write_marks)).
    pub fn marks(&self) -> String {
        let mut out = String::new();
        crate::format::write_marks(&mut out, &self.puzzle, &self.mark_lists());
        out
    }

    /// Each cell's candidates (value indices); a filled cell's value alone.
    pub fn mark_lists(&self) -> Vec<Vec<usize>> {
        let n = self.puzzle.size();
        (0..n * n)
            .map(|c| match self.value[c] {
                Some(v) => vec![v],
                None => self.cand[c].iter().collect(),
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::{ReadOptions, read};

    fn puzzle(line: &str) -> Puzzle {
        read(line, "test", &ReadOptions::default()).unwrap()[0]
            .puzzle
            .clone()
    }

    const EASY: &str =
        "003020600900305001001806400008102900700000008006708200002609500800203009005010300";

    #[test]
    fn an_easy_puzzle_falls_to_singles() {
        let p = puzzle(EASY);
        let e = explain::<u16>(&p, &Rules::sudoku(), &ladder(9), false, usize::MAX);
        assert_eq!(e.ending, Ending::Solved);
        assert!(e.steps.iter().all(|s| s.technique.level() == Level::Easy));
        let grid: Vec<usize> = e.board.values().iter().map(|v| v.unwrap()).collect();
        assert!(puzzle::check_solution(&p, &Rules::sudoku(), &grid).is_empty());
        assert_eq!(rate::<u16>(&p, &Rules::sudoku()).level, Level::Easy);
    }

    #[test]
    fn subsets_find_pairs_and_respect_the_size() {
        // four cells of a 4-value unit: {1,2} {1,2} {1,2,3} {1,2,3,4}
        let items = [(0, 0b0011u16), (1, 0b0011), (2, 0b0111), (3, 0b1111)];
        let mut found = Vec::new();
        let clock = Clock::default();
        Board::<u16>::subsets(&items, 2, &clock, &mut |s, u| found.push((s.to_vec(), u)));
        assert_eq!(found, vec![(vec![0, 1], 0b0011)]);
        found.clear();
        Board::<u16>::subsets(&items, 3, &clock, &mut |s, u| found.push((s.to_vec(), u)));
        assert_eq!(found, vec![(vec![0, 1, 2], 0b0111)]);
    }

    #[test]
    fn guessing_solves_what_logic_cannot_and_each_contradiction_is_true() {
        // AI Escargot needs guessing with the ladder below forcing chains.
        let p = puzzle(
            "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
        );
        let rules = Rules::sudoku();
        let rungs: Vec<Rung> = ladder(9)
            .into_iter()
            .filter(|&r| r != Rung::ForcingChains)
            .collect();
        let stuck = explain::<u16>(&p, &rules, &rungs, false, usize::MAX);
        assert_eq!(stuck.ending, Ending::Stuck);
        let e = explain::<u16>(&p, &rules, &rungs, true, usize::MAX);
        assert_eq!(e.ending, Ending::Solved);
        let grid: Vec<usize> = e.board.values().iter().map(|v| v.unwrap()).collect();
        assert!(puzzle::check_solution(&p, &rules, &grid).is_empty());
        for s in e.steps.iter().filter(|s| s.depth == 0) {
            assert!(s.place.iter().all(|&(c, v)| grid[c] == v), "{}", s.text);
            assert!(s.eliminate.iter().all(|&(c, v)| grid[c] != v), "{}", s.text);
        }
        assert!(e.steps.iter().any(|s| s.technique == Technique::Guess));
    }
}
