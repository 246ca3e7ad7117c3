//! The clause-learning search's tests: against brute force on random matrices, on 9×9 puzzles
//! against Dancing Links and `cp`, and on the pieces of its state one by one.

use super::*;
use crate::puzzle::Symbols;
use crate::solvers::random_cover::{brute_force, random_matrix};
use crate::solvers::test_puzzles::{INKALA, INKALA_292, read};

#[test]
fn finds_every_exact_cover_brute_force_finds_and_no_other_seeded_or_not() {
    let mut rng = Rng::new(7);
    let mut nonempty = 0;
    for i in 0..400 {
        let (rows, columns) = (6 + rng.below(9), 3 + rng.below(6));
        let m = random_matrix(&mut rng, rows, columns);
        let mut want = brute_force(&m);
        let mut got = Vec::new();
        let mut search = Search::new(&m, None);
        // every other search starts from its own random order
        if i % 2 == 1 {
            search.scatter_activities(i);
        }
        let (count, stop) = search.run(&Limits::solutions(u64::MAX), |r| got.push(r.to_vec()));
        assert_eq!((stop, count), (Stop::Exhausted, got.len() as u64));
        want.sort();
        got.sort();
        assert_eq!(got, want, "{m:?}");
        nonempty += usize::from(!want.is_empty());
    }
    assert!(nonempty > 50, "{nonempty} of 400 matrices have a cover");
}

/// Six rows over three columns: row r covers column r % 3.
fn six_rows_over_three_columns() -> Matrix {
    let mut m = random_matrix(&mut Rng::new(1), 6, 3);
    m.row_cols = (0..6).map(|r| r % 3).collect();
    m.row_start = (0..=6).collect();
    m
}

#[test]
fn decisions_take_the_values_of_the_longest_trail_without_a_conflict() {
    let m = six_rows_over_three_columns();
    let mut search = Search::new(&m, None);
    let decide = |search: &mut Search, lit: Lit| {
        search.trail_lim.push(search.trail.len());
        search.assign(lit, Reason::Decision);
    };
    // rows 3 and 4 false at levels 1 and 2, then a conflict at level 3
    decide(&mut search, neg(pos(3)));
    decide(&mut search, neg(pos(4)));
    decide(&mut search, pos(0));
    search.save_target();
    assert_eq!(search.target_len, 2);
    assert_eq!(search.phase, [true, true, true, false, false, true]);
    // a shorter trail below the next conflict leaves them
    search.backtrack(0);
    decide(&mut search, pos(3));
    decide(&mut search, pos(5));
    search.save_target();
    assert_eq!(search.target_len, 2);
    assert_eq!(search.phase, [true, true, true, false, false, true]);
    // a longer one replaces them
    decide(&mut search, neg(pos(1)));
    decide(&mut search, pos(2));
    search.save_target();
    assert_eq!(search.target_len, 3);
    assert_eq!(search.phase, [true, false, true, true, false, true]);
}

#[test]
fn decisions_make_a_row_true_whose_target_is_true_before_any_the_target_has_false() {
    let m = six_rows_over_three_columns();
    let mut search = Search::new(&m, None);
    search.phase = vec![true, false, true, false, false, true];
    // activity order 4, 1, 3, 2, 0, 5: the three most active rows' target is false
    for (r, bumps) in [(4, 6), (1, 5), (3, 4), (2, 3), (0, 2), (5, 1)] {
        (0..bumps).for_each(|_| search.bump_var(r));
    }
    assert_eq!(search.pick(), Some(2));
    search.assign(pos(2), Reason::Decision);
    assert_eq!(search.pick(), Some(0));
    search.assign(pos(0), Reason::Decision);
    assert_eq!(search.pick(), Some(5));
    search.assign(neg(pos(5)), Reason::Decision);
    // only rows whose target is false are open: the most active of them comes next
    assert_eq!(search.pick(), Some(4));
    search.assign(neg(pos(4)), Reason::Decision);
    assert_eq!(search.pick(), Some(1));
    search.assign(neg(pos(1)), Reason::Decision);
    assert_eq!(search.pick(), Some(3));
    search.assign(neg(pos(3)), Reason::Decision);
    assert_eq!(search.pick(), None);
    // undone, every row is open again, each found by its target
    search.trail_lim.push(0);
    search.backtrack(0);
    assert_eq!(search.pick(), Some(2));
}

#[test]
fn a_decision_takes_among_the_most_active_rows_the_one_whose_column_has_fewest_open() {
    // the CANDIDATES - 1 most active rows share column 0; the next two share column 1; the
    // least active row has column 2 to itself
    let n = CANDIDATES + 2;
    let col = |r: usize| match r {
        _ if r < CANDIDATES - 1 => 0,
        _ if r < CANDIDATES + 1 => 1,
        _ => 2,
    };
    let m = Matrix {
        columns: 3,
        candidate: (0..n as u32).map(|r| (r, 0)).collect(),
        row_start: (0..=n as u32).collect(),
        row_cols: (0..n).map(col).collect(),
        feasible: true,
        names: Vec::new(),
    };
    let mut search = Search::new(&m, None);
    for r in 0..n {
        (r..n).for_each(|_| search.bump_var(r));
    }
    // the least active row of column 1 is the last candidate; row n - 1 is not one
    let last = CANDIDATES - 1;
    assert_eq!(search.pick(), Some(last));
    search.assign(pos(last), Reason::Decision);
    // with it set, row n - 1 still waits behind the other row of column 1
    assert_eq!(search.pick(), Some(last + 1));
    search.assign(pos(last + 1), Reason::Decision);
    assert_eq!(search.pick(), Some(n - 1));
    search.assign(pos(n - 1), Reason::Decision);
    // the rest tie on column 0 and come by activity, none lost from the heap
    for r in 0..last {
        assert_eq!(search.pick(), Some(r));
        search.assign(pos(r), Reason::Decision);
    }
    assert_eq!(search.pick(), None);
}

