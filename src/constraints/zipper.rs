//! A zipper line: cells equally far from its middle add up to the same total (the middle
//! cell's value, when it has one).

use super::{IssKind, Kind, Post, RuleWord, values_of};
#[cfg(feature = "links")]
use super::FpuzzlesKey;
use crate::engine::{Domain, LinearSum, VarId};

/// Cells equally far from the line's middle add up to the same total (the middle cell's
/// value, when the line has one).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Zipper {
    /// The line.
    pub cells: Vec<usize>,
}

impl Kind for Zipper {
    const RULE_WORDS: &'static [RuleWord] = &[RuleWord {
        keyword: "zipper",
        help: "CELLS: cells equally far from the middle add up to the same total",
        read: |a| Ok(vec![Zipper { cells: a.all_cells(2)? }.into()]),
    }];
    const ISS_KINDS: &'static [IssKind] = &[IssKind {
        kind: "Zipper",
        late: false,
        read: |part| {
            let cells = part.line_of_two()?;
            part.add(Zipper { cells })
        },
    }];

    #[cfg(feature = "links")]
    const FPUZZLES_KEYS: &'static [FpuzzlesKey] = &[FpuzzlesKey {
        key: "zipperline",
        read: |entry| entry.lines_as("Zipper"),
    }];

    fn name(&self) -> &'static str {
        "zipper line"
    }

    fn cells(&self) -> Vec<usize> {
        self.cells.clone()
    }

    fn holds(&self, value: &dyn Fn(usize) -> i64) -> bool {
        let v = values_of(&self.cells, value);
        let len = v.len();
        let sums: Vec<i64> = (0..len / 2).map(|i| v[i] + v[len - 1 - i]).collect();
        let target = if len % 2 == 1 {
            Some(v[len / 2])
        } else {
            sums.first().copied()
        };
        sums.iter().all(|&s| Some(s) == target)
    }

    fn iss(&self, n: usize) -> Option<String> {
        Some(format!("Zipper~{}", super::iss_cells(n, &self.cells)))
    }

    #[cfg(feature = "links")]
    fn fpuzzles(&self, n: usize) -> Option<(&'static str, serde_json::Value)> {
        Some(("zipperline", super::fpuzzles_line(n, &self.cells)))
    }

    fn draw(&self, canvas: &mut super::Canvas) {
        canvas.path(&self.cells, "#9b6ad6", 8, false);
    }

    /// Each mirrored pair's sum equals the middle cell, or the first pair's.
    fn post<D: Domain>(&self, post: &mut Post<'_, D>) {
        let (cells, len) = (&self.cells, self.cells.len());
        let pairs: Vec<[VarId; 2]> = (0..len / 2)
            .map(|i| [post.vars[cells[i]], post.vars[cells[len - 1 - i]]])
            .collect();
        let name = post.name.clone();
        if len % 2 == 1 {
            let middle = [post.vars[cells[len / 2]]];
            for p in &pairs {
                let sum = LinearSum::new(name.clone(), p, &middle, post.weights, 0);
                post.engine.post(sum);
            }
        } else {
            for p in pairs.iter().skip(1) {
                let sum = LinearSum::new(name.clone(), &pairs[0], p, post.weights, 0);
                post.engine.post(sum);
            }
        }
    }
}
