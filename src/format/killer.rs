//! Reading killer puzzles: the one-per-line format of the public killer sets, and cage maps.
//! (RMIT's killer files are read with the rest of RMIT's format.)

use super::cells::uint;
use super::options::ReadOptions;
use super::{Entry, InputFormat, grid};
use crate::error::InputError;
use crate::puzzle::{MAX_SIZE, Puzzle, Symbols, box_shape};
use std::collections::HashMap;

/// A content line: its number and its text.
type Line<'a> = (usize, &'a str);

/// One killer puzzle per line: `[id<TAB>]SUM:c,c,…;SUM:c,…[<TAB>solution]`, cells numbered
/// `row·n + col` from 0. The grid size comes from the solution field when it holds n² cells
/// (digits, or separated symbols), else from the cells when the cages cover 0 to n² − 1 (a
/// 6×6 killer's 36 cells), else it is the smallest k² × k² grid holding every cell named. The id and the solution are
/// not used for solving.
pub(super) fn read_line(
    text: &str,
    line: usize,
    source: &str,
    opts: &ReadOptions,
) -> Result<Entry, InputError> {
    let err = |m: String| InputError::at(source, line, m);
    let fields: Vec<&str> = text.split('\t').map(str::trim).collect();
    let Some(at) = fields.iter().position(|f| f.contains(':')) else {
        return Err(err("expected cages as `SUM:cell,cell,…;SUM:…`".to_string()));
    };
    let mut cages = Vec::new();
    for (i, cage) in fields[at]
        .split(';')
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .enumerate()
    {
        let bad = || {
            err(format!(
                "cage {} `{cage}`: expected `SUM:cell,cell,…` with cells numbered row·n + col",
                i + 1
            ))
        };
        let (sum, cells) = cage.split_once(':').ok_or_else(bad)?;
        let total: u64 = uint(sum.trim()).ok_or_else(bad)?;
        let cells: Vec<usize> = cells
            .split(',')
            .map(|c| uint::<usize>(c.trim()))
            .collect::<Option<_>>()
            .ok_or_else(bad)?;
        cages.push((i + 1, cage, total, cells));
    }
    // The size: the solution's, else the grid the cages cover exactly, else (cages that
    // leave cells out, as some public sets' do) the smallest k² × k² grid holding them.
    let solution_cells = fields.get(at + 1).map(|s| {
        if s.contains([' ', ',']) {
            s.split([' ', ',']).filter(|t| !t.is_empty()).count()
        } else {
            s.chars()
                .filter(|c| c.is_ascii_digit() || *c == '.')
                .count()
        }
    });
    let named: Vec<usize> = cages.iter().flat_map(|c| c.3.iter().copied()).collect();
    let max_cell = named.iter().copied().max().unwrap_or(0);
    let covered = (max_cell < MAX_SIZE * MAX_SIZE)
        .then(|| {
            let mut seen = vec![false; max_cell + 1];
            named.iter().for_each(|&c| seen[c] = true);
            seen.iter().all(|&s| s).then_some(max_cell + 1)
        })
        .flatten();
    let sized = |cells: Option<usize>| {
        cells
            .map(|m| m.isqrt())
            .filter(|&n| Some(n * n) == cells && box_shape(n).is_ok())
    };
    let n = match sized(solution_cells).or_else(|| sized(covered)) {
        Some(n) => n,
        None => (2..=MAX_SIZE.isqrt())
            .map(|k| k * k)
            .find(|&n| n * n > max_cell)
            .ok_or_else(|| {
                err(format!(
                    "cell {max_cell} is outside the largest grid ({MAX_SIZE}×{MAX_SIZE})"
                ))
            })?,
    };
    let symbols = opts
        .symbols
        .clone()
        .unwrap_or_else(|| Symbols::default_for(n));
    let mut puzzle = Puzzle::empty(n, symbols).map_err(|e| err(e.into()))?;
    for (i, cage, total, cells) in cages {
        if let Some(&c) = cells.iter().find(|&&c| c >= n * n) {
            return Err(err(format!(
                "cage {i} `{cage}`: cell {c} is outside the {n}×{n} grid (cells are 0 to {})",
                n * n - 1
            )));
        }
        puzzle
            .add_cage(total, cells)
            .map_err(|m| err(format!("cage {i} `{cage}`: {m}")))?;
    }
    let id = fields[..at].join(" ");
    Ok(Entry {
        puzzle,
        line,
        format: InputFormat::Killer,
        id: (!id.is_empty()).then_some(id),
        solution: None,
    })
}

