//! An x-sum clue: the first X cells from the clue's side add up to it, X the first cell's
//! value.

use super::{IssKind, IssPart, Kind, Post, RuleWord, Unfolded, ends, values_of};
#[cfg(feature = "links")]
use super::FpuzzlesKey;
use crate::engine::{Domain, Layered};

/// The first X cells of the line add up to `total`, X the first cell's value.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct XSum {
    /// The line, from the clue's side.
    pub cells: Vec<usize>,
    /// The sum.
    pub total: i64,
}

impl Kind for XSum {
    const RULE_WORDS: &'static [RuleWord] = &[RuleWord {
        keyword: "x-sum",
        help: "TOTAL SIDE N: the first X cells from the side add up, X the first value",
        read: |a| {
            let (total, cells) = a.outside_clue()?;
            Ok(vec![XSum { cells, total }.into()])
        },
    }];
    const ISS_KINDS: &'static [IssKind] = &[IssKind {
        kind: "XSum",
        late: false,
        read: read_iss,
    }];

    #[cfg(feature = "links")]
    const FPUZZLES_KEYS: &'static [FpuzzlesKey] = &[FpuzzlesKey {
        key: "xsum",
        read: |entry| entry.side_clue("XSum"),
    }];

    fn name(&self) -> &'static str {
        "x-sum clue"
    }

    fn cells(&self) -> Vec<usize> {
        self.cells.clone()
    }

    fn holds(&self, value: &dyn Fn(usize) -> i64) -> bool {
        let v = values_of(&self.cells, value);
        let x = v[0];
        x >= 1 && x as usize <= v.len() && v[..x as usize].iter().sum::<i64>() == self.total
    }

    fn listing(&self, name: &dyn Fn(usize) -> String) -> String {
        format!("x-sum clue {}: {}", self.total, ends(&self.cells, name))
    }

    /// (cells still to add, sum so far).
    fn automaton(&self, w: &[i64], n: usize, max_edges: usize) -> Option<Unfolded> {
        let (t, len) = (self.total, self.cells.len() as i64);
        let step = |pos: usize, s: &(i64, i64), v: usize| -> Option<(i64, i64)> {
            let x = w[v];
            if pos == 0 {
                return (1..=len)
                    .contains(&x)
                    .then_some((x - 1, x))
                    .filter(|s| s.1 <= t);
            }
            if s.0 == 0 {
                return Some(*s);
            }
            (s.1 + x <= t).then_some((s.0 - 1, s.1 + x))
        };
        let accept = |s: &(i64, i64)| s.0 == 0 && s.1 == t;
        let layered = Layered::unfold(self.cells.len(), n, (0, 0), step, accept, max_edges);
        Some(layered.map(|l| (self.cells.clone(), l)))
    }

    fn iss(&self, n: usize) -> Option<String> {
        let (line, forward) = super::row_or_column(n, &self.cells)?;
        let side = if forward { "" } else { "~" };
        Some(format!("XSum~{line}~{side}{}", self.total))
    }

    #[cfg(feature = "links")]
    fn fpuzzles(&self, n: usize) -> Option<(&'static str, serde_json::Value)> {
        let cell = super::fpuzzles_clue_cell(n, &self.cells)?;
        let value = self.total.to_string();
        Some(("xsum", serde_json::json!({ "cell": cell, "value": value })))
    }

    fn draw(&self, canvas: &mut super::Canvas) {
        canvas.outside(&self.cells, &self.total.to_string(), super::Frame::Circle);
    }

    fn post<D: Domain>(&self, post: &mut Post<'_, D>) {
        post.automaton();
    }
}

/// `XSum~R3~FROM_START~FROM_END`: a clue on either side, or both.
fn read_iss(part: &mut IssPart<'_>) -> Result<(), String> {
    for (total, cells) in part.clues_both_sides()? {
        part.add(XSum { cells, total })?;
    }
    Ok(())
}
