//! A quadruple: the four cells of a 2×2 square hold every listed value.

use super::{IssKind, IssPart, Kind, Post, RuleWord, Unfolded, list, values_of};
#[cfg(feature = "links")]
use super::{FpuzzlesEntry, FpuzzlesKey, iss_id};
use crate::engine::{Domain, Layered};

/// The four cells of a 2×2 square hold every listed value (as often as listed).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Quad {
    /// The square's cells.
    pub cells: Vec<usize>,
    /// The values it must hold.
    pub values: Vec<i64>,
}

impl Kind for Quad {
    const RULE_WORDS: &'static [RuleWord] = &[RuleWord {
        keyword: "quad",
        help: "CELL VALUES: the 2×2 square from CELL down-right holds the values",
        read: |a| {
            let n = a.n();
            let (first, values) = a
                .args
                .split_first()
                .ok_or_else(|| a.err("expected CELL VALUES"))?;
            let top = a.cell(first)?;
            if top % n + 1 >= n || top / n + 1 >= n {
                return Err(a.err(format!("the 2×2 square from {first} leaves the grid")));
            }
            let values = values
                .iter()
                .map(|v| a.number(v))
                .collect::<Result<Vec<_>, _>>()?;
            if values.is_empty() || values.len() > 4 {
                return Err(a.err("expected 1 to 4 values"));
            }
            let cells = vec![top, top + 1, top + n, top + n + 1];
            Ok(vec![Quad { cells, values }.into()])
        },
    }];
    const ISS_KINDS: &'static [IssKind] = &[IssKind {
        kind: "Quad",
        late: false,
        read: read_iss,
    }];
    #[cfg(feature = "links")]
    const FPUZZLES_KEYS: &'static [FpuzzlesKey] = &[FpuzzlesKey {
        key: "quadruple",
        read: read_fpuzzles,
    }];

    fn name(&self) -> &'static str {
        "quadruple"
    }

    fn cells(&self) -> Vec<usize> {
        self.cells.clone()
    }

    fn holds(&self, value: &dyn Fn(usize) -> i64) -> bool {
        let mut left = values_of(&self.cells, value);
        self.values
            .iter()
            .all(|x| match left.iter().position(|y| y == x) {
                Some(i) => {
                    left.swap_remove(i);
                    true
                }
                None => false,
            })
    }

    fn listing(&self, name: &dyn Fn(usize) -> String) -> String {
        let values: Vec<String> = self.values.iter().map(i64::to_string).collect();
        format!("quadruple {}: {}", values.join(" "), list(&self.cells, name))
    }

    /// The values still to be seen, crossed off as the cells show them.
    fn automaton(&self, w: &[i64], n: usize, max_edges: usize) -> Option<Unfolded> {
        let step = |_: usize, s: &Vec<i64>, v: usize| -> Option<Vec<i64>> {
            let mut left = s.clone();
            if let Some(i) = left.iter().position(|&x| x == w[v]) {
                left.remove(i);
            }
            Some(left)
        };
        let (len, start) = (self.cells.len(), self.values.clone());
        let layered = Layered::unfold(len, n, start, step, |s| s.is_empty(), max_edges);
        Some(layered.map(|l| (self.cells.clone(), l)))
    }

    fn iss(&self, n: usize) -> Option<String> {
        let top = self.cells.iter().copied().min()?;
        let values: Vec<String> = self.values.iter().map(i64::to_string).collect();
        Some(format!("Quad~{}~{}", super::iss_id(top / n, top % n), values.join("~")))
    }

    #[cfg(feature = "links")]
    fn fpuzzles(&self, n: usize) -> Option<(&'static str, serde_json::Value)> {
        let cells = super::fpuzzles_cells(n, &self.cells);
        Some(("quadruple", serde_json::json!({ "cells": cells, "values": self.values })))
    }

    fn draw(&self, canvas: &mut super::Canvas) {
        let values: Vec<String> = self.values.iter().map(i64::to_string).collect();
        if let Some(&top) = self.cells.iter().min() {
            canvas.quad(top, &values.join(" "));
        }
    }

    fn post<D: Domain>(&self, post: &mut Post<'_, D>) {
        post.automaton();
    }
}

/// `Quad~CELL~VALUES`, CELL the square's top left.
fn read_iss(part: &mut IssPart<'_>) -> Result<(), String> {
    let n = part.grid.n;
    let (id, values) = part.args.split_first().ok_or("Quad: expected a cell")?;
    let top = part.grid.cell(id)?;
    if top % n + 1 >= n || top / n + 1 >= n {
        return Err(format!("Quad at {id}: the 2×2 square leaves the grid"));
    }
    let values = values
        .iter()
        .map(|v| part.number(v))
        .collect::<Result<Vec<_>, _>>()?;
    if values.len() > 4 {
        return Err("Quad: at most 4 values".to_string());
    }
    let cells = vec![top, top + 1, top + n, top + n + 1];
    part.add(Quad { cells, values })
}

/// `quadruple: [{"cells": [four], "values": […]}]`.
#[cfg(feature = "links")]
fn read_fpuzzles(entry: &mut FpuzzlesEntry<'_>) -> Result<(), String> {
    let n = entry.n;
    let cells = entry.field_cells("cells")?;
    let top = cells.iter().copied().min().unwrap_or(0);
    let mut square = vec![top, top + 1, top + n, top + n + 1];
    let mut sorted = cells.clone();
    sorted.sort_unstable();
    square.sort_unstable();
    if top % n + 1 >= n || sorted != square {
        return Err(format!(
            "{}: expected the four cells of a 2×2 square",
            entry.what
        ));
    }
    let values = (entry.entry.get("values"))
        .and_then(serde_json::Value::as_array)
        .ok_or_else(|| format!("{}: expected `values`", entry.what))?;
    let mut args = vec![iss_id(top / n, top % n)];
    for v in values {
        args.push(match v {
            serde_json::Value::String(s) => s.trim().to_string(),
            v => v.to_string(),
        });
    }
    entry.part("Quad", args);
    Ok(())
}
