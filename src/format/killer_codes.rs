//! The two one-line killer codes of the puzzle forums, as the Interactive Sudoku Solver reads
//! them: SudoCue's `3x3:d:k:` list (each cell `total·256 + cage id`, `d` adding both diagonals)
//! and the 81-character arrow code (each cell points to a neighbour of its cage, the cage's
//! head holding its total as one base-36 digit, `a`–`j` for 36–45).

use crate::constraints;
use crate::puzzle::{Constraint, Puzzle, Symbols};
use std::collections::BTreeMap;

/// Whether `text` is a SudoCue killer list.
pub(super) fn is_long(text: &str) -> bool {
    text.starts_with("3x3:") && text.split(':').nth(2) == Some("k")
}

/// Whether `text` is an 81-character arrow code.
pub(super) fn is_short(text: &str) -> bool {
    text.chars().count() == 81
        && text.contains(['<', 'v', '>', '^', '`', '\'', ','])
        && text.chars().all(|c| {
            c.is_ascii_digit() || c.is_ascii_uppercase() || "abcdefghij^<v>`',.".contains(c)
        })
}

/// Cages as their totals and cells.
type Cages = Vec<(u64, Vec<usize>)>;

/// The cages of a SudoCue list, plus whether it adds the diagonals.
fn long_cages(text: &str) -> Result<(Cages, bool), String> {
    let parts: Vec<&str> = text.split(':').collect();
    if parts.len() != 81 + 4 {
        return Err(format!(
            "a `3x3::k:` killer list has 81 cells, this one {}",
            parts.len().saturating_sub(4)
        ));
    }
    let mut cages: BTreeMap<u64, (u64, Vec<usize>)> = BTreeMap::new();
    for (cell, field) in parts[3..3 + 81].iter().enumerate() {
        let value: u64 = field.trim().parse().map_err(|_| {
            format!(
                "cell {} of the killer list: `{field}` is not a number",
                cell + 1
            )
        })?;
        let (total, id) = (value / 256, value % 256);
        if total > 0 {
            cages.entry(id).or_insert((total, Vec::new())).1.push(cell);
        }
    }
    Ok((cages.into_values().collect(), parts[1] == "d"))
}

/// The cages of an arrow code.
fn short_cages(text: &str) -> Result<Cages, String> {
    let chars: Vec<char> = text.chars().collect();
    let next = |i: usize| -> Option<usize> {
        let (r, c) = ((i / 9) as i64, (i % 9) as i64);
        let (dr, dc) = match chars[i] {
            'v' => (1, 0),
            '^' => (-1, 0),
            '<' => (0, -1),
            '>' => (0, 1),
            '`' => (-1, -1),
            '\'' => (-1, 1),
            ',' => (1, -1),
            '.' => (1, 1),
            _ => return None,
        };
        let (r, c) = (r + dr, c + dc);
        ((0..9).contains(&r) && (0..9).contains(&c)).then_some((r * 9 + c) as usize)
    };
    let mut cages: BTreeMap<usize, (u64, Vec<usize>)> = BTreeMap::new();
    for start in 0..81 {
        let mut head = start;
        let mut steps = 0;
        while let Some(to) = next(head) {
            head = to;
            steps += 1;
            if steps > 81 {
                return Err(format!(
                    "the arrows from cell {} go round in a loop",
                    start + 1
                ));
            }
        }
        let total = match chars[head] {
            c @ '0'..='9' => u64::from(c as u8 - b'0'),
            c @ 'A'..='Z' => u64::from(c as u8 - b'A') + 10,
            c @ 'a'..='j' => u64::from(c as u8 - b'a') + 36,
            _ => continue,
        };
        cages
            .entry(head)
            .or_insert((total, Vec::new()))
            .1
            .push(start);
    }
    Ok(cages.into_values().collect())
}

/// The killer a code describes: a 9×9 grid with its cages (and diagonals).
pub(super) fn read(text: &str) -> Result<Puzzle, String> {
    let (cages, diagonals) = if is_long(text) {
        long_cages(text)?
    } else {
        (short_cages(text)?, false)
    };
    let mut puzzle = Puzzle::empty(9, Symbols::default_for(9)).map_err(|e| e.to_string())?;
    for (total, cells) in cages {
        if total == 0 {
            puzzle.add_constraint(Constraint::Region(constraints::Region {
                label: format!("cage at {}", puzzle.cell_name(cells[0])),
                cells,
            }))?;
        } else {
            puzzle
                .add_cage(total, cells)
                .map_err(|e| format!("cage {total}: {e}"))?;
        }
    }
    if diagonals {
        for anti in [false, true] {
            puzzle.add_constraint(Constraint::diagonal(9, anti))?;
        }
    }
    Ok(puzzle)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_codes_give_the_same_cages() {
        // A row of nine cells as one cage of 45, the rest as cages of two cells down a column
        // ... read both ways: cage heads and totals agree.
        let mut long = String::from("3x3::k");
        let mut short = String::new();
        for cell in 0..81 {
            let (r, c) = (cell / 9, cell % 9);
            let value = if r == 0 { 45 * 256 } else { 0 };
            long.push_str(&format!(":{value}"));
            short.push(match (r, c) {
                (0, 0) => 'j',
                (0, _) => '<',
                _ => '0',
            });
        }
        long.push(':');
        assert!(is_long(&long) && is_short(&short));
        let a = read(&long).expect("reads");
        let b = read(&short).expect("reads");
        assert_eq!(a.cages(), b.cages());
        assert_eq!(a.cages()[0].total, 45);
        assert_eq!(a.cages()[0].cells, (0..9).collect::<Vec<_>>());
    }
}
