//! Variant constraints as puzzle data (extra regions, lines, dots, outside clues, global
//! rules), each with the check of a finished grid that shares no code with the solvers.
//!
//! Values are the symbols' values ([`Symbols::symbol`](super::Symbols::symbol)), so a 0-based
//! grid's thermometers and sums read as its solver writes them. Cells are row-major indices.

/// Which of a puzzle's lines or clues a constraint is, with its data.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Constraint {
    /// The cells hold distinct symbols: a jigsaw piece, a windoku box, a diagonal, a disjoint
    /// set, a cage without a total. `label` names it in messages.
    Region {
        /// What the region is (`jigsaw region 3`).
        label: String,
        /// Its cells.
        cells: Vec<usize>,
    },
    /// Distinct symbols adding up to `total` (a cage that overlaps another).
    Cage {
        /// The cells' sum.
        total: i64,
        /// The cells.
        cells: Vec<usize>,
    },
    /// Σ coefficient × value = `total`; values may repeat (little killers, sums).
    Sum {
        /// What the sum is (`little killer 22 from r1c1`).
        label: String,
        /// The target.
        total: i64,
        /// Each cell with its coefficient.
        terms: Vec<(usize, i64)>,
    },
    /// Values strictly increase from the bulb (`slow`: never decrease).
    Thermo {
        /// From the bulb.
        cells: Vec<usize>,
        /// Whether equal neighbours are allowed.
        slow: bool,
    },
    /// The number written by the circle's digits (one cell, or a pill of several read left to
    /// right) equals the sum along the arrow.
    Arrow {
        /// The circle or pill, its most significant digit first.
        circle: Vec<usize>,
        /// The arrow's cells.
        arrow: Vec<usize>,
    },
    /// Two cells whose values relate: a dot, an X or V, a greater-than sign.
    Pair {
        /// The relation.
        kind: PairKind,
        /// The first cell (the greater one of a greater-than sign).
        a: usize,
        /// The second cell.
        b: usize,
    },
    /// Neighbours along the line differ by at least `diff` (German whispers: 5, Dutch: 4).
    Whisper {
        /// The smallest difference.
        diff: i64,
        /// The line.
        cells: Vec<usize>,
    },
    /// The line holds distinct consecutive values in any order.
    Renban {
        /// The line.
        cells: Vec<usize>,
    },
    /// The line reads the same both ways.
    Palindrome {
        /// The line.
        cells: Vec<usize>,
    },
    /// The line's inner cells lie strictly between the values of its two ends.
    Between {
        /// The line, ends included.
        cells: Vec<usize>,
    },
    /// The ends differ by at least `diff`; no inner cell lies between them (ends included).
    Lockout {
        /// The smallest difference of the ends.
        diff: i64,
        /// The line, ends included.
        cells: Vec<usize>,
    },
    /// Cells equally far from the line's middle add up to the same total (the middle cell's
    /// value, when the line has one).
    Zipper {
        /// The line.
        cells: Vec<usize>,
    },
    /// Each run of `modulus` cells along the line (the whole line, when it is shorter) holds
    /// distinct values modulo `modulus`, as the Interactive Sudoku Solver reads a short line.
    Modular {
        /// The modulus and the run's length.
        modulus: i64,
        /// The line.
        cells: Vec<usize>,
    },
    /// Each run of three cells (the whole line, when it is shorter) holds values of distinct
    /// classes: low (1–3), middle (4–6), high (7–9). Symbols 1 to 9 only.
    Entropic {
        /// The line.
        cells: Vec<usize>,
    },
    /// The line's segments, split where it passes into another box (or region), have equal
    /// sums. The segments are given as cell lists.
    RegionSum {
        /// The segments, in order along the line.
        segments: Vec<Vec<usize>>,
    },
    /// The four cells of a 2×2 square hold every listed value (as often as listed).
    Quad {
        /// The square's cells.
        cells: Vec<usize>,
        /// The values it must hold.
        values: Vec<i64>,
    },
    /// The line's cells hold distinct values, and those between its smallest and its largest
    /// value (the crusts) add up to `total`. The Interactive Sudoku Solver's sandwich is this
    /// (its lunchbox makes the cells distinct), so a line the rules leave free reads the same.
    Sandwich {
        /// The row or column.
        cells: Vec<usize>,
        /// The sum between the crusts.
        total: i64,
    },
    /// The first X cells of the line add up to `total`, X the first cell's value.
    XSum {
        /// The line, from the clue's side.
        cells: Vec<usize>,
        /// The sum.
        total: i64,
    },
    /// Seen from the clue's side, `count` values stand taller than all before them. A 0 is no
    /// building (the Interactive Sudoku Solver's reading, on 0-based grids).
    Skyscraper {
        /// The line, from the clue's side.
        cells: Vec<usize>,
        /// How many are seen.
        count: i64,
    },
    /// An odd or even cell (a circle or square in print).
    Parity {
        /// The cell.
        cell: usize,
        /// Whether its value is even (else odd).
        even: bool,
    },
}

