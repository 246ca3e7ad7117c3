//! RMIT's format: a size line, a symbols line, then `row,col symbol` lines (0-based), or for
//! killers a number-of-cages line and `total row,col row,col …` lines.

use super::cells::uint;
use super::{Entry, InputFormat};
use crate::error::InputError;
use crate::puzzle::{Puzzle, Symbols, box_shape};

/// Whether `content` has RMIT's shape: a lone integer n, then a line of n integers, then
/// `row,col symbol` lines or a lone number of cages. Anything else is left to other layouts,
/// so that a grid row of digits (`039500000`) is never taken for a size.
pub(super) fn looks_rmit(content: &[(usize, &str)]) -> bool {
    let int = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
    let Some(&(_, size)) = content.first() else {
        return false;
    };
    let Some(n) = size.parse::<usize>().ok().filter(|_| int(size)) else {
        return false;
    };
    let Some(&(_, symbols)) = content.get(1) else {
        return false;
    };
    let list: Vec<&str> = symbols.split_whitespace().collect();
    if list.len() != n || !list.iter().all(|t| int(t)) {
        return false;
    }
    match content.get(2) {
        None => true,
        Some(&(_, third)) => {
            int(third) || {
                let f: Vec<&str> = third
                    .split(|c: char| c == ',' || c.is_whitespace())
                    .filter(|t| !t.is_empty())
                    .collect();
                f.len() == 3 && f.iter().all(|t| int(t))
            }
        }
    }
}

/// Whether `content` starts as an RMIT file would (a lone size line, then a line of
/// integers): its errors are then RMIT's.
pub(super) fn starts_rmit(content: &[(usize, &str)]) -> bool {
    let int_line = |t: &str| {
        t.split_whitespace()
            .all(|t| t.bytes().all(|b| b.is_ascii_digit()))
    };
    content.len() >= 2
        && content[0].1.len() < 16
        && content[0].1.bytes().all(|b| b.is_ascii_digit())
        && int_line(content[1].1)
        && content[1].1.contains(' ')
}

pub(super) fn read_rmit(content: &[(usize, &str)], source: &str) -> Result<Entry, InputError> {
    let (size_line, size_text) = content[0];
    let n: usize = uint(size_text).ok_or_else(|| {
        InputError::at(
            source,
            size_line,
            format!("`{size_text}` is not a grid size"),
        )
    })?;
    box_shape(n).map_err(|m| InputError::at(source, size_line, m))?;
    let Some(&(sym_line, sym_text)) = content.get(1) else {
        return Err(InputError::at(
            source,
            size_line,
            format!("expected a line of {n} symbols after the size"),
        ));
    };
    let list: Vec<u64> = sym_text
        .split_whitespace()
        .map(|t| {
            uint(t).ok_or_else(|| {
                InputError::at(
                    source,
                    sym_line,
                    format!("`{t}` is not a non-negative integer symbol"),
                )
            })
        })
        .collect::<Result<_, _>>()?;
    if list.len() != n {
        return Err(InputError::at(
            source,
            sym_line,
            format!(
                "a {n}×{n} puzzle needs {n} symbols, this line has {}",
                list.len()
            ),
        ));
    }
    let symbols = Symbols::new(list).map_err(|m| InputError::at(source, sym_line, m))?;
    let mut puzzle = Puzzle::empty(n, symbols).map_err(|m| InputError::at(source, sym_line, m))?;
    // Killer: a number-of-cages line, then `total row,col row,col …` lines.
    if let Some(&(count_line, count_text)) = content.get(2)
        && count_text.bytes().all(|b| b.is_ascii_digit())
    {
        let count: usize = uint(count_text).ok_or_else(|| {
            InputError::at(
                source,
                count_line,
                format!("`{count_text}` is not a number of cages"),
            )
        })?;
        let cages = &content[3..];
        if cages.len() != count {
            return Err(InputError::at(
                source,
                count_line,
                format!(
                    "the line says {count} cages, but {} cage line{} follow{}",
                    cages.len(),
                    if cages.len() == 1 { "" } else { "s" },
                    if cages.len() == 1 { "s" } else { "" }
                ),
            ));
        }
        for &(line, text) in cages {
            let err = |m: String| InputError::at(source, line, m);
            let bad = || {
                err(format!(
                    "`{text}`: expected `total row,col row,col …` (0-based)"
                ))
            };
            let mut tokens = text.split_whitespace();
            let total: u64 = tokens.next().and_then(uint).ok_or_else(bad)?;
            let mut cells = Vec::new();
            for t in tokens {
                let (r, c) = t.split_once(',').ok_or_else(bad)?;
                let (r, c): (usize, usize) = (uint(r).ok_or_else(bad)?, uint(c).ok_or_else(bad)?);
                if r >= n || c >= n {
                    return Err(err(format!(
                        "cell {r},{c} is outside the {n}×{n} grid (rows and columns are 0 to {})",
                        n - 1
                    )));
                }
                cells.push(r * n + c);
            }
            puzzle
                .add_cage(total, cells)
                .map_err(|m| err(format!("cage `{text}`: {m}")))?;
        }
        return Ok(Entry {
            puzzle,
            line: size_line,
            format: InputFormat::Rmit,
            id: None,
            solution: None,
        });
    }
    let mut given_on = vec![0usize; n * n];
    for &(line, text) in &content[2..] {
        let err = |m: String| InputError::at(source, line, m);
        let fields: Vec<&str> = text
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|t| !t.is_empty())
            .collect();
        let nums: Option<Vec<u64>> = fields.iter().map(|t| uint(t)).collect();
        let Some([r, c, s]) = nums.as_deref().and_then(|v| <[u64; 3]>::try_from(v).ok()) else {
            return Err(err(format!(
                "`{text}`: expected `row,col symbol` (0-based row and column)"
            )));
        };
        if r >= n as u64 || c >= n as u64 {
            return Err(err(format!(
                "cell {r},{c} is outside the {n}×{n} grid (rows and columns are 0 to {})",
                n - 1
            )));
        }
        let cell = r as usize * n + c as usize;
        let Some(v) = puzzle.symbols().index_of(s) else {
            return Err(err(format!(
                "cell {r},{c}: {s} is not one of the symbols on line {sym_line} ({})",
                puzzle.symbols()
            )));
        };
        if given_on[cell] != 0 {
            return Err(err(format!(
                "cell {r},{c} is already given on line {}",
                given_on[cell]
            )));
        }
        given_on[cell] = line;
        puzzle.set_given(cell, Some(v));
    }
    Ok(Entry {
        puzzle,
        line: size_line,
        format: InputFormat::Rmit,
        id: None,
        solution: None,
    })
}
