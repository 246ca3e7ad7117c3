//! A region-sum line: its segments, split where it passes into another box (or region), have
//! equal sums.

use super::{IssKind, IssPart, Kind, Post, RuleWord, list, values_of};
#[cfg(feature = "links")]
use super::FpuzzlesKey;
use crate::engine::{Domain, LinearSum};
use crate::puzzle::Puzzle;

/// The line's segments, split where it passes into another box (or region), have equal
/// sums. The segments are given as cell lists.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct RegionSum {
    /// The segments, in order along the line.
    pub segments: Vec<Vec<usize>>,
}

impl RegionSum {
    /// The line `cells` split where it passes into another of `puzzle`'s regions, as the
    /// Interactive Sudoku Solver reads one: its boxes, else (a grid without boxes) its jigsaw
    /// pieces, else the whole grid, so that the line is one segment.
    pub fn split(puzzle: &Puzzle, cells: &[usize]) -> Self {
        let n = puzzle.size();
        let boxes = puzzle.boxes();
        let region = |c: usize| match boxes.is_none() {
            false => boxes.box_of(n, c / n, c % n),
            true => puzzle.piece_of(c).unwrap_or(0),
        };
        let mut segments: Vec<Vec<usize>> = Vec::new();
        for &c in cells {
            match segments.last_mut() {
                Some(seg) if region(seg[0]) == region(c) => seg.push(c),
                _ => segments.push(vec![c]),
            }
        }
        RegionSum { segments }
    }
}

impl Kind for RegionSum {
    const RULE_WORDS: &'static [RuleWord] = &[RuleWord {
        keyword: "region-sum",
        help: "CELLS: the line's parts in each box add up to the same total",
        read: |a| Ok(vec![RegionSum::split(a.puzzle, &a.all_cells(2)?).into()]),
    }];
    const ISS_KINDS: &'static [IssKind] = &[IssKind {
        kind: "RegionSumLine",
        late: true,
        read: read_iss,
    }];

    #[cfg(feature = "links")]
    const FPUZZLES_KEYS: &'static [FpuzzlesKey] = &[FpuzzlesKey {
        key: "regionsumline",
        read: |entry| entry.lines_as("RegionSumLine"),
    }];

    fn name(&self) -> &'static str {
        "region-sum line"
    }

    fn cells(&self) -> Vec<usize> {
        self.segments.concat()
    }

    fn holds(&self, value: &dyn Fn(usize) -> i64) -> bool {
        let sums: Vec<i64> = (self.segments.iter())
            .map(|s| values_of(s, value).iter().sum())
            .collect();
        sums.windows(2).all(|w| w[0] == w[1])
    }

    fn listing(&self, name: &dyn Fn(usize) -> String) -> String {
        let parts: Vec<String> = self.segments.iter().map(|s| list(s, name)).collect();
        format!("region-sum line: {}", parts.join(" | "))
    }

    fn iss(&self, n: usize) -> Option<String> {
        let cells = self.segments.concat();
        Some(format!("RegionSumLine~{}", super::iss_cells(n, &cells)))
    }

    #[cfg(feature = "links")]
    fn fpuzzles(&self, n: usize) -> Option<(&'static str, serde_json::Value)> {
        Some(("regionsumline", super::fpuzzles_line(n, &self.segments.concat())))
    }

    fn draw(&self, canvas: &mut super::Canvas) {
        canvas.path(&self.segments.concat(), "#3f7fe0", 8, false);
    }

    /// Each segment's sum equals the first's.
    fn post<D: Domain>(&self, post: &mut Post<'_, D>) {
        let first = post.vars(&self.segments[0]);
        for seg in self.segments.iter().skip(1) {
            let seg = post.vars(seg);
            let sum = LinearSum::new(post.name.clone(), &first, &seg, post.weights, 0);
            post.engine.post(sum);
        }
    }
}

/// `RegionSumLine~CELLS`, read once the puzzle's regions are known.
fn read_iss(part: &mut IssPart<'_>) -> Result<(), String> {
    let cells = part.cells()?;
    let line = RegionSum::split(part.puzzle, &cells);
    part.add(line)
}
