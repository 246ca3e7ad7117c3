//! One part of an Interactive Sudoku Solver constraint string (`Thermo~R1C1~R1C2`) as its
//! kind reads it: cells `R<row>C<col>` in base 36, rows and columns of outside clues, little
//! killer diagonals laid out as the solver lays them.

use super::Constraint;
use crate::puzzle::{Puzzle, orthogonal_neighbours};
use std::collections::HashSet;

/// One kind of part, as the Interactive Sudoku Solver names it, with its reader.
#[derive(Debug)]
pub(crate) struct IssKind {
    /// The kind (`Thermo`).
    pub(crate) kind: &'static str,
    /// Whether it is read after the rest, once the regions are known (a region-sum line).
    pub(crate) late: bool,
    /// Adds what the part says to the puzzle.
    pub(crate) read: fn(&mut IssPart<'_>) -> Result<(), String>,
}

/// A part being read: its kind and arguments, the grid and the puzzle it fills.
#[derive(Debug)]
pub(crate) struct IssPart<'a> {
    /// The grid the cells are read on.
    pub(crate) grid: &'a IssGrid,
    /// The puzzle being filled.
    pub(crate) puzzle: &'a mut Puzzle,
    /// The part's kind.
    pub(crate) kind: &'a str,
    /// Its `~`-separated arguments.
    pub(crate) args: &'a [&'a str],
    /// The cells of the killer cages read so far (a cage over them is posted as a
    /// constraint, not as one of the puzzle's cages).
    pub(crate) cage_cells: &'a mut HashSet<usize>,
}

impl IssPart<'_> {
    /// Adds a constraint to the puzzle.
    pub(crate) fn add(&mut self, constraint: impl Into<Constraint>) -> Result<(), String> {
        Ok(self.puzzle.add_constraint(constraint.into())?)
    }

    /// The arguments as cells.
    pub(crate) fn cells(&self) -> Result<Vec<usize>, String> {
        self.grid.cells(self.args)
    }

    /// The arguments as a line of two cells or more.
    pub(crate) fn line_of_two(&self) -> Result<Vec<usize>, String> {
        let cells = self.cells()?;
        if cells.len() < 2 {
            return Err(format!("{}: expected a line of 2 cells or more", self.kind));
        }
        Ok(cells)
    }

    /// A number of the part's kind.
    pub(crate) fn number(&self, text: &str) -> Result<i64, String> {
        IssGrid::number(self.kind, text)
    }

    /// A leading number when the first argument is not a cell (`default` when it is empty or
    /// missing), and a line of two cells or more after it (whisper, lockout, modular).
    pub(crate) fn parameter_and_line(&self, default: i64) -> Result<(i64, Vec<usize>), String> {
        let (arg, ids) = match self.args.split_first() {
            Some((first, rest)) if self.grid.cell(first).is_err() => {
                let v = if first.is_empty() {
                    default
                } else {
                    self.number(first)?
                };
                (v, rest)
            }
            _ => (default, self.args),
        };
        let cells = self.grid.cells(ids)?;
        if cells.len() < 2 || arg < 1 {
            return Err(format!("{}: expected a line of 2 cells or more", self.kind));
        }
        Ok((arg, cells))
    }

    /// An outside clue read from both sides of its row or column (`XSum~R1~7~12`): each
    /// number given, with the line read from its side.
    pub(crate) fn clues_both_sides(&self) -> Result<Vec<(i64, Vec<usize>)>, String> {
        let id = self
            .args
            .first()
            .ok_or_else(|| format!("{}: expected a line", self.kind))?;
        let mut out = Vec::new();
        for (forward, clue) in [(true, self.args.get(1)), (false, self.args.get(2))] {
            let Some(clue) = clue.filter(|c| !c.is_empty()) else {
                continue;
            };
            out.push((self.number(clue)?, self.grid.line(id, forward)?));
        }
        Ok(out)
    }
}

/// What reading a part needs of the grid.
#[derive(Debug)]
pub(crate) struct IssGrid {
    /// The grid's size.
    pub(crate) n: usize,
}

