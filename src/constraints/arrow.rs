//! An arrow: the number in its circle (one cell, or a pill of up to three read as digits) is
//! the sum along its shaft.

use super::{IssKind, IssPart, Kind, Post, RuleWord, Unfolded, list, values_of};
#[cfg(feature = "links")]
use super::{FpuzzlesEntry, FpuzzlesKey};
use crate::engine::{Domain, Layered, LinearSum};

/// The number written by the circle's digits (one cell, or a pill of several read left to
/// right) equals the sum along the arrow.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Arrow {
    /// The circle or pill, its most significant digit first.
    pub circle: Vec<usize>,
    /// The arrow's cells.
    pub arrow: Vec<usize>,
}

impl Arrow {
    /// The line as it is drawn on an n×n grid: from the circle's cell nearest the shaft's first
    /// cell, along the shaft.
    fn drawn_line(&self, n: usize) -> Vec<usize> {
        let head = self.arrow.first().copied();
        let away = |c: &&usize| head.map_or(0, |h| (**c / n).abs_diff(h / n).max((**c % n).abs_diff(h % n)));
        let start = self.circle.iter().min_by_key(away).copied();
        start.into_iter().chain(self.arrow.iter().copied()).collect()
    }
}

impl Kind for Arrow {
    const RULE_WORDS: &'static [RuleWord] = &[RuleWord {
        keyword: "arrow",
        help: "CIRCLE : CELLS: the circle (1 to 3 cells, one number) is the arrow's sum",
        read: |a| {
            let colon = a
                .args
                .iter()
                .position(|&x| x == ":")
                .ok_or_else(|| a.err("expected CIRCLE : CELLS"))?;
            let circle = a.cells(&a.args[..colon], 1)?;
            if circle.len() > 3 {
                return Err(a.err("a circle holds 1 to 3 cells"));
            }
            let arrow = a.cells(&a.args[colon + 1..], 1)?;
            Ok(vec![Arrow { circle, arrow }.into()])
        },
    }];
    const ISS_KINDS: &'static [IssKind] = &[
        IssKind {
            kind: "Arrow",
            late: false,
            read: read_iss,
        },
        IssKind {
            kind: "PillArrow",
            late: false,
            read: read_iss,
        },
    ];
    #[cfg(feature = "links")]
    const FPUZZLES_KEYS: &'static [FpuzzlesKey] = &[FpuzzlesKey {
        key: "arrow",
        read: read_fpuzzles,
    }];

    fn name(&self) -> &'static str {
        "arrow"
    }

    fn cells(&self) -> Vec<usize> {
        self.circle.iter().chain(&self.arrow).copied().collect()
    }

    fn holds(&self, value: &dyn Fn(usize) -> i64) -> bool {
        let number = values_of(&self.circle, value)
            .iter()
            .fold(0i64, |n, d| n * 10 + d);
        number == values_of(&self.arrow, value).iter().sum::<i64>()
    }

    fn value_terms(&self) -> u128 {
        let place: u128 = (0..self.circle.len() as u32).map(|i| 10u128.pow(i)).sum();
        self.arrow.len() as u128 + place * 10
    }

    fn listing(&self, name: &dyn Fn(usize) -> String) -> String {
        let (circle, arrow) = (list(&self.circle, name), list(&self.arrow, name));
        format!("arrow: ({circle}) {arrow}")
    }

    /// A pill is an automaton: read its digits into a number, then take the arrow's values
    /// off it. A one-cell circle is a linear sum.
    fn automaton(&self, w: &[i64], n: usize, max_edges: usize) -> Option<Unfolded> {
        if self.circle.len() < 2 {
            return None;
        }
        let (k, len) = (self.circle.len(), self.circle.len() + self.arrow.len());
        let top = w.iter().copied().max().unwrap_or(0).max(0);
        let step = |pos: usize, s: &i64, v: usize| -> Option<i64> {
            if pos < k {
                return Some(s * 10 + w[v]);
            }
            let left = s - w[v];
            (left >= 0 && left <= top * (len - pos - 1) as i64).then_some(left)
        };
        let layered = Layered::unfold(len, n, 0i64, step, |s| *s == 0, max_edges);
        Some(layered.map(|l| (self.cells(), l)))
    }

    fn iss(&self, n: usize) -> Option<String> {
        let cells = [&self.circle[..], &self.arrow[..]].concat();
        let cells = super::iss_cells(n, &cells);
        Some(match self.circle.len() {
            1 => format!("Arrow~{cells}"),
            k => format!("PillArrow~{k}~{cells}"),
        })
    }

    /// The arrow's line starts in the circle's cell nearest its shaft.
    #[cfg(feature = "links")]
    fn fpuzzles(&self, n: usize) -> Option<(&'static str, serde_json::Value)> {
        let line = self.drawn_line(n);
        let entry = serde_json::json!({
            "cells": super::fpuzzles_cells(n, &self.circle),
            "lines": [super::fpuzzles_cells(n, &line)],
        });
        Some(("arrow", entry))
    }

    /// The circle (a pill over several cells) and its shaft, with the arrow's head.
    fn draw(&self, canvas: &mut super::Canvas) {
        let shaft = self.drawn_line(canvas.n());
        canvas.path(&shaft, "#888", 2, false);
        if let [.., before, last] = shaft[..] {
            canvas.arrow_head(before, last);
        }
        if self.circle.len() > 1 {
            canvas.path(&self.circle, "#888", 36, false);
            canvas.path(&self.circle, "#fff", 32, false);
        } else {
            canvas.circle(super::Layer::Lines, self.circle[0], 17, "#fff", "#888");
        }
    }

    fn post<D: Domain>(&self, post: &mut Post<'_, D>) {
        let k = self.circle.len();
        if k > 1 {
            let Some((cells, layered)) = post.unfold() else {
                return;
            };
            post.regular(&cells, layered);
            let terms: Vec<(usize, i64)> = (self.arrow.iter().map(|&c| (c, 1)))
                .chain(
                    (self.circle.iter().enumerate())
                        .map(|(i, &c)| (c, -(10i64.pow((k - 1 - i) as u32)))),
                )
                .collect();
            post.group_sum(&terms, 0);
            return;
        }
        let (arrow, circle) = (post.vars(&self.arrow), post.vars(&self.circle));
        let sum = LinearSum::new(post.name.clone(), &arrow, &circle, post.weights, 0);
        post.engine.post(sum);
        let terms: Vec<(usize, i64)> = (self.arrow.iter().map(|&c| (c, 1)))
            .chain([(self.circle[0], -1)])
            .collect();
        post.group_sum(&terms, 0);
    }
}

