//! A whisper line: neighbours along it differ by at least a given amount (German whispers 5,
//! Dutch 4).

use super::{Constraint, IssKind, IssPart, Kind, Post, RuleWord, list, values_of};
use crate::engine::Domain;

/// Neighbours along the line differ by at least `diff` (German whispers: 5, Dutch: 4).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Whisper {
    /// The smallest difference.
    pub diff: i64,
    /// The line.
    pub cells: Vec<usize>,
}

impl Kind for Whisper {
    const RULE_WORDS: &'static [RuleWord] = &[RuleWord {
        keyword: "whisper",
        help: "[DIFF] CELLS: neighbours on the line differ by DIFF or more (5)",
        read: |a| {
            let (diff, cells) = a.parameter_and_line(5)?;
            Ok(vec![Whisper { diff, cells }.into()])
        },
    }];
    const ISS_KINDS: &'static [IssKind] = &[IssKind {
        kind: "Whisper",
        late: false,
        read: read_iss,
    }];

    fn name(&self) -> &'static str {
        "whisper line"
    }

    fn cells(&self) -> Vec<usize> {
        self.cells.clone()
    }

    fn holds(&self, value: &dyn Fn(usize) -> i64) -> bool {
        values_of(&self.cells, value)
            .windows(2)
            .all(|w| (w[0] - w[1]).abs() >= self.diff)
    }

    fn may_repeat_cells(&self) -> bool {
        true
    }

    fn listing(&self, name: &dyn Fn(usize) -> String) -> String {
        let (diff, cells) = (self.diff, list(&self.cells, name));
        format!("whisper line (differences of {diff} or more): {cells}")
    }

    fn parts(&self) -> Vec<Constraint> {
        self.cells
            .windows(2)
            .map(|w| {
                Whisper {
                    diff: self.diff,
                    cells: w.to_vec(),
                }
                .into()
            })
            .collect()
    }

    fn post<D: Domain>(&self, post: &mut Post<'_, D>) {
        let d = self.diff;
        for pr in self.cells.windows(2) {
            post.related(pr[0], pr[1], &|x, y| (x - y).abs() >= d);
        }
    }
}

/// `Whisper~[DIFF]~CELLS`.
fn read_iss(part: &mut IssPart<'_>) -> Result<(), String> {
    let (diff, cells) = part.parameter_and_line(5)?;
    part.add(Whisper { diff, cells })
}
