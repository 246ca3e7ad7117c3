//! Drawing a variant puzzle for a terminal: the grid with its dots, X/V and greater-than signs
//! between the cells, a jigsaw's region map, then every other constraint named with its cells.

use crate::constraints;
use crate::puzzle::{Constraint, PairKind, Puzzle};
use std::collections::BTreeMap;
use std::fmt::Write;

/// Appends the drawing of `puzzle` with `cells` (value indices, row-major; `None` = blank) to
/// `out`, ending with a newline.
pub fn write_constraints(out: &mut String, puzzle: &Puzzle, cells: &[Option<usize>]) {
    let n = puzzle.size();
    let mut across: BTreeMap<usize, char> = BTreeMap::new(); // cell → mark to its right
    let mut down: BTreeMap<usize, char> = BTreeMap::new(); // cell → mark below it
    let mut listed: Vec<&Constraint> = Vec::new();
    let mut rule_pairs: BTreeMap<&'static str, usize> = BTreeMap::new();
    let jigsaw = jigsaw_map(puzzle);
    for (i, c) in puzzle.constraints().iter().enumerate() {
        if let Constraint::Pair(constraints::Pair { kind, a, b }) = *c {
            if let Some((cell, right, mark)) = edge_mark(n, kind, a, b) {
                let edges = if right { &mut across } else { &mut down };
                edges.insert(cell, mark);
                continue;
            }
            if is_rule_pair(kind) {
                *rule_pairs.entry(kind.name()).or_default() += 1;
                continue;
            }
        }
        // A jigsaw's pieces are drawn as its region map.
        if !jigsaw
            .as_ref()
            .is_some_and(|(_, pieces)| pieces.contains(&i))
        {
            listed.push(c);
        }
    }
    draw_grid(out, puzzle, cells, &across, &down);
    if let Some((map, _)) = jigsaw {
        out.push_str("regions:\n");
        for row in map.chunks(n) {
            out.push_str(&row.iter().collect::<String>());
            out.push('\n');
        }
    }
    for c in listed {
        out.push_str(&describe(puzzle, c));
        out.push('\n');
    }
    for (name, count) in rule_pairs {
        let _ = writeln!(out, "{count} × {name} (a whole-grid rule)");
    }
}

/// Pairs a whole-grid rule puts everywhere (anti-knight, non-consecutive, negative dots):
/// counted, not drawn.
fn is_rule_pair(kind: PairKind) -> bool {
    matches!(
        kind,
        PairKind::Different
            | PairKind::NoDot
            | PairKind::NoXv
            | PairKind::NotConsecutive
            | PairKind::NotDouble
    )
}

/// Where a pair's mark goes when its cells are orthogonal neighbours: the upper or left
/// cell, whether the other lies to its right, and the mark.
fn edge_mark(n: usize, kind: PairKind, a: usize, b: usize) -> Option<(usize, bool, char)> {
    let (first, second) = (a.min(b), a.max(b));
    let right = second == first + 1 && first % n + 1 < n;
    if !right && second != first + n {
        return None;
    }
    // Whether the upper or left cell is the greater one of a sign.
    let first_greater = match kind {
        PairKind::Greater => a == first,
        PairKind::Less => a != first,
        _ => false,
    };
    let mark = match kind {
        PairKind::WhiteDot => '○',
        PairKind::BlackDot => '●',
        PairKind::X => 'X',
        PairKind::V => 'V',
        PairKind::Equal => '=',
        PairKind::Greater | PairKind::Less => match (right, first_greater) {
            (true, true) => '>',
            (true, false) => '<',
            (false, true) => '∨',
            (false, false) => '∧',
        },
        _ => return None,
    };
    Some((first, right, mark))
}