/// How the two cells of a [`Constraint::Pair`] relate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PairKind {
    /// White dot: consecutive values.
    WhiteDot,
    /// Black dot: one value twice the other.
    BlackDot,
    /// X: the values add up to 10.
    X,
    /// V: the values add up to 5.
    V,
    /// The first value is greater.
    Greater,
    /// The first value is smaller (thermometers).
    Less,
    /// The first value is not greater (slow thermometers).
    NotGreater,
    /// Different values (anti-knight, anti-king, disjoint sets).
    Different,
    /// Values that are neither consecutive nor one twice the other (a dotless pair under the
    /// negative kropki rule).
    NoDot,
    /// Values adding up to neither 5 nor 10 (a pair without X or V under the negative rule).
    NoXv,
    /// Values that are not consecutive (non-consecutive rule).
    NotConsecutive,
    /// Values neither of which is twice the other (a pair without a black dot under the
    /// negative ratio rule).
    NotDouble,
    /// Equal values (palindromes' mirrored cells).
    Equal,
}

impl PairKind {
    /// Whether values `a` and `b` of the two cells satisfy the relation.
    pub fn allows(self, a: i64, b: i64) -> bool {
        match self {
            PairKind::WhiteDot => (a - b).abs() == 1,
            PairKind::BlackDot => a == 2 * b || b == 2 * a,
            PairKind::X => a + b == 10,
            PairKind::V => a + b == 5,
            PairKind::Greater => a > b,
            PairKind::Less => a < b,
            PairKind::NotGreater => a <= b,
            PairKind::Different => a != b,
            PairKind::NoDot => (a - b).abs() != 1 && a != 2 * b && b != 2 * a,
            PairKind::NoXv => a + b != 5 && a + b != 10,
            PairKind::NotConsecutive => (a - b).abs() != 1,
            PairKind::NotDouble => a != 2 * b && b != 2 * a,
            PairKind::Equal => a == b,
        }
    }

    /// The relation's name in messages.
    pub fn name(self) -> &'static str {
        match self {
            PairKind::WhiteDot => "white dot",
            PairKind::BlackDot => "black dot",
            PairKind::X => "X",
            PairKind::V => "V",
            PairKind::Greater => "greater-than sign",
            PairKind::Less => "rising pair",
            PairKind::NotGreater => "non-falling pair",
            PairKind::Different => "different-values pair",
            PairKind::NoDot => "pair without a dot",
            PairKind::NoXv => "pair without X or V",
            PairKind::NotConsecutive => "non-consecutive pair",
            PairKind::NotDouble => "pair without a black dot",
            PairKind::Equal => "equal pair",
        }
    }
}

/// The three classes of an entropic line: 1–3, 4–6, 7–9.
pub fn entropy_class(v: i64) -> i64 {
    (v - 1).div_euclid(3)
}

impl Constraint {
    /// A main diagonal of an n×n grid as an extra region: top-left to bottom-right, or with
    /// `anti` bottom-left to top-right.
    pub fn diagonal(n: usize, anti: bool) -> Self {
        Constraint::Region {
            label: if anti {
                "anti-diagonal"
            } else {
                "main diagonal"
            }
            .to_string(),
            cells: (0..n)
                .map(|i| if anti { (n - 1 - i) * n + i } else { i * n + i })
                .collect(),
        }
    }

