//! Variant rules over the whole grid (anti-knight, anti-king, non-consecutive, windoku,
//! disjoint sets, the negative kropki and XV rules), as the constraints they put on a puzzle.

use super::{BoxShape, Constraint, PairKind, Puzzle, box_shape};
use crate::constraints;

/// A rule over the whole grid, named as rule files write it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GlobalRule {
    /// Cells a knight's move apart differ.
    AntiKnight,
    /// Cells a king's move apart differ.
    AntiKing,
    /// Orthogonal neighbours are not consecutive.
    NonConsecutive,
    /// The windoku boxes (the four extra 3×3 boxes of a 9×9) hold each symbol once.
    Windoku,
    /// The cells at the same place in every box hold each symbol once.
    DisjointSets,
    /// Neighbours without a kropki dot are neither consecutive nor one twice the other.
    KropkiNegative,
    /// Neighbours without an X or a V add up to neither 10 nor 5.
    XvNegative,
    /// Two cells a taxicab distance d apart (d steps between orthogonal neighbours) do not
    /// both hold d.
    AntiTaxicab,
}

impl GlobalRule {
    /// Every rule, with its name in rule files.
    pub const ALL: &[(&str, GlobalRule)] = &[
        ("anti-knight", GlobalRule::AntiKnight),
        ("anti-king", GlobalRule::AntiKing),
        ("non-consecutive", GlobalRule::NonConsecutive),
        ("windoku", GlobalRule::Windoku),
        ("disjoint-sets", GlobalRule::DisjointSets),
        ("kropki-negative", GlobalRule::KropkiNegative),
        ("xv-negative", GlobalRule::XvNegative),
        ("anti-taxicab", GlobalRule::AntiTaxicab),
    ];

    /// The rule a rule file names `word`.
    pub fn parse(word: &str) -> Option<Self> {
        GlobalRule::ALL
            .iter()
            .find(|(name, _)| *name == word)
            .map(|&(_, r)| r)
    }

    /// The rule's name in rule files.
    pub fn name(self) -> &'static str {
        GlobalRule::ALL
            .iter()
            .find(|&&(_, r)| r == self)
            .map_or("", |&(name, _)| name)
    }

    /// The constraints the rule puts on `puzzle` (the negative rules read its dots and XVs).
    pub fn constraints(self, puzzle: &Puzzle) -> Result<Vec<Constraint>, String> {
        let n = puzzle.size();
        let pairs = |kind: PairKind, moves: &[(i64, i64)]| -> Vec<Constraint> {
            piece_pairs(n, moves)
                .into_iter()
                .map(|(a, b)| Constraint::Pair(constraints::Pair { kind, a, b }))
                .collect()
        };
        let orthogonal = [(0, 1), (1, 0)];
        Ok(match self {
            GlobalRule::AntiKnight => {
                pairs(PairKind::Different, &[(1, 2), (2, 1), (1, -2), (2, -1)])
            }
            // Every king's move: on a grid whose rows and columns differ anyway, the model
            // leaves out the pairs they hold.
            GlobalRule::AntiKing => pairs(PairKind::Different, &[(0, 1), (1, 0), (1, 1), (1, -1)]),
            GlobalRule::NonConsecutive => pairs(PairKind::NotConsecutive, &orthogonal),
            GlobalRule::Windoku => windoku(puzzle)?,
            GlobalRule::DisjointSets => disjoint_sets(puzzle)?,
            GlobalRule::AntiTaxicab => anti_taxicab(puzzle),
            GlobalRule::KropkiNegative | GlobalRule::XvNegative => {
                let (marked, kind): (&[PairKind], PairKind) = if self == GlobalRule::XvNegative {
                    (&[PairKind::X, PairKind::V], PairKind::NoXv)
                } else {
                    (&[PairKind::WhiteDot, PairKind::BlackDot], PairKind::NoDot)
                };
                let has_mark = |a: usize, b: usize| {
                    puzzle.constraints().iter().any(|c| {
                        matches!(c, Constraint::Pair(constraints::Pair { kind, a: x, b: y })
                            if marked.contains(kind) && (x.min(y), x.max(y)) == (&a.min(b), &a.max(b)))
                    })
                };
                piece_pairs(n, &orthogonal)
                    .into_iter()
                    .filter(|&(a, b)| !has_mark(a, b))
                    .map(|(a, b)| Constraint::Pair(constraints::Pair { kind, a, b }))
                    .collect()
            }
        })
    }
}

