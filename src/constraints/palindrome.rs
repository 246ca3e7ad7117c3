//! A palindrome line: it reads the same both ways.

use super::{IssKind, Kind, PairKind, Post, RuleWord, values_of};
#[cfg(feature = "links")]
use super::FpuzzlesKey;
use crate::engine::Domain;

/// The line reads the same both ways.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Palindrome {
    /// The line.
    pub cells: Vec<usize>,
}

impl Kind for Palindrome {
    const RULE_WORDS: &'static [RuleWord] = &[RuleWord {
        keyword: "palindrome",
        help: "CELLS: the line reads the same both ways",
        read: |a| Ok(vec![Palindrome { cells: a.all_cells(2)? }.into()]),
    }];
    const ISS_KINDS: &'static [IssKind] = &[IssKind {
        kind: "Palindrome",
        late: false,
        read: |part| {
            let cells = part.line_of_two()?;
            part.add(Palindrome { cells })
        },
    }];
    #[cfg(feature = "links")]
    const FPUZZLES_KEYS: &'static [FpuzzlesKey] = &[FpuzzlesKey {
        key: "palindrome",
        read: |entry| entry.lines_as("Palindrome"),
    }];

    fn name(&self) -> &'static str {
        "palindrome"
    }

    fn cells(&self) -> Vec<usize> {
        self.cells.clone()
    }

    fn holds(&self, value: &dyn Fn(usize) -> i64) -> bool {
        let v = values_of(&self.cells, value);
        v.iter().eq(v.iter().rev())
    }

    fn iss(&self, n: usize) -> Option<String> {
        Some(format!("Palindrome~{}", super::iss_cells(n, &self.cells)))
    }

    #[cfg(feature = "links")]
    fn fpuzzles(&self, n: usize) -> Option<(&'static str, serde_json::Value)> {
        Some(("palindrome", super::fpuzzles_line(n, &self.cells)))
    }

    fn draw(&self, canvas: &mut super::Canvas) {
        canvas.path(&self.cells, "#a8a8a8", 8, false);
    }

    /// Mirrored cells are equal.
    fn post<D: Domain>(&self, post: &mut Post<'_, D>) {
        let (cells, len) = (&self.cells, self.cells.len());
        for i in 0..len / 2 {
            post.pair(cells[i], cells[len - 1 - i], PairKind::Equal);
        }
    }
}
