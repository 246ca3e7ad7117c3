//! What a constraint kind posts itself with: the engine, the cells' variables, the symbols'
//! values, which cells share a region, and the shapes most kinds are posted as (pair tables,
//! automata, group sums).

use super::exclusion_groups::exclusion_groups;
use super::{Cage, Constraint, PairKind, Region};
use crate::engine::{
    AllDifferent, Domain, Engine, GroupSum, Layered, PairTable, Predicate, Regular, Test, VarId,
};
use crate::puzzle::{self, Puzzle};

/// Most edges one unfolded line automaton may have (a sandwich or x-sum on a 25×25 grid has a
/// few hundred thousand).
pub(crate) const MAX_EDGES: usize = 1 << 22;

/// An automaton over cells in the order it reads them, or `None` when it passed its budget.
pub(crate) type Unfolded = Option<(Vec<usize>, Layered)>;

/// One constraint being posted, and what posting it needs.
#[derive(Debug)]
pub(crate) struct Post<'a, D: Domain> {
    /// The engine, whose variable `vars[cell]` is the cell.
    pub(crate) engine: &'a mut Engine<D>,
    /// The cells' variables.
    pub(crate) vars: &'a [VarId],
    /// The puzzle.
    pub(crate) puzzle: &'a Puzzle,
    /// The rules' regions.
    pub(crate) regions: &'a [puzzle::Region],
    /// Which cells must differ.
    pub(crate) houses: &'a Houses,
    /// The constraint, whole (a fallback checks it as a whole).
    pub(crate) constraint: &'a Constraint,
    /// Its name in traces, or empty.
    pub(crate) name: String,
    /// The symbols' values, as the constraints read them.
    pub(crate) w: &'a [i64],
    /// The symbols' values as sums weigh them.
    pub(crate) weights: &'a [u64],
}

impl<D: Domain> Post<'_, D> {
    /// The grid's size, and so each variable's number of values.
    pub(crate) fn n(&self) -> usize {
        self.puzzle.size()
    }

    /// The variables of `cells`.
    pub(crate) fn vars(&self, cells: &[usize]) -> Vec<VarId> {
        cells.iter().map(|&c| self.vars[c]).collect()
    }

    /// Two cells whose values relate; one cell named twice keeps the values it relates to
    /// themselves (a loop's line back to its start).
    pub(crate) fn related(&mut self, a: usize, b: usize, rel: &dyn Fn(i64, i64) -> bool) {
        let (w, n) = (self.w, self.n());
        if a == b {
            let step = |_: usize, _: &(), v: usize| rel(w[v], w[v]).then_some(());
            let one = Layered::unfold(1, n, (), step, |_| true, MAX_EDGES)
                .expect("one cell's automaton is small");
            self.engine
                .post(Regular::new(self.name.clone(), vec![self.vars[a]], one));
        } else {
            self.engine.post(PairTable::new(
                self.name.clone(),
                (self.vars[a], n),
                (self.vars[b], n),
                |x, y| rel(w[x], w[y]),
            ));
        }
    }

    /// Two cells related as `kind` says.
    pub(crate) fn pair(&mut self, a: usize, b: usize, kind: PairKind) {
        self.related(a, b, &|x, y| kind.allows(x, y));
    }

    /// The cells hold distinct values.
    pub(crate) fn all_different(&mut self, cells: &[usize]) {
        let doms = self.engine.domains();
        let vars = self.vars(cells);
        self.engine
            .post(AllDifferent::new(self.name.clone(), vars, doms));
    }

    /// The constraint's automaton ([`Constraint::automaton`]) unfolded. When it is too large
    /// (for a caller that did not ask [`crate::model::refusal`]) it is posted as a
    /// [`Predicate`] instead, exact but pruning nothing, and this is `None`.
    pub(crate) fn unfold(&mut self) -> Option<(Vec<usize>, Layered)> {
        let unfolded = self
            .constraint
            .automaton(self.w, self.n(), MAX_EDGES)
            .expect("posted as an automaton");
        if unfolded.is_none() {
            let cells = self.constraint.cells();
            let (held, values) = (self.constraint.clone(), self.w.to_vec());
            let at = cells.clone();
            let test: Test = Box::new(move |v: &[usize]| {
                held.holds(&|c| values[v[at.iter().position(|&x| x == c).unwrap_or(0)]])
            });
            let vars = self.vars(&cells);
            self.engine
                .post(Predicate::new(self.name.clone(), vars, test));
        }
        unfolded
    }

    /// The automaton over `cells`.
    pub(crate) fn regular(&mut self, cells: &[usize], layered: Layered) {
        let vars = self.vars(cells);
        self.engine
            .post(Regular::new(self.name.clone(), vars, layered));
    }

    /// Posts the constraint's automaton, or its fallback.
    pub(crate) fn automaton(&mut self) {
        if let Some((cells, layered)) = self.unfold() {
            self.regular(&cells, layered);
        }
    }

    /// Whether cells `a` and `b` share a region, and so differ already.
    pub(crate) fn differ(&self, a: usize, b: usize) -> bool {
        self.houses.differ(a, b)
    }

    /// Posts a [`GroupSum`] of `terms` (cell, coefficient) = `total` when some of its cells
    /// fall in groups of two or more that must differ: cells with the same coefficient, each
    /// group's cells sharing a region pairwise, split as tightly as [`exclusion_groups`] finds.
    pub(crate) fn group_sum(&mut self, terms: &[(usize, i64)], total: i64) {
        let mut coefficients: Vec<i64> = terms.iter().map(|&(_, k)| k).collect();
        coefficients.sort_unstable();
        coefficients.dedup();
        let differ = |a: usize, b: usize| self.houses.differ(a, b);
        let mut groups: Vec<(Vec<usize>, i64)> = Vec::new();
        for k in coefficients {
            let cells: Vec<usize> = terms.iter().filter(|t| t.1 == k).map(|t| t.0).collect();
            groups.extend(
                exclusion_groups(&cells, &differ)
                    .into_iter()
                    .map(|g| (g, k)),
            );
        }
        if groups.iter().all(|(g, _)| g.len() < 2) {
            return;
        }
        let groups = groups
            .into_iter()
            .map(|(g, k)| (self.vars(&g), k))
            .collect();
        self.engine
            .post(GroupSum::new(&self.name, groups, self.weights, total));
    }
}

/// Which cells must differ: each cell's regions (the rules' and the puzzle's own).
#[derive(Debug)]
pub(crate) struct Houses {
    of: Vec<Vec<usize>>,
}

impl Houses {
    /// The houses of `puzzle` under the rules' `regions`.
    pub(crate) fn new(puzzle: &Puzzle, regions: &[puzzle::Region]) -> Self {
        let n = puzzle.size();
        let mut of = vec![Vec::new(); n * n];
        for (i, r) in regions.iter().enumerate() {
            r.for_each_cell(|c| of[c].push(i));
        }
        let mut next = regions.len();
        for c in puzzle.constraints() {
            if let Constraint::Region(Region { cells, .. }) | Constraint::Cage(Cage { cells, .. }) =
                c
            {
                cells.iter().for_each(|&x| of[x].push(next));
                next += 1;
            }
        }
        Houses { of }
    }

    /// Whether two distinct cells share a house.
    pub(crate) fn differ(&self, a: usize, b: usize) -> bool {
        a != b && self.of[a].iter().any(|h| self.of[b].contains(h))
    }
}