/// For each two cells a taxicab distance d apart where d is a symbol's value, every pair of
/// values but (d, d).
fn anti_taxicab(puzzle: &Puzzle) -> Vec<Constraint> {
    let n = puzzle.size();
    let values: Vec<i64> = (0..n).map(|i| puzzle.symbols().symbol(i) as i64).collect();
    let mut out = Vec::new();
    for a in 0..n * n {
        for b in a + 1..n * n {
            let d = ((a / n).abs_diff(b / n) + (a % n).abs_diff(b % n)) as i64;
            if !values.contains(&d) {
                continue;
            }
            let mut allowed: Vec<(i64, i64)> = values
                .iter()
                .flat_map(|&x| values.iter().map(move |&y| (x, y)))
                .filter(|&p| p != (d, d))
                .collect();
            allowed.sort_unstable();
            out.push(Constraint::Relation(constraints::Relation {
                cells: vec![a, b],
                every_pair: false,
                allowed,
                first: values.iter().copied().min().unwrap_or(1),
                name: String::new(),
            }));
        }
    }
    out
}

/// The orthogonal neighbours of `cell` on an n×n grid: above, left, right, below.
pub fn orthogonal_neighbours(n: usize, cell: usize) -> Vec<usize> {
    let (r, c) = (cell / n, cell % n);
    let mut out = Vec::new();
    if r > 0 {
        out.push(cell - n);
    }
    if c > 0 {
        out.push(cell - 1);
    }
    if c + 1 < n {
        out.push(cell + 1);
    }
    if r + 1 < n {
        out.push(cell + n);
    }
    out
}

/// Every pair of cells of an n×n grid a move of `moves` (row and column steps) apart, each
/// pair once, the lower cell first.
pub fn piece_pairs(n: usize, moves: &[(i64, i64)]) -> Vec<(usize, usize)> {
    let n = n as i64;
    let mut out = Vec::new();
    for cell in 0..n * n {
        let (r, c) = (cell / n, cell % n);
        for &(dr, dc) in moves {
            let (r2, c2) = (r + dr, c + dc);
            if (0..n).contains(&r2) && (0..n).contains(&c2) && r2 * n + c2 > cell {
                out.push((cell as usize, (r2 * n + c2) as usize));
            }
        }
    }
    out
}

/// The windoku boxes: boxes of the grid's usual shape, one cell in from the edges and one cell
/// apart.
fn windoku(puzzle: &Puzzle) -> Result<Vec<Constraint>, String> {
    let n = puzzle.size();
    let b = box_shape(n).map_err(|e| format!("windoku: {e}"))?;
    let (bh, bw) = (b.rows, b.cols);
    let mut out = Vec::new();
    let mut i = 1;
    while i + bw < n {
        let mut j = 1;
        while j + bh < n {
            let cells = (0..n).map(|k| (j + k % bh) * n + i + k / bh).collect();
            out.push(Constraint::Region(constraints::Region {
                label: format!("windoku box at {}", puzzle.cell_name(j * n + i)),
                cells,
            }));
            j += bh + 1;
        }
        i += bw + 1;
    }
    Ok(out)
}

/// The disjoint sets: the cells at each place of a box, across every box.
fn disjoint_sets(puzzle: &Puzzle) -> Result<Vec<Constraint>, String> {
    let n = puzzle.size();
    let b: BoxShape = puzzle.boxes();
    if b.is_none() {
        return Err("disjoint sets need boxes".to_string());
    }
    Ok((0..n)
        .map(|p| {
            Constraint::Region(constraints::Region {
                label: format!("disjoint set {}", p + 1),
                cells: (0..n)
                    .map(|bx| {
                        let r = bx / (n / b.cols) * b.rows + p / b.cols;
                        let c = bx % (n / b.cols) * b.cols + p % b.cols;
                        r * n + c
                    })
                    .collect(),
            })
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::Symbols;

    #[test]
    fn names_round_trip_and_pairs_are_counted_once() {
        for &(name, rule) in GlobalRule::ALL {
            assert_eq!(GlobalRule::parse(name), Some(rule));
            assert_eq!(rule.name(), name);
        }
        // A 9×9 has 8·7·2 horizontal and vertical knight moves each way: 224 pairs.
        assert_eq!(
            piece_pairs(9, &[(1, 2), (2, 1), (1, -2), (2, -1)]).len(),
            224
        );
        assert_eq!(piece_pairs(9, &[(0, 1), (1, 0)]).len(), 144);
    }

    #[test]
    fn windoku_and_disjoint_sets_are_regions_of_n_cells() {
        let p = Puzzle::empty(9, Symbols::default_for(9)).unwrap();
        let w = GlobalRule::Windoku.constraints(&p).unwrap();
        assert_eq!(w.len(), 4);
        assert_eq!(w[0].cells(), vec![10, 19, 28, 11, 20, 29, 12, 21, 30]);
        let d = GlobalRule::DisjointSets.constraints(&p).unwrap();
        assert_eq!(d.len(), 9);
        assert_eq!(d[0].cells(), vec![0, 3, 6, 27, 30, 33, 54, 57, 60]);
        let six = Puzzle::empty(6, Symbols::default_for(6)).unwrap();
        let d = GlobalRule::DisjointSets.constraints(&six).unwrap();
        assert_eq!(d[5].cells(), vec![8, 11, 20, 23, 32, 35]);
    }
}
