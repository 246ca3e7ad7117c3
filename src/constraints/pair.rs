//! Two cells whose values relate: a kropki dot, an X or V, a greater-than sign, and the pairs
//! thermometers, palindromes, clones and the whole-grid rules are made of.

use super::{IssKind, IssPart, Kind, Post, RuleArgs, RuleWord};
#[cfg(feature = "links")]
use super::{FpuzzlesEntry, FpuzzlesKey};
use crate::engine::Domain;
use crate::puzzle::orthogonal_neighbours;

/// Two cells whose values relate: a dot, an X or V, a greater-than sign.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Pair {
    /// The relation.
    pub kind: PairKind,
    /// The first cell (the greater one of a greater-than sign).
    pub a: usize,
    /// The second cell.
    pub b: usize,
}

/// A rule-file word for a pair of cells.
const fn word(keyword: &'static str, help: &'static str, read: ReadRule) -> RuleWord {
    RuleWord {
        keyword,
        help,
        read,
    }
}

type ReadRule = fn(&RuleArgs<'_>) -> Result<Vec<super::Constraint>, String>;

/// `KEYWORD CELL CELL`, related as `kind` says.
fn read_rule(a: &RuleArgs<'_>, kind: PairKind) -> Result<Vec<super::Constraint>, String> {
    let [x, y] = a.all_cells(2)?[..] else {
        return Err(a.err("expected two cells"));
    };
    Ok(vec![Pair { kind, a: x, b: y }.into()])
}

/// An Interactive Sudoku Solver kind for a pair.
const fn iss(kind: &'static str) -> IssKind {
    IssKind {
        kind,
        late: false,
        read: read_iss,
    }
}

impl Kind for Pair {
    const RULE_WORDS: &'static [RuleWord] = &[
        word("white", "CELL CELL: consecutive values", |a| {
            read_rule(a, PairKind::WhiteDot)
        }),
        word("black", "CELL CELL: one value twice the other", |a| {
            read_rule(a, PairKind::BlackDot)
        }),
        word("x", "CELL CELL: values adding up to 10", |a| {
            read_rule(a, PairKind::X)
        }),
        word("v", "CELL CELL: values adding up to 5", |a| {
            read_rule(a, PairKind::V)
        }),
        word("greater", "CELL CELL: the first value is greater", |a| {
            read_rule(a, PairKind::Greater)
        }),
    ];
    const ISS_KINDS: &'static [IssKind] = &[
        iss("WhiteDot"),
        iss("BlackDot"),
        iss("X"),
        iss("V"),
        iss("GreaterThan"),
    ];
    #[cfg(feature = "links")]
    const FPUZZLES_KEYS: &'static [FpuzzlesKey] = &[
        FpuzzlesKey {
            key: "difference",
            read: read_fpuzzles_dot,
        },
        FpuzzlesKey {
            key: "ratio",
            read: read_fpuzzles_dot,
        },
        FpuzzlesKey {
            key: "xv",
            read: read_fpuzzles_xv,
        },
        FpuzzlesKey {
            key: "minimum",
            read: read_fpuzzles_extreme,
        },
        FpuzzlesKey {
            key: "maximum",
            read: read_fpuzzles_extreme,
        },
        FpuzzlesKey {
            key: "clone",
            read: read_fpuzzles_clone,
        },
    ];

    fn name(&self) -> &'static str {
        self.kind.name()
    }

    fn cells(&self) -> Vec<usize> {
        vec![self.a, self.b]
    }

    fn holds(&self, value: &dyn Fn(usize) -> i64) -> bool {
        self.kind.allows(value(self.a), value(self.b))
    }

    fn value_terms(&self) -> u128 {
        match self.kind {
            PairKind::Different | PairKind::Equal => 0,
            _ => 2,
        }
    }

    fn listing(&self, name: &dyn Fn(usize) -> String) -> String {
        format!("{}: {} {}", self.kind.name(), name(self.a), name(self.b))
    }

    fn iss(&self, n: usize) -> Option<String> {
        let adjacent = orthogonal_neighbours(n, self.a).contains(&self.b);
        let ids = |x: usize, y: usize| super::iss_cells(n, &[x, y]);
        let (a, b) = (self.a, self.b);
        Some(match self.kind {
            PairKind::Different => format!("AllDifferent~{}", ids(a, b)),
            _ if !adjacent => return None,
            PairKind::WhiteDot => format!("WhiteDot~{}", ids(a, b)),
            PairKind::BlackDot => format!("BlackDot~{}", ids(a, b)),
            PairKind::X => format!("X~{}", ids(a, b)),
            PairKind::V => format!("V~{}", ids(a, b)),
            PairKind::Greater => format!("GreaterThan~{}", ids(a, b)),
            PairKind::Less => format!("GreaterThan~{}", ids(b, a)),
            _ => return None,
        })
    }

    /// A dot, an X or V, a clone, two cells that differ as an extra region; a greater-than
    /// sign only as part of a minimum or maximum cell, which the writer finds.
    #[cfg(feature = "links")]
    fn fpuzzles(&self, n: usize) -> Option<(&'static str, serde_json::Value)> {
        use serde_json::json;
        let adjacent = orthogonal_neighbours(n, self.a).contains(&self.b);
        let cells = super::fpuzzles_cells(n, &[self.a, self.b]);
        let one = |c: usize| super::fpuzzles_cells(n, &[c]);
        Some(match self.kind {
            PairKind::Different => ("extraregion", json!({ "cells": cells })),
            PairKind::Equal => ("clone", json!({ "cells": one(self.a), "cloneCells": one(self.b) })),
            _ if !adjacent => return None,
            PairKind::WhiteDot => ("difference", json!({ "cells": cells })),
            PairKind::BlackDot => ("ratio", json!({ "cells": cells })),
            PairKind::X => ("xv", json!({ "cells": cells, "value": "X" })),
            PairKind::V => ("xv", json!({ "cells": cells, "value": "V" })),
            _ => return None,
        })
    }

    /// A white or black dot, an X or V, a greater-than sign on the cells' border; a clone or
    /// two cells that differ as a dashed line between them; a negative rule's pair (left
    /// when the rule is not whole) as a small cross on the border.
    fn draw(&self, canvas: &mut super::Canvas) {
        let (a, b) = (self.a, self.b);
        let adjacent = orthogonal_neighbours(canvas.n(), a).contains(&b);
        match self.kind {
            PairKind::Equal => canvas.link(a, b, "#888"),
            PairKind::Different if !adjacent => canvas.link(a, b, "#d46a6a"),
            _ if !adjacent => canvas.link(a, b, "#000"),
            PairKind::WhiteDot => canvas.dot(a, b, "#fff"),
            PairKind::BlackDot => canvas.dot(a, b, "#000"),
            PairKind::X => canvas.border_text(a, b, "X"),
            PairKind::V => canvas.border_text(a, b, "V"),
            PairKind::Greater => canvas.sign(a, b),
            PairKind::Less => canvas.sign(b, a),
            PairKind::Different => canvas.border_text(a, b, "≠"),
            _ => canvas.border_text(a, b, "×"),
        }
    }

    fn post<D: Domain>(&self, post: &mut Post<'_, D>) {
        // Two cells of one region differ already.
        if self.kind == PairKind::Different && post.differ(self.a, self.b) {
            return;
        }
        post.pair(self.a, self.b, self.kind);
    }
}