/// The grid, cells three columns apart: marks between neighbours, `|` and `-` between boxes
/// (a row between two rows only where it holds a mark or a box edge).
fn draw_grid(
    out: &mut String,
    puzzle: &Puzzle,
    cells: &[Option<usize>],
    across: &BTreeMap<usize, char>,
    down: &BTreeMap<usize, char>,
) {
    let n = puzzle.size();
    let w = puzzle.symbols().width();
    let (kr, kc) = puzzle.boxes().sides(n);
    let box_right = |c: usize| kc > 0 && (c + 1).is_multiple_of(kc);
    let box_below = |r: usize| kr > 0 && (r + 1).is_multiple_of(kr);
    for r in 0..n {
        let mut line = String::new();
        for c in 0..n {
            let cell = r * n + c;
            let _ = match cells[cell] {
                Some(v) => write!(line, "{:>w$}", puzzle.symbols().label(v)),
                None => write!(line, "{:>w$}", "."),
            };
            if c + 1 < n {
                let mark =
                    across
                        .get(&cell)
                        .copied()
                        .unwrap_or(if box_right(c) { '|' } else { ' ' });
                let _ = write!(line, " {mark} ");
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
        if r + 1 == n {
            break;
        }
        let boundary = box_below(r);
        let fill = if boundary { '-' } else { ' ' };
        let mut between = String::new();
        for c in 0..n {
            let mark = down.get(&(r * n + c)).copied().unwrap_or(fill);
            let pad = fill.to_string().repeat(w - 1);
            let _ = write!(between, "{pad}{mark}");
            if c + 1 < n {
                let cross = if boundary && box_right(c) {
                    '+'
                } else if box_right(c) {
                    '|'
                } else {
                    fill
                };
                let _ = write!(between, "{fill}{cross}{fill}");
            }
        }
        // A row of nothing but box bars is left out.
        let between = between.trim_end();
        if boundary || between.contains(|ch: char| ch != ' ' && ch != '|') {
            out.push_str(between);
            out.push('\n');
        }
    }
}

/// A jigsaw's map: each cell's piece letter, and which of the puzzle's constraints are the
/// pieces (the regions [`Puzzle::set_jigsaw`] made, in its order).
fn jigsaw_map(puzzle: &Puzzle) -> Option<(Vec<char>, Vec<usize>)> {
    let n = puzzle.size();
    const LETTERS: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    let map: Vec<char> = (0..n * n)
        .map(|c| Some(*LETTERS.get(puzzle.piece_of(c)?)? as char))
        .collect::<Option<_>>()?;
    // Each piece is the first region holding exactly its cells.
    let pieces = (0..n)
        .map(|k| {
            puzzle.constraints().iter().position(|c| {
                matches!(c, Constraint::Region(constraints::Region { cells, .. })
                    if cells.len() == n && cells.iter().all(|&x| puzzle.piece_of(x) == Some(k)))
            })
        })
        .collect::<Option<_>>()?;
    Some((map, pieces))
}

/// One constraint on a line: what it is, its numbers, its cells in order.
fn describe(puzzle: &Puzzle, c: &Constraint) -> String {
    c.listing(&|cell| puzzle.cell_name(cell))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::{BoxShape, Symbols};

    #[test]
    fn a_jigsaw_gets_its_region_map_and_other_regions_are_listed() {
        let mut p = Puzzle::with_boxes(4, Symbols::default_for(4), BoxShape::NONE).unwrap();
        // The diagonal comes first, and is no piece.
        p.add_constraint(Constraint::diagonal(4, false)).unwrap();
        let pieces = [[0, 1, 2, 4], [3, 5, 6, 7], [8, 9, 12, 13], [10, 11, 14, 15]];
        p.set_jigsaw(
            pieces
                .iter()
                .map(|cells| ("piece".to_string(), cells.to_vec()))
                .collect(),
        )
        .unwrap();
        let mut out = String::new();
        write_constraints(&mut out, &p, &p.grid());
        assert!(
            out.ends_with("regions:\nAAAB\nABBB\nCCDD\nCCDD\nmain diagonal: r1c1 r2c2 r3c3 r4c4\n"),
            "{out}"
        );
    }

    #[test]
    fn marks_stand_between_their_cells_and_lines_are_listed() {
        let mut p = Puzzle::empty(4, Symbols::default_for(4)).unwrap();
        p.set_given(0, Some(0));
        p.add_constraint(Constraint::Pair(constraints::Pair {
            kind: PairKind::WhiteDot,
            a: 0,
            b: 1,
        }))
        .unwrap();
        p.add_constraint(Constraint::Pair(constraints::Pair {
            kind: PairKind::Greater,
            a: 6,
            b: 2,
        }))
        .unwrap();
        p.add_constraint(Constraint::Pair(constraints::Pair {
            kind: PairKind::Different,
            a: 0,
            b: 6,
        }))
        .unwrap();
        p.add_constraint(Constraint::Thermo(constraints::Thermo {
            cells: vec![12, 13, 14],
            slow: false,
        }))
        .unwrap();
        let mut out = String::new();
        write_constraints(&mut out, &p, &p.grid());
        let expected = "\
1 ○ . | .   .
      | ∧
.   . | .   .
------+------
.   . | .   .
.   . | .   .
thermometer: r4c1 r4c2 r4c3
1 × different-values pair (a whole-grid rule)
";
        assert_eq!(out, expected);
    }
}
