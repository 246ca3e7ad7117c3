//! An extra region: distinct symbols in a jigsaw piece, a windoku box, a diagonal, a disjoint
//! set, a cage without a total.

use super::{Kind, Post, RuleWord, distinct, list, values_of};
#[cfg(feature = "links")]
use super::{FpuzzlesEntry, FpuzzlesKey};
use super::{IssKind, IssPart};

/// The cells hold distinct symbols. `label` names it in messages.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Region {
    /// What the region is (`jigsaw region 3`).
    pub label: String,
    /// Its cells.
    pub cells: Vec<usize>,
}

impl Kind for Region {
    const RULE_WORDS: &'static [RuleWord] = &[RuleWord {
        keyword: "region",
        help: "CELLS: distinct symbols (a jigsaw piece, an extra region)",
        read: |a| {
            Ok(vec![
                Region {
                    label: format!("region at {}", a.args.first().copied().unwrap_or("")),
                    cells: a.all_cells(2)?,
                }
                .into(),
            ])
        },
    }];
    const ISS_KINDS: &'static [IssKind] = &[IssKind {
        kind: "AllDifferent",
        late: false,
        read: read_iss,
    }];
    #[cfg(feature = "links")]
    const FPUZZLES_KEYS: &'static [FpuzzlesKey] = &[FpuzzlesKey {
        key: "extraregion",
        read: read_fpuzzles,
    }];

    fn name(&self) -> &'static str {
        "region"
    }

    fn cells(&self) -> Vec<usize> {
        self.cells.clone()
    }

    fn holds(&self, value: &dyn Fn(usize) -> i64) -> bool {
        distinct(&values_of(&self.cells, value))
    }

    fn value_terms(&self) -> u128 {
        0
    }

    fn label(&self) -> Option<&str> {
        Some(&self.label)
    }

    fn listing(&self, name: &dyn Fn(usize) -> String) -> String {
        format!("{}: {}", self.label, list(&self.cells, name))
    }

    fn iss(&self, n: usize) -> Option<String> {
        Some(format!("AllDifferent~{}", super::iss_cells(n, &self.cells)))
    }

    #[cfg(feature = "links")]
    fn fpuzzles(&self, n: usize) -> Option<(&'static str, serde_json::Value)> {
        let cells = super::fpuzzles_cells(n, &self.cells);
        Some(("extraregion", serde_json::json!({ "cells": cells })))
    }

    /// A diagonal as a thin line along it; any other region shaded.
    fn draw(&self, canvas: &mut super::Canvas) {
        let n = canvas.n();
        let step = |w: &[usize]| w[1] as isize - w[0] as isize;
        let diagonal = self.cells.len() == n
            && n > 1
            && self.cells.windows(2).all(|w| step(w) == step(&self.cells[..2]))
            && [n as isize + 1, n as isize - 1].contains(&step(&self.cells[..2]).abs());
        if diagonal {
            canvas.path(&self.cells, "#7aa6d8", 3, false);
        } else {
            canvas.shade(&self.cells, "#e4e4e4");
        }
    }

    fn post<D: crate::engine::Domain>(&self, post: &mut Post<'_, D>) {
        post.all_different(&self.cells);
    }
}

/// `AllDifferent~R1C1~R1C2…`.
fn read_iss(part: &mut IssPart<'_>) -> Result<(), String> {
    let cells = part.grid.some_cells(part.kind, part.args)?;
    let label = format!("all-different at {}", part.puzzle.cell_name(cells[0]));
    part.add(Region { label, cells })
}

/// `extraregion: [{"cells": […]}]`.
#[cfg(feature = "links")]
fn read_fpuzzles(entry: &mut FpuzzlesEntry<'_>) -> Result<(), String> {
    let cells = entry.field_cells("cells")?;
    entry.part("AllDifferent", entry.ids(&cells));
    Ok(())
}
