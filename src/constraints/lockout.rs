//! A lockout line: its ends differ by at least a given amount, and no inner cell lies between
//! them.

use super::between::{ends_of, ends_then_inner};
use super::{IssKind, IssPart, Kind, Post, RuleWord, Unfolded, list};
use crate::engine::Domain;

/// The ends differ by at least `diff`; no inner cell lies between them (ends included).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Lockout {
    /// The smallest difference of the ends.
    pub diff: i64,
    /// The line, ends included.
    pub cells: Vec<usize>,
}

impl Kind for Lockout {
    const RULE_WORDS: &'static [RuleWord] = &[RuleWord {
        keyword: "lockout",
        help: "[DIFF] CELLS: ends DIFF (4) or more apart, no inner value between them",
        read: |a| {
            let (diff, cells) = a.parameter_and_line(4)?;
            Ok(vec![Lockout { diff, cells }.into()])
        },
    }];
    const ISS_KINDS: &'static [IssKind] = &[IssKind {
        kind: "Lockout",
        late: false,
        read: read_iss,
    }];

    fn name(&self) -> &'static str {
        "lockout line"
    }

    fn cells(&self) -> Vec<usize> {
        self.cells.clone()
    }

    fn holds(&self, value: &dyn Fn(usize) -> i64) -> bool {
        let (v, lo, hi) = ends_of(&self.cells, value);
        hi - lo >= self.diff && v[1..v.len() - 1].iter().all(|&m| m < lo || m > hi)
    }

    fn listing(&self, name: &dyn Fn(usize) -> String) -> String {
        let (diff, cells) = (self.diff, list(&self.cells, name));
        format!("lockout line (differences of {diff} or more): {cells}")
    }

    fn automaton(&self, w: &[i64], n: usize, max_edges: usize) -> Option<Unfolded> {
        Some(ends_then_inner(&self.cells, w, n, Some(self.diff), max_edges))
    }

    fn iss(&self, n: usize) -> Option<String> {
        Some(format!("Lockout~{}~{}", self.diff, super::iss_cells(n, &self.cells)))
    }

    /// An orange line with a diamond on each end.
    fn draw(&self, canvas: &mut super::Canvas) {
        canvas.path(&self.cells, "#f0a040", 4, false);
        for end in [self.cells.first(), self.cells.last()].into_iter().flatten() {
            canvas.diamond(*end, 18, "#fff", "#f0a040");
        }
    }

    fn post<D: Domain>(&self, post: &mut Post<'_, D>) {
        post.automaton();
    }
}

/// `Lockout~[DIFF]~CELLS`.
fn read_iss(part: &mut IssPart<'_>) -> Result<(), String> {
    let (diff, cells) = part.parameter_and_line(4)?;
    part.add(Lockout { diff, cells })
}
