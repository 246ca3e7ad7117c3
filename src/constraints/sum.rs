//! A linear sum: Σ coefficient × value = total, values free to repeat (little killers, double
//! arrows, the Interactive Sudoku Solver's `Sum`).

use super::{IssKind, IssPart, Kind, Post, RuleArgs, RuleWord};
#[cfg(feature = "links")]
use super::{FpuzzlesEntry, FpuzzlesKey};
use crate::engine::{Domain, LinearSum};

/// Σ coefficient × value = `total`; values may repeat (little killers, sums).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Sum {
    /// What the sum is (`little killer 22 from r1c1`).
    pub label: String,
    /// The target.
    pub total: i64,
    /// Each cell with its coefficient.
    pub terms: Vec<(usize, i64)>,
}

impl Kind for Sum {
    const RULE_WORDS: &'static [RuleWord] = &[
        RuleWord {
            keyword: "sum",
            help: "TOTAL CELLS: the cells add up to TOTAL; values may repeat",
            read: |a| {
                let (total, rest) = a.leading(None)?;
                let total = total.ok_or_else(|| a.err("expected a total first"))?;
                let cells = a.cells(rest, 1)?;
                Ok(vec![
                    Sum {
                        label: format!("sum {total} at {}", a.puzzle.cell_name(cells[0])),
                        total,
                        terms: cells.into_iter().map(|c| (c, 1)).collect(),
                    }
                    .into(),
                ])
            },
        },
        RuleWord {
            keyword: "little-killer",
            help: "TOTAL CELL up-left|up-right|down-left|down-right: the diagonal adds up",
            read: read_little_killer,
        },
        RuleWord {
            keyword: "double-arrow",
            help: "CELLS: the two end cells add up to the cells between them (3 cells or more)",
            read: |a| {
                let cells = a.cells(&a.args, 3)?;
                Ok(vec![double_arrow(&cells, &a.puzzle.cell_name(cells[0])).into()])
            },
        },
    ];
    const ISS_KINDS: &'static [IssKind] = &[
        IssKind {
            kind: "Sum",
            late: false,
            read: read_iss_sum,
        },
        IssKind {
            kind: "LittleKiller",
            late: false,
            read: read_iss_little_killer,
        },
        IssKind {
            kind: "DoubleArrow",
            late: false,
            read: read_iss_double_arrow,
        },
    ];
    #[cfg(feature = "links")]
    const FPUZZLES_KEYS: &'static [FpuzzlesKey] = &[FpuzzlesKey {
        key: "littlekillersum",
        read: read_fpuzzles,
    }];

    fn name(&self) -> &'static str {
        "sum"
    }

    fn cells(&self) -> Vec<usize> {
        self.terms.iter().map(|&(c, _)| c).collect()
    }

    fn holds(&self, value: &dyn Fn(usize) -> i64) -> bool {
        self.terms.iter().map(|&(c, k)| k * value(c)).sum::<i64>() == self.total
    }

    fn value_terms(&self) -> u128 {
        self.terms
            .iter()
            .map(|&(_, k)| u128::from(k.unsigned_abs()))
            .sum::<u128>()
            .max(2)
    }

    fn label(&self) -> Option<&str> {
        Some(&self.label)
    }

    fn listing(&self, name: &dyn Fn(usize) -> String) -> String {
        let terms: Vec<String> = self
            .terms
            .iter()
            .map(|&(x, k)| match k {
                1 => name(x),
                _ => format!("{k}×{}", name(x)),
            })
            .collect();
        format!("{}: {}", self.label, terms.join(" "))
    }

    fn iss(&self, n: usize) -> Option<String> {
        let cells: Vec<usize> = self.terms.iter().map(|t| t.0).collect();
        let ones = self.terms.iter().all(|t| t.1 == 1);
        let grid = super::IssGrid { n };
        if ones && grid.little_killer(*cells.first()?).as_deref() == Some(&cells[..]) {
            let start = super::iss_id(cells[0] / n, cells[0] % n);
            return Some(format!("LittleKiller~{}~{start}", self.total));
        }
        let mut spec = self.total.to_string();
        if !ones {
            spec += "_=";
            for (_, k) in &self.terms {
                spec += &format!("_{k}");
            }
        }
        Some(format!("Sum~{spec}~{}", super::iss_cells(n, &cells)))
    }

    /// A little killer clue: a whole diagonal from edge to edge, each cell counted once.
    #[cfg(feature = "links")]
    fn fpuzzles(&self, n: usize) -> Option<(&'static str, serde_json::Value)> {
        let cells: Vec<usize> = self.terms.iter().map(|t| t.0).collect();
        let (first, last) = (*cells.first()?, *cells.last()?);
        let at = |c: usize| ((c / n) as i64, (c % n) as i64);
        let ((r, c), (r2, c2)) = (at(first), at(last));
        let (dr, dc) = ((r2 - r).signum(), (c2 - c).signum());
        let inside = |r: i64, c: i64| (0..n as i64).contains(&r) && (0..n as i64).contains(&c);
        let on_diagonal = |(i, &x): (usize, &usize)| at(x) == (r + dr * i as i64, c + dc * i as i64);
        let diagonal = cells.len() >= 2
            && dr != 0
            && dc != 0
            && cells.iter().enumerate().all(on_diagonal)
            && !inside(r - dr, c - dc)
            && !inside(r2 + dr, c2 + dc)
            && self.terms.iter().all(|t| t.1 == 1);
        if !diagonal {
            return None;
        }
        let direction = match (dr, dc) {
            (1, 1) => "DR",
            (1, _) => "DL",
            (_, 1) => "UR",
            _ => "UL",
        };
        Some((
            "littlekillersum",
            serde_json::json!({
                "cell": super::fpuzzles_name(r - dr, c - dc),
                "cells": super::fpuzzles_cells(n, &cells),
                "direction": direction,
                "value": self.total.to_string(),
            }),
        ))
    }

    /// A little killer as its clue outside the grid, a double arrow as its line with a circle
    /// at each end; any other sum as a dotted outline with its total, each coefficient other
    /// than 1 in its cell's corner.
    fn draw(&self, canvas: &mut super::Canvas) {
        let cells: Vec<usize> = self.terms.iter().map(|t| t.0).collect();
        let n = canvas.n();
        let little_killer = self.label.starts_with("little killer")
            && self.terms.iter().all(|t| t.1 == 1)
            && cells.len() >= 2
            && cells.windows(2).all(|w| {
                let d = w[1] as isize - w[0] as isize;
                d == cells[1] as isize - cells[0] as isize && (d.abs() == n as isize + 1 || d.abs() == n as isize - 1)
            });
        if little_killer {
            canvas.outside(&cells, &self.total.to_string(), super::Frame::Arrow);
            return;
        }
        if let (true, [first, .., last]) = (self.label.starts_with("double arrow"), &cells[..]) {
            canvas.path(&cells, "#888", 2, false);
            for &end in [first, last] {
                canvas.circle(super::Layer::Lines, end, 17, "#fff", "#888");
            }
            return;
        }
        canvas.cage(&cells, Some(&format!("Σ{}", self.total)), true);
        for &(cell, k) in self.terms.iter().filter(|t| t.1 != 1) {
            canvas.corner_text(cell, &format!("×{k}"));
        }
    }

    fn post<D: Domain>(&self, post: &mut Post<'_, D>) {
        let (mut plus, mut minus) = (Vec::new(), Vec::new());
        for &(c, k) in &self.terms {
            let side = if k > 0 { &mut plus } else { &mut minus };
            side.extend(std::iter::repeat_n(post.vars[c], k.unsigned_abs() as usize));
        }
        let sum = LinearSum::new(post.name.clone(), &plus, &minus, post.weights, self.total);
        post.engine.post(sum);
        post.group_sum(&self.terms, self.total);
    }
}

