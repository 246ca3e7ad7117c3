//! A setter's audit: the givens and constraints a unique puzzle does without, or the
//! finishing digits of a puzzle that is not unique yet.

use super::candidates::{self, Prober};
use super::{CandidateOptions, Refused, prepared};
use crate::engine::Domain;
use crate::puzzle::{Constraint, GlobalRule, Puzzle, Rules};
use std::collections::HashSet;
use std::time::Instant;

/// What [`audit`] found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Audit {
    /// Solutions found, up to two: 0 (none), 1 (unique) or 2 (several).
    pub solutions: u64,
    /// Givens (cells, row-major) each of which could be removed alone and leave the
    /// solution unique. Empty unless unique.
    pub redundant_givens: Vec<usize>,
    /// Constraints and cages each of which could be removed alone and leave the solution
    /// unique, named as [`Constraint::describe`](crate::constraints::Constraint::describe)
    /// names them (a cage as `cage 15 at r1c1`, a whole-grid rule as `the anti-knight rule`).
    /// Empty unless unique.
    pub redundant_constraints: Vec<String>,
    /// With several solutions: `(cell, value)` of each placement that would leave exactly one.
    pub finishing: Vec<(usize, usize)>,
    /// Whether every trial ended before the deadline (else the lists may be short).
    pub complete: bool,
}

/// Audits `puzzle` under `rules` ([`Audit`]): each given is tried removed on one model of the
/// puzzle without givens (the others fixed, the removed one kept off its value: no solution
/// means it is redundant); each whole-grid rule ([`GlobalRule`], all its constraints together),
/// each other constraint and each cage on the puzzle without it.
pub fn audit(puzzle: &Puzzle, rules: &Rules, deadline: Option<Instant>) -> Result<Audit, Refused> {
    let puzzle = prepared(puzzle, rules)?;
    Ok(crate::with_domain!(puzzle.size(), D => audit_in::<D>(&puzzle, rules, deadline)))
}

