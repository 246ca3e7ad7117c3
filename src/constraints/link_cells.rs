//! How the link writers name a constraint's cells: the Interactive Sudoku Solver's ids, the
//! rows and columns of outside clues with their side, and f-puzzles' cell names and lines.

#[cfg(feature = "links")]
use serde_json::{Value, json};

/// A name as the Interactive Sudoku Solver writes it in an argument (its `uriEncodeArg`):
/// every byte but letters, digits and `-` as `%XX`, so neither `.` nor `~` splits the string.
pub(crate) fn iss_name(name: &str) -> String {
    name.bytes()
        .map(|b| match b {
            b'0'..=b'9' | b'a'..=b'z' | b'A'..=b'Z' | b'-' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// The cells as the Interactive Sudoku Solver's arguments: `R1C1~R1C2`.
pub(crate) fn iss_cells(n: usize, cells: &[usize]) -> String {
    cells
        .iter()
        .map(|&c| super::iss_id(c / n, c % n))
        .collect::<Vec<_>>()
        .join("~")
}

/// The row or column `cells` make, as the Interactive Sudoku Solver names it (`R3`, `C7`),
/// and whether they run from its start (left or top): `None` when they are no whole row or
/// column in order.
pub(crate) fn row_or_column(n: usize, cells: &[usize]) -> Option<(String, bool)> {
    let (first, &last) = (*cells.first()?, cells.last()?);
    if cells.len() != n || n < 2 {
        return None;
    }
    let step = |k: isize| cells.windows(2).all(|w| w[1] as isize - w[0] as isize == k);
    let (r, c) = (first / n, first % n);
    if step(1) && c == 0 {
        Some((format!("R{}", r + 1), true))
    } else if step(-1) && c == n - 1 {
        Some((format!("R{}", r + 1), false))
    } else if step(n as isize) && r == 0 {
        Some((format!("C{}", c + 1), true))
    } else if step(-(n as isize)) && last / n == 0 {
        Some((format!("C{}", c + 1), false))
    } else {
        None
    }
}

/// A cell as f-puzzles names it, (row, column) from 0 and possibly just outside the grid:
/// `R1C1`, `R0C3`.
#[cfg(feature = "links")]
pub(crate) fn fpuzzles_name(r: i64, c: i64) -> Value {
    Value::String(format!("R{}C{}", r + 1, c + 1))
}

/// Cells as an f-puzzles list: `["R1C1", "R1C2"]`.
#[cfg(feature = "links")]
pub(crate) fn fpuzzles_cells(n: usize, cells: &[usize]) -> Value {
    cells
        .iter()
        .map(|&c| fpuzzles_name((c / n) as i64, (c % n) as i64))
        .collect()
}

/// A line as an f-puzzles entry: `{"lines": [["R1C1", …]]}`.
#[cfg(feature = "links")]
pub(crate) fn fpuzzles_line(n: usize, cells: &[usize]) -> Value {
    json!({ "lines": [fpuzzles_cells(n, cells)] })
}

/// The clue cell outside the grid that reads `cells` (a whole row or column) from its side:
/// `R0C3` above column 3, `R3C10` right of row 3 on a 9×9.
#[cfg(feature = "links")]
pub(crate) fn fpuzzles_clue_cell(n: usize, cells: &[usize]) -> Option<Value> {
    let (line, forward) = row_or_column(n, cells)?;
    let i: i64 = line[1..].parse().ok()?;
    let outside = if forward { -1 } else { n as i64 };
    Some(if line.starts_with('R') {
        fpuzzles_name(i - 1, outside)
    } else {
        fpuzzles_name(outside, i - 1)
    })
}
