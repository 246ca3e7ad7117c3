//! A whisper line: neighbours along it differ by at least a given amount (German whispers 5,
//! Dutch 4).

use super::{Constraint, IssKind, IssPart, Kind, Post, RuleWord, list, values_of};
#[cfg(feature = "links")]
use super::FpuzzlesKey;
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

    #[cfg(feature = "links")]
    const FPUZZLES_KEYS: &'static [FpuzzlesKey] = &[FpuzzlesKey {
        key: "whispers",
        read: read_fpuzzles,
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

    fn iss(&self, n: usize) -> Option<String> {
        Some(format!("Whisper~{}~{}", self.diff, super::iss_cells(n, &self.cells)))
    }

    #[cfg(feature = "links")]
    fn fpuzzles(&self, n: usize) -> Option<(&'static str, serde_json::Value)> {
        let mut entry = super::fpuzzles_line(n, &self.cells);
        entry["value"] = self.diff.to_string().into();
        Some(("whispers", entry))
    }

    fn draw(&self, canvas: &mut super::Canvas) {
        canvas.path(&self.cells, "#5cbd5c", 8, false);
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

/// `whispers: [{"lines": […], "value": "4"}]`: without a value, the difference is half the
/// largest value rounded up (5 on a 9×9), as f-puzzles' solver reads it.
#[cfg(feature = "links")]
fn read_fpuzzles(entry: &mut super::FpuzzlesEntry<'_>) -> Result<(), String> {
    let diff = entry.number()?.unwrap_or(entry.n as i64 / 2 + entry.n as i64 % 2);
    if diff < 1 {
        return Err(format!("{}: a difference of {diff}", entry.what));
    }
    for line in entry.lines()?.into_iter().filter(|l| l.len() >= 2) {
        let mut args = vec![diff.to_string()];
        args.extend(entry.ids(&line));
        entry.part("Whisper", args);
    }
    Ok(())
}
