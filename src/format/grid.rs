//! Grids: n rows of n cells, one after another, in any frame people draw (`|` and `+`, box
//! drawing, HoDoKu's and SimpleSudoku's frames), rows of characters, of groups (`039 500 000`)
//! or of separated integers; and pencil-mark grids (a group of candidates per cell).

use super::cells::{self, Raw};
use super::options::ReadOptions;
use super::{Entry, InputFormat};
use crate::error::InputError;
use crate::puzzle::box_shape;

/// How a grid's rows are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// One character a cell.
    Chars,
    /// Separated tokens, a symbol each.
    Tokens,
    /// Separated groups of candidates (pencil marks).
    Marks,
}

/// The rows of a grid file: content lines that are neither frames nor titles, comments cut.
pub(super) fn rows<'a>(content: &[(usize, &'a str)]) -> Vec<(usize, &'a str)> {
    content
        .iter()
        .map(|&(line, text)| (line, cells::strip_comment(text)))
        .filter(|&(_, text)| !text.is_empty() && !cells::is_frame(text) && !cells::is_title(text))
        .collect()
}

fn split(mode: Mode, text: &str) -> Vec<Raw<'_>> {
    match mode {
        Mode::Chars => cells::chars(text),
        Mode::Tokens | Mode::Marks => cells::tokens(text),
    }
}

/// How the grid starting at `rows[0]` is written, and its size: characters when they make n
/// rows of n cells, else separated tokens when they do, else the reading whose first row has a
/// grid's number of cells.
/// Tokens are pencil marks when n ≤ 9 and one is longer than one character (no 9×9 symbol
/// is, unless `--symbols` gives longer ones).
fn mode(rows: &[(usize, &str)], opts: &ReadOptions) -> (Mode, usize) {
    let first = rows[0].1;
    let even = |mode: Mode, n: usize| {
        box_shape(n).is_ok()
            && rows.len() >= n
            && rows[..n].iter().all(|(_, t)| split(mode, t).len() == n)
    };
    let chars = cells::chars(first).len();
    if even(Mode::Chars, chars) {
        return (Mode::Chars, chars);
    }
    let tokens = cells::tokens(first);
    let n = tokens.len();
    let single_chars = opts.symbols.as_ref().is_none_or(|s| s.single_chars());
    let long = |(_, t): &(usize, &str)| cells::has_long_token(t);
    let tokens_mode = if n <= 9 && single_chars && rows.iter().take(n).any(long) {
        Mode::Marks
    } else {
        Mode::Tokens
    };
    // Neither makes a whole grid: the reading whose first row has a grid's number of cells
    // speaks (its error then names the row that breaks it).
    let long = cells::has_long_token(first);
    if even(tokens_mode, n) || (long && box_shape(n).is_ok()) || (long && box_shape(chars).is_err())
    {
        (tokens_mode, n)
    } else {
        (Mode::Chars, chars)
    }
}

/// Every grid of `content`, in order. A grid that does not read is an error record; reading
/// goes on at the next grid set apart by a blank or comment line, or stops when there is none
/// (where the next grid would start is then unknown).
pub(super) fn read_grids(
    content: &[(usize, &str)],
    source: &str,
    opts: &ReadOptions,
) -> Vec<Result<Entry, InputError>> {
    let rows = rows(content);
    let mut out = Vec::new();
    let mut at = 0;
    if rows.is_empty() {
        out.push(Err(InputError::at(
            source,
            content.first().map_or(1, |c| c.0),
            "expected grid rows of cells, found only decoration",
        )));
    }
    // Where each content line stands after a gap in the numbering (a blank or comment line).
    let starts_block = |i: usize| {
        let line = rows[i].0;
        let pos = content.partition_point(|&(l, _)| l < line);
        pos > 0 && content[pos - 1].0 + 1 != line
    };
    while at < rows.len() {
        match read_grid(&rows[at..], source, opts) {
            Ok((entry, used)) => {
                out.push(Ok(entry));
                at += used;
            }
            Err(e) => {
                out.push(Err(e));
                match (at + 1..rows.len()).find(|&i| starts_block(i)) {
                    Some(next) => at = next,
                    None => break,
                }
            }
        }
    }
    out
}

/// The grid at the start of `rows`, and how many rows it took.
fn read_grid(
    rows: &[(usize, &str)],
    source: &str,
    opts: &ReadOptions,
) -> Result<(Entry, usize), InputError> {
    let (mode, n) = mode(rows, opts);
    let first_line = rows[0].0;
    if let Err(m) = box_shape(n) {
        return Err(InputError::at(
            source,
            first_line,
            format!("the first row has {n} cells: {m}"),
        ));
    }
    if rows.len() < n {
        return Err(InputError::at(
            source,
            first_line,
            format!(
                "the grid starting here has {} rows, expected {n} rows of {n} cells",
                rows.len()
            ),
        ));
    }
    let mut cells = Vec::with_capacity(n * n);
    for (i, &(line, text)) in rows[..n].iter().enumerate() {
        let row = split(mode, text);
        if row.len() != n {
            return Err(InputError::at(
                source,
                line,
                format!(
                    "row {} has {} cells, expected {n} (as in the first row)",
                    i + 1,
                    row.len()
                ),
            ));
        }
        cells.extend(row.into_iter().map(|r| (r, line)));
    }
    let puzzle = if mode == Mode::Marks {
        cells::fill_marks(n, cells, opts, source, first_line)?
    } else {
        cells::fill(n, cells, opts, source, first_line)?
    };
    let entry = Entry {
        puzzle,
        line: first_line,
        format: InputFormat::Grid,
        id: None,
        solution: None,
    };
    Ok((entry, n))
}

/// The one grid of `content` (a cage map's givens).
pub(super) fn read_one(
    content: &[(usize, &str)],
    source: &str,
    opts: &ReadOptions,
) -> Result<Entry, InputError> {
    match read_grids(content, source, opts).into_iter().next() {
        Some(result) => result,
        None => Err(InputError::whole(source, "expected a grid")),
    }
}
