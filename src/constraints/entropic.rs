//! An entropic line: each run of three cells holds a low (1–3), a middle (4–6) and a high
//! (7–9) value.

use super::{IssKind, Kind, Post, RuleWord, distinct, values_of};
#[cfg(feature = "links")]
use super::FpuzzlesKey;
use crate::engine::Domain;

/// Each run of three cells (the whole line, when it is shorter) holds values of distinct
/// classes: low (1–3), middle (4–6), high (7–9). Symbols 1 to 9 only.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Entropic {
    /// The line.
    pub cells: Vec<usize>,
}

/// The three classes of an entropic line: 1–3, 4–6, 7–9.
pub fn entropy_class(v: i64) -> i64 {
    (v - 1).div_euclid(3)
}

impl Kind for Entropic {
    const RULE_WORDS: &'static [RuleWord] = &[RuleWord {
        keyword: "entropic",
        help: "CELLS: every 3 cells in a row hold a low, a middle and a high value",
        read: |a| Ok(vec![Entropic { cells: a.all_cells(2)? }.into()]),
    }];
    const ISS_KINDS: &'static [IssKind] = &[IssKind {
        kind: "Entropic",
        late: false,
        read: |part| {
            let cells = part.line_of_two()?;
            part.add(Entropic { cells })
        },
    }];

    #[cfg(feature = "links")]
    const FPUZZLES_KEYS: &'static [FpuzzlesKey] = &[FpuzzlesKey {
        key: "entropicline",
        read: |entry| entry.lines_as("Entropic"),
    }];

    fn name(&self) -> &'static str {
        "entropic line"
    }

    fn cells(&self) -> Vec<usize> {
        self.cells.clone()
    }

    fn holds(&self, value: &dyn Fn(usize) -> i64) -> bool {
        values_of(&self.cells, value)
            .windows(self.cells.len().clamp(1, 3))
            .all(|w| distinct(&w.iter().map(|&x| entropy_class(x)).collect::<Vec<_>>()))
    }

    fn may_repeat_cells(&self) -> bool {
        true
    }

    fn iss(&self, n: usize) -> Option<String> {
        Some(format!("Entropic~{}", super::iss_cells(n, &self.cells)))
    }

    #[cfg(feature = "links")]
    fn fpuzzles(&self, n: usize) -> Option<(&'static str, serde_json::Value)> {
        Some(("entropicline", super::fpuzzles_line(n, &self.cells)))
    }

    fn draw(&self, canvas: &mut super::Canvas) {
        canvas.path(&self.cells, "#f08c3c", 8, false);
    }

    /// Cells fewer than three apart hold distinct classes.
    fn post<D: Domain>(&self, post: &mut Post<'_, D>) {
        let cells = &self.cells;
        for i in 0..cells.len() {
            for j in i + 1..cells.len().min(i + 3) {
                post.related(cells[i], cells[j], &|x, y| {
                    entropy_class(x) != entropy_class(y)
                });
            }
        }
    }
}
