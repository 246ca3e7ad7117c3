//! The words of UNSW's COMP9021 assignment on Crook's algorithm, for `check --style comp9021`
//! (its `preassess`: `There is clearly no solution.` or `There might be a solution.`) and
//! `explain --style comp9021` (its four LaTeX files, named after the input file): its own strict
//! reader, whose every refusal is `Incorrect input`.

use super::InputArgs;
use std::io::Read;
use sudoku_cp::logic::{Budget, latex};
use sudoku_cp::puzzle;
use sudoku_cp::puzzle::{Puzzle, Rules, Symbols};

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
    let regions = puzzle::regions(&rules, 9, puzzle::BoxShape::square(3));
    if puzzle::duplicates(&puzzle.grid(), &regions).is_empty() {
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
            let read_ok = source.open().ok().is_some_and(|(r, _)| {
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

/// The preamble of the assignment's LaTeX files: a `\N` command drawing a cell with four
/// corners of marks and its digit, and a tabular of 9 columns with double lines around boxes.
const TEX_HEAD: &str = r"\documentclass[10pt]{article}
\usepackage[left=0pt,right=0pt]{geometry}
\usepackage{tikz}
\usetikzlibrary{positioning}
\usepackage{cancel}
\pagestyle{empty}

\newcommand{\N}[5]{\tikz{\node[label=above left:{\tiny #1},
                               label=above right:{\tiny #2},
                               label=below left:{\tiny #3},
                               label=below right:{\tiny #4}]{#5};}}

\begin{document}

\tikzset{every node/.style={minimum size=.5cm}}

\begin{center}
\begin{tabular}{||@{}c@{}|@{}c@{}|@{}c@{}||@{}c@{}|@{}c@{}|@{}c@{}||@{}c@{}|@{}c@{}|@{}c@{}||}\hline\hline
";

const TEX_FOOT: &str = r"\end{tabular}
\end{center}

\end{document}
";

/// One of the assignment's LaTeX files: each cell's digit (`values`, digit indices), and with
/// `marks` (bit d for digit d + 1) its pencil marks in the corners, 1 2 above left, 3 4 above
/// right, 5 6 below left, 7 8 9 below right; a mark in `crossed` is struck out (`\cancel`).
/// Rows are `% Line R` then three lines of three cells, a blank line between rows.
pub(super) fn tex(values: &[Option<usize>], marks: &[u16], crossed: &[u16]) -> String {
    let mut t = String::from(TEX_HEAD);
    for r in 0..9 {
        t.push_str(&format!("% Line {}\n", r + 1));
        for c in 0..9 {
            let cell = r * 9 + c;
            let mut corners: [Vec<String>; 4] = Default::default();
            for d in 0..9 {
                if marks[cell] >> d & 1 == 1 {
                    let corner = if d == 8 { 3 } else { d / 2 };
                    corners[corner].push(if crossed[cell] >> d & 1 == 1 {
                        format!(r"\cancel{{{}}}", d + 1)
                    } else {
                        (d + 1).to_string()
                    });
                }
            }
            t.push_str(r"\N");
            for corner in &corners {
                t.push_str(&format!("{{{}}}", corner.join(" ")));
            }
            match values[cell] {
                Some(v) => t.push_str(&format!("{{{}}}", v + 1)),
                None => t.push_str("{}"),
            }
            t.push_str(match c {
                2 | 5 => " &\n",
                8 if r % 3 == 2 => " \\\\ \\hline\\hline\n",
                8 => " \\\\ \\hline\n",
                _ => " & ",
            });
        }
        if r < 8 {
            t.push('\n');
        }
    }
    t.push_str(TEX_FOOT);
    t
}

/// The assignment's four LaTeX files, as (stage, text): the grid as given, after forced
/// digits, marked, and worked (the marks kept, those the preemptive sets removed struck out,
/// beside each digit they found). `None` when the budget runs out first.
pub(super) fn pictures(puzzle: &Puzzle, budget: &Budget) -> Option<Vec<(&'static str, String)>> {
    let stages = latex::stage_boards_within::<u16>(puzzle, &Rules::sudoku(), budget)?;
    let none = [0u16; 81];
    let forced = stages.forced.values();
    // A mark: a digit on no row, column or box of the cell's.
    let marks: Vec<u16> = (0..81)
        .map(|cell| {
            if forced[cell].is_some() {
                return 0;
            }
            let (r, c) = (cell / 9, cell % 9);
            let seen = (0..81)
                .filter(|&o| o / 9 == r || o % 9 == c || (o / 27, o % 9 / 3) == (r / 3, c / 3))
                .filter_map(|o| forced[o])
                .fold(0u16, |m, v| m | 1 << v);
            0x1ff & !seen
        })
        .collect();
    let worked = &stages.worked;
    let crossed: Vec<u16> = (0..81)
        .map(|cell| {
            let kept = match worked.values()[cell] {
                Some(v) => 1 << v,
                None => worked.candidates()[cell],
            };
            marks[cell] & !kept
        })
        .collect();
    Some(vec![
        ("bare", tex(stages.bare.values(), &none, &none)),
        ("forced", tex(forced, &none, &none)),
        ("marked", tex(forced, &marks, &none)),
        ("worked", tex(worked.values(), &marks, &crossed)),
    ])
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
