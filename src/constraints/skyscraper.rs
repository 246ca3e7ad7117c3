//! A skyscraper clue: seen from its side, so many values stand taller than all before them.

use super::{IssKind, IssPart, Kind, Post, RuleWord, Unfolded, ends, values_of};
#[cfg(feature = "links")]
use super::FpuzzlesKey;
use crate::engine::{Domain, Layered};

/// Seen from the clue's side, `count` values stand taller than all before them. A 0 is no
/// building (the Interactive Sudoku Solver's reading, on 0-based grids).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Skyscraper {
    /// The line, from the clue's side.
    pub cells: Vec<usize>,
    /// How many are seen.
    pub count: i64,
}

impl Kind for Skyscraper {
    const RULE_WORDS: &'static [RuleWord] = &[RuleWord {
        keyword: "skyscraper",
        help: "COUNT SIDE N: COUNT values are taller than all before them from the side",
        read: |a| {
            let (count, cells) = a.outside_clue()?;
            Ok(vec![Skyscraper { cells, count }.into()])
        },
    }];
    const ISS_KINDS: &'static [IssKind] = &[IssKind {
        kind: "Skyscraper",
        late: false,
        read: read_iss,
    }];

    #[cfg(feature = "links")]
    const FPUZZLES_KEYS: &'static [FpuzzlesKey] = &[FpuzzlesKey {
        key: "skyscraper",
        read: |entry| entry.side_clue("Skyscraper"),
    }];

    fn name(&self) -> &'static str {
        "skyscraper clue"
    }

    fn cells(&self) -> Vec<usize> {
        self.cells.clone()
    }

    fn holds(&self, value: &dyn Fn(usize) -> i64) -> bool {
        let (mut tallest, mut seen) = (0, 0);
        for x in values_of(&self.cells, value) {
            if x > tallest {
                tallest = x;
                seen += 1;
            }
        }
        seen == self.count
    }

    fn listing(&self, name: &dyn Fn(usize) -> String) -> String {
        format!("skyscraper clue {}: {}", self.count, ends(&self.cells, name))
    }

    /// (tallest so far, how many seen); a 0 is no building.
    fn automaton(&self, w: &[i64], n: usize, max_edges: usize) -> Option<Unfolded> {
        let c = self.count;
        let step = |_: usize, s: &(i64, i64), v: usize| -> Option<(i64, i64)> {
            let x = w[v];
            let next = if x > s.0 { (x, s.1 + 1) } else { *s };
            (next.1 <= c).then_some(next)
        };
        let len = self.cells.len();
        let layered = Layered::unfold(len, n, (0, 0), step, |s| s.1 == c, max_edges);
        Some(layered.map(|l| (self.cells.clone(), l)))
    }

    fn iss(&self, n: usize) -> Option<String> {
        let (line, forward) = super::row_or_column(n, &self.cells)?;
        let side = if forward { "" } else { "~" };
        Some(format!("Skyscraper~{line}~{side}{}", self.count))
    }

    #[cfg(feature = "links")]
    fn fpuzzles(&self, n: usize) -> Option<(&'static str, serde_json::Value)> {
        let cell = super::fpuzzles_clue_cell(n, &self.cells)?;
        let value = self.count.to_string();
        Some(("skyscraper", serde_json::json!({ "cell": cell, "value": value })))
    }

    fn draw(&self, canvas: &mut super::Canvas) {
        canvas.outside(&self.cells, &self.count.to_string(), super::Frame::Square);
    }

    fn post<D: Domain>(&self, post: &mut Post<'_, D>) {
        post.automaton();
    }
}

/// `Skyscraper~R3~FROM_START~FROM_END`: a clue on either side, or both.
fn read_iss(part: &mut IssPart<'_>) -> Result<(), String> {
    for (count, cells) in part.clues_both_sides()? {
        part.add(Skyscraper { cells, count })?;
    }
    Ok(())
}
