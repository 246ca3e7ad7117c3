//! An indexing cell: its value says where in its row (or column) its own column (or row)
//! number stands.

use super::{IssKind, IssPart, Kind, Post, RuleWord, Unfolded, iss_id};
use crate::engine::{Domain, Layered};

/// Column indexing (the Interactive Sudoku Solver's `Indexing~C`): the cell at (R, C) with
/// value V puts the value C at (R, V). Row indexing (`Indexing~R`) is the same down the
/// column: (V, C) holds R. Values are the symbols' values, so V runs from 1 to n.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Indexing {
    /// The indexing cell.
    pub cell: usize,
    /// Whether it indexes its column (row indexing) rather than its row.
    pub rows: bool,
    /// The row (column indexing) or column it indexes, in order: the cell's value V picks
    /// `line[V - 1]`.
    pub line: Vec<usize>,
    /// The value the picked cell holds: the cell's column (or row) number, from 1.
    pub value: i64,
}

impl Indexing {
    /// The indexing cell `cell` of an n×n grid, indexing its row or (with `rows`) its column.
    pub fn new(n: usize, cell: usize, rows: bool) -> Self {
        let (r, c) = (cell / n, cell % n);
        let (line, value) = if rows {
            ((0..n).map(|i| i * n + c).collect(), r as i64 + 1)
        } else {
            ((0..n).map(|i| r * n + i).collect(), c as i64 + 1)
        };
        Indexing {
            cell,
            rows,
            line,
            value,
        }
    }

    /// Where the cell stands on its line.
    fn at(&self) -> usize {
        self.line.iter().position(|&c| c == self.cell).unwrap_or(0)
    }

    /// The line position the value `v` picks, when it picks one.
    fn pick(&self, v: i64) -> Option<usize> {
        (1..=self.line.len() as i64)
            .contains(&v)
            .then(|| v as usize - 1)
    }
}

/// Reads one indexing cell per cell named.
fn read_words(a: &super::RuleArgs<'_>, rows: bool) -> Result<Vec<super::Constraint>, String> {
    let n = a.n();
    Ok(a.all_cells(1)?
        .into_iter()
        .map(|c| Indexing::new(n, c, rows).into())
        .collect())
}

impl Kind for Indexing {
    const RULE_WORDS: &'static [RuleWord] = &[
        RuleWord {
            keyword: "column-indexing",
            help: "CELLS: a cell at (R, C) of value V puts C at (R, V)",
            read: |a| read_words(a, false),
        },
        RuleWord {
            keyword: "row-indexing",
            help: "CELLS: a cell at (R, C) of value V puts R at (V, C)",
            read: |a| read_words(a, true),
        },
    ];
    const ISS_KINDS: &'static [IssKind] = &[IssKind {
        kind: "Indexing",
        late: false,
        read: read_iss,
    }];

    fn name(&self) -> &'static str {
        if self.rows {
            "row-indexing cell"
        } else {
            "column-indexing cell"
        }
    }

    fn cells(&self) -> Vec<usize> {
        self.line.clone()
    }

    fn holds(&self, value: &dyn Fn(usize) -> i64) -> bool {
        self.pick(value(self.cell))
            .is_some_and(|i| value(self.line[i]) == self.value)
    }

    fn listing(&self, name: &dyn Fn(usize) -> String) -> String {
        format!("{} {}", self.name(), name(self.cell))
    }

    /// The indexing cell first, then the rest of its line in order; the state is the position
    /// its value picks, and the picked cell must hold the indexed value.
    fn automaton(&self, w: &[i64], n: usize, max_edges: usize) -> Option<Unfolded> {
        let at = self.at();
        let order: Vec<usize> = std::iter::once(at)
            .chain((0..self.line.len()).filter(|&i| i != at))
            .collect();
        let step = |layer: usize, picked: &usize, v: usize| -> Option<usize> {
            let x = w[v];
            let picked = if layer == 0 { self.pick(x)? } else { *picked };
            (order[layer] != picked || x == self.value).then_some(picked)
        };
        let layered = Layered::unfold(order.len(), n, usize::MAX, step, |_| true, max_edges);
        let cells = order.iter().map(|&i| self.line[i]).collect();
        Some(layered.map(|l| (cells, l)))
    }

    fn iss(&self, n: usize) -> Option<String> {
        let axis = if self.rows { "R" } else { "C" };
        Some(format!(
            "Indexing~{axis}~{}",
            iss_id(self.cell / n, self.cell % n)
        ))
    }

    fn draw(&self, canvas: &mut super::Canvas) {
        let fill = if self.rows { "#f0c8c8" } else { "#c8dcf0" };
        canvas.shade(&[self.cell], fill);
    }

    fn post<D: Domain>(&self, post: &mut Post<'_, D>) {
        post.automaton();
    }
}

/// `Indexing~C~CELLS` (column indexing) or `Indexing~R~CELLS`.
fn read_iss(part: &mut IssPart<'_>) -> Result<(), String> {
    let (rows, ids) = match part.args.split_first() {
        Some((&"R", ids)) => (true, ids),
        Some((&"C", ids)) => (false, ids),
        _ => return Err("Indexing: expected R or C, then cells".to_string()),
    };
    let cells = part.grid.cells(ids)?;
    if cells.is_empty() {
        return Err("Indexing: expected R or C, then cells".to_string());
    }
    let n = part.grid.n;
    for cell in cells {
        part.add(Indexing::new(n, cell, rows))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_value_says_where_the_column_number_stands() {
        // r1c3 indexes row 1: its 5 puts 3 at r1c5.
        let ix = Indexing::new(9, 2, false);
        let row = |v: [i64; 9]| move |c: usize| v[c];
        assert!(ix.holds(&row([9, 8, 5, 1, 3, 2, 4, 6, 7])));
        assert!(!ix.holds(&row([9, 8, 5, 3, 1, 2, 4, 6, 7])));
        // A 3 at r1c3 picks itself.
        assert!(ix.holds(&row([9, 8, 3, 1, 5, 2, 4, 6, 7])));
        // Row indexing: r2c1 of value 4 puts 2 at r4c1.
        let ix = Indexing::new(4, 4, true);
        let grid = [1, 3, 4, 2, 4, 2, 1, 3, 3, 4, 2, 1, 2, 1, 3, 4];
        assert!(ix.holds(&|c| grid[c]));
        assert_eq!(ix.line, [0, 4, 8, 12]);
    }

    #[test]
    fn the_iss_part_reads_each_cell_and_writes_back() {
        use crate::format::{ReadOptions, read};
        let p = &read(".Indexing~C~R1C1~R2C5", "t", &ReadOptions::default()).unwrap()[0].puzzle;
        let want = [Indexing::new(9, 0, false), Indexing::new(9, 13, false)];
        assert_eq!(p.constraints(), want.clone().map(Into::into));
        assert_eq!(want[1].iss(9).as_deref(), Some("Indexing~C~R2C5"));
        let e = read(".Indexing~X~R1C1", "t", &ReadOptions::default()).unwrap_err();
        assert!(e.to_string().contains("expected R or C"), "{e}");
    }
}
