//! A sum line: the line divides into stretches of consecutive cells that each add up to the
//! same total; a loop's first stretch may start anywhere on it.

use super::{IssKind, IssPart, Kind, Post, RuleWord, Unfolded, list, values_of};
use crate::engine::{Domain, Layered};

/// The line divides into stretches of consecutive cells each adding up to `total`; on a
/// `looped` line the last cell is followed by the first.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SumLine {
    /// Each stretch's sum (1 or more).
    pub total: i64,
    /// The line, each cell once.
    pub cells: Vec<usize>,
    /// Whether the line closes on itself.
    pub looped: bool,
}

impl SumLine {
    /// Checked: a total of 1 or more.
    fn new(total: i64, cells: Vec<usize>, looped: bool) -> Result<Self, String> {
        if total < 1 {
            return Err(format!("a sum line's total is 1 or more, not {total}"));
        }
        Ok(SumLine {
            total,
            cells,
            looped,
        })
    }
}

impl Kind for SumLine {
    const RULE_WORDS: &'static [RuleWord] = &[RuleWord {
        keyword: "sum-line",
        help: "TOTAL [loop] CELLS: the line divides into stretches each adding up to TOTAL",
        read: |a| {
            let (total, rest) = a
                .args
                .split_first()
                .ok_or_else(|| a.err("expected TOTAL [loop] CELLS"))?;
            let total = a.number(total)?;
            let (looped, rest) = match rest.split_first() {
                Some((&"loop", rest)) => (true, rest),
                _ => (false, rest),
            };
            let cells = a.cells(rest, 1)?;
            Ok(vec![SumLine::new(total, cells, looped).map_err(|e| a.err(e))?.into()])
        },
    }];
    const ISS_KINDS: &'static [IssKind] = &[IssKind {
        kind: "SumLine",
        late: false,
        read: read_iss,
    }];

    fn name(&self) -> &'static str {
        "sum line"
    }

    fn cells(&self) -> Vec<usize> {
        self.cells.clone()
    }

    /// Some start (the first cell, or on a loop any cell) from which the running sum meets
    /// each multiple of the total exactly and ends on one.
    fn holds(&self, value: &dyn Fn(usize) -> i64) -> bool {
        let v = values_of(&self.cells, value);
        let starts = if self.looped { v.len() } else { 1 };
        (0..starts).any(|start| {
            let mut partial = 0;
            for i in 0..v.len() {
                partial += v[(start + i) % v.len()];
                if partial == self.total {
                    partial = 0;
                } else if partial > self.total {
                    return false;
                }
            }
            partial == 0
        })
    }

    fn listing(&self, name: &dyn Fn(usize) -> String) -> String {
        let kind = if self.looped { "sum line loop" } else { "sum line" };
        format!("{kind} (stretches of {}): {}", self.total, list(&self.cells, name))
    }

    /// (where the first stretch started, the stretch's sum so far): a loop's first stretch
    /// may have held any `s` below the total before the line's first cell (a line's holds 0),
    /// so the automaton starts in every `(s, s)`; a cell that takes the stretch past the total
    /// has no edge, one that makes it whole starts the next at 0. The line ends with every
    /// stretch whole: on a loop the last stretch is the first one's missing part, back at `s`.
    fn automaton(&self, w: &[i64], n: usize, max_edges: usize) -> Option<Unfolded> {
        let t = self.total;
        let starts = if self.looped { 0..t } else { 0..1 };
        let step = |_: usize, &(s, sum): &(i64, i64), v: usize| {
            let sum = sum + w[v];
            (sum <= t).then_some((s, sum % t))
        };
        let accept = |&(s, sum): &(i64, i64)| sum == s;
        let starts = starts.map(|s| (s, s)).collect();
        let layered =
            Layered::unfold_from(self.cells.len(), n, starts, step, accept, max_edges);
        Some(layered.map(|l| (self.cells.clone(), l)))
    }

    fn iss(&self, n: usize) -> Option<String> {
        let mut part = format!("SumLine~{}~{}", self.total, super::iss_cells(n, &self.cells));
        if self.looped {
            part += "~LOOP";
        }
        Some(part)
    }

    fn draw(&self, canvas: &mut super::Canvas) {
        let mut line = self.cells.clone();
        if self.looped {
            line.extend(self.cells.first());
        }
        canvas.path(&line, "#64c864", 6, true);
    }

    fn post<D: Domain>(&self, post: &mut Post<'_, D>) {
        post.automaton();
    }
}

/// `SumLine~TOTAL~CELLS[~LOOP]`.
fn read_iss(part: &mut IssPart<'_>) -> Result<(), String> {
    let (total, rest) = part
        .args
        .split_first()
        .ok_or("SumLine: expected a sum and a line")?;
    let total = part.number(total)?;
    let (looped, ids) = match rest.split_last() {
        Some((&"LOOP", ids)) => (true, ids),
        _ => (false, rest),
    };
    let cells = part.grid.some_cells(part.kind, ids)?;
    let line = SumLine::new(total, cells, looped).map_err(|e| format!("SumLine: {e}"))?;
    part.add(line)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stretches_add_up_and_a_loop_starts_anywhere() {
        let line = |looped| SumLine {
            total: 10,
            cells: (0..6).collect(),
            looped,
        };
        let holds = |c: &SumLine, v: &[i64]| c.holds(&|cell| v[cell]);
        assert!(holds(&line(false), &[3, 7, 1, 9, 4, 6]));
        assert!(!holds(&line(false), &[3, 8, 1, 8, 4, 6]));
        // Round the loop: 3 7 | 1 9 | 4 6, from the last cell.
        assert!(holds(&line(true), &[7, 1, 9, 4, 6, 3]));
        assert!(!holds(&line(false), &[7, 1, 9, 4, 6, 3]));
    }

    #[test]
    fn the_iss_part_reads_its_loop_mark_and_writes_it_back() {
        use crate::format::{ReadOptions, read};
        let text = ".SumLine~10~R1C1~R1C2~R2C2~LOOP.SumLine~12~R3C1~R3C2";
        let p = &read(text, "t", &ReadOptions::default()).unwrap()[0].puzzle;
        let want = [
            SumLine { total: 10, cells: vec![0, 1, 10], looped: true },
            SumLine { total: 12, cells: vec![18, 19], looped: false },
        ];
        assert_eq!(p.constraints(), want.clone().map(super::super::Constraint::from));
        assert_eq!(want[0].iss(9).as_deref(), Some("SumLine~10~R1C1~R1C2~R2C2~LOOP"));
        let e = read(".SumLine~0~R1C1", "t", &ReadOptions::default()).unwrap_err();
        assert!(e.to_string().contains("total is 1 or more"), "{e}");
        let big = &read(".SumLine~70~R1C1~R1C2~LOOP", "t", &ReadOptions::default()).unwrap();
        assert_eq!(big[0].puzzle.constraints().len(), 1);
    }
}