/// `Arrow~CIRCLE~CELLS` or `PillArrow~SIZE~PILL~CELLS`.
fn read_iss(part: &mut IssPart<'_>) -> Result<(), String> {
    let (kind, n) = (part.kind, part.grid.n);
    let (size, ids) = if kind == "PillArrow" {
        let (k, rest) = part
            .args
            .split_first()
            .ok_or("PillArrow: expected a size")?;
        (part.number(k)? as usize, rest)
    } else {
        (1, part.args)
    };
    let cells = part.grid.cells(ids)?;
    if size == 0 || size > 3 || cells.len() <= size {
        return Err(format!(
            "{kind}: expected a circle of 1 to 3 cells and an arrow after it"
        ));
    }
    // A pill's digits read in grid order, whatever order it lists them in; that order is a
    // reading only when each cell is right of, below or down-right of the one before, as the
    // Interactive Sudoku Solver requires.
    let mut circle = cells[..size].to_vec();
    circle.sort_unstable();
    let readable = circle.windows(2).all(|w| {
        let (r, c) = (w[0] / n, w[0] % n);
        let (r2, c2) = (w[1] / n, w[1] % n);
        (r2, c2) == (r, c + 1) || (r2, c2) == (r + 1, c) || (r2, c2) == (r + 1, c + 1)
    });
    if !readable {
        return Err(format!(
            "{kind}: its pill's cells do not read as a number (each right of, below or \
             down-right of the one before)"
        ));
    }
    let arrow = cells[size..].to_vec();
    part.add(Arrow { circle, arrow })
}

/// `arrow: [{"cells": CIRCLE, "lines": [[…], …]}]`: each line's shaft leaves the circle.
#[cfg(feature = "links")]
fn read_fpuzzles(entry: &mut FpuzzlesEntry<'_>) -> Result<(), String> {
    let circle = entry.field_cells("cells")?;
    if circle.is_empty() || circle.len() > 3 {
        return Err(format!("{}: expected a circle of 1 to 3 cells", entry.what));
    }
    for line in entry.lines()? {
        let shaft: Vec<usize> = line
            .iter()
            .copied()
            .skip_while(|c| circle.contains(c))
            .collect();
        if shaft.is_empty() {
            continue;
        }
        let mut args = Vec::new();
        let kind = if circle.len() == 1 {
            "Arrow"
        } else {
            args.push(circle.len().to_string());
            "PillArrow"
        };
        args.extend(entry.ids(&circle));
        args.extend(entry.ids(&shaft));
        entry.part(kind, args);
    }
    Ok(())
}
