//! A modular line: each run of M cells along it holds distinct values modulo M.

use super::{IssKind, IssPart, Kind, Post, RuleWord, distinct, list, values_of};
#[cfg(feature = "links")]
use super::FpuzzlesKey;
use crate::engine::Domain;

/// Each run of `modulus` cells along the line (the whole line, when it is shorter) holds
/// distinct values modulo `modulus`, as the Interactive Sudoku Solver reads a short line.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Modular {
    /// The modulus and the run's length.
    pub modulus: i64,
    /// The line.
    pub cells: Vec<usize>,
}

impl Kind for Modular {
    const RULE_WORDS: &'static [RuleWord] = &[RuleWord {
        keyword: "modular",
        help: "[M] CELLS: every M cells in a row differ modulo M (3)",
        read: |a| {
            let (modulus, cells) = a.parameter_and_line(3)?;
            Ok(vec![Modular { modulus, cells }.into()])
        },
    }];
    const ISS_KINDS: &'static [IssKind] = &[IssKind {
        kind: "Modular",
        late: false,
        read: read_iss,
    }];

    #[cfg(feature = "links")]
    const FPUZZLES_KEYS: &'static [FpuzzlesKey] = &[FpuzzlesKey {
        key: "modularline",
        read: |entry| entry.lines_as("Modular"),
    }];

    fn name(&self) -> &'static str {
        "modular line"
    }

    fn cells(&self) -> Vec<usize> {
        self.cells.clone()
    }

    fn holds(&self, value: &dyn Fn(usize) -> i64) -> bool {
        let m = self.modulus.max(1);
        let run = m.min(self.cells.len() as i64) as usize;
        values_of(&self.cells, value).windows(run.max(1)).all(|w| {
            distinct(&w.iter().map(|x| x.rem_euclid(m)).collect::<Vec<_>>())
        })
    }

    fn may_repeat_cells(&self) -> bool {
        true
    }

    fn listing(&self, name: &dyn Fn(usize) -> String) -> String {
        let (m, cells) = (self.modulus, list(&self.cells, name));
        format!("modular line (modulo {m}): {cells}")
    }

    fn iss(&self, n: usize) -> Option<String> {
        Some(format!("Modular~{}~{}", self.modulus, super::iss_cells(n, &self.cells)))
    }

    /// f-puzzles' modular lines are modulo 3.
    #[cfg(feature = "links")]
    fn fpuzzles(&self, n: usize) -> Option<(&'static str, serde_json::Value)> {
        (self.modulus == 3).then(|| ("modularline", super::fpuzzles_line(n, &self.cells)))
    }

    fn draw(&self, canvas: &mut super::Canvas) {
        canvas.path(&self.cells, "#40b0a0", 8, false);
    }

    /// Cells fewer than a run apart differ modulo M: every run of the line (the whole line,
    /// when it is shorter than one) holds distinct classes.
    fn post<D: Domain>(&self, post: &mut Post<'_, D>) {
        let (m, cells) = (self.modulus, &self.cells);
        for i in 0..cells.len() {
            for j in i + 1..cells.len().min(i + m as usize) {
                post.related(cells[i], cells[j], &|x, y| (x - y).rem_euclid(m) != 0);
            }
        }
    }
}

/// `Modular~[M]~CELLS`.
fn read_iss(part: &mut IssPart<'_>) -> Result<(), String> {
    let (modulus, cells) = part.parameter_and_line(3)?;
    part.add(Modular { modulus, cells })
}
