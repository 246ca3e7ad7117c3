//! A rule-file constraint line's arguments as its kind reads them: cells `r1c1`, numbers,
//! an optional leading number, each error naming the keyword.

use super::Constraint;
use crate::puzzle::Puzzle;

/// One rule-file keyword: what it takes, for help and errors, and its reader.
#[derive(Debug)]
pub(crate) struct RuleWord {
    /// The keyword (`thermo`).
    pub(crate) keyword: &'static str,
    /// What it takes and means (`CELLS: values increase from the bulb`).
    pub(crate) help: &'static str,
    /// The constraints a line with this keyword puts on a puzzle.
    pub(crate) read: fn(&RuleArgs<'_>) -> Result<Vec<Constraint>, String>,
}

/// A constraint line's keyword and arguments, against the puzzle they are read for.
#[derive(Debug)]
pub(crate) struct RuleArgs<'a> {
    /// The puzzle whose grid names the cells.
    pub(crate) puzzle: &'a Puzzle,
    /// The keyword.
    pub(crate) key: &'a str,
    /// The arguments, `:` on its own.
    pub(crate) args: Vec<&'a str>,
    /// Whether the line is read before its grid is known, against a stand-in grid to catch
    /// what does not depend on it: a check of the grid's values waits for the grid.
    pub(crate) early: bool,
}

impl RuleArgs<'_> {
    /// The grid's size.
    pub(crate) fn n(&self) -> usize {
        self.puzzle.size()
    }

    /// An error naming the keyword.
    pub(crate) fn err(&self, message: impl std::fmt::Display) -> String {
        format!("`{}`: {message}", self.key)
    }

    /// The cell `a` names.
    pub(crate) fn cell(&self, a: &str) -> Result<usize, String> {
        let n = self.n();
        match cell_of(a) {
            Some((r, c)) if r < n && c < n => Ok(r * n + c),
            Some(_) => Err(self.err(format!("{a} is outside the {n}×{n} grid"))),
            None => Err(self.err(format!("`{a}` is not a cell (r1c1 … r{n}c{n})"))),
        }
    }

    /// The cells `list` names, `least` of them or more.
    pub(crate) fn cells(&self, list: &[&str], least: usize) -> Result<Vec<usize>, String> {
        let cells = list
            .iter()
            .map(|a| self.cell(a))
            .collect::<Result<Vec<_>, _>>()?;
        if cells.len() < least {
            return Err(self.err(format!("expected {least} cells or more")));
        }
        Ok(cells)
    }

    /// All the arguments as cells, `least` of them or more.
    pub(crate) fn all_cells(&self, least: usize) -> Result<Vec<usize>, String> {
        self.cells(&self.args, least)
    }

    /// A whole number.
    pub(crate) fn number(&self, a: &str) -> Result<i64, String> {
        a.parse()
            .map_err(|_| self.err(format!("`{a}` is not a whole number")))
    }

    /// A leading number when the first argument is not a cell (`whisper 4 r1c1 …`), else
    /// `default`, with the arguments after it.
    pub(crate) fn leading(&self, default: Option<i64>) -> Result<(Option<i64>, &[&str]), String> {
        match self.args.split_first() {
            Some((first, rest)) if cell_of(first).is_none() => {
                Ok((Some(self.number(first)?), rest))
            }
            _ => Ok((default, &self.args[..])),
        }
    }

    /// A leading number of 1 or more, `default` when there is none, and the line after it of
    /// two cells or more (`whisper`, `lockout`, `modular`).
    pub(crate) fn parameter_and_line(&self, default: i64) -> Result<(i64, Vec<usize>), String> {
        let (arg, rest) = self.leading(Some(default))?;
        let arg = arg.unwrap_or(default);
        if arg < 1 {
            return Err(self.err(format!("{arg} is not 1 or more")));
        }
        Ok((arg, self.cells(rest, 2)?))
    }

    /// An outside clue's number and line, read from its side (`18 top 3`).
    pub(crate) fn outside_clue(&self) -> Result<(i64, Vec<usize>), String> {
        let n = self.n();
        let [value, side, index] = self.args[..] else {
            return Err(self.err("expected NUMBER SIDE N (e.g. `18 top 3`)"));
        };
        let value = self.number(value)?;
        let i: usize = index
            .parse()
            .ok()
            .filter(|i| (1..=n).contains(i))
            .ok_or_else(|| self.err(format!("`{index}` is not a row or column 1 to {n}")))?;
        let i = i - 1;
        let cells: Vec<usize> = match side {
            "top" => (0..n).map(|r| r * n + i).collect(),
            "bottom" => (0..n).rev().map(|r| r * n + i).collect(),
            "left" => (0..n).map(|c| i * n + c).collect(),
            "right" => (0..n).rev().map(|c| i * n + c).collect(),
            _ => {
                return Err(self.err(format!(
                    "`{side}` is not a side: top, bottom, left or right"
                )));
            }
        };
        Ok((value, cells))
    }
}

/// The (row, column) from 0 a cell name `r<row>c<col>` (from 1) names.
pub(crate) fn cell_of(name: &str) -> Option<(usize, usize)> {
    let rest = name.strip_prefix(['r', 'R'])?;
    let (r, c) = rest.split_once(['c', 'C'])?;
    let (r, c): (usize, usize) = (r.parse().ok()?, c.parse().ok()?);
    (r >= 1 && c >= 1).then(|| (r - 1, c - 1))
}
