//! Writing a puzzle as the Interactive Sudoku Solver's constraint string
//! (`.Shape~6x6.Thermo~R1C1~R1C2.~R1C1_5`) and as a link that opens in it: the shape and
//! values, the regions, the whole-grid rules it has words for, then each constraint as its
//! kind writes it ([`crate::constraints`]), the killer cages and the givens and pencil marks.

use super::grid_rules::{GridRule, GridRules};
use crate::constraints::{iss_cells, iss_id};
use crate::puzzle::{GlobalRule, PairKind, Puzzle, box_shape};

/// Where the Interactive Sudoku Solver is served.
pub(super) const ISS_URL: &str = "https://sigh.github.io/Interactive-Sudoku-Solver/";

/// The whole-grid rules the solver has a word for, with the word.
const RULES: &[(GridRule, &str)] = &[
    (GridRule::Diagonal(true), "Diagonal~1"),
    (GridRule::Diagonal(false), "Diagonal~-1"),
    (GridRule::Global(GlobalRule::AntiKnight), "AntiKnight"),
    (GridRule::Global(GlobalRule::AntiKing), "AntiKing"),
    (
        GridRule::Global(GlobalRule::NonConsecutive),
        "AntiConsecutive",
    ),
    (GridRule::Global(GlobalRule::Windoku), "Windoku"),
    (GridRule::Global(GlobalRule::DisjointSets), "DisjointSets"),
    (GridRule::Global(GlobalRule::KropkiNegative), "StrictKropki"),
    (GridRule::Global(GlobalRule::XvNegative), "StrictXV"),
    (GridRule::Global(GlobalRule::AntiTaxicab), "AntiTaxicab"),
];

/// The puzzle as a link that opens in the Interactive Sudoku Solver.
pub fn iss_link(puzzle: &Puzzle) -> Result<String, String> {
    let text = iss_string(puzzle)?;
    Ok(format!(
        "{ISS_URL}?q={}",
        super::url::percent_encoded(&text)
    ))
}

/// The puzzle as the Interactive Sudoku Solver's constraint string; a constraint it has no
/// part for is refused, named.
pub fn iss_string(puzzle: &Puzzle) -> Result<String, String> {
    let n = puzzle.size();
    let symbols = puzzle.symbols();
    // Its grids: `CellGeometry.MAX_SIZE` in its js/cell_geometry.js.
    if n > 16 {
        return Err(format!(
            "the Interactive Sudoku Solver takes grids of 1×1 to 16×16, not {n}×{n}"
        ));
    }
    let lo = symbols.symbol(0);
    if !symbols.is_numeric() || (0..n).any(|i| symbols.symbol(i) != lo + i as u64) {
        return Err(
            "the Interactive Sudoku Solver takes values that run from one number up (1 to n, \
             0 to n - 1), not these symbols"
                .to_string(),
        );
    }
    let mut parts = Vec::new();
    if n != 9 || lo != 1 {
        let values = if lo == 1 {
            String::new()
        } else {
            format!("~{lo}-{}", lo + n as u64 - 1)
        };
        parts.push(format!("Shape~{n}x{n}{values}"));
    }
    if puzzle.boxes().is_none() && box_shape(n).is_ok() {
        parts.push("NoBoxes".to_string());
    }
    if puzzle.piece_of(0).is_some() {
        let layout: String = (0..n * n)
            .map(|c| std::char::from_digit(puzzle.piece_of(c).unwrap_or(0) as u32, 36))
            .collect::<Option<_>>()
            .ok_or("a jigsaw of more than 36 pieces")?;
        parts.push(format!("Jigsaw~{layout}"));
    }
    for cage in puzzle.cages() {
        parts.push(format!("Cage~{}~{}", cage.total, iss_cells(n, &cage.cells)));
    }
    let mut found = GridRules::new(puzzle);
    for &(rule, word) in RULES {
        if found.take(rule) {
            parts.push(word.to_string());
        }
    }
    for c in found.left() {
        let part = c.iss(n).ok_or_else(|| {
            let what = c.describe(|cell| puzzle.cell_name(cell));
            match c {
                crate::puzzle::Constraint::Pair(p) if p.kind == PairKind::NotConsecutive => {
                    format!("the Interactive Sudoku Solver has no part for {what} alone (its AntiConsecutive rule is every neighbour's)")
                }
                _ => format!("the Interactive Sudoku Solver has no part for the {what}"),
            }
        })?;
        parts.push(part);
    }
    let mut givens = Vec::new();
    for cell in 0..n * n {
        let id = iss_id(cell / n, cell % n);
        if let Some(v) = puzzle.given(cell) {
            givens.push(format!("{id}_{}", symbols.symbol(v)));
        } else if let Some(marks) = puzzle.candidates() {
            let mask = marks[cell];
            if mask != (1u64 << n) - 1 {
                let values: Vec<String> = (0..n)
                    .filter(|v| mask >> v & 1 == 1)
                    .map(|v| symbols.symbol(v).to_string())
                    .collect();
                givens.push(format!("{id}_{}", values.join("_")));
            }
        }
    }
    if !givens.is_empty() {
        parts.push(format!("~{}", givens.join("~")));
    }
    Ok(format!(".{}", parts.join(".")))
}
