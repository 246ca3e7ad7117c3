//! Human-style solving: pencil marks, a ladder of named techniques applied in passes, guesses
//! on demand, and a difficulty rating from the hardest technique a puzzle needs.
//!
//! # Data flow
//! A [`Board`] holds, for each cell, its placed value or its candidates (pencil marks) as an
//! engine [`Domain`]; its units are the rules' regions ([`sudoku::regions`]). [`explain`]
//! climbs the [`Rung`]s of a ladder: each pass applies the first rung that deduces anything
//! (every deduction it finds in one sweep) and starts again from the bottom, so each step is
//! explained by the easiest technique that finds it. Cage steps reuse the engine's
//! [`CageSum`] propagator on the cage's candidates. With guessing on, a stuck board picks the
//! cell with fewest candidates, tries each value on a copy, and a contradiction becomes an
//! elimination in the parent.

pub mod latex;

use crate::engine::{CageSum, Domain, Engine, VarId, combinations_cached};
use crate::models::{Puzzle, RegionKind, Rules, sudoku};
use std::fmt::Write;
use std::sync::Arc;

/// How hard a technique is, from easiest to hardest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Level {
    /// Singles and forced digits.
    Easy,
    /// Locked candidates and cage combinations.
    Medium,
    /// Pairs and triples (naked and hidden).
    Hard,
    /// Preemptive sets of four or more.
    Expert,
    /// Logic alone is stuck: the puzzle needs trial and error.
    Guessing,
}

impl Level {
    /// The level's name as printed.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
            Level::Guessing => "needs guessing",
        }
    }
}

/// A deduction technique (or a guess, or what a guess's contradiction proves).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Technique {
    /// J. F. Crook's forced digit: the only empty cell of a box whose row and column do not
    /// already hold the digit.
    ForcedDigit,
    /// A cell with one candidate left.
    NakedSingle,
    /// A value with one place left in a unit.
    HiddenSingle,
    /// A cage's surviving digit combinations narrow its cells.
    CageCombination,
    /// A rule-of-45 sum (innies, outies) narrows its cells like a cage.
    Innies,
    /// A value confined to a box's intersection with a row or column (`pointing` when the box
    /// is the source, `claiming` when the row or column is).
    LockedCandidates {
        /// Whether the box is where the value is confined.
        pointing: bool,
    },
    /// m cells of a unit holding only m values between them (Crook's preemptive set).
    NakedSubset(usize),
    /// m values of a unit with only m cells between them.
    HiddenSubset(usize),
    /// A value whose places in m rows lie in m columns (or the other way round): X-wing (2),
    /// swordfish (3), jellyfish (4).
    Fish(usize),
    /// A cell {a,b} seeing cells {a,c} and {b,c}: c leaves every cell seeing both.
    XyWing,
    /// A trial value.
    Guess,
    /// A guess led to a contradiction, so its value is removed.
    Contradiction,
}

impl Technique {
    /// The technique's name as printed: `naked single`, `hidden pair`, `naked set of 5`, …
    pub fn name(self) -> String {
        let size = |m: usize| match m {
            2 => "pair".to_string(),
            3 => "triple".to_string(),
            4 => "quad".to_string(),
            m => format!("set of {m}"),
        };
        match self {
            Technique::ForcedDigit => "forced digit".into(),
            Technique::NakedSingle => "naked single".into(),
            Technique::HiddenSingle => "hidden single".into(),
            Technique::CageCombination => "cage combination".into(),
            Technique::Innies => "innies and outies".into(),
            Technique::LockedCandidates { pointing: true } => "locked candidates (pointing)".into(),
            Technique::LockedCandidates { pointing: false } => {
                "locked candidates (claiming)".into()
            }
            Technique::NakedSubset(m) => format!("naked {}", size(m)),
            Technique::HiddenSubset(m) => format!("hidden {}", size(m)),
            Technique::Fish(2) => "x-wing".into(),
            Technique::Fish(3) => "swordfish".into(),
            Technique::Fish(4) => "jellyfish".into(),
            Technique::Fish(m) => format!("fish of {m}"),
            Technique::XyWing => "xy-wing".into(),
            Technique::Guess => "guess".into(),
            Technique::Contradiction => "contradiction".into(),
        }
    }

