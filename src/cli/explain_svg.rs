//! `explain --to svg --output DIR`: one picture a step, `DIR/step-001.svg` on (the n-th puzzle
//! of a batch `DIR/<n>-step-001.svg`), each with the pencil marks before the step, its cells
//! highlighted, its placements in green, its eliminations struck out in red and its sentence
//! under the grid; `step-000.svg` is the start.

use super::Failure;
use std::path::Path;
use sudoku_cp::engine::Domain;
use sudoku_cp::error::InputError;
use sudoku_cp::format::{self, SvgOptions};
use sudoku_cp::logic::{self, Budget, Rung};
use sudoku_cp::puzzle::{Puzzle, Rules};

/// Writes the pictures of the first `budget.steps` steps of `puzzle`'s explanation by logic
/// alone into `dir`, names prefixed with `prefix`; returns how many were written.
pub(super) fn write_steps<D: Domain>(
    puzzle: &Puzzle,
    rules: &Rules,
    rungs: &[Rung],
    budget: &Budget,
    dir: &Path,
    prefix: &str,
) -> Result<usize, Failure> {
    let drawn = format::under_rules(puzzle, rules)
        .map_err(|e| Failure::Input(InputError::whole(&dir.display().to_string(), e)))?;
    let e = logic::explain_within::<D>(puzzle, rules, rungs, false, budget);
    std::fs::create_dir_all(dir).map_err(|err| {
        Failure::Input(InputError::whole(
            &dir.display().to_string(),
            format!("cannot make the directory: {err}"),
        ))
    })?;
    let mut board = logic::Board::<D>::new(puzzle, rules);
    for k in 0..=e.steps.len() {
        let marks = board.mark_lists();
        let step = k.checked_sub(1).map(|i| &e.steps[i]);
        let mut cells: Vec<usize> = step.map_or(Vec::new(), |s| {
            s.place
                .iter()
                .chain(&s.eliminate)
                .map(|&(c, _)| c)
                .collect()
        });
        cells.sort_unstable();
        cells.dedup();
        let opts = SvgOptions {
            filled: Some(board.values()),
            marks: Some(&marks),
            highlight: &cells,
            placed: step.map_or(&[][..], |s| &s.place),
            eliminated: step.map_or(&[][..], |s| &s.eliminate),
            caption: Some(step.map_or("the start", |s| &s.text)),
            ..Default::default()
        };
        let picture = format::svg(&drawn, &opts);
        let path = dir.join(format!("{prefix}step-{k:03}.svg"));
        super::output_file::write_file(&path, &picture)?;
        if k < e.steps.len() {
            let first = Budget {
                steps: k + 1,
                ..*budget
            };
            board = logic::explain_within::<D>(puzzle, rules, rungs, false, &first).board;
        }
    }
    Ok(e.steps.len() + 1)
}