/// How the two cells of a [`Pair`] relate.
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

/// `WhiteDot~CELLS` (and `BlackDot`, `X`, `V`, `GreaterThan`): each pair of orthogonal
/// neighbours among the cells.
fn read_iss(part: &mut IssPart<'_>) -> Result<(), String> {
    let kind = match part.kind {
        "WhiteDot" => PairKind::WhiteDot,
        "BlackDot" => PairKind::BlackDot,
        "X" => PairKind::X,
        "V" => PairKind::V,
        _ => PairKind::Greater,
    };
    let cells = part.cells()?;
    let pairs = part.grid.adjacent_pairs(&cells);
    if pairs.is_empty() {
        return Err(format!("{}: its cells are not adjacent", part.kind));
    }
    for (a, b) in pairs {
        part.add(Pair { kind, a, b })?;
    }
    Ok(())
}

/// `difference` and `ratio`: the usual white and black dots only.
#[cfg(feature = "links")]
fn read_fpuzzles_dot(entry: &mut FpuzzlesEntry<'_>) -> Result<(), String> {
    let cells = entry.field_cells("cells")?;
    let key = entry.key;
    let (usual, kind) = if key == "difference" {
        (1, "WhiteDot")
    } else {
        (2, "BlackDot")
    };
    if let Some(v) = entry.number()?.filter(|&v| v != usual) {
        return Err(format!(
            "{}: a {key} of {v} (this tool reads the usual dots, {key} {usual})",
            entry.what
        ));
    }
    entry.part(kind, entry.ids(&cells));
    Ok(())
}

/// `xv: [{"cells": […], "value": "X"}]`.
#[cfg(feature = "links")]
fn read_fpuzzles_xv(entry: &mut FpuzzlesEntry<'_>) -> Result<(), String> {
    let cells = entry.field_cells("cells")?;
    let kind = match entry.entry.get("value").and_then(serde_json::Value::as_str) {
        Some("X" | "x") => "X",
        Some("V" | "v") => "V",
        _ => return Err(format!("{}: expected a value of X or V", entry.what)),
    };
    entry.part(kind, entry.ids(&cells));
    Ok(())
}

/// `minimum` and `maximum`: a cell smaller (greater) than each orthogonal neighbour.
#[cfg(feature = "links")]
fn read_fpuzzles_extreme(entry: &mut FpuzzlesEntry<'_>) -> Result<(), String> {
    let cell = entry.field_cell("cell")?;
    let kind = if entry.key == "minimum" {
        PairKind::Less
    } else {
        PairKind::Greater
    };
    for b in orthogonal_neighbours(entry.n, cell) {
        entry.add(Pair { kind, a: cell, b });
    }
    Ok(())
}

/// `clone: [{"cells": […], "cloneCells": […]}]`: each cell equals its clone.
#[cfg(feature = "links")]
fn read_fpuzzles_clone(entry: &mut FpuzzlesEntry<'_>) -> Result<(), String> {
    let cells = entry.field_cells("cells")?;
    let clones = entry.field_cells("cloneCells")?;
    if cells.len() != clones.len() {
        return Err(format!("{}: the clone has another shape", entry.what));
    }
    for (a, b) in cells.into_iter().zip(clones) {
        if a != b {
            entry.add(Pair {
                kind: PairKind::Equal,
                a,
                b,
            });
        }
    }
    Ok(())
}