/// `little-killer TOTAL CELL DIRECTION`: the diagonal from CELL.
fn read_little_killer(a: &RuleArgs<'_>) -> Result<Vec<super::Constraint>, String> {
    let n = a.n();
    let [total, start, direction] = a.args[..] else {
        return Err(a.err("expected TOTAL CELL DIRECTION"));
    };
    let total = a.number(total)?;
    let start = a.cell(start)?;
    let (dr, dc): (i64, i64) = match direction {
        "up-left" => (-1, -1),
        "up-right" => (-1, 1),
        "down-left" => (1, -1),
        "down-right" => (1, 1),
        _ => {
            return Err(a.err(format!(
                "`{direction}` is not up-left, up-right, down-left or down-right"
            )));
        }
    };
    let (mut r, mut c) = ((start / n) as i64, (start % n) as i64);
    let mut terms = Vec::new();
    while (0..n as i64).contains(&r) && (0..n as i64).contains(&c) {
        terms.push(((r * n as i64 + c) as usize, 1));
        r += dr;
        c += dc;
    }
    Ok(vec![
        Sum {
            label: format!("little killer {total} from {}", a.puzzle.cell_name(start)),
            total,
            terms,
        }
        .into(),
    ])
}

/// A double arrow along `cells`: the two ends add up to the cells between them, as a sum of
/// the ends at +1 and the middle at −1 to 0 (a cell listed twice adds its coefficients).
fn double_arrow(cells: &[usize], at: &str) -> Sum {
    let last = cells.len() - 1;
    let coefficient = |i: usize| if i == 0 || i == last { 1 } else { -1 };
    Sum {
        label: format!("double arrow at {at}"),
        total: 0,
        terms: merged(cells.iter().enumerate().map(|(i, &c)| (c, coefficient(i)))),
    }
}