    /// Every cell the constraint reads.
    pub fn cells(&self) -> Vec<usize> {
        match self {
            Constraint::Region { cells, .. }
            | Constraint::Cage { cells, .. }
            | Constraint::Thermo { cells, .. }
            | Constraint::Whisper { cells, .. }
            | Constraint::Renban { cells }
            | Constraint::Palindrome { cells }
            | Constraint::Between { cells }
            | Constraint::Lockout { cells, .. }
            | Constraint::Zipper { cells }
            | Constraint::Modular { cells, .. }
            | Constraint::Entropic { cells }
            | Constraint::Quad { cells, .. }
            | Constraint::Sandwich { cells, .. }
            | Constraint::XSum { cells, .. }
            | Constraint::Skyscraper { cells, .. } => cells.clone(),
            Constraint::Sum { terms, .. } => terms.iter().map(|&(c, _)| c).collect(),
            Constraint::Arrow { circle, arrow } => circle.iter().chain(arrow).copied().collect(),
            Constraint::Pair { a, b, .. } => vec![*a, *b],
            Constraint::Parity { cell, .. } => vec![*cell],
            Constraint::RegionSum { segments } => segments.concat(),
        }
    }

    /// Whether the constraint may name a cell more than once: lines whose rule reads only
    /// neighbours along them (a whisper, modular or entropic loop closes on its first cell). A
    /// sum names each cell once, with its coefficient.
    pub fn may_repeat_cells(&self) -> bool {
        matches!(
            self,
            Constraint::Whisper { .. } | Constraint::Modular { .. } | Constraint::Entropic { .. }
        )
    }

    /// How many symbol values the solvers add up at most when they post or check the
    /// constraint, each counted with its coefficient (a pill's digits by their place): the
    /// symbols' largest value times this must fit in `i64`. 0 when only the symbols'
    /// identities matter (a region, equal and different pairs).
    pub fn value_terms(&self) -> u128 {
        let cells = self.cells().len() as u128;
        match self {
            Constraint::Region { .. }
            | Constraint::Pair {
                kind: PairKind::Different | PairKind::Equal,
                ..
            } => 0,
            Constraint::Sum { terms, .. } => terms
                .iter()
                .map(|&(_, k)| u128::from(k.unsigned_abs()))
                .sum::<u128>()
                .max(2),
            Constraint::Arrow { circle, arrow } => {
                let place: u128 = (0..circle.len() as u32).map(|i| 10u128.pow(i)).sum();
                arrow.len() as u128 + place * 10
            }
            _ => cells.max(2),
        }
    }

