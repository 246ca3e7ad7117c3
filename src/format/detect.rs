//! Telling a file's layout from its text: RMIT's exact shape, killer lines, cage maps, one
//! puzzle per line, or grids; when none fits, the error of the reading that got furthest,
//! naming the others tried.

use super::options::ReadOptions;
use super::{InputFormat, fpuzzles_detect, grid, iss, killer, killer_grid, line, rmit};
use crate::error::InputError;

/// How many content lines of a one-per-line file are tried before it is called one.
const SAMPLE: usize = 8;

/// The layout of `content` (trimmed content lines with their numbers; comment lines out).
pub(super) fn detect(
    content: &[(usize, &str)],
    source: &str,
    opts: &ReadOptions,
) -> Result<InputFormat, InputError> {
    if rmit::looks_rmit(content) {
        return Ok(InputFormat::Rmit);
    }
    let untitled = content
        .iter()
        .position(|(_, t)| !t.ends_with(':'))
        .map_or(content, |i| &content[i..]);
    if killer_grid::looks_killer_grid(untitled) {
        return Ok(InputFormat::KillerGrid);
    }
    let records = skip_header(content);
    if records
        .first()
        .is_some_and(|&(_, t)| fpuzzles_detect::is_sudokupad_line(t))
    {
        return Ok(InputFormat::Sudokupad);
    }
    if records
        .first()
        .is_some_and(|&(_, t)| fpuzzles_detect::is_fpuzzles_line(t))
    {
        return Ok(InputFormat::Fpuzzles);
    }
    if records.first().is_some_and(|&(_, t)| {
        iss::is_iss_line(t)
            || iss::from_link(t).is_some()
            || iss::is_killer_code(t)
            || iss::is_jigsaw_line(t)
    }) {
        return Ok(InputFormat::Iss);
    }
    if records
        .first()
        .is_some_and(|&(_, t)| killer::is_cage_line(t))
    {
        return Ok(InputFormat::Killer);
    }
    if content.iter().any(|&(_, t)| killer::is_pairs_line(t)) {
        return Ok(InputFormat::Cages);
    }
    let tried: Vec<Result<(), InputError>> = records
        .iter()
        .take(SAMPLE)
        .map(|&(n, t)| line::read_record(t, n, source, opts).map(|_| ()))
        .collect();
    let first_line_ok = tried.first().is_some_and(Result::is_ok);
    let grid = grid::read_grids(content, source, opts)
        .into_iter()
        .next()
        .map(|r| r.map(|_| ()));
    let grid_ok = grid.as_ref().is_some_and(Result::is_ok);
    if grid_ok && !first_line_ok {
        return Ok(InputFormat::Grid);
    }
    if tried.iter().any(Result::is_ok) {
        return Ok(InputFormat::Line);
    }
    // Nothing fits: the reading that got furthest speaks, naming the others.
    let mut errors: Vec<(&str, InputError)> = Vec::new();
    if rmit::starts_rmit(content)
        && let Err(e) = rmit::read_rmit(content, source)
    {
        errors.push(("an RMIT file", e));
    }
    // On a tie, a file of one line is more likely a line puzzle, a longer one a grid.
    let line_error = tried.into_iter().next().and_then(Result::err);
    let grid_error = grid.and_then(Result::err);
    let (first, second) = if records.len() == 1 {
        (("one puzzle per line", line_error), ("a grid", grid_error))
    } else {
        (("a grid", grid_error), ("one puzzle per line", line_error))
    };
    for (name, e) in [first, second] {
        if let Some(e) = e {
            errors.push((name, e));
        }
    }
    let Some(best) = (0..errors.len()).max_by_key(|&i| (errors[i].1.line, usize::MAX - i)) else {
        return Err(InputError::whole(source, "no puzzle found"));
    };
    let (name, error) = errors.swap_remove(best);
    let others: Vec<&str> = errors.iter().map(|(n, _)| *n).collect();
    let also = if others.is_empty() {
        String::new()
    } else {
        format!("; also tried {}", others.join(", "))
    };
    Err(InputError {
        message: format!("{} (read as {name}, the closest fit{also})", error.message),
        ..error
    })
}

/// The content lines without a first header line (`quizzes,solutions`, `id<TAB>puzzle`).
pub(super) fn skip_header<'a, 'b>(content: &'a [(usize, &'b str)]) -> &'a [(usize, &'b str)] {
    match content.first() {
        Some(&(_, text)) if line::is_header(text) => &content[1..],
        _ => content,
    }
}