impl IssGrid {
    /// The cell an `R<row>C<col>` id names.
    pub(crate) fn cell(&self, id: &str) -> Result<usize, String> {
        let b = id.as_bytes();
        let digit = |c: u8| (c as char).to_digit(36).map(|d| d as usize);
        if b.len() == 4
            && b[0].eq_ignore_ascii_case(&b'R')
            && b[2].eq_ignore_ascii_case(&b'C')
            && let (Some(r), Some(c)) = (digit(b[1]), digit(b[3]))
            && (1..=self.n).contains(&r)
            && (1..=self.n).contains(&c)
        {
            return Ok((r - 1) * self.n + c - 1);
        }
        Err(format!(
            "`{id}` is not a cell of the {0}×{0} grid (R1C1 … R{1}C{1})",
            self.n,
            std::char::from_digit(self.n as u32, 36).unwrap_or('?')
        ))
    }

    pub(crate) fn cells(&self, ids: &[&str]) -> Result<Vec<usize>, String> {
        ids.iter().map(|id| self.cell(id)).collect()
    }

    /// [`cells`](Self::cells) of a constraint `kind` that needs one cell or more.
    pub(crate) fn some_cells(&self, kind: &str, ids: &[&str]) -> Result<Vec<usize>, String> {
        let cells = self.cells(ids)?;
        if cells.is_empty() {
            return Err(format!("{kind}: expected one cell or more"));
        }
        Ok(cells)
    }

    pub(crate) fn number(kind: &str, text: &str) -> Result<i64, String> {
        text.parse()
            .map_err(|_| format!("{kind}: `{text}` is not a whole number"))
    }

    /// The pairs of orthogonally adjacent cells among `cells`, each first-listed cell first.
    pub(crate) fn adjacent_pairs(&self, cells: &[usize]) -> Vec<(usize, usize)> {
        let mut left: HashSet<usize> = cells.iter().copied().collect();
        let mut out = Vec::new();
        for &c in cells {
            left.remove(&c);
            for adj in orthogonal_neighbours(self.n, c) {
                if left.contains(&adj) {
                    out.push((c, adj));
                }
            }
        }
        out
    }

    /// The row or column an outside clue's id names (`R3`, `C7`), read from its start.
    pub(crate) fn line(&self, id: &str, forward: bool) -> Result<Vec<usize>, String> {
        let n = self.n;
        let bad = || format!("`{id}` is not a row or column of the grid (R1 … C{n})");
        let mut chars = id.chars();
        let kind = chars.next();
        let i: usize = chars.as_str().parse().map_err(|_| bad())?;
        if !(1..=n).contains(&i) {
            return Err(bad());
        }
        let mut cells: Vec<usize> = match kind {
            Some('R' | 'r') => (0..n).map(|c| (i - 1) * n + c).collect(),
            Some('C' | 'c') => (0..n).map(|r| r * n + i - 1).collect(),
            _ => return Err(bad()),
        };
        if !forward {
            cells.reverse();
        }
        Ok(cells)
    }

    /// The diagonal a little killer clue at `cell` sums, as the Interactive Sudoku Solver
    /// lays them out: down-right from the left side, up-left from the right, down-left from
    /// the top, up-right from the bottom.
    pub(crate) fn little_killer(&self, cell: usize) -> Option<Vec<usize>> {
        let n = self.n as i64;
        let mut seen: HashSet<Vec<usize>> = HashSet::new();
        let mut found = None;
        let mut add = |r: i64, c: i64, dr: i64, dc: i64| {
            let mut cells = Vec::new();
            let (mut r, mut c) = (r, c);
            while (0..n).contains(&r) && (0..n).contains(&c) {
                cells.push((r * n + c) as usize);
                r += dr;
                c += dc;
            }
            if cells.len() <= 1 {
                return;
            }
            let mut sorted = cells.clone();
            sorted.sort_unstable();
            if seen.insert(sorted) && cells[0] == cell && found.is_none() {
                found = Some(cells);
            }
        };
        (0..n - 1).for_each(|r| add(r, 0, 1, 1));
        (1..n - 1).for_each(|r| add(r, n - 1, -1, -1));
        (1..n).for_each(|c| add(0, c, 1, -1));
        (1..n - 1).for_each(|c| add(n - 1, c, -1, 1));
        found
    }
}

/// A cell as the Interactive Sudoku Solver names it: `R<row>C<col>`, one base-36 digit each.
pub(crate) fn iss_id(row: usize, col: usize) -> String {
    let digit = |i: usize| std::char::from_digit(i as u32 + 1, 36).unwrap_or('?');
    format!("R{}C{}", digit(row), digit(col))
}