    /// The difficulty score, on a scale modelled on Sudoku Explainer's ratings.
    pub fn score(self) -> f64 {
        match self {
            Technique::ForcedDigit => 1.2,
            Technique::HiddenSingle => 1.5,
            Technique::NakedSingle => 2.3,
            Technique::CageCombination => 2.0,
            Technique::Innies => 2.5,
            Technique::LockedCandidates { pointing: true } => 2.6,
            Technique::LockedCandidates { pointing: false } => 2.8,
            Technique::NakedSubset(2) => 3.0,
            Technique::HiddenSubset(2) => 3.4,
            Technique::NakedSubset(3) => 3.6,
            Technique::HiddenSubset(3) => 4.0,
            Technique::NakedSubset(m) => 5.0 + 0.4 * (m as f64 - 4.0),
            Technique::HiddenSubset(m) => 5.4 + 0.4 * (m as f64 - 4.0),
            Technique::Fish(2) => 3.2,
            Technique::Fish(3) => 3.8,
            Technique::Fish(m) => 5.2 + 0.4 * (m as f64 - 4.0),
            Technique::XyWing => 4.2,
            Technique::Guess | Technique::Contradiction => 10.0,
        }
    }

    /// The technique's level.
    pub fn level(self) -> Level {
        match self {
            Technique::ForcedDigit | Technique::NakedSingle | Technique::HiddenSingle => {
                Level::Easy
            }
            Technique::CageCombination | Technique::Innies | Technique::LockedCandidates { .. } => {
                Level::Medium
            }
            Technique::NakedSubset(m) | Technique::HiddenSubset(m) | Technique::Fish(m)
                if m <= 3 =>
            {
                Level::Hard
            }
            Technique::XyWing => Level::Hard,
            Technique::NakedSubset(_) | Technique::HiddenSubset(_) | Technique::Fish(_) => {
                Level::Expert
            }
            Technique::Guess | Technique::Contradiction => Level::Guessing,
        }
    }
}

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
    /// Pointing and claiming.
    Locked,
    /// Naked subsets of this size.
    Naked(usize),
    /// Hidden subsets of this size.
    Hidden(usize),
    /// Fish of this size over rows and columns.
    Fish(usize),
    /// XY-wings.
    XyWing,
}

impl Rung {
    /// The level of the techniques the rung applies.
    pub fn level(self) -> Level {
        match self {
            Rung::Forced | Rung::NakedSingles | Rung::HiddenSingles => Level::Easy,
            Rung::Cages | Rung::Locked => Level::Medium,
            Rung::Naked(m) => Technique::NakedSubset(m).level(),
            Rung::Hidden(m) => Technique::HiddenSubset(m).level(),
            Rung::Fish(m) => Technique::Fish(m).level(),
            Rung::XyWing => Technique::XyWing.level(),
        }
    }
}

/// Why logic cannot take `puzzle`, if it cannot: it reasons about a cage through its list of
/// combinations, and a cage with more than [`sudoku::MAX_COMBINATIONS`] has too many to list.
pub fn refuses(puzzle: &Puzzle, rules: &Rules) -> Option<String> {
    let weights = puzzle.symbols().as_slice();
    let cages = if rules.cages { puzzle.cages() } else { &[] };
    cages.iter().find_map(|cage| {
        (!sudoku::fits_a_table(weights, cage.cells.len(), cage.total)).then(|| {
            format!(
                "{} has more than {} combinations, too many for logic to reason with \
                 (solve and count can take it)",
                sudoku::cage_name(puzzle, cage),
                sudoku::MAX_COMBINATIONS
            )
        })
    })
}