/// A cage map: n lines of n cage ids (one character each, or whitespace-separated ids for big
/// grids; `.` for a cell in no cage), optionally after n lines of givens (or with each map line
/// after its grid row on the same line), then `id=total` pairs.
pub(super) fn read_map(
    content: &[(usize, &str)],
    source: &str,
    opts: &ReadOptions,
) -> Result<Entry, InputError> {
    let split = content
        .iter()
        .position(|(_, l)| l.contains('='))
        .unwrap_or(content.len());
    let (body, pairs) = content.split_at(split);
    if body.is_empty() {
        return Err(InputError::at(
            source,
            content.first().map_or(1, |c| c.0),
            "expected n lines of cage ids before the `id=total` pairs",
        ));
    }
    // CodinGame's form: `<grid row> <cage ids>` on each line.
    let side_by_side = body.iter().all(|(_, l)| {
        let t: Vec<&str> = l.split_whitespace().collect();
        t.len() == 2
            && t[0].chars().count() == t[1].chars().count()
            && t[0].chars().count() == body.len()
    });
    let (grid_lines, map_lines): (Vec<Line<'_>>, Vec<Line<'_>>) = if side_by_side {
        body.iter()
            .map(|&(n, l)| {
                let mut t = l.split_whitespace();
                ((n, t.next().unwrap_or("")), (n, t.next().unwrap_or("")))
            })
            .unzip()
    } else {
        // The map is the last n lines; what stands before it, if anything, is a grid of n
        // rows of givens (in any frame).
        let split = (2..=MAX_SIZE.isqrt())
            .map(|k| k * k)
            .take_while(|&m| m < body.len())
            .find(|&m| grid::rows(&body[..body.len() - m]).len() == m)
            .map_or(0, |m| body.len() - m);
        (body[..split].to_vec(), body[split..].to_vec())
    };
    let n = map_lines.len();
    box_shape(n).map_err(|m| {
        InputError::at(
            source,
            map_lines[0].0,
            format!("the cage map has {n} lines: {m}"),
        )
    })?;
    let mut puzzle = if grid_lines.is_empty() {
        let symbols = opts
            .symbols
            .clone()
            .unwrap_or_else(|| Symbols::default_for(n));
        Puzzle::empty(n, symbols).map_err(|m| InputError::at(source, map_lines[0].0, m))?
    } else {
        grid::read_one(&grid_lines, source, opts)?.puzzle
    };
    if puzzle.size() != n {
        return Err(InputError::at(
            source,
            map_lines[0].0,
            format!(
                "the givens are {0}×{0}, the cage map {n}×{n}",
                puzzle.size()
            ),
        ));
    }
    // Cells of each cage id, in order of first appearance.
    let mut order: Vec<(String, Vec<usize>, usize)> = Vec::new();
    let mut index: HashMap<&str, usize> = HashMap::new();
    for (r, &(line, text)) in map_lines.iter().enumerate() {
        let row = ids(text);
        if row.len() != n {
            return Err(InputError::at(
                source,
                line,
                format!("map row {} has {} cage ids, expected {n}", r + 1, row.len()),
            ));
        }
        for (c, id) in row.into_iter().enumerate() {
            if id == "." {
                continue;
            }
            match index.get(id) {
                Some(&i) => order[i].1.push(r * n + c),
                None => {
                    index.insert(id, order.len());
                    order.push((id.to_string(), vec![r * n + c], line));
                }
            }
        }
    }
    let mut totals: HashMap<&str, (u64, usize)> = HashMap::new();
    for &(line, text) in pairs {
        for pair in text
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|p| !p.is_empty())
        {
            let bad = || InputError::at(source, line, format!("`{pair}`: expected `id=total`"));
            let (id, total) = pair.split_once('=').ok_or_else(bad)?;
            let total: u64 = uint(total).ok_or_else(bad)?;
            if !index.contains_key(id) {
                return Err(InputError::at(
                    source,
                    line,
                    format!("cage `{id}` has a total but no cell in the map"),
                ));
            }
            if totals.contains_key(id) {
                return Err(InputError::at(
                    source,
                    line,
                    format!("cage `{id}` has two totals"),
                ));
            }
            totals.insert(id, (total, line));
        }
    }
    for (id, cells, first_line) in order {
        let Some(&(total, line)) = totals.get(id.as_str()) else {
            return Err(InputError::at(
                source,
                first_line,
                format!("cage `{id}` has no `{id}=total` pair"),
            ));
        };
        puzzle
            .add_cage(total, cells)
            .map_err(|m| InputError::at(source, line, format!("cage `{id}`: {m}")))?;
    }
    Ok(Entry {
        puzzle,
        line: body[0].0,
        format: InputFormat::Cages,
        id: None,
        solution: None,
    })
}

/// Whether a line is a killer line: a field (tab-separated) that starts `SUM:`.
pub(super) fn is_cage_line(text: &str) -> bool {
    text.split('\t').any(|field| {
        let field = field.trim();
        let digits = field.bytes().take_while(u8::is_ascii_digit).count();
        digits > 0 && field[digits..].trim_start().starts_with(':')
    })
}

/// Whether a line holds only a cage map's `id=total` pairs.
pub(super) fn is_pairs_line(text: &str) -> bool {
    let mut pairs = text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|p| !p.is_empty())
        .peekable();
    pairs.peek().is_some()
        && pairs.all(|p| {
            p.split_once('=').is_some_and(|(id, total)| {
                !id.is_empty() && !total.is_empty() && total.bytes().all(|b| b.is_ascii_digit())
            })
        })
}

/// The cage ids of a map row: whitespace-separated tokens, or one per character.
fn ids(text: &str) -> Vec<&str> {
    if text.contains(char::is_whitespace) {
        text.split_whitespace().collect()
    } else {
        text.char_indices()
            .map(|(i, c)| &text[i..i + c.len_utf8()])
            .collect()
    }
}
