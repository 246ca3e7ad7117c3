//! A sandwich clue: the values between the line's smallest and largest (the crusts) add up to
//! the clue.

use super::{IssKind, IssPart, Kind, Post, RuleWord, Unfolded, ends, sum_between_extremes, values_of};
#[cfg(feature = "links")]
use super::{FpuzzlesEntry, FpuzzlesKey};
use crate::engine::{Domain, Layered};

/// The line's cells hold distinct values, and those between its smallest and its largest
/// value (the crusts) add up to `total`. The Interactive Sudoku Solver's sandwich is this
/// (its lunchbox makes the cells distinct), so a line the rules leave free reads the same.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Sandwich {
    /// The row or column.
    pub cells: Vec<usize>,
    /// The sum between the crusts.
    pub total: i64,
}

impl Kind for Sandwich {
    const RULE_WORDS: &'static [RuleWord] = &[RuleWord {
        keyword: "sandwich",
        help: "TOTAL top|bottom|left|right N: the cells between 1 and n add up to TOTAL",
        read: |a| {
            let (total, cells) = a.outside_clue()?;
            Ok(vec![Sandwich { cells, total }.into()])
        },
    }];
    const ISS_KINDS: &'static [IssKind] = &[IssKind {
        kind: "Sandwich",
        late: false,
        read: read_iss,
    }];
    #[cfg(feature = "links")]
    const FPUZZLES_KEYS: &'static [FpuzzlesKey] = &[FpuzzlesKey {
        key: "sandwichsum",
        read: read_fpuzzles,
    }];

    fn name(&self) -> &'static str {
        "sandwich clue"
    }

    fn cells(&self) -> Vec<usize> {
        self.cells.clone()
    }

    fn holds(&self, value: &dyn Fn(usize) -> i64) -> bool {
        sum_between_extremes(&values_of(&self.cells, value)) == Some(self.total)
    }

    fn listing(&self, name: &dyn Fn(usize) -> String) -> String {
        format!("sandwich clue {}: {}", self.total, ends(&self.cells, name))
    }

    /// (crusts seen, sum between them so far).
    fn automaton(&self, w: &[i64], n: usize, max_edges: usize) -> Option<Unfolded> {
        let lo = w.iter().copied().min().unwrap_or(0);
        let hi = w.iter().copied().max().unwrap_or(0);
        let t = self.total;
        let step = |_: usize, s: &(u8, i64), v: usize| -> Option<(u8, i64)> {
            let x = w[v];
            let crust = x == lo || x == hi;
            match (s.0, crust) {
                (0, false) => Some(*s),
                (0, true) => Some((1, 0)),
                (1, false) => (s.1 + x <= t).then_some((1, s.1 + x)),
                (1, true) => (s.1 == t).then_some((2, t)),
                (_, false) => Some(*s),
                (_, true) => None,
            }
        };
        let len = self.cells.len();
        let layered = Layered::unfold(len, n, (0, 0), step, |s| s.0 == 2, max_edges);
        Some(layered.map(|l| (self.cells.clone(), l)))
    }

    fn iss(&self, n: usize) -> Option<String> {
        let (line, _) = super::row_or_column(n, &self.cells)?;
        Some(format!("Sandwich~{}~{line}", self.total))
    }

    #[cfg(feature = "links")]
    fn fpuzzles(&self, n: usize) -> Option<(&'static str, serde_json::Value)> {
        let cell = super::fpuzzles_clue_cell(n, &self.cells)?;
        let value = self.total.to_string();
        Some(("sandwichsum", serde_json::json!({ "cell": cell, "value": value })))
    }

    fn draw(&self, canvas: &mut super::Canvas) {
        canvas.outside(&self.cells, &self.total.to_string(), super::Frame::Bare);
    }

    /// The automaton, and an all-different unless the line is a region already.
    fn post<D: Domain>(&self, post: &mut Post<'_, D>) {
        let Some((cells, layered)) = post.unfold() else {
            return;
        };
        let mut line = self.cells.clone();
        line.sort_unstable();
        let is_region = (post.regions.iter()).any(|r| r.cells().eq(line.iter().copied()));
        if !is_region {
            post.all_different(&self.cells);
        }
        post.regular(&cells, layered);
    }
}

/// `Sandwich~TOTAL~R3` (or `C3`).
fn read_iss(part: &mut IssPart<'_>) -> Result<(), String> {
    let (total, id) = match part.args[..] {
        [t, id] => (part.number(t)?, id),
        _ => return Err("Sandwich: expected a sum and a row or column".to_string()),
    };
    let cells = part.grid.line(id.split(',').next().unwrap_or(id), true)?;
    part.add(Sandwich { cells, total })
}

/// `sandwichsum: [{"cell": "R0C3", "value": 12}]`: a clue beside a row or column.
#[cfg(feature = "links")]
fn read_fpuzzles(entry: &mut FpuzzlesEntry<'_>) -> Result<(), String> {
    let n = entry.n as i64;
    let Some(total) = entry.number()? else {
        return Ok(());
    };
    let (r, c) = entry.clue_cell("cell")?;
    let line = if (r < 0 || r == n) && (0..n).contains(&c) {
        format!("C{}", c + 1)
    } else if (c < 0 || c == n) && (0..n).contains(&r) {
        format!("R{}", r + 1)
    } else {
        return Err(format!(
            "{}: a sandwich clue stands outside the grid, beside a row or column",
            entry.what
        ));
    };
    entry.part("Sandwich", vec![total.to_string(), line]);
    Ok(())
}