/// The full ladder for an n×n grid: singles, cages, locked candidates, then naked and hidden
/// subsets of every size from 2 to n − 1, smallest first.
pub fn ladder(n: usize) -> Vec<Rung> {
    let mut rungs = vec![
        Rung::Forced,
        Rung::HiddenSingles,
        Rung::NakedSingles,
        Rung::Cages,
        Rung::Locked,
    ];
    for m in 2..n {
        rungs.push(Rung::Naked(m));
        rungs.push(Rung::Hidden(m));
        if m == 2 {
            rungs.push(Rung::Fish(2));
        }
        if m == 3 {
            rungs.push(Rung::Fish(3));
            rungs.push(Rung::XyWing);
        }
        if m == 4 {
            rungs.push(Rung::Fish(4));
        }
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

/// The grid being worked on: placed values and pencil marks.
#[derive(Debug, Clone)]
pub struct Board<D> {
    puzzle: Puzzle,
    /// Cells of each unit, and each unit's name and kind.
    units: Arc<[(Vec<usize>, String, RegionKind)]>,
    /// Units of each cell.
    cell_units: Arc<[Vec<usize>]>,
    sums: Arc<[Sum<D>]>,
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
        let units: Vec<(Vec<usize>, String, RegionKind)> =
            sudoku::regions(rules, n, puzzle.box_size())
                .into_iter()
                .map(|r| (r.cells().collect(), r.to_string(), r.kind))
                .collect();
        let mut cell_units = vec![Vec::new(); n * n];
        for (u, (cells, _, _)) in units.iter().enumerate() {
            cells.iter().for_each(|&c| cell_units[c].push(u));
        }
        let mut sums = Vec::new();
        if rules.cages {
            let weights = puzzle.symbols().as_slice();
            for cage in puzzle.cages() {
                sums.push(Sum {
                    name: sudoku::cage_name(puzzle, cage),
                    cells: cage.cells.clone(),
                    technique: Technique::CageCombination,
                    combos: combinations_cached::<D>(weights, cage.cells.len(), cage.total).into(),
                });
            }
            let regions = sudoku::regions(rules, n, puzzle.box_size());
            for s in sudoku::house_sums(puzzle, &regions, true) {
                // A sum with too many combinations to list says too little to reason with.
                if !sudoku::fits_a_table(weights, s.cells.len(), s.total) {
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
        let mut board = Board {
            puzzle: puzzle.clone(),
            units: units.into(),
            cell_units: cell_units.into(),
            sums: sums.into(),
            value: vec![None; n * n],
            held: vec![D::empty(); units_len],
            cand: vec![D::full(n); n * n],
            broken: None,
            clock: Clock::default(),
        };
        for (cell, given) in puzzle.givens().iter().enumerate() {
            if let Some(v) = *given {
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

    /// Whether every cell is filled.
    pub fn solved(&self) -> bool {
        self.broken.is_none() && self.value.iter().all(Option::is_some)
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
            for &p in &self.units[u].0 {
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
        for (cells, name, _) in self.units.iter() {
            let seen = cells.iter().fold(D::empty(), |d, &c| d.or(self.cand[c]));
            if let Some(v) = D::full(n).minus(seen).min() {
                return Some(format!("{} has no place for {}", name, self.sym(v)));
            }
        }
        None
    }

    /// Applies one rung to the whole board, returning its deductions (pass 0, depth 0: the
    /// caller numbers them).
    pub fn apply(&mut self, rung: Rung) -> Vec<Step> {
        match rung {
            Rung::Forced => self.forced_digits(),
            Rung::NakedSingles => self.naked_singles(),
            Rung::HiddenSingles => self.hidden_singles(),
            Rung::Cages => self.cage_combinations(),
            Rung::Locked => self.locked_candidates(),
            Rung::Naked(m) => self.naked_subsets(m),
            Rung::Hidden(m) => self.hidden_subsets(m),
            Rung::Fish(m) => self.fish(m),
            Rung::XyWing => self.xy_wings(),
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

    fn forced_digits(&mut self) -> Vec<Step> {
        let n = self.puzzle.size();
        let mut steps = Vec::new();
        for u in 0..self.units.len() {
            if self.units[u].2 != RegionKind::Box {
                continue;
            }
            for v in 0..n {
                if self.held[u].contains(v) {
                    continue;
                }
                let cells = &self.units[u].0;
                // Empty cells whose row and column do not hold v yet.
                let mut open = cells.iter().copied().filter(|&c| {
                    self.value[c].is_none()
                        && self.cell_units[c].iter().all(|&w| {
                            w == u
                                || !matches!(self.units[w].2, RegionKind::Row | RegionKind::Column)
                                || !self.held[w].contains(v)
                        })
                });
                if let (Some(c), None) = (open.next(), open.next()) {
                    let unit = Some(self.units[u].1.clone());
                    steps.push(self.place_step(Technique::ForcedDigit, unit, c, v));
                }
            }
        }
        steps
    }

    fn naked_singles(&mut self) -> Vec<Step> {
        let mut steps = Vec::new();
        for c in 0..self.cand.len() {
            if self.value[c].is_none()
                && let Some(v) = self.cand[c].single()
            {
                steps.push(self.place_step(Technique::NakedSingle, None, c, v));
            }
        }
        steps
    }

    fn hidden_singles(&mut self) -> Vec<Step> {
        let n = self.puzzle.size();
        let mut steps = Vec::new();
        for u in 0..self.units.len() {
            for v in 0..n {
                if self.held[u].contains(v) {
                    continue;
                }
                let cells = &self.units[u].0;
                let mut at = cells.iter().copied().filter(|&c| self.cand[c].contains(v));
                if let (Some(c), None) = (at.next(), at.next()) {
                    let unit = Some(self.units[u].1.clone());
                    steps.push(self.place_step(Technique::HiddenSingle, unit, c, v));
                }
            }
        }
        steps
    }

    /// Each cage (and rule-of-45 set) narrowed by the engine's cage-sum propagator.
    fn cage_combinations(&mut self) -> Vec<Step> {
        let mut steps = Vec::new();
        let sums = Arc::clone(&self.sums);
        for sum in sums.iter() {
            let mut engine = Engine::<D>::new();
            let vars: Vec<VarId> = sum
                .cells
                .iter()
                .map(|&c| engine.new_var(self.cand[c]))
                .collect();
            engine.post(CageSum::new("", vars.clone(), Arc::clone(&sum.combos)));
            if engine.propagate().is_err() {
                let why = format!("{} cannot reach its total", sum.name);
                self.broken.get_or_insert(why);
                return steps;
            }
            let mut s = self.step(sum.technique, Some(sum.name.clone()), String::new());
            let mut changes = Vec::new();
            for (&c, &var) in sum.cells.iter().zip(&vars) {
                let lost = self.cand[c].minus(engine.dom(var));
                if self.value[c].is_none() && !lost.is_empty() {
                    changes.push(format!("{} <> {}", self.cell(c), self.syms(lost)));
                    for v in lost.iter() {
                        self.remove(c, v);
                        s.eliminate.push((c, v));
                    }
                }
            }
            if changes.is_empty() {
                continue;
            }
            let live: Vec<String> = sum
                .combos
                .iter()
                .filter(|&&combo| sum.cells.iter().all(|&c| self.cand[c].intersects(combo)))
                .map(|&combo| format!("{{{}}}", self.syms(combo)))
                .collect();
            s.text = format!("{}: {} => {}", sum.name, live.join(" "), changes.join("; "));
            steps.push(s);
        }
        steps
    }

    fn locked_candidates(&mut self) -> Vec<Step> {
        let n = self.puzzle.size();
        let mut steps = Vec::new();
        for a in 0..self.units.len() {
            for v in 0..n {
                let at: Vec<usize> = self.units[a]
                    .0
                    .iter()
                    .copied()
                    .filter(|&c| self.value[c].is_none() && self.cand[c].contains(v))
                    .collect();
                if at.len() < 2 {
                    continue;
                }
                // Another unit holding every place of v in unit a: v leaves its other cells.
                let (units, cell_units) = (Arc::clone(&self.units), Arc::clone(&self.cell_units));
                for &b in &cell_units[at[0]] {
                    if b == a || !at.iter().all(|c| units[b].0.contains(c)) {
                        continue;
                    }
                    let hit: Vec<usize> = units[b]
                        .0
                        .iter()
                        .copied()
                        .filter(|c| !at.contains(c) && self.remove(*c, v))
                        .collect();
                    if hit.is_empty() {
                        continue;
                    }
                    let pointing = units[a].2 == RegionKind::Box;
                    let t = Technique::LockedCandidates { pointing };
                    let cells: Vec<String> = hit.iter().map(|&c| self.cell(c)).collect();
                    let text = format!(
                        "{}: {} in {} => {} <> {}",
                        t.name(),
                        self.sym(v),
                        units[a].1,
                        cells.join(", "),
                        self.sym(v)
                    );
                    let mut s = self.step(t, Some(units[a].1.clone()), text);
                    s.eliminate = hit.iter().map(|&c| (c, v)).collect();
                    steps.push(s);
                }
            }
        }
        steps
    }

    /// Calls `f` with each set of `m` items of `items` whose masks' union has at most `m`
    /// values, pruning as soon as a partial union is too big.
    fn subsets(items: &[(usize, D)], m: usize, clock: &Clock, f: &mut impl FnMut(&[usize], D)) {
        fn rec<D: Domain>(
            items: &[(usize, D)],
            m: usize,
            from: usize,
            chosen: &mut Vec<usize>,
            union: D,
            clock: &Clock,
            f: &mut impl FnMut(&[usize], D),
        ) {
            if chosen.len() == m {
                f(chosen, union);
                return;
            }
            for i in from..items.len() {
                if clock.out() {
                    return;
                }
                let u = union.or(items[i].1);
                if u.len() as usize <= m && items.len() - i >= m - chosen.len() {
                    chosen.push(items[i].0);
                    rec(items, m, i + 1, chosen, u, clock, f);
                    chosen.pop();
                }
            }
        }
        rec(
            items,
            m,
            0,
            &mut Vec::with_capacity(m),
            D::empty(),
            clock,
            f,
        );
    }

    fn naked_subsets(&mut self, m: usize) -> Vec<Step> {
        let mut steps = Vec::new();
        let units = Arc::clone(&self.units);
        for (cells, name, _) in units.iter() {
            let empty: Vec<(usize, D)> = cells
                .iter()
                .filter(|&&c| self.value[c].is_none())
                .map(|&c| (c, self.cand[c]))
                .collect();
            if empty.len() <= m {
                continue;
            }
            let mut found: Vec<(Vec<usize>, D)> = Vec::new();
            Self::subsets(&empty, m, &self.clock, &mut |set, union| {
                found.push((set.to_vec(), union))
            });
            for (set, union) in found {
                let mut s = self.step(Technique::NakedSubset(m), Some(name.clone()), String::new());
                let mut changes = Vec::new();
                for &(c, _) in &empty {
                    if set.contains(&c) {
                        continue;
                    }
                    let lost = self.cand[c].and(union);
                    if !lost.is_empty() {
                        changes.push(format!("{} <> {}", self.cell(c), self.syms(lost)));
                        for v in lost.iter() {
                            self.remove(c, v);
                            s.eliminate.push((c, v));
                        }
                    }
                }
                if !changes.is_empty() {
                    let at: Vec<String> = set.iter().map(|&c| self.cell(c)).collect();
                    s.text = format!(
                        "{} (preemptive set) {{{}}} in {name} at {} => {}",
                        Technique::NakedSubset(m).name(),
                        self.syms(union),
                        at.join(","),
                        changes.join("; ")
                    );
                    steps.push(s);
                }
            }
        }
        steps
    }

    fn hidden_subsets(&mut self, m: usize) -> Vec<Step> {
        let n = self.puzzle.size();
        let mut steps = Vec::new();
        let units = Arc::clone(&self.units);
        for (u, (cells, name, _)) in units.iter().enumerate() {
            let empty: Vec<usize> = cells
                .iter()
                .copied()
                .filter(|&c| self.value[c].is_none())
                .collect();
            if empty.len() <= m {
                continue;
            }
            // Each missing value with the positions (indices into `empty`) it can take.
            let missing: Vec<(usize, D)> = (0..n)
                .filter(|&v| !self.held[u].contains(v))
                .map(|v| {
                    let mut at = D::empty();
                    for (i, &c) in empty.iter().enumerate() {
                        if self.cand[c].contains(v) {
                            at.insert(i);
                        }
                    }
                    (v, at)
                })
                .collect();
            let mut found: Vec<(Vec<usize>, D)> = Vec::new();
            Self::subsets(&missing, m, &self.clock, &mut |set, at| {
                found.push((set.to_vec(), at))
            });
            for (values, at) in found {
                let keep = values
                    .iter()
                    .fold(D::empty(), |d, &v| d.or(D::singleton(v)));
                let mut s = self.step(
                    Technique::HiddenSubset(m),
                    Some(name.clone()),
                    String::new(),
                );
                let mut changes = Vec::new();
                for i in at.iter() {
                    let c = empty[i];
                    let lost = self.cand[c].minus(keep);
                    if !lost.is_empty() {
                        changes.push(format!("{} <> {}", self.cell(c), self.syms(lost)));
                        for v in lost.iter() {
                            self.remove(c, v);
                            s.eliminate.push((c, v));
                        }
                    }
                }
                if !changes.is_empty() {
                    let where_: Vec<String> = at.iter().map(|i| self.cell(empty[i])).collect();
                    s.text = format!(
                        "{} {{{}}} in {name} at {} => {}",
                        Technique::HiddenSubset(m).name(),
                        self.syms(keep),
                        where_.join(","),
                        changes.join("; ")
                    );
                    steps.push(s);
                }
            }
        }
        steps
    }

    /// Whether two distinct cells share a unit.
    fn sees(&self, a: usize, b: usize) -> bool {
        a != b
            && self.cell_units[a]
                .iter()
                .any(|u| self.cell_units[b].contains(u))
    }

    /// Fish of size m: for a value, m rows whose places for it lie in m columns between them
    /// take it out of those columns' other rows (and the same with rows and columns swapped).
    fn fish(&mut self, m: usize) -> Vec<Step> {
        let n = self.puzzle.size();
        let mut steps = Vec::new();
        // Fish are made of rows and columns: rules without both have none.
        let has = |kind| self.units.iter().any(|(_, _, k)| *k == kind);
        if !(has(RegionKind::Row) && has(RegionKind::Column)) {
            return steps;
        }
        for (base_kind, cover_kind) in [
            (RegionKind::Row, RegionKind::Column),
            (RegionKind::Column, RegionKind::Row),
        ] {
            let index = |c: usize, kind| {
                if kind == RegionKind::Row {
                    c / n
                } else {
                    c % n
                }
            };
            for v in 0..n {
                // Each base line where v is not placed, with the cover lines of its places.
                let lines: Vec<(usize, D)> = (0..n)
                    .filter_map(|line| {
                        let cells = (0..n).map(|i| match base_kind {
                            RegionKind::Row => line * n + i,
                            _ => i * n + line,
                        });
                        let mut at = D::empty();
                        for c in cells {
                            if self.value[c] == Some(v) {
                                return None;
                            }
                            if self.value[c].is_none() && self.cand[c].contains(v) {
                                at.insert(index(c, cover_kind));
                            }
                        }
                        (at.len() >= 2).then_some((line, at))
                    })
                    .collect();
                let mut found: Vec<(Vec<usize>, D)> = Vec::new();
                Self::subsets(&lines, m, &self.clock, &mut |set, cover| {
                    found.push((set.to_vec(), cover))
                });
                for (base, cover) in found {
                    if cover.len() as usize != m {
                        continue;
                    }
                    let mut hit = Vec::new();
                    for c in 0..n * n {
                        if cover.contains(index(c, cover_kind))
                            && !base.contains(&index(c, base_kind))
                            && self.remove(c, v)
                        {
                            hit.push(c);
                        }
                    }
                    if hit.is_empty() {
                        continue;
                    }
                    let t = Technique::Fish(m);
                    let word = |k| {
                        if k == RegionKind::Row {
                            "rows"
                        } else {
                            "columns"
                        }
                    };
                    let list = |d: Vec<usize>| {
                        let v: Vec<String> = d.iter().map(|i| (i + 1).to_string()).collect();
                        v.join(",")
                    };
                    let cells: Vec<String> = hit.iter().map(|&c| self.cell(c)).collect();
                    let text = format!(
                        "{} on {} in {} {} and {} {} => {} <> {}",
                        t.name(),
                        self.sym(v),
                        word(base_kind),
                        list(base.clone()),
                        word(cover_kind),
                        list(cover.iter().collect()),
                        cells.join(", "),
                        self.sym(v)
                    );
                    let mut s = self.step(t, None, text);
                    s.eliminate = hit.iter().map(|&c| (c, v)).collect();
                    steps.push(s);
                }
            }
        }
        steps
    }

    fn xy_wings(&mut self) -> Vec<Step> {
        let mut steps = Vec::new();
        let cells = self.cand.len();
        let two: Vec<usize> = (0..cells)
            .filter(|&c| self.value[c].is_none() && self.cand[c].len() == 2)
            .collect();
        for &pivot in &two {
            for &x in &two {
                for &y in &two {
                    if x >= y || !self.sees(pivot, x) || !self.sees(pivot, y) {
                        continue;
                    }
                    let (p, a, b) = (self.cand[pivot], self.cand[x], self.cand[y]);
                    // pivot {a,b}, x {a,c}, y {b,c}: c = the value x and y share, not in pivot
                    let shared = a.and(b);
                    let Some(c) = shared.single() else { continue };
                    if p.contains(c) || a.and(p).len() != 1 || b.and(p).len() != 1 {
                        continue;
                    }
                    if a.and(p) == b.and(p) {
                        continue;
                    }
                    let seen: Vec<usize> = (0..cells)
                        .filter(|&t| t != pivot && self.sees(t, x) && self.sees(t, y))
                        .collect();
                    let hit: Vec<usize> = seen.into_iter().filter(|&t| self.remove(t, c)).collect();
                    if hit.is_empty() {
                        continue;
                    }
                    let names: Vec<String> = hit.iter().map(|&t| self.cell(t)).collect();
                    let text = format!(
                        "xy-wing: {} {{{}}} with {} {{{}}} and {} {{{}}} => {} <> {}",
                        self.cell(pivot),
                        self.syms(p),
                        self.cell(x),
                        self.syms(a),
                        self.cell(y),
                        self.syms(b),
                        names.join(", "),
                        self.sym(c)
                    );
                    let mut s = self.step(Technique::XyWing, None, text);
                    s.eliminate = hit.iter().map(|&t| (t, c)).collect();
                    steps.push(s);
                }
            }
        }
        steps
    }

    /// The grid with each empty cell's candidates, columns aligned, boxes separated.
    pub fn marks(&self) -> String {
        let n = self.puzzle.size();
        let k = self.puzzle.box_size();
        let wide = self.puzzle.symbols().width() > 1;
        let text: Vec<String> = (0..n * n)
            .map(|c| match self.value[c] {
                Some(v) => self.sym(v),
                None if wide => format!("{{{}}}", self.syms(self.cand[c])),
                None => self.cand[c].iter().map(|v| self.sym(v)).collect(),
            })
            .collect();
        let width: Vec<usize> = (0..n)
            .map(|col| (0..n).map(|r| text[r * n + col].len()).max().unwrap_or(1))
            .collect();
        let mut out = String::new();
        for r in 0..n {
            if r > 0 && r % k == 0 {
                let parts: Vec<String> = (0..k)
                    .map(|b| {
                        let w: usize = (b * k..(b + 1) * k).map(|c| width[c]).sum();
                        "-".repeat(w + k - 1)
                    })
                    .collect();
                out.push_str(&parts.join("-+-"));
                out.push('\n');
            }
            let mut line = String::new();
            for col in 0..n {
                if col > 0 {
                    line.push_str(if col % k == 0 { " | " } else { " " });
                }
                let _ = write!(line, "{:<w$}", text[r * n + col], w = width[col]);
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out
    }
}

/// How an explanation ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// Every cell is filled.
    Solved,
    /// No rung of the ladder deduces anything more (and guessing was off).
    Stuck,
    /// The puzzle has no solution: logic or every guess met a contradiction.
    Contradiction,
    /// The step limit was reached.
    StepLimit,
    /// The guess limit was reached.
    GuessLimit,
    /// The deadline passed.
    Timeout,
}

/// Bounds on an explanation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// Steps at most.
    pub steps: usize,
    /// Guesses at most (with guessing).
    pub guesses: Option<u64>,
    /// Stop after this point in time.
    pub deadline: Option<std::time::Instant>,
}

impl Budget {
    /// At most `steps` steps, no other bound.
    pub fn steps(steps: usize) -> Self {
        Budget {
            steps,
            guesses: None,
            deadline: None,
        }
    }
}

/// The steps taken and the board they lead to.
#[derive(Debug, Clone)]
pub struct Explanation<D> {
    /// Every step in order, guesses and their consequences included.
    pub steps: Vec<Step>,
    /// How it ended.
    pub ending: Ending,
    /// The board at the end (on the solved branch, when guessing found a solution).
    pub board: Board<D>,
}

impl<D: Domain> Explanation<D> {
    /// The hardest technique among the steps taken by logic alone (depth 0, no guess), if any.
    pub fn hardest(&self) -> Option<Technique> {
        self.steps
            .iter()
            .filter(|s| s.depth == 0 && s.technique != Technique::Contradiction)
            .map(|s| s.technique)
            .max_by(|a, b| a.score().total_cmp(&b.score()))
    }
}

/// Climbs `rungs` pass after pass from the puzzle's givens; with `guess`, continues past a
/// stuck point by trial and error. At most `max_steps` steps are taken.
pub fn explain<D: Domain>(
    puzzle: &Puzzle,
    rules: &Rules,
    rungs: &[Rung],
    guess: bool,
    max_steps: usize,
) -> Explanation<D> {
    explain_within(puzzle, rules, rungs, guess, &Budget::steps(max_steps))
}

/// [`explain`] within a budget of steps, guesses and time.
pub fn explain_within<D: Domain>(
    puzzle: &Puzzle,
    rules: &Rules,
    rungs: &[Rung],
    guess: bool,
    budget: &Budget,
) -> Explanation<D> {
    let mut board = Board::<D>::new(puzzle, rules);
    board.clock.deadline = budget.deadline;
    let mut climb = Climb {
        rungs,
        guess,
        budget,
        pass: 0,
        guesses: 0,
        steps: Vec::new(),
    };
    let ending = climb.run(&mut board, 0);
    Explanation {
        steps: climb.steps,
        ending,
        board,
    }
}

/// The state of one explanation: what it may do and what it did so far.
struct Climb<'a> {
    rungs: &'a [Rung],
    guess: bool,
    budget: &'a Budget,
    pass: usize,
    guesses: u64,
    steps: Vec<Step>,
}

impl Climb<'_> {
    fn run<D: Domain>(&mut self, board: &mut Board<D>, depth: usize) -> Ending {
        let Climb { rungs, guess, .. } = *self;
        'pass: loop {
            if board.contradiction().is_some() {
                return Ending::Contradiction;
            }
            if board.solved() {
                return Ending::Solved;
            }
            if self.steps.len() >= self.budget.steps {
                return Ending::StepLimit;
            }
            if self
                .budget
                .deadline
                .is_some_and(|d| std::time::Instant::now() >= d)
            {
                return Ending::Timeout;
            }
            for &rung in rungs {
                let found = board.apply(rung);
                if board.clock.out() {
                    // Steps found before the time ran out are sound; the pass is not finished.
                    self.pass += 1;
                    for mut s in found {
                        s.pass = self.pass;
                        s.depth = depth;
                        self.steps.push(s);
                    }
                    return Ending::Timeout;
                }
                if !found.is_empty() {
                    self.pass += 1;
                    for mut s in found {
                        s.pass = self.pass;
                        s.depth = depth;
                        self.steps.push(s);
                    }
                    continue 'pass;
                }
            }
            if !guess {
                return Ending::Stuck;
            }
            if self.budget.guesses.is_some_and(|g| self.guesses >= g) {
                return Ending::GuessLimit;
            }
            // The empty cell with the fewest candidates; try each.
            let Some(cell) = (0..board.cand.len())
                .filter(|&c| board.value[c].is_none())
                .min_by_key(|&c| board.cand[c].len())
            else {
                return Ending::Stuck;
            };
            // Guess the smallest candidate; a contradiction removes it and logic resumes
            // (which may then place the other value, or guess again).
            let options = board.cand[cell];
            let Some(v) = options.min() else {
                return Ending::Contradiction;
            };
            let mut child = board.clone();
            self.pass += 1;
            self.guesses += 1;
            let text = format!(
                "guess {} = {} (of {{{}}})",
                board.cell(cell),
                board.sym(v),
                board.syms(options)
            );
            let mut s = board.step(Technique::Guess, None, text);
            (s.pass, s.depth) = (self.pass, depth + 1);
            s.place.push((cell, v));
            self.steps.push(s);
            child.place(cell, v);
            match self.run(&mut child, depth + 1) {
                Ending::Solved => {
                    *board = child;
                    return Ending::Solved;
                }
                limit @ (Ending::StepLimit | Ending::GuessLimit | Ending::Timeout) => {
                    return limit;
                }
                Ending::Stuck | Ending::Contradiction => {
                    let why = child.contradiction().unwrap_or_default();
                    self.pass += 1;
                    let text = format!(
                        "contradiction after guessing {} = {}: {why}; so {} <> {}",
                        board.cell(cell),
                        board.sym(v),
                        board.cell(cell),
                        board.sym(v)
                    );
                    let mut s = board.step(Technique::Contradiction, None, text);
                    (s.pass, s.depth) = (self.pass, depth);
                    s.eliminate.push((cell, v));
                    self.steps.push(s);
                    board.remove(cell, v);
                }
            }
        }
    }
}

/// A difficulty rating.
#[derive(Debug, Clone, PartialEq)]
pub struct Rating {
    /// The level of the hardest technique needed, or [`Level::Guessing`].
    pub level: Level,
    /// The score of the hardest technique (10.0 when guessing is needed).
    pub score: f64,
    /// The hardest technique used by logic.
    pub hardest: Option<Technique>,
    /// Cells logic alone filled, and cells that were empty.
    pub filled: (usize, usize),
    /// How logic ended: solved, stuck (guessing needed), a contradiction, or a limit of the
    /// budget (the rating is then no difficulty).
    pub ending: Ending,
}

/// Whether logic solves `puzzle` with the techniques of `level` and below: the same answer as
/// `rate(puzzle, rules).level <= level` (the ladder's levels only grow, and a rung is tried
/// only when every easier one is stuck), without trying the harder rungs.
pub fn solves_within<D: Domain>(puzzle: &Puzzle, rules: &Rules, level: Level) -> bool {
    let rungs: Vec<Rung> = ladder(puzzle.size())
        .into_iter()
        .filter(|r| r.level() <= level)
        .collect();
    explain::<D>(puzzle, rules, &rungs, false, usize::MAX).ending == Ending::Solved
}

/// Rates a puzzle by the full ladder without guessing.
pub fn rate<D: Domain>(puzzle: &Puzzle, rules: &Rules) -> Rating {
    rate_within::<D>(puzzle, rules, &Budget::steps(usize::MAX))
}

/// [`rate`] within a budget of steps and time: when it runs out, the rating says so in
/// [`Rating::ending`] and is not a difficulty.
pub fn rate_within<D: Domain>(puzzle: &Puzzle, rules: &Rules, budget: &Budget) -> Rating {
    let e = explain_within::<D>(puzzle, rules, &ladder(puzzle.size()), false, budget);
    let hardest = e.hardest();
    let empty = puzzle.gaps();
    let filled = empty - e.board.unknown();
    if e.ending == Ending::Solved {
        Rating {
            level: hardest.map_or(Level::Easy, Technique::level),
            score: hardest.map_or(0.0, Technique::score),
            hardest,
            filled: (filled, empty),
            ending: e.ending,
        }
    } else {
        Rating {
            level: Level::Guessing,
            score: Technique::Guess.score(),
            hardest,
            filled: (filled, empty),
            ending: e.ending,
        }
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
        assert!(sudoku::check_solution(&p, &Rules::sudoku(), &grid).is_empty());
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
        // AI Escargot needs guessing with this ladder.
        let p = puzzle(
            "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
        );
        let rules = Rules::sudoku();
        let stuck = explain::<u16>(&p, &rules, &ladder(9), false, usize::MAX);
        assert_eq!(stuck.ending, Ending::Stuck);
        let e = explain::<u16>(&p, &rules, &ladder(9), true, usize::MAX);
        assert_eq!(e.ending, Ending::Solved);
        let grid: Vec<usize> = e.board.values().iter().map(|v| v.unwrap()).collect();
        assert!(sudoku::check_solution(&p, &rules, &grid).is_empty());
        for s in e.steps.iter().filter(|s| s.depth == 0) {
            assert!(s.place.iter().all(|&(c, v)| grid[c] == v), "{}", s.text);
            assert!(s.eliminate.iter().all(|&(c, v)| grid[c] != v), "{}", s.text);
        }
        assert!(e.steps.iter().any(|s| s.technique == Technique::Guess));
    }
}