fn audit_in<D: Domain>(puzzle: &Puzzle, rules: &Rules, deadline: Option<Instant>) -> Audit {
    let mut out = Audit {
        solutions: 0,
        redundant_givens: Vec::new(),
        redundant_constraints: Vec::new(),
        finishing: Vec::new(),
        complete: true,
    };
    let Some(mut whole) = Prober::<D>::new(puzzle, rules) else {
        return out;
    };
    let (grids, stop) = whole.solutions(&[], 2, deadline);
    out.solutions = grids.len() as u64;
    out.complete = stop != crate::Stop::Timeout;
    if grids.len() == 2 {
        let options = CandidateOptions {
            per_candidate: None,
            deadline,
        };
        let t = candidates::find::<D>(puzzle, rules, &options);
        out.complete &= t.unfinished.is_empty();
        out.finishing = t.finishing;
    }
    let [solution] = &grids[..] else {
        return out;
    };
    // The givens, each tried on one model of the puzzle without any.
    let mut open = puzzle.clone();
    let givens: Vec<(usize, usize)> = puzzle
        .givens()
        .enumerate()
        .filter_map(|(c, g)| g.map(|v| (c, v)))
        .collect();
    givens.iter().for_each(|&(c, _)| open.set_given(c, None));
    let n = puzzle.size();
    if let Some(mut prober) = Prober::<D>::new(&open, rules) {
        for (i, &(cell, v)) in givens.iter().enumerate() {
            let mut narrowing: Vec<(usize, D)> = givens
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .map(|(_, &(c, w))| (c, D::singleton(w)))
                .collect();
            narrowing.push((cell, D::full(n).minus(D::singleton(v))));
            let (other, stop) = prober.solutions(&narrowing, 1, deadline);
            out.complete &= stop != crate::Stop::Timeout;
            if other.is_empty() && stop != crate::Stop::Timeout {
                out.redundant_givens.push(cell);
            }
        }
    }
    // The whole-grid rules on the puzzle, each left off whole (an anti-knight rule is 224 pairs
    // of cells, not 224 clues); then the other constraints and the cages, each left off alone.
    let mut grouped: HashSet<Constraint> = HashSet::new();
    let mut rule_trials = Vec::new();
    for &(rule_name, rule) in GlobalRule::ALL {
        let Ok(made) = rule.constraints(puzzle) else {
            continue;
        };
        if made.is_empty() || !made.iter().all(|c| puzzle.constraints().contains(c)) {
            continue;
        }
        let made: HashSet<Constraint> = made.into_iter().collect();
        rule_trials.push((
            puzzle.without_constraints(|c| made.contains(c)),
            format!("the {rule_name} rule"),
        ));
        grouped.extend(made);
    }
    let name = |c: usize| puzzle.cell_name(c);
    let trials = rule_trials
        .into_iter()
        .chain(
            (0..puzzle.constraints().len())
                .filter(|&i| !grouped.contains(&puzzle.constraints()[i]))
                .map(|i| {
                    (
                        puzzle.without_constraint(i),
                        puzzle.constraints()[i].describe(name),
                    )
                }),
        )
        .chain(puzzle.cages().iter().enumerate().map(|(i, cage)| {
            let at = cage.cells.iter().copied().min().unwrap_or(0);
            (
                puzzle.without_cage(i),
                format!("cage {} at {}", cage.total, name(at)),
            )
        }));
    for (without, what) in trials {
        let Some(mut prober) = Prober::<D>::new(&without, rules) else {
            continue;
        };
        let (grids, stop) = prober.solutions(&[], 2, deadline);
        out.complete &= stop != crate::Stop::Timeout;
        if stop != crate::Stop::Timeout && grids.len() == 1 && grids[0] == *solution {
            out.redundant_constraints.push(what);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::setter::tests::puzzle;

    #[test]
    fn a_given_the_others_imply_is_redundant_and_none_of_a_minimal_puzzle() {
        // The minimal 4×4 below is unique; its solution's r4c4 added as a sixth given is
        // implied by the others.
        let minimal = puzzle(".2.4..1.2....3..");
        let a = audit(&minimal, &Rules::sudoku(), None).unwrap();
        assert_eq!(a.solutions, 1);
        assert!(a.redundant_givens.is_empty(), "{a:?}");
        let solved =
            crate::setter::solutions(&minimal, &Rules::sudoku(), &crate::Limits::solutions(1))
                .unwrap()
                .grids
                .remove(0);
        let mut more = minimal.clone();
        more.set_given(15, Some(solved[15]));
        let b = audit(&more, &Rules::sudoku(), None).unwrap();
        assert!(b.redundant_givens.contains(&15), "{b:?}");
        for &g in &a.redundant_givens {
            // a given listed redundant really is: the puzzle stays unique without it
            let mut fewer = minimal.clone();
            fewer.set_given(g, None);
            let two =
                crate::setter::solutions(&fewer, &Rules::sudoku(), &crate::Limits::solutions(2));
            assert_eq!(two.unwrap().grids.len(), 1);
        }
        assert!(a.complete && b.complete);
    }

    #[test]
    fn a_whole_grid_rule_is_tried_whole() {
        // An anti-knight puzzle made by `generate` (seed 5), and its solution with row 1
        // blanked, which the plain rules already make unique: the rule is needed in the
        // first and listed as one item in the second, not as its 224 pairs.
        const SOLUTION: &str =
            "695843712817692354324751869962315487483967521751428936576289143149536278238174695";
        let with_rule = |text: &str| {
            let mut p = puzzle(text);
            for c in GlobalRule::AntiKnight.constraints(&p).unwrap() {
                p.add_constraint(c).unwrap();
            }
            p
        };
        let needed = with_rule(
            ".......12........4....................39..5........9....6....4...9.........17....",
        );
        let a = audit(&needed, &Rules::sudoku(), None).unwrap();
        assert_eq!(a.solutions, 1);
        assert!(a.redundant_constraints.is_empty(), "{a:?}");
        let open_row = format!("{}{}", ".".repeat(9), &SOLUTION[9..]);
        let a = audit(&with_rule(&open_row), &Rules::sudoku(), None).unwrap();
        assert_eq!(
            a.redundant_constraints,
            vec!["the anti-knight rule".to_string()]
        );
    }

    #[test]
    fn a_puzzle_with_two_solutions_gets_its_finishing_digits() {
        let a = audit(&puzzle("..343412..434321"), &Rules::sudoku(), None).unwrap();
        assert_eq!(a.solutions, 2);
        assert_eq!(a.finishing.len(), 8);
        assert!(a.redundant_givens.is_empty());
    }
}
