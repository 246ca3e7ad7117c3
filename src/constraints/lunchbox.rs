//! A lunchbox: distinct values whose smallest and largest (the crusts) hold between them
//! values adding up to the clue, on any cells.

use super::{IssKind, IssPart, Kind, Post, RuleWord, Unfolded, list, sum_between_extremes, values_of};
use crate::engine::{Domain, Layered};

/// The cells, in their order, hold distinct values, and those between the cells of their
/// smallest and their largest value add up to `total`: the Interactive Sudoku Solver's
/// lunchbox, whose crusts are the lunchbox's own extremes (on a whole row, 1 and n as in a
/// [`super::Sandwich`]).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Lunchbox {
    /// The lunchbox's cells, two or more.
    pub cells: Vec<usize>,
    /// The sum between the crusts (0 or more).
    pub total: i64,
}

impl Lunchbox {
    /// Checked: two cells or more, a total of 0 or more.
    fn new(total: i64, cells: Vec<usize>) -> Result<Self, String> {
        if cells.len() < 2 {
            return Err("a lunchbox has two cells or more".to_string());
        }
        if total < 0 {
            return Err(format!("a lunchbox's sum is 0 or more, not {total}"));
        }
        Ok(Lunchbox { cells, total })
    }
}

/// Which crust of the values read so far came last.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Later {
    /// One value read: it is both.
    Same,
    Smallest,
    Largest,
}

/// After some of the line: (smallest, largest, which came last, the sum strictly between
/// them, the sum after the later one), each sum capped one past the total.
type Read = (i64, i64, Later, i64, i64);

impl Kind for Lunchbox {
    const RULE_WORDS: &'static [RuleWord] = &[RuleWord {
        keyword: "lunchbox",
        help: "TOTAL CELLS: distinct values; those between the smallest and largest add to TOTAL",
        read: |a| {
            let (total, rest) = a
                .args
                .split_first()
                .ok_or_else(|| a.err("expected TOTAL CELLS"))?;
            let total = a.number(total)?;
            let cells = a.cells(rest, 2)?;
            Ok(vec![Lunchbox::new(total, cells).map_err(|e| a.err(e))?.into()])
        },
    }];
    const ISS_KINDS: &'static [IssKind] = &[IssKind {
        kind: "Lunchbox",
        late: false,
        read: read_iss,
    }];

    fn name(&self) -> &'static str {
        "lunchbox"
    }

    fn cells(&self) -> Vec<usize> {
        self.cells.clone()
    }

    fn holds(&self, value: &dyn Fn(usize) -> i64) -> bool {
        sum_between_extremes(&values_of(&self.cells, value)) == Some(self.total)
    }

    fn listing(&self, name: &dyn Fn(usize) -> String) -> String {
        format!("lunchbox {}: {}", self.total, list(&self.cells, name))
    }

    /// A [`Read`] per prefix: a value between the crusts so far joins the sum after the later
    /// one; a new smallest (or largest) value becomes the later crust, and what lies between
    /// it and the other is the sum after the later one when the other came last, else that
    /// plus the earlier sum and the old crust passed over.
    fn automaton(&self, w: &[i64], n: usize, max_edges: usize) -> Option<Unfolded> {
        let t = self.total;
        let cap = |s: i64| s.min(t + 1);
        let step = |i: usize, s: &Read, v: usize| -> Option<Read> {
            let (lo, hi, later, between, after) = *s;
            let x = w[v];
            if i == 0 {
                return Some((x, x, Later::Same, 0, 0));
            }
            if x == lo || x == hi {
                return None;
            }
            if lo < x && x < hi {
                return Some((lo, hi, later, between, cap(after + x)));
            }
            let (passed, new) = if x < lo {
                ((later == Later::Smallest).then_some(lo), Later::Smallest)
            } else {
                ((later == Later::Largest).then_some(hi), Later::Largest)
            };
            let between = match passed {
                Some(crust) => cap(between + crust + after),
                None => after,
            };
            Some((lo.min(x), hi.max(x), new, between, 0))
        };
        let accept = |s: &Read| s.2 != Later::Same && s.3 == t;
        let start: Read = (0, 0, Later::Same, 0, 0);
        let layered = Layered::unfold(self.cells.len(), n, start, step, accept, max_edges);
        Some(layered.map(|l| (self.cells.clone(), l)))
    }

    fn iss(&self, n: usize) -> Option<String> {
        Some(format!("Lunchbox~{}~{}", self.total, super::iss_cells(n, &self.cells)))
    }

    fn draw(&self, canvas: &mut super::Canvas) {
        canvas.shade(&self.cells, "#dcdcdc");
        canvas.corner_text(self.cells[0], &self.total.to_string());
    }

    /// The automaton, which keeps the values distinct itself, and an all-different that
    /// prunes across the whole lunchbox at once.
    fn post<D: Domain>(&self, post: &mut Post<'_, D>) {
        post.all_different(&self.cells);
        post.automaton();
    }
}

/// `Lunchbox~SUM~CELLS`.
fn read_iss(part: &mut IssPart<'_>) -> Result<(), String> {
    let (total, ids) = part
        .args
        .split_first()
        .ok_or("Lunchbox: expected a sum and cells")?;
    let total = part.number(total)?;
    let cells = part.grid.some_cells(part.kind, ids)?;
    let lunchbox = Lunchbox::new(total, cells).map_err(|e| format!("Lunchbox: {e}"))?;
    part.add(lunchbox)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_crusts_are_the_lunchboxs_own_extremes() {
        let lunchbox = |total| Lunchbox { total, cells: (0..5).collect() };
        let holds = |c: &Lunchbox, v: &[i64]| c.holds(&|cell| v[cell]);
        // 2 and 8 are the crusts: 3 + 4 between them.
        assert!(holds(&lunchbox(7), &[5, 2, 3, 4, 8]));
        assert!(!holds(&lunchbox(7), &[9, 2, 3, 4, 8]), "9 and 2 are the crusts");
        assert!(holds(&lunchbox(0), &[8, 2, 4, 5, 6]));
        assert!(!holds(&lunchbox(0), &[8, 2, 4, 5, 8]), "values are distinct");
    }

    #[test]
    fn the_iss_part_reads_and_writes_back() {
        use crate::format::{ReadOptions, read};
        let text = ".Lunchbox~7~R1C1~R1C2~R2C2";
        let p = &read(text, "t", &ReadOptions::default()).unwrap()[0].puzzle;
        let want = Lunchbox { total: 7, cells: vec![0, 1, 10] };
        assert_eq!(p.constraints(), [want.clone().into()]);
        assert_eq!(want.iss(9).as_deref(), Some("Lunchbox~7~R1C1~R1C2~R2C2"));
        let e = read(".Lunchbox~3~R1C1", "t", &ReadOptions::default()).unwrap_err();
        assert!(e.to_string().contains("two cells or more"), "{e}");
        let e = read(".Lunchbox~-1~R1C1~R1C2", "t", &ReadOptions::default()).unwrap_err();
        assert!(e.to_string().contains("0 or more"), "{e}");
    }
}
