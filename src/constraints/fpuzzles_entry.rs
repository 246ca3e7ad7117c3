//! One entry of an f-puzzles list-valued key (`thermometer: [{"lines": …}]`) as its kind
//! reads it: cells `R<row>C<col>`, lines, a clue's number. Most entries become the Interactive
//! Sudoku Solver's parts (which [`super::IssKind`] reads), the rest constraints.

use super::{Constraint, iss_id};
use serde_json::{Map, Value};

/// One f-puzzles key with its reader.
#[derive(Debug)]
pub(crate) struct FpuzzlesKey {
    /// The key (`thermometer`).
    pub(crate) key: &'static str,
    /// Reads one of its entries.
    pub(crate) read: fn(&mut FpuzzlesEntry<'_>) -> Result<(), String>,
}

/// An entry being read, and what it adds to.
#[derive(Debug)]
pub(crate) struct FpuzzlesEntry<'a> {
    /// The grid's size.
    pub(crate) n: usize,
    /// The key it is listed under.
    pub(crate) key: &'a str,
    /// How errors name it (`thermometer 2`).
    pub(crate) what: &'a str,
    /// Its fields.
    pub(crate) entry: &'a Map<String, Value>,
    /// The Interactive Sudoku Solver's parts read so far: kind and arguments.
    pub(crate) parts: &'a mut Vec<(String, Vec<String>)>,
    /// Constraints added once the parts are read.
    pub(crate) extra: &'a mut Vec<Constraint>,
}

impl FpuzzlesEntry<'_> {
    /// Adds a part of the Interactive Sudoku Solver's.
    pub(crate) fn part(&mut self, kind: &str, args: Vec<String>) {
        self.parts.push((kind.to_string(), args));
    }

    /// Adds a constraint after the parts.
    pub(crate) fn add(&mut self, constraint: impl Into<Constraint>) {
        self.extra.push(constraint.into());
    }

    /// A clue's number (`value: "12"` or `12`); `None` when the clue has none.
    pub(crate) fn number(&self) -> Result<Option<i64>, String> {
        let what = self.what;
        match self.entry.get("value") {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(s)) if s.trim().is_empty() => Ok(None),
            Some(Value::String(s)) => s
                .trim()
                .parse()
                .map(Some)
                .map_err(|_| format!("{what}: `{s}` is not a whole number")),
            Some(v) => v
                .as_i64()
                .map(Some)
                .ok_or_else(|| format!("{what}: {v} is not a whole number")),
        }
    }

    /// The (row, column) from 0 of a field naming a clue's cell, which may stand around the
    /// grid (row or column 0 or n + 1).
    pub(crate) fn clue_cell(&self, field: &str) -> Result<(i64, i64), String> {
        cell_at(self.n, self.what, self.entry.get(field), true)
    }

    /// The cells of a field (`cells: ["R1C1", …]`).
    pub(crate) fn field_cells(&self, field: &str) -> Result<Vec<usize>, String> {
        cells_at(self.n, self.what, self.entry.get(field))
    }

    /// The cell of a field (`cell: "R1C1"`), as a row-major index.
    pub(crate) fn field_cell(&self, field: &str) -> Result<usize, String> {
        let (r, c) = cell_at(self.n, self.what, self.entry.get(field), false)?;
        Ok(r as usize * self.n + c as usize)
    }

    /// The lines of the entry (`lines: [["R1C1", …], …]`).
    pub(crate) fn lines(&self) -> Result<Vec<Vec<usize>>, String> {
        self.entry
            .get("lines")
            .and_then(Value::as_array)
            .ok_or_else(|| format!("{}: expected `lines`", self.what))?
            .iter()
            .map(|l| cells_at(self.n, self.what, Some(l)))
            .collect()
    }

    /// Each of the entry's lines of two cells or more, as the Interactive Sudoku Solver's
    /// part `kind` (`thermometer`, `palindrome`, `betweenline`).
    pub(crate) fn lines_as(&mut self, kind: &str) -> Result<(), String> {
        for line in self.lines()? {
            if line.len() >= 2 {
                self.part(kind, self.ids(&line));
            }
        }
        Ok(())
    }

    /// A clue beside a row or column (`{"cell": "R0C3", "value": "12"}`) as the Interactive
    /// Sudoku Solver's part `kind` with a clue on one side (`XSum~C3~12`, `XSum~C3~~12` from
    /// below); a clue without a number says nothing.
    pub(crate) fn side_clue(&mut self, kind: &str) -> Result<(), String> {
        let Some(total) = self.number()? else {
            return Ok(());
        };
        let n = self.n as i64;
        let (r, c) = self.clue_cell("cell")?;
        let (line, far) = if (r < 0 || r == n) && (0..n).contains(&c) {
            (format!("C{}", c + 1), r == n)
        } else if (c < 0 || c == n) && (0..n).contains(&r) {
            (format!("R{}", r + 1), c == n)
        } else {
            return Err(format!(
                "{}: the clue at R{}C{} is not beside a row or column, outside the grid",
                self.what,
                r + 1,
                c + 1
            ));
        };
        let mut args = vec![line];
        if far {
            args.push(String::new());
        }
        args.push(total.to_string());
        self.part(kind, args);
        Ok(())
    }

    /// The ids of cells, as the Interactive Sudoku Solver's parts name them.
    pub(crate) fn ids(&self, cells: &[usize]) -> Vec<String> {
        cells
            .iter()
            .map(|&c| iss_id(c / self.n, c % self.n))
            .collect()
    }
}

/// A cell named `R<row>C<col>` (1-based) on an n×n grid, as (row, column) from 0; `outside`
/// lets the clue cells around the grid through (row or column 0 or n + 1).
pub(crate) fn cell_at(
    n: usize,
    what: &str,
    value: Option<&Value>,
    outside: bool,
) -> Result<(i64, i64), String> {
    let n = n as i64;
    let name = value.and_then(Value::as_str).unwrap_or("");
    let parsed = name
        .strip_prefix(['R', 'r'])
        .and_then(|rest| rest.split_once(['C', 'c']))
        .and_then(|(r, c)| Some((r.parse::<i64>().ok()? - 1, c.parse::<i64>().ok()? - 1)));
    let inside = |x: i64| (0..n).contains(&x);
    let around = |x: i64| (-1..=n).contains(&x);
    match parsed {
        Some((r, c)) if inside(r) && inside(c) => Ok((r, c)),
        Some((r, c)) if outside && around(r) && around(c) => Ok((r, c)),
        _ => Err(format!(
            "{what}: `{}` is not a cell of the {n}×{n} grid (R1C1 … R{n}C{n})",
            value.map_or("nothing".to_string(), |v| v
                .as_str()
                .map_or(v.to_string(), str::to_string))
        )),
    }
}

/// The cells of a list (`["R1C1", …]`) on an n×n grid, as row-major indices.
pub(crate) fn cells_at(n: usize, what: &str, list: Option<&Value>) -> Result<Vec<usize>, String> {
    let items = list
        .and_then(Value::as_array)
        .ok_or_else(|| format!("{what}: expected a list of cells"))?;
    items
        .iter()
        .map(|v| {
            let (r, c) = cell_at(n, what, Some(v), false)?;
            Ok(r as usize * n + c as usize)
        })
        .collect()
}