    /// The constraint's kind, as messages name it.
    pub fn kind(&self) -> &'static str {
        match self {
            Constraint::Region { .. } => "region",
            Constraint::Cage { .. } => "cage",
            Constraint::Sum { .. } => "sum",
            Constraint::Thermo { slow: false, .. } => "thermometer",
            Constraint::Thermo { slow: true, .. } => "slow thermometer",
            Constraint::Arrow { .. } => "arrow",
            Constraint::Pair { kind, .. } => kind.name(),
            Constraint::Whisper { .. } => "whisper line",
            Constraint::Renban { .. } => "renban line",
            Constraint::Palindrome { .. } => "palindrome",
            Constraint::Between { .. } => "between line",
            Constraint::Lockout { .. } => "lockout line",
            Constraint::Zipper { .. } => "zipper line",
            Constraint::Modular { .. } => "modular line",
            Constraint::Entropic { .. } => "entropic line",
            Constraint::RegionSum { .. } => "region-sum line",
            Constraint::Quad { .. } => "quadruple",
            Constraint::Sandwich { .. } => "sandwich clue",
            Constraint::XSum { .. } => "x-sum clue",
            Constraint::Skyscraper { .. } => "skyscraper clue",
            Constraint::Parity { even: true, .. } => "even cell",
            Constraint::Parity { even: false, .. } => "odd cell",
        }
    }

    /// Whether a finished grid keeps the constraint; `value(cell)` is the cell's symbol value.
    pub fn holds(&self, value: &dyn Fn(usize) -> i64) -> bool {
        let vals = |cells: &[usize]| -> Vec<i64> { cells.iter().map(|&c| value(c)).collect() };
        let distinct = |v: &[i64]| v.iter().enumerate().all(|(i, x)| !v[..i].contains(x));
        match self {
            Constraint::Region { cells, .. } => distinct(&vals(cells)),
            Constraint::Cage { total, cells } => {
                let v = vals(cells);
                distinct(&v) && v.iter().sum::<i64>() == *total
            }
            Constraint::Sum { total, terms, .. } => {
                terms.iter().map(|&(c, k)| k * value(c)).sum::<i64>() == *total
            }
            Constraint::Thermo { cells, slow } => vals(cells)
                .windows(2)
                .all(|w| if *slow { w[0] <= w[1] } else { w[0] < w[1] }),
            Constraint::Arrow { circle, arrow } => {
                let number = vals(circle).iter().fold(0i64, |n, d| n * 10 + d);
                number == vals(arrow).iter().sum::<i64>()
            }
            Constraint::Pair { kind, a, b } => kind.allows(value(*a), value(*b)),
            Constraint::Whisper { diff, cells } => {
                vals(cells).windows(2).all(|w| (w[0] - w[1]).abs() >= *diff)
            }
            Constraint::Renban { cells } => {
                let v = vals(cells);
                let (lo, hi) = (v.iter().min(), v.iter().max());
                distinct(&v)
                    && lo
                        .zip(hi)
                        .is_none_or(|(lo, hi)| hi - lo + 1 == v.len() as i64)
            }
            Constraint::Palindrome { cells } => {
                let v = vals(cells);
                v.iter().eq(v.iter().rev())
            }
            Constraint::Between { cells } => {
                let v = vals(cells);
                let (a, b) = (v[0], v[v.len() - 1]);
                let (lo, hi) = (a.min(b), a.max(b));
                v[1..v.len() - 1].iter().all(|&m| lo < m && m < hi)
            }
            Constraint::Lockout { diff, cells } => {
                let v = vals(cells);
                let (a, b) = (v[0], v[v.len() - 1]);
                let (lo, hi) = (a.min(b), a.max(b));
                hi - lo >= *diff && v[1..v.len() - 1].iter().all(|&m| m < lo || m > hi)
            }
            Constraint::Zipper { cells } => {
                let v = vals(cells);
                let len = v.len();
                let sums: Vec<i64> = (0..len / 2).map(|i| v[i] + v[len - 1 - i]).collect();
                let target = if len % 2 == 1 {
                    Some(v[len / 2])
                } else {
                    sums.first().copied()
                };
                sums.iter().all(|&s| Some(s) == target)
            }
            Constraint::Modular { modulus, cells } => {
                let run = (*modulus).max(1).min(cells.len() as i64) as usize;
                vals(cells).windows(run.max(1)).all(|w| {
                    distinct(
                        &w.iter()
                            .map(|x| x.rem_euclid((*modulus).max(1)))
                            .collect::<Vec<_>>(),
                    )
                })
            }
            Constraint::Entropic { cells } => vals(cells)
                .windows(cells.len().clamp(1, 3))
                .all(|w| distinct(&w.iter().map(|&x| entropy_class(x)).collect::<Vec<_>>())),
            Constraint::RegionSum { segments } => {
                let sums: Vec<i64> = segments.iter().map(|s| vals(s).iter().sum()).collect();
                sums.windows(2).all(|w| w[0] == w[1])
            }
            Constraint::Quad { cells, values } => {
                let mut left = vals(cells);
                values
                    .iter()
                    .all(|x| match left.iter().position(|y| y == x) {
                        Some(i) => {
                            left.swap_remove(i);
                            true
                        }
                        None => false,
                    })
            }
            Constraint::Sandwich { cells, total } => {
                let v = vals(cells);
                if !distinct(&v) {
                    return false;
                }
                let (Some(lo), Some(hi)) = (
                    v.iter().position(|x| Some(x) == v.iter().min()),
                    v.iter().position(|x| Some(x) == v.iter().max()),
                ) else {
                    return false;
                };
                let (from, to) = (lo.min(hi), lo.max(hi));
                v[from + 1..to].iter().sum::<i64>() == *total
            }
            Constraint::XSum { cells, total } => {
                let v = vals(cells);
                let x = v[0];
                x >= 1 && x as usize <= v.len() && v[..x as usize].iter().sum::<i64>() == *total
            }
            Constraint::Skyscraper { cells, count } => {
                let (mut tallest, mut seen) = (0, 0);
                for x in vals(cells) {
                    if x > tallest {
                        tallest = x;
                        seen += 1;
                    }
                }
                seen == *count
            }
            Constraint::Parity { cell, even } => (value(*cell).rem_euclid(2) == 0) == *even,
        }
    }
}

