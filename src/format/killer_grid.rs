//! The killer grid: a killer drawn in plain text, each cage outlined with its total in its first
//! cell, for any size; written by `grid` output and read back as input.
//!
//! ```text
//! +-----+-----+-----+-----+
//! |4    |5    :     |7    |
//! |  .  |  .  :  .  |  .  |
//! +     +-----+-----+     +
//! ```
//!
//! Every cell is a total line and a value line between edge lines. A cage's outline is drawn
//! with `-`, `|` and `+`; where a box boundary runs inside a cage it is dotted (`.`, `:`).

use super::cells::uint;
use super::options::ReadOptions;
use super::{Entry, InputFormat};
use crate::error::InputError;
use crate::puzzle::{Puzzle, Symbols};

/// A content line: its number and its text.
type Line<'a> = (usize, &'a str);

/// What separates two neighbouring cells.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Edge {
    Open,
    Box,
    Cage,
}

/// Appends `cells` (value indices, row-major; `None` = blank) of the killer `puzzle` drawn
/// with its cages, ending with a newline.
pub(super) fn write(out: &mut String, puzzle: &Puzzle, cells: &[Option<usize>]) {
    let n = puzzle.size();
    let (kr, kc) = puzzle.boxes().sides(n);
    let symbols = puzzle.symbols();
    let sw = symbols.width();
    let tw = puzzle
        .cages()
        .iter()
        .map(|c| c.total.to_string().len())
        .max()
        .unwrap_or(1);
    let cw = (sw + 4).max(tw + 1);
    // Each cell's region: its cage, or a region of its own for a cell in no cage.
    let cages = puzzle.cages().len();
    let region: Vec<usize> = (0..n * n)
        .map(|c| puzzle.cage_at(c).unwrap_or(cages + c))
        .collect();
    // The edge left of cell (r, c) for c in 0..=n, and above it for r in 0..=n.
    let vertical = |r: usize, c: usize| {
        if c == 0 || c == n || region[r * n + c - 1] != region[r * n + c] {
            Edge::Cage
        } else if c.is_multiple_of(kc) {
            Edge::Box
        } else {
            Edge::Open
        }
    };
    let horizontal = |r: usize, c: usize| {
        if r == 0 || r == n || region[(r - 1) * n + c] != region[r * n + c] {
            Edge::Cage
        } else if r.is_multiple_of(kr) {
            Edge::Box
        } else {
            Edge::Open
        }
    };
    let mut anchor = vec![None; n * n];
    for cage in puzzle.cages() {
        if let Some(&first) = cage.cells.iter().min() {
            anchor[first] = Some(cage.total);
        }
    }
    for r in 0..=n {
        // The edge line above row r.
        for c in 0..=n {
            let around = [
                (r > 0).then(|| vertical(r - 1, c)),
                (r < n).then(|| vertical(r, c)),
            ];
            let across = [
                (c > 0).then(|| horizontal(r, c - 1)),
                (c < n).then(|| horizontal(r, c)),
            ];
            let all = || around.iter().chain(&across).flatten();
            out.push(if all().any(|&e| e == Edge::Cage) {
                '+'
            } else if around.contains(&Some(Edge::Box)) {
                ':'
            } else if across.contains(&Some(Edge::Box)) {
                '.'
            } else {
                ' '
            });
            if c < n {
                let fill = match horizontal(r, c) {
                    Edge::Cage => '-',
                    Edge::Box => '.',
                    Edge::Open => ' ',
                };
                out.extend(std::iter::repeat_n(fill, cw));
            }
        }
        out.push('\n');
        if r == n {
            break;
        }
        for value_line in [false, true] {
            for c in 0..=n {
                out.push(match vertical(r, c) {
                    Edge::Cage => '|',
                    Edge::Box => ':',
                    Edge::Open => ' ',
                });
                if c == n {
                    break;
                }
                let cell = r * n + c;
                let text = if value_line {
                    let label = cells[cell].map_or(".", |v| symbols.label(v));
                    let left = (cw - sw) / 2;
                    format!("{:left$}{label:>sw$}", "")
                } else {
                    anchor[cell].map_or_else(String::new, |t| t.to_string())
                };
                out.push_str(&format!("{text:<cw$}"));
            }
            out.push('\n');
        }
    }
}

/// Whether `text` is a killer grid's top line: `+`, then runs of `-` of one length each
/// ending in `+`.
fn is_top(text: &str) -> Option<(usize, usize)> {
    let inner = text.strip_prefix('+')?.strip_suffix('+')?;
    let runs: Vec<&str> = inner.split('+').collect();
    let width = runs[0].len();
    (width >= 2
        && runs
            .iter()
            .all(|r| r.len() == width && r.bytes().all(|b| b == b'-')))
    .then_some((runs.len(), width))
}

