//! Links out: a puzzle under its rules as a link that opens in f-puzzles, SudokuPad or the
//! Interactive Sudoku Solver.

use crate::puzzle::{BoxShape, Constraint, Puzzle, RegionKind, Rules};
use std::borrow::Cow;

/// A tool a puzzle's link opens in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LinkFormat {
    /// f-puzzles: `https://www.f-puzzles.com/?load=…`.
    Fpuzzles,
    /// SudokuPad: `https://sudokupad.app/fpuzzles…`.
    Sudokupad,
    /// The Interactive Sudoku Solver: `…/Interactive-Sudoku-Solver/?q=…`.
    Iss,
}

/// The puzzle under `rules` as a link of `format`, with its title and, where the format has a
/// place for one, its solution (value indices); a constraint the format cannot express is
/// refused, named.
pub fn write_link(
    format: LinkFormat,
    puzzle: &Puzzle,
    rules: &Rules,
    title: Option<&str>,
    solution: Option<&[usize]>,
) -> Result<String, String> {
    let puzzle = under(puzzle, rules)?;
    match format {
        LinkFormat::Fpuzzles => super::to_fpuzzles::fpuzzles_link(&puzzle, title, solution),
        LinkFormat::Sudokupad => super::to_fpuzzles::sudokupad_link(&puzzle, title, solution),
        LinkFormat::Iss => super::to_iss::iss_link(&puzzle),
    }
}

/// The puzzle with what `rules` add to it: their constraint lines and whole-grid rules, their
/// diagonals as regions, no boxes when the rules have none.
pub fn under<'p>(puzzle: &'p Puzzle, rules: &Rules) -> Result<Cow<'p, Puzzle>, String> {
    let has = |k: RegionKind| rules.all_different.contains(&k);
    if !has(RegionKind::Row) || !has(RegionKind::Column) {
        return Err(format!(
            "the rules `{}` leave rows or columns free of repeats: a link writes a sudoku, \
             whose rows and columns hold each value once",
            rules.name
        ));
    }
    if !rules.cages && !puzzle.cages().is_empty() {
        return Err(format!(
            "the rules `{}` do not read the puzzle's cages",
            rules.name
        ));
    }
    let mut p = rules.applied_to(puzzle)?;
    let n = puzzle.size();
    for (kind, anti) in [
        (RegionKind::Diagonal, false),
        (RegionKind::AntiDiagonal, true),
    ] {
        let diagonal = Constraint::diagonal(n, anti);
        if has(kind) && !p.constraints().contains(&diagonal) {
            p.to_mut().add_constraint(diagonal)?;
        }
    }
    if !has(RegionKind::Box) && !p.boxes().is_none() {
        p = Cow::Owned(p.with_box_shape(BoxShape::NONE)?);
    }
    Ok(p)
}
