//! A cage that is a constraint: distinct symbols adding up to a total, where the cages may
//! overlap (the puzzle's own non-overlapping cages are [`crate::puzzle::Cage`]s).

use super::{IssKind, IssPart, Kind, Post, Region, RuleWord, Sum, distinct, list, values_of};
#[cfg(feature = "links")]
use super::{FpuzzlesEntry, FpuzzlesKey};
use crate::engine::{CageSum, Domain, combinations_cached};
use std::collections::HashSet;
use std::sync::Arc;

/// Distinct symbols adding up to `total` (a cage that overlaps another).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Cage {
    /// The cells' sum.
    pub total: i64,
    /// The cells.
    pub cells: Vec<usize>,
}

impl Kind for Cage {
    const RULE_WORDS: &'static [RuleWord] = &[RuleWord {
        keyword: "cage",
        help: "[TOTAL] CELLS: distinct symbols adding up to TOTAL (cages may overlap)",
        read: |a| {
            Ok(vec![match a.leading(None)? {
                (Some(total), rest) => Cage {
                    total,
                    cells: a.cells(rest, 1)?,
                }
                .into(),
                (None, rest) => Region {
                    label: format!("cage at {}", rest.first().copied().unwrap_or("")),
                    cells: a.cells(rest, 2)?,
                }
                .into(),
            }])
        },
    }];
    const ISS_KINDS: &'static [IssKind] = &[IssKind {
        kind: "Cage",
        late: false,
        read: read_iss,
    }];
    #[cfg(feature = "links")]
    const FPUZZLES_KEYS: &'static [FpuzzlesKey] = &[FpuzzlesKey {
        key: "killercage",
        read: read_fpuzzles,
    }];

    fn name(&self) -> &'static str {
        "cage"
    }

    fn cells(&self) -> Vec<usize> {
        self.cells.clone()
    }

    fn holds(&self, value: &dyn Fn(usize) -> i64) -> bool {
        let v = values_of(&self.cells, value);
        distinct(&v) && v.iter().sum::<i64>() == self.total
    }

    fn listing(&self, name: &dyn Fn(usize) -> String) -> String {
        format!("cage {}: {}", self.total, list(&self.cells, name))
    }

    fn iss(&self, n: usize) -> Option<String> {
        Some(format!("Cage~{}~{}", self.total, super::iss_cells(n, &self.cells)))
    }

    #[cfg(feature = "links")]
    fn fpuzzles(&self, n: usize) -> Option<(&'static str, serde_json::Value)> {
        let cells = super::fpuzzles_cells(n, &self.cells);
        let value = self.total.to_string();
        Some(("killercage", serde_json::json!({ "cells": cells, "value": value })))
    }

    fn draw(&self, canvas: &mut super::Canvas) {
        canvas.cage(&self.cells, Some(&self.total.to_string()), false);
    }

    fn post<D: Domain>(&self, post: &mut Post<'_, D>) {
        let combos: Arc<[D]> = if self.total < 0 {
            Arc::from(Vec::new())
        } else {
            combinations_cached::<D>(post.weights, self.cells.len(), self.total as u64).into()
        };
        let vars = post.vars(&self.cells);
        post.engine
            .post(CageSum::new(post.name.clone(), vars, combos));
    }
}

/// `Cage~TOTAL~R1C1~R1C2…`: one of the puzzle's cages, or a constraint when it overlaps
/// another, has no total, or lists a cell twice.
fn read_iss(part: &mut IssPart<'_>) -> Result<(), String> {
    let kind = part.kind;
    let (total, ids) = part.args.split_first().ok_or("Cage: expected a sum")?;
    let listed = part.grid.some_cells(kind, ids)?;
    // A cell listed twice counts twice in the sum and once among the distinct cells, as the
    // Interactive Sudoku Solver reads it.
    let mut seen = HashSet::new();
    let cells: Vec<usize> = listed.iter().copied().filter(|c| seen.insert(*c)).collect();
    let total = if total.is_empty() {
        0
    } else {
        part.number(total)?
    };
    let overlaps = cells.iter().any(|c| part.cage_cells.contains(c));
    let at = part.puzzle.cell_name(cells[0]);
    if listed.len() > cells.len() {
        let terms = cells
            .iter()
            .map(|&c| (c, listed.iter().filter(|&&d| d == c).count() as i64))
            .collect();
        let label = format!("cage at {at}");
        part.add(Region { label, cells })?;
        if total != 0 {
            let label = format!("cage {total} at {at}");
            part.add(Sum {
                label,
                total,
                terms,
            })?;
        }
        Ok(())
    } else if total == 0 {
        part.add(Region {
            label: format!("cage at {at}"),
            cells,
        })
    } else if overlaps || total < 0 {
        part.add(Cage { total, cells })
    } else {
        part.cage_cells.extend(cells.iter().copied());
        part.puzzle
            .add_cage(total as u64, cells)
            .map_err(|e| format!("Cage {total}: {e}"))
    }
}

/// `killercage: [{"cells": […], "value": 12}]`.
#[cfg(feature = "links")]
fn read_fpuzzles(entry: &mut FpuzzlesEntry<'_>) -> Result<(), String> {
    let cells = entry.field_cells("cells")?;
    let total = entry.number()?.map_or(String::new(), |t| t.to_string());
    let mut args = vec![total];
    args.extend(entry.ids(&cells));
    entry.part("Cage", args);
    Ok(())
}
