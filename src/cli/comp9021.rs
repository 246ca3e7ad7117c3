//! The words of UNSW's COMP9021 assignment on Crook's algorithm, for `check --style comp9021`
//! (its `preassess`: `There is clearly no solution.` or `There might be a solution.`) and
//! `explain --style comp9021` (its four LaTeX files, named after the input file): its own strict
//! reader, whose every refusal is `Incorrect input`.

use super::InputArgs;
use std::io::Read;
use sudoku_cp::models::{Puzzle, Rules, Symbols, sudoku};

/// The message of the assignment's `SudokuError`.
pub(super) const INCORRECT: &str = "Incorrect input";

/// The largest input read: nine lines of digits and spaces need far less.
const MAX_BYTES: u64 = 1 << 20;

/// Reads a grid as the assignment does: 9 lines of 9 digits (0 for an empty cell), spaces
/// anywhere on them, lines of spaces only ignored; anything else is `None`.
pub(super) fn read(text: &str) -> Option<Puzzle> {
    let mut rows = Vec::new();
    for line in text.lines() {
        let line = line.strip_suffix('\r').unwrap_or(line);
        if line.chars().all(|c| c == ' ') {
            continue;
        }
        if !line.chars().all(|c| c == ' ' || c.is_ascii_digit()) {
            return None;
        }
        let digits: Vec<u8> = line.bytes().filter(u8::is_ascii_digit).collect();
        if digits.len() != 9 {
            return None;
        }
        rows.push(digits);
    }
    if rows.len() != 9 {
        return None;
    }
    let mut puzzle = Puzzle::empty(9, Symbols::default_for(9)).ok()?;
    for (cell, &d) in rows.iter().flatten().enumerate() {
        if d != b'0' {
            puzzle.set_given(cell, Some(usize::from(d - b'1')));
        }
    }
    Some(puzzle)
}

/// The assignment's `preassess`: whether a digit occurs twice on a row, a column or a box.
pub(super) fn preassess(puzzle: &Puzzle) -> &'static str {
    let rules = Rules::sudoku();
    let regions = sudoku::regions(&rules, 9, 3);
    if sudoku::duplicates(puzzle.givens(), &regions).is_empty() {
        "There might be a solution."
    } else {
        "There is clearly no solution."
    }
}

/// Each source's name and grid, or `None` where the input is incorrect.
pub(super) fn inputs(args: &InputArgs) -> Vec<(String, Option<Puzzle>)> {
    args.sources()
        .into_iter()
        .map(|source| {
            let name = source.name().to_string();
            let mut bytes = Vec::new();
            let read_ok = source.open().ok().is_some_and(|r| {
                r.take(MAX_BYTES + 1).read_to_end(&mut bytes).is_ok()
                    && bytes.len() as u64 <= MAX_BYTES
            });
            let puzzle = read_ok
                .then(|| std::str::from_utf8(&bytes).ok().and_then(read))
                .flatten();
            (name, puzzle)
        })
        .collect()
}

/// The prefix of the LaTeX files: the input file's name without its `.txt`, as
/// `sudoku_3.txt` gives `sudoku_3_bare.tex`.
pub(super) fn prefix(source: &str) -> String {
    match source {
        "<stdin>" => "sudoku".to_string(),
        s => s.strip_suffix(".txt").unwrap_or(s).to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_as_the_assignment_does() {
        let grid = "0 0 1 9 0 0 0 0 8\n6 0 0 0 8 5 0 3 0\n0 0 7 0 6 0 1 0 0\n\
                    0 3 4 0 9 0 0 0 0\n0 0 0 5 0 4 0 0 0\n0 0 0 0 1 0 4 2 0\n\
                    0 0 5 0 7 0 9 0 0\n0 1 0 8 4 0 0 0 7\n7 0 0 0 0 9 2 0 0\n";
        let p = read(grid).unwrap();
        assert_eq!(p.gaps(), 53);
        assert_eq!(preassess(&p), "There might be a solution.");
        // spaces anywhere, lines of spaces ignored
        let spaced = grid.replace("0 0 1", "001").replacen('\n', "\n   \n", 1);
        assert_eq!(read(&spaced), Some(p));
        // anything else is incorrect
        for bad in [
            grid.replacen('8', "x", 1),
            grid.replacen("0 0 1 9 0 0 0 0 8\n", "0 0 1 9 0 0 0 0\n", 1),
            format!("{grid}0 0 0 0 0 0 0 0 0\n"),
            grid.replacen('\n', "\n\t\n", 1),
        ] {
            assert!(read(&bad).is_none(), "{bad}");
        }
    }
}