/// Terms with a cell listed twice as one term of the coefficients' sum, and no term of 0, as
/// the Interactive Sudoku Solver's sum reads them.
fn merged(terms: impl Iterator<Item = (usize, i64)>) -> Vec<(usize, i64)> {
    let mut out: Vec<(usize, i64)> = Vec::new();
    for (c, k) in terms {
        match out.iter_mut().find(|(d, _)| *d == c) {
            Some((_, sum)) => *sum += k,
            None => out.push((c, k)),
        }
    }
    out.retain(|&(_, k)| k != 0);
    out
}

/// `DoubleArrow~CELLS`: the ends add up to the middle, as ISS's builder posts it (three cells
/// or more, its `VALIDATE_CELLS_FN`).
fn read_iss_double_arrow(part: &mut IssPart<'_>) -> Result<(), String> {
    let cells = part.grid.some_cells(part.kind, part.args)?;
    if cells.len() < 3 {
        return Err("DoubleArrow: expected three cells or more".to_string());
    }
    let at = part.puzzle.cell_name(cells[0]);
    part.add(double_arrow(&cells, &at))
}

/// `Sum~TOTAL[_=_K1_K2…]~CELLS`: coefficients after `=`, one a cell.
fn read_iss_sum(part: &mut IssPart<'_>) -> Result<(), String> {
    let (spec, ids) = part.args.split_first().ok_or("Sum: expected a sum")?;
    let cells = part.grid.some_cells(part.kind, ids)?;
    let mut fields = spec.split('_');
    let total = part.number(fields.next().unwrap_or(""))?;
    let coeffs: Vec<i64> = if fields.next() == Some("=") {
        fields.map(|k| part.number(k)).collect::<Result<_, _>>()?
    } else {
        vec![1; cells.len()]
    };
    if coeffs.len() != cells.len() || coeffs.iter().any(|k| k.abs() > 100) {
        return Err(format!(
            "Sum `{spec}`: expected one coefficient from -100 to 100 per cell"
        ));
    }
    let terms = merged(cells.iter().copied().zip(coeffs));
    let label = format!("sum {total} at {}", part.puzzle.cell_name(cells[0]));
    part.add(Sum {
        label,
        total,
        terms,
    })
}

