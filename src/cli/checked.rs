//! Solving a record and checking every grid a solver answers with against the puzzle and the
//! rules, independently of the solver; and comparing it with a solution the record publishes.

use super::{Failure, Input, say};
use sudoku_cp::engine::Limits;
use sudoku_cp::error::InputError;
use sudoku_cp::puzzle::{self, Rules};
use sudoku_cp::solvers::{Outcome, Solver};

/// Solves `input` and checks any grid the solver answers with against the puzzle and the
/// rules, independently of the solver: a grid that fails is a bug, reported as such. A puzzle
/// the solver refuses (too large for it) is [`Failure::Input`], an error of its record.
pub(super) fn solve_checked(
    solver: &dyn Solver,
    rules: &Rules,
    input: &Input,
    limits: &Limits,
) -> Result<Outcome, Failure> {
    // solve asks the solver's refusal itself: a refused puzzle comes back with its reason
    let mut outcome = solver.solve(&input.entry.puzzle, rules, limits);
    if let Some(why) = outcome.refused.take() {
        return Err(Failure::Input(InputError::at(
            &input.source,
            input.entry.line,
            why,
        )));
    }
    let Some(grid) = &outcome.solution else {
        return Ok(outcome);
    };
    checked(solver.name(), rules, input, grid)?;
    if let Some(published) = &input.entry.solution {
        let differ: Vec<String> = published
            .iter()
            .zip(grid.iter())
            .enumerate()
            .filter(|(_, (p, o))| p != o)
            .map(|(cell, _)| input.entry.puzzle.cell_name(cell))
            .collect();
        if !differ.is_empty() {
            say(format_args!(
                "warning: {}:{}: the solution published with the puzzle differs from the one \
                 found at {} (a puzzle with several solutions, a misread puzzle or a wrong \
                 publication; `count` says whether it is unique)",
                input.source,
                input.entry.line,
                differ.join(" ")
            ));
        }
    }
    Ok(outcome)
}

/// `grid` checked against `input`'s puzzle and the rules, independently of the solver that
/// answered with it: a grid that fails is a bug, reported as such.
fn checked(solver: &str, rules: &Rules, input: &Input, grid: &[usize]) -> Result<(), Failure> {
    let problems = puzzle::check_solution(&input.entry.puzzle, rules, grid);
    if problems.is_empty() {
        return Ok(());
    }
    Err(Failure::Check(format!(
        "solver {solver} answered {}:{} with a grid that fails the check: {}",
        input.source,
        input.entry.line,
        problems.join("; ")
    )))
}

/// Up to `limits.solutions` solutions of `input` with cp ([`setter::solutions`]), each one
/// [`checked`]: the first as the outcome's, the others after it.
pub(super) fn solutions_checked(
    rules: &Rules,
    input: &Input,
    limits: &Limits,
) -> Result<(Outcome, Vec<Vec<usize>>), Failure> {
    let found = sudoku_cp::setter::solutions(&input.entry.puzzle, rules, limits)
        .map_err(|why| Failure::Input(InputError::at(&input.source, input.entry.line, why.0)))?;
    for grid in &found.grids {
        checked("cp", rules, input, grid)?;
    }
    let count = found.grids.len() as u64;
    let mut grids = found.grids.into_iter();
    let outcome = Outcome {
        solution: grids.next(),
        count,
        stop: found.stop,
        stats: found.stats,
        observed: None,
        refused: None,
    };
    Ok((outcome, grids.collect()))
}