/// Whether `content` starts as a killer grid does: a top line, two lines of cells as wide as
/// it, then an edge line.
pub(super) fn looks_killer_grid(content: &[Line<'_>]) -> bool {
    let Some(&(_, top)) = content.first() else {
        return false;
    };
    is_top(top).is_some()
        && content.len() >= 4
        && content[1..3]
            .iter()
            .all(|(_, l)| l.starts_with('|') && l.ends_with('|') && l.len() == top.len())
        && content[3].1.starts_with('+')
        && content[3].1.len() == top.len()
}

/// Every killer grid of `content`, one after another (title lines ending in `:` skipped).
pub(super) fn read_all(
    content: &[Line<'_>],
    source: &str,
    opts: &ReadOptions,
) -> Vec<Result<Entry, InputError>> {
    let mut out = Vec::new();
    let mut at = 0;
    while at < content.len() {
        if content[at].1.ends_with(':') && is_top(content[at].1).is_none() {
            at += 1;
            continue;
        }
        match read_one(&content[at..], source, opts) {
            Ok((entry, used)) => {
                out.push(Ok(entry));
                at += used;
            }
            Err(e) => {
                out.push(Err(e));
                // Go on at the next top line (one that follows no row of cells: not a bottom).
                at += 1;
                while at < content.len()
                    && (is_top(content[at].1).is_none() || content[at - 1].1.starts_with('|'))
                {
                    at += 1;
                }
            }
        }
    }
    out
}

/// Reads one killer grid from the start of `content`; gives the lines it used.
fn read_one(
    content: &[Line<'_>],
    source: &str,
    opts: &ReadOptions,
) -> Result<(Entry, usize), InputError> {
    let (first, top) = content[0];
    let Some((n, cw)) = is_top(top) else {
        return Err(InputError::at(
            source,
            first,
            "expected a killer grid's top line: `+-----+-----+…`",
        ));
    };
    let mut puzzle = Puzzle::empty(
        n,
        opts.symbols
            .clone()
            .unwrap_or_else(|| Symbols::default_for(n)),
    )
    .map_err(|m| InputError::at(source, first, format!("a killer grid {n} cells wide: {m}")))?;
    let width = top.len();
    let lines = &content[..content.len().min(3 * n + 1)];
    for (i, &(line, text)) in lines.iter().enumerate() {
        let (starts, what) = if i % 3 == 0 {
            ('+', "an edge line (`+…+`)")
        } else {
            ('|', "a line of cells (`|…|`)")
        };
        if !text.starts_with(starts) {
            return Err(InputError::at(
                source,
                line,
                format!("expected {what} of the killer grid from line {first}"),
            ));
        }
        if text.len() != width || !text.is_ascii() {
            return Err(InputError::at(
                source,
                line,
                format!(
                    "the killer grid from line {first} is {width} characters wide, this line {}",
                    text.chars().count()
                ),
            ));
        }
    }
    if content.len() < 3 * n + 1 {
        return Err(InputError::at(
            source,
            content.last().map_or(first, |l| l.0),
            format!(
                "the killer grid from line {first} ends early: {n} rows take {} lines",
                3 * n + 1
            ),
        ));
    }
    let at = |i: usize, col: usize| lines[i].1.as_bytes()[col];
    let cell_text = |i: usize, c: usize| lines[i].1[c * (cw + 1) + 1..(c + 1) * (cw + 1)].trim();
    // Cells joined where no outline separates them.
    let mut parent: Vec<usize> = (0..n * n).collect();
    fn root(parent: &mut [usize], mut x: usize) -> usize {
        while parent[x] != x {
            parent[x] = parent[parent[x]];
            x = parent[x];
        }
        x
    }
    for r in 0..n {
        let (totals, values, below) = (1 + 3 * r, 2 + 3 * r, 3 + 3 * r);
        for c in 0..=n {
            let col = c * (cw + 1);
            let wall = at(totals, col) == b'|' || at(values, col) == b'|';
            let border = c == 0 || c == n;
            if border && !wall {
                return Err(InputError::at(
                    source,
                    lines[values].0,
                    format!("row {}: expected `|` at column {}", r + 1, col + 1),
                ));
            }
            if !border && !wall {
                let (a, b) = (
                    root(&mut parent, r * n + c - 1),
                    root(&mut parent, r * n + c),
                );
                parent[a] = b;
            }
        }
        if r + 1 < n {
            for c in 0..n {
                if at(below, c * (cw + 1) + 1) != b'-' {
                    let (a, b) = (
                        root(&mut parent, r * n + c),
                        root(&mut parent, r * n + n + c),
                    );
                    parent[a] = b;
                }
            }
        } else if is_top(lines[below].1).is_none() {
            return Err(InputError::at(
                source,
                lines[below].0,
                "expected the killer grid's bottom line: `+-----+-----+…`",
            ));
        }
        for c in 0..n {
            let value = cell_text(values, c);
            if value != "." {
                let v = puzzle.symbols().index_of_label(value).ok_or_else(|| {
                    InputError::at(
                        source,
                        lines[values].0,
                        format!(
                            "row {} column {}: `{value}` is not a symbol of this puzzle",
                            r + 1,
                            c + 1
                        ),
                    )
                })?;
                puzzle.set_given(r * n + c, Some(v));
            }
        }
    }
    // Each region's cells and its total, written in one of its cells.
    // (total and the line it is on, cells) of each region
    type Region = (Option<(u64, usize)>, Vec<usize>);
    let mut cages: Vec<Region> = Vec::new();
    let mut index = vec![usize::MAX; n * n];
    for cell in 0..n * n {
        let r = root(&mut parent, cell);
        if index[r] == usize::MAX {
            index[r] = cages.len();
            cages.push((None, Vec::new()));
        }
        let cage = &mut cages[index[r]];
        cage.1.push(cell);
        let (row, c) = (cell / n, cell % n);
        let line = lines[1 + 3 * row].0;
        let text = cell_text(1 + 3 * row, c);
        if text.is_empty() {
            continue;
        }
        let where_ = format!("row {} column {}", row + 1, c + 1);
        let total = uint::<u64>(text).ok_or_else(|| {
            InputError::at(
                source,
                line,
                format!("{where_}: `{text}` is not a cage total"),
            )
        })?;
        if cage.0.is_some() {
            return Err(InputError::at(
                source,
                line,
                format!("{where_}: a second total in one cage"),
            ));
        }
        cage.0 = Some((total, line));
    }
    for (total, cells) in cages {
        match total {
            Some((total, line)) => puzzle
                .add_cage(total, cells)
                .map_err(|m| InputError::at(source, line, format!("cage of {total}: {m}")))?,
            None if cells.len() == 1 => {}
            None => {
                let (row, c) = (cells[0] / n, cells[0] % n);
                return Err(InputError::at(
                    source,
                    lines[1 + 3 * row].0,
                    format!("the cage at row {} column {} has no total", row + 1, c + 1),
                ));
            }
        }
    }
    Ok((
        Entry {
            puzzle,
            line: first,
            format: InputFormat::KillerGrid,
            id: None,
            solution: None,
        },
        3 * n + 1,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::read;

    const KILLER: &str = "4\n1 2 3 4\n7\n4 0,0 1,0\n5 0,1 0,2\n7 0,3 1,3 1,2\n7 1,1 2,1 2,0\n\
                          7 3,0 3,1\n6 2,2 3,2\n4 2,3 3,3\n";

    #[test]
    fn draws_cages_with_totals_and_dotted_box_lines() {
        let p = &read(KILLER, "t", &ReadOptions::default()).unwrap()[0].puzzle;
        let mut cells = vec![None; 16];
        cells[5] = Some(0);
        let mut s = String::new();
        write(&mut s, p, &cells);
        assert_eq!(
            s,
            "\
+-----+-----+-----+-----+
|4    |5    :     |7    |
|  .  |  .  :  .  |  .  |
+     +-----+-----+     +
|     |7    |           |
|  .  |  1  |  .     .  |
+-----+.....+-----+-----+
|           |6    |4    |
|  .     .  |  .  |  .  |
+-----+-----+     +     +
|7          |     |     |
|  .     .  |  .  |  .  |
+-----+-----+-----+-----+
"
        );
        let back = &read(&s, "t", &ReadOptions::default()).unwrap()[0];
        assert_eq!(back.format, InputFormat::KillerGrid);
        let mut a: Vec<_> = p
            .cages()
            .iter()
            .map(|c| (c.total, sorted(&c.cells)))
            .collect();
        let mut b: Vec<_> = back
            .puzzle
            .cages()
            .iter()
            .map(|c| (c.total, sorted(&c.cells)))
            .collect();
        a.sort();
        b.sort();
        assert_eq!(a, b);
        assert_eq!(&back.puzzle.grid(), &cells[..]);
    }

    fn sorted(cells: &[usize]) -> Vec<usize> {
        let mut v = cells.to_vec();
        v.sort_unstable();
        v
    }

    #[test]
    fn any_one_character_changed_reads_or_is_an_error() {
        let p = &read(KILLER, "t", &ReadOptions::default()).unwrap()[0].puzzle;
        let mut s = String::new();
        write(&mut s, p, &[None; 16]);
        for i in 0..s.len() {
            for c in ["|", "-", "+", " ", "9", "", "\n", "é", "99"] {
                let mut t = s.clone();
                t.replace_range(i..=i, c);
                let _ = read(&t, "t", &ReadOptions::default());
            }
        }
    }

    #[test]
    fn a_cage_without_a_total_is_an_error_naming_its_cell() {
        let p = &read(KILLER, "t", &ReadOptions::default()).unwrap()[0].puzzle;
        let mut s = String::new();
        write(&mut s, p, &[None; 16]);
        let s = s.replacen("|     |7    |", "|     |     |", 1);
        let e = read(&s, "t", &ReadOptions::default()).unwrap_err();
        assert_eq!(e.line, Some(5));
        assert!(
            e.message.contains("row 2 column 2 has no total"),
            "{}",
            e.message
        );
    }
}