impl Constraint {
    /// The constraint for a message: its label, or its kind and first cell (`thermometer at
    /// r1c1`), cells named by `cell_name`.
    pub fn describe(&self, cell_name: impl Fn(usize) -> String) -> String {
        match self {
            Constraint::Region { label, .. } | Constraint::Sum { label, .. } => label.clone(),
            _ => match self.cells().first() {
                Some(&c) => format!("{} at {}", self.kind(), cell_name(c)),
                None => self.kind().to_string(),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn holds(c: &Constraint, v: &[i64]) -> bool {
        c.holds(&|cell| v[cell])
    }

    #[test]
    fn lines_hold_exactly_when_their_rule_does() {
        let thermo = Constraint::Thermo {
            cells: vec![0, 1, 2],
            slow: false,
        };
        assert!(holds(&thermo, &[1, 4, 5]));
        assert!(!holds(&thermo, &[1, 4, 4]));
        let slow = Constraint::Thermo {
            cells: vec![0, 1, 2],
            slow: true,
        };
        assert!(holds(&slow, &[1, 4, 4]));
        let pill = Constraint::Arrow {
            circle: vec![0, 1],
            arrow: vec![2, 3, 4],
        };
        assert!(holds(&pill, &[1, 5, 6, 5, 4]));
        assert!(!holds(&pill, &[1, 6, 6, 5, 4]));
        let renban = Constraint::Renban {
            cells: vec![0, 1, 2],
        };
        assert!(holds(&renban, &[4, 2, 3]));
        assert!(!holds(&renban, &[4, 2, 5]));
        let between = Constraint::Between {
            cells: vec![0, 1, 2, 3],
        };
        assert!(holds(&between, &[8, 3, 5, 2]));
        assert!(!holds(&between, &[8, 2, 5, 2]));
        let lockout = Constraint::Lockout {
            diff: 4,
            cells: vec![0, 1, 2],
        };
        assert!(holds(&lockout, &[3, 9, 7]));
        assert!(!holds(&lockout, &[3, 5, 7]));
        let zipper = Constraint::Zipper {
            cells: vec![0, 1, 2, 3, 4],
        };
        assert!(holds(&zipper, &[2, 5, 9, 4, 7]));
        assert!(!holds(&zipper, &[2, 5, 9, 3, 7]));
        let entropic = Constraint::Entropic {
            cells: vec![0, 1, 2, 3],
        };
        assert!(holds(&entropic, &[1, 5, 9, 2]));
        assert!(!holds(&entropic, &[1, 5, 9, 4]));
        let quad = Constraint::Quad {
            cells: vec![0, 1, 2, 3],
            values: vec![3, 3],
        };
        assert!(holds(&quad, &[3, 1, 3, 2]));
        assert!(!holds(&quad, &[3, 1, 4, 2]));
    }

    #[test]
    fn outside_clues_read_the_line_from_their_side() {
        let line: Vec<usize> = (0..9).collect();
        let row = [3, 9, 2, 5, 1, 4, 6, 7, 8];
        let sandwich = |total| Constraint::Sandwich {
            cells: line.clone(),
            total,
        };
        assert!(holds(&sandwich(7), &row));
        assert!(!holds(&sandwich(8), &row));
        let xsum = Constraint::XSum {
            cells: line.clone(),
            total: 14,
        };
        assert!(holds(&xsum, &row));
        let sky = |count| Constraint::Skyscraper {
            cells: line.clone(),
            count,
        };
        assert!(holds(&sky(2), &row));
        assert!(!holds(&sky(3), &row));
    }
}