/// `LittleKiller~TOTAL~CELL`: the diagonal the solver lays out from CELL.
fn read_iss_little_killer(part: &mut IssPart<'_>) -> Result<(), String> {
    let (total, id) = match part.args[..] {
        [t, id] => (part.number(t)?, id),
        _ => return Err("LittleKiller: expected a sum and a cell".to_string()),
    };
    let start = part.grid.cell(id.split(',').next().unwrap_or(id))?;
    let cells = part
        .grid
        .little_killer(start)
        .ok_or_else(|| format!("LittleKiller: no diagonal starts at {id}"))?;
    let label = format!("little killer {total} from {}", part.puzzle.cell_name(start));
    part.add(Sum {
        label,
        total,
        terms: cells.into_iter().map(|c| (c, 1)).collect(),
    })
}

/// `littlekillersum: [{"cell": "R0C1", "cells": […], "value": 22}]`; a clue without a number
/// says nothing.
#[cfg(feature = "links")]
fn read_fpuzzles(entry: &mut FpuzzlesEntry<'_>) -> Result<(), String> {
    let cells = entry.field_cells("cells")?;
    if let Some(total) = entry.number()? {
        let (r, c) = entry.clue_cell("cell")?;
        entry.add(Sum {
            label: format!("little killer {total} from r{}c{}", r + 1, c + 1),
            total,
            terms: cells.into_iter().map(|c| (c, 1)).collect(),
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::{ReadOptions, read};
    use crate::puzzle::{Puzzle, Rules, Symbols};

    /// The double arrow r1c1 to r1c4: the ends, +1, against the two cells between, −1.
    fn r1c1_to_r1c4() -> Sum {
        Sum {
            label: "double arrow at r1c1".to_string(),
            total: 0,
            terms: vec![(0, 1), (1, -1), (2, -1), (3, 1)],
        }
    }

    #[test]
    fn a_double_arrows_ends_add_up_to_its_middle() {
        let arrow = r1c1_to_r1c4();
        let holds = |v: &[i64]| arrow.holds(&|cell| v[cell]);
        assert!(holds(&[3, 4, 5, 6]));
        assert!(!holds(&[3, 4, 5, 7]));
        assert!(!holds(&[6, 3, 4, 5]), "the ends are the first and last cells, not the first two");
    }

    #[test]
    fn double_arrows_read_from_iss_and_rule_files_alike() {
        let p = &read(".DoubleArrow~R1C1~R1C2~R1C3~R1C4", "t", &ReadOptions::default())
            .unwrap()[0]
            .puzzle;
        assert_eq!(p.constraints(), [r1c1_to_r1c4().into()]);
        let e = read(".DoubleArrow~R1C1~R1C2", "t", &ReadOptions::default()).unwrap_err();
        assert!(e.to_string().contains("three cells or more"), "{e}");
        let rules = Rules::parse("name t\nextends sudoku\ndouble-arrow r1c1 r1c2 r1c3 r1c4\n", "t")
            .unwrap();
        let mut q = Puzzle::empty(9, Symbols::default_for(9)).unwrap();
        rules.apply(&mut q).unwrap();
        assert_eq!(q.constraints(), [r1c1_to_r1c4().into()]);
        let short = Rules::parse("name t\nextends sudoku\ndouble-arrow r1c1 r1c2\n", "t");
        let mut q = Puzzle::empty(9, Symbols::default_for(9)).unwrap();
        assert!(short.map_or(true, |r| r.apply(&mut q).is_err()));
    }

    #[test]
    fn a_cell_listed_twice_adds_its_coefficients() {
        // A loop back to its start: r1c1 is an end twice, its +1 and +1 a single +2.
        let arrow = double_arrow(&[0, 1, 10, 0], "r1c1");
        assert_eq!(arrow.terms, [(0, 2), (1, -1), (10, -1)]);
    }
}