#[test]
fn a_racing_search_stops_once_told_to() {
    let p = Puzzle::empty(9, Symbols::default_for(9)).unwrap();
    let all = Limits::solutions(u64::MAX);
    let halt = AtomicBool::new(true);
    let o = Cdcl::solve_racing(&p, &Rules::sudoku(), &all, Some(&halt), 0);
    assert_eq!(o.stop, Stop::Timeout, "{:?}", o.stats);
    assert!(o.count < 1024, "{}", o.count);
    halt.store(false, Ordering::Relaxed);
    let o = Cdcl::solve_racing(&p, &Rules::sudoku(), &Limits::solutions(3), Some(&halt), 0);
    assert_eq!((o.count, o.stop), (3, Stop::SolutionLimit));
}

#[test]
fn halving_the_learnt_clauses_at_every_step_loses_no_solution() {
    // Arto Inkala's 9×9 without its first given has 292 solutions, and its learnt clauses
    // span enough levels to be deleted, so clauses that are reasons move
    let p = read(INKALA_292);
    let o = exact_cover::solve_with(&p, &Rules::sudoku(), |m| {
        let mut search = Search::new(m, None);
        search.learnt_step = 1;
        let (count, stop) = search.run(&Limits::solutions(u64::MAX), |_| {});
        Outcome {
            solution: None,
            count,
            stop,
            stats: search.stats,
            observed: None,
            refused: None,
        }
    });
    let dlx =
        crate::solvers::DancingLinks.solve(&p, &Rules::sudoku(), &Limits::solutions(u64::MAX));
    assert_eq!(dlx.count, 292);
    assert_eq!(
        (o.count, o.stop),
        (dlx.count, Stop::Exhausted),
        "{:?}",
        o.stats
    );
}

#[test]
fn the_empty_4x4_grid_has_288_solutions() {
    let p = Puzzle::empty(4, Symbols::default_for(4)).unwrap();
    let o = Cdcl.solve(&p, &Rules::sudoku(), &Limits::solutions(u64::MAX));
    assert_eq!((o.count, o.stop), (288, Stop::Exhausted));
    // deciding the row with fewest alternatives, it meets no dead end on the way
    assert_eq!(o.stats.failures, 0, "{:?}", o.stats);
}

#[test]
fn learns_through_a_hard_9x9_to_the_one_solution() {
    let p = read(INKALA);
    let o = Cdcl.solve(&p, &Rules::sudoku(), &Limits::solutions(2));
    assert_eq!((o.count, o.stop), (1, Stop::Exhausted));
    assert!(o.stats.failures > 10, "{:?}", o.stats);
    let cp = crate::solvers::Cp::DEFAULT.solve(&p, &Rules::sudoku(), &Limits::solutions(1));
    assert_eq!(o.solution, cp.solution);
}

impl Search<'_> {
    /// [`Search::minimise`]'s oracle, the plain search it speeds up: each literal of
    /// `learnt[1..]` (marked seen) is tried on its own, by a search that keeps what it proves
    /// only when it succeeds and remembers no failure. Leaves the marks as it found them.
    pub(super) fn minimised_simply(&mut self, learnt: &[Lit]) -> Vec<Lit> {
        let levels = learnt[1..]
            .iter()
            .fold(0u64, |a, &q| a | 1 << (self.level[var(q)] % 64));
        let mut proven = Vec::new();
        let mut kept = vec![learnt[0]];
        let mut lits = Vec::new();
        for &q in &learnt[1..] {
            let top = proven.len();
            let mut stack = vec![q];
            let mut implied = self.reason[var(q)] != Reason::Decision;
            'search: while implied && let Some(p) = stack.pop() {
                self.antecedents(self.reason[var(p)], var(p), &mut lits);
                for &a in &lits {
                    let v = var(a);
                    if self.seen[v] || self.level[v] == 0 {
                        continue;
                    }
                    if self.reason[v] == Reason::Decision || levels >> (self.level[v] % 64) & 1 == 0
                    {
                        implied = false;
                        break 'search;
                    }
                    self.seen[v] = true;
                    stack.push(a);
                    proven.push(a);
                }
            }
            if !implied {
                proven[top..]
                    .iter()
                    .for_each(|&a| self.seen[var(a)] = false);
                proven.truncate(top);
                kept.push(q);
            }
        }
        proven.iter().for_each(|&a| self.seen[var(a)] = false);
        kept
    }
}
